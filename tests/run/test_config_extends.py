"""A user's own config: `extends:` (DLP's merging), inherited detectors, "did you mean" for
config keys, and `veil config show`."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
import yaml

from veil.run.config import load_config, parse_config, read_config_data
from veil.run.config_extends import merge_config_data
from veil.detection.detect import ConversationDetector
from veil.run.errors import ConfigError
from veil.detection.findings import Likelihood
from tests.conftest import ROOT


def write(folder, name: str, text: str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


# The README's example: a dictionary and a regex added to the default profile.
ADDITIONS = """
extends: call_transcripts
inspect_config:
  custom_info_types:
    - info_type: {name: ORGANIZATION_NAME}
      dictionary:
        word_list: {words: [Wernham Hogg, Sabre]}
    - info_type: {name: EMPLOYEE_ID}
      regex: {pattern: '\\bEMP-\\d{6}\\b'}
      likelihood: LIKELY
"""


def custom_names(config) -> list[str]:
    return [c.info_type.name for c in config.inspect_config.custom_info_types]


def test_extending_the_default_profile_adds_a_dictionary_and_a_regex(tmp_path):
    profile = load_config("call_transcripts")
    config = load_config(write(tmp_path, "job.yaml", ADDITIONS))
    # Lists add up: the profile's custom types, then the config's.
    assert custom_names(config) == custom_names(profile) + ["ORGANIZATION_NAME", "EMPLOYEE_ID"]
    # Everything else is the profile's: infoTypes, rule sets, hotwords, detectors.
    assert config.inspect_config.info_types == profile.inspect_config.info_types
    assert config.inspect_config.rule_set == profile.inspect_config.rule_set
    assert config.detection == profile.detection
    assert config.detectors == profile.detectors
    assert config.detectors_from == "veil/profiles/call_transcripts.yaml"  # for the banner
    text = "Pam from Wernham Hogg, badge EMP-123456, mail pam@example.com"
    found = {text[f.start:f.end]: f.info_type for f in ConversationDetector(config).detect([text])}
    assert found["Wernham Hogg"] == "ORGANIZATION_NAME"
    assert found["EMP-123456"] == "EMPLOYEE_ID"
    assert found["pam@example.com"] == "EMAIL_ADDRESS"  # the profile's own types still run


def test_merging_appends_lists_merges_mappings_and_replaces_values():
    base = {"inspect_config": {"info_types": [{"name": "A"}, {"name": "B", "version": "1"}],
                               "rule_set": [{"r": 1}], "min_likelihood": "POSSIBLE"},
            "detectors": {"rules": True, "hf": {"model": "default", "threshold": 0.5}}}
    override = {"inspect_config": {"info_types": [{"name": "B", "version": "2"}, {"name": "C"}],
                                   "rule_set": [{"r": 2}], "min_likelihood": "LIKELY"},
                "detectors": {"hf": {"threshold": 0.3}}}
    merged = merge_config_data(base, override)
    assert merged["inspect_config"] == {
        # infoTypes stay a set by name: B given again replaces the earlier B
        "info_types": [{"name": "A"}, {"name": "B", "version": "2"}, {"name": "C"}],
        "rule_set": [{"r": 1}, {"r": 2}],  # rule sets append
        "min_likelihood": "LIKELY",  # a key given again replaces
    }
    assert merged["detectors"] == {"rules": True, "hf": {"model": "default", "threshold": 0.3}}
    assert merge_config_data(base, {"detectors": {"hf": None}})["detectors"] == {"rules": True, "hf": None}
    assert base["inspect_config"]["rule_set"] == [{"r": 1}]  # the inputs are left as they were


def test_a_chain_of_paths_relative_to_each_config_and_camel_case_merging(tmp_path):
    write(tmp_path, "teams/team.yaml", """
        extends: ../org/base.json
        inspectConfig:
          minLikelihood: LIKELY
          customInfoTypes:
            - infoType: {name: TICKET}
              regex: {pattern: 'T-\\d+'}
        """)
    write(tmp_path, "org/base.json", """
        {"inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}],
                            "custom_info_types": [{"info_type": {"name": "ORGANIZATION_NAME"},
                                                   "dictionary": {"word_list": {"words": ["Initech"]}}}]},
         "detectors": {"rules": true}}
        """)
    job = write(tmp_path, "jobs/job.yaml", """
        extends: ../teams/team.yaml
        inspect_config:
          info_types: [{name: PHONE_NUMBER}]
        """)
    found = read_config_data(job)
    assert [s.rsplit("/", 2)[-2] + "/" + s.rsplit("/", 1)[-1] for s in found.sources] == [
        "org/base.json", "teams/team.yaml", "jobs/job.yaml"]
    config = load_config(job)
    assert [t.name for t in config.inspect_config.info_types] == ["EMAIL_ADDRESS", "PHONE_NUMBER"]
    assert custom_names(config) == ["ORGANIZATION_NAME", "TICKET"]  # camelCase merged with snake_case
    assert config.inspect_config.min_likelihood == Likelihood.LIKELY
    assert config.detectors.names == ["rules"]
    assert config.detectors_from.endswith("org/base.json")


def test_extends_errors_name_the_config_that_extends(tmp_path):
    missing = write(tmp_path, "a.yaml", "extends: nowhere.yaml\n")
    with pytest.raises(ConfigError, match=r"a\.yaml: extends '.*nowhere\.yaml': no such file"):
        load_config(missing)
    write(tmp_path, "b.yaml", "extends: c.yaml\n")
    circle = write(tmp_path, "c.yaml", "extends: b.yaml\n")
    with pytest.raises(ConfigError, match="extend each other in a circle"):
        load_config(circle)
    bad = write(tmp_path, "d.yaml", "extends: {name: call_transcripts}\n")
    with pytest.raises(ConfigError, match="extends: give a bundled profile's name or a path"):
        load_config(bad)


# --- detectors: inherited, not silently the rules alone ---------------------------------------


def test_a_config_without_detectors_runs_the_default_profiles(tmp_path):
    """It used to run the rules alone, missing the names the model finds."""
    config = load_config(write(tmp_path, "job.yaml", "inspect_config:\n  info_types: [{name: EMAIL_ADDRESS}]\n"))
    assert config.detectors == load_config("call_transcripts").detectors
    assert config.detectors.names == ["rules", "hf"]
    assert "call_transcripts.yaml (the default profile)" in config.detectors_from
    # Unless the config says otherwise, or extends one that does.
    said = load_config(write(tmp_path, "rules.yaml", "detectors: {rules: true}\n"))
    assert said.detectors.names == ["rules"] and said.detectors_from is None
    extending = load_config(write(tmp_path, "min.yaml", "extends: minimal\n"))
    assert extending.detectors.names == ["rules"]
    assert extending.detectors_from == "veil/profiles/minimal.yaml"
    # parse_config reads what it is given: the inheritance belongs to config files.
    assert parse_config({}).detectors.names == ["rules"]


# --- "did you mean" -------------------------------------------------------------------------


@pytest.mark.parametrize("data, path, nearest", [
    ({"inspect_config": {"info_type": [{"name": "EMAIL_ADDRESS"}]}}, "inspect_config.info_type", "info_types"),
    ({"detection": {"window_char": 500}}, "detection.window_char", "window_chars"),
    ({"detectors": {"hf": {"modle": "default"}}}, "detectors.hf.modle", "model"),
    ({"risk": {"treshold": 3}}, "risk.treshold", "threshold"),
    ({"extend": "minimal"}, "extend", "extends"),
    ({"inspectConfig": {"customInfoTypes": [{"infoType": {"name": "A"},
                                             "regex": {"pattern": "a", "groupIndex": [0]}}]}},
     "inspectConfig.customInfoTypes[0].regex.groupIndex", "groupIndexes"),
    ({"inspect_config": {"rule_set": [{"info_types": [{"name": "PERSON_NAME"}], "rules": [
        {"hotword_rule": {"hotword_regex": {"pattern": "x"}, "proximity": {"window_befor": 5},
                          "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}}]}]}},
     "inspect_config.rule_set[0].rules[0].hotword_rule.proximity.window_befor", "window_before"),
])
def test_a_misspelt_key_gets_the_nearest_known_one(data, path, nearest):
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    line = next(line for line in str(info.value).splitlines() if line.startswith(f"{path}:"))
    assert line.endswith(f"unknown key (check its spelling; DLP's own sections use DLP's field names); "
                         f"did you mean {nearest}?")


def test_a_key_like_none_gets_no_guess():
    with pytest.raises(ConfigError) as info:
        parse_config({"detection": {"zzzz": 1}})
    assert str(info.value).endswith("detection.zzzz: unknown key (check its spelling; DLP's own "
                                    "sections use DLP's field names)")


# --- veil config show -------------------------------------------------------------------------


def veil(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pipelines.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_veil_config_show_prints_the_effective_config(tmp_path):
    job = write(tmp_path, "job.yaml", ADDITIONS)
    result = veil("config", "show", "--config", job)
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[0]
    assert header == f"# the effective config of {job}, merged from: veil/profiles/call_questions.yaml, veil/profiles/call_transcripts.yaml, {job}"
    shown = yaml.safe_load(result.stdout)
    assert "extends" not in shown
    # What it prints is the config that runs: read back, it is the same config.
    assert parse_config(shown) == load_config(job)
    assert shown["detectors"]["hf"]["model"] == "default"


def test_veil_config_show_says_where_inherited_detectors_come_from_and_refuses_bad_configs(tmp_path):
    plain = write(tmp_path, "plain.yaml", "inspect_config:\n  info_types: [{name: EMAIL_ADDRESS}]\n")
    result = veil("config", "show", "--config", plain)
    assert result.returncode == 0, result.stderr
    assert "# detectors: from veil/profiles/call_transcripts.yaml (the default profile)" in result.stdout
    bad = write(tmp_path, "bad.yaml", "extends: minimal\ndetection: {window_char: 10}\n")
    result = veil("config", "show", "--config", bad)
    assert result.returncode == 2
    assert "detection.window_char: unknown key" in result.stderr and "did you mean window_chars?" in result.stderr


def test_the_readmes_example_adds_a_dictionary_and_a_regex_to_the_default_profile(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    example = text.split("### Building on a profile: `extends:`", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(example)["extends"] == "call_transcripts"
    config = load_config(write(tmp_path, "readme.yaml", example))
    added = config.inspect_config.custom_info_types[-2:]
    assert [c.info_type.name for c in added] == ["ORGANIZATION_NAME", "EMPLOYEE_ID"]
    assert added[0].dictionary is not None and added[1].regex is not None
    assert config == load_config(write(tmp_path, "job.yaml", ADDITIONS))
