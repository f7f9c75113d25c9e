"""DLP's generalising operators: buckets, fixed-size buckets, a part of a date, and a word
from a dictionary. A value they cannot read (a bucket for a number that is not one, the year
of something that is not a date) is a transformation error (`transformation_error_handling`).
"""
from __future__ import annotations

import enum
import hashlib
import math
from typing import ClassVar

from pydantic import AliasChoices, Field, model_validator

from veil.run.schema import DlpModel
from veil.transform.operators.base import Mention, Primitive
from veil.transform.operators.crypto import TransformationError
from veil.transform.operators.values import Value, as_date, as_number, like


def _number_text(number: float) -> str:
    """A bound as DLP writes it: `10`, `10.5` (two decimals at most)."""
    rounded = round(number, 2)
    return str(int(rounded)) if float(rounded).is_integer() else f"{rounded:g}"


class FixedSizeBucketingConfig(Primitive):
    """DLP's fixed-size buckets on numbers: below `lower_bound` is `-lower`, at or above
    `upper_bound` is `upper+`, otherwise `low-high` for the `bucket_size`-wide bucket that
    holds the value (lower 10, upper 89, size 10: `-10`, `10-20`, ..., `80-89`, `89+`)."""

    name: ClassVar[str] = "fixed_size_bucketing_config"
    example: ClassVar[dict] = {"lower_bound": {"integer_value": 10},
                               "upper_bound": {"integer_value": 90}, "bucket_size": 10}
    example_info_types: ClassVar[tuple[str, ...]] = ("AGE",)

    lower_bound: Value
    upper_bound: Value
    bucket_size: float = Field(gt=0)

    @model_validator(mode="after")
    def _numbers_in_order(self):
        if self.lower_bound.kind != "number" or self.upper_bound.kind != "number":
            raise ValueError("lower_bound and upper_bound are integer_value or float_value")
        if self.lower_bound.comparable() >= self.upper_bound.comparable():
            raise ValueError("lower_bound must be below upper_bound")
        return self

    def bucket(self, number: float) -> str:
        low, high = self.lower_bound.comparable(), self.upper_bound.comparable()
        if number < low:
            return f"-{_number_text(low)}"
        if number >= high:
            return f"{_number_text(high)}+"
        start = low + math.floor((number - low) / self.bucket_size) * self.bucket_size
        return f"{_number_text(start)}-{_number_text(min(start + self.bucket_size, high))}"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return self.bucket(as_number(mention.value))


class Bucket(DlpModel):
    """One range, `min` inclusive and `max` exclusive (either may be left out), and what a
    value in it becomes. `min_`/`max_` are accepted too: DLP's Python client writes them so."""

    min: Value | None = Field(default=None, validation_alias=AliasChoices("min", "min_"))
    max: Value | None = Field(default=None, validation_alias=AliasChoices("max", "max_"))
    replacement_value: Value

    @model_validator(mode="after")
    def _bounds(self):
        bounds = [b for b in (self.min, self.max) if b is not None]
        if not bounds:
            raise ValueError("a bucket needs min, max or both")
        kinds = {b.kind for b in bounds}
        if len(kinds) != 1 or "other" in kinds:
            raise ValueError("min and max are numbers, dates or strings, both of one kind")
        return self

    @property
    def bound(self) -> Value:
        return self.min if self.min is not None else self.max

    def holds(self, value) -> bool:
        return (self.min is None or value >= self.min.comparable()) and \
            (self.max is None or value < self.max.comparable())


class BucketingConfig(Primitive):
    """DLP's buckets: each value becomes the `replacement_value` of the first bucket whose
    range holds it (1-30 LOW, 30-65 MEDIUM, 65-100 HIGH). Numbers, dates and strings; the
    text is read as the kind of the bucket's bounds. A value no bucket holds is a
    transformation error."""

    name: ClassVar[str] = "bucketing_config"
    example: ClassVar[dict] = {"buckets": [
        {"min": {"date_value": {"year": 1900, "month": 1, "day": 1}},
         "max": {"date_value": {"year": 1980, "month": 1, "day": 1}},
         "replacement_value": {"string_value": "before 1980"}},
        {"min": {"date_value": {"year": 1980, "month": 1, "day": 1}},
         "max": {"date_value": {"year": 2000, "month": 1, "day": 1}},
         "replacement_value": {"string_value": "1980s-1990s"}}]}
    example_info_types: ClassVar[tuple[str, ...]] = ("DATE_OF_BIRTH",)

    buckets: list[Bucket] = Field(min_length=1)

    def apply(self, mention: Mention, key: bytes | None) -> str:
        for bucket in self.buckets:
            try:
                value = like(bucket.bound, mention.value)
            except TransformationError:
                continue
            if bucket.holds(value):
                return bucket.replacement_value.as_text()
        raise TransformationError("no bucket holds the value")


class TimePart(str, enum.Enum):
    TIME_PART_UNSPECIFIED = "TIME_PART_UNSPECIFIED"
    YEAR = "YEAR"
    MONTH = "MONTH"
    DAY_OF_MONTH = "DAY_OF_MONTH"
    DAY_OF_WEEK = "DAY_OF_WEEK"
    WEEK_OF_YEAR = "WEEK_OF_YEAR"
    HOUR_OF_DAY = "HOUR_OF_DAY"


class TimePartConfig(Primitive):
    """DLP's part of a date: the `part_to_extract` of each date, as a number (YEAR, MONTH
    1-12, DAY_OF_MONTH, DAY_OF_WEEK 1-7 from Monday, WEEK_OF_YEAR 1-53 as ISO counts them).
    Text dates carry no time of day, so HOUR_OF_DAY is refused."""

    name: ClassVar[str] = "time_part_config"
    example: ClassVar[dict] = {"part_to_extract": "YEAR"}
    example_info_types: ClassVar[tuple[str, ...]] = ("DATE_OF_BIRTH",)

    part_to_extract: TimePart

    @model_validator(mode="after")
    def _a_date_part(self):
        if self.part_to_extract is TimePart.TIME_PART_UNSPECIFIED:
            raise ValueError("part_to_extract: choose YEAR, MONTH, DAY_OF_MONTH, DAY_OF_WEEK "
                             "or WEEK_OF_YEAR")
        if self.part_to_extract is TimePart.HOUR_OF_DAY:
            raise ValueError("part_to_extract HOUR_OF_DAY: the dates Veil finds in text have "
                             "no time of day")
        return self

    def apply(self, mention: Mention, key: bytes | None) -> str:
        date = as_date(mention.value)
        part = {TimePart.YEAR: date.year, TimePart.MONTH: date.month,
                TimePart.DAY_OF_MONTH: date.day, TimePart.DAY_OF_WEEK: date.isoweekday(),
                TimePart.WEEK_OF_YEAR: date.isocalendar()[1]}[self.part_to_extract]
        return str(part)


class WordList(DlpModel):
    words: list[str] = Field(min_length=1)


class ReplaceDictionaryConfig(Primitive):
    """DLP's dictionary replacement: each value becomes a word from `word_list`. DLP picks at
    random; Veil picks from a hash of the conversation and the entity, so the output is
    deterministic and every mention of one entity gets the same word within a conversation."""

    name: ClassVar[str] = "replace_dictionary_config"
    example: ClassVar[dict] = {"word_list": {"words": ["Alex Doe", "Sam Roe", "Kim Poe"]}}
    example_info_types: ClassVar[tuple[str, ...]] = ("PERSON_NAME",)

    word_list: WordList

    def apply(self, mention: Mention, key: bytes | None) -> str:
        entity = mention.entity
        seed = "\x1f".join((mention.conversation.id, entity.info_type, str(entity.number)))
        index = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
        return self.word_list.words[index % len(self.word_list.words)]
