"""Overlapping windows over long turns (`veil.detection.windows`)."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.detection.findings import Finding
from veil.detection.windows import Window, detect_in_windows, keep_in_window, split_into_windows

PHONE = re.compile(r"\b\d{3}-\d{4}\b")  # candidates can never overlap one another
PHONE_LEN = 8
EMAIL = re.compile(r"\b[a-z0-9]+@[a-z0-9]+\.(?:com|org|net)\b")


def regex_detector(pattern, info_type):
    calls = []

    def detect(text, turn):
        calls.append(len(text))
        return [Finding(turn, m.start(), m.end(), info_type) for m in pattern.finditer(text)]

    detect.calls = calls
    return detect


def check_windows(windows, length, size, overlap):
    assert windows[0].start == 0
    assert windows[-1].end == length
    for w in windows:
        assert 0 <= w.start < w.end <= length or (length == 0 and w.start == w.end == 0)
        assert w.end - w.start <= size
    for a, b in zip(windows, windows[1:]):
        # No gaps, always moving forward; consecutive windows share exactly `overlap`
        # characters, also when a cut moved back to whitespace.
        assert a.start < b.start <= a.end < b.end
        assert a.end - b.start == overlap
        assert a.next_start == b.start and b.previous_end == a.end
    assert windows[0].previous_end is None and windows[-1].next_start is None


# --- split_into_windows --------------------------------------------------------------------


@pytest.mark.parametrize("length", [0, 1, 50, 100])
def test_one_window_when_text_fits(length):
    assert split_into_windows(length, 100, 10) == [Window(0, length)]
    assert split_into_windows(length, 100, 10, "x" * length) == [Window(0, length)]


def test_size_must_exceed_overlap():
    with pytest.raises(ValueError):
        split_into_windows(500, 10, 10)
    with pytest.raises(ValueError):
        split_into_windows(500, 10, 20)


def test_fixed_windows_without_text():
    windows = split_into_windows(250, 100, 20)
    assert [(w.start, w.end) for w in windows] == [(0, 100), (80, 180), (160, 250)]
    assert windows[0] == Window(0, 100, None, 80)
    assert windows[1] == Window(80, 180, 100, 160)
    assert windows[2] == Window(160, 250, 180, None)


def test_cut_moves_back_to_whitespace_in_the_last_tenth():
    text = "a" * 95 + " " + "b" * 200
    windows = split_into_windows(len(text), 100, 20, text)
    assert windows[0].end == 95  # the cut is at the space, not inside the b's
    check_windows(windows, len(text), 100, 20)


def test_cut_stays_when_no_whitespace_nearby():
    text = "a" * 50 + " " + "b" * 200  # the space is outside the last tenth
    assert split_into_windows(len(text), 100, 20, text)[0].end == 100


def test_cut_at_newline():
    text = "a" * 93 + "\n" + "b" * 200
    assert split_into_windows(len(text), 100, 20, text)[0].end == 93


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 3000),
    st.integers(2, 400),
    st.data(),
)
def test_windows_cover_without_gaps(length, size, data):
    overlap = data.draw(st.integers(0, size - 1))
    windows = split_into_windows(length, size, overlap)
    if length <= size:
        assert windows == [Window(0, length)]
        return
    check_windows(windows, length, size, overlap)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab \n", min_size=0, max_size=2000), st.integers(64, 300), st.data())
def test_windows_cut_at_whitespace_cover_without_gaps(text, size, data):
    overlap = data.draw(st.integers(0, size // 2))
    windows = split_into_windows(len(text), size, overlap, text)
    if len(text) <= size:
        assert windows == [Window(0, len(text))]
        return
    check_windows(windows, len(text), size, overlap)
    for w in windows[:-1]:
        fixed = w.start + size
        # A moved cut lands on whitespace within the last tenth of the window.
        assert w.end == fixed or (text[w.end] in " \n" and w.end >= fixed - size // 10)


# --- keep_in_window ------------------------------------------------------------------------


def test_keep_in_window_rules():
    window = Window(100, 200, previous_end=120, next_start=180)
    keep = lambda s, e: keep_in_window(Finding(0, s - 100, e - 100, "X"), window)  # noqa: E731
    assert keep(130, 150)  # interior
    assert not keep(185, 200)  # touches the end, lies inside the next window
    assert keep(175, 200)  # touches the end, starts before the next window: ours
    assert not keep(100, 110)  # touches the start, lies inside the previous window
    assert keep(100, 125)  # touches the start, reaches past the previous window: ours
    edge_free = Window(0, 50)
    assert keep_in_window(Finding(0, 0, 50, "X"), edge_free)


# --- detect_in_windows ---------------------------------------------------------------------


def test_single_window_calls_detector_once_on_whole_text():
    detect = regex_detector(PHONE, "PHONE")
    text = "call 555-0100 now"
    assert detect_in_windows(text, 3, 100, 10, detect) == [Finding(3, 5, 13, "PHONE")]
    assert detect.calls == [len(text)]


def test_offsets_are_mapped_back_to_the_turn():
    text = ("x " * 200) + "555-0100" + (" y" * 200) + " 555-0199"
    detect = regex_detector(PHONE, "PHONE")
    found = detect_in_windows(text, 2, 100, 20, detect)
    assert len(detect.calls) > 1 and max(detect.calls) <= 100
    assert [(x.turn, x.start, x.end) for x in found] == [
        (2, 400, 408),
        (2, len(text) - 8, len(text)),
    ]
    assert [text[x.start : x.end] for x in found] == ["555-0100", "555-0199"]


def test_entity_across_a_cut_is_found_once():
    size, overlap = 64, 16
    windows = split_into_windows(200, size, overlap)
    cut = windows[0].end
    for shift in range(-PHONE_LEN - 2, 3):
        start = cut + shift
        text = "x" * (start - 1) + " 555-0100 " + "x" * (200 - start - 9)
        text = text[:200]
        found = detect_in_windows(text, 0, size, overlap, regex_detector(PHONE, "PHONE"))
        assert found == [Finding(0, start, start + PHONE_LEN, "PHONE")], shift


def test_entity_exactly_filling_the_overlap_is_found():
    size, overlap = 64, PHONE_LEN
    windows = split_into_windows(100, size, overlap)
    start = windows[1].start  # == windows[0].end - overlap
    assert windows[0].end == start + PHONE_LEN
    text = "x" * (start - 1) + " 555-0100 " + "x" * (100 - start - 9)
    detect = regex_detector(PHONE, "PHONE")
    assert detect(text, 0) == [Finding(0, start, start + PHONE_LEN, "PHONE")]
    assert detect_in_windows(text, 0, size, overlap, detect) == detect(text, 0)


phone_text = st.lists(
    st.one_of(
        st.text(alphabet="0123456789- ab\n", min_size=1, max_size=30),
        st.from_regex(r"\d{3}-\d{4}", fullmatch=True),
        st.from_regex(r"[ \n(]\d{3}-\d{4}[ \n.,)]", fullmatch=True),
    ),
    min_size=10,
    max_size=100,
).map("".join)


@settings(max_examples=200, deadline=None)
@given(phone_text, st.integers(64, 300), st.data())
def test_windowed_phone_detection_matches_whole_text(text, size, data):
    # Entities are at most 8 characters; the overlap leaves a character of context each side.
    overlap = data.draw(st.integers(PHONE_LEN + 2, size // 2))
    detect = regex_detector(PHONE, "PHONE")
    whole = sorted(detect(text, 1))
    windowed = detect_in_windows(text, 1, size, overlap, detect)
    assert windowed == whole
    assert all(PHONE.fullmatch(text[x.start : x.end]) for x in windowed)


word = st.text(alphabet="abcxyz019", min_size=1, max_size=12)
email = st.builds(
    lambda local, domain, tld: f"{local}@{domain}.{tld}",
    st.text(alphabet="abz09", min_size=1, max_size=10),
    st.text(alphabet="mnq7", min_size=1, max_size=6),
    st.sampled_from(["com", "org", "net"]),
)
email_text = st.lists(
    st.tuples(st.one_of(word, email, st.sampled_from([",", "(", ")", ":"])), st.sampled_from([" ", "\n", "  "])),
    min_size=10,
    max_size=150,
).map(lambda tokens: "".join(token + sep for token, sep in tokens))
EMAIL_MAX = 10 + 1 + 6 + 4


@settings(max_examples=150, deadline=None)
@given(email_text, st.integers(64, 300), st.data())
def test_windowed_email_detection_matches_whole_text(text, size, data):
    overlap = data.draw(st.integers(EMAIL_MAX + 2, size // 2))
    detect = regex_detector(EMAIL, "EMAIL_ADDRESS")
    whole = sorted(detect(text, 0))
    assert detect_in_windows(text, 0, size, overlap, detect) == whole
