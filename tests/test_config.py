"""The job config (`veil.run.config`): validated up front, with messages that name the field."""
from __future__ import annotations

import json
import textwrap

import pytest
import yaml

from veil.run.config import (
    DetectionSettings,
    VeilConfig,
    bundled_profiles,
    load_config,
    parse_config,
)
from veil.detection.detect import ConversationDetector
from veil.run.errors import ConfigError
from veil.detection.findings import Likelihood

UNKNOWN = "unknown key (check its spelling; DLP's own sections use DLP's field names)"


def write_yaml(tmp_path, text: str, name: str = "job.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def config_error(data) -> str:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    return str(info.value)


# --- bundled profiles -------------------------------------------------------------------------


def test_default_profile_loads():
    assert {"minimal", "call_transcripts", "auditor"} <= set(bundled_profiles())
    config = load_config("minimal")
    assert isinstance(config, VeilConfig)
    inspect = config.inspect_config
    assert [t.name for t in inspect.info_types][:2] == ["EMAIL_ADDRESS", "PHONE_NUMBER"]
    assert inspect.min_likelihood == Likelihood.POSSIBLE
    customs = {c.info_type.name: c for c in inspect.custom_info_types}
    assert customs["EMPLOYEE_ID"].regex.group_indexes == [1]
    assert customs["ORGANIZATION_NAME"].likelihood == Likelihood.LIKELY
    assert "Initech" in customs["ORGANIZATION_NAME"].dictionary.word_list.words
    assert config.detection.window_chars == 4000
    assert config.detection.window_overlap_chars == 256


def test_every_bundled_profile_builds_a_detector():
    for name in bundled_profiles():
        detector = ConversationDetector(load_config(name))
        assert detector.detect([]) == []


def test_default_profile_detects_an_email():
    detector = ConversationDetector(load_config("minimal"))
    texts = ["Hello", "write to jo.doe@example.com please"]
    findings = detector.detect(texts)
    assert [(f.turn, texts[f.turn][f.start : f.end], f.info_type) for f in findings] == [
        (1, "jo.doe@example.com", "EMAIL_ADDRESS")
    ]


def test_empty_config_gives_defaults(tmp_path):
    assert parse_config(None) == VeilConfig()
    assert parse_config({}) == VeilConfig()
    assert load_config(write_yaml(tmp_path, "")) == VeilConfig()


def test_config_must_be_a_mapping():
    assert "the config must be a mapping, got list" in config_error([1, 2])


# --- unknown keys, at every depth ---------------------------------------------------------------


@pytest.mark.parametrize(
    "data, path",
    [
        ({"inspect": {}}, "inspect"),
        ({"inspect_config": {"info_type": [{"name": "EMAIL_ADDRESS"}]}}, "inspect_config.info_type"),
        ({"inspect_config": {"info_types": [{"nam": "EMAIL_ADDRESS"}]}}, "inspect_config.info_types[0].nam"),
        ({"detection": {"window": 100}}, "detection.window"),
        (
            {
                "inspect_config": {
                    "custom_info_types": [
                        {"info_type": {"name": "A"}, "regex": {"pattern": "a"}},
                        {"info_type": {"name": "B"}, "regex": {"pattern": "b", "group_index": [0]}},
                    ]
                }
            },
            "inspect_config.custom_info_types[1].regex.group_index",
        ),
        (
            {
                "inspect_config": {
                    "custom_info_types": [
                        {
                            "info_type": {"name": "A"},
                            "regex": {"pattern": "a"},
                            "detection_rules": [
                                {
                                    "hotword_rule": {
                                        "hotword_regex": {"pattern": "x"},
                                        "proximity": {"window_before": 5, "windowAftr": 3},
                                        "likelihood_adjustment": {"fixed_likelihood": "LIKELY"},
                                    }
                                }
                            ],
                        }
                    ]
                }
            },
            "inspect_config.custom_info_types[0].detection_rules[0].hotword_rule.proximity.windowAftr",
        ),
    ],
)
def test_unknown_keys_are_named_by_path(data, path):
    message = config_error(data)
    assert f"\n{path}: {UNKNOWN}" in message


def test_misspelled_regex_pattern_from_a_yaml_file(tmp_path):
    location = write_yaml(
        tmp_path,
        """
        inspect_config:
          info_types: [{name: EMAIL_ADDRESS}]
          custom_info_types:
            - info_type: {name: TICKET}
              regex:
                patern: 'T-\\d+'
        """,
    )
    with pytest.raises(ConfigError) as info:
        load_config(location)
    message = str(info.value)
    assert message.startswith(f"{location}: invalid config")
    assert f"inspect_config.custom_info_types[0].regex.patern: {UNKNOWN}" in message
    # The missing required key is reported too, at the same place.
    assert "inspect_config.custom_info_types[0].regex.pattern: Field required" in message


def test_several_errors_are_all_reported():
    message = config_error(
        {
            "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS", "x": 1}], "bogus": True},
            "detection": {"y": 2},
            "top": 3,
        }
    )
    for path in ("inspect_config.info_types[0].x", "inspect_config.bogus", "detection.y", "top"):
        assert f"\n{path}: {UNKNOWN}" in message


# --- DLP's camelCase ---------------------------------------------------------------------------


def test_camel_case_keys_work(tmp_path):
    camel = load_config(
        write_yaml(
            tmp_path,
            """
            inspectConfig:
              infoTypes: [{name: EMAIL_ADDRESS}, {name: PHONE_NUMBER}]
              minLikelihood: LIKELY
              minLikelihoodPerInfoType:
                - infoType: {name: PHONE_NUMBER}
                  minLikelihood: VERY_LIKELY
              customInfoTypes:
                - infoType: {name: TICKET}
                  regex: {pattern: 'T-(\\d+)', groupIndexes: [1]}
                  likelihood: VERY_LIKELY
                  exclusionType: EXCLUSION_TYPE_UNSPECIFIED
            detection:
              windowChars: 1000
              windowOverlapChars: 100
            """,
            "camel.yaml",
        )
    )
    snake = load_config(
        write_yaml(
            tmp_path,
            """
            inspect_config:
              info_types: [{name: EMAIL_ADDRESS}, {name: PHONE_NUMBER}]
              min_likelihood: LIKELY
              min_likelihood_per_info_type:
                - info_type: {name: PHONE_NUMBER}
                  min_likelihood: VERY_LIKELY
              custom_info_types:
                - info_type: {name: TICKET}
                  regex: {pattern: 'T-(\\d+)', group_indexes: [1]}
                  likelihood: VERY_LIKELY
                  exclusion_type: EXCLUSION_TYPE_UNSPECIFIED
            detection:
              window_chars: 1000
              window_overlap_chars: 100
            """,
            "snake.yaml",
        )
    )
    assert camel == snake
    assert camel.inspect_config.min_likelihood == Likelihood.LIKELY
    assert camel.inspect_config.custom_info_types[0].regex.group_indexes == [1]
    assert camel.detection == DetectionSettings(window_chars=1000, window_overlap_chars=100)


def test_json_config_file(tmp_path):
    path = tmp_path / "job.json"
    path.write_text(json.dumps({"inspectConfig": {"infoTypes": [{"name": "EMAIL_ADDRESS"}]}}))
    config = load_config(str(path))
    assert [t.name for t in config.inspect_config.info_types] == ["EMAIL_ADDRESS"]


def test_likelihood_accepts_any_case_and_numbers():
    config = parse_config({"inspect_config": {"min_likelihood": " very_likely "}})
    assert config.inspect_config.min_likelihood == Likelihood.VERY_LIKELY
    config = parse_config({"inspect_config": {"min_likelihood": 2}})
    assert config.inspect_config.min_likelihood == Likelihood.UNLIKELY


# --- bad values ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["SORTA", "", "likelyish", 9, None])
def test_bad_likelihood(value):
    message = config_error({"inspect_config": {"min_likelihood": value}})
    assert "inspect_config.min_likelihood:" in message
    assert f"unknown likelihood {value!r}" in message
    assert "use one of VERY_UNLIKELY, UNLIKELY, POSSIBLE, LIKELY, VERY_LIKELY" in message


def test_bad_likelihood_deep_in_camel_case():
    message = config_error(
        {
            "inspectConfig": {
                "customInfoTypes": [
                    {"infoType": {"name": "A"}, "regex": {"pattern": "a"}, "likelihood": "MAYBE"}
                ]
            }
        }
    )
    assert "inspectConfig.customInfoTypes[0].likelihood: Value error, unknown likelihood 'MAYBE'" in message


@pytest.mark.parametrize("pattern", ["(", "a{2,1}", "[z-a]", "a**"])  # neither RE2 nor re
def test_bad_regex(pattern):
    message = config_error(
        {"inspect_config": {"custom_info_types": [{"info_type": {"name": "A"}, "regex": {"pattern": pattern}}]}}
    )
    assert "inspect_config.custom_info_types[0].regex.pattern: Value error, invalid regular expression" in message


def test_regex_group_index_beyond_the_pattern():
    message = config_error(
        {
            "inspect_config": {
                "custom_info_types": [
                    {"info_type": {"name": "A"}, "regex": {"pattern": "(a)b", "group_indexes": [2]}}
                ]
            }
        }
    )
    assert "inspect_config.custom_info_types[0].regex: Value error, group index 2 but the pattern has 1 groups" in message


def test_dictionary_with_both_sources():
    message = config_error(
        {
            "inspect_config": {
                "custom_info_types": [
                    {
                        "info_type": {"name": "A"},
                        "dictionary": {
                            "word_list": {"words": ["alpha"]},
                            "cloud_storage_path": {"path": "gs://bucket/words.txt"},
                        },
                    }
                ]
            }
        }
    )
    assert (
        "inspect_config.custom_info_types[0].dictionary: Value error, "
        "give exactly one of word_list or cloud_storage_path"
    ) in message


def test_dictionary_with_neither_source_and_custom_with_both_detectors():
    message = config_error(
        {"inspect_config": {"custom_info_types": [{"info_type": {"name": "A"}, "dictionary": {}}]}}
    )
    assert "give exactly one of word_list or cloud_storage_path" in message
    message = config_error(
        {
            "inspect_config": {
                "custom_info_types": [
                    {
                        "info_type": {"name": "A"},
                        "regex": {"pattern": "a"},
                        "dictionary": {"word_list": {"words": ["a"]}},
                    }
                ]
            }
        }
    )
    assert "inspect_config.custom_info_types[0]: Value error, give exactly one of dictionary or regex" in message


def test_bad_info_type_name_syntax():
    message = config_error({"inspect_config": {"info_types": [{"name": "has space"}]}})
    assert "inspect_config.info_types[0].name:" in message


def test_detection_overlap_must_fit_the_window():
    message = config_error({"detection": {"window_chars": 100, "window_overlap_chars": 60}})
    assert "window_overlap_chars must be at most half of window_chars" in message
    message = config_error({"detection": {"window_chars": 10}})
    assert "detection.window_chars:" in message


def test_unknown_info_type_name_is_rejected_by_the_detector():
    config = parse_config(
        {"inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}, {"name": "EMAIL_ADRESS"}]}}
    )
    with pytest.raises(ConfigError) as info:
        ConversationDetector(config)
    message = str(info.value)
    assert message.startswith("inspect_config.info_types[1].name: unknown infoType 'EMAIL_ADRESS'")
    assert "EMAIL_ADDRESS" in message.split("Built-in types:", 1)[1]
    assert "custom_info_types" in message


# --- finding the file -------------------------------------------------------------------------------


def test_missing_config_file_names_the_bundled_profiles(tmp_path):
    missing = str(tmp_path / "nope.yaml")
    with pytest.raises(ConfigError) as info:
        load_config(missing)
    message = str(info.value)
    assert message.startswith(f"--config {missing!r}: no such file, and not a bundled profile (")
    for name in bundled_profiles():
        assert name in message


def test_misspelled_profile_name_names_the_bundled_profiles():
    with pytest.raises(ConfigError, match=r"not a bundled profile \(.*call_transcripts.*minimal.*\)"):
        load_config("call_transcript")


def test_invalid_yaml(tmp_path):
    location = write_yaml(tmp_path, "inspect_config: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML or JSON"):
        load_config(location)


def test_config_from_memory_url():
    import fsspec

    url = "memory://veil-test-config/job.yaml"
    with fsspec.open(url, "w") as handle:
        handle.write(yaml.safe_dump({"inspect_config": {"info_types": [{"name": "PHONE_NUMBER"}]}}))
    try:
        config = load_config(url)
        assert [t.name for t in config.inspect_config.info_types] == ["PHONE_NUMBER"]
    finally:
        fsspec.filesystem("memory").rm("/veil-test-config", recursive=True)
