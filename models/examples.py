"""Training and evaluation examples for the NER models, from records with gold `pii` spans.

Both trainers (Hugging Face and spaCy) and the threshold tuning read the same examples, so the
models they produce are comparable. An example is one turn (or one document) with the gold spans
of the types a model learns; spans of other types are dropped, never relabelled.

Two sources: the synthetic generator's fixed splits (`synthetic_examples`), and real annotated
posts (`real_examples`: data/ner/, the Broad Twitter Corpus and WNUT-17 in Veil's input
contract, built by scripts/build_real_ner_data.py). A record's `unannotated` spans are text its
corpus leaves unlabelled by convention (WNUT-17 does not annotate @user names): a model learns
nothing from them, neither name nor not-name.
"""
from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from veil.synth.generator import SPLITS, GeneratorConfig, generate_records

# The types rules miss most (docs/design.md, "Names"). Numbers, e-mails and the like stay with the
# rules: they have checksums and patterns a model cannot beat.
NER_TYPES = ("PERSON_NAME", "ORGANIZATION_NAME", "LOCATION")
# The real annotated data bundled with the repository (see data/ner/README.md).
REAL_DATA = Path(__file__).resolve().parent.parent / "data" / "ner"


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
    ignore: tuple[Span, ...] = field(default_factory=tuple)  # learn nothing from these characters


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
        ignored: dict[int, list[Span]] = {}
        for item in record.get("unannotated") or ():
            ignored.setdefault(int(item.get("turn") or 0), []).append(
                Span(int(item["start"]), int(item["end"]), "IGNORE"))
        for turn, text in enumerate(texts):
            if not text.strip():
                continue
            yield TurnExample(text, _non_overlapping(by_turn.get(turn, [])), str(record.get("id", "")), turn,
                              tuple(ignored.get(turn, ())))


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


def read_records(path: str | Path) -> Iterator[dict]:
    """The records of a JSONL file, gzip-compressed or not."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def real_examples(split: str, data_dir: str | Path | None = None, types: Iterable[str] = NER_TYPES,
                  n: int | None = None) -> list[TurnExample]:
    """The posts of a real split (`train`, `validation`, `test-btc-f`, `test-wnut17-dev`)."""
    folder = Path(data_dir) if data_dir else REAL_DATA
    path = folder / f"{split}.jsonl.gz"
    if not path.exists():
        raise FileNotFoundError(
            f"no real annotated data at {path}: build it with scripts/build_real_ner_data.py "
            "(data/ner/README.md), or train on synthetic data alone (--real_data none)")
    examples = list(examples_from_records(read_records(path), types))
    return examples if n is None else examples[:n]
