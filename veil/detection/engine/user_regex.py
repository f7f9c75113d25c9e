"""The regexes a config brings (custom infoTypes, hotwords, exclusions, previous-turn rules).

Google Cloud DLP runs these on RE2, and so does Veil (the `google-re2` package): RE2 never
backtracks, so its time is linear in the text whatever the pattern, and a user pattern cannot
stall a job (under Python's `re`, `(a+){2,32}b` tries about C(n-1, 31) ways to split a run
of n a's before it fails). RE2's syntax is
DLP's: `(?i)(mrn|medical)(?-i)`, `[[:digit:]]`, `\\p{Lu}`, `\\z` and `\\Q...\\E` mean what they
mean in DLP, `\\w`, `\\d`, `\\s` and `\\b` are ASCII, and `$` is the end of the text (`re`
also matches it before a final newline), as there.

A pattern RE2 refuses but Python's `re` accepts (a lookaround or a backreference: Veil's
extension, which DLP would refuse too) runs on Python's `re`, and only if
`veil.detection.engine.regex_safety` finds no shape that can backtrack catastrophically; otherwise the
config is refused at start with the reason.

The compiled pattern offers the part of `re.Pattern` the engine uses (`search`, `finditer`,
`pattern`, `flags`, `groups`), with `re`'s meaning of `pos` and `endpos`: the text is cut at
`endpos`, and the character before `pos` is still seen by `\\b`. Only the window is handed to
RE2, so a hotword test costs its window, not the text.
"""
from __future__ import annotations

import re
from typing import Iterator

import re2

from veil.detection.engine.regex_safety import backtracking_problem

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print every refused pattern to stderr
# RE2 reads UTF-8, which cannot hold a lone surrogate (JSON's "\ud800"); one character for
# another keeps every offset, and such a record fails later, at writing, with its own reason.
_SURROGATE = re.compile("[\ud800-\udfff]")


class UnsafePattern(ValueError):
    """A pattern that neither RE2 nor, safely, Python's `re` can run."""


class _ShiftedMatch:
    """A match found in a window of the text, with offsets in the whole text."""

    __slots__ = ("_match", "_offset")

    def __init__(self, match, offset: int):
        self._match = match
        self._offset = offset

    def span(self, group: int = 0) -> tuple[int, int]:
        start, end = self._match.span(group)
        return (start, end) if start < 0 else (start + self._offset, end + self._offset)

    def start(self, group: int = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int = 0) -> int:
        return self.span(group)[1]

    def group(self, *groups):
        return self._match.group(*groups)


class Re2Pattern:
    """A pattern compiled by RE2, used like a compiled `re.Pattern`."""

    engine = "re2"

    def __init__(self, pattern: str):
        self._regex = re2.compile(pattern, _OPTIONS)
        self.pattern = pattern
        self.flags = 0  # inline flags stay in the pattern, where RE2 reads them
        self.groups = self._regex.groups

    def __repr__(self) -> str:
        return f"Re2Pattern({self.pattern!r})"

    def __getstate__(self):
        return self.pattern

    def __setstate__(self, pattern: str):
        self.__init__(pattern)

    def _window(self, text: str, pos: int, endpos: int | None) -> tuple[str, int, int]:
        """(window, its offset in text, pos in the window): the text cut at endpos, from
        one character before pos (so that `\\b` and `(?m)^` see it)."""
        end = len(text) if endpos is None else max(0, min(endpos, len(text)))
        pos = max(0, min(pos, end))
        offset = max(0, pos - 1)
        window = text if offset == 0 and end == len(text) else text[offset:end]
        if not window.isascii() and _SURROGATE.search(window):
            window = _SURROGATE.sub("\ufffd", window)
        return window, offset, pos - offset

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator:
        window, offset, start = self._window(text, pos, endpos)
        matches = self._regex.finditer(window, start)
        if offset == 0:
            return matches
        return (_ShiftedMatch(match, offset) for match in matches)

    def search(self, text: str, pos: int = 0, endpos: int | None = None):
        window, offset, start = self._window(text, pos, endpos)
        match = self._regex.search(window, start)
        if match is None or offset == 0:
            return match
        return _ShiftedMatch(match, offset)


def _re2(pattern: str) -> "tuple[Re2Pattern | None, str]":
    """(the RE2 pattern, "") or (None, why RE2 refuses it)."""
    try:
        return Re2Pattern(pattern), ""
    except re2.error as error:
        reason = error.args[0] if error.args else ""
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        return None, str(reason) or "not RE2 syntax"


def _python(pattern: str, re2_reason: str) -> "re.Pattern[str]":
    try:
        return re.compile(pattern)
    except re.error as error:
        raise ValueError(f"invalid regular expression: {re2_reason} (RE2, as in DLP); "
                         f"{error} (Python's re)") from None


def compile_user_pattern(pattern: str) -> "Re2Pattern | re.Pattern[str]":
    """RE2 if it can; else Python's `re` if the pattern cannot backtrack catastrophically.

    Raises ValueError saying why (`UnsafePattern` for a pattern refused as unsafe).
    """
    compiled, re2_reason = _re2(pattern)
    if compiled is not None:
        return compiled
    fallback = _python(pattern, re2_reason)
    problem = backtracking_problem(pattern)
    if problem:
        raise UnsafePattern(
            f"RE2 cannot run it ({re2_reason}), and on Python's re {problem} can take "
            f"exponential time on some texts; write it in RE2 syntax (no lookaround or "
            f"backreference), or without nested repetition (e.g. '(a+)+' as 'a+')"
        )
    return fallback


def group_count(pattern: str) -> int:
    """How many capturing groups `pattern` has, under the engine that runs it. Raises
    ValueError if neither RE2 nor Python's `re` accepts it."""
    compiled, re2_reason = _re2(pattern)
    return compiled.groups if compiled is not None else _python(pattern, re2_reason).groups
