"""Catalogue entries for national identifiers of Latin America, under Google Cloud DLP's
names: Brazil (CPF), Mexico (CURP), Argentina, Chile, Colombia, Peru, Paraguay, Uruguay and
Venezuela.

Check digits where the number has one: the CPF's two mod 11 digits, the CURP's weighted mod
10 digit (python-stdnum), Chile's RUT mod 11 (K for 10, python-stdnum) and Uruguay's cédula
digit (`veil.detection.engine.checksums`). A value that fails its check is not reported.

The Argentine DNI, the Colombian cédula, the Peruvian DNI, the Paraguayan cédula and the
Venezuelan cédula are plain serial numbers without a check digit: like DLP, which gives such
numbers a low likelihood without context, Veil reports them only near their context words.
"""
from __future__ import annotations

from stdnum.br import cpf
from stdnum.cl import rut
from stdnum.mx import curp

from veil.detection.engine.checksums import uruguay_ci_valid
from veil.detection.engine.detectors import DIGIT, gated
from veil.detection.findings import Likelihood
from veil.detection.infotypes.asia_pacific import stdnum_valid
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.european import bare_checked, checked_near, on_compact
from veil.detection.infotypes.formats import CheckedSlots, shaped
from veil.transform.operators.surrogate_formats import Slots, like_value

L = Likelihood

cpf_valid = stdnum_valid(cpf, r"(?!(\d)\1{10})\d{11}")  # 111.111.111-11 is never issued
_CPF_HOTWORDS = r"\b(?:cpf|cadastro de pessoas? f[íi]sicas?|contribuinte)\b"
BRAZIL_CPF_NUMBER = InfoType(
    "BRAZIL_CPF_NUMBER",
    "Brazilian CPF numbers (nine digits and two mod 11 check digits, written NNN.NNN.NNN-NN "
    "or bare near 'CPF').",
    detectors=(
        checked_near(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])", _CPF_HOTWORDS, cpf_valid),
        bare_checked(r"\b\d{11}\b", _CPF_HOTWORDS, cpf_valid),
    ),
    surrogate=CheckedSlots(cpf_valid, check=2),
    score=5,
    direct=True,
    checksum=on_compact(cpf_valid),
    compatible=DIGIT_RUNS,
    examples=(("meu CPF é 529.982.247-25", "529.982.247-25"), ("CPF 52998224725", "52998224725")),
)

_CURP = r"[A-Z][AEIOUX][A-Z]{2}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d"
curp_valid = stdnum_valid(curp, _CURP)
_CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"


def _make_curp(stream, chars: str) -> str | None:
    """A CURP re-drawn in its own shape: new name letters (the vowel kept), a real date, the
    sex and state kept, new consonants, and the check digit that makes it valid."""
    chars = chars.upper()
    if len(chars) != 18:
        return None
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    date = f"{stream.below(100):02d}{1 + stream.below(12):02d}{1 + stream.below(28):02d}"
    body = (stream.choice(letters) + chars[1] + stream.choice(letters) + stream.choice(letters)
            + date + chars[10:13] + "".join(stream.choice(_CONSONANTS) for _ in range(3))
            + chars[16])
    return next((body + d for d in "0123456789" if curp_valid(body + d)), None)


MEXICO_CURP_NUMBER = InfoType(
    "MEXICO_CURP_NUMBER",
    "Mexican CURP codes (name letters, date of birth, sex, state, consonants, weighted mod 10 "
    "check digit).",
    detectors=(
        checked_near(
            rf"\b{_CURP}\b",
            r"\b(?:curp|clave [úu]nica|registro de poblaci[óo]n)\b",
            curp_valid,
        ),
    ),
    surrogate=Slots(_make_curp),
    score=5,
    direct=True,
    checksum=on_compact(curp_valid),
    examples=(("CURP BOXW310820HNERXN09", "BOXW310820HNERXN09"),),
)

rut_valid = stdnum_valid(rut, r"\d{7,8}[\dK]")
CHILE_CDI_NUMBER = InfoType(
    "CHILE_CDI_NUMBER",
    "Chilean RUN/RUT numbers (seven or eight digits and a mod 11 check character, K for 10).",
    detectors=(
        checked_near(
            r"(?<![\d.])\d{1,2}\.?\d{3}\.?\d{3}-[\dkK](?![\w-])",
            r"\b(?:rut|run|c[ée]dula|carnet|rol [úu]nico)\b",
            rut_valid,
            L.POSSIBLE,
        ),
    ),
    surrogate=CheckedSlots(rut_valid),
    score=5,
    direct=True,
    checksum=on_compact(rut_valid),
    compatible=DIGIT_RUNS,
    examples=(("RUT 12.345.678-5", "12.345.678-5"),),
)

URUGUAY_CDI_NUMBER = InfoType(
    "URUGUAY_CDI_NUMBER",
    "Uruguayan cédulas de identidad (up to seven digits and a weighted mod 10 check digit) near "
    "'cédula' or 'CI'.",
    detectors=(
        bare_checked(r"(?<![\d.])\d\.?\d{3}\.?\d{3}-?\d(?![\d-])",
                     r"\b(?:c[ée]dula|ci|documento de identidad)\b", uruguay_ci_valid),
    ),
    surrogate=CheckedSlots(uruguay_ci_valid),
    score=5,
    direct=True,
    checksum=on_compact(uruguay_ci_valid),
    compatible=DIGIT_RUNS,
    examples=(("cédula 1.234.567-2", "1.234.567-2"),),
)


def _serial(name: str, description: str, regex: str, hotwords: str, example: tuple,
            surrogate=like_value) -> InfoType:
    """A national serial number without a check digit: reported only near its context words."""
    return InfoType(name, description, detectors=(gated(regex, hotwords, trigger=DIGIT),),
                    surrogate=surrogate, score=5, direct=True, compatible=DIGIT_RUNS,
                    examples=(example,))


ARGENTINA_DNI_NUMBER = _serial(
    "ARGENTINA_DNI_NUMBER",
    "Argentine DNI numbers (seven or eight digits, often dotted) near 'DNI'.",
    r"(?<![\d.])\d{1,2}\.?\d{3}\.?\d{3}(?![\d.-])",
    r"\b(?:dni|documento nacional|documento de identidad)\b",
    ("DNI 34.567.890", "34.567.890"))
COLOMBIA_CDC_NUMBER = _serial(
    "COLOMBIA_CDC_NUMBER",
    "Colombian cédulas de ciudadanía (six to ten digits) near 'cédula'.",
    r"(?<![\d.])\d{1,3}(?:\.?\d{3}){1,3}(?![\d.-])",
    r"\b(?:c[ée]dula(?: de ciudadan[íi]a)?|cc)\b",
    ("cédula de ciudadanía 1.020.304.050", "1.020.304.050"))
PERU_DNI_NUMBER = _serial(
    "PERU_DNI_NUMBER",
    "Peruvian DNI numbers (eight digits, an optional check character) near 'DNI'.",
    r"(?<![\d-])\d{8}(?:-?[\dA-K])?(?![\d-])",
    r"\b(?:dni|documento nacional de identidad)\b",
    ("DNI 45678912", "45678912"))
PARAGUAY_CIC_NUMBER = _serial(
    "PARAGUAY_CIC_NUMBER",
    "Paraguayan cédulas de identidad civil (five to seven digits) near 'cédula'.",
    r"(?<![\d.])\d{1,3}\.?\d{3}(?![\d.-])|(?<![\d.])\d\.?\d{3}\.?\d{3}(?![\d.-])",
    r"\b(?:c[ée]dula|cic|identidad civil)\b",
    ("cédula 4.123.456", "4.123.456"))
VENEZUELA_CDI_NUMBER = _serial(
    "VENEZUELA_CDI_NUMBER",
    "Venezuelan cédulas de identidad (V or E, six to eight digits) near 'cédula'.",
    r"\b[VEve]-?\d{1,2}\.?\d{3}\.?\d{3}\b",
    r"\b(?:c[ée]dula|ci|documento de identidad)\b",
    ("cédula V-12.345.678", "V-12.345.678"),
    surrogate=CheckedSlots(shaped(r"[VE]\d{6,8}"), keep=1, check=0))

ENTRIES = (
    BRAZIL_CPF_NUMBER, MEXICO_CURP_NUMBER, CHILE_CDI_NUMBER, URUGUAY_CDI_NUMBER,
    ARGENTINA_DNI_NUMBER, COLOMBIA_CDC_NUMBER, PERU_DNI_NUMBER, PARAGUAY_CIC_NUMBER,
    VENEZUELA_CDI_NUMBER,
)
