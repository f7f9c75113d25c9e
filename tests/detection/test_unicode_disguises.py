"""Unicode disguises do not hide personal data from detection (issue #34, item 7).

The real rules engine (the call-transcript profile) reads each turn through its disguises
(veil.detection.normalise) and reports the value at its offsets in the turn as given: the whole
written value, zero-width characters inside it included."""
from __future__ import annotations

import pytest

from tests.support.unicode_disguises import DISGUISES, PDF, RLO, ZWSP, fullwidth
from veil.detection.detect import ConversationDetector
from veil.detection.normalise import readings
from veil.run.config import load_config


@pytest.fixture(scope="module")
def detector():
    return ConversationDetector(load_config("call_transcripts"))


def found(detector, text: str) -> set[tuple[str, str]]:
    return {(f.info_type, text[f.start:f.end]) for f in detector.detect([text])}


@pytest.mark.parametrize("name,text,value,info_type", DISGUISES, ids=[d[0] for d in DISGUISES])
def test_the_disguised_value_is_found_whole_at_its_original_offsets(detector, name, text, value, info_type):
    assert (info_type, value) in found(detector, text)


def test_a_disguise_in_a_later_turn_keeps_its_turn_and_offsets(detector):
    name, text, value, info_type = DISGUISES[0]
    findings = detector.detect(["Hello, how can I help?", text])
    assert [(f.turn, f.start, f.end) for f in findings if f.info_type == info_type] == \
        [(1, text.index(value), text.index(value) + len(value))]


def test_text_behind_an_override_is_also_read_as_stored(detector):
    # Stored forwards behind the override (a screen shows it reversed): a model reads it so.
    text = f"Mail {RLO}dana.cho@example.com{PDF} today."
    assert ("EMAIL_ADDRESS", "dana.cho@example.com") in found(detector, text)


def test_an_override_without_its_pop_reaches_the_end_of_the_line(detector):
    text = f"Mail {RLO}moc.elpmaxe@ohc.anad\nThanks, bye."
    assert ("EMAIL_ADDRESS", "moc.elpmaxe@ohc.anad") in found(detector, text)


@pytest.mark.parametrize("text", [
    "Version 4111.1111.1111.1112 of the firmware",  # fails Luhn
    "The total was 1234.5678 dollars",
    "Build 2024.0611.1530.0007 shipped",  # no issuer prefix, wrong groups
])
def test_dotted_numbers_that_are_no_card_are_left(detector, text):
    assert not {t for t, _ in found(detector, text)} & {"CREDIT_CARD_NUMBER"}


def test_ascii_text_is_read_as_it_is():
    assert readings("Call 415-555-0132, dana.cho@example.com") == []


@pytest.mark.parametrize("text", [
    "Café … “quoted” — Zoë paid £5 😂❤️",
    "Привет, как дела? Всё хорошо.",  # Cyrillic words are Russian, not disguised Latin
    "Μια φορά κι έναν καιρό",
    "مرحبا بكم",
])
def test_ordinary_non_ascii_text_is_read_as_it_is(text):
    reading = readings(text)
    assert reading == [] or reading[0].text == text.replace("\ufe0f", "")


def test_a_reading_maps_every_character_back():
    text = f"{fullwidth('Jo')}{ZWSP}e\u0301 {RLO}ba{PDF}"
    primary, shown = readings(text)
    assert primary.text == "Joé ba" and shown.text == "Joé ab"
    assert primary.original_span(0, 3) == (0, 5)  # the zero-width space is inside
    assert shown.original_span(4, 6) == (7, 9)
    assert shown.original_span(4, 5) == (8, 9)  # "a" is stored second
