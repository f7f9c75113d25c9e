"""Catalogue entries made of numbers and codes: payment, government and device identifiers.

Checksums are enforced wherever the number has one: a number that fails its check digit is
not reported as that type (it may still be reported as another, e.g. GENERIC_ID).
"""
from __future__ import annotations

import re

from veil.detection.engine.checksums import (
    aba_routing_valid, digits_of, iban_valid, luhn_digits_valid, luhn_valid, vin_valid,
)
from veil.detection.engine.detectors import DIGIT, gated, hotword, pattern
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.transform.operators.surrogate_formats import (
    Slots, like_value, make_card, make_country_prefixed, make_iban, make_iccid, make_luhn,
    make_routing, make_sin, make_ssn, make_swift, make_vin, track_data,
)

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


CREDIT_CARD_NUMBER = InfoType(
    "CREDIT_CARD_NUMBER",
    "Payment card numbers (13-19 digits, in groups by spaces, dashes or dots, known issuer "
    "prefix, Luhn-valid).",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)(?:[ -]?\d){12,18}(?![\d-])",
            L.VERY_LIKELY,
            check=_card_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
        # Groups joined by dots (`4111.1111.1111.1111`, Amex `3782.822463.10005`): only in
        # the groups cards are printed in, so that decimals and version numbers stay apart.
        pattern(
            r"(?<![\d.])(?:\d{4}\.\d{6}\.\d{4,5}|\d{4}(?:\.\d{4}){2}(?:\.\d{1,4}){1,2})"
            r"(?!\.?\d)",
            L.VERY_LIKELY,
            check=_card_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_card),
    score=5,
    direct=True,
    checksum=luhn_digits_valid,
    compatible=DIGIT_RUNS,
    examples=(("card 4111 1111 1111 1111 exp", "4111 1111 1111 1111"),),
)


# --- CREDIT_CARD_TRACK_NUMBER --------------------------------------------------------------

def _track_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if luhn_valid(match.group("pan")) else None


def _track_pan_valid(value: str) -> bool:
    """Whether the card number inside track data passes Luhn."""
    pan = re.search(r"\d{13,19}", value)
    return pan is not None and luhn_valid(pan.group(0))


# Track 1: %B<PAN>^<NAME>^<YYMM><service code>...?
# Track 2: ;<PAN>=<YYMM><service code>...?
CREDIT_CARD_TRACK_NUMBER = InfoType(
    "CREDIT_CARD_TRACK_NUMBER",
    "Magnetic-stripe track 1 and 2 data with a Luhn-valid card number.",
    detectors=(
        pattern(
            r"%?B(?P<pan>\d{13,19})\^[A-Za-z /.'-]{2,26}\^\d{7}[^?\s]{0,60}\??",
            L.VERY_LIKELY,
            check=_track_check,
            method=Method.CHECKSUM,
            trigger="^",
        ),
        pattern(
            r";?(?<!\d)(?P<pan>\d{13,19})=\d{7}\d{0,30}\??",
            L.VERY_LIKELY,
            check=_track_check,
            method=Method.CHECKSUM,
            trigger="=",
        ),
    ),
    surrogate=track_data,
    score=5,
    direct=True,
    checksum=_track_pan_valid,
    compatible=DIGIT_RUNS,
    examples=(("swiped %B4111111111111111^DOE/JANE^2512101000000000? ok", "%B4111111111111111^DOE/JANE^2512101000000000?"),),
)


# --- IBAN_CODE -----------------------------------------------------------------------------

def _iban_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if iban_valid(match.group(0)) else None


IBAN_CODE = InfoType(
    "IBAN_CODE",
    "International bank account numbers (ISO 13616, mod-97 valid).",
    detectors=(
        pattern(
            r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b",
            L.VERY_LIKELY,
            check=_iban_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_iban),
    score=5,
    direct=True,
    checksum=iban_valid,
    compatible=DIGIT_RUNS,
    aliases=("IBAN",),
    examples=(("IBAN GB82 WEST 1234 5698 7654 32 ok", "GB82 WEST 1234 5698 7654 32"),),
)


# --- US_SOCIAL_SECURITY_NUMBER -------------------------------------------------------------

def _ssn_check(match: "re.Match[str]") -> Likelihood | None:
    area, group, serial = match.group(1), match.group(2), match.group(3)
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return None
    separated = match.group(0)[3] in "- "
    # Dashed or spaced SSNs look like SSNs; nine bare digits could be anything.
    return L.LIKELY if separated else L.UNLIKELY


US_SOCIAL_SECURITY_NUMBER = InfoType(
    "US_SOCIAL_SECURITY_NUMBER",
    "US SSNs (valid area/group/serial); nine bare digits only near 'SSN'.",
    detectors=(
        pattern(
            r"(\d(?<![\d-]\d)\d{2})[- ]?(\d{2})[- ]?(\d{4})(?![\d-])",
            L.LIKELY,
            check=_ssn_check,
            trigger=DIGIT,
            hotwords=[
                hotword(r"\b(?:ssn|social security|social sec|soc sec"
                        r"|(?:my|your|his|her|their|the) social)\b", 60, fixed=L.VERY_LIKELY),
            ],
        ),
    ),
    surrogate=Slots(make_ssn),
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    aliases=("SSN",),
    examples=(("ssn 123-45-6789", "123-45-6789"),),
)


# --- CANADA_SOCIAL_INSURANCE_NUMBER --------------------------------------------------------

def _sin_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not luhn_valid(digits):
        return None
    if digits[0] in "08":
        # No SIN is issued with 0 or 8 first (046 454 286 is the government's sample), but
        # a caller who says "my SIN is 046 454 286" has said one: only the hotword lifts it.
        return L.VERY_UNLIKELY
    separated = match.group(0)[3] in "- "
    return L.POSSIBLE if separated else L.UNLIKELY


CANADA_SOCIAL_INSURANCE_NUMBER = InfoType(
    "CANADA_SOCIAL_INSURANCE_NUMBER",
    "Canadian SINs (nine digits, Luhn-valid); likely near 'SIN'.",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)\d{2}([- ]?)\d{3}\1\d{3}(?![\d-])",
            L.POSSIBLE,
            check=_sin_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[
                hotword(r"\b(?:sin|social insurance|nas|assurance sociale)\b", 60, fixed=L.VERY_LIKELY),
            ],
        ),
    ),
    surrogate=Slots(make_sin),
    score=5,
    direct=True,
    checksum=luhn_digits_valid,
    compatible=DIGIT_RUNS,
    aliases=("SIN",),
    examples=(("SIN 130 692 544", "130 692 544"),),
)


# --- ROUTING_NUMBER ------------------------------------------------------------------------

def _aba_check(match: "re.Match[str]") -> Likelihood | None:
    number = match.group(0)
    prefix = int(number[:2])
    if not (prefix <= 12 or 21 <= prefix <= 32 or 61 <= prefix <= 72 or prefix == 80):
        return None
    return L.UNLIKELY if aba_routing_valid(number) else None


ROUTING_NUMBER = InfoType(
    "ROUTING_NUMBER",
    "US ABA routing numbers (checksum-valid); likely near 'routing'.",
    detectors=(
        gated(
            r"\d(?<![\d-]\d)\d{8}(?![\d-])",
            r"\b(?:routing|aba|rtn|transit number|bank number)\b",
            base=L.UNLIKELY,
            lifted=L.VERY_LIKELY,
            check=_aba_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_routing),
    score=3,
    checksum=lambda value: aba_routing_valid(digits_of(value)),
    compatible=DIGIT_RUNS,
    examples=(("routing number 021000021", "021000021"),),
)


# --- IMEI_HARDWARE_ID ----------------------------------------------------------------------

def luhn_possible(match: "re.Match[str]") -> Likelihood | None:
    """POSSIBLE when the match's digits pass Luhn; dropped otherwise (IMEI, OHIP, ...)."""
    return L.POSSIBLE if luhn_valid(digits_of(match.group(0))) else None


IMEI_HARDWARE_ID = InfoType(
    "IMEI_HARDWARE_ID",
    "IMEI device identifiers (15 digits, Luhn-valid).",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)\d[- ]?\d{6}[- ]?\d{6}[- ]?\d(?![\d-])",
            L.POSSIBLE,
            check=luhn_possible,
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:imei|serial|device id|handset)\b", 60, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=Slots(make_luhn),
    score=4,
    checksum=luhn_digits_valid,
    compatible=DIGIT_RUNS,
    aliases=("IMEL_HARDWARE_ID", "IMEI"),
    examples=(("IMEI 490154203237518", "490154203237518"),),
)


# --- ICCID_NUMBER --------------------------------------------------------------------------

def _iccid_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not 19 <= len(digits) <= 20:
        return None
    return L.LIKELY if luhn_valid(digits) else None


ICCID_NUMBER = InfoType(
    "ICCID_NUMBER",
    "SIM card ICCIDs (19-20 digits starting 89, Luhn-valid).",
    detectors=(
        pattern(
            r"89(?<![\d-]89)(?:[ -]?\d){17,18}(?![\d-])",
            L.LIKELY,
            check=_iccid_check,
            method=Method.CHECKSUM,
            trigger="89",
            hotwords=[hotword(r"\b(?:iccid|sim)\b", 60, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=Slots(make_iccid),
    score=4,
    checksum=luhn_digits_valid,
    compatible=DIGIT_RUNS,
    examples=(("sim card 8944500102198304826", "8944500102198304826"),),
)


# --- IMSI_ID -------------------------------------------------------------------------------

IMSI_ID = InfoType(
    "IMSI_ID",
    "IMSI subscriber identities (15 digits); likely near 'IMSI'.",
    detectors=(
        gated(
            r"[2-7](?<![\d-][2-7])\d{14}(?![\d-])",
            r"\b(?:imsi|subscriber id)\b",
            base=L.UNLIKELY,
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=4,
    compatible=DIGIT_RUNS,
    examples=(("IMSI 310150123456789", "310150123456789"),),
)


# --- VEHICLE_IDENTIFICATION_NUMBER ---------------------------------------------------------

def _vin_check(match: "re.Match[str]") -> Likelihood | None:
    vin = match.group(0)
    if vin.isdigit() or vin.isalpha():
        return None
    return L.VERY_LIKELY if vin_valid(vin) else None


VEHICLE_IDENTIFICATION_NUMBER = InfoType(
    "VEHICLE_IDENTIFICATION_NUMBER",
    "17-character VINs with a valid ninth-position check digit.",
    detectors=(
        pattern(
            r"\b[A-HJ-NPR-Z0-9]{17}\b",
            L.VERY_LIKELY,
            check=_vin_check,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=Slots(make_vin),
    score=5,
    direct=True,
    checksum=vin_valid,
    compatible=DIGIT_RUNS,
    aliases=("VIN",),
    examples=(("VIN 1HGCM82633A004352.", "1HGCM82633A004352"),),
)


# --- PASSPORT ------------------------------------------------------------------------------

PASSPORT = InfoType(
    "PASSPORT",
    "Passport numbers (US nine digits, or one or two letters and 6-8 digits) near 'passport'.",
    detectors=(
        gated(
            r"\b(?:[A-Z]{1,2}\d{6,8}|\d{9})\b",
            r"\bpassport\b",
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("passport number 123456789", "123456789"),),
)


# --- MEDICAL_RECORD_NUMBER -----------------------------------------------------------------

MEDICAL_RECORD_NUMBER = InfoType(
    "MEDICAL_RECORD_NUMBER",
    "Medical record numbers near 'MRN' or 'medical record'.",
    detectors=(
        gated(
            r"\b[A-Z]{0,3}-?\d{6,10}\b",
            r"\b(?:mrn|medical record|chart number|patient (?:id|number)|health record)\b",
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("MRN 00123456", "00123456"),),
)


# --- GENERIC_ID ----------------------------------------------------------------------------

def _generic_id_check(match: "re.Match[str]") -> Likelihood | None:
    token = match.group(0)
    digits = sum(c.isdigit() for c in token)
    if digits < 2 or len(token) < 6:
        return None
    return L.UNLIKELY


def _lettered_id_check(match: "re.Match[str]") -> Likelihood | None:
    return _generic_id_check(match) if any(c.isalpha() for c in match.group(0)) else None


# Letters (up to ten, a hyphen after them) before a digit, then letters, digits and hyphens:
# "AB12C345", "ABC-123-XYZ", "K7P-2QX", and a transaction's hash (64 hexadecimal digits).
_ID_SHAPE = r"(?<![\w-])[A-Za-z]{0,10}-?\d[A-Za-z0-9-]{3,80}[A-Za-z0-9](?![\w-])"


def _booking_code_check(match: "re.Match[str]") -> Likelihood | None:
    """A booking's code after the word for it: "QX7TPL", "QXTTPL" in capitals, or a lower-case
    "qxttpl" that is no word ("the reference is attached", "...is fine")."""
    from veil.detection.engine.word_lists import common_words

    code = match.group(1)
    if any(c.isdigit() for c in code) or code.isupper():
        return L.LIKELY
    return None if code.lower() in common_words() or not code.isalpha() else L.POSSIBLE


# What a caller may say between "my number is" and its digits that is not part of the number
# (besides the function words, `STOPWORDS`).
_NOT_ID_LETTERS = frozenset(
    """um umm uh uhh er erm ah oh eh hmm mm like now then still about around actually ext
    extension ends ending starts starting plus area zero one two three four five six seven eight
    nine ten""".split())


def _id_letters_check(match: "re.Match[str]") -> Likelihood | None:
    """The letters of an identifier said apart from its digits ("my member number is XKW 88412
    0031", "my mileageplus number is ka 449 102 37"): capitals, or lower-case letters that are
    no function word or filler ("my number is uh 449 102")."""
    from veil.detection.engine.word_lists import STOPWORDS

    letters = match.group(2)
    if letters.isupper() and letters not in ("A", "I"):
        return L.LIKELY
    lowered = letters.lower()
    return None if lowered in STOPWORDS or lowered in _NOT_ID_LETTERS else L.LIKELY


# The words an identifier is named by ("my booking reference is ...").
ID_WORDS = (r"\b(?:id|identifier|account|acct|order|reference|ref|case|ticket|member|customer|"
            r"confirmation|booking|policy|claim|invoice|tracking|membership|license|licence|"
            r"employee|student|badge|serial|payroll|frequent flyer|loyalty|rewards)\b")

GENERIC_ID = InfoType(
    "GENERIC_ID",
    "Identifiers mixing letters and digits (6+ characters, 2+ digits) near ID words.",
    detectors=(
        gated(
            _ID_SHAPE,
            ID_WORDS,
            base=L.UNLIKELY,
            window=40,
            check=_generic_id_check,
            trigger=DIGIT,
        ),
        # A code read out: "the code is K7P-2QX". Only with letters in it, since "a code" is
        # texted to a phone number and a bank's sort code is digits.
        gated(
            _ID_SHAPE,
            r"\bcode\b",
            base=L.UNLIKELY,
            window=40,
            check=_lettered_id_check,
            trigger=DIGIT,
        ),
        # An airline's or a hotel's booking code, five to eight letters and digits, often none
        # of them a digit: "the booking reference is QXTTPL", "confirmation code: 8KD2PQ".
        pattern(
            r"(?i:\b(?:booking|confirmation|reservation|pnr)(?:[ \t]+(?:reference|ref|code|number|"
            r"no\.?))?(?:[ \t]+(?:is|was|it's)|[ \t]*:)?[ \t]+)([A-Za-z0-9]{5,8})\b(?![.@-]\w)",
            L.LIKELY,
            group=1,
            check=_booking_code_check,
            trigger=re.compile(r"(?i)booking|confirmation|reservation|pnr"),
        ),
        # An identifier's letters said apart from its digits, after the word for it: "my member
        # number is XKW 88412 0031". The digits alone are a digit run; the letters would be left.
        pattern(
            r"(?i:\b(?:number|id|reference|ref)(?:[ \t]+(?:is|was)|'s|[ \t]*:)?[ \t]+)"
            r"(([A-Za-z]{1,4})(?:[ \t]+\d{2,}){1,4})\b(?![.,]\d)",
            L.LIKELY,
            group=1,
            check=_id_letters_check,
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=4,
    examples=(("order number AB12C345", "AB12C345"),),
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


SWIFT_CODE = InfoType(
    "SWIFT_CODE",
    "SWIFT/BIC codes (bank, country, location, branch); likely near 'SWIFT'.",
    detectors=(
        pattern(
            r"\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b",
            L.POSSIBLE,
            check=_swift_check,
            hotwords=[hotword(r"\b(?:swift|bic|bank (?:identifier )?code)\b", 60, fixed=L.LIKELY)],
        ),
    ),
    surrogate=Slots(make_swift),
    score=1,
    compatible=DIGIT_RUNS,
    examples=(("swift code DEUTDEFF500", "DEUTDEFF500"),),
)


# --- VAT_NUMBER ----------------------------------------------------------------------------

def _vat_check(match: "re.Match[str]") -> Likelihood | None:
    digits = sum(c.isdigit() for c in match.group(0))
    return L.POSSIBLE if digits >= 7 else None


VAT_NUMBER = InfoType(
    "VAT_NUMBER",
    "European VAT numbers (country prefix and 8-12 characters).",
    detectors=(
        pattern(
            r"\b(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|"
            r"SK|XI|CHE)[ -]?[0-9A-Z]{2}[0-9A-Z.]{6,12}\b",
            L.POSSIBLE,
            check=_vat_check,
            trigger=DIGIT,
            hotwords=[
                hotword(r"\b(?:vat|tva|mwst|ust|iva|btw|tax (?:id|number))\b", 60, fixed=L.LIKELY),
            ],
        ),
    ),
    surrogate=Slots(make_country_prefixed),
    score=2,
    compatible=DIGIT_RUNS,
    examples=(("VAT DE123456789", "DE123456789"),),
)


# --- ICD9_CODE / ICD10_CODE ----------------------------------------------------------------

_ICD_HOTWORD = hotword(r"\b(?:icd|icd-?9|icd-?10|diagnos\w*|dx)\b", 60, fixed=L.LIKELY)

ICD9_CODE = InfoType(
    "ICD9_CODE",
    "ICD-9-CM diagnosis codes near 'ICD' or 'diagnosis'.",
    detectors=(
        pattern(
            r"\b(?:\d{3}\.\d{1,2}|V\d{2}\.\d{1,2}|E\d{3}\.\d)\b",
            L.VERY_UNLIKELY,
            trigger=DIGIT,
            hotwords=[_ICD_HOTWORD],
            ceiling=L.VERY_UNLIKELY,
        ),
    ),
    surrogate=like_value,
    score=2,
    examples=(("ICD-9 diagnosis 250.00", "250.00"),),
)
ICD10_CODE = InfoType(
    "ICD10_CODE",
    "ICD-10 diagnosis codes near 'ICD' or 'diagnosis'.",
    detectors=(
        pattern(
            r"\b[A-TV-Z]\d[0-9AB](?:\.[0-9A-TV-Z]{1,4})?\b",
            L.UNLIKELY,
            trigger=DIGIT,
            hotwords=[_ICD_HOTWORD],
            ceiling=L.UNLIKELY,
        ),
    ),
    surrogate=like_value,
    score=2,
    examples=(("ICD-10 code E11.9", "E11.9"),),
)


ENTRIES = (
    CREDIT_CARD_NUMBER, CREDIT_CARD_TRACK_NUMBER, IBAN_CODE, US_SOCIAL_SECURITY_NUMBER,
    CANADA_SOCIAL_INSURANCE_NUMBER, ROUTING_NUMBER, IMEI_HARDWARE_ID, ICCID_NUMBER, IMSI_ID,
    VEHICLE_IDENTIFICATION_NUMBER, PASSPORT, MEDICAL_RECORD_NUMBER, GENERIC_ID, SWIFT_CODE,
    VAT_NUMBER, ICD9_CODE, ICD10_CODE,
)
