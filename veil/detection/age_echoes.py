"""An age said in one turn and echoed as the next turn opens: "she's ninety and she still
comes in" ... "ninety, wow".

Callers repeat a surprising age back ("a hundred, wow", "ninety? no way"), and the echo, a
number alone, is what a detector cannot type without the turn before it. Only an echo that
opens the very next turn counts, word for word, and not where what follows says it counts
something else ("ninety dollars for the ticket"); a number later in the conversation may count
anything.
"""
from __future__ import annotations

import re
from typing import Iterable

from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.infotypes.text import counts_something_else

DETECTOR = "repeats"
# What a listener may say before echoing the number.
_OPENERS = r"(?:(?:oh|wow|what|really|um|uh|yeah|well)[ \t]*[,.!?]?[ \t]+)*"


def echoed_ages(texts: list[str], findings: Iterable[Finding]) -> list[Finding]:
    """AGE findings for each age found in a turn and said again as the next turn opens, unless
    a finding already covers it there."""
    findings = list(findings)
    echoes = []
    for finding in findings:
        if finding.info_type != "AGE" or finding.turn + 1 >= len(texts):
            continue
        value = texts[finding.turn][finding.start:finding.end]
        following = texts[finding.turn + 1]
        words = r"[ \t-]+".join(map(re.escape, value.split()))
        match = re.match(rf"[ \t]*{_OPENERS}({words})(?![\w'’-])", following, re.IGNORECASE)
        if match is None or counts_something_else(match):
            continue
        start, end = match.span(1)
        if any(f.turn == finding.turn + 1 and f.start < end and start < f.end
               for f in findings + echoes):
            continue
        echoes.append(Finding(finding.turn + 1, start, end, "AGE", Likelihood.LIKELY,
                              Method.REGEX, DETECTOR))
    return echoes
