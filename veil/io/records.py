"""The data contract: input records become conversations, and conversations become output records.

Everything here is plain Python so that the Beam transforms stay thin and the rules about
what is a valid record can be unit-tested on their own.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any


class BadRecord(ValueError):
    """A record that cannot be processed. Its message is the reason written to `errors/`."""


@dataclass(frozen=True)
class FieldMap:
    """Which input fields hold the parts of a conversation (the `--*_field` options)."""

    id: str = "id"
    turns: str = "turns"
    text: str = "text"
    speaker: str = "speaker"
    context: str = "context"
    pii: str = "pii"  # gold labels: dropped from the corpus (they hold values and offsets)
    # Whether `pii` scores residual risk (`--gold_field`): labels in the input are evaluation
    # data, used only when asked for, so that no record can switch off the auditor.
    gold: bool = False


@dataclass(frozen=True)
class Turn:
    text: str
    speaker: str | None = None


@dataclass(frozen=True)
class FieldText:
    """A text outside the turns that the detectors inspect (a configured field)."""

    location: tuple  # keys and list indexes from the record's root (veil.io.fields)
    text: str
    rule: int  # the index of its FieldRule in the RecordPlan


@dataclass(frozen=True)
class WholeValue:
    """A configured field's value that is transformed whole, without inspection."""

    location: tuple
    value: Any
    rule: int


@dataclass
class Conversation:
    """One input record, seen as turns of text.

    `record` is the input record itself (a JSON object or a Parquet row), kept whole so that
    the output can be written back in the input's own schema with every other field intact.
    `source` and `index` say where it came from: file and line (JSONL, 1-based) or row (Parquet,
    0-based).
    """

    id: str
    turns: list[Turn]
    is_document: bool
    record: dict[str, Any]
    source: str = ""
    index: int = 0
    context: str | None = None
    fields: tuple[FieldText, ...] = ()  # configured fields to inspect (veil.io.fields)
    whole: tuple[WholeValue, ...] = ()  # configured fields to transform whole
    missing: tuple[str, ...] = ()  # configured fields this record does not have
    # The record's own id held personal data: `id` is the key that replaces it (veil.run.record_ids).
    id_withheld: bool = False

    @property
    def sort_key(self) -> tuple[str, int]:
        return (self.source, self.index)

    @property
    def labels(self) -> list[tuple[int, str]]:
        """The speaker labels written with the turns, each once, as (the first turn that has
        it, label): every label is inspected, whatever `record.speakers` says about treating
        it as a name, and a label repeated on every turn is the same text each time."""
        if self.is_document:
            return []
        first: dict[str, int] = {}
        for i, turn in enumerate(self.turns):
            if isinstance(turn.speaker, str) and turn.speaker.strip():
                first.setdefault(turn.speaker, i)
        return [(i, label) for label, i in first.items()]

    @property
    def texts(self) -> list[str]:
        """What the detectors inspect: the turns' texts, then the configured fields' texts,
        then the speaker labels."""
        return ([turn.text for turn in self.turns] + [f.text for f in self.fields]
                + [label for _, label in self.labels])


def stable_record_id(record: dict[str, Any]) -> str:
    """A stable id for a record that has none: a hash of its canonical JSON."""
    canonical = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
    return "sha1:" + hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:20]


def conversation_from_record(record: Any, fields: FieldMap, source: str = "", index: int = 0) -> Conversation:
    """Validate one input record and view it as a conversation. Raises BadRecord with a reason.

    The job's record plan (veil.io.fields.apply_plan) then adds the configured fields and, with
    `ids: hash`, replaces the id by its keyed hash."""
    return _conversation(record, fields, source, index)


def _conversation(record: Any, fields: FieldMap, source: str, index: int) -> Conversation:
    if not isinstance(record, dict):
        raise BadRecord(f"record is a JSON {type(record).__name__}, expected an object")
    if not record:
        raise BadRecord("empty record")

    rid = record.get(fields.id)
    if rid is None:
        rid = stable_record_id(record)
    elif isinstance(rid, bool) or not isinstance(rid, (str, int)):
        raise BadRecord(f"field '{fields.id}' must be a string, got {type(rid).__name__}")
    elif isinstance(rid, str) and not rid.strip():
        raise BadRecord(f"field '{fields.id}' is an empty string")
    rid = str(rid)

    context = record.get(fields.context)
    if context is not None and not isinstance(context, str):
        raise BadRecord(f"field '{fields.context}' must be a string, got {type(context).__name__}")

    turns_value = record.get(fields.turns)
    if turns_value is not None:
        if not isinstance(turns_value, list):
            raise BadRecord(
                f"field '{fields.turns}' must be a list of turns, got {type(turns_value).__name__}"
            )
        turns = [_turn_from_value(t, i, fields) for i, t in enumerate(turns_value)]
        return Conversation(rid, turns, False, record, source, index, context)

    text = record.get(fields.text)
    if text is None:
        raise BadRecord(f"record has neither '{fields.turns}' nor '{fields.text}'")
    if not isinstance(text, str):
        raise BadRecord(f"field '{fields.text}' must be a string, got {type(text).__name__}")
    return Conversation(rid, [Turn(text)], True, record, source, index, context)


def _turn_from_value(value: Any, position: int, fields: FieldMap) -> Turn:
    # The checks run for every turn of every record; the messages are built only on failure.
    if not isinstance(value, dict):
        raise BadRecord(f"{fields.turns}[{position}] must be an object, got {type(value).__name__}")
    text = value.get(fields.text)
    if not isinstance(text, str):
        got = "missing" if text is None else type(text).__name__
        raise BadRecord(f"{fields.turns}[{position}].{fields.text} must be a string, got {got}")
    speaker = value.get(fields.speaker)
    if speaker is not None and not isinstance(speaker, str):
        raise BadRecord(f"{fields.turns}[{position}].{fields.speaker} must be a string, "
                        f"got {type(speaker).__name__}")
    return Turn(text, speaker)


def record_with_texts(conversation: Conversation, texts: list[str], fields: FieldMap) -> dict:
    """The input record with its turn texts replaced, every other field untouched."""
    record = dict(conversation.record)
    if conversation.is_document:
        record[fields.text] = texts[0]
        return record
    turns = []
    for turn_value, text in zip(record[fields.turns], texts):
        new_turn = dict(turn_value)
        new_turn[fields.text] = text
        turns.append(new_turn)
    record[fields.turns] = turns
    return record


def non_finite_as_null(value: Any) -> Any:
    """The value with every NaN, Infinity and -Infinity number replaced by None.

    JSON has no such numbers (RFC 8259), yet Python's json module reads them and writes them
    back as bare `NaN`, which strict readers (jq, Spark, BigQuery, pyarrow) refuse. A JSONL
    corpus writes them as null, as JavaScript's JSON.stringify does: the record and its field
    stay, the field keeps a numeric (nullable) type, and no reader chokes. Parquet output keeps
    them: Parquet floats hold NaN and infinities.
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: non_finite_as_null(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [non_finite_as_null(item) for item in value]
    return value
