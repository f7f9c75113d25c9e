"""An organisation named after its town: "Houston | Public Media", "Rochdale | Boroughwide
Housing", "Salford | Magistrates' Court", "Jerusalem | Post".

Papers, broadcasters, councils and their housing bodies, courts, police forces, utilities,
parties, building societies, cab firms, bands and clubs are often named by a place and a word
that says what they are. The gazetteer or the model knows the place, and the organisation
lists cannot hold every "Houston Public Media". Left so, the output says "I'm at [LOCATION_1]
Public Media": the rest of the name stays in the text, and what the place names is typed as the
town.

So a place (LOCATION or US_STATE) followed at once by words that end in such a word
(`_ORGANISATION_HEADS`) is widened over them, as an organisation. The head is what says
"organisation": measured on the annotated dev sets, a place followed by any capitalised words
is as often a longer place ("United States", "Gaza Strip", "Basse Terre"), a headline ("Truro
Jobs"), a title before a person ("US President Barack Obama") or an award ("Stirling Prize") as
an organisation.

- In a turn with capitals, the words must be capitalised, up to four of them.
- Without capitals, up to three words, and only the heads that say "organisation" even there
  (`_UNCASED_HEADS`): "houston public media", "salford magistrates court", "chicago police";
  not a newspaper's or a utility's ("in london times were hard", "in texas water is short").
- The words between the place and the head must be none of these: another place, a
  geographic or built feature ("Boston Harbor Police" is the harbour's), a day or a month, a
  title, a given name, and without capitals a function word.

A plain function over findings and texts; `veil.detection.merge` applies it before merging.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.calendar_words import month_or_weekday
from veil.detection.engine.name_lists import MEDIA_HEADS
from veil.detection.findings import Finding, Method

_PLACE_TYPES = frozenset({"LOCATION", "US_STATE"})

# Words that end an organisation's name after its place (newspapers' too, `MEDIA_HEADS`).
_ORGANISATION_HEADS = frozenset("""
    media housing legislature assembly parliament senate police constabulary transit transport
    water gas electric electricity energy power railway railways airways buses tribunal radio
    television tv broadcasting observer mirror echo express recorder review monthly weekly
    magazine tories democrats republicans liberals marines rangers united rovers wanderers
    athletic albion fc afc rfc juniors society council cabs taxis band
""".split()) | frozenset(MEDIA_HEADS.lower().split("|"))
# What kind of court a court is, before "Court": the court, not a close of houses ("Salford
# Magistrates' Court", not "Redden Court").
_COURT_KINDS = frozenset("""
    magistrates magistrate crown county district supreme high family appeals appeal circuit
    superior municipal juvenile probate federal coroners coroner small claims youth
""".split())
# Words before the head that say the words are no organisation's name: a place's feature or a
# building, a title before a person, a time (and a month or a weekday: `month_or_weekday`).
_NOT_BEFORE_A_HEAD = frozenset("""
    harbour harbor airport station bay beach island river lake park square bridge street road
    avenue lane hospital cathedral museum centre center hall stadium
    president pm premier minister secretary chairman chair governor mayor senator ambassador
    chief ceo commissioner leader
    today tonight yesterday tomorrow
""".split())
# A run of capitalised words right after a place: up to four, "and", "of" or "&" inside it.
_RUN = re.compile(
    r"[ \t]+(?P<run>[A-Z][\w'’-]*(?:[ \t]+(?:(?:and|of|&)[ \t]+)?[A-Z][\w'’-]*){0,3})"
)
# Without capitals: up to three words, of which the last head ends the name.
_RUN_UNCASED = re.compile(r"[ \t]+(?P<run>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,2})")
# The heads that say "organisation" in a copy without capitals too: not a newspaper's ("three
# times", "good news", "by post"), a utility's ("hot water", "gas"), "express", "review" or
# "echo", which are as often the words.
_UNCASED_HEADS = _ORGANISATION_HEADS - frozenset(MEDIA_HEADS.lower().split("|")) - frozenset("""
    water gas electric electricity energy power transport railway railways airways buses radio
    television tv broadcasting observer mirror echo express recorder review monthly weekly magazine
    rangers band
""".split())


@lru_cache(maxsize=1)
def _a_head_ahead() -> re.Pattern:
    """A head among the four words after a place, any case: the cheap test that spares most
    places the rest (`_organisation_end`)."""
    heads = sorted(_ORGANISATION_HEADS | {"court"}, key=len, reverse=True)
    return re.compile(r"(?i)(?:[ \t]+\S+){0,3}?[ \t]+(?:" + "|".join(heads) + r")(?![\w'’-])")


def _organisation_end(text: str, place_end: int, cased: bool) -> int | None:
    """Where an organisation's name that goes on from a place ends: at the last head of the
    capitalised words after it (without capitals, of the words after it), or None (module
    docstring)."""
    from veil.detection.engine.word_lists import (
        common_words,
        given_name_words,
        is_place_phrase,
        STOPWORDS,
    )

    match = (_RUN if cased else _RUN_UNCASED).match(text, place_end)
    if match is None:
        return None
    heads = _ORGANISATION_HEADS if cased else _UNCASED_HEADS
    end, previous = None, ""
    for word in re.finditer(r"\S+", match.group("run")):
        lowered = re.sub(r"['’]s?$", "", word.group(0).lower())
        if lowered in heads:
            end = match.start("run") + word.end()
        elif lowered == "court" and previous in _COURT_KINDS:
            end = match.start("run") + word.end()
        elif lowered in _NOT_BEFORE_A_HEAD or month_or_weekday(lowered) or is_place_phrase(lowered) or (
                lowered in given_name_words() and lowered not in common_words()) or (
                not cased and lowered in STOPWORDS):
            break
        previous = lowered
    return end


def widen_to_place_named_organisations(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings, each place that the words of an organisation's name follow, up to a head,
    widened over them, as that organisation (module docstring)."""
    from veil.detection.engine.word_facts import is_cased

    findings = list(findings)
    if not any(f.info_type in _PLACE_TYPES for f in findings):
        return findings  # most turns: no place to widen
    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    for finding in findings:
        if finding.info_type not in _PLACE_TYPES or finding.turn >= len(texts):
            out.append(finding)
            continue
        text = texts[finding.turn]
        if finding.end >= len(text) or text[finding.end] not in " \t" \
                or not _a_head_ahead().match(text, finding.end):
            out.append(finding)
            continue
        cased = cased_of.get(finding.turn)
        if cased is None:
            cased = cased_of[finding.turn] = is_cased(text)
        if cased and not text[finding.start].isupper():
            out.append(finding)
            continue
        end = _organisation_end(text, finding.end, cased)
        if end is None:
            out.append(finding)
            continue
        out.append(Finding(finding.turn, finding.start, end, "ORGANIZATION_NAME",
                           finding.likelihood, Method.REGEX, finding.detector))
    return out
