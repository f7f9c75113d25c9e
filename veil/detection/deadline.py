"""A per-record time budget for detection, checked cooperatively.

One pathological record (a 4 MB turn, millions of findings) must not stall a worker, and a
record whose detection did not finish must not be written un-redacted. `detection_deadline`
sets a budget for the calls inside it; the engine calls `check_deadline()` between batches of
windows, detectors and rules, and past the budget that raises `DetectionDeadlineExceeded`,
which the job turns into an `errors/` entry for the record.

The budget is the calling thread's CPU time (`time.thread_time`), not wall time: a Beam
worker runs many threads, and a record should not be failed for time it spent waiting for
the GIL or for other work on the machine. It lives in a `ContextVar`, so each thread (and
each record) has its own, and no signal is needed: signals reach only the main thread.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_DEADLINE: ContextVar["tuple[float, float] | None"] = ContextVar("veil_detection_deadline",
                                                                default=None)


class DetectionDeadlineExceeded(TimeoutError):
    """Detection of one record used more CPU time than `detection.record_deadline_s`."""

    def __init__(self, seconds: float):
        super().__init__(f"detection took more than {seconds:g} s of CPU time "
                         f"(detection.record_deadline_s)")
        self.seconds = seconds


@contextmanager
def detection_deadline(seconds: float | None) -> Iterator[None]:
    """Within the block, `check_deadline()` raises once `seconds` of this thread's CPU time
    have passed. None or 0: no deadline (an enclosing one still applies)."""
    if not seconds:
        yield
        return
    token = _DEADLINE.set((time.thread_time() + seconds, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check_deadline() -> None:
    """Raise `DetectionDeadlineExceeded` if the current deadline has passed. Cheap."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.thread_time() > deadline[0]:
        raise DetectionDeadlineExceeded(deadline[1])
