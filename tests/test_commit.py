"""Publishing a run's output at once (`veil.io.commit`), on local folders and `memory://`."""
from __future__ import annotations

import json

import pytest

from veil.io.commit import (
    MANIFEST,
    SUCCESS,
    abandon,
    check_output_usable,
    commit,
    input_overlaps_output,
    publish,
    settle_earlier_runs,
)
from veil.run.errors import ConfigError
from veil.io.outputs import OutputSpec
from veil.io.storage import Storage

STORAGE = Storage()


@pytest.fixture
def root(output_root):
    return output_root


def spec_for(root: str, run_id: str, num_shards: int = 2) -> OutputSpec:
    return OutputSpec(root, num_shards, 4, "jsonl", STORAGE, temp_id=run_id)


def put(url: str, data: bytes) -> None:
    with STORAGE.open(url, "wb") as handle:
        handle.write(data)


def files_under(root: str) -> dict[str, bytes]:
    """Every file under the output, by name relative to it."""
    fs, path = STORAGE.filesystem(root)
    fs.invalidate_cache()
    path = path.rstrip("/")
    if not fs.exists(path):
        return {}
    return {name[len(path) + 1:]: fs.cat_file(name) for name in fs.find(path)}


def stage_run(spec: OutputSpec, tag: str) -> dict[str, bytes]:
    """Stage a whole run's files (shards of every kind, summaries), as the job does; returns
    what the output must hold once it is published."""
    files = {}
    for kind in ("corpus", "findings", "errors", "risk"):
        for shard in range(spec.num_shards):
            files[spec.shard_name(kind, shard)] = f"{tag} {kind} {shard}\n".encode()
    for name in ("job_summary.json", "risk/summary.json", "risk/report.html"):
        files[name] = f"{tag} {name}".encode()
    for name, data in files.items():
        put(spec.staged_path(name), data)
    return files


USER_FILES = {
    "corpus/notes.txt": b"mine",
    "corpus/part-00000.jsonl": b"not a shard name",
    "corpus/sub/part-00000-of-00001.jsonl": b"deeper",
    "findings/my-part-00000-of-00001.jsonl": b"other stem",
    "summary.json": b"not ours",
}


def test_commit_replaces_the_previous_run_and_leaves_other_files(root):
    first = spec_for(root, "run1", num_shards=3)
    old = stage_run(first, "old")
    commit(first, sorted(old))
    for name, data in USER_FILES.items():
        put(first.join(name), data)
    assert files_under(root) == {**old, **USER_FILES, SUCCESS: b""}

    second = spec_for(root, "run2", num_shards=2)
    new = stage_run(second, "new")
    assert files_under(root) == {**old, **USER_FILES, SUCCESS: b"",
                                 **{f"_temp/run2/output/{n}": d for n, d in new.items()}}
    removed = commit(second, sorted(new))
    # Every shard of the three-shard run is gone (two shards have other names); the summaries
    # were replaced; nothing else was touched.
    assert sorted(url.removeprefix(root + "/") for url in removed) == sorted(
        name for name in old if "-of-00003" in name)
    assert len(removed) == 12
    assert files_under(root) == {**new, **USER_FILES, SUCCESS: b""}


def test_an_interrupted_publish_is_finished_by_the_next_start(root):
    first = spec_for(root, "run1", num_shards=3)
    old = stage_run(first, "old")
    commit(first, sorted(old))

    crashed = spec_for(root, "run2", num_shards=2)
    new = stage_run(crashed, "new")
    # The job died in the middle of publishing: the manifest was written, `_SUCCESS` removed,
    # and the first few files were moved into place.
    put(crashed.join("_temp", "run2", MANIFEST), json.dumps({"files": sorted(new)}).encode())
    STORAGE.delete([crashed.join(SUCCESS)])
    fs, _ = STORAGE.filesystem(root)
    for name in sorted(new)[:3]:
        fs.mv(STORAGE.filesystem(crashed.staged_path(name))[1], STORAGE.filesystem(crashed.join(name))[1])
    mixed = files_under(root)
    assert SUCCESS not in mixed  # nobody trusts a folder without the marker

    # The next job, at its start, finishes publishing the complete run it finds.
    done = settle_earlier_runs(spec_for(root, "run3"))
    assert done == ["finished publishing run run2, interrupted while publishing"]
    assert files_under(root) == {**new, SUCCESS: b""}


def test_publishing_again_changes_nothing(root):
    spec = spec_for(root, "run1")
    files = stage_run(spec, "one")
    put(spec.join("_temp", "run1", MANIFEST), json.dumps({"files": sorted(files)}).encode())
    publish(spec, sorted(files))
    assert files_under(root) == {**files, SUCCESS: b""}
    publish(spec, sorted(files))  # a retried commit step: everything is already in place
    assert files_under(root) == {**files, SUCCESS: b""}


def test_a_file_never_written_is_not_published(root):
    spec = spec_for(root, "run1")
    files = stage_run(spec, "one")
    with pytest.raises(FileNotFoundError, match="never written"):
        commit(spec, sorted(files) + ["corpus/part-00009-of-00010.jsonl"])
    assert SUCCESS not in files_under(root)


def test_an_unfinished_run_is_removed_and_the_output_kept(root):
    first = spec_for(root, "run1")
    old = stage_run(first, "old")
    commit(first, sorted(old))
    crashed = spec_for(root, "run2")
    stage_run(crashed, "new")  # no manifest: it died before everything was written
    put(crashed.new_run_path("corpus", 0), b"a sorted run")
    assert settle_earlier_runs(spec_for(root, "run3")) == [
        "removed the temporary files of an unfinished run (run2)"]
    assert files_under(root) == {**old, SUCCESS: b""}
    assert settle_earlier_runs(spec_for(root, "run4")) == []


def test_abandon_removes_a_failed_runs_files_unless_it_was_publishing(root):
    spec = spec_for(root, "run1")
    stage_run(spec, "x")
    assert abandon(spec).endswith("keeps the previous run's output")
    assert files_under(root) == {}
    publishing = spec_for(root, "run2")
    files = stage_run(publishing, "y")
    put(publishing.join("_temp", "run2", MANIFEST), json.dumps({"files": sorted(files)}).encode())
    assert "finishes the publishing" in abandon(publishing)
    settle_earlier_runs(spec_for(root, "run3"))
    assert files_under(root) == {**files, SUCCESS: b""}


def test_output_probe_leaves_nothing_behind(root):
    spec = spec_for(root, "run1")
    check_output_usable(spec)
    assert files_under(root) == {}


def test_output_probe_names_a_path_that_cannot_be_written(tmp_path):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(ConfigError, match="cannot write there"):
        check_output_usable(spec_for(str(tmp_path / "a-file" / "out"), "run1"))


@pytest.mark.parametrize(
    "pattern, output, overlap",
    [
        ("{d}/out/corpus", "{d}/out", True),  # reading a previous run's output in place
        ("{d}/out/corpus/*.jsonl", "{d}/out", True),
        ("{d}/in.jsonl", "{d}", True),  # the input lies in the output folder
        ("{d}", "{d}/out", True),  # a folder is read recursively: the output would be input
        ("{d}/**/*.jsonl", "{d}/out", True),
        ("{d}/**", "{d}/out", True),
        ("{d}/*.jsonl", "{d}/out", False),  # no file Veil writes matches
        ("{d}/in.jsonl", "{d}/out", False),
        ("{d}/in.jsonl", "{d}/other/out", False),
        ("{d}/in.jsonl", "{d}/in.jsonl.out", False),  # a prefix of a name is not a parent folder
    ],
)
def test_input_and_output_overlap(tmp_path, pattern, output, overlap):
    (tmp_path / "in.jsonl").write_text("{}\n")
    (tmp_path / "out" / "corpus").mkdir(parents=True)
    (tmp_path / "out" / "corpus" / "part-00000-of-00001.jsonl").write_text("{}\n")
    pattern, output = pattern.format(d=tmp_path), output.format(d=tmp_path)
    files = [url for url, _ in STORAGE.match(pattern)] if "**" not in pattern else []
    assert input_overlaps_output(STORAGE, output, pattern, files) is overlap


def test_overlap_sees_through_symbolic_links(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "in.jsonl").write_text("{}\n")
    (tmp_path / "link").symlink_to(tmp_path / "data")
    files = [url for url, _ in STORAGE.match(str(tmp_path / "link" / "in.jsonl"))]
    assert input_overlaps_output(STORAGE, str(tmp_path / "data"), str(tmp_path / "link" / "in.jsonl"), files)
