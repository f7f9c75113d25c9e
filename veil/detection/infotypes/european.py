"""Catalogue entries for UK and EU identifiers, under Google Cloud DLP's names.

Check digits where the number has one (`veil.detection.engine.checksums`): the NHS number (mod 11), the
Spanish DNI/NIE/NIF letter (mod 23), the Italian codice fiscale letter, the Dutch BSN
(11-proof), the Polish PESEL, the Irish PPSN letter (mod 23), the Swedish personnummer (Luhn),
the Belgian numbers (mod 97), the Portuguese Cartão de Cidadão (mod 10), the Finnish HETU
(mod 31), the French NIR key (mod 97) and the German tax ID (ISO 7064 MOD 11,10). A value
that fails its check is not reported as the type.

Bare digit runs that one random number in ten or eleven passes (BSN, PESEL, the German tax
ID, the NHS number) are reported only near a hotword, as DLP's likelihoods are low without
context; types with a distinctive shape (the NI number, a DNI with its letter, a codice
fiscale) are reported on their own and lifted by a hotword.
"""
from __future__ import annotations

import re
from typing import Callable

from veil.detection.engine.checksums import (
    belgium_national_number_valid, denmark_cpr_date_ok, finland_hetu_valid, france_nir_valid,
    germany_tax_id_valid, ireland_ppsn_valid, italy_fiscal_code_valid, netherlands_bsn_valid,
    poland_pesel_valid, portugal_cdc_valid, spain_dni_valid, spain_nie_valid, spain_nif_valid,
    sweden_personnummer_valid, uk_nhs_valid,
)
from veil.detection.engine.detectors import DIGIT, Check, gated, hotword, pattern
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.formats import CheckedSlots, shaped
from veil.transform.operators.surrogate_formats import like_value

L = Likelihood


def compact(value: str) -> str:
    """The letters and digits of a value, upper-cased: what its checksum reads."""
    return re.sub(r"[^0-9A-Za-z]", "", value).upper()


def checked(valid: Callable[[str], bool], likelihood: Likelihood) -> Check:
    """A detector check: `likelihood` when the match's letters and digits pass `valid`."""
    def check(match: "re.Match[str]") -> Likelihood | None:
        return likelihood if valid(compact(match.group(0))) else None

    return check


def on_compact(valid: Callable[[str], bool]) -> Callable[[str], bool]:
    """The entry's checksum over a value as written (separators ignored)."""
    def checksum(value: str) -> bool:
        return valid(compact(value))

    checksum.__name__ = valid.__name__
    return checksum


def checked_near(regex: str, hotwords: str, valid: Callable[[str], bool],
                 likelihood: Likelihood = L.LIKELY, checked_likelihood: Likelihood | None = None):
    """A value whose check digits pass `valid`: `likelihood` (or `checked_likelihood`) alone, and
    VERY_LIKELY near a hotword."""
    on_check = likelihood if checked_likelihood is None else checked_likelihood
    return pattern(regex, likelihood, check=checked(valid, on_check), method=Method.CHECKSUM, trigger=DIGIT,
                   hotwords=[hotword(hotwords, 60, fixed=L.VERY_LIKELY)])


def bare_checked(regex: str, hotwords: str, valid: Callable[[str], bool]):
    """Digits a checksum alone cannot tell from any number: reported only near a hotword."""
    return gated(regex, hotwords, base=L.UNLIKELY, lifted=L.VERY_LIKELY,
                 check=checked(valid, L.UNLIKELY), method=Method.CHECKSUM, trigger=DIGIT)


# --- United Kingdom ------------------------------------------------------------------------

_NINO_SHAPE = r"(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]"

UK_NATIONAL_INSURANCE_NUMBER = InfoType(
    "UK_NATIONAL_INSURANCE_NUMBER",
    "UK National Insurance numbers (two prefix letters HMRC issues, six digits, A-D).",
    detectors=(
        pattern(
            r"\b(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b",
            L.LIKELY,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:nino|ni number|national insurance)\b", 60, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=CheckedSlots(shaped(_NINO_SHAPE), check=0),
    score=5,
    direct=True,
    examples=(("my NI number is AB 12 34 56 C", "AB 12 34 56 C"),),
)
UK_NATIONAL_HEALTH_SERVICE_NUMBER = InfoType(
    "UK_NATIONAL_HEALTH_SERVICE_NUMBER",
    "UK NHS numbers (ten digits, mod 11 check digit) near 'NHS' or 'patient number'.",
    detectors=(
        bare_checked(r"\d(?<![\d-]\d)\d{2}[- ]?\d{3}[- ]?\d{4}(?![\d-])",
                     r"\b(?:nhs|health service|patient number)\b", uk_nhs_valid),
    ),
    surrogate=CheckedSlots(uk_nhs_valid),
    score=5,
    direct=True,
    checksum=on_compact(uk_nhs_valid),
    compatible=DIGIT_RUNS,
    examples=(("NHS number 943 476 5919", "943 476 5919"),),
)
UK_PASSPORT = InfoType(
    "UK_PASSPORT",
    "UK passport numbers (nine digits) near 'passport'.",
    detectors=(gated(r"\b\d{9}\b", r"\bpassport\b", trigger=DIGIT),),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("UK passport 925076473", "925076473"),),
)
_UK_DRIVING_SHAPE = r"[A-Z9]{5}\d[0156]\d[0-3]\d{2}[A-Z9]{2}\d[A-Z]{2}"
_UK_DRIVING_WORDS = r"\b(?:driv(?:er'?s?|ing) licen[cs]e|dvla)\b"
UK_DRIVERS_LICENSE_NUMBER = InfoType(
    "UK_DRIVERS_LICENSE_NUMBER",
    "UK driving licence numbers (surname, coded date of birth, initials, check letters), "
    "whole or in their three groups; in lower case after 'driving licence' or 'DVLA'.",
    detectors=(
        pattern(
            # Read out or written in its three groups too: "MORGA 753116 SM9IJ".
            r"\b[A-Z9]{5} ?\d[0156]\d[0-3]\d{2} ?[A-Z9]{2}\d[A-Z]{2}(?: ?\d{2})?\b",
            L.LIKELY,
            trigger=DIGIT,
            hotwords=[hotword(_UK_DRIVING_WORDS, 60, fixed=L.VERY_LIKELY)],
        ),
        # In lower case, as a speech recogniser writes it, only after its name.
        gated(r"\b[a-z9]{5} ?\d[0156]\d[0-3]\d{2} ?[a-z9]{2}\d[a-z]{2}(?: ?\d{2})?\b",
              _UK_DRIVING_WORDS, trigger=DIGIT),
    ),
    surrogate=CheckedSlots(shaped(_UK_DRIVING_SHAPE + r"(?:\d{2})?"), check=0),
    score=5,
    direct=True,
    examples=(("licence MORGA657054SM9IJ", "MORGA657054SM9IJ"),),
)
UK_TAXPAYER_REFERENCE = InfoType(
    "UK_TAXPAYER_REFERENCE",
    "UK Unique Taxpayer References (ten digits) near 'UTR' or 'tax reference'.",
    detectors=(
        gated(r"\b\d{5} ?\d{5}\b", r"\b(?:utr|unique taxpayer|tax reference|taxpayer reference)\b",
              trigger=DIGIT),
    ),
    surrogate=like_value,
    score=4,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("my UTR is 12345 67890", "12345 67890"),),
)


# --- France, Germany -----------------------------------------------------------------------

FRANCE_NIR = InfoType(
    "FRANCE_NIR",
    "French social security numbers (NIR: sex, year, month, place, serial, mod 97 key).",
    detectors=(
        pattern(
            r"\b[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}\b",
            L.LIKELY,
            check=checked(france_nir_valid, L.LIKELY),
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:nir|s[ée]curit[ée] sociale|insee|social security)\b", 60,
                              fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=CheckedSlots(france_nir_valid, keep=1, check=2),
    score=5,
    direct=True,
    checksum=on_compact(france_nir_valid),
    compatible=DIGIT_RUNS,
    examples=(("numéro de sécurité sociale 2 55 08 14 168 025 38", "2 55 08 14 168 025 38"),),
)
FRANCE_CNI = InfoType(
    "FRANCE_CNI",
    "French national identity card numbers (twelve digits, or nine letters and digits) near "
    "'carte d'identité' or 'CNI'.",
    detectors=(
        gated(r"\b(?:\d{12}|(?=[A-Z]*\d)[A-Z0-9]{9})\b",
              r"\b(?:cni|carte (?:nationale )?d'identit[ée]|identity card)\b", trigger=DIGIT),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    examples=(("carte d'identité 880692310285", "880692310285"),),
)
_DE_CARD = r"[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}"
GERMANY_IDENTITY_CARD_NUMBER = InfoType(
    "GERMANY_IDENTITY_CARD_NUMBER",
    "German identity card numbers (nine characters of the card alphabet) near "
    "'Personalausweis' or 'ID card'.",
    detectors=(
        gated(r"\b(?=[A-Z]*\d)" + _DE_CARD + r"\b",
              r"\b(?:personalausweis\w*|ausweis\w*|identity card|id card)\b", trigger=DIGIT),
    ),
    surrogate=CheckedSlots(shaped(r"(?=[A-Z]*\d)" + _DE_CARD), check=0),
    score=5,
    direct=True,
    examples=(("Personalausweis T22000129", "T22000129"),),
)
GERMANY_TAXPAYER_IDENTIFICATION_NUMBER = InfoType(
    "GERMANY_TAXPAYER_IDENTIFICATION_NUMBER",
    "German tax IDs (Steuer-ID: eleven digits, ISO 7064 MOD 11,10 check digit) near "
    "'Steuer-ID' or 'tax ID'.",
    detectors=(
        bare_checked(r"\b[1-9]\d ?\d{3} ?\d{3} ?\d{3}\b",
                     r"\b(?:steuer-?id\w*|steueridentifikationsnummer|idnr|tax id\w*|tin)\b",
                     germany_tax_id_valid),
    ),
    surrogate=CheckedSlots(germany_tax_id_valid, keep=1),
    score=5,
    direct=True,
    checksum=on_compact(germany_tax_id_valid),
    compatible=DIGIT_RUNS,
    examples=(("Steuer-ID 86 095 742 719", "86 095 742 719"),),
)


# --- Spain, Italy, Portugal ----------------------------------------------------------------

_SPAIN_HOTWORDS = r"\b(?:dni|nie|nif|documento nacional|n[uú]mero de identidad|identificaci[oó]n)\b"


def _spain(name: str, description: str, regex: str, valid, example, keep: int = 0) -> InfoType:
    return InfoType(
        name,
        description,
        detectors=(
            checked_near(regex, _SPAIN_HOTWORDS, valid),
        ),
        surrogate=CheckedSlots(valid, keep=keep),
        score=5,
        direct=True,
        checksum=on_compact(valid),
        examples=(example,),
    )


_DNI = r"\d{8}-?[A-Z]"
_NIE = r"[XYZ]-?\d{7}-?[A-Z]"
SPAIN_DNI_NUMBER = _spain(
    "SPAIN_DNI_NUMBER", "Spanish DNI numbers (eight digits and the mod 23 check letter).",
    rf"\b{_DNI}\b", spain_dni_valid, ("DNI 12345678Z", "12345678Z"))
SPAIN_NIE_NUMBER = _spain(
    "SPAIN_NIE_NUMBER", "Spanish foreigner numbers (NIE: X, Y or Z, seven digits, check letter).",
    rf"\b{_NIE}\b", spain_nie_valid, ("NIE X1234567L", "X1234567L"), keep=1)
SPAIN_NIF_NUMBER = _spain(
    "SPAIN_NIF_NUMBER", "Spanish tax numbers of people (NIF: a DNI or an NIE, with its letter).",
    rf"\b(?:{_DNI}|{_NIE})\b", spain_nif_valid, ("NIF 12345678Z", "12345678Z"))

ITALY_FISCAL_CODE = InfoType(
    "ITALY_FISCAL_CODE",
    "Italian fiscal codes (codice fiscale: 16 characters with a check letter).",
    detectors=(
        pattern(
            r"\b[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]\b",
            L.VERY_LIKELY,
            check=checked(italy_fiscal_code_valid, L.VERY_LIKELY),
            flags=re.IGNORECASE,  # its shape and check letter tell it in a lower-case transcript too
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=CheckedSlots(italy_fiscal_code_valid),
    score=5,
    direct=True,
    checksum=on_compact(italy_fiscal_code_valid),
    examples=(("codice fiscale RSSMRA85T10A562S", "RSSMRA85T10A562S"),),
)
PORTUGAL_CDC_NUMBER = InfoType(
    "PORTUGAL_CDC_NUMBER",
    "Portuguese Cartão de Cidadão numbers (eight digits, a check digit, two letters, a digit; "
    "mod 10).",
    detectors=(
        pattern(
            r"\b\d{8} ?\d ?[A-Z]{2}\d\b",
            L.LIKELY,
            check=checked(portugal_cdc_valid, L.LIKELY),
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:cart[ãa]o de cidad[ãa]o|cc|cidad[ãa]o)\b", 60,
                              fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=CheckedSlots(portugal_cdc_valid),
    score=5,
    direct=True,
    checksum=on_compact(portugal_cdc_valid),
    examples=(("cartão de cidadão 00000000 0 ZZ4", "00000000 0 ZZ4"),),
)


# --- Benelux, Poland, Ireland --------------------------------------------------------------

NETHERLANDS_BSN_NUMBER = InfoType(
    "NETHERLANDS_BSN_NUMBER",
    "Dutch citizen service numbers (BSN: nine digits passing the 11-proof) near 'BSN'.",
    detectors=(
        bare_checked(r"\d(?<![\d.-]\d)\d{2}[. ]?\d{3}[. ]?\d{3}(?![\d.-])",
                     r"\b(?:bsn|burgerservicenummer|sofi-?nummer|citizen service number)\b",
                     netherlands_bsn_valid),
    ),
    surrogate=CheckedSlots(netherlands_bsn_valid),
    score=5,
    direct=True,
    checksum=on_compact(netherlands_bsn_valid),
    compatible=DIGIT_RUNS,
    examples=(("BSN 111222333", "111222333"),),
)


def _pesel_valid(number: str) -> bool:
    """A PESEL with a possible month (+20, +40, +60 or +80 for the century)."""
    return poland_pesel_valid(number) and 1 <= int(number[2:4]) % 20 <= 12


POLAND_PESEL_NUMBER = InfoType(
    "POLAND_PESEL_NUMBER",
    "Polish PESEL numbers (eleven digits: date of birth, serial, check digit) near 'PESEL'.",
    detectors=(bare_checked(r"\b\d{11}\b", r"\bpesel\b", _pesel_valid),),
    surrogate=CheckedSlots(_pesel_valid, date=(0, "YMD")),
    score=5,
    direct=True,
    checksum=on_compact(_pesel_valid),
    compatible=DIGIT_RUNS,
    examples=(("PESEL 44051401359", "44051401359"),),
)
IRELAND_PPSN = InfoType(
    "IRELAND_PPSN",
    "Irish Personal Public Service Numbers (seven digits, a mod 23 check letter, an optional "
    "letter).",
    detectors=(
        pattern(
            r"\b\d{7}[A-W][A-IW]?\b",
            L.LIKELY,
            check=checked(ireland_ppsn_valid, L.LIKELY),
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:ppsn?|personal public service)\b", 60, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=CheckedSlots(ireland_ppsn_valid),
    score=5,
    direct=True,
    checksum=on_compact(ireland_ppsn_valid),
    examples=(("PPS number 1234567T", "1234567T"),),
)


def belgium_id_valid(number: str) -> bool:
    """A Belgian national number (11 digits, mod 97) or identity card number (12 digits:
    the first ten mod 97, 97 for 0)."""
    if len(number) == 12 and number.isdigit():
        return (int(number[:10]) % 97 or 97) == int(number[10:])
    return belgium_national_number_valid(number)


BELGIUM_NATIONAL_ID_CARD_NUMBER = InfoType(
    "BELGIUM_NATIONAL_ID_CARD_NUMBER",
    "Belgian national numbers (YY.MM.DD-SSS.CC) and identity card numbers (NNN-NNNNNNN-NN), "
    "mod 97.",
    detectors=(
        pattern(
            r"\b\d{2}\.?\d{2}\.?\d{2}-?\d{3}\.?\d{2}\b",
            L.POSSIBLE,
            check=checked(belgium_id_valid, L.POSSIBLE),
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:rijksregister\w*|registre national|national number|"
                              r"identit\w* card|eid|carte d'identit[ée])\b", 60, fixed=L.VERY_LIKELY)],
        ),
        bare_checked(r"\b\d{3}-?\d{7}-?\d{2}\b",
                     r"\b(?:identit\w* ?card|eid|carte d'identit[ée]|identiteitskaart)\b",
                     belgium_id_valid),
    ),
    surrogate=CheckedSlots(belgium_id_valid, check=2),
    score=5,
    direct=True,
    checksum=on_compact(belgium_id_valid),
    compatible=DIGIT_RUNS,
    examples=(("rijksregisternummer 85.07.30-033.28", "85.07.30-033.28"),),
)


# --- Nordics -------------------------------------------------------------------------------

DENMARK_CPR_NUMBER = InfoType(
    "DENMARK_CPR_NUMBER",
    "Danish CPR numbers (DDMMYY-SSSS with a possible date) near 'CPR'.",
    detectors=(
        gated(r"\b[0-3]\d[01]\d{3}-?\d{4}\b", r"\b(?:cpr\w*|personnummer)\b",
              check=checked(denmark_cpr_date_ok, L.VERY_UNLIKELY), trigger=DIGIT),
    ),
    surrogate=CheckedSlots(denmark_cpr_date_ok, check=0, date=(0, "DMY")),
    score=5,
    direct=True,
    examples=(("CPR-nummer 010203-1234", "010203-1234"),),
)
SWEDEN_NATIONAL_ID_NUMBER = InfoType(
    "SWEDEN_NATIONAL_ID_NUMBER",
    "Swedish personal identity numbers (YYMMDD-NNNC, Luhn-valid).",
    detectors=(
        pattern(
            r"\b(?:19|20)?\d{6}[-+]\d{4}\b",
            L.POSSIBLE,
            check=checked(sweden_personnummer_valid, L.POSSIBLE),
            method=Method.CHECKSUM,
            trigger=DIGIT,
            hotwords=[hotword(r"\b(?:personnummer|personal identity number|samordningsnummer)\b",
                              60, fixed=L.VERY_LIKELY)],
        ),
        bare_checked(r"\b(?:19|20)?\d{10}\b",
                     r"\b(?:personnummer|personal identity number|samordningsnummer)\b",
                     sweden_personnummer_valid),
    ),
    surrogate=CheckedSlots(sweden_personnummer_valid, date=(-10, "YMD")),
    score=5,
    direct=True,
    checksum=on_compact(sweden_personnummer_valid),
    examples=(("personnummer 811218-9876", "811218-9876"),),
)
def _hetu_chars_valid(chars: str) -> bool:
    """A HETU without its separator sign ("-" is a separator to the surrogate slots)."""
    return finland_hetu_valid(chars[:6] + "-" + chars[6:] if len(chars) == 10 else chars)


FINLAND_NATIONAL_ID_NUMBER = InfoType(
    "FINLAND_NATIONAL_ID_NUMBER",
    "Finnish personal identity codes (HETU: DDMMYY, century sign, serial, mod 31 check).",
    detectors=(
        pattern(
            r"\b[0-3]\d[01]\d{3}[-+A-FU-Y]\d{3}[0-9A-Y]\b",
            L.VERY_LIKELY,
            check=lambda m: L.VERY_LIKELY if finland_hetu_valid(m.group(0)) else None,
            method=Method.CHECKSUM,
            trigger=DIGIT,
        ),
    ),
    surrogate=CheckedSlots(_hetu_chars_valid, date=(0, "DMY")),
    score=5,
    direct=True,
    checksum=finland_hetu_valid,
    examples=(("henkilötunnus 131052-308T", "131052-308T"),),
)

UK = (UK_NATIONAL_INSURANCE_NUMBER, UK_NATIONAL_HEALTH_SERVICE_NUMBER, UK_PASSPORT,
      UK_DRIVERS_LICENSE_NUMBER, UK_TAXPAYER_REFERENCE)
EU = (FRANCE_NIR, FRANCE_CNI, GERMANY_IDENTITY_CARD_NUMBER,
      GERMANY_TAXPAYER_IDENTIFICATION_NUMBER, SPAIN_DNI_NUMBER, SPAIN_NIE_NUMBER,
      SPAIN_NIF_NUMBER, ITALY_FISCAL_CODE, PORTUGAL_CDC_NUMBER, NETHERLANDS_BSN_NUMBER,
      POLAND_PESEL_NUMBER, IRELAND_PPSN, BELGIUM_NATIONAL_ID_CARD_NUMBER, DENMARK_CPR_NUMBER,
      SWEDEN_NATIONAL_ID_NUMBER, FINLAND_NATIONAL_ID_NUMBER)
ENTRIES = (*UK, *EU)


# --- Further UK, Irish, French and Spanish identifiers ---------------------------------------

from stdnum.fr import nif as _france_nif  # noqa: E402

from veil.detection.engine.checksums import (  # noqa: E402
    scotland_chi_valid, spain_social_security_valid,
)

SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER = InfoType(
    "SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER",
    "Scottish CHI numbers (date of birth DDMMYY, three digits, mod 11 check digit) near 'CHI'.",
    detectors=(
        bare_checked(r"\b[0-3]\d[01]\d{3} ?\d{4}\b",
                     r"\b(?:chi|community health index|chi number)\b", scotland_chi_valid),
    ),
    surrogate=CheckedSlots(scotland_chi_valid, date=(0, "DMY")),
    score=5,
    direct=True,
    checksum=on_compact(scotland_chi_valid),
    compatible=DIGIT_RUNS,
    examples=(("CHI number 120485 0615", "120485 0615"),),
)
SPAIN_SOCIAL_SECURITY_NUMBER = InfoType(
    "SPAIN_SOCIAL_SECURITY_NUMBER",
    "Spanish social security numbers (province, serial, two mod 97 control digits) near "
    "'seguridad social'.",
    detectors=(
        bare_checked(r"\b\d{2}[ /-]?\d{8}[ /-]?\d{2}\b",
                     r"\b(?:seguridad social|nss|n[úu]mero de afiliaci[óo]n|naf|social security)\b",
                     spain_social_security_valid),
    ),
    surrogate=CheckedSlots(spain_social_security_valid, check=2),
    score=5,
    direct=True,
    checksum=on_compact(spain_social_security_valid),
    compatible=DIGIT_RUNS,
    examples=(("número de la Seguridad Social 28/12345678/40", "28/12345678/40"),),
)
EIRCODE_SHAPE = r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}"
IRELAND_EIRCODE = InfoType(
    "IRELAND_EIRCODE",
    "Irish Eircodes (a routing key such as D02 and a four-character unique identifier).",
    detectors=(
        pattern(rf"\b(?=[A-Z0-9 ]*\d[A-Z0-9 ]*\b){EIRCODE_SHAPE}\b", L.POSSIBLE, trigger=DIGIT,
                hotwords=[hotword(r"\b(?:eircode|postcode|address)\b", 60, fixed=L.VERY_LIKELY)]),
    ),
    surrogate=CheckedSlots(shaped(EIRCODE_SHAPE.replace(" ?", "")), keep=3, check=0),
    score=2,
    examples=(("Eircode D02 X285", "D02 X285"),),
)
UK_ELECTORAL_ROLL_NUMBER = InfoType(
    "UK_ELECTORAL_ROLL_NUMBER",
    "UK electoral roll numbers (a polling district's letters and an elector number) near "
    "'electoral roll'.",
    detectors=(
        gated(r"\b[A-Z]{1,3}-?\d{1,4}(?:/\d{1,3})?\b",
              r"\b(?:electoral (?:roll|register)|elector(?:al)? number|poll(?:ing)? number)\b",
              trigger=DIGIT),
    ),
    surrogate=CheckedSlots(shaped(r"[A-Z]{1,3}\d{1,4}(?:\d{1,3})?"), keep=1, check=0),
    score=3,
    examples=(("electoral roll number AB-1234", "AB-1234"),),
)


def france_tax_id_valid(chars: str) -> bool:
    """The numéro fiscal: thirteen digits, the first 0-3, checked by python-stdnum."""
    return len(chars) == 13 and chars[0] in "0123" and _france_nif.is_valid(chars)


FRANCE_TAX_IDENTIFICATION_NUMBER = InfoType(
    "FRANCE_TAX_IDENTIFICATION_NUMBER",
    "French tax identification numbers (numéro fiscal, SPI: thirteen digits, the last three "
    "the first ten mod 511) near 'numéro fiscal'.",
    detectors=(
        bare_checked(r"\b[0-3]\d ?\d{2} ?\d{3} ?\d{3} ?\d{3}\b",
                     r"\b(?:num[ée]ro fiscal|spi|identifiant fiscal|tax identification|nif)\b",
                     france_tax_id_valid),
    ),
    surrogate=CheckedSlots(france_tax_id_valid, keep=1, check=3),
    score=4,
    direct=True,
    checksum=on_compact(france_tax_id_valid),
    compatible=DIGIT_RUNS,
    examples=(("numéro fiscal 30 23 217 600 053", "30 23 217 600 053"),),
)

ENTRIES = (*ENTRIES, SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER, SPAIN_SOCIAL_SECURITY_NUMBER,
           IRELAND_EIRCODE, UK_ELECTORAL_ROLL_NUMBER, FRANCE_TAX_IDENTIFICATION_NUMBER)
