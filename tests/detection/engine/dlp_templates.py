"""DLP inspection configurations written from Google Cloud DLP's public documentation and
samples (in our own words and values, not copied), each with a text and, where DLP documents
the answer, the findings DLP returns for it.

`source` names the documentation page each is written from. `expected` is a set of
(quote, infoType) or (quote, infoType, likelihood) the engine must report exactly; None where
no answer is known (the config still runs, and its proto round trip is checked in
tests/detection/engine/test_google_dlp.py). `documented` says where the answer comes from: True, the
behaviour DLP's page documents for such a config (a hotword lifts a match to VERY_LIKELY, an
exclusion removes it, a dictionary matches whole words in any case); False, the scheme's
published reference values, which DLP's detectors are expected to find but whose DLP output
is not documented.

Used by tests/detection/engine/test_dlp_templates.py (the engine and the job CLI) and
tests/detection/engine/test_google_dlp.py (the in-process DLP gRPC service receives identical protos).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Template:
    name: str
    source: str
    config: dict
    text: str
    expected: frozenset | None
    documented: bool = True

    def __post_init__(self):
        if self.expected is not None:
            object.__setattr__(self, "expected", frozenset(self.expected))


LIKELIHOOD_PAGE = "sensitive-data-protection/docs/creating-custom-infotypes-likelihood"
RULES_PAGE = "sensitive-data-protection/docs/creating-custom-infotypes-rules"
DICTIONARY_PAGE = "sensitive-data-protection/docs/creating-custom-infotypes-dictionary"
REGEX_PAGE = "sensitive-data-protection/docs/creating-custom-infotypes-regex"
INSPECT_PAGE = "sensitive-data-protection/docs/inspecting-text"
CONFIG_REF = "sensitive-data-protection/docs/reference/rest/v2/InspectConfig"
DEID_REF = "sensitive-data-protection/docs/pseudonymization"

_MRN = {
    "info_type": {"name": "C_MRN"},
    "regex": {"pattern": "[1-9]{3}-[1-9]{1}-[1-9]{5}"},
    "likelihood": "POSSIBLE",
}
_EMAIL_RULE = {"info_types": [{"name": "EMAIL_ADDRESS"}]}

TEMPLATES = [
    Template(
        "inspect_text_email_and_phone", INSPECT_PAGE,
        {"info_types": [{"name": "PHONE_NUMBER"}, {"name": "EMAIL_ADDRESS"}],
         "min_likelihood": "POSSIBLE", "include_quote": True},
        "Reach me at (206) 555-0142 or ana.lima@example.org today.",
        {("(206) 555-0142", "PHONE_NUMBER"), ("ana.lima@example.org", "EMAIL_ADDRESS")},
        documented=False,
    ),
    # The MRN hotword example: a bare match stays POSSIBLE, one after "MRN" is VERY_LIKELY.
    Template(
        "hotword_raises_mrn", LIKELIHOOD_PAGE,
        {"custom_info_types": [_MRN],
         "rule_set": [{"info_types": [{"name": "C_MRN"}], "rules": [{"hotword_rule": {
             "hotword_regex": {"pattern": "(?i)(mrn|medical)(?-i)"},
             "proximity": {"window_before": 10},
             "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}}]}],
         "min_likelihood": "POSSIBLE"},
        "Chart MRN 456-7-89123, and an unrelated 321-6-54987.",
        {("456-7-89123", "C_MRN", "VERY_LIKELY"), ("321-6-54987", "C_MRN", "POSSIBLE")},
    ),
    # The same rule under min_likelihood VERY_LIKELY keeps only the hotworded match.
    Template(
        "hotword_with_threshold", LIKELIHOOD_PAGE,
        {"custom_info_types": [_MRN],
         "rule_set": [{"info_types": [{"name": "C_MRN"}], "rules": [{"hotword_rule": {
             "hotword_regex": {"pattern": "(?i)(mrn|medical)(?-i)"},
             "proximity": {"window_before": 10},
             "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}}]}],
         "min_likelihood": "VERY_LIKELY"},
        "medical 456-7-89123 then 321-6-54987",
        {("456-7-89123", "C_MRN")},
    ),
    # A hotword may match inside the finding itself (HotwordRule.proximity): an office's
    # area code raises the phone numbers that carry it.
    Template(
        "hotword_inside_the_finding", CONFIG_REF,
        {"custom_info_types": [{"info_type": {"name": "OFFICE_PHONE"},
                                "regex": {"pattern": r"\(\d{3}\) \d{3}-\d{4}"},
                                "likelihood": "UNLIKELY"}],
         "rule_set": [{"info_types": [{"name": "OFFICE_PHONE"}], "rules": [{"hotword_rule": {
             "hotword_regex": {"pattern": r"\(617\)"},
             "proximity": {"window_before": 0},
             "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"}}}]}],
         "min_likelihood": "LIKELY"},
        "desk (617) 555-0100, home (212) 555-0199",
        {("(617) 555-0100", "OFFICE_PHONE")},
    ),
    Template(
        "exclude_emails_in_a_dictionary", RULES_PAGE,
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "rule_set": [{**_EMAIL_RULE, "rules": [{"exclusion_rule": {
             "dictionary": {"word_list": {"words": ["noreply@example.com"]}},
             "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}]},
        "Replies go to noreply@example.com, not to mira@example.com.",
        {("mira@example.com", "EMAIL_ADDRESS")},
    ),
    Template(
        "exclude_emails_of_a_domain", RULES_PAGE,
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "rule_set": [{**_EMAIL_RULE, "rules": [{"exclusion_rule": {
             "regex": {"pattern": ".+@example\\.com"},
             "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}]},
        "staff: lee@example.com; customer: kim@example.net",
        {("kim@example.net", "EMAIL_ADDRESS")},
    ),
    Template(
        "exclude_matches_holding_a_substring", RULES_PAGE,
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "rule_set": [{**_EMAIL_RULE, "rules": [{"exclusion_rule": {
             "regex": {"pattern": "TEST"},
             "matching_type": "MATCHING_TYPE_PARTIAL_MATCH"}}]}]},
        "TEST.user@example.org and real.user@example.org",
        {("real.user@example.org", "EMAIL_ADDRESS")},
    ),
    Template(
        "exclude_by_hotword", RULES_PAGE,
        {"custom_info_types": [_MRN],
         "rule_set": [{"info_types": [{"name": "C_MRN"}], "rules": [{"exclusion_rule": {
             "exclude_by_hotword": {"hotword_regex": {"pattern": "(?i)sku"},
                                    "proximity": {"window_before": 10}},
             "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}]},
        "SKU 456-7-89123 shipped; patient 321-6-54987",
        {("321-6-54987", "C_MRN")},
    ),
    # An exclusion-only custom type: never reported itself, it removes the person names it
    # also finds.
    Template(
        "exclusion_only_custom_type", RULES_PAGE,
        {"info_types": [{"name": "PERSON_NAME"}],
         "custom_info_types": [{"info_type": {"name": "PUBLIC_FIGURE"},
                                "dictionary": {"word_list": {"words": ["Jane Doe"]}},
                                "exclusion_type": "EXCLUSION_TYPE_EXCLUDE"}],
         "rule_set": [{"info_types": [{"name": "PERSON_NAME"}], "rules": [{"exclusion_rule": {
             "exclude_info_types": {"info_types": [{"name": "PUBLIC_FIGURE"}]},
             "matching_type": "MATCHING_TYPE_FULL_MATCH"}}]}]},
        "Jane Doe and Rachel Green met on Monday.",
        {("Rachel Green", "PERSON_NAME")},
    ),
    # DLP's "inspect without overlap" sample: a custom infoType that only names the built-in
    # EMAIL_ADDRESS and excludes it; the rule set drops domains inside an email, and the email
    # itself is not reported although info_types lists it (DLP's answer: example.com alone).
    Template(
        "without_overlap_builtin_excluded", RULES_PAGE,
        {"info_types": [{"name": "DOMAIN_NAME"}, {"name": "EMAIL_ADDRESS"}],
         "custom_info_types": [{"info_type": {"name": "EMAIL_ADDRESS"},
                                "exclusion_type": "EXCLUSION_TYPE_EXCLUDE"}],
         "rule_set": [{"info_types": [{"name": "DOMAIN_NAME"}], "rules": [{"exclusion_rule": {
             "exclude_info_types": {"info_types": [{"name": "EMAIL_ADDRESS"}]},
             "matching_type": "MATCHING_TYPE_PARTIAL_MATCH"}}]}]},
        "example.com is a domain, james@example.org is an email.",
        {("example.com", "DOMAIN_NAME")},
    ),
    # A surrogate custom infoType finds DLP's annotation `NAME(N):token` (N characters follow)
    # that crypto_replace_ffx_fpe_config wrote, annotation and token as one finding; a count
    # the text does not hold, another case or no count is no annotation.
    Template(
        "surrogate_type_finds_annotations", DEID_REF,
        {"custom_info_types": [{"info_type": {"name": "SSN_TOKEN"}, "surrogate_type": {}}]},
        "Not SSN_TOKEN:555 nor ssn_token(9):123456789; my SSN is SSN_TOKEN(9):731997681 SSN_TOKEN(40):1",
        {("SSN_TOKEN(9):731997681", "SSN_TOKEN", "VERY_LIKELY")},
    ),
    # DLP dictionaries: case-insensitive, whole words only.
    Template(
        "custom_dictionary", DICTIONARY_PAGE,
        {"custom_info_types": [{"info_type": {"name": "CODE_NAME"},
                                "dictionary": {"word_list": {"words": ["Nightjar", "Blue Falcon"]}}}]},
        "NIGHTJAR ships before blue falcon; nightjars do not count.",
        {("NIGHTJAR", "CODE_NAME"), ("blue falcon", "CODE_NAME")},
    ),
    Template(
        "custom_regex_group", REGEX_PAGE,
        {"custom_info_types": [{"info_type": {"name": "EMPLOYEE_ID"},
                                "regex": {"pattern": r"EMP-(\d{6})", "group_indexes": [1]}}]},
        "badge EMP-004217 at gate",
        {("004217", "EMPLOYEE_ID")},
    ),
    # RE2 syntax as DLP reads it: POSIX classes, Unicode classes, \z and \Q...\E.
    Template(
        "re2_syntax", REGEX_PAGE,
        {"custom_info_types": [
            {"info_type": {"name": "TICKET"}, "regex": {"pattern": "T[[:digit:]]{5}"}},
            {"info_type": {"name": "CAPITALISED"}, "regex": {"pattern": r"\p{Lu}\p{Ll}+ø"}},
            {"info_type": {"name": "TAIL"}, "regex": {"pattern": r"[0-9]+\z"}},
            {"info_type": {"name": "LITERAL"}, "regex": {"pattern": r"\Qa.b*c\E"}},
        ]},
        "T12345 Søø a.b*c axbc 77 and 88",
        {("T12345", "TICKET"), ("Søø", "CAPITALISED"), ("a.b*c", "LITERAL"), ("88", "TAIL")},
    ),
    Template(
        "min_likelihood_per_info_type", CONFIG_REF,
        {"info_types": [{"name": "EMAIL_ADDRESS"}],
         "custom_info_types": [{"info_type": {"name": "C_MRN"},
                                "regex": {"pattern": "[1-9]{3}-[1-9]{1}-[1-9]{5}"},
                                "likelihood": "POSSIBLE"}],
         "min_likelihood": "POSSIBLE",
         "min_likelihood_per_info_type": [{"info_type": {"name": "C_MRN"},
                                           "min_likelihood": "LIKELY"}]},
        "mail ada@example.org about 456-7-89123",
        {("ada@example.org", "EMAIL_ADDRESS")},
    ),
    # LIKELIHOOD_UNSPECIFIED reads as the default threshold, POSSIBLE: an UNLIKELY custom
    # match is not reported.
    Template(
        "likelihood_unspecified_is_possible", CONFIG_REF,
        {"custom_info_types": [
            {"info_type": {"name": "WEAK"}, "regex": {"pattern": "W-\\d+"}, "likelihood": "UNLIKELY"},
            {"info_type": {"name": "FIRM"}, "regex": {"pattern": "F-\\d+"}, "likelihood": "POSSIBLE"}],
         "min_likelihood": "LIKELIHOOD_UNSPECIFIED"},
        "W-1 and F-2",
        {("F-2", "FIRM")},
    ),
    # Empty info_types: DLP chooses its detectors, by default all of them.
    Template(
        "empty_info_types_run_the_defaults", CONFIG_REF,
        {"min_likelihood": "LIKELY"},
        "card 4111 1111 1111 1111, mail bo@example.com",
        None,
    ),
    Template(
        "all_basic", CONFIG_REF,
        {"info_types": [{"name": "ALL_BASIC"}], "min_likelihood": "LIKELY"},
        "card 4111 1111 1111 1111, mail bo@example.com",
        None,
    ),
    # A UK and EU template, as data-protection teams in Europe write them.
    Template(
        "uk_and_eu_identifiers", "sensitive-data-protection/docs/infotypes-reference",
        {"info_types": [{"name": n} for n in (
            "UK_NATIONAL_INSURANCE_NUMBER", "UK_NATIONAL_HEALTH_SERVICE_NUMBER", "FRANCE_NIR",
            "SPAIN_DNI_NUMBER", "ITALY_FISCAL_CODE", "IRELAND_PPSN", "FINLAND_NATIONAL_ID_NUMBER",
            "IBAN_CODE")],
         "min_likelihood": "POSSIBLE"},
        "NI number AB 12 34 56 C, NHS number 943 476 5919, DNI 12345678Z, "
        "CF RSSMRA85T10A562S, PPS 1234567T, HETU 131052-308T, IBAN GB82 WEST 1234 5698 7654 32",
        {("AB 12 34 56 C", "UK_NATIONAL_INSURANCE_NUMBER"),
         ("943 476 5919", "UK_NATIONAL_HEALTH_SERVICE_NUMBER"),
         ("12345678Z", "SPAIN_DNI_NUMBER"), ("RSSMRA85T10A562S", "ITALY_FISCAL_CODE"),
         ("1234567T", "IRELAND_PPSN"), ("131052-308T", "FINLAND_NATIONAL_ID_NUMBER"),
         ("GB82 WEST 1234 5698 7654 32", "IBAN_CODE")},
        documented=False,
    ),
    Template(
        "secrets_template", "sensitive-data-protection/docs/infotypes-reference",
        {"info_types": [{"name": n} for n in (
            "AUTH_TOKEN", "JSON_WEB_TOKEN", "GCP_API_KEY", "AWS_CREDENTIALS", "PASSWORD")]},
        "Authorization: Bearer 0123456789abcdefXYZ, key AIza" + "Q" * 35
        + ", id AKIAABCDEFGHIJKLMNOP, password: s3cr3t!!",
        {("0123456789abcdefXYZ", "AUTH_TOKEN"), ("AIza" + "Q" * 35, "GCP_API_KEY"),
         ("AKIAABCDEFGHIJKLMNOP", "AWS_CREDENTIALS"), ("s3cr3t!!", "PASSWORD")},
        documented=False,
    ),
]


def by_name(name: str) -> Template:
    return next(t for t in TEMPLATES if t.name == name)
