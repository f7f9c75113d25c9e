"""Catalogue entries without built-in detectors: types that the bundled profiles define as
`custom_info_types`, and types that only gold labels and other tools name.

A config cannot list them in `info_types` (a custom regex or a model finds them), but they
still have facts: what a residual one costs, what an auditor hit next to one's placeholder
means, and whether that placeholder is generic.
"""
from __future__ import annotations

from veil.detection.infotypes.catalogue import DIGIT_RUNS, SPELLED, InfoType
from veil.transform.operators.surrogate_formats import like_value

# What a run of digits next to a generic placeholder may be the rest of.
_AFTER_DIGITS = DIGIT_RUNS | {
    "PHONE_NUMBER", "CREDIT_CARD_NUMBER", "US_SOCIAL_SECURITY_NUMBER",
    "CANADA_SOCIAL_INSURANCE_NUMBER", "IBAN_CODE", "ROUTING_NUMBER", "PASSPORT",
    "STREET_ADDRESS", "EMAIL_ADDRESS", "USER_NAME",
}

DIGIT_SEQUENCE = InfoType(
    "DIGIT_SEQUENCE",
    "Three or more digits, written or spoken (call_transcripts profile).",
    surrogate=like_value,
    generic=True,
    compatible=_AFTER_DIGITS,
)
NUMERIC = InfoType(
    "NUMERIC",
    "Numbers, in profiles that call their digit runs NUMERIC.",
    surrogate=like_value,
    generic=True,
    compatible=_AFTER_DIGITS,
)
SPELLED_LETTERS = InfoType(
    "SPELLED_LETTERS",
    "Letters spelled out by a caller: A-L-P-H-A, M. K., j o h n (call_transcripts profile).",
    surrogate=like_value,
    generic=True,
    compatible=SPELLED | {
        "PERSON_NAME", "EMAIL_ADDRESS", "USER_NAME", "STREET_ADDRESS", "ORGANIZATION_NAME",
        "GENERIC_ID", "PASSPORT", "VEHICLE_IDENTIFICATION_NUMBER",
    },
)

US_BANK_ACCOUNT_NUMBER = InfoType(
    "US_BANK_ACCOUNT_NUMBER",
    "US bank account numbers (no fixed format: named by labels and other tools).",
    surrogate=like_value,
    score=5,
    direct=True,
)

ENTRIES = (DIGIT_SEQUENCE, NUMERIC, SPELLED_LETTERS, US_BANK_ACCOUNT_NUMBER)
