"""Catalogue entries for national identifiers of Asia and the Pacific, under Google Cloud
DLP's names: India (Aadhaar, PAN, GSTIN), China, Japan, Korea, Singapore, Australia, New
Zealand, Thailand, Hong Kong, Taiwan and Indonesia.

Each follows the number's published definition: its shape, and its check digit where it has
one, validated by python-stdnum where that library has the scheme (Aadhaar's Verhoeff digit,
the PAN's holder type, the GSTIN's mod 36 check, China's ISO 7064 MOD 11-2, Japan's My Number
and Korea's RRN mod 11, Australia's TFN and New Zealand's IRD weighted sums, Thailand's mod
11, Indonesia's NIK date) and by `veil.detection.engine.checksums` where it has not (Singapore's NRIC
letter, Australia's Medicare digit, the Hong Kong and Taiwan ID checks). A value that fails
its check is not reported.

Bare digit runs that one number in ten or eleven passes (Aadhaar, My Number, TFN, IRD,
Medicare, the Thai and Indonesian numbers) are reported only near the context words DLP lists
for them; shapes no other number has (a PAN, a GSTIN, an NRIC, an 18-character Chinese ID)
are reported on their own and lifted by those words.
"""
from __future__ import annotations

from stdnum.au import tfn
from stdnum.cn import ric
from stdnum.id import nik
from stdnum.in_ import aadhaar, gstin, pan
from stdnum.jp import in_ as my_number
from stdnum.kr import rrn
from stdnum.nz import ird
from stdnum.th import pin

from veil.detection.engine.checksums import (
    australia_medicare_valid, hong_kong_id_valid, singapore_nric_valid, taiwan_id_valid,
)
from veil.detection.engine.detectors import DIGIT, hotword, pattern
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.european import (
    bare_checked, checked, checked_near, compact, on_compact,
)
from veil.detection.infotypes.formats import CheckedSlots, shaped
from veil.transform.operators.surrogate_formats import Slots

L = Likelihood


def stdnum_valid(module, shape: str = r".+"):
    """A validity test over a value's letters and digits: its shape (a regex the compact
    value matches in full) and python-stdnum's `is_valid` for the scheme."""
    fits = shaped(shape)

    def valid(chars: str) -> bool:
        return fits(chars) and module.is_valid(chars)

    valid.__name__ = f"{module.__name__.rsplit('.', 1)[-1]}_valid"
    return valid


# --- India -------------------------------------------------------------------------------------

aadhaar_valid = stdnum_valid(aadhaar, r"[2-9]\d{11}")
INDIA_AADHAAR_INDIVIDUAL = InfoType(
    "INDIA_AADHAAR_INDIVIDUAL",
    "Indian Aadhaar numbers (twelve digits, the first 2-9, a Verhoeff check digit) near "
    "'Aadhaar' or 'UIDAI'.",
    detectors=(
        bare_checked(r"\b[2-9]\d{3}[ -]?\d{4}[ -]?\d{4}\b",
                     r"\b(?:aadhaa?r|aadhar|uidai|uid|unique identification)\b", aadhaar_valid),
    ),
    surrogate=CheckedSlots(aadhaar_valid, keep=1),
    score=5,
    direct=True,
    checksum=on_compact(aadhaar_valid),
    compatible=DIGIT_RUNS,
    examples=(("my Aadhaar is 2345 6789 0124", "2345 6789 0124"),),
)

_PAN = r"[A-Z]{3}P[A-Z]\d{4}[A-Z]"
pan_valid = stdnum_valid(pan, _PAN)
_PAN_HOTWORDS = r"\b(?:pan|permanent account number|income tax)\b"


def _make_pan(stream, chars: str) -> str:
    """An individual's PAN: letters and digits re-drawn, the fourth letter kept P."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    drawn = [stream.digit() if c.isdigit() else stream.choice(letters) for c in chars.upper()]
    drawn[3] = "P"
    return "".join(drawn)


INDIA_PAN_INDIVIDUAL = InfoType(
    "INDIA_PAN_INDIVIDUAL",
    "Indian Permanent Account Numbers of individuals (five letters, the fourth P, four digits, "
    "a letter).",
    detectors=(
        pattern(rf"\b{_PAN}\b", L.LIKELY, check=checked(pan_valid, L.LIKELY), trigger=DIGIT,
                hotwords=[hotword(_PAN_HOTWORDS, 60, fixed=L.VERY_LIKELY)]),
    ),
    surrogate=Slots(_make_pan),
    score=4,
    direct=True,
    checksum=on_compact(pan_valid),
    examples=(("PAN ABCPD1234E", "ABCPD1234E"),),
)

_GSTIN = r"\d{2}" + _PAN + r"[1-9A-Z]Z[0-9A-Z]"
gstin_valid = stdnum_valid(gstin, _GSTIN)
INDIA_GST_INDIVIDUAL = InfoType(
    "INDIA_GST_INDIVIDUAL",
    "Indian GST identification numbers of individuals (state code, the holder's PAN, entity "
    "number, Z, mod 36 check character).",
    detectors=(
        checked_near(rf"\b{_GSTIN}\b", r"\b(?:gstin?|goods and services tax)\b", gstin_valid),
    ),
    surrogate=CheckedSlots(gstin_valid, keep=6),
    score=4,
    direct=True,
    checksum=on_compact(gstin_valid),
    examples=(("GSTIN 27ABCPD1234E1ZE", "27ABCPD1234E1ZE"),),
)


# --- China, Japan, Korea, Taiwan, Hong Kong -----------------------------------------------------

china_ric_valid = stdnum_valid(ric, r"\d{17}[\dX]")
CHINA_RESIDENT_ID_NUMBER = InfoType(
    "CHINA_RESIDENT_ID_NUMBER",
    "Chinese resident identity card numbers (region, date of birth, serial, ISO 7064 MOD 11-2 "
    "check character).",
    detectors=(
        checked_near(
            r"\b\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]\b",
            r"(?:\b(?:resident id|identity card|id card|shenfenzheng)\b|"
            r"身份证)",
            china_ric_valid,
        ),
    ),
    surrogate=CheckedSlots(china_ric_valid, keep=8, date=(8, "YMD")),
    score=5,
    direct=True,
    checksum=on_compact(china_ric_valid),
    compatible=DIGIT_RUNS,
    examples=(("身份证 11010519491231002X", "11010519491231002X"),),
)

japan_in_valid = stdnum_valid(my_number, r"\d{12}")
JAPAN_INDIVIDUAL_NUMBER = InfoType(
    "JAPAN_INDIVIDUAL_NUMBER",
    "Japanese Individual Numbers (My Number: twelve digits, mod 11 check digit) near "
    "'My Number'.",
    detectors=(
        bare_checked(r"\b\d{4}[ -]?\d{4}[ -]?\d{4}\b",
                     r"(?:\b(?:my ?number|individual number|kojin bango)\b|マイナンバー|個人番号)",
                     japan_in_valid),
    ),
    surrogate=CheckedSlots(japan_in_valid),
    score=5,
    direct=True,
    checksum=on_compact(japan_in_valid),
    compatible=DIGIT_RUNS,
    examples=(("My Number 1234 5678 9018", "1234 5678 9018"),),
)

korea_rrn_valid = stdnum_valid(rrn, r"\d{13}")
KOREA_RRN = InfoType(
    "KOREA_RRN",
    "Korean resident registration numbers (date of birth, a digit for century and sex, the "
    "place of registration, mod 11 check digit).",
    detectors=(
        checked_near(
            r"\b\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-[1-8]\d{6}\b",
            r"(?:\b(?:rrn|resident registration)\b|주민등록번호|주민번호)",
            korea_rrn_valid,
            L.POSSIBLE,
        ),
    ),
    surrogate=CheckedSlots(korea_rrn_valid, date=(0, "YMD")),
    score=5,
    direct=True,
    checksum=on_compact(korea_rrn_valid),
    compatible=DIGIT_RUNS,
    examples=(("RRN 850412-1234561", "850412-1234561"),),
)

TAIWAN_ID_NUMBER = InfoType(
    "TAIWAN_ID_NUMBER",
    "Taiwanese national identification numbers (region letter, 1 or 2, eight digits, weighted "
    "check).",
    detectors=(
        checked_near(
            r"\b[A-Z][12]\d{8}\b",
            r"(?:\b(?:national id|id number|identity card)\b|身分證)",
            taiwan_id_valid,
        ),
    ),
    surrogate=CheckedSlots(taiwan_id_valid, keep=2),
    score=5,
    direct=True,
    checksum=on_compact(taiwan_id_valid),
    examples=(("ID A123456789", "A123456789"),),
)

HONG_KONG_ID_NUMBER = InfoType(
    "HONG_KONG_ID_NUMBER",
    "Hong Kong identity card numbers (one or two letters, six digits, mod 11 check in "
    "brackets).",
    detectors=(
        checked_near(
            r"\b[A-Z]{1,2}\d{6} ?\(?[\dA]\)?(?![\w)])",
            r"(?:\b(?:hkid|identity card|id card)\b|身份證)",
            hong_kong_id_valid,
        ),
    ),
    surrogate=CheckedSlots(hong_kong_id_valid, keep=1),
    score=5,
    direct=True,
    checksum=on_compact(hong_kong_id_valid),
    examples=(("HKID A123456(3)", "A123456(3)"),),
)


# --- Singapore, Thailand, Indonesia -------------------------------------------------------------

SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER = InfoType(
    "SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER",
    "Singapore NRIC and FIN numbers (S, T, F, G or M, seven digits, check letter).",
    detectors=(
        checked_near(
            r"\b[STFGM]\d{7}[A-Z]\b",
            r"\b(?:nric|fin|identity card|ic number|ic no)\b",
            singapore_nric_valid,
        ),
    ),
    surrogate=CheckedSlots(singapore_nric_valid, keep=1),
    score=5,
    direct=True,
    checksum=on_compact(singapore_nric_valid),
    examples=(("NRIC S1234567D", "S1234567D"),),
)

thai_pin_valid = stdnum_valid(pin, r"[1-8]\d{12}")
THAILAND_NATIONAL_ID_NUMBER = InfoType(
    "THAILAND_NATIONAL_ID_NUMBER",
    "Thai national ID numbers (thirteen digits, mod 11 check digit) near 'Thai ID'.",
    detectors=(
        bare_checked(r"\b[1-8][ -]?\d{4}[ -]?\d{5}[ -]?\d{2}[ -]?\d\b",
                     r"(?:\b(?:thai id|national id|id card|citizen id)\b|บัตรประชาชน|เลขประจำตัว)",
                     thai_pin_valid),
    ),
    surrogate=CheckedSlots(thai_pin_valid, keep=1),
    score=5,
    direct=True,
    checksum=on_compact(thai_pin_valid),
    compatible=DIGIT_RUNS,
    examples=(("Thai ID 1-2345-67890-12-1", "1-2345-67890-12-1"),),
)

nik_valid = stdnum_valid(nik, r"\d{16}")
INDONESIA_NIK_NUMBER = InfoType(
    "INDONESIA_NIK_NUMBER",
    "Indonesian NIK numbers (sixteen digits: region, date of birth, serial) near 'NIK' or "
    "'KTP'.",
    detectors=(
        bare_checked(r"\b\d{6}[ .-]?\d{6}[ .-]?\d{4}\b",
                     r"\b(?:nik|ktp|nomor induk|kependudukan)\b", nik_valid),
    ),
    surrogate=CheckedSlots(nik_valid, keep=6, check=4, date=(6, "DMY")),
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("NIK 3171011408760001", "3171011408760001"),),
)


# --- Australia, New Zealand ---------------------------------------------------------------------

tfn_valid = stdnum_valid(tfn, r"\d{8,9}")
AUSTRALIA_TAX_FILE_NUMBER = InfoType(
    "AUSTRALIA_TAX_FILE_NUMBER",
    "Australian tax file numbers (eight or nine digits, weighted mod 11 sum) near 'TFN'.",
    detectors=(
        bare_checked(r"\b\d{3} ?\d{3} ?\d{2,3}\b", r"\b(?:tfn|tax file)\b", tfn_valid),
    ),
    surrogate=CheckedSlots(tfn_valid),
    score=5,
    direct=True,
    checksum=on_compact(tfn_valid),
    compatible=DIGIT_RUNS,
    examples=(("TFN 123 456 782", "123 456 782"),),
)
AUSTRALIA_MEDICARE_NUMBER = InfoType(
    "AUSTRALIA_MEDICARE_NUMBER",
    "Australian Medicare card numbers (ten digits, the first 2-6, the ninth a check digit, "
    "optional position digit) near 'Medicare'.",
    detectors=(
        bare_checked(r"\b[2-6]\d{3} ?\d{5}(?: ?\d(?:[ -]?\d)?)?\b", r"\bmedicare\b",
                     australia_medicare_valid),
    ),
    surrogate=CheckedSlots(australia_medicare_valid, keep=1, check=0),
    score=5,
    direct=True,
    # The check digit is the ninth; the last is the card's issue number.
    checksum=lambda value: australia_medicare_valid(compact(value)),
    compatible=DIGIT_RUNS,
    examples=(("Medicare 2123 45670", "2123 45670"),),
)

ird_valid = stdnum_valid(ird, r"\d{8,9}")
NEW_ZEALAND_IRD_NUMBER = InfoType(
    "NEW_ZEALAND_IRD_NUMBER",
    "New Zealand IRD numbers (eight or nine digits, mod 11 check digit) near 'IRD'.",
    detectors=(
        bare_checked(r"\b\d{2,3}-?\d{3}-?\d{3}\b", r"\b(?:ird|inland revenue|tax number)\b",
                     ird_valid),
    ),
    surrogate=CheckedSlots(ird_valid),
    score=5,
    direct=True,
    checksum=on_compact(ird_valid),
    compatible=DIGIT_RUNS,
    examples=(("IRD 49-091-850", "49-091-850"),),
)


ENTRIES = (
    INDIA_AADHAAR_INDIVIDUAL, INDIA_PAN_INDIVIDUAL, INDIA_GST_INDIVIDUAL,
    CHINA_RESIDENT_ID_NUMBER, JAPAN_INDIVIDUAL_NUMBER, KOREA_RRN, TAIWAN_ID_NUMBER,
    HONG_KONG_ID_NUMBER, SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER, THAILAND_NATIONAL_ID_NUMBER,
    INDONESIA_NIK_NUMBER, AUSTRALIA_TAX_FILE_NUMBER, AUSTRALIA_MEDICARE_NUMBER,
    NEW_ZEALAND_IRD_NUMBER,
)


# --- Further identifiers: New Zealand's NHI, Japanese bank accounts --------------------------

from veil.detection.engine.checksums import new_zealand_nhi_valid  # noqa: E402
from veil.detection.engine.detectors import gated  # noqa: E402
from veil.transform.operators.surrogate_formats import like_value  # noqa: E402

NEW_ZEALAND_NHI_NUMBER = InfoType(
    "NEW_ZEALAND_NHI_NUMBER",
    "New Zealand National Health Index numbers (three letters, three digits, mod 11 check "
    "digit).",
    detectors=(
        checked_near(
            r"\b[A-HJ-NP-Z]{3}\d{4}\b",
            r"\b(?:nhi|national health index|health number)\b",
            new_zealand_nhi_valid,
            L.POSSIBLE,
            checked_likelihood=L.LIKELY,
        ),
    ),
    surrogate=CheckedSlots(new_zealand_nhi_valid),
    score=5,
    direct=True,
    checksum=on_compact(new_zealand_nhi_valid),
    examples=(("NHI ZAC5361", "ZAC5361"),),
)
JAPAN_BANK_ACCOUNT = InfoType(
    "JAPAN_BANK_ACCOUNT",
    "Japanese bank account numbers (seven digits) near '口座番号' or 'account number'.",
    detectors=(
        gated(r"(?<!\d)\d{7}(?!\d)",
              r"(?:\b(?:bank account|account (?:number|no)|kouza)\b|口座番号|口座)",
              trigger=DIGIT),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("口座番号 1234567", "1234567"),),
)

ENTRIES = (*ENTRIES, NEW_ZEALAND_NHI_NUMBER, JAPAN_BANK_ACCOUNT)
