"""Numbered placeholders (`veil.transform.anonymize`): per conversation, per infoType, first appearance."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.transform.anonymize import (
    Replacement,
    anonymize_texts,
    apply_replacements,
    number_placeholders,
)
from veil.detection.entity_keys import entity_key
from veil.detection.findings import Finding, Likelihood, Method


def find_all(texts, value, info_type):
    """A finding for every occurrence of `value` in every turn (test helper)."""
    found = []
    for turn, text in enumerate(texts):
        for m in re.finditer(re.escape(value), text):
            found.append(Finding(turn, m.start(), m.end(), info_type))
    return found


def test_entity_key_ignores_case_and_punctuation():
    assert entity_key("Mark") == entity_key("MARK") == entity_key("M-A-R-K") == "mark"
    assert entity_key("555-0100") == entity_key("(555) 0100") == "5550100"
    assert entity_key("Mark Green") == "markgreen"
    assert entity_key("a_b") == "ab"
    assert entity_key("---") == ""
    assert entity_key("Straße") == "strasse"


def test_same_value_same_number_across_turns():
    texts = ["Hi, I'm Mark.", "Thanks MARK, and your colleague?", "That is Ann, and m-a-r-k again"]
    findings = [
        Finding(0, 8, 12, "PERSON_NAME"),
        Finding(1, 7, 11, "PERSON_NAME"),
        Finding(2, 8, 11, "PERSON_NAME"),
        Finding(2, 17, 24, "PERSON_NAME"),
    ]
    assert [texts[f.turn][f.start : f.end] for f in findings] == ["Mark", "MARK", "Ann", "m-a-r-k"]
    new_texts, replacements = anonymize_texts(texts, findings)
    assert [r.text for r in replacements] == [
        "[PERSON_NAME_1]",
        "[PERSON_NAME_1]",
        "[PERSON_NAME_2]",
        "[PERSON_NAME_1]",
    ]
    assert new_texts == [
        "Hi, I'm [PERSON_NAME_1].",
        "Thanks [PERSON_NAME_1], and your colleague?",
        "That is [PERSON_NAME_2], and [PERSON_NAME_1] again",
    ]


def test_numbers_follow_first_appearance_not_input_order():
    texts = ["Bob", "Alice and Carol", "Bob and Alice"]
    findings = [
        Finding(2, 8, 13, "PERSON_NAME"),  # Alice (later)
        Finding(1, 10, 15, "PERSON_NAME"),  # Carol
        Finding(2, 0, 3, "PERSON_NAME"),  # Bob (later)
        Finding(1, 0, 5, "PERSON_NAME"),  # Alice
        Finding(0, 0, 3, "PERSON_NAME"),  # Bob
    ]
    replacements = number_placeholders(findings, texts)
    # Sorted by (turn, start).
    assert [(r.finding.turn, r.finding.start) for r in replacements] == [
        (0, 0), (1, 0), (1, 10), (2, 0), (2, 8),
    ]
    assert [r.text for r in replacements] == [
        "[PERSON_NAME_1]",  # Bob
        "[PERSON_NAME_2]",  # Alice
        "[PERSON_NAME_3]",  # Carol
        "[PERSON_NAME_1]",  # Bob
        "[PERSON_NAME_2]",  # Alice
    ]


def test_numbering_is_per_info_type():
    texts = ["Ann at ann@example.com, Ben at ben@example.org, call 555-0100"]
    findings = (
        find_all(texts, "Ann", "PERSON_NAME")
        + find_all(texts, "Ben", "PERSON_NAME")
        + find_all(texts, "ann@example.com", "EMAIL_ADDRESS")
        + find_all(texts, "ben@example.org", "EMAIL_ADDRESS")
        + find_all(texts, "555-0100", "PHONE_NUMBER")
    )
    new_texts, _ = anonymize_texts(texts, findings)
    assert new_texts == [
        "[PERSON_NAME_1] at [EMAIL_ADDRESS_1], [PERSON_NAME_2] at [EMAIL_ADDRESS_2], "
        "call [PHONE_NUMBER_1]"
    ]


def test_one_surface_form_keeps_one_type_chosen_by_the_strongest_evidence():
    # "This is Virginia..." / "thanks Virginia" must not become a person and a state.
    texts = ["This is Virginia calling.", "Okay, thanks Virginia."]
    findings = [Finding(0, 8, 16, "PERSON_NAME", Likelihood.LIKELY, Method.REGEX),
                Finding(1, 13, 21, "US_STATE", Likelihood.LIKELY, Method.DICTIONARY)]
    new_texts, replacements = anonymize_texts(texts, findings)
    assert new_texts == ["This is [PERSON_NAME_1] calling.", "Okay, thanks [PERSON_NAME_1]."]
    assert [r.finding.info_type for r in replacements] == ["PERSON_NAME", "PERSON_NAME"]
    # The evidence decides, not the type: a surer location wins.
    texts = ["Jordan lives in Jordan"]
    findings = [Finding(0, 0, 6, "PERSON_NAME", Likelihood.POSSIBLE),
                Finding(0, 16, 22, "LOCATION", Likelihood.VERY_LIKELY)]
    assert anonymize_texts(texts, findings)[0] == ["[LOCATION_1] lives in [LOCATION_1]"]
    # Two different values keep their own types.
    findings = [Finding(0, 0, 6, "PERSON_NAME"), Finding(0, 16, 21, "LOCATION")]
    assert anonymize_texts(["Jordan lives in Amman."], findings)[0] == [
        "[PERSON_NAME_1] lives in [LOCATION_1]."]


def test_a_second_conversation_restarts_at_one():
    first = ["I am Zed", "Zed again, and Yu"]
    second = ["Yu here", "and Xi"]
    f1 = find_all(first, "Zed", "PERSON_NAME") + find_all(first, "Yu", "PERSON_NAME")
    f2 = find_all(second, "Yu", "PERSON_NAME") + find_all(second, "Xi", "PERSON_NAME")
    out1, _ = anonymize_texts(first, f1)
    out2, _ = anonymize_texts(second, f2)
    assert out1 == ["I am [PERSON_NAME_1]", "[PERSON_NAME_1] again, and [PERSON_NAME_2]"]
    # "Yu" was number 2 in the first conversation; here it is number 1: nothing persists.
    assert out2 == ["[PERSON_NAME_1] here", "and [PERSON_NAME_2]"]
    # Running the first conversation again gives the same result (no state carried over).
    assert anonymize_texts(first, f1)[0] == out1


def test_values_of_only_punctuation_are_compared_as_written():
    texts = ["-- and ** and --"]
    findings = [Finding(0, 0, 2, "X"), Finding(0, 7, 9, "X"), Finding(0, 14, 16, "X")]
    assert [r.text for r in number_placeholders(findings, texts)] == ["[X_1]", "[X_2]", "[X_1]"]


def test_turns_without_findings_are_unchanged():
    texts = ["nothing here", "", "Call 555-0100"]
    new_texts, replacements = anonymize_texts(texts, [Finding(2, 5, 13, "PHONE_NUMBER")])
    assert new_texts == ["nothing here", "", "Call [PHONE_NUMBER_1]"]
    assert len(replacements) == 1


def test_apply_replacements_rejects_overlaps():
    text = "abcdefgh"
    replacements = [Replacement(Finding(0, 0, 4, "X"), "[X]"), Replacement(Finding(0, 3, 6, "Y"), "[Y]")]
    with pytest.raises(ValueError, match="overlapping"):
        apply_replacements(text, replacements)


def test_apply_replacements_any_order_and_at_edges():
    text = "abcdefgh"
    replacements = [Replacement(Finding(0, 6, 8, "X"), "<2>"), Replacement(Finding(0, 0, 2, "X"), "<1>")]
    assert apply_replacements(text, replacements) == "<1>cdef<2>"
    assert apply_replacements(text, []) == text


# --- properties ------------------------------------------------------------------------------

TYPES = ["NAME", "EMAIL", "PHONE"]
TEXT_ALPHABET = "abcdefghij0123456789 .,-"  # never "[", "]", "_" or upper case: those are ours


@st.composite
def conversation_with_findings(draw):
    texts = draw(st.lists(st.text(alphabet=TEXT_ALPHABET, max_size=60), min_size=1, max_size=4))
    findings = []
    for turn, text in enumerate(texts):
        # Random non-overlapping spans: sorted distinct cut points, paired up.
        if len(text) < 1:
            continue
        points = draw(
            st.lists(st.integers(0, len(text)), unique=True, max_size=10).map(sorted)
        )
        for start, end in zip(points[::2], points[1::2]):
            findings.append(Finding(turn, start, end, draw(st.sampled_from(TYPES))))
    return texts, draw(st.permutations(findings))


def rebuild(text, turn, findings, placeholder_of):
    """The anonymised turn, rebuilt independently from the original and the findings."""
    out, position = [], 0
    for f in sorted((f for f in findings if f.turn == turn), key=lambda f: f.start):
        out.append(text[position : f.start])
        out.append(placeholder_of[(f.turn, f.start, f.end)])
        position = f.end
    out.append(text[position:])
    return "".join(out)


@settings(max_examples=200, deadline=None)
@given(conversation_with_findings())
def test_output_is_the_original_with_exactly_the_findings_replaced(case):
    texts, findings = case
    new_texts, replacements = anonymize_texts(texts, findings)
    assert len(new_texts) == len(texts)
    # The same spans, each once; a value found under two types takes one (harmonise_types).
    span = lambda f: (f.turn, f.start, f.end)  # noqa: E731
    assert sorted(map(span, (r.finding for r in replacements))) == sorted(map(span, findings))
    placeholder_of = {span(r.finding): r.text for r in replacements}
    for turn, text in enumerate(texts):
        assert new_texts[turn] == rebuild(text, turn, findings, placeholder_of)


@settings(max_examples=200, deadline=None)
@given(conversation_with_findings())
def test_numbering_rules_hold(case):
    texts, findings = case
    replacements = number_placeholders(findings, texts)
    by_type: dict[str, dict[str, int]] = {}
    for r in replacements:  # in (turn, start) order
        f = r.finding
        match = re.fullmatch(r"\[([A-Z]+)_(\d+)\]", r.text)
        assert match and match.group(1) == f.info_type
        number = int(match.group(2))
        value = texts[f.turn][f.start : f.end]
        key = entity_key(value) or value
        seen = by_type.setdefault(f.info_type, {})
        if key in seen:
            assert number == seen[key]  # same value, same number
        else:
            assert number == len(seen) + 1  # a new value takes the next number
            seen[key] = number


@settings(max_examples=200, deadline=None)
@given(conversation_with_findings())
def test_replaced_values_do_not_survive(case):
    texts, findings = case
    new_texts, _ = anonymize_texts(texts, findings)
    # The original texts with every replaced span blanked out: what may legitimately remain.
    masked = []
    for turn, text in enumerate(texts):
        chars = list(text)
        for f in findings:
            if f.turn == turn:
                chars[f.start : f.end] = ["\0"] * f.length
        masked.append("".join(chars))
    for f in findings:
        value = texts[f.turn][f.start : f.end]
        if len(value) >= 4 and not any(value in m for m in masked):
            assert not any(value in out for out in new_texts), value
