"""`veil train`'s progress: one tqdm bar from the command's first second to its end.

Before the first training step there are imports, data to read and texts to encode, minutes on
a busy machine: the bar names each stage with its clock running (refreshed every second, even
while a long import holds the interpreter between updates), then counts the training steps
with tqdm's estimate of the time left, then names the threshold tuning.
"""
from __future__ import annotations

import sys
import threading

from tqdm import tqdm

STAGE_FORMAT = "{desc} [{elapsed}]"
STEP_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} steps [{elapsed}<{remaining}{postfix}]"


class TrainingProgress:
    """The bar, and what training reports to it: `stage`, `steps`, `step`, `write`."""

    def __init__(self, file=None):
        file = file or sys.stderr
        # A terminal's line is redrawn every second; a log gets a line every 10 s.
        every = 1.0 if getattr(file, "isatty", lambda: False)() else 10.0
        self._bar = tqdm(total=None, desc="veil train: starting", bar_format=STAGE_FORMAT,
                         file=file, dynamic_ncols=True, mininterval=0.5 if every < 10 else every)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._ticker = threading.Thread(target=self._tick, args=(every,), daemon=True,
                                        name="veil-train-progress")
        self._ticker.start()

    def _tick(self, every: float) -> None:
        while not self._closed.wait(every):
            with self._lock:
                self._bar.refresh()

    def stage(self, text: str) -> None:
        """A stage with no count (loading, reading, encoding, tuning): its name and the clock."""
        with self._lock:
            if self._bar.bar_format == STEP_FORMAT:
                self._bar.refresh()  # the steps' last count, before the next stage replaces it
            self._bar.bar_format = STAGE_FORMAT
            self._bar.set_description_str(f"veil train: {text}", refresh=True)

    def steps(self, total: int) -> None:
        """The training steps begin: from here the bar counts them and estimates the rest."""
        with self._lock:
            self._bar.bar_format = STEP_FORMAT
            self._bar.set_description_str("veil train: training", refresh=False)
            self._bar.reset(total=total)

    def step(self, loss: float | None = None) -> None:
        with self._lock:
            if loss is not None:
                self._bar.set_postfix_str(f"loss {loss:.3f}", refresh=False)
            self._bar.update(1)

    def write(self, line: str) -> None:
        """A line printed above the bar, which stays at the bottom."""
        with self._lock:
            self._bar.write(line, file=self._bar.fp)

    def close(self) -> None:
        self._closed.set()
        self._ticker.join()
        with self._lock:
            self._bar.close()

    def __enter__(self) -> "TrainingProgress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
