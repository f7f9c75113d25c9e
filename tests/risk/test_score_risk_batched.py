"""The job's residual-risk stage runs the auditor's spaCy pipeline under RunInference,
batched across records: a record's score must not depend on the records batched with it."""
from __future__ import annotations

import json

import apache_beam as beam
import pytest
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that

from transforms.elements import Anonymized
from transforms.risk import ScoreRisk
from veil.run.config import load_config
from veil.io.fields import RecordPlan
from veil.io.inputs import InputSplit, RawInput
from veil.transform.operators import build_operators
from veil.io.outputs import OutputSpec
from veil.transform.record_anonymize import anonymize_record
from veil.io.records import FieldMap, conversation_from_record
from veil.risk.table import RiskSettings
from veil.io.storage import Storage

FIELDS = FieldMap()

# Invented people. Nothing is redacted before the stage, so what the auditor reads is this.
RECORDS = [
    {"id": "a", "context": "customer_support", "turns": [
        {"speaker": "agent", "text": "thanks for calling, how can I help"},
        {"speaker": "customer", "text": "yes, Tomasz Kowalczyk approved it"}],
     "meta": {"notes": "it was approved by Kowalczyk yesterday"}},
    {"id": "b", "context": "customer_support", "turns": [
        {"speaker": "agent", "text": "the order ships on monday"},
        {"speaker": "customer", "text": "great, thank you"}]},
    {"id": "c", "context": "document", "text": "Minutes taken by Bartholomew Okonkwo-Reyes.",
     "meta": {"notes": "no names here"}},
]


def anonymized(records):
    split = InputSplit(0, "memory://in.jsonl", "jsonl", 0, -1)
    elements = []
    for position, record in enumerate(records):
        conversation = conversation_from_record(record, FIELDS)
        result = anonymize_record(conversation, [], build_operators(None, Storage()), RecordPlan(), FIELDS)
        raw = RawInput(split, position, position + 1, json.dumps(record).encode(), 100)
        elements.append(Anonymized(raw, conversation, result))
    return elements


_COLLECTED: list[dict] = []


def _collect(found):
    """A matcher that keeps what it is given (a module function: pickled by reference, so it
    fills this process's list on the in-process runner)."""
    _COLLECTED.extend(found)


def scored(records, auditor) -> dict[str, dict]:
    """id -> the score's row (what risk/conversations holds, with the mentions' offsets)."""
    spec = OutputSpec("memory://out", 1, 1, "jsonl", Storage())
    _COLLECTED.clear()
    with TestPipeline() as pipeline:
        risk = (pipeline | beam.Create(anonymized(records), reshuffle=False)
                | ScoreRisk(spec, FIELDS, RiskSettings(), auditor))
        assert_that(risk[ScoreRisk.ROWS], _collect)
    assert len(_COLLECTED) == len(records)
    return {row["id"]: row for row in _COLLECTED}


@pytest.fixture(scope="module")
def auditor():
    return load_config("auditor")


def test_each_record_scores_the_same_batched_with_others_or_alone(auditor):
    together = scored(RECORDS, auditor)
    alone = {}
    for record in RECORDS:
        alone.update(scored([record], auditor))
    assert together == alone
    assert set(together) == {"a", "b", "c"}


def test_the_auditor_model_reads_the_turns_and_the_other_fields(auditor):
    rows = scored(RECORDS, auditor)
    rules_only = auditor.model_copy(update={"detectors": auditor.detectors.model_copy(update={"spacy": None})})
    without_model = scored(RECORDS, rules_only)
    # The rules know "Tomasz" as a first name; the spaCy pipeline reads the whole name.
    def names_in_turns(row):
        return [(m["turn"], m["start"], m["end"]) for item in row["items"]
                if item["info_type"] == "PERSON_NAME" for m in item["mentions"]]

    assert names_in_turns(rows["a"]) == [(1, 5, 21)]  # "Tomasz Kowalczyk"
    assert names_in_turns(without_model["a"]) == [(1, 5, 11)]  # "Tomasz"

    # The surname alone in a field is the spaCy pipeline's find.
    def names_in_fields(row):
        return [item["fields"] for item in row["items"] if item["info_type"] == "PERSON_NAME"
                and item.get("fields")]

    assert names_in_fields(rows["a"]) == [["meta.notes"]]
    assert names_in_fields(without_model["a"]) == []
    assert rows["b"]["score"] == 0
    assert all(row["source"] == "audit" for row in rows.values())
