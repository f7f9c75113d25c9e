"""Merging the findings of every detector into non-overlapping spans, one infoType each.

Order of trust: checksum-validated over regex over dictionary over model, then higher
likelihood, then longer span, then a specific type over a generic one (the catalogue's
`generic` types, such as the profile's DIGIT_SEQUENCE: "536-22-1842" found as both a US SSN and
a digit sequence is a US SSN). Two choices favour recall, since a miss leaks a person and an
over-redaction costs a word:

- overlapping findings of the same infoType are joined into one span ("Mark" and "Mark Green"
  become "Mark Green");
- where a weaker finding overlaps a stronger one of another type, the weaker keeps whatever
  part of it the stronger does not cover, instead of being dropped.
"""
from __future__ import annotations

from itertools import groupby
from typing import Iterable

from veil.findings import Finding
from veil.infotypes.builtin import BUILTINS

_GENERIC = BUILTINS.generic_types()


def _strength(finding: Finding) -> tuple:
    # Highest first; the trailing fields make the order total, hence deterministic.
    return (
        -finding.method, -finding.likelihood, -finding.length, finding.info_type in _GENERIC,
        finding.start, finding.info_type, finding.detector,
    )


def _join_same_type(findings: list[Finding]) -> list[Finding]:
    joined: list[Finding] = []
    ordered = sorted(findings, key=lambda f: (f.info_type, f.start, _strength(f)))
    for _, group in groupby(ordered, key=lambda f: f.info_type):
        current: Finding | None = None
        for finding in group:
            if current is not None and finding.start < current.end:
                strongest = min(current, finding, key=_strength)
                current = strongest.with_span(current.start, max(current.end, finding.end))
            else:
                if current is not None:
                    joined.append(current)
                current = finding
        if current is not None:
            joined.append(current)
    return joined


def _uncovered(finding: Finding, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    pieces = [(finding.start, finding.end)]
    for t_start, t_end in taken:
        next_pieces = []
        for p_start, p_end in pieces:
            if t_end <= p_start or p_end <= t_start:
                next_pieces.append((p_start, p_end))
                continue
            if p_start < t_start:
                next_pieces.append((p_start, t_start))
            if t_end < p_end:
                next_pieces.append((t_end, p_end))
        pieces = next_pieces
    return pieces


def _trim(text: str | None, start: int, end: int) -> tuple[int, int] | None:
    """Shrink a leftover piece to its alphanumeric core; None if nothing identifying is left."""
    if text is None:
        return (start, end) if end > start else None
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return (start, end) if end > start else None


def merge_findings(findings: Iterable[Finding], texts: list[str] | None = None) -> list[Finding]:
    """Non-overlapping findings sorted by (turn, start). `texts` lets leftovers be trimmed."""
    merged: list[Finding] = []
    by_turn = sorted(findings, key=lambda f: f.turn)
    for turn, group in groupby(by_turn, key=lambda f: f.turn):
        text = texts[turn] if texts is not None else None
        taken: list[tuple[int, int]] = []
        for finding in sorted(_join_same_type(list(group)), key=_strength):
            whole = (finding.start, finding.end)
            pieces = _uncovered(finding, taken)
            for p_start, p_end in pieces:
                span = (p_start, p_end) if (p_start, p_end) == whole else _trim(text, p_start, p_end)
                if span is None:
                    continue
                merged.append(finding.with_span(*span))
                taken.append(span)
    merged.sort(key=lambda f: (f.turn, f.start))
    return merged
