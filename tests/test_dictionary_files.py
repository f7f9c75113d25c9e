"""Dictionary files are read once, at launch, and the workers apply that content: a file that
changes while the job runs (a list on a server, an object replaced in a bucket) cannot make a
worker apply a list the launch never saw."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import apache_beam as beam
import pytest
from apache_beam.options.pipeline_options import PipelineOptions

from pipelines.anonymize import build_pipeline, plan_job, read_summary
from tests.conftest import LOCAL_RUNNER, read_jsonl_folder, write_jsonl
from veil.run.config import parse_config
from veil.detection.detect import ConversationDetector
from veil.detection.engine.dictionary_files import dictionaries, inline_dictionary_files
from veil.run.errors import ConfigError

LAUNCH_TERMS = "Orla Brennick\nOrla Support\n"
LAUNCH_EXCLUSIONS = "Orla Support\n"
TEXT = "Orla Brennick called, then Tamsin Kelloway, then Orla Support."


def dictionary_config(terms: str, exclusions: str) -> dict:
    """CUSTOMER from a dictionary file, with an exclusion rule from another file."""
    return {
        "inspect_config": {
            "info_types": [{"name": "EMAIL_ADDRESS"}],
            "custom_info_types": [{"info_type": {"name": "CUSTOMER"},
                                   "dictionary": {"cloud_storage_path": {"path": terms}}}],
            "rule_set": [{"info_types": [{"name": "CUSTOMER"}], "rules": [{"exclusion_rule": {
                "dictionary": {"cloud_storage_path": {"path": exclusions}},
                "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}],
        },
        "detectors": {"rules": True},
    }


def run_planned(options: PipelineOptions, plan) -> None:
    pipeline = beam.Pipeline(options=options)
    build_pipeline(pipeline, plan)
    pipeline.run().wait_until_finish()


def test_the_job_applies_the_dictionaries_the_launch_read(tmp_path: Path):
    terms, exclusions = tmp_path / "customers.txt", tmp_path / "not-customers.txt"
    terms.write_text(LAUNCH_TERMS)
    exclusions.write_text(LAUNCH_EXCLUSIONS)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(dictionary_config(str(terms), str(exclusions))))
    source = write_jsonl(tmp_path / "calls.jsonl", [{"id": "a", "text": TEXT}])
    options = PipelineOptions(["--input", str(source), "--output", str(tmp_path / "out"),
                               "--config", str(config), "--runner", LOCAL_RUNNER])
    plan = plan_job(options)
    # After the launch validated them, both lists change before any worker runs.
    terms.write_text("Tamsin Kelloway\n")
    exclusions.write_text("Orla Brennick\n")
    run_planned(options, plan)

    (record,) = read_jsonl_folder(tmp_path / "out" / "corpus")
    assert record["text"] == "[CUSTOMER_1] called, then Tamsin Kelloway, then Orla Support."
    summary = read_summary(plan)
    assert summary["dictionary_files"] == {
        str(terms): "sha256:" + hashlib.sha256(LAUNCH_TERMS.encode()).hexdigest(),
        str(exclusions): "sha256:" + hashlib.sha256(LAUNCH_EXCLUSIONS.encode()).hexdigest(),
    }


@pytest.mark.slow
def test_a_dictionary_in_s3_is_read_at_launch_with_the_jobs_s3_options(s3_server, tmp_path: Path):
    """The object is read with --s3_endpoint_url and the job's keys (the workers have neither in
    their environment here), and replacing it during the job changes nothing."""
    import s3fs

    fs = s3fs.S3FileSystem(key="testing", secret="testing", client_kwargs={"endpoint_url": s3_server})
    fs.mkdir("veil-dictionaries")
    fs.pipe("veil-dictionaries/customers.txt", LAUNCH_TERMS.encode())
    fs.pipe("veil-dictionaries/not-customers.txt", LAUNCH_EXCLUSIONS.encode())
    config = tmp_path / "config.json"
    config.write_text(json.dumps(dictionary_config(
        "s3://veil-dictionaries/customers.txt", "s3://veil-dictionaries/not-customers.txt")))
    source = write_jsonl(tmp_path / "calls.jsonl", [{"id": "a", "text": TEXT}])
    options = PipelineOptions([
        "--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
        "--runner", LOCAL_RUNNER, "--s3_endpoint_url", s3_server, "--s3_access_key_id", "testing",
        "--s3_secret_access_key", "testing", "--s3_region_name", "us-east-1",
    ])
    plan = plan_job(options)
    fs.pipe("veil-dictionaries/customers.txt", b"Tamsin Kelloway\n")
    run_planned(options, plan)
    (record,) = read_jsonl_folder(tmp_path / "out" / "corpus")
    assert record["text"] == "[CUSTOMER_1] called, then Tamsin Kelloway, then Orla Support."


def test_inlining_replaces_every_file_with_its_terms_and_keeps_word_lists(tmp_path: Path):
    terms = tmp_path / "customers.txt"
    terms.write_text("Orla Brennick\r\n\r\n  Orla Support  \n")
    data = dictionary_config(str(terms), str(terms))
    data["inspect_config"]["custom_info_types"].append(
        {"info_type": {"name": "INLINE"}, "dictionary": {"word_list": {"words": ["x y"]}}})
    config = parse_config(data)
    inlined, files = inline_dictionary_files(config.inspect_config)
    found = dict(dictionaries(inlined))
    assert all(d.cloud_storage_path is None for d in found.values())
    assert [d.word_list.words for d in found.values()] == [["Orla Brennick", "Orla Support"], ["x y"],
                                                          ["Orla Brennick", "Orla Support"]]
    assert list(files) == [str(terms)]  # read once, though used twice
    # The same findings as reading the file on the worker, as before.
    inlined_config = config.model_copy(update={"inspect_config": inlined})
    assert ConversationDetector(inlined_config).detect([TEXT]) == ConversationDetector(config).detect([TEXT])


def test_an_empty_dictionary_file_stays_an_empty_list(tmp_path: Path):
    (tmp_path / "empty.txt").write_text("\n")
    (tmp_path / "none.txt").write_text("")
    config = parse_config(dictionary_config(str(tmp_path / "empty.txt"), str(tmp_path / "none.txt")))
    inlined, _ = inline_dictionary_files(config.inspect_config)
    assert [d.word_list.words for _, d in dictionaries(inlined)] == [[], []]
    detector = ConversationDetector(config.model_copy(update={"inspect_config": inlined}))
    assert detector.detect([TEXT]) == []


def test_an_unreadable_dictionary_file_stops_the_launch_naming_the_field(tmp_path: Path):
    config = parse_config(dictionary_config(str(tmp_path / "missing.txt"), str(tmp_path / "missing.txt")))
    with pytest.raises(ConfigError, match=r"inspect_config\.custom_info_types\[0\]\.dictionary\.cloud_storage_path\.path: cannot read"):
        inline_dictionary_files(config.inspect_config)
