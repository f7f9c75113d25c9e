"""The job's long-lived objects, kept out of Python's cyclic garbage collector's way.

Before its first record a job builds a few hundred thousand objects that live until it ends:
the modules it imports, the compiled detectors and their name dictionaries, the models. Each
full collection of the cyclic garbage collector traverses all of them, and CPython runs one
each time the heap has grown by a quarter, which start-up does again and again. On a 20-post
job (measured with `gc.callbacks`), full collections took 1.2 CPU-seconds, almost all while
the detectors' dictionaries were built, and the interpreter's collections at exit another 0.7:
a third of everything that job spent.

`gc.freeze()` moves what is alive at that moment to a permanent generation that collections
skip. The job freezes what it has built at its start-up milestones (its imports, then its
plan: detectors and models checked; a warm detector also freezes itself, `veil.detection.detect`), and
everything at the very end, before the interpreter exits. Objects still in use are unaffected; a frozen object that becomes garbage in a cycle is
freed only once unfrozen, so `job_collector` unfreezes when the job returns, for callers
(tests, a notebook) that run several jobs in one process.

While the job runs, the youngest generation is collected every `JOB_YOUNG_THRESHOLD` net
allocations instead of CPython's 700: each record allocates thousands of short-lived objects,
almost none of them in cycles (reference counting frees them), so most of those collections
found nothing to free; on the same 3,009-post job the collector's time fell from 0.7-0.9 to
0.4 CPU-seconds, and no full collection ran.
"""
from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from typing import Iterator, NoReturn


def freeze_long_lived() -> None:
    """Everything alive now lives to the end of the job: full collections no longer traverse it."""
    gc.freeze()


JOB_YOUNG_THRESHOLD = 10_000


@contextmanager
def job_collector() -> Iterator[None]:
    """The collector as a job wants it, for the block: young collections every
    `JOB_YOUNG_THRESHOLD` allocations. When it ends, everything frozen (by `freeze_long_lived`,
    or a warm detector's `warm_up`) is collectable again, and the thresholds are the caller's."""
    thresholds = gc.get_threshold()
    gc.set_threshold(JOB_YOUNG_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def exit_without_collecting(code: int) -> NoReturn:
    """`sys.exit(code)` for a command's process, without the interpreter's full collections of
    everything it built: the output is written, and the process's memory goes back whole."""
    gc.freeze()
    sys.exit(code)
