"""A whole record anonymised: its turns, its speaker labels and its configured fields, as one
conversation, so that a person has one placeholder wherever they are named.

The texts anonymisation sees are the record's segments, in this order: the turns' texts
(indexes 0..T-1), the inspected fields' texts, the speaker labels (these three as the
detectors saw them, `Conversation.texts`), then the values of fields transformed whole.
Every label is inspected: what the detectors find in it is transformed like any finding,
whatever `record.speakers` says; the mode decides only whether a label is also a name
(veil.detection.speakers), so the detectors' own PERSON_NAME findings in labels are left to it.
Entity resolution reads them in reading order: a turn's label, then its text, then the
fields. Every replacement keeps offsets into its own segment's ORIGINAL text, and
`AnonymizedRecord.place` says which segment that is, for `findings/`. A label repeated on
several turns is one segment, at the first turn that has it: its `findings/` rows name that
turn, and its anonymised text is written on every turn that has it.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from veil.transform.anonymize import Replacement, anonymize_conversation, date_shift_days
from veil.io.fields import IdHandling, Location, RecordPlan, location_name, string_leaves, with_value
from veil.detection.findings import Finding, Likelihood, Method
from veil.transform.operators import Operator, Operators
from veil.transform.operators.crypto import TransformationError
from veil.io.records import BadRecord, Conversation, FieldMap, record_with_texts
from veil.detection.merge import merge_findings
from veil.detection.name_repeats import with_repeats
from veil.detection.speakers import is_plain_role_label, label_findings, label_mentions

FIELD_DETECTOR = "field"  # findings that cover a whole configured field


@dataclass(frozen=True)
class Segment:
    kind: str  # "turn", "field" (inspected), "whole" (transformed whole) or "speaker"
    turn: int | None = None  # turn and speaker: the turn's index
    location: Location | None = None  # field and whole: where the value is in the record
    rule: int | None = None  # field and whole: the FieldRule's index


@dataclass
class AnonymizedRecord:
    """The output record, and how it was made."""

    record: dict
    segments: list[Segment]
    originals: list[str]
    texts: list[str]  # each segment's anonymised text
    replacements: list[Replacement]  # offsets into `originals`
    turns: int

    @property
    def turn_texts(self) -> list[str]:
        return self.texts[: self.turns]

    def place(self, finding: Finding, fields: FieldMap) -> dict:
        """Where a finding is, for its `findings/` row: `turn` for a turn's text, `turn` and
        `field` for a speaker label, `field` for a record field."""
        segment = self.segments[finding.turn]
        if segment.kind == "turn":
            return {"turn": segment.turn}
        if segment.kind == "speaker":
            return {"turn": segment.turn,
                    "field": location_name((fields.turns, segment.turn, fields.speaker))}
        return {"field": location_name(segment.location)}


def anonymize_record(conversation: Conversation, findings: list[Finding], operators: Operators,
                     plan: RecordPlan | None, fields: FieldMap, parquet: bool = False
                     ) -> AnonymizedRecord:
    """Anonymise every text of a record with its operators; `findings` are the detectors'
    (on `conversation.texts`). Raises BadRecord when a configured field's value cannot take
    its transformation."""
    plan = plan or RecordPlan()
    turns = len(conversation.turns)
    labels = conversation.labels
    first_label = turns + len(conversation.fields)
    segments = [Segment("turn", turn=i) for i in range(turns)]
    segments += [Segment("field", location=f.location, rule=f.rule) for f in conversation.fields]
    segments += [Segment("speaker", turn=i) for i, _ in labels]
    texts = conversation.texts
    order: list[tuple] = [(i, 1) for i in range(turns)] + [(turns, k) for k in range(len(conversation.fields))]
    order += [(i, 0) for i, _ in labels]  # a turn's label is read before its text
    # In a label, whether it names a person is the speaker mode's to say, below; a plain role
    # label ("speaker_5") holds no one's data, whatever a model reading it alone says.
    plain = {first_label + k for k, (_, label) in enumerate(labels) if is_plain_role_label(label)}
    findings = [f for f in findings if f.turn < first_label or
                (f.info_type != "PERSON_NAME" and f.turn not in plain)]
    rest: list[tuple[Location, Any]] = []  # whole values that are not text: set directly

    for whole in conversation.whole:
        rule = plan.rules[whole.rule]
        for location, value in _whole_texts(whole.location, whole.value, rule.operator):
            if not isinstance(value, str):
                rest.append((location, _transform_value(value, rule.operator, conversation,
                                                        location)))
                continue
            if value:
                findings.append(Finding(len(texts), 0, len(value), rule.info_type,
                                        Likelihood.VERY_LIKELY, Method.REGEX, FIELD_DETECTOR))
            segments.append(Segment("whole", location=location, rule=whole.rule))
            texts.append(value)
            order.append((turns, len(order)))

    speakers = [turn.speaker for turn in conversation.turns]
    if labels and plan.speakers != "keep":
        mentioned = [texts[f.turn][f.start:f.end] for f in findings
                     if f.turn < turns and f.info_type == "PERSON_NAME"]
        named = label_findings([(first_label + k, label) for k, (_, label) in enumerate(labels)],
                               plan.speakers, mentioned)
        # The same names said in the turns, where the detectors missed them.
        findings += label_mentions(
            texts[:turns], [texts[f.turn][f.start:f.end] for f in named], findings)
        # A name in a label that also holds another value ("Dr. Okafor (okafor@example.com)"):
        # the two are merged like any detectors' findings, so that neither is left in part.
        in_labels = [f for f in findings if first_label <= f.turn < first_label + len(labels)]
        if named and in_labels:
            findings = [f for f in findings if not first_label <= f.turn < first_label + len(labels)]
            findings += merge_findings(in_labels + named, texts)
        else:
            findings += named
    # What the turns found, where the turns say it again and the detectors missed.
    findings = with_repeats(texts[:turns], findings)

    def operator_of(finding: Finding) -> Operator:
        segment = segments[finding.turn]
        if segment.kind == "field":
            return plan.rules[segment.rule].operators.for_type(finding.info_type)
        if segment.kind == "whole":
            return plan.rules[segment.rule].operator
        return operators.for_type(finding.info_type)

    new_texts, replacements = anonymize_conversation(
        conversation.id, texts, findings, operators, order=order, turns=turns,
        speakers=speakers, operator_of=operator_of, fixed_types=frozenset({FIELD_DETECTOR}),
        record=conversation.record)
    keep_id = plan.ids is IdHandling.KEEP  # a withheld id stays in the corpus (veil.run.record_ids)
    record = _output_record(conversation, segments, texts, new_texts, rest, fields, parquet, keep_id)
    return AnonymizedRecord(record, segments, texts, new_texts, replacements, turns)


def _whole_texts(location: Location, value: Any, operator: Operator):
    """The pieces of a whole value to transform: the value itself, or for an object or a
    list (other than redacted, which goes whole) each string inside it."""
    if isinstance(value, (dict, list)) and operator.kind != "redact_config":
        yield from string_leaves(value, location)
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and \
            operator.kind not in ("redact_config", "replace_config"):
        yield location, str(value)  # JSONL numbers (Parquet columns are checked at start)
    else:
        yield location, value


def _transform_value(value: Any, operator: Operator, conversation: Conversation,
                     location: Location) -> Any:
    """A whole value that is not text, under its field's transformation."""
    kind = operator.kind
    if kind == "redact_config":
        return None
    if kind == "replace_config":
        return operator.options.new_value.as_python()
    if kind == "date_shift_config" and isinstance(value, (dt.date, dt.datetime)):
        try:
            days = date_shift_days(operator, conversation.id, conversation.record)
        except TransformationError as error:
            raise BadRecord(f"field {location_name(location)}: {error}") from None
        return value + dt.timedelta(days=days)
    raise BadRecord(f"field {location_name(location)}: a {type(value).__name__} value cannot take "
                    f"{kind}")


def _output_record(conversation: Conversation, segments: list[Segment], originals: list[str],
                   new_texts: list[str], rest: list, fields: FieldMap, parquet: bool,
                   keep_id: bool = False) -> dict:
    turns = len(conversation.turns)
    record = record_with_texts(conversation, new_texts[:turns], fields)
    for segment, original, new in zip(segments[turns:], originals[turns:], new_texts[turns:]):
        if new == original:
            continue  # nothing found: the value stays as it was (a JSONL number stays a number)
        if segment.kind == "speaker":  # every turn with this label (turn dicts are copies)
            for turn, value in zip(record[fields.turns], conversation.turns):
                if value.speaker == original:
                    turn[fields.speaker] = new
        else:
            record = with_value(record, segment.location, new)
    for location, value in rest:
        record = with_value(record, location, value)
    if fields.pii in record:
        # Gold labels hold offsets into the original text and the values themselves: dropped
        # (null in Parquet, so that the schema is kept).
        if parquet:
            record[fields.pii] = None
        else:
            del record[fields.pii]
    if record.get(fields.id) is not None and str(record[fields.id]) != conversation.id and \
            not (conversation.id_withheld and keep_id):
        record[fields.id] = conversation.id  # ids: hash, or an id withheld
    return record
