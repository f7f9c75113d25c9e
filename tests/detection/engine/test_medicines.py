"""MEDICAL_TERM: the conditions a caller names and the medicines they take (the list
scripts/build_medicine_list.py builds from drug-named-entity-recognition)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.engine.word_lists import medicines, name_words

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("text,expected", [
    ("he takes metformin and he's diabetic", {"metformin", "diabetic"}),
    ("she's on sertraline now", {"sertraline"}),
    ("my Xanax prescription ran out", {"Xanax"}),
    ("i took two paracetamol and an ibuprofen", {"paracetamol", "ibuprofen"}),
    ("I'm having chemo on Tuesdays", {"chemo"}),
    ("my dad has alzheimer's", {"alzheimer's"}),
])
def test_a_medicine_or_a_condition_a_caller_names(text, expected):
    assert quotes(text, "MEDICAL_TERM") == expected


@pytest.mark.parametrize("text,expected", [
    ("she has MS", "MS"),
    ("she has MS. She manages it well.", "MS"),
    ("he was diagnosed with ms last year", "ms"),
    ("I'm living with IBS and it's hard.", "IBS"),
])
def test_a_condition_by_its_initials_after_who_has_it(text, expected):
    assert quotes(text, "MEDICAL_TERM") == {expected}
    assert quotes(text, "ORGANIZATION_NAME_SPEAKER") == set()


@pytest.mark.parametrize("text", [
    "we use MS Word at work", "i spoke with ms smith", "I spoke with Ms Patel today",
    "tell Keisha from Ms. Alvarez's class", "I spoke with Ms. Patel.",
    "the ALS ice bucket challenge",
])
def test_initials_that_are_a_title_or_a_product_are_no_condition(text):
    assert quotes(text, "MEDICAL_TERM") == set()


@pytest.mark.parametrize("text", [
    "I brushed with Colgate", "the capex budget is tight", "Theon and Creon were there",
    "als ich nach Hause kam", "we took an aspirin",  # a dictionary word: too many meanings
])
def test_what_is_said_of_something_else_is_no_medicine(text):
    assert quotes(text, "MEDICAL_TERM") == set()


def test_the_medicine_list_is_built_as_its_script_says():
    """The bundled list: sorted, one word a name, and none a name the name lists hold."""
    kept = medicines()
    assert list(kept) == sorted(kept) and 5000 < len(kept) < 10000
    for name in ("metformin", "sertraline", "xanax", "ibuprofen", "paracetamol", "warfarin"):
        assert name in kept, name
    for name in ("aspirin", "camila", "kendrick", "colgate", "theon", "gas-x", "ovide"):
        assert name not in kept, name  # a dictionary word, a name, a company, a hyphen, French
    assert not [m for m in kept if not m.isalpha() or len(m) < 5 or m in name_words()]


def test_the_build_keeps_a_medicine_and_leaves_a_word():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from build_medicine_list import keep
    finally:
        sys.path.remove(str(ROOT / "scripts"))

    def webster(word):
        return word in {"aspirin"}

    def keep_it(name, elsewhere=False):
        return keep(name, webster, frozenset({"camila"}), lambda w: w == "paris",
                    lambda w: elsewhere, frozenset({"exelon"}))

    assert keep_it("metformin")
    assert not keep_it("aspirin")  # Webster's lists it
    assert not keep_it("camila") and not keep_it("paris") and not keep_it("exelon")
    assert not keep_it("gas-x") and not keep_it("advl")  # a hyphen; four letters
    assert not keep_it("ovide", elsewhere=True)  # French says it often
    assert not keep_it("capex")  # said of something else
