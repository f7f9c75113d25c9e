"""Counting each piece of PI once: normalisation, ASR variants, keeping the higher score."""
import pytest

from veil.risk.scoring import (ResidualItem, edit_distance, normalise, phonetic_key, same_pi,
                               score_conversation)


@pytest.mark.parametrize("value, key", [
    ("Mark", "mark"), ("M-A-R-K", "mark"), ("M. A. R. K.", "mark"), ("m a r k", "mark"),
    ("m as in mike, a, r, k", "mark"), ("<i>Staples</i>", "staples"), ("Zoë", "zoe"),
    ("M-K two one", "mk21"), ("mk21@abc.com", "mk21abccom"),
])
def test_normalise(value, key):
    assert normalise(value) == key


def test_phonetic_key_hears_mark_and_marc_alike():
    assert phonetic_key("mark") == phonetic_key("marc") == phonetic_key("marck")
    assert phonetic_key("carl") == phonetic_key("karl")
    assert phonetic_key("mark") != phonetic_key("markowitz")


def test_edit_distance():
    assert edit_distance("mark", "marc") == 1
    assert edit_distance("jon", "john") == 1
    assert edit_distance("kitten", "sitting", limit=5) == 3


@pytest.mark.parametrize("a, b, same", [
    ("mark", "marc", True), ("jon", "john", True), ("carl", "karl", True),
    ("mark", "mary", False), ("mark", "mike", False), ("rachel", "richard", False),
    ("al", "el", False),       # too short to guess
])
def test_name_variants(a, b, same):
    assert same_pi("PERSON_NAME", a, b) is same


def test_numbers_must_match_exactly():
    assert not same_pi("PHONE_NUMBER", "5551234", "5551235")
    assert not same_pi("PERSON_NAME", "mark1", "marc1")
    assert same_pi("PHONE_NUMBER", normalise("555-1234"), normalise("555 1234"))


def test_the_same_piece_keeps_the_higher_score():
    items = [ResidualItem("PERSON_NAME", "Green", partial=True, turn=0, start=0, end=5),
             ResidualItem("PERSON_NAME", "green", partial=False, turn=1, start=0, end=5)]
    result = score_conversation("c", items)
    assert result.score == 5
    assert (result.items[0].count, result.items[0].partial) == (2, False)


def test_a_speaker_mention_lifts_an_organisation():
    items = [ResidualItem("ORGANIZATION_NAME", "Dunder Mifflin"),
             ResidualItem("ORGANIZATION_NAME", "dunder-mifflin", speaker=True)]
    assert score_conversation("c", items).score == 2


def test_one_value_under_two_types_counts_for_each():
    items = [ResidualItem("PERSON_NAME", "Mark"), ResidualItem("USER_NAME", "mark")]
    assert score_conversation("c", items).score == 8


def test_different_people_add_up():
    items = [ResidualItem("PERSON_NAME", "Mark"), ResidualItem("PERSON_NAME", "Mary")]
    assert score_conversation("c", items).score == 10


def test_items_under_table_names_are_canonicalised():
    items = [ResidualItem("ORGANIZATION_NAME_SPEAKER", "Initech"), ResidualItem("EMAIL", "a@b.c"),
             ResidualItem("FIRST_NAME", "Mark")]
    result = score_conversation("c", items)
    assert sorted((i.info_type, i.speaker, i.partial, i.score) for i in result.items) == [
        ("EMAIL_ADDRESS", False, False, 4), ("ORGANIZATION_NAME", True, False, 2),
        ("PERSON_NAME", False, True, 3)]


def test_output_row_has_no_raw_value_unless_asked():
    items = [ResidualItem("PERSON_NAME", "Mark", turn=0, start=3, end=7)]
    result = score_conversation("c1", items, context="sales")
    row = result.to_dict()
    assert row == {"id": "c1", "context": "sales", "score": 5, "direct_identifier": True,
                   "items": [{"info_type": "PERSON_NAME", "partial": False, "speaker": False,
                              "score": 5, "count": 1}]}
    assert "Mark" not in str(row)
    detailed = result.to_dict(include_values=True, include_spans=True)["items"][0]
    assert detailed["value"] == "Mark"
    assert detailed["mentions"] == [{"turn": 0, "start": 3, "end": 7}]


def test_zero_score_items_are_not_direct_identifiers():
    result = score_conversation("c", [ResidualItem("ORGANIZATION_NAME", "Staples")])
    assert not result.has_direct_identifier
    result = score_conversation("c", [ResidualItem("PERSON_NAME", "Green", partial=True)])
    assert result.has_direct_identifier  # a partial name still counts: conservative


# --- grouping is the same as comparing every pair (it used to be done that way) -----------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from veil.risk.scoring import _group  # noqa: E402


def _group_pairwise(items):
    """The definition: an item joins the first group holding a key that is the same PI."""
    groups = []
    for item in items:
        key = normalise(item.value)
        for info_type, keys, members in groups:
            if info_type == item.info_type and key and any(same_pi(info_type, key, k) for k in keys):
                keys.append(key)
                members.append(item)
                break
        else:
            groups.append((item.info_type, [key], [item]))
    return [members for _, _, members in groups]


_VALUES = ["Mark", "Marc", "Marck", "M-A-R-K", "mark", "Mary", "Markowitz", "Jon", "John", "Jonh",
           "Rachel", "Rachael", "Richard", "Carl", "Karl", "al", "el", "", "--", "555-1234",
           "555 1234", "5551235", "Dunder Mifflin", "dunder-mifflin", "Dunder Miflin", "Zoë", "Zoe",
           "Katarina", "Katharina", "Catarina", "Steven", "Stephen", "Stefan", "mk21", "mk 21"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_VALUES),
                          st.sampled_from(["PERSON_NAME", "ORGANIZATION_NAME", "PHONE_NUMBER", "USER_NAME"])),
                max_size=25))
def test_grouping_equals_the_pairwise_definition(pairs):
    items = [ResidualItem(info_type, value, turn=i, start=0, end=max(len(value), 1))
             for i, (value, info_type) in enumerate(pairs)]
    assert _group(items) == _group_pairwise(items)
