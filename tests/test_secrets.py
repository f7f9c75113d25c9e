"""Secret keys never travel with the job: workers read them where the config says, and messages
never repeat a value that may be the key.

The pipeline graph itself (what Dataflow stores with a job) is checked in
tests/test_dataflow_translation.py; here, the DoFn, the workers' side and the messages.
"""
from __future__ import annotations

import json
import pickle
from pathlib import Path

import apache_beam as beam
import pytest
from apache_beam.options.pipeline_options import PipelineOptions

from pipelines.anonymize import build_pipeline, plan_job
from tests.conftest import LOCAL_RUNNER, ROOT, read_jsonl_folder, run_job, write_jsonl
from transforms.anonymize import AnonymizeFn
from veil.transform.anonymize import anonymize_conversation
from veil.run.config import load_config, parse_config
from veil.detection.detect import ConversationDetector
from veil.run.errors import ConfigError
from veil.transform.operators import build_operators
from veil.io.outputs import OutputSpec
from veil.io.records import FieldMap, conversation_from_record
from veil.io.storage import Storage
from veil.synth.generator import generate_records

KEY = "veil-test-key-9f3a77c1d2e4b5a6f7e8d9c0"
OTHER_KEY = "another-test-key-0a1b2c3d4e5f6a7b8c9d"
KEY_ENV = "VEIL_TEST_SECRET"
# What a user pasted into `crypto_key.env` instead of the variable's name.
PASTED = "s3cr3t-key-material-Zq8Xv2Lm4Np6Rt"


def keyed_config(tmp_path: Path, crypto_key: dict | None = None) -> Path:
    """The minimal profile with surrogates for names and phones, keyed hashes for e-mails."""
    crypto_key = crypto_key or {"env": KEY_ENV}
    config = load_config("minimal").model_dump(mode="json", exclude_defaults=True)
    config["deidentify_config"] = {"info_type_transformations": {"transformations": [
        {"info_types": [{"name": "PHONE_NUMBER"}, {"name": "ORGANIZATION_NAME"}],
         "primitive_transformation": {"surrogate_config": {"crypto_key": crypto_key}}},
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "primitive_transformation": {"crypto_hash_config": {"crypto_key": crypto_key, "hex_chars": 16}}},
    ]}}
    path = tmp_path / "keyed.json"
    path.write_text(json.dumps(config))
    return path


def test_the_dofn_pickles_without_the_key_even_after_setup(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    config = load_config(str(keyed_config(tmp_path)))
    launch = build_operators(config)
    fn = AnonymizeFn(OutputSpec(str(tmp_path), 1, 1, "jsonl", Storage(), temp_id="t"), FieldMap(),
                     deidentify=config.deidentify_config, key_checks=launch.key_checks)
    fn.setup()  # as a worker does: the key is read now
    assert fn.operators.for_type("EMAIL_ADDRESS").key == KEY.encode()
    pickled = pickle.dumps(fn)
    assert KEY_ENV.encode() in pickled  # where the key is travels...
    assert KEY.encode() not in pickled  # ... never the key
    assert pickle.loads(pickled).operators is None


def records_and_source(tmp_path: Path) -> tuple[list[dict], Path]:
    records = [r for r in generate_records(12, 4242) if r.get("turns")]
    return records, write_jsonl(tmp_path / "calls.jsonl", records)


def expected_corpus(records: list[dict], config_path: Path) -> dict[str, list[str]]:
    """What the job must write: detection and the keyed operators run in this process, with the
    key read here."""
    config = load_config(str(config_path))
    detector, operators = ConversationDetector(config), build_operators(config)
    expected = {}
    for record in records:
        conversation = conversation_from_record(record, FieldMap())
        texts = [turn.text for turn in conversation.turns]
        expected[conversation.id] = anonymize_conversation(
            conversation.id, texts, detector.detect(texts), operators)[0]
    return expected


def test_a_keyed_job_writes_what_the_key_gives_reading_it_on_the_workers(tmp_path):
    records, source = records_and_source(tmp_path)
    config = keyed_config(tmp_path)
    outputs = {}
    for name, key in (("key", KEY), ("other", OTHER_KEY)):
        result = run_job("--input", str(source), "--output", str(tmp_path / name), "--config", str(config),
                         env={KEY_ENV: key})
        assert result.returncode == 0, result.stderr[-3000:]
        outputs[name] = {r["id"]: [t["text"] for t in r["turns"]] for r in read_jsonl_folder(tmp_path / name / "corpus")}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(KEY_ENV, KEY)
        assert outputs["key"] == expected_corpus(records, config)
    # The workers' key is the one that counts: another key, other surrogates and hashes.
    assert outputs["key"] != outputs["other"]
    assert any("[EMAIL_ADDRESS:" in text for texts in outputs["key"].values() for text in texts)


def test_a_worker_that_reads_another_key_than_the_launch_stops_the_job(tmp_path, monkeypatch):
    _, source = records_and_source(tmp_path)
    monkeypatch.setenv(KEY_ENV, KEY)
    options = PipelineOptions(["--input", str(source), "--output", str(tmp_path / "out"),
                               "--config", str(keyed_config(tmp_path)), "--runner", LOCAL_RUNNER])
    plan = plan_job(options)
    monkeypatch.setenv(KEY_ENV, OTHER_KEY)  # the key changed between launch and the workers
    pipeline = beam.Pipeline(options=options)
    build_pipeline(pipeline, plan)
    with pytest.raises(Exception, match="differs from the key the job was launched with") as error:
        pipeline.run().wait_until_finish()
    assert KEY not in str(error.value) and OTHER_KEY not in str(error.value)
    assert not list((tmp_path / "out" / "corpus").glob("part-*"))


def test_a_key_file_on_the_submitters_disk_is_refused_for_a_cluster_runner(tmp_path):
    key_file = tmp_path / "veil.key"
    key_file.write_text(KEY)
    config = keyed_config(tmp_path, {"file": str(key_file)})
    args = ["--input", str(ROOT / "data" / "sample.jsonl"), "--output", str(tmp_path / "out"), "--config", str(config)]
    plan_job(PipelineOptions([*args, "--runner", LOCAL_RUNNER]))  # a local runner reads it
    with pytest.raises(ConfigError, match="crypto_key.file .* is on this machine, which DataflowRunner workers cannot read"):
        plan_job(PipelineOptions([*args, "--runner", "DataflowRunner"]))


def surrogate_config(crypto_key: dict):
    return parse_config({"deidentify_config": {"info_type_transformations": {"transformations": [
        {"primitive_transformation": {"surrogate_config": {"crypto_key": crypto_key}}}]}}})


def test_a_key_pasted_as_the_variable_name_is_never_repeated(monkeypatch):
    monkeypatch.delenv(PASTED, raising=False)
    with pytest.raises(ConfigError) as error:
        build_operators(surrogate_config({"env": PASTED}))
    message = str(error.value)
    assert PASTED not in message and PASTED[:8] not in message
    assert "crypto_key.env" in message and "is not set" in message and "NAME" in message
    # A name that looks like one is shown, so the user knows which variable to set.
    monkeypatch.delenv("VEIL_UNSET_KEY", raising=False)
    with pytest.raises(ConfigError, match="environment variable VEIL_UNSET_KEY is not set"):
        build_operators(surrogate_config({"env": "VEIL_UNSET_KEY"}))


def test_a_key_pasted_as_the_file_path_is_never_repeated():
    with pytest.raises(ConfigError) as error:
        build_operators(surrogate_config({"file": PASTED}))
    message = str(error.value)
    assert PASTED not in message and PASTED[:8] not in message
    assert "cannot read the key file" in message and "crypto_key.file" in message


def test_the_command_line_does_not_echo_a_pasted_key(tmp_path):
    source = write_jsonl(tmp_path / "calls.jsonl", [{"id": "a", "text": "call 415-555-0134"}])
    config = keyed_config(tmp_path, {"env": PASTED})
    result = run_job("--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config))
    assert result.returncode == 2
    assert "is not set" in result.stderr
    assert PASTED not in result.stdout + result.stderr
