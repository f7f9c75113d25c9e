"""One detection path: the job and `veil evaluate` run the same `Detect` and find the same.

Merging is not associative: merging the rules' findings, then merging the model's into the
result, can give a character another type than merging them all at once (a finding cut by the
first merge can no longer be joined whole by the second). The job used to merge after each
stage while `veil evaluate` merged once; both now run `transforms.detect.Detect`, which merges
once. Here the rules and a real spaCy pipeline run in the real job, and on the test split the
rules do, and the job's findings are compared with those `veil evaluate` scores.
"""
from __future__ import annotations

import json
from pathlib import Path

import spacy

from models.spacy_ner import SpacyDetector
from pipelines.anonymize import run
from pipelines.evaluate import detected_findings
from tests.conftest import LOCAL_RUNNER, read_jsonl_folder
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.merge import merge_findings
from veil.io.records import FieldMap
from veil.io.storage import Storage
from veil.synth.generator import generate_records

CONFIG = """
inspect_config:
  custom_info_types:
    - {info_type: {name: CODE}, regex: {pattern: '\\bZQX1\\b'}, likelihood: LIKELY}
    - {info_type: {name: PERSON_NAME}, dictionary: {word_list: {words: [ZQX1 Ottilie]}}, likelihood: POSSIBLE}
    - {info_type: {name: PERSON_NAME}, regex: {pattern: '\\bBrandt\\b'}, likelihood: VERY_LIKELY}
detectors:
  rules: true
  spacy: {pipeline: PIPELINE, entity_ruler: false}
"""


def job_findings(folder: Path) -> dict[str, list[tuple]]:
    found: dict[str, list[tuple]] = {}
    for row in read_jsonl_folder(folder / "findings"):
        found.setdefault(row["id"], []).append((row["turn"], row["start"], row["end"], row["info_type"]))
    return found


def evaluate_findings(config, source: Path) -> dict[str, list[tuple]]:
    found = detected_findings(config, Storage(), str(source), FieldMap(), None)
    return {record_id: [(s.turn, s.start, s.end, s.info_type) for s in spans]
            for record_id, spans in found.items() if spans}


def test_the_job_merges_every_detector_once_as_evaluate_does(tmp_path: Path):
    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler").add_patterns([
        {"label": "PERSON", "pattern": name} for name in ("Ottilie Brandt", "John Smith")])  # and the launch probe's
    nlp.to_disk(tmp_path / "pipeline")
    config_path = tmp_path / "config.yaml"
    config_path.write_text(CONFIG.replace("PIPELINE", str(tmp_path / "pipeline")), encoding="utf-8")
    records = [
        {"id": "r0", "text": "ZQX1 Ottilie Brandt called"},
        {"id": "r1", "turns": [{"speaker": "a", "text": "hi"}, {"speaker": "b", "text": "it's ZQX1 Ottilie Brandt"}]},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

    summary = run(["--input", str(source), "--output", str(tmp_path / "out"),
                   "--config", str(config_path), "--runner", LOCAL_RUNNER])
    assert summary["records"]["written"] == 2
    assert summary["detectors"] == ["rules", "spacy"]

    config = load_config(str(config_path))
    job = job_findings(tmp_path / "out")
    assert job == evaluate_findings(config, source)
    for record in records:
        texts = [record["text"]] if "text" in record else [t["text"] for t in record["turns"]]
        # One PERSON_NAME over "ZQX1 Ottilie Brandt": the stronger regex name joins the
        # dictionary name through the model's span, and outranks the CODE regex.
        assert [(texts[t][s:e], kind) for t, s, e, kind in job[record["id"]]] == [
            ("ZQX1 Ottilie Brandt", "PERSON_NAME")]
        # Merging the rules first, then the model, would have kept "ZQX1" as a CODE.
        rules = ConversationDetector(config).detect(texts)
        model = SpacyDetector.from_config(config).detect_conversations([texts])[0]
        staged = merge_findings(rules + model, texts)
        assert [(texts[f.turn][f.start:f.end], f.info_type) for f in staged] == [
            ("ZQX1", "CODE"), ("Ottilie Brandt", "PERSON_NAME")]


def test_the_job_and_evaluate_find_the_same_on_the_test_split(tmp_path: Path):
    """The call-transcript profile's rules over the start of the test split (`veil generate
    --split test`, seed 3003)."""
    source = tmp_path / "test.jsonl"
    with source.open("w", encoding="utf-8") as handle:
        for record in generate_records(120, 3003):
            handle.write(json.dumps(record) + "\n")
    summary = run(["--input", str(source), "--output", str(tmp_path / "out"),
                   "--config", "call_transcripts", "--detectors", "rules", "--runner", LOCAL_RUNNER])
    assert summary["records"]["written"] == 120
    job = job_findings(tmp_path / "out")
    config = load_config("call_transcripts")
    config = config.model_copy(update={"detectors": config.detectors.model_copy(update={"hf": None})})
    assert sum(map(len, job.values())) > 500
    assert job == evaluate_findings(config, source)
