"""Labelled sentences joined into call-sized conversations (veil.measure.call_sized), and
`veil evaluate --turns_per_conversation`, which scores them as a call's turns."""
import json

import pytest

from tests.conftest import run_veil
from veil.measure.call_sized import call_sized

ROWS = [
    {"id": "a", "context": "calls", "text": "Hello, my name is Haven Brooks.",
     "pii": [{"start": 18, "end": 30, "info_type": "PERSON_NAME"}]},
    {"id": "b", "context": "calls", "text": "so haven, what is the problem?",
     "pii": [{"start": 3, "end": 8, "info_type": "PERSON_NAME"}], "negatives": [{"start": 18, "end": 25}]},
    {"id": "c", "context": "other", "text": "so haven, it is a safe place.", "pii": []},
]


def test_consecutive_records_of_one_context_become_the_turns_of_one_conversation():
    joined = list(call_sized(ROWS, 10))
    assert [j["joined"] for j in joined] == [["a", "b"], ["c"]]
    first = joined[0]
    assert first["id"] == "a" and first["context"] == "calls"
    texts = [turn["text"] for turn in first["turns"]]
    assert texts == [ROWS[0]["text"], ROWS[1]["text"]]
    assert [(s["turn"], texts[s["turn"]][s["start"]:s["end"]]) for s in first["pii"]] == [
        (0, "Haven Brooks"), (1, "haven")]
    assert first["negatives"] == [{"start": 18, "end": 25, "turn": 1}]


def test_a_conversation_holds_at_most_the_turns_asked_and_keeps_a_record_of_turns_whole():
    rows = [{"id": str(i), "text": f"post {i}", "pii": []} for i in range(5)]
    assert [j["joined"] for j in call_sized(rows, 2)] == [["0", "1"], ["2", "3"], ["4"]]
    call = {"id": "t", "turns": [{"text": "one"}, {"text": "two", "speaker": "agent"}],
            "pii": [{"turn": 1, "start": 0, "end": 3, "info_type": "PERSON_NAME"}]}
    joined = list(call_sized([call, rows[0]], 2))
    assert joined[0]["turns"] == call["turns"] and joined[0]["pii"] == call["pii"]
    assert joined[1]["joined"] == ["0"]
    (together,) = call_sized([rows[0], call], 2)  # a run not yet full takes the whole record
    assert len(together["turns"]) == 3 and together["pii"][0]["turn"] == 2
    with pytest.raises(ValueError):
        list(call_sized(rows, 0))


def test_veil_evaluate_scores_joined_posts_with_what_the_rest_of_the_conversation_says(tmp_path):
    source = tmp_path / "posts.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    recall = {}
    for joined in (None, "10"):
        report_path = tmp_path / f"report-{joined}.json"
        extra = ("--turns_per_conversation", joined) if joined else ()
        result = run_veil("evaluate", "--input", str(source), "--detectors", "rules", *extra,
                          "--report", str(report_path))
        assert result.returncode == 0, result.stderr
        report = json.loads(report_path.read_text())
        assert report["source"]["turns_per_conversation"] == (int(joined) if joined else None)
        for form in (report, report["asr_style"]):
            assert form["records"] == (2 if joined else 3)
            assert form["ordinary_words"]["*"]["redacted"] == 0  # "haven" in "c" stays a word
            person = form["metrics"]["entity_overlap"]["*"]["per_info_type"]["PERSON_NAME"]
            recall[(joined, form["form"])] = person["recall"]
    # Alone, "so haven, what is..." gives no evidence for a name; after "my name is Haven Brooks" it does.
    assert recall == {(None, "written"): 0.5, (None, "asr_style"): 0.5,
                      ("10", "written"): 1.0, ("10", "asr_style"): 1.0}
    refused = run_veil("evaluate", "--input", str(source), "--findings", str(tmp_path), "--turns_per_conversation", "5")
    assert refused.returncode == 2 and "--turns_per_conversation" in refused.stderr
