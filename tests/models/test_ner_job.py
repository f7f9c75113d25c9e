"""The whole job with the NER stage, through the real command line (its `main`, run in this
process): rules plus a trained model, and the ways a configured model can fail to run (missing,
truncated, the wrong weights), each of which stops the job at start rather than let it write
text no model read."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, run_veil, write_jsonl
from veil.synth.generator import generate_records

pytestmark = pytest.mark.slow


def job_config(tmp_path: Path, detectors: dict) -> Path:
    """Rules for e-mail only, so that names are left to the detectors under test."""
    path = tmp_path / "config.json"
    path.write_text(json.dumps({
        "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}]},
        "detectors": detectors,
    }))
    return path


def gold_name_coverage(records: list[dict], findings: list[dict]) -> tuple[int, int]:
    """(gold PERSON_NAME spans that a finding overlaps, all gold PERSON_NAME spans)."""
    by_record: dict[str, list[dict]] = {}
    for finding in findings:
        by_record.setdefault(finding["id"], []).append(finding)
    hit = total = 0
    for record in records:
        for gold in record["pii"]:
            if gold["info_type"] != "PERSON_NAME":
                continue
            total += 1
            hit += any(
                f["turn"] == gold.get("turn", 0) and f["start"] < gold["end"] and gold["start"] < f["end"]
                for f in by_record.get(record["id"], [])
            )
    return hit, total


def run_rules_and_model(tmp_path: Path, model: Path, records: list) -> tuple:
    """The job through the command line with the rules and the model over `records` (dicts or
    JSON lines): (the finished process, its summary)."""
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    config = job_config(tmp_path, {"rules": True, "hf": {"model": str(model)}})
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config))
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads((tmp_path / "out" / "job_summary.json").read_text())
    assert summary["detectors"] == ["rules", "hf"]
    assert summary["detectors_missing"] == {}
    return result, summary


def test_job_runs_rules_and_model_and_redacts_names(tiny_ner_model: Path, tmp_path: Path):
    records = [r for r in generate_records(25, 3003) if r.get("turns")]
    _, summary = run_rules_and_model(tmp_path, tiny_ner_model, records)
    assert summary["records"] == {"in": len(records), "written": len(records), "errored": 0,
                                  "accounted_for": True}
    findings = read_jsonl_folder(tmp_path / "out" / "findings")
    assert {f["detector"] for f in findings} >= {"hf:model"}  # detector:method
    assert all("quote" not in f for f in findings)  # offsets and types, never the text
    hit, total = gold_name_coverage(records, findings)
    assert total >= 30 and hit / total >= 0.6, (hit, total)

    corpus = {r["id"]: r for r in read_jsonl_folder(tmp_path / "out" / "corpus")}
    assert any("[PERSON_NAME_1]" in t["text"] for r in corpus.values() for t in r["turns"])


def test_a_lone_surrogate_and_empty_turns_cost_no_other_record(tiny_ner_model: Path, tmp_path: Path):
    """One record with a lone surrogate used to send its whole NER batch to errors/ ("NER model
    failed: tuple"); records without turns went there when no text was in their batch; and
    every run warned of a failed batch of 0 conversations. Now only the surrogate record is an
    error, at the write (its text cannot be UTF-8), and the rest is written."""
    records = [r for r in generate_records(40, 3003) if r.get("turns")]
    lines = [json.dumps(r) for r in records]
    lines.insert(len(lines) // 2, json.dumps({"id": "lone-surrogate", "turns": [
        {"speaker": "a", "text": "hi \ud800 this is maria gonzalez"}]}))
    empties = [{"id": "empty-turns", "turns": [{"speaker": "a", "text": ""}, {"speaker": "b", "text": "hi maria"}]},
               {"id": "no-turns", "turns": []}, {"id": "empty-document", "text": ""}]
    lines[5:5] = [json.dumps(r) for r in empties]
    result, summary = run_rules_and_model(tmp_path, tiny_ner_model, lines)
    assert summary["records"] == {"in": len(lines), "written": len(lines) - 1, "errored": 1,
                                  "accounted_for": True}
    (error,) = read_jsonl_folder(tmp_path / "out" / "errors")
    assert error["id"] == "lone-surrogate" and "surrogate" in error["reason"]
    corpus = {r["id"]: r for r in read_jsonl_folder(tmp_path / "out" / "corpus")}
    assert corpus["no-turns"]["turns"] == [] and corpus["empty-document"]["text"] == ""
    assert corpus["empty-turns"]["turns"][0]["text"] == ""
    assert "NER batch" not in result.stderr  # no batch failed, not even an empty one


def previous_output(out: Path) -> Path:
    """An output folder as an earlier run left it: a fail-closed refusal must not touch it."""
    (out / "corpus").mkdir(parents=True)
    marker = out / "corpus" / "part-00000-of-00001.jsonl"
    marker.write_text('{"id": "earlier"}\n')
    return marker


def test_missing_model_stops_the_job_before_it_touches_the_output(tmp_path: Path):
    records = list(generate_records(4, 3003))
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    config = job_config(tmp_path, {"hf": {"model": str(tmp_path / "not-trained")}})
    earlier = previous_output(tmp_path / "out")
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config))
    assert result.returncode == 2, result.stderr[-3000:]
    assert "detector hf is configured but cannot run" in result.stderr
    assert "--allow_missing_detectors" in result.stderr
    assert earlier.read_text() == '{"id": "earlier"}\n'
    assert not (tmp_path / "out" / "job_summary.json").exists()

    # Said explicitly, the job runs on the rules and its summary says what did not run.
    allowed = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
                      "--allow_missing_detectors")
    assert allowed.returncode == 0, allowed.stderr[-3000:]
    summary = json.loads((tmp_path / "out" / "job_summary.json").read_text())
    assert summary["detectors"] == ["rules"]
    assert "no model at" in summary["detectors_missing"]["hf"]
    assert "WARNING: detector hf did not run" in allowed.stdout + allowed.stderr


def test_default_profile_without_a_trained_model_does_not_start(tmp_path: Path):
    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(2, 3003)))
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", "call_transcripts")
    assert result.returncode == 2, result.stderr[-3000:]
    assert "veil train" in result.stderr
    assert not (tmp_path / "out").exists()


def test_only_a_missing_model_named_by_detectors_does_not_start(tmp_path: Path):
    """`--detectors hf` with no model: the red team's fail-open case wrote every record unchanged."""
    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(2, 3003)))
    config = job_config(tmp_path, {"rules": True, "hf": {"model": str(tmp_path / "not-trained")}})
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
                     "--detectors", "hf")
    assert result.returncode == 2, result.stderr[-3000:]
    assert not (tmp_path / "out").exists()
    # Allowing a missing detector never allows running none.
    allowed = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
                      "--detectors", "hf", "--allow_missing_detectors")
    assert allowed.returncode == 2, allowed.stderr[-3000:]
    assert "no detector would run" in allowed.stderr
    assert not (tmp_path / "out").exists()


def test_a_job_with_no_detector_does_not_start(tmp_path: Path):
    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(2, 3003)))
    config = job_config(tmp_path, {"rules": False})
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config))
    assert result.returncode == 2, result.stderr[-3000:]
    assert "no detector would run" in result.stderr
    assert not (tmp_path / "out").exists()


def broken_copy(model: Path, target: Path) -> Path:
    shutil.copytree(model, target)
    return target / "model.safetensors"


def run_with_model(tmp_path: Path, model: Path):
    """The job with rules and the model at `model`, on two synthetic records."""
    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(2, 3003)))
    config = job_config(tmp_path, {"rules": True, "hf": {"model": str(model)}})
    return run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config))


def test_a_truncated_weights_file_stops_the_job_at_start(tiny_ner_model: Path, tmp_path: Path):
    weights = broken_copy(tiny_ner_model, tmp_path / "truncated")
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    earlier = previous_output(tmp_path / "out")
    result = run_with_model(tmp_path, tmp_path / "truncated")
    assert result.returncode == 2, result.stderr[-3000:]
    assert "does not load" in result.stderr
    assert earlier.read_text() == '{"id": "earlier"}\n'


def test_weights_without_the_head_stop_the_job_at_start(tiny_ner_model: Path, tmp_path: Path):
    """Valid safetensors that lack the classifier: transformers would fill it at random and warn."""
    from safetensors.torch import load_file, save_file

    weights = broken_copy(tiny_ner_model, tmp_path / "headless")
    tensors = {k: v for k, v in load_file(str(weights)).items() if not k.startswith("classifier.")}
    save_file(tensors, str(weights), metadata={"format": "pt"})
    result = run_with_model(tmp_path, tmp_path / "headless")
    assert result.returncode == 2, result.stderr[-3000:]
    assert "weights do not match the model" in result.stderr
    assert not (tmp_path / "out").exists()


def test_weights_that_tag_every_word_fail_the_probe(tiny_ner_model: Path, tmp_path: Path):
    """Valid safetensors with every tensor present, but a head that makes every token a name."""
    import json as json_module

    from safetensors.torch import load_file, save_file

    weights = broken_copy(tiny_ner_model, tmp_path / "wrong")
    tensors = load_file(str(weights))
    labels = json_module.loads((tmp_path / "wrong" / "config.json").read_text())["id2label"]
    person = next(int(i) for i, label in labels.items() if label.startswith("B-") and "PER" in label)
    tensors["classifier.weight"] = tensors["classifier.weight"] * 0
    bias = tensors["classifier.bias"] * 0
    bias[person] = 10.0
    tensors["classifier.bias"] = bias
    save_file(tensors, str(weights), metadata={"format": "pt"})
    result = run_with_model(tmp_path, tmp_path / "wrong")
    assert result.returncode == 2, result.stderr[-3000:]
    assert "ordinary words" in result.stderr
    assert not (tmp_path / "out").exists()


def test_evaluate_scores_each_detector_alone_and_together(tiny_ner_model: Path, tmp_path: Path):
    records = list(generate_records(12, 3003))
    source = write_jsonl(tmp_path / "test.jsonl", records)
    config = job_config(tmp_path, {"rules": True, "hf": {"model": str(tiny_ner_model)}})
    recalls = {}
    for detectors in ("rules", "hf", "rules,hf"):
        report = tmp_path / f"{detectors}.json"
        result = run_veil("evaluate", "--input", str(source), "--config", str(config),
                          "--detectors", detectors, "--report", str(report))
        assert result.returncode == 0, result.stderr[-2000:]
        data = json.loads(report.read_text())
        assert data["source"]["detectors"] == detectors.split(",")
        recalls[detectors] = data["metrics"]["redaction_entity_overlap"]["*"]["per_info_type"]["PERSON_NAME"]["recall"]
    # e-mail rules find no names; the model does; together they find at least what the model finds.
    assert recalls["rules"] < recalls["hf"] <= recalls["rules,hf"]


def test_detectors_option_chooses_among_the_configs_detectors(tiny_ner_model: Path, tmp_path: Path):
    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(3, 3003)))
    config = job_config(tmp_path, {"rules": True, "hf": {"model": str(tiny_ner_model)}})
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads((tmp_path / "out" / "job_summary.json").read_text())
    assert summary["detectors"] == ["rules"] and summary["detectors_missing"] == {}

    refused = run_job("--input", str(source), "--output", str(tmp_path / "out2"), "--config", str(config),
                      "--detectors", "rules,spacy")
    assert refused.returncode == 2
    assert "no detectors.spacy" in refused.stderr
    assert not (tmp_path / "out2").exists()
