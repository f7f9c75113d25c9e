"""An institution's span that takes the word heading its name: "church of | scientology",
"lincoln | elementary".

Without capitals, a model often finds the word of an institution's name that is its own
("scientology", "nsw", "ziguinchor", "lincoln") and not the head before or after it ("church
of", "university of"; "elementary", "middle school", "university"). Left so, the output says
"the church of [ORGANIZATION_NAME_1]" or "my son goes to [LOCATION_1] elementary": what kind of
body it is stays in the text, the name is typed as a town or a person, and the annotated sets
count the head as part of the name ("Church of Scientology", "Kyoto University"). The rules'
patterns for such names without capitals (`builtin_names._lower_institution_span`) cannot take
it, because the name's own word is also among the most frequent English words ("scientology")
or is no place it knows.

So, in a turn without capitals, a name found right before or after an institution's head is
widened to take the head, and is an organisation: "the university of [ziguinchor]" names a
university, not a town, and "[lincoln] elementary" a school, not a president.
- Before: an organisation or a place after a head and "of" ("university of", "church of the",
  `HEADS_OF`).
- After: a person, an organisation or a place before a school's kind ("elementary", "middle
  school", "high school", "primary school") or a university's head ("university", "college",
  "academy"). "high" and "school" alone are left: "in ohio high winds", "in london school
  fees" say nothing of a school.
In text with capitals, the cased rules find such names whole ("Church of Scientology"), and a
lower-case head there is the ordinary word ("the people of France").

A plain function over findings and texts; `veil.detection.merge` applies it before merging.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.findings import Finding, Method

# The types a head before the name widens, and those a head after it does.
_NAMED_AFTER_HEAD = frozenset({"ORGANIZATION_NAME", "LOCATION"})
_NAMED_BEFORE_HEAD = frozenset({"ORGANIZATION_NAME", "LOCATION", "PERSON_NAME", "US_STATE"})
# Enough characters before a finding to hold the longest head, "of" and "the".
_LOOK_BACK = 32
# A school's kind or a university's head right after a name ("lincoln | elementary",
# "washington | middle school", "kyoto | university").
_HEAD_AFTER = re.compile(
    r"[ \t]+(?:(?:elementary|middle|junior[ \t]+high|high|primary|secondary|grammar|prep)[ \t]+school"
    r"|elementary|university|college|academy|polytechnic|seminary)(?![\w'’-])"
)


@lru_cache(maxsize=1)
def _head_before() -> re.Pattern:
    """An institution's head, "of" and perhaps "the", ending where a finding starts."""
    from veil.detection.engine.name_lists import HEADS_OF

    return re.compile(rf"(?<![\w'’-])(?:{HEADS_OF.lower()})[ \t]+of[ \t]+(?:the[ \t]+)?$")


def widen_to_institution_heads(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings, each name in a turn without capitals that follows or precedes an
    institution's head widened to take the head, as an organisation (module docstring)."""
    from veil.detection.engine.builtin_names import is_cased

    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    head_before = _head_before()
    for finding in findings:
        if finding.info_type not in _NAMED_BEFORE_HEAD or finding.turn >= len(texts):
            out.append(finding)
            continue
        text = texts[finding.turn]
        start, end = finding.start, finding.end
        if finding.info_type in _NAMED_AFTER_HEAD:
            head = head_before.search(text, max(0, start - _LOOK_BACK), start)
            start = head.start() if head else start
        head = _HEAD_AFTER.match(text, end)
        end = head.end() if head else end
        if (start, end) == (finding.start, finding.end):
            out.append(finding)
            continue
        cased = cased_of.get(finding.turn)
        if cased is None:
            cased = cased_of[finding.turn] = is_cased(text)
        if cased:
            out.append(finding)
            continue
        # The head is a pattern's evidence, as the rules' own institution patterns are: a
        # name list's guess widened so is not retyped by a model's reading of one word
        # ("middle" of "washington middle school" as a place).
        out.append(Finding(finding.turn, start, end, "ORGANIZATION_NAME",
                           finding.likelihood, Method.REGEX, finding.detector))
    return out
