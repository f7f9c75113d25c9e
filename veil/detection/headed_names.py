"""A name's span that takes the word saying what it names: "church of | scientology",
"lincoln | elementary", "elm | street".

Without capitals, a model often finds the word of a name that is its own ("scientology",
"nsw", "ziguinchor", "lincoln", "elm") and not the head before or after it ("church of",
"university of"; "elementary", "middle school", "university"; "street", "avenue"). Left so,
the output says "the church of [ORGANIZATION_NAME_1]", "my son goes to [LOCATION_1] elementary"
or "turn left on [LOCATION_2] street": what kind of body or place it is stays in the text, the
name is typed as a town or a person, and the annotated sets count the head as part of the name
("Church of Scientology", "Kyoto University", "Main Street"). The rules' patterns for such names
without capitals (`organisation_scanners._lower_institution_span`, the streets of
`infotypes.callers`) cannot take it, because the name's own word is also among the most
frequent English words ("scientology", "elm") or is no place they know.

So, in a turn without capitals, a name found right before or after a head is widened to take
the head:
- an organisation or a place after an institution's head and "of" ("university of", "church of
  the", `HEADS_OF`) is an organisation: "the university of [ziguinchor]" names a university,
  not a town;
- a person, an organisation, a place or a US state before a school's kind ("elementary",
  "middle school", "high school") or a university's head ("university", "college", "academy")
  is an organisation: "[lincoln] elementary" is a school, not a president. "high" and "school"
  alone are left: "in ohio high winds", "in london school fees" say nothing of a school;
- one before a street type ("street", "avenue", "road", "boulevard", `STREET_TYPES_UNCASED`) is
  a place: "[elm] street", "[washington] avenue".
In text with capitals, the cased rules find such names whole ("Church of Scientology", "Elm
Street"), and a lower-case head there is the ordinary word ("the people of France").

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


@lru_cache(maxsize=1)
def _head_after() -> re.Pattern:
    """A school's kind or a university's head right after a name ("lincoln | elementary",
    "washington | middle school", "kyoto | university"), or a street type ("elm | street")."""
    from veil.detection.infotypes.street_names import STREET_TYPES_UNCASED

    return re.compile(
        r"[ \t]+(?:(?P<school>(?:elementary|middle|junior[ \t]+high|high|primary|secondary|grammar|prep)"
        r"[ \t]+school|elementary|university|college|academy|polytechnic|seminary)"
        rf"|(?P<street>{STREET_TYPES_UNCASED}))(?![\w'’-])"
    )


@lru_cache(maxsize=1)
def _head_before() -> re.Pattern:
    """An institution's head, "of" and perhaps "the", ending where a finding starts."""
    from veil.detection.engine.name_lists import HEADS_OF

    return re.compile(rf"(?<![\w'’-])(?:{HEADS_OF.lower()})[ \t]+of[ \t]+(?:the[ \t]+)?$")


def widen_to_heads(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings, each name in a turn without capitals that follows or precedes a head
    widened to take it: an organisation, or a place where the head is a street's (module
    docstring)."""
    from veil.detection.engine.word_facts import is_cased

    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    head_before, head_after = _head_before(), _head_after()
    for finding in findings:
        if finding.info_type not in _NAMED_BEFORE_HEAD or finding.turn >= len(texts):
            out.append(finding)
            continue
        text = texts[finding.turn]
        start, end = finding.start, finding.end
        info_type = "LOCATION"
        if finding.info_type in _NAMED_AFTER_HEAD:
            head = head_before.search(text, max(0, start - _LOOK_BACK), start)
            if head:
                start, info_type = head.start(), "ORGANIZATION_NAME"
        head = head_after.match(text, end)
        if head:
            end = head.end()
            info_type = "ORGANIZATION_NAME" if head.group("school") else info_type
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
        out.append(Finding(finding.turn, start, end, info_type,
                           finding.likelihood, Method.REGEX, finding.detector))
    return out
