"""The parts of a record outside the conversation's turn texts: which are inspected, which are
transformed whole, which are trusted, and how each is found in a record.

Real exports carry personal data outside the turns (`caller_name`, `agent_email`, free-text
`notes`), and Parquet tables are mostly such columns. The job config names them in DLP's
`record_transformations.field_transformations` shape (veil.operators.config); `RecordPlan`
is that config compiled once, at job start, with every key read and every path checked.

Fields by default:

- the turns' texts (`turns[].text`, or `text` for a document) are always inspected;
- speaker labels (`turns[].speaker`) follow `record.speakers` (veil.speakers);
- the id must be an opaque key: `record.ids` says whether it is checked at start (`check`, the
  default), trusted (`keep`) or replaced by a keyed hash (`hash`);
- the gold `pii` labels are dropped from the corpus: their offsets point into the original
  text and their `value`s are the personal data itself (removed from JSONL records, null in a
  Parquet column, so that the schema is kept);
- every other field is written as it is; at start, the detector looks at a sample of records
  and warns, with type counts only, about fields that look like personal data
  (veil.field_sample), and residual risk audits every string written.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Iterator

from pydantic import Field

from veil.engine.inspect_config import DlpModel
from veil.operators import Operator, Operators, build_operators, operator_from
from veil.operators.config import CryptoKey, FieldTransformation, _default_key
from veil.speakers import MODES

_PATH = "deidentify_config.record_transformations.field_transformations"


class IdHandling(str, enum.Enum):
    CHECK = "check"  # at start, refuse ids that look like personal data on a sample
    KEEP = "keep"  # the user vouches that ids are opaque keys
    HASH = "hash"  # replace every id by a keyed hash (HMAC-SHA256), everywhere it is written


class RecordSettings(DlpModel):
    """`record:` in the job config: Veil's settings for the parts of a record outside the
    turn texts (veil.fields, veil.speakers)."""

    speakers: str = Field(default="auto", pattern="^(" + "|".join(MODES) + ")$")
    ids: IdHandling = IdHandling.CHECK
    id_crypto_key: CryptoKey = Field(default_factory=_default_key)
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
    """What the job does with every part of a record outside the turn texts."""

    rules: tuple[FieldRule, ...] = ()
    speakers: str = "auto"
    ids: IdHandling = IdHandling.CHECK
    id_key: bytes | None = field(default=None, repr=False)
    sample_records: int = 200

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


def build_record_plan(config, operators: Operators | None = None) -> RecordPlan:
    """The plan from a VeilConfig. Reads the keys it needs now; raises ConfigError."""
    from veil.operators.keys import read_key

    settings: RecordSettings = config.record
    operators = operators if operators is not None else build_operators(config)
    rules = []
    record_transformations = config.deidentify_config.record_transformations
    transformations = record_transformations.field_transformations if record_transformations else []
    for index, transformation in enumerate(transformations):
        where = f"{_PATH}[{index}]"
        for field_id in transformation.fields:
            rules.append(_rule(field_id.name, field_id.parts, transformation, operators, where))
    id_key = None
    if settings.ids is IdHandling.HASH:
        id_key = read_key(settings.id_crypto_key, "record.id_crypto_key")
    return RecordPlan(tuple(rules), settings.speakers, settings.ids, id_key, settings.sample_records)


def _rule(name: str, parts: tuple[str, ...], transformation: FieldTransformation,
          job: Operators, where: str) -> FieldRule:
    if transformation.primitive_transformation is not None:
        operator = operator_from(transformation.primitive_transformation, where)
        info_type = transformation.info_type.name if transformation.info_type else "FIELD"
        return FieldRule(name, parts, False, operator=operator, info_type=info_type)
    own = transformation.info_type_transformations
    if own is None:
        return FieldRule(name, parts, True, operators=job)
    listed = build_operators({"info_type_transformations": own}, f"{where}.info_type_transformations.transformations")
    has_catch_all = any(not t.info_types for t in own.transformations)
    if has_catch_all:
        field_operators = listed
    else:  # the job's operators for the types the field does not list: never un-redacted
        field_operators = Operators({**job.by_type, **listed.by_type}, job.default)
    return FieldRule(name, parts, True, operators=field_operators)
