"""ASR-style copies of labelled text: what a speech recogniser's output looks like.

Most call transcripts come out of a speech recogniser: lower-case, with little or no sentence
punctuation. A detector that leans on capitals and full stops loses what it found once they
are gone, so quality (QUALITY.md) and the risk auditor's calibration (docs/risk-auditor.md) are
measured on both forms of the same gold text, made here. The copy:

- is lower-cased (where lower-casing keeps a character one character, as it does but for a few
  letters such as "İ", which keep their case);
- loses quotes and brackets everywhere, and `. , ! ? ; :` and the ellipsis at a word's edge,
  never inside a token: "3.5", "e.g", "10:30", "415-555-0134", "a.b@c.com" and
  "https://x.org" keep theirs, as a recogniser that spells an email, an address or a number
  out writes them;
- has its runs of white space collapsed to one space, and keeps every other character, so that
  each gold span maps to exactly the characters it covered, less what was removed from it;
- marks, in `written_capitals`, each word that had a capital letter as written ("Beijing",
  "States", "IBM"), so that the share of *ordinary* lower-case words redacted means the same in
  both forms: in the copy every word is lower-case, and without the mark an unlabelled proper
  noun redacted there ("beijing") would count as an ordinary word lost.

Pure functions on plain values, shared by the evaluation, the training recipe, the auditor's
calibration scripts and the tests.
"""
from __future__ import annotations

import bisect
import re

_WORD = re.compile(r"\w*[^\W\d_]\w*")

SENTENCE_PUNCTUATION = frozenset('.,!?;:"\u2026()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb')
_EDGE_MARKS = frozenset(".,!?;:\u2026")  # dropped at a word's edge only; the rest always


def _inside_token(text: str, i: int) -> bool:
    """Whether the mark at i sits inside a token, with no space on either side ("3.5",
    "a.b@c.com", "https://x.org"): kept there."""
    return 0 < i < len(text) - 1 and not text[i - 1].isspace() and not text[i + 1].isspace() \
        and text[i + 1] not in SENTENCE_PUNCTUATION


def asr_style_text(text: str) -> tuple[str, list[int]]:
    """The ASR-style copy of `text`, and for each of its characters the offset it had in
    `text`; with one more entry, len(text), so that an end offset maps too."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch in SENTENCE_PUNCTUATION and not (ch in _EDGE_MARKS and _inside_token(text, i)):
            continue
        if ch.isspace():
            if not chars or chars[-1] == " ":
                continue
            ch = " "
        lowered = ch.lower()
        chars.append(lowered if len(lowered) == 1 else ch)
        origin.append(i)
    while chars and chars[-1] == " ":
        chars.pop()
        origin.pop()
    return "".join(chars), origin + [len(text)]


def remap_span(origin: list[int], start: int, end: int, copy: str | None = None) -> tuple[int, int] | None:
    """Where [start, end) of the original text lies in the copy (`origin` from
    `asr_style_text`): the copy's characters that came from inside it, less spaces at its
    edges when `copy` is given. None when nothing of it is left (punctuation only)."""
    new_start = bisect.bisect_left(origin, start, 0, len(origin) - 1)
    new_end = bisect.bisect_left(origin, end, 0, len(origin) - 1)
    if copy is not None:
        while new_start < new_end and copy[new_start] == " ":
            new_start += 1
        while new_end > new_start and copy[new_end - 1] == " ":
            new_end -= 1
    if new_end <= new_start:
        return None
    return new_start, new_end


def asr_style_record(record: dict, text_field: str = "text", turns_field: str = "turns",
                     pii_field: str = "pii") -> dict:
    """A copy of one labelled record (a document with `text`, or a conversation with `turns`
    of `text`) in ASR style, its gold spans (and `negatives`, `unannotated`) remapped. Spans
    that were only punctuation are dropped; the rest cover exactly the same characters."""
    copy = dict(record)
    copies: dict[int, tuple[str, list[int]]] = {}  # turn: (its copy, origin)
    if isinstance(record.get(turns_field), list):
        turns = []
        for index, turn in enumerate(record[turns_field]):
            if isinstance(turn, dict) and isinstance(turn.get(text_field), str):
                copies[index] = asr_style_text(turn[text_field])
                turn = {**turn, text_field: copies[index][0]}
            turns.append(turn)
        copy[turns_field] = turns
    elif isinstance(record.get(text_field), str):
        copies[0] = asr_style_text(record[text_field])
        copy[text_field] = copies[0][0]
    for field in (pii_field, "negatives", "unannotated"):
        spans = record.get(field)
        if not isinstance(spans, list):
            continue
        moved = []
        for span in spans:
            if int(span.get("turn") or 0) not in copies:
                continue
            text, origin = copies[int(span.get("turn") or 0)]
            where = remap_span(origin, int(span["start"]), int(span["end"]), text)
            if where is not None:
                moved.append({**span, "start": where[0], "end": where[1]})
        copy[field] = moved
    copy["written_capitals"] = [
        {"turn": turn, "start": where[0], "end": where[1]}
        for turn, (text, origin) in sorted(copies.items())
        for where in _capitalised_words(_original_text(record, turn, text_field, turns_field), origin, text)
    ]
    return copy


def _original_text(record: dict, turn: int, text_field: str, turns_field: str) -> str:
    if isinstance(record.get(turns_field), list):
        return record[turns_field][turn][text_field]
    return record[text_field]


def _capitalised_words(original: str, origin: list[int], copy: str):
    """Where, in the copy, each word of `original` with a capital letter lies."""
    for word in _WORD.finditer(original):
        if word.group() != word.group().lower():
            where = remap_span(origin, word.start(), word.end(), copy)
            if where is not None:
                yield where
