"""The whole job through Beam's portability protocol, as Flink and Spark run Python.

A local job service and an EXTERNAL worker pool run as separate processes on 127.0.0.1;
the job's DoFns execute in worker processes the pool starts, not in the submitter. That
catches unpicklable state, module-level side effects and missing packaging. The output must
be byte-identical to the local runner's.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from veil.io.commit import RUN_FILES
from tests.conftest import ROOT, free_port, run_cli, start_server_on_port, stop_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def portable_services():
    venv_bin = str(Path(sys.executable).parent)
    # The pool starts workers as `python -c ...`: that must be this environment's python.
    env = {"PATH": venv_bin + os.pathsep + os.environ.get("PATH", "")}
    job_port, pool_port = free_port(), free_port()
    shim = [sys.executable, "-m", "tests.support.loopback_beam"]
    job_service = start_server_on_port(
        [*shim, "apache_beam.runners.portability.local_job_service_main", f"--port={job_port}"],
        job_port, env=env, cwd=ROOT,
    )
    pool = start_server_on_port(
        [*shim, "apache_beam.runners.worker.worker_pool_main", f"--service_port={pool_port}"],
        pool_port, env=env, cwd=ROOT,
    )
    try:
        yield [
            "--runner", "PortableRunner",
            "--job_endpoint", f"127.0.0.1:{job_port}",
            "--environment_type", "EXTERNAL",
            "--environment_config", f"127.0.0.1:{pool_port}",
        ]
    finally:
        stop_server(pool)
        stop_server(job_service)


def output_bytes(folder: Path) -> dict[str, bytes]:
    files = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    files.pop("job_summary.json")  # names its own output folder
    return files


def test_portable_runner_output_equals_the_local_runner(tmp_path, portable_services):
    local, portable = tmp_path / "local", tmp_path / "portable"
    # A seeded sample of 50 for the auditor, as a job at scale reads: the same on either runner.
    args = ["--input", str(ROOT / "data" / "sample.jsonl"), "--num_shards", "2", "--split_bytes", "200000",
            "--audit_sample", "50"]
    assert run_cli(*args, "--output", str(local)).returncode == 0
    result = run_cli(*args, "--output", str(portable), *portable_services)
    assert result.returncode == 0, result.stderr

    assert output_bytes(portable) == output_bytes(local)
    # four kinds of shards, the run's files but job_summary.json, and _SUCCESS
    assert len(output_bytes(local)) == 2 * 4 + len(RUN_FILES) - 1 + 1
    summary = json.loads((portable / "job_summary.json").read_text())
    assert summary["records"] == {"in": 300, "written": 300, "errored": 0, "accounted_for": True}


def test_portable_runner_with_the_ner_stage_equals_the_local_runner(tmp_path, portable_services, tiny_ner_model):
    """The model handler pickles, loads in the pool's worker processes, and infers the same spans."""
    from veil.synth.generator import generate_records

    from tests.conftest import write_jsonl

    source = write_jsonl(tmp_path / "calls.jsonl", list(generate_records(30, 3003)))
    config = tmp_path / "config.json"
    config.write_text(json.dumps({
        "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}, {"name": "PHONE_NUMBER"}]},
        "detectors": {"hf": {"model": str(tiny_ner_model)}},
    }))
    local, portable = tmp_path / "local", tmp_path / "portable"
    args = ["--input", str(source), "--config", str(config), "--split_bytes", "20000", "--num_shards", "2"]
    assert run_cli(*args, "--output", str(local)).returncode == 0
    result = run_cli(*args, "--output", str(portable), *portable_services)
    assert result.returncode == 0, result.stderr[-3000:]
    assert output_bytes(portable) == output_bytes(local)
    summary = json.loads((portable / "job_summary.json").read_text())
    assert summary["detectors"] == ["rules", "hf"]
    assert summary["findings"]["by_info_type"].get("PERSON_NAME", 0) > 0
