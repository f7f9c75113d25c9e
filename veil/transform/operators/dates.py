"""Dates in common written formats: parse, shift, and write back in the same format.

Understood: ISO `2024-03-05` (and `2024/03/05`), US `3/5/2024`, `03/05/24`, `3-5-2024`,
European dotted `05.03.2024` (day first), `March 5, 2024`, `Mar 5th 2024`, `5 March 2024`,
`5th of March, 2024`. Everything else (spoken dates, a year alone, a month without a year) is
"unparseable"; the date-shift operator then falls back to the numbered placeholder, so a date
it cannot shift is still removed.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|" \
         r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DAY = r"(?P<day>\d{1,2})(?P<suffix>st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4}|\d{2})"

_PATTERNS = (
    ("ymd", re.compile(r"(?P<year>\d{4})(?P<sep>[-/])(?P<mnum>\d{1,2})(?P=sep)(?P<day>\d{1,2})")),
    ("mdy", re.compile(r"(?P<mnum>\d{1,2})(?P<sep>[/-])(?P<day>\d{1,2})(?P=sep)" + _YEAR)),
    ("dmy", re.compile(r"(?P<day>\d{1,2})\.(?P<mnum>\d{1,2})\." + _YEAR)),
    ("name_md", re.compile(_MONTH + r"\s+" + _DAY + r",?\s+" + _YEAR, re.IGNORECASE)),
    ("name_dm", re.compile(r"(?:the\s+)?" + _DAY + r"(?:\s+of)?\s+" + _MONTH + r",?\s+" + _YEAR,
                           re.IGNORECASE)),
)


@dataclass(frozen=True)
class ParsedDate:
    date: dt.date
    match: re.Match
    kind: str


def _year(text: str) -> int:
    if len(text) == 4:
        return int(text)
    return 2000 + int(text) if int(text) < 30 else 1900 + int(text)


def parse_date(value: str) -> ParsedDate | None:
    """The date that `value` is, written whole in one of the formats above; else None."""
    text = value.strip()
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if not match:
            continue
        groups = match.groupdict()
        month = int(groups["mnum"]) if groups.get("mnum") else \
            next(i for i, m in enumerate(MONTHS, 1) if m.startswith(groups["month"][:3].lower()))
        try:
            return ParsedDate(dt.date(_year(groups["year"]), month, int(groups["day"])), match, kind)
        except ValueError:
            return None
    return None


def _ordinal(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _like(template: str, number: int, width: int | None = None) -> str:
    """A number written like `template`: zero-padded to its width if it was."""
    if template.startswith("0") or width is not None:
        return str(number).zfill(width or len(template))
    return str(number)


def _month_name(template: str, month: int) -> str:
    full = MONTHS[month - 1]
    name = full[: len(template)] if len(template) < len(full) and len(template) <= 4 else full
    if template.isupper():
        return name.upper()
    if template[0].isupper():
        return name.capitalize()
    return name


def render_date(parsed: ParsedDate, new: dt.date, value: str) -> str:
    """`value` with the date replaced by `new`, every other character kept."""
    match = parsed.match
    offset = len(value) - len(value.lstrip())
    pieces = {}
    groups = match.groupdict()
    year = groups["year"]
    pieces["year"] = str(new.year) if len(year) == 4 else str(new.year % 100).zfill(2)
    # Numeric dates pad both parts if either was padded (03/15 and 3/15 stay themselves);
    # ISO and dotted dates are always padded.
    numeric = groups.get("mnum") is not None
    padded = parsed.kind in ("ymd", "dmy") or (
        numeric and (groups["day"].startswith("0") or groups["mnum"].startswith("0")))
    width = 2 if padded else None
    pieces["day"] = _like(groups["day"], new.day, width)
    if groups.get("suffix"):
        suffix = _ordinal(new.day)
        pieces["suffix"] = suffix.upper() if groups["suffix"].isupper() else suffix
    if groups.get("mnum"):
        pieces["mnum"] = _like(groups["mnum"], new.month, width)
    if groups.get("month"):
        pieces["month"] = _month_name(groups["month"], new.month)
    out = value
    for name in sorted(pieces, key=lambda g: match.start(g), reverse=True):
        start, end = match.start(name) + offset, match.end(name) + offset
        out = out[:start] + pieces[name] + out[end:]
    return out


def shift_date(value: str, days: int) -> str | None:
    """`value` shifted by `days`, in its own format; None when it cannot be parsed."""
    parsed = parse_date(value)
    if parsed is None:
        return None
    try:
        new = parsed.date + dt.timedelta(days=days)
    except OverflowError:
        return None
    if len(parsed.match.group("year")) == 2 and not 1930 <= new.year <= 2029:
        return None  # a two-digit year would not read back as the shifted date
    return render_date(parsed, new, value)
