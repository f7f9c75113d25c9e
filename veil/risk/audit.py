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
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from veil.risk.scoring import ResidualItem
from veil.risk.table import DEFAULT_TABLE, RiskTable

# `[PERSON_NAME_1]` or `[NUMERIC]`: the infoType, then an optional per-conversation number
# (ASCII digits, as Veil writes them). Input text of this shape was escaped when anonymised
# (veil.placeholders), so whatever matches here is Veil's own.
PLACEHOLDER = re.compile(r"\[(?P<type>[A-Z][A-Z0-9_]*?)(?:_(?P<number>[0-9]+))?\]")

# What may sit between a hit and the placeholder it continues: a space or two, or the joiners
# of addresses and numbers ("mk21@[DOMAIN_NAME_1]", "555-[PHONE_NUMBER_1]"). A comma, a word or
# a full stop then a space ("Hi [PERSON_NAME_1]. Mark here") means a separate value; only an
# initial may end in one ("J. [PERSON_NAME_1]").
_GAP = re.compile(r"\s{0,2}|[\-.@_'’/]{1,2}\s?")
_SENTENCE_GAP = re.compile(r"\.\s")

_DIGITS = {"DIGIT_SEQUENCE", "NUMERIC", "GENERIC_ID"}
_LETTERS = {"SPELLED_LETTERS"}

# Placeholder type -> auditor types that, next to it, are the rest of the same value.
# Every type is also compatible with itself.
_COMPATIBLE: dict[str, frozenset] = {
    "PERSON_NAME": frozenset({"FIRST_NAME", "LAST_NAME", "FEMALE_NAME", "MALE_NAME"} | _LETTERS),
    "EMAIL_ADDRESS": frozenset({"DOMAIN_NAME", "USER_NAME", "PERSON_NAME", "URL"} | _DIGITS | _LETTERS),
    "USER_NAME": frozenset({"PERSON_NAME", "EMAIL_ADDRESS"} | _DIGITS | _LETTERS),
    "URL": frozenset({"DOMAIN_NAME"}),
    "DOMAIN_NAME": frozenset({"URL"}),
    "STREET_ADDRESS": frozenset({"LOCATION", "US_STATE", "US_ZIP", "CANADA_POSTAL_CODE"} | _DIGITS),
    "PHONE_NUMBER": frozenset(_DIGITS),
    "DATE_OF_BIRTH": frozenset({"DATE", "AGE"}),
    **{name: frozenset(_DIGITS) for name in (
        "CREDIT_CARD_NUMBER", "CREDIT_CARD_TRACK_NUMBER", "IBAN_CODE", "PASSPORT",
        "US_SOCIAL_SECURITY_NUMBER", "CANADA_SOCIAL_INSURANCE_NUMBER", "ROUTING_NUMBER",
        "MEDICAL_RECORD_NUMBER", "VEHICLE_IDENTIFICATION_NUMBER", "ICCID_NUMBER",
        "IMEI_HARDWARE_ID", "IMSI_ID", "VAT_NUMBER", "SWIFT_CODE")},
    # Placeholders of the profile's generic types say little about what they hid: a hit next
    # to them keeps its own type (see GENERIC_PLACEHOLDERS).
    "DIGIT_SEQUENCE": frozenset({
        "PHONE_NUMBER", "CREDIT_CARD_NUMBER", "US_SOCIAL_SECURITY_NUMBER",
        "CANADA_SOCIAL_INSURANCE_NUMBER", "GENERIC_ID", "IBAN_CODE", "ROUTING_NUMBER",
        "PASSPORT", "STREET_ADDRESS", "EMAIL_ADDRESS", "USER_NAME"} | _DIGITS),
    "SPELLED_LETTERS": frozenset({
        "PERSON_NAME", "EMAIL_ADDRESS", "USER_NAME", "STREET_ADDRESS", "ORGANIZATION_NAME",
        "GENERIC_ID", "PASSPORT", "VEHICLE_IDENTIFICATION_NUMBER"} | _LETTERS),
}
_COMPATIBLE["NUMERIC"] = _COMPATIBLE["DIGIT_SEQUENCE"]
DEFAULT_COMPATIBLE: Mapping[str, frozenset] = MappingProxyType(_COMPATIBLE)
GENERIC_PLACEHOLDERS = frozenset({"DIGIT_SEQUENCE", "NUMERIC", "SPELLED_LETTERS"})

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
) -> list[ResidualItem]:
    """The residual items of one auditor hit: none, PARTIAL ones, or missed ones."""
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
            speaker=speaker, turn=turn, start=a, end=b, source="audit",
        ))
    return items


def from_audit(
    texts: Sequence[str],
    audit_findings: Iterable[Any],
    table: RiskTable = DEFAULT_TABLE,
    compatible: Mapping[str, frozenset] = DEFAULT_COMPATIBLE,
) -> list[ResidualItem]:
    """Classify an auditor's hits on one anonymised conversation (offsets into `texts`).

    Hits are findings, dicts or objects with `turn` (omitted for documents), `start`, `end`,
    `info_type`, and optionally `speaker_related`.
    """
    placeholders = {}
    items: list[ResidualItem] = []
    for hit in audit_findings:
        turn = int(_get(hit, "turn", 0) or 0)
        if turn not in placeholders:
            placeholders[turn] = find_placeholders(texts[turn], table)
        items.extend(classify_hit(
            texts[turn], turn, int(_get(hit, "start")), int(_get(hit, "end")),
            str(_get(hit, "info_type")), placeholders[turn], table, compatible,
            _get(hit, "speaker_related", None),
        ))
    return items


# --- the auditor's turn memo -------------------------------------------------------------

# Distinct turn texts remembered per worker (an LRU), and the longest remembered: long turns
# rarely repeat, and the bound keeps the memo under about 20 MB whatever the corpus.
AUDIT_MEMO_ENTRIES = 32768
AUDIT_MEMO_MAX_CHARS = 512


def memoise_turns(detector: Any, max_entries: int = AUDIT_MEMO_ENTRIES,
                  max_chars: int = AUDIT_MEMO_MAX_CHARS) -> Any:
    """Make a `ConversationDetector` remember its per-turn scans, and return it.

    Anonymised turns repeat far more than raw ones ("Thank you for calling
    [ORGANIZATION_NAME_1], this is [PERSON_NAME_1]."), and the engine's per-turn scan (before
    previous-turn hotwords and thresholds, which still run per conversation) is a function of
    the turn's text alone: its findings are kept, by text, with turn 0, and re-stamped with the
    turn asked for. The engine's batch scan (`inspect_unfiltered_texts`) is wrapped: the turns
    not remembered are still scanned in one batch. The results are the same, scan for scan
    (tests/risk/test_risk_audit.py checks it on a corpus); only the time changes.
    A detector without a batch scan (Google DLP) is returned as it is.
    """
    engine = getattr(detector, "engine", None)
    scan_texts = getattr(engine, "inspect_unfiltered_texts", None)
    if scan_texts is None or getattr(scan_texts, "veil_memoised", False):
        return detector
    memo: dict[str, tuple] = {}
    stats = {"hits": 0, "misses": 0}

    def memoised(texts, turns=None) -> list:
        texts = list(texts)
        turns = list(range(len(texts))) if turns is None else list(turns)
        found: list = [None] * len(texts)
        missed = []
        for i, text in enumerate(texts):
            known = memo.get(text)
            if known is None:
                missed.append(i)
            else:
                found[i] = [f.shifted(0, turns[i]) for f in known] if turns[i] else list(known)
        stats["hits"] += len(texts) - len(missed)
        stats["misses"] += len(missed)
        if missed:
            scanned = scan_texts([texts[i] for i in missed], [0] * len(missed))
            for i, findings in zip(missed, scanned):
                findings = tuple(findings)
                if len(texts[i]) <= max_chars:
                    if len(memo) >= max_entries:
                        memo.clear()  # bounded: start again rather than grow
                    memo[texts[i]] = findings
                found[i] = [f.shifted(0, turns[i]) for f in findings] if turns[i] else list(findings)
        return found

    memoised.veil_memoised = True
    memoised.stats = stats
    engine.inspect_unfiltered_texts = memoised
    return detector
