"""Robustness: on arbitrary Unicode the engine never raises and every span lies in the text."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.infotypes.builtin import BUILTINS

EVERY_TYPE = InspectConfig.model_validate(
    {"info_types": [{"name": n} for n in BUILTINS.detectable()], "min_likelihood": "VERY_UNLIKELY"}
)
ENGINE = InfoTypeEngine.from_config(EVERY_TYPE, BUILTINS)
PROFILE = ConversationDetector(load_config("call_transcripts"))

# Arbitrary Unicode, mixed with fragments that trigger the detectors.
FRAGMENTS = st.sampled_from([
    "4111 1111 1111 1111", "123-45-6789", "@", "://", "www.", "Mr. ", "my name is ", "Ⅻ",
    "İ", "ß", "ﬁ", "\u0301", "\n", " - ", ":", "::", "192.168.", "born ", "ı", "Σ", "ǅ",
    "calling from ", "A-B-C", "four one five", "\u200b", "Straße", "ÅNGSTRÖM", "e\u0301",
])
TEXT = st.lists(st.one_of(st.text(max_size=40), FRAGMENTS), max_size=12).map("".join)

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(TEXT)
def test_engine_never_raises_and_spans_lie_in_the_text(text):
    for finding in ENGINE.inspect_text(text, 3):
        assert finding.turn == 3
        assert 0 <= finding.start < finding.end <= len(text)


@SETTINGS
@given(st.lists(TEXT, max_size=4))
def test_profile_detector_on_conversations(texts):
    for finding in PROFILE.detect(texts):
        assert 0 <= finding.start < finding.end <= len(texts[finding.turn])


# Built-in patterns run on Python's re. These two repeat an ambiguous body a bounded number of
# times over a bounded width (IPv6: at most 7 groups of 1-5 characters; phone: 2-5 groups of
# 1-7), so a text can be split in at most thousands of ways, not exponentially many; the
# adversarial inputs below include their worst cases.
BOUNDED_AMBIGUOUS = {"IP_ADDRESS", "PHONE_NUMBER"}


def test_builtin_patterns_pass_the_backtracking_check():
    from veil.detection.engine.detectors import PatternDetector
    from veil.detection.engine.regex_safety import backtracking_problem

    for entry in BUILTINS:
        name = entry.name
        bounded = name not in BOUNDED_AMBIGUOUS
        for detector in entry.detectors:
            if isinstance(detector, PatternDetector):
                assert backtracking_problem(detector.pattern.pattern, bounded) is None, name
            for hot in detector.hotwords:
                assert backtracking_problem(hot.pattern.pattern) is None, name


def test_adversarial_inputs_finish():
    text = ("1-" * 3000) + ("a." * 3000) + ("A " * 3000) + ("@a" * 2000) + (":1" * 2000)
    text += ("+2" + " (1)" * 40 + "x ") * 20 + (":" * 40 + "1:" * 40 + "g ") * 20
    for finding in ENGINE.inspect_text(text):
        assert 0 <= finding.start < finding.end <= len(text)


DIGITS_TEXT = st.lists(st.one_of(
    st.text(alphabet="0123456789 -./:,()+", max_size=30), FRAGMENTS,
    st.sampled_from(["September ", "12 Long Street Name Avenue, Apt 4B", "born ", "SSN ",
                     "order AB12345", "IBAN GB82 WEST 1234 5698 7654 32", "\n"]),
    st.text(max_size=20)), max_size=15).map("".join)


@SETTINGS
@given(DIGITS_TEXT)
def test_scanning_only_near_digits_finds_the_same(text):
    ENGINE.digit_windows = False
    try:
        full = sorted(ENGINE.inspect_text(text))
    finally:
        ENGINE.digit_windows = True
    assert sorted(ENGINE.inspect_text(text)) == full


PREFILTERED = InfoTypeEngine.from_config(EVERY_TYPE, BUILTINS)
PREFILTER_ACTIVE = PREFILTERED.build_prefilter()
UNFILTERED = InfoTypeEngine.from_config(EVERY_TYPE, BUILTINS)
UNFILTERED.disable_prefilter()
ASCII_TEXT = st.lists(st.one_of(
    st.text(alphabet=st.characters(max_codepoint=127), max_size=30), FRAGMENTS,
    st.sampled_from(["user@example.com", "https://x.io/a", "Cookie: a=b", "00:1A:2B:3C:4D:5E",
                     "2001:db8::1", "DE89370400440532013000", "My name is Jo", "Dr. Who",
                     "DEUTDEFF500", "1HGCM82633A004352", "born 1/2/1990", "42 years old"]),
), max_size=12).map("".join)


@SETTINGS
@given(ASCII_TEXT)
def test_hyperscan_prefilter_finds_the_same(text):
    assert sorted(PREFILTERED.inspect_text(text)) == sorted(UNFILTERED.inspect_text(text))


def test_prefilter_is_active_where_hyperscan_is_installed():
    from veil.detection.engine import prefilter

    assert PREFILTER_ACTIVE == prefilter.available()
