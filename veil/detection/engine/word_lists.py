"""The word lists the name rules read, loaded once: the frequent English words, given and family
names, names that are also words, organisations, places and medicines.

The large lists are built by `scripts/build_name_lists.py` into `veil/detection/engine/data/`;
the hand-kept ones are in `veil.detection.engine.name_lists`. What a word is in a text (a
sentence's first word, a word of a text without capitals) is `veil.detection.engine.word_facts`;
the scanners that use both are `veil.detection.engine.person_scanners`, `organisation_scanners`,
`place_scanners` and `product_scanners`.
"""
from __future__ import annotations

import gzip
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Iterable, Iterator

from veil.detection.engine.dictionary import DictionaryMatcher, normalise_term
from veil.detection.engine.gazetteer import gazetteer
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    AMBIGUOUS_NAMES,
    BRANDS,
    INSTITUTIONS,
    LOCATION_EXCLUSIONS,
    ORDINARY_WORD_ORGANIZATIONS,
    ORGANIZATIONS,
    PEOPLE_WORDS,
    REGIONS,
    RELATIVE_WORDS,
    SERVICE_COMPANIES,
    SHOP_BRANDS,
)

STOPWORDS = frozenset(
    """a an the my your his her our their its this that these those me you him us them i we
    he she it they one someone somebody anyone anybody everyone everybody nobody nothing something
    anything everything whatever whoever
    sure yes yeah no not ok okay well so just really very here there calling speaking from
    with and or but for to of in on at by as is am are was be been please thanks thank sorry
    hello hi hey good great fine what who how why when where which""".split()
)


def _data_lines(name: str) -> list[str]:
    data = resources.files("veil.detection.engine") / "data" / name
    with data.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip()]


@lru_cache(maxsize=None)
def common_words() -> frozenset[str]:
    """The frequent English words, the names that are words too (`AMBIGUOUS_NAMES`), and the
    words for people and relatives, which the name lists hold though the frequency list may
    not ("lad", "nanna", "stepson": "my lad alfie" is no "Lad Alfie")."""
    return frozenset(_data_lines("common_words.txt.gz")) | AMBIGUOUS_NAMES | PEOPLE_WORDS | RELATIVE_WORDS


@lru_cache(maxsize=None)
def proper_place_words() -> frozenset[str]:
    """Major places that count among the frequent words only because word counts are made
    lower-case ("dakar", "beijing", "tehran"; built by `scripts/build_name_lists.py`): no
    dictionary writes them lower-case, so without capitals they are places all the same."""
    return frozenset(_data_lines("proper_place_words.txt.gz"))


@lru_cache(maxsize=None)
def town_words() -> frozenset[str]:
    """Towns that count among the frequent words only because word counts are made lower-case
    ("tempe", "lubbock", "wembley"; built by `scripts/build_name_lists.py`): without capitals
    "in", "from" or "at" makes them places, as it makes a major place."""
    return frozenset(_data_lines("town_words.txt.gz"))


@lru_cache(maxsize=None)
def place_words_said_as_words() -> frozenset[str]:
    """The frequent words a gazetteer word may also be ("reading", "china", "mobile"): all but
    the major places no dictionary writes lower-case."""
    return common_words() - proper_place_words()


@lru_cache(maxsize=None)
def word_name_words() -> frozenset[str]:
    """Name-list words that English also uses as words, however rarely ("kit", "sherry",
    "marks"; built by `scripts/build_name_lists.py`): lower-case after a determiner, a
    subject or a measure and "of" (`the_word_not_a_name`), the word and not a name."""
    return frozenset(_data_lines("word_name_words.txt.gz"))


@lru_cache(maxsize=None)
def ordinary_name_words() -> frozenset[str]:
    """Name-list words that are also ordinary English words, outside `common_words` (built
    by `scripts/build_name_lists.py`): lower-case, a candidate only, never a name alone."""
    return frozenset(_data_lines("ordinary_name_words.txt.gz")) - common_words()


@lru_cache(maxsize=None)
def surnames_said_as_names() -> frozenset[str]:
    """Surnames that English says as little else ("goldberg", "atwood", "ansari"; built by
    `scripts/build_name_lists.py` from the US census surnames). `common_words` holds the
    frequent ones only because word counts are made lower-case."""
    return frozenset(_data_lines("surnames_said_as_names.txt.gz"))


def _without_stopwords(terms: Iterable[str]) -> Iterator[str]:
    """Terms but the stopwords ("an", "my"), which every scanner here rejects: searching
    for them would only cost time."""
    return (t for t in terms if normalise_term(t) not in STOPWORDS)


@lru_cache(maxsize=None)
def name_list(name: str) -> tuple[str, ...]:
    """A bundled name list, with each accented name also as people type it without accents
    ("Dương" and "Duong", "Güldam" and "Guldam"): ASR output and most English text drop the
    accents. A folded form that is an ordinary word ("Côme" -> "come") is left out."""
    names = _data_lines(name)
    ordinary = common_words()
    folded = {_fold(n) for n in names} - set(names)
    return tuple(names) + tuple(sorted(f for f in folded if f.lower() not in ordinary))


@lru_cache(maxsize=None)
def given_names() -> tuple[str, ...]:
    """The bundled first-name list, and the given names that are English words which Faker's
    lists lack (`GIVEN_NAMES_THAT_ARE_WORDS`: "Favour", "Gift", "Pinky")."""
    from veil.detection.engine.name_lists import GIVEN_NAMES_THAT_ARE_WORDS

    return name_list("first_names.txt.gz") + tuple(sorted(GIVEN_NAMES_THAT_ARE_WORDS))


@lru_cache(maxsize=None)
def first_names() -> DictionaryMatcher:
    return DictionaryMatcher(_without_stopwords(given_names()))


@lru_cache(maxsize=None)
def last_names() -> DictionaryMatcher:
    return DictionaryMatcher(_without_stopwords(name_list("last_names.txt.gz")))


@lru_cache(maxsize=None)
def given_name_words() -> frozenset[str]:
    """The first-name list's words, lower-case."""
    return frozenset(n.lower() for n in given_names())


@lru_cache(maxsize=None)
def family_name_words() -> frozenset[str]:
    """The last-name list's words, lower-case."""
    return frozenset(n.lower() for n in name_list("last_names.txt.gz"))


@lru_cache(maxsize=None)
def name_words() -> frozenset[str]:
    return given_name_words() | family_name_words()


def _hand_listed_organisations() -> list[str]:
    return [t.strip() for t in f"{ORGANIZATIONS},{SERVICE_COMPANIES},{INSTITUTIONS}".split(",")
            if t.strip()]


@lru_cache(maxsize=None)
def listed_companies() -> tuple[str, ...]:
    """The members of twenty stock indices, as people name them ("Kroger", "Honeywell",
    "Kimberly-Clark"; built by `scripts/build_company_list.py`): the large employers a caller
    names, which no hand-written list holds all of."""
    return tuple(_data_lines("listed_companies.txt.gz"))


@lru_cache(maxsize=None)
def medicines() -> tuple[str, ...]:
    """The medicines a caller may say they take, by substance or brand ("metformin",
    "sertraline", "xanax"; built by `scripts/build_medicine_list.py`): MEDICAL_TERM's."""
    return tuple(_data_lines("medicines.txt.gz"))


@lru_cache(maxsize=None)
def organisation_terms() -> tuple[str, ...]:
    return tuple(_hand_listed_organisations()) + listed_companies()


@lru_cache(maxsize=None)
def ordinary_word_organisations() -> frozenset[str]:
    """Organisations whose one word English says often, lower-case: `ORDINARY_WORD_ORGANIZATIONS`
    ("target", "chase", "delta"), and the listed companies that are frequent words
    ("microsoft", "verizon", "tesla"), which a lower-case transcript may say of the product, the
    car or the network. Alone, such a word is an organisation only capitalised mid-sentence, or
    after a cue ("works at verizon")."""
    return ORDINARY_WORD_ORGANIZATIONS | frequent_listed_companies()


@lru_cache(maxsize=None)
def frequent_listed_companies() -> frozenset[str]:
    """The listed companies of one frequent word that no hand-written list holds ("nissan",
    "nintendo", "saab"): mostly makers whose name is said of what they make ("I have a Saab")."""
    hand = {t.lower() for t in _hand_listed_organisations()}
    return frozenset(t.lower() for t in listed_companies()
                     if " " not in t and t.lower() in common_words()) - hand


def _said_with_and(term: str) -> list[str]:
    """A name written with "&" and the name as said: "Marks & Spencer", "marks and spencer"
    (a transcript writes the word a caller says)."""
    return [term, term.replace(" & ", " and ")] if " & " in term else [term]


@lru_cache(maxsize=None)
def organisations() -> DictionaryMatcher:
    # Brands named after people ("Ford", "Dell") are left out, but for shops: mentioned as
    # products or topics they identify nobody; tied to a speaker, the contexts find them.
    return DictionaryMatcher(said for t in organisation_terms() if t.lower() not in BRANDS - SHOP_BRANDS
                             for said in _said_with_and(t))


@lru_cache(maxsize=None)
def acronym_organisations() -> frozenset[str]:
    """The organisations the lists write in capitals ("UN", "WHO", "UPS"), lower-cased."""
    return frozenset(t.lower() for t in organisation_terms() if t.isupper())


@lru_cache(maxsize=None)
def _place_names() -> tuple[str, ...]:
    """The gazetteer's names: countries, US states, continents, cities, regions."""
    cache = gazetteer()
    names: set[str] = set()
    names.update(c["name"] for c in cache.countries.values())
    names.update(s["name"] for s in cache.us_states.values())
    names.update(c["name"] for c in cache.continents.values())
    names.update(c["name"] for c in cache.cities.values())
    names.update(t.strip() for t in REGIONS.split(",") if t.strip())
    # "Krakow", "Gdansk" and "Samarra" as people type them, besides "Kraków", "Gdańsk" and
    # "Sāmarrā’".
    names.update(_fold_place(n) for n in list(names))
    # A gazetteer's "God" (a village) is what speakers swear to, never where they are.
    return tuple(sorted(_without_stopwords(n for n in names if n.lower() not in ADDRESS_TERMS)))


@lru_cache(maxsize=None)
def places() -> DictionaryMatcher:
    return DictionaryMatcher(_place_names())


@lru_cache(maxsize=None)
def _lowered_place_names() -> frozenset[str]:
    return frozenset(n.lower() for n in _place_names())


def is_place_phrase(lowered: str) -> bool:
    """Whether lower-cased words name a place, or a place and the place it lies in ("garland",
    "rochester new york", "paris france")."""
    known = _lowered_place_names()
    if lowered in known:
        return True
    words = lowered.split()
    return any(" ".join(words[:i]) in known and " ".join(words[i:]) in known
               for i in range(1, len(words)))


# Cities this large, and every country, capital, US state, continent and region, are far more
# often the place than the ordinary word their name also is ("london", "china", "phoenix").
MAJOR_CITY_POPULATION = 500_000


@lru_cache(maxsize=None)
def major_places() -> frozenset[str]:
    """Lower-cased names of the places that `in`, `to` or `at` alone make a place without
    capitals (`_location_hits`); every other gazetteer word that is an ordinary word needs a
    context only a place takes."""
    cache = gazetteer()
    countries = cache.countries.values()
    names = {c["name"] for c in countries} | {c["capital"] for c in countries if c.get("capital")}
    names.update(s["name"] for s in cache.us_states.values())
    names.update(c["name"] for c in cache.continents.values())
    names.update(c["name"] for c in cache.cities.values() if c["population"] >= MAJOR_CITY_POPULATION)
    names.update(t.strip() for t in REGIONS.split(",") if t.strip())
    names.update(_fold_place(n) for n in list(names))
    return frozenset(n.lower() for n in names) - LOCATION_EXCLUSIONS


def _fold(name: str) -> str:
    if name.isascii():  # most names: nothing to fold, and NFKD leaves ASCII as it is
        return name
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# The marks a gazetteer's transliteration writes for Arabic's ayn and hamza and Russian's soft
# sign ("Sāmarrā’", "Al Jahrā’", "Al’met’yevsk"), which people typing the name leave out
# ("Samarra", "Al Jahra", "Almetyevsk").
_TRANSLITERATION_MARKS = {ord(c): None for c in "’‘ʼʿʾ"}


def _fold_place(name: str) -> str:
    return _fold(name.translate(_TRANSLITERATION_MARKS))
