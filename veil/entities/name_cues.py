"""What the words around a name mention say about it: the evidence entity resolution uses.

Entity resolution (veil.entities.resolution) links a first name to a last name only on evidence, never
because each happens to occur once in a conversation. This module reads that evidence from
the text around each PERSON_NAME mention:

- a **role**: "first name Hariz", "Hariz, last name Sama", "last name Sama", "Dr. Sama" (a
  title), or the answer to "And your last name?" / "And your surname?";
- a **name exchange**: the turns that answer "Can I get your full name?", "Who am I speaking
  with?", with the follow-up "And the last name?": the single names said there are one
  person's name, given in parts ("Your first and last name?" "Susan." "Reed, R-E-E-D.");
- a **third party**: "my colleague, also Cannur", "We're both Hariz", "my sister Maria",
  "my coworker Víctor Saavedra": someone other than the people already named, who may share
  their first name.

Pure functions of the texts and the mention offsets: no model, no state across conversations.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_FILLERS = r"(?:(?:uh|um|er|like|you know)[,.]?\s+)*"
# "last name Sama", "surname: Sama", "last- last name Bora", "family name is Sama".
_LAST_BEFORE = re.compile(
    r"\b(?:last|family|sur)(?:-\s*(?:last|family|sur))?\s?name(?:\s+is)?\s*[:,]?\s*" + _FILLERS + r"$",
    re.IGNORECASE)
_FIRST_BEFORE = re.compile(
    r"\b(?:first|given|christian)\s+name(?:\s+is)?\s*[:,]?\s*" + _FILLERS + r"$", re.IGNORECASE)
# "Víctor, last name Serrato": the name before "last name" is the first name.
_LAST_AFTER = re.compile(
    r"^\s*,?\s*(?:and\s+)?" + _FILLERS + r"(?:my\s+|the\s+)?(?:last|family|sur)\s?name\b(?!\s+is\b)",
    re.IGNORECASE)
# A turn that asks for somebody's name (ASR text often has no question mark), and one that
# asks for the last name.
_ASKS_NAME = re.compile(
    r"\b(?:your|the|his|her|their)\b[^.?!,]{0,24}\b(?:sur)?name\b(?!\s+is\b)"
    r"|\bwho\s+(?:am|do|is|are)\b[^?.!]{0,40}(?:\bspeak|\bpleasure|\bcalling|\bthis\b)",
    re.IGNORECASE)
_ASKS_LAST = re.compile(r"\b(?:last|family|sur)\s?name\b", re.IGNORECASE)
# Spoken fillers and false starts, dropped before reading a question: "And the um, last- last
# name?" asks what "And the last name?" asks.
_DISFLUENCY = re.compile(r"\b(?:uh|um|er|you know|like)\b[,.]?\s*|\b(\w+)-\s+(?=\1\b)", re.IGNORECASE)
_RELATIONS = (
    "colleague|co-?worker|sister|brother|mother|mom|mum|father|dad|wife|husband|son|daughter|"
    "friend|boss|manager|partner|cousin|aunt|uncle|grandmother|grandfather|grandma|grandpa|"
    "grandson|granddaughter|neighbou?r|roommate|flatmate|assistant|namesake|niece|nephew")
# Said just before a name: it is someone else than the people named so far may be.
_THIRD_PARTY_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her|their|your)\s+(?:\w+\s+)?(?:" + _RELATIONS + r")(?:\s*,?\s*"
    + _FILLERS + r"also)?"
    r"|\b(?:we|they)(?:'re|\u2019re|\s+are)\s+both|(?:^|[,;:]\s*)also|\banother)\s*,?\s*"
    + _FILLERS + r"$",
    re.IGNORECASE)
# Who a name belongs to, in a conversation with speakers: the speaker's own ("This is Pam",
# "My name is Kenneth", "It's Ines.", "Kenneth here", "You're speaking with Constance"), ...
_SELF_BEFORE = re.compile(
    r"(?:\bthis\s+is|\bmy\s+name\s+is|\bmy\s+name's|\bname's|\bi'm|\bi\s+am|\bit's\s+under"
    r"|\by(?:ou're|ou\s+are)\s+speaking\s+with|(?:^|[.!?]\s+)(?:(?:yes|yeah|hi|hello|sure|so),?\s+)*it's)"
    r"\s*[,:]?\s*(?:(?:uh|um|er|like|it's|you know)[,.]?\s+|\w+-\s+)*$", re.IGNORECASE)
_SELF_AFTER = re.compile(r"^\s*[,.]?\s*(?:here|speaking)\b", re.IGNORECASE)
_NOT_SELF_AFTER = re.compile(r"^(?:'s|\u2019s)\b|^\s+(?:from|with|at)\s+(?:the\s+)?(?:account|office)\b",
                             re.IGNORECASE)
# ... the person the other speaker asked for and who answered "Speaking." ...
_ASKED_FOR_BEFORE = re.compile(
    r"(?:\bis\s+this|\blooking\s+for|\bspeaking\s+with|\bspeak\s+(?:to|with)|\bis\s+that)\s*"
    r"(?:(?:uh|um|like|you know)[,.]?\s+|\w+-\s+)*(?:(?:mr|mrs|ms|miss|dr|mx|prof)\.?\s+)?$",
    re.IGNORECASE)
_CONFIRMS = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|uh|um)\W+)*(?:speaking|this\s+is\s+(?:she|he|him|her|me)|that's\s+me"
    r"|it\s+is|you\s+are|that\s+is\s+me)\b", re.IGNORECASE)
# ... or the other speaker's, when a speaker addresses them ("Hi Erick,", "Thanks, Robin.",
# "Anything else today, Hariz?"): only in a conversation between two speakers.
_GREETING_BEFORE = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:(?:well|oh|okay|ok|so)\W+)?(?:hi|hello|hey|dear|morning|thanks|thank\s+you"
    r"|bye|goodbye)(?:\s+so\s+much)?\W*$", re.IGNORECASE)
_VOCATIVE_BEFORE = re.compile(
    r"(?:\byour?\b[^.?!]*,|\b(?:thanks|thank\s+you)\s+for\s+[\w' ]{1,40}?)\s*"
    r"(?:(?:uh|um|you\s+know)[,.]?\s*)*$", re.IGNORECASE)
_ADDRESS_AFTER = re.compile(r"^\s*(?:[.?!,]|$)")
_STUTTER = re.compile(r"\b(\w+)-\s+(?=\1\b)")  # "looking for- for Dr. Bhagat"
_WINDOW = 60  # characters read before a mention


@dataclass(frozen=True)
class MentionCues:
    """What the text around one mention says (see the module docstring)."""

    role: str | None = None  # "first" or "last" when the words around it say so
    named_role: bool = False  # the role comes from "first name" / "last name" words, not a title
    third_party: bool = False
    exchange: int | None = None  # the name exchange this mention answers, if any
    participant: str | None = None  # the speaker whose name it is, when the words say so


def name_exchanges(texts: list[str]) -> tuple[dict[int, int], set[int]]:
    """Turns that answer a name question, mapped to an exchange id; and the turns that answer
    a last-name question.

    An exchange opens with a turn asking for a name and takes the next two turns; a follow-up
    that asks for the last name ("And the last name?") keeps it open for two more turns.
    """
    exchange_of: dict[int, int] = {}
    answers_last: set[int] = set()
    current, asked_at, asked_last = None, -10, False
    for turn, text in enumerate(texts):
        text = _DISFLUENCY.sub("", text)
        asks = bool(_ASKS_NAME.search(text))
        if asks and _ASKS_LAST.search(text) and current is not None and turn - asked_at <= 3:
            asked_at, asked_last = turn, True  # the follow-up: same exchange
            continue
        if asks:
            current, asked_at, asked_last = turn, turn, bool(_ASKS_LAST.search(text)) and \
                not re.search(r"\bfirst\b|\bfull\b", text, re.IGNORECASE)
            continue
        if current is not None and turn - asked_at <= 2:
            exchange_of[turn] = current
            if asked_last and turn == asked_at + 1:
                answers_last.add(turn)
        else:
            current = None
    return exchange_of, answers_last


def mention_cues(texts: list[str], mentions: list[tuple[int, int, int, bool]],
                 speakers: list[str | None] | None = None) -> list[MentionCues]:
    """The cues of each mention, given as (turn, start, end, has_title) in conversation order.
    `speakers` (each turn's speaker label, if known) lets a name be tied to a participant."""
    exchange_of, answers_last = name_exchanges(texts)
    first_in_turn: dict[int, int] = {}
    for index, (turn, _, _, _) in enumerate(mentions):
        first_in_turn.setdefault(turn, index)
    owners = participants(texts, mentions, speakers) if speakers else [None] * len(mentions)
    cues = []
    for index, (turn, start, end, has_title) in enumerate(mentions):
        text = texts[turn]
        before = text[max(0, start - _WINDOW):start]
        after = text[end:end + _WINDOW]
        role, named = None, False
        if _LAST_BEFORE.search(before) or (turn in answers_last and first_in_turn[turn] == index):
            role, named = "last", True
        elif _FIRST_BEFORE.search(before) or _LAST_AFTER.match(after):
            role, named = "first", True
        elif has_title:
            role = "last"
        cues.append(MentionCues(role, named, bool(_THIRD_PARTY_BEFORE.search(before)),
                                exchange_of.get(turn), owners[index]))
    return cues


def participants(texts: list[str], mentions: list[tuple[int, int, int, bool]],
                 speakers: list[str | None]) -> list[str | None]:
    """For each mention, the speaker label whose name it is, where the words say so: the
    speaker's own name ("This is Pam"), the name the other speaker asked for and that this
    speaker confirmed ("I'm looking for Mr. Guerrero." "Speaking."), or, between two speakers,
    the name one addresses the other by ("Hi Erick, this is Stacy")."""
    labels = {s for s in speakers if s}
    owners: list[str | None] = []
    for turn, start, end, _ in mentions:
        text, speaker = texts[turn], speakers[turn] if turn < len(speakers) else None
        owner = None
        if speaker:
            before = _STUTTER.sub("", text[max(0, start - _WINDOW):start])
            after = text[end:end + _WINDOW]
            if (_SELF_BEFORE.search(before) or _SELF_AFTER.match(after)) and \
                    not _NOT_SELF_AFTER.match(after):
                owner = speaker
            elif _ASKED_FOR_BEFORE.search(before) and turn + 1 < len(texts) and \
                    speakers[turn + 1] not in (None, speaker) and _CONFIRMS.match(texts[turn + 1]):
                owner = speakers[turn + 1]
            elif len(labels) == 2 and (_GREETING_BEFORE.search(before) or (
                    _VOCATIVE_BEFORE.search(before) and _ADDRESS_AFTER.match(after))):
                owner = next(label for label in labels if label != speaker)
        owners.append(owner)
    return owners
