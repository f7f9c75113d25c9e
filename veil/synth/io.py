"""Write synthetic records as JSONL or Parquet to any fsspec URL."""
from __future__ import annotations

import json
from typing import Iterable

import fsspec
import fsspec.core
import pyarrow as pa
import pyarrow.parquet as pq

TURN_TYPE = pa.struct([("speaker", pa.string()), ("text", pa.string())])
PII_TYPE = pa.struct([
    ("turn", pa.int32()), ("start", pa.int32()), ("end", pa.int32()),
    ("info_type", pa.string()), ("speaker_related", pa.bool_()),
    ("entity", pa.string()),  # gold person id, on PERSON_NAME spans: "P1", ...
])
NEGATIVE_TYPE = pa.struct([
    ("turn", pa.int32()), ("start", pa.int32()), ("end", pa.int32()), ("kind", pa.string()),
])
# Conversations have `turns` and a null `text`; documents have `text` and null `turns`.
PARQUET_SCHEMA = pa.schema([
    ("id", pa.string()),
    ("context", pa.string()),
    ("language", pa.string()),
    ("turns", pa.list_(TURN_TYPE)),
    ("text", pa.string()),
    ("pii", pa.list_(PII_TYPE)),
    ("negatives", pa.list_(NEGATIVE_TYPE)),
])

_FORMATS = {".jsonl": "jsonl", ".json": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet",
            ".pq": "parquet"}
_COMPRESSIONS = (".gz", ".bz2", ".xz", ".zst")


def infer_format(path: str) -> str:
    name = path.lower()
    for ext in _COMPRESSIONS:
        if name.endswith(ext):
            name = name[: -len(ext)]
            break
    for ext, fmt in _FORMATS.items():
        if name.endswith(ext):
            return fmt
    raise ValueError(f"cannot tell the format of {path!r}: use .jsonl or .parquet, or fmt=")


def write_records(records: Iterable[dict], path: str, fmt: str | None = None,
                  batch_size: int = 2000) -> int:
    """Write records to `path` (any fsspec URL) as JSONL or Parquet; return how many.

    The format comes from the extension (.jsonl, .parquet; .jsonl.gz is compressed) unless
    `fmt` ("jsonl" or "parquet") says otherwise. Parquet is written in batches of
    `batch_size` rows with PARQUET_SCHEMA, so memory stays flat for any number of records.
    """
    fmt = (fmt or infer_format(path)).lower()
    if fmt in ("json", "ndjson"):
        fmt = "jsonl"
    if fmt == "jsonl":
        return _write_jsonl(records, path)
    if fmt == "parquet":
        return _write_parquet(records, path, batch_size)
    raise ValueError(f"unknown format {fmt!r}: use 'jsonl' or 'parquet'")


def _make_parent(path: str) -> None:
    """Create the parent folder of a local path (object stores have no folders to make)."""
    fs, fs_path = fsspec.core.url_to_fs(path)
    protocols = fs.protocol if isinstance(fs.protocol, (tuple, list)) else (fs.protocol,)
    if "file" in protocols or "local" in protocols:
        fs.makedirs(fs._parent(fs_path), exist_ok=True)


def _write_jsonl(records: Iterable[dict], path: str) -> int:
    _make_parent(path)
    count = 0
    with fsspec.open(path, "wt", encoding="utf-8", compression="infer") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False))
            f.write("\n")
            count += 1
    return count


_COLUMNS = tuple(PARQUET_SCHEMA.names)


def _write_parquet(records: Iterable[dict], path: str, batch_size: int) -> int:
    _make_parent(path)
    count = 0
    batch: list[dict] = []
    with fsspec.open(path, "wb") as f:
        with pq.ParquetWriter(f, PARQUET_SCHEMA, compression="zstd") as writer:
            for record in records:
                extra = set(record) - set(_COLUMNS)
                if extra:
                    raise ValueError(f"record {record.get('id')!r} has fields outside the "
                                     f"Parquet schema: {sorted(extra)}")
                batch.append(record)
                if len(batch) >= batch_size:
                    writer.write_table(pa.Table.from_pylist(batch, schema=PARQUET_SCHEMA))
                    count += len(batch)
                    batch = []
            if batch:
                writer.write_table(pa.Table.from_pylist(batch, schema=PARQUET_SCHEMA))
                count += len(batch)
    return count
