"""Input text that looks like a Veil placeholder is escaped, so that no reader mistakes it.

Veil writes `[EMAIL_ADDRESS_2]` (numbered), `[EMAIL_ADDRESS]` (infoType only) and
`[EMAIL_ADDRESS:3fa9c1]` (keyed hash). A record that already holds such a string, by accident
or on purpose, would otherwise keep it verbatim, and in the output it could not be told from
a real placeholder: a reader, the residual-risk auditor (which ignores hits inside
placeholders and counts a leak next to one as partial) and anyone counting entities would all
be misled.

So every placeholder-shaped literal that no finding covers (`[`, an upper-case name of
letters, digits and underscores, optionally `:` and a lower-case hex hash, `]`) has its
square brackets replaced by parentheses: `[EMAIL_ADDRESS_2]` becomes `(EMAIL_ADDRESS_2)`. The
escape is a replacement like any other, of the reserved type `PLACEHOLDER_LITERAL`: it is a
row in `findings/`, so offsets stay exact (applying the findings to the original text gives
the corpus text). It hides nothing, so it takes no entity number and does not count as a
redaction when residual risk is scored. A literal that a finding overlaps is left to that
finding: personal data inside brackets is redacted as usual.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from typing import Iterable, Sequence

from veil.detection.findings import Finding, Likelihood, Method

LITERAL_TYPE = "PLACEHOLDER_LITERAL"
# Everything Veil's operators write between square brackets (and what the auditor reads).
PLACEHOLDER_SHAPE = re.compile(r"\[[A-Z][A-Z0-9_]*(?::[0-9a-f]+)?\]")


def escape_literal(literal: str) -> str:
    """`[EMAIL_ADDRESS_2]` -> `(EMAIL_ADDRESS_2)`."""
    return f"({literal[1:-1]})"


def placeholder_literals(texts: Sequence[str], findings: Iterable[Finding]) -> list[Finding]:
    """Findings of `LITERAL_TYPE` for the placeholder-shaped literals of `texts` that overlap
    none of `findings` (merged: non-overlapping), sorted by (turn, start)."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for finding in findings:
        spans.setdefault(finding.turn, []).append((finding.start, finding.end))
    literals = []
    for turn, text in enumerate(texts):
        if "[" not in text:
            continue
        taken = sorted(spans.get(turn, ()))
        for match in PLACEHOLDER_SHAPE.finditer(text):
            start, end = match.span()
            # The finding that starts last before `end` is the only one that can overlap
            # (merged findings do not overlap one another).
            i = bisect_left(taken, (end,)) - 1
            if i >= 0 and taken[i][1] > start:
                continue
            literals.append(Finding(turn, start, end, LITERAL_TYPE, Likelihood.VERY_LIKELY,
                                    Method.REGEX, "escape"))
    return literals
