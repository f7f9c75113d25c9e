"""Run one of Beam's own service mains with every gRPC port bound to 127.0.0.1.

Beam's local job service and external worker pool bind their servers to every interface
(`[::]`); our tests may only listen on loopback. This shim rewrites the bind address and
then runs Beam's real module unchanged:

    python -m tests.support.loopback_beam apache_beam.runners.worker.worker_pool_main --service_port 0
"""
import runpy
import sys

import grpc._server

_add_insecure_port = grpc._server._Server.add_insecure_port


def _loopback_only(self, address: str) -> int:
    host, _, port = address.rpartition(":")
    if host in ("[::]", "0.0.0.0", "", "localhost"):
        address = f"127.0.0.1:{port}"
    return _add_insecure_port(self, address)


grpc._server._Server.add_insecure_port = _loopback_only

if __name__ == "__main__":
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
