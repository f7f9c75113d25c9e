"""DLP's `Value` (what `replace_config` writes and what buckets are bounded by), and reading a
mention's text as a number or a date to compare with one."""
from __future__ import annotations

import datetime as dt
import enum
import re

from pydantic import Field

from veil.run.schema import DlpModel
from veil.transform.operators.crypto import TransformationError
from veil.transform.operators.dates import parse_date


class DateValue(DlpModel):
    """google.type.Date: a whole calendar date."""

    year: int = Field(ge=1, le=9999)
    month: int = Field(ge=1, le=12)
    day: int = Field(ge=1, le=31)

    def as_date(self) -> dt.date:
        return dt.date(self.year, self.month, self.day)


class TimeValue(DlpModel):
    """google.type.TimeOfDay."""

    hours: int = Field(default=0, ge=0, le=23)
    minutes: int = Field(default=0, ge=0, le=59)
    seconds: int = Field(default=0, ge=0, le=59)
    nanos: int = Field(default=0, ge=0, le=999_999_999)


class DayOfWeek(str, enum.Enum):
    MONDAY = "MONDAY"
    TUESDAY = "TUESDAY"
    WEDNESDAY = "WEDNESDAY"
    THURSDAY = "THURSDAY"
    FRIDAY = "FRIDAY"
    SATURDAY = "SATURDAY"
    SUNDAY = "SUNDAY"


class Value(DlpModel):
    """DLP's `Value`. In text, a date is written ISO (`2020-01-31`), a time `HH:MM:SS`, a
    timestamp as given (RFC 3339), a day of the week by its name."""

    string_value: str | None = None
    integer_value: int | None = None
    float_value: float | None = None
    boolean_value: bool | None = None
    date_value: DateValue | None = None
    time_value: TimeValue | None = None
    timestamp_value: str | None = None
    day_of_week_value: DayOfWeek | None = None

    one_of = ("string_value", "integer_value", "float_value", "boolean_value", "date_value",
              "time_value", "timestamp_value", "day_of_week_value")

    def as_text(self) -> str:
        if self.boolean_value is not None:
            return "true" if self.boolean_value else "false"
        if self.date_value is not None:
            return self.date_value.as_date().isoformat()
        if self.time_value is not None:
            t = self.time_value
            return f"{t.hours:02d}:{t.minutes:02d}:{t.seconds:02d}"
        if self.day_of_week_value is not None:
            return self.day_of_week_value.value
        for value in (self.string_value, self.integer_value, self.float_value, self.timestamp_value):
            if value is not None:
                return str(value)
        raise AssertionError("a Value holds one kind")  # one_of guarantees it

    def as_python(self):
        """The value for a field that is not text: a date a `datetime.date`, a time a
        `datetime.time`, a day of the week its name, a scalar itself."""
        if self.date_value is not None:
            return self.date_value.as_date()
        if self.time_value is not None:
            t = self.time_value
            return dt.time(t.hours, t.minutes, t.seconds, t.nanos // 1000)
        if self.day_of_week_value is not None:
            return self.day_of_week_value.value
        return next(getattr(self, name) for name in self.one_of if getattr(self, name) is not None)

    @property
    def kind(self) -> str:
        if self.integer_value is not None or self.float_value is not None:
            return "number"
        if self.date_value is not None:
            return "date"
        if self.string_value is not None:
            return "string"
        return "other"

    def comparable(self):
        """The value as buckets compare it: a number, a date or a string."""
        if self.kind == "number":
            return self.integer_value if self.integer_value is not None else self.float_value
        if self.kind == "date":
            return self.date_value.as_date()
        if self.kind == "string":
            return self.string_value
        raise ValueError("buckets are bounded by numbers, dates or strings")


_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+")


def as_number(text: str) -> float:
    """The number `text` is (`1,250.5`, `-3`); raises TransformationError otherwise."""
    value = text.strip()
    if not _NUMBER.fullmatch(value):
        raise TransformationError("the value is not a number")
    number = float(value.replace(",", ""))
    return int(number) if number.is_integer() else number


def as_date(text: str) -> dt.date:
    parsed = parse_date(text)
    if parsed is None:
        raise TransformationError("the value is not a date Veil can read")
    return parsed.date


def like(bound: Value, text: str):
    """`text` converted to the kind of `bound`, as DLP converts the data to the bound's type
    before comparing."""
    kind = bound.kind
    if kind == "number":
        return as_number(text)
    if kind == "date":
        return as_date(text)
    return text
