"""Local worker processes forked from a warm process, instead of each started cold.

Beam's local runner (`FnApiRunner`, `--direct_running_mode multi_processing`) starts each
worker as a new interpreter (`python -m apache_beam.runners.worker.sdk_worker_main`), and each
one imports Beam, Veil, spaCy and torch, compiles the job's detectors and the auditor's, and
reads their dictionaries again: a fixed cost per worker (BENCHMARKS.md, "Figures the code's
docstrings carried"), paid again by every worker; the one-worker run pays it once, in the launcher, which
the in-process worker shares.

`WarmWorkers` forks a server process from the launcher once the job is planned (so it shares
what the launcher already loaded), warms it (imports, detectors: `warm`), and then forks each
worker from it. Beam still starts its worker command, `python -m pipelines.runner.fork_worker SOCKET`:
a small client that hands the server its environment (Beam's control and logging addresses,
pipeline options) and its standard streams, then waits for the forked worker's exit status. A
worker whose client is killed is killed; the server ends with the launcher.

Only where forking is safe: a POSIX system, a launcher with no Python thread but its main one,
and no native thread started since this module was imported (a fork copies only the calling
thread: a lock another thread held stays held in the child, and a thread pool a library started,
torch's or ONNX Runtime's after a model probe, is gone). The threads libraries start on import
(OpenBLAS's, jemalloc's) handle a fork themselves. Anywhere else, or with
`VEIL_WARM_WORKERS=0`, Beam starts its workers as usual.
"""
from __future__ import annotations

import json
import logging
import os
import selectors
import shlex
import signal
import socket
import sys
import tempfile
from typing import Callable

_LOG = logging.getLogger("veil")
ENV_SWITCH = "VEIL_WARM_WORKERS"
_SOCKET = "workers.sock"
_POLL_S = 0.2


def thread_count() -> int:
    """Threads of this process, native ones included (a library's thread pool counts too)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading

        return threading.active_count()


# The launcher's threads once its libraries are imported (this module is imported after them).
_THREADS_AT_IMPORT = thread_count()


def fork_problem() -> str | None:
    """Why workers cannot be forked from this process, or None."""
    import threading

    if os.environ.get(ENV_SWITCH, "") == "0":
        return f"{ENV_SWITCH}=0"
    if not hasattr(os, "fork") or not hasattr(socket, "send_fds"):
        return "this system cannot fork"
    if threading.active_count() != 1:
        return f"the launcher runs {threading.active_count()} Python threads"
    threads = thread_count()
    if threads > _THREADS_AT_IMPORT:
        return f"the launcher started {threads - _THREADS_AT_IMPORT} threads since its imports"
    return None


def run_sdk_worker() -> None:
    """What a forked worker runs: Beam's worker, configured from the environment."""
    from apache_beam.runners.worker import sdk_worker_main

    sdk_worker_main.main(sys.argv)


def _fresh_logging() -> None:
    """A worker's logging as a new interpreter has it: the launcher's handlers (its stderr
    lines, its filter) are not the worker's; Beam's worker installs its own."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("veil").setLevel(logging.NOTSET)


def _exit_code(status: int) -> int:
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code  # killed by a signal: as a shell reports it


class WarmWorkers:
    """The fork server: `command` is the worker command line for Beam; `close()` ends it."""

    def __init__(self, folder: str, pid: int, launcher_end: int):
        self.folder = folder
        self.pid = pid
        self._launcher_end = launcher_end

    @property
    def socket_path(self) -> str:
        return os.path.join(self.folder, _SOCKET)

    @property
    def command(self) -> str:
        return f"{shlex.quote(sys.executable)} -m pipelines.runner.fork_worker {shlex.quote(self.socket_path)}"

    @classmethod
    def start(cls, warm: Callable[[], None] | None = None,
              run: Callable[[], None] = run_sdk_worker) -> "WarmWorkers | None":
        """Fork the server, which runs `warm` once, then `run` in each worker it forks. None
        (and a log line saying why) where forking is not safe."""
        problem = fork_problem()
        if problem:
            _LOG.info("workers start as new processes (%s)", problem)
            return None
        folder = tempfile.mkdtemp(prefix="veil-workers-")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(os.path.join(folder, _SOCKET))
        listener.listen(16)
        server_end, launcher_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the server: never returns into the launcher's code
            code = 0
            try:
                os.close(launcher_end)
                _serve(listener, server_end, warm, run)
            except BaseException:  # noqa: BLE001 - report, and leave the launcher's stack alone
                logging.getLogger("veil").exception("the worker fork server failed")
                code = 1
            finally:
                os._exit(code)
        listener.close()
        os.close(server_end)
        _LOG.info("workers are forked from a warm process")
        return cls(folder, pid, launcher_end)

    def close(self) -> None:
        """End the server (it kills any worker still running) and remove its socket."""
        if self._launcher_end is not None:
            os.close(self._launcher_end)
            self._launcher_end = None
            os.waitpid(self.pid, 0)
            try:
                os.unlink(self.socket_path)
                os.rmdir(self.folder)
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _serve(listener: socket.socket, launcher_end: int, warm, run) -> None:
    """The server's loop: fork a worker per client; report its exit; end with the launcher."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the launcher decides; its end ends us
    if warm is not None:
        try:
            warm()
        except Exception as error:  # noqa: BLE001 - warming is an optimisation: workers redo it
            _LOG.warning("warming the worker fork server failed (%s): each worker loads what "
                         "it needs itself", type(error).__name__)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(launcher_end, selectors.EVENT_READ, "launcher")
    workers: dict[int, socket.socket] = {}  # pid -> its client's connection
    try:
        while True:
            for key, _ in selector.select(_POLL_S):
                if key.data == "launcher":  # the launcher ended or closed us
                    return
                if key.data == "accept":
                    connection, _ = listener.accept()
                    # The child closes the server's descriptors: theirs are not its own.
                    inherited = [listener, launcher_end, selector, *workers.values()]
                    pid = _fork_worker(connection, inherited, run)
                    if pid is not None:
                        workers[pid] = connection
                        selector.register(connection, selectors.EVENT_READ, pid)
                    continue
                # A client's connection is readable only when it ended: its worker goes too.
                _kill(key.data)
            while workers:
                pid, status = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
                connection = workers.pop(pid, None)
                if connection is not None:
                    selector.unregister(connection)
                    try:
                        connection.sendall(_exit_code(status).to_bytes(4, "big", signed=True))
                    except OSError:
                        pass
                    connection.close()
    finally:
        for pid in workers:
            _kill(pid)
        for pid in workers:
            os.waitpid(pid, 0)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _receive_request(connection: socket.socket) -> tuple[dict, list[int]]:
    """The client's environment (JSON, length-prefixed) and its standard streams."""
    header, fds, _, _ = socket.recv_fds(connection, 4, 3)
    if len(header) < 4:
        raise ConnectionError("the worker client sent no request")
    size = int.from_bytes(header, "big")
    body = b""
    while len(body) < size:
        chunk = connection.recv(size - len(body))
        if not chunk:
            raise ConnectionError("the worker client's request was cut short")
        body += chunk
    return json.loads(body), fds


def _fork_worker(connection, inherited: list, run) -> int | None:
    try:
        environment, fds = _receive_request(connection)
    except (OSError, ValueError) as error:
        _LOG.warning("a worker client's request could not be read (%s)", type(error).__name__)
        connection.close()
        return None
    pid = os.fork()
    if pid == 0:  # the worker
        code = 0
        try:
            for other in inherited:
                other.close() if hasattr(other, "close") else os.close(other)
            connection.close()  # the client waits on the server's copy
            for target, fd in enumerate(fds[:3]):
                os.dup2(fd, target)
            for fd in fds:
                if fd > 2:
                    os.close(fd)
            os.environ.clear()
            os.environ.update(environment)
            # Ctrl-C is the launcher's to handle (it stops the workers), as the server's.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            _fresh_logging()
            run()
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except BaseException:  # noqa: BLE001
            import traceback

            traceback.print_exc()
            code = 1
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    for fd in fds:
        os.close(fd)
    return pid


def forks_workers(options) -> bool:
    """Whether the job runs on the local FnApiRunner with several worker processes: the case
    where `WarmWorkers` saves each worker's start-up."""
    from apache_beam.options.pipeline_options import DirectOptions

    from pipelines.runner.options import runner_name

    direct = options.view_as(DirectOptions)
    return (runner_name(options) == "fnapirunner"
            and direct.direct_running_mode == "multi_processing"
            and direct.direct_num_workers != 1)


def warm_workers_runner(workers: WarmWorkers):
    """The local FnApiRunner, its worker command replaced by `workers.command`."""
    from apache_beam.portability import python_urns
    from apache_beam.runners.portability.fn_api_runner import FnApiRunner

    class WarmWorkersRunner(FnApiRunner):
        def run_via_runner_api(self, pipeline_proto, options):
            for environment in pipeline_proto.components.environments.values():
                if environment.urn == python_urns.SUBPROCESS_SDK:
                    environment.payload = workers.command.encode("utf-8")
            return super().run_via_runner_api(pipeline_proto, options)

    return WarmWorkersRunner()
