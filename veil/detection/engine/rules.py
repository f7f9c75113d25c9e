"""DLP inspection rules, compiled: hotword rules and exclusion rules.

Semantics follow Google Cloud DLP's `InspectionRuleSet`, `ExclusionRule`, `MatchingType` and
`HotwordRule`:

- Rule sets apply in order, and the rules of a set in order, to the findings of the set's
  infoTypes. `min_likelihood` is applied after all rules, so a hotword rule can lift a
  finding over the threshold or drop it below.
- Hotword windows (`proximity`) run from `window_before` characters before the finding's
  start to `window_after` characters after its start, and always include the finding
  itself; the entire hotword must lie inside the window.
- `matching_type` for an exclusion rule:

  | rule | FULL | PARTIAL | INVERSE |
  | --- | --- | --- | --- |
  | dictionary | the dictionary's matches cover every word of the finding | some word of the finding matches | no word of the finding matches |
  | regex | the regex's matches cover the finding from start to end | the regex matches a substring of the finding | the regex does not match in the finding |
  | exclude_info_types | the finding lies completely inside a finding of an excluded type | it intersects one | it intersects none |
  | exclude_by_hotword | the hotword occurs in the window (FULL and PARTIAL alike) | | the hotword does not occur in the window |

  The findings an `exclude_info_types` rule looks at are those of the excluded types that
  would be reported (at or above their `min_likelihood`), found in the same text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from veil.detection.engine.dictionary import DictionaryMatcher, TokenView, normalise_term
from veil.detection.engine.detectors import Hotword
from veil.detection.findings import Finding

FULL = "MATCHING_TYPE_FULL_MATCH"
PARTIAL = "MATCHING_TYPE_PARTIAL_MATCH"
INVERSE = "MATCHING_TYPE_INVERSE_MATCH"


@dataclass(frozen=True)
class HotwordAdjustment:
    hotword: Hotword

    def apply(self, findings: list[Finding], text: str, context) -> list[Finding]:
        out = []
        hotword = self.hotword
        length = len(text)
        # `Hotword.near`, searched once per window: on a short text most findings' windows
        # are the whole text.
        near_in: dict[tuple[int, int], bool] = {}
        for f in findings:
            window = hotword.window(f.start, f.end, length)
            near = near_in.get(window)
            if near is None:
                near = near_in[window] = hotword.pattern.search(text, *window) is not None
            if near:
                f = Finding(f.turn, f.start, f.end, f.info_type, hotword.adjust(f.likelihood),
                            f.method, f.detector)
            out.append(f)
        return out


def _covered(spans: Iterable[tuple[int, int]], start: int, end: int) -> bool:
    position = start
    for s, e in sorted(spans):
        if s > position:
            return False
        position = max(position, e)
        if position >= end:
            return True
    return position >= end


# Verdicts an exclusion remembers, by quote (see `DictionaryExclusion`).
VERDICTS_MAX = 16384


def remembered(verdicts: dict, quote: str, judge: Callable[[str], bool]) -> bool:
    """`judge(quote)`, from the bounded memo `verdicts` where it can be."""
    verdict = verdicts.get(quote)
    if verdict is None:
        verdict = judge(quote)
        if len(verdicts) >= VERDICTS_MAX:
            verdicts.clear()  # bounded: start again rather than grow
        verdicts[quote] = verdict
    return verdict


@dataclass(frozen=True)
class DictionaryExclusion:
    """Its verdict depends on the finding's quote alone, and quotes repeat (the same names
    and words, turn after turn): each is worked out once, in a bounded memo."""

    matcher: DictionaryMatcher
    matching_type: str
    _verdicts: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def excluded(self, finding: Finding, text: str, context) -> bool:
        return remembered(self._verdicts, text[finding.start : finding.end], self._excludes)

    def _excludes(self, quote: str) -> bool:
        key = normalise_term(quote)
        if key and " " not in key:
            # One word (the common case): it matches the dictionary or it does not.
            hit = self.matcher.has_normalised(key)
            return not hit if self.matching_type == INVERSE else hit
        view = TokenView(quote)
        matches = list(self.matcher.find(view))
        if self.matching_type == FULL:
            if not view.starts:
                return False
            words = list(zip(view.starts, view.ends))
            return all(any(s <= ws and we <= e for s, e in matches) for ws, we in words)
        if self.matching_type == PARTIAL:
            return bool(matches)
        return not matches


@dataclass(frozen=True)
class RegexExclusion:
    """Its verdict depends on the finding's quote alone: remembered, as `DictionaryExclusion`
    remembers its own."""

    pattern: "re.Pattern[str]"
    matching_type: str
    _verdicts: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def excluded(self, finding: Finding, text: str, context) -> bool:
        return remembered(self._verdicts, text[finding.start : finding.end], self._excludes)

    def _excludes(self, quote: str) -> bool:
        if self.matching_type == FULL:
            spans = [m.span() for m in self.pattern.finditer(quote) if m.end() > m.start()]
            return bool(spans) and _covered(spans, 0, len(quote))
        found = self.pattern.search(quote) is not None
        return found if self.matching_type == PARTIAL else not found


@dataclass(frozen=True)
class InfoTypeExclusion:
    info_types: frozenset[str]
    matching_type: str

    def inert(self, present: set[str]) -> bool:
        """Whether it can drop nothing in a text whose findings are of the types `present`:
        a full or partial match needs a finding of its types there."""
        return self.matching_type != INVERSE and present.isdisjoint(self.info_types)

    def excluded(self, finding: Finding, text: str, context) -> bool:
        others = [
            o for o in context.reportable_of(self.info_types)
            if o.info_type != finding.info_type and o.start < finding.end and finding.start < o.end
        ]
        if self.matching_type == FULL:
            return any(o.start <= finding.start and finding.end <= o.end for o in others)
        if self.matching_type == PARTIAL:
            return bool(others)
        return not others


@dataclass(frozen=True)
class HotwordExclusion:
    hotword: Hotword
    matching_type: str

    def excluded(self, finding: Finding, text: str, context) -> bool:
        near = self.hotword.near(text, finding.start, finding.end)
        return not near if self.matching_type == INVERSE else near


@dataclass(frozen=True)
class Exclusion:
    test: object  # one of the *Exclusion classes above

    def inert(self, present: set[str]) -> bool:
        """Whether the rule can change nothing in a text whose findings are of the types
        `present` (only an infoType exclusion can tell without looking)."""
        inert = getattr(self.test, "inert", None)
        return inert is not None and inert(present)

    def apply(self, findings: list[Finding], text: str, context) -> list[Finding]:
        return [f for f in findings if not self.test.excluded(f, text, context)]


@dataclass(frozen=True)
class RuleSet:
    info_types: frozenset[str]
    rules: tuple  # HotwordAdjustment | Exclusion, in order


class RuleContext:
    """What a rule may look at besides its own findings: every finding in the text.

    The rule set's own findings (`targets`) and the text's others are kept apart and only
    looked through when a rule asks (`reportable_of`): most rules never do.
    """

    def __init__(self, others: list[Finding], targets: list[Finding],
                 reportable: Callable[[Finding], bool]):
        self._others = others
        self._targets = targets
        self._reportable = reportable
        self._by_types: dict[frozenset[str], list[Finding]] = {}

    @property
    def findings(self) -> list[Finding]:
        return self._others + self._targets

    def reportable_of(self, info_types: frozenset[str]) -> list[Finding]:
        """The findings of `info_types` that would be reported (computed once per rule)."""
        found = self._by_types.get(info_types)
        if found is None:
            reportable = self._reportable
            found = [f for f in self._others + self._targets
                     if f.info_type in info_types and reportable(f)]
            self._by_types[info_types] = found
        return found


def apply_rule_sets(
    rule_sets: Iterable[RuleSet],
    findings: list[Finding],
    text: str,
    reportable: Callable[[Finding], bool],
) -> list[Finding]:
    present = {f.info_type for f in findings}
    for rule_set in rule_sets:
        # The set's findings are split out once: its rules change only those.
        types = rule_set.info_types
        if present.isdisjoint(types):
            continue  # rules drop or re-rate findings; they never add a type
        targets = [f for f in findings if f.info_type in types]
        if not targets:
            continue
        others = [f for f in findings if f.info_type not in types]
        for rule in rule_set.rules:
            if not targets:
                break
            # Rules drop findings and never add a type: `present` can only shrink.
            if isinstance(rule, Exclusion) and rule.inert(present):
                continue
            targets = rule.apply(targets, text, RuleContext(others, targets, reportable))
        findings = others + targets
    return findings
