"""Findings in speaker labels (issue #34, item 6): transformed like any finding whatever the
speaker mode, except in a plain role label, and names left to the mode."""
from __future__ import annotations

from veil.detection.findings import Finding, Likelihood, Method
from veil.io.fields import RecordPlan
from veil.io.records import FieldMap, conversation_from_record
from veil.transform.operators import Operators
from veil.transform.record_anonymize import anonymize_record

PHONE = "+1 415 555 0134"


def labels_out(speakers: str, labels: list[str], found: list[tuple[int, int, int, str]]) -> list[str]:
    record = {"id": "c1", "turns": [{"speaker": label, "text": "Hello."} for label in labels]}
    conversation = conversation_from_record(record, FieldMap())
    first_label = len(labels)  # no configured fields: the labels follow the turns
    findings = [Finding(first_label + k, start, end, info_type, Likelihood.LIKELY, Method.MODEL, "hf")
                for k, start, end, info_type in found]
    result = anonymize_record(conversation, findings, Operators(), RecordPlan(speakers=speakers), FieldMap())
    return [turn["speaker"] for turn in result.record["turns"]]


def test_a_value_in_a_label_is_replaced_in_every_mode():
    for mode in ("auto", "keep", "replace"):
        assert labels_out(mode, ["agent", PHONE], [(1, 0, len(PHONE), "PHONE_NUMBER")]) == \
            ["agent", "[PHONE_NUMBER_1]"], mode


def test_a_plain_role_label_keeps_its_words_whatever_a_model_says():
    assert labels_out("auto", ["speaker_5", "agent"], [(0, 0, 9, "LOCATION")]) == ["speaker_5", "agent"]


def test_names_in_labels_are_the_modes_to_decide():
    found = [(0, 0, 4, "PERSON_NAME")]
    assert labels_out("keep", ["Beth", "agent"], found) == ["Beth", "agent"]
    assert labels_out("auto", ["Beth", "agent"], found) == ["[PERSON_NAME_1]", "agent"]
