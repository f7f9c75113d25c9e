"""Checks at start, on a sample of records, of what the job trusts: ids and fields not inspected.

- **Ids** must be opaque keys: they reach `corpus/`, `findings/`, `errors/`, `risk/` and the
  report. With `record.ids: check` (the default) the job refuses to start when a sampled id
  holds an email, a phone number, a card or account number or another direct identifier, or
  two name words in a row ("john.smith"). `record.ids: hash` replaces ids with a keyed hash
  instead; `record.ids: keep` trusts them as they are. The sample only fails early: every
  record's id is read again by the job itself, and one that holds personal data is withheld
  (veil.run.record_ids).
- **Fields not inspected** are written as they are. The detector runs on their strings in the
  sample, and the job warns about each that looks like personal data, with type counts only,
  never values, so that the user can name it in `record_transformations`.

Only the rules run here (a model is not loaded at launch). The sample is the first records
of the input, in split order: the same on every run.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from veil.io.fields import RecordPlan, generic_name, string_leaves
from veil.io.records import FieldMap
from veil.risk.table import DEFAULT_TABLE
from veil.detection.speakers import looks_like_name
from veil.run.record_ids import IDENTIFYING, personal_id_types

# A value that recurs in at least this share of the sampled records of a field is a category
# or a constant ("customer_support"), not someone's personal data.
_RECURRING_SHARE = 0.5


@dataclass
class SampleReport:
    """What the sample showed: counts only, never values."""

    records: int = 0
    ids_flagged: int = 0
    id_types: Counter = field(default_factory=Counter)
    # generic field name -> records in which it held personal data, and the types found
    fields: dict[str, int] = field(default_factory=dict)
    field_types: dict[str, Counter] = field(default_factory=dict)
    speaker_labels_named: int = 0  # records whose labels look like names, left as they are

    def id_problem(self, id_field: str) -> str | None:
        if not self.ids_flagged:
            return None
        types = ", ".join(f"{name} {count}" for name, count in self.id_types.most_common())
        return (f"--id_field {id_field!r}: {self.ids_flagged} of {self.records} sampled ids look "
                f"like personal data ({types}). Ids are written to every output; make them "
                f"opaque keys, or set record.ids: hash in the config (a keyed hash replaces "
                f"them, read from record.id_crypto_key), or record.ids: keep if they are not "
                f"personal data")

    def warnings(self) -> list[str]:
        out = []
        for name in sorted(self.fields):
            types = ", ".join(f"{t} {c}" for t, c in self.field_types[name].most_common())
            out.append(f"field {name!r} is written as it is, and looks like personal data in "
                       f"{self.fields[name]} of {self.records} sampled records ({types}): name it "
                       f"in deidentify_config.record_transformations.field_transformations to "
                       f"inspect it")
        if self.speaker_labels_named:
            out.append(f"speaker labels look like names in {self.speaker_labels_named} of "
                       f"{self.records} sampled records, and record.speakers: keep writes them "
                       f"as they are")
        return out

    def summary(self) -> dict[str, Any]:
        return {
            "sampled_records": self.records,
            "uninspected_with_personal_data": {
                name: {"records": self.fields[name], "by_info_type": dict(self.field_types[name])}
                for name in sorted(self.fields)},
        }


def inspect_sample(records: Iterable[dict], plan: RecordPlan, fields: FieldMap, detect
                   ) -> SampleReport:
    """Check a sample of records. `detect(texts)` is the job's rules detector."""
    records = [r for r in records if isinstance(r, dict)]
    report = SampleReport(records=len(records))
    if not records:
        return report
    if plan.ids.value == "check":
        ids = [str(r[fields.id]) for r in records if isinstance(r.get(fields.id), (str, int))
               and not isinstance(r.get(fields.id), bool)]
        found = _by_text(ids, detect(ids))
        for index, value in enumerate(ids):
            types = personal_id_types(found.get(index, []), value)
            if types:
                report.ids_flagged += 1
                report.id_types.update(types)
    inspected = {rule.parts for rule in plan.rules}
    strings: list[tuple[str, str, int]] = []  # (generic field name, text, record)
    for number, record in enumerate(records):
        named_labels = False
        # A record with turns is read from them: a top-level text beside them is not inspected.
        has_turns = isinstance(record.get(fields.turns), list)
        for location, text in string_leaves(record):
            name = generic_name(location)
            if _trusted(location, name, fields, inspected, has_turns):
                if plan.speakers == "keep" and _is_label(location, fields) and looks_like_name(text):
                    named_labels = True
                continue
            if text.strip():
                strings.append((name, text, number))
        report.speaker_labels_named += named_labels
    _fields_with_personal_data(strings, detect, report)
    return report


def _by_text(texts: list[str], findings: list) -> dict[int, list]:
    out: dict[int, list] = {}
    for finding in findings:
        out.setdefault(finding.turn, []).append(finding)
    return out


def _is_label(location: tuple, fields: FieldMap) -> bool:
    return len(location) == 3 and location[0] == fields.turns and location[2] == fields.speaker


def _trusted(location: tuple, name: str, fields: FieldMap, inspected: set, has_turns: bool = False) -> bool:
    """Parts of a record the job handles itself: turn texts, labels, id, gold labels, the
    top-level text of a record without turns, and the configured fields."""
    if name in (fields.id, fields.pii) or name.startswith(fields.pii + "."):
        return True
    if name == fields.text and not has_turns:
        return True
    if location[:1] == (fields.turns,) and name in (f"{fields.turns}.{fields.text}",
                                                   f"{fields.turns}.{fields.speaker}"):
        return True
    parts = tuple(name.split("."))
    return any(parts[:len(rule)] == rule for rule in inspected)


def _fields_with_personal_data(strings: list[tuple[str, str, int]], detect, report: SampleReport) -> None:
    if not strings:
        return
    texts = [text for _, text, _ in strings]
    found = _by_text(texts, detect(texts))
    per_field_records: dict[str, set] = {}
    values: dict[str, Counter] = {}
    for name, text, number in strings:
        per_field_records.setdefault(name, set()).add(number)
        values.setdefault(name, Counter())[text.casefold()] += 1
    hits: dict[str, set] = {}
    for index, (name, text, number) in enumerate(strings):
        seen_in = len(per_field_records[name])
        if values[name][text.casefold()] >= max(2, _RECURRING_SHARE * seen_in):
            continue  # a category or a constant, not someone's data
        for finding in found.get(index, []):
            if DEFAULT_TABLE.base_score(finding.info_type, False) >= 3 or \
                    finding.info_type in IDENTIFYING:
                hits.setdefault(name, set()).add(number)
                report.field_types.setdefault(name, Counter())[finding.info_type] += 1
    report.fields = {name: len(numbers) for name, numbers in hits.items()}


def read_sample(storage, splits, max_record_bytes: int, count: int) -> list[dict]:
    """The first `count` readable records of the input, in split order. Unreadable ones are
    skipped: the job itself reports them in errors/."""
    from veil.io.inputs import read_split
    from veil.io.parse import decode_json_line
    from veil.io.records import BadRecord

    records: list[dict] = []
    for split in splits:
        if len(records) >= count:
            break
        try:
            for raw in read_split(storage, split, max_record_bytes):
                if raw.problem is not None or raw.payload is None:
                    continue
                try:
                    record = raw.payload if split.format == "parquet" else decode_json_line(raw.payload)
                except BadRecord:
                    continue
                if isinstance(record, dict):
                    records.append(record)
                if len(records) >= count:
                    break
        except Exception:  # noqa: BLE001 - a broken file is the job's to report, not the sample's
            continue
    return records
