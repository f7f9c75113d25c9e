"""Gold labels against what was redacted: safe, PARTIAL or missed."""
from veil.detection.findings import Finding
from veil.risk.gold import classify_gold_span, from_gold
from veil.risk.scoring import score_conversation

TEXTS = [
    "Dunder Mifflin, this is Rachel Green speaking.",
    "Hi, this is Mark from ABC Trust Fund. Email mk21@abc.com please.",
]
# Offsets in the original text.
RACHEL = (0, 24, 36)        # "Rachel Green"
DUNDER = (0, 0, 14)         # "Dunder Mifflin"
MARK = (1, 12, 16)          # "Mark"
ABC = (1, 22, 36)           # "ABC Trust Fund"
EMAIL = (1, 44, 56)         # "mk21@abc.com"


def gold(span, info_type, speaker=False):
    turn, start, end = span
    return {"turn": turn, "start": start, "end": end, "info_type": info_type,
            "speaker_related": speaker}


def test_offsets_are_what_the_test_says():
    assert TEXTS[0][24:36] == "Rachel Green" and TEXTS[0][0:14] == "Dunder Mifflin"
    assert TEXTS[1][12:16] == "Mark" and TEXTS[1][22:36] == "ABC Trust Fund"
    assert TEXTS[1][44:56] == "mk21@abc.com"


def test_full_partial_and_missed():
    golds = [gold(RACHEL, "PERSON_NAME"), gold(DUNDER, "ORGANIZATION_NAME", speaker=True),
             gold(MARK, "PERSON_NAME"), gold(ABC, "ORGANIZATION_NAME", speaker=True),
             gold(EMAIL, "EMAIL_ADDRESS")]
    redacted = [
        Finding(0, 24, 30, "PERSON_NAME"),   # "Rachel" only: Green is left -> PARTIAL
        Finding(1, 12, 16, "PERSON_NAME"),   # Mark: safe
        {"turn": 1, "start": 22, "end": 36, "info_type": "ORGANIZATION_NAME"},  # safe
        (1, 48, 56),                          # "@abc.com" only: "mk21" left -> PARTIAL
    ]
    items = from_gold(TEXTS, golds, redacted)
    assert [(i.info_type, i.value, i.partial, i.speaker) for i in items] == [
        ("PERSON_NAME", "Green", True, False),
        ("ORGANIZATION_NAME", "Dunder Mifflin", False, True),
        ("EMAIL_ADDRESS", "mk21", True, False),
    ]
    assert TEXTS[0][items[0].start:items[0].end] == "Green"
    assert score_conversation("c", items).score == 3 + 2 + 2


def test_punctuation_left_outside_a_redaction_is_still_safe():
    assert classify_gold_span("call Mark.", 5, 10, [(5, 9)]) == ("safe", [])


def test_overlapping_redactions_merge():
    verdict, _ = classify_gold_span("Rachel Green", 0, 12, [(0, 8), (6, 12)])
    assert verdict == "safe"


def test_an_uncovered_middle_is_the_remainder():
    text = "John Q Public"
    items = from_gold([text], [{"start": 0, "end": 13, "info_type": "PERSON_NAME"}],
                      [(0, 0, 4), (0, 7, 13)])
    assert (items[0].value, items[0].partial) == ("Q", True)


def test_documents_omit_the_turn_and_missed_spans_keep_their_value():
    items = from_gold(["SSN 123-45-6789"], [{"start": 4, "end": 15,
                                             "info_type": "US_SOCIAL_SECURITY_NUMBER"}], [])
    assert (items[0].value, items[0].partial, items[0].turn) == ("123-45-6789", False, 0)
    assert score_conversation("d", items).score == 5


def test_redaction_in_another_turn_does_not_cover():
    items = from_gold(["Mark", "Mark"], [{"turn": 1, "start": 0, "end": 4,
                                          "info_type": "PERSON_NAME"}], [(0, 0, 4)])
    assert len(items) == 1 and not items[0].partial


# --- the interval version of classify_gold_span is the per-character definition ----------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from veil.risk.gold import _is_covered, covered_positions  # noqa: E402


def _classify_per_character(text, start, end, intervals):
    meaningful = [i for i in range(start, end) if text[i].isalnum()]
    uncovered = [i for i in meaningful if not _is_covered(i, intervals)]
    if not uncovered:
        return "safe", []
    if len(uncovered) == len(meaningful):
        return "missed", uncovered
    return "partial", uncovered


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1 .-", min_size=1, max_size=30),
       st.lists(st.tuples(st.integers(0, 30), st.integers(1, 12)), max_size=5),
       st.integers(0, 30), st.integers(0, 30))
def test_classify_gold_span_equals_the_per_character_definition(text, cuts, a, b):
    start, end = sorted((min(a, len(text)), min(b, len(text))))
    intervals = covered_positions([(0, s, s + n) for s, n in cuts]).get(0, [])
    assert classify_gold_span(text, start, end, intervals) == \
        _classify_per_character(text, start, end, intervals)
