"""Planning splits and reading them (`veil.io.inputs`), on local files and `memory://`."""
from __future__ import annotations

import bz2
import gzip
import json
import lzma
import random
import uuid
from collections import Counter

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.run.errors import ConfigError
from veil.io.inputs import InputSplit, format_of, lines_before_splits, parquet_schema, plan_splits, read_split
from veil.io.storage import Storage

STORAGE = Storage()


@pytest.fixture
def memory_root():
    root = f"memory://veil-test-inputs-{uuid.uuid4().hex}"
    yield root
    fs = fsspec.filesystem("memory")
    path = root.removeprefix("memory://")
    if fs.exists(path):
        fs.rm(path, recursive=True)


def write_bytes(url: str, data: bytes) -> None:
    with STORAGE.open(url, "wb") as handle:
        handle.write(data)


def read_all(pattern: str, split_bytes: int, limit: int, declared=None):
    splits = plan_splits(STORAGE, STORAGE.match(pattern), declared, split_bytes)
    records = [raw for split in splits for raw in read_split(STORAGE, split, limit)]
    return splits, records


def expected_lines(lines: list[bytes], trailing_newline: bool = True):
    """(offset, line number, content, size on disk) for each line as written."""
    out, offset = [], 0
    for i, content in enumerate(lines):
        last = i == len(lines) - 1
        size = len(content) + (0 if last and not trailing_newline else 1)
        out.append((offset, i + 1, content, size))
        offset += size
    return out


def check_jsonl(lines, records, splits, limit, trailing_newline=True):
    expected = expected_lines(lines, trailing_newline)
    assert len(records) == len(expected)
    first_split_order = splits[0].order
    # Each split counts its own lines; the lines of the splits before give the line in the file.
    lines_read = Counter(raw.split.order for raw in records)
    before = lines_before_splits([(split.order, split.path, lines_read[split.order]) for split in splits])
    for raw, (offset, number, content, size) in zip(records, expected):
        assert raw.position == offset
        assert raw.size == size
        assert raw.location(before[raw.split.order])["line"] == number
        if raw.split.start == 0:
            assert raw.line == number and raw.location()["line"] == number
        else:
            assert "line" not in raw.location()  # unknown without the splits before
        if len(content) > limit:
            assert raw.payload is None
            assert raw.problem == f"record is {size} bytes, over the {limit}-byte limit"
        else:
            assert raw.problem is None
            assert raw.payload == (content.removeprefix(b"\xef\xbb\xbf") if offset == 0 else content)
        # Each record is read by the split its line starts in.
        split = raw.split
        assert split.start <= offset and (split.end < 0 or offset < split.end)
    # The sort key follows input order.
    keys = [raw.sort_key for raw in records]
    assert keys == sorted(keys)
    assert splits[0].order == first_split_order == 0
    assert [s.order for s in splits] == list(range(len(splits)))


# --- format_of ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, expected",
    [
        ("a.jsonl", "jsonl"),
        ("gs://b/a.JSONL", "jsonl"),
        ("a.ndjson", "jsonl"),
        ("a.json", "jsonl"),
        ("a.jsonl.gz", "jsonl"),
        ("a.json.bz2", "jsonl"),
        ("s3://b/x/a.parquet", "parquet"),
        ("a.pq", "parquet"),
        ("a.parquet.zst", "parquet"),
    ],
)
def test_format_of_suffixes(path, expected):
    assert format_of(path) == expected


@pytest.mark.parametrize("path", ["a.csv", "a.txt", "noext", "a.jsonl.zip", "a.parquet.tmp"])
def test_format_of_unknown_extension(path):
    with pytest.raises(ConfigError, match="--input_format"):
        format_of(path)


def test_format_of_declared():
    assert format_of("a.csv", "jsonl") == "jsonl"
    assert format_of("a.jsonl", "parquet") == "parquet"
    with pytest.raises(ConfigError, match="use one of jsonl, parquet"):
        format_of("a.jsonl", "csv")


# --- planning JSONL -------------------------------------------------------------------------


def test_small_file_is_one_split(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_bytes(b'{"id": 1}\n')
    splits = plan_splits(STORAGE, STORAGE.match(str(path)), None, 1024)
    assert splits == [InputSplit(0, str(path), "jsonl", 0, -1)]


def test_large_file_is_cut_in_byte_ranges(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"x" * 2500)
    splits = plan_splits(STORAGE, [(str(path), 2500)], None, 1000)
    assert [(s.start, s.end) for s in splits] == [(0, 1000), (1000, 2000), (2000, -1)]


def test_splits_of_several_files_are_numbered_in_order(tmp_path):
    for name in ("b.jsonl", "a.jsonl"):
        (tmp_path / name).write_bytes(b'{"id": 1}\n' * 300)
    splits = plan_splits(STORAGE, STORAGE.match(str(tmp_path)), None, 1024)
    assert [s.order for s in splits] == list(range(len(splits)))
    assert [s.path.rsplit("/", 1)[-1] for s in splits] == ["a.jsonl"] * 3 + ["b.jsonl"] * 3


# --- reading JSONL --------------------------------------------------------------------------


def test_read_simple_jsonl(tmp_path):
    lines = [json.dumps({"id": i, "text": f"line {i}"}).encode() for i in range(5)]
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    splits, records = read_all(str(tmp_path / "a.jsonl"), 1 << 20, 1 << 20)
    assert len(splits) == 1
    check_jsonl(lines, records, splits, 1 << 20)
    assert records[2].location() == {
        "source": str(tmp_path / "a.jsonl"),
        "byte_offset": records[2].position,
        "line": 3,
    }


def test_last_line_without_newline_and_crlf(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(b'{"a": 1}\r\n{"b": 2}')
    _, records = read_all(str(tmp_path / "a.jsonl"), 1024, 1024)
    assert [r.payload for r in records] == [b'{"a": 1}', b'{"b": 2}']
    assert [r.position for r in records] == [0, 10]
    assert [r.size for r in records] == [10, 8]


def test_blank_lines_are_records(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(b'{"a": 1}\n\n  \n{"b": 2}\n')
    _, records = read_all(str(tmp_path / "a.jsonl"), 1024, 1024)
    assert [r.payload for r in records] == [b'{"a": 1}', b"", b"  ", b'{"b": 2}']
    assert [r.line for r in records] == [1, 2, 3, 4]


def test_empty_file_has_no_records(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(b"")
    splits, records = read_all(str(tmp_path / "a.jsonl"), 1024, 1024)
    assert len(splits) == 1 and records == []


def test_oversized_line_then_next_line_is_read(tmp_path):
    lines = [b'{"id": "a"}', b'{"id": "big", "text": "' + b"x" * 5000 + b'"}', b'{"id": "c"}']
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    splits, records = read_all(str(tmp_path / "a.jsonl"), 1 << 20, 100)
    check_jsonl(lines, records, splits, 100)
    assert records[1].payload is None and "over the 100-byte limit" in records[1].problem
    assert records[2].payload == b'{"id": "c"}' and records[2].line == 3


def test_line_exactly_at_the_limit_is_kept(tmp_path):
    lines = [b"a" * 100, b"b" * 101, b"c" * 99]
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    splits, records = read_all(str(tmp_path / "a.jsonl"), 1 << 20, 100)
    assert [r.payload for r in records] == [b"a" * 100, None, b"c" * 99]
    check_jsonl(lines, records, splits, 100)


def test_oversized_last_line_without_newline(tmp_path):
    lines = [b"ok", b"z" * 300]
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines))
    splits, records = read_all(str(tmp_path / "a.jsonl"), 1 << 20, 100)
    check_jsonl(lines, records, splits, 100, trailing_newline=False)


def test_line_starting_exactly_at_a_split_boundary(tmp_path):
    lines = [b"a" * 9, b"b" * 9, b"c" * 9, b"d" * 5]  # 10 bytes each with the newline
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    splits, records = read_all(str(tmp_path / "a.jsonl"), 10, 1000)
    assert [(s.start, s.end) for s in splits] == [(0, 10), (10, 20), (20, 30), (30, -1)]
    assert [r.split.order for r in records] == [0, 1, 2, 3]
    check_jsonl(lines, records, splits, 1000)


def test_long_line_spanning_several_splits(memory_root):
    lines = [b"first", b"L" * 5000, b"after", b"x" * 10, b"end"]
    write_bytes(f"{memory_root}/a.jsonl", b"\n".join(lines) + b"\n")
    splits, records = read_all(f"{memory_root}/a.jsonl", 1024, 100_000)
    assert len(splits) == 5
    check_jsonl(lines, records, splits, 100_000)
    # The splits inside the long line read nothing; the one holding its start reads it.
    assert records[1].split.order == 0
    assert {r.split.order for r in records[2:]} == {4}


line_content = st.one_of(
    st.binary(min_size=0, max_size=200).map(lambda b: b.replace(b"\n", b" ").replace(b"\r", b" ")),
    st.integers(0, 9000).map(lambda n: b"y" * n),  # long lines, some longer than a split
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(line_content, min_size=1, max_size=40),
    st.integers(1024, 4096),
    st.integers(50, 6000),
    st.booleans(),
)
def test_every_line_read_exactly_once_memory(lines, split_bytes, limit, trailing_newline):
    root = f"memory://veil-test-inputs-{uuid.uuid4().hex}"
    data = b"\n".join(lines) + (b"\n" if trailing_newline else b"")
    if not trailing_newline and lines[-1] == b"":
        # A file cannot end in an empty line without its newline: the data ends with the
        # previous line's newline (or is empty).
        lines, trailing_newline = lines[:-1], True
    write_bytes(f"{root}/data.jsonl", data)
    try:
        splits, records = read_all(f"{root}/data.jsonl", split_bytes, limit)
        if len(data) > split_bytes:
            assert len(splits) == -(-len(data) // split_bytes)
        if not lines:
            assert records == []
        else:
            check_jsonl(lines, records, splits, limit, trailing_newline)
    finally:
        fsspec.filesystem("memory").rm(root.removeprefix("memory://"), recursive=True)


@settings(max_examples=30, deadline=None)
@given(st.lists(line_content, min_size=1, max_size=30), st.integers(1024, 4096))
def test_every_line_read_exactly_once_local(tmp_path_factory, lines, split_bytes):
    path = tmp_path_factory.mktemp("jsonl") / "data.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    splits, records = read_all(str(path), split_bytes, 4000)
    check_jsonl(lines, records, splits, 4000)


def test_gzip_input_is_one_split_and_reads_the_same(tmp_path):
    lines = [json.dumps({"id": i, "text": "w" * (i * 37 % 500)}).encode() for i in range(60)]
    lines.insert(10, b"q" * 3000)  # oversized for the limit below
    data = b"\n".join(lines) + b"\n"
    (tmp_path / "plain.jsonl").write_bytes(data)
    (tmp_path / "packed.jsonl.gz").write_bytes(gzip.compress(data))
    assert len(data) > 4 * 1024

    plain_splits, plain = read_all(str(tmp_path / "plain.jsonl"), 1024, 2000)
    gz_splits, packed = read_all(str(tmp_path / "packed.jsonl.gz"), 1024, 2000)
    assert len(plain_splits) > 1
    assert len(gz_splits) == 1 and gz_splits[0].start == 0 and gz_splits[0].end == -1
    check_jsonl(lines, packed, gz_splits, 2000)
    assert [(r.position, r.payload, r.size, r.problem) for r in packed] == [
        (r.position, r.payload, r.size, r.problem) for r in plain
    ]


def test_gzip_on_memory_filesystem(memory_root):
    lines = [b'{"id": 1}', b'{"id": 2}']
    write_bytes(f"{memory_root}/a.jsonl.gz", gzip.compress(b"\n".join(lines) + b"\n"))
    splits, records = read_all(f"{memory_root}/a.jsonl.gz", 8, 1000)
    assert len(splits) == 1
    check_jsonl(lines, records, splits, 1000)


def test_bom_before_the_first_line_is_not_part_of_the_record(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"id": 1}\n{"id": 2}\n')
    _, records = read_all(str(path), 1 << 20, 1000)
    assert [(r.position, r.payload, r.size) for r in records] == [(0, b'{"id": 1}', 13), (13, b'{"id": 2}', 10)]


def test_lines_before_splits_counts_per_file():
    counts = [(0, "a", 5), (2, "a", 0), (1, "a", 7), (3, "b", 4), (4, "b", 2)]
    assert lines_before_splits(counts) == {0: 0, 1: 5, 2: 12, 3: 0, 4: 4}


# 2 MB of text that does not shrink before bzip2's blocks are cut: more than one block
# (900 kB), which decompresses only whole.
LINES = [json.dumps({"id": i, "text": "".join(random.Random(i).choices("abcdefgh jklmnop", k=40))}).encode()
         for i in range(30_000)]


def zstd_frames(data: bytes) -> bytes:
    """Two zstd frames, as a file written in two pieces holds."""
    import zstandard

    half = len(data) // 2
    return zstandard.ZstdCompressor().compress(data[:half]) + zstandard.ZstdCompressor().compress(data[half:])


@pytest.mark.parametrize("suffix, compress", [
    (".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress), (".zst", zstd_frames),
])
def test_truncated_compressed_file_keeps_the_lines_before_the_cut(tmp_path, suffix, compress):
    data = b"\n".join(LINES) + b"\n"
    packed = compress(data)
    path = tmp_path / f"a.jsonl{suffix}"
    path.write_bytes(packed[: len(packed) * 2 // 3])
    _, records = read_all(str(path), 1 << 20, 1000)
    *lines, rest = records
    assert 0 < len(lines) < len(LINES)
    assert [r.payload for r in lines] == LINES[: len(lines)]  # whole lines only, in order
    assert rest.payload is None and rest.line == len(lines) + 1 and rest.size == 0
    assert rest.position == sum(len(line) + 1 for line in LINES[: len(lines)])
    assert rest.problem == ("the rest of the file cannot be read from this line on: "
                            "the compressed data ends early (a truncated file)")


@pytest.mark.parametrize("suffix, reason", [
    (".gz", "it is not gzip data, though its name ends in .gz"),
    (".bz2", "the compressed data is corrupt (OSError: Invalid data stream)"),
    (".zst", "the compressed data is corrupt (ZstdError: zstd decompressor error: Unknown frame descriptor)"),
])
def test_plain_text_named_as_compressed_is_one_problem(tmp_path, suffix, reason):
    path = tmp_path / f"a.jsonl{suffix}"
    path.write_bytes(b"\n".join(LINES[:5]) + b"\n")
    _, records = read_all(str(path), 1 << 20, 1000)
    assert [(r.position, r.line, r.payload, r.problem) for r in records] == [
        (0, 1, None, "the rest of the file cannot be read from this line on: " + reason)]


def test_zstd_frames_read_whole(tmp_path):
    path = tmp_path / "a.jsonl.zst"
    path.write_bytes(zstd_frames(b"\n".join(LINES) + b"\n"))
    _, records = read_all(str(path), 1 << 20, 1000)
    assert [r.payload for r in records] == LINES


def test_corrupt_gzip_data_keeps_what_came_before(tmp_path):
    packed = bytearray(gzip.compress(b"\n".join(LINES) + b"\n"))
    for i in range(len(packed) // 2, len(packed) // 2 + 64):
        packed[i] ^= 0x55
    path = tmp_path / "a.jsonl.gz"
    path.write_bytes(bytes(packed))
    _, records = read_all(str(path), 1 << 20, 1000)
    *lines, rest = records
    # Deflate has no checksum before the end: the lines up to the damage come out right, those
    # after it may come out as garbage (then bad records), and the damage is found at the end.
    assert [r.payload for r in lines[:1000]] == LINES[:1000]
    assert rest.problem.startswith("the rest of the file cannot be read from this line on: the compressed data is corrupt (")


# --- Parquet --------------------------------------------------------------------------------


def parquet_rows(n: int) -> list[dict]:
    return [
        {"id": f"r{i}", "text": "t" * (i % 50), "turns": [{"speaker": "a", "text": f"hi {i}"}], "n": i}
        for i in range(n)
    ]


def write_parquet(url: str, rows: list[dict], row_group_size: int) -> None:
    with STORAGE.open(url, "wb") as handle:
        pq.write_table(pa.Table.from_pylist(rows), handle, row_group_size=row_group_size)


@pytest.mark.parametrize("where", ["local", "memory"])
@pytest.mark.parametrize("row_group_size, split_bytes", [(7, 1024), (50, 2048), (1000, 1024), (3, 1)])
def test_parquet_rows_read_once_across_splits(tmp_path, memory_root, where, row_group_size, split_bytes):
    root = str(tmp_path) if where == "local" else memory_root
    url = f"{root}/data.parquet"
    rows = parquet_rows(230)
    write_parquet(url, rows, row_group_size)
    splits, records = read_all(url, split_bytes, 1 << 20)

    groups = -(-len(rows) // row_group_size)
    assert splits[0].start == 0 and splits[-1].end == groups
    for a, b in zip(splits, splits[1:]):
        assert a.end == b.start and a.start < a.end
    if row_group_size < 100:
        assert len(splits) > 1

    assert [r.payload for r in records] == rows
    assert [r.position for r in records] == list(range(len(rows)))
    assert all(r.line is None and r.problem is None for r in records)
    assert records[5].location() == {"source": splits[0].path, "row": 5}
    assert splits[0].path.endswith(url.split("://")[-1])


def test_parquet_single_split(tmp_path):
    rows = parquet_rows(20)
    write_parquet(str(tmp_path / "a.parquet"), rows, 5)
    splits, records = read_all(str(tmp_path / "a.parquet"), 1 << 30, 1 << 20)
    assert [(s.start, s.end) for s in splits] == [(0, 4)]
    assert [r.payload for r in records] == rows


def test_parquet_oversized_rows(tmp_path):
    rows = [{"id": "a", "text": "small"}, {"id": "b", "text": "B" * 5000}, {"id": "c", "text": "ok"}]
    write_parquet(str(tmp_path / "a.parquet"), rows, 10)
    _, records = read_all(str(tmp_path / "a.parquet"), 1 << 20, 1000)
    assert [r.position for r in records] == [0, 1, 2]
    assert records[0].payload == rows[0] and records[2].payload == rows[2]
    assert records[1].payload is None
    assert "over the 1000-byte limit" in records[1].problem


def test_unreadable_parquet_gives_one_problem_record(tmp_path):
    (tmp_path / "broken.parquet").write_bytes(b"this is not parquet at all")
    splits, records = read_all(str(tmp_path / "broken.parquet"), 1024, 1000)
    assert len(splits) == 1
    assert len(records) == 1
    assert records[0].payload is None
    assert records[0].problem.startswith("not a readable Parquet file")


def test_mixed_jsonl_and_parquet_inputs(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(b'{"id": 1}\n{"id": 2}\n')
    write_parquet(str(tmp_path / "b.parquet"), parquet_rows(4), 2)
    splits, records = read_all(str(tmp_path), 1 << 20, 1 << 20)
    assert [s.format for s in splits] == ["jsonl", "parquet"]
    assert [r.payload for r in records[:2]] == [b'{"id": 1}', b'{"id": 2}']
    assert [r.payload["id"] for r in records[2:]] == ["r0", "r1", "r2", "r3"]


def test_parquet_schema_unifies_and_skips_unreadable(tmp_path):
    write_parquet(str(tmp_path / "a.parquet"), [{"id": "a", "text": "x"}], 10)
    write_parquet(str(tmp_path / "b.parquet"), [{"id": "b", "text": "y", "extra": 1}], 10)
    (tmp_path / "c.parquet").write_bytes(b"junk")
    schema = parquet_schema(STORAGE, [str(tmp_path / n) for n in ("a.parquet", "b.parquet", "c.parquet")])
    assert schema.names == ["id", "text", "extra"]
    assert parquet_schema(STORAGE, [str(tmp_path / "c.parquet")]) is None


def test_parquet_schema_conflict_is_a_config_error(tmp_path):
    write_parquet(str(tmp_path / "a.parquet"), [{"id": "a"}], 10)
    write_parquet(str(tmp_path / "b.parquet"), [{"id": 5}], 10)
    with pytest.raises(ConfigError, match="conflicting schemas"):
        parquet_schema(STORAGE, [str(tmp_path / "a.parquet"), str(tmp_path / "b.parquet")])
