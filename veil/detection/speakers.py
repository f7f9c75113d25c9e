"""Speaker labels: which are roles ("agent", "Speaker 2", SPEAKER_00) and which are names.

On meeting and interview transcripts the labels are people's names ("Beth", "NoamChomsky"),
and every turn would name its speaker. A label that is a name is anonymised like a mention
of that person in the text, and shares its placeholder: "Pam: This is Pam calling" becomes
"[PERSON_NAME_1]: This is [PERSON_NAME_1] calling" (the paper's Table 1). Role labels are
kept: they are what the corpus is for.

The `speakers` setting (`record.speakers` in the job config):

- `auto` (default): a label is a name when it is not a role label and it looks like one: a
  word of it is in the name lists, it carries a title ("Dr. Okafor"), its words are
  capitalised and in no dictionary of English (a rare name or a surname alone: "Okafor"), or
  it is a name the conversation mentions ("Beth" says "This is Beth").
- `replace`: every label that is not a role label is a name.
- `keep`: labels are written as they are.

Residual risk counts a label left in the output that looks like a name (`looks_like_name`)
like a name left in the text.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from veil.detection.engine.name_lists import LABEL_TITLES as TITLES
from veil.detection.findings import Finding, Likelihood, Method

MODES = ("auto", "keep", "replace")
DETECTOR = "speakers"

# Words that name a role, not a person. Numbers and single letters may follow ("Speaker 2",
# "Agent B", "spk_0", SPEAKER_00).
ROLE_WORDS = frozenset("""
    agent customer caller callee client rep representative prospect operator interviewer
    interviewee host cohost guest moderator speaker spk participant user assistant system bot ai
    doctor physician patient nurse clinician advisor adviser support sales unknown narrator
    audience presenter panelist panellist student teacher instructor professor person voice
    party member manager employee staff receptionist dispatcher technician tech contact lead
    buyer seller applicant candidate recruiter counselor counsellor therapist attorney lawyer
    judge witness officer clerk chair chairperson secretary interpreter translator caregiver
    parent child mother father husband wife friend colleague coworker teammate customerservice
    service desk helpdesk agentassistant human machine computer ivr automated recording
    voicemail other others unidentified unk inaudible crosstalk multiple all everyone group
    team channel ch mic microphone line left right caller1 caller2 spkr s q a interviewer1
    respondent subject facilitator analyst engineer developer admin administrator owner
    tenant landlord driver passenger pilot controller coach player fan listener viewer
    reporter anchor correspondent commentator announcer dj mc emcee the of and
""".split())
_WORD = re.compile(r"[^\W\d_]+")
_CAMEL = re.compile(r"[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])")


def label_words(label: str) -> list[tuple[int, int, str]]:
    """The words of a label with their offsets, split at separators, digits and case changes:
    "NoamChomsky" is Noam, Chomsky; "SPEAKER_00" is SPEAKER; "agent-2" is agent."""
    words = []
    for match in _WORD.finditer(label):
        token = match.group(0)
        parts = list(_CAMEL.finditer(token)) if not token.isupper() and not token.islower() else []
        if len(parts) > 1 and "".join(p.group(0) for p in parts) == token:
            words.extend((match.start() + p.start(), match.start() + p.end(), p.group(0)) for p in parts)
        else:
            words.append((match.start(), match.end(), token))
    return words


def is_role_label(label: str) -> bool:
    """A label that names a role or a channel, not a person: "agent", "Speaker 2", "SPEAKER_00",
    "spk_1", "A", "Caller (customer)", "" (no label)."""
    words = [w.casefold() for _, _, w in label_words(label)]
    if words and all(w in TITLES for w in words):
        return True  # "Dr.": the doctor, a role
    return all(w in ROLE_WORDS or len(w) == 1 for w in words)


_ROLE_LABEL_CHARACTERS = re.compile(r"[^\W_]|[\s_\-.:#()/,]")
_LONG_NUMBER = re.compile(r"\d{3}")


def is_plain_role_label(label: str) -> bool:
    """A role label and nothing else: role words, single letters, numbers of one or two digits
    and separators ("speaker_5", "Agent B", "Caller (customer)"). A role label with a longer
    number or another sign in it ("customer 555 0134", "a@b.c") may hold personal data."""
    return (is_role_label(label) and not _LONG_NUMBER.search(label)
            and all(_ROLE_LABEL_CHARACTERS.fullmatch(c) for c in label))


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    from veil.detection.engine.word_lists import name_words

    return name_words()


def is_name_word(word: str) -> bool:
    from veil.transform.operators.names import is_first_name

    return len(word) >= 2 and (word.casefold() in _name_words() or is_first_name(word))


def _rare_name(words: list[str]) -> bool:
    """Capitalised words that no name list and no dictionary of English knows ("Okafor",
    "Ngozi Okafor"): a speaker label of an ordinary word or a role would be one of those, so
    these are a rare name or a surname alone. Acronyms ("IVR", "CSR") are not."""
    from veil.detection.engine.word_lists import common_words

    if not 1 <= len(words) <= 3:
        return False
    ordinary = common_words()
    return all(len(w) >= 3 and w[:1].isupper() and not (w.isupper() and len(w) <= 4)
               and w.casefold() not in ordinary and w.casefold() not in ROLE_WORDS
               for w in words)


def looks_like_name(label: str) -> bool:
    """Whether a label, by its words alone, looks like a person's name."""
    if is_role_label(label):
        return False
    words = [w for _, _, w in label_words(label)]
    if any(w.casefold() in TITLES for w in words):
        return True
    named = [w for w in words if w.casefold() not in ROLE_WORDS]
    return any(is_name_word(w) for w in named) or _rare_name(named)


def name_span(label: str) -> tuple[int, int] | None:
    """The part of a label that is the name: from its first to its last word that is not a
    role word or a leading title ("Agent Smith" keeps "Agent ", "Dr. Okafor" keeps "Dr. ");
    None when every word is a role word."""
    words = [(s, e) for s, e, w in label_words(label) if w.casefold() not in ROLE_WORDS]
    if not words:
        return None
    # A title before the name stays outside it, as in the text ("Dr. [PERSON_NAME_1]"),
    # unless the label is a title and a name-like word only ("Dr" is then the name).
    while len(words) > 1 and label[words[0][0]:words[0][1]].casefold() in TITLES:
        words.pop(0)
    return words[0][0], words[-1][1]


def _mentioned(label: str, mentioned: Iterable[str]) -> bool:
    from veil.entities.resolution import names_match

    words = [w for _, _, w in label_words(label) if w.casefold() not in ROLE_WORDS]
    said = [w for value in mentioned for _, _, w in label_words(value)]
    return any(names_match(w, m) for w in words for m in said if len(w) >= 2)


def is_name_label(label: str, mode: str, mentioned: Iterable[str] = ()) -> bool:
    """Whether a label is anonymised as a name under `mode`. `mentioned` are the PERSON_NAME
    mentions of the conversation: a label the text names as a person is a name."""
    if mode == "keep" or not label.strip() or is_role_label(label):
        return False
    if mode == "replace":
        return True
    return looks_like_name(label) or _mentioned(label, mentioned)


def label_findings(labels: list[tuple[int, str]], mode: str, mentioned: Iterable[str] = ()
                   ) -> list[Finding]:
    """PERSON_NAME findings for the labels that are names, as (segment, label) pairs: the
    finding covers the label's name part, in the label's own segment."""
    mentioned = list(mentioned)
    findings = []
    for segment, label in labels:
        if not is_name_label(label, mode, mentioned):
            continue
        span = name_span(label)
        if span is None:
            continue
        findings.append(Finding(segment, span[0], span[1], "PERSON_NAME", Likelihood.VERY_LIKELY,
                                Method.DICTIONARY, DETECTOR))
    return findings


def label_mentions(texts: list[str], names: Iterable[str], findings: Iterable[Finding]) -> list[Finding]:
    """PERSON_NAME findings for the words of name labels where the turns say them and no
    detector found them: a speaker's name in a label is evidence that the same word in the
    text is that person ("NoamChomsky" ... "Noam, thanks for coming on"). Words of under 3
    letters are skipped, and words that are also ordinary words ("Will", "Bill") must be
    capitalised to count (veil.detection.name_repeats); a label is evidence enough at a sentence's start."""
    from veil.detection.name_repeats import name_words, word_mentions

    words = {w for name in names for _, _, w in label_words(name)}
    return word_mentions(texts, name_words(words, skip=ROLE_WORDS | TITLES), findings, DETECTOR,
                         sentence_start=True)
