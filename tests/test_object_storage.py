"""Reading and writing object storage: a real S3 server (moto) and fsspec's memory filesystem."""
from __future__ import annotations

import json

import pytest
import s3fs

from pipelines.anonymize import run
from tests.conftest import LOCAL_RUNNER, run_cli
from tests.test_cli_end_to_end import good_conversation

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
