"""One job per output folder: a lock object, `_LOCK`, that carries the run id.

Two jobs on one output used to run side by side: the second deleted the first's working
files as a crashed run's leftovers, and the first then failed after all its work. A job now
creates `_LOCK` in its output before it touches anything there, without overwriting (local
disks: exclusive create; object stores: a conditional `xb` write where the store supports
it), and a second job is refused with a message naming the run that holds the output.

The lock is removed when the run is published or abandoned. A job that was killed leaves it:
on the same machine, a lock whose process is gone is stale and is taken over; otherwise (a
lock from another machine, or an object store) the message says how to remove it by hand,
once you know that no job is running there.
"""
from __future__ import annotations

import json
import os
import socket
import time

from veil.io.outputs import OutputSpec
from veil.run.errors import ConfigError

LOCK = "_LOCK"


class OutputLocked(ConfigError):
    """Another run holds the output."""


def take_lock(spec: OutputSpec) -> None:
    """Create the output's lock for this run, or raise OutputLocked."""
    body = json.dumps({"run_id": spec.temp_id, "host": socket.gethostname(), "pid": os.getpid(),
                       "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}).encode()
    for _ in range(2):
        if _create(spec, body):
            return
        holder = read_lock(spec)
        if holder is not None and holder.get("run_id") == spec.temp_id:
            return
        if holder is not None and _stale(holder):
            spec.storage.delete([spec.join(LOCK)])  # a killed job's lock on this machine
            continue
        break
    shown = ", ".join(f"{k} {holder[k]}" for k in ("run_id", "host", "pid", "started")
                      if holder and k in holder) if holder else "unreadable"
    raise OutputLocked(
        f"--output {spec.root!r} is in use by another run ({shown}): two jobs on one output "
        f"would delete each other's files. Wait for it to end, or choose another output. If no "
        f"job is running there (one was killed on another machine), delete {spec.join(LOCK)}.")


def release_lock(spec: OutputSpec) -> None:
    """Remove the lock if this run holds it (safe to repeat)."""
    holder = read_lock(spec)
    if holder is not None and holder.get("run_id") == spec.temp_id:
        spec.storage.delete([spec.join(LOCK)])


def read_lock(spec: OutputSpec) -> dict | None:
    try:
        with spec.storage.open(spec.join(LOCK), "rb") as handle:
            return json.loads(handle.read())
    except (OSError, ValueError):
        return None


def _create(spec: OutputSpec, body: bytes) -> bool:
    """Write the lock unless it exists; False when it does."""
    try:
        with spec.storage.open(spec.join(LOCK), "xb") as handle:
            handle.write(body)
        return True
    except FileExistsError:
        return False
    except (ValueError, NotImplementedError, TypeError):
        pass  # a store without exclusive create: check, then write (not atomic)
    fs, path = spec.storage.filesystem(spec.join(LOCK))
    if fs.exists(path):
        return False
    with spec.storage.open(spec.join(LOCK), "wb") as handle:
        handle.write(body)
    return True


def _stale(holder: dict) -> bool:
    """A lock taken on this machine by a process that is gone."""
    if holder.get("host") != socket.gethostname() or not isinstance(holder.get("pid"), int):
        return False
    try:
        os.kill(holder["pid"], 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
