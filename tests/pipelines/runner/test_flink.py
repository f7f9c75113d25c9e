"""Veil on Apache Flink: an embedded Flink, a real session cluster, a TaskManager killed mid-job.

The Flink distribution (1.19.3) is unpacked from PyPI's `apache-flink` wheels; Beam's Flink job
server comes from Maven Central, Beam's shaded jar or, where the registry has none, assembled
from the runner's own modules (`pipelines.runner.flink_cluster`). A session cluster is a
JobManager and two TaskManagers, each its own JVM on 127.0.0.1, stopped after its tests.

Without Java, javac, Maven or the job server jar these tests skip and say why; under CI
(`CI=true`) a missing prerequisite fails them instead, since `.ci/run` installs all of it.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.runner.flink_cluster import (
    FLINK_MINOR, FLINK_VERSION, ClusterSettings, FlinkSessionCluster,
    FlinkSetupError, PortableEndpoints, flink_home, job_server_artifact, job_server_jar, require_java,
)
from tests.conftest import ROOT, run_cli, start_server_on_port, stop_server
from tests.pipelines.test_portability import output_bytes

pytestmark = pytest.mark.slow

KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}


def missing(reason: str):
    """Skip, saying why; under CI, fail: CI installs every prerequisite first."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"prerequisite missing under CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def flink_dist() -> Path:
    try:
        require_java()
        return flink_home()
    except FlinkSetupError as exc:
        missing(str(exc))


@pytest.fixture(scope="module")
def beam_job_server() -> Path:
    try:
        require_java()
        return job_server_jar()
    except FlinkSetupError as exc:
        missing(f"Beam's Flink job server ({job_server_artifact()}): {exc}")


@pytest.fixture(scope="module")
def numbered_lines_jar(flink_dist, tmp_path_factory) -> Path:
    """tests/support/flink/NumberedLines.java, compiled against the distribution's jars."""
    import shutil

    if not shutil.which("javac") or not shutil.which("jar"):
        missing("no `javac`/`jar` on PATH (a JDK) to build the test's Flink job")
    folder = tmp_path_factory.mktemp("numbered-lines")
    source = ROOT / "tests" / "support" / "flink" / "NumberedLines.java"
    subprocess.run(["javac", "-nowarn", "-cp", f"{flink_dist / 'lib'}/*", "-d", str(folder / "classes"), str(source)],
                   check=True, timeout=300, capture_output=True)
    jar = folder / "numbered-lines.jar"
    subprocess.run(["jar", "cfe", str(jar), "NumberedLines", "-C", str(folder / "classes"), "."],
                   check=True, timeout=120, capture_output=True)
    return jar


@pytest.fixture(scope="module")
def shared_cluster(flink_dist, tmp_path_factory):
    """A JobManager and two TaskManagers (2 slots each), started once for this module."""
    with FlinkSessionCluster(flink_dist, tmp_path_factory.mktemp("flink-session"), ClusterSettings()) as cluster:
        yield cluster


@pytest.fixture
def session_cluster(shared_cluster):
    """The module's cluster with both TaskManagers up: one a test killed is replaced first."""
    shared_cluster.replace_lost_task_managers()
    yield shared_cluster


def listening_addresses(pids: list[int]) -> set[str]:
    """The local addresses of the TCP sockets the processes `pids` listen on (from /proc)."""
    inodes = set()
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    addresses = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] != "0A" or fields[9] not in inodes:  # 0A: LISTEN
                continue
            address = fields[1].split(":")[0]
            # IPv4 in /proc is little-endian hex; an IPv4-mapped IPv6 address ends in it.
            tail = address[-8:]
            ipv4 = ".".join(str(int(tail[i:i + 2], 16)) for i in (6, 4, 2, 0))
            if width == 32 and not address.startswith("0000000000000000FFFF0000"):
                ipv4 = "::" if set(address) == {"0"} else address
            addresses.add(ipv4)
    return addresses


def submit_numbered_lines(cluster: FlinkSessionCluster, jar: Path, n: int, pause_ms: int, output: Path) -> str:
    """Submit the Java test job with Flink's own client, detached; its job id."""
    result = subprocess.run([str(cluster.home / "bin" / "flink"), "run", "-d", str(jar), str(n), str(pause_ms), str(output)],
                            env=cluster.client_env(), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return re.search(r"JobID ([0-9a-f]{32})", result.stdout).group(1)


def committed_lines(output: Path) -> list[str]:
    """The lines of FileSink's committed files (in-progress files are hidden: `.part-*`)."""
    return [line for path in sorted(output.rglob("part-*")) for line in path.read_text().splitlines()]


# --- The session cluster itself, with a plain Flink job ---------------------------------------

def test_session_cluster_of_two_task_managers_runs_a_job(session_cluster, numbered_lines_jar, tmp_path):
    overview = session_cluster.overview()
    assert overview["flink-version"] == FLINK_VERSION
    assert overview["taskmanagers"] == 2 and overview["slots-total"] == 4
    pids = [session_cluster.job_manager.pid, *(p.pid for p in session_cluster.task_managers)]
    assert len(set(pids)) == 3 and all(Path(f"/proc/{pid}/exe").resolve().name == "java" for pid in pids)
    assert listening_addresses(pids) == {"127.0.0.1"}

    job = submit_numbered_lines(session_cluster, numbered_lines_jar, 500, 0, tmp_path / "out")
    assert session_cluster.wait_for_job(job) == "FINISHED"
    assert sorted(committed_lines(tmp_path / "out")) == sorted(f"line-{i}" for i in range(500))


# --- Veil through Beam's Flink runner ------------------------------------------------------------

def flink_args(jar: Path) -> list[str]:
    return ["--flink_version", FLINK_MINOR, "--flink_job_server_jar", str(jar)]


def test_embedded_flink_on_the_bundled_sample_as_multi_file_parquet_from_s3(beam_job_server, s3_server, tmp_path):
    """`--flink_master [local]`: Beam's job server runs Flink in its own JVM, and LOOPBACK
    workers read the bundled sample's 300 conversations, written as three Parquet files of 4 row
    groups each, from a real S3 server. (JSON Lines on Flink: the session-cluster test below.)
    One run for both inputs the issue names, since each Flink start costs about a minute."""
    import s3fs

    from veil.synth import write_records

    fs = s3fs.S3FileSystem(key="testing", secret="testing", client_kwargs={"endpoint_url": s3_server})
    fs.mkdir("veil-flink")
    sample = [json.loads(line) for line in (ROOT / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(sample) == 300
    for part in range(3):
        path = tmp_path / f"part-{part}.parquet"
        write_records(sample[part * 100:(part + 1) * 100], str(path), batch_size=25)  # 4 row groups
        fs.put_file(str(path), f"veil-flink/calls/part-{part}.parquet")
    s3 = ["--s3_endpoint_url", s3_server, "--s3_region_name", "us-east-1"]
    args = ["--input", "s3://veil-flink/calls/*.parquet", "--num_shards", "2", "--audit_sample", "50", *s3]
    local, flink = tmp_path / "local", tmp_path / "flink"
    assert run_cli(*args, "--output", str(local), env=KEYS).returncode == 0
    result = run_cli(*args, "--output", str(flink), "--runner", "FlinkRunner", "--flink_master", "[local]",
                     *flink_args(beam_job_server), "--environment_type", "LOOPBACK", "--parallelism", "2", env=KEYS)
    assert result.returncode == 0, result.stderr[-3000:]
    assert output_bytes(flink) == output_bytes(local)
    records = json.loads((flink / "job_summary.json").read_text())["records"]
    assert records["in"] == 300 and records["accounted_for"] is True


@pytest.fixture
def job_server_for(beam_job_server, tmp_path):
    """Beam's Flink job server pointed at a session cluster's REST port, on 127.0.0.1, and an
    EXTERNAL Python worker pool: yields a function of the cluster giving the runner flags.

    The pool is `tests.support.shared_worker_pool`: Beam's own, except that it stops no worker
    by id, since the cluster's two TaskManagers share it and number their workers alike (in a
    deployment each TaskManager has its own pool; infra/flink). Both servers log to
    `tmp_path`, and `server_logs()` gives their tails for a failure message."""
    started = []
    venv_bin = str(Path(sys.executable).parent)
    env = {"PATH": venv_bin + os.pathsep + os.environ.get("PATH", "")}

    def start(cluster: FlinkSessionCluster) -> list[str]:
        ports = PortableEndpoints.free()
        started.append(start_server_on_port(
            ports.job_server_command(beam_job_server, cluster.rest_address, tmp_path / "artifacts"),
            ports.job, log=tmp_path / "job-server.log"))
        started.append(start_server_on_port(
            [sys.executable, "-m", "tests.support.shared_worker_pool", f"--service_port={ports.worker_pool}"],
            ports.worker_pool, env=env, cwd=ROOT, log=tmp_path / "worker-pool.log"))
        return ports.runner_args(parallelism=4)

    try:
        yield start
    finally:
        for process in reversed(started):
            stop_server(process)


def server_logs(folder: Path, cluster: FlinkSessionCluster, chars: int = 2500) -> str:
    """The tails of the worker pool's and job server's logs and the cluster's exceptions, for
    a failure message: CI shows only the end of its output."""
    parts = []
    for name in ("worker-pool.log", "job-server.log"):
        path = folder / name
        if path.is_file():
            parts.append(f"--- {name} ---\n{path.read_text(errors='replace')[-chars:]}")
    for job in cluster.rest("/jobs/overview")["jobs"]:
        root = (cluster.rest(f"/jobs/{job['jid']}/exceptions").get("root-exception") or "").strip()
        if root:
            parts.append(f"--- job {job['jid']} ({job['state']}) ---\n{root[:chars]}")
    return "\n".join(parts)


def test_veil_on_the_session_cluster_survives_a_task_manager_killed_mid_job(job_server_for, session_cluster, tmp_path):
    """Veil through Beam's job server on a session cluster of two TaskManagers, one SIGKILLed
    once the job's tasks run: Flink restarts the job once a new TaskManager takes the lost
    one's place, and the output is still exactly the local runner's, `_SUCCESS` once, no
    temporary files. (Also the test that Veil runs on a session cluster at all.)"""
    from veil.synth import generate_records, write_records

    cluster = session_cluster
    runner = job_server_for(cluster)
    source = tmp_path / "calls.jsonl"
    write_records(generate_records(600, 3132), str(source))
    # The auditor reads a seeded sample of 50: its work on all 600 took half of each run's time,
    # and the sample, the same on either runner, is what a job at scale audits (docs/risk-auditor.md).
    args = ["--input", str(source), "--num_shards", "4", "--split_bytes", "50000", "--audit_sample", "50"]
    local, flink = tmp_path / "local", tmp_path / "flink"
    assert run_cli(*args, "--output", str(local)).returncode == 0
    before = {job["jid"] for job in cluster.rest("/jobs/overview")["jobs"]}
    job = subprocess.Popen([sys.executable, "-m", "pipelines.anonymize", *args, "--config", "minimal",
                            "--output", str(flink), *runner], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    try:
        try:
            job_id = cluster.wait_for_running_job(exclude=before)
            cluster.wait_for_vertex_running(job_id)
        except TimeoutError as exc:
            raise AssertionError(f"{exc}\n{server_logs(tmp_path, cluster)}") from exc
        cluster.kill_task_manager(1)
        # The job's regions run 4 tasks wide: the surviving TaskManager's 2 slots cannot hold
        # one, so the restarted job waits for slots until a new TaskManager takes the lost
        # one's place, as Kubernetes starts a new pod.
        cluster.replace_lost_task_managers()
        out, _ = job.communicate(timeout=600)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait(timeout=30)
    assert job.returncode == 0, out[-3000:] + server_logs(tmp_path, cluster)
    new_jobs = [job for job in cluster.rest("/jobs/overview")["jobs"] if job["jid"] not in before]
    assert [job["state"] for job in new_jobs] == ["FINISHED"]
    history = cluster.rest(f"/jobs/{job_id}/exceptions")["exceptionHistory"]["entries"]
    assert history, "the job never failed: the kill came too late to test a restart"
    assert output_bytes(flink) == output_bytes(local)
    assert (flink / "_SUCCESS").is_file() and not (flink / "_temp").exists()
