"""Catalogue entry for India's UPI payment addresses.

A UPI id ("virtual payment address") is where money is sent to someone in India: a name the
holder chose, often their own name or mobile number, then "@" and the handle of the bank or
app that keeps the account ("rahul.sharma@oksbi", "9876543210@ybl"). Callers read it out to
be paid or refunded ("it's rahul dot sharma at oksbi", and in Indian English "at the rate" for
"@"), so a leaked one identifies its holder as an e-mail address does. DLP has no such type.

Found by its handle, which no e-mail domain has: a handle from the list below after a local
part, written ("name@oksbi") or said ("name dot surname at oksbi"). The handle stays in the
surrogate, which re-draws the holder's part only: which bank someone uses says little about
who they are.
"""
from __future__ import annotations

import re

from veil.detection.engine.detectors import hotword, pattern
from veil.detection.entity_keys import email_key
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import DIGIT_RUNS, SPELLED, InfoType
from veil.detection.infotypes.network import SPOKEN_DIGIT_WORD, SPOKEN_LOCAL_PART, mailbox_likelihood
from veil.transform.operators.surrogate_formats import words

L = Likelihood

# The handles of the banks and apps that hold most UPI accounts (NPCI's list of PSP handles).
UPI_HANDLES = (
    r"oksbi|okicici|okaxis|okhdfcbank|ybl|ibl|axl|paytm|pthdfc|ptsbi|ptyes|ptaxis|apl|yapl|"
    r"upi|sbi|icici|hdfcbank|axisbank|kotak|idfcbank|pnb|barodampay|aubank|indus|federal|fbl|"
    r"jupiteraxis|freecharge|airtel|jio|abfspay|waaxis|wahdfcbank|wasbi|waicici|ikwik|slice"
)
# "@", or as it is said: "at", and in Indian English "at the rate (of)".
_SAID_AT = r"[ \t]+(?:at(?:[ \t]+the[ \t]+rate(?:[ \t]+of)?)?|@)[ \t]+"
_HANDLE_AFTER = re.compile(rf"(?i)(?:@|{_SAID_AT})(?:{UPI_HANDLES})$")
# A holder's part said aloud: a mobile number read out ("nine eight seven six five four three
# two one zero"), or a mailbox's words ("rahul dot sharma").
_SAID_HOLDER = rf"(?:{SPOKEN_DIGIT_WORD}(?:[ \t]+{SPOKEN_DIGIT_WORD}){{5,15}}|{SPOKEN_LOCAL_PART})"
# Where a payment address is spoken of: a plain word before "at oksbi" is its holder there.
_UPI_HOTWORDS = r"\b(?:upi|vpa|gpay|google pay|phonepe|phone pe|paytm|bhim|pay (?:me|it|us)|send (?:it|the money|money))\b"


def _said_upi_check(match: "re.Match[str]") -> Likelihood | None:
    """A holder's part said before a handle: sure where it has what a word has not (digits, a
    dot), else unlikely until a hotword says a payment address is meant ("mailbox_likelihood":
    "we met at sbi" is no address)."""
    handle = _HANDLE_AFTER.search(match.group(0))
    return mailbox_likelihood(match.group(0)[:handle.start()] if handle else match.group(0))


def upi_key(value: str) -> str:
    """One key for an address written and said ("rahul.sharma@oksbi", "rahul dot sharma at the
    rate oksbi"), as an e-mail address has (`email_key`)."""
    return email_key(re.sub(r"(?i)\bat[ \t]+the[ \t]+rate(?:[ \t]+of)?\b", "at", value))


def upi_surrogate(surrogates, entity, finding, value: str) -> str | None:
    """The holder's part re-drawn as words and digits are, the handle kept: "rahul.sharma@oksbi"
    -> "tomas.okafor@oksbi", said or written as the original was."""
    handle = _HANDLE_AFTER.search(value)
    if handle is None:
        return words(surrogates, entity, finding, value)
    local = words(surrogates, entity, finding, value[:handle.start()])
    return None if local is None else local + value[handle.start():]


INDIA_UPI_ID = InfoType(
    "INDIA_UPI_ID",
    "Indian UPI payment addresses (a holder's name or number, then a bank's or app's handle: "
    "name@oksbi, 9876543210@ybl), written or said aloud.",
    detectors=(
        pattern(rf"(?i)(?<![\w.@-])[a-z0-9][a-z0-9._-]{{1,255}}@(?:{UPI_HANDLES})(?![\w@-]|\.\w)",
                L.VERY_LIKELY, trigger="@"),
        pattern(rf"(?i)\b{_SAID_HOLDER}{_SAID_AT}(?:{UPI_HANDLES})\b(?![.@-]\w|[ \t]+dot[ \t])",
                L.LIKELY, check=_said_upi_check,
                hotwords=[hotword(_UPI_HOTWORDS, 80, fixed=L.LIKELY)],
                trigger=re.compile(rf"(?i)\bat[ \t]+(?:the[ \t]+rate[ \t]+(?:of[ \t]+)?)?(?:{UPI_HANDLES})\b")),
    ),
    surrogate=upi_surrogate,
    score=4,
    direct=True,
    entity_key=upi_key,
    compatible={"EMAIL_ADDRESS", "PERSON_NAME", "USER_NAME", "PHONE_NUMBER"} | DIGIT_RUNS | SPELLED,
    aliases=("UPI_ID", "VPA"),
    examples=(
        ("send it to rahul.sharma@oksbi please", "rahul.sharma@oksbi"),
        ("my upi id is rahul dot sharma at oksbi", "rahul dot sharma at oksbi"),
    ),
)

ENTRIES = (INDIA_UPI_ID,)
