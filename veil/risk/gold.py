"""Residual items from gold labels: which labelled PI did the redaction leave behind?

A gold span whose every letter and digit was redacted is safe; one with some of them redacted
is PARTIAL (the residual value is the uncovered remainder, "[PERSON_NAME_1] Green" -> "Green");
one with none redacted was missed. Offsets, gold and redacted alike, are characters in the
ORIGINAL turn text, as in `findings/`.
"""
from __future__ import annotations

import bisect
from dataclasses import replace
from typing import Any, Iterable, Sequence

from veil.detection.findings import Finding
from veil.risk.scoring import ResidualItem
from veil.risk.table import DEFAULT_TABLE, RiskTable


def _get(span: Any, name: str, default: Any = None) -> Any:
    if isinstance(span, dict):
        return span.get(name, default)
    return getattr(span, name, default)


def _interval(span: Any) -> tuple[int, int, int]:
    """(turn, start, end) of a finding, a dict, or a (turn, start, end) tuple."""
    if type(span) is Finding:  # the common case, first: a finding's fields are ints already
        return span.turn, span.start, span.end
    if type(span) is dict:
        return int(span.get("turn", 0) or 0), int(span.get("start")), int(span.get("end"))
    if isinstance(span, (tuple, list)):
        turn, start, end = span
        return int(turn), int(start), int(end)
    return int(_get(span, "turn", 0) or 0), int(_get(span, "start")), int(_get(span, "end"))


def covered_positions(redacted_spans: Iterable[Any]) -> dict[int, list[tuple[int, int]]]:
    """Redacted intervals per turn, sorted and merged."""
    by_turn: dict[int, list[tuple[int, int]]] = {}
    for span in redacted_spans:
        turn, start, end = _interval(span)
        by_turn.setdefault(turn, []).append((start, end))
    merged: dict[int, list[tuple[int, int]]] = {}
    for turn, intervals in by_turn.items():
        out: list[tuple[int, int]] = []
        for start, end in sorted(intervals):
            if out and start <= out[-1][1]:
                out[-1] = (out[-1][0], max(out[-1][1], end))
            else:
                out.append((start, end))
        merged[turn] = out
    return merged


def _is_covered(position: int, intervals: list[tuple[int, int]]) -> bool:
    """Whether a position lies in one of the sorted, disjoint intervals."""
    index = bisect.bisect_right(intervals, (position, float("inf"))) - 1
    return index >= 0 and intervals[index][0] <= position < intervals[index][1]


def classify_gold_span(text: str, start: int, end: int,
                       intervals: list[tuple[int, int]]) -> tuple[str, list[int]]:
    """'safe', 'partial' or 'missed', and the uncovered letter/digit positions.

    Only letters and digits count: a redaction that stops before a trailing full stop or
    quote still covers the whole value.
    """
    if not 0 <= start <= end <= len(text):  # labels that do not fit the text: as they come
        meaningful = [i for i in range(start, end) if text[i].isalnum()]
        uncovered = [i for i in meaningful if not _is_covered(i, intervals)]
        if not uncovered:
            return "safe", []
        return ("missed" if len(uncovered) == len(meaningful) else "partial"), uncovered
    # The redacted intervals that overlap [start, end), clipped to it.
    first = max(bisect.bisect_right(intervals, (start, float("inf"))) - 1, 0)
    cuts = []
    for cut_start, cut_end in intervals[first:]:
        if cut_start >= end:
            break
        if cut_end > start:
            cuts.append((max(cut_start, start), min(cut_end, end)))
    if not cuts:
        uncovered = [i for i in range(start, end) if text[i].isalnum()]
        return ("missed", uncovered) if uncovered else ("safe", [])
    uncovered, any_covered, position = [], False, start
    for cut_start, cut_end in cuts + [(end, end)]:
        uncovered += [i for i in range(position, cut_start) if text[i].isalnum()]
        if not any_covered:
            any_covered = any(text[i].isalnum() for i in range(cut_start, cut_end))
        position = max(position, cut_end)
    if not uncovered:
        return "safe", []
    if not any_covered:
        return "missed", uncovered
    return "partial", uncovered


def _remainder(text: str, positions: list[int], intervals: list[tuple[int, int]]
               ) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The uncovered remainder as text (its runs joined by a space), and each run's offsets.

    A run spans from its first to its last uncovered letter or digit, with the spaces and
    punctuation between them ("sparks harbor"), and never holds a redacted character.
    """
    runs: list[list[int]] = []
    for position in positions:
        gap = range(runs[-1][-1] + 1, position) if runs else range(0)
        if runs and not any(text[i].isalnum() or _is_covered(i, intervals) for i in gap):
            runs[-1].append(position)
        else:
            runs.append([position])
    pieces = tuple((run[0], run[-1] + 1) for run in runs)
    return " ".join(text[start:end] for start, end in pieces), pieces


def in_output_text(items: Iterable[ResidualItem], replacements: Iterable[Any]) -> list[ResidualItem]:
    """Gold items moved from the original text into the anonymised one.

    Gold offsets, and so a gold item's, refer to the ORIGINAL turn; the report highlights the
    ANONYMISED turn, where every replacement before a position moved it by the difference in
    length. What is left of an item lies outside every replaced span, so each of its pieces
    moves whole. `replacements` are `(finding, text)` pairs (veil.transform.anonymize.Replacement).
    """
    shifts: dict[int, tuple[list[int], list[int]]] = {}
    for finding, text in sorted(((r.finding, r.text) for r in replacements),
                                key=lambda pair: (pair[0].turn, pair[0].start)):
        ends, deltas = shifts.setdefault(finding.turn, ([], []))
        ends.append(finding.end)
        deltas.append((deltas[-1] if deltas else 0) + len(text) - (finding.end - finding.start))

    def move(turn: int, position: int) -> int:
        ends, deltas = shifts.get(turn, ((), ()))
        index = bisect.bisect_right(ends, position)
        return position + (deltas[index - 1] if index else 0)

    moved = []
    for item in items:
        if item.turn is None or item.start is None or item.turn not in shifts:
            moved.append(item)
            continue
        pieces = tuple((move(item.turn, start), move(item.turn, start) + (end - start))
                       for start, end in (item.pieces or ((item.start, item.end),)))
        moved.append(replace(item, start=pieces[0][0], end=pieces[-1][1],
                             pieces=pieces if item.pieces else ()))
    return moved


def from_gold(
    texts: Sequence[str],
    gold_spans: Iterable[Any],
    redacted_spans: Iterable[Any],
    table: RiskTable = DEFAULT_TABLE,
) -> list[ResidualItem]:
    """The residual items of one conversation, from its gold `pii` and what was redacted.

    `gold_spans` are `{turn, start, end, info_type, speaker_related?}` (dicts or objects;
    `turn` omitted for documents). `redacted_spans` are findings, dicts or (turn, start, end).
    """
    intervals = covered_positions(redacted_spans)
    items = []
    for span in gold_spans:
        turn, start, end = _interval(span)
        text = texts[turn]
        verdict, uncovered = classify_gold_span(text, start, end, intervals.get(turn, []))
        if verdict == "safe":
            continue
        ref = table.resolve(str(_get(span, "info_type")))
        pieces: tuple[tuple[int, int], ...] = ()
        if verdict == "missed":
            value, item_start, item_end = text[start:end], start, end
        else:
            value, pieces = _remainder(text, uncovered, intervals.get(turn, []))
            item_start, item_end = pieces[0][0], pieces[-1][1]
            pieces = pieces if len(pieces) > 1 else ()
        items.append(ResidualItem(
            info_type=ref.info_type,
            value=value,
            partial=verdict == "partial" or ref.partial,
            speaker=bool(_get(span, "speaker_related", False)) or ref.speaker,
            turn=turn, start=item_start, end=item_end, source="gold", pieces=pieces,
        ))
    return items
