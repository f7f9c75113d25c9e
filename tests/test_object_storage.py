"""Reading and writing object storage: a real S3 server (moto) and fsspec's memory filesystem."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
import s3fs

from pipelines.anonymize import run
from tests.conftest import LOCAL_RUNNER, ROOT, run_cli
from tests.test_cli_end_to_end import good_conversation
from veil.io.storage import Storage

pytestmark = pytest.mark.slow

KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}


def test_s3_input_and_output(s3_server):
    fs = s3fs.S3FileSystem(key="testing", secret="testing", client_kwargs={"endpoint_url": s3_server})
    fs.mkdir("veil-in")
    fs.mkdir("veil-out")
    lines = [json.dumps(good_conversation(i)) for i in range(8)] + ["{oops"]
    fs.pipe("veil-in/calls/part-1.jsonl", ("\n".join(lines[:4]) + "\n").encode())
    fs.pipe("veil-in/calls/part-2.jsonl", ("\n".join(lines[4:]) + "\n").encode())

    result = run_cli(
        "--input", "s3://veil-in/calls/*.jsonl", "--output", "s3://veil-out/anon",
        "--s3_endpoint_url", s3_server, "--s3_access_key_id", "testing",
        "--s3_secret_access_key", "testing", "--s3_region_name", "us-east-1",
        "--split_bytes", "1024", "--num_shards", "2",  # byte-range splits seek within S3 objects
        env=KEYS,
    )
    assert result.returncode == 0, result.stderr

    fs.invalidate_cache()
    corpus = sorted(fs.glob("veil-out/anon/corpus/part-*"))
    assert [c.rsplit("/", 1)[1] for c in corpus] == ["part-00000-of-00002.jsonl", "part-00001-of-00002.jsonl"]
    records = [json.loads(line) for path in corpus for line in fs.cat(path).decode().splitlines()]
    assert [r["id"] for r in records] == [f"c{i}" for i in range(8)]
    assert all("@example.org" not in json.dumps(r) for r in records)
    errors = [json.loads(line) for path in fs.glob("veil-out/anon/errors/part-*") for line in fs.cat(path).decode().splitlines()]
    assert len(errors) == 1 and errors[0]["source"] == "s3://veil-in/calls/part-2.jsonl"
    summary = json.loads(fs.cat("veil-out/anon/job_summary.json"))
    assert summary["records"] == {"in": 9, "written": 8, "errored": 1, "accounted_for": True}
    assert not fs.glob("veil-out/anon/_temp/**")


def test_memory_filesystem_in_process():
    import fsspec

    memory = fsspec.filesystem("memory")
    memory.pipe("/veil-test/in.jsonl", (json.dumps(good_conversation(3)) + "\n").encode())
    summary = run([
        "--input", "memory://veil-test/in.jsonl", "--output", "memory://veil-test/out",
        "--runner", LOCAL_RUNNER, "--config", "minimal",
    ])
    assert summary["records"]["written"] == 1
    record = json.loads(memory.cat("/veil-test/out/corpus/part-00000-of-00001.jsonl"))
    assert record["turns"][1]["text"].startswith("It's [EMAIL_ADDRESS_1]")


def test_gcs_input_and_output(gcs_server, monkeypatch):
    for name, value in gcs_server.items():
        monkeypatch.setenv(name, value)
    import gcsfs

    fs = gcsfs.GCSFileSystem(token="anon")
    fs.mkdir("veil-gcs")
    fs.pipe("veil-gcs/in/calls.jsonl", (json.dumps(good_conversation(5)) + "\n{bad\n").encode())
    result = run_cli("--input", "gs://veil-gcs/in/calls.jsonl", "--output", "gs://veil-gcs/out", env=gcs_server)
    assert result.returncode == 0, result.stderr
    fs.invalidate_cache()
    corpus = json.loads(fs.cat("veil-gcs/out/corpus/part-00000-of-00001.jsonl"))
    assert corpus["turns"][2]["text"] == "So [EMAIL_ADDRESS_1]. Card on file [CREDIT_CARD_NUMBER_1]?"
    errors = fs.cat("veil-gcs/out/errors/part-00000-of-00001.jsonl").decode().splitlines()
    assert json.loads(errors[0])["source"] == "gs://veil-gcs/in/calls.jsonl"


def s3_args(endpoint: str, key: str, secret: str) -> list[str]:
    return ["--s3_endpoint_url", endpoint, "--s3_access_key_id", key, "--s3_secret_access_key", secret,
            "--s3_region_name", "us-east-1"]


def s3_objects(fs, prefix: str) -> dict[str, bytes]:
    fs.invalidate_cache()
    return {name: fs.cat_file(name) for name in fs.find(prefix)}


def test_output_without_delete_permission_is_refused_at_start(s3_server_without_delete):
    """A user without s3:DeleteObject once got "removed 12 shards" and exit 0, with nothing
    removed and two runs' shards mixed. Now the job checks at start that it can delete (it
    must: to replace a previous run, and to remove its temporary files) and stops."""
    endpoint, users = s3_server_without_delete
    admin = s3fs.S3FileSystem(key=users["admin"][0], secret=users["admin"][1],
                              client_kwargs={"endpoint_url": endpoint})
    admin.mkdir("veil-nodelete")
    admin.pipe("veil-nodelete/in.jsonl", "".join(json.dumps(good_conversation(i)) + "\n" for i in range(6)).encode())
    first = run_cli("--input", "s3://veil-nodelete/in.jsonl", "--output", "s3://veil-nodelete/out",
                    "--num_shards", "3", *s3_args(endpoint, *users["admin"]))
    assert first.returncode == 0, first.stderr
    previous = s3_objects(admin, "veil-nodelete/out")
    assert "veil-nodelete/out/_SUCCESS" in previous and len(previous) == 4 * 3 + 4 + 1  # + run files

    result = run_cli("--input", "s3://veil-nodelete/in.jsonl", "--output", "s3://veil-nodelete/out",
                     "--num_shards", "2", *s3_args(endpoint, *users["writer"]))
    assert result.returncode == 2
    assert "--output 's3://veil-nodelete/out': could not delete 1 of 1 files" in result.stderr
    assert "s3:DeleteObject" in result.stderr
    # The previous run is whole; only the job's 4-byte probe stayed, as the message says.
    after = s3_objects(admin, "veil-nodelete/out")
    probe = [name for name in after if name not in previous]
    assert len(probe) == 1 and after.pop(probe[0]) == b"veil" and after == previous
    assert f"The probe file s3://{probe[0]} stays" in result.stderr
    # The next run that may delete removes it with the rest of the previous run.
    again = run_cli("--input", "s3://veil-nodelete/in.jsonl", "--output", "s3://veil-nodelete/out",
                    "--num_shards", "2", *s3_args(endpoint, *users["admin"]))
    assert again.returncode == 0, again.stderr
    assert sorted(name.removeprefix("veil-nodelete/out/") for name in s3_objects(admin, "veil-nodelete/out")) == [
        "_SUCCESS", "corpus/part-00000-of-00002.jsonl", "corpus/part-00001-of-00002.jsonl",
        "errors/part-00000-of-00002.jsonl", "errors/part-00001-of-00002.jsonl",
        "findings/part-00000-of-00002.jsonl", "findings/part-00001-of-00002.jsonl", "job_summary.json",
        "risk/conversations-00000-of-00002.jsonl", "risk/conversations-00001-of-00002.jsonl",
        "risk/report.html", "risk/review.jsonl", "risk/summary.json",
    ]


def test_a_delete_that_fails_is_an_error(s3_server_without_delete):
    """What the commit relies on to fail loudly: s3fs's bulk delete reports nothing when S3
    refuses every key, so `Storage.delete` checks, and raises."""
    endpoint, users = s3_server_without_delete
    writer = Storage(s3_endpoint_url=endpoint, s3_access_key_id=users["writer"][0],
                     s3_secret_access_key=users["writer"][1])
    fs, _ = writer.filesystem("s3://veil-nodelete-2")
    fs.mkdir("veil-nodelete-2")
    for name in ("a", "b"):
        with writer.open(f"s3://veil-nodelete-2/{name}", "wb") as handle:
            handle.write(b"x")
    fs.rm(["veil-nodelete-2/a", "veil-nodelete-2/b"])  # what the job used to trust
    fs.invalidate_cache()
    assert fs.exists("veil-nodelete-2/a") and fs.exists("veil-nodelete-2/b")
    with pytest.raises(PermissionError, match="could not delete 2 of 2 files"):
        writer.delete(["s3://veil-nodelete-2/a", "s3://veil-nodelete-2/b"])


def test_missing_output_bucket_is_an_error_not_a_new_bucket(s3_server):
    fs = s3fs.S3FileSystem(key="testing", secret="testing", client_kwargs={"endpoint_url": s3_server})
    fs.mkdir("veil-in-4")
    fs.pipe("veil-in-4/in.jsonl", (json.dumps(good_conversation(1)) + "\n").encode())
    result = run_cli("--input", "s3://veil-in-4/in.jsonl", "--output", "s3://veil-no-such-bucket/out",
                     *s3_args(s3_server, "testing", "testing"), env=KEYS)
    assert result.returncode == 2
    assert "bucket 'veil-no-such-bucket' does not exist" in result.stderr
    fs.invalidate_cache()
    assert not fs.exists("veil-no-such-bucket")


def test_frozen_endpoint_fails_the_job_with_its_name(frozen_endpoint, tmp_path):
    """An endpoint that accepts connections and never answers once hung the job, silent, for
    420 s (s3fs and botocore retrying each other, 15 s a try). Requests now wait
    --storage_timeout seconds, 3 tries in all, and the job stops saying which endpoint."""
    command = [sys.executable, "-m", "pipelines.anonymize", "--input", "s3://veil-frozen/in.jsonl",
               "--output", str(tmp_path / "out"), "--config", "minimal", "--storage_timeout", "1",
               *s3_args(frozen_endpoint, "testing", "testing")]
    # The bound is generous (the job needs 3 tries of 1 s per request, and a few requests): it
    # only stops a hang from hanging the test run.
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 2
    assert f"the S3 endpoint {frozen_endpoint} did not answer within 1 s (3 attempts" in result.stderr
    assert not (tmp_path / "out").exists()
