"""An organisation's span that takes the word heading its name: "church of | scientology".

Without capitals, a model often finds the word of an institution's name that is its own
("scientology", "nsw", "ziguinchor") and not the head before it ("church of", "university
of"). Left so, the output says "the church of [ORGANIZATION_NAME_1]": what kind of body the
speaker belongs to stays in the text, and the annotated sets count the head as part of the name
("Church of Scientology"). The rules' pattern for such names without capitals
(`builtin_names._lower_institution_span`) cannot take it, because the name's own word is
also among the most frequent English words ("scientology") or is no place it knows.

So, in a turn without capitals, an organisation or place found right after an institution's
head and "of" ("university of", "church of the", `HEADS_OF`) is widened to take the head, and
is an organisation: "the university of [ziguinchor]" names a university, not a town. In text
with capitals, the cased rule finds such names whole ("Church of Scientology"), and a
lower-case head there is the ordinary word ("the people of France").

A plain function over findings and texts; `veil.detection.merge` applies it before merging.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.findings import Finding

_WIDENED_TYPES = frozenset({"ORGANIZATION_NAME", "LOCATION"})
# Enough characters before a finding to hold the longest head, "of" and "the".
_LOOK_BACK = 32


@lru_cache(maxsize=1)
def _head_before() -> re.Pattern:
    """An institution's head, "of" and perhaps "the", ending where a finding starts."""
    from veil.detection.engine.name_lists import HEADS_OF

    return re.compile(rf"(?<![\w'’-])(?:{HEADS_OF.lower()})[ \t]+of[ \t]+(?:the[ \t]+)?$")


def widen_to_institution_heads(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings, each organisation or place in a turn without capitals that follows an
    institution's head and "of" widened to take the head, as an organisation (module
    docstring)."""
    from veil.detection.engine.builtin_names import is_cased

    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    head_before = _head_before()
    for finding in findings:
        if finding.info_type not in _WIDENED_TYPES or finding.turn >= len(texts):
            out.append(finding)
            continue
        text = texts[finding.turn]
        head = head_before.search(text, max(0, finding.start - _LOOK_BACK), finding.start)
        if head is None:
            out.append(finding)
            continue
        cased = cased_of.get(finding.turn)
        if cased is None:
            cased = cased_of[finding.turn] = is_cased(text)
        if cased:
            out.append(finding)
            continue
        out.append(Finding(finding.turn, head.start(), finding.end, "ORGANIZATION_NAME",
                           finding.likelihood, finding.method, finding.detector))
    return out
