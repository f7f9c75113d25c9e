"""An auditor's hits on the anonymised output, classified against its placeholders."""
from veil.risk.audit import find_placeholders, from_audit, tied_to_speaker
from veil.risk.scoring import score_conversation


def hit(text, value, info_type, turn=0, nth=0):
    start = -1
    for _ in range(nth + 1):
        start = text.index(value, start + 1)
    return {"turn": turn, "start": start, "end": start + len(value), "info_type": info_type}


def test_placeholders_with_and_without_numbers():
    text = "It's [EMAIL_1], B. [NUMERIC] and [PERSON_NAME_12]"
    assert [(p.info_type, text[p.start:p.end]) for p in find_placeholders(text)] == [
        ("EMAIL_ADDRESS", "[EMAIL_1]"), ("NUMERIC", "[NUMERIC]"),
        ("PERSON_NAME", "[PERSON_NAME_12]")]


def test_a_surname_next_to_a_name_placeholder_is_partial():
    text = "Dunder Mifflin, this is [PERSON_NAME_1] green speaking."
    items = from_audit([text], [hit(text, "green", "LAST_NAME")])
    assert [(i.info_type, i.value, i.partial) for i in items] == [("PERSON_NAME", "green", True)]
    assert score_conversation("c", items).score == 3


def test_a_hit_spanning_the_placeholder_keeps_only_the_remainder():
    text = "this is [PERSON_NAME_1] green speaking."
    items = from_audit([text], [hit(text, "[PERSON_NAME_1] green", "PERSON_NAME")])
    assert [(i.value, i.partial) for i in items] == [("green", True)]


def test_the_email_remainder_before_its_placeholder_is_partial():
    text = "It's M-K two one [EMAIL_1]"
    items = from_audit([text], [hit(text, "M-K two one", "USER_NAME")])
    assert [(i.info_type, i.partial) for i in items] == [("EMAIL_ADDRESS", True)]
    assert score_conversation("c", items).score == 2  # floor(4/2)


def test_hits_inside_placeholders_are_ignored():
    text = "Hi [PERSON_NAME_1], bye"
    assert from_audit([text], [hit(text, "PERSON_NAME", "PERSON_NAME")]) == []


def test_an_incompatible_or_distant_placeholder_means_missed():
    text = "Call [PHONE_NUMBER_1] Mark. Hi [PERSON_NAME_1], Mary here."
    items = from_audit([text], [hit(text, "Mark", "PERSON_NAME"), hit(text, "Mary", "PERSON_NAME")])
    assert [(i.value, i.partial) for i in items] == [("Mark", False), ("Mary", False)]
    assert score_conversation("c", items).score == 10


def test_generic_placeholders_keep_the_hits_type():
    text = "my number is [DIGIT_SEQUENCE_1] 4567"
    items = from_audit([text], [hit(text, "4567", "PHONE_NUMBER")])
    assert [(i.info_type, i.partial) for i in items] == [("PHONE_NUMBER", True)]


def test_organisations_tied_to_a_speaker():
    text = "Hi, I'm calling from Initech about the staples order. Dunder Mifflin, this is Pam."
    items = from_audit([text], [hit(text, "Initech", "ORGANIZATION_NAME"),
                                hit(text, "staples", "ORGANIZATION_NAME"),
                                hit(text, "Dunder Mifflin", "ORGANIZATION_NAME")])
    assert [(i.value, i.speaker) for i in items] == [
        ("Initech", True), ("staples", False), ("Dunder Mifflin", True)]
    assert tied_to_speaker("I work for Acme", 11, 15)


def test_an_explicit_speaker_flag_wins():
    text = "we use Initech"
    finding = {**hit(text, "Initech", "ORGANIZATION_NAME"), "speaker_related": True}
    assert from_audit([text], [finding])[0].speaker


def test_turns_are_respected():
    texts = ["[PERSON_NAME_1]", "green"]
    items = from_audit(texts, [hit(texts[1], "green", "LAST_NAME", turn=1)])
    # A first or last name alone is PARTIAL in the paper's convention (4.2), not adjacent here.
    assert [(i.turn, i.partial, i.info_type) for i in items] == [(1, True, "PERSON_NAME")]


def test_a_sentence_break_separates_values_but_an_initial_joins():
    text = "Hi [PERSON_NAME_1]. Mark here. J. [PERSON_NAME_2] called; mk21@[DOMAIN_NAME_1]"
    items = from_audit([text], [hit(text, "Mark", "PERSON_NAME"), hit(text, "J", "PERSON_NAME"),
                                hit(text, "mk21", "USER_NAME")])
    assert [(i.value, i.info_type, i.partial) for i in items] == [
        ("Mark", "PERSON_NAME", False), ("J", "PERSON_NAME", True), ("mk21", "USER_NAME", False)]


# --- the auditor's turn memo changes no result --------------------------------------------

def test_memoised_auditor_finds_exactly_what_the_auditor_finds():
    from veil.transform.anonymize import anonymize_conversation
    from veil.run.config import load_config
    from veil.detection.detect import ConversationDetector
    from veil.detection.engine.turn_memo import TurnMemo
    from veil.synth import generate_records

    detector = ConversationDetector(load_config("minimal"))
    anonymised = []
    for record in generate_records(80, 4242):
        texts = [t["text"] for t in record["turns"]] if "turns" in record else [record["text"]]
        new_texts, _ = anonymize_conversation(record["id"], texts, detector.detect(texts))
        anonymised.append(new_texts)
    anonymised += anonymised[:20]  # whole conversations again: every turn from the memo
    auditor = load_config("auditor")
    plain = ConversationDetector(auditor)
    memo = TurnMemo()
    memoised = ConversationDetector(auditor, turn_memo=memo)
    for texts in anonymised:
        assert memoised.detect(texts) == plain.detect(texts)
    assert memo.hits > 0 and memo.misses > 0
