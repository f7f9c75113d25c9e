"""The job merges every detector's findings once, as `veil evaluate` does.

Merging is not associative: merging the rules' findings, then merging the model's into the
result, can give a character another type than merging them all at once (a finding cut by the
first merge can no longer be joined whole by the second). The job used to merge after each
stage; here the rules and a real spaCy pipeline run in the real job and its findings are
compared with `models.detectors.ConversationDetectors`, the path `veil evaluate` takes.
"""
from __future__ import annotations

import json
from pathlib import Path

import spacy

from models.detectors import ConversationDetectors
from pipelines.anonymize import run
from tests.conftest import LOCAL_RUNNER, read_jsonl_folder
from veil.config import load_config
from veil.detect import ConversationDetector
from veil.merge import merge_findings

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

    rows = read_jsonl_folder(tmp_path / "out" / "findings")
    config = load_config(str(config_path))
    conversations = [[r["text"]] if "text" in r else [t["text"] for t in r["turns"]] for r in records]
    detectors = ConversationDetectors(config)
    assert detectors.names == ["rules", "spacy"]
    for record, texts, expected in zip(records, conversations, detectors.detect_batch(conversations)):
        job = [(f["turn"], f["start"], f["end"], f["info_type"]) for f in rows if f["id"] == record["id"]]
        assert job == [(f.turn, f.start, f.end, f.info_type) for f in expected]
        # One PERSON_NAME over "ZQX1 Ottilie Brandt": the stronger regex name joins the
        # dictionary name through the model's span, and outranks the CODE regex.
        assert [(texts[f.turn][f.start:f.end], f.info_type) for f in expected] == [
            ("ZQX1 Ottilie Brandt", "PERSON_NAME")]
        # Merging the rules first, then the model, would have kept "ZQX1" as a CODE.
        rules = ConversationDetector(config).detect(texts)
        staged = merge_findings(rules + detectors.spacy.detect_conversations([texts])[0], texts)
        assert [(texts[f.turn][f.start:f.end], f.info_type) for f in staged] == [
            ("ZQX1", "CODE"), ("Ottilie Brandt", "PERSON_NAME")]
