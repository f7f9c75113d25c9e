"""Dictionary matching as DLP does it: case-insensitive, punctuation counts as whitespace, and
only whole words match.

Text is cut into word tokens and rejoined with single spaces, so "Dunder-Mifflin", "dunder
mifflin" and "DUNDER  MIFFLIN" all read "dunder mifflin". One Aho-Corasick automaton
(pyahocorasick) finds every term in a single pass, whatever the size of the list.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from typing import Iterable, Iterator

import ahocorasick

_WORD = re.compile(r"\w+")


def normalise_term(term: str) -> str:
    return " ".join(_WORD.findall(term.lower()))


class TokenView:
    """A text's words joined by single spaces, with a map back to character offsets.

    Only the joined text is built up front (two C calls); the offsets, which only texts
    with a dictionary match need, are built on first use.
    """

    __slots__ = ("_lowered", "text", "_starts", "_ends", "_joined_starts", "_padded")

    def __init__(self, text: str):
        lowered = text.lower()
        self._lowered = lowered
        if len(lowered) == len(text):
            # The common case, in C: lower-case once, then cut into words.
            self.text = " ".join(_WORD.findall(lowered))
            self._starts = None
        else:
            # lower() changes the length of some characters ("İ"); keep offsets exact by
            # leaving such a word as it was.
            spans, pieces = [], []
            for match in _WORD.finditer(text):
                word = match.group(0).lower()
                if len(word) != match.end() - match.start():
                    word = match.group(0)
                spans.append(match.span())
                pieces.append(word)
            self.text = " ".join(pieces)
            self._set_spans(spans)
        self._padded = None

    def _set_spans(self, spans: Iterable[tuple[int, int]]) -> None:
        # One loop rather than three comprehensions: this runs once per text.
        starts, ends, joined_starts = [], [], []
        position = 0  # where each word starts in the joined text
        for start, end in spans:
            starts.append(start)
            ends.append(end)
            joined_starts.append(position)
            position += end - start + 1
        self._starts, self._ends, self._joined_starts = starts, ends, joined_starts

    def _ensure_spans(self) -> None:
        if self._starts is None:
            self._set_spans(map(re.Match.span, _WORD.finditer(self._lowered)))

    @property
    def starts(self) -> list[int]:
        self._ensure_spans()
        return self._starts

    @property
    def ends(self) -> list[int]:
        self._ensure_spans()
        return self._ends

    @property
    def joined_starts(self) -> list[int]:
        self._ensure_spans()
        return self._joined_starts

    @property
    def padded(self) -> str:
        """The joined text with a space at each end, so whole words are ' word '."""
        if self._padded is None:
            self._padded = f" {self.text} "
        return self._padded

    def original_span(self, joined_start: int, joined_end: int) -> tuple[int, int] | None:
        """Map a span of the joined text back, if it starts and ends on word boundaries."""
        self._ensure_spans()
        joined_starts, starts, ends = self._joined_starts, self._starts, self._ends
        first = bisect_left(joined_starts, joined_start)
        if first == len(joined_starts) or joined_starts[first] != joined_start:
            return None
        last = bisect_left(joined_starts, joined_end + 1) - 1
        word_end = joined_starts[last] + (ends[last] - starts[last])
        if word_end != joined_end:
            return None
        return starts[first], ends[last]


class DictionaryMatcher:
    """Finds whole-word, case-insensitive occurrences of any of a list of terms.

    Terms are stored as " term " and searched in the view's " joined text ", so the automaton
    reports only whole-word matches: no time is spent on names hidden inside other words.
    """

    def __init__(self, terms: Iterable[str]):
        self._automaton = ahocorasick.Automaton()
        count = 0
        for term in terms:
            key = normalise_term(term)
            if key:
                self._automaton.add_word(f" {key} ", len(key))
                count += 1
        self.size = count
        if count:
            self._automaton.make_automaton()

    def find(self, view: TokenView) -> Iterator[tuple[int, int]]:
        """Character spans of the matches in the original text, longest first at each end."""
        if not self.size or not view.text:
            return
        original_span = view.original_span
        for end_index, length in self._automaton.iter(view.padded):
            # The padded match ends with the space after the term, at end_index.
            joined_end = end_index - 1
            span = original_span(joined_end - length, joined_end)
            if span is not None:
                yield span

    def __contains__(self, phrase: str) -> bool:
        return self.has_normalised(normalise_term(phrase))

    def has_normalised(self, key: str) -> bool:
        """Whether `key`, already through `normalise_term`, is one of the terms."""
        return bool(key) and self.size > 0 and f" {key} " in self._automaton
