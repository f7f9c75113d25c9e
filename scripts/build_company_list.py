"""Build Veil's list of listed companies from the stock indices pytickersymbols holds.

    pip install pytickersymbols english-words   # build-time only
    python scripts/build_company_list.py      # writes veil/detection/engine/data/listed_companies.txt.gz

Callers name their employer ("I started working at Kimberly-Clark", "she finally retired from
Verizon", "a job with Honeywell"), and the organisation list written by hand holds a few hundred
names. pytickersymbols (MIT licence) lists the members of twenty indices (S&P 500, 600 and 100,
NASDAQ 100, Dow Jones, FTSE 100, DAX, CAC 40, EURO STOXX 50, Nikkei 225, IBEX 35, AEX...):
about 1,800 companies, the large employers of the US, Europe and Japan.

A name is kept as people say it, not as the index writes it: the legal form goes ("Honeywell
International Inc." -> "Honeywell International"), and the first word of a longer name is kept
alone too where it names the company and nothing else ("Honeywell"). A name is left out where a
list word would redact an ordinary word or a person: a word an English dictionary lists
(Webster's or GCIDE: "Target", "Box", "Mosaic", "Installed", "Sabre"), a name of every word the
dictionaries list ("Waste Management", "Public Storage"), a word the name lists hold ("Abbott",
"Ross"), a given name and one more word ("Charles Schwab"), a place the gazetteer knows
("Phoenix"), an acronym of three letters or fewer ("ADP", "AES": in a lower-case transcript
these are syllables), or a word of four letters or fewer ("Cewe", "Digi": a word of some
language), and `SAID_OF_SOMETHING_ELSE`. A word kept that is frequent all the same ("Microsoft", "Verizon",
"Nissan") is redacted alone only capitalised mid-sentence (`ordinary_word_organisations` in
`word_lists.py`). Output: one name per line, sorted, gzip-compressed, deterministic bytes.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_name_lists import main_writing  # noqa: E402

# The legal forms and group words an index writes after a company's name, not said in a call.
_LEGAL_FORM = re.compile(
    r"[\s,]+(?:Inc\.?|Incorporated|Corp\.?|Corporation|Co\.?|Company|plc|PLC|Plc|AG|SE|S\.?A\.?|"
    r"N\.?V\.?|Ltd\.?|Limited|LLC|L\.?P\.?|Holdings?|Group|KGaA|& Co\.?|ASA|AB|Oyj|A/S|S\.p\.A\.?|"
    r"SpA|GmbH|Trust|Bancorp|Bancshares|N\.?A\.?|The)$"
)


def said_name(indexed: str) -> str:
    """The index's name less a leading "The", what is in brackets ("(Class A)"), its legal forms,
    and a joiner or punctuation left at its end ("Eli Lilly and", "Carnival Corporation &")."""
    name = re.sub(r"^The\s+", "", re.sub(r"\s*\([^)]*\)", "", indexed).strip())
    while True:
        shorter = re.sub(r"\s+(?:&|and)$", "", _LEGAL_FORM.sub("", name)).strip(" ,.")
        if shorter == name:
            return name
        name = shorter


def candidates(indexed: str, common: frozenset[str]) -> list[str]:
    """The names a company goes by: the index's less its legal form, and the first word of a
    longer one, unless English says that word often ("Honeywell", not "Deutsche", "Goldman" or
    "Analog"), and of four letters or more, ending in one ("Amn" and "Chefs'" are not names said
    alone)."""
    name = said_name(indexed)
    words = name.split()
    first = words[0] if len(words) > 1 else ""
    alone = first[-1:].isalnum() and len(first) >= 4 and first.lower() not in common
    return [name] + ([first] if alone else [])


def dictionary_word(lists: tuple[str, ...] = ("web2", "gcide")):
    """Whether a lower-case word is one an English dictionary lists (Webster's `web2` or
    GCIDE, from `english-words`), inflected ("installed", "packaging") or spelled the British way
    ("armour", "sabre") included."""
    from english_words import get_english_words_set

    listed = get_english_words_set(list(lists), lower=True, alpha=True)

    def stems(word: str):
        yield word
        for ending, base in (("s", ""), ("es", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
                             ("our", "or"), ("re", "er")):
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                yield word[:-len(ending)] + base

    return lambda word: any(stem in listed for stem in stems(word))


# Company names English uses for something else, which the dictionaries are too old to list:
# an era ("the Meiji period") and a dance ("I go Disco dancing"), each found on a dev set.
SAID_OF_SOMETHING_ELSE = frozenset({"Meiji", "Disco"})


def keep(name: str, webster, name_words, is_place, stopwords) -> bool:
    """Whether the name redacts no ordinary word and no person where a list word would."""
    words = name.split()
    letters = re.sub(r"[^A-Za-z]", "", name)
    if len(letters) < 3 or not name[:1].isalnum() or name in SAID_OF_SOMETHING_ELSE:
        return False
    if len(words) == 1 and len(letters) < 5 and not (name.isupper() and len(letters) == 4):
        return False  # "Cewe", "Digi", "Eni": a word of some language or a syllable; "ASML" is kept
    if name.isupper() and len(letters) <= 3:
        return False
    lowered = name.lower()
    folded = "".join(c for c in unicodedata.normalize("NFD", lowered) if not unicodedata.combining(c))
    if len(words) == 1 and webster(folded):
        return False  # "Crédit" is "credit"
    if lowered in stopwords or is_place(lowered):
        return False
    if len(words) == 1:  # "Wendy's" is as often a Wendy's
        return not webster(lowered) and re.sub(r"['’]s?$", "", lowered) not in name_words
    if len(words) == 2 and words[0].lower() in name_words:
        return False  # "Charles Schwab": a person's name as much as a company's
    return not all(webster(w.lower()) or w.lower() in stopwords for w in words)


def build() -> set[str]:
    from pytickersymbols import PyTickerSymbols

    from veil.detection.engine.word_lists import (
        common_words,
        is_place_phrase,
        name_words,
        STOPWORDS,
    )

    webster = dictionary_word()
    names = name_words()
    kept: set[str] = set()
    for stock in PyTickerSymbols().get_all_stocks():
        for name in candidates(stock["name"], common_words()):
            if keep(name, webster, names, is_place_phrase, STOPWORDS):
                kept.add(name)
    return kept


def main(argv: list[str] | None = None) -> None:
    main_writing(argv, __doc__.splitlines()[0], "listed_companies.txt.gz", build, "company names")


if __name__ == "__main__":
    main()
