"""DLP's generalising operators and date values on real text through anonymize_conversation:
fixed-size buckets (DLP's documented example), buckets, parts of dates, dictionary words and
`replace_config` with a date."""
from __future__ import annotations

import pytest

from veil.transform.anonymize import anonymize_conversation
from veil.run.config import parse_config
from veil.run.errors import ConfigError
from veil.detection.findings import Finding
from veil.transform.operators.build import build_operators


def run(primitive, texts, findings, conversation="c1"):
    config = {"info_type_transformations": {"transformations": [
        {"primitive_transformation": primitive}]}}
    return anonymize_conversation(conversation, texts, findings, build_operators(config))[0]


def numbers(*values):
    """One text per value, and a finding on each."""
    texts = [f"age {v}" for v in values]
    return texts, [Finding(i, 4, len(t), "AGE") for i, t in enumerate(texts)]


def test_fixed_size_buckets_give_dlps_documented_buckets():
    # DLP: lower 10, upper 89, size 10 gives -10, 10-20, ..., 80-89, 89+.
    primitive = {"fixed_size_bucketing_config": {
        "lower_bound": {"integer_value": 10}, "upper_bound": {"integer_value": 89},
        "bucket_size": 10}}
    out = run(primitive, *numbers(3, 10, 19, 20, 42, 85, 89, 120, "1,000"))
    assert [t.removeprefix("age ") for t in out] == \
        ["-10", "10-20", "10-20", "20-30", "40-50", "80-89", "89+", "89+", "89+"]


def test_buckets_on_numbers_and_dates_and_a_value_no_bucket_holds():
    primitive = {"bucketing_config": {"buckets": [
        {"min": {"integer_value": 1}, "max": {"integer_value": 31},
         "replacement_value": {"string_value": "LOW"}},
        {"min": {"integer_value": 31}, "max": {"integer_value": 66},
         "replacement_value": {"string_value": "MEDIUM"}},
        {"min": {"date_value": {"year": 1980, "month": 1, "day": 1}},
         "replacement_value": {"string_value": "since 1980"}}]}}
    texts = ["age 30", "age 31", "age 99", "born March 5, 1985"]
    findings = [Finding(0, 4, 6, "AGE"), Finding(1, 4, 6, "AGE"), Finding(2, 4, 6, "AGE"),
                Finding(3, 5, 18, "DATE_OF_BIRTH")]
    assert run(primitive, texts, findings) == ["age LOW", "age MEDIUM", "age [AGE_3]",
                                               "born since 1980"]


@pytest.mark.parametrize("part,expected", [
    ("YEAR", "1985"), ("MONTH", "3"), ("DAY_OF_MONTH", "5"), ("DAY_OF_WEEK", "2"),
    ("WEEK_OF_YEAR", "10")])
def test_time_part_of_a_written_date(part, expected):
    texts = ["born March 5, 1985"]  # a Tuesday, in ISO week 10
    assert run({"time_part_config": {"part_to_extract": part}}, texts,
               [Finding(0, 5, 18, "DATE_OF_BIRTH")]) == [f"born {expected}"]


def test_time_part_refuses_hour_of_day_at_start():
    with pytest.raises(ConfigError, match="no time of day"):
        parse_config({"deidentify_config": {"info_type_transformations": {"transformations": [
            {"primitive_transformation": {"time_part_config": {"part_to_extract": "HOUR_OF_DAY"}}}]}}})


def test_dictionary_words_are_one_per_entity_and_deterministic():
    words = ["Alex Doe", "Sam Roe", "Kim Poe", "Lee Moe"]
    texts = ["Rachel Green called; Rachel said Ross Geller knows."]
    findings = [Finding(0, 0, 12, "PERSON_NAME"), Finding(0, 21, 27, "PERSON_NAME"),
                Finding(0, 33, 44, "PERSON_NAME")]
    primitive = {"replace_dictionary_config": {"word_list": {"words": words}}}
    out = run(primitive, texts, findings)[0]
    assert out == run(primitive, texts, findings)[0]
    first, rest = out.split(" called; ")
    assert first in words and rest.startswith(first + " said ")  # Rachel is Rachel Green
    assert "Rachel" not in out and "Ross" not in out


def test_replace_config_with_a_date_value():
    texts, findings = ["born March 5, 1985"], [Finding(0, 5, 18, "DATE_OF_BIRTH")]
    primitive = {"replace_config": {"new_value": {"date_value": {"year": 2000, "month": 1, "day": 31}}}}
    assert run(primitive, texts, findings) == ["born 2000-01-31"]
    primitive = {"replace_config": {"new_value": {"day_of_week_value": "MONDAY"}}}
    assert run(primitive, texts, findings) == ["born MONDAY"]
