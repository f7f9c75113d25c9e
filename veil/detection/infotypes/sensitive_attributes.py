"""Catalogue entries for DLP's sensitive attributes: what a person says about their body or
their past, rather than a number that points at them.

- BLOOD_TYPE: an ABO group with its Rh sign or word ("O+", "AB negative"), or a bare group
  right after "blood type"/"blood group"; only just after the word "blood", because "a positive"
  and "B-" are ordinary English and grades;
- CRIME_STATUS: phrases that say someone has a criminal past or is under a sentence
  ("criminal record", "on parole", "convicted of", "served time").

DLP finds both with classifiers over meaning; Veil has word lists and context instead, which
miss what the lists do not name and cannot tell who the sentence is about (docs/infotypes.md
says how each differs). Both are special-category data (health, GDPR Art. 9; offences,
Art. 10) but identify nobody alone, so they score as MEDICAL_TERM does and stay out of the
default call_transcripts profile: a user's DLP template can name them.
"""
from __future__ import annotations

from veil.detection.engine.detectors import gated, pattern, scanner
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import InfoType
from veil.detection.infotypes.text import word_list_scanner
from veil.transform.operators.surrogate_formats import blood_type, like_value

L = Likelihood

_ABO = r"(?:AB|A|B|O|ab|a|b|o)"
_RH = r"(?:\s?[+\-−]|\s(?:rh\s?)?(?:positive|negative|pos|neg)\b|\s(?:Rh\s?)?(?:Positive|Negative)\b)"
BLOOD_TYPE = InfoType(
    "BLOOD_TYPE",
    "ABO blood groups with their Rh factor (O+, AB negative), near the word 'blood'; a bare "
    "group right after 'blood type' or 'blood group'.",
    detectors=(
        gated(rf"(?<![\w+\-]){_ABO}{_RH}(?![\w+\-])", r"\bblood\b", window=20),
        pattern(rf"(?i)\bblood (?:type|group)(?: is)? ({_ABO})\b(?!\s?[+\-−]|\s(?:rh\s?)?(?:positive|negative|pos|neg)\b)", L.LIKELY, group=1,
                trigger="lood"),
    ),
    surrogate=blood_type,
    score=1,
    examples=(("my blood type is O+", "O+"),
              ("blood group AB negative", "AB negative"),
              ("what's your blood type a positive", "a positive"),
              ("her blood type is B", "B")),
)

# Phrases that say a person has a criminal past or lives under a sentence. Whole words,
# case-insensitive; each names the status itself, so "the criminal court", "a prison film" or
# "the sex offender register" (the register, not someone on it) are not on the list.
_CRIME_PHRASES = (
    "criminal record|criminal records|criminal history|criminal conviction|"
    "criminal convictions|criminal background|previous conviction|previous convictions|"
    "prior conviction|prior convictions|spent conviction|spent convictions|"
    "felony conviction|felony convictions|convicted felon|convicted of|was convicted|"
    "been convicted|got convicted|ex-convict|ex-con|ex-offender|ex-prisoner|"
    "on parole|parole officer|out on parole|probation officer|"
    "served time|did time|doing time|served a sentence|serving a sentence|"
    "serving time|jail time|prison sentence|prison term|suspended sentence|"
    "custodial sentence|community sentence|house arrest|ankle monitor|electronic tag|"
    "registered sex offender|"
    "pleaded guilty|pled guilty|found guilty|was arrested|got arrested|been arrested|"
    "were arrested|was charged with|been charged with|got charged with|rap sheet|"
    "released from prison|released from jail|got out of prison|got out of jail|"
    "was in prison|was in jail|been in prison|been in jail|dui conviction|dwi conviction"
)
CRIME_STATUS = InfoType(
    "CRIME_STATUS",
    "Phrases that say someone has a criminal past or is under a sentence (criminal record, "
    "on parole, convicted of, served time).",
    detectors=(scanner(**word_list_scanner(_CRIME_PHRASES, L.POSSIBLE)),),
    surrogate=like_value,
    score=1,
    examples=(("I have a criminal record from years ago", "criminal record"),
              ("he is on parole until March", "on parole"),
              ("i served time in my twenties", "served time")),
)

ENTRIES = (BLOOD_TYPE, CRIME_STATUS)
