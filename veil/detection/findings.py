"""Findings: where a piece of personal information is, what type it is, and how sure we are.

A finding carries offsets and types, never the text it points at, so that it is safe to log
and to write out.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Likelihood(enum.IntEnum):
    """DLP's likelihood scale, in its order, so that comparisons mean "at least as likely"."""

    LIKELIHOOD_UNSPECIFIED = 0
    VERY_UNLIKELY = 1
    UNLIKELY = 2
    POSSIBLE = 3
    LIKELY = 4
    VERY_LIKELY = 5

    @classmethod
    def parse(cls, value: "str | int | Likelihood") -> "Likelihood":
        if isinstance(value, Likelihood):
            return value
        if isinstance(value, int):
            return cls(value)
        return cls[value.strip().upper()]

    def adjusted(self, steps: int) -> "Likelihood":
        """DLP's relative_likelihood: move along the scale, clamped to its ends."""
        return Likelihood(min(max(int(self) + steps, 1), 5))


class Method(enum.IntEnum):
    """How a finding was made. Merging prefers the higher value when spans collide."""

    MODEL = 0
    DICTIONARY = 1
    REGEX = 2
    CHECKSUM = 3


@dataclass(frozen=True, order=True, init=False)
class Finding:
    """A span [start, end) of characters in one turn's original text."""

    turn: int
    start: int
    end: int
    info_type: str
    likelihood: Likelihood = Likelihood.POSSIBLE
    method: Method = Method.REGEX
    detector: str = "rules"

    def __init__(self, turn: int, start: int, end: int, info_type: str,
                 likelihood: Likelihood = Likelihood.POSSIBLE, method: Method = Method.REGEX,
                 detector: str = "rules"):
        # Written by hand: the frozen dataclass's own __init__ sets each field through
        # object.__setattr__, twice the time, and the engine makes tens of thousands a second.
        if not 0 <= start < end:
            raise ValueError(f"bad finding span [{start}, {end})")
        self.__dict__.update(turn=turn, start=start, end=end, info_type=info_type,
                             likelihood=likelihood, method=method, detector=detector)

    @property
    def length(self) -> int:
        return self.end - self.start

    def shifted(self, offset: int, turn: int | None = None) -> "Finding":
        return Finding(
            self.turn if turn is None else turn,
            self.start + offset,
            self.end + offset,
            self.info_type,
            self.likelihood,
            self.method,
            self.detector,
        )

    def with_span(self, start: int, end: int) -> "Finding":
        return Finding(
            self.turn, start, end, self.info_type, self.likelihood, self.method, self.detector
        )

    def overlaps(self, other: "Finding") -> bool:
        return self.turn == other.turn and self.start < other.end and other.start < self.end

    @property
    def detector_label(self) -> str:
        return f"{self.detector}:{self.method.name.lower()}"
