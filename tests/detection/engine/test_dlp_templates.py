"""DLP configurations from DLP's public documentation run through Veil's engine, and two
through the job's command line: where DLP documents the answer, Veil's equals it.

The configurations are in tests/detection/engine/dlp_templates.py; test_google_dlp.py checks that each
converts to the protos the real service would receive.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from tests.detection.engine.conftest import make_engine
from tests.detection.engine.dlp_templates import TEMPLATES, by_name
from veil.run.config import parse_config
from veil.run.errors import ConfigError
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue
from veil.detection.infotypes.dlp_names import all_basic, dlp_names, unknown_names_message

DOCUMENTED = [t for t in TEMPLATES if t.expected is not None and t.documented]
REFERENCE = [t for t in TEMPLATES if t.expected is not None and not t.documented]


def findings(config: dict, text: str):
    return make_engine(config).inspect_text(text)


def answer(template) -> set:
    """The engine's findings in the shape the template's expectation uses."""
    with_likelihood = any(len(e) == 3 for e in template.expected)
    out = set()
    for f in findings(template.config, template.text):
        quote = template.text[f.start:f.end]
        out.add((quote, f.info_type, f.likelihood.name) if with_likelihood else (quote, f.info_type))
    return out


@pytest.mark.parametrize("template", DOCUMENTED, ids=[t.name for t in DOCUMENTED])
def test_veil_answers_as_dlp_documents(template):
    assert answer(template) == template.expected


@pytest.mark.parametrize("template", REFERENCE, ids=[t.name for t in REFERENCE])
def test_veil_finds_the_reference_values(template):
    assert answer(template) == template.expected


@pytest.mark.parametrize("template", TEMPLATES, ids=[t.name for t in TEMPLATES])
def test_every_template_runs(template):
    assert findings(template.config, template.text) is not None


def test_the_exclusion_rules_remove_what_the_detector_finds_alone():
    """Each exclusion template's excluded value is found without its rule set, so the
    documented answer is the rule's doing, not a detector that never saw the value."""
    for name in ("exclude_emails_in_a_dictionary", "exclude_emails_of_a_domain",
                 "exclude_matches_holding_a_substring", "exclude_by_hotword",
                 "exclusion_only_custom_type"):
        template = by_name(name)
        without_rules = {k: v for k, v in template.config.items() if k != "rule_set"}
        alone = {(template.text[f.start:f.end], f.info_type)
                 for f in findings(without_rules, template.text)}
        assert len(alone - template.expected) >= 1, name


def test_an_exclusion_only_type_is_never_reported():
    template = by_name("exclusion_only_custom_type")
    assert "PUBLIC_FIGURE" not in {f.info_type for f in findings(template.config, template.text)}


def test_empty_info_types_and_all_basic_run_every_basic_detector():
    empty = make_engine({})
    basic = make_engine({"info_types": [{"name": "ALL_BASIC"}]})
    expected = set(all_basic(BUILTINS))
    assert {p.info_type for p in empty.patterns} | {s.info_type for s in empty.scanners} == expected
    assert {p.info_type for p in basic.patterns} | {s.info_type for s in basic.scanners} == expected
    assert {"EMAIL_ADDRESS", "CREDIT_CARD_NUMBER", "PERSON_NAME", "FRANCE_NIR"} <= expected
    text = by_name("all_basic").text
    assert {(text[f.start:f.end], f.info_type) for f in findings({"min_likelihood": "LIKELY"}, text)} >= {
        ("4111 1111 1111 1111", "CREDIT_CARD_NUMBER"), ("bo@example.com", "EMAIL_ADDRESS")}


def test_custom_types_alone_run_only_themselves():
    """DLP chooses its defaults only when neither info_types nor custom_info_types is given."""
    template = by_name("custom_dictionary")
    assert {f.info_type for f in findings(template.config, "mail bo@example.com Nightjar")} == {"CODE_NAME"}


def test_every_unknown_name_is_reported_at_once_with_a_verdict():
    config = {"info_types": [
        {"name": "EMAIL_ADDRESS"}, {"name": "EMAIL_ADRESS"}, {"name": "DOCUMENT_TYPE/HR/RESUME"},
        {"name": "UK_NHS_NUMBER"}, {"name": "XYZZY_PLUGH"}]}
    with pytest.raises(ConfigError) as info:
        make_engine(config)
    message = str(info.value)
    lines = message.splitlines()
    assert lines[0] == "4 unknown infoTypes:"
    assert "'EMAIL_ADRESS': not a DLP name; a typo? Close names: EMAIL_ADDRESS" in lines[1]
    assert "'DOCUMENT_TYPE/HR/RESUME': a DLP document classifier" in lines[2]
    assert "stays out" in lines[2] and "--skip_unsupported_infotypes" in lines[2]
    assert "'UK_NHS_NUMBER': not a DLP name; a typo? Close names: " \
           "UK_NATIONAL_HEALTH_SERVICE_NUMBER" in lines[3]
    assert "'XYZZY_PLUGH': not a DLP name (likely a typo), and no known name is close" in lines[4]
    assert "pattern" not in message


def test_a_real_dlp_name_the_catalogue_lacks_is_told_apart_from_a_typo():
    """Every DLP name but the file classifiers now runs; a catalogue without one still says
    the name is DLP's, not a typo."""
    without = Catalogue([e for e in BUILTINS if e.name != "CRIME_STATUS"])
    message = unknown_names_message([("info_types[0].name", "CRIME_STATUS")], without)
    assert "unknown infoType 'CRIME_STATUS': a real DLP infoType that Veil does not implement " \
           "yet" in message


def test_names_with_a_slash_parse_and_custom_names_keep_dlp_s_pattern():
    parse_config({"inspect_config": {"info_types": [{"name": "DOCUMENT_TYPE/R&D/SOURCE_CODE"}]}})
    with pytest.raises(ConfigError, match="custom infoType name"):
        parse_config({"inspect_config": {"custom_info_types": [
            {"info_type": {"name": "MY/TYPE"}, "regex": {"pattern": "x"}}]}})


def test_the_dlp_name_list_holds_every_catalogue_name_it_should():
    names = dlp_names()
    assert {"UK_NATIONAL_INSURANCE_NUMBER", "FRANCE_NIR", "JAPAN_PASSPORT", "ALL_BASIC",
            "DOCUMENT_TYPE/R&D/SOURCE_CODE"} <= names
    veil_only = set(BUILTINS.detectable()) - names
    assert veil_only == {"CANADA_POSTAL_CODE", "CRYPTO_WALLET_ADDRESS", "INDIA_UPI_ID", "LICENSE_PLATE_NUMBER",
                         "ORGANIZATION_NAME_SPEAKER", "PRODUCT",
                         "PRODUCT_SPEAKER", "UK_POSTAL_CODE", "USER_NAME", "US_ZIP"}


@pytest.mark.parametrize("spelling", ["stored_type", "storedType"])
def test_stored_type_is_refused_saying_how_to_give_the_words(spelling):
    with pytest.raises(ConfigError) as info:
        parse_config({"inspect_config": {"custom_info_types": [{
            "info_type": {"name": "BLOCKLIST"},
            spelling: {"name": "projects/p/storedInfoTypes/blocklist"}}]}})
    message = str(info.value)
    assert "custom_info_types[0]" in message
    assert "kept inside Google Cloud DLP" in message
    assert "cloud_storage_path" in message and "word_list" in message


# --- the job's command line ----------------------------------------------------------------

CLI_TEMPLATES = ["uk_and_eu_identifiers", "exclusion_only_custom_type"]


@pytest.mark.parametrize("name", CLI_TEMPLATES)
def test_the_job_runs_the_template_unchanged(tmp_path: Path, name):
    template = by_name(name)
    config = tmp_path / "template.json"
    config.write_text(json.dumps({"inspect_config": template.config, "detectors": {"rules": True}}),
                      encoding="utf-8")
    source = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "r1", "turns": [{"speaker": "caller", "text": template.text}]}])
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out), "--config", str(config),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr[-3000:]
    (record,) = read_jsonl_folder(out / "corpus")
    written = record["turns"][0]["text"]
    for quote, info_type, *_ in template.expected:
        assert quote not in written
        assert f"[{info_type}" in written
    kept = {"uk_and_eu_identifiers": ["NI number", "NHS number", "HETU"],
            "exclusion_only_custom_type": ["Jane Doe", "met on Monday"]}[name]
    for text in kept:
        assert text in written
