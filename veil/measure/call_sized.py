"""Labelled sentences or posts joined into call-sized conversations, to measure as a job sees calls.

The real annotated sets hold one sentence or post per record, while a call transcript is one
record of many turns, and part of what Veil knows comes from the rest of the conversation: a
name found once is found where it is said again (`veil.detection.name_repeats`), a lower-case
name-list word counts where the conversation capitalises it elsewhere. Scored one sentence at a
time, none of that can act. Joining `turns` consecutive records of one `context` (a GUM genre's
sentences run document by document) into one conversation gives the detectors the neighbouring
sentences a call would give them, and leaves every gold span on the same characters.

Pure functions on plain records (dicts), shared by `veil evaluate --turns_per_conversation` and
the tests.
"""
from __future__ import annotations

from typing import Iterable, Iterator

SPAN_FIELDS = ("negatives", "unannotated")  # marked spans carried along with the gold ones


def record_turns(record: dict, text_field: str, turns_field: str) -> list[dict]:
    """A record's turns: its `turns` as they are, or its `text` as one turn."""
    if isinstance(record.get(turns_field), list):
        return list(record[turns_field])
    if isinstance(record.get(text_field), str):
        return [{text_field: record[text_field]}]
    return []


def call_sized(records: Iterable[dict], turns: int, text_field: str = "text", turns_field: str = "turns",
               pii_field: str = "pii", id_field: str = "id") -> Iterator[dict]:
    """Conversations of up to `turns` turns, each made of consecutive records that share a
    `context` (a record of several turns is kept whole). Each keeps the first record's id and
    context, lists the ids it joined (`joined`), and moves every gold span (and `negatives`,
    `unannotated`) to its turn."""
    if turns < 1:
        raise ValueError(f"turns per conversation must be at least 1, not {turns}")
    run: list[dict] = []
    held = 0  # the turns in `run`
    for record in records:
        if run and (record.get("context") != run[0].get("context") or held >= turns):
            yield _joined(run, text_field, turns_field, pii_field, id_field)
            run, held = [], 0
        run.append(record)
        held += len(record_turns(record, text_field, turns_field))
    if run:
        yield _joined(run, text_field, turns_field, pii_field, id_field)


def _joined(run: list[dict], text_field: str, turns_field: str, pii_field: str, id_field: str) -> dict:
    joined = {id_field: run[0].get(id_field), turns_field: [], pii_field: [],
              "joined": [record.get(id_field) for record in run]}
    if "context" in run[0]:
        joined["context"] = run[0]["context"]
    for field in SPAN_FIELDS:
        if any(field in record for record in run):
            joined[field] = []
    for record in run:
        offset = len(joined[turns_field])
        joined[turns_field] += record_turns(record, text_field, turns_field)
        for field in (pii_field, *SPAN_FIELDS):
            for span in record.get(field) or []:
                joined[field].append({**span, "turn": offset + int(span.get("turn") or 0)})
    return joined
