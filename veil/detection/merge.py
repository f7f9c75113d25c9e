"""Merging the findings of every detector into non-overlapping spans, one infoType each.

The result is a function of the SET of findings, whatever their order, in O(n log n). When
the turns' texts are given, person-name spans are first cut to the name (`veil.name_spans`:
titles and edge words such as "can" or "i've" left outside), and name-type findings that name
no one are dropped ("I'm" as a person, an identifier's short name such as "IBAN": `names_no_one`;
a storm's name, "Hurricane Katrina": `veil.detection.named_storms`);
and, in turns without capitals, a name found right beside an institution's head takes the head,
as an organisation ("church of | scientology", "lincoln | elementary":
`veil.detection.headed_names`); a place followed by the words of an organisation named after
it takes them ("Houston | Public Media": `veil.detection.place_named_organisations`); and,
without capitals, a model's person that starts at a surname takes the given name before it
("patience | oyelaran": `veil.detection.name_spans.take_given_names_before`).

0. **Veto, then retype.** A model can also say that words are no one's name: a finding of the
   reserved type `NOT_A_NAME` (a config's `label_map` sends labels such as spaCy's DATE, NORP
   or LANGUAGE to it; the Hugging Face model gives one, at POSSIBLE, for a word English also
   uses that it reads as no entity in text without capitals, `not_a_name_below`) drops every
   name-list guess of a name type that it overlaps and is no less sure than ("January",
   "Muslim" and "English" are in the name lists; in "since January" the model reads a date;
   in "alma mater" no one). `NOT_A_NAME` findings are never reported.
   A name-list guess takes the type a model gives the same words: the rules'
   dictionaries know that "Wellington" or "Forde" is a surname and a town, not which one the
   sentence means; a model that read the sentence does. A dictionary finding of a name type
   (person, organisation, place) no surer than an overlapping model finding of another name
   type is given the model's type (the most characters' type where several overlap). Its span
   stays: the words are still redacted, under the right type. Context findings (regex: "my
   name is X", "thanks X") and custom dictionaries (VERY_LIKELY) keep their type.
   Before that, a name-list guess inside a longer guess of another name type gives way to it
   ("Buy", a town, inside "Best Buy", a shop; "Paris" inside "Paris Hilton"): the longer match
   reads the whole phrase (`drop_guesses_inside_longer`).
1. **Join.** Overlapping findings of the same infoType in a turn become one span, their union
   ("Mark" and "Mark Green" become "Mark Green"). The joined span carries the method,
   likelihood and detector of its strongest member.
2. **Own.** Each character belongs to the strongest joined span that covers it. Strength is a
   total order on findings: checksum-validated over regex over dictionary over model, then
   higher likelihood, then longer span, then a specific type over a generic one (the
   catalogue's `generic` types, such as the profile's DIGIT_SEQUENCE: "536-22-1842" found as
   both a US SSN and a digit sequence is a US SSN), then earlier start, then infoType and
   detector name (alphabetically), so that no tie is left to input order.
3. **Cut.** A span that owns all its characters is kept whole. A span that lost some keeps
   the runs of characters it owns, each trimmed to its alphanumeric core when the turn's text
   is given (a run with no letter or digit is dropped); the trimmed-off characters are
   nobody's. In a text with capitals, a name-type piece that is only ordinary lower-case words
   is dropped too: the name the span held went to a stronger finding, and what is left is the
   word around it ("support" of a model's "Acme support" whose "Acme" a
   speaker context took: "[ORGANIZATION_NAME_1] support", not two organisations side by
   side).

Two choices favour recall, since a miss leaks a person and an over-redaction costs a word:
same-type overlaps are joined rather than competing, and a weaker finding keeps whatever part
of it the stronger ones do not cover instead of being dropped (but a name's piece of ordinary
lower-case words, step 3).
"""
from __future__ import annotations

import heapq
import re
from bisect import bisect_left
from itertools import groupby
from typing import Iterable

from veil.detection.findings import Finding, Method
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.calendar_words import (
    a_saint_before_the_day,
    a_weekday_said_as_a_day,
    names_a_day,
    the_end_of_a_holiday,
)
from veil.detection.casing import conversation_case
from veil.detection.headed_names import widen_to_heads
from veil.detection.idioms import names_no_one_here
from veil.detection.named_storms import without_storms
from veil.detection.place_named_organisations import widen_to_place_named_organisations
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    BODY_KINDS,
    EPONYMS,
    IDENTIFIER_ACRONYMS,
    INTERJECTIONS,
    PARENTS_CALLED,
)
from veil.detection.engine.word_facts import is_cased, is_eponym
from veil.detection.engine.word_lists import STOPWORDS, common_words, name_words
from veil.detection.name_spans import exclaimed, take_given_names_before, trim_name_spans

_GENERIC = BUILTINS.generic_types()
# The types a name list and a model can disagree on.
NAME_TYPES = frozenset({"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION"})
# A model's word that the words it covers are no one's name (step 0); never reported.
NOT_A_NAME = "NOT_A_NAME"


def strength_order(finding: Finding) -> tuple:
    """Sort key, strongest first; total on a turn's findings (the end is start + length)."""
    return (
        -finding.method, -finding.likelihood, -finding.length, finding.info_type in _GENERIC,
        finding.start, finding.info_type, finding.detector,
    )


def _join_same_type(findings: list[Finding]) -> list[Finding]:
    """Step 1 for one turn: each same-type overlap component as one span."""
    joined: list[Finding] = []
    ordered = sorted(findings, key=lambda f: (f.info_type, f.start, f.end))
    for _, group in groupby(ordered, key=lambda f: f.info_type):
        members: list[Finding] = []
        end = -1
        for finding in group:
            if members and finding.start >= end:
                joined.append(_union(members, end))
                members = []
            members.append(finding)
            end = max(end, finding.end)
        joined.append(_union(members, end))
    return joined


def _union(members: list[Finding], end: int) -> Finding:
    if len(members) == 1:
        return members[0]  # alone: the union is the finding itself
    return min(members, key=strength_order).with_span(members[0].start, end)


def _disjoint(spans: list[Finding]) -> bool:
    """Whether no two of one turn's spans overlap: then each owns all its characters."""
    ordered = sorted(spans, key=lambda s: s.start)
    return all(a.end <= b.start for a, b in zip(ordered, ordered[1:]))


def _owned_runs(spans: list[Finding]) -> list[list[tuple[int, int]]]:
    """Step 2 for one turn's joined spans: for each, the runs of characters it owns.

    A sweep over the span edges with a heap of the spans open there, strongest on top; the
    owner changes only at an edge.
    """
    rank = {id(span): r for r, span in enumerate(sorted(spans, key=strength_order))}
    by_start = sorted(spans, key=lambda s: s.start)
    edges = sorted({s.start for s in spans} | {s.end for s in spans})
    runs: list[list[tuple[int, int]]] = [[] for _ in spans]
    index = {id(span): i for i, span in enumerate(spans)}
    open_spans: list[tuple[int, int, int]] = []  # (rank, end, index)
    next_start = 0
    for here, there in zip(edges, edges[1:]):
        while next_start < len(by_start) and by_start[next_start].start == here:
            span = by_start[next_start]
            heapq.heappush(open_spans, (rank[id(span)], span.end, index[id(span)]))
            next_start += 1
        while open_spans and open_spans[0][1] <= here:
            heapq.heappop(open_spans)
        if not open_spans:
            continue
        owner = runs[open_spans[0][2]]
        if owner and owner[-1][1] == here:
            owner[-1] = (owner[-1][0], there)
        else:
            owner.append((here, there))
    return runs


def _trim(text: str | None, start: int, end: int) -> tuple[int, int] | None:
    """Shrink a leftover piece to its alphanumeric core; None if nothing identifying is left."""
    if text is None:
        return (start, end) if end > start else None
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return (start, end) if end > start else None


def _only_ordinary_words(span: Finding, text: str | None, start: int, end: int) -> bool:
    """Whether a piece cut from a span holds nothing that identifies: lower-case function words
    of any type's span ("is" of a plate "is dl 7720" whose letters and digits went to a longer
    ID); or, from a name-type span in a text with capitals, only ordinary words written
    lower-case. (Without capitals, "states" of "united states" looks the same: measured, such
    pieces there are more often part of the name.)"""
    if text is None:
        return False
    piece = text[start:end]
    if piece.islower() and all(word in STOPWORDS and len(word) > 1 and word != "one"
                               for word in piece.split()):
        return True  # not a spelled letter ("i") nor a digit said ("one")
    if span.info_type.split("_SPEAKER")[0] not in NAME_TYPES:
        return False
    if not piece.islower() or not is_cased(text):
        return False
    ordinary = common_words()
    return all(word in ordinary or word in STOPWORDS for word in _WORDS.findall(piece))


def _model_type(guess: Finding, models: list[Finding]) -> str | None:
    """The name type that the model findings overlapping a name-list guess give most of its
    characters, where the guess is no surer than they are and they do not share its type."""
    covered: dict[str, int] = {}
    for model in models:
        overlap = min(guess.end, model.end) - max(guess.start, model.start)
        if overlap > 0 and model.likelihood >= guess.likelihood:
            covered[model.info_type] = covered.get(model.info_type, 0) + overlap
    if not covered or guess.info_type in covered:
        return None
    return max(sorted(covered), key=covered.get)


def _is_name_guess(finding: Finding) -> bool:
    return finding.method == Method.DICTIONARY and finding.info_type in NAME_TYPES


def drop_vetoed_guesses(findings: list[Finding]) -> list[Finding]:
    """Step 0, first half: without the `NOT_A_NAME` findings, and without the name-list guesses
    that one of them, as sure or surer, overlaps in the same turn (module docstring)."""
    vetoes = sorted((f for f in findings if f.info_type == NOT_A_NAME), key=lambda f: (f.turn, f.start))
    if not vetoes:
        return findings
    keys = [(v.turn, v.start) for v in vetoes]
    longest = max(v.end - v.start for v in vetoes)
    out = []
    for finding in findings:
        if finding.info_type == NOT_A_NAME:
            continue
        if _is_name_guess(finding):
            near = vetoes[bisect_left(keys, (finding.turn, finding.start - longest + 1)):
                          bisect_left(keys, (finding.turn, finding.end))]
            if any(v.turn == finding.turn and v.start < finding.end and finding.start < v.end
                   and v.likelihood >= finding.likelihood for v in near):
                continue
        out.append(finding)
    return out


def drop_guesses_inside_longer(findings: list[Finding]) -> list[Finding]:
    """Step 0 for one turn: without the name-list guesses that lie inside a longer guess of
    another name type. The lists match every name they hold, so "Best Buy" (a shop) also holds
    "Buy" (a town, and surer for its capital alone), "Paris Hilton" holds "Paris" and "Bank of
    America" holds "America": the longer match is the reading of the whole phrase, as the
    longest match is in any gazetteer tagger, and the words stay redacted under its type."""
    guesses = sorted((f for f in findings if _is_name_guess(f)), key=lambda f: f.start)
    if len(guesses) < 2:
        return findings
    starts = [g.start for g in guesses]
    longest = max(g.end - g.start for g in guesses)
    inside = set()
    for guess in guesses:
        for other in guesses[bisect_left(starts, guess.start - longest):
                             bisect_left(starts, guess.start + 1)]:
            if (other.info_type != guess.info_type and other.start <= guess.start
                    and guess.end <= other.end and other.length > guess.length):
                inside.add(id(guess))
                break
    return [f for f in findings if id(f) not in inside] if inside else findings


def retype_name_guesses(findings: list[Finding]) -> list[Finding]:
    """Step 0 for one turn: name-list guesses take the model's name type (module docstring).
    The model findings near each guess are found by bisection, so that a long document with
    thousands of names stays O(n log n)."""
    models = sorted((f for f in findings if f.method == Method.MODEL and f.info_type in NAME_TYPES),
                    key=lambda f: f.start)
    if not models:
        return findings
    starts = [m.start for m in models]
    longest = max(m.end - m.start for m in models)
    out = []
    for finding in findings:
        if _is_name_guess(finding):
            near = models[bisect_left(starts, finding.start - longest + 1):
                          bisect_left(starts, finding.end)]
            info_type = _model_type(finding, near)
            if info_type is not None:
                finding = Finding(finding.turn, finding.start, finding.end, info_type,
                                  finding.likelihood, finding.method, finding.detector)
        out.append(finding)
    return out


# "I'm", "I'll", "I'ma" ("ima", I am going to): a speaker speaking of themself, never a name,
# whatever a model says.
_SELF_REFERENCES = frozenset({"i'm", "i’m", "i'll", "i’ll", "i've", "i’ve", "i'd", "i’d", "i'ma", "i’ma",
                              "ima"})
# What a speaker calls a relative or a friend, alone ("Hi, Gran!", "Okay, Amma.", "Ah, Mol!"):
# a relation or a form of address, which a model reads as a person from the vocative and the
# capital. Not "Son", a surname too ("Son scores again"); as a person also "ma" and "pa"
# (`PARENTS_CALLED`), which as a place or a body are states and parties.
_ADDRESSED_AS = ADDRESS_TERMS - {"son"}
_A_PERSON_ADDRESSED_AS = _ADDRESSED_AS | PARENTS_CALLED
_POSSESSIVE_S = re.compile(r"['’]s$")  # "Gran's", "chettan's"
# What a listener says to keep a call going, and what a speaker says while thinking: spaCy's
# small model reads a lower-case "mm-hmm" mid-turn as a person.
_FILLERS = frozenset({"mm-hmm", "mm-hm", "mmhmm", "mhm", "mm", "mmm", "hmm", "hm", "uh-huh", "uh-uh",
                      "uh-oh", "um", "umm", "uh", "uhh", "er", "erm", "ah", "oh", "huh", "eh",
                      "okay", "ok", "mmkay", "mkay", "m'kay", "mm-mm", "yeah", "yep", "yup", "nope"})
_ARTICLES = frozenset({"the", "a", "an"})
_TRAILING_LOWER_CASE = re.compile(r"(?:\s+[a-z][\w'’-]*)+$")
_EDGES = " \t\n.,!?;:"  # a span's own edges, not part of its words
_WORDS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
# A word cut off and said again, as transcripts write a restart: "Perfect- Perfect" (not "Nasser
# Nasser", a name).
_STUTTER = re.compile(r"([^\W\d_]+)[-–—]+\s+\1", re.IGNORECASE)


# Nouns for a kind of body or place, which a text with capitals writes in lower case when it
# means any one of the kind ("a job at the university", "the army", "at uni", "to the city
# centre"): a model's organisation or place on such a word alone names none.
_KINDS_OF_BODY_OR_PLACE = BODY_KINDS | frozenset("""
    uni news services city town depot harbor harbour district village county state federal stadium
    airport station library museum orthodontist dentist counselling counseling surgery pharmacy
    practice shop store mall restaurant cafe pub bar hotel
""".split())
_A_CAPITALISED_WORD_BEFORE = re.compile(r"[A-Z][\w'’.-]*[ \t]+$")


def _a_kind_of_body_or_place(finding: Finding, text: str, value: str) -> bool:
    """Whether an organisation or place is one lower-case word for a kind of body or place
    (`_KINDS_OF_BODY_OR_PLACE`) in text with capitals, not the end of a capitalised name
    ("Casement stadium")."""
    return (finding.info_type in ("ORGANIZATION_NAME", "LOCATION") and value in _KINDS_OF_BODY_OR_PLACE
            and text[finding.start:finding.end].strip(_EDGES).islower()
            and is_cased(text)
            and _A_CAPITALISED_WORD_BEFORE.search(text, max(0, finding.start - 30), finding.start) is None)


def names_no_one(finding: Finding, texts: list[str]) -> bool:
    """Whether a name-type finding covers no one's name: only "I'm" (or "I'll", "I've", "I'd",
    "I'ma", "ima") or a form of address ("Gran", "Amma") as a person, an organisation or a
    place; only an article as an organisation or place (a model's "the" of "the Bulls"); only an identifier's short name
    ("IBAN", "PIN"), fillers ("mm-hmm", "uh-huh, um") or an ordinary word that no name list
    holds, said twice ("Perfect- Perfect"); or an eponym where it names a disease, a law or a
    thing ("Graves' disease", "Morse code", "Achilles tendon"); or a person that is the English
    word of a set phrase ("the crack of dawn", "mark my words": `veil.detection.idioms`); or, in
    text with capitals, an organisation or place that is a lower-case word for any body or place
    of a kind ("at the university": `_a_kind_of_body_or_place`). The
    cheap tests first: it runs on every name candidate of a batch."""
    if finding.info_type not in NAME_TYPES or finding.turn >= len(texts):
        return False
    text = texts[finding.turn]
    value = text[finding.start:finding.end].strip(_EDGES).lower()
    if value in IDENTIFIER_ACRONYMS or value in _FILLERS or value in INTERJECTIONS \
            or exclaimed(text, finding.start, finding.end):
        return True  # "och", "g'day", and "pai" of "ka pai"
    if finding.info_type == "PERSON_NAME":
        if value in _SELF_REFERENCES or _g_dropped(value) \
                or _POSSESSIVE_S.sub("", value) in _A_PERSON_ADDRESSED_AS:
            return True
        if names_no_one_here(text, finding.start, finding.end):
            return True
    elif value in _ARTICLES or _a_kind_of_body_or_place(finding, text, value) \
            or _POSSESSIVE_S.sub("", value) in _ADDRESSED_AS:
        return True  # also a model's organisation on "oupa's" or "abbu", a list's place "anak"
    if " " not in value:  # one word: an eponym or no one's
        return value in EPONYMS and is_eponym(text, finding.start, finding.end, possessive=False)
    words = _WORDS.findall(value)
    if not words:
        return False
    if words[0] in _FILLERS:
        return len(words) <= 3 and all(word in _FILLERS for word in words)
    if len(words) != 2 or _STUTTER.fullmatch(value) is None:
        return False
    return words[0] in common_words() and words[0] not in name_words()  # "Will- Will" may be Will


def _g_dropped(value: str) -> bool:
    """Whether a person's one word is an ordinary word said without its last "g" ("darlin",
    "drivin'", "banana puddin"), as transcripts of Southern and British speech write it, and
    no name the lists hold ("Robin", "Martin")."""
    word = value.rstrip("'’")
    if not word.endswith("in") or len(word) < 5 or " " in word:
        return False
    return word + "g" in common_words() and word not in name_words()


def _a_day_alone(finding: Finding, texts: list[str]) -> bool:
    """Whether a name-type finding, cut to the name, is only a day's name ("Passover", "Rosh
    Hashanah"; "March" as a place: `names_a_day`; a weekday a cue took for someone, "call me
    Sunday": `a_weekday_said_as_a_day`). Where the text has capitals, lower-case
    words trailing the day are not part of a name: spaCy's place "Easter we eat" is "Easter"."""
    if finding.info_type not in NAME_TYPES or finding.turn >= len(texts):
        return False
    text = texts[finding.turn]
    value = text[finding.start:finding.end].strip(_EDGES)
    if names_a_day(value, finding.info_type) or a_saint_before_the_day(text, finding.start, finding.end) \
            or the_end_of_a_holiday(text, finding.start, finding.end):
        return True
    if finding.info_type == "PERSON_NAME" and finding.method is Method.REGEX \
            and a_weekday_said_as_a_day(text, finding.start, finding.end):
        return True  # "call me Sunday"; not "Uncle Sunday"
    trailing = _TRAILING_LOWER_CASE.search(value)
    return (trailing is not None and is_cased(text)
            and names_a_day(value[:trailing.start()], finding.info_type))




def merge_findings(findings: Iterable[Finding], texts: list[str] | None = None,
                   retype: bool = True) -> list[Finding]:
    """Non-overlapping findings sorted by (turn, start). `texts` lets leftovers be trimmed.

    `retype=False` keeps a name-list guess's own type even where a model types the same
    words otherwise (`retype_name_guesses`): the residual-risk auditor errs high, and a person
    scores more than a place. A model's `NOT_A_NAME` veto applies either way (step 0)."""
    if texts is None:
        return _merged(findings, None, retype)
    with conversation_case(texts):  # a turn's case is judged with its transcript's
        return _merged(findings, texts, retype)


def _none_left_trimmed(before: list[Finding], trimmed: list[Finding], texts: list[str]) -> list[Finding]:
    """The trimmed findings less those that trimming cut down to no one's name: a model's "ya ah
    ma" that leaves the filler "ah" (`names_no_one`, asked again of the spans that changed)."""
    spans = {(f.turn, f.start, f.end) for f in before}
    return [f for f in trimmed if (f.turn, f.start, f.end) in spans or not names_no_one(f, texts)]


def _merged(findings: Iterable[Finding], texts: list[str] | None, retype: bool) -> list[Finding]:
    merged: list[Finding] = []
    findings = drop_vetoed_guesses(list(findings))
    if texts is not None:
        findings = without_storms([f for f in findings if not names_no_one(f, texts)], texts)
        findings = _none_left_trimmed(findings, trim_name_spans(findings, texts), texts)
        findings = take_given_names_before(findings, texts)
        findings = [f for f in findings if not _a_day_alone(f, texts)]
        findings = widen_to_place_named_organisations(widen_to_heads(findings, texts), texts)
    by_turn = sorted(findings, key=lambda f: f.turn)
    for turn, group in groupby(by_turn, key=lambda f: f.turn):
        group = list(group)
        if len(group) == 1:
            merged.append(group[0])  # the common turn: one finding, nothing to merge
            continue
        group = drop_guesses_inside_longer(group)
        spans = _join_same_type(retype_name_guesses(group) if retype else group)
        if _disjoint(spans):
            merged.extend(spans)
            continue
        text = texts[turn] if texts is not None else None
        for span, runs in zip(spans, _owned_runs(spans)):
            if runs == [(span.start, span.end)]:
                merged.append(span)
                continue
            for start, end in runs:
                piece = _trim(text, start, end)
                if piece is not None and not _only_ordinary_words(span, text, *piece):
                    merged.append(span.with_span(*piece))
    merged.sort(key=lambda f: (f.turn, f.start))
    return merged
