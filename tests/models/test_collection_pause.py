"""The collector held off while the model's CPU side runs (models.collection_pause), and back
as the caller had it afterwards, also when threads predict at once or the block raises."""
from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest

from models.collection_pause import collection_paused


@pytest.fixture(autouse=True)
def collector_restored():
    was = gc.isenabled()
    yield
    gc.enable() if was else gc.disable()


def test_the_collector_is_off_inside_and_on_again_after():
    gc.enable()
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():  # nested: the inner block leaving does not re-enable it
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_caller_who_had_switched_it_off_keeps_it_off():
    gc.disable()
    with collection_paused():
        pass
    assert not gc.isenabled()


def test_it_comes_back_when_the_block_raises():
    gc.enable()
    with pytest.raises(ValueError):
        with collection_paused():
            raise ValueError("a turn the model failed on")
    assert gc.isenabled()


def test_threads_predicting_at_once_reenable_it_only_when_the_last_leaves():
    gc.enable()
    inside, release = threading.Barrier(3), threading.Event()
    seen_after_first = []

    def hold(wait: bool):
        with collection_paused():
            inside.wait(timeout=10)
            if wait:
                release.wait(timeout=10)

    slow = threading.Thread(target=hold, args=(True,))
    fast = threading.Thread(target=hold, args=(False,))
    slow.start(), fast.start()
    inside.wait(timeout=10)
    fast.join(timeout=10)
    seen_after_first.append(gc.isenabled())  # one thread still inside
    release.set()
    slow.join(timeout=10)
    assert seen_after_first == [False] and gc.isenabled()


def test_predict_leaves_the_collector_as_it_found_it(tiny_ner_model: Path):
    pytest.importorskip("torch")
    from models.hf_ner import HfTokenClassifier
    from veil.detection.detector_config import HfDetectorSettings

    classifier = HfTokenClassifier(tiny_ner_model, HfDetectorSettings(device="cpu"))
    gc.enable()
    spans = classifier.predict(["my name is Maria Lopez", "", "thanks, bye"])
    assert gc.isenabled() and len(spans) == 3 and spans[1] == []
    gc.disable()
    classifier.detect_conversations([["hello", "this is Maria Lopez"]])
    assert not gc.isenabled()
