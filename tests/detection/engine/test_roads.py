"""Numbered roads are places (veil.detection.engine.road_scanners), in both case forms."""
from __future__ import annotations

import pytest

from tests.detection.engine.conftest import quotes


@pytest.mark.parametrize("text, road", [
    ("There's been a crash on the M6 near junction 10.", "M6"),
    ("there's been a crash on the m6 near junction ten", "m6"),
    ("Take the M1 northbound to junction 32.", "M1"),
    ("the A64 eastbound to the ring road", "A64"),
    ("we drove down the a1 to london", "a1"),
    ("the transmission went out on the I-10 on my way to work", "I-10"),
    ("the transmission went out on the i-10 on my way to work", "i-10"),
    ("the Tulsa area: I - 244 and I - 44 north", "I - 44"),
    ("come in on old Route 66 from the west", "Route 66"),
    ("we live just off route six past the diner", "route six"),
    ("it's off highway fifty-eight by the gas station", "highway fifty-eight"),
    ("take interstate 95 south", "interstate 95"),
    ("County Road 12 floods every spring", "County Road 12"),
])
def test_a_numbered_road_is_a_place(text, road):
    assert road in quotes(text, "LOCATION")


@pytest.mark.parametrize("text", [
    "print it on the A4 paper",
    "copy from a1 to a10 in the sheet",     # a spreadsheet's cells: no "the", no road after
    "i was on the highway two hours",       # a number in words, then a measure
    "we were on the highway oh my god it was awful",
    "she filed the I-130 form",
    "the new M1 chip is fast on the M1 chip",
    "take vitamin b12 daily",
    "wear an n95 mask on the n95 mask",
    "he drives an m3",
    "she's in the A1 class",
])
def test_a_code_that_names_something_else_is_no_road(text):
    assert not any(any(ch.isdigit() for ch in q) or "highway" in q for q in quotes(text, "LOCATION"))
