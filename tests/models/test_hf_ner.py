"""The Hugging Face NER layer on a real model that the test trains: training, loading, inference
through Beam's RunInference with our handler, the decision rule, and failing closed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import apache_beam as beam
import pytest
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

pytest.importorskip("torch")
pytest.importorskip("transformers")

from models.examples import synthetic_examples  # noqa: E402
from models.handlers import HfNerModelHandler  # noqa: E402
from models.hf_ner import METADATA, HfTokenClassifier, ModelUnavailable, resolve_model_dir  # noqa: E402
from models.hf_training import score_spans  # noqa: E402
from tests.conftest import LOCAL_RUNNER  # noqa: E402
from transforms.detect import ModelStage  # noqa: E402
from transforms.elements import Detected  # noqa: E402
from veil.detection.detector_config import HfDetectorSettings  # noqa: E402
from veil.detection.findings import Finding, Likelihood, Method  # noqa: E402
from veil.io.inputs import InputSplit, RawInput  # noqa: E402
from veil.io.records import Conversation, Turn  # noqa: E402
from veil.io.storage import Storage  # noqa: E402

# Held-out sentences: the synthetic test split, never seen in training or threshold tuning.
HELD_OUT = 40
RECALL_FLOOR = 0.6


@pytest.fixture(scope="session")
def tiny_model(tiny_ner_model) -> Path:
    return tiny_ner_model


def held_out_examples():
    return [e for e in synthetic_examples("test", HELD_OUT) if e.spans or len(e.text) < 40]


def test_training_writes_a_complete_model_directory(tiny_model: Path):
    metadata = json.loads((tiny_model / METADATA).read_text())
    assert metadata["labels"][0] == "O"
    assert set(metadata["label_map"]) == {"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION"}
    assert 0 < metadata["threshold"] < 1
    assert str(metadata["threshold"]) in metadata["validation"]["by_threshold"]
    assert metadata["validation"]["examples"] > 0
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        assert (tiny_model / name).exists(), name


def test_threshold_is_the_best_recall_within_the_redacted_words_limit(tiny_model: Path):
    validation = json.loads((tiny_model / METADATA).read_text())["validation"]
    limit = validation["max_redacted_words"]
    tried = {float(t): scores for t, scores in validation["by_threshold"].items()}
    within = {t: s for t, s in tried.items() if s["lower_case_words_redacted"] <= limit}
    chosen = validation["threshold"]
    if within:
        assert chosen in within
        assert within[chosen]["recall"] == max(s["recall"] for s in within.values())
    else:
        assert tried[chosen]["lower_case_words_redacted"] == min(s["lower_case_words_redacted"] for s in tried.values())


def test_veil_train_ends_with_a_short_summary(tiny_model: Path):
    from pipelines.train import summary_lines

    metadata = json.loads((tiny_model / METADATA).read_text())
    lines = summary_lines(str(tiny_model), metadata)
    assert len(lines) <= 8
    text = "\n".join(lines)
    assert f"P(O) < {metadata['threshold']}" in text and "lower-case" in text and str(tiny_model) in lines[0]
    assert "{" not in text  # no JSON dump


def test_trained_model_finds_held_out_names(tiny_model: Path):
    examples = held_out_examples()
    classifier = HfTokenClassifier(tiny_model)
    scores = score_spans(examples, classifier.predict([e.text for e in examples]))
    assert scores["per_type"]["PERSON_NAME"]["support"] >= 20
    assert scores["per_type"]["PERSON_NAME"]["recall"] >= RECALL_FLOOR, scores


def test_untrained_head_does_not_pass_the_floor(tiny_model: Path, tmp_path: Path):
    """The recall floor means something: the same encoder with a fresh head fails it."""
    from transformers import AutoModelForTokenClassification

    untrained = tmp_path / "untrained"
    shutil.copytree(tiny_model, untrained)
    model = AutoModelForTokenClassification.from_pretrained(str(tiny_model))
    model.classifier.reset_parameters()
    model.save_pretrained(str(untrained))
    examples = held_out_examples()
    classifier = HfTokenClassifier(untrained, HfDetectorSettings(threshold=0.5))
    scores = score_spans(examples, classifier.predict([e.text for e in examples]))
    assert scores["per_type"].get("PERSON_NAME", {"recall": 0})["recall"] < RECALL_FLOOR


def test_a_lower_threshold_never_finds_more(tiny_model: Path):
    texts = [e.text for e in held_out_examples()]
    loose = HfTokenClassifier(tiny_model, HfDetectorSettings(threshold=0.99)).predict(texts)
    strict = HfTokenClassifier(tiny_model, HfDetectorSettings(threshold=0.3)).predict(texts)
    covered = lambda spans: {(i, c) for i, row in enumerate(spans) for s in row for c in range(s.start, s.end)}  # noqa: E731
    assert covered(strict) <= covered(loose)


def test_long_turns_are_windowed_and_offsets_point_into_the_text(tiny_model: Path):
    classifier = HfTokenClassifier(tiny_model, HfDetectorSettings(max_length=32, stride=8))
    sentence = "hi this is maria gonzalez calling from boston about my order. "
    text = "ok " + sentence * 12 + "ñandú 🙂 thanks"
    short = classifier.predict([sentence])[0]
    long = classifier.predict([text])[0]
    assert classifier.window == 30
    for span in long:
        assert 0 <= span.start < span.end <= len(text)
    # The name is found in the windowed long text wherever it is found in the short one.
    if any(sentence[s.start:s.end] == "maria gonzalez" for s in short):
        found = {text[s.start:s.end] for s in long}
        assert "maria gonzalez" in found


def test_onnx_runtime_gives_the_spans_of_torch(tiny_model: Path):
    """The fast CPU path's tolerance: the same spans (start, end, infoType) on every held-out
    text, long turns windowed included, and per-token probabilities within 1e-4 of torch fp32."""
    pytest.importorskip("onnxruntime")
    torch_path = HfTokenClassifier(tiny_model, HfDetectorSettings(device="cpu", cpu_runtime="torch", max_length=32))
    onnx_path = HfTokenClassifier(tiny_model, HfDetectorSettings(device="cpu", cpu_runtime="onnx", max_length=32))
    assert (torch_path.runtime, onnx_path.runtime) == ("torch", "onnx")
    texts = [e.text for e in held_out_examples()] + ["ok " + "maria gonzalez called from boston. " * 9, ""]
    key = lambda spans: [[(s.start, s.end, s.label) for s in row] for row in spans]  # noqa: E731
    expected = torch_path.predict(texts)
    assert sum(map(len, expected)) >= 20  # a comparison of something
    assert key(onnx_path.predict(texts)) == key(expected)
    for ours, theirs in zip(onnx_path.token_probabilities(texts), torch_path.token_probabilities(texts)):
        assert (ours is None) == (theirs is None)
        if ours is not None:
            assert ours[0] == theirs[0]
            assert abs(ours[1] - theirs[1]).max() < 1e-4


@pytest.mark.parametrize("runtime", ["torch", "onnx"])
def test_a_repeated_turn_runs_once_and_gets_the_spans_it_gets_alone(tiny_model: Path, runtime: str):
    if runtime == "onnx":
        pytest.importorskip("onnxruntime")
    classifier = HfTokenClassifier(tiny_model, HfDetectorSettings(device="cpu", cpu_runtime=runtime))
    texts = ["maria gonzalez called from boston", "ok", "thanks, james", "maria gonzalez called"]
    key = lambda spans: [[(s.start, s.end, s.label) for s in row] for row in spans]  # noqa: E731
    alone = [classifier.predict([text])[0] for text in texts]
    assert sum(map(len, alone)) >= 2
    rows = []
    forward = classifier._probabilities
    classifier._probabilities = lambda ids, mask: rows.append(len(ids)) or forward(ids, mask)
    assert key(classifier.predict(texts * 3 + texts[:1])) == key(alone * 3 + alone[:1])
    assert sum(rows) == len(texts)


def test_the_default_cpu_runtime_is_onnx_when_installed(tiny_model: Path):
    pytest.importorskip("onnxruntime")
    assert HfTokenClassifier(tiny_model, HfDetectorSettings(device="cpu")).runtime == "onnx"


def test_the_onnx_graph_is_exported_once_per_machine(tiny_model: Path, tmp_path: Path, monkeypatch):
    """The second process (here: classifier) loads the cached graph, without the torch model;
    a damaged entry is exported again. Same spans every time."""
    pytest.importorskip("onnxruntime")
    from models import onnx_runtime

    monkeypatch.setenv("VEIL_COMPILE_CACHE", str(tmp_path / "cache"))
    exports = []
    real_export = onnx_runtime.export_onnx
    monkeypatch.setattr(onnx_runtime, "export_onnx", lambda model: exports.append(1) or real_export(model))
    settings = HfDetectorSettings(device="cpu", cpu_runtime="onnx")
    texts = [e.text for e in held_out_examples()]
    first = HfTokenClassifier(tiny_model, settings).predict(texts)
    (entry,) = (tmp_path / "cache").glob("ner-onnx-*.onnx")
    second = HfTokenClassifier(tiny_model, settings)
    assert exports == [1] and second.model is None  # loaded from the cache, no torch model
    assert second.predict(texts) == first
    entry.write_bytes(entry.read_bytes()[:1000])  # truncated
    assert HfTokenClassifier(tiny_model, settings).predict(texts) == first
    assert exports == [1, 1] and entry.stat().st_size > 1000


def test_empty_and_whitespace_turns_give_no_spans(tiny_model: Path):
    assert HfTokenClassifier(tiny_model).predict(["", "   ", "\n"]) == [[], [], []]


def test_a_lone_surrogate_is_one_character_to_the_model(tiny_model: Path):
    """'\\ud800' (a JSON escape that decodes to no valid character) used to make the tokenizer
    raise; it reads as U+FFFD, and every offset still points into the original text."""
    classifier = HfTokenClassifier(tiny_model)
    text = "hi \ud800 this is maria gonzalez calling"
    clean = text.replace("\ud800", "\ufffd")
    (spans,) = classifier.predict([text])
    assert spans == classifier.predict([clean])[0]
    assert "maria gonzalez" in {text[s.start:s.end] for s in spans}


def test_no_texts_and_conversations_without_turns_give_no_findings(tiny_model: Path):
    classifier = HfTokenClassifier(tiny_model)
    assert classifier.predict([]) == []
    assert classifier.detect_conversations([]) == []
    assert classifier.detect_conversations([[], [""], ["", " "]]) == [[], [], []]
    handler = HfNerModelHandler(HfDetectorSettings(model=str(tiny_model)))
    assert list(handler.run_inference([], classifier)) == []  # Beam sends empty batches
    assert handler.get_num_bytes([["a\ud800", "é"]]) == 1 + 3 + 2  # never raises


def test_label_map_in_config_renames_and_unmapped_labels_are_dropped(tiny_model: Path):
    settings = HfDetectorSettings(label_map={"PERSON_NAME": "CUSTOM_PERSON"})
    classifier = HfTokenClassifier(tiny_model, settings)
    assert classifier.kind_types["PERSON_NAME"] == "CUSTOM_PERSON"
    assert "CUSTOM_PERSON" in classifier.mapped_types


def test_model_locations(tiny_model: Path, tmp_path: Path, monkeypatch):
    assert resolve_model_dir(str(tiny_model)) == tiny_model
    with pytest.raises(ModelUnavailable):
        resolve_model_dir(str(tmp_path / "nothing"))
    monkeypatch.setenv("VEIL_MODEL_DIR", str(tmp_path / "home"))
    with pytest.raises(ModelUnavailable, match="veil train"):
        resolve_model_dir("default")


def test_model_loads_from_object_storage(tiny_model: Path, s3_server, tmp_path: Path):
    """An s3:// model is copied once into the local cache and loaded from there."""
    storage = Storage(s3_endpoint_url=s3_server, s3_access_key_id="testing", s3_secret_access_key="testing")
    fs, _ = storage.filesystem("s3://models")
    fs.mkdir("models")
    fs.put(str(tiny_model), "models/tiny-ner", recursive=True)
    local = resolve_model_dir("s3://models/tiny-ner", storage, cache_root=str(tmp_path / "cache"))
    assert local.parent == tmp_path / "cache"
    assert (local / "model.safetensors").read_bytes() == (tiny_model / "model.safetensors").read_bytes()
    text = "my name is maria gonzalez"
    assert HfTokenClassifier(local).predict([text]) == HfTokenClassifier(tiny_model).predict([text])


SPLIT = InputSplit(0, "calls.jsonl", "jsonl", 0, -1)


def element(index: int, texts: list[str], findings=()):
    raw = RawInput(SPLIT, index, index + 1, b"{}", 2)
    conversation = Conversation(f"c{index}", [Turn(t, "s") for t in texts], False, {})
    return Detected(raw, conversation, list(findings))


def test_run_inference_adds_model_findings_to_rule_findings(tiny_model: Path):
    examples = held_out_examples()
    by_record: dict[str, list] = {}
    for example in examples:
        by_record.setdefault(example.record_id, []).append(example)
    records = list(by_record.values())
    rule = Finding(0, 0, 2, "US_STATE", Likelihood.VERY_LIKELY, Method.DICTIONARY, "rules")
    elements = [element(i, [e.text for e in turns], [rule] if turns[0].text[:2].strip() == turns[0].text[:2] else [])
                for i, turns in enumerate(records)]
    settings = HfDetectorSettings(model=str(tiny_model))

    def check(outputs):
        assert len(outputs) == len(elements)
        found = gold = 0
        for raw, conversation, findings in outputs:
            turns = by_record_list[int(conversation.id[1:])]
            texts = [t.text for t in conversation.turns]
            for f in findings:
                assert 0 <= f.start < f.end <= len(texts[f.turn])
            models = [f for f in findings if f.detector == "hf"]
            assert all(f.method == Method.MODEL and f.likelihood == settings.likelihood for f in models)
            for turn, example in enumerate(turns):
                for span in example.spans:
                    if span.label != "PERSON_NAME":
                        continue
                    gold += 1
                    found += any(f.turn == turn and f.start < span.end and span.start < f.end
                                 for f in models)
        assert gold >= 20 and found / gold >= RECALL_FLOOR, (found, gold)

    by_record_list = records
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, failed = p | beam.Create(elements) | ModelStage(HfNerModelHandler(settings))
        assert_that(detected, check, label="detected")
        assert_that(failed, lambda e: len(e) == 0 or pytest.fail(f"errors {e}"), label="none failed")


class FaultyClassifier:
    """The real trained classifier, made to raise on one marked turn: a record the model cannot run."""

    def __init__(self, classifier):
        self.classifier = classifier

    def detect_conversations(self, conversations, **kwargs):
        if any("FAULT" in text for texts in conversations for text in texts):
            raise RuntimeError("cannot run this text")
        return self.classifier.detect_conversations(conversations, **kwargs)


class FaultyHandler(HfNerModelHandler):
    def load_model(self):
        return FaultyClassifier(super().load_model())


def test_a_conversation_the_model_fails_on_goes_to_errors_alone(tiny_model: Path):
    settings = HfDetectorSettings(model=str(tiny_model))
    elements = [element(0, ["hello maria gonzalez"]), element(1, ["FAULT here", "maria"]),
                element(2, ["my name is john smith"])]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, errors = p | beam.Create(elements) | ModelStage(FaultyHandler(settings))
        ids = detected | beam.Map(lambda e: e.conversation.id)
        failed = errors | beam.Map(lambda e: (e.record_id, e.reason))
        assert_that(ids, equal_to(["c0", "c2"]), label="written")
        assert_that(failed, equal_to([("c1", "NER model failed: RuntimeError")]), label="errored")


class UnmeasurableHandler(HfNerModelHandler):
    """The real handler whose batch metric raises after inference, as a lone surrogate once
    made it: Beam then sends the whole batch to RunInference's dead letter."""

    def get_num_bytes(self, batch):
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")


def test_a_batch_that_fails_as_a_whole_sends_each_record_with_the_exception_type(tiny_model: Path):
    settings = HfDetectorSettings(model=str(tiny_model))
    elements = [element(0, ["hello maria gonzalez"]), element(1, ["my name is john smith"])]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, errors = p | beam.Create(elements) | ModelStage(UnmeasurableHandler(settings))
        failed = errors | beam.Map(lambda e: (e.record_id, e.reason))
        assert_that(detected, equal_to([]), label="none written")
        assert_that(failed, equal_to([("c0", "NER model failed: UnicodeEncodeError"),
                                      ("c1", "NER model failed: UnicodeEncodeError")]), label="each errored")


def test_missing_model_is_reported_not_fatal(tmp_path: Path):
    from models.available import usable_detectors
    from veil.detection.detector_config import DetectorSettings

    settings = DetectorSettings(hf=HfDetectorSettings(model=str(tmp_path / "none")))
    usable, missing = usable_detectors(settings, Storage())
    assert usable.hf is None and usable.rules
    assert "no model at" in missing["hf"]


def test_doubtful_spans_are_kept_only_when_their_words_back_them(tiny_model: Path):
    from models.token_spans import corroborated

    texts = ["Hello, this is Kowalowka speaking, the people said the waiver is fine.",
             "my name is henning and i want a refund", "Grace, can you take that one?"]
    loose = HfTokenClassifier(tiny_model, HfDetectorSettings(threshold=0.99)).predict(texts)
    strict = HfTokenClassifier(tiny_model, HfDetectorSettings(threshold=0.3)).predict(texts)
    kept = HfTokenClassifier(tiny_model, HfDetectorSettings(threshold=0.99, doubtful_from=0.3)).predict(texts)
    for text, all_spans, sure, spans in zip(texts, loose, strict, kept):
        assert set(spans) == set(sure) | {s for s in all_spans if corroborated(text, s, person=s.label == "PERSON_NAME")}


def test_a_type_with_its_own_doubtful_from_keeps_its_spans_up_to_it(tiny_model: Path):
    from models.token_spans import corroborated

    texts = ["I work for Hanover Insurance Group in the Dunmore office, ask for Kowalowka.",
             "we bank with first county credit union and my kids go to grace baptist academy",
             "Globex Corporation and Initech called about the Vandelay Industries order."]

    def predict(**settings):
        return HfTokenClassifier(tiny_model, HfDetectorSettings(**settings)).predict(texts)

    loose, strict, org_loose = predict(threshold=0.99), predict(threshold=0.1), predict(threshold=0.9)
    kept = predict(threshold=0.99, doubtful_from=0.1, doubtful_from_per_type={"ORGANIZATION_NAME": 0.9})
    plain = predict(threshold=0.99, doubtful_from=0.1)
    for text, all_spans, sure, orgs, spans, without in zip(texts, loose, strict, org_loose, kept, plain):
        orgs = {s for s in orgs if s.label == "ORGANIZATION_NAME"}
        assert set(spans) == set(sure) | orgs | {s for s in all_spans if corroborated(text, s, person=s.label == "PERSON_NAME")}
        assert set(without) == set(sure) | {s for s in all_spans if corroborated(text, s, person=s.label == "PERSON_NAME")}
    # The setting changes something on these texts: organisations the lists cannot back.
    assert any(set(a) != set(b) for a, b in zip(kept, plain))


@pytest.mark.parametrize("settings,message", [
    ({"doubtful_from_per_type": {"ORGANIZATION_NAME": 0.3}}, "needs doubtful_from"),
    ({"doubtful_from": 0.3, "doubtful_from_per_type": {"ORGANIZATION_NAME": 0.2}}, "not looser"),
])
def test_a_per_type_doubtful_from_that_would_do_nothing_is_refused(settings, message):
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=message):
        HfDetectorSettings(**settings)


def test_the_model_vetoes_the_name_list_words_it_reads_as_no_one(tiny_model: Path):
    """In text whose case says nothing, a name-list word the model gives little chance of being
    an entity comes back as a `NOT_A_NAME` veto at POSSIBLE; the merge then drops the lists'
    lone guess of it, and keeps the name a context lifted ("my name is ella")."""
    from models.token_spans import NOT_A_NAME, unread_name_words
    from veil.detection.detect import ConversationDetector
    from veil.detection.merge import merge_findings
    from veil.run.config import load_config

    texts = ["so alma and pace went with greta and indie to tex and my name is ella by the way",
             "So Alma and Pace went with Greta and Indie to Tex, and my name is Ella by the way."]
    # The tiny model is sure of few words; a high bar still leaves it some to veto.
    below = 0.95
    plain = HfTokenClassifier(tiny_model, HfDetectorSettings())
    vetoing = HfTokenClassifier(tiny_model, HfDetectorSettings(not_a_name_below=below))
    spans = vetoing.predict(texts)
    assert not any(s.label == NOT_A_NAME for turn in plain.predict(texts) for s in turn)
    assert not any(s.label == NOT_A_NAME for s in spans[1])  # capitals say what they say
    assert [s for s in spans[1]] == plain.predict(texts[1:])[0]
    offsets, probs = vetoing.token_probabilities(texts[:1])[0]
    decoded = [s for s in spans[0] if s.label != NOT_A_NAME]
    assert decoded == plain.predict(texts[:1])[0]  # vetoes are added, nothing else changes
    vetoes = [s for s in spans[0] if s.label == NOT_A_NAME]
    assert vetoes == unread_name_words(texts[0], offsets, probs, vetoing.labels, below, decoded)

    found = vetoing.detect_conversations([texts[:1]])[0]
    assert {f.likelihood for f in found if f.info_type == NOT_A_NAME} == {Likelihood.POSSIBLE}
    assert all(f.likelihood == Likelihood.LIKELY for f in found if f.info_type != NOT_A_NAME)
    rules = list(ConversationDetector(load_config("call_transcripts")).find(texts[:1]))
    best: dict[str, Likelihood] = {}
    for f in rules:
        if f.info_type == "PERSON_NAME":
            word = texts[0][f.start:f.end]
            best[word] = max(f.likelihood, best.get(word, f.likelihood))
    lone_guesses = {word for word, likelihood in best.items() if likelihood == Likelihood.POSSIBLE}
    vetoed = {texts[0][s.start:s.end] for s in vetoes}
    assert vetoed & lone_guesses, (vetoed, lone_guesses)  # the case at hand
    merged = {texts[0][f.start:f.end] for f in merge_findings(rules + found, texts[:1])
              if f.info_type == "PERSON_NAME"}
    assert not vetoed & lone_guesses & merged
    assert "ella" in merged  # "my name is": the context's name, above any veto


def test_the_model_stage_counts_its_vetoes_apart_from_its_findings(tiny_model: Path):
    """`hf_findings` counts what the model reports; its `NOT_A_NAME` vetoes, never reported, are
    `hf_vetoes`."""
    from apache_beam.metrics.metric import MetricsFilter

    from models.token_spans import NOT_A_NAME

    texts = ["so alma and pace went with greta and indie to tex and my name is ella by the way",
             "So Alma and Pace went with Greta and Indie to Tex, and my name is Ella by the way."]
    settings = HfDetectorSettings(model=str(tiny_model), not_a_name_below=0.95)
    spans = [s for turn in HfTokenClassifier(tiny_model, settings).predict(texts) for s in turn]
    vetoes = sum(s.label == NOT_A_NAME for s in spans)
    assert vetoes and len(spans) > vetoes  # both kinds, so the counts say something
    pipeline = TestPipeline(runner=LOCAL_RUNNER)
    _ = pipeline | beam.Create([element(0, texts)]) | ModelStage(HfNerModelHandler(settings))
    result = pipeline.run()
    result.wait_until_finish()

    def counted(name: str) -> int:
        found = result.metrics().query(MetricsFilter().with_namespace("veil").with_name(name))["counters"]
        return sum(counter.committed for counter in found)

    assert counted("hf_vetoes") == vetoes
    assert counted("hf_findings") == len(spans) - vetoes
