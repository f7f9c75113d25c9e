"""Residual items outside the turn texts: every other string the corpus record holds.

Residual risk covers every field written, not only the turns:

- a speaker label left in the output that looks like a name (veil.detection.speakers.looks_like_name)
  is a residual PERSON_NAME, as a name left in the text would be;
- every speaker label written is re-scanned by the auditor too, and what it still holds is the
  speaker's own (`speaker_own`, the paper's `_SPEAKER` tag);
- every other string of the output record (configured fields after anonymisation, fields
  written as they are, the id) is re-scanned by the auditor, and its hits are classified as
  in the turns (veil.risk.audit: a hit next to a placeholder is PARTIAL).

Items carry `field` (where they are) and no offsets: the review sample highlights turns only.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Sequence

from veil.io.fields import Location, location_name, string_leaves
from veil.risk.audit import from_audit
from veil.risk.scoring import ResidualItem
from veil.risk.table import DEFAULT_TABLE, RiskTable
from veil.detection.speakers import looks_like_name, name_span


def label_items(labels: Iterable[tuple[str, str]]) -> list[ResidualItem]:
    """(field, label) pairs of labels written as they were -> a PERSON_NAME item for each
    that looks like a name."""
    items = []
    for where, label in labels:
        if looks_like_name(label):
            start, end = name_span(label) or (0, len(label))
            items.append(ResidualItem("PERSON_NAME", label[start:end], source="speaker",
                                      field=where))
    return items


def speaker_own(items: list[ResidualItem], labels: set[str], named: set[str]) -> list[ResidualItem]:
    """The auditor's items with those in a speaker label (`labels`, field names) marked as
    the speaker's own (`_SPEAKER`): a label says who speaks, so what it holds is theirs. A
    PERSON_NAME in a label already scored as a name left as written (`named`, `label_items`)
    is not counted twice."""
    out = []
    for item in items:
        if item.field in labels:
            if item.info_type == "PERSON_NAME" and item.field in named:
                continue
            item = replace(item, speaker=True)
        out.append(item)
    return out


def field_items(strings: Sequence[tuple[Location, str]], detect: Callable[[list[str]], list],
                table: RiskTable = DEFAULT_TABLE) -> list[ResidualItem]:
    """The auditor's residual items in the given strings (with their locations).

    Each value is read with its field name before it, `context: voicemail`, as the paper reads
    a speaker label before its turn: a model given one bare word calls it a name ("voicemail",
    "Email"), while the name tells it what kind of value follows. Hits in the name are dropped.
    """
    if not any(text for _, text in strings):
        return []
    texts = [field_reading(location, text) for location, text in strings]
    hits = [hit for hit in detect(texts)
            if hit.start >= len(texts[hit.turn]) - len(strings[hit.turn][1])]
    items = from_audit(texts, hits, table)
    return [replace(item, field=location_name(strings[item.turn][0]), turn=None, start=None,
                    end=None) for item in items]


def field_reading(location: Location, text: str) -> str:
    """What the auditor reads for a field's value: `name: value` (the value at the end), the
    name being the field's own key in words ("caller name: ..."), without the path above it:
    a model reads "negatives[2].kind: name_word" as a name, and "kind: name_word" as none."""
    keys = [part for part in location if isinstance(part, str)]
    name = (keys[-1] if keys else "value").replace("_", " ")
    return f"{name}: {text}"


def outside_turns(record: dict, skip: set[Location]) -> list[tuple[Location, str]]:
    """Every string of a record but those at the `skip` locations (turn texts, labels)."""
    return [(location, text) for location, text in string_leaves(record)
            if location not in skip and text.strip()]
