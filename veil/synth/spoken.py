"""How an ASR transcript writes things: spoken digits, spelled letters, numbers in words,
lowercase without punctuation, disfluencies.

Every function here maps a value to a surface string. The caller places the surface and records
its offsets while it builds the turn, so nothing here has to keep track of positions.
"""
from __future__ import annotations

import random
import re
import unicodedata
from functools import lru_cache

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
# What an ASR system writes when it mishears a digit (the paper's "four" -> "for").
HOMOPHONES = {"four": "for", "two": "to", "eight": "ate", "one": "won"}
# Inverse map for tests and evaluators: every word a spoken digit may come out as.
WORD_DIGITS = {w: str(i) for i, w in enumerate(DIGIT_WORDS)}
WORD_DIGITS.update({"oh": "0", "for": "4", "to": "2", "too": "2", "ate": "8", "won": "1"})

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_ORDINAL_ONES = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth"
).split()
_ORDINAL_TENS = "_ _ twentieth thirtieth".split()
MONTHS = (
    "January February March April May June July August September October November December"
).split()

_SPACES = re.compile(r" {2,}")


def number_words(n: int) -> str:
    """0 <= n < 10000 in words, hyphenated tens: 'sixty-seven', 'four hundred and two'."""
    if n < 0 or n >= 10000:
        raise ValueError(n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = _ONES[hundreds] + " hundred"
        return head + (" and " + number_words(rest) if rest else "")
    thousands, rest = divmod(n, 1000)
    head = _ONES[thousands] + " thousand"
    if not rest:
        return head
    return head + (" and " if rest < 100 else " ") + number_words(rest)


def ordinal_words(n: int) -> str:
    """1..31 as an ordinal: 'third', 'twenty-first'."""
    if n < 20:
        return _ORDINAL_ONES[n]
    tens, ones = divmod(n, 10)
    if not ones:
        return _ORDINAL_TENS[tens]
    return _TENS[tens] + "-" + _ORDINAL_ONES[ones]


def ordinal_suffix(n: int) -> str:
    """3 -> '3rd', 11 -> '11th', 22 -> '22nd'."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return str(n) + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def year_words(year: int) -> str:
    """A year as people say it: 'nineteen eighty-five', 'two thousand and four', 'twenty twelve'."""
    if 2000 <= year < 2010:
        return "two thousand" + (" and " + _ONES[year - 2000] if year > 2000 else "")
    high, low = divmod(year, 100)
    if low == 0:
        return number_words(high) + " hundred"
    if low < 10:
        return number_words(high) + " oh " + _ONES[low]
    return number_words(high) + " " + number_words(low)


def speak_digits(
    value: str,
    rng: random.Random,
    *,
    punctuate: bool = True,
    p_oh: float = 0.4,
    p_double: float = 0.15,
    p_homophone: float = 0.0,
) -> str:
    """'415-555-0123' -> 'four one five, five five five, oh one two three'.

    Digits become words, letters stay as capital letters, separators become a pause (a comma
    when `punctuate`, else a space). Runs of two equal digits are sometimes 'double five'.
    """
    groups: list[str] = []
    for group in re.split(r"[^0-9A-Za-z]+", value):
        if not group:
            continue
        words: list[str] = []
        i = 0
        while i < len(group):
            ch = group[i]
            if ch.isdigit():
                d = ord(ch) - 48
                if (
                    i + 1 < len(group)
                    and group[i + 1] == ch
                    and (i + 2 >= len(group) or group[i + 2] != ch)
                    and rng.random() < p_double
                ):
                    words.append("double " + DIGIT_WORDS[d])
                    i += 2
                    continue
                word = DIGIT_WORDS[d]
                if d == 0 and rng.random() < p_oh:
                    word = "oh"
                elif p_homophone and word in HOMOPHONES and rng.random() < p_homophone:
                    word = HOMOPHONES[word]
                words.append(word)
            else:
                words.append(ch.upper())
            i += 1
        groups.append(" ".join(words))
    return (", " if punctuate else " ").join(groups)


@lru_cache(maxsize=65536)
def ascii_fold(text: str) -> str:
    """'Inès Müller-Łęcka' -> 'Ines Muller-Lecka' (what many ASR systems write)."""
    text = text.replace("ł", "l").replace("Ł", "L").replace("ı", "i").replace("đ", "d")
    text = text.replace("Đ", "D").replace("ø", "o").replace("Ø", "O").replace("ß", "ss")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def spell(word: str, sep: str = "-") -> str:
    """'Green' -> 'G-R-E-E-N'; letters only, ASCII-folded, upper case (the ASR's own format)."""
    letters = [c.upper() for c in ascii_fold(word) if c.isalnum()]
    return sep.join(letters)


# punctuation an ASR system does not write; '.', ',' and ':' survive between digits
_DROP = re.compile(r"[?!;\"()]|(?<![0-9A-Za-z])\.|\.(?![0-9A-Za-z])|(?<![0-9]),|,(?![0-9])|(?<![0-9]):|:(?![0-9])")
_DASH = re.compile(r"\s*[\u2014\u2013]\s*|\s-\s")


def _flatten(text: str) -> str:
    out = _DROP.sub("", text.lower().replace("i\u0307", "i"))  # Turkish İ lowercases to i + dot
    out = _DASH.sub(" ", out)
    return _SPACES.sub(" ", out)


@lru_cache(maxsize=8192)
def flatten(text: str) -> str:
    """Lowercase without punctuation, as a raw ASR transcript: "Hi, it's Mark." -> "hi it's mark".

    Keeps apostrophes, hyphens inside words, '@', '$', '%', '/', and '.', ',' or ':' between
    digits ("49.99", "3:30", "192.168.0.1").
    """
    return _flatten(text)


def flatten_value(text: str) -> str:
    """`flatten` for an entity value (not cached: values are many and seldom repeat)."""
    return _flatten(text).strip()


OPENING_FILLERS = ("um", "uh", "um", "uh", "so", "well", "I mean", "okay so")
MID_FILLERS = ("um", "uh", "um", "uh", "you know", "like")


def disfluent(text: str, rng: random.Random, punctuate: bool) -> str:
    """Add one disfluency to a literal stretch of a turn: a filler or a false start."""
    words = text.split(" ")
    if len([w for w in words if w]) < 2:
        return text
    choice = rng.random()
    idx = int(rng.random() * (len(words) - 1))
    if not words[idx][:1].isalpha():
        return text
    if choice < 0.6:
        filler = rng.choice(OPENING_FILLERS if idx == 0 else MID_FILLERS)
        if not punctuate:
            filler = filler.lower()
        if idx == 0:
            head = filler.capitalize() if punctuate and words[0][:1].isupper() else filler
            lead = words[0].lower() if punctuate and words[0] not in ("I", "I'm", "I'll", "I've") else words[0]
            words[0] = f"{head}, {lead}" if punctuate else f"{head} {lead}"
        else:
            words[idx] = f"{words[idx]} {filler}," if punctuate and filler in ("um", "uh") else f"{words[idx]} {filler}"
    else:
        # false start: "I- I need", "we- we were"
        stem = words[idx].strip(",.?!")
        if not stem:
            return text
        words[idx] = f"{stem}- {words[idx]}" if punctuate else f"{stem} {words[idx]}"
    return " ".join(words)


# Letters spelled "as in": the NATO alphabet, or the everyday words people reach for.
NATO = {
    "A": "alpha", "B": "bravo", "C": "charlie", "D": "delta", "E": "echo", "F": "foxtrot",
    "G": "golf", "H": "hotel", "I": "india", "J": "juliet", "K": "kilo", "L": "lima",
    "M": "mike", "N": "november", "O": "oscar", "P": "papa", "Q": "quebec", "R": "romeo",
    "S": "sierra", "T": "tango", "U": "uniform", "V": "victor", "W": "whiskey", "X": "x-ray",
    "Y": "yankee", "Z": "zulu",
}
COMMON_AS_IN = {
    "A": "apple", "B": "boy", "C": "cat", "D": "dog", "E": "egg", "F": "frank", "G": "george",
    "H": "house", "I": "ice", "J": "john", "K": "king", "L": "lucy", "M": "mary", "N": "nancy",
    "O": "orange", "P": "peter", "Q": "queen", "R": "robert", "S": "sam", "T": "tom",
    "U": "umbrella", "V": "victor", "W": "william", "X": "x-ray", "Y": "yellow", "Z": "zebra",
}


def spell_as_in(word: str, rng: random.Random, *, punctuate: bool = True) -> str:
    """'Mark' -> 'M as in Mike, A as in Alpha, R as in Romeo, K as in Kilo' (or common words:
    'M as in Mary, ...'). Lowercase without commas when not `punctuate`. Digits are spoken."""
    table = NATO if rng.random() < 0.6 else COMMON_AS_IN
    out: list[str] = []
    for ch in ascii_fold(word):
        if ch.isalpha():
            up = ch.upper()
            key = table[up]
            out.append(f"{up} as in {key.capitalize()}" if punctuate else f"{ch.lower()} as in {key}")
        elif ch.isdigit():
            out.append(DIGIT_WORDS[ord(ch) - 48])
    return (", " if punctuate else " ").join(out)


def fragment(surface: str, rng: random.Random) -> str:
    """The false-started head of a value: 'Mark Green' -> 'Mar', 'four one five, ...' ->
    'four one f', '415-555-0123' -> '41'. Never empty; never ends in a space or separator."""
    words = surface.split(" ")
    if len(words) > 2 and all(w.strip(",").isalpha() for w in words[:3]):  # spoken digits
        k = 1 + int(rng.random() * min(3, len(words) - 1))
        if words[k - 1] == "double":  # never "double f-"
            k += 1
        if k >= len(words):
            return " ".join(words[: len(words) - 1]).rstrip(",")
        head = " ".join(words[:k]).rstrip(",")
        nxt = words[k].strip(",")
        return head + " " + nxt[: max(1, len(nxt) // 2)] if nxt else head
    first = words[0].rstrip(",")
    n = len(first)
    if n <= 2:
        return first
    cut = max(2, min(n - 1, int(n * (0.4 + 0.3 * rng.random()))))
    if first[0].isdigit():
        cut = min(cut, 2 + int(rng.random() * 3))  # "41- 415-555-0123", "4532- 4532..."
    head = first[:cut]
    while head and not head[-1].isalnum():
        head = head[:-1]
    return head or first
