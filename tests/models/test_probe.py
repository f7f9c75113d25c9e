"""The launch probe's verdicts, on detectors whose answers are known exactly."""
from __future__ import annotations

import re

from models.probe import PROBE_TURNS, probe_problem


def names_only(texts):
    """A working name model: the probe's names, nothing else."""
    return [[(t.index(n), t.index(n) + len(n), "PERSON_NAME")] for (t, n), t in zip(PROBE_TURNS, texts)]


def every_word(texts):
    """What a head with random or wrong weights does: every word is an entity."""
    return [[(m.start(), m.end(), "PERSON_NAME") for m in re.finditer(r"\w+", t)] for t in texts]


def test_a_model_that_finds_the_names_passes():
    assert probe_problem(names_only, ["PERSON_NAME"]) is None


def test_a_model_that_tags_every_word_fails():
    problem = probe_problem(every_word, ["PERSON_NAME"])
    assert problem and "ordinary words" in problem


def test_a_name_model_that_finds_nothing_fails():
    problem = probe_problem(lambda texts: [[] for _ in texts], ["PERSON_NAME", "LOCATION"])
    assert problem and "none of the probe's 3 person names" in problem


def test_a_model_for_other_types_is_held_only_to_the_ordinary_words():
    assert probe_problem(lambda texts: [[] for _ in texts], ["LOCATION"]) is None


def test_a_model_whose_labels_map_to_nothing_fails():
    problem = probe_problem(names_only, [])
    assert problem and "label_map" in problem


def test_a_model_that_raises_fails_with_the_reason():
    def broken(texts):
        raise RuntimeError("shape mismatch")

    problem = probe_problem(broken, ["PERSON_NAME"])
    assert problem and "RuntimeError" in problem and "shape mismatch" in problem
