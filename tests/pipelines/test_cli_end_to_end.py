"""The anonymize job end to end, through its real command line and the local runner."""
from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from collections import defaultdict
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from veil.io.commit import RUN_FILES
from tests.conftest import ROOT, read_jsonl_folder, run_cli, run_job, write_jsonl

CARD = "4111 1111 1111 1111"


def good_conversation(i: int) -> dict:
    return {
        "id": f"c{i}",
        "context": "customer_support" if i % 2 else "sales_call",
        "turns": [
            {"speaker": "agent", "text": f"Thanks for calling Initech, ticket {i}. Your email?"},
            {"speaker": "caller", "text": f"It's caller{i}@example.org, and my phone is (415) 555-01{i % 100:02d}."},
            {"speaker": "agent", "text": f"So caller{i}@example.org. Card on file {CARD}?"},
        ],
        "metadata": {"lang": "en", "rank": i},
    }


BAD_LINES = [
    ("not json at all", "malformed JSON"),
    ('{"id": "x1", "turns": "not a list"}', "must be a list"),
    ('{"id": ["x"], "text": "id is a list"}', "field 'id' must be a string"),
    ('{"id": "x3"}', "neither 'turns' nor 'text'"),
    ('{"id": "x4", "turns": [{"speaker": "a", "text": 42}]}', "turns[0].text must be a string"),
    ("{}", "empty record"),
    ("[1, 2, 3]", "expected an object"),
    ("", "empty line"),
    ('{"id": "x8", "text": "lone surrogate \\ud800 here"}', "surrogate"),
]


def apply_findings(text: str, findings: list[dict]) -> str:
    for finding in sorted(findings, key=lambda f: f["start"], reverse=True):
        text = text[: finding["start"]] + finding["placeholder"] + text[finding["end"] :]
    return text


def assert_findings_rebuild_corpus(originals: dict[str, dict], corpus: list[dict], findings: list[dict]):
    by_record: dict[str, list[dict]] = defaultdict(list)
    for finding in findings:
        by_record[finding["id"]].append(finding)
    for record in corpus:
        original = originals[record["id"]]
        original_texts = [t["text"] for t in original["turns"]] if "turns" in original else [original["text"]]
        output_texts = [t["text"] for t in record["turns"]] if "turns" in record else [record["text"]]
        for turn, (before, after) in enumerate(zip(original_texts, output_texts)):
            turn_findings = [f for f in by_record[record["id"]] if f["turn"] == turn]
            assert apply_findings(before, turn_findings) == after


def test_mixed_good_and_bad_lines_are_all_accounted_for(tmp_path: Path):
    good = [good_conversation(i) for i in range(20)]
    lines = [json.dumps(r) for r in good[:10]] + [b for b, _ in BAD_LINES] + [json.dumps(r) for r in good[10:]]
    source = tmp_path / "calls.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with open(source, "ab") as handle:  # a line that is not UTF-8 at all
        handle.write(b'{"id": "latin1", "text": "caf\xe9"}\n')
    out = tmp_path / "out"

    result = run_cli("--input", str(source), "--output", str(out))
    assert result.returncode == 0, result.stderr

    corpus = read_jsonl_folder(out / "corpus")
    errors = read_jsonl_folder(out / "errors")
    findings = read_jsonl_folder(out / "findings")
    assert [r["id"] for r in corpus] == [f"c{i}" for i in range(20)]  # input order kept
    assert len(errors) == len(BAD_LINES) + 1
    assert len(corpus) + len(errors) == len(lines) + 1

    # Each error says where it was and why.
    by_line = {e["line"]: e for e in errors}
    for offset, (_, reason) in enumerate(BAD_LINES):
        entry = by_line[11 + offset]
        assert reason in entry["reason"]
        assert entry["source"] == str(source)
        assert "raw" not in entry
    assert "not valid UTF-8" in by_line[len(lines) + 1]["reason"]

    # Nothing detected survives; placeholders are numbered per conversation.
    for record in corpus:
        text = " ".join(t["text"] for t in record["turns"])
        assert "@example.org" not in text and CARD not in text and "Initech" not in text
        assert record["turns"][1]["text"].startswith("It's [EMAIL_ADDRESS_1], and my phone is [PHONE_NUMBER_1]")
        assert record["turns"][2]["text"] == "So [EMAIL_ADDRESS_1]. Card on file [CREDIT_CARD_NUMBER_1]?"
        assert record["metadata"] == {"lang": "en", "rank": int(record["id"][1:])}

    originals = {r["id"]: r for r in good}
    assert_findings_rebuild_corpus(originals, corpus, findings)
    assert all("quote" not in f for f in findings)
    assert {f["info_type"] for f in findings} == {
        "ORGANIZATION_NAME", "EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD_NUMBER"
    }

    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"] == {"in": 30, "written": 20, "errored": 10, "accounted_for": True}
    assert summary["findings"]["by_info_type"]["EMAIL_ADDRESS"] == 40
    assert "records in:      30" in result.stdout
    assert "EMAIL_ADDRESS" in result.stdout
    # Every written conversation is scored (by the auditor: these records carry no gold labels).
    risk_rows = [json.loads(line) for line in next((out / "risk").glob("conversations-*")).read_text().splitlines()]
    assert [r["id"] for r in risk_rows] == [f"c{i}" for i in range(20)]
    assert {r["source"] for r in risk_rows} == {"audit"}
    risk = json.loads((out / "risk" / "summary.json").read_text())
    assert risk["total"]["count"] == 20
    assert summary["risk"]["conversations"] == 20
    assert "residual risk:" in result.stdout
    assert (out / "risk" / "report.html").read_text().startswith("<!DOCTYPE html>")
    assert not (out / "_temp").exists()


def test_parquet_keeps_columns_and_types(tmp_path: Path):
    rows = [dict(good_conversation(i), score=i / 3, created=pa.scalar(1_700_000_000_000 + i, pa.timestamp("ms")).as_py()) for i in range(30)]
    table = pa.Table.from_pylist(rows)
    source = tmp_path / "calls.parquet"
    pq.write_table(table, source, row_group_size=7)

    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out), "--split_bytes", "2048", "--num_shards", "2")
    assert result.returncode == 0, result.stderr

    parts = sorted((out / "corpus").glob("part-*-of-00002.parquet"))
    assert len(parts) == 2
    written = pa.concat_tables([pq.read_table(p) for p in parts])
    assert written.schema.names == table.schema.names
    for name in table.schema.names:
        assert written.schema.field(name).type.equals(pq.read_schema(source).field(name).type)
    records = written.to_pylist()
    assert [r["id"] for r in records] == [r["id"] for r in rows]
    assert [r["score"] for r in records] == [r["score"] for r in rows]
    assert records[3]["turns"][2]["text"] == "So [EMAIL_ADDRESS_1]. Card on file [CREDIT_CARD_NUMBER_1]?"
    findings = read_jsonl_folder(out / "findings")
    assert_findings_rebuild_corpus({r["id"]: r for r in rows}, records, findings)


def test_parquet_with_wrong_columns_goes_to_errors(tmp_path: Path):
    pq.write_table(pa.table({"id": ["a", "b", "c"], "body": ["x", "y", "z"]}), tmp_path / "wrong.parquet")
    out = tmp_path / "out"
    result = run_job("--input", str(tmp_path / "wrong.parquet"), "--output", str(out))
    assert result.returncode == 0, result.stderr
    errors = read_jsonl_folder(out / "errors")
    assert [e["row"] for e in errors] == [0, 1, 2]
    assert all("neither 'turns' nor 'text'" in e["reason"] for e in errors)
    assert pq.read_table(next((out / "corpus").glob("part-*"))).num_rows == 0


def test_documents_custom_fields_and_gzip(tmp_path: Path):
    docs = [{"doc_id": f"d{i}", "body": f"Contact EMP-00{i:04d} at 123-45-678{i % 10}", "kind": "note"} for i in range(5)]
    source = tmp_path / "docs.jsonl.gz"
    with gzip.open(source, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(d) + "\n" for d in docs)
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out), "--id_field", "doc_id", "--text_field", "body")
    assert result.returncode == 0, result.stderr
    corpus = read_jsonl_folder(out / "corpus")
    assert corpus[0] == {"doc_id": "d0", "body": "Contact [EMPLOYEE_ID_1] at [US_SOCIAL_SECURITY_NUMBER_1]", "kind": "note"}
    assert {f["id"] for f in read_jsonl_folder(out / "findings")} == {f"d{i}" for i in range(5)}


def test_oversized_record_goes_to_errors_and_the_next_is_read(tmp_path: Path):
    big = {"id": "big", "text": "x" * 5000 + " mail big@example.com"}
    source = write_jsonl(tmp_path / "in.jsonl", [good_conversation(1), big, good_conversation(2)])
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out), "--max_record_bytes", "2000")
    assert result.returncode == 0, result.stderr
    errors = read_jsonl_folder(out / "errors")
    assert len(errors) == 1 and "over the 2000-byte limit" in errors[0]["reason"]
    assert errors[0]["line"] == 2
    assert [r["id"] for r in read_jsonl_folder(out / "corpus")] == ["c1", "c2"]


def test_audit_raw_adds_quotes_and_raw_errors(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [good_conversation(1), "{broken"])
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out), "--audit_raw")
    assert result.returncode == 0, result.stderr
    findings = read_jsonl_folder(out / "findings")
    assert {f["quote"] for f in findings if f["info_type"] == "EMAIL_ADDRESS"} == {"caller1@example.org"}
    assert read_jsonl_folder(out / "errors")[0]["raw"] == "{broken"


def test_rerun_replaces_previous_shards(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [good_conversation(i) for i in range(6)])
    out = tmp_path / "out"
    assert run_job("--input", str(source), "--output", str(out), "--num_shards", "3").returncode == 0
    assert run_job("--input", str(source), "--output", str(out), "--num_shards", "2").returncode == 0
    assert sorted(p.name for p in (out / "corpus").iterdir()) == [
        "part-00000-of-00002.jsonl", "part-00001-of-00002.jsonl"
    ]
    assert len(read_jsonl_folder(out / "corpus")) == 6


@pytest.mark.parametrize(
    "args, message",
    [
        (["--input", "{missing}/nothing-*.jsonl"], "no files match"),
        (["--config", "no-such-profile"], "not a bundled profile"),
        (["--config", "{bad_config}"], "inspect_config.custom_info_types[0].regex.patern: unknown key"),
        (["--config", "{unknown_type}"], "unknown infoType 'NOT_A_TYPE'"),
        (["--input", "{data}/in.txt"], "--input_format"),
        (["--output_format", "parquet"], "needs Parquet input"),
        (["--num_shards", "-1"], "--num_shards"),
    ],
)
def test_bad_setup_is_rejected_at_start(tmp_path: Path, args, message):
    write_jsonl(tmp_path / "in.jsonl", [good_conversation(1)])
    (tmp_path / "in.txt").write_text("{}\n")
    (tmp_path / "bad.yaml").write_text(
        "inspect_config:\n  custom_info_types:\n    - info_type: {name: X}\n      regex: {patern: 'a+'}\n"
    )
    (tmp_path / "unknown.yaml").write_text("inspect_config:\n  info_types: [{name: NOT_A_TYPE}]\n")
    names = {"missing": str(tmp_path / "nope"), "bad_config": str(tmp_path / "bad.yaml"),
             "unknown_type": str(tmp_path / "unknown.yaml"), "data": str(tmp_path)}
    args = [a.format(**names) for a in args]
    full = ["--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out"), *args]
    result = run_job(*full)
    assert result.returncode == 2
    assert message in result.stderr
    assert not (tmp_path / "out").exists()


def test_one_and_two_workers_write_identical_bytes(tmp_path: Path):
    records = [good_conversation(i) for i in range(60)] + ["not json"] * 3
    source = write_jsonl(tmp_path / "in.jsonl", records)
    outputs = []
    for workers in (1, 2):
        out = tmp_path / f"out{workers}"
        result = run_job(
            "--input", str(source), "--output", str(out), "--split_bytes", "4096", "--num_shards", "3",
            "--direct_num_workers", str(workers), "--direct_running_mode", "multi_processing",
        )
        assert result.returncode == 0, result.stderr
        outputs.append({
            str(p.relative_to(out)): p.read_bytes()
            for p in sorted(out.rglob("part-*"))
        })
    assert len(outputs[0]) == 9
    assert outputs[0] == outputs[1]


# --- atomic output ----------------------------------------------------------------------------


def output_files(out: Path) -> dict[str, bytes]:
    """What a reader of the output sees: every file but the temporary folder. job_summary.json
    is compared without the output path it names."""
    files = {}
    for path in sorted(out.rglob("*")):
        name = str(path.relative_to(out))
        if path.is_file() and not name.startswith("_temp/"):
            files[name] = path.read_bytes()
    if "job_summary.json" in files:
        summary = json.loads(files["job_summary.json"])
        summary.pop("output")
        files["job_summary.json"] = json.dumps(summary, sort_keys=True).encode()
    return files


# The auditor reads a seeded sample of 100 conversations, not 1,000: a third of each run's time
# was its reading, which plays no part in what a kill leaves behind.
NEW_RUN_ARGS = ["--num_shards", "2", "--split_bytes", "65536", "--config", "minimal", "--audit_sample", "100"]


@pytest.fixture(scope="module")
def new_run(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """3000 conversations, long enough a job to be killed in the middle, and the output files
    the job writes when nothing stops it (the same for every kill point)."""
    folder = tmp_path_factory.mktemp("new-run")
    new_input = write_jsonl(folder / "new.jsonl", [good_conversation(i) for i in range(100, 3100)])
    reference = folder / "reference"
    result = run_job("--input", str(new_input), *NEW_RUN_ARGS, "--output", str(reference))
    assert result.returncode == 0, result.stderr
    return new_input, output_files(reference)


def appeared(folder: Path, pattern: str) -> bool:
    """Whether a file matching `pattern` is in `folder` now. The job renames and deletes its
    temporary folders while this looks, and a folder gone mid-scan means "not yet"."""
    try:
        return any(folder.glob(pattern))
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("kill_when", ["_temp/*/*.run", "_temp/*/output/corpus/*"])
def test_a_killed_run_leaves_one_whole_run_and_the_next_cleans_up(tmp_path: Path, kill_when, new_run):
    """SIGKILL in the middle of a run (while sorted runs are written, or the final shards),
    with a previous run in the output. It used to leave the old shards deleted, a new shard cut
    short, and the old job_summary.json claiming a count the folder did not hold. The output
    now holds the previous run whole, or (killed while publishing) no `_SUCCESS` until the next
    run finishes the publishing; never a partial file, never `_SUCCESS` over a mix."""
    old_input = write_jsonl(tmp_path / "old.jsonl", [good_conversation(i) for i in range(40)])
    new_input, complete_new = new_run  # what the new run writes when nothing stops it
    out = tmp_path / "out"
    assert run_job("--input", str(old_input), "--output", str(out), "--num_shards", "3").returncode == 0
    previous = output_files(out)
    assert "_SUCCESS" in previous and len(previous) == 4 * 3 + len(RUN_FILES) + 1
    new_args = ["--input", str(new_input), *NEW_RUN_ARGS]

    job = subprocess.Popen(
        [sys.executable, "-m", "pipelines.anonymize", *new_args, "--output", str(out)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        while job.poll() is None and not appeared(out, kill_when):
            time.sleep(0.005)
        os.killpg(job.pid, signal.SIGKILL)
    finally:
        job.wait(timeout=60)
    assert job.returncode == -signal.SIGKILL, "the job ended before it could be killed"

    after = output_files(out)
    # The killed job's lock stays (veil.io.lock); its process is gone, so the next job takes it over.
    assert json.loads(after.pop("_LOCK"))["pid"] == job.pid
    if "_SUCCESS" in after:
        assert after == previous  # untouched: nothing is published before everything is written
    else:  # killed while publishing: every file is whole, from one run or the other
        assert all(data in (previous.get(name), complete_new.get(name)) for name, data in after.items())
    assert list(out.glob("_temp/*"))  # the killed run's temporary files

    # The next run settles the killed one, then replaces the output with its own.
    result = run_job(*new_args, "--output", str(out))
    assert result.returncode == 0, result.stderr
    assert output_files(out) == complete_new  # the lock released too
    assert not (out / "_temp").exists()


def test_input_inside_the_output_is_refused_and_kept(tmp_path: Path):
    """`--input out/corpus --output out` used to delete its own input before reading it."""
    source = write_jsonl(tmp_path / "in.jsonl", [good_conversation(i) for i in range(3)])
    out = tmp_path / "out"
    assert run_job("--input", str(source), "--output", str(out)).returncode == 0
    before = output_files(out)
    result = run_job("--input", str(out / "corpus"), "--output", str(out))
    assert result.returncode == 2
    assert "overlap" in result.stderr
    assert output_files(out) == before


# --- bad files and records --------------------------------------------------------------------


def strict_json(line: str):
    """JSON as RFC 8259 has it: no NaN or Infinity (what jq, Spark or BigQuery accept)."""
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(line, parse_constant=refuse)


def test_bad_records_and_broken_files_go_to_errors_and_the_job_goes_on(tmp_path: Path):
    """Each of these used to stop the whole job, with nothing written (or, NaN: write invalid
    JSON; a BOM: lose the first record)."""
    folder = tmp_path / "in"
    folder.mkdir()
    lines = [
        json.dumps(good_conversation(0)),
        '{"id": "deep", "text": "hi", "x": ' + "[" * 600 + "]" * 600 + "}",
        '{"id": "bigint", "text": "hi", "n": ' + "9" * 5000 + "}",
        '{"id": "nan", "text": "mail nan@example.org", "score": NaN, "range": [Infinity, -Infinity, 1.5]}',
        json.dumps(good_conversation(1)),
    ]
    (folder / "a.jsonl").write_bytes(b"\xef\xbb\xbf" + "\n".join(lines).encode() + b"\n")  # with a BOM
    whole = "".join(json.dumps(good_conversation(i)) + "\n" for i in range(10, 400)).encode()
    packed = gzip.compress(whole)
    (folder / "b.jsonl.gz").write_bytes(packed[: len(packed) // 2])  # truncated
    (folder / "c.jsonl.gz").write_text(json.dumps(good_conversation(2)) + "\n")  # not gzip at all
    out = tmp_path / "out"

    result = run_job("--input", str(folder), "--output", str(out))
    assert result.returncode == 0, result.stderr
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"]["accounted_for"]

    corpus = [strict_json(line) for line in (out / "corpus" / "part-00000-of-00001.jsonl").read_text().splitlines()]
    ids = [record["id"] for record in corpus]
    # The truncated file: every line before the cut is read (zlib tells how far the data goes).
    readable = zlib.decompressobj(wbits=31).decompress(packed[: len(packed) // 2])
    complete_lines = readable.count(b"\n")
    assert 0 < complete_lines < 390
    assert ids == ["c0", "nan", "c1"] + [f"c{i}" for i in range(10, 10 + complete_lines)]
    nan = corpus[1]
    assert nan["score"] is None and nan["range"] == [None, None, 1.5]  # null keeps the record valid
    assert nan["text"] == "mail [EMAIL_ADDRESS_1]"

    errors = {(Path(e["source"]).name, e["line"]): e["reason"] for e in read_jsonl_folder(out / "errors")}
    assert errors == {
        ("a.jsonl", 2): "JSON nested deeper than 128 levels",
        ("a.jsonl", 3): "an integer has more than 4300 digits, more than Python reads",
        ("b.jsonl.gz", complete_lines + 1):
            "the rest of the file cannot be read from this line on: the compressed data ends early (a truncated file)",
        ("c.jsonl.gz", 1):
            "the rest of the file cannot be read from this line on: it is not gzip data, though its name ends in .gz",
    }
    assert summary["records"] == {"in": 5 + complete_lines + 1 + 1, "written": 3 + complete_lines,
                                  "errored": 4, "accounted_for": True}


def test_error_line_numbers_do_not_depend_on_split_bytes(tmp_path: Path):
    """errors/ `line` is the line in the file, in every split: it used to be missing after the
    first split of a file."""
    lines = [json.dumps(good_conversation(i)) if i % 23 else f"{{broken {i}" for i in range(1, 160)]
    source = tmp_path / "calls.jsonl"
    source.write_text("\n".join(lines) + "\n")
    outputs = {}
    for split_bytes in ("0", "1024"):
        out = tmp_path / f"out{split_bytes}"
        result = run_job("--input", str(source), "--output", str(out), "--split_bytes", split_bytes)
        assert result.returncode == 0, result.stderr
        outputs[split_bytes] = (out / "errors" / "part-00000-of-00001.jsonl").read_bytes()
        errors = read_jsonl_folder(out / "errors")
        assert [e["line"] for e in errors] == [i for i in range(1, 160) if i % 23 == 0]
        assert all(lines[e["line"] - 1].startswith("{broken") for e in errors)
    assert json.loads((tmp_path / "out1024" / "job_summary.json").read_text())["splits"] > 10
    assert outputs["0"] == outputs["1024"]


def corrupt_page_header(path: Path, row_group: int, column: int) -> None:
    """Overwrite the header of a column chunk's first data page: that page no longer decodes."""
    chunk = pq.ParquetFile(path).metadata.row_group(row_group).column(column)
    data = bytearray(path.read_bytes())
    for i in range(chunk.data_page_offset, chunk.data_page_offset + 16):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_corrupt_parquet_page_and_invalid_utf8_go_to_errors(tmp_path: Path):
    """A Parquet data page that does not decode, or a string column holding bytes that are not
    UTF-8, used to stop the job. The row group (from the failing row) or the row goes to
    errors/; the rest is read."""
    folder = tmp_path / "in"
    folder.mkdir()
    rows = [{"id": f"d{i}", "text": f"note {i}: write to d{i}@example.org"} for i in range(300)]
    pq.write_table(pa.Table.from_pylist(rows), folder / "a.parquet", row_group_size=100)
    corrupt_page_header(folder / "a.parquet", row_group=1, column=1)
    # Invalid UTF-8 in a string column, as a foreign writer can leave it (Arrow refuses to build one).
    ids = pa.array([b"e0", b"e\xff1", b"e2"], pa.binary())
    bad_ids = pa.Array.from_buffers(pa.string(), 3, ids.buffers())
    pq.write_table(pa.table({"id": bad_ids, "text": ["a@example.org", "b@example.org", "c"]}), folder / "b.parquet")
    out = tmp_path / "out"

    result = run_job("--input", str(folder), "--output", str(out))
    assert result.returncode == 0, result.stderr
    written = pq.read_table(out / "corpus" / "part-00000-of-00001.parquet").to_pylist()
    assert [r["id"] for r in written] == [f"d{i}" for i in (*range(100), *range(200, 300))] + ["e0", "e2"]
    assert written[0]["text"] == "note 0: write to [EMAIL_ADDRESS_1]"
    errors = [(Path(e["source"]).name, e["row"], e["reason"]) for e in read_jsonl_folder(out / "errors")]
    assert errors[0][:2] == ("a.parquet", 100)
    assert errors[0][2].startswith("row group 1 cannot be read from this row on (100 rows): OSError")
    assert errors[1] == ("b.parquet", 1, "column 'id' holds a string that is not valid UTF-8")
    assert len(errors) == 2
    assert json.loads((out / "job_summary.json").read_text())["records"]["accounted_for"]
