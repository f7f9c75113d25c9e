"""Catalogue entries for US and Canadian identifiers beyond the paper's risk table: tax and
provider numbers, passports, driving licences, health card numbers and bank accounts.

Checksums where the number has one: NPI (Luhn with the 80840 prefix), DEA (its own check
digit), Ontario health numbers (Luhn), BC PHN (mod 11). Types without a checksum and with
shapes common in other numbers are reported only near their hotwords.
"""
from __future__ import annotations

import re

from veil.detection.engine.checksums import bc_phn_valid, dea_valid, digits_of, luhn_valid, npi_valid
from veil.detection.engine.detectors import DIGIT, gated, hotword, pattern
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import InfoType
from veil.transform.operators.surrogate_formats import (
    Slots, like_value, make_bc_phn, make_dea, make_npi, make_ohip, make_subscriber,
)

L = Likelihood

# --- US --------------------------------------------------------------------------------------

_EIN_PREFIXES = frozenset(
    [f"{n:02d}" for n in (*range(1, 7), *range(10, 17), *range(20, 28), *range(30, 49),
                          *range(50, 69), *range(71, 78), *range(80, 89), *range(90, 96), 98, 99)]
)


def _ein_check(match: "re.Match[str]") -> Likelihood | None:
    return L.POSSIBLE if match.group(0)[:2] in _EIN_PREFIXES else None


US_EMPLOYER_IDENTIFICATION_NUMBER = InfoType(
    "US_EMPLOYER_IDENTIFICATION_NUMBER",
    "US employer identification numbers (NN-NNNNNNN with a valid prefix).",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)\d-\d{7}(?![\d-])",
            L.POSSIBLE,
            check=_ein_check,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:ein|employer id\w*|tax id\w*|fein)\b", 60, fixed=L.LIKELY)],
        ),
    ),
    surrogate=like_value,
    score=2,
    examples=(("EIN 12-3456789", "12-3456789"),),
)
US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER = InfoType(
    "US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER",
    "US ITINs (9NN-NN-NNNN with a valid group number).",
    detectors=(
        pattern(
            r"9(?<![\d-]9)\d{2}([- ]?)(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\1\d{4}(?![\d-])",
            L.POSSIBLE,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:itin|taxpayer id\w*|tax id\w*)\b", 60, fixed=L.LIKELY)],
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("ITIN 912-70-1234", "912-70-1234"),),
)


def _npi_check(match: "re.Match[str]") -> Likelihood | None:
    return L.UNLIKELY if npi_valid(match.group(0)) else None


US_HEALTHCARE_NPI = InfoType(
    "US_HEALTHCARE_NPI",
    "US National Provider Identifiers (Luhn-valid) near 'NPI'.",
    detectors=(
        gated(
            r"[12](?<![\d-][12])\d{9}(?![\d-])",
            r"\b(?:npi|national provider|provider (?:id|number))\b",
            base=L.UNLIKELY,
            lifted=L.VERY_LIKELY,
            check=_npi_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_npi),
    score=3,
    checksum=lambda value: npi_valid(digits_of(value)),
    examples=(("NPI 1234567893", "1234567893"),),
)


def _dea_check(match: "re.Match[str]") -> Likelihood | None:
    return L.LIKELY if dea_valid(match.group(0).upper()) else None


US_DEA_NUMBER = InfoType(
    "US_DEA_NUMBER",
    "US DEA registration numbers (two letters, seven digits, valid check digit).",
    detectors=(
        pattern(
            r"\b[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}\b",
            L.LIKELY,
            check=_dea_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\bdea\b", 60, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=Slots(make_dea),
    score=3,
    checksum=lambda value: dea_valid(value.upper()),
    examples=(("DEA number AB1234563", "AB1234563"),),
)
US_PASSPORT = InfoType(
    "US_PASSPORT",
    "US passport numbers near 'passport'.",
    detectors=(
        gated(
            r"\b(?:[A-Z]\d{8}|\d{9})\b",
            r"\bpassport\b",
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("passport C12345678", "C12345678"),),
)
US_DRIVERS_LICENSE_NUMBER = InfoType(
    "US_DRIVERS_LICENSE_NUMBER",
    "US driver's licence numbers near 'driver's license'.",
    detectors=(
        gated(
            r"\b(?:[A-Z]{1,2}\d{4,13}|\d{5,13}|[A-Z]\d{3}[- ]\d{3}[- ]\d{2,3}[- ]\d{3})\b",
            r"\b(?:driver'?s? licen[cs]e|driving licen[cs]e|dl|license number)\b",
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("driver's license D1234567", "D1234567"),),
)
US_TOLLFREE_PHONE_NUMBER = InfoType(
    "US_TOLLFREE_PHONE_NUMBER",
    "US toll-free numbers (800, 833, 844, 855, 866, 877, 888).",
    detectors=(
        pattern(
            r"(?<![\w+])(?:\+?1[ .-]?)?(?:\(8(?:00|33|44|55|66|77|88)\)|8(?:00|33|44|55|66|77|88))"
            r"[ .-]?\d{3}[ .-]?\d{4}(?!\w)",
            L.LIKELY,
            trigger="8",
        ),
    ),
    surrogate=Slots(make_subscriber),
    score=1,
    examples=(("call 1-800-555-0199 now", "1-800-555-0199"),),
)


# --- Canada ----------------------------------------------------------------------------------

CANADA_PASSPORT = InfoType(
    "CANADA_PASSPORT",
    "Canadian passport numbers (two letters, six digits) near 'passport'.",
    detectors=(
        gated(
            r"\b[A-Z]{2}\d{6}\b",
            r"\b(?:passport|passeport)\b",
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("passport AB123456", "AB123456"),),
)
CANADA_DRIVERS_LICENSE_NUMBER = InfoType(
    "CANADA_DRIVERS_LICENSE_NUMBER",
    "Ontario-format driver's licence numbers (A1234-12345-12345).",
    detectors=(
        pattern(
            r"\b[A-Z]\d{4}[- ]?\d{5}[- ]?\d{5}\b",
            L.POSSIBLE,
            trigger=DIGIT,
            hotwords=[
                hotword(r"\b(?:driver'?s? licen[cs]e|permis de conduire|dl)\b", 60, fixed=L.LIKELY),
            ],
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("licence A1234-56789-01234", "A1234-56789-01234"),),
)


def _ohip_check(match: "re.Match[str]") -> Likelihood | None:
    return L.UNLIKELY if luhn_valid(digits_of(match.group(0))) else None


# Ten Luhn-valid digits are one number in ten: an order number, a phone number. Only a hotword
# ("OHIP", "health card") makes them a health number.
CANADA_OHIP = InfoType(
    "CANADA_OHIP",
    "Ontario health insurance numbers (ten digits, Luhn-valid, optional version code) near "
    "'OHIP' or 'health card'.",
    detectors=(
        gated(
            r"\d(?<![\d-]\d)\d{3}[- ]?\d{3}[- ]?\d{3}(?:[- ]?[A-Z]{2})?\b",
            r"\b(?:ohip|health card|health number)\b",
            base=L.UNLIKELY,
            lifted=L.VERY_LIKELY,
            check=_ohip_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_ohip),
    score=5,
    direct=True,
    checksum=lambda value: luhn_valid(digits_of(value)[:10]),
    examples=(("OHIP 1234-567-897-AB", "1234-567-897-AB"),),
)


def _phn_check(match: "re.Match[str]") -> Likelihood | None:
    return L.UNLIKELY if bc_phn_valid(digits_of(match.group(0))) else None


CANADA_BC_PHN = InfoType(
    "CANADA_BC_PHN",
    "British Columbia personal health numbers (mod 11 check digit) near 'PHN' or 'care card'.",
    detectors=(
        gated(
            r"9(?<![\d-]9)\d{3}[- ]?\d{3}[- ]?\d{3}(?![\d-])",
            r"\b(?:phn|personal health number|care ?card)\b",
            base=L.UNLIKELY,
            lifted=L.VERY_LIKELY,
            check=_phn_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_bc_phn),
    score=5,
    direct=True,
    checksum=lambda value: bc_phn_valid(digits_of(value)),
    examples=(("PHN 9876 543 218", "9876 543 218"),),
)


CANADA_QUEBEC_HIN = InfoType(
    "CANADA_QUEBEC_HIN",
    "Quebec health insurance numbers (four letters, eight digits).",
    detectors=(
        pattern(
            r"\b[A-Z]{4}[- ]?\d{4}[- ]?\d{4}\b",
            L.POSSIBLE,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:ramq|health insurance|carte soleil|assurance maladie)\b", 60,
                      fixed=L.LIKELY)],
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("RAMQ ABCD 1234 5678", "ABCD 1234 5678"),),
)
CANADA_BANK_ACCOUNT = InfoType(
    "CANADA_BANK_ACCOUNT",
    "Canadian bank accounts (transit, institution and account numbers).",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)\d{4}[- ]\d{3}[- ]\d{7,12}(?![\d-])",
            L.POSSIBLE,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:account|transit|institution|cheque|chequing|bank)\b", 60,
                      fixed=L.LIKELY)],
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("account 12345-003-1234567", "12345-003-1234567"),),
)


ENTRIES = (
    US_EMPLOYER_IDENTIFICATION_NUMBER, US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER,
    US_HEALTHCARE_NPI, US_DEA_NUMBER, US_PASSPORT, US_DRIVERS_LICENSE_NUMBER,
    US_TOLLFREE_PHONE_NUMBER, CANADA_PASSPORT, CANADA_DRIVERS_LICENSE_NUMBER, CANADA_OHIP,
    CANADA_BC_PHN, CANADA_QUEBEC_HIN, CANADA_BANK_ACCOUNT,
)
