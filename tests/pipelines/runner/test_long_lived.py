"""The job keeps what it builds at start-up out of the garbage collector's way
(pipelines.runner.long_lived), and gives it back to in-process callers when it returns."""
from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

from pipelines.runner.long_lived import JOB_YOUNG_THRESHOLD
from tests.conftest import ROOT, run_cli, run_job, write_jsonl


def corpus(path: Path, n: int = 6) -> Path:
    return write_jsonl(path, [
        {"id": f"c{i}", "turns": [{"speaker": "caller", "text": f"Mail me at caller{i}@example.org."}]}
        for i in range(n)
    ])


def test_a_job_run_in_process_tunes_the_collector_while_it_runs_and_then_gives_it_back(tmp_path: Path):
    frozen_during_collections, thresholds_during_collections = [], set()

    def note(phase, info):
        if phase == "start":
            frozen_during_collections.append(gc.get_freeze_count())
            thresholds_during_collections.add(gc.get_threshold()[0])

    frozen_before = gc.get_freeze_count()  # earlier tests' warm detectors froze what was alive
    thresholds = gc.get_threshold()
    gc.callbacks.append(note)
    try:
        result = run_job("--input", str(corpus(tmp_path / "in.jsonl")), "--output", str(tmp_path / "out"),
                         "--detectors", "rules")
    finally:
        gc.callbacks.remove(note)
    assert result.returncode == 0, result.stderr
    assert max(frozen_during_collections) > frozen_before  # the job's collections skipped its start-up
    assert JOB_YOUNG_THRESHOLD in thresholds_during_collections
    assert gc.get_freeze_count() == 0  # what the job built can be collected once it is garbage
    assert gc.get_threshold() == thresholds


def test_a_command_exits_with_its_code_after_its_exit_handlers_and_output():
    code = ("import atexit\n"
            "from pipelines.runner.long_lived import exit_without_collecting\n"
            "atexit.register(print, 'exit handler ran')\n"
            "print('written', end=' ')\n"
            "exit_without_collecting(3)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert done.stdout == "written exit handler ran\n"


def test_the_job_command_writes_everything_and_exits_0(tmp_path: Path):
    out = tmp_path / "out"
    result = run_cli("--input", str(corpus(tmp_path / "in.jsonl")), "--output", str(out),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    assert "output:" in result.stdout  # the summary, printed and flushed before the exit
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"]["accounted_for"] and summary["records"]["in"] == 6
    assert (out / "_SUCCESS").exists()
