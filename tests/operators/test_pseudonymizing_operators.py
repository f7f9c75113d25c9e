"""DLP's pseudonymising operators on real text through anonymize_conversation: FPE (FF1),
deterministic encryption (AES-SIV), DLP's keyed hash, the surrogate annotation, reversal, and
what happens to a value an operator cannot transform (transformation_error_handling)."""
from __future__ import annotations

import base64
import re

import pytest

from veil.transform.anonymize import UntransformableValue, anonymize_conversation
from veil.detection.findings import Finding
from veil.transform.operators.build import build_operators
from veil.transform.operators.crypto import dlp_hash
from veil.transform.reidentify import reidentifier_from

KEY = "0123456789abcdef0123456789abcdef"  # 32 bytes: used as the AES key itself
TEXTS = ["card 4929110345127788, mail ann.lee@example.com", "again 4929110345127788 please"]
FINDINGS = [Finding(0, 5, 21, "CREDIT_CARD_NUMBER"), Finding(0, 28, 47, "EMAIL_ADDRESS"),
            Finding(1, 6, 22, "CREDIT_CARD_NUMBER")]


@pytest.fixture(autouse=True)
def key(monkeypatch):
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)


def deidentify(*transformations, on_error=None):
    config = {"info_type_transformations": {"transformations": list(transformations)}}
    if on_error:
        config["transformation_error_handling"] = {on_error: {}}
    return config


def fpe(info_type="CREDIT_CARD_NUMBER", **options):
    return {"info_types": [{"name": info_type}],
            "primitive_transformation": {"crypto_replace_ffx_fpe_config": options}}


def run(config, conversation="c1", texts=TEXTS, findings=FINDINGS):
    return anonymize_conversation(conversation, texts, findings, build_operators(config))[0]


def test_fpe_keeps_length_and_alphabet_and_joins_across_conversations():
    config = deidentify(fpe(common_alphabet="NUMERIC"))
    out = run(config)
    token = out[0][5:21]
    assert re.fullmatch(r"\d{16}", token) and token != "4929110345127788"
    assert out[1] == f"again {token} please"  # the same value, the same token
    assert run(config, conversation="c2")[0][5:21] == token  # and in another conversation


@pytest.mark.parametrize("options,pattern", [
    ({"common_alphabet": "HEXADECIMAL"}, r"[0-9A-F]{16}"),
    ({"common_alphabet": "UPPER_CASE_ALPHA_NUMERIC"}, r"[0-9A-Z]{16}"),
    ({"common_alphabet": "ALPHA_NUMERIC"}, r"[0-9A-Za-z]{16}"),
    ({"radix": 10}, r"\d{16}"),
    ({"custom_alphabet": "0123456789"}, r"\d{16}"),
    ({"custom_alphabet": "0123456789-"}, r"[\d-]{16}"),
])
def test_fpe_alphabets(options, pattern):
    assert re.fullmatch(pattern, run(deidentify(fpe(**options)))[0][5:21])


def test_fpe_annotates_its_surrogate_as_dlp_and_reidentify_reverses_it():
    config = deidentify(fpe(common_alphabet="NUMERIC", surrogate_info_type={"name": "CARD_TOKEN"}))
    out = run(config)
    assert re.fullmatch(r"card CARD_TOKEN\(16\):\d{16}, mail \[EMAIL_ADDRESS_1\]", out[0])
    back, failed = reidentifier_from(config).text(out[0])
    assert back == "card 4929110345127788, mail [EMAIL_ADDRESS_1]" and failed == 0


def test_a_value_outside_the_alphabet_follows_transformation_error_handling():
    texts = ["card 4929-1103-4512-7788 ok"]
    findings = [Finding(0, 5, 24, "CREDIT_CARD_NUMBER")]
    transformation = fpe(common_alphabet="NUMERIC")
    # Left out: the numbered placeholder (nothing leaks, nothing is lost).
    assert run(deidentify(transformation), texts=texts, findings=findings) == \
        ["card [CREDIT_CARD_NUMBER_1] ok"]
    with pytest.raises(UntransformableValue, match="crypto_replace_ffx_fpe_config cannot "
                       "transform a CREDIT_CARD_NUMBER value") as error:
        run(deidentify(transformation, on_error="throw_error"), texts=texts, findings=findings)
    assert "4929" not in str(error.value)
    operators = build_operators(deidentify(transformation, on_error="leave_untransformed"))
    out, replacements = anonymize_conversation("c", texts, findings, operators)
    assert out == texts and replacements[0].untransformed


def test_a_custom_alphabet_is_the_same_in_any_order_as_dlp_says():
    ordered = run(deidentify(fpe(custom_alphabet="0123456789")))
    assert run(deidentify(fpe(custom_alphabet="9876543210"))) == ordered
    assert ordered == run(deidentify(fpe(common_alphabet="NUMERIC")))


def test_fpe_refuses_two_alphabets_and_a_repeated_character():
    from veil.run.errors import ConfigError
    from veil.run.config import parse_config
    for options, message in (({"common_alphabet": "NUMERIC", "radix": 10}, "exactly one of"),
                             ({"custom_alphabet": "aab"}, "each character once"),
                             ({"custom_alphabet": "ab\u00e9"}, "only these characters"),
                             ({"radix": 96}, "less than or equal to 95")):
        with pytest.raises(ConfigError, match=message):
            parse_config({"deidentify_config": deidentify(fpe(**options))})


def test_deterministic_encryption_is_base64_aes_siv_and_reverses():
    config = deidentify({"info_types": [{"name": "EMAIL_ADDRESS"}],
                         "primitive_transformation": {"crypto_deterministic_config": {
                             "surrogate_info_type": {"name": "MAIL_TOKEN"}}}})
    out = run(config)
    match = re.search(r"MAIL_TOKEN\((\d+)\):([A-Za-z0-9+/=]+)", out[0])
    assert match and int(match.group(1)) == len(match.group(2))
    sealed = base64.b64decode(match.group(2))
    assert len(sealed) == 16 + len("ann.lee@example.com")  # the SIV tag, then the ciphertext
    assert run(config, conversation="other")[0] == out[0]  # deterministic across records
    back, failed = reidentifier_from(config).text(out[0])
    assert "ann.lee@example.com" in back and failed == 0


def test_reidentify_with_another_key_reports_the_token_and_keeps_it(monkeypatch):
    config = deidentify({"info_types": [{"name": "EMAIL_ADDRESS"}],
                         "primitive_transformation": {"crypto_deterministic_config": {
                             "surrogate_info_type": {"name": "MAIL_TOKEN"}}}})
    out = run(config)
    monkeypatch.setenv("VEIL_SECRET_KEY", "another-key-0123456789abcdef0123")
    back, failed = reidentifier_from(config).text(out[0])
    assert back == out[0] and failed == 1


def test_dlp_keyed_hash_is_base64_hmac_sha256():
    # RFC 4231 test case 2: HMAC-SHA256("Jefe", "what do ya want for nothing?").
    expected = bytes.fromhex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    assert dlp_hash(b"Jefe", "what do ya want for nothing?") == base64.b64encode(expected).decode()
    config = deidentify({"info_types": [{"name": "EMAIL_ADDRESS"}],
                         "primitive_transformation": {"crypto_hash_config": {}}})
    out = run(config)
    assert out[0] == "card [CREDIT_CARD_NUMBER_1], mail " + dlp_hash(KEY.encode(), "ann.lee@example.com")
    assert re.fullmatch(r"[A-Za-z0-9+/]{43}=", out[0].split("mail ")[1])  # DLP's shape
