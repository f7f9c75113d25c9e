"""Workers forked from a warm fork server (pipelines.runner.warm_workers), run as the job runs them: a
fresh launcher process, and each worker started by Beam's way, a shell command with its
environment, through `pipelines.runner.fork_worker`."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli, write_jsonl
from tests.pipelines.test_cli_end_to_end import good_conversation

LAUNCHER = textwrap.dedent("""
    import os, subprocess, sys, threading, time
    from pathlib import Path
    from pipelines.runner.warm_workers import WarmWorkers

    folder = Path(sys.argv[1])
    WARM = {"loaded": False}

    def warm():
        with open(folder / "warmed", "a") as out:
            out.write(f"{os.getpid()}\\n")
        WARM["loaded"] = True

    def run():
        code = os.environ["ASKED_CODE"]
        (folder / f"worker-{code}").write_text(
            f"{WARM['loaded']} {os.getppid()} {os.getpid()}")
        if code == "hang":
            (folder / "hanging").write_text(str(os.getpid()))
            threading.Event().wait()
        print(f"out {code}", flush=True)
        sys.exit(int(code))

    if sys.argv[2] == "thread":
        threading.Thread(target=threading.Event().wait, daemon=True).start()
    with WarmWorkers.start(warm, run) or open(os.devnull) as workers:
        if not isinstance(workers, WarmWorkers):
            print("not forked")
            sys.exit(0)
        print(f"server {workers.pid}", flush=True)
        codes = sys.argv[3:]
        started = [subprocess.Popen(workers.command, shell=True,
                                    env={**os.environ, "ASKED_CODE": code}) for code in codes]
        for code, process in zip(codes, started):
            if code == "hang":
                while not (folder / "hanging").exists():
                    time.sleep(0.05)
                process.kill()
            print(f"exit {code} {process.wait()}", flush=True)
""")


def launch(tmp_path: Path, *codes: str, mode: str = "plain", env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-c", LAUNCHER, str(tmp_path), mode, *codes], cwd=ROOT,
        capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})},
    )


def test_workers_are_forked_from_one_warmed_server_and_report_their_exit_status(tmp_path: Path):
    result = launch(tmp_path, "0", "3")
    assert result.returncode == 0, result.stderr
    server = int(result.stdout.split("server ")[1].split()[0])
    assert "exit 0 0" in result.stdout and "exit 3 3" in result.stdout
    assert "out 0" in result.stdout and "out 3" in result.stdout  # the client's stdout
    # Warmed once, in the server; each worker is its child and sees what it loaded.
    assert (tmp_path / "warmed").read_text().split() == [str(server)]
    for code in ("0", "3"):
        loaded, parent, pid = (tmp_path / f"worker-{code}").read_text().split()
        assert loaded == "True" and int(parent) == server and int(pid) != server


def test_a_worker_whose_client_is_killed_is_killed(tmp_path: Path):
    result = launch(tmp_path, "hang", "0")
    assert result.returncode == 0, result.stderr
    assert "exit hang -9" in result.stdout and "exit 0 0" in result.stdout
    worker = int((tmp_path / "hanging").read_text())
    for _ in range(600):  # the server reaps it; the launcher has ended the server by now
        if not Path(f"/proc/{worker}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{worker}").exists()


@pytest.mark.parametrize("mode, env", [("thread", None), ("plain", {"VEIL_WARM_WORKERS": "0"})])
def test_no_fork_where_it_is_unsafe_or_turned_off(tmp_path: Path, mode, env):
    result = launch(tmp_path, "0", mode=mode, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "not forked"
    assert not (tmp_path / "warmed").exists()


@pytest.mark.slow
def test_forked_workers_write_the_bytes_one_worker_writes(tmp_path: Path):
    records = [good_conversation(i) for i in range(60)] + ["not json"] * 3
    source = write_jsonl(tmp_path / "in.jsonl", records)
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"out{workers}"
        result = run_cli("--input", str(source), "--output", str(out), "--split_bytes", "4096",
                         "--num_shards", "3", "--direct_num_workers", workers,
                         "--direct_running_mode", "multi_processing")
        assert result.returncode == 0, result.stderr
        assert ("workers are forked from a warm process" in result.stderr) == (workers == "2")
        outputs.append({str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*-of-*"))
                        if not p.is_relative_to(out / "_temp")})
    assert len(outputs[0]) == 12  # corpus, findings, errors and risk, 3 shards each
    assert outputs[0] == outputs[1]
