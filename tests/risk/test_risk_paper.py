"""The method pinned to the call-transcript paper's own worked examples (sections 4.1-4.3)."""
from veil.risk.annotated import annotated_items, parse_annotated
from veil.risk.scoring import score_conversation
from veil.risk.table import DEFAULT_TABLE, RiskTable

# Table 2, "Anonymized + Annotated Transcripts", as printed (line breaks included).
TABLE_2 = [
    "Person 1: (Dunder Mifflin)[MISSED_ORGANIZATION_NAME_SPEAKER], this\n"
    "is [PERSON_NAME_1] (Green)[MISSED_PERSON_NAME_PARTIAL] speaking.",
    "Person 2: Hi, this is [PERSON_NAME_2] from [ORGANIZATION_NAME_1],\n"
    "we just ordered a set of paper and they have worse quality than "
    "(<i>staples</i>)[MISSED_ORGANIZATION_NAME].\nWe would like to return and get refund.",
    "Person 1: Okay, what is the order number?",
    "Person 2: It's B. [NUMERIC] C. for A. two.",
    "Person 1: And the email for that order?",
    "Person 2: It's (M-K two one)[MISSED_EMAIL_PARTIAL] [EMAIL_1]",
]

# Table 3, as printed: tags in parentheses, one after a space.
TABLE_3 = [
    "Person 1: Hi [PERSON_NAME_2]. This is [PERSON_NAME_3] calling back from "
    "(XYZ lawyer)(MISSED_ORGANIZATION_NAME_SPEAKER).",
    "Person 2: Oh, hi.",
    "Person 1: I am calling regarding your request to change your business name on "
    "(IRS dot gov)(MISSED_URL) website.",
    "Person 2: Oh, yes, I want it to be changed to (ABC incorporated) "
    "(MISSED_ORGANIZATION_NAME_SPEAKER).",
]

EMAIL_3 = RiskTable.from_config({"scores": {"EMAIL_ADDRESS": 3}})


def score(texts, table=DEFAULT_TABLE):
    _, items = annotated_items(texts, table)
    return score_conversation("c", items, table)


def test_table_2_tags_are_the_four_the_paper_prints():
    _, items = annotated_items(TABLE_2)
    assert [(i.info_type, i.partial, i.speaker, i.value) for i in items] == [
        ("ORGANIZATION_NAME", False, True, "Dunder Mifflin"),
        ("PERSON_NAME", True, False, "Green"),
        ("ORGANIZATION_NAME", False, False, "staples"),
        ("EMAIL_ADDRESS", True, False, "M-K two one"),
    ]


def test_table_2_scores_6_with_the_worked_examples_email_3():
    # Equation (1): ORG_NAME_SPEAKER 2 + ceil(5/2) = 3 + floor(3/2) = 1 = 6.
    result = score(TABLE_2, EMAIL_3)
    assert [i.score for i in result.items] == [2, 3, 0, 1]
    assert result.score == 6


def test_table_2_scores_7_with_table_6s_email_4():
    # Table 6 gives EMAIL 4, so the partial email is floor(4/2) = 2: 2 + 3 + 2.
    assert DEFAULT_TABLE.base_score("EMAIL_ADDRESS") == 4
    assert score(TABLE_2).score == 7


def test_four_mentions_of_marc_count_once():
    texts = [f"Turn {n}: yes (Marc)[MISSED_PERSON_NAME_PARTIAL] said so" for n in range(4)]
    result = score(texts)
    assert result.score == 3  # not 12 = 4 x 3
    assert len(result.items) == 1 and result.items[0].count == 4


def test_the_paper_prints_the_marc_tag_in_parentheses_too():
    clean, items = parse_annotated("four times (Marc)([MISSED_PERSON_NAME_PARTIAL]).")
    assert clean == "four times Marc."
    assert items[0].info_type == "PERSON_NAME" and items[0].partial


def test_asr_variants_of_one_name_are_one_piece_of_information():
    texts = ["(Mark)[MISSED_PERSON_NAME_PARTIAL] here", "it's (Marc)[MISSED_PERSON_NAME_PARTIAL]",
             "spelled (M-A-R-K)[MISSED_PERSON_NAME_PARTIAL]"]
    result = score(texts)
    assert result.score == 3 and result.items[0].count == 3


def test_an_organisation_not_tied_to_a_speaker_scores_zero():
    result = score(["worse than (<i>staples</i>)[MISSED_ORGANIZATION_NAME]."])
    assert result.score == 0
    assert result.items[0].info_type == "ORGANIZATION_NAME" and result.items[0].score == 0


def test_speaker_variants_score_two():
    assert score(["(Dunder Mifflin)[MISSED_ORGANIZATION_NAME_SPEAKER]"]).score == 2
    assert score(["(Widget Pro)[MISSED_PRODUCT_SPEAKER]"]).score == 2
    assert score(["(Widget Pro)[MISSED PRODUCT SPEAKER]"]).score == 2  # Table 6 spacing
    assert score(["(iPhone)[MISSED_PRODUCT]"]).score == 0


def test_table_3_scores_6():
    # Three independent items: ORG_SPEAKER 2 + URL 2 + ORG_SPEAKER 2.
    result = score(TABLE_3)
    assert [(i.info_type, i.speaker, i.score) for i in result.items] == [
        ("ORGANIZATION_NAME", True, 2), ("URL", False, 2), ("ORGANIZATION_NAME", True, 2)]
    assert result.score == 6


def test_short_tag_names_of_the_equation_resolve():
    # Equation (1) shortens the tags: MISSED_ORG_NAME_SPEAKER, MISSED_PERS_NAME_PARTIAL.
    texts = ["(Dunder Mifflin)[MISSED_ORG_NAME_SPEAKER] (Green)[MISSED_PERS_NAME_PARTIAL]"]
    assert score(texts).score == 5


def test_markup_is_removed_and_offsets_point_into_the_clean_text():
    clean, items = annotated_items(TABLE_2)
    assert "MISSED" not in "".join(clean) and "<i>" not in "".join(clean)
    for item in items:
        assert clean[item.turn][item.start:item.end] == item.value
