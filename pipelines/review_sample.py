"""`veil risk --run OUT --sample N --seed S --write FILE`: the review sample people annotate.

It reads the anonymised records of a job's output (`OUT/corpus/`, JSONL or Parquet, with the
input contract's default field names), picks a seeded sample (veil.risk.review), re-scans it
with the auditor the config names (`risk.auditor`), and writes each conversation as JSONL
`{id, context, turns: [{speaker, text}]}` (or `{id, context, text}`), the auditor's scoring
suspicions pre-marked as `(value)[MISSED_TYPE?]`. The file holds anonymised text and the
auditor's suspected leftovers: treat it as personal data, as the corpus itself.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

import fsspec

from veil.run.config import load_config, with_dictionary_files_read
from veil.run.errors import ConfigError
from veil.risk.audit import from_audit
from veil.risk.auditor import ResidualAuditor, auditor_problem
from veil.risk.review import pre_marked, review_sample
from veil.risk.table import RiskSettings
from veil.io.storage import Storage

ID, TURNS, TEXT, SPEAKER, CONTEXT = "id", "turns", "text", "speaker", "context"


def corpus_records(run: str) -> Iterator[dict[str, Any]]:
    """The anonymised records under RUN/corpus/, shard by shard."""
    fs, root = fsspec.core.url_to_fs(run.rstrip("/") + "/corpus")
    files = sorted(fs.glob(root + "/part-*"))
    if not files:
        raise ConfigError(f"--run {run!r}: no corpus/part-* files (is it a job's output?)")
    for path in files:
        if path.endswith(".parquet"):
            import pyarrow.parquet as pq

            with fs.open(path, "rb") as handle:
                yield from pq.read_table(handle).to_pylist()
            continue
        with fs.open(path, "rt", encoding="utf-8", compression="infer") as handle:
            for line in handle:
                if line.strip():
                    yield json.loads(line)


def _texts(record: dict) -> list[str]:
    turns = record.get(TURNS)
    if isinstance(turns, list):
        return [str(turn.get(TEXT) or "") if isinstance(turn, dict) else str(turn) for turn in turns]
    return [str(record.get(TEXT) or "")]


def review_record(record: dict, texts: list[str], seed: int, suspected: int) -> dict[str, Any]:
    """The reviewer's record: the marked texts, with speakers as written."""
    out: dict[str, Any] = {ID: record.get(ID), CONTEXT: record.get(CONTEXT)}
    turns = record.get(TURNS)
    if isinstance(turns, list):
        out[TURNS] = [{SPEAKER: turn.get(SPEAKER) if isinstance(turn, dict) else None, TEXT: text}
                      for turn, text in zip(turns, texts)]
    else:
        out[TEXT] = texts[0]
    out["veil_review"] = {"seed": seed, "suspected": suspected}
    return out


def write_review_sample(run: str, path: str, settings: RiskSettings, config: str | None = None
                        ) -> tuple[int, int]:
    """Write the sample; (conversations written, suspicions pre-marked)."""
    storage = Storage()
    auditor_name = settings.auditor
    auditor_config, _ = with_dictionary_files_read(load_config(auditor_name, storage), storage)
    problem = auditor_problem(auditor_config, auditor_name, storage)
    if problem:
        raise ConfigError(problem)
    # Two passes, so that memory holds the ids and the sample, never the corpus.
    chosen = review_sample((str(r.get(ID)) for r in corpus_records(run)), settings.review_sample,
                           settings.seed)
    wanted = set(chosen)
    records = {str(r.get(ID)): r for r in corpus_records(run) if str(r.get(ID)) in wanted}
    auditor = ResidualAuditor(auditor_config, storage)
    table = settings.table()
    written = marked_total = 0
    with fsspec.open(path, "w", encoding="utf-8", auto_mkdir=True) as handle:
        for key in chosen:
            record = records[key]
            texts = _texts(record)
            items = from_audit(texts, auditor.detect(texts), table)
            marked, count = pre_marked(texts, items, table)
            handle.write(json.dumps(review_record(record, marked, settings.seed, count),
                                    ensure_ascii=False) + "\n")
            written += 1
            marked_total += count
    return written, marked_total
