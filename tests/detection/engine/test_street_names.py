"""Streets named without a house number, and corners (veil.detection.infotypes.street_names),
as written and as a speech recogniser writes them (lower-case, no sentence punctuation)."""
import pytest

from tests.detection.engine.conftest import quotes
from tests.detection.engine.test_callers import asr
from veil.detection.detect import ConversationDetector
from veil.run.config import load_config
from veil.transform.anonymize import anonymize_conversation

FOUND = [
    # A numbered street, in digits or in words (GUM's "51st Street", "S 75th Ave").
    ("Old Oakland is along 10th Street, just west of Broadway.", "10th Street"),
    ("Valley Metro #13 goes west to S 75th Ave along the river.", "S 75th Ave"),
    ("We moved to 42nd Street last year.", "42nd Street"),
    ("He works on fifth avenue now.", "fifth avenue"),
    ("The deli on forty second street closed.", "forty second street"),
    ("Take West 71st Street to the park.", "West 71st Street"),
    # A corner, as callers give one.
    ("We live near the corner of main and third.", "main and third"),
    ("The Walgreens on fifth and elm.", "fifth and elm"),
    ("I'm right by oak and twelfth.", "oak and twelfth"),
    ("Meet me at broadway and forty second.", "broadway and forty second"),
    ("It's at the corner of Oak Street and 5th Avenue.", "Oak Street and 5th Avenue"),
    ("She lives at the corner of Haight and Ashbury in San Francisco.", "Haight and Ashbury"),
    ("He collapsed at the corner of California and Dupont streets.",
     "California and Dupont streets"),
    ("The shop at 44th & Washington closed.", "44th & Washington"),
    ("Both shops are on first and second streets.", "first and second streets"),
    # A name and a street type.
    ("I live on Oak Street.", "Oak Street"),
    ("The water damage at our home on Birchwood Drive.", "Birchwood Drive"),
    ("They moved to Pinecrest Court in May.", "Pinecrest Court"),
    # A Dublin postal district, its number part of the place.
    ("Go to accounts payable, Dublin two, D02 X285.", "Dublin two"),
    ("The office is in Dublin 6W now.", "Dublin 6W"),
    ("i live in dublin fifteen near the park", "dublin fifteen"),
    # One of the commonest street names, though an ordinary word, before a plain street type.
    ("So I'm on High Street heading south.", "High Street"),
    ("We walked down Station Road.", "Station Road"),
]

# Abbreviated street types count only with capitals: "st" and "ave" alone are words and slang.
FOUND_WRITTEN = [
    ("Also on Main St. is a plant shop.", "Main St"),
    ("Taxi, 1696 Bergen Blvd, open late.", "Bergen Blvd"),
    ("Midtown (along Central Ave) via downtown.", "Central Ave"),
    ("The restaurant in Swanston St where it happened.", "Swanston St"),
]

NOT_FOUND = [
    "Take the second street on the left.",  # counts streets
    "It's the first road we tried.",
    "We had runners on first and second.",  # bases
    "I'll be off on the 5th and 6th.",  # days
    "We got 1st place and 2nd place.",
    "Seattle gave up a 4th rd pick.",
    "I saw it from the corner of my eye and froze.",
    "The corner of the room and the door were wet.",
    "I like oak and maple furniture.",
    "He grew up in the village of Clyst St. Mary.",  # "St." before a name is "Saint"
    "It's saved on my Google Drive.",
    "i saved it on google drive",
    "we were stuck on the main road", "she took a trip down memory lane",  # no street named
    "he lives on church land now",  # no street type
    "save it on d drive",
    "we played on the tennis court",
    "he went to traffic court",
    "The case went to the Supreme Court.",
    "She was in the Family Court last week.",
    "He was a judge of the District of Columbia Court of Appeals.",
]


@pytest.mark.parametrize("text,value", FOUND)
def test_found_written(text, value):
    assert value in quotes(text, "LOCATION")


@pytest.mark.parametrize("text,value", FOUND)
def test_found_asr_style(text, value):
    assert value.lower() in quotes(asr(text), "LOCATION")


@pytest.mark.parametrize("text,value", FOUND_WRITTEN)
def test_abbreviated_street_types_written(text, value):
    assert value in quotes(text, "LOCATION")
    assert value.lower() not in quotes(asr(text), "LOCATION")


@pytest.mark.parametrize("text", NOT_FOUND)
@pytest.mark.parametrize("form", [str, asr])
def test_no_street(text, form):
    found = quotes(form(text), "LOCATION")
    assert not any(word in value.lower().split() for value in found
                   for word in ("street", "road", "first", "second", "5th", "1st", "4th", "eye",
                                "room", "oak", "st", "drive", "court", "lane", "land"))


@pytest.fixture(scope="module")
def detector():
    return ConversationDetector(load_config("call_transcripts"))


@pytest.mark.parametrize("form", [str, asr])
def test_a_corner_is_one_placeholder_in_the_job(detector, form):
    """The corner comes out whole, as one place, where the city list's "washington" and the
    model's reading of a street name alone would otherwise split it or leave half of it."""
    texts = [form("Where are you calling from?"),
             form("We're on fifth and elm, right by the corner of main and third."),
             form("The office moved to 44th & Washington.")]
    out = anonymize_conversation("c", texts, detector.detect(texts))[0]
    if form is str:
        assert out[1:] == ["We're on [LOCATION_1], right by the corner of [LOCATION_2].",
                           "The office moved to [LOCATION_3]."]
    else:
        assert out[1:] == ["we're on [LOCATION_1] right by the corner of [LOCATION_2]",
                           "the office moved to [LOCATION_3]"]


@pytest.mark.parametrize("text", [
    "We flew to Dublin two weeks ago.",  # a count after the city, no district
    "Dublin one of the best cities, they say.",
])
@pytest.mark.parametrize("form", [str, asr])
def test_a_count_after_dublin_is_no_district(text, form):
    assert {value.lower() for value in quotes(form(text), "LOCATION")} == {"dublin"}
