"""Built-in infoTypes: a registry of pattern detectors, each with its base likelihood and checks.

A detector is a regex plus an optional `check` that looks at the match and returns the
likelihood to report, or None to drop it (a failed checksum, an impossible number). Adding a
type is one `register(...)` call; the engine compiles whatever the config asks for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional

from veil.engine.checksums import digits_of, luhn_valid
from veil.findings import Likelihood, Method

Check = Callable[["re.Match[str]"], Optional[Likelihood]]


@dataclass(frozen=True)
class PatternDetector:
    info_type: str
    pattern: "re.Pattern[str]"
    likelihood: Likelihood
    method: Method = Method.REGEX
    check: Check | None = None
    group: int = 0


BUILTIN: dict[str, list[PatternDetector]] = {}


def register(
    info_type: str,
    pattern: str,
    likelihood: Likelihood,
    *,
    check: Check | None = None,
    method: Method = Method.REGEX,
    flags: int = 0,
    group: int = 0,
) -> None:
    detector = PatternDetector(
        info_type, re.compile(pattern, flags), likelihood, method, check, group
    )
    BUILTIN.setdefault(info_type, []).append(detector)


def builtin_names() -> list[str]:
    return sorted(BUILTIN)


# --- EMAIL_ADDRESS -------------------------------------------------------------------------

register(
    "EMAIL_ADDRESS",
    r"(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])",
    Likelihood.VERY_LIKELY,
)


# --- PHONE_NUMBER --------------------------------------------------------------------------

def _phone_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not 7 <= len(digits) <= 15:
        return None
    text = match.group(0)
    # A bare run of ten digits is as likely an ID as a phone number; formatting says phone.
    formatted = any(c in text for c in "()-. +")
    return Likelihood.LIKELY if formatted else Likelihood.POSSIBLE


# North American: (415) 555-0134, 415-555-0134, 415.555.0134, +1 415 555 0134, 4155550134.
register(
    "PHONE_NUMBER",
    r"(?<![\w+])(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}(?![\w])",
    Likelihood.LIKELY,
    check=_phone_check,
)
# International with a country code: +44 20 7946 0958, +33 1 23 45 67 89.
register(
    "PHONE_NUMBER",
    r"(?<![\w+])\+(?:[2-9]\d{0,2})(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\w])",
    Likelihood.LIKELY,
    check=_phone_check,
)


# --- CREDIT_CARD_NUMBER --------------------------------------------------------------------

_CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[0689]|6)")


def _card_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not 13 <= len(digits) <= 19 or not _CARD_PREFIX.match(digits):
        return None
    return Likelihood.VERY_LIKELY if luhn_valid(digits) else None


register(
    "CREDIT_CARD_NUMBER",
    r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])",
    Likelihood.VERY_LIKELY,
    check=_card_check,
    method=Method.CHECKSUM,
)


# --- US_SOCIAL_SECURITY_NUMBER -------------------------------------------------------------

def _ssn_check(match: "re.Match[str]") -> Likelihood | None:
    area, group, serial = match.group(1), match.group(2), match.group(3)
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return None
    # Dashed or spaced SSNs look like SSNs; nine bare digits could be anything.
    separated = match.group(0)[3] in "- "
    return Likelihood.LIKELY if separated else Likelihood.UNLIKELY


register(
    "US_SOCIAL_SECURITY_NUMBER",
    r"(?<![\d-])(\d{3})[- ]?(\d{2})[- ]?(\d{4})(?![\d-])",
    Likelihood.LIKELY,
    check=_ssn_check,
)
