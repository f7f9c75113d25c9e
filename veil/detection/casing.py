"""Whose capitals a turn's case is judged by: the turn's own, or its transcript's.

Capitals are the cheapest evidence a rule has that a word is a name, and a text without any is
read as a speech recogniser's output, where a name list's word needs more evidence than the list
(`veil.detection.engine.word_facts.is_cased`). Judged turn by turn, that misreads speech as
people transcribe it. Under the convention of TalkBank's CHAT (CallHome, CallFriend, the Santa
Barbara corpus) and of many call-centre transcripts, an utterance opens in lower case while
names and the pronoun "I" keep their capitals: "yeah I went fishing with Bob", then "the bass
were biting". The second turn has no capital because it names no one, not because its writer
drops capitals; read alone, it is recogniser output, and "bass" a surname.

So a conversation is judged as a whole first. Its writer **keeps capitals for names** when it
writes the pronoun "I" in capitals (twice or more) and never as "i", and opens its turns in lower
case: two or more turns open with a lower-case word, and at most one in three as many open with
a capitalised word other than "I" (a name opening a turn keeps its capital; the job's
placeholders are no words). In such a conversation, a turn with no capital of its own is read as
a cased turn that names no one. A chat where the agent types with capitals and the customer in
lower case is no such conversation: the agent's turns open with capitals, and a customer who
types "i" rules it out at once. Neither is written prose, where sentences open with capitals,
nor a recogniser's output, which writes "i".

The judgement is a pure function of the conversation's texts, so every stage that reads case
(the rules, the model's vetoes, the merge, the repeats, the auditor) reaches the same one. The
stages hold it for the duration of a conversation with `conversation_case(texts)`, a context
like `veil.detection.deadline`'s: `writer_capitalises()` answers within it, per thread.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Sequence

_WRITER_CAPITALISES: ContextVar[bool] = ContextVar("veil_writer_capitalises", default=False)

# The pronoun, alone or with its clitics ("I", "I'm", "I'll", "I'd", "I've"); not "i.e.".
_PRONOUN_I = re.compile(r"(?<![\w'’.-])(?:I|i)(?:['’](?:m|ll|d|ve))?(?![\w'’]|\.\w)")
_FIRST_WORD = re.compile(r"[^\W\d_]+")
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]*\]")
# Capital "I"s, and turns opening in lower case, before a writer counts as keeping capitals for
# names; and how many turns may open with another capitalised word per turn opening lower-case.
CAPITAL_I = 2
LOWER_CASE_OPENINGS = 2
CAPITAL_OPENINGS_PER_LOWER = 1 / 3


def transcript_capitalises(texts: Sequence[str]) -> bool:
    """Whether the conversation's writer keeps capitals for names and "I" only: "I" in capitals
    twice or more and never "i", and turns that open in lower case, but for a few that a name
    (or "I") opens."""
    capital_i = lower = capital = 0
    for text in texts:
        text = without_line_labels(text)
        if "i" in text or "I" in text:
            for pronoun in _PRONOUN_I.findall(text):
                if pronoun[0] == "i":
                    return False
                capital_i += 1
        if "[" in text:
            text = _PLACEHOLDER.sub(" ", text)
        first = _FIRST_WORD.search(text)
        if first is None:
            continue
        word = first.group()
        if word[0].islower():
            lower += 1
        elif word != "I":
            capital += 1
    return (capital_i >= CAPITAL_I and lower >= LOWER_CASE_OPENINGS
            and capital <= lower * CAPITAL_OPENINGS_PER_LOWER)


# What opens a line of a transcript written out as text, before the words said: time codes
# ("3.60 6.22", "0:19", "[00:00:28.300 --> 00:00:36.910]") and a speaker's label ending in a colon
# ("B:", "Agent:", "SPEAKER_00:", "Speaker 1:", "MR. ODUYA:", "*MAR:", "Dawn Pruitt:"). The
# label's capitals are the transcript's format, not its writer's case: "3.60 6.22 B: hi grant my
# name's pearl" is recogniser output, as "hi grant my name's pearl" is, and judged cased it lost
# both names. A label is of capitalised words or numbers (not "Ray's pizza: my favorite", a
# review's heading); one word alone is a letter, a code in capitals, a role or a given name
# (`_ONE_WORD_LABEL`): a field's heading ("Keywords: mutation testing", "Email:") is no label.
_TIME_CODE = (r"(?:\[[\d:.,]+(?:[ \t]*-->[ \t]*[\d:.,]+)?\]|\(?\d{1,2}(?::\d\d){1,2}(?:[.,]\d+)?\)?"
              r"|\d+\.\d+)[ \t]+")
LINE_LABEL = re.compile(
    rf"^[ \t]*(?:{_TIME_CODE})*(?P<label>[*%]?[A-Z][\w.-]*(?:[ \t]+(?:[A-Z][\w.-]*|\d+)){{0,2}})[ \t]*:(?=[ \t]|$)",
    re.MULTILINE)
ROLE_LABELS = frozenset("""agent customer caller client interviewer interviewee speaker host guest
operator dispatcher doctor patient nurse rep representative user assistant moderator participant
respondent student teacher parent witness judge counsel clerk receptionist advisor adviser
officer support system bot mom dad mum""".split())


def _one_word_label(word: str) -> bool:
    """Whether one word before a colon opening a line is a speaker's label (see above)."""
    if len(word) == 1 or word.lstrip("*%") != word or word.upper() == word or word.lower() in ROLE_LABELS:
        return True
    from veil.detection.engine.word_lists import given_name_words

    return word.lower() in given_name_words()


# A letter's salutation ends in a colon too ("Dear Mr. Lavorato:"), and names no speaker.
_SALUTATIONS = frozenset({"dear", "hi", "hello", "hey", "to", "attn", "attention"})


def _label_dropped(match: "re.Match[str]") -> str:
    label = match.group("label")
    if label.split()[0].lower().lstrip("*%") in _SALUTATIONS:
        return match.group(0)
    if " " in label or "\t" in label or _one_word_label(label):
        return ""
    return match.group(0)


# Time codes alone opening a line, as LDC's CallHome transcripts give each turn ("33.10 35.11
# hiya is this hope"): two decimals, a clock or a bracketed span. One decimal alone opens a
# sentence too often to be taken for one ("3.5 million people").
_TIME_CODES_ALONE = re.compile(
    r"^[ \t]*(?:\d+\.\d+[ \t]+\d+\.\d+[ \t]+|(?:\[[\d:.,]+(?:[ \t]*-->[ \t]*[\d:.,]+)?\]"
    r"|\(?\d{1,2}(?::\d\d){1,2}(?:[.,]\d+)?\)?)[ \t]+)+",
    re.MULTILINE)


def line_openings(text: str) -> list[tuple[int, int]]:
    """The spans of the time codes and speaker labels that open `text`'s lines (`LINE_LABEL`,
    and time codes alone: `_TIME_CODES_ALONE`), which say nothing of the words said: the cue
    regexes read a turn's first words past them (`scanner_base.blanked_for_cues`)."""
    spans = []
    if ":" in text:
        spans = [m.span() for m in LINE_LABEL.finditer(text) if not _label_dropped(m)]
    if "\n" in text or _TIME_CODES_ALONE.match(text):
        taken = {start for start, _ in spans}
        spans += [m.span() for m in _TIME_CODES_ALONE.finditer(text) if m.start() not in taken and m.end() > m.start()]
    return sorted(spans)


def without_line_labels(text: str) -> str:
    """`text` without the time codes and speaker labels that open its lines (`LINE_LABEL`),
    for judging its case; the words said are kept."""
    if ":" not in text:
        return text
    return LINE_LABEL.sub(_label_dropped, text)


@contextmanager
def conversation_case(texts: Sequence[str]) -> Iterator[bool]:
    """Within the block, `writer_capitalises()` says whether `texts`' writer capitalises
    (`transcript_capitalises`); yields the answer."""
    capitalises = transcript_capitalises(texts)
    with written_by(capitalises):
        yield capitalises


@contextmanager
def written_by(capitalises: bool) -> Iterator[None]:
    """Within the block, `writer_capitalises()` is `capitalises`: for a batch of turns of
    conversations judged alike (`veil.detection.detect`)."""
    token = _WRITER_CAPITALISES.set(capitalises)
    try:
        yield
    finally:
        _WRITER_CAPITALISES.reset(token)


def writer_capitalises() -> bool:
    """Whether the conversation being read is written by a writer who capitalises names, so
    that a turn without capitals names no one by its case (False outside any conversation)."""
    return _WRITER_CAPITALISES.get()


# A transcript in capitals throughout: how older recognisers, Kaldi's recipes and many reference
# transcripts (Switchboard's, LibriSpeech's) write speech: "I WENT BASS FISHING WITH MY BROTHER
# WADE". Its capitals say nothing of names, and what reads case (the rules' Hyperscan patterns,
# the word lists, the model's vetoes, the merge) was built and measured on speech in lower case,
# the commoner form; read as given, such a transcript lost organisations and took "MH17 THE" for a
# plate. So detection reads it in lower case, letter for letter (offsets unchanged), and finds what
# it finds in the lower-case copy. Fewer words than this in capitals are a heading or a shout
# ("SERVERS", "(BBC)", "CARTER V"), whose capitals may be an acronym's: read as given.
CAPITALISED_TRANSCRIPT_WORDS = 3
_WORDS = re.compile(r"[^\W\d_]{2,}")


def in_capitals_throughout(texts: Sequence[str]) -> bool:
    """Whether `texts` (a conversation's turns) have no lower-case letter, and words in capitals
    (`CAPITALISED_TRANSCRIPT_WORDS` or more, the job's placeholders not counted)."""
    words = 0
    for text in texts:
        if text != text.upper():
            return False
        if words < CAPITALISED_TRANSCRIPT_WORDS:
            words += len(_WORDS.findall(_PLACEHOLDER.sub(" ", text) if "[" in text else text))
    return words >= CAPITALISED_TRANSCRIPT_WORDS


def lower_case_reading(texts: Sequence[str], turns: int | None = None) -> list[str]:
    """`texts` as detection reads them: when the first `turns` of them (all by default) are a
    transcript in capitals throughout (`in_capitals_throughout`), those in lower case, letter for
    letter, the job's placeholders kept ("[PERSON_NAME_1]"); the rest (configured fields,
    speaker labels) and any other conversation as given. Every offset holds in both."""
    turns = len(texts) if turns is None else turns
    if not in_capitals_throughout(texts[:turns]):
        return list(texts)
    return [_lowered(text) for text in texts[:turns]] + list(texts[turns:])


def _lowered(text: str) -> str:
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter whose lower case is longer ("İ") keeps its case
        lowered = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)
    if "[" in text:
        for placeholder in _PLACEHOLDER.finditer(text):
            start, end = placeholder.span()
            lowered = lowered[:start] + text[start:end] + lowered[end:]
    return lowered
