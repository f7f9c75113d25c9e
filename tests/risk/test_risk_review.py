"""The review sample's pre-marked suspicions, parsed back as people return them."""
from __future__ import annotations

from veil.risk.annotated import UNRESOLVED, annotated_items
from veil.risk.review import combine, pre_marked, review_sample
from veil.risk.scoring import ResidualItem


def test_suspicions_are_marked_as_questions_and_parse_back_to_the_same_text():
    texts = ["hi [PERSON_NAME_1] Green, mail me at bo@x.org", "ok (fine) thanks"]
    green, mail = texts[0].index("Green"), texts[0].index("bo@")
    items = [ResidualItem("PERSON_NAME", "Green", partial=True, turn=0, start=green, end=green + 5),
             ResidualItem("EMAIL_ADDRESS", "bo@x.org", turn=0, start=mail, end=mail + 8),
             ResidualItem("ORGANIZATION_NAME", "fine", turn=1, start=4, end=8)]  # scores 0
    marked, count = pre_marked(texts, items)
    assert count == 2
    assert marked[0] == ("hi [PERSON_NAME_1] (Green)[MISSED_PERSON_NAME_PARTIAL?], mail me at "
                         "(bo@x.org)[MISSED_EMAIL_ADDRESS?]")
    assert marked[1] == texts[1]
    clean, parsed = annotated_items(marked)
    assert clean == texts
    assert [(i.info_type, i.value, i.partial, i.source) for i in parsed] == [
        ("PERSON_NAME", "Green", True, UNRESOLVED), ("EMAIL_ADDRESS", "bo@x.org", False, UNRESOLVED)]


def test_people_confirm_reject_and_add():
    returned = ["hi [PERSON_NAME_1] (Green)[MISSED_PERSON_NAME_PARTIAL], mail me at bo@x.org",
                "ok (Dunder Mifflin)[MISSED_ORGANIZATION_NAME_SPEAKER] thanks"]
    _, parsed = annotated_items(returned)
    assert [(i.info_type, i.speaker, i.source) for i in parsed] == [
        ("PERSON_NAME", False, "annotated"), ("ORGANIZATION_NAME", True, "annotated")]


def test_the_sample_is_seeded_and_independent_of_order():
    ids = [f"c{i}" for i in range(100)]
    first = review_sample(ids, 10, seed=3)
    assert first == review_sample(list(reversed(ids)), 10, seed=3)
    assert first != review_sample(ids, 10, seed=4) and len(set(first)) == 10


def test_people_replace_the_auditor_where_they_reviewed_and_the_shares_say_so():
    run = [{"id": "a", "score": 5, "source": "audit"}, {"id": "b", "score": 3, "source": "audit"},
           {"id": "c", "score": 0, "source": "audit"}]
    annotated = [{"id": "b", "score": 8, "source": "annotated", "unresolved": 1}]
    combined = combine(run, annotated)
    assert sorted((r["id"], r["score"]) for r in combined.rows) == [("a", 5), ("b", 8), ("c", 0)]
    people, audit = combined.contribution["annotated"], combined.contribution["audit"]
    assert (people["conversations"], people["score"], people["auditor_score_on_sample"]) == (1, 8, 3)
    assert people["unresolved_marks"] == 1 and people["share_of_score"] == round(8 / 13, 4)
    assert (audit["conversations"], audit["score"]) == (2, 5)
