"""DLP de-identification template features that real templates use, run through the job's
command line with DLP's documented semantics:

- `masking_character: null` masks with DLP's default `*`;
- record-transformation field names with spaces, as CSV headers and BigQuery columns have
  them ("Card PIN", DLP's own table example);
- `date_shift_config.context`: every date of one entity (the value of a context field, a
  patient id) moves by the same number of days, in every record, fields and text alike;
  another entity's dates move by their own amount.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from veil.run.config import parse_config
from veil.run.errors import ConfigError

KEY = "a-test-key-that-is-long-enough"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

CONFIG = {
    "inspect_config": {"info_types": [{"name": "DATE"}]},
    "deidentify_config": {
        "info_type_transformations": {"transformations": [
            {"info_types": [{"name": "DATE"}], "primitive_transformation": {"date_shift_config": {
                "lower_bound_days": -1000, "upper_bound_days": 1000,
                "context": {"name": "patient_id"}}}}]},
        "record_transformations": {"field_transformations": [
            {"fields": [{"name": "Card PIN"}], "primitive_transformation": {
                "character_mask_config": {"masking_character": None}}},
            {"fields": [{"name": "Admission Date"}], "primitive_transformation": {
                "date_shift_config": {"lower_bound_days": -1000, "upper_bound_days": 1000,
                                      "context": {"name": "patient_id"}}}},
        ]},
    },
}


def visit(id_: str, patient: str | None, admitted: str, seen: str) -> dict:
    record = {"id": id_, "text": f"Seen on {seen} at the clinic.", "Card PIN": "4821",
              "Admission Date": admitted}
    if patient is not None:
        record["patient_id"] = patient
    return record


def shift(before: str, after: str) -> int:
    return (dt.date.fromisoformat(after) - dt.date.fromisoformat(before)).days


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dlp_features")
    records = [
        visit("v1", "P-100", "2021-03-04", "2021-03-09"),
        visit("v2", "P-100", "2022-11-30", "2022-12-02"),  # the same patient, another record
        *(visit(f"w{i}", f"P-{200 + i}", "2021-03-04", "2021-03-09") for i in range(6)),
        visit("x1", None, "2021-03-04", "2021-03-09"),  # no context value
    ]
    source = write_jsonl(tmp / "visits.jsonl", records)
    config = tmp / "config.json"
    config.write_text(json.dumps(CONFIG))
    out = tmp / "out"
    result = run_job("--detectors", "rules", "--input", str(source), "--output", str(out), "--config", str(config),
                     env={"VEIL_SECRET_KEY": KEY})
    assert result.returncode == 0, result.stderr
    corpus = {r["id"]: r for r in read_jsonl_folder(out / "corpus")}
    errors = [json.loads(line) for path in sorted((out / "errors").glob("part-*"))
              for line in path.read_text().splitlines()]
    return {r["id"]: r for r in records}, corpus, errors


def test_a_null_masking_character_masks_with_a_star_in_a_field_named_with_a_space(job):
    records, corpus, _ = job
    assert corpus["v1"]["Card PIN"] == "****"
    assert "4821" not in json.dumps(corpus)


def test_one_patients_dates_move_together_in_fields_and_text(job):
    records, corpus, _ = job
    shifts = set()
    for id_ in ("v1", "v2"):
        before, after = records[id_], corpus[id_]
        shifts.add(shift(before["Admission Date"], after["Admission Date"]))
        (seen_after,) = DATE.findall(after["text"])
        shifts.add(shift(DATE.findall(before["text"])[0], seen_after))
    assert len(shifts) == 1 and 0 not in shifts and abs(next(iter(shifts))) <= 1000


def test_other_patients_dates_move_by_their_own_amounts(job):
    records, corpus, _ = job
    shifts = {shift(records[i]["Admission Date"], corpus[i]["Admission Date"])
              for i in corpus if i.startswith("w")}
    assert len(shifts) > 1  # six patients on one shared shift would be one in ~10^15


def test_a_record_without_the_context_value_is_not_shifted_by_guess(job):
    records, corpus, _ = job
    # No shift can be derived: each date is a transformation error, which by default becomes
    # the numbered placeholder (transformation_error_handling); no date of it is written.
    assert re.fullmatch(r"\[[A-Z_]+_\d+\]", corpus["x1"]["Admission Date"])
    assert not DATE.search(corpus["x1"]["text"]) and "[DATE_" in corpus["x1"]["text"]


def test_field_names_may_hold_spaces_but_not_at_their_ends():
    parse_config({"deidentify_config": {"record_transformations": {"field_transformations": [
        {"fields": [{"name": "Card PIN"}], "primitive_transformation": {"redact_config": {}}}]}}})
    with pytest.raises(ConfigError, match="fields\\[0\\].name"):
        parse_config({"deidentify_config": {"record_transformations": {"field_transformations": [
            {"fields": [{"name": " Card PIN"}], "primitive_transformation": {"redact_config": {}}}]}}})


# --- kms_wrapped keys mapped to a local key -------------------------------------------------

KMS_NAME = "projects/p/locations/global/keyRings/veil/cryptoKeys/email"
OTHER_KMS = "projects/p/locations/global/keyRings/veil/cryptoKeys/other"


def kms_template(name: str = KMS_NAME) -> dict:
    """A DLP de-identify template as exported: a deterministic encryption under a KMS key."""
    wrapped = {"kms_wrapped": {"wrapped_key": "CiQAbHVrZS13cmFwcGVkLWJ5LWttcw==", "crypto_key_name": name}}
    return {
        "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}]},
        "deidentify_config": {"info_type_transformations": {"transformations": [
            {"info_types": [{"name": "EMAIL_ADDRESS"}], "primitive_transformation": {
                "crypto_deterministic_config": {"crypto_key": wrapped,
                                                "surrogate_info_type": {"name": "EMAIL_TOKEN"}}}}]}},
    }


def crypto_key_of(config) -> object:
    (transformation,) = config.deidentify_config.info_type_transformations.transformations
    return transformation.primitive_transformation.options.crypto_key


def test_a_kms_key_the_config_maps_reads_the_local_key_instead(tmp_path):
    key_file = tmp_path / "email.key"
    config = parse_config({**kms_template(), "crypto_key_map": {KMS_NAME: f"file:{key_file}"}})
    key = crypto_key_of(config)
    assert key.file == str(key_file) and key.kms_wrapped is None
    # The command line's map adds to the config's, and wins on the same name.
    config = parse_config({**kms_template(), "crypto_key_map": {KMS_NAME: f"file:{key_file}"}},
                          crypto_key_map={KMS_NAME: "env:EMAIL_KEY"})
    assert crypto_key_of(config).env == "EMAIL_KEY"


def test_an_unmapped_kms_key_is_still_refused_and_says_how_to_map_it():
    with pytest.raises(ConfigError) as error:
        parse_config(kms_template(OTHER_KMS), crypto_key_map={KMS_NAME: "env:EMAIL_KEY"})
    assert "Cloud KMS" in str(error.value) and "--crypto_key_map" in str(error.value)


def test_a_map_entry_that_is_not_a_file_or_variable_is_refused_without_repeating_it():
    with pytest.raises(ConfigError) as error:
        parse_config(kms_template(), crypto_key_map={KMS_NAME: "c2VjcmV0LWtleS1ieXRlcw=="})
    assert "file:PATH or env:VARIABLE" in str(error.value)
    assert "c2VjcmV0LWtleS1ieXRlcw==" not in str(error.value)


def test_a_kms_template_runs_unchanged_with_the_key_mapped_on_the_command_line(tmp_path):
    from veil.transform.operators.crypto import siv_encrypt
    from tests.conftest import run_veil

    config = tmp_path / "template.json"
    config.write_text(json.dumps(kms_template()))
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": "1", "text": "mail ana@example.org now"}])
    out = tmp_path / "out"
    env = {"EMAIL_KEY": KEY}
    refused = run_job("--detectors", "rules", "--input", str(source), "--output", str(out), "--config", str(config), env=env)
    assert refused.returncode != 0 and "--crypto_key_map" in refused.stderr
    result = run_job("--detectors", "rules", "--input", str(source), "--output", str(out), "--config", str(config),
                     "--crypto_key_map", f"{KMS_NAME}=env:EMAIL_KEY", env=env)
    assert result.returncode == 0, result.stderr
    assert KEY not in result.stderr + result.stdout  # the key is never logged
    (record,) = read_jsonl_folder(out / "corpus")
    token = siv_encrypt(KEY.encode(), "ana@example.org")
    assert record["text"] == f"mail EMAIL_TOKEN({len(token)}):{token} now"
    back = run_veil("reidentify", "--config", str(config), "--text", record["text"],
                    "--crypto_key_map", f"{KMS_NAME}=env:EMAIL_KEY", env=env)
    assert back.returncode == 0, back.stderr
    assert back.stdout.strip() == "mail ana@example.org now"


# --- --skip_unsupported_infotypes -----------------------------------------------------------

def test_a_template_naming_an_undetectable_type_is_refused_unless_skipped(tmp_path):
    config = tmp_path / "template.json"
    config.write_text(json.dumps({"inspect_config": {"info_types": [
        {"name": "EMAIL_ADDRESS"}, {"name": "DOCUMENT_TYPE/HR/RESUME"}]}}))
    source = write_jsonl(tmp_path / "in.jsonl", [
        {"id": str(i), "text": f"write to ana{i}@example.org"} for i in range(3)])
    out = tmp_path / "out"
    refused = run_job("--detectors", "rules", "--input", str(source), "--output", str(out), "--config", str(config))
    assert refused.returncode != 0
    assert "DOCUMENT_TYPE/HR/RESUME" in refused.stderr and "--skip_unsupported_infotypes" in refused.stderr

    result = run_job("--detectors", "rules", "--input", str(source), "--output", str(out), "--config", str(config),
                     "--skip_unsupported_infotypes")
    assert result.returncode == 0, result.stderr
    assert [r["text"] for r in read_jsonl_folder(out / "corpus")] == ["write to [EMAIL_ADDRESS_1]"] * 3
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["skipped_info_types"] == ["DOCUMENT_TYPE/HR/RESUME"]
    assert "not looked for" in result.stdout + result.stderr
    risk = json.loads((out / "risk" / "summary.json").read_text())
    assert risk["provenance"]["skipped_info_types"] == ["DOCUMENT_TYPE/HR/RESUME"]
    report = (out / "risk" / "report.html").read_text()
    assert "Not looked for: DOCUMENT_TYPE/HR/RESUME" in report
    assert "were not looked for" not in report and "was not looked for" in report


def test_the_verdict_says_which_types_were_not_looked_for():
    from veil.risk.report import verdict

    summary = {"total": {"count": 10, "mean_plus_std": 1.0, "passes": True,
                         "with_direct_identifier": 0},
               "threshold": 5, "provenance": {"skipped_info_types": ["A_TYPE", "B_TYPE"]}}
    said = verdict(summary)
    assert said["css"] == "warn"
    assert "2 infoTypes were not looked for" in said["headline"]
    assert "Not looked for: A_TYPE, B_TYPE" in said["text"]
    del summary["provenance"]
    assert verdict(summary)["css"] == "pass"
