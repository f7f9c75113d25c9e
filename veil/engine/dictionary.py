"""Dictionary matching as DLP does it: case-insensitive, punctuation counts as whitespace, and
only whole words match.

Text is cut into word tokens and rejoined with single spaces, so "Dunder-Mifflin", "dunder
mifflin" and "DUNDER  MIFFLIN" all read "dunder mifflin". One Aho-Corasick automaton
(pyahocorasick) finds every term in a single pass, whatever the size of the list.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from itertools import accumulate
from typing import Iterable, Iterator

import ahocorasick

_WORD = re.compile(r"\w+")


def normalise_term(term: str) -> str:
    return " ".join(m.group(0) for m in _WORD.finditer(term.lower()))


class TokenView:
    """A text's words joined by single spaces, with a map back to character offsets."""

    __slots__ = ("text", "starts", "ends", "joined_starts", "_padded")

    def __init__(self, text: str):
        lowered = text.lower()
        if len(lowered) == len(text):
            # The common case, in C: lower-case once, then cut into words.
            spans = [m.span() for m in _WORD.finditer(lowered)]
            pieces = _WORD.findall(lowered)
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
        self.starts = [s for s, _ in spans]
        self.ends = [e for _, e in spans]
        # Where each word starts in the joined text: word lengths plus one space each.
        self.joined_starts = list(accumulate((e - s + 1 for s, e in spans), initial=0))[:-1]
        self._padded = None

    @property
    def padded(self) -> str:
        """The joined text with a space at each end, so whole words are ' word '."""
        if self._padded is None:
            self._padded = f" {self.text} "
        return self._padded

    def original_span(self, joined_start: int, joined_end: int) -> tuple[int, int] | None:
        """Map a span of the joined text back, if it starts and ends on word boundaries."""
        first = bisect_left(self.joined_starts, joined_start)
        if first == len(self.joined_starts) or self.joined_starts[first] != joined_start:
            return None
        last = bisect_left(self.joined_starts, joined_end + 1) - 1
        word_end = self.joined_starts[last] + (self.ends[last] - self.starts[last])
        if word_end != joined_end:
            return None
        return self.starts[first], self.ends[last]


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
        key = normalise_term(phrase)
        return bool(key) and self.size > 0 and f" {key} " in self._automaton
