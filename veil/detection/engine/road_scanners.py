"""Numbered roads, as callers say where they drive and where they live: "a crash on the M6",
"off the A64 at York", "the transmission went out on the I-10", "just off route six", "13206
W Highway 42".

A road's number says where someone was as a town does, and no list holds roads: the shape does.
Three forms, in either case (a recogniser writes "the m6", "i-10", "highway fifty-eight"):

- **a road said with its kind**: "Route 66", "Highway 42", "Hwy 51", "Interstate 95", "State
  Route 9", "County Road 12", a number in digits or in words;
- **an interstate** written "I-10" or "I - 44", the hyphen required;
- **a British or Irish road code** ("M6", "A64", "A1(M)", "B1234", "N17").

The codes are also paper sizes, chips, cars, vitamins and forms ("A4 paper", "the M1 chip",
"an M3", "B12", "the I-9 form"), so a code counts only beside what only a road has: a direction
or a junction after it ("M62 eastbound", "the M6 near junction 10", "the I-35 exit"), or "the"
after a word of travel ("on the M6", "off the A64", "take the I-95", "down the A1"), and never
before a word of those other things ("the A4 paper", "on the I-20 form").

Pure functions of the text; `veil.detection.infotypes.names` registers `scan_roads` for LOCATION.
"""
from __future__ import annotations

import re
from typing import Iterator

from veil.detection.engine.scanner_base import Hit
from veil.detection.findings import Likelihood, Method

_UNITS = r"one|two|three|four|five|six|seven|eight|nine"
# A road's number: digits, or words for up to three digits ("six", "fifty-eight", "two eighty
# five", "one oh one").
_NUMBER_WORD = (rf"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ \t-]+(?:{_UNITS}))?"
                rf"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
                rf"|{_UNITS})")
# "oh" and "hundred" only after a number ("on the highway oh my god" names no road).
_NUMBER = (rf"(?:\d{{1,4}}[A-Za-z]?\b|{_NUMBER_WORD}(?:[ \t]+(?:{_NUMBER_WORD}|oh|hundred)){{0,2}}\b)")

_WITH_ITS_KIND = re.compile(
    rf"(?i)\b(?:(?:state|county|farm[ \t]+to[ \t]+market)[ \t]+(?:road|route)|(?:us|u\.s\.|state)[ \t]+"
    rf"(?:route|highway)|route|highway|hwy|interstate|rte)[ \t]+(?:number[ \t]+)?{_NUMBER}")
_INTERSTATE = re.compile(r"(?<![\w-])[Ii][ \t]*-[ \t]*\d{1,3}(?![\w-])")
_CODE = re.compile(r"(?<![\w-])[MABNmabn]\d{1,4}(?:\([Mm]\))?(?![\w-])")

# What only a road has after it, and the words of travel before it ("the" required before a
# code: "from a1 to a10" are a spreadsheet's cells).
_ROAD_AFTER = re.compile(
    r"(?i)[ \t]+(?:(?:north|south|east|west)(?:bound)?|junction|j\d+|exit|interchange|motorway|"
    r"slip|services|roadworks|carriageway|corridor|toll|bypass|freeway|expressway|link[ \t]+road)\b")
_TRAVEL = r"(?i)\b(?:on|onto|off|along|down|up|via|join|joined|joining|take|took|taking|exit|exited|" \
          r"leave|left|towards|past|near|from|to)[ \t]+"
_TRAVEL_BEFORE_THE = re.compile(_TRAVEL + r"the[ \t]+$")
_TRAVEL_BEFORE = re.compile(_TRAVEL + r"(?:the[ \t]+)?$")
# What a code names when it is not a road: paper, chips, cars, vitamins, forms, masks, planes.
_NOT_A_ROAD_AFTER = re.compile(
    r"(?i)[ \t]+(?:paper|size|sheet|sheets|format|envelope|chip|chips|processor|pro|max|ultra|mac|"
    r"macbook|ipad|ssd|drive|sensor|camera|lens|vitamin|vitamins|steak|sauce|form|forms|visa|"
    r"petition|application|document|card|status|plane|airbus|bomber|tank|rifle|carbine|mask|masks|"
    r"respirator|grade|level|levels|class|student|students|exam|battery|batteries|bus|tram|cell|"
    r"cells|column|row)\b")
# A number said in words and then a measure is no road's: "on the highway two hours".
_A_MEASURE_AFTER = re.compile(
    r"(?i)[ \t]+(?:hours?|minutes?|mins?|miles?|kilometres?|kilometers?|km|days?|weeks?|months?|"
    r"years?|times?|seconds?|of|or|and|more|less|people|cars?|lanes?)\b")


def scan_roads(text: str, view=None) -> Iterator[Hit]:
    """LOCATION: numbered roads (module docstring)."""
    for match in _WITH_ITS_KIND.finditer(text):
        if _NOT_A_ROAD_AFTER.match(text, match.end()):
            continue
        if not match.group(0)[-1:].isdigit() and _A_MEASURE_AFTER.match(text, match.end()):
            continue
        yield match.start(), match.end(), Likelihood.LIKELY, Method.REGEX
    for pattern, before in ((_INTERSTATE, _TRAVEL_BEFORE), (_CODE, _TRAVEL_BEFORE_THE)):
        for match in pattern.finditer(text):
            start, end = match.span()
            if _NOT_A_ROAD_AFTER.match(text, end):
                continue
            if _ROAD_AFTER.match(text, end) or before.search(text, max(0, start - 20), start):
                yield start, end, Likelihood.POSSIBLE, Method.REGEX
