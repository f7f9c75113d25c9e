"""pipelines.runner.flink_cluster without a cluster: the job server it fetches is the one Beam runs, and a
session cluster's configuration keeps every port on 127.0.0.1."""
from __future__ import annotations

import pytest
import yaml

from pipelines.runner.flink_cluster import (
    FLINK_MINOR, ArtifactNotPublished, ClusterSettings, FlinkSetupError, cluster_config, job_server_artifact,
    job_server_jar,
    job_server_jar_path, maven_repository,
)
from tests.conftest import ROOT


def test_the_job_server_fetched_is_the_one_beams_flink_runner_asks_for():
    from apache_beam.utils.subprocess_server import JavaJarServer

    url = JavaJarServer.path_to_beam_jar(f":runners:flink:{FLINK_MINOR}:job-server:shadowJar")
    relative = job_server_jar_path(job_server_artifact()).relative_to(maven_repository()).as_posix()
    assert url == f"{JavaJarServer.MAVEN_CENTRAL_REPOSITORY}/{relative}"


def test_the_job_server_and_the_manifests_name_one_flink_version():
    deployment, _ = yaml.safe_load_all((ROOT / "infra" / "flink" / "flink-deployment.yaml").read_text())
    assert deployment["spec"]["flinkVersion"] == "v" + FLINK_MINOR.replace(".", "_")
    assert f"-flink-{FLINK_MINOR}-job-server:" in job_server_artifact()


def test_a_given_job_server_jar_must_exist(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_FLINK_JOB_SERVER_JAR", str(tmp_path / "missing.jar"))
    with pytest.raises(FlinkSetupError, match="missing.jar: no such file"):
        job_server_jar()
    (tmp_path / "given.jar").write_bytes(b"PK")
    monkeypatch.setenv("VEIL_FLINK_JOB_SERVER_JAR", str(tmp_path / "given.jar"))
    assert job_server_jar() == tmp_path / "given.jar"


def test_a_session_cluster_binds_only_loopback_and_restarts_failed_regions():
    config = cluster_config(ClusterSettings(task_managers=2, slots_per_task_manager=2), rest_port=8081, rpc_port=6123)
    addresses = {key: value for key, value in config.items() if key.endswith(("address", "host", "bind-host"))}
    assert set(addresses) == {"jobmanager.rpc.address", "jobmanager.bind-host", "taskmanager.host",
                              "taskmanager.bind-host", "rest.address", "rest.bind-address"}
    assert set(addresses.values()) == {"127.0.0.1"}
    assert config["parallelism.default"] == 4
    assert config["restart-strategy.type"] == "fixed-delay" and config["jobmanager.execution.failover-strategy"] == "region"


def test_an_artifact_the_registry_does_not_hold_is_told_apart_from_a_failed_fetch(tmp_path, monkeypatch):
    """Maven Central answers, and has no such jar: ArtifactNotPublished (the Flink tests then skip
    saying so, as no install step can supply it); any other failure stays a FlinkSetupError."""
    import shutil

    if not shutil.which("mvn"):
        pytest.skip("no `mvn` on PATH (.ci/run installs Maven)")
    monkeypatch.delenv("VEIL_FLINK_JOB_SERVER_JAR", raising=False)
    monkeypatch.setenv("VEIL_MAVEN_REPOSITORY", str(tmp_path / "m2"))
    with pytest.raises(ArtifactNotPublished, match="0.0.1-no-such-version"):
        job_server_jar(beam="0.0.1-no-such-version", timeout_s=300)
    assert not issubclass(FlinkSetupError, ArtifactNotPublished)


def test_an_assembled_job_servers_launcher_runs_its_class_path(tmp_path):
    """The launcher is a jar holding only a manifest: `java -jar` must find the main class in
    the jars its Class-Path names, however long that line (the format folds it at 72 bytes)."""
    import shutil
    import subprocess
    import zipfile

    from pipelines.runner.flink_cluster import write_launcher

    if not shutil.which("javac") or not shutil.which("jar"):
        pytest.skip("no `javac`/`jar` on PATH (a JDK; .ci/run installs one)")
    source = tmp_path / "src" / "Hello.java"
    source.parent.mkdir()
    source.write_text('public class Hello { public static void main(String[] a) {'
                      ' System.out.println("hello " + String.join(",", a)); } }')
    subprocess.run(["javac", "-d", str(tmp_path / "classes"), str(source)], check=True, timeout=120)
    lib = tmp_path / "lib"
    lib.mkdir()
    # Twenty jars with long names, the class in the last: a Class-Path line of some 1,500 bytes.
    names = [f"lib/a-dependency-with-a-rather-long-artifact-name-{i:02d}-1.2.3.jar" for i in range(20)]
    for name in names[:-1]:
        subprocess.run(["jar", "cf", str(tmp_path / name), "-C", str(tmp_path / "src"), "."], check=True, timeout=60)
    subprocess.run(["jar", "cf", str(tmp_path / names[-1]), "-C", str(tmp_path / "classes"), "."], check=True, timeout=60)
    write_launcher(tmp_path / "launcher.jar", "Hello", names)
    with zipfile.ZipFile(tmp_path / "launcher.jar") as archive:
        manifest = archive.read("META-INF/MANIFEST.MF")
    assert max(len(line) for line in manifest.split(b"\r\n")) <= 72
    result = subprocess.run(["java", "-jar", str(tmp_path / "launcher.jar"), "x", "y"],
                            capture_output=True, text=True, timeout=120, cwd="/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "hello x,y"
