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
from typing import Any, Iterator, Literal

from pydantic import Field

from veil.engine.inspect_config import DlpModel
from veil.operators import Operator, Operators, build_operators, operator_from
from veil.operators.config import FieldTransformation
from veil.operators.keys import CryptoKey, default_key

_PATH = "deidentify_config.record_transformations.field_transformations"


class IdHandling(str, enum.Enum):
    CHECK = "check"  # at start, refuse ids that look like personal data on a sample
    KEEP = "keep"  # the user vouches that ids are opaque keys
    HASH = "hash"  # replace every id by a keyed hash (HMAC-SHA256), everywhere it is written


class RecordSettings(DlpModel):
    """`record:` in the job config: Veil's settings for the parts of a record outside the
    turn texts (veil.fields, veil.speakers)."""

    speakers: Literal["auto", "keep", "replace"] = "auto"  # veil.speakers.MODES
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


@dataclass(frozen=True)
class RecordConfig:
    """What a worker needs to build the RecordPlan: the config sections, where the keys are
    (never the keys), and the launch's key checks, which the worker's keys must match."""

    deidentify_config: Any
    record: RecordSettings
    key_checks: tuple[tuple[str, str], ...] = ()
    job_secret_path: str | None = None  # where transient keys' job secret is, if any

    def job_secret(self, storage=None) -> bytes | None:
        from veil.operators.keys import read_job_secret

        return read_job_secret(storage, self.job_secret_path) if self.job_secret_path else None

    def plan(self, operators: Operators, storage=None) -> RecordPlan:
        return build_record_plan(self, operators, storage, self.key_checks,
                                 self.job_secret(storage))


def record_config(config, plan: RecordPlan, job_secret_path: str | None = None) -> RecordConfig:
    return RecordConfig(config.deidentify_config, config.record, plan.key_checks, job_secret_path)


def build_record_plan(config, operators: Operators | None = None, storage=None,
                      expect_key_checks=None, job_secret: bytes | None = None) -> RecordPlan:
    """The plan from a VeilConfig (or a RecordConfig). Reads the keys it needs now; raises
    ConfigError when one is missing, or differs from the launch's (`expect_key_checks`)."""
    from veil.operators import check_same_keys
    from veil.operators.keys import key_check, read_key

    settings: RecordSettings = config.record
    operators = operators if operators is not None else build_operators(
        config, storage, job_secret=job_secret)
    rules, checks = [], []
    record_transformations = config.deidentify_config.record_transformations
    transformations = record_transformations.field_transformations if record_transformations else []
    for index, transformation in enumerate(transformations):
        rules += _rules(transformation, operators, f"{_PATH}[{index}]", storage, checks,
                        job_secret)
    id_key = None
    if settings.ids is IdHandling.HASH:
        id_key = read_key(settings.id_crypto_key, "record.id_crypto_key", storage, job_secret)
        checks.append(("record.id_crypto_key", key_check(id_key)))
    if expect_key_checks is not None:
        check_same_keys(tuple(checks), tuple(expect_key_checks))
    return RecordPlan(tuple(rules), settings.speakers, settings.ids, id_key, settings.sample_records,
                      tuple(checks))


def _rules(transformation: FieldTransformation, job: Operators, where: str, storage,
           checks: list, job_secret: bytes | None = None) -> list[FieldRule]:
    """The rules of one field transformation (one per field), its keys read once."""
    from veil.operators.keys import key_check

    fields = [(f.name, f.parts) for f in transformation.fields]
    primitive = transformation.primitive_transformation
    if primitive is not None:
        operator = operator_from(primitive, f"{where}.primitive_transformation.{primitive.kind}",
                                 storage, job_secret)
        if operator.key is not None:
            checks.append((f"{where}.primitive_transformation", key_check(operator.key)))
        info_type = transformation.info_type.name if transformation.info_type else "FIELD"
        return [FieldRule(name, parts, False, operator=operator, info_type=info_type)
                for name, parts in fields]
    own = transformation.info_type_transformations
    if own is None:
        return [FieldRule(name, parts, True, operators=job) for name, parts in fields]
    listed = build_operators({"info_type_transformations": own}, storage,
                             path=f"{where}.info_type_transformations.transformations",
                             job_secret=job_secret)
    checks.extend(listed.key_checks)
    if any(not t.info_types for t in own.transformations):  # its own catch-all
        field_operators = listed
    else:  # the job's operators for the types the field does not list: never un-redacted
        field_operators = Operators({**job.by_type, **listed.by_type}, job.default)
    return [FieldRule(name, parts, True, operators=field_operators) for name, parts in fields]


# --- applying the plan to one record -------------------------------------------------------

def hashed_id(key: bytes, record_id: str) -> str:
    """The id under `ids: hash`: HMAC-SHA256 of the id, 32 hex digits. The same id gives the
    same hash in every run with the same key (a stable join key); without the key it cannot
    be reversed or recomputed from a guess."""
    from veil.operators.keys import keyed_digest

    return keyed_digest(key, "record_id", record_id).hex()[:32]


def apply_plan(conversation, plan: RecordPlan, field_map):
    """The conversation with its configured fields found (to inspect, or to transform whole),
    the ones it lacks listed, and its id hashed under `ids: hash`."""
    import dataclasses

    from veil.records import FieldText, WholeValue

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
            problems.append(f"{_PATH}: field {rule.name!r}: {reason}")
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
            problems.append(f"{_PATH}: field {rule.name!r}: {missing!r} is not in the Parquet "
                            f"schema (columns: {columns})")
            continue
        if rule.inspect:
            if not _holds_strings(leaf):
                problems.append(f"{_PATH}: field {rule.name!r} is {leaf}: only text columns (or "
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
                problems.append(f"{_PATH}: field {rule.name!r}: {problem}")
        elif kind == "date_shift_config" and (pa.types.is_date(leaf) or pa.types.is_timestamp(leaf)):
            continue
        elif kind not in _NON_TEXT_WHOLE and not (_holds_strings(leaf) and kind != "redact_config"):
            problems.append(f"{_PATH}: field {rule.name!r} is {leaf}, and {kind} writes text: "
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


def record_key_files(config) -> list[tuple[str, str, str]]:
    """(config path, file location, the location as a message may show it) of every key file
    the record settings read: keyed field transformations and the id key. Like
    `veil.operators.key_files`, for the launch's check that workers can reach them."""
    from veil.operators.build import is_keyed, key_files
    from veil.operators.config import DeidentifyConfig
    from veil.operators.keys import shown_file

    found = []
    record_transformations = config.deidentify_config.record_transformations
    for index, transformation in enumerate(
            record_transformations.field_transformations if record_transformations else ()):
        where = f"{_PATH}[{index}]"
        primitive = transformation.primitive_transformation
        if primitive is not None and is_keyed(primitive) and primitive.options.crypto_key.file:
            location = primitive.options.crypto_key.file
            found.append((f"{where}.primitive_transformation.{primitive.kind}.crypto_key.file",
                          location, shown_file(location)))
        if transformation.info_type_transformations is not None:
            own = DeidentifyConfig(info_type_transformations=transformation.info_type_transformations)
            for path, location, shown in key_files(own):
                found.append((where + "." + path.removeprefix("deidentify_config."), location, shown))
    if config.record.ids is IdHandling.HASH and config.record.id_crypto_key.file:
        location = config.record.id_crypto_key.file
        found.append(("record.id_crypto_key.file", location, shown_file(location)))
    return found
