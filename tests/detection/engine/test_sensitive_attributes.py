"""DLP's last names (issue #29): BLOOD_TYPE and CRIME_STATUS from word lists and context,
the other sensitive attributes from phrase patterns, GERMANY_SCHUFA_ID near its word,
FINANCIAL_ID and DEMOGRAPHIC_DATA as general types; found as written and as a
speech recogniser writes them, left out of the default profile, and run by a real job whose
DLP template names them."""
from __future__ import annotations

import json

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from tests.detection.engine.conftest import quotes
from veil.detection.infotypes.dlp_names import all_basic, dlp_names
from veil.detection.infotypes.builtin import BUILTINS
from veil.measure.asr_style import asr_style_text
from veil.run.config import load_config

NEW = ("BLOOD_TYPE", "CRIME_STATUS", "GERMANY_SCHUFA_ID", "FINANCIAL_ID")
PHRASE_TYPES = ("RELIGIOUS_TERM", "POLITICAL_TERM", "SEXUAL_ORIENTATION", "TRADE_UNION",
                "MARITAL_STATUS", "EMPLOYMENT_STATUS", "IMMIGRATION_STATUS")


@pytest.mark.parametrize("info_type,text,value", [
    ("BLOOD_TYPE", "My blood type is O negative, by the way.", "O negative"),
    ("BLOOD_TYPE", "blood group: AB+", "AB+"),
    ("CRIME_STATUS", "Well, I was arrested in 2015.", "was arrested"),
    ("CRIME_STATUS", "He's a registered sex offender.", "registered sex offender"),
    ("GERMANY_SCHUFA_ID", "Meine SCHUFA-ID: 4471029385.", "4471029385"),
    ("RELIGIOUS_TERM", "Well, I was raised Catholic.", "raised Catholic"),
    ("RELIGIOUS_TERM", "We go to church, most Sundays.", "We go to church"),
    ("POLITICAL_TERM", "Honestly? I voted Labour.", "I voted Labour"),
    ("POLITICAL_TERM", "I'm a member of the Green Party.", "I'm a member of the Green Party"),
    ("SEXUAL_ORIENTATION", "Yes, I'm bisexual.", "I'm bisexual"),
    ("SEXUAL_ORIENTATION", "I came out to my parents at 19.", "I came out to my parents"),
    ("TRADE_UNION", "I'm in the union, so I'll ask.", "I'm in the union"),
    ("TRADE_UNION", "She's the shop steward.", "shop steward"),
    ("MARITAL_STATUS", "My ex-wife has the kids.", "My ex-wife"),
    ("MARITAL_STATUS", "We got divorced in 2020.", "We got divorced"),
    ("EMPLOYMENT_STATUS", "Sorry, I lost my job in March.", "lost my job"),
    ("EMPLOYMENT_STATUS", "I'm retired, you see.", "I'm retired"),
    ("IMMIGRATION_STATUS", "My work permit expires soon.", "My work permit"),
    ("IMMIGRATION_STATUS", "He's an asylum seeker.", "asylum seeker"),
    ("DEMOGRAPHIC_DATA", "I'm 42 years old.", "42"),
    ("DEMOGRAPHIC_DATA", "Gender: non-binary.", "non-binary"),
])
def test_found_as_written_and_as_asr_style(info_type, text, value):
    assert value in quotes(text, info_type)
    spoken, _ = asr_style_text(text)
    assert value.lower() in quotes(spoken, info_type)


def test_ordinary_words_that_share_a_blood_group_s_letters_are_left():
    text = "I'm a positive person and got a B+ in biology; blood tests came back fine."
    assert quotes(text, "BLOOD_TYPE") == set()
    assert quotes(asr_style_text(text)[0], "BLOOD_TYPE") == set()


def test_financial_id_reports_its_members_under_its_own_name():
    text = "card 4111 1111 1111 1111 and SCHUFA-ID 4471029385"
    assert quotes(text, "FINANCIAL_ID") == {"4111 1111 1111 1111", "4471029385"}


def test_a_word_about_the_topic_alone_is_not_a_statement_about_a_person():
    text = ("The church and the mosque on Main Street; Labour and the Democrats; gay rights; "
            "the union of two sets; a married couple; a retired general; visa fees; "
            "an undocumented feature.")
    for info_type in PHRASE_TYPES:
        assert quotes(text, info_type) == set(), info_type
        assert quotes(asr_style_text(text)[0], info_type) == set(), info_type


def test_demographic_data_reports_its_members_under_its_own_name():
    text = "I'm 42 years old, female, and Hispanic."
    assert quotes(text, "DEMOGRAPHIC_DATA") == (
        quotes(text, "AGE") | quotes(text, "GENDER") | quotes(text, "ETHNIC_GROUP"))
    assert quotes(text, "DEMOGRAPHIC_DATA") >= {"42", "female", "Hispanic"}


def test_they_are_dlp_names_out_of_the_default_profile_and_all_basic_runs_them_once():
    assert {*NEW, *PHRASE_TYPES, "DEMOGRAPHIC_DATA"} <= dlp_names()
    profile = {t.name for t in load_config("call_transcripts").inspect_config.info_types}
    assert profile.isdisjoint({*NEW, *PHRASE_TYPES, "DEMOGRAPHIC_DATA"})
    basic = set(all_basic(BUILTINS))
    assert {"BLOOD_TYPE", "CRIME_STATUS", "GERMANY_SCHUFA_ID", *PHRASE_TYPES} <= basic
    # general types: their members already report
    assert "FINANCIAL_ID" not in basic and "DEMOGRAPHIC_DATA" not in basic


def test_a_dlp_template_naming_the_phrase_types_runs_as_a_job(tmp_path):
    template = tmp_path / "template.json"
    template.write_text(json.dumps({
        "inspect_config": {"info_types": [{"name": n} for n in PHRASE_TYPES]},
        "deidentify_config": {"info_type_transformations": {"transformations": [
            {"primitive_transformation": {"replace_with_info_type_config": {}}}]}},
    }))
    source = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "a", "text": "my husband was laid off and my visa runs out"},
        {"id": "b", "text": "i'm a catholic and i voted labour"},
        {"id": "c", "text": "the union of church and state is a married idea"},
    ])
    out = tmp_path / "out"
    result = run_job("--detectors", "rules", "--input", str(source), "--output", str(out),
                     "--config", str(template))
    assert result.returncode == 0, result.stderr
    texts = {r["id"]: r["text"] for r in read_jsonl_folder(out / "corpus")}
    assert texts == {
        "a": "[MARITAL_STATUS] was [EMPLOYMENT_STATUS] and [IMMIGRATION_STATUS] runs out",
        "b": "[RELIGIOUS_TERM] and [POLITICAL_TERM]",
        "c": "the union of church and state is a married idea",
    }


def test_a_dlp_template_naming_them_runs_as_a_job(tmp_path):
    template = tmp_path / "template.json"
    template.write_text(json.dumps({
        "inspect_config": {"info_types": [{"name": n} for n in NEW]},
        "deidentify_config": {"info_type_transformations": {"transformations": [
            {"primitive_transformation": {"replace_with_info_type_config": {}}}]}},
    }))
    source = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "a", "text": "my blood type is O+ and I have a criminal record"},
        {"id": "b", "text": "meine SCHUFA-ID lautet 4471029385"},
        {"id": "c", "text": "pay with card 4111 1111 1111 1111 please"},
        {"id": "d", "text": "a positive day at the criminal court"},
    ])
    out = tmp_path / "out"
    result = run_job("--detectors", "rules", "--input", str(source), "--output", str(out),
                     "--config", str(template))
    assert result.returncode == 0, result.stderr
    texts = {r["id"]: r["text"] for r in read_jsonl_folder(out / "corpus")}
    # A SCHUFA ID is found by its own type and by FINANCIAL_ID, its general type, on the same
    # span; merging keeps one finding, as for any two types (GOVERNMENT_ID and its members).
    assert texts.pop("b") in {"meine SCHUFA-ID lautet [GERMANY_SCHUFA_ID]",
                              "meine SCHUFA-ID lautet [FINANCIAL_ID]"}
    assert texts == {
        "a": "my blood type is [BLOOD_TYPE] and I have a [CRIME_STATUS]",
        "c": "pay with card [FINANCIAL_ID] please",
        "d": "a positive day at the criminal court",
    }
