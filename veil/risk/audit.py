"""Residual items from an audit: an independent, high-recall detector re-scans the output.

No labels are needed. Someone runs a different detector configuration over the anonymised
texts; this module classifies its hits against the placeholders already there:

- a hit inside a placeholder is ignored (it found our own `[PERSON_NAME_1]`);
- a hit that touches or abuts a placeholder of a compatible type is PARTIAL: the redaction got
  part of the value and left the rest ("[PERSON_NAME_1] green", "M-K two one [EMAIL_1]");
- any other hit was missed.

An organisation or product is tied to a speaker when the hit says so (`speaker_related`) or
its words do ("calling from X", "I work for X", "X, this is ...").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from veil.detection.infotypes.builtin import BUILTINS
from veil.risk.scoring import ResidualItem
from veil.risk.table import DEFAULT_TABLE, RiskTable

# `[PERSON_NAME_1]` or `[NUMERIC]`: the infoType, then an optional per-conversation number
# (ASCII digits, as Veil writes them). Input text of this shape was escaped when anonymised
# (veil.transform.placeholders), so whatever matches here is Veil's own.
PLACEHOLDER = re.compile(r"\[(?P<type>[A-Z][A-Z0-9_]*?)(?:_(?P<number>[0-9]+))?\]")

# What may sit between a hit and the placeholder it continues: a space or two, or the joiners
# of addresses and numbers ("mk21@[DOMAIN_NAME_1]", "555-[PHONE_NUMBER_1]"). A comma, a word or
# a full stop then a space ("Hi [PERSON_NAME_1]. Mark here") means a separate value; only an
# initial may end in one ("J. [PERSON_NAME_1]").
_GAP = re.compile(r"\s{0,2}|[\-.@_'’/]{1,2}\s?")
_SENTENCE_GAP = re.compile(r"\.\s")

# Placeholder type -> auditor types that, next to it, are the rest of the same value, from the
# catalogue (each entry's `compatible`). Every type is also compatible with itself.
DEFAULT_COMPATIBLE: Mapping[str, frozenset] = BUILTINS.compatible()
# Placeholders of the profile's generic types say little about what they hid: a hit next to
# them keeps its own type.
GENERIC_PLACEHOLDERS = BUILTINS.generic_types()

_SPEAKER_BEFORE = re.compile(
    r"(?:\b(?:calling|call|ringing|phoning|reaching out|writing)(?: you)? (?:from|on behalf of)"
    r"|\bon behalf of|\bhere at|\bwelcome to|\bthanks? (?:you )?for calling"
    r"|\b(?:i|we)(?:'m| am|'re| are) (?:with|from|at)"
    r"|\b(?:i|we) (?:work|worked|works) (?:for|at|with)"
    r"|\b(?:i|we) (?:own|run|represent|sell|make|offer)"
    r"|\bthis is \S+(?: \S+)? (?:from|with|at)"
    r"|\b(?:my|our) (?:company|business|employer|firm|store|shop|product|app|service|platform)"
    r"(?: is| called| named|,)?)\s*$",
    re.IGNORECASE,
)
_SPEAKER_AFTER = re.compile(r"^\s*,?\s*(?:this is|speaking|how (?:can|may) i help)", re.IGNORECASE)
_SPEAKER_TYPES = frozenset({"ORGANIZATION_NAME", "PRODUCT"})


@dataclass(frozen=True)
class Placeholder:
    start: int
    end: int
    info_type: str


def find_placeholders(text: str, table: RiskTable = DEFAULT_TABLE) -> list[Placeholder]:
    """The placeholders in an anonymised text, with their infoTypes resolved."""
    return [Placeholder(m.start(), m.end(), table.resolve(m.group("type")).info_type)
            for m in PLACEHOLDER.finditer(text)]


def written_values(replacements: Iterable[Any], table: RiskTable = DEFAULT_TABLE
                   ) -> dict[int, list[Placeholder]]:
    """Where the job wrote each value in the anonymised turns (placeholders, surrogates, masks,
    hashes), per turn, typed as the value it replaced.

    The job knows what it wrote: a fake phone number it put in is not a leak, and a hit on it
    is treated as a hit on a placeholder (ignored inside, PARTIAL when it continues a value the
    job replaced only in part). `replacements` are veil.transform.anonymize.Replacement of one record's
    turns, offsets in the ORIGINAL text; every earlier replacement in the turn moves the next.
    """
    out: dict[int, list[Placeholder]] = {}
    shift: dict[int, int] = {}
    for r in sorted(replacements, key=lambda r: (r.finding.turn, r.finding.start)):
        finding = r.finding
        delta = shift.get(finding.turn, 0)
        start = finding.start + delta
        shift[finding.turn] = delta + len(r.text) - (finding.end - finding.start)
        if r.hides_value:
            out.setdefault(finding.turn, []).append(
                Placeholder(start, start + len(r.text), table.resolve(finding.info_type).info_type))
    return out


def tied_to_speaker(text: str, start: int, end: int) -> bool:
    """Whether the words around a span tie it to a speaker ("calling from X", "X, this is")."""
    before = text[max(0, start - 60): start]
    after = text[end: end + 40]
    return bool(_SPEAKER_BEFORE.search(before) or _SPEAKER_AFTER.match(after))


def is_compatible(placeholder_type: str, hit_type: str, raw_hit_type: str = "",
                  compatible: Mapping[str, frozenset] = DEFAULT_COMPATIBLE) -> bool:
    if hit_type == placeholder_type:
        return True
    allowed = compatible.get(placeholder_type, frozenset())
    return hit_type in allowed or raw_hit_type in allowed


def _segments(text: str, start: int, end: int, placeholders: list[Placeholder]
              ) -> list[tuple[int, int]]:
    """The hit's parts outside placeholders, trimmed to letters and digits at both ends."""
    cuts = [(p.start, p.end) for p in placeholders if p.start < end and p.end > start]
    parts, position = [], start
    for cut_start, cut_end in sorted(cuts):
        parts.append((position, max(position, cut_start)))
        position = max(position, cut_end)
    parts.append((position, end))
    trimmed = []
    for a, b in parts:
        while a < b and not text[a].isalnum():
            a += 1
        while b > a and not text[b - 1].isalnum():
            b -= 1
        if a < b:
            trimmed.append((a, b))
    return trimmed


def _touching(text: str, start: int, end: int, placeholders: list[Placeholder]
              ) -> list[Placeholder]:
    """Placeholders that the segment [start, end) continues: adjacent across a small gap."""
    out = []
    for p in placeholders:
        if p.end <= start:
            gap = text[p.end:start]
        elif p.start >= end:
            gap = text[end:p.start]
            if _SENTENCE_GAP.fullmatch(gap) and end - start == 1:
                out.append(p)  # an initial: "J. [PERSON_NAME_1]"
                continue
        else:
            continue
        if _GAP.fullmatch(gap) and not _SENTENCE_GAP.fullmatch(gap):
            out.append(p)
    return out


def _get(hit: Any, name: str, default: Any = None) -> Any:
    return hit.get(name, default) if isinstance(hit, dict) else getattr(hit, name, default)


def classify_hit(
    text: str,
    turn: int,
    start: int,
    end: int,
    info_type: str,
    placeholders: list[Placeholder],
    table: RiskTable = DEFAULT_TABLE,
    compatible: Mapping[str, frozenset] = DEFAULT_COMPATIBLE,
    speaker_related: bool | None = None,
    detector: str = "",
) -> list[ResidualItem]:
    """The residual items of one auditor hit: none, PARTIAL ones, or missed ones. `detector`:
    which of the auditor's detectors hit it (the estimate weighs the item by it)."""
    ref = table.resolve(info_type)
    raw_type = info_type.strip().upper()
    items = []
    for a, b in _segments(text, start, end, placeholders):
        partner = next((p for p in _touching(text, a, b, placeholders)
                        if is_compatible(p.info_type, ref.info_type, raw_type, compatible)), None)
        item_type = ref.info_type
        if partner is not None and partner.info_type not in GENERIC_PLACEHOLDERS:
            item_type = partner.info_type
        speaker = ref.speaker or bool(speaker_related)
        if speaker_related is None and item_type in _SPEAKER_TYPES:
            speaker = speaker or tied_to_speaker(text, a, b)
        items.append(ResidualItem(
            info_type=item_type, value=text[a:b], partial=partner is not None or ref.partial,
            speaker=speaker, turn=turn, start=a, end=b, source="audit", detector=detector,
        ))
    return items


def hit_detector(hit: Any) -> str:
    """`rules:regex`, `rules:dictionary`, `spacy:model`...: a finding's detector and method."""
    label = _get(hit, "detector_label", None)
    return str(label) if label else str(_get(hit, "detector", "") or "")


def from_audit(
    texts: Sequence[str],
    audit_findings: Iterable[Any],
    table: RiskTable = DEFAULT_TABLE,
    compatible: Mapping[str, frozenset] = DEFAULT_COMPATIBLE,
    written: Mapping[int, list[Placeholder]] | None = None,
) -> list[ResidualItem]:
    """Classify an auditor's hits on one anonymised conversation (offsets into `texts`).

    Hits are findings, dicts or objects with `turn` (omitted for documents), `start`, `end`,
    `info_type`, and optionally `speaker_related`. `written`: the values the job wrote, per
    turn (`written_values`), which count as placeholders: never scored themselves.
    """
    placeholders = {}
    items: list[ResidualItem] = []
    for hit in audit_findings:
        turn = int(_get(hit, "turn", 0) or 0)
        if turn not in placeholders:
            placeholders[turn] = sorted(
                {*find_placeholders(texts[turn], table), *((written or {}).get(turn, ()))},
                key=lambda p: (p.start, p.end, p.info_type))
        items.extend(classify_hit(
            texts[turn], turn, int(_get(hit, "start")), int(_get(hit, "end")),
            str(_get(hit, "info_type")), placeholders[turn], table, compatible,
            _get(hit, "speaker_related", None), hit_detector(hit),
        ))
    return items
