"""Catalogue entries for what callers say about where they live and what they carry, as
people say it and as speech recognisers write it (lower-case, without sentence punctuation).

- UK_POSTAL_CODE: UK postcodes ("SW1A 1AA", and "sw1a 1aa" in a lower-case transcript);
- LICENSE_PLATE_NUMBER: UK and French plates by their shape, German, Spanish, Italian and
  US plates only near a hotword ("plate", "registration", "reg");
- more detectors for existing entries, added here so that their own modules stay as they are:
  STREET_ADDRESS (French, German, Dutch, Spanish, Italian and Portuguese street addresses:
  "9 Rue de la Paix", "Hauptstraße 5", "Calle Mayor 12"), CREDIT_CARD_EXPIRATION_DATE (expiry
  dates said aloud: "expires oh nine twenty seven"), PASSPORT ("k1234567" after "passport")
  and IBAN_CODE (their own patterns in any case, and the start of an IBAN said after "IBAN"),
  UK_NATIONAL_INSURANCE_NUMBER ("ab 12 34 56 c" near its name, as ASR writes it), and Irish
  Eircodes and PPS numbers the same way ("d02 x285" near "eircode", "postcode" or "address";
  "1234567ta" near "pps"),
  LOCATION (streets named without a house number, and corners: `street_names`), USER_NAME
  (words joined by "underscore" said aloud);
- postcodes, plates and usernames said letter by letter, in `said_aloud`.

`EXTENDED` holds the existing entries with their added detectors; `veil.detection.infotypes.builtin`
puts them in place of the originals.
"""
from __future__ import annotations

import re
from dataclasses import replace

from veil.detection.engine.place_scanners import FRENCH_STREETS, GERMAN_STREETS, SOUTHERN_STREETS
from veil.detection.engine.word_lists import common_words
from veil.detection.engine.checksums import ireland_ppsn_valid
from veil.detection.engine.detectors import DIGIT, gated, hotword, pattern
from veil.detection.findings import Likelihood
from veil.detection.infotypes import european, general, numbers, text
from veil.detection.infotypes.catalogue import DIGIT_RUNS, InfoType
from veil.detection.infotypes.european import checked
from veil.detection.infotypes.said_aloud import (
    DIGIT_SAID, NUMBER_SAID, POSTCODE_HOTWORD, SPOKEN_CANADA_POSTAL_CODE, SPOKEN_EIRCODE,
    SPOKEN_HANDLE, SPOKEN_UK_POSTCODE, SPOKEN_USERNAME, STREET_TYPE_WORDS, UNIT_WORDS, UNITS_SAID,
    spoken_codes, spoken_plates,
)
from veil.detection.infotypes.street_names import LOCATION
from veil.transform.operators.surrogate_formats import Slots, like_value, make_generic

L = Likelihood

# --- UK_POSTAL_CODE --------------------------------------------------------------------------

# Outward code (area letters, district digit, optional letter or digit), a space, inward code
# (a digit and two letters). "2nd", "3rd" are ordinals, not inward codes.
_UK_POSTCODE = (
    r"\b(?i:[a-z]{1,2}\d[a-z\d]?[ \t]?(?!\d(?:st|nd|rd|th)\b)\d[abd-hjlnp-uw-z]{2})\b"
)


def _postcode_check(match: "re.Match[str]") -> Likelihood | None:
    """Written in capitals a postcode is likely; in lower case, only possible."""
    value = match.group(0)
    return L.LIKELY if value.upper() == value else L.POSSIBLE


UK_POSTAL_CODE = InfoType(
    "UK_POSTAL_CODE",
    "UK postcodes (SW1A 1AA), in capitals or in a lower-case transcript.",
    detectors=(
        pattern(_UK_POSTCODE, L.LIKELY, check=_postcode_check, trigger=DIGIT,
                hotwords=[hotword(POSTCODE_HOTWORD, 40, fixed=L.VERY_LIKELY)]),
        # Said aloud, near "postcode" or closing an address ("s w one a one a a"):
        # veil.detection.infotypes.said_aloud.
        SPOKEN_UK_POSTCODE,
    ),
    surrogate=like_value,
    score=2,
    compatible=DIGIT_RUNS,
    examples=(("the postcode is SW1A 1AA", "SW1A 1AA"), ("it's sw1a 1aa", "sw1a 1aa")),
)


# --- LICENSE_PLATE_NUMBER --------------------------------------------------------------------

_PLATE_HOTWORD = (r"\b(?:(?:number |licen[cs]e |registration )?plates?|registration|reg|"
                  r"kennzeichen|immatriculation|matr[ií]cula|targa|kenteken)\b")


# Three-letter words that, before or after digits, are no plate ("was 2020", "for 120").
_SHORT_WORDS = (r"(?:was|the|and|for|are|its|our|his|her|not|now|you|one|two|six|ten|has|had|"
                r"see|can|got|but|all|any|per|who|why|how|new|old|yes|off|out|set|get|day|reg|tag)\b")


def _plate_check(match: "re.Match[str]") -> Likelihood | None:
    """A US plate has five to eight letters and digits, with at least one of each."""
    us = match.group("us")
    if us is None:
        return L.VERY_UNLIKELY
    chars = us.replace(" ", "").replace("-", "")
    if 5 <= len(chars) <= 8 and any(c.isdigit() for c in chars) and \
            any(c.isalpha() for c in chars):
        return L.VERY_UNLIKELY
    return None


LICENSE_PLATE_NUMBER = InfoType(
    "LICENSE_PLATE_NUMBER",
    "Vehicle registration plates: UK (AB12 CDE) and French (AB-123-CD) by their shape; "
    "German, Spanish, Italian and US plates near 'plate', 'registration' or 'reg'.",
    detectors=(
        # UK since 2001 and France since 2009, in capitals: distinctive shapes.
        pattern(r"\b[A-Z]{2}\d{2}[ \t]?[A-Z]{3}\b|\b[A-Z]{2}-\d{3}-[A-Z]{2}\b", L.LIKELY,
                trigger=DIGIT, hotwords=[hotword(_PLATE_HOTWORD, 40, fixed=L.VERY_LIKELY)]),
        # The same in lower case, Germany (M-AB 1234), Spain (1234 BCD), Italy (AB 123 CD),
        # and the US (group `us`: five to eight letters and digits with at least one of each,
        # "7ABC123", or three letters and three or four digits, "ABC 1234"): only after a
        # hotword. One pattern, so that a text pays for one scan.
        gated(r"(?i)\b(?:[a-z]{2}\d{2}[ \t]?[a-z]{3}|[a-z]{2}-\d{3}-[a-z]{2}"
              r"|[a-zäöü]{1,3}[ -][a-z]{1,2}[ -]\d{1,4}[eh]?|\d{4}[ -]?[bcdfghjklmnprstvwxyz]{3}"
              r"|[a-z]{2}[ -]?\d{3}[ -]?[a-z]{2}"
              r"|(?P<us>[a-z]{0,7}\d[a-z0-9]{0,7}|(?!" + _SHORT_WORDS + r")[a-z]{3}[ -]\d{3,4}|"
              r"\d{3}[ -](?!" + _SHORT_WORDS + r")[a-z]{3}))\b",
              _PLATE_HOTWORD, lifted=L.VERY_LIKELY, window=40, check=_plate_check,
              trigger=DIGIT),
        # Said aloud, near a hotword ("l m sixty four x y z", "seven a b c one two three").
        *spoken_plates(_PLATE_HOTWORD),
    ),
    surrogate=Slots(make_generic),
    score=4,
    compatible=DIGIT_RUNS,
    aliases=("LICENSE_PLATE", "VEHICLE_REGISTRATION"),
    examples=(("the plate is AB12 CDE", "AB12 CDE"), ("license plate 7ABC123", "7ABC123"),
              ("garée, AB-123-CD", "AB-123-CD")),
)


# --- STREET_ADDRESS: European addresses ------------------------------------------------------

# Words after which no street name goes on ("9 rue de la paix and then", "plaza north tel 1
# 201 944-6800": a phone number follows the address), and measures, which
# make "240,000 square meter park" a size, not a French "square".
_STOP = (r"(?!(?i:and|or|but|in|on|at|to|for|from|with|is|was|the|a|an|my|your|please|"
         r"thanks|then|so|um|uh|tel|telephone|phone|fax|" + text.MEASURE_WORDS + r")\b)")
_NAME_WORD = _STOP + r"[^\W\d_][\w'’-]{0,30}"
# The street types are `place_scanners`' (which also reads the town after them). The detectors
# run, as the other digit patterns do, only around digits.
#
# The postcode that may follow the house's number: "Prinsengracht 263, 1016 GV", "Calle Mayor
# 14, 28013". Four digits that could be a year are none ("Hauptstraße 5 since 2019"), nor two
# letters in lower case that are a word ("prinsengracht 263 1016 we moved").
_TWO_LETTER_WORDS = (r"an|as|at|be|by|do|go|he|hi|if|in|is|it|me|my|no|of|oh|ok|on|or|so|to|up|"
                     r"us|we|am|pm|uh|um|ah|eh|er|ya|ye|yo|mm|hm")
_POSTCODE_AFTER = (r"(?:,?[ \t]+(?:\d{4}[ \t]?(?:(?-i:[A-Z]{2})|(?!(?:" + _TWO_LETTER_WORDS
                   + r")\b)(?-i:[a-z]{2}))|(?!(?:19|20)\d\d\b)\d{4,5})\b)?")
EUROPEAN_ADDRESSES = (
    # France, Belgium: "9 Rue de la Paix", "12 bis avenue Foch", "3, place d'Italie".
    pattern(
        r"(?i)" + text.NOT_PART_OF_A_NUMBER + r"\b\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]+"
        r"(?:" + FRENCH_STREETS + r")[ \t]+(?:(?:de la|de l'|du|des|de|d')[ \t]*)?" + _NAME_WORD
        + r"(?:[ \t]+" + _NAME_WORD + r"){0,2}",
        L.LIKELY, trigger=DIGIT,
    ),
    # Germany, Austria, Switzerland, the Netherlands: "Hauptstraße 5", "Kerkstraat 12a".
    pattern(
        r"(?i)\b[^\W\d_][\w-]{0,30}(?:" + GERMAN_STREETS + r")[ \t]+\d{1,4}[a-z]?\b" + _POSTCODE_AFTER,
        L.LIKELY, trigger=DIGIT,
    ),
    # Spain, Italy, Portugal, Latin America: "Calle Mayor 12", "Via Roma, 5", "Rua Augusta 3".
    pattern(
        r"(?i)\b(?:" + SOUTHERN_STREETS + r")[ \t]+(?:(?:de la|de los|de las|del|de|di|della|"
        r"dei|do|da|dos|das)[ \t]+)?" + _NAME_WORD + r"(?:[ \t]+" + _NAME_WORD + r"){0,2}"
        r",?[ \t]+(?:n[º°o]\.?[ \t]*)?\d{1,4}\b" + _POSTCODE_AFTER,
        L.LIKELY, trigger=DIGIT,
    ),
)


# --- STREET_ADDRESS: a house number said in words --------------------------------------------

# "I live at twelve oak street, apartment four b", "my address is one two three main street":
# a speech recogniser writes the house number in words. Said in words, a number before a
# street type is as often a count ("two lane road", "the one main street in town"), so the
# address counts only after a word that introduces one (`_ADDRESS_HOTWORD`, within 60
# characters) or as the answer to "and your address?" (the call-transcript profile's
# previous-turn rule).
_HOUSE_NUMBER_SAID = NUMBER_SAID + r"(?:[ \t-]+(?:and[ \t]+)?" + NUMBER_SAID + r"){0,5}"
_STREET_WORD_SAID = (r"(?!" + NUMBER_SAID + r"\b|(?i:lane|way|block|bedroom|car|story|storey|"
                     r"floor|door|level|more|main[ \t]+roads?)\b)" + text._NOT_STREET_WORDS
                     + r"[a-z][a-z'’-]{1,30}")
_STREET_TYPES_SAID = "(?:" + "|".join(STREET_TYPE_WORDS) + ")"
_UNIT = (r",?[ \t]+" + UNIT_WORDS + r"[ \t]+(?:number[ \t]+)?"
         r"(?:" + NUMBER_SAID + r"|[a-z]|\d{1,5}[a-z]?)\b"
         r"(?:[ \t-]+(?:" + NUMBER_SAID + r"|[a-z]|\d{1,5})\b){0,3}")
_UNIT_SAID = r"(?:" + _UNIT + r")?"
_SPOKEN_ADDRESS = (r"(?i)\b" + _HOUSE_NUMBER_SAID + r"[ \t]+(?:" + _STREET_WORD_SAID
                   + r"[ \t]+){1,3}" + _STREET_TYPES_SAID + r"\b" + _UNIT_SAID)
_ADDRESS_HOTWORD = (r"\b(?:address|live|lives|living|lived|reside|resides|residing|located|"
                    r"moved|move|moving|ship|shipping|deliver|delivery|mail|mailing|billing|"
                    r"send it|stay|staying)\b")
# Where any of these can match: a street type or a unit said (one test per text for all).
_ADDRESS_WORD = re.compile(r"(?i)\b(?:" + _STREET_TYPES_SAID + "|" + UNIT_WORDS + r")\b")
SPOKEN_HOUSE_NUMBER = gated(_SPOKEN_ADDRESS, _ADDRESS_HOTWORD, window=60, trigger=_ADDRESS_WORD)
# A flat or unit said before the house number is part of the address, which it introduces:
# "Flat two, forty-one Richmond Road", "unit four, seventeen Albion Street", "flat two forty
# seven cow lee road".
SPOKEN_UNIT_FIRST = pattern(
    r"(?i)\b" + UNIT_WORDS + r"[ \t]+(?:number[ \t]+)?(?:" + NUMBER_SAID + r"|\d{1,4}[a-z]?|[a-z])\b,?"
    r"[ \t]+" + _HOUSE_NUMBER_SAID + r"[ \t]+(?:" + _STREET_WORD_SAID + r"[ \t]+){1,3}"
    + _STREET_TYPES_SAID + r"\b", L.LIKELY, trigger=_ADDRESS_WORD)
# ... or right after "at", which places someone at it ("you're still at forty two elm street").
SPOKEN_HOUSE_NUMBER_AT = pattern(
    r"(?i)\bat[ \t]+(" + _SPOKEN_ADDRESS.removeprefix("(?i)") + r")", L.LIKELY, group=1,
    trigger=_ADDRESS_WORD)

# ... or with no word to introduce it, where nothing else reads that way: a speaker at a
# hearing gives a name and an address ("Sue Grant, eighteen Flynn Avenue"), an agenda names a
# site ("an application for three-eighty Pine Street"). A count is said with one number from
# one to ten before a singular street ("the one main street", "two lane road"); a house number
# here is two numbers or more ("forty two", "three-eighty", "twenty-two oh eight") or one from
# eleven up ("eighteen"). With capitals the street's own words say it is a name; without, the
# street type must be a noun that is nothing else (not "drive", "court", "place", "close":
# "by eleven thirty jenny will drive"), and the street's words no adjective, unit or count
# ("a twelve lane dirt road", "a fifteen second drive", "the two high street banks"), but for
# the commonest street names after a number that counts nothing ("forty-one main street",
# "twelve high street"). A unit after a street's name says "address" as its type does:
# "eighty-eight harbord unit two".
_NOT_A_COUNT = (r"(?!(?i:hundred|thousand|double|oh|zero)\b)(?!(?i:one|two|three|four|five|six|"
                r"seven|eight|nine|ten)\b(?![ \t-]+(?i:and[ \t]+)?" + NUMBER_SAID + r"\b))")
_STREET_NAME_CAPITALISED = r"(?!(?:The|And|Or|In|On|At|Of|To|For|A|An)\b)[A-Z][A-Za-z'’-]{1,30}"
_STREET_TYPE_CAPITALISED = "(?:" + "|".join(word.capitalize() for word in STREET_TYPE_WORDS) + ")"
_NOT_A_STREET_NAME = (r"(?!(?i:side|back|dirt|gravel|dead|private|toll|ring|long|short|"
                      r"wide|narrow|busy|quiet|same|different|other|next|new|little|big|small|"
                      r"whole|entire|open|dark|winding|steep|straight|paved|good|bad|nice|major|"
                      r"minor|country|residential|local|separate|parallel|extra|muddy|icy|rough|"
                      r"empty|scenic|shopping|second|seconds|star|seater|step|steps|man|men|"
                      r"person|game|page|track|stop|mile|one|two|way|volts?|watts?|amps?|gig|"
                      r"litre|liter|horsepower|hp|cylinder|speed|door|seat|piece|part)\b)")
# Three patterns, not one alternation: Hyperscan's prefilter (veil.detection.engine.prefilter)
# approximates each of them closely, and their alternation as "a number word and anything".
_HOUSE_NUMBER_NOT_A_COUNT = r"\b" + _NOT_A_COUNT + r"(?i:" + _HOUSE_NUMBER_SAID + r")[ \t]+"
_ADDRESSES_SAID_ALONE = (
    # With capitals: "eighteen Flynn Avenue", "three-eighty Pine Street".
    _HOUSE_NUMBER_NOT_A_COUNT + r"(?:" + _STREET_NAME_CAPITALISED + r"[ \t]+){1,3}"
    + _STREET_TYPE_CAPITALISED + r"\b(?i:" + _UNIT_SAID + r")",
    # Without: "eighteen flynn avenue", "two-twelve howard street".
    _HOUSE_NUMBER_NOT_A_COUNT + r"(?i:(?:" + _NOT_A_STREET_NAME + _STREET_WORD_SAID + r"[ \t]+){1,3}"
    r"(?:street|road|avenue|lane|boulevard|terrace|crescent|parkway)\b" + _UNIT_SAID + r")",
    # The street's type left out, a unit after it: "eighty-eight harbord unit two".
    _HOUSE_NUMBER_NOT_A_COUNT + r"(?i:(?:" + _NOT_A_STREET_NAME + _STREET_WORD_SAID + r"[ \t]+)?"
    + _NOT_A_STREET_NAME + _STREET_WORD_SAID + _UNIT + r")",
)
SPOKEN_ADDRESSES_ALONE = tuple(pattern(regex, L.LIKELY, trigger=_ADDRESS_WORD)
                               for regex in _ADDRESSES_SAID_ALONE)

# A German, Dutch or southern European street with its number said in words:
# "Rotebühlstraße forty-two", "calle Apolo twelve, bungalow five". Only the street types
# that are no English word ("platz", "calle"), not "via", "plaza" or "largo".
_GERMAN_SUFFIXES_SAID = r"(?:straße|strasse|straat|gracht|gasse|steeg|allee|platz)"
_SOUTHERN_STREETS_SAID = r"(?:calle|avenida|paseo|rua|travessa|viale|piazza|corso|vicolo|carrer)"
_GERMAN_STREET_SAID = (r"(?i)\b[^\W\d_][\w-]{1,30}" + _GERMAN_SUFFIXES_SAID + r"[ \t]+" + NUMBER_SAID
                       + r"(?:[ \t-]+" + UNITS_SAID + r")?\b")
_SOUTHERN_STREET_SAID = (r"(?i)\b" + _SOUTHERN_STREETS_SAID
                         + r"[ \t]+(?:(?:de la|de los|de las|del|de|di|della|do|da|dos|das)"
                         r"[ \t]+)?(?:(?!" + NUMBER_SAID + r"\b)" + _NAME_WORD + r"[ \t]+){1,3}"
                         r"(?:n[uú]mero[ \t]+)?" + _HOUSE_NUMBER_SAID + r"\b"
                         r"(?:,?[ \t]+(?:bungalow|piso|portal|apartamento|casa)[ \t]+"
                         + NUMBER_SAID + r"\b)?")
EUROPEAN_ADDRESSES_SAID = (
    pattern(_GERMAN_STREET_SAID, L.LIKELY, trigger=re.compile(r"(?i)" + _GERMAN_SUFFIXES_SAID + " ")),
    pattern(_SOUTHERN_STREET_SAID, L.LIKELY,
            trigger=re.compile(r"(?i)\b" + _SOUTHERN_STREETS_SAID + r"\b")),
)

STREET_ADDRESS = replace(
    text.STREET_ADDRESS,
    description="Street addresses: a house number, street name and street type, and a unit; "
                "French, German, Dutch, Spanish, Italian and Portuguese street addresses; a "
                "house number said in words after 'address', 'live' or 'ship', right after "
                "'at', after the flat or unit it opens with ('flat two, forty-one Richmond "
                "Road'), or alone where no count reads that way ('eighteen Flynn Avenue', "
                "'Rotebühlstraße forty-two').",
    detectors=text.STREET_ADDRESS.detectors + EUROPEAN_ADDRESSES + EUROPEAN_ADDRESSES_SAID + (
        SPOKEN_HOUSE_NUMBER, SPOKEN_HOUSE_NUMBER_AT, SPOKEN_UNIT_FIRST) + SPOKEN_ADDRESSES_ALONE,
    compatible=text.STREET_ADDRESS.compatible | {"UK_POSTAL_CODE"},
    # (European examples are in tests/detection/engine/test_callers.py: the address surrogate draws an
    # English street, whose street type these detectors do not know.)
)


# --- CREDIT_CARD_EXPIRATION_DATE said aloud --------------------------------------------------

# A month as said on a card ("oh nine", "zero nine", "twelve", "september") and a year of this
# decade or the next ("twenty seven", "two seven", "twenty twenty seven"), near "expires" or
# "expiry" (not "expression"), or "it runs out". Bare "one" to "nine" and years without units
# ("nine thirty") are left out: they are times. Written dates (09/27) are the entry's own
# detector's.
_MONTH_SAID = (r"(?:(?:oh|zero)[ -]" + UNITS_SAID + r"|ten|eleven|twelve|january|february|march|"
               r"april|may|june|july|august|september|october|november|december)")
_YEAR_SAID = (r"(?:(?:twenty[ -])?(?:twenty|thirty)[ -]" + UNITS_SAID
              + r"|(?:twenty[ -])?(?:two|three)[ -]" + DIGIT_SAID + r")")
SPOKEN_EXPIRY = gated(
    r"(?i)\b" + _MONTH_SAID + r"(?:[ ,]*(?:slash|/|of)[ ,]*|[ ,]+)" + _YEAR_SAID + r"\b",
    r"\b(?:exp(?:iry|iration|ires?|ired|iring|\.)?|valid (?:thru|through|until)|"
    r"good (?:thru|through)|runs? out|run out|end date)(?!\w)",
    window=30,
)
CREDIT_CARD_EXPIRATION_DATE = replace(
    general.CREDIT_CARD_EXPIRATION_DATE,
    description="Card expiry dates (MM/YY, MM/YYYY, or said aloud: 'oh nine twenty seven') near "
                "'exp', 'expiry', 'valid thru' or 'runs out'.",
    detectors=general.CREDIT_CARD_EXPIRATION_DATE.detectors + (SPOKEN_EXPIRY,),
)


# --- PASSPORT and IBAN_CODE written lower-case -----------------------------------------------

def _any_case(detectors: tuple) -> tuple:
    """The detectors with their patterns matching in any case ("k1234567", "gb82 west ...")."""
    return tuple(replace(d, pattern=re.compile(d.pattern.pattern, d.pattern.flags | re.IGNORECASE))
                 if hasattr(d, "pattern") else d for d in detectors)


PASSPORT = replace(
    numbers.PASSPORT,
    detectors=_any_case(numbers.PASSPORT.detectors),
    examples=numbers.PASSPORT.examples + (("my passport number is k1234567", "k1234567"),),
)
IBAN_CODE = replace(
    numbers.IBAN_CODE,
    detectors=_any_case(numbers.IBAN_CODE.detectors) + (
        # The start of one, or a garbled one, said after "IBAN" ("my iban is gb82 west ..."):
        # the groups after the bank code hold digits, so that a word after it is not taken.
        gated(r"(?i)\b[a-z]{2}\d{2} ?[a-z0-9]{4}(?: ?(?=[a-z]{0,3}\d)[a-z0-9]{4}){0,6}(?: ?\d{1,3})?\b",
              r"\biban\b",
              window=40, trigger=DIGIT),
    ),
    # (lower-case IBANs are tested in tests/detection/engine/test_callers.py: the IBAN surrogate keeps
    # its capitals, so a lower-case example has no surrogate of the same format.)
)
_NINO = european.UK_NATIONAL_INSURANCE_NUMBER
UK_NATIONAL_INSURANCE_NUMBER = replace(
    _NINO,
    # Lower-case ("ab 12 34 56 c", as a speech recogniser writes it) only near the number's
    # name: without capitals, two letters and a letter A-D around six digits are any code.
    # (Tested in tests/detection/engine/test_callers.py; the surrogate keeps its capitals.)
    detectors=_NINO.detectors + (
        gated("(?i)" + _NINO.detectors[0].pattern.pattern,
              r"\b(?:nino|ni number|national insurance(?: number)?)\b", window=60, trigger=DIGIT),
    ),
)

_EIRCODE = european.IRELAND_EIRCODE


def _uncased_eircode_check(match: "re.Match[str]") -> Likelihood | None:
    """A lower-case Eircode's last four characters are no English word ("the a10 near the
    address" is a road and a word)."""
    unique = match.group(0)[-4:].lower()
    if any(c.isdigit() for c in unique) or unique not in common_words():
        return L.VERY_UNLIKELY
    return None


IRELAND_EIRCODE = replace(
    _EIRCODE,
    description=_EIRCODE.description.rstrip(".") + "; said aloud near 'Eircode' or closing an "
                "address (d oh nine, k seven p two).",
    # Lower-case ("d02 x285") only near "eircode", "postcode" or "address": without capitals a
    # letter, two digits and four letters or digits are any code. After "And your Eircode?" or
    # "And the address?", the call-transcript profile lifts it in the answer.
    detectors=_EIRCODE.detectors + (
        gated(r"(?i)\b" + european.EIRCODE_SHAPE + r"\b",
              r"\b(?:eir ?code|post ?code|postal code|address)\b", window=60,
              check=_uncased_eircode_check, trigger=DIGIT),
        # Said aloud, near its name or an address ("d oh nine, k seven p two"): said_aloud.
        SPOKEN_EIRCODE,
    ),
)
_PPSN = european.IRELAND_PPSN
IRELAND_PPSN = replace(
    _PPSN,
    # Lower-case ("1234567ta") only near its name: its check letter passes one number in 23.
    detectors=_PPSN.detectors + (
        gated("(?i)" + _PPSN.detectors[0].pattern.pattern,
              r"\b(?:pps(?:n| number)?|personal public service(?: number)?)\b", window=60,
              check=checked(ireland_ppsn_valid, L.VERY_UNLIKELY), trigger=DIGIT),
    ),
)


# --- GENERIC_ID read out letter by letter ------------------------------------------------------

GENERIC_ID = replace(
    numbers.GENERIC_ID,
    description=numbers.GENERIC_ID.description.rstrip(".") + ", or read out a character at a "
                "time ('my booking reference is x seven k two l q').",
    detectors=numbers.GENERIC_ID.detectors + (spoken_codes(numbers.ID_WORDS),),
)


# --- CANADA_POSTAL_CODE said aloud ---------------------------------------------------------

CANADA_POSTAL_CODE = replace(
    text.CANADA_POSTAL_CODE,
    description=text.CANADA_POSTAL_CODE.description.rstrip(".") + "; said letter by letter near "
                "'postal code' or closing an address (l five m two b three).",
    detectors=text.CANADA_POSTAL_CODE.detectors + (SPOKEN_CANADA_POSTAL_CODE,),
)


# --- USER_NAME said aloud ----------------------------------------------------------------------

# A handle typed without its "@" ("a review from sarah_k_1990"): words joined by underscores, with
# a digit and a lower-case letter, which no word, number, file name or placeholder is
# ("max_length", "spectrum_club" and an email's "image_gif_part" are left; "report_2024.pdf" is a
# file's name, "[PERSON_NAME_1]" the job's own).
_UNDERSCORED_HANDLE = pattern(
    r"(?<![\w@./#\[-])(?=[A-Za-z0-9_]*[a-z])(?=[A-Za-z0-9_]*\d)"
    r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+"
    r"(?![\w@/-]|\.\w)",
    L.POSSIBLE, trigger="_",
)

USER_NAME = replace(
    text.USER_NAME,
    description=text.USER_NAME.description.rstrip(".") + "; words joined by 'underscore' said "
                "aloud (dark underscore knight ninety nine), or by 'dot' after the account "
                "(my instagram is kaylee dot makes); words joined by underscores with a digit "
                "(sarah_k_1990).",
    detectors=text.USER_NAME.detectors + (SPOKEN_USERNAME, SPOKEN_HANDLE, _UNDERSCORED_HANDLE),
)


ENTRIES = (UK_POSTAL_CODE, LICENSE_PLATE_NUMBER)
EXTENDED = (STREET_ADDRESS, CREDIT_CARD_EXPIRATION_DATE, PASSPORT, IBAN_CODE,
            UK_NATIONAL_INSURANCE_NUMBER, IRELAND_EIRCODE, IRELAND_PPSN, LOCATION, USER_NAME,
            GENERIC_ID, CANADA_POSTAL_CODE)
