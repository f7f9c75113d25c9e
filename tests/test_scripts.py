"""Every script in scripts/ still imports: a module a script reads can move or go (as
veil/risk/speech_form.py did) while no test runs the script itself."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

# Load each script as a module (its `main` stays behind `if __name__ == "__main__"`), in one
# fresh interpreter so that no script's sys.path edits reach the test process.
_IMPORT_ALL = """
import importlib.util, pathlib, sys, traceback
failed = []
for path in sorted(pathlib.Path("scripts").glob("*.py")):
    spec = importlib.util.spec_from_file_location("script_" + path.stem, path)
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    except BaseException:
        failed.append(f"{path}: {traceback.format_exc(limit=1).strip().splitlines()[-1]}")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


def test_every_script_imports():
    scripts = sorted((ROOT / "scripts").glob("*.py"))
    assert len(scripts) > 10
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'scripts'}"}
    result = subprocess.run([sys.executable, "-c", _IMPORT_ALL], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env=env)
    assert result.returncode == 0, result.stdout + result.stderr[-2000:]


def test_the_auditor_docs_tables_print_a_detector_with_too_few_items(tmp_path):
    # A detector with fewer items than the fit needs has no precision of its own: the tables
    # show its type's figure instead of failing (docs/risk-auditor.md is rebuilt from them).
    import json

    table = json.loads((ROOT / "veil" / "risk" / "auditor_calibration.json").read_text())
    table["counts"]["written|PERSON_NAME|made:up"] = {"hits": 1, "real": 1}
    table["precision"].pop("written|PERSON_NAME|made:up", None)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    result = subprocess.run([sys.executable, "scripts/fit_auditor_calibration.py", "tables", "--table", str(path)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-2000:]
    share = table["type_precision"]["written|PERSON_NAME"]
    assert f"| written | PERSON_NAME | made:up | 1 | 1 | ({share:.2f}, the type's) |" in result.stdout
    assert "interval: [" in result.stdout


def test_the_auditor_on_real_text_summary_tables():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from auditor_on_real_text import summary_tables
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    results = {"set-a/written": {
        "records": 2, "ordinary_words": 1000,
        "hits": [{"info_type": "PERSON_NAME", "detector": "rules", "hits": 10, "real": 8},
                 {"info_type": "LOCATION", "detector": "spacy", "hits": 10, "real": 2}],
        "recall": {"PERSON_NAME": {"recall": 0.5}, "LOCATION": {"recall": 0.25},
                   "ORGANIZATION_NAME": {"recall": 0.0}}}}
    text = summary_tables(results)
    # 20 hits, 10 real: precision 0.50, 10 false alarms per 1,000 ordinary words.
    assert "| set-a | written | 2 | 1,000 | 20 | 10 | 0.50 | 10.0 | 0.50 | 0.25 | 0.00 |" in text
    assert "| PERSON_NAME | rules | 0.80 (8/10) | – |" in text


def test_quality_speech_section_shows_each_set_one_record_each_and_as_calls(tmp_path):
    # QUALITY.md's lead section is rebuilt from `veil evaluate` reports kept in a work folder;
    # the call-sized table sets each set's joined report beside its one-record-each report.
    import json

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import render_quality
    finally:
        sys.path.remove(str(ROOT / "scripts"))

    def report(person_recall: float) -> dict:
        typed = {"PERSON_NAME": {"precision": 0.8, "recall": person_recall},
                 "ORGANIZATION_NAME": {"precision": 0.7, "recall": 0.6}}
        untyped = {"PERSON_NAME": {"recall": person_recall}, "ORGANIZATION_NAME": {"recall": 0.65}}
        form = {"metrics": {"entity_overlap": {"*": {"per_info_type": typed}},
                            "redaction_entity_overlap": {"*": {"per_info_type": untyped}}},
                "ordinary_words": {"*": {"lower_case_rate": 0.004, "rate": 0.01, "lower_case_words": 1000,
                                         "lower_case_redacted": 4, "lower_case_redacted_by_type": {
                                             "PERSON_NAME": 1, "ORGANIZATION_NAME": 2, "MEDICAL_TERM": 1}}},
                "precision_by_detector": {}, "source": {"detectors": ["rules", "hf"]}}
        transcript = {**form, "ordinary_words": {"*": {"lower_case_rate": 0.002, "rate": 0.01}}}
        return {**form, "asr_style": form, "transcript_style": transcript}

    name = "dev-uner-ewt"
    for system, _ in render_quality.SPEECH_SYSTEMS:
        (tmp_path / f"speech-{name}-{system}.json").write_text(json.dumps(report(0.9)))
    (tmp_path / f"speech-{name}-call{render_quality.CALL_TURNS}.json").write_text(json.dumps(report(0.95)))
    for calls, _, _ in render_quality.CALL_SETS:  # the helper-written calls, read from their own reports
        for system, _ in render_quality.SPEECH_SYSTEMS:
            (tmp_path / f"speech-{calls}-{system}.json").write_text(json.dumps(report(0.97)))
    section = render_quality.speech_section(tmp_path, sets=(("dev-uner-ewt", "UNER dev", "dev"),))
    assert "| 30 more calls | ASR-style | **Veil default job** | 0.970 | 0.800 | 0.970 | 0.650 | 0.700 | 0.600 | " \
           "0.40% | 1.00% |" in section.splitlines()
    assert sum(1 for line in (tmp_path / "more-calls.jsonl").read_text().splitlines() if line) == 30
    rows = [line for line in section.splitlines() if line.startswith("| UNER dev | dev | written |")]
    assert "| UNER dev | dev | written | one each | 0.900 | 0.800 | 0.900 | 0.650 | 0.700 | 0.600 | 0.40% | 1.00% |" in rows
    assert "| UNER dev | dev | written | 10 to a call | 0.950 | 0.800 | 0.950 | 0.650 | 0.700 | 0.600 | 0.40% | 1.00% |" in rows
    # Which types took the ordinary words: names apart, the other types summed.
    assert "| UNER dev | written | 0.40% (4) | 0.10% (1) | 0.20% (2) | 0.00% (0) | 0.10% (1) |" in section.splitlines()
    # The transcript-style form's rows read its own report.
    assert "| UNER dev | dev | transcript-style | 10 to a call | 0.950 | 0.800 | 0.950 | 0.650 | 0.700 | 0.600 | 0.20% | 1.00% |" \
        in section.splitlines()


@pytest.mark.parametrize("path,calls", [("data/handchecked/calls.yaml", 20),
                                        ("data/handchecked/more_calls.yaml", 30),
                                        ("data/handchecked/chats_and_speech.yaml", 30),
                                        ("data/handchecked/callers_worldwide.yaml", 30),
                                        ("data/handchecked/speech_worldwide.yaml", 30),
                                        ("data/handchecked/calls_chats_and_talks.yaml", 30),
                                        ("data/handchecked/calls_talks_and_service.yaml", 30),
                                        ("data/handchecked/recognised_meetings_and_care.yaml", 30),
                                        ("data/handchecked/strangers_interviews_and_families.yaml", 30),
                                        ("data/handchecked/family_calls_hearings_and_service.yaml", 30),
                                        ("data/handchecked/voicemail_life_stories_and_world_calls.yaml", 30),
                                        ("data/handchecked/transcripts_as_written_down.yaml", 30),
                                        ("data/handchecked/names_and_firms_that_are_words.yaml", 30)])
def test_the_handchecked_calls_convert_to_labelled_jsonl(tmp_path, path, calls):
    # data/handchecked/*calls.yaml and chats_and_speech.yaml are scored with `veil evaluate`
    # through this conversion: every mark must be well formed and of a type the catalogue knows.
    import json

    from veil.detection.infotypes.builtin import BUILTINS

    out = tmp_path / "calls.jsonl"
    result = subprocess.run([sys.executable, "scripts/marked_to_jsonl.py", path, str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == calls and sum(len(r["pii"]) for r in records) > 500
    known = {t.name for t in BUILTINS}
    for record in records:
        texts = [turn["text"] for turn in record["turns"]]
        assert not any("[[" in text or "]]" in text for text in texts), record["id"]
        for span in record["pii"]:
            assert span["info_type"] in known, span
            assert texts[span["turn"]][span["start"]:span["end"]].strip(), span


def test_ner_throughput_measures_a_corpus_and_agrees_with_fp32_torch(tmp_path, tiny_ner_model):
    # scripts/ner_throughput.py: the bench's NER figures where the job's own dependencies are not.
    pytest.importorskip("torch")
    corpus = tmp_path / "calls.jsonl"
    corpus.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "turns": [{"text": "hi, this is Maria Lopez from Acme"}, {"text": "thanks"}]},
        {"id": "b", "text": "Call John Smith in Leeds tomorrow."},
    ]) + "\n")
    out = tmp_path / "ner.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "scripts/ner_throughput.py", "--input", str(corpus),
                             "--model", str(tiny_ner_model), "--device", "cpu", "--batch_tokens", "64", "512",
                             "--repeats", "1", "--agreement", "--output", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert (figures["turns"], figures["distinct_turns"]) == (3, 3)
    rows = figures["throughput"]["by_batch_tokens"]
    assert [row["batch_tokens"] for row in rows] == [64, 512] and all(row["tokens_per_s"] > 0 for row in rows)
    assert figures["throughput"]["tokens"] > 10 and figures["tokenizer_only_tokens_per_s"] > 0
    agreement = figures["agreement"]  # ONNX Runtime (the CPU's default) against fp32 torch
    assert agreement["turns"] == 3 and agreement["span_f1"] == 1.0
    assert agreement["device_spans"] == agreement["cpu_fp32_spans"] == agreement["same"]


def test_the_prefilter_report_ranks_what_each_prefilter_lets_run(capsys):
    """`scripts/prefilter_report.py` over the dev tweets: a row per engine pattern and guarded
    context regex, none matching a text its prefilter did not pass."""
    sys.path.insert(0, str(ROOT))
    from scripts import prefilter_report

    assert prefilter_report.main(["--sets", "validation", "--top", "400"]) == 0
    lines = capsys.readouterr().out.splitlines()
    texts = int(lines[0].split()[0])
    rows = [line.split(" | ") for line in lines[3:]]
    assert texts > 1000 and len(rows) > 200
    assert {row[3] for row in rows} == {"pattern", "context"}
    for row in rows:
        passed, matched = int(row[1]), int(row[2])
        assert 0 <= matched <= passed <= texts
    # the guard passes the initials rule's preposition on many texts, a capital on few
    initials = next(row for row in rows if "(?P<name>[A-Z]{2,6" in row[5])
    assert int(initials[2]) < int(initials[1])
