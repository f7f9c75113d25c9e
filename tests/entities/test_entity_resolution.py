"""Entity resolution within a conversation (veil.entities.resolution)."""
from __future__ import annotations

import re

from veil.entities.resolution import entity_numbers, names_match, parse_name
from veil.measure.entity_measure import single_number_share
from veil.detection.entity_keys import email_key, generic_key, org_key, org_own_name, phone_key
from veil.detection.findings import Finding


def numbered(texts, spans, info_type="PERSON_NAME", speakers=None):
    """(value, number) for every occurrence of each value, in conversation order."""
    findings = []
    for turn, text in enumerate(texts):
        taken = []
        for value in sorted(spans, key=len, reverse=True):
            for m in re.finditer(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text):
                if not any(m.start() < e and s < m.end() for s, e in taken):
                    findings.append(Finding(turn, m.start(), m.end(), info_type))
                    taken.append((m.start(), m.end()))
    numbers = entity_numbers(texts, findings, speakers)
    return [(texts[f.turn][f.start:f.end], numbers[f]) for f in sorted(numbers)]


def test_full_name_first_name_title_and_spelling_are_one_person():
    texts = ["This is Rachel Green.", "Thanks Rachel. Ms Green, how do you spell it?",
             "G-R-E-E-N", "g as in golf, r as in romeo, e as in echo, e as in echo, n as in november"]
    spans = ["Rachel Green", "Rachel", "Green", "G-R-E-E-N",
             "g as in golf, r as in romeo, e as in echo, e as in echo, n as in november"]
    assert {n for _, n in numbered(texts, spans)} == {1}


def test_asr_variants_are_one_person_but_different_names_are_not():
    assert names_match("Mark", "Marc") and names_match("Jon", "John")
    assert names_match("Rachel", "Rachael") and names_match("Philip", "Phillip")
    assert not names_match("Mark", "Mary")
    assert not names_match("Daniel", "Daniela")
    assert not names_match("Lidia", "Lilia")
    assert not names_match("Angel", "Angela") and not names_match("Paul", "Paula")
    texts = ["Mark called", "yes Marc, and M-A-R-K again", "Mary too"]
    assert numbered(texts, ["Mark", "Marc", "M-A-R-K", "Mary"]) == [
        ("Mark", 1), ("Marc", 1), ("M-A-R-K", 1), ("Mary", 2)]


def test_two_people_sharing_a_first_name_get_two_numbers():
    texts = ["Rachel Green here.", "Rachel Smith joined us too.", "Rachel, can you confirm?",
             "Ms Green agrees."]
    result = numbered(texts, ["Rachel Green", "Rachel Smith", "Rachel", "Green"])
    # The bare "Rachel" goes to the most recently mentioned Rachel (Smith).
    assert result == [("Rachel Green", 1), ("Rachel Smith", 2), ("Rachel", 2), ("Green", 1)]


def test_a_namesake_introduced_as_someone_else_is_another_person():
    # "my colleague", "also", "we're both": the words say the name is someone else's too,
    # and a later bare "Rachel" means the person not introduced as someone else.
    texts = ["Rachel Green here.", "My colleague Rachel Smith set it up.", "Thanks, Rachel."]
    assert numbered(texts, ["Rachel Green", "Rachel Smith", "Rachel"]) == [
        ("Rachel Green", 1), ("Rachel Smith", 2), ("Rachel", 1)]
    texts = ["My name is Hariz Sama.", "If Hariz calls, that's my colleague, not me. We're both Hariz.",
             "Anything else today, Hariz?"]
    assert numbered(texts, ["Hariz Sama", "Hariz"]) == [
        ("Hariz Sama", 1), ("Hariz", 2), ("Hariz", 2), ("Hariz", 1)]


def test_bare_name_before_full_name_joins_it():
    texts = ["Is Rachel there?", "Yes, Rachel Green speaking."]
    assert numbered(texts, ["Rachel", "Rachel Green"]) == [("Rachel", 1), ("Rachel Green", 1)]


def test_middle_names_and_particles():
    texts = ["Luis Miguel here", "Luis Miguel Soliz, for the record", "and Ryan da Cruz", "Mr da Cruz"]
    assert numbered(texts, ["Luis Miguel Soliz", "Luis Miguel", "Ryan da Cruz", "da Cruz"]) == [
        ("Luis Miguel", 1), ("Luis Miguel Soliz", 1), ("Ryan da Cruz", 2), ("da Cruz", 2)]


def test_a_family_name_of_several_words_said_alone_is_the_same_person():
    texts = ["My name is Maria Lopez Garcia.", "Lopez Garcia, you said?", "and Juan Perez too",
             "Perez Lopez is someone else"]
    got = dict(numbered(texts, ["Maria Lopez Garcia", "Lopez Garcia", "Juan Perez", "Perez Lopez"]))
    assert got["Lopez Garcia"] == got["Maria Lopez Garcia"] == 1
    assert got["Perez Lopez"] not in (got["Maria Lopez Garcia"], got["Juan Perez"])


def test_first_and_last_name_given_in_adjacent_turns_pair_up():
    texts = ["Your first and last name?", "Susan.", "Reed, R-E-E-D."]
    assert {n for _, n in numbered(texts, ["Susan", "Reed", "R-E-E-D"])} == {1}
    texts = ["Who am I speaking with?", "It's Ines.", "And the um, last- last name?", "Öberg.",
             "Thank you, Dr. Öberg."]
    assert {n for _, n in numbered(texts, ["Ines", "Öberg"])} == {1}
    texts = ["yeah it's kevin last name armstrong", "got it dr armstrong thanks"]
    assert {n for _, n in numbered(texts, ["kevin", "armstrong"])} == {1}


def test_a_first_name_and_a_surname_without_evidence_stay_two_people():
    # The examples: each name occurring once is no evidence that they are one person.
    assert numbered(["Did Priya call back?", "No, but Thompson did."], ["Priya", "Thompson"]) == [
        ("Priya", 1), ("Thompson", 2)]
    assert numbered(["What's Jagdish's new address?", "4120 Garcia Roads"], ["Jagdish", "Garcia"]) == [
        ("Jagdish", 1), ("Garcia", 2)]
    assert numbered(["Dear Mrs. Sandal,", "I've copied Valerie."], ["Sandal", "Valerie"]) == [
        ("Sandal", 1), ("Valerie", 2)]
    # Angel and Angela are two names, not a spelling variant.
    assert numbered(["Angel, what do you think?", "And Angela?"], ["Angel", "Angela"]) == [
        ("Angel", 1), ("Angela", 2)]


def test_what_speakers_say_of_themselves_and_each_other_ties_names():
    texts = ["Hi, I'm looking for Mr. Guerrero.", "Speaking.", "Hi Erick, this is Stacy Bradshaw.",
             "Thanks, Stacy.", "Thanks for your time, Erick."]
    names = ["Guerrero", "Erick", "Stacy Bradshaw", "Stacy"]
    speakers = ["rep", "prospect", "rep", "prospect", "rep"]
    assert [n for _, n in numbered(texts, names, speakers=speakers)] == [1, 1, 2, 2, 1]
    # Without speakers there is no evidence that Guerrero is Erick.
    assert [n for _, n in numbered(texts, names)] == [1, 2, 3, 3, 2]
    # Two speakers each giving their own name are two people, however alike the names.
    texts = ["This is Jamie, who am I speaking with?", "My name is James Morrison.", "Thanks, James."]
    assert numbered(texts, ["Jamie", "James Morrison", "James"], speakers=["agent", "caller", "agent"]) \
        == [("Jamie", 1), ("James Morrison", 2), ("James", 2)]


def test_parse_name_titles_spelling_and_particles():
    parsed = parse_name("Ms. G R E E N")
    assert parsed.title == "ms" and [t.name for t in parsed.tokens] == ["GREEN"]
    assert [t.style for t in parse_name("Rachel G-R-E-E-N").tokens] == ["word", "spelled"]
    assert [t.name for t in parse_name("Jonathan van den Bosch").tokens] == [
        "Jonathan", "van den Bosch"]
    # Spelled with spaces, with the words said between letters: "O" is no particle there.
    assert [(t.name, t.style) for t in parse_name("O apostrophe N E I L L").tokens] == [
        ("ONEILL", "spelled")]
    assert [t.name for t in parse_name("m i double t").tokens] == ["mitt"]
    assert [t.name for t in parse_name("Jim O Neill").tokens] == ["Jim", "O Neill"]


def test_email_phone_and_organisation_keys():
    assert email_key("Rachel.Green@Example.com") == email_key(
        "rachel dot green at example dot com") == email_key("R-A-C-H-E-L-G-R-E-E-N at example dot com")
    assert phone_key("+1 (415) 555-0134") == phone_key("415.555.0134") == phone_key(
        "four one five five five five oh one three four")
    assert phone_key("+44 20 7946 0958") == phone_key("020 7946 0958")
    assert org_key("Initech, Inc.") == org_key("initech") == org_key("The Initech LLC")
    assert org_key("Initech") != org_key("Initrode")
    assert generic_key("o apostrophe n e i l l") == generic_key("O-N-E-I-L-L") == "oneill"
    assert generic_key("M I double T") == "mitt"


def test_an_organisation_s_own_name_alone_is_the_organisation_named_in_full():
    assert org_own_name(org_key("the Church of Scientology")) == "scientology"
    assert org_own_name(org_key("University of the West Indies")) == "west indies"
    assert org_own_name(org_key("Scientology")) is None
    assert org_own_name(org_key("Civic Party")) is None
    texts = ["I was with the Church of Scientology for years.", "Scientology wanted everything.",
             "Later the church of scientology called."]
    assert numbered(texts, ["Church of Scientology", "Scientology", "church of scientology"],
                    "ORGANIZATION_NAME") == [
        ("Church of Scientology", 1), ("Scientology", 1), ("church of scientology", 1)]
    # Said alone first: numbered where it first appears, one entity with the full name.
    texts = ["Scientology sent a letter.", "From the Church of Scientology, yes.", "And Acme Corp."]
    assert numbered(texts, ["Scientology", "Church of Scientology", "Acme Corp"], "ORGANIZATION_NAME") == [
        ("Scientology", 1), ("Church of Scientology", 1), ("Acme Corp", 2)]


def test_an_own_name_that_two_full_names_share_stays_apart():
    texts = ["I bank with the Bank of Toronto", "and study at the University of Toronto", "Toronto won"]
    assert numbered(texts, ["Bank of Toronto", "University of Toronto", "Toronto"], "ORGANIZATION_NAME") == [
        ("Bank of Toronto", 1), ("University of Toronto", 2), ("Toronto", 3)]


def test_numbering_is_per_type_by_first_appearance_and_restarts():
    texts = ["Call 415-555-0134 or mail a@x.com", "again (415) 555 0134, and b@x.com, A@X.COM"]
    phones = numbered(texts, ["415-555-0134", "(415) 555 0134"], "PHONE_NUMBER")
    emails = numbered(texts, ["a@x.com", "b@x.com", "A@X.COM"], "EMAIL_ADDRESS")
    assert [n for _, n in phones] == [1, 1]
    assert [n for _, n in emails] == [1, 2, 1]
    assert [n for _, n in numbered(texts[1:], ["b@x.com", "A@X.COM"], "EMAIL_ADDRESS")] == [1, 2]


def test_single_number_share_on_gold_entities():
    record = {"turns": [{"text": "Rachel Green here"}, {"text": "thanks Rachel, and Ross?"}],
              "pii": [
                  {"turn": 0, "start": 0, "end": 12, "info_type": "PERSON_NAME", "entity": "P1"},
                  {"turn": 1, "start": 7, "end": 13, "info_type": "PERSON_NAME", "entity": "P1"},
                  {"turn": 1, "start": 19, "end": 23, "info_type": "PERSON_NAME", "entity": "P2"},
              ]}
    result = single_number_share([record])
    assert result["multi_mention_entities"] == 1 and result["single_number_share"] == 1.0
    assert result["kept_apart_share"] == 1.0


def test_generated_records_carry_gold_entity_ids():
    from veil.synth.generator import generate_records

    for record in generate_records(30, seed=11):
        for span in record["pii"]:
            if span["info_type"] == "PERSON_NAME":
                assert re.fullmatch(r"P\d+", span["entity"])
            else:
                assert "entity" not in span
    share = single_number_share(generate_records(200, seed=11))
    assert share["single_number_share"] > 0.9 and share["kept_apart_share"] > 0.97
