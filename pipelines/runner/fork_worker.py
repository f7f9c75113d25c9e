"""Beam's worker command when workers are forked (`pipelines.runner.warm_workers`):

    python -m pipelines.runner.fork_worker SOCKET

Hands the fork server this process's environment (Beam's control and logging addresses and
pipeline options) and standard streams, and exits with the forked worker's status. Imports the
standard library only: its start-up is the whole cost of a worker now.
"""
import json
import os
import signal
import socket
import sys


def main(socket_path: str) -> int:
    # Ctrl-C reaches every process of the terminal's group: the launcher decides, and stops the
    # worker, rather than each process printing its own KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    body = json.dumps(dict(os.environ)).encode("utf-8")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(socket_path)
        socket.send_fds(connection, [len(body).to_bytes(4, "big")], [0, 1, 2])
        connection.sendall(body)
        status = b""
        while len(status) < 4:
            chunk = connection.recv(4 - len(status))
            if not chunk:  # the server ended before the worker: it was stopped
                return 1
            status += chunk
    return int.from_bytes(status, "big", signed=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
