"""A name beside the word saying what it names takes it: "church of | scientology", "lincoln | elementary",
"elm | street"."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import spacy

from pipelines.anonymize import run
from tests.conftest import LOCAL_RUNNER, read_jsonl_folder
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.headed_names import widen_to_heads
from veil.detection.merge import merge_findings


def model_finding(text: str, value: str, info_type: str = "ORGANIZATION_NAME") -> Finding:
    start = text.index(value)
    return Finding(0, start, start + len(value), info_type, Likelihood.POSSIBLE, Method.MODEL, "hf")


def merged(text: str, value: str, info_type: str = "ORGANIZATION_NAME") -> list[tuple[str, str]]:
    return [(text[f.start:f.end], f.info_type)
            for f in merge_findings([model_finding(text, value, info_type)], [text])]


@pytest.mark.parametrize("text, value, info_type, expected", [
    # Without capitals, the head and "of" (and "the") join the name the model found.
    ("hackers attack church of scientology website", "scientology", "ORGANIZATION_NAME",
     ("church of scientology", "ORGANIZATION_NAME")),
    ("the church of scientology's attempts", "scientology", "ORGANIZATION_NAME",
     ("church of scientology", "ORGANIZATION_NAME")),
    ("she studied at the university of nsw", "nsw", "ORGANIZATION_NAME",
     ("university of nsw", "ORGANIZATION_NAME")),
    ("i bank with the bank of the west", "west", "ORGANIZATION_NAME",
     ("bank of the west", "ORGANIZATION_NAME")),
    # A place after the head names the institution, not the town.
    ("a lecturer at the university of ziguinchor", "ziguinchor", "LOCATION",
     ("university of ziguinchor", "ORGANIZATION_NAME")),
    # No head: nothing to take; "preschool" is not "school".
    ("we moved to ziguinchor last year", "ziguinchor", "LOCATION", ("ziguinchor", "LOCATION")),
    ("a preschool of scientology", "scientology", "ORGANIZATION_NAME",
     ("scientology", "ORGANIZATION_NAME")),
    ("the people of ziguinchor", "ziguinchor", "LOCATION", ("ziguinchor", "LOCATION")),
    # With capitals, a lower-case head is the ordinary word; the cased rule finds "Church of X".
    ("She wrote to the church of Scientology", "Scientology", "ORGANIZATION_NAME",
     ("Scientology", "ORGANIZATION_NAME")),
    # A person is not widened by a head before it: "the church of jesus".
    ("the church of jesus", "jesus", "PERSON_NAME", ("jesus", "PERSON_NAME")),
    # A school's kind or a university's head after a name, whoever the name is of.
    ("my son goes to lincoln elementary", "lincoln", "LOCATION", ("lincoln elementary", "ORGANIZATION_NAME")),
    ("she teaches at washington middle school", "washington", "US_STATE",
     ("washington middle school", "ORGANIZATION_NAME")),
    ("she teaches at ramirez elementary school", "ramirez", "PERSON_NAME",
     ("ramirez elementary school", "ORGANIZATION_NAME")),
    ("she's at kyoto university now", "kyoto", "LOCATION", ("kyoto university", "ORGANIZATION_NAME")),
    # "high" and "school" alone say nothing of a school.
    ("he's a senior at roosevelt high", "roosevelt", "LOCATION", ("roosevelt", "LOCATION")),
    ("we were in ohio high winds all week", "ohio", "LOCATION", ("ohio", "LOCATION")),
    ("in london school fees went up", "london", "LOCATION", ("london", "LOCATION")),
    ("she's at kyoto universityville", "kyoto", "LOCATION", ("kyoto", "LOCATION")),
    ("He studied at Kyoto university", "Kyoto", "LOCATION", ("Kyoto", "LOCATION")),
    # A street type after a name makes a street, a place.
    ("turn left on elm street then right", "elm", "LOCATION", ("elm street", "LOCATION")),
    ("we live on washington avenue", "washington", "US_STATE", ("washington avenue", "LOCATION")),
    ("the office on martin luther king boulevard", "martin luther king", "PERSON_NAME",
     ("martin luther king boulevard", "LOCATION")),
    ("Turn left on Elm street", "Elm", "LOCATION", ("Elm", "LOCATION")),
])
def test_a_name_beside_an_institution_head_takes_the_head(text, value, info_type, expected):
    assert merged(text, value, info_type) == [expected]


def test_the_widened_finding_keeps_its_detector_and_likelihood_and_is_a_pattern_s():
    text = "a member of the church of scientology"
    [widened] = widen_to_heads([model_finding(text, "scientology")], [text])
    assert (text[widened.start:widened.end], widened.detector, widened.method, widened.likelihood) == (
        "church of scientology", "hf", Method.REGEX, Likelihood.POSSIBLE)


def test_a_list_s_guess_widened_is_not_retyped_by_a_model_s_word_inside():
    """A name list's "washington" before "middle school" is a school, though the model reads
    "middle" as a place: the head is a pattern's evidence, surer than a list's guess."""
    text = "she teaches at washington middle school"
    state = Finding(0, 15, 25, "US_STATE", Likelihood.POSSIBLE, Method.DICTIONARY, "rules")
    middle = Finding(0, 26, 32, "LOCATION", Likelihood.POSSIBLE, Method.MODEL, "hf")
    assert [(text[f.start:f.end], f.info_type) for f in merge_findings([state, middle], [text])] == [
        ("washington middle school", "ORGANIZATION_NAME")]


def test_findings_of_other_types_and_turns_pass_unchanged():
    texts = ["call the church of 555", "the church of scientology"]
    digits = Finding(0, 19, 22, "DIGIT_SEQUENCE")
    stray = Finding(5, 0, 3, "ORGANIZATION_NAME")  # a turn the texts do not hold
    assert widen_to_heads([digits, stray], texts) == [digits, stray]


def test_the_job_writes_the_institution_whole(tmp_path: Path):
    """The real job, with a real spaCy pipeline that knows "scientology" as an organisation: the
    output keeps no "church of" before the placeholder, "scientology" said alone later is
    the same placeholder, and a school named for a town is one organisation."""
    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler").add_patterns([{"label": "ORG", "pattern": "scientology"},
                                               {"label": "GPE", "pattern": "lincoln"}])
    nlp.to_disk(tmp_path / "pipeline")
    config = tmp_path / "config.yaml"
    config.write_text(f"detectors:\n  rules: true\n  spacy: {{pipeline: {tmp_path / 'pipeline'}, "
                      f"entity_ruler: false}}\n", encoding="utf-8")
    record = {"id": "c1", "turns": [
        {"speaker": "agent", "text": "and what do you do"},
        {"speaker": "caller", "text": "i was on staff at the church of scientology for ten years"},
        {"speaker": "agent", "text": "and did scientology pay you"},
        {"speaker": "caller", "text": "no and my son goes to lincoln elementary"},
    ]}
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    summary = run(["--input", str(source), "--output", str(tmp_path / "out"), "--config", str(config),
                   "--runner", LOCAL_RUNNER])
    assert summary["records"]["written"] == 1
    [written] = read_jsonl_folder(tmp_path / "out" / "corpus")
    assert written["turns"][1]["text"] == "i was on staff at the [ORGANIZATION_NAME_1] for ten years"
    # Its own name said alone is the same organisation (`veil.entities.resolution`).
    assert written["turns"][2]["text"] == "and did [ORGANIZATION_NAME_1] pay you"
    # A school, not a town: the model's place takes the school's kind after it.
    assert written["turns"][3]["text"] == "no and my son goes to [ORGANIZATION_NAME_2]"
