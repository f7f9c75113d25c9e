"""Catalogue entries for DLP's payment details and general types.

- payment details: card security codes (CVV_NUMBER), card expiry dates, account numbers, the
  routing number on a cheque's MICR line;
- the US Medicare Beneficiary Identifier;
- DLP's general types, which report what several specific types find under one name:
  DRIVERS_LICENSE_NUMBER (every driving licence Veil knows), GOVERNMENT_ID (every national
  ID, tax number and passport), FINANCIAL_ID (card, IBAN and bank account numbers, and the
  SCHUFA ID of Germany's credit bureau), DEMOGRAPHIC_DATA (ages, gender terms, ethnic
  groups), and MALE_NAME and FEMALE_NAME (the PERSON_NAME detectors:
  Veil does not tell a man's name from a woman's, so both report every person name found,
  under the name the config asked for).

A general type's detectors are its members' detectors, renamed by the entry; a config that
lists a general type and one of its members gets both findings on the same span, and merging
keeps one of them, as with any two types.
"""
from __future__ import annotations

from dataclasses import dataclass

from veil.detection.engine.checksums import aba_routing_valid
from veil.detection.engine.detectors import DIGIT, PatternDetector, gated, pattern
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes import asia_pacific, european, names, numbers, regional, text
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.formats import CheckedSlots, shaped
from veil.transform.operators.surrogate_formats import Slots, like_value, make_routing

L = Likelihood

CVV_NUMBER = InfoType(
    "CVV_NUMBER",
    "Card security codes (three or four digits) right after 'CVV', 'CVC' or 'security code'.",
    detectors=(
        gated(r"\b\d{3,4}\b",
              r"\b(?:cvv2?|cvc2?|cid|csc|security code|card verification(?: value| code)?)\b",
              window=25, trigger=DIGIT),
    ),
    surrogate=like_value,
    score=3,
    compatible=DIGIT_RUNS,
    examples=(("card 4111 ... CVV 123", "123"),),
)
_EXPIRY = r"(?:0[1-9]|1[0-2]) ?/ ?(?:\d{2}|20\d{2})"
CREDIT_CARD_EXPIRATION_DATE = InfoType(
    "CREDIT_CARD_EXPIRATION_DATE",
    "Card expiry dates (MM/YY, MM/YYYY) near 'exp', 'expiry' or 'valid thru'.",
    detectors=(
        gated(rf"\b{_EXPIRY}\b",
              r"\b(?:exp\w*|valid (?:thru|through|until)|good thru)\b", window=30,
              trigger="/"),
    ),
    surrogate=CheckedSlots(shaped(r"(?:0[1-9]|1[0-2])(?:\d{2}|20\d{2})"), check=0),
    score=2,
    examples=(("expires 09/27", "09/27"),),
)
FINANCIAL_ACCOUNT_NUMBER = InfoType(
    "FINANCIAL_ACCOUNT_NUMBER",
    "Bank and financial account numbers (8-17 digits) near 'account' or 'acct'.",
    detectors=(
        gated(r"\b\d{4}[- ]?\d{4}(?:[- ]?\d{1,9})?\b",
              r"\b(?:account|acct|a/c|kontonummer|n[uú]mero de cuenta)\b", trigger=DIGIT),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("checking account 000123456789", "000123456789"),),
)


def _micr_check(match) -> Likelihood | None:
    return L.VERY_LIKELY if aba_routing_valid(match.group(1)) else None


US_BANK_ROUTING_MICR = InfoType(
    "US_BANK_ROUTING_MICR",
    "US routing numbers in a cheque's MICR line, between transit symbols (⑆, or 'T' or ':' "
    "as OCR writes them), ABA checksum-valid.",
    detectors=(
        pattern(r"(?:⑆|\bT|:)(\d{9})(?:⑆|T\b|:)", L.VERY_LIKELY, group=1, check=_micr_check,
                method=Method.CHECKSUM, trigger=DIGIT),
    ),
    surrogate=Slots(make_routing),
    score=3,
    checksum=aba_routing_valid,
    examples=(("⑆021000021⑆ 123456789⑈ 0101", "021000021"),),
)

_MBI_LETTER = "AC-HJKMNP-RT-Y"
_MBI = (rf"[1-9][{_MBI_LETTER}][{_MBI_LETTER}0-9]\d-?[{_MBI_LETTER}][{_MBI_LETTER}0-9]\d-?"
        rf"[{_MBI_LETTER}]{{2}}\d{{2}}")
US_MEDICARE_BENEFICIARY_ID_NUMBER = InfoType(
    "US_MEDICARE_BENEFICIARY_ID_NUMBER",
    "US Medicare Beneficiary Identifiers (MBI: eleven characters in CMS's letter and digit "
    "positions).",
    detectors=(
        pattern(rf"\b{_MBI}\b", L.LIKELY, trigger=DIGIT),
    ),
    surrogate=CheckedSlots(shaped(_MBI.replace("-?", "")), check=0),
    score=5,
    direct=True,
    examples=(("Medicare number 1EG4-TE5-MK73", "1EG4-TE5-MK73"),),
)


# DLP documents no format for a SCHUFA ID (the key of Germany's credit bureau to one person),
# so Veil takes what follows the word: six to twelve digits, after up to three letters.
GERMANY_SCHUFA_ID = InfoType(
    "GERMANY_SCHUFA_ID",
    "German SCHUFA IDs (the credit bureau's number for one person): six to twelve digits, "
    "after up to three letters, within 40 characters after 'SCHUFA'.",
    detectors=(
        gated(r"\b(?!ID\b)(?:[A-Z]{1,3}[- ]?)?\d{6,12}\b", r"\bschufa\b", window=40,
              trigger=DIGIT),
    ),
    surrogate=like_value,
    score=5,
    direct=True,
    compatible=DIGIT_RUNS,
    examples=(("meine SCHUFA-ID lautet 4471029385", "4471029385"),
              ("SCHUFA Kundennummer H 88231457", "H 88231457")),
)


def _renamed(*entries: InfoType) -> tuple:
    """The detectors of `entries`, to be renamed by the general entry that lists them."""
    return tuple(d for entry in entries for d in entry.detectors)


@dataclass(frozen=True)
class MemberFormat:
    """A general type's surrogate format: the format of the member type whose pattern the
    value matches in full (an NI number gets an NI number, checksum and all), else
    `like_value`."""

    members: tuple[InfoType, ...]

    @property
    def __name__(self) -> str:  # read by scripts/render_infotypes_doc.py
        return "MemberFormat"

    def member_of(self, value: str) -> InfoType | None:
        for member in self.members:
            for detector in member.detectors:
                if not isinstance(detector, PatternDetector) or detector.group:
                    continue
                match = detector.pattern.fullmatch(value)
                if match and (detector.check is None or detector.check(match) is not None):
                    return member
        return None

    def __call__(self, surrogates, entity, finding, value: str) -> str | None:
        member = self.member_of(value)
        surrogate = member.surrogate if member is not None else like_value
        return surrogate(surrogates, entity, finding, value)


_LICENCES = (regional.US_DRIVERS_LICENSE_NUMBER, regional.CANADA_DRIVERS_LICENSE_NUMBER,
             european.UK_DRIVERS_LICENSE_NUMBER)
_GOVERNMENT_IDS = (numbers.US_SOCIAL_SECURITY_NUMBER, numbers.CANADA_SOCIAL_INSURANCE_NUMBER,
                   numbers.PASSPORT, regional.US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER,
                   *european.UK, *european.EU)

_FINANCIAL_IDS = (numbers.CREDIT_CARD_NUMBER, numbers.IBAN_CODE, FINANCIAL_ACCOUNT_NUMBER,
                  regional.CANADA_BANK_ACCOUNT, asia_pacific.JAPAN_BANK_ACCOUNT,
                  GERMANY_SCHUFA_ID)

def _general(name: str, description: str, members: tuple[InfoType, ...], examples: tuple,
             compatible: frozenset[str] = frozenset(), score: int = 5,
             direct: bool = True) -> InfoType:
    """A DLP general type: its members' detectors under its name, each value surrogated in
    its member's format. By default its members identify a person directly, so it does too;
    a general type over quasi-identifiers gives their score instead."""
    return InfoType(name, description, detectors=_renamed(*members),
                    surrogate=MemberFormat(members), score=score, direct=direct,
                    compatible=compatible, examples=examples)


DRIVERS_LICENSE_NUMBER = _general(
    "DRIVERS_LICENSE_NUMBER",
    "Driving licence numbers of every country Veil knows (US, Canada, UK).",
    _LICENCES, (("driver's license D1234567", "D1234567"),))
GOVERNMENT_ID = _general(
    "GOVERNMENT_ID",
    "Government identifiers of every country Veil knows: national IDs, social security, tax "
    "and health numbers, passports.",
    _GOVERNMENT_IDS,
    (("my NI number is AB 12 34 56 C", "AB 12 34 56 C"),
     ("passport number 123456789", "123456789")),
    compatible=DIGIT_RUNS)
FINANCIAL_ID = _general(
    "FINANCIAL_ID",
    "A person's private financial numbers: card numbers, IBANs, account numbers near "
    "'account', Canadian and Japanese bank accounts, SCHUFA IDs.",
    _FINANCIAL_IDS,
    (("card 4111 1111 1111 1111", "4111 1111 1111 1111"),
     ("IBAN GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32")),
    compatible=DIGIT_RUNS)
# Age, gender and ethnicity each identify nobody alone (quasi-identifiers, scored 1 as their
# members are); DEMOGRAPHIC_DATA reports the three under one name.
DEMOGRAPHIC_DATA = _general(
    "DEMOGRAPHIC_DATA",
    "Demographic facts about a person: ages, gender terms and ethnic groups (AGE, GENDER, "
    "ETHNIC_GROUP) under one name.",
    (text.AGE, text.GENDER, text.ETHNIC_GROUP),
    (("she is 34 years old", "34"), ("I'm Hispanic", "Hispanic")),
    score=1, direct=False)


def _person_name_as(name: str, description: str, example: str) -> InfoType:
    return InfoType(
        name,
        description,
        detectors=names.PERSON_NAME.detectors,
        surrogate=like_value,  # as FIRST_NAME: entity resolution builds people for PERSON_NAME only
        examples=((f"Hi, my name is {example}.", example),),
    )


MALE_NAME = _person_name_as(
    "MALE_NAME", "DLP's male names: every person name PERSON_NAME finds, under this name.",
    "David Green")
FEMALE_NAME = _person_name_as(
    "FEMALE_NAME", "DLP's female names: every person name PERSON_NAME finds, under this name.",
    "Rachel Green")

ENTRIES = (CVV_NUMBER, CREDIT_CARD_EXPIRATION_DATE, FINANCIAL_ACCOUNT_NUMBER,
           US_BANK_ROUTING_MICR, US_MEDICARE_BENEFICIARY_ID_NUMBER, DRIVERS_LICENSE_NUMBER,
           GOVERNMENT_ID, MALE_NAME, FEMALE_NAME, GERMANY_SCHUFA_ID, FINANCIAL_ID,
           DEMOGRAPHIC_DATA)
