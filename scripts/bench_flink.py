"""Veil on Flink against the local runner: throughput on one and two TaskManagers, and the
fixed cost of a submission (BENCHMARKS.md, #31 item 5).

    python scripts/bench_flink.py --records 6000 --output bench-flink.json

A synthetic corpus of `--records` calls (about 3.4 KB each: 6,000 are 20 MB) is anonymised by
the local runner and by a Flink 1.19.3 session cluster on 127.0.0.1 of one TaskManager and of
two (2 slots each, parallelism 2 and 4), through Beam's job server and an EXTERNAL worker pool,
each run with `--config` (default `minimal`, the rules). Each row gives the wall time of the
submitting command, records/s, and the CPU seconds the whole machine spent while it ran (from
/proc/stat: the JVMs, the Python workers, the submitter), per MB. The cluster, job server and
pool are started before the clock starts, as a standing cluster would be. A tiny corpus
(`--tiny` records) on both runners gives the fixed cost of a submission.

Run it on a quiet machine: the CPU figures count everything the machine does. The two
TaskManagers share this machine's cores and one worker pool (the test suite's
`tests.support.shared_worker_pool`, which stops no worker by id; see infra/flink/README.md).
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipelines.runner.flink_cluster import (
    ClusterSettings, FlinkSessionCluster, PortableEndpoints, flink_home, job_server_jar,
)
from veil.synth import generate_records, write_records

ROOT = Path(__file__).resolve().parent.parent


def machine_cpu_seconds() -> float:
    """CPU seconds all cores spent busy since boot (user, nice, system, irq, softirq)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq = (int(value) for value in fields[:7])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def timed_job(args: list[str], records: int, megabytes: float) -> dict:
    """Run the job command; its wall time, and the machine's CPU while it ran."""
    cpu, start = machine_cpu_seconds(), time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pipelines.anonymize", *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=3600)
    wall, cpu = time.monotonic() - start, machine_cpu_seconds() - cpu
    if result.returncode != 0:
        raise SystemExit(f"job failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return {"records": records, "mb": round(megabytes, 2), "wall_s": round(wall, 1),
            "records_per_s": round(records / wall, 1), "machine_cpu_s": round(cpu, 1),
            "cpu_s_per_mb": round(cpu / megabytes, 2)}


def wait_for_port(port: int, process: subprocess.Popen, timeout_s: float = 120) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{process.args[:3]} exited ({process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"nothing listens on {port} after {timeout_s:.0f} s")


def flink_runner_args(cluster: FlinkSessionCluster, workdir: Path, parallelism: int, started: list) -> list[str]:
    """Start Beam's job server for `cluster` and a worker pool; the job's runner flags."""
    ports = PortableEndpoints.free()
    with open(workdir / "job-server.log", "ab") as log:
        server = subprocess.Popen(ports.job_server_command(job_server_jar(), cluster.rest_address, workdir / "artifacts"),
                                  stdout=log, stderr=subprocess.STDOUT)
    started.append(server)
    wait_for_port(ports.job, server)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    with open(workdir / "worker-pool.log", "ab") as log:
        pool = subprocess.Popen([sys.executable, "-m", "tests.support.shared_worker_pool", f"--service_port={ports.worker_pool}"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    started.append(pool)
    wait_for_port(ports.worker_pool, pool)
    return ports.runner_args(parallelism)


def stop(processes: list[subprocess.Popen]) -> None:
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=6000)
    parser.add_argument("--tiny", type=int, default=20)
    parser.add_argument("--config", default="minimal")
    parser.add_argument("--output", default="bench-flink.json")
    options = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="veil-bench-flink-"))
    corpus, tiny = work / "calls.jsonl", work / "tiny.jsonl"
    write_records(generate_records(options.records, 4242), str(corpus))
    write_records(generate_records(options.tiny, 4343), str(tiny))
    mb, tiny_mb = corpus.stat().st_size / 1e6, tiny.stat().st_size / 1e6
    common = ["--config", options.config, "--num_shards", "4"]
    figures = {"records": options.records, "mb": round(mb, 2), "config": options.config, "runs": []}

    def record(name: str, row: dict) -> None:
        figures["runs"].append({"run": name, **row})
        print(json.dumps(figures["runs"][-1]), flush=True)

    record("local runner", timed_job(["--input", str(corpus), "--output", str(work / "out-local"), *common],
                                     options.records, mb))
    record("local runner, tiny corpus", timed_job(["--input", str(tiny), "--output", str(work / "tiny-local"), *common],
                                                  options.tiny, tiny_mb))
    for task_managers in (1, 2):
        folder = work / f"flink-{task_managers}"
        folder.mkdir()
        settings = ClusterSettings(task_managers=task_managers, slots_per_task_manager=2)
        started: list[subprocess.Popen] = []
        with FlinkSessionCluster(flink_home(), folder / "cluster", settings) as cluster:
            try:
                runner = flink_runner_args(cluster, folder, 2 * task_managers, started)
                name = f"Flink, {task_managers} TaskManager{'s' if task_managers > 1 else ''}"
                if task_managers == 1:
                    record(f"{name}, tiny corpus", timed_job(
                        ["--input", str(tiny), "--output", str(folder / "tiny"), *common, *runner],
                        options.tiny, tiny_mb))
                record(name, timed_job(["--input", str(corpus), "--output", str(folder / "out"), *common, *runner],
                                       options.records, mb))
            finally:
                stop(started)
    Path(options.output).write_text(json.dumps(figures, indent=2) + "\n")
    print(f"figures in {options.output}; work files in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
