"""The job's command line as a new user meets it: --help, mistyped flags, noise, progress."""
from __future__ import annotations

import fcntl
import logging
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from apache_beam.options.pipeline_options import PipelineOptions

from pipelines.runner.logs import QuietBeam
from pipelines.runner.options import VeilOptions, unknown_argument_problems
from tests.conftest import ROOT, run_cli, write_jsonl


def conversation(i: int) -> dict:
    return {"id": f"c{i}", "context": "customer_support", "turns": [
        {"speaker": "agent", "text": "Thanks for calling. Your email please?"},
        {"speaker": "caller", "text": f"It's caller{i}@example.org, phone (415) 555-01{i % 100:02d}."},
    ]}


def command(*args: str, entry: str = "module") -> subprocess.CompletedProcess:
    prefix = ([sys.executable, "-m", "pipelines.anonymize"] if entry == "module"
              else [sys.executable, "-m", "pipelines.cli", "anonymize"])
    return subprocess.run([*prefix, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("entry, prog", [("module", "python -m pipelines.anonymize"),
                                         ("cli", "veil anonymize")])
def test_help_lists_veils_options_in_groups_then_points_to_beams(entry, prog):
    result = command("--help", entry=entry)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith(f"usage: {prog}")
    # Every Veil option, in its group, and the groups in order, before the pointer to Beam's.
    positions = [text.index(f"\n{title}:\n") for title in VeilOptions.GROUPS]
    assert positions == sorted(positions)
    for flag in ("--input", "--output", "--config", "--output_format", "--detectors", "--audit_raw"):
        assert flag in text
    pointer = text.index("Beam's own options pass through")
    assert pointer > positions[-1]
    assert "--help_beam" in text and "--direct_num_workers" in text[pointer:]
    assert "apitools" not in result.stderr


def test_help_beam_lists_beams_options_by_class():
    result = command("--help_beam")
    assert result.returncode == 0, result.stderr
    for group, flag in (("StandardOptions", "--runner"), ("GoogleCloudOptions", "--project"),
                        ("DirectOptions", "--direct_num_workers"), ("S3Options", "--s3_endpoint_url"),
                        ("WorkerOptions", "--sdk_container_image")):
        assert f"Beam {group}:" in result.stdout and flag in result.stdout


@pytest.mark.slow
def test_a_mistyped_flag_stops_the_job_with_the_suggestion(tmp_path: Path):
    """It used to warn, write JSONL, and exit 0."""
    source = write_jsonl(tmp_path / "in.jsonl", [conversation(1)])
    result = run_cli("--input", str(source), "--output", str(tmp_path / "out"), "--ouput_format", "parquet")
    assert result.returncode == 2
    assert "unknown option --ouput_format; did you mean --output_format?" in result.stderr
    assert not (tmp_path / "out").exists()


BEAM_FLAGS = [
    "--direct_num_workers", "1", "--temp_location", "/tmp/veil-tmp", "--project", "a-project",
    "--region", "europe-west1", "--setup_file", "./setup.py", "--experiments", "use_runner_v2",
    "--experiments=no_use_multiple_sdk_containers", "--sdk_container_image", "example/veil:1",
    "--s3_endpoint_url", "http://127.0.0.1:9", "--save_main_session", "--job_endpoint",
    "localhost:8099", "--environment_type", "LOOPBACK", "--max_num_workers", "4",
    "--default_sdk_harness_log_level=WARNING", "--dataflow_service_options", "enable_prime",
]


@pytest.mark.parametrize("runner", ["FnApiRunner", "DataflowRunner", "PortableRunner"])
def test_every_real_beam_flag_passes(runner):
    argv = ["--input", "in.jsonl", "--output", "out", *BEAM_FLAGS, "--runner", runner]
    assert unknown_argument_problems(argv, PipelineOptions(argv)) == []


@pytest.mark.parametrize("argv, problem", [
    (["--ouput_format", "parquet"], "unknown option --ouput_format; did you mean --output_format?"),
    (["--detectors=rules", "--input_fromat=jsonl"], "did you mean --input_format?"),
    (["--output_format", "csv"], "argument --output_format: invalid choice: 'csv'"),
    (["--numworkers", "3"], "unknown option --numworkers; did you mean --num_workers?"),
    (["--no_such_thing"], "unknown option --no_such_thing"),
    (["stray"], "unexpected argument 'stray'"),
])
def test_unknown_flags_are_refused_on_a_local_runner(argv, problem):
    problems = unknown_argument_problems(argv, PipelineOptions(argv))
    assert len(problems) == 1 and problem in problems[0]


def test_a_runner_that_passes_flags_on_keeps_unknown_ones_but_not_veil_lookalikes():
    """Dataflow hands unknown flags to its service, so only a mistyped Veil flag is refused."""
    argv = ["--runner", "DataflowRunner", "--a_service_flag", "x", "--ouput_format", "parquet"]
    assert unknown_argument_problems(argv, PipelineOptions(argv)) == [
        "unknown option --ouput_format; did you mean --output_format?"]


def _record(name: str, message: str, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, (), None)


def test_the_noise_filter_drops_beams_chatter_and_keeps_real_warnings():
    quiet = QuietBeam()
    forwarded = "apache_beam.runners.portability.local_job_service"
    assert not quiet.filter(_record("root", "apitools not found, and bigquery client libraries ..."))
    assert not quiet.filter(_record(forwarded, 'Worker: severity: WARN message: "No semi_persistent_directory'
                                               ' found: ..." log_location: "x"'))
    assert not quiet.filter(_record(forwarded, "Worker: message: \"Discarding unparseable args: "
                                               "['--input=a.jsonl']\""))
    real = _record(forwarded, 'Worker: severity: WARN timestamp { seconds: 1 } message: "detector '
                              'hf failed: \\"boom\\"" log_location: "transforms/ner.py:40"')
    assert quiet.filter(real)
    assert real.getMessage() == 'worker: detector hf failed: "boom"'
    assert quiet.filter(_record("apache_beam.io", "Unparseable argument: --x"))


@pytest.mark.slow
def test_multi_processing_run_prints_progress_not_worker_chatter(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [conversation(i) for i in range(40)])
    result = run_cli("--input", str(source), "--output", str(tmp_path / "out"), "--split_bytes", "2048",
                     "--direct_num_workers", "2", "--direct_running_mode", "multi_processing")
    assert result.returncode == 0, result.stderr
    for noise in ("apitools", "sdk_worker", "semi_persistent", "Discarding unparseable", "harness",
                  "Worker: severity"):
        assert noise not in result.stderr
    assert "anonymizing: 40 records in " in result.stderr  # the last progress line, always shown
    assert "records/s" in result.stderr
    assert len(result.stderr.splitlines()) < 10, result.stderr


@pytest.mark.slow
def test_progress_on_a_terminal_is_a_tqdm_line(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", [conversation(i) for i in range(12)])
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # rows, columns
    process = subprocess.Popen(
        [sys.executable, "-m", "pipelines.anonymize", "--input", str(source), "--output",
         str(tmp_path / "out"), "--config", "minimal"],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=child,
    )
    os.close(child)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert process.wait(timeout=300) == 0
    os.close(main)
    terminal = b"".join(chunks).decode("utf-8", "replace")
    assert "anonymizing: 12 records [" in terminal  # tqdm: count, [elapsed, rate]
    assert "records/s]" in terminal


@pytest.mark.slow
def test_veil_evaluate_shows_its_progress(tmp_path: Path):
    lines = (ROOT / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines()[:70]
    source = tmp_path / "labelled.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "evaluate", "--input", str(source), "--config", "minimal"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "evaluating: 70 conversations in " in result.stderr
    assert "conversations/s" in result.stderr


@pytest.mark.parametrize("processes, announced", [
    ("logical", re.compile(r"\[slow module 1, \d+:\d\d elapsed\] tests/pipelines/test_command_line.py: on worker gw\d\n")),
    ("0", re.compile(r"\[slow stage 1 of 1, \d+:\d\d elapsed\] tests/pipelines/test_command_line.py: 1 slow test\n")),
])
def test_a_test_run_names_the_slow_stage_it_starts(processes, announced):
    """A full run spends most of its time in slow tests: it says which module it is in, with
    xdist's workers (pytest.ini) and in one process (`-n 0`)."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-n", processes,
         "tests/pipelines/test_command_line.py::test_a_mistyped_flag_stops_the_job_with_the_suggestion",
         "tests/pipelines/test_command_line.py::test_help_beam_lists_beams_options_by_class"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert announced.search(result.stdout), result.stdout
    assert "2 passed" in result.stdout


def test_a_cluster_runs_progress_is_read_from_beams_counters():
    """On a cluster the launcher shows Beam's own counters of finished records."""
    import apache_beam as beam
    from apache_beam.metrics import Metrics

    from pipelines.runner.progress import counters_total, runs_on_this_machine

    def finish(element):
        Metrics.counter("veil", "records_errored" if element % 5 == 0 else "records_written").inc()
        return element

    pipeline = beam.Pipeline(options=PipelineOptions(["--runner", "FnApiRunner"]))
    _ = pipeline | beam.Create(range(1, 21)) | beam.Map(finish)
    result = pipeline.run()
    result.wait_until_finish()
    assert counters_total(result) == 20
    assert counters_total(result, ("records_errored",)) == 4
    assert runs_on_this_machine(PipelineOptions(["--runner", "FnApiRunner"]))
    assert not runs_on_this_machine(PipelineOptions(["--runner", "DataflowRunner"]))
    assert runs_on_this_machine(PipelineOptions(["--runner", "PortableRunner", "--environment_type", "LOOPBACK"]))
