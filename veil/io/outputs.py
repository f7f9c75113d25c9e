"""Deterministic sharded output: the same input gives the same bytes on any runner.

Workers append each output entry, tagged with its sort key (split order, position in the
input), to sorted temporary runs. When every run is written, one writer per shard merges its
runs in key order into its `part-SSSSS-of-NNNNN` file. Memory stays bounded by the run
size, however large the shard, and the result does not depend on how work was bundled.

Everything a run writes goes to its own temporary folder, `_temp/<run id>/` under the output:
the runs, and the finished files under `output/` with their final names. They are published
together by `veil.io.commit` once all are written.
"""
from __future__ import annotations

import heapq
import pickle
import uuid
from operator import itemgetter
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from veil.io.input_guard import InputGuard
from veil.io.storage import Storage

CORPUS, FINDINGS, ERRORS, RISK = "corpus", "findings", "errors", "risk"
KINDS = (CORPUS, FINDINGS, ERRORS, RISK)
# The file name's stem in each folder: risk/ also holds summary.json and report.html.
PREFIX = {RISK: "conversations"}
TEMP = "_temp"  # under the output: one folder per run, removed when the run is published

Entry = tuple[tuple, Any]  # (sort key, payload): a JSON line (bytes) or a Parquet row (dict)


@dataclass(frozen=True)
class OutputSpec:
    root: str
    num_shards: int
    num_splits: int
    corpus_format: str  # "jsonl" or "parquet"
    storage: Storage
    parquet_schema: pa.Schema | None = None
    temp_id: str = ""
    # Where the input lies: checked before every rename and delete (`veil.commit`).
    input_guard: InputGuard = InputGuard()

    def shard_of(self, split_order: int) -> int:
        """Contiguous runs of splits make a shard, so each shard keeps its input order."""
        return split_order * self.num_shards // max(self.num_splits, 1)

    def join(self, *parts: str) -> str:
        return "/".join([self.root.rstrip("/"), *parts])

    def suffix(self, kind: str) -> str:
        return ".parquet" if kind == CORPUS and self.corpus_format == "parquet" else ".jsonl"

    def shard_name(self, kind: str, shard: int) -> str:
        """The shard's path relative to the output, e.g. `corpus/part-00001-of-00004.jsonl`."""
        return f"{kind}/{PREFIX.get(kind, 'part')}-{shard:05d}-of-{self.num_shards:05d}{self.suffix(kind)}"

    def shard_path(self, kind: str, shard: int) -> str:
        return self.join(self.shard_name(kind, shard))

    @property
    def temp_root(self) -> str:
        return self.join(TEMP, self.temp_id)

    def staged_path(self, name: str) -> str:
        """Where the file `name` (relative to the output) is written before it is published."""
        return self.join(TEMP, self.temp_id, "output", name)

    def new_run_path(self, kind: str, shard: int) -> str:
        return self.join(TEMP, self.temp_id, f"{kind}-{shard:05d}-{uuid.uuid4().hex}.run")


RUN_CHUNK = 512  # entries per pickle frame at most: a merge holds one frame per open run
RUN_FRAME_BYTES = 256 * 1024  # and payload bytes per frame at most
ROW_WEIGHT = 2048  # what a Parquet row (a dict) is taken to weigh when bounding buffers and frames


def write_run(spec: OutputSpec, path: str, entries: list[Entry]) -> None:
    """A sorted run, written as a series of small pickled frames so it can be read lazily.

    Frames are bounded in entries and in bytes, so that merging many runs of large records
    holds little: one frame of each."""
    entries.sort(key=itemgetter(0))
    with spec.storage.open(path, "wb") as handle:
        start, size = 0, 0
        for end, (_, payload) in enumerate(entries, 1):
            size += len(payload) if isinstance(payload, bytes) else ROW_WEIGHT
            if end - start >= RUN_CHUNK or size >= RUN_FRAME_BYTES:
                pickle.dump(entries[start:end], handle, protocol=pickle.HIGHEST_PROTOCOL)
                start, size = end, 0
        if start < len(entries):
            pickle.dump(entries[start:], handle, protocol=pickle.HIGHEST_PROTOCOL)


def _read_run(spec: OutputSpec, path: str) -> Iterator[Entry]:
    with spec.storage.open(path, "rb") as handle:
        while True:
            try:
                frame = pickle.load(handle)
            except EOFError:
                return
            yield from frame


def merged_entries(spec: OutputSpec, run_paths: Iterable[str]) -> Iterator[Any]:
    """Payloads of every run, in sort-key order."""
    runs = [_read_run(spec, path) for path in sorted(run_paths)]
    if len(runs) == 1:  # already sorted: nothing to merge
        for _, payload in runs[0]:
            yield payload
        return
    for _, payload in heapq.merge(*runs, key=itemgetter(0)):
        yield payload


def write_shard(spec: OutputSpec, kind: str, shard: int, run_paths: Iterable[str]) -> tuple[str, int]:
    """Write one shard from its runs, staged for publishing; returns (its name, entries written)."""
    name = spec.shard_name(kind, shard)
    path = spec.staged_path(name)
    payloads = merged_entries(spec, run_paths)
    if kind == CORPUS and spec.corpus_format == "parquet":
        return name, _write_parquet(spec, path, payloads)
    count = 0
    with spec.storage.open(path, "wb") as handle:
        batch: list[bytes] = []
        for line in payloads:
            batch.append(line)
            if len(batch) >= RUN_CHUNK:  # one write per batch of lines, not two per line
                batch.append(b"")
                handle.write(b"\n".join(batch))
                count += len(batch) - 1
                batch = []
        if batch:
            batch.append(b"")
            handle.write(b"\n".join(batch))
            count += len(batch) - 1
    return name, count


def _write_parquet(spec: OutputSpec, path: str, rows: Iterator[dict], batch_rows: int = 4096) -> int:
    count = 0
    with spec.storage.open(path, "wb") as handle:
        with pq.ParquetWriter(handle, spec.parquet_schema) as writer:
            batch: list[dict] = []
            for row in rows:
                batch.append(row)
                if len(batch) >= batch_rows:
                    writer.write_table(pa.Table.from_pylist(batch, schema=spec.parquet_schema))
                    count += len(batch)
                    batch = []
            if batch or count == 0:
                writer.write_table(pa.Table.from_pylist(batch, schema=spec.parquet_schema))
                count += len(batch)
    return count
