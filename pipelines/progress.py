"""The job's progress as the launcher shows it: records finished, records/s, time elapsed.

A local runner runs the pipeline inside `pipeline.run()`, in this process or in worker
processes on this machine: its workers count finished records into a folder
(transforms.progress) and a thread here shows the sum every second. A cluster runner returns
from `run()` at once; there the launcher shows Beam's own counters while it waits, every 30
seconds, and the runner's UI shows them too.
"""
from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from typing import Callable, Iterator

from apache_beam.metrics.metric import MetricsFilter
from apache_beam.options.pipeline_options import PipelineOptions, PortableOptions

from pipelines.options import runner_name
from veil.run.progress import Poller, ProgressDisplay, ProgressFiles

LOCAL_RUNNERS = frozenset({
    "fnapirunner", "directrunner", "direct", "bundlebaseddirectrunner", "switchingdirectrunner",
})
FINISHED_COUNTERS = ("records_written", "records_errored")


def runs_on_this_machine(options: PipelineOptions) -> bool:
    """Whether every worker runs on this machine (and can write to its temporary folder)."""
    runner = runner_name(options)
    if runner in LOCAL_RUNNERS:
        return True
    environment = (options.view_as(PortableOptions).environment_type or "").upper()
    return runner in ("portablerunner", "portable") and environment == "LOOPBACK"


@contextmanager
def progress_folder(options: PipelineOptions) -> Iterator[str | None]:
    """A temporary folder for the workers' counts on a local run, removed afterwards; None
    on a cluster."""
    if not runs_on_this_machine(options):
        yield None
        return
    folder = tempfile.mkdtemp(prefix="veil-progress-")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def counters_total(result, names: tuple[str, ...] = FINISHED_COUNTERS) -> int:
    """The sum of Veil's counters `names` in a running or finished job (attempted values:
    what a running job has done so far)."""
    total = 0
    for name in names:
        query = result.metrics().query(MetricsFilter().with_namespace("veil").with_name(name))
        total += sum(int(counter.attempted or 0) for counter in query["counters"])
    return total


def watch_local(folder: str, description: str = "anonymizing", unit: str = "records") -> Poller:
    """Shows the count the workers leave in `folder`, every second, until the with-block ends."""
    return Poller(lambda: ProgressFiles.total(folder), ProgressDisplay(description, unit), interval=1.0)


def watch_cluster(result, description: str = "anonymizing") -> Poller:
    """Shows the job's finished-record counters every 30 seconds while the launcher waits."""
    read: Callable[[], int] = lambda: counters_total(result)
    return Poller(read, ProgressDisplay(description, log_every=30.0), interval=30.0)
