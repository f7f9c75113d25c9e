"""Transcript-style copies of labelled text: speech as human transcribers write it.

Many call and conversation corpora are transcribed by people to a convention such as TalkBank's
CHAT (CallHome, CallFriend, the Santa Barbara corpus): an utterance does not open with a capital
letter, while proper names and the pronoun "I" keep theirs. Such a text is neither written prose
(where every sentence opens with a capital) nor raw recogniser output (no capitals at all): most
of its short turns hold no capital letter, yet its capitals still say which words are names.
A detector that judges case turn by turn reads those turns as recogniser output, and its name
lists then redact ordinary words ("the bass were biting").

The copy keeps every character and offset (gold spans stay where they are) and lower-cases the
capital that only opens a sentence: the first letter of a text, or of a word after `.`, `!` or
`?`, unless the word lies inside a gold span (a name keeps its capital), is the pronoun "I"
("I", "I'm", "I'll"), or is written in capitals throughout ("BBC", "OK"). It marks, in
`written_capitals`, each word that had a capital as written, as the ASR-style copy does
(`veil.measure.asr_style`), so that *ordinary lower-case words redacted* counts the same words
in every form.

Pure functions on plain values, shared by the evaluation and the tests.
"""
from __future__ import annotations

import re

_SENTENCE_OPENER = re.compile(r"(?:^|[.!?][\"'\u201d\u2019)\]]*\s+)[\"'\u201c\u2018(\[]*([^\W\d_][\w'\u2019-]*)")
_PRONOUN_I = re.compile(r"I(?:['\u2019](?:m|ll|d|ve))?$")
_WORD = re.compile(r"\w*[^\W\d_]\w*")


def transcript_style_text(text: str, keep: list[tuple[int, int]] = ()) -> str:
    """`text` with the capital lower-cased where it only opens a sentence, not inside any of
    the spans `keep` (gold names). Same length, same offsets."""
    chars = list(text)
    for match in _SENTENCE_OPENER.finditer(text):
        word = match.group(1)
        start = match.start(1)
        if not word[:1].isupper() or _PRONOUN_I.match(word) or (len(word) > 1 and word.isupper()):
            continue
        if any(s <= start < e for s, e in keep):
            continue
        lowered = word[0].lower()
        if len(lowered) == 1:
            chars[start] = lowered
    return "".join(chars)


def transcript_style_record(record: dict, text_field: str = "text", turns_field: str = "turns",
                            pii_field: str = "pii") -> dict:
    """A copy of one labelled record (a document with `text`, or a conversation with `turns`
    of `text`) in transcript style; its spans are unchanged, since no offset moves."""
    copy = dict(record)
    keep: dict[int, list[tuple[int, int]]] = {}
    for span in record.get(pii_field) or []:
        keep.setdefault(int(span.get("turn") or 0), []).append((int(span["start"]), int(span["end"])))
    originals: dict[int, str] = {}
    if isinstance(record.get(turns_field), list):
        turns = []
        for index, turn in enumerate(record[turns_field]):
            if isinstance(turn, dict) and isinstance(turn.get(text_field), str):
                originals[index] = turn[text_field]
                turn = {**turn, text_field: transcript_style_text(turn[text_field], keep.get(index, []))}
            turns.append(turn)
        copy[turns_field] = turns
    elif isinstance(record.get(text_field), str):
        originals[0] = record[text_field]
        copy[text_field] = transcript_style_text(record[text_field], keep.get(0, []))
    copy["written_capitals"] = [
        {"turn": turn, "start": word.start(), "end": word.end()}
        for turn, original in sorted(originals.items())
        for word in _WORD.finditer(original) if word.group() != word.group().lower()
    ]
    return copy
