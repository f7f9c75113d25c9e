"""InspectConfig <-> google.cloud.dlp_v2.InspectConfig round trips."""
import pytest

from veil.run.config import load_config
from veil.detection.engine import InspectConfig

dlp_v2 = pytest.importorskip("google.cloud.dlp_v2")
from veil.detection.engine.dlp_proto import from_dlp_proto, to_dlp_proto  # noqa: E402


@pytest.mark.parametrize("profile", ["minimal", "call_transcripts", "auditor"])
def test_bundled_profiles_round_trip(profile):
    config = load_config(profile).inspect_config
    proto = to_dlp_proto(config)
    assert isinstance(proto, dlp_v2.InspectConfig)
    assert from_dlp_proto(proto) == config
    # And through DLP's own wire format.
    wire = dlp_v2.InspectConfig.serialize(proto)
    assert from_dlp_proto(dlp_v2.InspectConfig.deserialize(wire)) == config


def test_fields_map_to_the_proto():
    config = InspectConfig.model_validate({
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "min_likelihood": "LIKELY",
        "min_likelihood_per_info_type": [{"info_type": {"name": "EMAIL_ADDRESS"},
                                          "min_likelihood": "VERY_LIKELY"}],
        "custom_info_types": [{
            "info_type": {"name": "CODE"}, "likelihood": "POSSIBLE",
            "regex": {"pattern": r"(\d+)-x", "group_indexes": [1]},
            "exclusion_type": "EXCLUSION_TYPE_EXCLUDE",
            "detection_rules": [{"hotword_rule": {
                "hotword_regex": {"pattern": "code"},
                "proximity": {"window_before": 10, "window_after": 0},
                "likelihood_adjustment": {"relative_likelihood": 0}}}],
        }],
        "rule_set": [{"info_types": [{"name": "EMAIL_ADDRESS"}], "rules": [
            {"exclusion_rule": {"exclude_info_types": {"info_types": [{"name": "CODE"}]},
                                "matching_type": "PARTIAL"}},
            {"exclusion_rule": {"exclude_by_hotword": {"hotword_regex": {"pattern": "x"},
                                                       "proximity": {"window_before": 5}},
                                "matching_type": "INVERSE"}},
            {"hotword_rule": {"hotword_regex": {"pattern": "mail"},
                              "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}},
        ]}],
    })
    proto = to_dlp_proto(config)
    assert proto.min_likelihood == dlp_v2.Likelihood.LIKELY
    custom = proto.custom_info_types[0]
    assert custom.regex.group_indexes == [1]
    assert custom.exclusion_type == dlp_v2.CustomInfoType.ExclusionType.EXCLUSION_TYPE_EXCLUDE
    assert custom.likelihood == dlp_v2.Likelihood.POSSIBLE
    rules = proto.rule_set[0].rules
    assert rules[0].exclusion_rule.matching_type == dlp_v2.MatchingType.MATCHING_TYPE_PARTIAL_MATCH
    assert rules[1].exclusion_rule.exclude_by_hotword.proximity.window_before == 5
    assert rules[2].hotword_rule.likelihood_adjustment.fixed_likelihood == dlp_v2.Likelihood.VERY_LIKELY
    assert from_dlp_proto(proto) == config


def test_from_a_dlp_json_template():
    template = {"infoTypes": [{"name": "PHONE_NUMBER"}], "minLikelihood": "POSSIBLE"}
    proto = dlp_v2.InspectConfig.from_json(__import__("json").dumps(template))
    assert from_dlp_proto(proto) == InspectConfig.model_validate(template)
