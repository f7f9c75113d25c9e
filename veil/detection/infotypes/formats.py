"""Surrogate formats for the identifier families whose shape one rule states: a check digit,
a date inside the number, a fixed prefix (`european`, `secrets`, `general`).

`CheckedSlots(valid)` re-draws an ID's characters in their classes and then tries every
value of its trailing check characters until `valid` accepts the whole, so the fake value
passes the same checksum and shape test the detector applies (a PESEL, a codice fiscale).
`Redrawn(fixed)` re-draws every letter and digit of a secret except the parts `fixed`
matches (a key's "AKIA" prefix, a PEM header), so the fake is found as the same type again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product
from typing import Callable

from veil.transform.operators.keys import KeyedStream
from veil.transform.operators.surrogate_formats import redraw

_DIGITS = "0123456789"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _redrawn_classes(stream: KeyedStream, chars: str) -> str:
    return "".join(stream.digit() if c.isdigit() else stream.choice(_LETTERS) for c in chars)


def _date_digits(stream: KeyedStream, order: str) -> str:
    year, month, day = stream.below(100), 1 + stream.below(12), 1 + stream.below(28)
    if order == "YMD":
        return f"{year:02d}{month:02d}{day:02d}"
    return f"{day:02d}{month:02d}{year:02d}"


@dataclass(frozen=True)
class CheckedSlots:
    """A surrogate format: the ID's characters re-drawn in their classes, the first `keep`
    kept, and the last `check` chosen so that `valid(new)` holds (None when none does: the
    operator draws again). `check=0` draws until the whole is valid (a shape with a date)."""

    make_valid: Callable[[str], bool]
    keep: int = 0
    check: int = 1
    # A date inside the ID: (where it starts, negative from the end; "YMD" or "DMY"), drawn
    # as a real date (the first 28 days of a month) instead of six random digits.
    date: tuple[int, str] | None = None

    @property
    def make(self):  # read by scripts/render_infotypes_doc.py, as Slots's maker is
        return self.make_valid

    def __call__(self, surrogates, entity, finding, value: str) -> str | None:
        return surrogates.slots(entity, value, self._draw)

    def _draw(self, stream: KeyedStream, chars: str) -> str | None:
        chars = chars.upper()
        end = len(chars) - self.check
        if end < self.keep:
            return None
        body = chars[:self.keep] + _redrawn_classes(stream, chars[self.keep:end])
        if self.date is not None:
            at = self.date[0] if self.date[0] >= 0 else len(chars) + self.date[0]
            body = body[:at] + _date_digits(stream, self.date[1]) + body[at + 6:]
        tails = product(*(_DIGITS if c.isdigit() else _LETTERS for c in chars[end:]))
        for tail in tails:
            candidate = body + "".join(tail)
            if self.make_valid(candidate):
                return candidate
        return None


def shaped(regex: str) -> Callable[[str], bool]:
    """A validity test: the value, without separators, matches `regex` in full."""
    compiled = re.compile(regex)

    def valid(chars: str) -> bool:
        return compiled.fullmatch(chars) is not None

    valid.__name__ = "shaped"
    return valid


@dataclass(frozen=True)
class Redrawn:
    """A surrogate format for secrets: every ASCII letter and digit drawn again in its class
    and case, except the parts `fixed` matches (a prefix such as "AKIA", a PEM header)."""

    fixed: str = r"(?!)"

    @property
    def __name__(self) -> str:  # read by scripts/render_infotypes_doc.py
        return "Redrawn"

    def __call__(self, surrogates, entity, finding, value: str) -> str | None:
        stream = surrogates.stream(entity)
        out, last = [], 0
        for match in re.finditer(self.fixed, value):
            out.append(redraw(stream, value[last:match.start()]))
            out.append(match.group(0))
            last = match.end()
        out.append(redraw(stream, value[last:]))
        new = "".join(out)
        return new if new != value else None
