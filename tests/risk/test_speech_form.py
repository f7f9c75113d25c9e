"""Text in speech form (lower case, no sentence punctuation) with gold spans moved exactly."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from veil.risk.speech_form import speech_form, speech_form_record

ROOT = Path(__file__).resolve().parents[2]


def test_sentence_punctuation_goes_and_tokens_keep_theirs():
    form = speech_form('Hi, I\'m Jane.  Call 415-555-0134 or see https://x.org/a, j.doe@x.com (3.5 "ok")!')
    assert form.text == "hi i'm jane call 415-555-0134 or see https://x.org/a j.doe@x.com 3.5 ok"
    assert len(form.origin) == len(form.text)


def test_spans_move_with_the_text():
    record = {"id": "a", "text": "Meet Dr. Ana Silva, in Paris.",
              "pii": [{"start": 9, "end": 18, "info_type": "PERSON_NAME"},
                      {"start": 23, "end": 28, "info_type": "LOCATION"}]}
    out = speech_form_record(record)
    assert out["text"] == "meet dr ana silva in paris"
    assert [out["text"][s["start"]:s["end"]] for s in out["pii"]] == ["ana silva", "paris"]


def test_every_real_gold_span_keeps_its_letters():
    """On the real BTC test posts: each moved span is its original, lower-cased, less the
    sentence punctuation."""
    with gzip.open(ROOT / "data" / "ner" / "test-btc-f.jsonl.gz", "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    checked = 0
    for record in records:
        form = speech_form(record["text"])
        for span in record["pii"]:
            original = record["text"][span["start"]:span["end"]]
            moved = form.span(span["start"], span["end"])
            letters = [c.lower() for c in original if c.isalnum()]
            if moved is None:
                assert not letters, original
                continue
            assert [c for c in form.text[moved[0]:moved[1]] if c.isalnum()] == letters, original
            checked += 1
        assert len(speech_form_record(record)["pii"]) <= len(record["pii"])
    assert checked > 1000
