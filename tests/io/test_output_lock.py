"""One job per output folder (issue #34, item 9): a lock carrying the run id, created without
overwriting; a second job is refused with a clear message and touches nothing."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_job, write_jsonl
from veil.io.lock import LOCK, OutputLocked, read_lock, release_lock, take_lock
from veil.io.outputs import OutputSpec
from veil.io.storage import Storage

STORAGE = Storage()


def spec_for(root: str, run_id: str) -> OutputSpec:
    return OutputSpec(root, 1, 1, "jsonl", STORAGE, temp_id=run_id)


@pytest.mark.parametrize("root", ["local", "memory://lock-test/out"])
def test_the_lock_is_taken_once_and_released_by_its_holder_only(tmp_path: Path, root):
    root = str(tmp_path / "out") if root == "local" else root
    first, second = spec_for(root, "run1"), spec_for(root, "run2")
    take_lock(first)
    assert read_lock(first)["run_id"] == "run1"
    with pytest.raises(OutputLocked, match="in use by another run \\(run_id run1"):
        take_lock(second)
    release_lock(second)  # not its lock: nothing happens
    assert read_lock(first)["run_id"] == "run1"
    release_lock(first)
    assert read_lock(first) is None
    take_lock(second)
    assert read_lock(second)["run_id"] == "run2"
    release_lock(second)


def test_a_second_job_on_a_busy_output_is_refused_and_touches_nothing(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": "a", "text": "mail ann@example.com"}])
    out = tmp_path / "out"
    running = spec_for(str(out), "first-run")
    take_lock(running)  # a job of this (live) process holds the output
    working = out / "_temp" / "first-run" / "corpus-00000-x.run"
    working.parent.mkdir(parents=True)
    working.write_bytes(b"the first job's work")

    result = run_job("--input", str(source), "--output", str(out))

    assert result.returncode == 2, result.stderr
    assert "is in use by another run (run_id first-run" in result.stderr
    assert working.read_bytes() == b"the first job's work"  # not removed as a leftover
    assert read_lock(running)["run_id"] == "first-run"

    release_lock(running)
    working.unlink()
    done = run_job("--input", str(source), "--output", str(out))
    assert done.returncode == 0, done.stderr
    assert not (out / LOCK).exists()  # published: the lock is gone
    assert "[EMAIL_ADDRESS_1]" in next((out / "corpus").iterdir()).read_text()


def test_a_killed_jobs_lock_on_this_machine_is_taken_over(tmp_path: Path):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    out = tmp_path / "out"
    out.mkdir()
    (out / LOCK).write_text(json.dumps({"run_id": "killed", "host": socket.gethostname(),
                                        "pid": int(gone.stdout)}))
    take_lock(spec_for(str(out), "next"))
    assert read_lock(spec_for(str(out), "next"))["run_id"] == "next"


def test_a_lock_from_another_machine_is_not_guessed_stale(tmp_path: Path):
    out = tmp_path / "out"
    out.mkdir()
    (out / LOCK).write_text(json.dumps({"run_id": "elsewhere", "host": "another-host", "pid": 1}))
    with pytest.raises(OutputLocked, match=f"delete {out}/{LOCK}"):
        take_lock(spec_for(str(out), "next"))
