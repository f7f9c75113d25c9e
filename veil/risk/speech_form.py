"""Text as a speech recogniser writes it: lower case, no sentence punctuation, offsets kept.

The project measures detection and the auditor on real annotated text in two forms, as written
and as ASR output reads (the paper's transcripts are lower-case and unpunctuated). This module
makes the second form from the first and moves gold spans with it, exactly: `speech_form`
gives the new text and, for each of its characters, where it came from.

Sentence punctuation goes: quotes and brackets everywhere, `. , ! ? ; : …` at a word's edge
only, so that "415-555-0134", "a.b@c.com", "https://x.org", "3.5" and "don't" keep theirs, as a
recogniser that spells an email, an address or a number out would write them. Spaces left doubled are collapsed.
Plain Python, no Beam.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

SENTENCE_PUNCTUATION = frozenset('.,!?;:"…()[]{}“”‘’«»')


@dataclass(frozen=True)
class SpeechForm:
    """A text in speech form, and `origin[i]`: the original offset of its character i."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int] | None:
        """An original [start, end) moved into this text; None when nothing of it is left."""
        first = next((i for i, o in enumerate(self.origin) if start <= o < end), None)
        if first is None:
            return None
        last = first
        while last + 1 < len(self.origin) and self.origin[last + 1] < end:
            last += 1
        while last >= first and self.text[last] == " ":
            last -= 1
        while first <= last and self.text[first] == " ":
            first += 1
        return (first, last + 1) if first <= last else None


_BOUNDARY_MARKS = frozenset(".,!?;:…")  # dropped at a word's edge only; the rest always


def _inside_token(text: str, i: int) -> bool:
    """Whether the mark at i sits inside a token, with no space on either side ("3.5",
    "a.b@c.com", "https://x.org"): kept there, as a recogniser spelling it out writes it."""
    return 0 < i < len(text) - 1 and not text[i - 1].isspace() and not text[i + 1].isspace() \
        and text[i + 1] not in SENTENCE_PUNCTUATION


def speech_form(text: str) -> SpeechForm:
    """`text` lower-cased, sentence punctuation removed, spaces collapsed, with the offset map."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch in SENTENCE_PUNCTUATION and not (ch in _BOUNDARY_MARKS and _inside_token(text, i)):
            continue
        if ch.isspace():
            if not chars or chars[-1] == " ":
                continue
            ch = " "
        lowered = ch.lower()
        if len(lowered) != 1:  # "İ" lower-cases to two characters: keep it one
            lowered = ch
        chars.append(lowered)
        origin.append(i)
    while chars and chars[-1] == " ":
        chars.pop()
        origin.pop()
    return SpeechForm("".join(chars), tuple(origin))


def speech_form_record(record: Mapping[str, Any], text_field: str = "text", turns_field: str = "turns",
                       pii_field: str = "pii") -> dict[str, Any]:
    """A Veil record (a document or turns) in speech form, its gold spans moved with the text;
    a span of which nothing is left is dropped."""
    out = dict(record)
    if isinstance(record.get(turns_field), list):
        forms = []
        turns = []
        for turn in record[turns_field]:
            form = speech_form(str(turn.get(text_field, "")))
            forms.append(form)
            turns.append({**turn, text_field: form.text})
        out[turns_field] = turns
    else:
        forms = [speech_form(str(record.get(text_field, "")))]
        out[text_field] = forms[0].text
    if isinstance(record.get(pii_field), list):
        out[pii_field] = list(_moved(record[pii_field], forms))
    return out


def _moved(spans: Iterable[Mapping[str, Any]], forms: list[SpeechForm]) -> Iterable[dict]:
    for span in spans:
        turn = int(span.get("turn", 0) or 0)
        moved = forms[turn].span(int(span["start"]), int(span["end"]))
        if moved is not None:
            yield {**span, "start": moved[0], "end": moved[1]}
