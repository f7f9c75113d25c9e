"""What a word is in its text: the facts the name rules, the merge and the auditor weigh.

Whether a word opens a sentence, whether a text has capitals that say something (`is_cased`),
whether a word is an ordinary English one, typed online, elongated, foreign, an eponym, or the
word a determiner or a subject makes of a name-list word ("the kit"). Plain functions over
strings and the word lists (`veil.detection.engine.word_lists`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from veil.detection.casing import without_line_labels, writer_capitalises
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    DETERMINERS,
    EPONYM_NOUNS,
    EPONYMS,
    PARTITIVES,
    SUBJECTS,
)
from veil.detection.engine.word_lists import STOPWORDS, common_words, name_words, word_name_words

_SENTENCE_END = frozenset(".!?:;\"“”\n([")


def sentence_initial(text: str, start: int) -> bool:
    """Whether the word at `start` opens the text or follows a sentence's end, a colon, a quote
    or a bracket (spaces between), where a capital says nothing of a name."""
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] in _SENTENCE_END


def clitic_base(lowered: str) -> str:
    """A word without its clitic: "don't" -> "don", "nation's" -> "nation"."""
    return re.split(r"['’]", lowered, maxsplit=1)[0]


def ordinary_word(lowered: str) -> bool:
    """A common word, or one with a clitic ("don't", "nation's")."""
    base = clitic_base(lowered)
    return lowered in common_words() or base in common_words() or base in STOPWORDS


_ELONGATED = re.compile(r"([^\W\d_])\1\1|([^\W\d_]{2})\2\2", re.IGNORECASE)


def elongated(value: str) -> bool:
    """A letter three times over ("whaaaa", "Girllll"), or two letters ("hehehe", "lololol"): a
    word said at length, or laughter, spelled as no name is."""
    return _ELONGATED.search(value) is not None


# What typed text online has and speech never does: a handle (not an e-mail address, which is
# said), a tag, a link, an HTML entity, an emoji.
_TYPED_ONLINE = re.compile(
    r"(?<![\w.])@\w|(?<![\w&])#[^\W\d]|https?:|www\.|&(?:amp|lt|gt|quot|#\d+);"
    r"|[\U0001F000-\U0001FAFF\u2600-\u27BF]")


def typed_online(text: str) -> bool:
    """Whether a text was typed online, not said: it has a handle, a tag, a link, an HTML entity
    or an emoji. There lower case says only that its writer did not bother with capitals, and
    the words that no dictionary knows are slang and handles ("wassup", "ajwright1987"), not
    the names a speech recogniser writes outside its English vocabulary."""
    return _TYPED_ONLINE.search(text) is not None


# Endings that make an English word of an English word ("straddles", "zoomed", "boldest").
INFLECTIONS = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""),
                ("ing", "e"), ("ly", ""), ("er", ""), ("est", ""))


def unknown_word(lowered: str) -> bool:
    """Whether a lower-case word of three letters or more is a stranger to English and to the
    name lists alike: no name-list word, no ordinary word in any inflected form ("straddles"),
    no address term, no day's name, not drawn out ("whaaaa"). "galois", "hadid" and "quilis"
    are; "grace" and "parks" (the lists' names) and "zoomed" (a word) are not."""
    from veil.detection.calendar_words import names_a_day

    if len(lowered) < 3 or not lowered.isalpha() or elongated(lowered):
        return False
    if lowered in name_words() or lowered in ADDRESS_TERMS or names_a_day(lowered, "PERSON_NAME"):
        return False
    return not english_word(lowered)


_A_DOUBLED_CONSONANT = re.compile(r"([b-df-hj-np-tv-z])\1(?:ed|ing)$")


def english_word(lowered: str) -> bool:
    """Whether a lower-case word is an ordinary word in some inflected form ("zoomed",
    "boldest", "twinned")."""
    doubled = _A_DOUBLED_CONSONANT.search(lowered)
    if doubled is not None and ordinary_word(lowered[:doubled.start() + 1]):
        return True
    return ordinary_word(lowered) or any(
        ordinary_word(lowered[:-len(ending)] + put_back) for ending, put_back in INFLECTIONS
        if lowered.endswith(ending) and len(lowered) - len(ending) >= 3)


# A token that is no word of any language: a link, a handle, a tag, or one with digits.
_NOT_A_WORD = re.compile(r"[/@#:\d_]")
EDGE_MARKS = "\"'“”‘’.,!?;:()[]{}*-–—…"


def mostly_foreign(text: str) -> bool:
    """Whether fewer than half of a text's words that no name list holds are English words
    (of at least three such words): "ecco anche io volevo una spalla", "sabar ae wess".

    The lists that tell an ordinary lower-case word from a name are English. In another
    language every word is a stranger to them, and a name list's word there ("una", "tak",
    "sabar") is no evidence of a name without the capitals the text lacks."""
    english = other = 0
    names = name_words()
    tokens = text.split()
    for index, token in enumerate(tokens):
        word = token.strip(EDGE_MARKS).lower()
        if not word or _NOT_A_WORD.search(word) or not word.replace("'", "").replace("’", "").isalpha():
            continue
        if ordinary_word(word):
            english += 1
            if english >= other + len(tokens) - index - 1:  # the rest cannot outnumber it
                return False
        elif clitic_base(word) not in names:
            other += 1
    return other >= 3 and other > english


def is_cased(text: str) -> bool:
    """Whether capitalisation carries information: the text has a capital outside the
    placeholders a job writes, and does not give one to nearly every word
    (`capitalises_every_word`: Title Case, or capitals throughout); or it has none of its
    own, in a conversation whose writer keeps capitals for names (`veil.detection.casing`:
    "the bass were biting" in a transcript that writes "yeah I went fishing with Bob")."""
    if text == text.lower() or not _has_a_writers_capital(text):
        return writer_capitalises()
    if _capitals_say_something(text):
        return True
    return writer_capitalises() and _placeholder_capitals_only(text)


# A capital a writer gives a word: one that opens a word and is followed by a lower-case letter
# or stands alone ("Dawn", "I", "A"); a word in capitals that is no English word ("AP", "EU",
# "IAEA", "SIM"). Not an English word shouted ("ALL DAY", "AGAIN", "HUNTER"): "my wife grace was
# home ALL DAY" shouts, and gives no name a capital.
_A_WRITERS_CAPITAL = re.compile(r"(?<![^\W\d_])[A-Z](?![A-Z])")
_LETTERS = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=4096)
def _has_a_writers_capital(text: str) -> bool:
    """Whether some word of `text` has a capital that is not an English word's shouted
    (`_A_WRITERS_CAPITAL`; beyond ASCII, "Élodie" word by word). The time codes and speaker
    labels that open a transcript's lines are its format, not its writer's case ("B: hi")."""
    text = without_line_labels(text)
    if _A_WRITERS_CAPITAL.search(text) is not None:
        return True
    for word in _LETTERS.findall(text):
        if not word[0].isupper():
            continue
        if not word[1:2].isupper() or len(word) < 3 or word.lower() not in common_words():
            return True
    return False


_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z_]*\d*\]")


# Title Case is told by the first few small words mid-sentence: at most one in three lower-case.
_SMALL_WORDS_SEEN = 4


def strip_edges(token: str) -> str:
    """A token without the quotes and punctuation at its edges ("(Goode," -> "Goode")."""
    return token.strip(EDGE_MARKS)


def _capitals_say_something(text: str) -> bool:
    """An anonymised "[PERSON_NAME_1] met gingrich today", which the residual-risk auditor
    reads, is written without capitals: the placeholder's are the job's, not the writer's."""
    return not _placeholder_capitals_only(text) and not capitalises_every_word(text)


def _placeholder_capitals_only(text: str) -> bool:
    if "[" not in text:
        return False
    rest = _PLACEHOLDER.sub(" ", text)
    return rest == rest.lower()


@lru_cache(maxsize=4096)
def capitalises_every_word(text: str) -> bool:
    """Whether a text capitalises every word, so that a capital says nothing of a name, as in
    a text without capitals: "Thanks For The Prompt Service And Great Job" (Title Case: of
    its first two to four small words mid-sentence, such as "for", "the" or "and", at most
    one in three is lower-case) or "BEST PIZZA EVER" (capitals throughout, three words or
    more). There "Job", "Day" and "Love" are name-list words, not names. "Jane Doe and Rachel
    Green met on Monday" is cased: its small words are not capitalised. Placeholders
    ("[PERSON_NAME_1]") are no words."""
    if "[" in text:
        text = _PLACEHOLDER.sub(" ", text)
    tokens = text.split()
    if text.upper() == text:  # no lower-case letter: capitals throughout, if words enough
        return sum(len(word) > 1 and word[0].isalpha() for word in map(strip_edges, tokens)) >= 3
    small = lower = 0
    previous = "."
    for token in tokens:
        word = token.strip(EDGE_MARKS)
        opens = previous[-1] in _SENTENCE_END
        previous = token
        lowered = word.lower()
        if opens or lowered not in STOPWORDS or lowered == "i":
            continue  # not a small word, or one that opens a sentence
        small += 1
        if word[0].islower():
            lower += 1
            if lower > 1:  # of four at most, two lower-case are more than a third
                return False
        if small == _SMALL_WORDS_SEEN:
            break
    return small >= 2 and lower * 3 <= small


_VERB_CLITIC = re.compile(r"['’](?:t|m|re|ve)\b", re.IGNORECASE)


def before_verb_clitic(text: str, end: int) -> bool:
    """Whether the word ending at `end` is the first half of a contraction ("haven|'t")."""
    return end < len(text) and text[end] in "'’" and _VERB_CLITIC.match(text, end) is not None


_NO_NAME_AFTER = DETERMINERS | SUBJECTS
# The words whose "'s" is "is" ("it's bill", "that's grace"), not an owner's.
_IS_NOT_OWNS = frozenset("""it that what there here who where how when why let he she this one
everything everyone nothing something""".split())


def an_owner(word: str) -> bool:
    """Whether a lower-cased word before another is an owner ("dad's", "mom's"), whose thing
    the next word is ("dad's chip"), and not a word whose "'s" is "is" ("it's bill")."""
    return word.endswith("'s") and word[:-2] not in _IS_NOT_OWNS


def word_before(text: str, start: int) -> str:
    """The word right before `start`, across spaces or tabs only, lower-cased ("" if none)."""
    return _word_before_at(text, start)[1]


def words_before(text: str, start: int, count: int) -> list[str]:
    """Up to `count` words right before `start`, nearest first, across spaces or tabs only
    (`word_before`); fewer where a text's start or punctuation comes first."""
    words = []
    while len(words) < count:
        start, word = _word_before_at(text, start)
        if not word:
            break
        words.append(word)
    return words


def _word_before_at(text: str, start: int) -> tuple[int, str]:
    """Where the word right before `start` begins, and the word (`word_before`): walked back
    by hand, since dictionary matches are many and a regex anchored at `start` would scan the
    text from its beginning. A conversation analyst's pitch arrow counts as a space ("a ↑pearl
    in the middle": the word before is "a")."""
    end = start
    while end > 0 and text[end - 1] in " \t↑↓":
        end -= 1
    if end == start:
        return start, ""
    begin = end
    while begin > 0 and (text[begin - 1].isalpha() or text[begin - 1] in "'’"):
        begin -= 1
    return begin, text[begin:end].lower().replace("’", "'")


def the_word_not_a_name(text: str, start: int, end: int) -> bool:
    """Whether a lower-case list word is the English word it also is, by the words before it:
    a determiner, a subject or an owner ("the kit", "he marks the bins", "dad's chip"), or a
    measure and "of" ("a glass of sherry"; `word_name_words`, so not "a moreau", no English word). Not where a name word
    follows, which makes it a full name: "the tom cruise video"."""
    if text[start:end].lower() not in word_name_words():
        return False
    begin, before = _word_before_at(text, start)
    if before not in _NO_NAME_AFTER and not an_owner(before) \
            and not (before == "of" and word_before(text, begin) in PARTITIVES):
        return False
    following = _NEXT_WORD.match(text, end)
    return following is None or following.group(1).lower() not in name_words()


# Currencies a name list holds too ("rand", "mark", "franc", "lira", "leu"), said after an
# amount: "five hundred rand", "300 marks", "two thousand lira".
_CURRENCY_NAMES = frozenset("rand mark marks franc lira leu real".split())
_AN_AMOUNT_BEFORE = re.compile(
    r"(?:\d|\b(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|few|"
    r"couple of|hundreds of|thousands of|millions of))[ \t]+$", re.IGNORECASE)


def a_currency_after_an_amount(text: str, start: int, end: int) -> bool:
    """Whether a list word is a currency after an amount ("five hundred rand", "300 marks"):
    "mark" and "frank" are names, "rand" a surname, but counted, they are money."""
    return text[start:end].lower() in _CURRENCY_NAMES \
        and _AN_AMOUNT_BEFORE.search(text, max(0, start - 16), start) is not None


_APOSTROPHE_S = re.compile(r"['’]s\b|s['’]")
_NEXT_WORD = re.compile(r"(?:['’]s?)?[ \t]+([^\W\d_]+)")
# Both regexes of `is_eponym` start with one of these characters: a word followed by
# anything else is no eponym, without running either.
_EPONYM_FOLLOWERS = frozenset("'’ \ts")


def is_eponym(text: str, start: int, end: int, possessive: bool = True) -> bool:
    """Whether the word at [start, end) is used as an eponym here: any word before a noun that
    eponyms name ("Graves disease", "Morse code", "Hodgkin's lymphoma"), or (`possessive`) a
    listed one before "'s" ("Parkinson's"). Callers that must not lose a person's name ask for
    a listed eponym too (`EPONYMS`), and leave out the possessive: "Tony's" is a restaurant."""
    if end >= len(text) or text[end] not in _EPONYM_FOLLOWERS:
        return False
    lowered = text[start:end].lower()
    if possessive and lowered in EPONYMS and _APOSTROPHE_S.match(text, end):
        return True
    following = _NEXT_WORD.match(text, end)
    return following is not None and following.group(1).lower() in EPONYM_NOUNS


_A_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_THE_PRONOUN_I = re.compile(r"i(?:['’](?:m|ll|d|ve))?")


def recased_for_a_cased_model(text: str) -> str:
    """A text with no capital of its writer's, as a model trained on cased text wants to read
    it: the pronoun "i" as "I", and a capital on each word that no list of frequent English
    words holds ("jollof", "steenkamp", "beijing", "dubai") or that is a major place the
    frequency list holds only because it was counted in lower case (`proper_place_words`),
    as a truecaser capitalises the words it has mostly seen capitalised. An ordinary word
    stays as it is, names that are words too ("pearl", "bill") among them. A text with
    capitals of its own is returned as it is. Letter for letter: every offset holds."""
    if _has_a_writers_capital(text):
        return text
    from veil.detection.engine.word_lists import proper_place_words

    common, places = common_words(), proper_place_words()

    def recase(match: "re.Match[str]") -> str:
        word = match.group(0)
        if _THE_PRONOUN_I.fullmatch(word):
            return "I" + word[1:]
        lowered = word.lower()
        if len(word) < 2 or not word.islower() or (lowered in common and lowered not in places):
            return word
        first = word[0].upper()
        return first + word[1:] if len(first) == 1 else word

    return _A_WORD.sub(recase, text)
