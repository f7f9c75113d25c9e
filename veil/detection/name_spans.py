"""Person-name spans that stop at the name.

Detectors do not all agree where a name ends: a model may take "Nurse Rivera" or "Maria
can" whole, a context rule "Mr Okafor" after "spoke to", a transcript without punctuation
"maria returning". What the placeholder hides should be the name and nothing else, so that
"Nurse Rivera" becomes "Nurse [PERSON_NAME_1]" whichever detector found it, and the words a
reader needs ("can", "I've", "returning") stay:

- a title at the start of a person-name span is left outside it ("Mr", "Dr.", "Nurse",
  "Officer"), and a finding of any name type that is a title alone is dropped ("Officer" is
  no place);
- function words at either edge are left outside (stopwords, modal verbs, contractions such
  as "i've"; "Will" and "May" capitalised in a cased text are names); so are ordinary English
  words that no name list knows, written lower-case ("Rivera returning", "maria returning"),
  and a request's verb written lower-case before the name ("greet temi for me");
- a possessive ending is left outside ("Dr. Patel's office" becomes "Dr. [PERSON_NAME_1]'s
  office", not "Dr. [PERSON_NAME_1] office": no person's name ends in "'s");
- a person-name finding that is only an identifier's acronym ("IBAN", "CVV") is dropped.

Plain functions over findings and texts; `veil.detection.merge` applies them before merging.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    IDENTIFIER_ACRONYMS,
    INTERJECTIONS,
    REQUEST_VERBS,
    TITLES_BEFORE_A_NAME,
)
from veil.detection.findings import Finding, Method

NAME_TYPES = frozenset({"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION"})

# Words that are never the edge of a name, whatever their case.
_FUNCTION_WORDS = frozenset("""
    can could would should shall must will may might did does do has have had is am are was
    were be been being not no yes and or but so then than if as at by for from in into of on
    to with the a an my your his her our their its this that these those i you he she we they
    it me him us them who what when where why how here there just also too please thanks
    thank okay ok um uh hmm yeah well oh hi hello hey
""".split())
# Acronyms of identifiers that name lists also hold as names ("Iban", "Cvv" never are), and "NHS",
# a body, never a person.
_NO_PERSONS_ACRONYMS = IDENTIFIER_ACRONYMS | {"nhs"}
# Particles inside names, lower-case even in cased text ("Ludwig van Beethoven").
_PARTICLES = frozenset("van von der den de del della di da dos das du la le bin ibn al el ter".split())
_CONTRACTION = re.compile(r"['’](?:ve|m|ll|d|re|t)$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\w['’][sS]$")
_WORD = re.compile(r"[^\s,;:!?()\"“”]+")


@lru_cache(maxsize=1)
def _word_lists() -> tuple[frozenset[str], frozenset[str]]:
    from veil.detection.engine.word_lists import common_words, name_words, surnames_said_as_names

    common = common_words()
    return common, name_words() | (surnames_said_as_names() & common)


_NAME_NEXT = re.compile(r"[ \t]+[A-Z]")


def _a_listed_organisation(finding: Finding, value: str, text: str) -> bool:
    """Whether an organisation that is a title's word too is one the lists name ("insured with
    Admiral"), not a title before a name ("Brother Otis King", "Admiral Nelson")."""
    if finding.info_type != "ORGANIZATION_NAME" or _NAME_NEXT.match(text, finding.end):
        return False
    from veil.detection.engine.organisation_scanners import organisation_words

    return _bare(value) in organisation_words()


# Titles that are given names as well: "Justice Okafor" is a judge, but "Justice wants the
# twenty-third" and "Justice's mother" speak of a man called Justice (a name in the United States
# and across West Africa), as "Deacon" is a boy's name in the United States.
_TITLES_GIVEN_AS_NAMES = frozenset({"justice", "deacon"})
# What makes such a word the title after all: a capitalised name after it ("Justice Thomas"), an
# office after it ("justice department", "justice minister"), or an article or a possessive
# before it ("the justice", "our deacon").
_AN_OFFICE_NEXT = re.compile(r"[ \t]+(?:department|ministry|minister|secretary|system|league|centre|"
                             r"center|court|of|and|for)\b", re.IGNORECASE)
_OWNED_BEFORE = re.compile(r"\b(?:the|a|an|this|that|our|your|his|her|their|my|its)[ \t]+$", re.IGNORECASE)


def _a_title_given_as_a_name(finding: Finding, value: str, text: str) -> bool:
    """Whether a title said alone is the given name it also is (`_TITLES_GIVEN_AS_NAMES`): a
    person that a cue or a model read, with no name or office after it and no article before it.
    The name lists guess no title, so their finding is never one."""
    if finding.info_type != "PERSON_NAME" or finding.method not in (Method.REGEX, Method.MODEL) \
            or _bare(value) not in _TITLES_GIVEN_AS_NAMES:
        return False
    return _NAME_NEXT.match(text, finding.end) is None and _AN_OFFICE_NEXT.match(text, finding.end) is None \
        and _OWNED_BEFORE.search(text, max(0, finding.start - 8), finding.start) is None


def _bare(word: str) -> str:
    return word.strip(".'’-").casefold() if len(word) <= 16 else ""


def exclaimed(text: str, start: int, end: int) -> bool:
    """Whether the word at `start:end` is an exclamation or greeting (`INTERJECTIONS`), alone
    ("g'day") or as the end of one of two words ("ora" of "kia ora"). It runs on every word next
    to a name: the word before is read only for a word that ends such a pair."""
    word = text[start:end].lower()
    if word in INTERJECTIONS:
        return True
    if word not in _SECOND_WORDS:
        return False
    before = _LAST_WORD.search(text, max(0, start - 24), start)
    return before is not None and f"{before.group(1).lower()} {word}" in INTERJECTIONS


_SECOND_WORDS = frozenset(pair.split()[1] for pair in INTERJECTIONS if " " in pair)
_LAST_WORD = re.compile(r"(\S+)[ \t]+$")


def is_title(word: str) -> bool:
    """Whether a word is a title or form of address ("Mr.", "Nurse", "officer")."""
    return _bare(word) in TITLES_BEFORE_A_NAME


def _not_name(word: str, cased: bool) -> bool:
    """Whether a word at the edge of a person-name span is no part of the name."""
    bare = _bare(word)
    if not bare or _CONTRACTION.search(word.rstrip(".")):
        return True
    if bare in _PARTICLES:
        return False
    common, names = _word_lists()
    if bare in _FUNCTION_WORDS:
        # "Will Smith", "May Rivera" in a cased text: a capitalised name word stays.
        return not (cased and word[:1].isupper() and bare in names)
    if cased and not word[:1].islower():
        return False
    if bare in KIN_WORDS:
        return True  # "sunny | chettan", "nan | margaret": what the family calls them
    return bare in common and bare not in names


# What speakers call relatives and friends (`ADDRESS_TERMS`): no part of a name at its edge
# without capitals, and no name to spread through a call (veil.detection.name_repeats); not "son"
# and "love", surnames too ("son heung-min", "courtney love").
KIN_WORDS = ADDRESS_TERMS - {"son", "love"}
# Given names that are function words too, which open a full name without capitals.
_GIVEN_NAMES_THAT_ARE_MODALS = frozenset({"will"})


def _asked_of_the_next(word: str) -> bool:
    """A request's verb written lower-case before the name it asks of ("greet temi for me",
    "tell njeri"), which the lists may also hold as a surname ("Greet", "Tell")."""
    return word.islower() and word in REQUEST_VERBS


def _given_name_opening(text: str, start: int, end: int) -> bool:
    """"will" of "it's will donnelly": a given name before a surname, not the modal."""
    if _bare(text[start:end]) not in _GIVEN_NAMES_THAT_ARE_MODALS:
        return False
    from veil.detection.engine.person_scanners import opens_a_full_name

    return opens_a_full_name(text, start, end)


def _is_cased(text: str) -> bool:
    from veil.detection.engine.word_facts import is_cased

    return is_cased(text)


def name_core(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The part of the person-name span text[start:end] that is the name: without a leading
    title or the words at its edges that are no part of a name; None when none is left."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text, start, end)]
    while words and is_title(text[words[0][0]:words[0][1]]):
        words.pop(0)
    if len(words) > 2 and " ".join(text[s:e] for s, e in words[:2]).lower() in INTERJECTIONS:
        del words[:2]  # "kia ora aroha"
    while len(words) > 1 and exclaimed(text, *words[0]):
        words.pop(0)  # "g'day shane", and "ora aroha" where "kia" was left out
    while len(words) > 1 and _asked_of_the_next(text[words[0][0]:words[0][1]]):
        words.pop(0)  # "greet | temi for me": the list's surname "Greet" is the verb there
    while words and _not_name(text[words[0][0]:words[0][1]], cased) \
            and not (not cased and len(words) > 1 and _given_name_opening(text, *words[0])):
        words.pop(0)
    while words and _not_name(text[words[-1][0]:words[-1][1]], cased):
        words.pop()
    if not words:
        return None
    core_start, core_end = words[0][0], words[-1][1]
    while core_end > core_start and text[core_end - 1] in ".,'’-" and not (
            text[core_end - 1] == "." and core_end - core_start <= 2):
        core_end -= 1  # "Rivera." but "J."
    return core_start, core_end


# Words written with a full stop that ends no sentence: initials aside (one letter), the
# abbreviations that go inside names of people, places and firms.
_ABBREVIATIONS = frozenset("""
    st ste mt ft dr mr mrs ms mx jr sr snr jnr prof rev hon capt col gen lt sgt cpl maj adm gov
    sen rep pres co corp inc ltd bros dept univ assn intl natl ave blvd rd hwy no vs etc approx
    jan feb mar apr jun jul aug sep sept oct nov dec
""".split())
# A sentence's end: its mark after a word, and the space before the next one.
_SENTENCE_END = re.compile(r"(?<=[^\W_])[.!?]+[ \t]+(?=\S)")


def _ends_a_sentence(text: str, mark: int) -> bool:
    """Whether the full stop, "!" or "?" at `mark` ends a sentence, not an initial or an
    abbreviation ("J. Smith", "St. Mary's", "U.S. Bank")."""
    if text[mark] != ".":
        return True
    word = text[text.rfind(" ", 0, mark) + 1:mark]
    return len(word) > 1 and "." not in word and word.lower().lstrip("(\"'‘“") not in _ABBREVIATIONS


def split_at_sentence_ends(finding: Finding, text: str) -> list[Finding]:
    """A name-type span cut where a sentence ends inside it, and its last full stop left
    outside: "Kieran. Kieran" (a rule's two words, two mentions) and a model's "Bank. DBS" are
    two findings, and "Coventry University." is "Coventry University"; a name spans no
    sentence's end. Initials and abbreviations end none ("J. R. Smith", "St. Mary's", "Acme
    Inc.")."""
    pieces, start = [], finding.start
    for match in _SENTENCE_END.finditer(text, finding.start, finding.end):
        if _ends_a_sentence(text, match.start()):
            pieces.append((start, match.start()))
            start = match.end()
    end = finding.end
    if end - start > 2 and text[end - 1] == "." and _ends_a_sentence(text, end - 1):
        end -= 1
    pieces.append((start, end))
    if len(pieces) == 1:
        return [finding] if pieces[0] == (finding.start, finding.end) else [finding.with_span(*pieces[0])]
    return [finding.with_span(s, e) for index, (s, e) in enumerate(pieces)
            if e > s and _a_piece_kept(finding, text[s:e], index, len(pieces))]


def _a_piece_kept(finding: Finding, piece: str, index: int, count: int) -> bool:
    """Whether a piece of a name span cut at a sentence's end is a name. A piece of ordinary
    words is the sentence around the name, capitalised only for opening it (a model's "Bank."
    answering "HDB or bank?", a rule's "So" after "Bank of America."), but a person rule's
    first piece is what its cue named ("his name's Hope. Hope!"). An organisation's or a
    place's one word before the last piece is a sentence's last word that a rule ran on from
    ("Oliver and Poppy. School run to ..."; "Sunday. New Testament Church of God")."""
    if finding.info_type == "PERSON_NAME":
        return finding.method is not Method.MODEL and index == 0 or not _only_ordinary_words(piece)
    if " " in piece.strip():
        return True  # "Bank of America", "New Testament Church of God": names of words
    return piece.isupper() or index == count - 1 and not _only_ordinary_words(piece)


def _only_ordinary_words(value: str) -> bool:
    from veil.detection.engine.word_facts import ordinary_word

    return all(ordinary_word(word.lower()) and not word.isupper() for word in _WORD.findall(value))


def trim_name_spans(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings with name spans cut at a sentence's end (`split_at_sentence_ends`) and
    person-name spans cut to the name (module docstring): titles and edge words left outside,
    titles alone and identifier acronyms dropped."""
    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    for whole in findings:
        if whole.info_type not in NAME_TYPES or whole.turn >= len(texts):
            out.append(whole)
            continue
        out.extend(_trimmed(piece, texts[whole.turn], cased_of)
                   for piece in split_at_sentence_ends(whole, texts[whole.turn]))
    return [finding for finding in out if finding is not None]


def _trimmed(finding: Finding, text: str, cased_of: dict[int, bool]) -> Finding | None:
    """One name finding cut to the name (`trim_name_spans`); None when no name is left."""
    value = text[finding.start:finding.end]
    if is_title(value) and not _a_listed_organisation(finding, value, text) \
            and not _a_title_given_as_a_name(finding, value, text):
        return None
    if finding.info_type != "PERSON_NAME":
        return finding
    if _bare(value) in _NO_PERSONS_ACRONYMS:
        return None
    if _POSSESSIVE.search(value):
        finding = finding.with_span(finding.start, finding.end - 2)
        value = value[:-2]
    if " " not in value and "\t" not in value:
        return finding  # one word, not a title: nothing to cut
    cased = cased_of.get(finding.turn)
    if cased is None:
        cased = cased_of[finding.turn] = _is_cased(text)
    core = name_core(text, finding.start, finding.end, cased)
    if core is None:
        # only titles and function words; or one word: whether it is a name is not for this step
        return None if " " in value.strip() else finding
    return finding if core == (finding.start, finding.end) else finding.with_span(*core)


def take_given_names_before(findings: Iterable[Finding], texts: list[str]) -> list[Finding]:
    """The findings with a model's person that starts at a surname, in a turn without capitals,
    widened over the given name right before it: "next is patience | oyelaran", "my friend hope
    | adeyemi". The model finds a surname no list knows and leaves the given name that English
    also says; the rules take such a given name before a surname of their lists
    (`person_scanners.given_name_before`, which says which words before a surname are no given
    name: "i hope | garcia wins", "the bill | garcia sent")."""
    from veil.detection.engine.person_scanners import given_name_before
    from veil.detection.engine.scanner_base import lowered_same_length
    from veil.detection.engine.word_lists import common_words, given_name_words

    findings = list(findings)
    if not any(f.method is Method.MODEL and f.info_type == "PERSON_NAME" for f in findings):
        return findings  # most turns: no model's person
    given_names, ordinary = given_name_words(), common_words()
    out: list[Finding] = []
    cased_of: dict[int, bool] = {}
    for finding in findings:
        if finding.info_type != "PERSON_NAME" or finding.method is not Method.MODEL \
                or finding.turn >= len(texts) or finding.start < 2:
            out.append(finding)
            continue
        text = texts[finding.turn]
        first = _bare(text[finding.start:finding.end].split()[0])
        if first in given_names or first in ordinary:
            out.append(finding)
            continue
        cased = cased_of.get(finding.turn)
        if cased is None:
            cased = cased_of[finding.turn] = _is_cased(text)
        given = None if cased else given_name_before(text, lowered_same_length(text), finding.start, finding.end)
        out.append(finding if given is None else finding.with_span(given, finding.end))
    return out
