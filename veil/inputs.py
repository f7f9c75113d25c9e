"""Input files cut into splits, and splits read as a stream of raw records.

A split is a byte range of a JSONL file or a range of row groups of a Parquet file. Splits are
planned once, at launch, from the file listing alone, so they are the same whatever runs them;
each output shard is made of whole splits, which keeps the output deterministic. Reading never
holds more than one line or one row-group batch in memory.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from veil.errors import ConfigError
from veil.storage import Storage

FORMATS = ("jsonl", "parquet")


@dataclass(frozen=True)
class InputSplit:
    order: int  # position in the plan: the primary output sort key
    path: str
    format: str
    start: int  # JSONL: first byte; Parquet: first row group
    end: int  # JSONL: byte after the last (or -1: to the end); Parquet: row group after the last


@dataclass(frozen=True)
class RawInput:
    """One record as read: its place in the input, and its bytes (JSONL) or row (Parquet)."""

    split: InputSplit
    position: int  # JSONL: byte offset of the line; Parquet: row number in the file
    line: int | None  # JSONL line number (1-based) where known
    payload: Any  # bytes for JSONL, dict for Parquet, None when oversized
    size: int
    problem: str | None = None  # set when the reader already knows the record is bad

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.split.order, self.position)

    def location(self) -> dict[str, Any]:
        where: dict[str, Any] = {"source": self.split.path}
        if self.split.format == "parquet":
            where["row"] = self.position
        else:
            where["byte_offset"] = self.position
            if self.line is not None:
                where["line"] = self.line
        return where


def format_of(path: str, declared: str | None = None) -> str:
    if declared:
        if declared not in FORMATS:
            raise ConfigError(f"--input_format {declared!r}: use one of {', '.join(FORMATS)}")
        return declared
    name = path.lower()
    for suffix in (".gz", ".bz2", ".zst", ".xz", ".lz4"):
        name = name.removesuffix(suffix)
    if name.endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"
    if name.endswith((".parquet", ".pq")):
        return "parquet"
    raise ConfigError(
        f"cannot tell the format of {path!r} from its name; pass --input_format jsonl or parquet"
    )


def plan_splits(
    storage: Storage, files: list[tuple[str, int]], declared_format: str | None, split_bytes: int
) -> list[InputSplit]:
    """Deterministic splits of every input file, in path order."""
    splits: list[InputSplit] = []
    for path, size in files:
        fmt = format_of(path, declared_format)
        if fmt == "parquet":
            pieces = _parquet_pieces(storage, path, split_bytes)
        elif storage.is_compressed(path) or size <= split_bytes:
            pieces = [(0, -1)]
        else:
            pieces = [(s, min(s + split_bytes, size)) for s in range(0, size, split_bytes)]
            pieces[-1] = (pieces[-1][0], -1)
        for start, end in pieces:
            splits.append(InputSplit(len(splits), path, fmt, start, end))
    return splits


def _parquet_pieces(storage: Storage, path: str, split_bytes: int) -> list[tuple[int, int]]:
    try:
        with storage.open(path, "rb") as handle:
            metadata = pq.ParquetFile(handle).metadata
    except (pa.ArrowInvalid, OSError):
        # Unreadable files still get a split, so their failure is reported where it happens.
        return [(0, -1)]
    pieces, start, size = [], 0, 0
    for group in range(metadata.num_row_groups):
        size += metadata.row_group(group).total_byte_size
        if size >= split_bytes:
            pieces.append((start, group + 1))
            start, size = group + 1, 0
    if start < metadata.num_row_groups or not pieces:
        pieces.append((start, metadata.num_row_groups))
    return pieces


def parquet_schema(storage: Storage, paths: list[str]) -> pa.Schema | None:
    """The schema the Parquet output keeps: the inputs' schemas, unified."""
    schemas = []
    for path in paths:
        try:
            with storage.open(path, "rb") as handle:
                schemas.append(pq.read_schema(handle))
        except (pa.ArrowInvalid, OSError):
            continue
    if not schemas:
        return None
    try:
        return pa.unify_schemas(schemas)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as error:
        raise ConfigError(f"the Parquet inputs have conflicting schemas: {error}") from None


def read_split(
    storage: Storage, split: InputSplit, max_record_bytes: int
) -> Iterator[RawInput]:
    if split.format == "parquet":
        yield from _read_parquet(storage, split, max_record_bytes)
    else:
        yield from _read_jsonl(storage, split, max_record_bytes)


def _read_jsonl(storage: Storage, split: InputSplit, limit: int) -> Iterator[RawInput]:
    with storage.open_decompressed(split.path) as handle:
        position = 0
        if split.start > 0:
            handle.seek(split.start - 1)
            skipped = handle.readline()  # the tail of a line that belongs to the split before
            position = split.start - 1 + len(skipped)
        line_number = 0 if split.start == 0 else None
        while split.end < 0 or position < split.end:
            line = handle.readline(limit + 2)  # room for the record and its "\r\n"
            if not line:
                break
            start = position
            size = len(line)
            if line_number is not None:
                line_number += 1
            if len(line) > limit and not line.endswith(b"\n"):
                # Too long: drain the rest of the line without keeping it.
                while True:
                    chunk = handle.readline(1 << 20)
                    size += len(chunk)
                    if not chunk or chunk.endswith(b"\n"):
                        break
                position += size
                yield RawInput(split, start, line_number, None, size,
                               f"record is {size} bytes, over the {limit}-byte limit")
                continue
            position += size
            record = line.rstrip(b"\r\n")
            if len(record) > limit:
                yield RawInput(split, start, line_number, None, size,
                               f"record is {size} bytes, over the {limit}-byte limit")
                continue
            yield RawInput(split, start, line_number, record, size)


def _read_parquet(storage: Storage, split: InputSplit, limit: int) -> Iterator[RawInput]:
    try:
        handle = storage.open(split.path, "rb")
        parquet = pq.ParquetFile(handle)
    except (pa.ArrowInvalid, OSError) as error:
        yield RawInput(split, 0, None, None, 0, f"not a readable Parquet file: {error}")
        return
    with handle:
        metadata = parquet.metadata
        end = metadata.num_row_groups if split.end < 0 else split.end
        row = sum(metadata.row_group(g).num_rows for g in range(split.start))
        for group in range(split.start, end):
            for batch in parquet.iter_batches(batch_size=1024, row_groups=[group]):
                # No row can be larger than its batch, so most batches need no per-row sizing.
                measure = batch.nbytes > limit
                for values in batch.to_pylist():
                    size = _row_size(values) if measure else batch.nbytes // max(batch.num_rows, 1)
                    if size > limit:
                        yield RawInput(split, row, None, None, size,
                                       f"record is about {size} bytes, over the {limit}-byte limit")
                    else:
                        yield RawInput(split, row, None, values, size)
                    row += 1


def _row_size(values: dict) -> int:
    return len(json.dumps(values, default=str, ensure_ascii=False).encode())
