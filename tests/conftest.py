"""Shared fixtures: a local runner that downloads nothing, a real S3 server, and CLI helpers."""
from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import traceback
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCAL_RUNNER = "FnApiRunner"


# --- Which slow stage a long run is in ------------------------------------------------------
# A full run takes about 17 minutes on 2 cores, most of it in tests marked `slow`. Each module of
# slow tests is named when its first slow test starts, with how many there are and the time so
# far. Under pytest-xdist (pytest.ini) the workers collect, not this process: each module is
# named when its first slow test has been set up, with the worker that runs it.

_SLOW_STAGES: dict[str, int] = {}
_SLOW_TESTS: set[str] = set()
_ANNOUNCED: set[str] = set()
_STARTED = time.monotonic()


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what will not run
def pytest_collection_modifyitems(config, items):
    _SLOW_STAGES.clear()
    _SLOW_TESTS.clear()
    for item in items:
        if item.get_closest_marker("slow"):
            module = item.nodeid.split("::", 1)[0]
            _SLOW_STAGES[module] = _SLOW_STAGES.get(module, 0) + 1
            _SLOW_TESTS.add(item.nodeid)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logstart(nodeid, location):
    """Called outside output capture, before the test's setup."""
    module = nodeid.split("::", 1)[0]
    if nodeid in _SLOW_TESTS and module not in _ANNOUNCED:
        count = _SLOW_STAGES[module]
        _announce(module, lambda elapsed: f"[slow stage {len(_ANNOUNCED)} of {len(_SLOW_STAGES)}, {elapsed} elapsed] "
                                          f"{module}: {count} slow test{'s' if count != 1 else ''}")


def pytest_runtest_logreport(report):
    """In the process that hands tests to xdist's workers: a report names its markers."""
    module = report.nodeid.split("::", 1)[0]
    if (report.when == "setup" and "slow" in report.keywords and hasattr(report, "node")
            and module not in _ANNOUNCED):
        _announce(module, lambda elapsed: f"[slow module {len(_ANNOUNCED)}, {elapsed} elapsed] {module}: "
                                          f"on worker {report.node.gateway.id}")


def _announce(module: str, line) -> None:
    """Write `line(elapsed)` on a line of its own, once per module."""
    reporter = _CONFIG and _CONFIG.pluginmanager.get_plugin("terminalreporter")
    if not reporter:
        return
    _ANNOUNCED.add(module)
    minutes, seconds = divmod(int(time.monotonic() - _STARTED), 60)
    reporter.ensure_newline()
    if reporter._tw.width_of_current_line:  # -q: a line of dots has no file name to end it
        reporter._tw.line()
    reporter.write_line(line(f"{minutes}:{seconds:02d}"), bold=True)


_CONFIG = None


def pytest_configure(config):
    global _CONFIG
    _CONFIG = config


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(command: list[str], probe_url: str, env: dict | None = None):
    """Start a local server and wait (bounded) until it answers; returns the process."""
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})}
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(probe_url, timeout=1)
            return process
        except urllib.error.HTTPError:
            return process  # it answers, if only with an error
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"{command[0]} did not start")
            time.sleep(0.2)


def start_server_on_port(command: list[str], port: int, env: dict | None = None, cwd=None, log: Path | None = None):
    """Start a local gRPC (or any TCP) server and wait, bounded, until its port accepts; its
    output goes to `log` where one is given (for a failing test to show), else nowhere."""
    sink = open(log, "ab") if log is not None else subprocess.DEVNULL
    try:
        process = subprocess.Popen(
            command, stdout=sink, stderr=subprocess.STDOUT if log is not None else subprocess.DEVNULL,
            env={**os.environ, **(env or {})}, cwd=cwd,
        )
    finally:
        if log is not None:
            sink.close()
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"{command[-2]} did not start")
            time.sleep(0.2)


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def venv_executable(name: str) -> str:
    return shutil.which(name) or str(Path(sys.executable).parent / name)


@pytest.fixture(scope="session", autouse=True)
def no_default_model(tmp_path_factory):
    """`detectors.hf.model: default` finds nothing in tests, whatever `veil train` left on this
    machine: tests that want a model train one and name its path."""
    previous = os.environ.get("VEIL_MODEL_DIR")
    os.environ["VEIL_MODEL_DIR"] = str(tmp_path_factory.mktemp("no-default-model"))
    yield
    if previous is None:
        os.environ.pop("VEIL_MODEL_DIR", None)
    else:
        os.environ["VEIL_MODEL_DIR"] = previous


@pytest.fixture(scope="session")
def tiny_ner_model(tmp_path_factory) -> Path:
    """A 2-layer MiniLM fine-tuned on a few hundred synthetic turns (a minute or two on 2 cores),
    trained once per session for the NER tests."""
    pytest.importorskip("torch")
    from models.examples import synthetic_examples
    from models.hf_training import TrainSettings, train_model

    out = tmp_path_factory.mktemp("models") / "tiny-ner"
    train_model(
        str(out),
        TrainSettings(num_layers=2, epochs=3, batch_size=16, learning_rate=3e-4, empty_turn_share=0.2),
        progress=lambda _: None,
        train_examples=synthetic_examples("train", 60),
        validation_examples=synthetic_examples("validation", 15),
    )
    return out


@pytest.fixture(scope="session")
def gcs_server():
    """A real GCS emulator (gcp-storage-emulator) on 127.0.0.1; yields the env gcsfs needs."""
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    process = start_server(
        [venv_executable("gcp-storage-emulator"), "start", "--host=127.0.0.1", f"--port={port}", "--in-memory"],
        endpoint + "/storage/v1/b",
    )
    try:
        yield {"STORAGE_EMULATOR_HOST": endpoint, "GCSFS_EXPERIMENTAL_ZB_HNS_SUPPORT": "false"}
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def s3_server():
    """A real S3-compatible server (moto_server) on 127.0.0.1, stopped at the end of the session."""
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    process = start_server(
        [venv_executable("moto_server"), "-H", "127.0.0.1", "-p", str(port)],
        endpoint + "/moto-api/",
        env={"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"},
    )
    try:
        yield endpoint
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def s3_server_without_delete():
    """A moto_server that enforces IAM (tests/support/moto_iam_server.py), with two users:
    `admin` may do anything, `writer` may do anything in S3 but s3:DeleteObject (a common
    least-privilege mistake). Yields the endpoint and {user: (access key id, secret)}."""
    import boto3

    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    # The first 3 requests go unchecked: they create the admin, who then sets up the rest.
    process = start_server(
        [sys.executable, "-m", "tests.support.moto_iam_server", "-H", "127.0.0.1", "-p", str(port)],
        endpoint + "/moto-api/",
        env={"INITIAL_NO_AUTH_ACTION_COUNT": "3", "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
             "PYTHONPATH": str(ROOT)},
    )
    try:
        def iam_user(client, name, statements):
            client.create_user(UserName=name)
            client.put_user_policy(UserName=name, PolicyName=name, PolicyDocument=json.dumps(
                {"Version": "2012-10-17", "Statement": statements}))
            key = client.create_access_key(UserName=name)["AccessKey"]
            return key["AccessKeyId"], key["SecretAccessKey"]

        def iam(key, secret):
            return boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1",
                                aws_access_key_id=key, aws_secret_access_key=secret)

        admin = iam_user(iam("testing", "testing"), "admin",
                         [{"Effect": "Allow", "Action": "*", "Resource": "*"}])
        writer = iam_user(iam(*admin), "writer", [
            {"Effect": "Allow", "Action": "s3:*", "Resource": "*"},
            {"Effect": "Deny", "Action": "s3:DeleteObject", "Resource": "*"},
        ])
        yield endpoint, {"admin": admin, "writer": writer}
    finally:
        stop_server(process)


@pytest.fixture
def frozen_endpoint():
    """An HTTP endpoint on 127.0.0.1 that accepts connections and never answers, as a stalled
    object store does. Yields its URL; stopped (every connection closed) after the test."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    server.settimeout(0.2)
    held, stop = [], threading.Event()

    def accept():
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue  # the accept timeout, to look at `stop` again

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()
        for connection in held:
            connection.close()


@pytest.fixture(params=["memory", "local"])
def output_root(request, tmp_path):
    """An output folder on `memory://` (as object stores are: no real folders) or on disk."""
    if request.param == "local":
        yield str(tmp_path / "out")
        return
    name = f"veil-test-{uuid.uuid4().hex}"
    yield f"memory://{name}"
    import fsspec

    fs = fsspec.filesystem("memory")
    if fs.exists(f"/{name}"):
        fs.rm(f"/{name}", recursive=True)


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
    """The real command line, in a fresh process, as a user runs it.

    Tests pin their detectors with the small `minimal` profile unless they pass --config.
    """
    if "--config" not in args:
        args = (*args, "--config", "minimal")
    return subprocess.run(
        [sys.executable, "-m", "pipelines.anonymize", *args],
        cwd=cwd, capture_output=True, text=True, timeout=600,
        env={**os.environ, **(env or {})},
    )


@contextlib.contextmanager
def _environment(env: dict | None):
    """os.environ with `env` set, restored afterwards."""
    saved = {name: os.environ.get(name) for name in env or {}}
    os.environ.update(env or {})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _logging_to(stream):
    """The command line's logging (pipelines.runner.logs) writing to `stream`; the root logger's
    handlers and levels as they were afterwards."""
    from pipelines.runner.logs import _VeilHandler, configure_logging

    root = logging.getLogger()
    handlers, root_level = list(root.handlers), root.level
    veil_level = logging.getLogger("veil").level
    for handler in handlers:
        if isinstance(handler, _VeilHandler):
            root.removeHandler(handler)
    configure_logging(stream)
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(root_level)
        logging.getLogger("veil").setLevel(veil_level)


def run_in_process(main, args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """A command line's `main(args)` run in this process, as its `python -m` would run it (from
    the repository root, with `env` set): its exit status, and what it printed on stdout and
    stderr (its log lines included). An exception that would end the process is its traceback
    on stderr and exit status 1.

    What a fresh interpreter would add is the import of Beam, spaCy and spaCy's plugins, 10 s
    of CPU a run: tests of the process itself (signals, a terminal, worker processes, an
    installed package), and at least one test per command, use a subprocess (run_cli).
    """
    stdout, stderr = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with _environment(env), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr), \
                _logging_to(stderr):
            try:
                returncode = main(list(args))
            except SystemExit as exit_:
                code = exit_.code
                returncode = code if isinstance(code, int) else (0 if code is None else 1)
                if not isinstance(code, int) and code is not None:
                    print(code, file=sys.stderr)
            except Exception:
                traceback.print_exc()
                returncode = 1
    finally:
        os.chdir(cwd)
    return subprocess.CompletedProcess([getattr(main, "__module__", "main"), *args], returncode,
                                       stdout.getvalue(), stderr.getvalue())


def run_job(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """run_cli's job (`python -m pipelines.anonymize`, the `minimal` profile unless --config is
    given), run in this process by run_in_process."""
    from pipelines.anonymize import main

    if "--config" not in args:
        args = (*args, "--config", "minimal")
    return run_in_process(main, list(args), env)


def run_veil(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`python -m pipelines.cli COMMAND ...` (`veil`), run in this process by run_in_process."""
    from pipelines.cli import main

    return run_in_process(main, list(args), env)
