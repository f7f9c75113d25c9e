"""Veil's extension: hotwords that reach into the previous turn; ConversationDetector."""
import pytest

from tests.detection.engine.conftest import make_engine
from veil.run.config import parse_config
from veil.detection.detect import ConversationDetector
from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.engine.conversation import PreviousTurnHotword
from veil.run.errors import ConfigError

NAME_RULE = {
    "info_types": [{"name": "PERSON_NAME"}],
    "hotword_regex": {"pattern": r"(?i)\b(?:your|the) (?:full |first |last )?name\b"},
    "window_before": 100,
    "window_after": 60,
    "likelihood_adjustment": {"fixed_likelihood": "LIKELY"},
}


def engine_with(rule, info_types=("PERSON_NAME",)):
    return InfoTypeEngine.from_config(
        InspectConfig.model_validate({"info_types": [{"name": n} for n in info_types]}),
        BUILTINS,
        previous_turn_hotwords=[PreviousTurnHotword.model_validate(rule)],
    )


def found(engine, texts):
    return sorted((f.turn, texts[f.turn][f.start:f.end], f.likelihood.name)
                  for f in engine.inspect_conversation(texts))


def test_previous_turn_question_lifts_a_weak_name_candidate():
    engine = engine_with(NAME_RULE)
    texts = ["Can I have your name, please?", "Yes, it's john."]
    assert found(engine, texts) == [(1, "john", "LIKELY")]
    # Without the question the lower-case word in a cased turn is not reported.
    assert found(engine, ["How are you?", "Yes, it's john."]) == []


def test_only_the_answer_is_lifted_not_the_weak_candidates_after_it():
    engine = engine_with(NAME_RULE)
    texts = ["Can I have your name, please?", "Yes, it's john, and my friend is jim."]
    assert found(engine, texts) == [(1, "john", "LIKELY")]
    # A first and a last name, one after the other, are one answer.
    texts = ["Can I have your name, please?", "Yes, it's maria lopez, and my friend is jim."]
    assert found(engine, texts) == [(1, "lopez", "LIKELY"), (1, "maria", "LIKELY")]


def test_hotword_must_be_near_the_end_of_the_previous_turn():
    engine = engine_with({**NAME_RULE, "window_before": 10})
    texts = ["Can I have your name? And also tell me about the weather today.", "Yes, it's john."]
    assert found(engine, texts) == []


def test_finding_must_start_near_the_start_of_the_turn():
    engine = engine_with({**NAME_RULE, "window_after": 5})
    assert found(engine, ["What is your name?", "Yes, yes, well, it's john."]) == []


def test_answer_regex_reports_names_no_dictionary_knows():
    rule = {**NAME_RULE, "answer_regex": {
        "pattern": r"^(?:(?i:sure|yes|it's|my name is)[ ,.]+)*([A-Za-z][a-z'-]+(?: [A-Za-z][a-z'-]+)?)",
        "group_indexes": [1]}}
    engine = engine_with(rule)
    texts = ["Could I get your full name?", "Sure, it's Zorbulon Quix."]
    assert (1, "Zorbulon Quix", "LIKELY") in found(engine, texts)
    # Without the question, the answer regex does not apply.
    assert found(engine, ["Could I get a coffee?", "Sure, it's Zorbulon Quix."]) == []


def test_relative_adjustment_and_other_types_untouched():
    rule = {**NAME_RULE, "info_types": [{"name": "US_SOCIAL_SECURITY_NUMBER"}],
            "hotword_regex": {"pattern": "(?i)social"},
            "likelihood_adjustment": {"relative_likelihood": 2}}
    engine = engine_with(rule, info_types=("US_SOCIAL_SECURITY_NUMBER", "PERSON_NAME"))
    texts = ["And your social?", "123456789, and I'm Pam calling"]
    assert found(engine, texts) == [
        (1, "123456789", "LIKELY"), (1, "Pam", "LIKELY"), (1, "Pam", "POSSIBLE")]


def test_previous_turn_rule_for_an_undetected_type_is_an_error():
    with pytest.raises(ConfigError, match=r"^detection.previous_turn_hotwords\[0\].info_types\[0\].name"):
        engine_with({**NAME_RULE, "info_types": [{"name": "EMAIL_ADDRESS"}]})


def test_previous_turn_rule_regex_safety():
    with pytest.raises(ConfigError, match=r"^detection.previous_turn_hotwords\[0\].hotword_regex.pattern"):
        engine_with({**NAME_RULE, "hotword_regex": {"pattern": "(?<!x)(a+)+b"}})


def test_config_key_under_detection_and_detector_uses_it():
    config = parse_config({
        "inspect_config": {"info_types": [{"name": "PERSON_NAME"}, {"name": "EMAIL_ADDRESS"}]},
        "detection": {"window_chars": 64, "window_overlap_chars": 16,
                      "previous_turn_hotwords": [NAME_RULE]},
    })
    detector = ConversationDetector(config)
    long_tail = " ".join(["and write to pam@example.com"] * 5)
    texts = ["What's your name?", "Yes, it's john. " + long_tail, ""]
    findings = detector.detect(texts)
    got = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in findings]
    assert (1, "john", "PERSON_NAME") in got
    assert sum(1 for g in got if g[2] == "EMAIL_ADDRESS") == 5
    for f in findings:
        assert 0 <= f.start < f.end <= len(texts[f.turn])


def test_bad_previous_turn_config_names_its_path():
    with pytest.raises(ConfigError, match=r"detection.previous_turn_hotwords\[0\].likelihood_adjustment"):
        parse_config({"detection": {"previous_turn_hotwords": [
            {**NAME_RULE, "likelihood_adjustment": {}}]}})


def test_inspect_text_matches_conversation_without_rules():
    engine = make_engine({"info_types": [{"name": "EMAIL_ADDRESS"}, {"name": "PHONE_NUMBER"}]})
    texts = ["mail a@b.com", "", "call 415-555-0134"]
    expected = [f for turn, t in enumerate(texts) for f in engine.inspect_text(t, turn)]
    assert sorted(engine.inspect_conversation(texts)) == sorted(expected)
