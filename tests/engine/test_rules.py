"""DLP rule sets, custom detection rules and min_likelihood after rules."""
import pytest

from tests.engine.conftest import make_engine
from veil.run.errors import ConfigError
from veil.detection.findings import Likelihood


def spans(engine, text, info_type=None):
    return sorted(
        (text[f.start:f.end], f.info_type, f.likelihood.name)
        for f in engine.inspect_text(text)
        if info_type is None or f.info_type == info_type
    )


def quotes(engine, text, info_type=None):
    return sorted(q for q, _, _ in spans(engine, text, info_type))


def words_type(pattern=r"\b[a-z]+\d+\b", likelihood="POSSIBLE", **extra):
    return {"info_type": {"name": "CODE"}, "regex": {"pattern": pattern}, "likelihood": likelihood,
            **extra}


def rule_set(info_types, *rules):
    return {"info_types": [{"name": t} for t in info_types], "rules": list(rules)}


# --- exclusion: dictionary -----------------------------------------------------------------

@pytest.mark.parametrize("matching,expected", [
    ("FULL", ["jones@ex.org", "sales@jones.net"]),  # only a finding the dictionary covers whole
    ("PARTIAL", ["jones@ex.org"]),  # some word of the finding is in the dictionary
    ("INVERSE", ["info@example.com", "sales@jones.net"]),  # no word is in the dictionary
])
def test_dictionary_exclusion(matching, expected):
    dictionary = {"word_list": {"words": ["info", "example", "com", "sales"]}}
    engine = make_engine({
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "rule_set": [rule_set(["EMAIL_ADDRESS"], {"exclusion_rule": {
            "dictionary": dictionary, "matching_type": f"MATCHING_TYPE_{matching}_MATCH"}})],
    })
    text = "write to info@example.com, jones@ex.org or sales@jones.net"
    assert quotes(engine, text) == sorted(expected)


def test_dictionary_full_match_phrase():
    engine = make_engine({
        "custom_info_types": [{"info_type": {"name": "ORG"},
                               "dictionary": {"word_list": {"words": ["Acme Corp", "Acme"]}}}],
        "rule_set": [rule_set(["ORG"], {"exclusion_rule": {
            "dictionary": {"word_list": {"words": ["acme corp"]}}, "matching_type": "FULL"}})],
    })
    # The finding "Acme Corp" is excluded; the findings "Acme" are not the phrase.
    assert quotes(engine, "Acme Corp and Acme") == ["Acme", "Acme"]


# --- exclusion: regex ----------------------------------------------------------------------

@pytest.mark.parametrize("matching,pattern,expected", [
    ("FULL", r"[a-z]+@example\.com", ["jones@ex.com"]),
    ("FULL", r"info|@|example\.com", ["jones@ex.com"]),  # matches together fill the finding
    ("PARTIAL", r"example", ["jones@ex.com"]),
    ("INVERSE", r"example", ["info@example.com"]),
])
def test_regex_exclusion(matching, pattern, expected):
    engine = make_engine({
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "rule_set": [rule_set(["EMAIL_ADDRESS"], {"exclusion_rule": {
            "regex": {"pattern": pattern}, "matching_type": matching}})],
    })
    assert quotes(engine, "info@example.com and jones@ex.com") == expected


# --- exclusion: exclude_info_types ---------------------------------------------------------

@pytest.mark.parametrize("matching,expected", [
    # DOMAIN_NAME findings inside a URL are excluded by FULL and PARTIAL.
    ("FULL", ["plain.com"]),
    ("PARTIAL", ["plain.com"]),
    ("INVERSE", ["www.example.com"]),
])
def test_exclude_info_types(matching, expected):
    engine = make_engine({
        "info_types": [{"name": "DOMAIN_NAME"}, {"name": "URL"}],
        "rule_set": [rule_set(["DOMAIN_NAME"], {"exclusion_rule": {
            "exclude_info_types": {"info_types": [{"name": "URL"}]},
            "matching_type": matching}})],
    })
    text = "see www.example.com/x and plain.com"
    assert quotes(engine, text, "DOMAIN_NAME") == expected


def test_exclude_info_types_full_versus_partial():
    # CODE "ab12 cd34" straddles the end of EMPLOYEE "xx ab12": partial overlap only.
    engine_for = lambda matching: make_engine({  # noqa: E731
        "custom_info_types": [
            {"info_type": {"name": "CODE"}, "regex": {"pattern": r"ab12 cd34"}},
            {"info_type": {"name": "EMPLOYEE"}, "regex": {"pattern": r"xx ab12"}},
        ],
        "rule_set": [rule_set(["CODE"], {"exclusion_rule": {
            "exclude_info_types": {"info_types": [{"name": "EMPLOYEE"}]},
            "matching_type": matching}})],
    })
    text = "xx ab12 cd34"
    assert quotes(engine_for("FULL"), text, "CODE") == ["ab12 cd34"]
    assert quotes(engine_for("PARTIAL"), text, "CODE") == []
    assert quotes(engine_for("INVERSE"), text, "CODE") == ["ab12 cd34"]


def test_excluded_type_not_requested_is_detected_but_not_reported():
    engine = make_engine({
        "info_types": [{"name": "DOMAIN_NAME"}],
        "rule_set": [rule_set(["DOMAIN_NAME"], {"exclusion_rule": {
            "exclude_info_types": {"info_types": [{"name": "URL"}]}, "matching_type": "PARTIAL"}})],
    })
    text = "see https://www.example.com/x and plain.com"
    assert quotes(engine, text) == ["plain.com"]
    assert engine.info_types == ["DOMAIN_NAME"]


# --- exclusion: exclude_by_hotword ---------------------------------------------------------

@pytest.mark.parametrize("matching,expected", [
    ("PARTIAL", ["415-555-0199"]),
    ("FULL", ["415-555-0199"]),
    ("INVERSE", ["415-555-0134"]),
])
def test_exclude_by_hotword(matching, expected):
    engine = make_engine({
        "info_types": [{"name": "PHONE_NUMBER"}],
        "rule_set": [rule_set(["PHONE_NUMBER"], {"exclusion_rule": {
            "exclude_by_hotword": {"hotword_regex": {"pattern": "(?i)fax"},
                                   "proximity": {"window_before": 10}},
            "matching_type": matching}})],
    })
    text = "fax: 415-555-0134; and then the office is 415-555-0199"
    assert quotes(engine, text) == expected


# --- hotword rules -------------------------------------------------------------------------

def test_hotword_rule_fixed_likelihood_and_window_before():
    engine = make_engine({
        "custom_info_types": [words_type(likelihood="UNLIKELY")],
        "rule_set": [rule_set(["CODE"], {"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)code"},
            "proximity": {"window_before": 6},
            "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}})],
    })
    text = "code ab12 then a long gap before cd34"
    assert spans(engine, text) == [("ab12", "CODE", "VERY_LIKELY")]


def test_hotword_must_lie_entirely_in_the_window():
    engine = make_engine({
        "custom_info_types": [words_type(likelihood="UNLIKELY")],
        "rule_set": [rule_set(["CODE"], {"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)code"},
            "proximity": {"window_before": 6},
            "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}})],
    })
    assert quotes(engine, "code   ab12") == []  # 'code' starts 7 before the finding
    assert quotes(engine, "code  ab12") == ["ab12"]


def test_hotword_window_after_is_counted_from_the_finding_start():
    engine = make_engine({
        "custom_info_types": [words_type(likelihood="UNLIKELY")],
        "rule_set": [rule_set(["CODE"], {"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)ok"},
            "proximity": {"window_after": 8},
            "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}})],
    })
    assert quotes(engine, "ab12 ok") == ["ab12"]  # 'ok' ends 7 after the start
    assert quotes(engine, "ab12     ok") == []


def test_hotword_inside_the_finding_counts():
    engine = make_engine({
        "custom_info_types": [words_type(likelihood="UNLIKELY")],
        "rule_set": [rule_set(["CODE"], {"hotword_rule": {
            "hotword_regex": {"pattern": "zz"},
            "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}})],
    })
    assert quotes(engine, "zz99 ab12") == ["zz99"]


def test_relative_likelihood_and_min_likelihood_after_rules():
    config = {
        "custom_info_types": [words_type(likelihood="POSSIBLE")],
        "min_likelihood": "LIKELY",
        "rule_set": [rule_set(["CODE"], {"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)code"},
            "proximity": {"window_before": 10},
            "likelihood_adjustment": {"relative_likelihood": 1}}})],
    }
    engine = make_engine(config)
    assert spans(engine, "code ab12 and far away here cd34") == [("ab12", "CODE", "LIKELY")]
    # Lowering below the threshold drops a finding that would otherwise be reported.
    config["min_likelihood"] = "POSSIBLE"
    config["rule_set"][0]["rules"][0]["hotword_rule"]["likelihood_adjustment"] = {
        "relative_likelihood": -1}
    engine = make_engine(config)
    assert quotes(engine, "code ab12 and far away here cd34") == ["cd34"]


def test_relative_likelihood_clamps():
    assert Likelihood.VERY_LIKELY.adjusted(3) == Likelihood.VERY_LIKELY
    assert Likelihood.VERY_UNLIKELY.adjusted(-3) == Likelihood.VERY_UNLIKELY


def test_rules_apply_in_order_and_only_to_their_types():
    engine = make_engine({
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "custom_info_types": [words_type(likelihood="UNLIKELY")],
        "rule_set": [
            rule_set(["CODE"],
                     {"hotword_rule": {"hotword_regex": {"pattern": "x"},
                                       "proximity": {"window_before": 5},
                                       "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}},
                     {"exclusion_rule": {"regex": {"pattern": "^ab"}, "matching_type": "PARTIAL"}}),
        ],
    })
    text = "x ab12 x cd34 a@x.com"
    assert quotes(engine, text) == ["a@x.com", "cd34"]


def test_rule_sets_apply_to_builtin_types_too():
    engine = make_engine({
        "info_types": [{"name": "US_SOCIAL_SECURITY_NUMBER"}],
        "rule_set": [rule_set(["US_SOCIAL_SECURITY_NUMBER"], {"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)tax id"},
            "proximity": {"window_before": 20},
            "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}})],
    })
    assert quotes(engine, "my tax id is 123456789") == ["123456789"]
    assert quotes(engine, "the code is 123456789") == []


# --- custom detection_rules ----------------------------------------------------------------

def test_custom_detection_rules_hotword():
    engine = make_engine({
        "custom_info_types": [words_type(
            likelihood="UNLIKELY",
            detection_rules=[{"hotword_rule": {
                "hotword_regex": {"pattern": "(?i)member"},
                "proximity": {"window_before": 20},
                "likelihood_adjustment": {"fixed_likelihood": "LIKELY"}}}],
        )],
    })
    assert quotes(engine, "member number ab12, not cd34 which is later on") == ["ab12"]


def test_custom_dictionary_detection_rules():
    engine = make_engine({
        "custom_info_types": [{
            "info_type": {"name": "PET"}, "likelihood": "VERY_UNLIKELY",
            "dictionary": {"word_list": {"words": ["rex"]}},
            "detection_rules": [{"hotword_rule": {
                "hotword_regex": {"pattern": "(?i)dog"},
                "proximity": {"window_before": 10},
                "likelihood_adjustment": {"relative_likelihood": 3}}}],
        }],
    })
    assert spans(engine, "my dog Rex; later on Rex") == [("Rex", "PET", "LIKELY")]


def test_exclusion_type_exclude_still_affects_rules():
    engine = make_engine({
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "custom_info_types": [{
            "info_type": {"name": "INTERNAL"}, "exclusion_type": "EXCLUSION_TYPE_EXCLUDE",
            "regex": {"pattern": r"\S+@corp\.example"}}],
        "rule_set": [rule_set(["EMAIL_ADDRESS"], {"exclusion_rule": {
            "exclude_info_types": {"info_types": [{"name": "INTERNAL"}]},
            "matching_type": "FULL"}})],
    })
    assert quotes(engine, "a@corp.example b@home.com") == ["b@home.com"]


# --- config errors -------------------------------------------------------------------------

# Regexes that backtrack catastrophically are refused only where RE2 cannot run them (a
# lookbehind here): on RE2 they are linear (tests/engine/test_user_regex.py).
@pytest.mark.parametrize("config,path", [
    ({"info_types": [{"name": "NOPE"}]}, "inspect_config.info_types[0].name"),
    ({"rule_set": [rule_set(["NOPE"], {"exclusion_rule": {
        "regex": {"pattern": "a"}, "matching_type": "FULL"}})]},
     "inspect_config.rule_set[0].info_types[0].name"),
    ({"info_types": [{"name": "URL"}], "rule_set": [rule_set(["URL"], {"exclusion_rule": {
        "exclude_info_types": {"info_types": [{"name": "NOPE"}]}, "matching_type": "FULL"}})]},
     "inspect_config.rule_set[0].rules[0].exclusion_rule.exclude_info_types.info_types[0].name"),
    ({"info_types": [{"name": "URL"}], "rule_set": [rule_set(["URL"], {"exclusion_rule": {
        "regex": {"pattern": "(?<!x)(a+)+$"}, "matching_type": "FULL"}})]},
     "inspect_config.rule_set[0].rules[0].exclusion_rule.regex.pattern"),
    ({"info_types": [{"name": "URL"}], "rule_set": [rule_set(["URL"], {"hotword_rule": {
        "hotword_regex": {"pattern": "(?<!x)(a|a)*b"}, "likelihood_adjustment": {"relative_likelihood": 1}}})]},
     "inspect_config.rule_set[0].rules[0].hotword_rule.hotword_regex.pattern"),
    ({"info_types": [{"name": "URL"}], "rule_set": [rule_set(["URL"], {"hotword_rule": {
        "hotword_regex": {"pattern": "a"}, "proximity": {"window_before": 900, "window_after": 200},
        "likelihood_adjustment": {"relative_likelihood": 1}}})]},
     "inspect_config.rule_set[0].rules[0].hotword_rule.proximity"),
    ({"custom_info_types": [{"info_type": {"name": "X"}, "regex": {"pattern": r"(?<!x)(\w+\s?)+$"}}]},
     "inspect_config.custom_info_types[0].regex.pattern"),
    ({"custom_info_types": [{"info_type": {"name": "X"}, "regex": {"pattern": "a"},
                             "detection_rules": [{"hotword_rule": {
                                 "hotword_regex": {"pattern": "(?<!z)(x+x+)+y"},
                                 "likelihood_adjustment": {"relative_likelihood": 1}}}]}]},
     "inspect_config.custom_info_types[0].detection_rules[0].hotword_rule.hotword_regex.pattern"),
    ({"custom_info_types": [{"info_type": {"name": "X"}, "dictionary": {
        "cloud_storage_path": {"path": "/nonexistent/words.txt"}}}]},
     "inspect_config.custom_info_types[0].dictionary.cloud_storage_path.path"),
    ({"info_types": [{"name": "URL"}], "rule_set": [rule_set(["URL"], {"exclusion_rule": {
        "dictionary": {"cloud_storage_path": {"path": "/nonexistent/words.txt"}},
        "matching_type": "FULL"}})]},
     "inspect_config.rule_set[0].rules[0].exclusion_rule.dictionary.cloud_storage_path.path"),
])
def test_config_errors_name_their_path(config, path):
    with pytest.raises(ConfigError) as error:
        make_engine(config)
    assert str(error.value).startswith(path + ":"), str(error.value)


def test_safe_repetition_is_accepted():
    engine = make_engine({"custom_info_types": [
        {"info_type": {"name": "X"}, "regex": {"pattern": r"(\w+\s)+end|(\d{3}-)+\d"}}]})
    assert engine.info_types == ["X"]


def test_dictionary_from_a_file(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("Initech\n\nDunder Mifflin\n", encoding="utf-8")
    engine = make_engine({"custom_info_types": [{"info_type": {"name": "ORG"}, "dictionary": {
        "cloud_storage_path": {"path": str(words)}}}]})
    assert quotes(engine, "at dunder-mifflin and INITECH") == ["INITECH", "dunder-mifflin"]
