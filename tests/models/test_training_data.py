"""What `veil train` learns from: real annotated posts beside synthetic turns, unannotated text
left out of the loss, and ASR-style copies (lower-case, no sentence punctuation) of the real posts."""
from __future__ import annotations

import random

import pytest

from models.examples import NER_TYPES, examples_from_records, real_examples
from models.hf_training import asr_style_copies

pytest.importorskip("transformers")


def test_real_splits_hold_the_model_types_and_keep_wnut_handles_unannotated():
    validation = real_examples("validation")
    assert len(validation) > 1000
    labels = {span.label for example in validation for span in example.spans}
    assert labels == set(NER_TYPES)
    for example in validation:
        for span in example.spans:
            assert 0 <= span.start < span.end <= len(example.text)
    ignored = [e for e in validation if e.ignore]
    assert ignored and all(e.record_id.startswith("wnut17-") for e in ignored)
    assert all(e.text[s.start] == "@" for e in ignored for s in e.ignore)


def test_unknown_real_data_folder_says_how_to_build_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="build_real_ner_data.py"):
        real_examples("train", tmp_path)


def test_unannotated_spans_become_ignored_ranges():
    record = {"id": "x", "text": "hi @ann and Bob", "pii": [{"start": 12, "end": 15, "info_type": "PERSON_NAME"}],
              "unannotated": [{"start": 3, "end": 7}]}
    [example] = examples_from_records([record])
    assert [(s.start, s.end) for s in example.ignore] == [(3, 7)]
    assert [(s.start, s.end, s.label) for s in example.spans] == [(12, 15, "PERSON_NAME")]


def _word_tokenizer(lower_case: bool):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {"[UNK]": 0, "thanks": 1, "Virginia": 2, "virginia": 3, "Thanks": 4}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    if lower_case:
        tokenizer.normalizer = normalizers.Lowercase()
    return PreTrainedTokenizerFast(tokenizer_object=tokenizer, unk_token="[UNK]")


def test_asr_style_copies_are_lower_case_without_sentence_punctuation_and_keep_their_spans():
    record = {"id": "x", "text": "Thanks, Virginia. Bye!", "pii": [{"start": 8, "end": 16, "info_type": "PERSON_NAME"}]}
    same = {"id": "y", "text": "ok thanks", "pii": []}
    examples = list(examples_from_records([record, same]))
    copies = asr_style_copies(examples, 1.0, random.Random(0))
    assert len(copies) == 1  # "ok thanks" is its own copy
    copy = copies[0]
    assert copy.text == "thanks virginia bye"
    assert [copy.text[s.start:s.end] for s in copy.spans] == ["virginia"]
    assert [s.label for s in copy.spans] == [s.label for s in examples[0].spans]
    assert asr_style_copies(examples, 0.0, random.Random(0)) == []


def test_if_missing_keeps_only_a_model_of_the_current_recipe(tmp_path):
    import json

    import fsspec

    from models.hf_training import MODEL_FORMAT
    from pipelines.train import current_recipe

    fs = fsspec.filesystem("file")
    assert not current_recipe(fs, str(tmp_path))  # nothing there
    (tmp_path / "veil_model.json").write_text(json.dumps({"format": "veil-hf-ner/1"}))
    assert not current_recipe(fs, str(tmp_path))  # synthetic-only recipe: train again
    (tmp_path / "veil_model.json").write_text(json.dumps({"format": MODEL_FORMAT}))
    assert current_recipe(fs, str(tmp_path))


def test_the_posts_written_like_speech_weigh_as_the_recipe_says():
    """The default recipe gives UNER-EWT's and GUM's training sentences five times each; every
    id it names exists in the bundled data, so the weighting cannot silently match nothing."""
    import argparse

    from models.hf_training import REAL_REPEATS, TrainSettings, repeated
    from pipelines.train import parse_repeats

    posts = real_examples("train")
    counts = {prefix: sum(e.record_id.startswith(prefix) for e in posts) for prefix in REAL_REPEATS}
    assert all(counts.values()), counts
    weighted = repeated(posts, TrainSettings().real_repeats)
    assert len(weighted) == len(posts) + 4 * sum(counts.values())
    assert sum(e.record_id.startswith("btc-") for e in weighted) == sum(e.record_id.startswith("btc-") for e in posts)
    assert repeated(posts, {}) == posts
    assert parse_repeats("uner-ewt-=5,gum-=2") == {"uner-ewt-": 5, "gum-": 2}
    assert parse_repeats("none") == {}
    with pytest.raises(argparse.ArgumentTypeError):
        parse_repeats("gum-=0")
