"""DLP's last names (issue #29): BLOOD_TYPE and CRIME_STATUS from word lists and context,
GERMANY_SCHUFA_ID near its word, FINANCIAL_ID as a general type; found as written and as a
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


@pytest.mark.parametrize("info_type,text,value", [
    ("BLOOD_TYPE", "My blood type is O negative, by the way.", "O negative"),
    ("BLOOD_TYPE", "blood group: AB+", "AB+"),
    ("CRIME_STATUS", "Well, I was arrested in 2015.", "was arrested"),
    ("CRIME_STATUS", "He's a registered sex offender.", "registered sex offender"),
    ("GERMANY_SCHUFA_ID", "Meine SCHUFA-ID: 4471029385.", "4471029385"),
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


def test_they_are_dlp_names_out_of_the_default_profile_and_all_basic_runs_them_once():
    assert set(NEW) <= dlp_names()
    profile = {t.name for t in load_config("call_transcripts").inspect_config.info_types}
    assert profile.isdisjoint(NEW)
    basic = set(all_basic(BUILTINS))
    assert {"BLOOD_TYPE", "CRIME_STATUS", "GERMANY_SCHUFA_ID"} <= basic
    assert "FINANCIAL_ID" not in basic  # a general type: its members already report


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
