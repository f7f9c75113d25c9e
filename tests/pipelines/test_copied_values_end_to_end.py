"""What the job copies from a record (speaker labels, ids) is inspected on every record (issue
#34, items 6 and 8): nothing personal it holds reaches corpus/, findings/, errors/ or risk/ raw,
and the residual-risk verdict sees what is left. Real jobs, through `run_job`."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.conftest import ROOT, read_jsonl_folder, run_job, write_jsonl

SSN = "123-45-6789"
PHONE = "+1 415 555 0134"
EMAIL_ID = "anna.kowalski@example.com"
NAME_PHONE_ID = "Anna Kowalski 415-555-0172"
FAILING_ID = "bob.jones@example.org"


def call(id_, *turns, **extra):
    return {"id": id_, "turns": [{"speaker": s, "text": t} for s, t in turns], **extra}


def config_file(tmp_path: Path, profile: str = "minimal", **changes) -> Path:
    config = yaml.safe_load((ROOT / "veil" / "profiles" / f"{profile}.yaml").read_text())
    config["detectors"] = {"rules": True}
    for key, value in changes.items():
        config[key] = value
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


def every_output_text(out: Path) -> str:
    """Every file the job wrote, as text: corpus/, findings/, errors/, risk/, the summaries."""
    return "\n".join(path.read_text(errors="replace") for path in sorted(out.rglob("*"))
                     if path.is_file())


def risk_rows(out: Path) -> dict[str, dict]:
    return {row["id"]: row for path in sorted((out / "risk").glob("conversations-*"))
            for row in map(json.loads, path.read_text().splitlines())}


def test_labels_holding_personal_data_are_anonymised_under_auto(tmp_path: Path):
    records = [
        call("ssn-label", ("agent", "How can I help?"), (f"Customer (SSN {SSN})", "My card was declined.")),
        call("phone-label", (PHONE, "Hello, is this the pharmacy?"), ("agent", "Yes, speaking.")),
        call("role-labels", ("agent", "Thanks for calling."), ("customer", "Bye.")),
    ]
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out))  # speakers: auto, the default
    assert result.returncode == 0, result.stderr
    corpus = {r["id"]: r for r in read_jsonl_folder(out / "corpus")}
    assert corpus["ssn-label"]["turns"][1]["speaker"] == "Customer (SSN [US_SOCIAL_SECURITY_NUMBER_1])"
    assert corpus["phone-label"]["turns"][0]["speaker"] == "[PHONE_NUMBER_1]"
    assert [t["speaker"] for t in corpus["role-labels"]["turns"]] == ["agent", "customer"]
    written = every_output_text(out)
    assert SSN not in written and PHONE not in written
    # findings/ says where each label's finding is, with offsets into the label, and no value.
    rows = [r for r in read_jsonl_folder(out / "findings") if r.get("field", "").endswith(".speaker")]
    assert sorted((r["id"], r["field"], r["start"], r["end"], r["info_type"]) for r in rows) == [
        ("phone-label", "turns[0].speaker", 0, len(PHONE), "PHONE_NUMBER"),
        ("ssn-label", "turns[1].speaker", 14, 25, "US_SOCIAL_SECURITY_NUMBER"),
    ]
    assert all("quote" not in r for r in rows)


def test_labels_are_inspected_under_keep_and_keep_only_names(tmp_path: Path):
    """`speakers: keep` decides that labels are not anonymised as names; a phone number in a
    label is still a phone number."""
    records = [call("kept", ("Beth", "Hi, it's me."), (PHONE, "Hello?"))]
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    out = tmp_path / "out"
    config = config_file(tmp_path, record={"speakers": "keep"})
    result = run_job("--input", str(source), "--output", str(out), "--config", str(config))
    assert result.returncode == 0, result.stderr
    [record] = read_jsonl_folder(out / "corpus")
    assert [t["speaker"] for t in record["turns"]] == ["Beth", "[PHONE_NUMBER_1]"]
    assert PHONE not in every_output_text(out)


def test_the_verdict_sees_what_a_label_still_holds(tmp_path: Path):
    """A phone number the job's profile does not look for, in a label: written (the user allowed
    it), and the auditor scores it as the speaker's own, as it scores the turns."""
    records = [call("phone-label", (PHONE, "Hello, is this the pharmacy?"), ("agent", "Yes."))]
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    out = tmp_path / "out"
    minimal = yaml.safe_load((ROOT / "veil" / "profiles" / "minimal.yaml").read_text())
    inspect = dict(minimal["inspect_config"])
    inspect["info_types"] = [t for t in inspect["info_types"] if t["name"] != "PHONE_NUMBER"]
    config = config_file(tmp_path, inspect_config=inspect)
    result = run_job("--input", str(source), "--output", str(out), "--config", str(config),
                     "--allow_undetected_types")
    assert result.returncode == 0, result.stderr
    [record] = read_jsonl_folder(out / "corpus")
    assert record["turns"][0]["speaker"] == PHONE
    [row] = risk_rows(out).values()
    items = [(i["info_type"], i.get("fields"), i["speaker"]) for i in row["items"]]
    assert ("PHONE_NUMBER", ["turns[0].speaker"], True) in items
    assert row["direct_identifier"] is True
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["risk"]["with_direct_identifier"] == 1
    assert summary["fields"]["personal_data_left"] == {"turns.speaker": 1}
    assert "field turns.speaker still holds personal data in 1 of the records" in result.stdout


def ids_input(tmp_path: Path) -> tuple[Path, list[dict]]:
    """250 records with opaque ids, but record 240's id is an email and 241's a name and a phone
    number; 242's, an email too, belongs to a record that cannot be written (a lone surrogate).
    Record 245 carries a field nobody configured, holding an email."""
    records = [call(f"rec-{n:04d}", ("agent", "Thanks for calling."), ("customer", "Bye."))
               for n in range(250)]
    records[240] = call(EMAIL_ID, ("agent", "Thanks for calling."), ("customer", "Bye."))
    records[241] = call(NAME_PHONE_ID, ("agent", "Thanks for calling."), ("customer", "Bye."))
    records[245]["agent_email"] = "dana.cho@example.net"
    # Written as JSON escapes: the lone surrogate is valid JSON, and cannot be written as UTF-8.
    records[242] = json.dumps(call(FAILING_ID, ("agent", "Thanks for calling."), ("customer", "Bye \ud800.")))
    return write_jsonl(tmp_path / "calls.jsonl", records), records


def test_an_id_holding_personal_data_after_the_sample_is_withheld(tmp_path: Path):
    source, records = ids_input(tmp_path)
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out))  # record.ids: check
    assert result.returncode == 0, result.stderr
    written = every_output_text(out)
    for raw in (EMAIL_ID, NAME_PHONE_ID, FAILING_ID, "kowalski", "bob.jones"):
        assert raw.casefold() not in written.casefold(), raw
    corpus = read_jsonl_folder(out / "corpus")
    assert len(corpus) == 249
    withheld = sorted(r["id"] for r in corpus if not r["id"].startswith("rec-"))
    assert len(withheld) == 2 and all(i.startswith("withheld-") for i in withheld)
    [error] = read_jsonl_folder(out / "errors")
    assert error["id"].startswith("withheld-")
    assert sorted(risk_rows(out)) == sorted(r["id"] for r in corpus)
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"]["ids_withheld"] == 3
    assert "3 records had an id that looks like personal data" in result.stdout
    # A field not inspected, holding personal data past the start's sample: counted and scored.
    assert summary["fields"]["personal_data_left"] == {"agent_email": 1}
    assert summary["risk"]["with_direct_identifier"] == 1
    assert "field agent_email still holds personal data in 1 of the records" in result.stdout
    # The same input gives the same withheld ids: the output is deterministic.
    again = tmp_path / "again"
    assert run_job("--input", str(source), "--output", str(again)).returncode == 0
    assert sorted(r["id"] for r in read_jsonl_folder(again / "corpus")) == \
        sorted(r["id"] for r in corpus)


def test_ids_kept_by_the_user_stay_in_the_corpus_only_and_are_scored(tmp_path: Path):
    source, records = ids_input(tmp_path)
    out = tmp_path / "out"
    config = config_file(tmp_path, record={"ids": "keep"})
    result = run_job("--input", str(source), "--output", str(out), "--config", str(config))
    assert result.returncode == 0, result.stderr
    corpus = read_jsonl_folder(out / "corpus")
    assert EMAIL_ID in {r["id"] for r in corpus}  # the user keeps ids: the corpus has them
    # The rows name records by the withheld key; the report's review card shows what the corpus
    # holds, the kept id among it, as it shows any value left in a written field.
    rows = [every_output_text(out / folder) for folder in ("findings", "errors")]
    rows += [path.read_text() for path in (out / "risk").glob("conversations-*")]
    rows.append((out / "risk" / "summary.json").read_text())
    for text in rows:
        assert EMAIL_ID not in text and NAME_PHONE_ID not in text and FAILING_ID not in text
    scored = [row for row in risk_rows(out).values() if row["id"].startswith("withheld-")]
    assert len(scored) == 2
    assert all(row["direct_identifier"] for row in scored)
    assert all(["id"] in [i.get("fields") for i in row["items"]] for row in scored)
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["fields"]["personal_data_left"] == {"agent_email": 1, "id": 2}
