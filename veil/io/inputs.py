"""Input files cut into splits, and splits read as a stream of raw records.

A split is a byte range of a JSONL file or a range of row groups of a Parquet file. Splits are
planned once, at launch, from the file listing alone, so they are the same whatever runs them;
each output shard is made of whole splits, which keeps the output deterministic. Reading never
holds more than one line or one row-group batch in memory.

A file that goes bad part way (a truncated or corrupt compressed stream, a Parquet page that
does not decode) does not stop the job: what was read before stays, and the rest of the file
(or of the Parquet row group) becomes one record with a `problem` that says from where and why.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from veil.io.decompress import decompression_problem
from veil.run.errors import ConfigError
from veil.io.storage import Storage

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
    # JSONL: the line's number within its split (1-based). It is the line number in the file
    # for a split that starts the file; for the others, add the lines of the splits before
    # (`location(lines_before)`), which only the whole read knows.
    line: int | None
    payload: Any  # bytes for JSONL, dict for Parquet, None when oversized or unreadable
    size: int
    problem: str | None = None  # set when the reader already knows the record is bad

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.split.order, self.position)

    def location(self, lines_before: int | None = None) -> dict[str, Any]:
        """Where the record is: file, and row (Parquet) or byte offset and line (JSONL). The
        line is given when known: in a split that starts the file, or with `lines_before`."""
        where: dict[str, Any] = {"source": self.split.path}
        if self.split.format == "parquet":
            where["row"] = self.position
        else:
            where["byte_offset"] = self.position
            if self.split.start == 0 and lines_before is None:
                lines_before = 0
            if self.line is not None and lines_before is not None:
                where["line"] = lines_before + self.line
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


def lines_before_splits(line_counts: list[tuple[int, str, int]]) -> dict[int, int]:
    """{split order: lines of its file before it}, from (split order, path, lines read in the
    split) of every JSONL split. A file's splits are consecutive in the plan."""
    before: dict[int, int] = {}
    seen: dict[str, int] = {}
    for order, path, lines in sorted(line_counts):
        before[order] = seen.get(path, 0)
        seen[path] = before[order] + lines
    return before


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


UTF8_BOM = b"\xef\xbb\xbf"


def _read_jsonl(storage: Storage, split: InputSplit, limit: int) -> Iterator[RawInput]:
    with storage.open_decompressed(split.path) as handle:
        salvaging = getattr(handle, "salvaging", None)  # set for compressed files
        position = 0
        if split.start > 0:
            handle.seek(split.start - 1)
            skipped = handle.readline()  # the tail of a line that belongs to the split before
            position = split.start - 1 + len(skipped)
        line_number = 0  # within the split
        while split.end < 0 or position < split.end:
            line = handle.readline(limit + 2)  # room for the record and its "\r\n"
            if not line:
                break
            if salvaging and salvaging.decompression_error and not line.endswith(b"\n"):
                break  # a line cut short where the compressed data went bad: reported below
            start = position
            size = len(line)
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
            if start == 0 and record.startswith(UTF8_BOM):
                record = record[len(UTF8_BOM):]  # a byte-order mark some editors write first
            yield RawInput(split, start, line_number, record, size)
        if salvaging and salvaging.decompression_error:
            yield RawInput(split, position, line_number + 1, None, 0,
                           "the rest of the file cannot be read from this line on: "
                           + decompression_problem(salvaging.decompression_error))


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
        first_row = sum(metadata.row_group(g).num_rows for g in range(split.start))
        for group in range(split.start, end):
            group_rows = metadata.row_group(group).num_rows
            row = first_row
            try:
                for batch in parquet.iter_batches(batch_size=1024, row_groups=[group]):
                    for raw in _batch_rows(split, batch, row, limit):
                        yield raw
                        row += 1
            except Exception as error:  # noqa: BLE001 (sorted just below)
                if not _is_parquet_data_error(error):
                    raise
                rest = first_row + group_rows - row
                yield RawInput(split, row, None, None, 0,
                               f"row group {group} cannot be read from this row on ({rest} rows): "
                               f"{type(error).__name__}: {_first_line(error)}")
            first_row += group_rows


def _batch_rows(split: InputSplit, batch: pa.RecordBatch, row: int, limit: int) -> Iterator[RawInput]:
    try:
        rows = batch.to_pylist()
    except UnicodeDecodeError:
        rows = None  # some string holds invalid UTF-8: find the rows, and keep the others
    # No row can be larger than its batch, so most batches need no per-row sizing.
    measure = batch.nbytes > limit
    for i in range(batch.num_rows):
        values = rows[i] if rows is not None else _row_or_problem(batch, i)
        if isinstance(values, str):
            yield RawInput(split, row + i, None, None, 0, values)
            continue
        size = _row_size(values) if measure else batch.nbytes // max(batch.num_rows, 1)
        if size > limit:
            yield RawInput(split, row + i, None, None, size,
                           f"record is about {size} bytes, over the {limit}-byte limit")
        else:
            yield RawInput(split, row + i, None, values, size)


def _row_or_problem(batch: pa.RecordBatch, i: int) -> dict | str:
    """Row `i` of the batch, or why it cannot be read (a string)."""
    try:
        return batch.slice(i, 1).to_pylist()[0]
    except UnicodeDecodeError:
        bad = [name for name, column in zip(batch.schema.names, batch.columns)
               if not _decodes(column.slice(i, 1))]
        return f"column {', '.join(repr(n) for n in bad)} holds a string that is not valid UTF-8"


def _decodes(column: pa.Array) -> bool:
    try:
        column.to_pylist()
        return True
    except UnicodeDecodeError:
        return False


def _is_parquet_data_error(error: BaseException) -> bool:
    """Undecodable data (a corrupt page, a bad header), as opposed to an I/O fault."""
    if isinstance(error, (pa.ArrowException, UnicodeDecodeError, EOFError)):
        return True
    # pyarrow reports a corrupt page as a bare OSError without errno; storage libraries set one.
    return type(error) is OSError and error.errno is None


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else ""


def _row_size(values: dict) -> int:
    return len(json.dumps(values, default=str, ensure_ascii=False).encode())
