"""ASR-style copies of labelled text: what a speech recogniser's output looks like.

Most call transcripts come out of a speech recogniser: lower-case, with little or no sentence
punctuation. A detector that leans on capitals and full stops loses what it found once they
are gone, so quality is measured on both forms of the same gold text. The copy:

- is lower-cased (where lower-casing keeps the length of the text, as it does but for a few
  letters such as "İ"; the rare text where it would not keeps its case);
- loses its sentence punctuation (`. , ! ? ; :` and the ellipsis) where it ends or separates
  words, never inside a token ("3.5", "e.g", "10:30", "www.example.com" keep theirs);
- keeps every other character, so that each gold span maps to exactly the characters it
  covered, less the punctuation removed from it.

Pure functions on plain values, so that the evaluation and the tests can share them.
"""
from __future__ import annotations

import re

# A mark of sentence punctuation, run of them, that does not sit between two word characters.
_SENTENCE_MARKS = re.compile(r"[.,!?;:\u2026]+(?!\w)|(?<!\w)[.,!?;:\u2026]+")


def asr_style_text(text: str) -> tuple[str, list[int]]:
    """The ASR-style copy of `text`, and for each of its characters the offset it had in
    `text`; with one more entry, len(text), so that an end offset maps too."""
    lowered = text.lower()
    if len(lowered) != len(text):
        lowered = text
    removed = [False] * len(text)
    for match in _SENTENCE_MARKS.finditer(text):
        start, end = match.span()
        for i in range(start, end):
            removed[i] = True
        # A mark between spaces ("well , yes") would leave two: drop the one after it.
        if (start == 0 or text[start - 1].isspace()) and end < len(text) and text[end] == " ":
            removed[end] = True
    kept = [i for i in range(len(text)) if not removed[i]]
    return "".join(lowered[i] for i in kept), kept + [len(text)]


def remap_span(origin: list[int], start: int, end: int) -> tuple[int, int] | None:
    """Where [start, end) of the original text lies in the copy (`origin` from
    `asr_style_text`): the copy's characters that came from inside it. None when none did
    (the span was punctuation only)."""
    import bisect

    new_start = bisect.bisect_left(origin, start, 0, len(origin) - 1)
    new_end = bisect.bisect_left(origin, end, 0, len(origin) - 1)
    if new_end <= new_start:
        return None
    return new_start, new_end


def asr_style_record(record: dict, text_field: str = "text", turns_field: str = "turns",
                     pii_field: str = "pii") -> dict:
    """A copy of one labelled record (a document with `text`, or a conversation with `turns`
    of `text`) in ASR style, its gold spans (and `negatives`, `unannotated`) remapped. Spans
    that were only punctuation are dropped; the rest cover exactly the same characters."""
    copy = dict(record)
    origins: dict[int, list[int]] = {}
    if isinstance(record.get(turns_field), list):
        turns = []
        for index, turn in enumerate(record[turns_field]):
            if isinstance(turn, dict) and isinstance(turn.get(text_field), str):
                text, origins[index] = asr_style_text(turn[text_field])
                turn = {**turn, text_field: text}
            turns.append(turn)
        copy[turns_field] = turns
    elif isinstance(record.get(text_field), str):
        copy[text_field], origins[0] = asr_style_text(record[text_field])
    for field in (pii_field, "negatives", "unannotated"):
        spans = record.get(field)
        if not isinstance(spans, list):
            continue
        moved = []
        for span in spans:
            origin = origins.get(int(span.get("turn") or 0))
            if origin is None:
                continue
            where = remap_span(origin, int(span["start"]), int(span["end"]))
            if where is not None:
                moved.append({**span, "start": where[0], "end": where[1]})
        copy[field] = moved
    return copy
