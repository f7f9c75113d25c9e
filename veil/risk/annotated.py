"""Residual items from people's markup, in the paper's format (section 4.1, Tables 2 and 3).

Annotators enclose missed PI in parentheses and follow it with a tag derived from the infoType:

    (Green)[MISSED_PERSON_NAME_PARTIAL]
    (Dunder Mifflin)[MISSED_ORGANIZATION_NAME_SPEAKER]
    (<i>staples</i>)[MISSED_ORGANIZATION_NAME]
    (XYZ lawyer)(MISSED_ORGANIZATION_NAME_SPEAKER)      # Table 3 writes the tag in ( )
    (Marc)([MISSED_PERSON_NAME_PARTIAL])                # as printed in section 4.2

Tags may use the paper's short names (MISSED_EMAIL, MISSED_ORG_NAME_SPEAKER) or spaces for
underscores (MISSED PRODUCT SPEAKER); the risk table's aliases map them to infoTypes.

A tag that ends in `?`, `(Green)[MISSED_PERSON_NAME?]`, is a suspicion the auditor pre-marked
in a review sample (veil.risk.review) for people to resolve: drop the `?` to confirm it, remove
the markup to reject it, or change the tag to correct it. One left unresolved counts as
confirmed (the cautious reading: an unchecked suspicion is a leak until someone says it is
not); its item's source is `annotated-unresolved`, so the summary says how many there were.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from veil.risk.scoring import ResidualItem
from veil.risk.table import DEFAULT_TABLE, RiskTable

_TAG = r"MISSED[ _][A-Za-z0-9_ ]*?\s*\??"
UNRESOLVED = "annotated-unresolved"
MARKUP = re.compile(
    r"\((?P<value>[^()]*)\)\s*"
    rf"(?:\[\s*(?P<bracket>{_TAG})\s*\]|\(\s*\[?\s*(?P<paren>{_TAG})\s*\]?\s*\))"
)
_HTML_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Tag:
    """A parsed MISSED_ tag."""

    info_type: str
    partial: bool
    speaker: bool
    unresolved: bool = False


def parse_tag(tag: str, table: RiskTable = DEFAULT_TABLE) -> Tag:
    """`MISSED_PERSON_NAME_PARTIAL` -> Tag(PERSON_NAME, partial=True, speaker=False);
    `MISSED_PERSON_NAME?` -> the same, unresolved."""
    tag = tag.strip()
    unresolved = tag.endswith("?")
    words = re.split(r"[\s_]+", tag.rstrip("?").strip().upper())
    if words and words[0] == "MISSED":
        words = words[1:]
    partial = speaker = False
    while words and words[-1] in ("PARTIAL", "SPEAKER"):
        if words.pop() == "PARTIAL":
            partial = True
        else:
            speaker = True
    ref = table.resolve("_".join(words))
    return Tag(ref.info_type, partial or ref.partial, speaker or ref.speaker, unresolved)


def parse_annotated(text: str, table: RiskTable = DEFAULT_TABLE,
                    turn: int | None = None) -> tuple[str, list[ResidualItem]]:
    """The text with its markup removed (the anonymised text again) and the marked items.

    Item offsets point into the returned text, so a report can highlight them.
    """
    pieces: list[str] = []
    items: list[ResidualItem] = []
    position = length = 0
    for match in MARKUP.finditer(text):
        before = text[position: match.start()]
        pieces.append(before)
        length += len(before)
        value = _HTML_TAG.sub("", match.group("value")).strip()
        tag = parse_tag(match.group("bracket") or match.group("paren"), table)
        items.append(ResidualItem(tag.info_type, value, tag.partial, tag.speaker,
                                  turn, length, length + len(value),
                                  UNRESOLVED if tag.unresolved else "annotated"))
        pieces.append(value)
        length += len(value)
        position = match.end()
    pieces.append(text[position:])
    return "".join(pieces), items


def annotated_items(texts: Iterable[str], table: RiskTable = DEFAULT_TABLE
                    ) -> tuple[list[str], list[ResidualItem]]:
    """All turns of one annotated conversation: clean texts and items (with turn indexes)."""
    clean_texts: list[str] = []
    items: list[ResidualItem] = []
    for turn, text in enumerate(texts):
        clean, turn_items = parse_annotated(text, table, turn)
        clean_texts.append(clean)
        items.extend(turn_items)
    return clean_texts, items
