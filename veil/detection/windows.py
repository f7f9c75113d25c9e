"""Overlapping windows over long turns, and mapping findings back to the whole turn.

Detectors see bounded text: regexes stay cheap and models stay within their context length.
Windows overlap so that an entity cut by one window's edge lies whole inside its neighbour.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from veil.detection.findings import Finding


@dataclass(frozen=True)
class Window:
    start: int
    end: int
    # The neighbours' reach, which decides who reports a finding at an edge (keep_in_window).
    previous_end: int | None = None
    next_start: int | None = None


def split_into_windows(length: int, size: int, overlap: int, text: str = "") -> list[Window]:
    """Cut [0, length) into windows of at most `size` characters overlapping by `overlap`.

    With `text`, a cut moves back to the nearest whitespace in the last tenth of the window,
    so that words are not split where that can be avoided.
    """
    if size <= overlap:
        raise ValueError("window size must exceed the overlap")
    if length <= size:
        return [Window(0, length)]
    bounds: list[tuple[int, int]] = []
    start = 0
    while True:
        end = min(start + size, length)
        if end < length and text:
            floor = end - size // 10
            cut = max(text.rfind(" ", floor, end), text.rfind("\n", floor, end))
            if cut > start + overlap:
                end = cut
        bounds.append((start, end))
        if end >= length:
            break
        start = max(end - overlap, start + 1)
    windows = []
    for i, (s, e) in enumerate(bounds):
        previous_end = bounds[i - 1][1] if i > 0 else None
        next_start = bounds[i + 1][0] if i + 1 < len(bounds) else None
        windows.append(Window(s, e, previous_end, next_start))
    return windows


def keep_in_window(finding: Finding, window: Window) -> bool:
    """Whether a window-relative finding is this window's to report.

    A finding that touches an inner edge may be cut short there, or be an artifact of the cut
    (a regex's `\b` matching at the edge). It is left to the neighbour when the neighbour sees
    it with room to spare, not touching the neighbour's own edge. Otherwise both windows keep
    it and the duplicates collapse: recall first. With an overlap of at least the longest
    entity plus two characters of context, windowed detection equals whole-text detection.
    """
    start, end = finding.start + window.start, finding.end + window.start
    if window.next_start is not None and end >= window.end and start > window.next_start:
        return False
    if window.previous_end is not None and start <= window.start and end < window.previous_end:
        return False
    return True


def detect_in_windows(
    text: str,
    turn: int,
    size: int,
    overlap: int,
    detect: Callable[[str, int], Iterable[Finding]],
) -> list[Finding]:
    """Run `detect(window_text, turn)` over the windows of one turn; offsets are the turn's."""
    windows = split_into_windows(len(text), size, overlap, text)
    if len(windows) == 1:
        return list(detect(text, turn))
    found: set[Finding] = set()
    for window in windows:
        for finding in detect(text[window.start : window.end], turn):
            if keep_in_window(finding, window):
                found.add(finding.shifted(window.start))
    return sorted(found)


def detect_texts_in_windows(
    texts: Sequence[str],
    size: int,
    overlap: int,
    detect_texts: Callable[[list[str], list[int]], list[list[Finding]]],
) -> list[list[Finding]]:
    """`detect_in_windows` for every turn of `texts` with one call of
    `detect_texts(pieces, turns)` over all their windows, so that a batch detector sees the
    whole conversation at once. Turn `i` is `texts[i]`; the result is per turn."""
    pieces: list[str] = []
    owners: list[tuple[int, Window | None]] = []  # (turn, its window if it has several)
    if texts and size <= overlap:
        raise ValueError("window size must exceed the overlap")
    for turn, text in enumerate(texts):
        # The common turn fits one window: no windows to cut (`split_into_windows`).
        windows = None if len(text) <= size else split_into_windows(len(text), size, overlap, text)
        if windows is None or len(windows) == 1:
            pieces.append(text)
            owners.append((turn, None))
            continue
        for window in windows:
            pieces.append(text[window.start : window.end])
            owners.append((turn, window))
    found: list[list[Finding]] = [[] for _ in texts]
    windowed: dict[int, set[Finding]] = {}
    results = detect_texts(pieces, [turn for turn, _ in owners])
    for (turn, window), findings in zip(owners, results):
        if window is None:
            found[turn] = list(findings)
            continue
        kept = windowed.setdefault(turn, set())
        kept.update(f.shifted(window.start) for f in findings if keep_in_window(f, window))
    for turn, kept in windowed.items():
        found[turn] = sorted(kept)
    return found
