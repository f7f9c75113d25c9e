"""A storm's name is no one's: "Hurricane Katrina", "Tropical Storm Arthur", "Typhoon Haiyan".

Weather services name storms with given names, and callers to insurers, utilities and banks
speak of them ("the roof went in Hurricane Ian", "since Storm Eunice"). The name lists read the
name as a person, and the gazetteer reads "Hurricane" as the town in Utah: the job wrote "in
the wake of [LOCATION_1] [PERSON_NAME_1]" for "in the wake of Hurricane Katrina". Neither word
identifies anyone, so a name-type finding that is the storm's word, its name, or both is no
finding (`veil.detection.merge`), for the job and the residual-risk auditor alike.

A conversation that names a storm once ("Hurricane Rita, now a category 5 storm") goes on to
call it by its name alone ("Rita packed winds of 240 kilometres an hour"): there the name is
the storm's at every mention, and the spread of a name said again (`veil.detection.name_repeats`)
leaves it too; unless a cue somewhere in the conversation says someone of that name is meant
("my husband Ian", "thanks Rita"), and then only the words right after the storm's word are
the storm's. Only the words after a storm's word count, never a storm said alone ("the storm Mike
talked about"), and "Storm" itself only with its capital, as Britain and Ireland name theirs
("Storm Eunice"): a lower-case "storm" before a name is as often a sentence going on.
"""
from __future__ import annotations

import re
from typing import Iterable

from veil.detection.calendar_words import month_or_weekday
from veil.detection.engine.name_lists import US_STATES
from veil.detection.findings import Finding, Method

_STORM_WORD = (r"(?:(?i:hurricane|typhoon|super[ -]?typhoon|cyclone|superstorm|tropical[ \t]+storm"
               r"|tropical[ \t]+depression|winter[ \t]+storm)|Storm)")
_NAME_WORD = r"[^\W\d_][\w'’-]*"
# A storm's word and the name after it, anywhere in a turn: "Hurricane Katrina", "storm Eunice".
_STORM_AND_NAME = re.compile(rf"\b{_STORM_WORD}[ \t]+(?P<name>{_NAME_WORD})")
_STORM_BEFORE = re.compile(rf"\b{_STORM_WORD}[ \t]+$")
_EDGES = " \t\n.,!?;:\"'"
# A state after "Hurricane" makes it the town's name ("Hurricane, Utah", "Hurricane West
# Virginia").
_STATE_WORDS = frozenset(state.split()[0].lower() for state in US_STATES)


def _no_storm_name(word: str) -> bool:
    """Whether the word after a storm's word names no storm: a date or a state (above), or an
    ordinary word that no name list holds ("Hurricane Center", "hurricane season", "Storm
    troopers"). Storms take given names, or words of other languages ("Haiyan")."""
    if month_or_weekday(word) or word in _STATE_WORDS:
        return True
    from veil.detection.engine.word_lists import common_words, name_words

    return word in common_words() and word not in name_words()


def without_storms(findings: list[Finding], texts: list[str],
                   context: Iterable[Finding] | None = None) -> list[Finding]:
    """`findings` less the name-type ones that are only a storm's word, its name, or both
    (`names_a_storm`). `context`: the conversation's findings whose cues say who is a person
    (default: `findings`). A conversation that names no storm, nearly all, costs one test of
    each turn."""
    storms = storm_names(texts)
    if not storms:
        return findings
    storms -= cued_people(texts, findings if context is None else context)
    return [f for f in findings if f.info_type not in STORM_TYPES or not names_a_storm(f, texts, storms)]


# The types a storm's words are taken for: its name for a person, "Hurricane" for the town.
STORM_TYPES = frozenset({"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION"})


def storm_names(texts: list[str]) -> frozenset[str]:
    """The names, lower-case, that these turns give after a storm's word ("katrina" of
    "Hurricane Katrina"); not a month, a weekday, a state or an ordinary word
    (`_no_storm_name`)."""
    names = set()
    for text in texts:
        lowered = text.lower()  # a cheap test before the regex
        if ("storm" not in lowered and "hurrican" not in lowered and "typhoon" not in lowered
                and "cyclone" not in lowered):
            continue
        for match in _STORM_AND_NAME.finditer(text):
            name = match.group("name").lower()
            if not _no_storm_name(name):
                names.add(name)
    return frozenset(names)


def cued_people(texts: list[str], findings: Iterable[Finding]) -> frozenset[str]:
    """The values, lower-case, that a context finding takes for a person ("my husband Ian",
    "thanks Rita"): in a conversation that names them, such a name is someone's, not only the
    storm's."""
    return frozenset(_value(texts[f.turn], f.start, f.end).lower() for f in findings
                     if f.method == Method.REGEX and f.info_type == "PERSON_NAME" and f.turn < len(texts))


def names_a_storm(finding: Finding, texts: list[str], storms: frozenset[str]) -> bool:
    """Whether a name-type finding is only a storm's word, its name, or both: the name right
    after a storm's word, a storm's word alone or with the name after it ("Hurricane" of
    "Hurricane Katrina", or the two as one span), or, said alone, one of `storms` (the
    conversation's storm names that no cue takes for a person)."""
    if finding.turn >= len(texts):
        return False
    text = texts[finding.turn]
    start, end = _trimmed(text, finding.start, finding.end)
    value = text[start:end].lower()
    if not value:
        return False
    if value in storms:
        return True
    if _STORM_BEFORE.search(text, max(0, start - 30), start) and not _no_storm_name(value.split()[0]):
        return True
    match = _STORM_AND_NAME.match(text, start)
    return match is not None and not _no_storm_name(match.group("name").lower()) and (
        end <= match.start("name") or end == match.end())


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in _EDGES:
        start += 1
    while end > start and text[end - 1] in _EDGES:
        end -= 1
    return start, end


def _value(text: str, start: int, end: int) -> str:
    start, end = _trimmed(text, start, end)
    return text[start:end]
