"""Transcript-style copies of labelled text (veil.measure.transcript_style): a sentence opens in
lower case, names and "I" keep their capitals, and no offset moves."""
import gzip
import json
from pathlib import Path

import pytest

from veil.measure.transcript_style import transcript_style_record, transcript_style_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text,keep,expected", [
    ("Yeah. The bass were biting.", [], "yeah. the bass were biting."),
    ("I went with Bob. Then I'm off.", [], "I went with Bob. then I'm off."),
    ("Bob called. OK, fine!", [(0, 3)], "Bob called. OK, fine!"),
    ('He said "Wait." Then "Go?" (Maybe.)', [], 'he said "Wait." then "Go?" (maybe.)'),
    ("Édouard left. Éclairs stayed.", [(0, 7)], "Édouard left. éclairs stayed."),
    ("e.g. Stop", [], "e.g. stop"),
    ("", [], ""),
])
def test_only_the_capital_that_opens_a_sentence_goes(text, keep, expected):
    copy = transcript_style_text(text, keep)
    assert copy == expected and len(copy) == len(text)


def test_a_record_keeps_its_spans_and_marks_the_words_written_with_capitals():
    record = {"id": "c1", "turns": [{"speaker": "A", "text": "Mary said so. The end."},
                                    {"speaker": "B", "text": "Right."}],
              "pii": [{"turn": 0, "start": 0, "end": 4, "info_type": "PERSON_NAME"}]}
    copy = transcript_style_record(record)
    assert [t["text"] for t in copy["turns"]] == ["Mary said so. the end.", "right."]
    assert copy["turns"][0]["speaker"] == "A" and copy["pii"] == record["pii"]
    assert record["turns"][0]["text"] == "Mary said so. The end."  # the input is not changed
    assert copy["written_capitals"] == [{"turn": 0, "start": 0, "end": 4}, {"turn": 0, "start": 14, "end": 17},
                                        {"turn": 1, "start": 0, "end": 5}]


def test_every_gold_span_of_the_real_sets_keeps_its_text():
    for path in sorted((ROOT / "data" / "ner").glob("dev-*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                copy = transcript_style_record(record)
                for span in record["pii"]:
                    assert copy["text"][span["start"]:span["end"]] == record["text"][span["start"]:span["end"]]
