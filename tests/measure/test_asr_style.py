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
    ('"Hello!" said Mary.', 'hello said mary'),
    ('Hi, I\'m Jane.  Call 415-555-0134 or see https://x.org/a, j.doe@x.com (3.5 "ok")!',
     "hi i'm jane call 415-555-0134 or see https://x.org/a j.doe@x.com 3.5 ok"),
    ("It's 10:30; e.g. now", "it's 10:30 e.g now"),
    ("", ""),
])
def test_the_copy_is_lower_case_without_sentence_punctuation(text, expected):
    copy, origin = asr_style_text(text)
    assert copy == expected
    assert len(origin) == len(copy) + 1 and origin[-1] == len(text)
    assert all(text[i].lower() == copy[k] or text[i].isspace() for k, i in enumerate(origin[:-1]))


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
    # The words written with a capital are marked where they lie in the copy.
    assert [copy["turns"][c["turn"]]["text"][c["start"]:c["end"]] for c in copy["written_capitals"]] == \
        ["thanks", "mary", "dr", "who", "bye", "bob"]


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
            where = remap_span(origin, span["start"], span["end"], asr_style_text(record["text"])[0])
            if where is None:
                continue
            kept += 1
            new = next(moved)
            assert (new["start"], new["end"]) == where
            inside = [i for i in origin[where[0]:where[1]]]
            assert all(span["start"] <= i < span["end"] for i in inside)
            assert copy["text"][new["start"]:new["end"]] == "".join(
                " " if record["text"][i].isspace() else record["text"][i] for i in inside).lower()
    assert kept == total > 100  # no name, place or organisation is only punctuation


def test_a_title_and_a_place_move_with_the_text():
    record = {"id": "a", "text": "Meet Dr. Ana Silva, in Paris.",
              "pii": [{"start": 9, "end": 18, "info_type": "PERSON_NAME"},
                      {"start": 23, "end": 28, "info_type": "LOCATION"}]}
    out = asr_style_record(record)
    assert out["text"] == "meet dr ana silva in paris"
    assert [out["text"][s["start"]:s["end"]] for s in out["pii"]] == ["ana silva", "paris"]


def test_every_real_gold_span_keeps_its_letters():
    """On the real BTC test posts: each moved span is its original, lower-cased, less the
    sentence punctuation; a span with no letter or digit left is dropped."""
    with gzip.open(ROOT / "data" / "ner" / "test-btc-f.jsonl.gz", "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    checked = 0
    for record in records:
        copy, origin = asr_style_text(record["text"])
        for span in record["pii"]:
            letters = [c.lower() for c in record["text"][span["start"]:span["end"]] if c.isalnum()]
            moved = remap_span(origin, span["start"], span["end"], copy)
            if moved is None:
                assert not letters, span
                continue
            assert [c for c in copy[moved[0]:moved[1]] if c.isalnum()] == letters, span
            checked += 1
    assert checked > 1000
