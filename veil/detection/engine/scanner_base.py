"""What the name scanners share: the words of a list in their text, and the words their contexts read.

A list word is a name candidate by its case, place and commonness (`dictionary_hits`), and name
words side by side join into one finding ("Maria Garcia Lopez": `join_adjacent`). The context
regexes of every scanner are written over the same word (`WORD`) and the same lower-cased text
(`lowered_same_length`, `lowered_for_cues`). This module knows none of the scanners that build on
it (`person_scanners`, `organisation_scanners`, `place_scanners`, `product_scanners`).

The lists are loaded by `veil.detection.engine.word_lists`, and what a word is in its text (a
sentence's first word, a text without capitals, an eponym) is told by
`veil.detection.engine.word_facts`; the merge and the residual-risk auditor read both too.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable

from veil.detection.calendar_words import month_or_weekday
from veil.detection.casing import line_openings, writer_capitalises
from veil.detection.engine.name_lists import ADDRESS_TERMS, BRANDS, CAPITALISED_NOT_NAMES
from veil.detection.engine.word_facts import (
    a_currency_after_an_amount,
    before_verb_clitic,
    EDGE_MARKS,
    is_cased,
    is_eponym,
    mostly_foreign,
    ordinary_word,
    sentence_initial,
    the_word_not_a_name,
)
from veil.detection.engine.word_lists import (
    common_words,
    family_name_words,
    given_name_words,
    name_words,
    ordinary_name_words,
    STOPWORDS,
)
from veil.detection.findings import Likelihood, Method

L = Likelihood
Hit = tuple[int, int, Likelihood, Method]
Span = tuple[int, int]
# Whether one of the guarded context regexes may match the text at hand (see
# `veil.detection.engine.scanner_guard`).
MayMatch = Callable[["re.Pattern[str]"], bool]


# What `_word_likelihood` and `dictionary_hits` need to know of a word, by the word as
# written: (stopword, common word, capitalised, brand, ordinary word that is a name too). Dictionary matches are mostly the same
# few thousand words, so each is looked up once rather than lower-cased and tested per match.
_WORD_FACTS: dict[str, tuple[bool, bool, bool, bool]] = {}
_WORD_FACTS_MAX = 65536


def _word_facts(word: str) -> tuple[bool, bool, bool, bool, bool]:
    facts = _WORD_FACTS.get(word)
    if facts is None:
        lowered = word.lower()
        facts = (lowered in STOPWORDS or month_or_weekday(lowered), lowered in common_words(), word[:1].isupper(),
                 lowered in BRANDS, lowered in ordinary_name_words())
        if len(_WORD_FACTS) >= _WORD_FACTS_MAX:
            _WORD_FACTS.clear()  # bounded: start again rather than grow
        _WORD_FACTS[word] = facts
    return facts


def _likelihood_from_facts(
    text: str, start: int, cased: bool, stopword: bool, common: bool, capitalised: bool,
    ordinary: bool = False,
) -> Likelihood | None:
    if stopword:
        return None
    if cased:
        if common:
            if not capitalised or sentence_initial(text, start):
                return None
            return L.UNLIKELY
        if not capitalised:
            return L.VERY_UNLIKELY
        # "Innocent people...", "Haven't you?": a capital that only opens a sentence says no
        # more of an ordinary word than its absence does in a text without capitals.
        return L.UNLIKELY if ordinary and sentence_initial(text, start) else L.POSSIBLE
    if common:
        return None
    # "haven", "bass" in uncased text: too weak alone, a name beside another name word that
    # is no ordinary word ("nick moreau"), or where a context lifts it.
    return L.UNLIKELY if ordinary else L.POSSIBLE


def _word_likelihood(text: str, start: int, end: int, cased: bool) -> Likelihood | None:
    """How likely one dictionary word is a name, from its case, position and commonness.

    None: not even a candidate (a stopword, or a common word not capitalised mid-sentence).
    VERY_UNLIKELY: a lower-case name in a cased text ("it's john"), which only a name context,
    such as a previous-turn question, can lift.
    """
    stopword, common, capitalised, _, ordinary = _word_facts(text[start:end])
    return _likelihood_from_facts(text, start, cased, stopword, common, capitalised, ordinary)


# A word a verb's clitic follows is no name: "haven't", "don't", "won't", "can't" are the name
# list's Haven, Don, Won and Can; "I'm", "you're", "we've" never begin with a name either.
# ("John's" and "Mary'll" may, and are kept.)
def _a_word_before_a_given_name(first: str, second: str) -> bool:
    """Without capitals, whether a word that English says ("harsh", "telly"; lower-case) is
    followed by a given name that is no surname ("geoff", "declan"): the word says something
    of the person or ends what came before ("he was a bit harsh geoff said", "on the telly
    declan loves it"); a full name's second word is a surname."""
    return (first in ordinary_name_words() or first in common_words()) \
        and second in given_name_words() and second not in family_name_words()


def join_adjacent(hits: list[tuple[int, int, Likelihood]], text: str, cased: bool = True) -> list[Hit]:
    """Join name words separated only by spaces (or an initial) into one finding, likely a
    name when it has two words or more; in uncased text, one of them must be a name word
    that is no ordinary word ("nick moreau", not "bass hook"), and an English word does not join
    a given name after it (`_a_word_before_a_given_name`)."""
    hits.sort()
    out: list[Hit] = []
    dictionary = Method.DICTIONARY
    unlikely, likely = L.UNLIKELY, L.LIKELY
    enough = unlikely if cased else L.POSSIBLE
    # The open group: its start, furthest end, best likelihood and distinct words.
    group_start = group_end = -1
    best = None
    words = 0
    last_word = None
    for hit in hits:
        start, end, likelihood = hit
        if likelihood < unlikely:
            # A lower-case word in a cased text: a candidate alone, never part of a name.
            out.append((start, end, likelihood, dictionary))
            continue
        if best is not None:
            gap = text[group_end:start]
            if (start <= group_end or (len(gap) <= 3 and gap.strip(" \t.") == "" and " " in gap)) \
                    and (cased or start <= group_end or words != 1 or not _a_word_before_a_given_name(
                        text[group_start:group_end].lower(), text[start:end].lower())):
                if end > group_end:
                    group_end = end
                if likelihood > best:
                    best = likelihood
                if (start, end) != last_word:
                    words += 1
                    last_word = (start, end)
                continue
            out.append((group_start, group_end, max(best, likely) if words >= 2 and best >= enough
                        else best, dictionary))
        group_start, group_end, best, words, last_word = start, end, likelihood, 1, (start, end)
    if best is not None:
        out.append((group_start, group_end, max(best, likely) if words >= 2 and best >= enough
                    else best, dictionary))
    return out


def dictionary_hits(
    text: str, found: Iterable[Iterable[Span]], exclude_brands: bool = True
) -> list[tuple[int, int, Likelihood]]:
    """Name candidates among dictionary matches (`found`: the spans of each dictionary)."""
    cased = is_cased(text)
    foreign = None  # whether the text is mostly not English: asked once, only when it matters
    best: dict[tuple[int, int], Likelihood] = {}
    brands: dict[tuple[int, int], Likelihood] = {}
    word_facts = _WORD_FACTS.get
    unspecified = L.LIKELIHOOD_UNSPECIFIED
    for spans in found:
        for start, end in spans:
            # The cheap tests first: most matches are common words in lower case.
            facts = word_facts(text[start:end]) or _word_facts(text[start:end])
            stopword, common, capitalised, brand, ordinary = facts
            likelihood = _likelihood_from_facts(text, start, cased, stopword, common, capitalised, ordinary)
            if common and capitalised and not stopword and cased and writer_capitalises() \
                    and _capital_kept_for_a_name(text, start, end):
                likelihood = L.POSSIBLE
            if likelihood is None or before_verb_clitic(text, end):
                continue
            if exclude_brands and brand:
                brands[(start, end)] = max(likelihood, brands.get((start, end), unspecified))
                continue
            if is_eponym(text, start, end) or a_currency_after_an_amount(text, start, end):
                continue
            if not cased and likelihood is L.POSSIBLE:
                if the_word_not_a_name(text, start, end):
                    likelihood = L.UNLIKELY  # a context may still lift it
                else:
                    if foreign is None:
                        foreign = mostly_foreign(text)
                    if foreign:
                        likelihood = L.UNLIKELY  # weighed as an ordinary word that is a name too
            if likelihood > best.get((start, end), unspecified):
                best[(start, end)] = likelihood
    if brands and best:
        _beside_names(text, brands, best)
    return [(s, e, lik) for (s, e), lik in best.items()]


def _capital_kept_for_a_name(text: str, start: int, end: int) -> bool:
    """Whether a capitalised ordinary word that a name list holds is a name by its capital, in
    a transcript whose writer keeps capitals for names and "I" (`writer_capitalises`: "uncle
    Frank called", "Autumn is asking", "she's seventy eight Hope."): written as a name is
    ("Frank", not "OK"); no form of address ("Mom"), language, nationality or faith ("English",
    "Christian", "Lord"), which such transcripts capitalise too; and not in a title, where
    every word has its capital ("Pale Ale", "the Welfare Reform Bill", "No Makeup Day"), nor
    in a date ("16 Jan 1884")."""
    word = text[start:end]
    lowered = word.lower()
    if len(word) < 3 or not word[1:].islower() or lowered in ADDRESS_TERMS or lowered in CAPITALISED_NOT_NAMES:
        return False
    # The token before is looked for in the few characters before the word, not from the
    # text's start: a long turn would be read again for every candidate.
    before = _TOKEN_BEFORE.search(text, max(0, start - _TOKEN_REACH), start)
    after = _TOKEN_AFTER.match(text, end)
    return not any(token is not None and _in_a_title_or_date(token.group(1))
                   for token in (before, after))


_TOKEN_BEFORE = re.compile(r"(\S+)[ \t]+$")
_TOKEN_REACH = 48
_TOKEN_AFTER = re.compile(r"[ \t]+(\S+)")


def _in_a_title_or_date(token: str) -> bool:
    """Whether a word beside a capitalised one says it is in a title or a date: a number, or a
    capitalised word that is no name ("Pale", "Reform", "All"; not "I", nor "Lee" of "Frank
    Lee")."""
    word = token.strip(EDGE_MARKS)
    if not word or word == "I" or word.startswith("I'") or word.startswith("I’"):
        return False
    if word[0].isdigit():
        return True
    lowered = word.lower()
    return word[0].isupper() and (lowered in STOPWORDS or lowered in common_words()) \
        and lowered not in name_words()


def _beside_names(text: str, brands: dict[tuple[int, int], Likelihood],
                  names: dict[tuple[int, int], Likelihood]) -> None:
    """Adds to `names` the brand words that stand right beside one of them that is at least
    POSSIBLE: "Ford" alone is a brand, "Henry Ford", "Mary Jones" and "Martin Smith" are people
    ("Jones", "Martin" and "Young" name brands, and are among the commonest surnames too).
    Two brand words side by side ("Dow Jones", "Morgan Stanley") stay brands, and so does one
    beside an ordinary word ("Ford Focus")."""
    sure = [span for span, likelihood in names.items() if likelihood >= L.POSSIBLE]
    ends = {end for _, end in sure}
    starts = {start for start, _ in sure}
    for (start, end), likelihood in brands.items():
        before = start - 1
        after = end + 1
        if (before in ends and text[before] == " ") or (after in starts and text[end] == " "):
            if likelihood > names.get((start, end), L.LIKELIHOOD_UNSPECIFIED):
                names[(start, end)] = likelihood


# A word as the scanners' context regexes read one: a letter, then letters, digits, apostrophes or hyphens.
WORD = r"[^\W\d_][\w'’-]{0,30}"


def lowered_same_length(text: str) -> str:
    """`text` lower-cased, or as it is where lower-casing would move offsets ('İ')."""
    lowered = text.lower()
    return lowered if len(lowered) == len(text) else text


# A hesitation between words, with the commas a transcriber puts around it: "a policy through
# uh nationwide", "I worked at, um, the Bibb County tax office". Not at a turn's start, where the
# cues that open a turn name the fillers themselves ("uh hi this is dawn"), nor "er", which is
# also the emergency room.
_HESITATION = re.compile(r"(?<=[\w'’])[ \t]*,?[ \t]+(?:uh|uhh|um|umm|uhm|erm)\b,?(?=[ \t])", re.IGNORECASE)


@lru_cache(maxsize=64)
def lowered_for_cues(text: str) -> str:
    """`lowered_same_length(text)` with each hesitation blanked, so that a cue and the name it
    names still stand side by side ("through uh nationwide" reads "through    nationwide"):
    speech keeps its fillers where a writer would not. The time codes and speaker labels that
    open a line are blanked too ("33.10 35.11 hiya is this hope", "B: hi grant"), so that a cue
    read where a turn opens (`TURN_OPENS`) finds the words said. Offsets are kept. Cached: each
    of the cue passes over one text asks for it."""
    return blanked_for_cues(text) or lowered_same_length(text)


# Where a turn opens, for the cue regexes that read its first words: past what
# `blanked_for_cues` blanked there (a hesitation, a time code, a speaker's label).
TURN_OPENS = r"^[ \t]*"


def blanked_for_cues(text: str) -> str | None:
    """`lowered_for_cues(text)` where a hesitation, a tag or a line's opening was blanked, else
    None: the scanners' guard judges that form too (`veil.detection.engine.scanner_guard`). Not cached."""
    lowered = lowered_same_length(text)
    blanked = lowered
    for start, end in line_openings(text):
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    if "[" in text or "{" in text or "&=" in text or "%" in text:
        for tag in _NOISE_TAG.finditer(text):
            blanked = blanked[:tag.start()] + _blanked(tag) + blanked[tag.end():]
    if _A_HESITATION_WORD.search(blanked):
        blanked = _HESITATION.sub(_blanked, blanked)
    return None if blanked == lowered else blanked


_A_HESITATION_WORD = re.compile(r"\b(?:uh|uhh|um|umm|uhm|erm)\b")
# A transcriber's tag for what is no word: "[laughter]", "[noise]", "[Music]", "{laugh}", "&=laughs",
# and the "%" of CallHome's fillers ("%um"). Blanked like a hesitation, so that "hi [noise] i'm
# will" reads "hi         i'm will"; not a placeholder ("[PERSON_NAME_1]", "[NOISE]").
_NOISE_TAG = re.compile(r"\[[A-Za-z][a-z_ -]*\]|\{[A-Za-z][a-z_ -]*\}|&=[\w:-]+|%(?=[a-z]+\b)")


def _blanked(match: "re.Match[str]") -> str:
    return " " * len(match.group())


def live_spans(text: str, spans: Iterable[Span], cased: bool) -> list[Span]:
    """The dictionary matches that can make a PERSON_NAME hit: neither a stopword nor a
    common word that is not capitalised in a cased text ("can", "mark", "will"), which
    `dictionary_hits` and `person_scanners._addressed_hits` both reject. Most matches are such words, and
    one lookup of the word's facts here spares both their work."""
    live = []
    facts_of = _WORD_FACTS.get
    for span in spans:
        start, end = span
        word = text[start:end]
        stopword, common, capitalised, _, _ = facts_of(word) or _word_facts(word)
        if stopword or (common and not (cased and capitalised)) or before_verb_clitic(text, end):
            continue
        live.append(span)
    return live


POSSESSIVE = re.compile(r"['’]s?$", re.IGNORECASE)


def ordinary_compound(lowered: str) -> bool:
    """An ordinary word, or a compound of them ("first-quarter", "b-day", "british-born")."""
    return all(ordinary_word(part) or len(part) < 2 for part in lowered.split("-") if part) \
        or ordinary_word(lowered)
