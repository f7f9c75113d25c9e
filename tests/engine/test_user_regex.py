"""Config regexes run on RE2, as in DLP (`veil.detection.engine.user_regex`)."""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.conftest import make_engine
from veil.run.config import parse_config
from veil.detection.engine.regex_safety import backtracking_problem
from veil.detection.engine.user_regex import Re2Pattern, compile_user_pattern
from veil.run.errors import ConfigError


def custom(pattern, **regex):
    return {"custom_info_types": [
        {"info_type": {"name": "X"}, "regex": {"pattern": pattern, **regex}, "likelihood": "LIKELY"}]}


def quotes(engine, text):
    return [text[f.start:f.end] for f in sorted(engine.inspect_text(text))]


# --- ReDoS through bounded repeats ----------------------------------------------------------

@pytest.mark.parametrize("pattern, text, expected", [
    # Under Python's re the time of these grows exponentially with the run of a's; RE2 is
    # linear in the text.
    ("(a+){2,32}b", "a" * 40 + "!", []),
    ("(a+){2,32}b", "a" * 40 + "b", ["a" * 40 + "b"]),
    ("(a*){1,32}$", "a" * 40 + "!", []),
    ("(a*){1,32}$", "x " + "a" * 40, ["a" * 40]),
])
def test_bounded_repeats_of_repeats_run_on_re2(pattern, text, expected):
    engine = make_engine(custom(pattern))
    (detector,) = engine.patterns
    assert isinstance(detector.pattern, Re2Pattern)
    assert quotes(engine, text) == expected


@pytest.mark.parametrize("pattern", ["(?<!x)(a+){2,32}b", "(?<=x)(a*){1,32}$", r"(?=\w)(\w+\d){1,8}"])
def test_a_pattern_only_pythons_re_runs_is_refused_if_a_bounded_repeat_can_backtrack(pattern):
    with pytest.raises(ConfigError) as error:
        make_engine(custom(pattern))
    message = str(error.value)
    assert message.startswith("inspect_config.custom_info_types[0].regex.pattern: RE2 cannot run it")
    assert "exponential time" in message


def test_bounded_repeats_with_separated_parts_still_pass_on_pythons_re():
    # A lookbehind keeps this on Python's re; its repeat's parts are split by a '-'.
    engine = make_engine(custom(r"(?<!\d)(?:\d{3}-){2,3}\d{4}"))
    (detector,) = engine.patterns
    assert isinstance(detector.pattern, re.Pattern)
    assert quotes(engine, "call 555-123-4567 now") == ["555-123-4567"]


def test_the_old_check_missed_bounded_repeats():
    assert backtracking_problem("(a+){2,32}b", bounded=False) is None
    assert backtracking_problem("(a+){2,32}b") is not None
    assert backtracking_problem("(a*){1,32}$") is not None
    assert backtracking_problem(r"(\d{3}-){2}\d") is None


def test_nested_repeats_that_re2_runs_are_accepted():
    # Refused before RE2 (they backtrack on Python's re); RE2 runs them in linear time.
    engine = make_engine(custom(r"(\w+\s?)+$"))
    assert quotes(engine, "ab cd!" + " x" * 30) == ["x" + " x" * 29]
    assert quotes(engine, "ab cd" * 20 + "!") == []


# --- DLP's syntax ---------------------------------------------------------------------------

@pytest.mark.parametrize("pattern, text, expected", [
    # Flags switched on and off inside the pattern.
    ("(?i)(mrn|medical)(?-i) ID", "MRN ID, Medical ID, mrn id", ["MRN ID", "Medical ID"]),
    ("[[:digit:]]{3}-[[:digit:]]{4}", "call 555-0100", ["555-0100"]),
    (r"\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+", "Zoë Ångström met bob", ["Zoë Ångström"]),
    (r"[0-9]+\z", "12 and 34", ["34"]),
    (r"\Qa.b*c\E", "a.b*c axbbc", ["a.b*c"]),
])
def test_re2_syntax_works_as_in_dlp(pattern, text, expected):
    engine = make_engine(custom(pattern))
    (detector,) = engine.patterns
    assert isinstance(detector.pattern, Re2Pattern)
    assert quotes(engine, text) == expected


def test_re2_syntax_in_hotwords_and_exclusions():
    engine = make_engine({
        "custom_info_types": [{
            "info_type": {"name": "MRN"}, "regex": {"pattern": "[[:digit:]]{6}"},
            "likelihood": "UNLIKELY",
            "detection_rules": [{"hotword_rule": {
                "hotword_regex": {"pattern": "(?i)(mrn|medical)(?-i)"},
                "proximity": {"window_before": 20},
                "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}}],
        }],
        "rule_set": [{"info_types": [{"name": "MRN"}], "rules": [{"exclusion_rule": {
            "regex": {"pattern": r"\Q000000\E"}, "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}],
        "min_likelihood": "LIKELY",
    })
    text = "Medical record 123456, 000000 and also 654321"
    assert quotes(engine, text) == ["123456"]


def test_config_validation_accepts_re2_syntax_and_counts_its_groups():
    config = parse_config({"inspect_config": custom(r"(?i)id:(\p{L}+)(?-i)", group_indexes=[1])})
    assert config.inspect_config.custom_info_types[0].regex.group_indexes == [1]
    with pytest.raises(ConfigError, match="group index 2 but the pattern has 1 groups"):
        parse_config({"inspect_config": custom(r"\p{L}(\d)", group_indexes=[2])})


# --- `re`'s meaning of pos and endpos ---------------------------------------------------------

# (Not `b$`: in RE2, as in DLP, `$` is the end of the text, where `re` also takes the place
# before a final newline.)
PATTERNS = [r"\bab", r"ab\b", r"^a", r"(?m)b$", r"(?m)^b", r"a+b?", r"\Bb", "b|ab"]


def test_dollar_is_the_end_of_the_text_as_in_re2():
    assert compile_user_pattern("b$").search("b\n") is None
    assert compile_user_pattern("b$").search("ab").span() == (1, 2)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATTERNS), st.text(alphabet="ab \n", max_size=12),
       st.integers(0, 14), st.integers(0, 14))
def test_search_and_finditer_in_a_window_mean_what_they_mean_in_re(pattern, text, pos, endpos):
    mine, theirs = compile_user_pattern(pattern), re.compile(pattern)
    assert isinstance(mine, Re2Pattern)
    found = mine.search(text, pos, endpos)
    expected = theirs.search(text, pos, endpos)
    assert (found and found.span()) == (expected and expected.span())
    assert [m.span() for m in mine.finditer(text, pos, endpos)] == [
        m.span() for m in theirs.finditer(text, pos, endpos)]


def test_a_lone_surrogate_in_the_text_keeps_every_offset():
    # JSON may carry "\ud800", which UTF-8 (RE2's input) cannot hold; the record must still be
    # scanned (it fails later, at writing, with its own reason).
    engine = make_engine(custom(r"EMP-\d{6}"))
    text = "id \ud800 EMP-004211 and \udfff EMP-000001"
    assert quotes(engine, text) == ["EMP-004211", "EMP-000001"]
    assert compile_user_pattern(r"\bEMP").search(text, 4, 12).span() == (5, 8)
