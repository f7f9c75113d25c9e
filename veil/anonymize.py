"""Replacing merged findings with numbered placeholders, as in the paper: `[PERSON_NAME_1]`.

Numbers are per conversation and per infoType, in order of first appearance. The same value
gets the same number; numbering restarts in every conversation and no mapping outlives it,
because a mapping that persisted across conversations would be pseudonymisation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from veil.findings import Finding

_NON_ALNUM = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class Replacement:
    """A finding and the text that replaces it in the output."""

    finding: Finding
    text: str


def entity_key(value: str) -> str:
    """What makes two mentions "the same value": case and punctuation do not count."""
    return _NON_ALNUM.sub("", value.casefold())


def number_placeholders(findings: list[Finding], texts: list[str]) -> list[Replacement]:
    """Placeholders for one conversation's merged findings, sorted by (turn, start)."""
    numbers: dict[tuple[str, str], int] = {}
    next_number: dict[str, int] = {}
    replacements = []
    for finding in sorted(findings, key=lambda f: (f.turn, f.start)):
        value = texts[finding.turn][finding.start : finding.end]
        key = (finding.info_type, entity_key(value) or value)
        if key not in numbers:
            next_number[finding.info_type] = next_number.get(finding.info_type, 0) + 1
            numbers[key] = next_number[finding.info_type]
        replacements.append(Replacement(finding, f"[{finding.info_type}_{numbers[key]}]"))
    return replacements


def apply_replacements(text: str, replacements: list[Replacement]) -> str:
    """The text with each replacement's span swapped for its text. Spans must not overlap."""
    pieces = []
    position = 0
    for replacement in sorted(replacements, key=lambda r: r.finding.start):
        start, end = replacement.finding.start, replacement.finding.end
        if start < position:
            raise ValueError("overlapping replacements")
        pieces.append(text[position:start])
        pieces.append(replacement.text)
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def anonymize_texts(texts: list[str], findings: list[Finding]) -> tuple[list[str], list[Replacement]]:
    """Every turn's text anonymised, and the replacements that did it."""
    replacements = number_placeholders(findings, texts)
    by_turn: dict[int, list[Replacement]] = {}
    for replacement in replacements:
        by_turn.setdefault(replacement.finding.turn, []).append(replacement)
    new_texts = [apply_replacements(text, by_turn.get(i, [])) for i, text in enumerate(texts)]
    return new_texts, replacements
