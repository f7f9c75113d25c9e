"""Name lookups for surrogates: gender and origin of a first name, and names to draw from.

Built from Faker's locale providers (`first_names_male`, `first_names_female`, `last_names`)
for several Latin-script locales. These are static lists, read once per process; no Faker
generator runs, so the lookups are the same on every worker. A name found in both gender
lists, or in none, is "neutral": its surrogate is drawn from either list.
"""
from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

LOCALES = (
    "en_US", "en_GB", "es_MX", "es_CO", "en_IN", "de_DE", "fr_FR", "it_IT", "pt_BR", "pl_PL",
    "tr_TR", "nl_NL", "sv_SE", "yo_NG", "id_ID", "ga_IE", "ro_RO", "tw_GH", "vi_VN",
)
FALLBACK_LOCALE = "en_US"
_NAME = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:-[A-Za-z\u00C0-\u024F]+)?")


# Letters that Unicode does not decompose into a base letter and an accent.
LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
                         "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i",
                         "ð": "d", "þ": "th"})


@lru_cache(maxsize=65536)
def fold(name: str) -> str:
    """Case- and accent-free: the lookup key of a name ("Inès" and "INES" are one)."""
    decomposed = unicodedata.normalize("NFKD", name.translate(LETTERS).casefold())
    return "".join(c for c in decomposed if c.isalpha() and not unicodedata.combining(c))


@dataclass(frozen=True)
class LocaleNames:
    male: tuple[str, ...]
    female: tuple[str, ...]
    last: tuple[str, ...]


def _clean(names) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for name in names or ():
        if _NAME.fullmatch(name) and len(name) >= 2:
            seen.setdefault(name, None)
    return tuple(seen)


def _attr(provider, *names):
    for name in names:
        value = getattr(provider, name, None)
        if value:
            return list(value)
    return []


@lru_cache(maxsize=None)
def locale_names(locale: str) -> LocaleNames:
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    last = _clean(_attr(provider, "last_names") + _attr(provider, "last_names_male")
                  + _attr(provider, "last_names_female"))
    if len(last) < 20:  # some locales list only one or two: borrow the fallback's
        last = last + locale_names(FALLBACK_LOCALE).last if locale != FALLBACK_LOCALE else last
    return LocaleNames(_clean(_attr(provider, "first_names_male")),
                       _clean(_attr(provider, "first_names_female")), last)


@dataclass(frozen=True)
class NameInfo:
    """What a first name tells: "male", "female" or "neutral", and the locales that use it."""

    gender: str
    locales: tuple[str, ...]


@lru_cache(maxsize=1)
def _first_name_index() -> dict[str, tuple[set, list]]:
    index: dict[str, tuple[set, list]] = {}
    for locale in LOCALES:
        names = locale_names(locale)
        for gender, pool in (("male", names.male), ("female", names.female)):
            for name in pool:
                genders, locales = index.setdefault(fold(name), (set(), []))
                genders.add(gender)
                if locale not in locales:
                    locales.append(locale)
    return index


@lru_cache(maxsize=1)
def _last_name_index() -> dict[str, list]:
    index: dict[str, list] = {}
    for locale in LOCALES:
        for name in locale_names(locale).last:
            locales = index.setdefault(fold(name), [])
            if locale not in locales:
                locales.append(locale)
    return index


def first_name_info(name: str) -> NameInfo | None:
    entry = _first_name_index().get(fold(name))
    if entry is None:
        return None
    genders, locales = entry
    gender = next(iter(genders)) if len(genders) == 1 else "neutral"
    return NameInfo(gender, tuple(locales))


def last_name_locales(name: str) -> tuple[str, ...]:
    return tuple(_last_name_index().get(fold(name), ()))


def is_first_name(name: str) -> bool:
    return fold(name) in _first_name_index()


def opposite_genders(a: str, b: str) -> bool:
    """True when both are known first names of different, non-neutral genders."""
    info_a, info_b = first_name_info(a), first_name_info(b)
    if info_a is None or info_b is None:
        return False
    return {info_a.gender, info_b.gender} == {"male", "female"}


def pick_locale(first_names: list[str], last_names: list[str]) -> str:
    """The origin to draw surrogates from: a locale using both the first and the last name if
    there is one, else the first name's, else the last name's, else the fallback."""
    firsts: list[str] = []
    for name in first_names:
        info = first_name_info(name)
        if info:
            firsts += [loc for loc in info.locales if loc not in firsts]
    lasts: list[str] = []
    for name in last_names:
        lasts += [loc for loc in last_name_locales(name) if loc not in lasts]
    both = [loc for loc in firsts if loc in lasts]
    for candidates in (both, firsts, lasts):
        if candidates:
            return candidates[0]
    return FALLBACK_LOCALE


def infer_gender(first_names: list[str]) -> str:
    genders = {info.gender for info in map(first_name_info, first_names) if info}
    genders.discard("neutral")
    return genders.pop() if len(genders) == 1 else "neutral"


def first_name_pool(locale: str, gender: str) -> tuple[str, ...]:
    names = locale_names(locale)
    if gender == "male":
        return names.male or locale_names(FALLBACK_LOCALE).male
    if gender == "female":
        return names.female or locale_names(FALLBACK_LOCALE).female
    return names.male + names.female


def last_name_pool(locale: str) -> tuple[str, ...]:
    return locale_names(locale).last or locale_names(FALLBACK_LOCALE).last
