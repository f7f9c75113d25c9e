"""Beam's Python worker pool, shared by the two TaskManagers of a one-machine test cluster.

In a real deployment every TaskManager has its own worker pool (the sidecar on
`localhost:50000`, infra/flink). On one machine there is one address, so the test cluster's two
TaskManagers share one pool, and that breaks a rule the pool relies on: Beam's Java runner
numbers its workers per TaskManager JVM (`1-1`, `1-2`, ... on each), so two live workers carry
the same id. Beam's pool keys its worker processes by that id; when one TaskManager released its
environment, its `StopWorker("1-1")` killed the *other* TaskManager's worker in the middle of a
bundle, and that task waited three minutes for a worker that never came (CI, 26 November).

So this pool stops no worker by id. A worker ends by itself when its TaskManager closes the
control stream, which the runner does before it sends `StopWorker`; the pool reaps the ones that
ended, and on SIGTERM stops any still running, so the test leaves no process behind.
Everything else is Beam's own `worker_pool_main`, bound to 127.0.0.1 (`loopback_beam`):

    python -m tests.support.shared_worker_pool --service_port 50000
"""
import logging
import os
import signal
import subprocess

from apache_beam.portability.api import beam_fn_api_pb2
from apache_beam.runners.worker import worker_pool_main

import tests.support.loopback_beam  # noqa: F401  (binds every gRPC server to 127.0.0.1)

_LOGGER = logging.getLogger(__name__)
_Servicer = worker_pool_main.BeamFnExternalWorkerPoolServicer
_start_worker = _Servicer.StartWorker
_started: list[subprocess.Popen] = []


def _start_and_keep(self, request, context):
    response = _start_worker(self, request, context)
    process = self._worker_processes.pop(request.worker_id, None)
    if process is not None:
        _started.append(process)
    return response


def _stop_worker_by_its_stream(self, request, context):
    """Leave the worker to end with its control stream: its id may name another TaskManager's."""
    _started[:] = [process for process in _started if process.poll() is None]
    _LOGGER.info("StopWorker %s: left to end with its control stream; %d workers running",
                 request.worker_id, len(_started))
    return beam_fn_api_pb2.StopWorkerResponse()


def _stop_all(signum, frame):
    for process in _started:
        if process.poll() is None:
            process.terminate()
    for process in _started:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    os._exit(0)  # gRPC's server threads would hold a plain exit


_Servicer.StartWorker = _start_and_keep
_Servicer.StopWorker = _stop_worker_by_its_stream

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, _stop_all)
    worker_pool_main.main()
