"""Each primitive on its own: DLP's mask semantics, keyed hash, date shift."""
from __future__ import annotations

import datetime as dt

import pytest

from veil.transform.anonymize import anonymize_conversation
from veil.detection.findings import Finding
from veil.transform.operators import Operator, Operators
from veil.transform.operators.config import CharacterMaskConfig, CryptoHashConfig, DateShiftConfig
from veil.transform.operators.dates import parse_date, shift_date
from veil.transform.operators.mask import character_mask

KEY = b"primitive-test-key-0123456789abcdef"


def mask(value, **options):
    return character_mask(value, CharacterMaskConfig.model_validate(options))


def test_character_mask_follows_dlp_examples():
    ignore_dash = [{"characters_to_skip": "-"}]
    # DLP's documented examples.
    assert mask("1234-5678-9012-3456", masking_character="*", number_to_mask=-4,
                characters_to_ignore=ignore_dash) == "****-****-****-3456"
    assert mask("1234-5678-9012-3456", number_to_mask=-4, reverse_order=True,
                characters_to_ignore=ignore_dash) == "1234-****-****-****"
    assert mask("555-555-5555", masking_character="*", number_to_mask=5,
                characters_to_ignore=ignore_dash) == "***-**5-5555"
    assert mask("abc") == "***"
    assert mask("abcdef", number_to_mask=2, reverse_order=True) == "abcd**"
    assert mask("Ab 1.", masking_character="#", characters_to_ignore=[
        {"common_characters_to_ignore": "ALPHA_UPPER_CASE"},
        {"common_characters_to_ignore": "NUMERIC"}]) == "A###1#"[:2] + "#1#"


def hashed(conversation_id, texts, findings, **options):
    operators = Operators(default=Operator(CryptoHashConfig(**options), KEY))
    return anonymize_conversation(conversation_id, texts, findings, operators)[0]


def test_veils_keyed_hash_is_per_entity_and_per_conversation():
    texts = ["mail ann@x.com or ANN@X.COM"]
    findings = [Finding(0, 5, 14, "EMAIL_ADDRESS"), Finding(0, 18, 27, "EMAIL_ADDRESS")]
    out = hashed("c1", texts, findings, hex_chars=16)[0]
    first, second = out[5:5 + 32], out.split(" or ")[1]
    assert first.startswith("[EMAIL_ADDRESS:") and len(first) == len("[EMAIL_ADDRESS:]") + 16
    assert first == second  # one entity, one hash
    # The same value in another conversation hashes differently: no cross-conversation link.
    assert hashed("c2", texts, findings, hex_chars=16)[0] != out
    assert hashed("c1", texts, findings, hex_chars=8)[0].count(":") == 2


@pytest.mark.parametrize("value,expected", [
    ("2024-03-05", "2024-03-15"), ("3/5/2024", "3/15/2024"), ("03/05/24", "03/15/24"),
    ("05.03.2024", "15.03.2024"), ("March 5, 2024", "March 15, 2024"),
    ("Mar 5th 2024", "Mar 15th 2024"), ("5 March 2024", "15 March 2024"),
    ("the 5th of march, 2024", "the 15th of march, 2024"), ("Dec 25, 2023", "Jan 4, 2024"),
])
def test_dates_shift_in_their_own_format(value, expected):
    assert shift_date(value, 10) == expected


@pytest.mark.parametrize("value", ["March fifth", "2024", "the fifth of March", "13/45/2024",
                                   "nineteen eighty-five"])
def test_unparseable_dates(value):
    assert parse_date(value) is None and shift_date(value, 3) is None


def test_date_shift_is_one_offset_per_conversation_and_falls_back_to_placeholder():
    texts = ["from 2024-03-01 to 2024-03-11", "or March fifth"]
    findings = [Finding(0, 5, 15, "DATE"), Finding(0, 19, 29, "DATE"), Finding(1, 3, 14, "DATE")]
    operators = Operators(default=Operator(
        DateShiftConfig(lower_bound_days=-100, upper_bound_days=100), KEY))
    shifts = set()
    for conversation in ("a", "b", "c", "d"):
        out = anonymize_conversation(conversation, texts, findings, operators)[0]
        start, end = (dt.date.fromisoformat(d) for d in out[0][5:].split(" to "))
        assert (end - start).days == 10  # the interval is kept
        shifts.add((start - dt.date(2024, 3, 1)).days)
        assert out[1] == "or [DATE_3]"
    assert 0 not in shifts and len(shifts) > 1
