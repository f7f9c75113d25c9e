"""The detectors an infoType is made of, and the pieces every detector shares.

A detector is one of

- `PatternDetector`: a regex plus an optional `check` that looks at the match and returns the
  likelihood to report, or None to drop it (a failed checksum, an impossible date);
- `ScannerDetector`: a function over the text (names, places, organisations), for types that a
  single regex cannot express.

Either may carry `hotwords`: DLP-style hotword rules that adjust the likelihood when a hotword
lies near the finding ("born" before a date makes it a DATE_OF_BIRTH), and a `trigger`: a
literal or regex that must occur somewhere in the text for the detector to run at all, so that
digit patterns skip text without digits and the email regex skips text without "@".

`pattern(...)` and `scanner(...)` build detectors without an infoType; the catalogue entry that
lists them (`veil.detection.infotypes.catalogue.InfoType`) names them. The engine compiles whatever
detectors a catalogue gives it for the types a config asks for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Union

from veil.detection.findings import Likelihood, Method

Check = Callable[["re.Match[str]"], Optional[Likelihood]]
Trigger = Union[str, "re.Pattern[str]", None]


@dataclass(frozen=True)
class Hotword:
    """A hotword rule: a regex, a window around the finding, and a likelihood adjustment.

    The window runs from `window_before` characters before the finding's start to
    `window_after` characters after its start, and always includes the finding itself (as in
    DLP, so a hotword may match inside the finding). The entire hotword must lie inside it.
    """

    pattern: "re.Pattern[str]"
    window_before: int = 50
    window_after: int = 0
    fixed: Likelihood | None = None
    relative: int = 0

    def window(self, start: int, end: int, length: int) -> tuple[int, int]:
        return max(0, start - self.window_before), min(length, max(end, start + self.window_after))

    def near(self, text: str, start: int, end: int) -> bool:
        w_start, w_end = self.window(start, end, len(text))
        return self.pattern.search(text, w_start, w_end) is not None

    def adjust(self, likelihood: Likelihood) -> Likelihood:
        if self.fixed is not None:
            return self.fixed
        return likelihood.adjusted(self.relative)


@dataclass(frozen=True)
class PatternDetector:
    info_type: str
    pattern: "re.Pattern[str]"
    likelihood: Likelihood
    method: Method = Method.REGEX
    check: Check | None = None
    group: int = 0
    hotwords: tuple[Hotword, ...] = ()
    trigger: Trigger = None
    # The highest likelihood a match can have before hotwords (None: the base likelihood
    # without a check, VERY_LIKELY with one). A detector whose ceiling is under the
    # reporting threshold is skipped on texts where none of its hotwords occurs.
    ceiling: Likelihood | None = None

    @property
    def max_without_hotwords(self) -> Likelihood:
        if self.ceiling is not None:
            return self.ceiling
        return self.likelihood if self.check is None else Likelihood.VERY_LIKELY


# A scanner yields (start, end, likelihood, method) for one text. `view` is the text's
# `TokenView` (words lower-cased and joined), built once per text and shared.
Scan = Callable[[str, object], Iterable[tuple[int, int, Likelihood, Method]]]
# The same for a batch of texts at once: (text index, start, end, likelihood, method), from the
# batch's `BatchView` (`batch.texts` are the texts). It must yield what `Scan` yields for each
# text, in the same order per text; the engine prefers it, so that a scanner does Python work
# only for the texts where a dictionary or one of its context regexes can match.
ScanBatch = Callable[[object], Iterable[tuple[int, int, int, Likelihood, Method]]]


@dataclass(frozen=True)
class ScannerDetector:
    info_type: str
    scan: Scan
    hotwords: tuple[Hotword, ...] = ()
    trigger: Trigger = None
    needs_view: bool = True
    scan_batch: ScanBatch | None = None
    # The `DictionaryMatcher`s `scan_batch` searches (a function, so that they load only
    # when used): the engine searches every dictionary of a batch in one pass.
    dictionaries: Callable[[], tuple] | None = None


Detector = Union[PatternDetector, ScannerDetector]

DIGIT = re.compile(r"\d")
UPPER = re.compile(r"[A-Z]")


def hotword(
    pattern: str,
    before: int = 50,
    after: int = 0,
    *,
    fixed: Likelihood | None = None,
    relative: int = 0,
) -> Hotword:
    return Hotword(re.compile(pattern, re.IGNORECASE), before, after, fixed, relative)


def pattern(
    regex: str,
    likelihood: Likelihood,
    *,
    check: Check | None = None,
    method: Method = Method.REGEX,
    flags: int = 0,
    group: int = 0,
    hotwords: Iterable[Hotword] = (),
    trigger: Trigger = None,
    ceiling: Likelihood | None = None,
) -> PatternDetector:
    """A pattern detector for a catalogue entry (which gives it its infoType)."""
    return PatternDetector("", re.compile(regex, flags), likelihood, method, check, group,
                           tuple(hotwords), trigger, ceiling)


def gated(
    regex: str,
    hotword_regex: str,
    *,
    base: Likelihood = Likelihood.VERY_UNLIKELY,
    lifted: Likelihood = Likelihood.LIKELY,
    window: int = 60,
    **options,
) -> PatternDetector:
    """A pattern that only its hotword makes reportable: a match stays at `base` (the
    ceiling, under any sensible threshold) unless the hotword lies within `window`
    characters before it, which lifts it to `lifted`. For numbers whose shape is common
    (passports, record numbers), and for checksums that one number in ten passes."""
    return pattern(regex, base, hotwords=[hotword(hotword_regex, window, fixed=lifted)],
                   ceiling=base, **options)


def scanner(
    scan: Scan,
    *,
    hotwords: Iterable[Hotword] = (),
    trigger: Trigger = None,
    needs_view: bool = True,
    scan_batch: ScanBatch | None = None,
    dictionaries: Callable[[], tuple] | None = None,
) -> ScannerDetector:
    """A scanner detector for a catalogue entry (which gives it its infoType)."""
    return ScannerDetector("", scan, tuple(hotwords), trigger, needs_view, scan_batch,
                           dictionaries)


@dataclass
class TextFacts:
    """Per-text memo of which triggers occur, so each is tested once per text."""

    text: str
    seen: dict = field(default_factory=dict)

    def has(self, trigger: Trigger) -> bool:
        if trigger is None:
            return True
        known = self.seen.get(trigger)
        if known is None:
            if isinstance(trigger, str):
                known = trigger in self.text
            else:
                known = trigger.search(self.text) is not None
            self.seen[trigger] = known
        return known
