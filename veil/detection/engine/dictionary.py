"""Dictionary matching as DLP does it: case-insensitive, punctuation counts as whitespace, and
only whole words match.

Text is cut into word tokens and rejoined with single spaces, so "Dunder-Mifflin", "dunder
mifflin" and "DUNDER  MIFFLIN" all read "dunder mifflin". One Aho-Corasick automaton
(pyahocorasick) finds every term in a single pass, whatever the size of the list.

`BatchView` does the same for many texts at once: one lower-casing, one word split and one
automaton pass for every dictionary of a group (`DictionaryGroup`) over a whole batch of turns.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import Iterable, Iterator, Sequence

import ahocorasick

_WORD = re.compile(r"\w+")
_NON_WORD = re.compile(r"\W")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_SPACE_RUNS = re.compile(r"  +")
# ASCII bytes: non-word characters to spaces, the rest as they are (`bytes.translate`).
_ALIGN = bytes(
    i if i >= 128 or chr(i).isalnum() or chr(i) == "_" else 32 for i in range(256)
)


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
        count_ = 0
        for term in terms:
            key = normalise_term(term)
            if key:
                # The value: the key's length, and whether it has several words.
                self._automaton.add_word(f" {key} ", (len(key), " " in key))
                count_ += 1
        self.size = count_
        if count_:
            self._automaton.make_automaton()
        self._group: DictionaryGroup | None = None

    def group(self) -> "DictionaryGroup":
        """This dictionary as a group of one, for a `BatchView` (built on first use)."""
        if self._group is None:
            self._group = DictionaryGroup([self])
        return self._group

    def find(self, view: TokenView) -> Iterator[tuple[int, int]]:
        """Character spans of the matches in the original text, longest first at each end."""
        if not self.size or not view.text:
            return
        original_span = view.original_span
        for end_index, (length, _) in self._automaton.iter(view.padded):
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


def _legacy_lowered(text: str) -> str:
    """`text` with each word lower-cased as `TokenView` has it: a word whose lower case has
    another length ('İ') stays as it is, so offsets do not move."""
    def lower(match: "re.Match[str]") -> str:
        word = match.group(0)
        lowered = word.lower()
        return lowered if len(lowered) == len(word) else word

    return _WORD.sub(lower, text)


def aligned_words(lowered: str) -> str:
    """`lowered` with every non-word character (`\\W`) turned into a space: the words stay
    where they are. ASCII goes through `bytes.translate`, far faster than a regex; the rare
    non-ASCII stretches through the regex."""
    if lowered.isascii():
        return lowered.encode("ascii").translate(_ALIGN).decode("ascii")
    # One '?' (a non-word byte) per non-ASCII character keeps the offsets; those stretches
    # are then put back, with their own non-word characters turned into spaces.
    aligned = lowered.encode("ascii", "replace").translate(_ALIGN).decode("ascii")
    pieces, done = [], 0
    for match in _NON_ASCII.finditer(lowered):
        pieces += (aligned[done : match.start()], _NON_WORD.sub(" ", match.group(0)))
        done = match.end()
    pieces.append(aligned[done:])
    return "".join(pieces)


class BatchView:
    """The word view (`TokenView`) of many texts at once, searched once per dictionary.

    The texts are joined by newlines and lower-cased once, every non-word character turned
    into a space (the *aligned* view: a word stays where it is), and the runs of spaces
    collapsed to one (the *joined* view, `TokenView.text` of all texts at once). One pass of
    the group's automaton over the joined view finds the terms of one word and of several;
    a match's offsets are mapped back through the runs collapsed before it. A match is
    dropped if it spans two texts (it cannot match in either alone). `find` gives, per
    matcher, the spans `DictionaryMatcher.find(TokenView(text))` gives for each text, in
    the same order. The dictionaries of a `DictionaryGroup` are searched together.
    """

    def __init__(self, texts: Sequence[str], group: "DictionaryGroup | None" = None):
        self.texts = texts
        self.group = group
        # Where each text starts in the joined texts.
        self.text_starts = [0, *accumulate(len(t) + 1 for t in texts)]
        self._aligned: str | None = None
        self._joined: tuple | None = None
        self._found: dict[int, dict[int, list[tuple[int, int]]]] = {}
        self._views: dict[int, TokenView] = {}

    def _aligned_view(self) -> str:
        """The aligned view of the joined texts (built on first use)."""
        if self._aligned is None:
            texts = self.texts
            joined = "\n".join(texts)
            lowered = joined.lower()
            if len(lowered) != len(joined):
                lowered = "\n".join(
                    low if len(low := t.lower()) == len(t) else _legacy_lowered(t)
                    for t in texts
                )
            self._aligned = aligned_words(lowered)
        return self._aligned

    def find(self, matcher: DictionaryMatcher) -> dict[int, list[tuple[int, int]]]:
        """The matcher's matches, by text index: character spans in that text, in order.

        A matcher of the view's `group` is searched together with the rest of the group, in
        one pass; any other alone (its own group of one).
        """
        found = self._found.get(id(matcher))
        if found is None:
            group = self.group
            if group is None or id(matcher) not in group.slots:
                group = matcher.group()
            for member, member_found in zip(group.matchers, self._search(group)):
                self._found[id(member)] = member_found
            found = self._found[id(matcher)]
        return found

    def _search(self, group: "DictionaryGroup") -> list[dict[int, list[tuple[int, int]]]]:
        """Every member's matches, from one pass of the group's automaton over the joined
        view; offsets are mapped back through the runs of spaces it collapsed."""
        found: list[dict[int, list[tuple[int, int]]]] = [{} for _ in group.matchers]
        if group.automaton is None:
            return found
        padded, points, shifts = self._joined_view()
        text_starts = self.text_starts
        touched = set()
        for end_index, (length, slots, several) in group.automaton.iter(padded):
            view_end = end_index - 1
            view_start = view_end - length
            # A joined-view offset plus the spaces collapsed before it is the original's.
            start = view_start + shifts[bisect_right(points, view_start) - 1]
            end = view_end + shifts[bisect_right(points, view_end - 1) - 1]
            index = bisect_right(text_starts, start) - 1
            if end >= text_starts[index + 1]:
                continue  # spans two texts
            offset = text_starts[index]
            span = (start - offset, end - offset)
            for slot in slots:
                found[slot].setdefault(index, []).append(span)
                if several:
                    touched.add((slot, index))
        for slot, index in touched:
            # By end, and at one end the longest first, as one pass over the text gives them.
            found[slot][index].sort(key=lambda span: (span[1], span[0]))
        return found

    def _joined_view(self) -> tuple:
        """The padded joined view, and where its offsets shift against the original's:
        from joined offset `points[i]` on, add `shifts[i]` (built on first use)."""
        if self._joined is None:
            aligned = self._aligned_view()
            lead = len(aligned) - len(aligned.lstrip(" "))
            points, shifts, shift = [0], [lead], lead
            for run in _SPACE_RUNS.finditer(aligned, lead):
                shift += run.end() - run.start() - 1
                points.append(run.end() - shift)
                shifts.append(shift)
            self._joined = (f" {' '.join(aligned.split())} ", points, shifts)
        return self._joined

    def view(self, index: int) -> TokenView:
        """One text's own `TokenView`, for scanners that work a text at a time."""
        view = self._views.get(index)
        if view is None:
            view = self._views[index] = TokenView(self.texts[index])
        return view


class DictionaryGroup:
    """Several dictionaries, searched by a `BatchView` in one pass instead of one each.

    An Aho-Corasick pass costs about a microsecond before it reads a character, and a text
    is scanned by a dozen dictionaries (first names, last names, places, organisations,
    custom lists...). One automaton holds the terms of them all; each term's value says
    which of the dictionaries ("slots") it belongs to, and whether it has several words.
    """

    def __init__(self, matchers: Iterable[DictionaryMatcher]):
        self.matchers: list[DictionaryMatcher] = []
        self.slots: dict[int, int] = {}
        for matcher in matchers:
            if id(matcher) not in self.slots:
                self.slots[id(matcher)] = len(self.matchers)
                self.matchers.append(matcher)
        terms: dict[str, tuple[int, list[int], bool]] = {}
        for slot, matcher in enumerate(self.matchers):
            if not matcher.size:
                continue
            for key, (length, several) in matcher._automaton.items():
                terms.setdefault(key, (length, [], several))[1].append(slot)
        self.automaton = self._automaton(terms)

    @staticmethod
    def _automaton(terms: dict[str, tuple[int, list[int], bool]]):
        if not terms:
            return None
        automaton = ahocorasick.Automaton()
        for key, (length, slots, several) in terms.items():
            automaton.add_word(key, (length, tuple(slots), several))
        automaton.make_automaton()
        return automaton
