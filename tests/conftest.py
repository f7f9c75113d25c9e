"""Shared fixtures: a local runner that downloads nothing, a real S3 server, and CLI helpers."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCAL_RUNNER = "FnApiRunner"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def s3_server():
    """A real S3-compatible server (moto_server) on 127.0.0.1, stopped at the end of the session."""
    executable = shutil.which("moto_server") or str(Path(sys.executable).parent / "moto_server")
    port = free_port()
    env = dict(os.environ, AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing")
    process = subprocess.Popen(
        [executable, "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    endpoint = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(endpoint + "/moto-api/", timeout=1)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("moto_server did not start")
            time.sleep(0.2)
    try:
        yield endpoint
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def write_jsonl(path: Path, records) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            line = record if isinstance(record, str) else json.dumps(record, ensure_ascii=False)
            handle.write(line + "\n")
    return path


def read_jsonl_folder(folder: Path) -> list[dict]:
    rows = []
    for part in sorted(Path(folder).glob("part-*")):
        rows.extend(json.loads(line) for line in part.read_text(encoding="utf-8").splitlines())
    return rows


def run_cli(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    """The real command line, in a fresh process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "pipelines.anonymize", *args],
        cwd=cwd, capture_output=True, text=True, timeout=600,
        env={**os.environ, **(env or {})},
    )
