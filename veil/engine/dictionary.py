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
    return " ".join(m.group(0) for m in _WORD.finditer(term.lower()))


class TokenView:
    """A text's words joined by single spaces, with a map back to character offsets."""

    __slots__ = ("text", "starts", "ends", "joined_starts")

    def __init__(self, text: str):
        starts, ends, pieces, joined_starts = [], [], [], []
        position = 0
        for match in _WORD.finditer(text):
            word = match.group(0).lower()
            # lower() may change the length of some characters; keep offsets exact by
            # leaving such a word as it was.
            if len(word) != match.end() - match.start():
                word = match.group(0)
            starts.append(match.start())
            ends.append(match.end())
            joined_starts.append(position)
            pieces.append(word)
            position += len(word) + 1
        self.text = " ".join(pieces)
        self.starts = starts
        self.ends = ends
        self.joined_starts = joined_starts

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
    """Finds whole-word, case-insensitive occurrences of any of a list of terms."""

    def __init__(self, terms: Iterable[str]):
        self._automaton = ahocorasick.Automaton()
        count = 0
        for term in terms:
            key = normalise_term(term)
            if key:
                self._automaton.add_word(key, len(key))
                count += 1
        self.size = count
        if count:
            self._automaton.make_automaton()

    def find(self, view: TokenView) -> Iterator[tuple[int, int]]:
        """Character spans of the matches in the original text, longest first at each end."""
        if not self.size or not view.text:
            return
        for end_index, length in self._automaton.iter(view.text):
            joined_end = end_index + 1
            span = view.original_span(joined_end - length, joined_end)
            if span is not None:
                yield span

    def __contains__(self, phrase: str) -> bool:
        key = normalise_term(phrase)
        return bool(key) and self.size > 0 and key in self._automaton
