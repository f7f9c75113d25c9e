"""Identifiers said aloud, as a speech recogniser writes them: letters one by one, digits as
words ("s w one a one a a", "l m sixty four x y z", "dark underscore knight ninety nine").

A caller reads a postcode, a number plate or a username out letter by letter, and the
transcript holds single letters and number words where the written form holds "SW1A 1AA".
The written patterns (veil.detection.infotypes.callers, .text) see none of it. These detectors
are added to the entries they belong to (`callers.UK_POSTAL_CODE`, `LICENSE_PLATE_NUMBER`,
`USER_NAME`). A run of single letters and number words is common in speech ("a b c", "one
two three"), so the postcode and the plate count only near their hotword, or as the answer to
the question (the call-transcript profile's previous-turn rules); "underscore" said between
two words is an identifier wherever it is said.
"""
from __future__ import annotations

import re

from veil.detection.engine.word_lists import STOPWORDS
from veil.detection.engine.detectors import gated, pattern
from veil.detection.findings import Likelihood

L = Likelihood

# Numbers as a recogniser writes them.
UNITS_SAID = r"(?:one|two|three|four|five|six|seven|eight|nine)"
DIGIT_SAID = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
NUMBER_SAID = (r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
               r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|"
               r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|double)")
_TEENS = r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
# A number of one or two digits said: "four", "nineteen", "sixty four", "six four", "oh five".
_ONE_OR_TWO_DIGITS = (r"(?:" + _TENS + r"(?:[ \t-]+" + UNITS_SAID + r")?|" + _TEENS + r"|"
                      + DIGIT_SAID + r"(?:[ \t]+" + DIGIT_SAID + r")?|\d{1,2})")
_TWO_DIGITS = (r"(?:" + _TENS + r"(?:[ \t-]+" + UNITS_SAID + r")?|" + _TEENS + r"|"
               + DIGIT_SAID + r"[ \t]+" + DIGIT_SAID + r"|\d{2})")
_DIGIT = r"(?:" + DIGIT_SAID + r"|\d)"
# One letter said as a word ("s", not the "s" of "it's").
_LETTER = r"(?<![\w'’])[a-z](?![\w'’])"
_SEP = r"[ \t]+"
# Between the characters of a code, spaces or a hyphen, as a transcriber joins letters spelled
# out ("b-s-seven eight-e-r").
_SPELLED_SEP = r"(?:[ \t]+|[ \t]*-[ \t]*)"

# --- UK postcodes: "s w one a one a a", "m sixty four one double x" ---------------------------

# Outward code (one or two letters, the district's one or two digits, perhaps a letter),
# inward code (a digit and two letters, the pair perhaps said "double a").
_POSTCODE_SAID = (r"(?i)" + _LETTER + r"(?:" + _SPELLED_SEP + _LETTER + r")?" + _SPELLED_SEP
                  + _ONE_OR_TWO_DIGITS + r"(?:" + _SPELLED_SEP + _LETTER + r")?,?" + _SPELLED_SEP
                  + _DIGIT + _SPELLED_SEP + r"(?:double" + _SEP + r"[a-z]|" + _LETTER + _SPELLED_SEP
                  + r"[a-z])(?![\w'’])")
POSTCODE_HOTWORD = r"\b(?:post ?code|postal code|zip(?: code)?)\b"
# A street's type and a flat or unit, spelled out as a recogniser writes them (no "st", "rd").
STREET_TYPE_WORDS = ("street road avenue lane drive court place boulevard terrace circle crescent "
                     "way highway parkway close trail pike square quay wharf mews").split()
_UNITS = "apartment apt unit suite flat bungalow".split()
UNIT_WORDS = "(?:" + "|".join(_UNITS) + ")"
# A postcode said aloud comes near its name, or at the end of the address it closes ("Twenty-two
# Cardigan Road, L S six, three B G"; "flat two, Dartmouth, B two Y, one J seven"; "the address
# here knockmore ballina f two six x two y eight").
POSTCODE_OR_ADDRESS_HOTWORD = (r"\b(?:post ?code|postal code|zip(?: code)?|eir ?code|address|"
                               + "|".join(STREET_TYPE_WORDS + _UNITS) + r")\b")
# Each pattern runs only on a turn with two single letters side by side (or "double x"): every
# postcode ends with two, every UK plate with three, and a US plate said has two or more
# ("seven a b c ..."; one that alternates letters and digits, "one a two b three", is left).
# "a" and "i" alone are in every turn; two single letters together are in few. (Written to
# start with a space or the text's start, which `re` tests for far faster than a look-behind.)
_TWO_LETTERS = re.compile(r"(?i)[ -][a-z][ -][a-z](?![\w'’])|^[a-z][ -][a-z](?![\w'’])|double [a-z]\b")
SPOKEN_UK_POSTCODE = gated(_POSTCODE_SAID, POSTCODE_OR_ADDRESS_HOTWORD, window=60, trigger=_TWO_LETTERS)

# --- Canadian postal codes: "l five m two b three" ------------------------------------------

# Letter, digit, letter; digit, letter, digit: each said alone. Near "postal code" only, as the
# UK's are; the cheap test is a letter said beside a digit (`_LETTER_BY_DIGIT`, below).
_CANADA_POSTAL_CODE_SAID = (r"(?i)" + _LETTER + _SPELLED_SEP + _DIGIT + _SPELLED_SEP + _LETTER + r",?"
                            + _SPELLED_SEP + _DIGIT + _SPELLED_SEP + _LETTER + _SPELLED_SEP + _DIGIT
                            + r"(?![\w'’])")


# --- Number plates: "l m sixty four x y z" (UK), "seven a b c one two three" (US) -------------

_UK_PLATE_SAID = (_LETTER + _SEP + _LETTER + _SEP + _TWO_DIGITS + _SEP + _LETTER + _SEP
                  + _LETTER + _SEP + r"[a-z](?![\w'’])")
# Five to eight characters, each a letter or a digit said, with at least one of each.
_US_PLATE_SAID = (r"(?:(?:" + _LETTER + r"|" + _DIGIT + r")" + _SEP + r"){4,7}(?:" + _LETTER + r"|"
                  + _DIGIT + r")(?![\w'’])")


def _us_plate_check(match: "re.Match[str]") -> Likelihood | None:
    """A US plate said: a digit and a letter at least ("seven a b c one two three")."""
    words = match.group(0).lower().split()
    has_letter = any(len(w) == 1 and w.isalpha() for w in words)
    has_digit = any(len(w) > 1 or w.isdigit() for w in words)
    return L.VERY_UNLIKELY if has_letter and has_digit else None


def spoken_plates(hotword_regex: str) -> tuple:
    """The plate detectors said aloud, only near `hotword_regex` (the plate entry's own)."""
    return (
        gated(r"(?i)\b" + _UK_PLATE_SAID, hotword_regex, window=40, trigger=_TWO_LETTERS),
        gated(r"(?i)\b" + _US_PLATE_SAID, hotword_regex, window=40, check=_us_plate_check,
              trigger=_TWO_LETTERS),
    )


# --- Codes: "x seven k two l q", a booking reference read out --------------------------------

# Five to twelve characters, each a letter or a digit said, perhaps "double" before one.
_CHARACTER_SAID = r"(?:(?:double|triple)" + _SEP + r")?(?:" + _LETTER + r"|" + _DIGIT + r"(?![\w'’]))"
_CODE_SAID = r"(?i)(?<![\w'’])" + _CHARACTER_SAID + r"(?:" + _SEP + _CHARACTER_SAID + r"){4,11}"
# A letter said beside a digit said: where a code of both can start (cheap to test for).
_LETTER_BY_DIGIT = re.compile(
    r"(?i)(?:^|[ -])[a-z][ -](?:" + DIGIT_SAID + r"|\d)(?![\w'’])|(?:^|[ -])(?:" + DIGIT_SAID
    + r"|\d)[ -][a-z](?![\w'’])")


SPOKEN_CANADA_POSTAL_CODE = gated(_CANADA_POSTAL_CODE_SAID, POSTCODE_OR_ADDRESS_HOTWORD, window=60,
                                  trigger=_LETTER_BY_DIGIT)

# --- Eircodes: "d oh nine, k seven p two" ---------------------------------------------------

# The routing key (a letter, two digits said, or "D six W") and four letters or digits, each
# said alone; the letters are the twenty the Eircode alphabet uses.
_EIRCODE_LETTER = r"(?<![\w'’])[ac-fhknprtv-y](?![\w'’])"
_EIRCODE_SAID = (r"(?i)" + _EIRCODE_LETTER + _SPELLED_SEP + r"(?:" + _TWO_DIGITS + r"|six" + _SPELLED_SEP
                 + r"w)(?![\w'’]),?(?:" + _SPELLED_SEP + r"(?:" + _EIRCODE_LETTER + r"|" + _DIGIT
                 + r"(?![\w'’]))){4}")
SPOKEN_EIRCODE = gated(_EIRCODE_SAID, POSTCODE_OR_ADDRESS_HOTWORD, window=60, trigger=_LETTER_BY_DIGIT)


def _code_said_check(match: "re.Match[str]") -> Likelihood | None:
    """Letters and digits both: two letters and a digit ("x seven k two l q"), or one letter
    that is no word and three digits ("p zero zero four seven one two"); not "one two three
    four five" (a digit run, DIGIT_SEQUENCE's), "a b c d e", nor "a one two three"."""
    words = [w for w in match.group(0).lower().split() if w not in ("double", "triple")]
    letters = [w for w in words if len(w) == 1 and w.isalpha()]
    digits = len(words) - len(letters)
    if len(letters) >= 2 and digits >= 1 or len(letters) == 1 and letters[0] not in "aio" and digits >= 3:
        return L.VERY_UNLIKELY
    return None


def spoken_codes(hotword_regex: str):
    """A code of letters and digits read out one by one, near `hotword_regex` (an ID's name:
    "my booking reference is x seven k two l q"), or as the answer to a question that asks for
    one (the call-transcript profile's previous-turn rules)."""
    return gated(_CODE_SAID, hotword_regex, window=40, check=_code_said_check,
                 trigger=_LETTER_BY_DIGIT)


# --- Usernames: "dark underscore knight ninety nine" -----------------------------------------

_SPOKEN_USERNAME = (r"(?i)\b[a-z0-9]+(?:" + _SEP + r"underscore" + _SEP + r"[a-z0-9]+)+"
                    r"(?:" + _SEP + NUMBER_SAID + r"\b){0,6}")
# Words that "underscore" is said beside without naming anything: "the underscore key".
_NOT_USERNAME_PARTS = frozenset("key button sign symbol character instead not no with".split())


def _spoken_username_check(match: "re.Match[str]") -> Likelihood | None:
    parts = re.split(r"[ \t]+underscore[ \t]+", match.group(0).lower())
    words = parts[0].split()[-1:] + parts[-1].split()[:1]
    if any(w in STOPWORDS or w in _NOT_USERNAME_PARTS for w in words):
        return None
    return L.LIKELY


SPOKEN_USERNAME = pattern(_SPOKEN_USERNAME, L.LIKELY, check=_spoken_username_check,
                          trigger=re.compile(r"(?i) underscore "))

# A handle with "dot" in it, said after the account it is on: "follow me on instagram it's
# kaylee dot makes dot things", "my tiktok is at jess dot fit". Alone, "dot" joins the words of
# an e-mail address or a web address (veil.detection.infotypes.network), or is a name.
_HANDLE_CUE = (r"(?i)\b(?:instagram|insta|tiktok|twitter|snapchat|snap|threads|handle|username|"
               r"user[ \t]+name|venmo|cash[ \t]+app)(?:[ \t]+(?:handle|name|account))?"
               r"[ \t]*,?(?:[ \t]*is|[ \t]*it['’]s|['’]s|[ \t]*:)?(?:[ \t]+at)?[ \t]+")
_SPOKEN_HANDLE = (_HANDLE_CUE + r"([a-z0-9]+(?:" + _SEP + r"(?:dot|underscore)" + _SEP
                  + r"[a-z0-9]+)+(?:" + _SEP + NUMBER_SAID + r"\b){0,6})")
_WEB_ENDINGS = frozenset("com net org co uk io me tv".split())


def _spoken_handle_check(match: "re.Match[str]") -> Likelihood | None:
    """A handle, not a web address ("instagram dot com") nor a sentence ("handle is dot ...")."""
    words = match.group(1).lower().split()
    if words[-1] in _WEB_ENDINGS or words[0] in STOPWORDS:
        return None
    return L.LIKELY


SPOKEN_HANDLE = pattern(_SPOKEN_HANDLE, L.LIKELY, group=1, check=_spoken_handle_check,
                        trigger=re.compile(r"(?i) dot | underscore "))
