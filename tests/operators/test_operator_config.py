"""The operators' config (DLP's DeidentifyConfig shape) and the key check at start."""
from __future__ import annotations

import base64
import re

import pytest

from veil.transform.anonymize import anonymize_conversation
from veil.run.config import parse_config
from veil.run.errors import ConfigError
from veil.detection.findings import Finding
from veil.transform.operators import build_operators

KEY = "k" * 32
TEXTS = ["Hi, I'm Rachel Green, rachel.green@example.com, born 03/05/1985.",
         "Thanks Rachel. Card 4111 1111 1111 1111?"]
SPANS = [("Rachel Green", "PERSON_NAME"), ("Rachel", "PERSON_NAME"),
         ("rachel.green@example.com", "EMAIL_ADDRESS"), ("03/05/1985", "DATE_OF_BIRTH"),
         ("4111 1111 1111 1111", "CREDIT_CARD_NUMBER")]


def findings():
    out = []
    for turn, text in enumerate(TEXTS):
        taken = []
        for value, info_type in SPANS:
            for m in re.finditer(re.escape(value), text):
                if not any(m.start() < e and s < m.end() for s, e in taken):
                    out.append(Finding(turn, m.start(), m.end(), info_type))
                    taken.append((m.start(), m.end()))
    return out


def config_with(*transformations):
    return parse_config({"deidentify_config": {"info_type_transformations": {
        "transformations": list(transformations)}}})


def run(config):
    return anonymize_conversation("c1", TEXTS, findings(), build_operators(config))[0]


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)


def test_default_is_numbered_placeholders():
    assert run(parse_config({})) == [
        "Hi, I'm [PERSON_NAME_1], [EMAIL_ADDRESS_1], born [DATE_OF_BIRTH_1].",
        "Thanks [PERSON_NAME_1]. Card [CREDIT_CARD_NUMBER_1]?",
    ]


def test_per_type_operators_and_a_catch_all(key):
    config = config_with(
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "primitive_transformation": {"replace_with_info_type_config": {}}},
        {"info_types": [{"name": "CREDIT_CARD_NUMBER"}],
         "primitive_transformation": {"character_mask_config": {
             "number_to_mask": -4, "characters_to_ignore": [
                 {"common_characters_to_ignore": "WHITESPACE"}]}}},
        {"info_types": [{"name": "DATE_OF_BIRTH"}],
         "primitive_transformation": {"date_shift_config": {
             "lower_bound_days": 10, "upper_bound_days": 10}}},
        {"primitive_transformation": {"replace_config": {"new_value": {"string_value": "someone"}}}},
    )
    assert run(config) == [
        "Hi, I'm someone, [EMAIL_ADDRESS], born 03/15/1985.",
        "Thanks someone. Card **** **** **** 1111?",
    ]


def test_camel_case_as_dlp_json_writes_it():
    config = parse_config({"deidentifyConfig": {"infoTypeTransformations": {"transformations": [
        {"infoTypes": [{"name": "PERSON_NAME"}],
         "primitiveTransformation": {"redactConfig": {}}}]}}})
    assert run(config)[1] == "Thanks . Card [CREDIT_CARD_NUMBER_1]?"


def test_crypto_hash_via_config(key):
    config = config_with({"info_types": [{"name": "PERSON_NAME"}], "primitive_transformation": {
        "crypto_hash_config": {"hex_chars": 8, "output_format": "<{info_type}#{hash}>"}}})
    out = run(config)
    hashes = re.findall(r"<PERSON_NAME#([0-9a-f]{8})>", " ".join(out))
    assert len(hashes) == 2 and hashes[0] == hashes[1]  # one entity, one hash


def test_surrogate_via_config(key):
    config = config_with({"primitive_transformation": {"surrogate_config": {}}})
    out = " ".join(run(config))
    assert "Rachel" not in out and "rachel" not in out and "4111" not in out
    assert "[" not in out


def test_unknown_key_is_an_error_with_its_path():
    with pytest.raises(ConfigError) as error:
        config_with({"primitive_transformation": {"character_mask_config": {"mask_char": "#"}}})
    assert ("deidentify_config.info_type_transformations.transformations[0]"
            ".primitive_transformation.character_mask_config.mask_char") in str(error.value)


def test_two_primitives_in_one_transformation_is_an_error():
    with pytest.raises(ConfigError, match="exactly one of"):
        config_with({"primitive_transformation": {"redact_config": {},
                                                  "replace_with_info_type_config": {}}})


def test_a_type_in_two_transformations_is_an_error():
    with pytest.raises(ConfigError, match="PERSON_NAME is listed in two"):
        config_with(
            {"info_types": [{"name": "PERSON_NAME"}], "primitive_transformation": {"redact_config": {}}},
            {"info_types": [{"name": "PERSON_NAME"}], "primitive_transformation": {"redact_config": {}}},
        )


INLINE_KEY = "aW5saW5lLWtleS0wMTIzNDU2Nzg5YWJjZGVmMDEyMzQ1"  # base64 of 32 bytes


def test_inline_key_is_accepted_with_a_warning_that_never_shows_it(caplog, monkeypatch):
    monkeypatch.setattr("veil.transform.operators.keys._WARNED_INLINE", set())
    config = config_with({"primitive_transformation": {"crypto_hash_config": {
        "crypto_key": {"unwrapped": {"key": INLINE_KEY}}}}})
    with caplog.at_level("WARNING", logger="veil"):
        operators = build_operators(config)
    assert operators.default.key == base64.b64decode(INLINE_KEY)
    assert "crypto_hash_config.crypto_key: the key is inline" in caplog.text
    assert INLINE_KEY not in caplog.text and INLINE_KEY not in repr(config)
    assert INLINE_KEY not in config.model_dump_json()


def test_an_inline_key_that_is_not_base64_is_refused_without_repeating_it():
    with pytest.raises(ConfigError, match="unwrapped.key must be base64") as error:
        config_with({"primitive_transformation": {"crypto_hash_config": {
            "crypto_key": {"unwrapped": {"key": "not base64 at all!"}}}}})
    assert "not base64 at all" not in str(error.value)


def test_a_kms_wrapped_key_says_how_to_supply_the_key_instead():
    with pytest.raises(ConfigError) as error:
        config_with({"primitive_transformation": {"crypto_deterministic_config": {
            "crypto_key": {"kms_wrapped": {"wrapped_key": "CiQA", "crypto_key_name": "projects/p"}}}}})
    message = str(error.value)
    assert "crypto_deterministic_config.crypto_key" in message
    assert "gcloud kms decrypt" in message and "{file: path}" in message and "env" in message


def test_a_transient_key_needs_the_job(monkeypatch):
    config = config_with({"primitive_transformation": {"crypto_hash_config": {
        "crypto_key": {"transient": {"name": "job-key"}}}}})
    with pytest.raises(ConfigError, match="transient key is made per job"):
        build_operators(config)
    one = build_operators(config, job_secret=b"a" * 32).default.key
    assert one == build_operators(config, job_secret=b"a" * 32).default.key  # every worker
    assert one != build_operators(config, job_secret=b"b" * 32).default.key  # another job


def test_missing_key_is_refused_at_start(monkeypatch):
    monkeypatch.delenv("VEIL_SECRET_KEY", raising=False)
    for primitive in ({"surrogate_config": {}}, {"crypto_hash_config": {}},
                      {"date_shift_config": {"lower_bound_days": -5, "upper_bound_days": 5}}):
        config = config_with({"primitive_transformation": primitive})  # parses fine
        with pytest.raises(ConfigError, match="VEIL_SECRET_KEY is not set"):
            build_operators(config)


def test_key_from_a_named_env_var_or_a_file(monkeypatch, tmp_path):
    monkeypatch.delenv("VEIL_SECRET_KEY", raising=False)
    monkeypatch.setenv("MY_KEY", KEY)
    path = tmp_path / "key"
    path.write_text(KEY + "\n")
    by_env = config_with({"primitive_transformation": {"surrogate_config": {
        "crypto_key": {"env": "MY_KEY"}}}})
    by_file = config_with({"primitive_transformation": {"surrogate_config": {
        "crypto_key": {"file": str(path)}}}})
    assert run(by_env) == run(by_file)  # same key bytes, same output


def test_short_or_unreadable_key_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("VEIL_SECRET_KEY", "short")
    config = config_with({"primitive_transformation": {"surrogate_config": {}}})
    with pytest.raises(ConfigError, match="at least 16"):
        build_operators(config)
    missing = config_with({"primitive_transformation": {"surrogate_config": {
        "crypto_key": {"file": str(tmp_path / "nope")}}}})
    with pytest.raises(ConfigError, match="cannot read the key file"):
        build_operators(missing)


def test_keyless_operators_need_no_key(monkeypatch):
    monkeypatch.delenv("VEIL_SECRET_KEY", raising=False)
    build_operators(config_with({"primitive_transformation": {"redact_config": {}}}))
    build_operators(parse_config({}))


def test_date_shift_bounds_are_checked():
    with pytest.raises(ConfigError, match="lower_bound_days must not exceed"):
        config_with({"primitive_transformation": {"date_shift_config": {
            "lower_bound_days": 5, "upper_bound_days": -5}}})


def test_every_key_of_a_config_is_listed_for_the_transient_check():
    from veil.transform.operators.build import crypto_keys
    from veil.transform.operators.keys import uses_transient

    config = parse_config({"record": {"ids": "hash", "id_crypto_key": {"transient": {"name": "ids"}}},
                           "deidentify_config": {"record_transformations": {"field_transformations": [
                               {"fields": [{"name": "notes"}], "info_type_transformations": {
                                   "transformations": [{"primitive_transformation": {
                                       "crypto_hash_config": {"crypto_key": {"env": "K"}}}}]}}]}}})
    keys = crypto_keys(config)
    assert [k.env for k in keys] == ["K", None] and uses_transient(keys)
