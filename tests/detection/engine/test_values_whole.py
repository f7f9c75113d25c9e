"""The bundled profile on values the sample is full of: each is redacted whole or not at all.

Street addresses used to come out in pieces ("[DIGIT_SEQUENCE_4] sparks harbor"), prices and
ids cut by the digit rule ("$[DIGIT_SEQUENCE_1].50", "EMP-[DIGIT_SEQUENCE_1]"), and a spoken
date of birth after "date of, you know, birth" was left.
"""
from __future__ import annotations

import pytest

from veil.transform.anonymize import anonymize_texts
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector


@pytest.fixture(scope="module")
def detector() -> ConversationDetector:
    return ConversationDetector(load_config("call_transcripts"))


def found(detector, *texts: str) -> list[tuple[str, str]]:
    return [(f.info_type, texts[f.turn][f.start:f.end]) for f in detector.detect(list(texts))]


@pytest.mark.parametrize("address", [
    "4821 Sparks Harbor Lock",
    "14204 bailey mountain apt 18",
    "1473 Davis Burgs, Apt 4",
    "1901 Paul Spur, Suite 664",
    "31076 Cole Brooks",
    "2963 Shepard Light",
    "15650 Hughes Knolls",
    "12 Main Street",
    "318 Cole Points",
    "45 Sparks Way",
])
def test_a_street_address_is_taken_whole(detector, address):
    text = f"Is the billing address still {address}? Thanks."
    assert ("STREET_ADDRESS", address) in found(detector, text)
    (anonymised,), _ = anonymize_texts([text], detector.detect([text]))
    assert anonymised == "Is the billing address still [STREET_ADDRESS_1]? Thanks."


@pytest.mark.parametrize("text", [
    "we had 20 people in the park", "I have 3 kids on the way", "about 40 minutes down the road",
    # speech without commas: a number, then "as well as"
    "after a 6 month delay 21 as well as after 2 years", "vols 2009 - 2016 as well as its translation",
    # a decimal or grouped number, a magnitude or a unit, a verb: quantities and years
    "the clip passed 2.4 billion video views", "a 12,500 square foot garden park",
    "some 18,320 visitors crossing the bridge", "a 35 km coastal trail", "the town of 9,000 in 1962 has given way",
    "a 300 square metre memorial park",
    # points and ways counted, a way to do something
    "you have 500 reward points on your card", "there are 3 easy ways to pay",
    "my 2c potential way to represent projects",
])
def test_a_count_before_a_street_word_is_not_an_address(detector, text):
    assert "STREET_ADDRESS" not in {info_type for info_type, _ in found(detector, text)}


def test_an_address_stops_before_the_phone_number_after_it(detector):
    text = "babe's 185 bridge plaza north tel 1 201 944-6800"
    addresses = [value for info_type, value in found(detector, text) if info_type == "STREET_ADDRESS"]
    assert addresses == ["185 bridge plaza"]  # not also "plaza north tel 1", a Spanish "plaza"


@pytest.mark.parametrize("price", ["$828.50", "$99", "$9,999.99", "$999,999", "€450", "12.75"])
def test_a_price_is_left_whole(detector, price):
    text = f"The total came to {price} last month."
    assert found(detector, text) == []


@pytest.mark.parametrize("identifier", ["EMP-646132", "INV-20931"])
def test_an_id_with_a_letter_prefix_is_redacted_whole(detector, identifier):
    text = f"Please quote {identifier} when you reply."
    (anonymised,), _ = anonymize_texts([text], detector.detect([text]))
    assert anonymised == "Please quote [DIGIT_SEQUENCE_1] when you reply."


def test_digits_alone_are_still_a_digit_sequence(detector):
    """A run of digits is a DIGIT_SEQUENCE; next to an id word ("order") the catalogue's more
    specific GENERIC_ID wins the tie, as every specific type does over the generic digit rule."""
    assert found(detector, "order 1234567, then 4 1 5 9") == [
        ("GENERIC_ID", "1234567"), ("DIGIT_SEQUENCE", "4 1 5 9")]


@pytest.mark.parametrize("question", [
    "Can I get the patient's date of you know birth?",
    "Can you verify your date of of birth for me?",
    "What's your date of, uh, birth?",
])
def test_a_spoken_date_of_birth_after_a_disfluent_question(detector, question):
    answer = "the eleventh of September, nineteen seventy-five."
    # The date without "the": the article is no part of it, as gold marks dates.
    assert ("DATE_OF_BIRTH", "eleventh of September, nineteen seventy-five") in found(
        detector, question, answer)


def test_a_date_of_birth_with_fillers_in_the_same_turn(detector):
    text = "My date of, um, birth is September 11, 1975."
    assert ("DATE_OF_BIRTH", "September 11, 1975") in found(detector, text)
