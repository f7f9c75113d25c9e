"""ASR-style copies of labelled text (veil.measure.asr_style): lower-case, no sentence punctuation,
every gold span still on exactly the characters it covered."""
import gzip
import json
from pathlib import Path

import pytest

from veil.measure.asr_style import asr_style_record, asr_style_text, remap_span

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text,expected", [
    ("Hi, I am John Smith. Call me at 3.5 p.m., OK?", "hi i am john smith call me at 3.5 p.m ok"),
    ("well , yes ... U.S. Army: www.example.com!", "well yes u.s army www.example.com"),
    ('"Hello!" said Mary.', '"hello" said mary'),
    ("It's 10:30; e.g. now", "it's 10:30 e.g now"),
    ("", ""),
])
def test_the_copy_is_lower_case_without_sentence_punctuation(text, expected):
    copy, origin = asr_style_text(text)
    assert copy == expected
    assert len(origin) == len(copy) + 1 and origin[-1] == len(text)
    assert all(text[i].lower() == copy[k] for k, i in enumerate(origin[:-1]))


def test_a_span_of_punctuation_only_has_no_place_in_the_copy():
    copy, origin = asr_style_text("Yes. No")
    assert remap_span(origin, 3, 4) is None
    assert remap_span(origin, 5, 7) == (4, 6) and copy[4:6] == "no"


def test_a_conversation_record_keeps_its_turns_speakers_and_spans():
    record = {"id": "c1", "turns": [{"speaker": "Agent", "text": "Thanks, Mary. Dr. Who!"},
                                    {"speaker": "Caller", "text": "Bye, Bob."}],
              "pii": [{"turn": 0, "start": 8, "end": 12, "info_type": "PERSON_NAME"},
                      {"turn": 0, "start": 14, "end": 21, "info_type": "PERSON_NAME"},
                      {"turn": 1, "start": 5, "end": 8, "info_type": "PERSON_NAME"}]}
    copy = asr_style_record(record)
    assert [t["text"] for t in copy["turns"]] == ["thanks mary dr who", "bye bob"]
    assert [t["speaker"] for t in copy["turns"]] == ["Agent", "Caller"]
    assert [copy["turns"][p["turn"]]["text"][p["start"]:p["end"]] for p in copy["pii"]] == \
        ["mary", "dr who", "bob"]
    assert record["turns"][0]["text"] == "Thanks, Mary. Dr. Who!"  # the original is untouched


@pytest.mark.parametrize("name", ["validation", "dev-uner-ewt", "dev-gum-written"])
def test_every_gold_span_of_the_real_dev_sets_covers_the_same_characters_in_the_copy(name):
    with gzip.open(ROOT / "data" / "ner" / f"{name}.jsonl.gz", "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    kept = total = 0
    for record in records:
        copy = asr_style_record(record)
        assert copy["text"] == copy["text"].lower() or len(copy["text"].lower()) != len(copy["text"])
        moved = iter(copy["pii"])
        _, origin = asr_style_text(record["text"])
        for span in record["pii"]:
            total += 1
            where = remap_span(origin, span["start"], span["end"])
            if where is None:
                continue
            kept += 1
            new = next(moved)
            assert (new["start"], new["end"]) == where
            inside = [i for i in origin[:-1] if span["start"] <= i < span["end"]]
            assert copy["text"][new["start"]:new["end"]] == "".join(record["text"][i] for i in inside).lower()
    assert kept == total > 100  # no name, place or organisation is only punctuation
