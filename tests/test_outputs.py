"""Deterministic sharded output (`veil.io.outputs`), on `memory://` and local folders.

JSONL payloads are bytes (one encoded JSON line each); Parquet payloads are row dicts.
"""
from __future__ import annotations

import json
import random
import uuid

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.io.outputs import (
    CORPUS,
    ERRORS,
    FINDINGS,
    RISK,
    OutputSpec,
    merged_entries,
    write_run,
    write_shard,
)
from veil.io.storage import Storage

STORAGE = Storage()
SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("turns", pa.list_(pa.struct([("speaker", pa.string()), ("text", pa.string())]))),
        ("n", pa.int64()),
    ]
)


@pytest.fixture
def root(output_root):
    return output_root


def spec_for(root, corpus_format="jsonl", num_shards=2, num_splits=4, schema=None):
    return OutputSpec(root, num_shards, num_splits, corpus_format, STORAGE, schema, temp_id="t1")


def read_bytes(url: str) -> bytes:
    with STORAGE.open(url, "rb") as handle:
        return handle.read()


def exists(url: str) -> bool:
    fs, path = STORAGE.filesystem(url)
    return fs.exists(path)


# --- paths -----------------------------------------------------------------------------------


def test_paths_and_shard_assignment():
    spec = OutputSpec("gs://bucket/out/", 3, 10, "parquet", STORAGE, temp_id="abc")
    assert spec.shard_path(CORPUS, 1) == "gs://bucket/out/corpus/part-00001-of-00003.parquet"
    assert spec.shard_path(FINDINGS, 0) == "gs://bucket/out/findings/part-00000-of-00003.jsonl"
    assert spec.shard_path(ERRORS, 2) == "gs://bucket/out/errors/part-00002-of-00003.jsonl"
    assert spec.temp_root == "gs://bucket/out/_temp/abc"
    assert spec.shard_name(RISK, 2) == "risk/conversations-00002-of-00003.jsonl"
    assert spec.staged_path("job_summary.json") == "gs://bucket/out/_temp/abc/output/job_summary.json"
    run = spec.new_run_path(CORPUS, 2)
    assert run.startswith("gs://bucket/out/_temp/abc/corpus-00002-") and run.endswith(".run")
    assert run != spec.new_run_path(CORPUS, 2)
    jsonl = OutputSpec("out", 1, 1, "jsonl", STORAGE)
    assert jsonl.shard_path(CORPUS, 0) == "out/corpus/part-00000-of-00001.jsonl"


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 50), st.integers(0, 200))
def test_shards_are_contiguous_runs_of_splits(num_shards, num_splits):
    spec = OutputSpec("out", num_shards, num_splits, "jsonl", STORAGE)
    shards = [spec.shard_of(order) for order in range(num_splits)]
    assert shards == sorted(shards)
    assert all(0 <= s < num_shards for s in shards)
    if num_splits >= num_shards:
        assert set(shards) == set(range(num_shards))


# --- runs and shards -------------------------------------------------------------------------


def test_runs_written_out_of_order_merge_into_key_order(root):
    spec = spec_for(root)
    entries = [
        ((split, pos), json.dumps({"split": split, "pos": pos}).encode())
        for split in range(3)
        for pos in range(0, 50, 5)
    ]
    shuffled = list(entries)
    random.Random(7).shuffle(shuffled)
    runs = []
    for i in range(4):  # four workers, each with an arbitrary unsorted slice
        path = spec.new_run_path(FINDINGS, 0)
        write_run(spec, path, shuffled[i::4])
        runs.append(path)
    name, count = write_shard(spec, FINDINGS, 0, reversed(runs))
    path = spec.staged_path(name)
    assert name == "findings/part-00000-of-00002.jsonl"
    assert path == spec.join("_temp", "t1", "output", name)
    assert count == len(entries)
    assert read_bytes(path) == b"".join(line + b"\n" for _, line in entries)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10_000)), unique=True, max_size=60),
    st.integers(1, 6),
    st.randoms(use_true_random=False),
)
def test_merge_order_does_not_depend_on_how_entries_were_bundled(keys, n_runs, rnd):
    spec = spec_for(f"memory://veil-test-outputs-{uuid.uuid4().hex}")
    entries = [(key, f"{key[0]}:{key[1]}".encode()) for key in keys]
    rnd.shuffle(entries)
    paths = []
    for i in range(n_runs):
        path = spec.new_run_path(CORPUS, 0)
        write_run(spec, path, entries[i::n_runs])
        paths.append(path)
    try:
        assert list(merged_entries(spec, paths)) == [f"{a}:{b}".encode() for a, b in sorted(keys)]
    finally:
        STORAGE.remove(spec.root)


def test_jsonl_shard_is_utf8_lines(root):
    spec = spec_for(root)
    run = spec.new_run_path(CORPUS, 1)
    lines = [json.dumps({"id": "z", "text": "Zoë — ok"}, ensure_ascii=False).encode("utf-8"), b"{}"]
    write_run(spec, run, [((2, 10), lines[0]), ((2, 20), lines[1])])
    name, count = write_shard(spec, CORPUS, 1, [run])
    path = spec.staged_path(name)
    assert path.endswith("corpus/part-00001-of-00002.jsonl")
    assert count == 2
    assert read_bytes(path) == lines[0] + b"\n" + lines[1] + b"\n"
    assert read_bytes(path).decode("utf-8").splitlines()[0].endswith("Zoë — ok\"}")


def test_parquet_shard_with_schema(root):
    spec = spec_for(root, "parquet", schema=SCHEMA)
    rows = [
        {"id": f"r{i}", "turns": [{"speaker": "a", "text": f"[PERSON_NAME_{i}]"}], "n": i}
        for i in range(10)
    ]
    runs = []
    for part in (rows[5:], rows[:5]):
        path = spec.new_run_path(CORPUS, 0)
        write_run(spec, path, [((0, row["n"]), row) for row in reversed(part)])
        runs.append(path)
    name, count = write_shard(spec, CORPUS, 0, runs)
    path = spec.staged_path(name)
    assert path.endswith("corpus/part-00000-of-00002.parquet")
    assert count == 10
    with STORAGE.open(path, "rb") as handle:
        table = pq.read_table(handle)
    assert table.schema.equals(SCHEMA)
    assert table.to_pylist() == rows


def test_parquet_shard_larger_than_one_batch(tmp_path):
    schema = pa.schema([("id", pa.string()), ("n", pa.int64())])
    spec = spec_for(str(tmp_path), "parquet", num_shards=1, schema=schema)
    rows = [{"id": str(i), "n": i} for i in range(5000)]
    run = spec.new_run_path(CORPUS, 0)
    write_run(spec, run, [((0, r["n"]), r) for r in rows])
    name, count = write_shard(spec, CORPUS, 0, [run])
    path = spec.staged_path(name)
    assert count == 5000
    assert pq.read_table(path).to_pylist() == rows


def test_findings_and_errors_stay_jsonl_when_corpus_is_parquet(root):
    spec = spec_for(root, "parquet", schema=SCHEMA)
    run = spec.new_run_path(ERRORS, 0)
    write_run(spec, run, [((0, 1), b'{"reason": "x"}')])
    name, count = write_shard(spec, ERRORS, 0, [run])
    path = spec.staged_path(name)
    assert path.endswith("errors/part-00000-of-00002.jsonl")
    assert read_bytes(path) == b'{"reason": "x"}\n'


def test_empty_jsonl_shard_is_an_empty_file(root):
    spec = spec_for(root)
    name, count = write_shard(spec, FINDINGS, 1, [])
    path = spec.staged_path(name)
    assert count == 0
    assert exists(path)
    assert read_bytes(path) == b""
    # Runs that hold nothing give the same.
    run = spec.new_run_path(FINDINGS, 0)
    write_run(spec, run, [])
    name, count = write_shard(spec, FINDINGS, 0, [run])
    path = spec.staged_path(name)
    assert count == 0 and read_bytes(path) == b""


def test_empty_parquet_shard_is_a_valid_file_with_the_schema(root):
    spec = spec_for(root, "parquet", schema=SCHEMA)
    name, count = write_shard(spec, CORPUS, 1, [])
    path = spec.staged_path(name)
    assert count == 0
    with STORAGE.open(path, "rb") as handle:
        table = pq.read_table(handle)
    assert table.num_rows == 0
    assert table.schema.equals(SCHEMA)


def test_same_entries_give_the_same_bytes(tmp_path):
    outputs = []
    for attempt in range(2):
        spec = spec_for(str(tmp_path / f"run{attempt}"), "parquet", schema=SCHEMA)
        rows = [{"id": f"r{i}", "turns": [], "n": i} for i in range(30)]
        rnd = random.Random(attempt)
        rnd.shuffle(rows)
        runs = []
        for i in range(attempt + 2):
            path = spec.new_run_path(CORPUS, 0)
            write_run(spec, path, [((0, r["n"]), r) for r in rows[i :: attempt + 2]])
            runs.append(path)
        name, _ = write_shard(spec, CORPUS, 0, runs)
        path = spec.staged_path(name)
        with open(path, "rb") as handle:
            outputs.append(handle.read())
    assert outputs[0] == outputs[1]


def test_runs_of_large_records_are_written_in_small_frames(root, monkeypatch):
    """A merge holds one frame of each open run: frames are bounded in bytes, not only in
    entries, so many runs of large records still merge in little memory."""
    import pickle

    import veil.io.outputs as outputs

    monkeypatch.setattr(outputs, "RUN_FRAME_BYTES", 1000)
    spec = spec_for(root)
    entries = [((0, i), b"x" * 300 + str(i).encode()) for i in range(40)]
    path = spec.new_run_path(CORPUS, 0)
    write_run(spec, path, list(reversed(entries)))
    frames = []
    with STORAGE.open(path, "rb") as handle:
        while True:
            try:
                frames.append(pickle.load(handle))
            except EOFError:
                break
    assert len(frames) == 10 and all(len(frame) == 4 for frame in frames)
    other = spec.new_run_path(CORPUS, 0)
    write_run(spec, other, [((1, 0), b"last")])
    assert list(merged_entries(spec, [path])) == [line for _, line in entries]
    assert list(merged_entries(spec, [other, path])) == [line for _, line in entries] + [b"last"]
    name, count = write_shard(spec, CORPUS, 0, [path, other])
    assert count == 41
    assert read_bytes(spec.staged_path(name)) == b"".join(line + b"\n" for _, line in entries) + b"last\n"
