"""Python's cyclic garbage collector held off while a batch of turns is tokenised and decoded.

The model's CPU side (`models.hf_ner`: token ids, offsets and windows for every turn, then
spans from every turn's probabilities) allocates hundreds of thousands of small lists and
tuples, none of them in reference cycles: reference counting frees each one. Yet every 700 (or,
in a job, 10,000) net allocations the collector walks the young ones, and often the old: 44%
of the time outside the model with CPython's thresholds, 13% with the job's. On a GPU, where the
forward pass is a small part of `predict`, the pause made `predict` 1.4-1.6x faster
(BENCHMARKS.md, "NER on a GPU"). The pause is counted, so that threads predicting at once re-enable the
collector only when the last of them leaves, and only if it was on when the first came in.
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

_LOCK = threading.Lock()
_HOLDERS = 0
_WAS_ENABLED = False


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic collection inside the block; what it left in cycles is collected after."""
    global _HOLDERS, _WAS_ENABLED
    with _LOCK:
        if _HOLDERS == 0:
            _WAS_ENABLED = gc.isenabled()
            gc.disable()
        _HOLDERS += 1
    try:
        yield
    finally:
        with _LOCK:
            _HOLDERS -= 1
            if _HOLDERS == 0 and _WAS_ENABLED:
                gc.enable()
