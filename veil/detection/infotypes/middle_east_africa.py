"""Catalogue entries for national identifiers of the Middle East and Africa, and of the
European countries outside the EU family module's schemes, under Google Cloud DLP's names:
South Africa, Turkey, Israel, Norway, Croatia, Austria, Poland's identity card and Spain's
CIF.

Every one carries a check digit, validated by python-stdnum (South Africa's Luhn digit and
date, Turkey's two digits, Israel's Luhn-style digit, Norway's two mod 11 digits, Croatia's
ISO 7064 MOD 11,10, Austria's weighted digit, Spain's CIF control) or by
`veil.detection.engine.checksums` (the Polish card's weighted digit). Bare digit runs are reported only
near the context words DLP lists; the letter-led Polish card and Spanish CIF on their own.
"""
from __future__ import annotations

from stdnum.at import vnr
from stdnum.es import cif
from stdnum.hr import oib
from stdnum.il import idnr as israel_idnr
from stdnum.no import fodselsnummer
from stdnum.tr import tckimlik
from stdnum.za import idnr as south_africa_idnr

from veil.detection.engine.checksums import poland_id_card_valid
from veil.detection.findings import Likelihood
from veil.detection.infotypes.asia_pacific import stdnum_valid
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.european import bare_checked, checked_near, on_compact
from veil.detection.infotypes.formats import CheckedSlots

L = Likelihood


def _checked_digits(name, description, regex, hotwords, valid, example, **surrogate):
    """A national number of digits with a check digit, reported near its context words."""
    return InfoType(name, description, detectors=(bare_checked(regex, hotwords, valid),),
                    surrogate=CheckedSlots(valid, **surrogate), score=5, direct=True,
                    checksum=on_compact(valid), compatible=DIGIT_RUNS, examples=(example,))


south_africa_id_valid = stdnum_valid(south_africa_idnr, r"\d{13}")
SOUTH_AFRICA_ID_NUMBER = _checked_digits(
    "SOUTH_AFRICA_ID_NUMBER",
    "South African identity numbers (date of birth, sex, citizenship, Luhn check digit) near "
    "'ID number'.",
    r"\b\d{6} ?\d{4} ?\d{2} ?\d\b",
    r"\b(?:id(?:entity)? (?:number|no|document)|south african id|rsa id|green book)\b",
    south_africa_id_valid, ("SA ID number 800101 5009 08 7", "800101 5009 08 7"), date=(0, "YMD"))

turkey_id_valid = stdnum_valid(tckimlik, r"[1-9]\d{10}")
TURKEY_ID_NUMBER = _checked_digits(
    "TURKEY_ID_NUMBER",
    "Turkish identity numbers (T.C. Kimlik No: eleven digits, two check digits) near 'kimlik'.",
    r"\b[1-9]\d{10}\b",
    r"(?:\b(?:kimlik(?: no| numarası)?|tckn|turkish id|identity number)\b|\bT\.C\.)",
    turkey_id_valid, ("T.C. Kimlik No 10000000146", "10000000146"), keep=1, check=2)

israel_id_valid = stdnum_valid(israel_idnr, r"\d{9}")
ISRAEL_IDENTITY_CARD_NUMBER = _checked_digits(
    "ISRAEL_IDENTITY_CARD_NUMBER",
    "Israeli identity numbers (Teudat Zehut: nine digits, Luhn-style check digit) near "
    "'identity number'.",
    r"\b\d{8,9}\b",
    r"(?:\b(?:teudat zehut|israeli id|identity (?:card|number)|id number)\b|ת\.ז|תעודת זהות)",
    israel_id_valid, ("Teudat Zehut 123456782", "123456782"))

norway_fnr_valid = stdnum_valid(fodselsnummer, r"\d{11}")
NORWAY_NI_NUMBER = _checked_digits(
    "NORWAY_NI_NUMBER",
    "Norwegian national identity numbers (fødselsnummer: date of birth, serial, two mod 11 "
    "check digits) near 'fødselsnummer'.",
    r"\b\d{6} ?\d{5}\b",
    r"\b(?:f[øo]dselsnummer|personnummer|national identity number|d-nummer)\b",
    norway_fnr_valid, ("fødselsnummer 151086 95088", "151086 95088"), check=2, date=(0, "DMY"))

croatia_oib_valid = stdnum_valid(oib, r"\d{11}")
CROATIA_PERSONAL_ID_NUMBER = _checked_digits(
    "CROATIA_PERSONAL_ID_NUMBER",
    "Croatian personal identification numbers (OIB: eleven digits, ISO 7064 MOD 11,10) near "
    "'OIB'.",
    r"\b\d{11}\b",
    r"\b(?:oib|osobni identifikacijski broj|personal id\w*)\b",
    croatia_oib_valid, ("OIB 94577403194", "94577403194"))

austria_ssn_valid = stdnum_valid(vnr, r"\d{10}")
AUSTRIA_SOCIAL_SECURITY_NUMBER = _checked_digits(
    "AUSTRIA_SOCIAL_SECURITY_NUMBER",
    "Austrian social security numbers (Versicherungsnummer: serial, check digit, date of birth) "
    "near 'Sozialversicherungsnummer'.",
    r"\b\d{4} ?\d{6}\b",
    r"\b(?:sozialversicherungs\w*|versicherungsnummer|svnr|sv-nummer|social security)\b",
    austria_ssn_valid, ("Versicherungsnummer 1237 010180", "1237 010180"), check=0)

POLAND_NATIONAL_ID_NUMBER = InfoType(
    "POLAND_NATIONAL_ID_NUMBER",
    "Polish identity card numbers (dowód osobisty: three letters, a check digit, five digits).",
    detectors=(
        checked_near(
            r"\b[A-Z]{3} ?\d{6}\b",
            r"\b(?:dow[óo]d(?: osobisty)?|identity card|id card)\b",
            poland_id_card_valid,
            L.POSSIBLE,
            checked_likelihood=L.LIKELY,
        ),
    ),
    surrogate=CheckedSlots(poland_id_card_valid, check=0),
    score=5,
    direct=True,
    checksum=on_compact(poland_id_card_valid),
    examples=(("dowód osobisty ABA300000", "ABA300000"),),
)

spain_cif_valid = stdnum_valid(cif, r"[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]")
SPAIN_CIF_NUMBER = InfoType(
    "SPAIN_CIF_NUMBER",
    "Spanish company tax codes (CIF: organisation letter, province and serial, control digit "
    "or letter).",
    detectors=(
        checked_near(
            r"\b[ABCDEFGHJNPQRSUVW]-?\d{7}-?[0-9A-J]\b",
            r"\b(?:cif|nif|c[óo]digo de identificaci[óo]n fiscal)\b",
            spain_cif_valid,
            L.POSSIBLE,
            checked_likelihood=L.LIKELY,
        ),
    ),
    surrogate=CheckedSlots(spain_cif_valid, keep=1),
    score=2,
    checksum=on_compact(spain_cif_valid),
    examples=(("CIF A58818501", "A58818501"),),
)

ENTRIES = (
    SOUTH_AFRICA_ID_NUMBER, TURKEY_ID_NUMBER, ISRAEL_IDENTITY_CARD_NUMBER, NORWAY_NI_NUMBER,
    CROATIA_PERSONAL_ID_NUMBER, AUSTRIA_SOCIAL_SECURITY_NUMBER, POLAND_NATIONAL_ID_NUMBER,
    SPAIN_CIF_NUMBER,
)
