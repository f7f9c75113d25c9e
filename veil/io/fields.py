"""The parts of a record outside the conversation's turn texts: which are inspected, which are
transformed whole, which are trusted, and how each is found in a record.

Real exports carry personal data outside the turns (`caller_name`, `agent_email`, free-text
`notes`), and Parquet tables are mostly such columns. The job config names them in DLP's
`record_transformations.field_transformations` shape (veil.transform.operators.config); `RecordPlan`
is that config compiled once, at job start, with every key read and every path checked.

Fields by default:

- the turns' texts (`turns[].text`, or `text` for a document) are always inspected;
- speaker labels (`turns[].speaker`) follow `record.speakers` (veil.detection.speakers);
- the id must be an opaque key: `record.ids` says whether it is checked at start (`check`, the
  default), trusted (`keep`) or replaced by a keyed hash (`hash`);
- the gold `pii` labels are dropped from the corpus: their offsets point into the original
  text and their `value`s are the personal data itself (removed from JSONL records, null in a
  Parquet column, so that the schema is kept);
- every other field is written as it is; at start, the detector looks at a sample of records
  and warns, with type counts only, about fields that look like personal data
  (veil.run.field_sample), and residual risk audits every string written.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal

from pydantic import Field

from veil.run.schema import DlpModel
from veil.transform.operators import Operator, Operators
from veil.transform.operators.keys import CryptoKey, default_key

RULES_PATH = "deidentify_config.record_transformations.field_transformations"


class IdHandling(str, enum.Enum):
    CHECK = "check"  # at start, refuse ids that look like personal data on a sample
    KEEP = "keep"  # the user vouches that ids are opaque keys
    HASH = "hash"  # replace every id by a keyed hash (HMAC-SHA256), everywhere it is written


class RecordSettings(DlpModel):
    """`record:` in the job config: Veil's settings for the parts of a record outside the
    turn texts (veil.io.fields, veil.detection.speakers)."""

    speakers: Literal["auto", "keep", "replace"] = "auto"  # veil.detection.speakers.MODES
    ids: IdHandling = IdHandling.CHECK
    id_crypto_key: CryptoKey = Field(default_factory=default_key)
    # Records read at start to check ids and look for personal data in fields not inspected.
    sample_records: int = Field(default=200, ge=0, le=100_000)


# --- paths ---------------------------------------------------------------------------------

Location = tuple  # keys and list indexes from the record's root to one value


def location_name(location: Location) -> str:
    """"participants[2].name" for ("participants", 2, "name")."""
    out = ""
    for part in location:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


def values_at(record: Any, parts: tuple[str, ...]) -> Iterator[tuple[Location, Any]]:
    """Every value at a dotted path, with its location. A list on the way applies the rest of
    the path to each item. Absent keys and nulls yield nothing."""
    yield from _walk(record, parts, ())


def _walk(value: Any, parts: tuple[str, ...], location: Location) -> Iterator[tuple[Location, Any]]:
    if isinstance(value, list) and (parts or location):
        for index, item in enumerate(value):
            yield from _walk(item, parts, location + (index,))
        return
    if not parts:
        if value is not None:
            yield location, value
        return
    if isinstance(value, dict) and parts[0] in value:
        yield from _walk(value[parts[0]], parts[1:], location + (parts[0],))


def with_value(record: dict, location: Location, value: Any) -> dict:
    """A copy of `record` with the value at `location` replaced; containers on the path are
    copied, nothing else is."""
    if not location:
        return value
    head, rest = location[0], location[1:]
    copy = list(record) if isinstance(record, list) else dict(record)
    copy[head] = with_value(record[head], rest, value)
    return copy


def string_leaves(value: Any, location: Location = ()) -> Iterator[tuple[Location, str]]:
    """Every string in a record, with its location."""
    if isinstance(value, str):
        yield location, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from string_leaves(item, location + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from string_leaves(item, location + (index,))


def generic_name(location: Location) -> str:
    """The config-style name of a location: list indexes dropped ("participants.name")."""
    return ".".join(str(part) for part in location if not isinstance(part, int))


# --- the plan ------------------------------------------------------------------------------

@dataclass(frozen=True)
class FieldRule:
    """One configured field: its name and path, and how it is anonymised."""

    name: str
    parts: tuple[str, ...]
    inspect: bool  # inspected with the detectors; else transformed whole
    operators: Operators | None = None  # inspect: the operators of its findings
    operator: Operator | None = None  # whole: the one operator
    info_type: str = "FIELD"  # whole: the type its value is numbered under


@dataclass(frozen=True)
class RecordPlan:
    """What the job does with every part of a record outside the turn texts. It holds key
    bytes (keyed operators, the id key): built at launch to check, and again by each worker
    from a `RecordConfig`, never shipped."""

    rules: tuple[FieldRule, ...] = ()
    speakers: str = "auto"
    ids: IdHandling = IdHandling.CHECK
    id_key: bytes | None = field(default=None, repr=False)
    sample_records: int = 200
    key_checks: tuple[tuple[str, str], ...] = ()  # (config path, key_check tag) of each key

    @property
    def inspected(self) -> list[str]:
        return [rule.name for rule in self.rules]

    def summary(self) -> dict:
        """What the job summary lists about fields."""
        return {
            "inspected": [r.name for r in self.rules if r.inspect],
            "transformed_whole": [r.name for r in self.rules if not r.inspect],
            "speakers": self.speakers,
            "ids": self.ids.value,
        }


# --- applying the plan to one record -------------------------------------------------------

def hashed_id(key: bytes, record_id: str) -> str:
    """The id under `ids: hash`: HMAC-SHA256 of the id, 32 hex digits. The same id gives the
    same hash in every run with the same key (a stable join key); without the key it cannot
    be reversed or recomputed from a guess."""
    from veil.transform.operators.keys import keyed_digest

    return keyed_digest(key, "record_id", record_id).hex()[:32]


def apply_plan(conversation, plan: RecordPlan, field_map):
    """The conversation with its configured fields found (to inspect, or to transform whole),
    the ones it lacks listed, and its id hashed under `ids: hash`."""
    import dataclasses

    from veil.io.records import FieldText, WholeValue

    record = conversation.record
    texts, whole, missing = [], [], []
    for index, rule in enumerate(plan.rules):
        found = list(values_at(record, rule.parts))
        if not found:
            missing.append(rule.name)
            continue
        for location, value in found:
            if not rule.inspect:
                whole.append(WholeValue(location, value, index))
            elif isinstance(value, str):
                texts.append(FieldText(location, value, index))
            elif isinstance(value, (dict, list)):  # a nested object: every string inside it
                texts.extend(FieldText(loc, text, index) for loc, text in string_leaves(value, location))
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                texts.append(FieldText(location, str(value), index))  # JSONL numbers
    record_id = conversation.id
    if plan.ids is IdHandling.HASH and plan.id_key is not None and \
            record.get(field_map.id) is not None:
        record_id = hashed_id(plan.id_key, record_id)
    return dataclasses.replace(conversation, id=record_id, fields=tuple(texts),
                               whole=tuple(whole), missing=tuple(missing))


# --- checks at start -----------------------------------------------------------------------

def check_rules(plan: RecordPlan, field_map) -> list[str]:
    """Problems with the configured fields that no record needs to be read to see."""
    problems = []
    owned = {
        field_map.id: "the id is handled by record.ids (check, keep or hash)",
        field_map.turns: "turn texts are always inspected; speaker labels follow record.speakers",
        field_map.text: "a document's text is always inspected",
        field_map.pii: "gold labels are dropped from the corpus",
    }
    for rule in plan.rules:
        reason = owned.get(rule.parts[0])
        if reason:
            problems.append(f"{RULES_PATH}: field {rule.name!r}: {reason}")
    return problems


# Whole-field transformations a non-text Parquet column can take, by type family.
_NON_TEXT_WHOLE = {"redact_config", "replace_config"}


def check_parquet_schema(plan: RecordPlan, schema, field_map) -> list[str]:
    """Problems with the configured fields against the Parquet input's schema: a field that is
    not a column, a type its transformation cannot write back, a hashed id that is not text."""
    import pyarrow as pa

    problems = []
    columns = ", ".join(schema.names)
    for rule in plan.rules:
        leaf, missing = _schema_leaf(schema, rule.parts)
        if missing is not None:
            problems.append(f"{RULES_PATH}: field {rule.name!r}: {missing!r} is not in the Parquet "
                            f"schema (columns: {columns})")
            continue
        if rule.inspect:
            if not _holds_strings(leaf):
                problems.append(f"{RULES_PATH}: field {rule.name!r} is {leaf}: only text columns (or "
                                f"structs and lists of text) can be inspected; transform it whole "
                                f"with primitive_transformation (redact_config writes null, "
                                f"replace_config a value of the column's type)")
            continue
        kind = rule.operator.kind
        if pa.types.is_string(leaf) or pa.types.is_large_string(leaf):
            continue
        if kind == "replace_config":
            problem = _replace_fits(rule, leaf)
            if problem:
                problems.append(f"{RULES_PATH}: field {rule.name!r}: {problem}")
        elif kind == "date_shift_config" and (pa.types.is_date(leaf) or pa.types.is_timestamp(leaf)):
            continue
        elif kind not in _NON_TEXT_WHOLE and not (_holds_strings(leaf) and kind != "redact_config"):
            problems.append(f"{RULES_PATH}: field {rule.name!r} is {leaf}, and {kind} writes text: "
                            f"use redact_config (null) or replace_config with a {leaf} value")
    if plan.ids is IdHandling.HASH and field_map.id in schema.names:
        id_type = schema.field(field_map.id).type
        if not (pa.types.is_string(id_type) or pa.types.is_large_string(id_type)):
            problems.append(f"record.ids: hash writes text ids, but the Parquet id column "
                            f"{field_map.id!r} is {id_type}")
    return problems


def _schema_leaf(schema, parts: tuple[str, ...]):
    """The Arrow type at a dotted path (through structs and lists), or the part not found."""
    import pyarrow as pa

    if parts[0] not in schema.names:
        return None, parts[0]
    current = schema.field(parts[0]).type
    for depth, part in enumerate(parts[1:], 1):
        while pa.types.is_list(current) or pa.types.is_large_list(current):
            current = current.value_type
        if not pa.types.is_struct(current) or current.get_field_index(part) < 0:
            return None, ".".join(parts[:depth + 1])
        current = current.field(part).type
    return current, None


def _holds_strings(arrow_type) -> bool:
    import pyarrow as pa

    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return True
    if pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type):
        return _holds_strings(arrow_type.value_type)
    if pa.types.is_struct(arrow_type):
        return any(_holds_strings(arrow_type.field(i).type) for i in range(arrow_type.num_fields))
    return False


def _replace_fits(rule: FieldRule, arrow_type) -> str | None:
    import pyarrow as pa

    value = rule.operator.options.new_value.as_python()
    try:
        pa.array([value]).cast(arrow_type)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
        return f"replace_config's value {type(value).__name__} does not fit the column's type {arrow_type}"
    return None
