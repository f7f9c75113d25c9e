"""Flink for Veil on one machine: Beam's Flink job server, a Flink distribution, a session cluster.

    python -m pipelines.runner.flink_cluster job-server       # fetch Beam's Flink job server jar (Maven)
    python -m pipelines.runner.flink_cluster distribution     # unpack Flink from PyPI's wheels
    python -m pipelines.runner.flink_cluster session --task_managers 2   # run a session cluster

Nothing here imports Beam: it fetches and starts the JVM side that Beam's FlinkRunner and
PortableRunner talk to.

- **The job server** is Maven's `org.apache.beam:beam-runners-flink-<flink>-job-server:<beam>`,
  fetched with `mvn dependency:get` into the local Maven repository (`~/.m2`) and reused from
  there. `VEIL_FLINK_JOB_SERVER_JAR` names a local copy instead (Beam's `--flink_job_server_jar`).
- **The Flink distribution** comes from PyPI: the `apache-flink` wheel carries Flink's `bin/` and
  `conf/`, `apache-flink-libraries` its `lib/`, `opt/` and `plugins/`. They are downloaded with
  pip (`--no-deps`: PyFlink itself pins an old Beam and is never installed) and unpacked into
  `~/.cache/veil-flink/flink-<version>` (`VEIL_FLINK_CACHE` moves it), a Flink home as Apache's
  binary tarball lays it out.
- **A session cluster** is a JobManager and N TaskManagers, each its own JVM started in the
  foreground in its own process group, every port bound to 127.0.0.1, with a fixed-delay restart
  strategy and region failover. `FlinkSessionCluster.stop` kills every process group it started.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import version as package_version
from pathlib import Path

import yaml

FLINK_VERSION = "1.20.3"
# The Flink minor version of the job server and of infra/flink/'s manifests (flink:1.20, v1_20).
FLINK_MINOR = "1.20"
JOB_SERVER_ENV = "VEIL_FLINK_JOB_SERVER_JAR"


class FlinkSetupError(RuntimeError):
    """A piece of the Flink setup (Java, Maven, the job server jar, the distribution) is missing."""


class ArtifactNotPublished(FlinkSetupError):
    """The Maven registry answered, and it does not hold the artifact: no install step here can
    supply it (unlike a missing `mvn` or a network failure)."""


def cache_root() -> Path:
    return Path(os.environ.get("VEIL_FLINK_CACHE") or Path.home() / ".cache" / "veil-flink")


def beam_version() -> str:
    return package_version("apache-beam")


def require_java() -> str:
    java = shutil.which("java")
    if not java:
        raise FlinkSetupError("no `java` on PATH: Flink and Beam's job server need Java 11 or 17")
    return java


# --- Beam's Flink job server ----------------------------------------------------------------

def job_server_artifact(flink_minor: str = FLINK_MINOR, beam: str | None = None) -> str:
    """Maven coordinates `group:artifact:version` of Beam's Flink job server."""
    return f"org.apache.beam:beam-runners-flink-{flink_minor}-job-server:{beam or beam_version()}"


def maven_repository() -> Path:
    return Path(os.environ.get("VEIL_MAVEN_REPOSITORY") or Path.home() / ".m2" / "repository")


def job_server_jar_path(artifact: str) -> Path:
    """Where `mvn dependency:get` leaves `artifact` in the local Maven repository."""
    group, name, version = artifact.split(":")
    return maven_repository() / Path(*group.split(".")) / name / version / f"{name}-{version}.jar"


def job_server_jar(flink_minor: str = FLINK_MINOR, beam: str | None = None, timeout_s: float = 900) -> Path:
    """Beam's Flink job server jar: `VEIL_FLINK_JOB_SERVER_JAR` if set, else the local Maven
    repository's copy, else fetched there from Maven Central with `mvn dependency:get`."""
    given = os.environ.get(JOB_SERVER_ENV)
    if given:
        if not Path(given).is_file():
            raise FlinkSetupError(f"{JOB_SERVER_ENV}={given}: no such file")
        return Path(given)
    artifact = job_server_artifact(flink_minor, beam)
    jar = job_server_jar_path(artifact)
    if jar.is_file():
        return jar
    mvn = shutil.which("mvn")
    if not mvn:
        raise FlinkSetupError(f"no `mvn` on PATH to fetch {artifact} (or set {JOB_SERVER_ENV})")
    # -U: ask the registry again, rather than trust a failure Maven cached from an earlier try.
    command = [mvn, "-B", "-q", "-U", "dependency:get", f"-Dartifact={artifact}", "-Dtransitive=false"]
    if os.environ.get("VEIL_MAVEN_REPOSITORY"):
        command.append(f"-Dmaven.repo.local={maven_repository()}")
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:
        raise FlinkSetupError(f"`mvn dependency:get` of {artifact} ran past {timeout_s:.0f} s") from exc
    if result.returncode != 0 or not jar.is_file():
        raise fetch_failure(artifact, _strip_ansi(result.stdout + result.stderr), result.returncode)
    return jar


def fetch_failure(artifact: str, output: str, returncode: int) -> FlinkSetupError:
    """The error for a failed `mvn dependency:get`: ArtifactNotPublished when the registry said
    it has no such artifact, else FlinkSetupError (no network, a registry down, ...)."""
    found = re.search(r"(Could not find artifact[^\n]*?|Could not transfer artifact[^\n]*?|"
                      r"[^\s:]+ was not found in [^\s]+)(?: during|$|\n)", output)
    reason = found.group(1) if found else f"`mvn dependency:get` exited {returncode}"
    unpublished = found is not None and not reason.startswith("Could not transfer")
    return (ArtifactNotPublished if unpublished else FlinkSetupError)(
        f"could not fetch {artifact} with Maven: {reason}")


def _strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# --- A Flink distribution from PyPI's wheels --------------------------------------------------

def flink_home(version: str = FLINK_VERSION, timeout_s: float = 900) -> Path:
    """A Flink home (`bin/`, `conf/`, `lib/`, `opt/`, `plugins/`) for `version`, unpacked once
    from PyPI's `apache-flink` and `apache-flink-libraries` into the cache and reused."""
    home = cache_root() / f"flink-{version}"
    if (home / "lib" / f"flink-dist-{version}.jar").is_file():
        return home
    wheels = cache_root() / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    python_tag = f"{sys.version_info.major}.{sys.version_info.minor}"
    downloads = [
        ["--only-binary=:all:", "--python-version", python_tag, f"apache-flink=={version}"],
        [f"apache-flink-libraries=={version}"],
    ]
    for extra in downloads:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(wheels), *extra]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired as exc:
            raise FlinkSetupError(f"`pip download {extra[-1]}` ran past {timeout_s:.0f} s") from exc
        if result.returncode != 0:
            raise FlinkSetupError(f"`pip download {extra[-1]}` failed: {result.stderr.strip()[-500:]}")
    wheel = next(wheels.glob(f"apache_flink-{version}-*.whl"))
    libraries = next(wheels.glob(f"apache[-_]flink[-_]libraries-{version}.tar.gz"))

    staging = Path(tempfile.mkdtemp(prefix=f".flink-{version}-", dir=cache_root()))
    try:
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.namelist():
                for folder in ("bin", "conf"):
                    prefix = f"pyflink/{folder}/"
                    if member.startswith(prefix) and not member.endswith("/"):
                        target = staging / folder / member[len(prefix):]
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(archive.read(member))
        with tarfile.open(libraries) as archive:
            root = f"apache-flink-libraries-{version}/deps/"
            for member in archive.getmembers():
                if not member.isfile() or not member.name.startswith(root):
                    continue
                relative = member.name[len(root):]
                if relative.split("/", 1)[0] not in ("bin", "lib", "opt", "plugins", "licenses"):
                    continue
                target = staging / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as source, open(target, "wb") as sink:
                    shutil.copyfileobj(source, sink)
        for script in (staging / "bin").iterdir():
            if script.suffix in ("", ".sh"):
                script.chmod(0o755)
        (staging / "log").mkdir()
        if not (staging / "lib" / f"flink-dist-{version}.jar").is_file():
            raise FlinkSetupError(f"apache-flink-libraries {version} holds no lib/flink-dist-{version}.jar")
        if home.exists():
            shutil.rmtree(home)
        staging.rename(home)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return home


# --- A session cluster on 127.0.0.1 ----------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ClusterSettings:
    """What a local session cluster is given. Memory is small: the Python workers, not the
    Flink JVMs, do Veil's work."""

    task_managers: int = 2
    slots_per_task_manager: int = 2
    job_manager_memory: str = "1024m"
    task_manager_memory: str = "1280m"
    restart_attempts: int = 3
    restart_delay: str = "2 s"
    # How soon a TaskManager that vanished is declared lost (Flink's default is 50 s).
    heartbeat_timeout_ms: int = 10_000
    extra: dict = field(default_factory=dict)


def cluster_config(settings: ClusterSettings, rest_port: int, rpc_port: int) -> dict:
    """Flink's `config.yaml` for a session cluster whose every port is on 127.0.0.1."""
    config = {
        "jobmanager.rpc.address": "127.0.0.1",
        "jobmanager.rpc.port": rpc_port,
        "jobmanager.bind-host": "127.0.0.1",
        "jobmanager.memory.process.size": settings.job_manager_memory,
        "jobmanager.execution.failover-strategy": "region",
        "taskmanager.host": "127.0.0.1",
        "taskmanager.bind-host": "127.0.0.1",
        "taskmanager.numberOfTaskSlots": settings.slots_per_task_manager,
        "taskmanager.memory.process.size": settings.task_manager_memory,
        "rest.address": "127.0.0.1",
        "rest.bind-address": "127.0.0.1",
        "rest.port": rest_port,
        "blob.server.port": "0",
        "parallelism.default": settings.task_managers * settings.slots_per_task_manager,
        "restart-strategy.type": "fixed-delay",
        "restart-strategy.fixed-delay.attempts": settings.restart_attempts,
        "restart-strategy.fixed-delay.delay": settings.restart_delay,
        "heartbeat.interval": min(2000, settings.heartbeat_timeout_ms // 2),
        "heartbeat.timeout": settings.heartbeat_timeout_ms,
        "execution.runtime-mode": "BATCH",
    }
    config.update(settings.extra)
    return config


class FlinkSessionCluster:
    """A JobManager and `settings.task_managers` TaskManagers, each a JVM in its own process group
    on 127.0.0.1. Use as a context manager, or call `start()` and, always, `stop()`."""

    def __init__(self, home: Path, workdir: Path, settings: ClusterSettings | None = None):
        self.home = Path(home)
        self.workdir = Path(workdir)
        self.settings = settings or ClusterSettings()
        self.rest_port = free_port()
        self.rpc_port = free_port()
        self.job_manager: subprocess.Popen | None = None
        self.task_managers: list[subprocess.Popen] = []

    @property
    def rest_address(self) -> str:
        return f"127.0.0.1:{self.rest_port}"

    @property
    def rest_url(self) -> str:
        return f"http://{self.rest_address}"

    def __enter__(self) -> "FlinkSessionCluster":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def _conf_dir(self) -> Path:
        conf = self.workdir / "conf"
        if not conf.exists():
            shutil.copytree(self.home / "conf", conf)
            # The distribution's defaults (among them the JVM flags Flink needs on Java 17),
            # flattened to dotted keys, which Flink 1.20's config.yaml accepts, then ours.
            config = _flatten(yaml.safe_load((conf / "config.yaml").read_text()) or {})
            config.update(cluster_config(self.settings, self.rest_port, self.rpc_port))
            (conf / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=True))
        return conf

    def _launch(self, script: str, name: str) -> subprocess.Popen:
        log_dir = self.workdir / "log"
        log_dir.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "FLINK_CONF_DIR": str(self._conf_dir()), "FLINK_LOG_DIR": str(log_dir),
               "FLINK_HOME": str(self.home), "FLINK_IDENT_STRING": name, "FLINK_PID_DIR": str(self.workdir)}
        with open(log_dir / f"{name}.out", "ab") as out:
            return subprocess.Popen([str(self.home / "bin" / script), "start-foreground"], env=env,
                                    stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True)

    def start(self, timeout_s: float = 120) -> None:
        require_java()
        try:
            self.job_manager = self._launch("jobmanager.sh", "jobmanager")
            for index in range(self.settings.task_managers):
                self.task_managers.append(self._launch("taskmanager.sh", f"taskmanager-{index}"))
            self.wait_for_task_managers(self.settings.task_managers, timeout_s)
        except BaseException:
            self.stop()
            raise

    def rest(self, path: str, timeout_s: float = 10):
        """GET the REST API's `path` and decode its JSON."""
        with urllib.request.urlopen(self.rest_url + path, timeout=timeout_s) as response:
            return json.loads(response.read())

    def overview(self) -> dict:
        return self.rest("/overview")

    def wait_for_task_managers(self, count: int, timeout_s: float = 120) -> dict:
        """Wait, bounded, until exactly `count` TaskManagers are registered; the overview."""
        deadline = time.monotonic() + timeout_s
        last = None
        while time.monotonic() < deadline:
            if self.job_manager is not None and self.job_manager.poll() is not None:
                raise FlinkSetupError(f"the JobManager exited ({self.job_manager.returncode}); "
                                      f"see {self.workdir / 'log'}")
            try:
                last = self.overview()
                if last.get("taskmanagers") == count:
                    return last
            except (OSError, urllib.error.URLError, ValueError):
                pass
            time.sleep(0.5)
        raise FlinkSetupError(f"{count} TaskManagers not registered within {timeout_s:.0f} s "
                              f"(last overview: {last}); see {self.workdir / 'log'}")

    def wait_for_job(self, job_id: str, states=("FINISHED", "FAILED", "CANCELED"), timeout_s: float = 300) -> str:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            state = self.rest(f"/jobs/{job_id}")["state"]
            if state in states:
                return state
            time.sleep(0.5)
        raise TimeoutError(f"job {job_id} not in {states} within {timeout_s:.0f} s")

    def wait_for_running_job(self, exclude=(), timeout_s: float = 300) -> str:
        """The id of the first job not in `exclude` to reach RUNNING, waiting for it (bounded)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            running = [job["jid"] for job in self.rest("/jobs/overview")["jobs"]
                       if job["state"] == "RUNNING" and job["jid"] not in exclude]
            if running:
                return running[0]
            time.sleep(0.5)
        raise TimeoutError(f"no job RUNNING within {timeout_s:.0f} s")

    def wait_for_vertex_running(self, job_id: str, timeout_s: float = 300) -> None:
        """Wait (bounded) until the job's first operator is RUNNING or past it: its tasks are
        deployed on the TaskManagers and working."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            vertices = self.rest(f"/jobs/{job_id}").get("vertices") or []
            if vertices and vertices[0]["status"] not in ("CREATED", "SCHEDULED", "DEPLOYING", "INITIALIZING"):
                return
            time.sleep(0.5)
        raise TimeoutError(f"job {job_id} not RUNNING within {timeout_s:.0f} s")

    def client_env(self) -> dict:
        """The environment for Flink's `bin/flink` client to reach this cluster."""
        return {**os.environ, "FLINK_CONF_DIR": str(self._conf_dir()), "FLINK_LOG_DIR": str(self.workdir / "log"),
                "FLINK_HOME": str(self.home), "FLINK_PID_DIR": str(self.workdir)}

    def kill_task_manager(self, index: int) -> None:
        """SIGKILL one TaskManager's process group, as a lost machine would vanish."""
        _kill_group(self.task_managers[index], signal.SIGKILL)
        self.task_managers[index].wait(timeout=30)

    def replace_lost_task_managers(self, timeout_s: float = 180) -> None:
        """Start a new TaskManager for each one that exited, as Kubernetes replaces a lost pod,
        once the JobManager has dropped the lost ones; wait until all are registered."""
        lost = [index for index, process in enumerate(self.task_managers) if process.poll() is not None]
        if not lost:
            return
        self.wait_for_task_managers(len(self.task_managers) - len(lost), timeout_s)
        for index in lost:
            self.task_managers[index] = self._launch("taskmanager.sh", f"taskmanager-{index}")
        self.wait_for_task_managers(len(self.task_managers), timeout_s)

    def stop(self) -> None:
        for process in [*self.task_managers, self.job_manager]:
            if process is not None:
                _kill_group(process, signal.SIGTERM)
        for process in [*self.task_managers, self.job_manager]:
            if process is None:
                continue
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _kill_group(process, signal.SIGKILL)
                process.wait(timeout=15)


def _flatten(tree: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _kill_group(process: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        pass


# --- Command line ----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipelines.runner.flink_cluster", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("job-server", help="Fetch Beam's Flink job server jar; print its path.")
    commands.add_parser("distribution", help="Unpack the Flink distribution; print its home.")
    session = commands.add_parser("session", help="Run a session cluster on 127.0.0.1 until Ctrl-C.")
    session.add_argument("--task_managers", type=int, default=2)
    session.add_argument("--slots", type=int, default=2)
    session.add_argument("--workdir", default=None, help="Where its config and logs go (a temporary folder).")
    args = parser.parse_args(argv)
    try:
        if args.command == "job-server":
            print(job_server_jar())
        elif args.command == "distribution":
            print(flink_home())
        else:
            workdir = Path(args.workdir or tempfile.mkdtemp(prefix="veil-flink-session-"))
            settings = ClusterSettings(task_managers=args.task_managers, slots_per_task_manager=args.slots)
            try:
                with FlinkSessionCluster(flink_home(), workdir, settings) as cluster:
                    print(f"Flink {FLINK_VERSION} session cluster: REST {cluster.rest_url}, "
                          f"{args.task_managers} TaskManagers; logs in {workdir / 'log'}. Ctrl-C stops it.",
                          flush=True)
                    while cluster.job_manager.poll() is None:
                        time.sleep(1)
            except KeyboardInterrupt:
                pass  # the cluster's JVMs are stopped on the way out of `with`
    except FlinkSetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
