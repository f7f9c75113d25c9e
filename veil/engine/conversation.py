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

A rule adjusts the likelihood of findings of its infoTypes that start within `window_after`
characters of the turn's start, before `min_likelihood` is applied, so a name candidate too
weak to report alone ("it's john" in a cased transcript) is lifted over the threshold. With
`answer_regex`, the rule also reports what the regex captures in that window, at the adjusted
likelihood, for answers no dictionary knows. The config lives under `detection:`, so the
DLP-shaped `inspect_config` stays exactly DLP's.
"""
from __future__ import annotations

from pydantic import Field

from veil.engine.inspect_config import DlpModel, InfoType, LikelihoodAdjustment, Regex


class PreviousTurnHotword(DlpModel):
    info_types: list[InfoType] = Field(min_length=1)
    hotword_regex: Regex
    window_before: int = Field(default=200, ge=1, le=10000)
    window_after: int = Field(default=100, ge=1, le=10000)
    likelihood_adjustment: LikelihoodAdjustment
    answer_regex: Regex | None = None
