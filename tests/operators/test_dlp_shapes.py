"""The DLP-shaped operator configs Veil accepts are DLP's own: each parses in Veil and as
`google.cloud.dlp_v2.DeidentifyConfig` from the same JSON (unknown fields refused), so field
names, nesting, enums and the inline key's base64 are DLP's; and DLP's proto, written back as
JSON, is the same config to Veil."""
from __future__ import annotations

import base64
import json

import pytest

from veil.transform.operators.config import DeidentifyConfig

dlp_v2 = pytest.importorskip("google.cloud.dlp_v2")

KEY = {"unwrapped": {"key": base64.b64encode(b"k" * 32).decode()}}
DATE = {"year": 1980, "month": 1, "day": 1}
PRIMITIVES = [
    {"crypto_replace_ffx_fpe_config": {"crypto_key": KEY, "common_alphabet": "NUMERIC",
                                       "surrogate_info_type": {"name": "SSN_TOKEN"}}},
    {"crypto_replace_ffx_fpe_config": {"crypto_key": KEY, "custom_alphabet": "0123456789-"}},
    {"crypto_replace_ffx_fpe_config": {"crypto_key": {"transient": {"name": "k"}}, "radix": 36,
                                       "context": {"name": "id"}}},
    {"crypto_deterministic_config": {"crypto_key": KEY,
                                     "surrogate_info_type": {"name": "MAIL_TOKEN"}}},
    {"crypto_hash_config": {"crypto_key": KEY}},
    {"replace_dictionary_config": {"word_list": {"words": ["a", "b"]}}},
    {"bucketing_config": {"buckets": [
        {"min": {"integer_value": 1}, "max": {"integer_value": 30},
         "replacement_value": {"string_value": "LOW"}},
        {"min": {"date_value": DATE}, "replacement_value": {"string_value": "since 1980"}}]}},
    {"fixed_size_bucketing_config": {"lower_bound": {"integer_value": 10},
                                     "upper_bound": {"integer_value": 89}, "bucket_size": 10}},
    {"time_part_config": {"part_to_extract": "WEEK_OF_YEAR"}},
    {"replace_config": {"new_value": {"date_value": DATE}}},
    {"replace_config": {"new_value": {"day_of_week_value": "MONDAY"}}},
]


def without_empty_strings(value):
    """DLP's JSON with proto3's default strings (an infoType's `version: ""`) left out."""
    if isinstance(value, dict):
        return {k: without_empty_strings(v) for k, v in value.items() if v != ""}
    if isinstance(value, list):
        return [without_empty_strings(v) for v in value]
    return value


@pytest.mark.parametrize("primitive", PRIMITIVES, ids=lambda p: next(iter(p)))
@pytest.mark.parametrize("handling", [None, "throw_error", "leave_untransformed"])
def test_the_config_is_dlps(primitive, handling):
    config = {"info_type_transformations": {"transformations": [
        {"info_types": [{"name": "US_SOCIAL_SECURITY_NUMBER"}],
         "primitive_transformation": primitive}]}}
    if handling:
        config["transformation_error_handling"] = {handling: {}}
    ours = DeidentifyConfig.model_validate(config)
    proto = dlp_v2.DeidentifyConfig.from_json(json.dumps(config))  # unknown fields raise
    # And back: what DLP makes of it is the same config to Veil.
    back = json.loads(dlp_v2.DeidentifyConfig.to_json(proto, preserving_proto_field_name=True,
                                                    use_integers_for_enums=False))
    assert DeidentifyConfig.model_validate(without_empty_strings(back)) == ours


def test_a_kms_wrapped_key_is_dlps_shape_too_and_refused_here():
    kms = {"kms_wrapped": {"wrapped_key": base64.b64encode(b"w" * 40).decode(),
                           "crypto_key_name": "projects/p/locations/l/keyRings/r/cryptoKeys/k"}}
    config = {"info_type_transformations": {"transformations": [
        {"primitive_transformation": {"crypto_hash_config": {"crypto_key": kms}}}]}}
    dlp_v2.DeidentifyConfig.from_json(json.dumps(config))
    with pytest.raises(ValueError, match="gcloud kms decrypt"):
        DeidentifyConfig.model_validate(config)
