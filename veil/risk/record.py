"""Residual items outside the turn texts: every other string the corpus record holds.

Residual risk covers every field written, not only the turns:

- a speaker label left in the output that looks like a name (veil.detection.speakers.looks_like_name)
  is a residual PERSON_NAME, as a name left in the text would be;
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


def field_items(strings: Sequence[tuple[Location, str]], detect: Callable[[list[str]], list],
                table: RiskTable = DEFAULT_TABLE) -> list[ResidualItem]:
    """The auditor's residual items in the given strings (with their locations)."""
    texts = [text for _, text in strings]
    if not any(texts):
        return []
    items = from_audit(texts, detect(texts), table)
    return [replace(item, field=location_name(strings[item.turn][0]), turn=None, start=None,
                    end=None) for item in items]


def outside_turns(record: dict, skip: set[Location]) -> list[tuple[Location, str]]:
    """Every string of a record but those at the `skip` locations (turn texts, labels)."""
    return [(location, text) for location, text in string_leaves(record)
            if location not in skip and text.strip()]
