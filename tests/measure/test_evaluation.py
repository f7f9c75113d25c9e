"""Evaluation metrics on hand-made cases with known answers, and `veil evaluate` end to end."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_veil
from veil.measure.evaluation import ALL, Evaluation, Span, f_beta, format_report, value_shape


def test_f_beta_known_values():
    assert f_beta(1.0, 1.0, 5) == 1.0
    assert f_beta(0.0, 0.0, 5) == 0.0
    assert f_beta(0.5, 1.0, 1) == pytest.approx(2 / 3)
    # F5 is dominated by recall: (1 + 25) * p * r / (25 p + r)
    assert f_beta(0.5, 1.0, 5) == pytest.approx(26 * 0.5 / (12.5 + 1))
    assert f_beta(1.0, 0.5, 5) == pytest.approx(26 * 0.5 / (25 + 0.5))


def test_entity_and_token_counts_on_a_hand_made_case():
    texts = ["call Mark Green at 555 0100 today", "email mg at x.org"]
    gold = [Span(0, 5, 15, "PERSON_NAME"), Span(0, 19, 27, "PHONE_NUMBER"), Span(1, 12, 17, "DOMAIN_NAME")]
    predicted = [
        Span(0, 5, 9, "PERSON_NAME"),      # partial name: overlap yes, exact no
        Span(0, 19, 27, "PHONE_NUMBER"),   # exact
        Span(1, 12, 17, "URL"),            # right place, wrong type
        Span(0, 28, 33, "DATE"),           # false positive
    ]
    evaluation = Evaluation()
    evaluation.add(texts, gold, predicted, "support", negatives=[Span(0, 28, 33, "time"), Span(0, 0, 4, "word")])
    report = evaluation.report()
    metrics = report["metrics"]

    exact = metrics["entity_exact"][ALL]
    assert exact["micro"]["tp"] == 1 and exact["micro"]["fn"] == 2 and exact["micro"]["fp"] == 3
    assert exact["per_info_type"]["PERSON_NAME"] == {
        "tp": 0, "fp": 1, "fn": 1, "precision": 0.0, "recall": 0.0, "f1": 0.0, "f5": 0.0, "support": 1}

    overlap = metrics["entity_overlap"][ALL]
    assert (overlap["micro"]["tp"], overlap["micro"]["fp"], overlap["micro"]["fn"]) == (2, 2, 1)
    assert overlap["micro"]["recall"] == round(2 / 3, 4)

    # Tokens: gold Mark, Green, 555, 0100, x, org; predicted Mark, 555, 0100, x(URL), org(URL), today.
    token = metrics["token"][ALL]["micro"]
    assert (token["tp"], token["fp"], token["fn"]) == (3, 3, 3)

    redaction = metrics["redaction_entity_overlap"][ALL]["micro"]
    assert (redaction["tp"], redaction["fp"], redaction["fn"]) == (3, 1, 0)
    assert metrics["entity_overlap"]["context:support"]["micro"] == overlap["micro"]
    assert report["hard_negatives"] == {"total": 2, "redacted": 1, "false_positive_rate": 0.5}


def test_redacted_ordinary_words_are_counted_outside_gold_spans_overall_and_lower_case():
    texts = ["Thanks Virginia, the waiver is at http://x.org/a @jo", "and the Fed said no"]
    gold = [Span(0, 7, 15, "PERSON_NAME")]  # "Virginia"
    predicted = [
        Span(0, 7, 15, "US_STATE"),     # inside gold: not an ordinary word
        Span(0, 21, 27, "PERSON_NAME"), # "waiver": an ordinary lower-case word, redacted
        Span(0, 34, 48, "URL"),         # a URL is not a word of the conversation
        Span(0, 49, 52, "USER_NAME"),   # nor is an @handle
        Span(1, 8, 11, "ORGANIZATION_NAME"),  # "Fed": an ordinary capitalised word, redacted
    ]
    evaluation = Evaluation()
    evaluation.add(texts, gold, predicted, "posts")
    words = evaluation.report()["ordinary_words"]
    # Words: Thanks the waiver is at | and the Fed said no -> 10, of which 8 are lower-case.
    assert words[ALL] == {"words": 10, "redacted": 2, "rate": 0.2, "lower_case_words": 8,
                          "lower_case_redacted": 1, "lower_case_rate": 0.125,
                          "lower_case_redacted_by_type": {"PERSON_NAME": 1}}
    assert words["context:posts"] == words[ALL]


def test_a_bare_domain_name_is_no_word_and_a_word_capitalised_as_written_is_no_lower_case_word():
    # An ASR-style copy: "Beijing" was written with a capital, "say" was not.
    texts = ["go to goldstar.com to say hi in beijing"]
    predicted = [Span(0, 6, 18, "DOMAIN_NAME"), Span(0, 22, 25, "LOCATION"), Span(0, 32, 39, "LOCATION")]
    plain, marked = Evaluation(), Evaluation()
    plain.add(texts, [], predicted)
    marked.add(texts, [], predicted, capitalised=[Span(0, 32, 39, "capitalised")])
    # Words: go to to say hi in beijing -> 7 ("goldstar.com" is an address).
    assert plain.report()["ordinary_words"][ALL] == {
        "words": 7, "redacted": 2, "rate": 0.28571, "lower_case_words": 7,
        "lower_case_redacted": 2, "lower_case_rate": 0.28571, "lower_case_redacted_by_type": {"LOCATION": 2}}
    assert marked.report()["ordinary_words"][ALL] == {
        "words": 7, "redacted": 2, "rate": 0.28571, "lower_case_words": 6,
        "lower_case_redacted": 1, "lower_case_rate": 0.16667, "lower_case_redacted_by_type": {"LOCATION": 1}}


def test_words_that_join_two_gold_spans_of_one_name_are_no_ordinary_words():
    # GUM labels a mention's proper nouns only: "University" and "California", not "of".
    text = "she left the University of California's lab for the school of music"
    gold = [Span(0, 13, 23, "ORGANIZATION_NAME"), Span(0, 27, 37, "LOCATION")]
    predicted = [Span(0, 13, 39, "ORGANIZATION_NAME"), Span(0, 52, 67, "ORGANIZATION_NAME")]
    evaluation = Evaluation()
    evaluation.add([text], gold, predicted)
    # Words: she left the lab for the school of music -> 9; "of" and "'s" belong to the name.
    # Only "school of music", which no gold span joins, counts as redacted.
    assert evaluation.report()["ordinary_words"][ALL] == {
        "words": 9, "redacted": 3, "rate": 0.33333, "lower_case_words": 9,
        "lower_case_redacted": 3, "lower_case_rate": 0.33333,
        "lower_case_redacted_by_type": {"ORGANIZATION_NAME": 3}}


def test_the_report_leads_with_redaction_recall_and_redacted_words():
    evaluation = Evaluation()
    evaluation.add(["call Ann about the bill"], [Span(0, 5, 8, "PERSON_NAME")],
                   [Span(0, 5, 8, "LOCATION"), Span(0, 19, 23, "PERSON_NAME")])
    lines = format_report(evaluation.report()).splitlines()
    assert lines[1].startswith("redacted at all (any type, overlap): recall 1.000, precision 0.500")
    assert lines[2] == ("ordinary words redacted: 25.00% (1 of 4); lower-case: 25.00% (1 of 4); "
                        "by the type that took them: PERSON_NAME 1")
    typed = next(i for i, line in enumerate(lines) if line.startswith("per gold infoType"))
    assert typed > 2 and "typed" in lines[typed]


@pytest.mark.parametrize("value, shape", [
    ("@colgo", "@handle"),
    ("ishawna", "lower-case, one word"),
    ("sitaram katel", "lower-case, several words"),
    ("JINX", "ALL CAPS, one word"),
    ("Busta Rhymes", "Capitalised, several words"),
    ("iDubbbz", "mixed case, one word"),
    ("aleena Padikall", "mixed case, several words"),
    ("B.", "Capitalised, one word"),
    ("555", "no letters"),
])
def test_value_shape_says_how_a_value_is_written(value, shape):
    assert value_shape(value) == shape


def test_misses_are_counted_by_how_the_value_is_written_without_its_text():
    texts = ["thanks ishawna and Busta Rhymes, cc @colgo"]
    gold = [Span(0, 7, 14, "PERSON_NAME"), Span(0, 19, 31, "PERSON_NAME"), Span(0, 36, 42, "PERSON_NAME")]
    predicted = [Span(0, 19, 24, "PERSON_NAME"), Span(0, 36, 42, "USER_NAME")]  # "Busta", the handle
    evaluation = Evaluation()
    evaluation.add(texts, gold, predicted)
    report = evaluation.report()
    assert report["redacted_by_shape"] == {"PERSON_NAME": {
        "@handle": {"support": 1, "redacted": 1, "missed": 0, "recall": 1.0},
        "Capitalised, several words": {"support": 1, "redacted": 1, "missed": 0, "recall": 1.0},
        "lower-case, one word": {"support": 1, "redacted": 0, "missed": 1, "recall": 0.0},
    }}
    printed = format_report(report)
    table = printed.split("missed gold values, by how they are written")[1].splitlines()
    assert table[3].split() == ["PERSON_NAME", "lower-case,", "one", "word", "1", "1", "0.000"]
    assert "ishawna" not in printed and "Busta" not in json.dumps(report)


def test_no_miss_table_when_every_value_was_redacted():
    evaluation = Evaluation()
    evaluation.add(["call Ann"], [Span(0, 5, 8, "PERSON_NAME")], [Span(0, 5, 8, "PERSON_NAME")])
    assert "missed gold values" not in format_report(evaluation.report())


def test_veil_evaluate_on_the_sample(tmp_path):
    report_path = tmp_path / "report.json"
    result = run_veil("evaluate", "--input", "data/sample.jsonl", "--report", str(report_path))
    assert result.returncode == 0, result.stderr
    report = json.loads(report_path.read_text())
    assert report["records"] == 300
    email = report["metrics"]["entity_overlap"][ALL]["per_info_type"]["EMAIL_ADDRESS"]
    assert email["support"] > 50 and email["recall"] > 0.5
    assert "EMAIL_ADDRESS" in result.stdout and "micro" in result.stdout
    assert report["hard_negatives"]["total"] > 0
    assert 0 < report["ordinary_words"][ALL]["lower_case_words"] < report["ordinary_words"][ALL]["words"]
    assert "ordinary words redacted" in result.stdout
    risk = report["residual_risk"]
    assert risk["total"]["count"] == 300 and set(risk["contexts"]) >= {"customer_support", "voicemail"}
    assert "Residual risk from gold labels" in result.stdout and "Total" in result.stdout


def test_precision_by_detector_says_where_false_alarms_come_from():
    from veil.measure.evaluation import detector_family

    texts = ["call haven smith at acme today"]
    gold = [Span(0, 11, 16, "PERSON_NAME"), Span(0, 20, 24, "ORGANIZATION_NAME")]
    predicted = [Span(0, 5, 10, "PERSON_NAME"), Span(0, 11, 16, "PERSON_NAME"),
                 Span(0, 20, 24, "PERSON_NAME"), Span(0, 25, 30, "DATE")]
    sources = ["rules:dictionary", "hf:model", "repeats:dictionary", "rules:regex"]
    evaluation = Evaluation()
    evaluation.add(texts, gold, predicted, sources=sources)
    by = evaluation.report()["precision_by_detector"]
    assert by["dictionary"]["typed"]["PERSON_NAME"] == {"tp": 0, "fp": 1, "precision": 0.0}
    assert by["model"]["typed"]["PERSON_NAME"]["precision"] == 1.0
    # the repeat hit an organisation: wrong type, but redacted at all
    assert by["repeats"]["typed"][ALL]["precision"] == 0.0
    assert by["repeats"]["redacted_at_all"]["precision"] == 1.0
    assert by["rules"]["redacted_at_all"] == {"tp": 0, "fp": 1, "precision": 0.0}
    assert "precision by detector" in format_report(evaluation.report())
    assert [detector_family(s) for s in sources] == ["dictionary", "model", "repeats", "rules"]
    assert detector_family("spacy:model") == "model" and detector_family("speakers:regex") == "speakers"


def test_the_speaker_s_organisation_is_scored_as_an_organisation():
    # "Acme Gas, this is Tanya": the job types the agent's organisation as the speaker's; the
    # gold, like every annotated set, says organisation.
    texts = ["Acme Gas, this is Tanya"]
    gold = [Span(0, 0, 8, "ORGANIZATION_NAME")]
    evaluation = Evaluation()
    evaluation.add(texts, gold, [Span(0, 0, 8, "ORGANIZATION_NAME_SPEAKER")], sources=["rules:regex"])
    report = evaluation.report()
    assert report["metrics"]["entity_overlap"][ALL]["per_info_type"]["ORGANIZATION_NAME"]["recall"] == 1.0
    assert report["precision_by_detector"]["rules"]["typed"]["ORGANIZATION_NAME"]["precision"] == 1.0
    # A gold that marks the tie itself is scored by it.
    tied = Evaluation()
    tied.add(texts, [Span(0, 0, 8, "ORGANIZATION_NAME_SPEAKER")], [Span(0, 0, 8, "ORGANIZATION_NAME_SPEAKER")])
    typed = tied.report()["metrics"]["entity_overlap"][ALL]["per_info_type"]
    assert typed["ORGANIZATION_NAME_SPEAKER"]["recall"] == 1.0 and "ORGANIZATION_NAME" not in typed


def test_veil_evaluate_scores_the_written_text_and_its_asr_style_copy(tmp_path):
    source = tmp_path / "posts.jsonl"
    rows = [{"id": "a", "text": "Thanks, Jennifer. Email jennifer.doe@example.com now.",
             "pii": [{"start": 8, "end": 16, "info_type": "PERSON_NAME"},
                     {"start": 24, "end": 48, "info_type": "EMAIL_ADDRESS"}]},
            {"id": "b", "text": "The haven was quiet, and the bass was loud.", "pii": []}]
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report_path = tmp_path / "report.json"
    result = run_veil("evaluate", "--input", str(source), "--detectors", "rules", "--report", str(report_path))
    assert result.returncode == 0, result.stderr
    report = json.loads(report_path.read_text())
    asr = report["asr_style"]
    assert report["form"] == "written" and asr["form"] == "asr_style" and asr["records"] == 2
    assert asr["source"]["input"] == str(source)
    for form in (report, asr):
        person = form["metrics"]["entity_overlap"][ALL]["per_info_type"]["PERSON_NAME"]
        assert person["support"] == 1 and person["recall"] == 1.0
        # "haven" and "bass" are names in the lists, and ordinary words here, in both forms
        assert form["ordinary_words"][ALL]["redacted"] == 0
        assert form["precision_by_detector"]["rules"]["typed"]["PERSON_NAME"]["precision"] == 1.0
    assert "ASR-style copy" in result.stdout and "as written" in result.stdout
    only = run_veil("evaluate", "--input", str(source), "--detectors", "rules", "--forms", "asr",
                    "--report", str(report_path))
    assert only.returncode == 0, only.stderr
    assert json.loads(report_path.read_text())["form"] == "asr_style"
    refused = run_veil("evaluate", "--input", str(source), "--findings", str(tmp_path), "--forms", "asr")
    assert refused.returncode == 2 and "ASR-style" in refused.stderr


def test_veil_evaluate_scores_a_transcript_style_copy_beside_the_others(tmp_path):
    # As people transcribe speech: sentences open in lower case, names and "I" keep capitals.
    source = tmp_path / "posts.jsonl"
    rows = [{"id": "a", "text": "Thanks, Jennifer. The haven was quiet.",
             "pii": [{"start": 8, "end": 16, "info_type": "PERSON_NAME"}]},
            {"id": "b", "text": "Yes. I think the bass was loud.", "pii": []}]
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report_path = tmp_path / "report.json"
    result = run_veil("evaluate", "--input", str(source), "--detectors", "rules", "--forms", "all",
                      "--report", str(report_path))
    assert result.returncode == 0, result.stderr
    report = json.loads(report_path.read_text())
    transcript = report["transcript_style"]
    assert [report["form"], report["asr_style"]["form"], transcript["form"]] == \
        ["written", "asr_style", "transcript_style"]
    assert "transcript-style copy" in result.stdout
    person = transcript["metrics"]["entity_overlap"][ALL]["per_info_type"]["PERSON_NAME"]
    assert person["support"] == 1 and person["recall"] == 1.0
    # "The" and "Yes" lost their capitals in the copy, and still count as the words they were.
    words = [form["ordinary_words"][ALL] for form in (report, report["asr_style"], transcript)]
    assert len({w["lower_case_words"] for w in words}) == 1 and words[2]["lower_case_redacted"] == 0
