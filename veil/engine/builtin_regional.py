"""Built-in US and Canadian identifiers beyond the risk table: tax and provider numbers,
passports, driving licences, health card numbers and bank accounts.

Checksums where the number has one: NPI (Luhn with the 80840 prefix), DEA (its own check
digit), Ontario health numbers (Luhn), BC PHN (mod 11). Types without a checksum and with
shapes common in other numbers are reported only near their hotwords.
"""
from __future__ import annotations

import re

from veil.engine.checksums import bc_phn_valid, dea_valid, digits_of, npi_valid
from veil.engine.builtin_numbers import luhn_possible
from veil.engine.registry import DIGIT, hotword, register
from veil.findings import Likelihood, Method

L = Likelihood

# --- US --------------------------------------------------------------------------------------

_EIN_PREFIXES = frozenset(
    [f"{n:02d}" for n in (*range(1, 7), *range(10, 17), *range(20, 28), *range(30, 49),
                          *range(50, 69), *range(71, 78), *range(80, 89), *range(90, 96), 98, 99)]
)


def _ein_check(match: "re.Match[str]") -> Likelihood | None:
    return L.POSSIBLE if match.group(0)[:2] in _EIN_PREFIXES else None


register(
    "US_EMPLOYER_IDENTIFICATION_NUMBER",
    r"\d(?<![\d-]\d)\d-\d{7}(?![\d-])",
    L.POSSIBLE,
    check=_ein_check,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:ein|employer id\w*|tax id\w*|fein)\b", 60, fixed=L.LIKELY)],
    description="US employer identification numbers (NN-NNNNNNN with a valid prefix).",
)
register(
    "US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER",
    r"9(?<![\d-]9)\d{2}([- ]?)(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\1\d{4}(?![\d-])",
    L.POSSIBLE,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:itin|taxpayer id\w*|tax id\w*)\b", 60, fixed=L.LIKELY)],
    description="US ITINs (9NN-NN-NNNN with a valid group number).",
)


def _npi_check(match: "re.Match[str]") -> Likelihood | None:
    return L.UNLIKELY if npi_valid(match.group(0)) else None


register(
    "US_HEALTHCARE_NPI",
    r"[12](?<![\d-][12])\d{9}(?![\d-])",
    L.UNLIKELY,
    check=_npi_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:npi|national provider|provider (?:id|number))\b", 60,
                      fixed=L.VERY_LIKELY)],
    ceiling=L.UNLIKELY,
    description="US National Provider Identifiers (Luhn-valid) near 'NPI'.",
)


def _dea_check(match: "re.Match[str]") -> Likelihood | None:
    return L.LIKELY if dea_valid(match.group(0).upper()) else None


register(
    "US_DEA_NUMBER",
    r"\b[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}\b",
    L.LIKELY,
    check=_dea_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\bdea\b", 60, fixed=L.VERY_LIKELY)],
    description="US DEA registration numbers (two letters, seven digits, valid check digit).",
)
register(
    "US_PASSPORT",
    r"\b(?:[A-Z]\d{8}|\d{9})\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[hotword(r"\bpassport\b", 60, fixed=L.LIKELY)],
    ceiling=L.VERY_UNLIKELY,
    description="US passport numbers near 'passport'.",
)
register(
    "US_DRIVERS_LICENSE_NUMBER",
    r"\b(?:[A-Z]{1,2}\d{4,13}|\d{5,13}|[A-Z]\d{3}[- ]\d{3}[- ]\d{2,3}[- ]\d{3})\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:driver'?s? licen[cs]e|driving licen[cs]e|dl|license number)\b",
                      60, fixed=L.LIKELY)],
    ceiling=L.VERY_UNLIKELY,
    description="US driver's licence numbers near 'driver's license'.",
)
register(
    "US_TOLLFREE_PHONE_NUMBER",
    r"(?<![\w+])(?:\+?1[ .-]?)?(?:\(8(?:00|33|44|55|66|77|88)\)|8(?:00|33|44|55|66|77|88))"
    r"[ .-]?\d{3}[ .-]?\d{4}(?!\w)",
    L.LIKELY,
    trigger="8",
    description="US toll-free numbers (800, 833, 844, 855, 866, 877, 888).",
)


# --- Canada ----------------------------------------------------------------------------------

register(
    "CANADA_PASSPORT",
    r"\b[A-Z]{2}\d{6}\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:passport|passeport)\b", 60, fixed=L.LIKELY)],
    ceiling=L.VERY_UNLIKELY,
    description="Canadian passport numbers (two letters, six digits) near 'passport'.",
)
register(
    "CANADA_DRIVERS_LICENSE_NUMBER",
    r"\b[A-Z]\d{4}[- ]?\d{5}[- ]?\d{5}\b",
    L.POSSIBLE,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:driver'?s? licen[cs]e|permis de conduire|dl)\b", 60, fixed=L.LIKELY)],
    description="Ontario-format driver's licence numbers (A1234-12345-12345).",
)


register(
    "CANADA_OHIP",
    r"\d(?<![\d-]\d)\d{3}[- ]?\d{3}[- ]?\d{3}(?:[- ]?[A-Z]{2})?\b",
    L.POSSIBLE,
    check=luhn_possible,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:ohip|health card|health number)\b", 60, fixed=L.VERY_LIKELY)],
    description="Ontario health insurance numbers (ten digits, Luhn-valid, optional version code).",
)


def _phn_check(match: "re.Match[str]") -> Likelihood | None:
    return L.POSSIBLE if bc_phn_valid(digits_of(match.group(0))) else None


register(
    "CANADA_BC_PHN",
    r"9(?<![\d-]9)\d{3}[- ]?\d{3}[- ]?\d{3}(?![\d-])",
    L.POSSIBLE,
    check=_phn_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:phn|personal health number|care ?card)\b", 60, fixed=L.VERY_LIKELY)],
    description="British Columbia personal health numbers (mod 11 check digit).",
)
register(
    "CANADA_QUEBEC_HIN",
    r"\b[A-Z]{4}[- ]?\d{4}[- ]?\d{4}\b",
    L.POSSIBLE,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:ramq|health insurance|carte soleil|assurance maladie)\b", 60,
                      fixed=L.LIKELY)],
    description="Quebec health insurance numbers (four letters, eight digits).",
)
register(
    "CANADA_BANK_ACCOUNT",
    r"\d(?<![\d-]\d)\d{4}[- ]\d{3}[- ]\d{7,12}(?![\d-])",
    L.POSSIBLE,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:account|transit|institution|cheque|chequing|bank)\b", 60,
                      fixed=L.LIKELY)],
    description="Canadian bank accounts (transit, institution and account numbers).",
)
