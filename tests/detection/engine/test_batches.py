"""Batches change no finding: many texts at once give what each text alone gives.

The engine scans a batch of turns with one Hyperscan pass (`Prefilter.candidates_per_text`)
and one dictionary pass (`BatchView`, `DictionaryGroup`); these check each piece against the
text-at-a-time version on arbitrary texts, and the whole engine on a generated corpus.
"""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.engine import word_lists as names
from veil.detection.engine import prefilter
from veil.detection.engine.dictionary import BatchView, DictionaryGroup, DictionaryMatcher, TokenView
from veil.detection.engine.prefilter import Prefilter, _relaxed
from veil.synth.generator import generate_records
from veil.detection.windows import detect_in_windows, detect_texts_in_windows

needs_hyperscan = pytest.mark.skipif(not prefilter.available(), reason="hyperscan not installed")

FRAGMENTS = st.sampled_from([
    "dunder", "mifflin", "new", "york", "san", "jose", "mary", "ann", "Smith", "is here",
    " ", "  ", ", ", " - ", "\n", "\t", "é", "İ", "ǅ", "ß", "Σ", "ﬁ", "_", "!", "'s", "4111",
    "my name is ", "calling from ", "Dr. ", "A-B-C", "four one five", "user id ", "@", ".com",
])
TEXT = st.lists(st.one_of(FRAGMENTS, st.text(max_size=6)), max_size=10).map("".join)
TEXTS = st.lists(TEXT, min_size=1, max_size=6)
SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

CUSTOM = DictionaryMatcher(["Dunder Mifflin", "is here", "new york", "Smith", "a b"])
MATCHERS = [CUSTOM, names.places(), names.first_names(), names.organisations()]
GROUP = DictionaryGroup(MATCHERS)


@SETTINGS
@given(TEXTS)
def test_batch_view_finds_what_each_text_view_finds(texts):
    for batch in (BatchView(texts), BatchView(texts, GROUP)):
        for matcher in MATCHERS:
            found = batch.find(matcher)
            for i, text in enumerate(texts):
                expected = list(matcher.find(TokenView(text))) if text else []
                assert found.get(i, []) == expected, (matcher.size, text)


def test_a_term_never_spans_two_texts():
    batch = BatchView(["we are in new", "york now", "Dunder", "Mifflin"])
    assert batch.find(CUSTOM) == {}


PATTERNS = [
    re.compile(r"(?<![\w.])\d(?:[ -]?\d){2,40}(?![\w])"),
    re.compile(r"\bmy name is\b[ \t]+(?P<name>\w+)"),
    re.compile(r"^\w+"),
    re.compile(r"\w+$"),
    re.compile(r"(?i)user ?id"),
    re.compile(r"\b[A-Z]\.(?: ?[A-Z]\.){1,40}(?!\w)"),
    re.compile(r"x{1,500}y"),
]


@needs_hyperscan
@SETTINGS
@given(TEXTS)
def test_one_pass_over_a_batch_never_misses_a_pattern(texts):
    guard = Prefilter(PATTERNS)
    guard.build()
    for text, found in zip(texts, guard.candidates_per_text(texts)):
        for index, pattern in enumerate(PATTERNS):
            if found is not None and index not in found:
                assert pattern.search(text) is None, (pattern.pattern, text)


def test_large_repeats_are_relaxed_only_where_they_are_repeats():
    assert _relaxed(re.compile(r"a:[^\r\n]{1,4096}")) == r"a:[^\r\n]{1,}"
    assert _relaxed(re.compile(r"a{0,2000}?b{2,3}")) == r"a{0,}?b{2,3}"
    assert _relaxed(re.compile(r"[{1,500}]x{1,500}")) == r"[{1,500}]x{1,500}"
    assert _relaxed(re.compile(r"\{1,500}")) == r"\{1,500}"


def _conversations(n: int = 60) -> list[list[str]]:
    conversations = []
    for record in generate_records(n, seed=5151):
        turns = record.get("turns")
        conversations.append([t["text"] for t in turns] if turns else [record.get("text", "")])
    return conversations


@pytest.mark.parametrize("profile", ["call_transcripts", "minimal", "auditor"])
def test_a_batch_finds_what_each_text_finds(profile):
    engine = ConversationDetector(load_config(profile)).engine
    engine.build_prefilter()
    texts = [t for c in _conversations() for t in c] + ["", "İstanbul, Dr. Smith", "a\n\nb"]
    alone = [engine.inspect_text(text, turn) for turn, text in enumerate(texts)]
    assert engine.inspect_texts(texts) == alone


def test_windows_of_many_turns_are_those_of_each_turn():
    engine = ConversationDetector(load_config("call_transcripts")).engine
    texts = ["my name is Pam Beesly " * 30, "", "call me at 415 555 0100", "x" * 700]
    each = [detect_in_windows(t, turn, 200, 60, engine.inspect_unfiltered)
            for turn, t in enumerate(texts)]
    assert detect_texts_in_windows(texts, 200, 60, engine.inspect_unfiltered_texts) == each


