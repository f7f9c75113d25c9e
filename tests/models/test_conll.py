"""CoNLL posts as Veil records: natural text rebuilt from tokens, gold offsets exact (models.conll),
and the bundled real data (data/ner) built from them."""
from __future__ import annotations

import gzip
import os
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.conll import Sentence, entities, read_conll, rebuild, sentence_record
from tests.conftest import ROOT

LABELS = {"PER": "PERSON_NAME", "LOC": "LOCATION", "ORG": "ORGANIZATION_NAME", "creative-work": None}
DATA = ROOT / "data" / "ner"
SPLITS = ("train", "validation", "test-btc-f", "test-wnut17-dev", "dev-uner-ewt", "test-uner-ewt",
          "dev-gum-written", "test-gum-written")


def test_text_is_rebuilt_as_people_write_it():
    tokens = ["@", "user", "I", "did", "n't", "go", "to", "Paris", ",", "France", "(", "again", ")",
              "!", "#", "travel", "Kremlin'", "s", "boy", "it", "'s"]
    text, offsets = rebuild(tokens)
    assert text == "@user I didn't go to Paris, France (again)! #travel Kremlin's boy it's"
    assert [text[a:b] for a, b in offsets] == tokens


def test_at_and_hash_join_one_mention_and_i_without_b_opens_an_entity():
    # BTC tags "@ user" B-PER B-PER: one mention of one person, "@user".
    sentence = Sentence(("thanks", "@", "colgo", "and", "Green", "Party", "in", "Leeds"),
                        ("O", "B-PER", "B-PER", "O", "I-ORG", "I-ORG", "O", "B-LOC"), 1)
    record = sentence_record(sentence, "x", LABELS, context="btc-f")
    spans = [(record["text"][p["start"]:p["end"]], p["info_type"]) for p in record["pii"]]
    assert spans == [("@colgo", "PERSON_NAME"), ("Green Party", "ORGANIZATION_NAME"), ("Leeds", "LOCATION")]
    assert record["context"] == "btc-f" and record["id"] == "x"


def test_labels_mapped_to_none_are_left_out_and_unknown_labels_are_an_error():
    sentence = Sentence(("watching", "Star", "Wars", "with", "Ann"), ("O", "B-creative-work", "I-creative-work", "O", "B-PER"), 3)
    assert [p["info_type"] for p in sentence_record(sentence, "x", LABELS)["pii"]] == ["PERSON_NAME"]
    with pytest.raises(ValueError, match="line 3: label 'MISC'"):
        sentence_record(Sentence(("Ann",), ("B-MISC",), 3), "x", LABELS)


def test_read_conll_skips_lines_without_text():
    lines = ["I\tO\n", "met\tO\n", " \n", "\tO\n", "Ann\tB-PER\n", "\n", "\n", "Bye\tO\n"]
    sentences = list(read_conll(lines))
    assert [s.tokens for s in sentences] == [("I", "met", "Ann"), ("Bye",)]
    assert [s.line for s in sentences] == [1, 8]


TOKENS = st.sampled_from(["@", "#", "Ann", "Lee", "'s", "n't", "do", ",", ".", "(", ")", "I'", "ve",
                          "New", "York", "!", "...", "'", "x"])
TAGS = st.sampled_from(["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-creative-work"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(TOKENS, TAGS), min_size=1, max_size=12))
def test_every_gold_span_is_exactly_its_tokens_rebuilt(pairs):
    tokens, tags = zip(*pairs)
    record = sentence_record(Sentence(tokens, tags, 1), "x", LABELS)
    text = record["text"]
    wanted = [rebuild(tokens[first:last])[0] for first, last, label in entities(_joined(tokens, tags))
              if LABELS[label]]
    assert [text[p["start"]:p["end"]] for p in record["pii"]] == wanted


def _joined(tokens, tags):
    """The BIO tags with "@"/"#" + B- of the same label read as one mention (as the converter does)."""
    tags = list(tags)
    for i in range(1, len(tags)):
        if tokens[i - 1] in "@#" and tags[i - 1] != "O" and tags[i].startswith("B-") and tags[i - 1][2:] == tags[i][2:]:
            tags[i] = "I-" + tags[i][2:]
    return tags


def _records(split):
    with gzip.open(DATA / f"{split}.jsonl.gz", "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def test_bundled_real_data_follows_the_input_contract():
    ids = set()
    for split in SPLITS:
        for record in _records(split):
            assert record["id"] not in ids
            ids.add(record["id"])
            text = record["text"]
            assert text and text == text.strip()
            for span in record["pii"]:
                value = text[span["start"]:span["end"]]
                assert value and value == value.strip(), (record["id"], span)
                # Spans never cut a word.
                assert span["start"] == 0 or not (text[span["start"] - 1].isalnum() and value[0].isalnum())
                assert span["end"] == len(text) or not (text[span["end"]].isalnum() and value[-1].isalnum())
    test_contexts = {r["context"] for split in SPLITS[2:4] for r in _records(split)}
    training_contexts = {r["context"] for split in SPLITS[:2] for r in _records(split)}
    assert test_contexts == {"btc-f", "wnut17-dev"} and not test_contexts & training_contexts
    # UNER's own dev and test splits; GUM's genres cut in two by position, no sentence on both sides
    assert {r["context"] for r in _records("dev-uner-ewt")} == {"uner-ewt-dev"}
    assert {r["context"] for r in _records("test-uner-ewt")} == {"uner-ewt-test"}
    gum_dev, gum_test = _records("dev-gum-written"), _records("test-gum-written")
    assert {r["context"] for r in gum_dev} == {r["context"] for r in gum_test} == \
        {"gum-academic", "gum-bio", "gum-news", "gum-voyage"}
    assert not {r["source"]["line"] for r in gum_dev if r["context"] == "gum-bio"} & \
        {r["source"]["line"] for r in gum_test if r["context"] == "gum-bio"}
    # The training halves of UNER's dev split and of GUM's first halves train; no sentence
    # that trains is in a dev or test set.
    training = _records("train")
    assert {"uner-ewt-dev", "gum-news"} <= {r["context"] for r in training}
    trained = {(r["context"], r["source"]["line"]) for r in training}
    for split in SPLITS[1:]:
        assert not trained & {(r["context"], r["source"]["line"]) for r in _records(split)}, split


SOURCE = Path(os.environ.get("VEIL_NER_SOURCE") or ROOT.parent / "shared" / "ner")


@pytest.mark.skipif(not SOURCE.exists(), reason="the original CoNLL files are not beside the repository")
def test_bundled_real_data_is_reproduced_byte_for_byte(tmp_path):
    subprocess.run([sys.executable, "scripts/build_real_ner_data.py", "--source", str(SOURCE),
                    "--output", str(tmp_path)], cwd=ROOT, check=True, capture_output=True,
                   env={"PYTHONPATH": str(ROOT)})
    for split in SPLITS:
        assert (tmp_path / f"{split}.jsonl.gz").read_bytes() == (DATA / f"{split}.jsonl.gz").read_bytes()
