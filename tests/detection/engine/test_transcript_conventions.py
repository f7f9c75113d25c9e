"""What transcripts' own conventions say about names, read by the rules (docs/names-in-speech.md,
"Transcripts as corpora and tools write them"): a name a transcript marks as one, and cues that
noise tags and fillers stand between."""
import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.detect import shared_detector
from veil.detection.normalise import readings
from veil.run.config import load_config


@pytest.mark.parametrize("text,expected", [
    # The Santa Barbara corpus writes its pseudonyms after a tilde, however ordinary the word.
    ("cause the one ~Bill ordered is the wrong one.", {"Bill"}),
    ("~Rich's gonna love that.", {"Rich"}),
    ("cause ~crystal checks that one", {"crystal"}),  # its ASR-style copy
    ("no strength in men. ~William Shakespeare #women", {"William Shakespeare"}),  # a signature
    ("HAPPY FRIDAY! ~madi", {"madi"}),
])
def test_a_name_a_transcript_marks_with_a_tilde(text, expected):
    assert quotes(text, "PERSON_NAME") >= expected


@pytest.mark.parametrize("text", [
    "the ~FBI came by",  # the LDC's letters said one by one
    "it took ~5 min",
    "[DEBUT PIC] ~Spam~ (1st Showcase)",  # a word between tildes
    "~HAPPY B-DAY",
    "we went to the ~pool",  # an ordinary word no list names
])
def test_a_tilde_before_no_name_names_no_one(text):
    assert quotes(text, "PERSON_NAME") == set()


def test_without_capitals_the_marked_word_alone_is_the_name():
    assert quotes("~dawn said she'd pick us up from the dock", "PERSON_NAME") == {"dawn"}


@pytest.mark.parametrize("text,read", [
    ("↑Oh hello Da::wn (.) I was just thinking about you=", "Oh hello Dawn (.) I was just thinking about you="),
    ("heh .hh Fra(h)nk said so", "heh .hh Frank said so"),
    ("°yeah° so:: Ro:n", "yeah so:: Ron"),
])
def test_a_conversation_analysts_notation_inside_words_is_read_without(text, read):
    assert readings(text)[0].text == read


@pytest.mark.parametrize("text", [
    "at 10:30 we met", "mac aa:bb:cc:dd:ee:ff", "see mailto:a@b.org", "fe80::1ff:fe23:4567:890a",
    "it is 25°C", "Note: call back", "plain text",
])
def test_colons_and_degrees_that_are_no_notation_are_read_as_given(text):
    assert readings(text) == []


def test_a_name_the_notation_breaks_is_found_and_replaced_whole():
    texts = ["↑Oh hello Da::wn (.) I was just thinking about you=", "heh .hh an' Fra(h)nk said he'd come"]
    found = {texts[f.turn][f.start:f.end] for f in shared_detector(load_config("call_transcripts")).detect(texts)
             if f.info_type == "PERSON_NAME"}
    assert found >= {"Da::wn", "Fra(h)nk"}


@pytest.mark.parametrize("text,expected", [
    # Strangers on a study's call introduce themselves, then ask where the other is calling from;
    # after "i'm", "will" is no verb.
    ("hi i'm dawn where are you calling from", {"dawn"}),
    ("hi i'm will", {"will"}),
    # A transcriber's tag between the greeting and the introduction stands for no word.
    ("hi [noise] i'm will", {"will"}),
    ("hi {laugh} i'm grant", {"grant"}),
    ("1.70 3.64 B: hi [laughter] i'm pearl", {"pearl"}),
])
def test_an_introduction_through_a_transcripts_tags(text, expected):
    assert quotes(text, "PERSON_NAME") >= expected


@pytest.mark.parametrize("text", [
    "hi i'm fine how are you",  # no given name
    "i'm will you be there",
    "hi [PERSON_NAME_1] i'm good",  # a placeholder is no tag
])
def test_no_introduction_without_a_name(text):
    assert quotes(text, "PERSON_NAME") == set()


@pytest.mark.parametrize("text,expected", [
    # A cue read where a turn opens reads past the time codes and the speaker's label that open
    # its line, as CallHome, Fisher, WhisperX and TalkBank write them.
    ("33.10 35.11 hiya is this hope", {"hope"}),
    ("12.04 15.90 okay april how long has he had the fever", {"april"}),
    ("0:19 okay will how are you", {"will"}),
    ("4.20 6.02 sue from our dorm", {"sue"}),
    ("[00:00:28.300 --> 00:00:36.910] hi this is April Chase.", {"April Chase"}),
    ("Agent: okay april how long has he had the fever", {"april"}),
])
def test_a_cue_where_a_turn_opens_reads_past_its_time_codes_and_label(text, expected):
    assert quotes(text, "PERSON_NAME") >= expected


def test_an_agents_opening_after_a_label_names_the_firm():
    assert quotes("Agent: Northside Gas and Electric, this is Tanya.", "ORGANIZATION_NAME") \
        == {"Northside Gas and Electric"}


@pytest.mark.parametrize("text", [
    "3.5 million people said will and hope were words",  # one decimal opens a sentence
    "10:30 is fine, will that work",  # a clock, then no cue
    "33.10 35.11 is that right",
])
def test_what_opens_a_line_makes_no_name(text):
    assert quotes(text, "PERSON_NAME") == set()


def test_a_pitch_arrow_leaves_the_determiner_before_a_word_said_elsewhere_as_a_name():
    texts = ["hh an' pearl's coming over on the ferry from douglas",
             "she's made you one with a ↑pearl in the middle (0.2) well (.) a bead"]
    found = [(f.turn, texts[f.turn][f.start:f.end]) for f in shared_detector(load_config("call_transcripts")).detect(texts)
             if f.info_type == "PERSON_NAME"]
    assert found == [(0, "pearl")]
