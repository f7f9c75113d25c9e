"""Catalogue entries for passports and driving licences of the countries DLP names, under its
names (JAPAN_PASSPORT, GERMANY_DRIVERS_LICENSE_NUMBER, ...).

A passport or licence number is a serial in the issuing country's format (letters and digits
in fixed places); the printed number carries no check digit (ICAO 9303 puts one only in the
machine-readable zone), and its shape is shared with order numbers and references. So, as DLP
reports such numbers with a low likelihood without context, Veil reports them only near their
context words ("passport", "Reisepass", "pasaporte", "旅券", ...): each entry is the format
and those words. Spain's licence is the holder's DNI, with its check letter.
"""
from __future__ import annotations

from veil.detection.engine.checksums import spain_dni_valid
from veil.detection.engine.detectors import DIGIT, gated
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.european import checked, on_compact
from veil.detection.infotypes.formats import CheckedSlots, shaped

L = Likelihood

_PASSPORT = (r"passports?|passport (?:number|no)|pasaporte|passeport|reisepass|passaporto|paszport|"
             r"паспорт|pasport|pasaport|旅券|护照|護照|여권|pasjport|cestovní pas|pass(?:nummer)?")
_LICENCE = (r"driv(?:er'?s?|ing) licen[cs]e|licen[cs]e (?:number|no)|dl|f[üu]hrerschein|"
            r"permis de conduire|carn[ée] de conducir|permiso de conducir|運転免許証?|"
            r"driver licence")


def document(name: str, description: str, shape: str, words: str, example: tuple,
             *, keep: int = 0) -> InfoType:
    """A document number of a fixed shape, reported only near its context words; its
    surrogate keeps the shape (and the first `keep` characters, a letter that says the kind)."""
    return InfoType(
        name, description,
        detectors=(gated(rf"\b(?:{shape})\b", rf"\b(?:{words})\b", trigger=DIGIT),),
        surrogate=CheckedSlots(shaped(shape), keep=keep, check=0),
        score=5, direct=True, compatible=DIGIT_RUNS, examples=(example,),
    )


def passport(country: str, shape: str, example: str, words: str = "", keep: int = 0) -> InfoType:
    name = f"{country.upper().replace(' ', '_')}_PASSPORT"
    return document(name, f"{country} passport numbers near 'passport' (or the local word).",
                    shape, _PASSPORT + (f"|{words}" if words else ""),
                    (f"passport {example}", example), keep=keep)


PASSPORTS = (
    passport("Armenia", r"A[A-Z]\d{7}", "AM1234567"),
    passport("Australia", r"[A-Z]{1,2}\d{7}", "PA1234567"),
    passport("Azerbaijan", r"C\d{8}|AA\d{7}", "C12345678", keep=1),
    passport("Belarus", r"[A-Z]{2}\d{7}", "MP1234567"),
    passport("China", r"E[A-Z]?\d{7,8}|G\d{8}", "E12345678", keep=1),
    passport("Czechia", r"\d{8}", "41234567", "cestovn[íi] pas"),
    passport("France", r"\d{2}[A-Z]{2}\d{5}", "12AB34567"),
    passport("Germany", r"[CFGHJK][CFGHJKLMNPRTVWXYZ\d]{8}", "C01X00T47", keep=1),
    passport("India", r"[A-Z]\d{7}", "J8369854"),
    passport("Indonesia", r"[A-Z]\d{7}", "B1234567", "paspor"),
    passport("Ireland", r"[A-Z]{2}\d{7}", "PA1234567"),
    passport("Japan", r"[A-Z]{2}\d{7}", "TK1234567"),
    passport("Kazakhstan", r"N\d{8}", "N12345678", keep=1),
    passport("Korea", r"M\d{8}|M\d{3}[A-Z]\d{4}", "M12345678", keep=1),
    passport("Mexico", r"[A-Z]\d{8}|\d{10}", "G12345678"),
    passport("Netherlands", r"[A-NP-Z]{2}[A-NP-Z\d]{6}\d", "SPECI2014", "paspoort"),
    passport("Philippines", r"[A-Z]\d{7}[A-Z]|[A-Z]{2}\d{7}", "P1234567A"),
    passport("Poland", r"[A-Z]{2}\d{7}", "ZS0000177"),
    passport("Russia", r"\d{2} ?\d{7}", "72 1234567", "загранпаспорт"),
    passport("Singapore", r"[EK]\d{7}[A-Z]", "E1234567N", keep=1),
    passport("Spain", r"[A-Z]{3}\d{6}|[A-Z]{2}\d{6}[A-Z]?", "PAA123456"),
    passport("Sweden", r"\d{8}", "91234567"),
    passport("Taiwan", r"\d{9}", "312345678"),
    passport("Ukraine", r"[A-Z]{2}\d{6}", "FE123456", "паспорт"),
)

LICENCES = (
    document("AUSTRALIA_DRIVERS_LICENSE_NUMBER",
             "Australian driver's licence numbers (six to ten letters and digits, at least one "
             "digit) near 'driver's licence'.",
             r"(?=[A-Z]*\d)[A-Z\d]{6,10}", _LICENCE, ("driver's licence 1234567890", "1234567890")),
    document("FRANCE_DRIVERS_LICENSE_NUMBER",
             "French driving licence numbers (twelve digits, or two digits, two letters and "
             "five digits... as printed) near 'permis de conduire'.",
             r"\d{12}|\d{2}[A-Z]{2}\d{5}", _LICENCE,
             ("permis de conduire 123456789012", "123456789012")),
    document("GERMANY_DRIVERS_LICENSE_NUMBER",
             "German driving licence numbers (eleven letters and digits) near 'Führerschein'.",
             r"[A-Z\d]\d{2}[A-Z\d]{6}\d[A-Z\d]", _LICENCE,
             ("Führerschein B072RRE2I55", "B072RRE2I55")),
    document("IRELAND_DRIVING_LICENSE_NUMBER",
             "Irish driving licence numbers (six digits, a dash and two, or nine digits) near "
             "'driving licence'.",
             r"\d{6}-?\d{2}|\d{9}", _LICENCE, ("driving licence 123456-78", "123456-78")),
    document("JAPAN_DRIVERS_LICENSE_NUMBER",
             "Japanese driving licence numbers (twelve digits) near '運転免許証' or 'driver's "
             "license'.",
             r"\d{12}", _LICENCE, ("運転免許証 123456789012", "123456789012")),
)

SPAIN_DRIVERS_LICENSE_NUMBER = InfoType(
    "SPAIN_DRIVERS_LICENSE_NUMBER",
    "Spanish driving licence numbers (the holder's DNI: eight digits and its mod 23 letter) "
    "near 'permiso de conducir'.",
    detectors=(
        gated(r"\b\d{8}-?[A-Z]\b", rf"\b(?:{_LICENCE})\b", base=L.UNLIKELY, lifted=L.VERY_LIKELY,
              check=checked(spain_dni_valid, L.UNLIKELY), method=Method.CHECKSUM, trigger=DIGIT),
    ),
    surrogate=CheckedSlots(spain_dni_valid),
    score=5,
    direct=True,
    checksum=on_compact(spain_dni_valid),
    examples=(("permiso de conducir 12345678Z", "12345678Z"),),
)

ENTRIES = (*PASSPORTS, *LICENCES, SPAIN_DRIVERS_LICENSE_NUMBER)
