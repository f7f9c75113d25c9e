"""Built-in infoTypes made of numbers and codes: payment, government and device identifiers.

Checksums are enforced wherever the number has one: a number that fails its check digit is
not reported as that type (it may still be reported as another, e.g. GENERIC_ID).
"""
from __future__ import annotations

import re

from veil.engine.checksums import aba_routing_valid, digits_of, iban_valid, luhn_valid, vin_valid
from veil.engine.registry import DIGIT, hotword, register
from veil.findings import Likelihood, Method

L = Likelihood

# --- CREDIT_CARD_NUMBER --------------------------------------------------------------------

# Issuer prefixes and the lengths each issues: Visa, Mastercard, Amex, Diners/Discover/JCB.
_CARD_LENGTHS = (
    (re.compile(r"4"), (13, 16, 19)),
    (re.compile(r"5[1-5]|2[2-7]"), (16,)),
    (re.compile(r"3[47]"), (15,)),
    (re.compile(r"3[0689]"), (14, 15, 16, 17, 18, 19)),
    (re.compile(r"6"), (16, 17, 18, 19)),
)


def _card_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    for prefix, lengths in _CARD_LENGTHS:
        if prefix.match(digits):
            if len(digits) not in lengths:
                return None
            return L.VERY_LIKELY if luhn_valid(digits) else None
    return None


register(
    "CREDIT_CARD_NUMBER",
    r"\d(?<![\d-]\d)(?:[ -]?\d){12,18}(?![\d-])",
    L.VERY_LIKELY,
    check=_card_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    description="Payment card numbers (13-19 digits, known issuer prefix, Luhn-valid).",
)


# --- CREDIT_CARD_TRACK_NUMBER --------------------------------------------------------------

def _track_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if luhn_valid(match.group("pan")) else None


# Track 1: %B<PAN>^<NAME>^<YYMM><service code>...?
register(
    "CREDIT_CARD_TRACK_NUMBER",
    r"%?B(?P<pan>\d{13,19})\^[A-Za-z /.'-]{2,26}\^\d{7}[^?\s]{0,60}\??",
    L.VERY_LIKELY,
    check=_track_check,
    method=Method.CHECKSUM,
    trigger="^",
    description="Magnetic-stripe track 1 and 2 data with a Luhn-valid card number.",
)
# Track 2: ;<PAN>=<YYMM><service code>...?
register(
    "CREDIT_CARD_TRACK_NUMBER",
    r";?(?<!\d)(?P<pan>\d{13,19})=\d{7}\d{0,30}\??",
    L.VERY_LIKELY,
    check=_track_check,
    method=Method.CHECKSUM,
    trigger="=",
)


# --- IBAN_CODE -----------------------------------------------------------------------------

def _iban_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if iban_valid(match.group(0)) else None


register(
    "IBAN_CODE",
    r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b",
    L.VERY_LIKELY,
    check=_iban_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    description="International bank account numbers (ISO 13616, mod-97 valid).",
)


# --- US_SOCIAL_SECURITY_NUMBER -------------------------------------------------------------

def _ssn_check(match: "re.Match[str]") -> Likelihood | None:
    area, group, serial = match.group(1), match.group(2), match.group(3)
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return None
    separated = match.group(0)[3] in "- "
    # Dashed or spaced SSNs look like SSNs; nine bare digits could be anything.
    return L.LIKELY if separated else L.UNLIKELY


register(
    "US_SOCIAL_SECURITY_NUMBER",
    r"(\d(?<![\d-]\d)\d{2})[- ]?(\d{2})[- ]?(\d{4})(?![\d-])",
    L.LIKELY,
    check=_ssn_check,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:ssn|social security|social sec|soc sec)\b", 60, fixed=L.VERY_LIKELY)],
    description="US SSNs (valid area/group/serial); nine bare digits only near 'SSN'.",
)


# --- CANADA_SOCIAL_INSURANCE_NUMBER --------------------------------------------------------

def _sin_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if digits[0] in "08" or not luhn_valid(digits):
        return None
    separated = match.group(0)[3] in "- "
    return L.POSSIBLE if separated else L.UNLIKELY


register(
    "CANADA_SOCIAL_INSURANCE_NUMBER",
    r"\d(?<![\d-]\d)\d{2}([- ]?)\d{3}\1\d{3}(?![\d-])",
    L.POSSIBLE,
    check=_sin_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:sin|social insurance|nas|assurance sociale)\b", 60, fixed=L.VERY_LIKELY)],
    description="Canadian SINs (nine digits, Luhn-valid); likely near 'SIN'.",
)


# --- ROUTING_NUMBER ------------------------------------------------------------------------

def _aba_check(match: "re.Match[str]") -> Likelihood | None:
    number = match.group(0)
    prefix = int(number[:2])
    if not (prefix <= 12 or 21 <= prefix <= 32 or 61 <= prefix <= 72 or prefix == 80):
        return None
    return L.UNLIKELY if aba_routing_valid(number) else None


register(
    "ROUTING_NUMBER",
    r"\d(?<![\d-]\d)\d{8}(?![\d-])",
    L.UNLIKELY,
    check=_aba_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:routing|aba|rtn|transit number|bank number)\b", 60, fixed=L.VERY_LIKELY)],
    description="US ABA routing numbers (checksum-valid); likely near 'routing'.",
    ceiling=L.UNLIKELY,
)


# --- IMEI_HARDWARE_ID ----------------------------------------------------------------------

def luhn_possible(match: "re.Match[str]") -> Likelihood | None:
    """POSSIBLE when the match's digits pass Luhn; dropped otherwise (IMEI, OHIP, ...)."""
    return L.POSSIBLE if luhn_valid(digits_of(match.group(0))) else None


register(
    "IMEI_HARDWARE_ID",
    r"\d(?<![\d-]\d)\d[- ]?\d{6}[- ]?\d{6}[- ]?\d(?![\d-])",
    L.POSSIBLE,
    check=luhn_possible,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:imei|serial|device id|handset)\b", 60, fixed=L.VERY_LIKELY)],
    description="IMEI device identifiers (15 digits, Luhn-valid).",
)


# --- ICCID_NUMBER --------------------------------------------------------------------------

def _iccid_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not 19 <= len(digits) <= 20:
        return None
    return L.LIKELY if luhn_valid(digits) else None


register(
    "ICCID_NUMBER",
    r"89(?<![\d-]89)(?:[ -]?\d){17,18}(?![\d-])",
    L.LIKELY,
    check=_iccid_check,
    method=Method.CHECKSUM,
    trigger="89",
    hotwords=[hotword(r"\b(?:iccid|sim)\b", 60, fixed=L.VERY_LIKELY)],
    description="SIM card ICCIDs (19-20 digits starting 89, Luhn-valid).",
)


# --- IMSI_ID -------------------------------------------------------------------------------

register(
    "IMSI_ID",
    r"[2-7](?<![\d-][2-7])\d{14}(?![\d-])",
    L.UNLIKELY,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:imsi|subscriber id)\b", 60, fixed=L.LIKELY)],
    description="IMSI subscriber identities (15 digits); likely near 'IMSI'.",
    ceiling=L.UNLIKELY,
)


# --- VEHICLE_IDENTIFICATION_NUMBER ---------------------------------------------------------

def _vin_check(match: "re.Match[str]") -> Likelihood | None:
    vin = match.group(0)
    if vin.isdigit() or vin.isalpha():
        return None
    return L.VERY_LIKELY if vin_valid(vin) else None


register(
    "VEHICLE_IDENTIFICATION_NUMBER",
    r"\b[A-HJ-NPR-Z0-9]{17}\b",
    L.VERY_LIKELY,
    check=_vin_check,
    method=Method.CHECKSUM,
    trigger=DIGIT,
    description="17-character VINs with a valid ninth-position check digit.",
)


# --- PASSPORT ------------------------------------------------------------------------------

register(
    "PASSPORT",
    r"\b(?:[A-Z]{1,2}\d{6,8}|\d{9})\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[hotword(r"\bpassport\b", 60, fixed=L.LIKELY)],
    description="Passport numbers (US nine digits, or one or two letters and 6-8 digits) near 'passport'.",
    ceiling=L.VERY_UNLIKELY,
)


# --- MEDICAL_RECORD_NUMBER -----------------------------------------------------------------

register(
    "MEDICAL_RECORD_NUMBER",
    r"\b[A-Z]{0,3}-?\d{6,10}\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[
        hotword(r"\b(?:mrn|medical record|chart number|patient (?:id|number)|health record)\b",
                60, fixed=L.LIKELY)
    ],
    description="Medical record numbers near 'MRN' or 'medical record'.",
    ceiling=L.VERY_UNLIKELY,
)


# --- GENERIC_ID ----------------------------------------------------------------------------

def _generic_id_check(match: "re.Match[str]") -> Likelihood | None:
    token = match.group(0)
    digits = sum(c.isdigit() for c in token)
    if digits < 2 or len(token) < 6:
        return None
    return L.UNLIKELY


register(
    "GENERIC_ID",
    r"(?<![\w-])[A-Za-z]{0,10}\d[A-Za-z0-9-]{3,40}[A-Za-z0-9](?![\w-])",
    L.UNLIKELY,
    check=_generic_id_check,
    trigger=DIGIT,
    hotwords=[
        hotword(
            r"\b(?:id|identifier|account|acct|order|reference|ref|case|ticket|member|customer|"
            r"confirmation|booking|policy|claim|invoice|tracking|membership|license|licence|"
            r"employee|student|badge|serial)\b",
            40,
            fixed=L.LIKELY,
        )
    ],
    description="Identifiers mixing letters and digits (6+ characters, 2+ digits) near ID words.",
    ceiling=L.UNLIKELY,
)


# --- SWIFT_CODE ----------------------------------------------------------------------------

_COUNTRIES = frozenset(
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ "
    "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM "
    "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS "
    "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN "
    "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ "
    "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM "
    "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV "
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI "
    "VN VU WF WS XK YE YT ZA ZM ZW".split()
)


def _swift_check(match: "re.Match[str]") -> Likelihood | None:
    code = match.group(0)
    if code[4:6] not in _COUNTRIES:
        return None
    # An all-letter word in capitals ("CUSTOMER") fits the shape; a digit in the location
    # or branch code says code.
    return L.POSSIBLE if any(c.isdigit() for c in code[6:]) else L.UNLIKELY


register(
    "SWIFT_CODE",
    r"\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b",
    L.POSSIBLE,
    check=_swift_check,
    hotwords=[hotword(r"\b(?:swift|bic|bank (?:identifier )?code)\b", 60, fixed=L.LIKELY)],
    description="SWIFT/BIC codes (bank, country, location, branch); likely near 'SWIFT'.",
)


# --- VAT_NUMBER ----------------------------------------------------------------------------

def _vat_check(match: "re.Match[str]") -> Likelihood | None:
    digits = sum(c.isdigit() for c in match.group(0))
    return L.POSSIBLE if digits >= 7 else None


register(
    "VAT_NUMBER",
    r"\b(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|"
    r"SK|XI|CHE)[ -]?[0-9A-Z]{2}[0-9A-Z.]{6,12}\b",
    L.POSSIBLE,
    check=_vat_check,
    trigger=DIGIT,
    hotwords=[hotword(r"\b(?:vat|tva|mwst|ust|iva|btw|tax (?:id|number))\b", 60, fixed=L.LIKELY)],
    description="European VAT numbers (country prefix and 8-12 characters).",
)


# --- ICD9_CODE / ICD10_CODE ----------------------------------------------------------------

_ICD_HOTWORD = hotword(r"\b(?:icd|icd-?9|icd-?10|diagnos\w*|dx)\b", 60, fixed=L.LIKELY)

register(
    "ICD9_CODE",
    r"\b(?:\d{3}\.\d{1,2}|V\d{2}\.\d{1,2}|E\d{3}\.\d)\b",
    L.VERY_UNLIKELY,
    trigger=DIGIT,
    hotwords=[_ICD_HOTWORD],
    description="ICD-9-CM diagnosis codes near 'ICD' or 'diagnosis'.",
    ceiling=L.VERY_UNLIKELY,
)
register(
    "ICD10_CODE",
    r"\b[A-TV-Z]\d[0-9AB](?:\.[0-9A-TV-Z]{1,4})?\b",
    L.UNLIKELY,
    trigger=DIGIT,
    hotwords=[_ICD_HOTWORD],
    description="ICD-10 diagnosis codes near 'ICD' or 'diagnosis'.",
    ceiling=L.UNLIKELY,
)
