"""Scoring residual items: one conversation's left-over PI becomes one integer score.

Section 4.2 of the paper: each item scores per the risk table, a PARTIAL item half of that
(rounded per type), and the conversation scores the sum, where one piece of PI counts once
however often it appears, even when ASR spells it differently ("Mark", "Marc", "M-A-R-K").
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Iterable

from veil.risk.table import DEFAULT_TABLE, RiskTable

# Types whose values are words people say, so ASR misspells them and a sound-alike key helps.
# Numbers and addresses are compared exactly (after normalisation): "1234" is not "1235".
PHONETIC_TYPES = frozenset({"PERSON_NAME", "ORGANIZATION_NAME", "PRODUCT", "LOCATION"})

_DIGIT_WORDS = {
    "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4",
    "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
}
_AS_IN = re.compile(r"\b([a-z])\s+(?:as|like)\s+in\s+[a-z]+\b")
_HTML_TAG = re.compile(r"<[^>]*>")
_NON_ALNUM = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class ResidualItem:
    """One mention of PI still present in the anonymised output.

    `value` is the residual text (the uncovered remainder for a PARTIAL item). Offsets, when
    known, point into the text the item was found in (`turn` is the turn index); `pieces`, when
    the remainder is in several pieces ("[DIGIT_SEQUENCE_1] sparks harbor [PERSON_NAME_1] lock"),
    are their (start, end) offsets in the same text.
    """

    info_type: str
    value: str
    partial: bool = False
    speaker: bool = False
    turn: int | None = None
    start: int | None = None
    end: int | None = None
    source: str = ""
    field: str | None = None  # where it is when not in a turn's text: "caller_name", "turns[2].speaker"
    pieces: tuple[tuple[int, int], ...] = ()
    detector: str = ""  # the auditor's detector that hit it ("rules:regex", "spacy:model")

    def spans(self) -> tuple[tuple[int | None, int | None, int | None], ...]:
        """(turn, start, end) of each piece of the item left in the text."""
        if self.pieces:
            return tuple((self.turn, start, end) for start, end in self.pieces)
        return ((self.turn, self.start, self.end),)


@dataclass(frozen=True)
class ScoredItem:
    """One piece of PI in a conversation: its mentions grouped, scored once."""

    info_type: str
    partial: bool
    speaker: bool
    score: int
    count: int
    direct: bool = False
    value: str = ""
    mentions: tuple[tuple[int | None, int | None, int | None], ...] = ()
    fields: tuple[str, ...] = ()  # the fields outside the turn texts where it was left
    detector: str = ""  # an auditor item's detector: what its estimate weighs it by

    def to_dict(self, include_values: bool = False, include_spans: bool = False) -> dict:
        out: dict[str, Any] = {
            "info_type": self.info_type, "partial": self.partial, "speaker": self.speaker,
            "score": self.score, "count": self.count,
        }
        if self.fields:
            out["fields"] = list(self.fields)
        if self.detector:
            out["detector"] = self.detector
        if include_values:
            out["value"] = self.value
        if include_spans:
            out["mentions"] = [
                {"turn": turn, "start": start, "end": end} for turn, start, end in self.mentions
                if start is not None
            ]
        return out


@dataclass(frozen=True)
class ConversationRisk:
    """A conversation's residual-risk score and the items behind it."""

    id: str
    context: str | None
    score: int
    items: tuple[ScoredItem, ...] = ()
    texts: tuple[str, ...] | None = field(default=None, compare=False)

    @property
    def has_direct_identifier(self) -> bool:
        """True when a scoring item is a direct identifier (PARTIAL ones count: conservative)."""
        return any(item.direct and item.score > 0 for item in self.items)

    def to_dict(self, include_values: bool = False, include_spans: bool = False,
                include_text: bool = False) -> dict:
        """The `risk/conversations*` row. Raw values only when asked for."""
        out: dict[str, Any] = {
            "id": self.id, "context": self.context, "score": self.score,
            "direct_identifier": self.has_direct_identifier,
            "items": [i.to_dict(include_values, include_spans) for i in self.items],
        }
        if include_text and self.texts is not None:
            out["turns"] = [{"text": text} for text in self.texts]
        return out


@lru_cache(maxsize=65536)
def normalise(value: str) -> str:
    """The comparable form of a value: case-folded, accents, spacing and punctuation gone.

    Spelled letters collapse on the way ("M-A-R-K", "M. A. R. K." -> "mark"), so do
    "m as in mike" spellings and spoken digits ("two one" -> "21").
    """
    text = _HTML_TAG.sub(" ", value)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = _AS_IN.sub(r"\1", text)
    words = re.findall(r"[^\W_]+", text)
    if any(word in _DIGIT_WORDS for word in words):
        words = [_DIGIT_WORDS.get(word, word) for word in words]
    return _NON_ALNUM.sub("", "".join(words))


_SOUND_CODES = {
    **dict.fromkeys("bfpv", "1"), **dict.fromkeys("cgjkqsxz", "2"), **dict.fromkeys("dt", "3"),
    "l": "4", **dict.fromkeys("mn", "5"), "r": "6",
}


@lru_cache(maxsize=65536)
def phonetic_key(key: str) -> str:
    """A Soundex-style key without Soundex's 4-character cut: Mark, Marc and Marck agree.

    Letters that sound alike share a code, vowels and h/w/y separate nothing, repeats collapse.
    Keeping the whole length (unlike Soundex) keeps "Mark" apart from "Markowitz".
    """
    if not key:
        return ""
    key = key.replace("ph", "f").replace("ck", "k")
    previous = _SOUND_CODES.get(key[0], "")
    codes = [previous or key[0]]  # coded first letter: Carl and Karl agree
    for ch in key[1:]:
        code = _SOUND_CODES.get(ch, "")
        if code and code != previous:
            codes.append(code)
        if ch not in "hw":
            previous = code
    return "".join(codes)


def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Levenshtein distance, stopping early once it exceeds `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def same_pi(info_type: str, a: str, b: str) -> bool:
    """Whether two normalised values are one piece of PI (the ASR-variant rule of 4.2).

    Equal keys always match. For spoken-word types, so do values that sound alike and differ
    by at most one edit (Mark/Marc, Jon/John), or two edits for longer values.
    """
    if a == b:
        return True
    if info_type not in PHONETIC_TYPES or not a.isalpha() or not b.isalpha():
        return False
    if min(len(a), len(b)) < 3:
        return False
    limit = 1 if max(len(a), len(b)) <= 6 else 2
    return phonetic_key(a) == phonetic_key(b) and edit_distance(a, b, limit) <= limit


def _group(items: list[ResidualItem]) -> list[list[ResidualItem]]:
    """Items grouped into pieces of PI (per base infoType), in order of first mention.

    An item joins the first group (in order of creation) holding a key that is the same PI
    (`same_pi`), else starts a group. Rather than comparing with every key of every group,
    groups are looked up by exact key and, for spoken-word types, by sound-alike key (which
    `same_pi` requires of any two different keys): the same groups, found in linear time.
    """
    groups: list[list[ResidualItem]] = []
    exact: dict[tuple[str, str], int] = {}  # (type, key) -> the first group holding it
    sounds: dict[tuple[str, str], list[tuple[int, str]]] = {}  # (type, phonetic key) -> keys
    for item in items:
        info_type = item.info_type
        key = normalise(item.value)
        found = exact.get((info_type, key)) if key else None
        alike = None
        if key and info_type in PHONETIC_TYPES and len(key) >= 3 and key.isalpha():
            alike = (info_type, phonetic_key(key))
            for number, other in sounds.get(alike, ()):
                if (found is None or number < found) and other != key:
                    limit = 1 if max(len(key), len(other)) <= 6 else 2
                    if edit_distance(key, other, limit) <= limit:
                        found = number
        if found is None:
            found = len(groups)
            groups.append([])
        groups[found].append(item)
        known = exact.get((info_type, key))
        if known is None or found < known:
            exact[(info_type, key)] = found
        if alike is not None:
            sounds.setdefault(alike, []).append((found, key))
    return groups


def canonical(item: ResidualItem, table: RiskTable = DEFAULT_TABLE) -> ResidualItem:
    """The item under its table name: `ORG_NAME_SPEAKER` -> ORGANIZATION_NAME, speaker."""
    ref = table.resolve(item.info_type)
    if (ref.info_type, ref.speaker or item.speaker, ref.partial or item.partial) == (
            item.info_type, item.speaker, item.partial):
        return item
    return replace(item, info_type=ref.info_type, speaker=item.speaker or ref.speaker,
                   partial=item.partial or ref.partial)


def score_items(items: Iterable[ResidualItem], table: RiskTable = DEFAULT_TABLE) -> list[ScoredItem]:
    """Score each piece of PI once, at the highest score among its mentions."""
    ordered = sorted((canonical(i, table) for i in items),
                     key=lambda i: (i.turn or 0, i.start or 0, i.info_type, i.value))
    def item_score(item: ResidualItem) -> int:
        return table.score(item.info_type, item.partial, item.speaker)

    scored = []
    for members in _group(ordered):
        best = max(members, key=lambda m: (item_score(m), not m.partial, m.speaker))
        scored.append(ScoredItem(
            info_type=best.info_type,
            partial=best.partial,
            speaker=best.speaker,
            score=item_score(best),
            count=len(members),
            direct=table.is_direct(best.info_type),
            value=best.value,
            mentions=tuple(span for m in members if m.field is None for span in m.spans()),
            fields=tuple(dict.fromkeys(m.field for m in members if m.field is not None)),
            detector=best.detector,
        ))
    return scored


def score_conversation(
    conversation_id: str,
    items: Iterable[ResidualItem],
    table: RiskTable = DEFAULT_TABLE,
    context: str | None = None,
    texts: Iterable[str] | None = None,
) -> ConversationRisk:
    """Section 4.2's conversation score: the sum over its pieces of PI, each counted once."""
    scored = score_items(items, table)
    return ConversationRisk(
        id=str(conversation_id),
        context=context,
        score=sum(item.score for item in scored),
        items=tuple(scored),
        texts=None if texts is None else tuple(texts),
    )
