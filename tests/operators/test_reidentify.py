"""`veil reidentify` as a user runs it: DLP's request shape, what it refuses, and its exit
status when a token does not reverse."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from tests.conftest import ROOT
from veil.transform.anonymize import anonymize_conversation
from veil.run.config import parse_config
from veil.run.errors import ConfigError
from veil.detection.findings import Finding
from veil.transform.operators.build import build_operators

KEY = "0123456789abcdef0123456789abcdef"
FPE = {"crypto_replace_ffx_fpe_config": {"crypto_key": {"env": "REID_KEY"},
                                         "common_alphabet": "NUMERIC",
                                         "surrogate_info_type": {"name": "SSN_TOKEN"}}}
TRANSFORMATIONS = {"info_type_transformations": {"transformations": [
    {"info_types": [{"name": "US_SOCIAL_SECURITY_NUMBER"}], "primitive_transformation": FPE}]}}


def reidentify(tmp_path, request: dict, text: str, key: str = KEY):
    path = tmp_path / "request.yaml"
    path.write_text(yaml.safe_dump(request))
    return subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "reidentify", "--config", str(path), "--text", text],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ, "REID_KEY": key})


@pytest.fixture
def token(monkeypatch):
    monkeypatch.setenv("REID_KEY", KEY)
    texts = ["my ssn is 222334444."]
    out, _ = anonymize_conversation("c", texts, [Finding(0, 10, 19, "US_SOCIAL_SECURITY_NUMBER")],
                                    build_operators(TRANSFORMATIONS))
    return out[0]


def test_a_dlp_request_with_its_surrogate_type_reidentifies(tmp_path, token):
    request = {"reidentify_config": TRANSFORMATIONS, "inspect_config": {"custom_info_types": [
        {"info_type": {"name": "SSN_TOKEN"}, "surrogate_type": {}}]}}
    result = reidentify(tmp_path, request, token)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "my ssn is 222334444.\n"
    assert token.startswith("my ssn is SSN_TOKEN(9):") and "222334444" not in token


def test_a_dlp_request_without_the_surrogate_type_is_refused(tmp_path, token):
    result = reidentify(tmp_path, {"reidentify_config": TRANSFORMATIONS}, token)
    assert result.returncode == 2
    assert "declare it in inspect_config.custom_info_types with surrogate_type" in result.stderr


def test_another_key_leaves_the_token_and_fails(tmp_path, monkeypatch):
    deterministic = {"info_type_transformations": {"transformations": [
        {"primitive_transformation": {"crypto_deterministic_config": {
            "crypto_key": {"env": "REID_KEY"}, "surrogate_info_type": {"name": "T"}}}}]}}
    monkeypatch.setenv("REID_KEY", KEY)
    out, _ = anonymize_conversation("c", ["mail a@b.example"], [Finding(0, 5, 16, "EMAIL_ADDRESS")],
                                    build_operators(deterministic))
    result = reidentify(tmp_path, {"deidentify_config": deterministic}, out[0],
                        key="another-key-of-thirty-two-bytes!")
    assert result.returncode == 1 and result.stdout == out[0] + "\n"
    assert "1 annotated token(s) did not reverse" in result.stderr


def test_nothing_reversible_and_transient_keys_are_refused(tmp_path):
    result = reidentify(tmp_path, {"deidentify_config": {"info_type_transformations": {
        "transformations": [{"primitive_transformation": {"redact_config": {}}}]}}}, "x")
    assert result.returncode == 2 and "nothing to reidentify" in result.stderr
    transient = {"crypto_deterministic_config": {"crypto_key": {"transient": {"name": "k"}},
                                                 "surrogate_info_type": {"name": "T"}}}
    result = reidentify(tmp_path, {"deidentify_config": {"info_type_transformations": {
        "transformations": [{"primitive_transformation": transient}]}}}, "x")
    assert result.returncode == 2 and "transient key is made per job" in result.stderr


def test_context_on_a_record_field_is_refused_at_start():
    with pytest.raises(ConfigError, match="context: a record field's value as the tweak"):
        parse_config({"deidentify_config": {"record_transformations": {"field_transformations": [
            {"fields": [{"name": "ssn"}], "primitive_transformation": {
                "crypto_replace_ffx_fpe_config": {**FPE["crypto_replace_ffx_fpe_config"],
                                                  "context": {"name": "id"}}}}]}}})


def test_a_record_fields_tokens_reverse_too(monkeypatch):
    from veil.transform.reidentify import reidentifier_from

    monkeypatch.setenv("REID_KEY", KEY)
    config = {"record_transformations": {"field_transformations": [
        {"fields": [{"name": "ssn"}], "primitive_transformation": FPE}]}}
    operators = build_operators(TRANSFORMATIONS)
    out, _ = anonymize_conversation("c", ["222334444"], [Finding(0, 0, 9, "US_SOCIAL_SECURITY_NUMBER")],
                                    operators)
    record, failed = reidentifier_from(config).value({"id": "r", "ssn": out[0], "n": 3})
    assert record == {"id": "r", "ssn": "222334444", "n": 3} and failed == 0
