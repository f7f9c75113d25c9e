"""Training and evaluation examples for the NER models, from records with gold `pii` spans.

Both trainers (Hugging Face and spaCy) and the threshold tuning read the same examples, so the
models they produce are comparable. An example is one turn (or one document) with the gold spans
of the types a model learns; spans of other types are dropped, never relabelled.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

from veil.synth.generator import SPLITS, GeneratorConfig, generate_records

# The types rules miss most (DESIGN.md, "Names"). Numbers, e-mails and the like stay with the
# rules: they have checksums and patterns a model cannot beat.
NER_TYPES = ("PERSON_NAME", "ORGANIZATION_NAME", "LOCATION")



@dataclass(frozen=True)
class Span:
    start: int
    end: int
    label: str


@dataclass(frozen=True)
class TurnExample:
    """One text and its gold spans, sorted and non-overlapping."""

    text: str
    spans: tuple[Span, ...] = field(default_factory=tuple)
    record_id: str = ""
    turn: int = 0


def record_texts(record: dict) -> list[str]:
    """A conversation's turn texts, or a document's text as its only turn."""
    turns = record.get("turns")
    if turns:
        return [turn.get("text") or "" for turn in turns]
    return [record.get("text") or ""]


def examples_from_records(records: Iterable[dict], types: Iterable[str] = NER_TYPES) -> Iterator[TurnExample]:
    """Every non-empty turn of every record, with its gold spans of `types`."""
    wanted = set(types)
    for record in records:
        texts = record_texts(record)
        by_turn: dict[int, list[Span]] = {}
        for item in record.get("pii") or ():
            if item["info_type"] in wanted:
                by_turn.setdefault(int(item.get("turn") or 0), []).append(
                    Span(int(item["start"]), int(item["end"]), item["info_type"])
                )
        for turn, text in enumerate(texts):
            if not text.strip():
                continue
            yield TurnExample(text, _non_overlapping(by_turn.get(turn, [])), str(record.get("id", "")), turn)


def _non_overlapping(spans: list[Span]) -> tuple[Span, ...]:
    """Gold spans sorted by start; of two that overlap, the longer is kept (BIO needs one label)."""
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -(s.end - s.start))):
        if kept and span.start < kept[-1].end:
            continue
        kept.append(span)
    return tuple(kept)


def synthetic_examples(split: str, n: int | None = None, types: Iterable[str] = NER_TYPES,
                       config: GeneratorConfig | None = None) -> list[TurnExample]:
    """The turns of the first `n` records of a fixed synthetic split (train, validation, test)."""
    try:
        seed, default_n = SPLITS[split]
    except KeyError:
        raise ValueError(f"unknown split {split!r}: use one of {sorted(SPLITS)}") from None
    records = generate_records(default_n if n is None else n, seed, config)
    return list(examples_from_records(records, types))
