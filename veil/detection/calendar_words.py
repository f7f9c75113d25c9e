"""Days of the calendar by name: holidays, observances, months and weekdays.

Family calls are full of them ("coming for Passover", "at Easter", "moving in March"), and
each is a word the name lists or a model can take for a name: "Easter" and "March" are
surnames and towns, and spaCy's small model reads "Shabbat", "Sukkot" and "Rosh Hashanah" as
persons, "Hanukkah" as an organisation, "Lent" as a place. Said alone, such a word names a day,
not anyone who could be identified, so a name-type finding that is only that is no finding
(`veil.detection.merge.names_no_one`), for the job and the residual-risk auditor alike.

A month or a weekday is kept as a person ("April called", "June's mother"; the call-transcript
profile's exclusion list leaves the name lists' own guess of a month out, but a model that reads
a person is heard) and dropped as a place or an organisation, which it never is alone. A weekday
a cue takes for a person is the day ("call me Sunday", "on Sunday my mum's coming") unless a
title or a form of address stands before it or it is named as a name: Sunday, Monday and Friday
are given names in Nigeria and Ghana ("with Uncle Sunday", "the rider's name is Sunday";
`a_weekday_said_as_a_day`). A holiday is no one's name of any type. Only a finding that is the
day's whole name is dropped: "Easter Island" and "Christmas Island" are places.
"""
from __future__ import annotations

import re

# Holidays and religious observances, in the spellings callers' transcripts use.
_HOLIDAYS = frozenset("""
    christmas xmas easter passover pesach pesah hanukkah chanukah hanukah chanukkah hannukah
    shabbat shabbos sabbath purim sukkot succot sukkos shavuot shavuos lent advent ramadan eid
    diwali deepavali navratri vesak thanksgiving halloween hallowe'en kwanzaa pentecost whitsun
    hogmanay juneteenth nowruz
""".split()) | frozenset({
    "rosh hashanah", "rosh hashana", "rosh hashonah", "yom kippur", "simchat torah", "lag baomer",
    "tu bishvat", "tisha b'av", "yom hashoah", "eid al-fitr", "eid al-adha", "new year",
    "new year's", "new years", "new year's eve", "new year's day", "christmas eve",
    "christmas day", "boxing day", "easter sunday", "easter monday", "good friday",
    "palm sunday", "ash wednesday", "maundy thursday", "holy week", "mardi gras", "labor day",
    "labour day", "memorial day", "veterans day", "veterans' day", "remembrance day",
    "independence day", "fourth of july", "the fourth of july", "mother's day", "father's day",
    "valentine's day", "st patrick's day", "st. patrick's day", "saint patrick's day",
    "presidents day", "presidents' day", "columbus day", "martin luther king day",
    "lunar new year", "chinese new year", "day of the dead", "cinco de mayo",
    "guy fawkes night", "bonfire night",
})
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_MONTHS_AND_WEEKDAYS = frozenset("""
    january february march april may june july august september october november december
""".split()) | _WEEKDAYS
# What makes the weekday after it someone: a name given in so many words.
_NAMED_AS_A_NAME = re.compile(r"(?:\bname(?:[ \t]+(?:is|was)|['’]s)|\b(?:called|named))[ \t]+$", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?[ \t]+$")
_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"’": "'", "‘": "'"})


def month_or_weekday(word: str) -> bool:
    """Whether a word is a month's or a weekday's name ("April", "may"): a name list holds
    April, May, June and August as given names, but said alone such a word names a time far
    more often, so the lists never guess it; a cue still finds the person ("Hi, April", "this
    is June calling")."""
    return word.lower() in _MONTHS_AND_WEEKDAYS


# A saint's day: "St David's Day", "st patty's day", "Saint Stephen's Day", "St. Andrew's night".
_A_SAINTS_DAY = re.compile(r"(?:st\.?|saint) [^\W\d_]+'s (?:day|eve|night)")
# A saint's name within a saint's day, read around a finding: "on [St Patrick]'s Day", "on St
# [David]'s Day", "[st patty's] day".
_SAINT_BEFORE = re.compile(r"(?:\b(?:st\.?|saint)[ \t]+)?$", re.IGNORECASE)
_A_SAINT = re.compile(r"(?:st\.?|saint)[ \t]+[^\W\d_]+(?:['’]s)?", re.IGNORECASE)
_SAINTS_DAY_AFTER = re.compile(r"(?:['’]s)?[ \t]+(?:day|eve|night)\b", re.IGNORECASE)


def names_a_day(value: str, info_type: str) -> bool:
    """Whether a name-type finding's words are only a day's name: a holiday or a saint's day
    of any type, a month or weekday as a place or an organisation (module docstring)."""
    key = _SPACES.sub(" ", value.translate(_QUOTES).strip().lower())
    if key in _HOLIDAYS or _A_SAINTS_DAY.fullmatch(key):
        return True
    return info_type != "PERSON_NAME" and key in _MONTHS_AND_WEEKDAYS


_WORDS_BEFORE = re.compile(r"(?:[^\W\d_]+['’]?s?[ \t]+){1,2}$")


def the_end_of_a_holiday(text: str, start: int, end: int) -> bool:
    """Whether a finding is the last word or words of a holiday's name that the text opens
    before it ("on Christmas [Eve]", "New Year's [Eve]", "Boxing [Day]"): the lists' "Eve" is
    no one there."""
    before = _WORDS_BEFORE.search(text, max(0, start - 30), start)
    if before is None:
        return False
    words = text[before.start():end].translate(_QUOTES).lower().split()
    return any(" ".join(words[i:]) in _HOLIDAYS for i in range(len(words) - 1))


def a_saint_before_the_day(text: str, start: int, end: int) -> bool:
    """Whether a finding is a saint's name, or part of one, that the text goes on to make a day
    ("on St Patrick's Day": the gazetteer's "St Patrick" and the lists' "David" of "St David's
    Day" are no place and no one there)."""
    before = _SAINT_BEFORE.search(text, max(0, start - 8), start)
    saint = _A_SAINT.fullmatch(text, before.start(), end)
    return saint is not None and _SAINTS_DAY_AFTER.match(text, end) is not None


def a_weekday_said_as_a_day(text: str, start: int, end: int) -> bool:
    """Whether the word at `start:end` is a weekday's name that no title or form of address
    ("Uncle Sunday", "Mr Friday", "Pastor Monday") and no naming ("her name is Sunday", "a lad
    called Monday") makes someone: "call me Sunday", "on Sunday my mum's coming"."""
    from veil.detection.engine.name_lists import TITLES_BEFORE_A_NAME

    if text[start:end].lower() not in _WEEKDAYS:
        return False
    window = text[max(0, start - 30):start]
    before = _WORD_BEFORE.search(window)
    if before is not None and before.group(1).lower() in TITLES_BEFORE_A_NAME:
        return False
    return _NAMED_AS_A_NAME.search(window) is None
