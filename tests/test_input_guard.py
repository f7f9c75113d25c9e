"""Nothing the job writes, replaces or deletes may resolve into its input (issue #34, item 1).

A subfolder of the output that is a symbolic link into the input folder used to let the job
overwrite input files with its shards and delete the input files whose names look like an
earlier run's shards, exit 0. These tests run the real job and the real commit on local disks
and `memory://`, with real links.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.conftest import run_job, write_jsonl
from veil.io.commit import abandon, commit, publish, refuse_paths_into_input, settle_earlier_runs
from veil.io.input_guard import FILE, FOLDER, TREE, InputGuard, TouchesInput, location
from veil.io.outputs import OutputSpec
from veil.io.storage import Storage

STORAGE = Storage()


def conversation(i: int) -> dict:
    return {"id": f"c{i}", "turns": [{"speaker": "caller", "text": f"Mail me at caller{i}@example.org"}]}


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` (links not followed) and the SHA-256 of its bytes."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def input_folder(tmp_path: Path) -> Path:
    """An input folder whose files include names an earlier run's shards would have."""
    folder = tmp_path / "data"
    folder.mkdir()
    write_jsonl(folder / "part-00001-of-00003.jsonl", [conversation(i) for i in range(3)])
    write_jsonl(folder / "part-00000-of-00001.jsonl", [conversation(i) for i in range(3, 5)])
    write_jsonl(folder / "calls.jsonl", [conversation(i) for i in range(5, 8)])
    return folder


@pytest.mark.parametrize("linked", ["corpus", "findings", "errors", "risk", "_temp"])
def test_an_output_subfolder_linked_into_the_input_is_refused_and_the_input_kept(
        tmp_path: Path, input_folder: Path, linked: str):
    out = tmp_path / "out"
    out.mkdir()
    (out / linked).symlink_to(input_folder, target_is_directory=True)
    before = snapshot(input_folder)

    result = run_job("--input", str(input_folder), "--output", str(out))

    assert result.returncode == 2, result.stderr
    assert f"{out / linked} (really {input_folder.resolve()})" in result.stderr
    assert "would overwrite or delete its input" in result.stderr
    assert snapshot(input_folder) == before
    assert sorted(p.name for p in out.iterdir()) == [linked]  # nothing written either


def test_a_link_into_the_folder_of_an_input_file_is_refused(tmp_path: Path, input_folder: Path):
    """The input is one file, given as a `file://` URL; the output is a plain path whose
    corpus/ leads to that file's folder through a link of a link."""
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "hop").symlink_to(input_folder, target_is_directory=True)
    (out / "corpus").symlink_to(tmp_path / "hop", target_is_directory=True)
    before = snapshot(input_folder)

    source = (input_folder / "part-00001-of-00003.jsonl").as_uri()
    result = run_job("--input", source, "--output", str(out))

    assert result.returncode == 2, result.stderr
    assert "which holds input files" in result.stderr
    assert snapshot(input_folder) == before


def test_a_marker_or_summary_that_links_to_an_input_file_is_refused(tmp_path: Path, input_folder: Path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "_SUCCESS").symlink_to(input_folder / "calls.jsonl")
    (out / "job_summary.json").symlink_to(input_folder / "part-00000-of-00001.jsonl")
    before = snapshot(input_folder)

    result = run_job("--input", str(input_folder / "calls.jsonl"), "--output", str(out))

    assert result.returncode == 2, result.stderr
    assert str(out / "_SUCCESS") in result.stderr and str(out / "job_summary.json") in result.stderr
    assert snapshot(input_folder) == before


def test_an_output_linked_to_a_folder_beside_the_input_still_runs(tmp_path: Path, input_folder: Path):
    """A link to another disk or folder that holds no input is a normal setup."""
    elsewhere = tmp_path / "bigger-disk"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "corpus").symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(input_folder)

    result = run_job("--input", str(input_folder / "calls.jsonl"), "--output", str(out))

    assert result.returncode == 0, result.stderr
    assert snapshot(input_folder) == before
    written = [json.loads(line) for line in (elsewhere / "part-00000-of-00001.jsonl").read_text().splitlines()]
    assert [record["id"] for record in written] == ["c5", "c6", "c7"]
    assert "caller5@example.org" not in (elsewhere / "part-00000-of-00001.jsonl").read_text()


# --- the same guard just before each rename and delete ------------------------------------------


def guarded_spec(root: str, input_folder: Path, run_id: str = "run1") -> OutputSpec:
    files = [url for url, _ in STORAGE.match(str(input_folder))]
    guard = InputGuard.of_input(STORAGE, str(input_folder), files)
    return OutputSpec(root, 1, 1, "jsonl", STORAGE, temp_id=run_id, input_guard=guard)


def stage(spec: OutputSpec, names: list[str]) -> None:
    for name in names:
        with STORAGE.open(spec.staged_path(name), "wb") as handle:
            handle.write(b"new\n")


def test_publish_refuses_a_link_made_after_the_start_check(tmp_path: Path, input_folder: Path):
    out = tmp_path / "out"
    spec = guarded_spec(str(out), input_folder)
    refuse_paths_into_input(spec)  # passes: no link yet
    names = ["corpus/part-00000-of-00001.jsonl"]
    stage(spec, names)
    before = snapshot(input_folder)
    (out / "corpus").symlink_to(input_folder, target_is_directory=True)  # appears mid-run

    with pytest.raises(TouchesInput, match="would overwrite or delete its input"):
        commit(spec, names)
    assert snapshot(input_folder) == before
    # Published again later (as the next start would), it still refuses.
    with pytest.raises(TouchesInput):
        publish(spec, names)
    assert snapshot(input_folder) == before


def test_cleaning_up_refuses_a_temporary_folder_that_leads_into_the_input(tmp_path: Path, input_folder: Path):
    out = tmp_path / "out"
    out.mkdir()
    (input_folder / "sub").mkdir()  # looks like an earlier run's temporary folder
    write_jsonl(input_folder / "sub" / "more.jsonl", [conversation(9)])
    (out / "_temp").symlink_to(input_folder, target_is_directory=True)
    spec = guarded_spec(str(out), input_folder)
    before = snapshot(input_folder)

    with pytest.raises(TouchesInput):
        settle_earlier_runs(spec)
    assert "keeps the previous run's output; its temporary files stay" in abandon(spec)
    assert snapshot(input_folder) == before


def test_the_guard_lets_ordinary_outputs_be(tmp_path: Path, input_folder: Path):
    out = tmp_path / "out"
    spec = guarded_spec(str(out), input_folder)
    refuse_paths_into_input(spec)
    names = ["corpus/part-00000-of-00001.jsonl"]
    stage(spec, names)
    commit(spec, names)
    assert (out / "corpus" / "part-00000-of-00001.jsonl").read_bytes() == b"new\n"


# --- where a location really is ------------------------------------------------------------------


def test_spellings_of_one_local_folder_are_one_location(tmp_path: Path):
    (tmp_path / "data").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "data", target_is_directory=True)
    real = location(STORAGE, str(tmp_path / "data"))
    for spelling in (f"file://{tmp_path}/data", f"{tmp_path}/link", f"{tmp_path}/data/../data/",
                     f"simplecache::file://{tmp_path}/link", f"file://{tmp_path}/link"):
        assert location(STORAGE, spelling) == real, spelling


def test_spellings_of_one_object_are_one_location():
    assert location(STORAGE, "memory://bucket/a//b/") == location(STORAGE, "memory:///bucket/a/b")
    assert location(STORAGE, "memory://bucket/a/./b") == ("memory", "/bucket/a/b")


@pytest.mark.parametrize("url, use, refused", [
    ("memory://in/data/x.jsonl", FILE, True),  # an input file's own folder
    ("memory://in/data", FOLDER, True),
    ("memory://in", TREE, True),  # removing it would remove the input
    ("memory://in", FOLDER, False),  # writing beside the input's folder is fine
    ("memory://in/data2", TREE, False),  # a name that starts like the folder is another folder
    ("memory://in/datax/y", FILE, False),
    ("file:///in/data/x.jsonl", FILE, False),  # another store
])
def test_which_uses_of_a_place_touch_the_input(url, use, refused):
    guard = InputGuard.of_input(STORAGE, "memory://in/data/a.jsonl", ["memory://in/data/a.jsonl"])
    assert (guard.problem(STORAGE, url, use) is not None) is refused


def test_an_input_folder_protects_everything_under_it():
    STORAGE.open("memory://tree-in/sub/a.jsonl", "wb").close()
    guard = InputGuard.of_input(STORAGE, "memory://tree-in", ["memory://tree-in/sub/a.jsonl"])
    assert guard.problem(STORAGE, "memory://tree-in/other/new.jsonl", FILE)
    assert guard.problem(STORAGE, "memory:///tree-in//deeper/", FOLDER)
    assert guard.problem(STORAGE, "memory://tree-in-out/x", FILE) is None
