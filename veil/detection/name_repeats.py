"""A name found once in a conversation, found wherever the conversation says it again.

A detector that finds "Hedwig Steuer" in one turn may miss "Hedwig's employee ID" two turns
later: the second mention has less context, a possessive, no capital. Once a conversation is
known to name a person, every other mention of that name's words is evidence of the same
person, so each is redacted too (and entity resolution gives it the same placeholder). The
same holds for the names in speaker labels ("NoamChomsky" ... "Noam, thanks for coming on").

Guards against spreading a false finding: words of under 3 letters, titles and stopwords are
never spread, and a word that is also a common English word ("Will", "Grace", "Mark")
spreads only to capitalised mentions that do not start a sentence ("Thanks, Grace", not
"Grace period" at a sentence's start, nor "grace" in lower case). In a conversation written
without capitals, as a speech recogniser writes it, there is no capital to wait for: there
such a word spreads in lower case when the model typed it alone, or a cue said it is a name
("tell grace i said hi" ... "did you hear that grace is moving"; `uncased_mentions`). No word
spreads to the first half of a contraction: "Haven" found once, "haven't" is no mention of her.

Organisations, places, user names and street addresses found once are spread the same way, as
whole values (`repeated_entities`): "Ethnologue" typed once by the model, "Ethnologue's code" two
turns later.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.age_echoes import echoed_ages
from veil.detection.calendar_words import month_or_weekday
from veil.detection.casing import conversation_case
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.idioms import names_no_one_here
from veil.detection.named_storms import without_storms
from veil.detection.engine.name_lists import DETERMINERS, PARTITIVES, SUBJECTS
from veil.detection.name_spans import KIN_WORDS, exclaimed, is_title

DETECTOR = "repeats"
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")


def name_words(values: Iterable[str], skip: frozenset[str] = frozenset()) -> set[str]:
    """The words of name values worth looking for elsewhere: 3 letters or more, not a title,
    a form of address, a stopword or one of `skip`. Possessives are dropped ("Hedwig's" ->
    "Hedwig"). A form of address is what a family calls one of its own, said of them all through
    a call ("Nana Bridie" once, then "ring your Nana"; "Ammi" before a town that is a name too;
    not "Son" or "Love", surnames too: `KIN_WORDS`)."""
    from veil.detection.engine.word_lists import STOPWORDS

    words = set()
    for value in values:
        for match in _WORD.finditer(value):
            word = re.sub(r"['\u2019]s$", "", match.group(0))
            lowered = word.casefold()
            if len(word) < 3 or is_title(lowered) or lowered in STOPWORDS or lowered in skip \
                    or lowered in KIN_WORDS \
                    or _CONTRACTION.search(lowered) or month_or_weekday(lowered):
                continue  # "I'm" found once by a model is no name to look for everywhere; "April"
                # greeted once is no name in "all of April"
            words.add(word)
    return words


def word_mentions(texts: list[str], words: Iterable[str], findings: Iterable[Finding],
                  detector: str = DETECTOR, sentence_start: bool = False) -> list[Finding]:
    """PERSON_NAME findings for each whole-word mention of `words` in `texts` (any case) that
    no finding covers yet; an ordinary word counts only capitalised, and (unless
    `sentence_start`) not at a sentence's start, but where it is said to the one it names
    ("Precious!", "Beauty, okay.")."""
    return [Finding(turn, start, end, "PERSON_NAME", Likelihood.LIKELY, Method.DICTIONARY, detector)
            for turn, start, end in free_mentions(texts, words, findings, sentence_start, addressed=True)]


def free_mentions(texts: list[str], values: Iterable[str], findings: Iterable[Finding],
                  sentence_start: bool = False, ordinary: frozenset[str] | None = None,
                  addressed: bool = False) -> list[tuple[int, int, int]]:
    """(turn, start, end) of each whole mention of `values` in `texts` (any case) that no
    finding covers yet. A value that is an `ordinary` word (default: the common English
    words) counts only capitalised, and (unless `sentence_start`) not at a sentence's start,
    unless (`addressed`: a person's name) it is said to its bearer there ("Precious!", "Beauty,
    okay."); no mention is the first half of a contraction ("Haven" found once: "haven't" is no
    mention of her)."""
    from veil.detection.engine.word_facts import before_verb_clitic, sentence_initial
    from veil.detection.engine.word_lists import common_words

    values = {v.casefold() for v in values}
    if not values:
        return []
    taken: dict[int, list[tuple[int, int]]] = {}
    for finding in findings:
        taken.setdefault(finding.turn, []).append((finding.start, finding.end))
    ordinary = common_words() if ordinary is None else ordinary
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, values), key=len, reverse=True))
                         + r")(?![\w-])", re.IGNORECASE)
    found = []
    for turn, text in enumerate(texts):
        for match in pattern.finditer(text):
            value = match.group(0)
            start, end = match.span()
            if value.casefold() in ordinary and (not value[:1].isupper() or (
                    not sentence_start and sentence_initial(text, start)
                    and not (addressed and _ADDRESSED.match(text, end)))):
                continue
            if before_verb_clitic(text, end):
                continue
            if any(s < end and start < e for s, e in taken.get(turn, ())):
                continue
            found.append((turn, start, end))
            taken.setdefault(turn, []).append((start, end))
    return found


# A name said to the one it names, as a sentence opens: "Precious! The bride herself.", "Beauty,
# okay. Is she new?" (an ordinary word there is a sentence's first word as often: "Grace period").
_ADDRESSED = re.compile(r"[ \t]*(?:[!?]|,(?![ \t]*(?:and|or)\b))")


def repeated_names(texts: list[str], findings: Iterable[Finding]) -> list[Finding]:
    """The other mentions, in `texts`, of the words of the PERSON_NAME findings in them."""
    findings = list(findings)
    values = [texts[f.turn][f.start:f.end] for f in findings
              if f.info_type == "PERSON_NAME" and f.turn < len(texts)]
    found = [f for f in word_mentions(texts, name_words(values), findings)
             if not _an_english_word_in_lower_case(texts[f.turn], f.start, f.end)
             and not names_no_one_here(texts[f.turn], f.start, f.end)]
    return found + uncased_mentions(texts, findings + found)


def _an_english_word_in_lower_case(text: str, start: int, end: int) -> bool:
    """Whether a lower-case mention of a name that English also uses as a word, however rarely
    ("haven", "heather", "moody": `word_name_words`), is that word: in a turn whose writer
    gives words their capitals ("Haven Brooks called" ... "We found a safe haven"; in a
    transcript that keeps capitals for names, every turn: "deacon Moody" ... "he's been so
    moody lately"), or after a determiner, a subject or a degree word ("some heather", "his
    parks", "very moody"). An identifier in capitals ("jerry's employee id is EMP-338662") is
    no capital of the writer's."""
    from veil.detection.casing import writer_capitalises
    from veil.detection.engine.word_lists import word_name_words

    value = text[start:end]
    if not value.islower() or value not in word_name_words():
        return False
    return (writer_capitalises() or _A_CAPITALISED_WORD.search(text) is not None
            or _after_a_determiner_or_subject(text, start))


# A word written with a capital as a writer gives one ("Haven", "I", "I'm"), not an identifier
# in capitals ("EMP-338662") nor the job's placeholder ("[PERSON_NAME_1]").
_A_CAPITALISED_WORD = re.compile(r"(?<![\w'’-])(?:[A-Z][a-z]|I(?![\w-]))")


# Words no name is spread to in lower case, though the lists have them as names: a modal or
# an auxiliary ("will", "may", "can") is said in every conversation whoever is named in it.
_NEVER_SPREAD_UNCASED = frozenset(
    "will may can might must shall should would could did does do am are is was were be been "
    "have has had being so".split())


# Words after which a lower-case word is no name said again but the ordinary word: those
# after which the name lists' words are no names either (a determiner or possessive, a
# subject: "the bill", "i hope"), and for a word already known to be ordinary, also "her",
# "no", "you", the contractions of a subject and the modals before a verb ("i'll mark it",
# "we will"), the adverbs between a subject and its verb ("i always hope", "i sure hope"),
# the degree words before an adjective ("real frank with me", "very moody";
# not "so", which opens a sentence as often: "ok so haven can you hear me"), the words that
# take a thing rather than a person ("pays in cash", "had faith", "my favorite autumn", "i play
# bass"), and
# the forms of "be" that say what something is ("the house is tiny", "to be frank"; not "be"
# alone: "she's gonna be joy love").
_NOT_BEFORE_A_NAME = DETERMINERS | SUBJECTS | frozenset(
    "her this no i'll i'd who'll who'd we'll we'd you you'll you'd they'll they'd he'll she'll it'll "
    "will would can could should must might may did do does don't didn't won't can't cannot "
    "let's please gonna wanna very real really too pretty quite more most less been being "
    "in have has had having favorite favourite is was are were play plays playing played "
    "how went turned turns turning as just all much such enough still "
    "always never usually sometimes often sure truly certainly".split())
# Number words: a count of things goes before a noun, and no name follows one.
_COUNTS = frozenset("""two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million billion dozen""".split())
# Words that, before "of", measure out a thing: "lots of joy", "a bit of hope", "full of grace".
_MEASURES_BEFORE_OF = frozenset("lot lots plenty bit kind sort full piece sense bundle bunch source ray "
                                "glimmer spirit".split())
# Verbs that give someone a thing: "it gives me comfort", "brings her joy", "wish you luck".
_GIVING = frozenset("give gives gave giving bring brings brought bringing wish wishes wished wishing "
                    "grant grants granted".split())
_OBJECT_PRONOUNS = frozenset("me us him her them you".split())
# A word said of a subject, negated: "he's not young anymore", "it's never frank".
_NEGATIONS = frozenset("not never".split())
# Words that make the lower-case word before them a verb with its object, no name: "the
# vendors bill me", "we could sue them" (not "it", which opens a clause as often: "i called
# bill it was late").
_OBJECTS_AFTER_A_VERB = frozenset(
    "me us him them myself yourself himself herself themselves".split())
# The nouns people put an ordinary word before as it describes them: "young people", "rich folks".
_PEOPLE_AFTER_A_WORD = frozenset("people folks ones kids guys men women".split())
_WORDS_AFTER_NO_NAME = _OBJECTS_AFTER_A_VERB | _PEOPLE_AFTER_A_WORD


def _after_a_determiner_or_subject(text: str, start: int) -> bool:
    """Whether the word before `start` is one of `_NOT_BEFORE_A_NAME`, "be" after "to" ("to be
    frank"), a subject with "is" ("he's frank") or an owner ("dad's chip"); "you" after "thank"
    is not: "thank you penny" addresses her, nor "too" after "you" ("you too rob"), nor "is"
    that introduces: "this is stefano"."""
    from veil.detection.engine.word_facts import an_owner, word_before

    before = word_before(text, start)
    if before == "you" and _THANK_YOU.search(text, 0, start):
        return False
    if before == "be":
        return _TO_BE.search(text, 0, start) is not None
    if before in ("is", "was") and (_INTRODUCING.search(text, 0, start) or (
            _IT_WAS.search(text, 0, start) and _WHO_NEXT.match(text, start))):
        return False  # "this is stefano", "my name is grace", "it is rob", "it was rusty who
        # came": who, not what ("it was rich" says what a thing was)
    if before == "too" and _YOU_TOO.search(text, 0, start):
        return False  # "you too rob have a good one": a goodbye, not a degree word
    if before.isdigit() or before in _COUNTS:
        return True  # "seventy miles", "two hundred bills": a count of things, no one
    return before in _NOT_BEFORE_A_NAME or before in _SAID_OF_A_SUBJECT or an_owner(before) \
        or inside_a_noun_phrase(text, start) or _a_thing_given_or_measured(text, start, before)


def _a_thing_given_or_measured(text: str, start: int, before: str) -> bool:
    """Whether the word at `start` is a thing measured out ("lots of joy", "a glass of ruby
    port": `PARTITIVES`), given to someone
    ("gives me comfort") or denied of a subject ("he's not young"), by the two words before it."""
    if before not in _OBJECT_PRONOUNS and before not in _NEGATIONS and before != "of":
        return False
    from veil.detection.engine.word_facts import words_before

    two = words_before(text, start, 2)
    if len(two) < 2:
        return False
    if before == "of":
        return two[1] in _MEASURES_BEFORE_OF or two[1] in PARTITIVES
    if before in _NEGATIONS:
        return two[1] in _SAID_OF_A_SUBJECT or two[1] in _BEING
    return two[1] in _GIVING


# Articles that open a noun phrase whose last word is a thing: "the first tuition bill", "a
# duck hunter", "some research grant" (not possessives: "my wife bonnie" names her).
_ARTICLES = frozenset("a an the some another every each".split())
# Words that, between an article and a name, make it someone's (with the lists' words for
# people and relatives: "the guy bill", "a friend sue"): "a man named hunter", "the younger
# one mason", "a name like joy"; or end the noun phrase before it: "who's the contact there
# hunter".
_NAMING_WORDS = frozenset("named called name one ones contact there here now then today "
                          "again".split())
# Words that end the article's phrase before the word: "on the calendar and mark wants slides".
_PHRASE_BREAKS = frozenset("and or but nor with for to of at on from by as than if when that "
                           "who which while".split())
# A degree word after a verb of being says what something is: "it's so dusty", "was so frank"
# (not "so" alone, which opens a sentence as often: "ok so haven can you hear me"; nor "that's
# so", which likens someone to a name as often: "that's so drew").
_BEING = frozenset("is was are were be been it's he's she's they're get got gets "
                   "getting seems seemed looks looked feel feels felt".split())


def inside_a_noun_phrase(text: str, start: int) -> bool:
    """Whether the lower-case word at `start` ends a noun phrase that an article opened one or
    two words before ("the fast lane", "a safe haven", "the first tuition bill"), or follows a
    degree word after "is" ("so dusty"): a thing or a quality, no person said again. Not where
    a word between says it is someone ("a friend sue", "a guy named bill") or ends the phrase
    ("the calendar and mark")."""
    from veil.detection.engine.name_lists import PEOPLE_WORDS, RELATIVE_WORDS
    from veil.detection.engine.word_facts import words_before

    before = words_before(text, start, 3)
    if before[:1] == ["so"]:
        return len(before) > 1 and before[1] in _BEING
    for reach in (2, 3):
        if len(before) >= reach and before[reach - 1] in _ARTICLES:
            return not any(word in naming or word.removesuffix("s") in naming
                           for word in before[:reach - 1]
                           for naming in (_NAMING_WORDS, PEOPLE_WORDS, RELATIVE_WORDS,
                                          _PHRASE_BREAKS, _NOT_BEFORE_A_NAME))
    return False


def _before_an_object(text: str, end: int) -> bool:
    """Whether the word after `end` is an object pronoun, which makes the word before it a verb
    ("the vendors bill me"), a word for people, which makes it what describes them ("young
    people"), or a count, which makes it a thing numbered ("page four", "lane two"; not a number
    said digit by digit, "line amber four one five", nor one in digits, "the plate says penny
    2")."""
    if _A_COUNT_NEXT.match(text, end) is not None:
        return True
    following = _AFTER.match(text, end)
    return following is not None and following.group(1).lower() in _WORDS_AFTER_NO_NAME


_COUNT = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
          r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
          r"hundred)\b")
# One number word, not the first of a number said digit by digit ("line amber four one five...",
# "zero" and "oh" among its digits); "oh" alone is no count ("pat oh my goodness").
_A_COUNT_NEXT = re.compile(rf"[ \t]+{_COUNT}(?![ \t,-]+(?:{_COUNT}|zero\b|oh\b|\d))", re.IGNORECASE)


# After a subject and "is", a word is said of the subject: "he's frank", "i'm rich".
_SAID_OF_A_SUBJECT = frozenset("""he's she's i'm im you're we're they're hes shes youre theyre ill ive
    youll theyll""".split())  # and as people type them without the apostrophe ("ill grant u")


_THANK_YOU = re.compile(r"\bthank[ \t]+you[ \t]+$", re.IGNORECASE)
_TO_BE = re.compile(r"\bto[ \t]+be[ \t]+$", re.IGNORECASE)
_YOU_TOO = re.compile(r"\b(?:you|me)[ \t]+too[ \t]+$", re.IGNORECASE)
_IT_WAS = re.compile(r"\bit[ \t]+was[ \t]+$", re.IGNORECASE)
_WHO_NEXT = re.compile(r"[^\W\d_]+[ \t]+(?:who|that)\b", re.IGNORECASE)
_INTRODUCING = re.compile(r"\b(?:(?:this|that|name|here|who|there)[ \t]+(?:is|was)|it[ \t]+is)[ \t]+$",
                          re.IGNORECASE)


def _said_alone(text: str, finding: Finding) -> str | None:
    """The word of a person finding that the conversation may say alone: the finding's only
    name word ("grace"), or the given name of a full name ("penny" of "penny summers": a first
    name, then a last name of the lists that is no common word). Not another word of a longer
    span: the "said" of a model's "eastman said", nor the "grace" of "grace said", though the
    lists know a Said."""
    from veil.detection.engine.word_lists import common_words, family_name_words, given_name_words

    words = [m.group(0) for m in _WORD.finditer(text, finding.start, finding.end)]
    value = name_words([" ".join(words)])
    if len(value) == 1:
        return value.pop()
    last = words[-1].casefold() if words else ""
    if len(words) in (2, 3) and words[0] in value and words[0].casefold() in given_name_words() \
            and last in family_name_words() and (last not in common_words() or _a_surname_no_verb(last)):
        return words[0]
    return None


def _a_surname_no_verb(word: str) -> bool:
    """Whether a surname that is an English word is a noun or an adjective, not a verb people
    do ("grace rice", "hope king", "faith baker"; not "grace said", "eastman went")."""
    from veil.detection.engine.name_lists import AMBIGUOUS_NAMES, VERBS_AFTER_PEOPLE

    return word in AMBIGUOUS_NAMES and word not in VERBS_AFTER_PEOPLE


# "i'll put down ray and sandy", "with frank and dot came": a name the model or a cue found,
# "and", and a given name the lists hold, where the phrase ends or a verb follows.
_AND_A_NAME = re.compile(
    r"[ \t]+and[ \t]+([^\W\d_]+)(?=[ \t]*(?:[.,!?]|$)|[ \t]+(?:are|were|have|had|will|would|came|"
    r"went|said|say|says|both|too|also|do|did|is|was|from|are|got)\b)")


def _coordinated_name(text: str, finding: Finding) -> str | None:
    """The given name joined by "and" to a person the model or a cue found ("ray and sandy",
    "austin and chase"), without capitals: said beside a person, a word English uses too is a
    person as well. Not a modal, a month or a verb a person does ("bill and will", "june and
    may", "sue and said"), nor a word for anyone ("ray and family")."""
    from veil.detection.engine.name_lists import VERBS_AFTER_PEOPLE
    from veil.detection.engine.name_lists import PEOPLE_WORDS, RELATIVE_WORDS
    from veil.detection.engine.word_lists import given_name_words, STOPWORDS

    match = _AND_A_NAME.match(text, finding.end)
    if match is None:
        return None
    word = match.group(1).casefold()
    if word not in given_name_words() or word in STOPWORDS or word in _NEVER_SPREAD_UNCASED \
            or month_or_weekday(word) or word in VERBS_AFTER_PEOPLE or word in RELATIVE_WORDS \
            or word in PEOPLE_WORDS or is_title(word) or len(word) < 3:
        return None
    return word


def uncased_mentions(texts: list[str], findings: list[Finding]) -> list[Finding]:
    """In turns without capitals (a speech recogniser's, a customer's typing), the lower-case
    mentions of a name that is also an ordinary word ("grace", "rose", "penny"), where the
    conversation shows that word is a name: the model typed it, alone or as the given name of a
    full name, or a cue said so ("my name is grace", "it's penny summers" ... "thank you
    penny"), in a turn without capitals too, or capitalised inside a sentence of a turn with
    capitals (an agent's "My name is Joy." ... the customer's "hi joy"). The list's word alone,
    a mention found by spreading, or another word of a longer span (`_said_alone`) is no such
    evidence; a modal ("will") is never spread, and no mention after a determiner or a subject
    ("the bill", "i'll mark it") is one."""
    from veil.detection.engine.word_facts import is_cased, sentence_initial
    from veil.detection.engine.word_lists import common_words
    from veil.detection.engine.word_lists import name_words as listed

    ordinary = common_words()
    words, named_in_capitals = set(), set()
    for finding in findings:
        if finding.info_type != "PERSON_NAME" or finding.turn >= len(texts) \
                or finding.method is Method.DICTIONARY or finding.detector == DETECTOR:
            continue
        text = texts[finding.turn]
        word = _said_alone(text, finding)
        if word is None:
            continue
        # The word tests first: most findings are names no ordinary word, and reading the
        # turn's case (`is_cased`) costs a scan of it.
        lowered = word.casefold()
        # A word of the lists; or any word a cue said is a name ("her name is beauty", "my wife
        # Pinky"), where the lists hold few of the names given as words.
        if lowered in ordinary and (lowered in listed() or finding.method is Method.REGEX) \
                and lowered not in _NEVER_SPREAD_UNCASED:
            if not is_cased(text):
                words.add(lowered)
            elif _capitalised_inside_a_sentence(text, finding.start, word):
                named_in_capitals.add(lowered)
    uncased = [text if not is_cased(text) else "" for text in texts]
    words |= _coordinated_names(uncased, findings)
    named_in_capitals -= words
    if not words and not named_in_capitals:
        return []
    mentions = _uncased_spread(texts, uncased, words, findings)
    # Named only in another writer's capitals ("My name is Joy."), a word is the name where
    # a sentence goes on ("hi joy"), not where one opens ("thx. sunny day it was").
    mentions += [finding for finding in _uncased_spread(texts, uncased, named_in_capitals, findings + mentions)
                 if not sentence_initial(texts[finding.turn], finding.start)]
    # A name said again may be the one "and" joins another to: "ray" ... "put down ray and sandy".
    more = _coordinated_names(uncased, mentions) - words
    if more:
        mentions += _uncased_spread(texts, uncased, more, findings + mentions)
    return mentions


def _capitalised_inside_a_sentence(text: str, start: int, word: str) -> bool:
    """Whether a turn with capitals gives the word at `start` its capital where no sentence
    opens: "My name is Joy." names her for the customer who types "hi joy" in lower case."""
    from veil.detection.engine.word_facts import sentence_initial

    return text.startswith(word, start) and word[:1].isupper() and word[1:].islower() \
        and not sentence_initial(text, start)


def _uncased_spread(texts: list[str], uncased: list[str], words: set[str],
                    findings: list[Finding]) -> list[Finding]:
    return [Finding(turn, start, end, "PERSON_NAME", Likelihood.LIKELY, Method.DICTIONARY, DETECTOR)
            for turn, start, end in free_mentions(uncased, words, findings, ordinary=frozenset())
            if not _after_a_determiner_or_subject(texts[turn], start)
            and not _before_an_object(texts[turn], end)
            and not _A_YEAR_AFTER.match(texts[turn], end)
            and not names_no_one_here(texts[turn], start, end)]


# A year right after the word: a season or a time, no one ("signed up summer 2021", "spring of
# '19"), though the conversation names a Summer.
_A_YEAR_AFTER = re.compile(r"[ \t]+(?:of[ \t]+)?(?:(?:19|20)\d\d|['’]\d\d)\b")


def _coordinated_names(uncased: list[str], findings: Iterable[Finding]) -> set[str]:
    """The given names "and" joins to a person found in a turn without capitals
    (`_coordinated_name`)."""
    words = set()
    for finding in findings:
        if finding.info_type == "PERSON_NAME" and finding.turn < len(uncased) and uncased[finding.turn]:
            word = _coordinated_name(uncased[finding.turn], finding)
            if word is not None:
                words.add(word)
    return words


def with_repeats(texts: list[str], findings: Iterable[Finding]) -> list[Finding]:
    """`findings` and what the rest of the conversation adds to them, in the order the job
    applies it: the names said again (`repeated_names`), the words that continue a found name
    (`name_neighbours`), the organisations, places and addresses said again
    (`repeated_entities`), and an age echoed as the next turn opens (`veil.detection.age_echoes`).
    Shared by the job's anonymisation and everything that must detect as the job does
    (`veil calibrate`, the auditor's fitting)."""
    findings = list(findings)
    found = len(findings)
    with conversation_case(texts):  # a turn's case is judged with its transcript's
        findings += repeated_names(texts, findings)
        findings += name_neighbours(texts, findings)
        findings += repeated_entities(texts, findings)
    # "Hurricane Ian" is no mention of "my husband Ian" (veil.detection.named_storms)
    findings = findings[:found] + without_storms(findings[found:], texts, context=findings)
    findings += echoed_ages(texts, findings)
    return findings


# Surname particles, which join the words on both sides into one name ("Guilherme da Paz").
PARTICLES = frozenset({"da", "de", "del", "della", "der", "di", "do", "dos", "das", "du", "la",
                       "le", "van", "von", "den", "ter", "ten", "o", "bin", "binti", "ibn", "al",
                       "el", "zu", "vom", "af", "ap", "y"})
_CONTRACTION = re.compile(r"['\u2019](?:m|re|ve|ll|d|s|t)$")  # "I'm", "can't", "it's"
_AFTER = re.compile(r"[ \t]([^\W\d_]+(?:['\u2019-][^\W\d_]+)*)")
_BEFORE = re.compile(r"([^\W\d_]+(?:['\u2019-][^\W\d_]+)*)[ \t]$")


def _name_part(word: str, text: str, start: int, cased: bool, after: bool) -> bool:
    """Whether a word next to a found name is more of it: a capitalised word that is no
    ordinary word (in cased text), or a name-list word that is no ordinary word (in uncased
    text: "aris mustofa's"; not "harsh" of "a bit harsh geoff said", `ordinary_name_words`). A
    capitalised ordinary word counts before a name when the lists know it as a name and it does
    not start the sentence ("met Hunter Ramirez", not "Can Angel call?"). Contractions ("I'm")
    never count."""
    from veil.detection.engine.word_facts import sentence_initial
    from veil.detection.engine.word_lists import common_words, ordinary_name_words, STOPWORDS
    from veil.detection.engine.word_lists import name_words as listed

    if after:
        word = re.sub(r"['\u2019]s$", "", word)
    lowered = word.casefold()
    if len(word) < 2 or lowered in STOPWORDS or is_title(lowered) or _CONTRACTION.search(lowered) \
            or exclaimed(text, start, start + len(word)):
        return False  # "Doctor Patel": the title is no more of the name; nor "g'day", "kia ora"
    ordinary = lowered in common_words()
    if cased:
        if not word[:1].isupper():
            return False
        return not ordinary or (not after and lowered in listed() and not sentence_initial(text, start))
    return not ordinary and lowered in listed() and lowered not in ordinary_name_words()


def name_neighbours(texts: list[str], findings: Iterable[Finding]) -> list[Finding]:
    """PERSON_NAME findings for the words right next to a found name that continue it: a
    surname the detectors cut off ("Szymon [Lampart]", "dorcas [ansomah]'s"), a family name
    before a given name ("[Le] Anh"), and a particle with the word after it ("Bella [da
    Conceição]")."""
    from veil.detection.engine.word_facts import is_cased

    findings = list(findings)
    taken: dict[int, list[tuple[int, int]]] = {}
    for finding in findings:
        taken.setdefault(finding.turn, []).append((finding.start, finding.end))

    def free(turn: int, start: int, end: int) -> bool:
        return not any(s < end and start < e for s, e in taken.get(turn, ()))

    found = []
    for finding in findings:
        if finding.info_type != "PERSON_NAME" or finding.turn >= len(texts):
            continue
        turn, text = finding.turn, texts[finding.turn]
        cased = is_cased(text)
        end = finding.end
        for _ in range(2):  # up to two words after: "da Conceição", "Lampart"
            match = _AFTER.match(text, end)
            if match is None:
                break
            word, span = match.group(1), match.span(1)
            if word.casefold() in PARTICLES:
                following = _AFTER.match(text, span[1])
                if following is None:
                    break
                if not free(turn, *following.span(1)):
                    pass  # the name goes on, found already: the particle alone is left
                elif _name_part(following.group(1), text, following.start(1), cased, True):
                    span = (span[0], following.end(1))
                else:
                    break
            elif not _name_part(word, text, span[0], cased, True):
                break
            if not free(turn, *span):
                break
            found.append(Finding(turn, span[0], span[1], "PERSON_NAME", Likelihood.POSSIBLE,
                                 Method.DICTIONARY, DETECTOR))
            taken.setdefault(turn, []).append(span)
            end = span[1]
        match = _BEFORE.search(text, 0, finding.start)
        if match is not None and match.end() == finding.start:
            span = match.span(1)
            if _name_part(match.group(1), text, span[0], cased, False) and free(turn, *span):
                found.append(Finding(turn, span[0], span[1], "PERSON_NAME", Likelihood.POSSIBLE,
                                     Method.DICTIONARY, DETECTOR))
                taken.setdefault(turn, []).append(span)
    return found


# Organisations and places are said again too ("Ethnologue" ... "Ethnologue's code"), and a
# speech recogniser may drop the capital the second time. Their names are spread whole, not
# word by word: "University of Dakar" found once says nothing about "university" alone. So is a
# user name: "my gamertag is SterlingSilv3r" ... "you can report SterlingSilv3r". And so is a
# street address, which an agent reads back where no word says it is one: "and your address?"
# - "four eighteen hickory hill road" - "four eighteen hickory hill road, okay".
SPREAD_TYPES = ("ORGANIZATION_NAME", "LOCATION", "USER_NAME", "STREET_ADDRESS")


def repeated_entities(texts: list[str], findings: Iterable[Finding],
                      types: Iterable[str] = SPREAD_TYPES) -> list[Finding]:
    """Findings, with the type found, for the other whole mentions in `texts` of the
    organisations and places found in them. The guards of `free_mentions` hold ("Apple"
    found once spreads to "Apple" mid-sentence, never to "apple"), the name lists' ordinary
    words counting as ordinary ("Hook", "Dow"), and a value of under 3 letters, a stopword or a
    title is never spread. A lower-case mention counts only in a turn without capitals: where
    a text writes capitals, "the iban" is a word, whatever "IBAN" was taken for."""
    from veil.detection.engine.word_facts import is_cased
    from veil.detection.engine.word_lists import STOPWORDS

    findings = list(findings)
    types = frozenset(types)
    found_as: dict[str, str] = {}
    for finding in findings:
        if finding.info_type not in types or finding.turn >= len(texts):
            continue
        value = re.sub(r"['\u2019]s$", "", texts[finding.turn][finding.start:finding.end].strip())
        lowered = value.casefold()
        if len(value) >= 3 and lowered not in STOPWORDS and not is_title(lowered) and _WORD.search(value):
            found_as.setdefault(lowered, finding.info_type)
    return [Finding(turn, start, end, found_as.get(texts[turn][start:end].casefold(), "ORGANIZATION_NAME"),
                    Likelihood.LIKELY, Method.DICTIONARY, DETECTOR)
            for turn, start, end in free_mentions(texts, found_as, findings, ordinary=_ordinary_words())
            if not (texts[turn][start:end].islower() and is_cased(texts[turn]))]


@lru_cache(maxsize=None)
def _ordinary_words() -> frozenset[str]:
    """The common English words and the name lists' ordinary words ("hook", "dow")."""
    from veil.detection.engine.word_lists import common_words, ordinary_name_words

    return common_words() | ordinary_name_words()
