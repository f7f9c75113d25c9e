"""When two mentions of one infoType are the same value: the entity-resolution keys.

Each catalogue entry (`veil.detection.infotypes`) names the key its type resolves by; a type without
one uses `generic_key`. PERSON_NAME is resolved by people instead (`veil.entities.resolution`).

- `email_key`: case, spaces and the spoken forms "at", "dot", "underscore" do not count, nor
  do separators in the local part (mark.green@x.com is markgreen@x.com);
- `phone_key`: digits only (spoken digits too); a trunk 0 and a country code do not count (the
  last 10 digits are compared);
- `org_key`: case, punctuation, a leading "the" and a legal suffix (Inc, LLC, Ltd, Corp, GmbH,
  ...) do not count; `org_own_name` is the name after an institution's head ("scientology" of
  "church of scientology"), by which entity resolution joins a short mention to its full name;
- `generic_key`: case and punctuation do not count (`entity_key`), spoken digits are digits,
  and letters spelled with spaces are the letters ("j o h n" is "J-O-H-N").
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NON_ALNUM = re.compile(r"[\W_]+")
DIGIT_OF_WORD = {
    "zero": "0", "oh": "0", "o": "0", "one": "1", "won": "1", "two": "2", "to": "2", "too": "2",
    "three": "3", "four": "4", "for": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "ate": "8", "nine": "9",
}

_LEGAL_SUFFIXES = {
    "inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "company",
    "gmbh", "plc", "sa", "ag", "llp", "lp", "bv", "nv", "srl", "spa", "pty", "oy", "ab",
}


def entity_key(value: str) -> str:
    """What makes two mentions "the same value": case and punctuation do not count."""
    return _NON_ALNUM.sub("", value.casefold())


# --- per-type keys -----------------------------------------------------------------------

def spoken_digits(value: str) -> str:
    """The digits of a value, with spoken digits ("four one five") read as digits."""
    out = []
    for word in re.findall(r"[^\W_]+", value.casefold()):
        if word.isdigit():
            out.append(word)
        elif word in DIGIT_OF_WORD and word != "o":
            out.append(DIGIT_OF_WORD[word])
    return "".join(out)


def phone_key(value: str) -> str:
    digits = spoken_digits(value)
    return digits.lstrip("0")[-10:] or digits


def email_key(value: str) -> str:
    text = " " + value.casefold() + " "
    for word, symbol in ((" at ", "@"), (" dot ", "."), (" underscore ", "_"),
                         (" dash ", "-"), (" hyphen ", "-")):
        while word in text:
            text = text.replace(word, f" {symbol} ")
    text = re.sub(r"\s+", "", text)
    if "@" not in text:
        return entity_key(text)
    local, _, domain = text.rpartition("@")
    return _NON_ALNUM.sub("", local) + "@" + domain.strip(".")


def org_key(value: str) -> str:
    words = re.findall(r"[^\W_]+", fold_accents(value.casefold()).replace("&", " and "))
    while words and words[-1] in _LEGAL_SUFFIXES:
        words.pop()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words) or entity_key(value)


def org_own_name(key: str) -> str | None:
    """The name after an institution's head in an organisation's key ("church of scientology"
    -> "scientology", "university of the west indies" -> "west indies"); None where the key
    has no such head ("scientology", "civic party")."""
    head = _key_head().match(key)
    return key[head.end():] if head else None


@lru_cache(maxsize=1)
def _key_head() -> re.Pattern:
    """An institution's head, "of" and perhaps "the" at the start of an `org_key`."""
    from veil.detection.engine.name_lists import HEADS_OF

    return re.compile(rf"(?:{HEADS_OF.lower()}) of (?:the )?(?=\S)")


# Letters spelled out with spaces, as recognisers write a caller's spelling: "j o h n",
# "o apostrophe n e i l l", "s m i double t h". The words between letters are said, not
# spelled: "double" doubles the next letter, the others stand for a mark.
SPELLING_WORDS = frozenset({"apostrophe", "hyphen", "dash", "double"})


def spaced_spelling(min_letters: int = 2) -> str:
    """The pattern (to compile case-insensitive) of `min_letters` letters or more spelled out
    with spaces."""
    return (r"(?<![\w'’-])(?:double )?[^\W\d_](?: (?:(?:apostrophe|hyphen|dash) )?(?:double )?"
            r"[^\W\d_]){" + str(min_letters - 1) + r",}(?![\w'’-])")


SPACED_SPELLING = re.compile(spaced_spelling(), re.IGNORECASE)


def spelled_letters(value: str) -> str | None:
    """The letters a value spells out with spaces, in its case ("j o h n" -> "john", "M I
    double T" -> "MITT"), or None when it is not wholly such a spelling."""
    if not SPACED_SPELLING.fullmatch(value.strip()):
        return None
    letters = []
    double = False
    for word in value.split():
        if word.casefold() == "double":
            double = True
        elif word.casefold() not in SPELLING_WORDS:
            letters.append(word * (2 if double else 1))
            double = False
    return "".join(letters)


def generic_key(value: str) -> str:
    spelled = spelled_letters(value) if " " in value else None
    if spelled:
        return spelled.casefold()  # "j o h n" is "J-O-H-N"
    words = re.findall(r"[^\W_]+", value.casefold())
    if words and all(w.isdigit() or w in DIGIT_OF_WORD for w in words) \
            and any(not w.isdigit() for w in words):
        return spoken_digits(value)
    return entity_key(value)


def fold_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
