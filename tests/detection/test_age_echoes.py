"""An age said in one turn and echoed as the next opens is an age there too
(veil.detection.age_echoes), with the real detector of the call-transcript profile."""
import pytest

from veil.detection.detect import ConversationDetector
from veil.detection.name_repeats import with_repeats
from veil.run.config import load_config


@pytest.fixture(scope="module")
def detector():
    return ConversationDetector(load_config("call_transcripts"))


def ages(detector, texts):
    return [(f.turn, texts[f.turn][f.start:f.end]) for f in with_repeats(texts, detector.find(texts))
            if f.info_type == "AGE"]


@pytest.mark.parametrize("texts,echo", [
    (["we have a lady at church she's ninety and she still comes in", "ninety wow"], "ninety"),
    (["Miss Opal is turning a hundred next month.", "A hundred, wow."], "A hundred"),
    (["She's ninety.", "Oh, ninety? Wow."], "ninety"),
])
def test_an_age_echoed_as_the_next_turn_opens_is_an_age(detector, texts, echo):
    assert (1, echo) in ages(detector, texts)


@pytest.mark.parametrize("texts", [
    ["she's ninety", "ninety dollars for the ticket"],  # counts something else
    ["she's ninety", "okay", "ninety wow"],  # not the next turn
    ["she's ninety", "and ninety more to go"],  # not where the turn opens
    ["she bought ninety of them", "ninety wow"],  # no age to echo
])
def test_a_number_that_echoes_no_age_in_the_turn_before_is_none(detector, texts):
    assert [turn for turn, _ in ages(detector, texts)] in ([], [0])
