"""Progress of long steps: a count, its rate and the time elapsed, every few seconds.

On a terminal it is a tqdm line that updates in place; otherwise (a log file, CI) a plain log
line every `LOG_EVERY_SECONDS`, and one at the end. Worker processes of a local runner leave
their counts in a folder (`ProgressFiles`) for the launcher to add up; a cluster has Beam's
counters for that instead (see pipelines.progress).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from typing import Callable, Iterable, Iterator, TypeVar

LOG_EVERY_SECONDS = 10.0
FLUSH_EVERY_SECONDS = 1.0
_LOG = logging.getLogger("veil")
T = TypeVar("T")


def format_elapsed(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _columns(stream) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 0


class ProgressDisplay:
    """A running count shown to a person: tqdm on a terminal, log lines elsewhere."""

    def __init__(self, description: str, unit: str = "records", stream=None,
                 interactive: bool | None = None, log_every: float = LOG_EVERY_SECONDS):
        self.description, self.unit = description, unit
        self.stream = stream or sys.stderr
        if interactive is None:  # a terminal that reports no size (rows 0) would hide tqdm's line
            interactive = self.stream.isatty() and _columns(self.stream) > 0
        self.interactive = interactive
        self.log_every = log_every
        self.count = 0
        self.started = time.monotonic()
        self._logged = self.started
        self._bar = None
        if self.interactive:
            from tqdm import tqdm

            self._bar = tqdm(desc=description, unit=f" {unit}", file=self.stream, mininterval=1.0,
                             dynamic_ncols=True, leave=True)

    def update_to(self, count: int) -> None:
        """Set the count (it only grows); shows it when it is time to."""
        if count <= self.count:
            return
        if self._bar is not None:
            self._bar.update(count - self.count)
        self.count = count
        now = time.monotonic()
        if self._bar is None and now - self._logged >= self.log_every:
            self._logged = now
            _LOG.info("%s", self.line(now))

    def update(self, increment: int = 1) -> None:
        self.update_to(self.count + increment)

    def line(self, now: float | None = None, final: bool = False) -> str:
        elapsed = (now or time.monotonic()) - self.started
        rate = self.count / elapsed if elapsed > 0 else 0.0
        if final:
            return (f"{self.description}: {self.count:,} {self.unit} in {format_elapsed(elapsed)}, "
                    f"{rate:,.1f} {self.unit}/s")
        return (f"{self.description}: {self.count:,} {self.unit} so far, {rate:,.1f} {self.unit}/s, "
                f"{format_elapsed(elapsed)} elapsed")

    def close(self) -> None:
        """The last state, shown once whatever the timing."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        else:
            _LOG.info("%s", self.line(final=True))


def counted(items: Iterable[T], display: ProgressDisplay, weight: Callable[[T], int] = lambda _: 1
            ) -> Iterator[T]:
    """The items, unchanged, counted on `display` as they pass."""
    for item in items:
        yield item
        display.update(weight(item))


class Poller:
    """Shows `read_count()` on a display every `interval` seconds, in a background thread,
    while the caller waits for something that blocks (a local Beam runner's run())."""

    def __init__(self, read_count: Callable[[], int], display: ProgressDisplay, interval: float = 1.0):
        self.read_count, self.display, self.interval = read_count, display, interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="veil-progress", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._show()

    def _show(self) -> None:
        try:
            self.display.update_to(self.read_count())
        except Exception:  # noqa: BLE001 - progress must never break the job it reports on
            pass

    def __enter__(self) -> "Poller":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._show()
        self.display.close()


class ProgressFiles:
    """Counts that worker processes on this machine leave in a folder, one file each.

    `add` is cheap: the count is written (atomically) at most once a second, and on `flush`.
    A worker that cannot write there (the launcher's folder is not on its machine) counts on
    silently: progress is never worth failing a record for.
    """

    def __init__(self, folder: str):
        self.folder = folder
        self._count = self._written = 0
        self._last = 0.0
        self._path = os.path.join(folder, f"{os.getpid()}-{id(self):x}")

    def add(self, count: int = 1) -> None:
        self._count += count
        now = time.monotonic()
        if now - self._last >= FLUSH_EVERY_SECONDS:
            self._last = now
            self.flush()

    def flush(self) -> None:
        if self._count == self._written:
            return
        try:
            temporary = self._path + ".tmp"
            with open(temporary, "w", encoding="ascii") as handle:
                handle.write(str(self._count))
            os.replace(temporary, self._path)
            self._written = self._count
        except OSError:
            pass

    @staticmethod
    def total(folder: str) -> int:
        """The sum of every worker's last written count."""
        total = 0
        try:
            names = os.listdir(folder)
        except OSError:
            return 0
        for name in names:
            if name.endswith(".tmp"):
                continue
            try:
                with open(os.path.join(folder, name), encoding="ascii") as handle:
                    total += int(handle.read() or 0)
            except (OSError, ValueError):
                continue
        return total
