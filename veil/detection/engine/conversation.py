"""Veil's extension to DLP: hotword rules that reach back into the previous turn.

In a call, "Can I have your name, please?" makes the caller's next turn a likely name, though
the name itself carries no hotword. DLP's hotword windows stop at the edge of the text it is
given, one turn; these rules look at the end of the previous turn.

```yaml
detection:
  previous_turn_hotwords:
    - info_types: [{name: PERSON_NAME}]
      hotword_regex: {pattern: "(?i)\\b(?:your|the) (?:full |first |last )?name\\b"}
      window_before: 200   # the hotword must lie in the previous turn's last 200 characters
      window_after: 100    # findings that start in this turn's first 100 characters
      likelihood_adjustment: {fixed_likelihood: LIKELY}
      answer_regex:        # optional: also report what the answer regex captures there
        pattern: "^(?:(?:sure|yes|yeah|ok|it's|it is|my name is|this is|i'm)[ ,.]+)*([A-Za-z][a-z'-]+(?: [A-Za-z][a-z'-]+)?)"
        group_indexes: [1]
```

A rule adjusts the likelihood of the answer among the findings of its infoTypes that start
within `window_after` characters of the turn's start: the first of them, with those joined to
it by spaces alone (`_the_answer`). It does so before `min_likelihood` is applied, so a name
candidate too weak to report alone ("it's john" in a cased transcript) is lifted over the
threshold, while a weak candidate later in the turn ("... i live on oak street") is not. With
`answer_regex`, the rule also reports what the regex captures in that window, at the adjusted
likelihood, for answers no dictionary knows. The config lives under `detection:`, so the
DLP-shaped `inspect_config` stays exactly DLP's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import Field

from veil.detection.engine.inspect_config import InfoType, LikelihoodAdjustment, Regex
from veil.run.schema import DlpModel
from veil.detection.findings import Finding, Likelihood, Method


class PreviousTurnHotword(DlpModel):
    info_types: list[InfoType] = Field(min_length=1)
    hotword_regex: Regex
    window_before: int = Field(default=200, ge=1, le=10000)
    window_after: int = Field(default=100, ge=1, le=10000)
    likelihood_adjustment: LikelihoodAdjustment
    answer_regex: Regex | None = None


@dataclass(frozen=True)
class PreviousTurnRule:
    """A `PreviousTurnHotword`, compiled (`veil.detection.engine.compiler`)."""

    info_types: frozenset[str]
    hotword: "re.Pattern[str]"
    window_before: int
    window_after: int
    fixed: Likelihood | None
    relative: int
    answer: "re.Pattern[str] | None"
    answer_groups: tuple[int, ...]
    answer_type: str
    # Types that say little of what their words are (DIGIT_SEQUENCE): the catalogue's generic
    # ones, which never keep a rule from lifting an answer (`_typed_by_the_turn`).
    generic_types: frozenset[str] = frozenset()

    def adjust(self, likelihood: Likelihood) -> Likelihood:
        return self.fixed if self.fixed is not None else likelihood.adjusted(self.relative)


def apply_previous_turn_rules(
    rules: "list[PreviousTurnRule]", previous: str, text: str, turn: int,
    findings: list[Finding], may_occur: set[int] | None = None,
) -> list[Finding]:
    """Apply the `rules` whose hotword ends `previous` to the findings of the turn `text`
    (`may_occur`: the indexes of the rules whose hotword can occur in `previous` at all;
    None: any can), before the threshold."""
    for index, rule in enumerate(rules):
        if may_occur is not None and index not in may_occur:
            continue
        tail_start = max(0, len(previous) - rule.window_before)
        if rule.hotword.search(previous, tail_start) is None:
            continue
        limit = min(len(text), rule.window_after)
        answer = _the_answer(text, [i for i, f in enumerate(findings)
                                    if f.info_type in rule.info_types and f.start < limit
                                    and not _typed_by_the_turn(f, findings, rule)], findings)
        findings = [Finding(f.turn, f.start, f.end, f.info_type, rule.adjust(f.likelihood),
                            f.method, f.detector) if i in answer else f
                    for i, f in enumerate(findings)]
        if rule.answer is not None:
            head = text[:limit]
            for match in rule.answer.finditer(head):
                for group in rule.answer_groups:
                    start, end = match.span(group)
                    if 0 <= start < end:
                        findings.append(Finding(
                            turn, start, end, rule.answer_type,
                            rule.adjust(Likelihood.POSSIBLE), Method.REGEX,
                        ))
    return findings


def _typed_by_the_turn(candidate: Finding, findings: list[Finding], rule: PreviousTurnRule) -> bool:
    """Whether the turn itself says what the candidate's words are, as surely as the question
    would: a pattern of another, specific type over all of them, as sure as the lift ("card
    expires oh four twenty seven, passport k1234567" after a turn that spoke of a plate is a
    passport number, not a plate). A name-list word is no such evidence, nor is a generic type,
    nor a part of the answer ("Oak Street" in the address "twelve Oak Street")."""
    lifted = rule.adjust(candidate.likelihood)
    return any(other.info_type not in rule.info_types and other.info_type not in rule.generic_types
               and other.method >= Method.REGEX and other.likelihood >= lifted
               and other.start <= candidate.start and candidate.end <= other.end
               for other in findings)


def _the_answer(text: str, candidates: list[int], findings: list[Finding]) -> set[int]:
    """The candidates that answer the question: the first one in the turn, with those that
    overlap it or follow it across spaces alone ("karen" "walsh"). Later ones are what the
    caller goes on to say: in "my name is tom i live on oak street" the question names Tom,
    not the ordinary word "oak" that a name list also has."""
    answer: set[int] = set()
    end = None
    for i in sorted(candidates, key=lambda i: (findings[i].start, -findings[i].end)):
        f = findings[i]
        if end is not None and f.start > end and text[end:f.start].strip(" \t"):
            break
        answer.add(i)
        end = f.end if end is None else max(end, f.end)
    return answer
