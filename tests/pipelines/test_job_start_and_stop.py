"""The job's first and last seconds as a user sees them: quick answers before Beam is imported,
the banner, the output a run replaces, and Ctrl-C."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_job, write_jsonl

HEAVY = ("apache_beam", "torch", "transformers", "spacy")


def conversation(i: int) -> dict:
    return {"id": f"c{i}", "context": "customer_support", "turns": [
        {"speaker": "agent", "text": "Thanks for calling. Your email please?"},
        {"speaker": "caller", "text": f"It's caller{i}@example.org, phone (415) 555-01{i % 100:02d}."},
    ]}


def imported_while(*args: str, entry: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run the command line in a fresh interpreter; what it printed, and the top-level packages
    it imported (`python -X importtime` lists every import on stderr)."""
    prefix = ["-m", "pipelines.anonymize"] if entry == "module" else ["-m", "pipelines.cli", "anonymize"]
    result = subprocess.run([sys.executable, "-X", "importtime", *prefix, *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    modules = {line.rsplit("|", 1)[-1].strip().split(".")[0]
               for line in result.stderr.splitlines() if line.startswith("import time:")}
    result.stderr = "\n".join(line for line in result.stderr.splitlines()
                              if not line.startswith("import time:"))
    return result, modules


@pytest.mark.parametrize("entry", ["module", "cli"])
@pytest.mark.parametrize("case", ["help", "missing input", "no output", "no input"])
def test_help_and_plain_mistakes_are_answered_before_beam_is_imported(tmp_path: Path, entry, case):
    """`--help` and a missing input took 5.5 and 21 s: Beam, torch and the model stack were
    imported before the arguments were read."""
    args = {
        "help": ["--help"],
        "missing input": ["--input", str(tmp_path / "nope.jsonl"), "--output", str(tmp_path / "out")],
        "no output": ["--input", str(tmp_path / "nope.jsonl")],
        "no input": ["--output", str(tmp_path / "out"), "--runner", "FnApiRunner"],
    }[case]
    result, modules = imported_while(*args, entry=entry)
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
    assert "pipelines" in modules  # the listing is of the command that ran
    if case == "help":
        assert result.returncode == 0 and "--input" in result.stdout and "Beam's own options" in result.stdout
    else:
        assert result.returncode == 2
        expected = {"missing input": f"veil: --input {str(tmp_path / 'nope.jsonl')!r}: no files match",
                    "no output": "veil: both --input and --output are required",
                    "no input": "veil: both --input and --output are required"}[case]
        assert result.stderr.strip() == expected
    assert not (tmp_path / "out").exists()


def test_a_typo_of_a_veil_flag_still_gets_the_full_check():
    """The quick answers leave a near miss of Veil's flags to the job's own check, which names
    the flag meant (and knows Beam's)."""
    from pipelines.runner.launch import early_answer

    assert early_answer(["--inptu", "x.jsonl", "--output", "out"]) is None
    assert early_answer(["--input", "x.jsonl", "--output", "out", "--output_format", "csv"]) is None


@pytest.mark.slow
def test_the_banner_names_the_detectors_and_a_rerun_names_the_output_it_replaces(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [conversation(i) for i in range(3)])
    out = tmp_path / "out"
    first = run_job("--input", str(source), "--output", str(out))
    assert first.returncode == 0, first.stderr
    assert "detectors: rules\n" in first.stderr
    assert "replacing the output" not in first.stderr  # nothing to replace
    finished = datetime.fromtimestamp((out / "job_summary.json").stat().st_mtime, timezone.utc)

    second = run_job("--input", str(source), "--output", str(out))
    assert second.returncode == 0, second.stderr
    lines = [line.split(" INFO ", 1)[-1] for line in second.stderr.splitlines() if "replacing the output" in line]
    assert lines == [f"{out}: replacing the output of the run of {finished:%Y-%m-%d %H:%M} UTC, 3 records"]


@pytest.mark.slow
def test_a_config_without_detectors_runs_the_default_profiles_and_says_so(tmp_path: Path):
    """Such a config used to run the rules alone: names the model finds were missed silently."""
    source = write_jsonl(tmp_path / "in.jsonl", [conversation(1)])
    config = tmp_path / "job.yaml"
    config.write_text("inspect_config:\n  info_types: [{name: EMAIL_ADDRESS}]\n")
    args = ["--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config)]
    refused = run_job(*args)  # the tests' model folder is empty: the default model is missing
    assert refused.returncode == 2
    assert "detector hf is configured but cannot run" in refused.stderr
    assert ("The config sets no detectors, so it runs those of veil/profiles/call_transcripts.yaml "
            "(the default profile)") in refused.stderr
    allowed = run_job(*args, "--allow_missing_detectors")
    assert allowed.returncode == 0, allowed.stderr
    assert ("detectors: rules; the config sets no detectors: these are "
            "veil/profiles/call_transcripts.yaml (the default profile)'s") in allowed.stderr


def output_files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _runs_started(out: Path) -> bool:
    """Whether a run's marker is in the job's temporary folder. The job removes the folders of
    earlier runs while it starts, so one may go between listing and reading it: that is none."""
    try:
        return any(out.glob("_temp/*/*.run"))
    except FileNotFoundError:
        return False


@pytest.mark.slow
def test_ctrl_c_prints_one_line_exits_130_and_keeps_the_previous_output(tmp_path: Path):
    """Ctrl-C printed 67 to 341 lines of traceback, the last of which read like a completion
    message. The terminal's SIGINT goes to the whole process group, the job's workers too."""
    out = tmp_path / "out"
    old = write_jsonl(tmp_path / "old.jsonl", [conversation(i) for i in range(5)])
    assert run_job("--input", str(old), "--output", str(out)).returncode == 0
    previous = output_files(out)
    new = write_jsonl(tmp_path / "new.jsonl", [conversation(i) for i in range(3000)])
    job = subprocess.Popen(
        [sys.executable, "-m", "pipelines.anonymize", "--input", str(new), "--output", str(out),
         "--config", "minimal", "--split_bytes", "65536", "--direct_num_workers", "2",
         "--direct_running_mode", "multi_processing"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300
        while job.poll() is None and not _runs_started(out) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.killpg(job.pid, signal.SIGINT)
        stdout, stderr = job.communicate(timeout=120)
    finally:
        if job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
    assert job.returncode == 130, stderr
    assert "Traceback" not in stderr and "Traceback" not in stdout
    assert stderr.splitlines()[-1] == f"veil: interrupted; the previous output in {out} is untouched"
    assert output_files(out) == previous
    assert not (out / "_temp").exists()  # the interrupted run's temporary files are gone
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"]["in"] == 5


def test_the_interrupted_line_names_the_output_folder():
    from pipelines.anonymize import interrupted_line

    assert interrupted_line(["--input", "a", "--output", "gs://b/out"]) == (
        "veil: interrupted; the previous output in gs://b/out is untouched")
    line = interrupted_line(["--output", "o"], "it failed while publishing: o has no _SUCCESS, and the next "
                                               "run on it finishes the publishing first")
    assert line.startswith("veil: interrupted while publishing; ")
    assert re.search(r"next run on it finishes the publishing first$", line)
