"""Flink for Veil on one machine: Beam's Flink job server, a Flink distribution, a session cluster.

    python -m pipelines.runner.flink_cluster job-server       # fetch Beam's Flink job server jar (Maven)
    python -m pipelines.runner.flink_cluster distribution     # unpack Flink from PyPI's wheels
    python -m pipelines.runner.flink_cluster session --task_managers 2   # run a session cluster

Nothing here imports Beam: it fetches and starts the JVM side that Beam's FlinkRunner and
PortableRunner talk to.

- **The job server** is Maven's `org.apache.beam:beam-runners-flink-<flink>-job-server:<beam>`,
  fetched with `mvn dependency:get` into the local Maven repository (`~/.m2`) and reused from
  there. Where the registry has none (the mirror this project's machines reach), it is
  assembled from the runner's own modules of the newest Beam release that the registry serves
  (`assembled_job_server`). `VEIL_FLINK_JOB_SERVER_JAR` names a local copy instead (Beam's
  `--flink_job_server_jar`).
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
import contextlib
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

FLINK_VERSION = "1.19.3"
# The Flink minor version of the job server and of infra/flink/'s manifests (flink:1.19, v1_19).
FLINK_MINOR = "1.19"
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
    """Maven coordinates `group:artifact:version` of Beam's shaded Flink job server: one jar per
    Beam release and Flink minor, what Beam's FlinkRunner itself downloads."""
    return f"org.apache.beam:beam-runners-flink-{flink_minor}-job-server:{beam or beam_version()}"


def maven_repository() -> Path:
    return Path(os.environ.get("VEIL_MAVEN_REPOSITORY") or Path.home() / ".m2" / "repository")


def job_server_jar_path(artifact: str) -> Path:
    """Where `mvn dependency:get` leaves `artifact` in the local Maven repository."""
    group, name, version = artifact.split(":")
    return maven_repository() / Path(*group.split(".")) / name / version / f"{name}-{version}.jar"


def job_server_jar(flink_minor: str = FLINK_MINOR, beam: str | None = None, timeout_s: float = 900) -> Path:
    """A jar that `java -jar` starts as Beam's Flink job server, in this order:

    1. `VEIL_FLINK_JOB_SERVER_JAR`, a local copy (Beam's `--flink_job_server_jar`);
    2. Beam's shaded job server for the installed Beam, from the local Maven repository, else
       fetched there from Maven Central with `mvn dependency:get`;
    3. where the registry answers that it has none (the Maven Central mirror this project's
       machines reach holds no Flink job server of any release), one assembled from the
       runner's own modules (`assembled_job_server`)."""
    given = os.environ.get(JOB_SERVER_ENV)
    if given:
        if not Path(given).is_file():
            raise FlinkSetupError(f"{JOB_SERVER_ENV}={given}: no such file")
        return Path(given)
    artifact = job_server_artifact(flink_minor, beam)
    jar = job_server_jar_path(artifact)
    if jar.is_file():
        return jar
    # The assembled job server is Beam's default release for the distribution's Flink; a
    # release or Flink minor asked for by name is that release's shaded jar, or nothing.
    assemble = beam is None and flink_minor == FLINK_MINOR
    if assemble and assembled_job_server_path().is_file():
        return assembled_job_server_path()
    try:
        return fetch_job_server(artifact, timeout_s)
    except ArtifactNotPublished:
        if not assemble:
            raise
        return assembled_job_server(timeout_s=timeout_s)


def fetch_job_server(artifact: str, timeout_s: float = 900) -> Path:
    """`mvn dependency:get` of the shaded job server into the local Maven repository."""
    # -U: ask the registry again, rather than trust a failure Maven cached from an earlier try.
    run_maven(["dependency:get", f"-Dartifact={artifact}", "-Dtransitive=false"], artifact, timeout_s)
    jar = job_server_jar_path(artifact)
    if not jar.is_file():
        raise FlinkSetupError(f"`mvn dependency:get` of {artifact} left no {jar}")
    return jar


# The newest Beam release whose Flink runner and job service modules the Maven Central that this
# project's machines reach serves together (checked 26 November 2026: the Flink runner for
# Flink 1.19 at 2.62.0 and 2.70.0, the job service up to 2.65.0; for Flink 1.20 and 2.x, none).
# The Java side only translates the pipeline and runs Flink: the Python workers are the
# submitter's own Beam, in LOOPBACK, EXTERNAL or PROCESS environments.
ASSEMBLED_BEAM = "2.62.0"
# Flink's modules that the runner depends on, pinned to the distribution's patch release so
# that the job server's Flink client and the session cluster are one version.
FLINK_MODULES = (
    "flink-annotations", "flink-clients", "flink-connector-datagen", "flink-core",
    "flink-file-sink-common", "flink-hadoop-fs", "flink-java", "flink-metrics-core",
    "flink-optimizer", "flink-queryable-state-client-java", "flink-rpc-akka-loader",
    "flink-rpc-core", "flink-runtime", "flink-streaming-java",
)
JOB_SERVER_MAIN = "org.apache.beam.runners.flink.FlinkJobServerDriver"
# What Flink's own config.yaml opens for Java 17 (env.java.opts.all); `java -jar` reads them
# from the manifest, as Beam's FlinkRunner starts the job server with no JVM flags.
JAVA_17_OPENS = ("java.base/java.lang", "java.base/java.net", "java.base/java.io", "java.base/java.nio",
                 "java.base/sun.nio.ch", "java.base/java.lang.reflect", "java.base/java.text",
                 "java.base/java.time", "java.base/java.util", "java.base/java.util.concurrent",
                 "java.base/java.util.concurrent.atomic", "java.base/java.util.concurrent.locks")


def assembled_job_server_path(beam: str = ASSEMBLED_BEAM) -> Path:
    """Where `assembled_job_server` leaves its launcher (its `lib/` beside it)."""
    return cache_root() / f"job-server-beam-{beam}-flink-{FLINK_VERSION}" / "job-server.jar"


def job_server_pom(beam: str = ASSEMBLED_BEAM) -> str:
    """A Maven project whose dependencies are the job server: Beam's Flink runner (it holds
    `FlinkJobServerDriver`) and job service, with Flink pinned to FLINK_VERSION."""
    def dependency(group: str, name: str, version: str) -> str:
        return (f"<dependency><groupId>{group}</groupId><artifactId>{name}</artifactId>"
                f"<version>{version}</version></dependency>")

    pinned = "".join(dependency("org.apache.flink", name, FLINK_VERSION) for name in FLINK_MODULES)
    modules = "".join(dependency("org.apache.beam", name, beam) for name in
                      (f"beam-runners-flink-{FLINK_MINOR}", "beam-runners-java-job-service"))
    return ('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
            "<groupId>veil</groupId><artifactId>veil-flink-job-server</artifactId><version>1</version>"
            f"<dependencyManagement><dependencies>{pinned}</dependencies></dependencyManagement>"
            f"<dependencies>{modules}</dependencies></project>\n")


def assembled_job_server(beam: str = ASSEMBLED_BEAM, timeout_s: float = 900) -> Path:
    """Beam's Flink job server from its modules on Maven Central: `mvn dependency:copy-dependencies`
    puts the runner, the job service and all they need in `lib/`, beside a launcher jar whose
    manifest names the driver and that class path, as the shaded jar would hold them. Built once
    into the cache (about 150 MB) and reused."""
    launcher = assembled_job_server_path(beam)
    target = launcher.parent
    if launcher.is_file():
        return launcher
    with _staged(target) as staging:
        (staging / "pom.xml").write_text(job_server_pom(beam))
        run_maven(["-f", str(staging / "pom.xml"), "dependency:copy-dependencies",
                   f"-DoutputDirectory={staging / 'lib'}", "-DincludeScope=runtime"],
                  f"Beam {beam}'s Flink {FLINK_MINOR} runner and job service", timeout_s)
        jars = sorted(path.name for path in (staging / "lib").glob("*.jar"))
        runner = f"beam-runners-flink-{FLINK_MINOR}-{beam}.jar"
        if runner not in jars:
            raise FlinkSetupError(f"Maven copied no {runner}")
        write_launcher(staging / "job-server.jar", JOB_SERVER_MAIN, [f"lib/{name}" for name in jars])
    return launcher


def write_launcher(path: Path, main_class: str, class_path: list[str]) -> None:
    """A jar holding only a manifest: `java -jar` runs `main_class` on `class_path` (paths
    relative to the jar), with Java 17's modules opened as Flink needs them."""
    attributes = {"Manifest-Version": "1.0", "Created-By": "veil (pipelines.runner.flink_cluster)",
                  "Main-Class": main_class, "Class-Path": " ".join(class_path),
                  "Add-Opens": " ".join(JAVA_17_OPENS)}
    manifest = b"".join(_manifest_line(f"{key}: {value}") for key, value in attributes.items()) + b"\r\n"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("META-INF/MANIFEST.MF", manifest)


def _manifest_line(line: str) -> bytes:
    """A manifest line folded as the jar format asks: at most 72 bytes, then continuation lines
    that open with a space."""
    data = line.encode()
    pieces = [data[:72]]
    data = data[72:]
    while data:
        pieces.append(b" " + data[:71])
        data = data[71:]
    return b"\r\n".join(pieces) + b"\r\n"


def run_maven(goals: list[str], what: str, timeout_s: float) -> None:
    """Run `mvn` in batch mode; a FlinkSetupError (ArtifactNotPublished where the registry
    answered that it has no such artifact) when it fails."""
    mvn = shutil.which("mvn")
    if not mvn:
        raise FlinkSetupError(f"no `mvn` on PATH to fetch {what} (or set {JOB_SERVER_ENV})")
    command = [mvn, "-B", "-q", "-U", *goals]
    if os.environ.get("VEIL_MAVEN_REPOSITORY"):
        command.append(f"-Dmaven.repo.local={maven_repository()}")
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:
        raise FlinkSetupError(f"`mvn {goals[-1]}` for {what} ran past {timeout_s:.0f} s") from exc
    if result.returncode != 0:
        raise fetch_failure(what, _strip_ansi(result.stdout + result.stderr), result.returncode)


def fetch_failure(artifact: str, output: str, returncode: int) -> FlinkSetupError:
    """The error for a failed Maven fetch: ArtifactNotPublished when the registry said it has
    no such artifact, else FlinkSetupError (no network, a registry down, ...)."""
    found = re.search(r"(Could not find artifact[^\n]*?|Could not transfer artifact[^\n]*?|"
                      r"[^\s:]+ was not found in [^\s]+)(?: during|$|\n)", output)
    reason = found.group(1) if found else f"`mvn` exited {returncode}"
    unpublished = found is not None and not reason.startswith("Could not transfer")
    return (ArtifactNotPublished if unpublished else FlinkSetupError)(
        f"could not fetch {artifact} with Maven: {reason}")


@contextlib.contextmanager
def _staged(target: Path):
    """A fresh folder beside `target` to build into; once the build succeeds it replaces
    `target` in one rename, so a half-built folder is never where a later run would trust it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        yield staging
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


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

    with _staged(home) as staging:
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
    return home


# --- A session cluster on 127.0.0.1 ----------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass(frozen=True)
class PortableEndpoints:
    """The ports of Beam's job server (job, artifact, expansion) and of an EXTERNAL worker pool,
    all on 127.0.0.1: what a submitter to a session cluster needs."""

    job: int
    artifact: int
    expansion: int
    worker_pool: int

    @classmethod
    def free(cls) -> "PortableEndpoints":
        return cls(free_port(), free_port(), free_port(), free_port())

    def job_server_command(self, jar: Path, flink_master: str, artifacts_dir: Path) -> list[str]:
        """Beam's Flink job server for the cluster at `flink_master`, on these ports."""
        return ["java", "-jar", str(jar), "--flink-master", flink_master, "--job-host", "127.0.0.1",
                f"--job-port={self.job}", f"--artifact-port={self.artifact}",
                f"--expansion-port={self.expansion}", "--artifacts-dir", str(artifacts_dir)]

    def runner_args(self, parallelism: int, sdk_worker_parallelism: int = 2) -> list[str]:
        """The job's flags: the PortableRunner through the job server, workers from the pool."""
        return ["--runner", "PortableRunner", "--job_endpoint", f"127.0.0.1:{self.job}",
                "--artifact_endpoint", f"127.0.0.1:{self.artifact}",
                "--environment_type", "EXTERNAL", "--environment_config", f"127.0.0.1:{self.worker_pool}",
                "--parallelism", str(parallelism), "--sdk_worker_parallelism", str(sdk_worker_parallelism)]


@dataclass
class ClusterSettings:
    """What a local session cluster is given. Memory is small: the Python workers, not the
    Flink JVMs, do Veil's work."""

    task_managers: int = 2
    slots_per_task_manager: int = 2
    job_manager_memory: str = "1024m"
    task_manager_memory: str = "1280m"
    # Attempts times delay must outlast the heartbeat timeout: until a vanished TaskManager is
    # declared lost, each restart deploys to it again and fails at once (3 attempts 2 s apart
    # were spent in 6 s, and Veil's job failed with the TaskManager "unreachable").
    restart_attempts: int = 5
    restart_delay: str = "5 s"
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
        # A batch job's every exchange is a blocking sort shuffle, which asks for 512 network
        # buffers per result partition by default: Veil's graph, with several such tasks in a slot,
        # needs more than a small TaskManager's network memory holds ("Insufficient number of
        # network buffers: required 512, but only 75 available"). Fewer buffers per partition, and a larger share of memory for them.
        "taskmanager.network.sort-shuffle.min-buffers": 64,
        "taskmanager.memory.network.fraction": 0.2,
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
