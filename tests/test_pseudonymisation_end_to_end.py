"""DLP's pseudonymising operators through the real job command line (`--detectors rules`):
annotated FPE and deterministic tokens join across records and `veil reidentify` puts the
values back; a transient key is one per job, shared by every worker and gone with the job;
transformation_error_handling sends a value the operator cannot transform to errors/ or,
when asked, leaves it with a warning and a marked findings row."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, run_veil, write_jsonl
from veil.run.config import load_config

pytestmark = pytest.mark.slow

KEY_ENV = "VEIL_PSEUDONYM_TEST_KEY"
KEY = "0123456789abcdef0123456789abcdef"
RECORDS = [
    {"id": "a", "text": "my card 4111111111111111 and mail ann.lee@example.com"},
    {"id": "b", "text": "write to ann.lee@example.com or call 415-555-0134",
     "pii": [{"start": 9, "end": 28, "info_type": "EMAIL_ADDRESS"},
             {"start": 37, "end": 49, "info_type": "PHONE_NUMBER"}]},
    {"id": "c", "text": "only ann.lee@example.com here"},
]


def config_file(tmp_path: Path, transformations: list, on_error: str | None = None) -> Path:
    config = load_config("minimal").model_dump(mode="json", exclude_defaults=True)
    config["deidentify_config"] = {"info_type_transformations": {"transformations": transformations}}
    if on_error:
        config["deidentify_config"]["transformation_error_handling"] = {on_error: {}}
    path = tmp_path / f"config-{on_error}.json"
    path.write_text(json.dumps(config))
    return path


def job(tmp_path: Path, config: Path, name: str) -> tuple[subprocess.CompletedProcess, Path]:
    source = write_jsonl(tmp_path / "calls.jsonl", RECORDS)
    out = tmp_path / name
    result = run_job("--input", str(source), "--output", str(out), "--config", str(config),
                     "--detectors", "rules", env={KEY_ENV: KEY})
    return result, out


def texts(out: Path) -> dict[str, str]:
    return {r["id"]: r["text"] for r in read_jsonl_folder(out / "corpus")}


def read_jsonl_folder_named(folder: Path, prefix: str) -> list[dict]:
    return [json.loads(line) for path in sorted(folder.glob(prefix + "*"))
            for line in path.read_text(encoding="utf-8").splitlines()]


def test_annotated_tokens_join_records_and_reidentify_puts_the_values_back(tmp_path):
    key = {"env": KEY_ENV}
    config = config_file(tmp_path, [
        {"info_types": [{"name": "CREDIT_CARD_NUMBER"}], "primitive_transformation": {
            "crypto_replace_ffx_fpe_config": {"crypto_key": key, "common_alphabet": "NUMERIC",
                                              "surrogate_info_type": {"name": "CARD_TOKEN"}}}},
        {"info_types": [{"name": "EMAIL_ADDRESS"}], "primitive_transformation": {
            "crypto_deterministic_config": {"crypto_key": key,
                                            "surrogate_info_type": {"name": "MAIL_TOKEN"}}}},
    ])
    result, out = job(tmp_path, config, "out")
    assert result.returncode == 0, result.stderr[-3000:]
    written = texts(out)
    assert re.fullmatch(r"my card CARD_TOKEN\(16\):\d{16} and mail MAIL_TOKEN\(\d+\):\S+", written["a"])
    mail = re.search(r"MAIL_TOKEN\(\d+\):\S+", written["a"]).group(0)
    assert mail in written["b"] and mail in written["c"]  # one token joins the three records
    assert "ann.lee" not in json.dumps(written) and "4111111111111111" not in json.dumps(written)
    assert "[PHONE_NUMBER_1]" in written["b"]  # types no transformation lists: placeholders

    corpus = next((out / "corpus").glob("part-*"))
    back = tmp_path / "back.jsonl"
    reidentified = run_veil("reidentify", "--config", str(config), "--input", str(corpus),
                            "--output", str(back), env={KEY_ENV: KEY})
    assert reidentified.returncode == 0, reidentified.stderr
    restored = {r["id"]: r["text"] for r in map(json.loads, back.read_text().splitlines())}
    assert restored["a"] == RECORDS[0]["text"]
    assert restored["c"] == RECORDS[2]["text"]
    assert restored["b"] == "write to ann.lee@example.com or call [PHONE_NUMBER_1]"


def test_transient_keys_and_transformation_error_handling(tmp_path):
    transformations = [
        {"info_types": [{"name": "EMAIL_ADDRESS"}], "primitive_transformation": {
            "crypto_hash_config": {"crypto_key": {"transient": {"name": "mail"}}}}},
        # A phone number written with dashes is outside FPE's NUMERIC alphabet.
        {"info_types": [{"name": "PHONE_NUMBER"}], "primitive_transformation": {
            "crypto_replace_ffx_fpe_config": {"crypto_key": {"env": KEY_ENV},
                                              "common_alphabet": "NUMERIC"}}},
    ]
    thrown, out = job(tmp_path, config_file(tmp_path, transformations, "throw_error"), "thrown")
    assert thrown.returncode == 0, thrown.stderr[-3000:]
    written = texts(out)
    assert sorted(written) == ["a", "c"]  # b's phone number cannot be encrypted: errors/
    errors = read_jsonl_folder(out / "errors")
    assert [e["reason"] for e in errors] == [
        "crypto_replace_ffx_fpe_config cannot transform a PHONE_NUMBER value (the value holds "
        "characters outside the FPE alphabet); deidentify_config.transformation_error_handling "
        "is throw_error"]
    hashes = {i: re.search(r"[A-Za-z0-9+/]{43}=", t).group(0) for i, t in written.items()}
    assert hashes["a"] == hashes["c"]  # one transient key for the whole job
    assert not list(out.rglob("*.secret"))  # the job secret went with the run's temp folder

    left, out = job(tmp_path, config_file(tmp_path, transformations, "leave_untransformed"), "left")
    assert left.returncode == 0, left.stderr[-3000:]
    assert "leave_untransformed" in left.stderr and "un-redacted" in left.stderr
    written = texts(out)
    assert written["b"].endswith("or call 415-555-0134")  # as DLP does, and only that value
    assert "ann.lee" not in written["b"]
    assert re.search(r"[A-Za-z0-9+/]{43}=", written["a"]).group(0) != hashes["a"]  # another job
    rows = [r for r in read_jsonl_folder(out / "findings") if r["info_type"] == "PHONE_NUMBER"]
    assert rows == [{**rows[0], "placeholder": None, "untransformed": True}]
    assert "415" not in json.dumps(rows)
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["findings"]["untransformed"] == 1
    assert summary["findings"]["by_info_type"]["PHONE_NUMBER"] == 1
    assert "1 found values were written as they were, un-redacted" in left.stdout
    # Residual risk, from b's gold labels: the phone number left as it was is not redacted.
    (risk,) = [r for r in read_jsonl_folder_named(out / "risk", "conversations-") if r["id"] == "b"]
    assert [(i["info_type"], i["partial"]) for i in risk["items"]] == [("PHONE_NUMBER", False)]


def test_a_dlp_template_with_an_inline_key_gives_dlps_hash_through_the_job(tmp_path):
    inline = base64.b64encode(b"dlp-unwrapped-key-0123456789abcd").decode()
    config = config_file(tmp_path, [
        {"info_types": [{"name": "EMAIL_ADDRESS"}], "primitive_transformation": {
            "crypto_hash_config": {"crypto_key": {"unwrapped": {"key": inline}}}}}])
    result, out = job(tmp_path, config, "out")
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stderr.count("the key is inline") == 1 and inline not in result.stderr
    # DLP: base64 of HMAC-SHA256 under the key's bytes, the same token in every record.
    expected = base64.b64encode(hmac.new(b"dlp-unwrapped-key-0123456789abcd",
                                         b"ann.lee@example.com", hashlib.sha256).digest()).decode()
    assert texts(out)["c"] == f"only {expected} here"
    assert expected in texts(out)["a"] and expected in texts(out)["b"]
