"""The bench's measuring sticks, shared by its sections: medians of repeated runs, a job run in
a fresh process with its wall time, CPU time and peak memory, and the machine's load.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def summarise(values: list[float]) -> dict:
    return {
        "median": round(statistics.median(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
        "runs": len(values),
    }


def timed_runs(function, repeats: int, warm_up: bool = True,
               clock=time.perf_counter) -> list[float]:
    """Seconds of each of `repeats` calls of `function` on `clock` (wall time by default)."""
    if warm_up:
        function()
    times = []
    for _ in range(repeats):
        start = clock()
        function()
        times.append(clock() - start)
    return times


# The engine's figures are per core: seconds of this thread's CPU time, which other processes
# on the machine do not inflate as they do wall time (the engine runs in one thread).
ENGINE_CLOCK = time.thread_time


def run_job(corpus: Path, output: Path, workers: int, config: str, detectors: str = "rules") -> dict:
    """One anonymize run in a fresh process; wall time and peak memory (RSS) of the run."""
    command = [
        sys.executable, "-m", "pipelines.bench.run", "_job", str(corpus), str(output), str(workers), config,
        detectors,
    ]
    return run_measured(command)


def run_measured(command: list[str]) -> dict:
    """Run `command` (which prints its figures as a last JSON line) in a fresh process, and add
    `process_cpu_s`: the CPU seconds of the whole process and its workers, counted from outside
    (imports, start-up and model loading included), and `process_wall_s`."""
    cpu_before, start = children_cpu_seconds(), time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    figures["process_wall_s"] = round(time.perf_counter() - start, 3)
    figures["process_cpu_s"] = round(children_cpu_seconds() - cpu_before, 3)
    return figures


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def peak_rss_mb() -> float:
    """This process's own peak RSS. Linux's VmHWM starts afresh at exec; `ru_maxrss` does not:
    it keeps the RSS of the parent it was forked from (the bench itself, with a model loaded)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load_average() -> list[float] | None:
    """The machine's 1, 5 and 15-minute load averages: how shared it was while measuring."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def cpu_seconds() -> float:
    """CPU time (user + system) of this process and of its finished children (workers).

    On a shared machine, wall time also counts other people's work; CPU time counts ours.
    "Per core" figures divide by it."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total
