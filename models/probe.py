"""A launch-time check that a loaded NER model works: a fixed probe text with a known answer.

A model file can be present and still be wrong: truncated weights fail only when a worker loads
them, after the job has started; valid weights with the wrong tensors load silently (the head is
randomly initialised) and tag every word. Either way the job would write records that no working
model read. So the launcher loads each configured model once and runs it on a few fixed
sentences before any data is read:

- the model must find at least one of the probe's plain person names, when it has a label that
  means PERSON_NAME (a model for other types is held to the next rule only);
- it must leave most of the probe's ordinary words alone: a model that tags half of "my", "is",
  "and", "the" is broken, not merely imprecise.

The bar is deliberately low: it catches a broken model, not a weak one. How good a model is, is
measured by `veil evaluate` on real annotated text (QUALITY.md).
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

# Each probe turn, and the person name in it that any working name model finds. Mixed case and
# lower case, as in written text and in ASR transcripts.
PROBE_TURNS: tuple[tuple[str, str], ...] = (
    ("Hello, my name is John Smith and I am calling about my order.", "John Smith"),
    ("Thank you, Maria Garcia. I will send the form to you today.", "Maria Garcia"),
    ("hi this is david miller from the billing team and i need some help", "david miller"),
)
# Above this share of ordinary words tagged, a model is broken.
MAX_ORDINARY_SHARE = 0.5
_WORD = re.compile(r"[A-Za-z]+")


def _ordinary_words(text: str, name: str) -> list[tuple[int, int]]:
    """The probe words outside its name: each is a span that a working model leaves alone."""
    at = text.index(name)
    return [(m.start(), m.end()) for m in _WORD.finditer(text) if m.end() <= at or m.start() >= at + len(name)]


def probe_problem(detect: Callable[[Sequence[str]], list[list[tuple[int, int, str]]]],
                  info_types: Sequence[str]) -> str | None:
    """Run `detect` (turn texts -> per turn, its (start, end, infoType) findings) on the probe.

    Returns what is wrong, in words a user can act on, or None when the model passes."""
    texts = [text for text, _ in PROBE_TURNS]
    try:
        found = detect(texts)
    except Exception as error:  # a model that cannot run one short sentence cannot run the job
        return f"it failed on a probe sentence ({type(error).__name__}: {error})"
    if not info_types:
        return "none of its labels maps to an infoType (set label_map)"
    names_found = 0
    ordinary = tagged = 0
    for (text, name), spans in zip(PROBE_TURNS, found):
        at = text.index(name)
        if any(kind == "PERSON_NAME" and start < at + len(name) and end > at for start, end, kind in spans):
            names_found += 1
        for word_start, word_end in _ordinary_words(text, name):
            ordinary += 1
            if any(start < word_end and end > word_start for start, end, _ in spans):
                tagged += 1
    if tagged > MAX_ORDINARY_SHARE * ordinary:
        return (f"it tagged {tagged} of the probe's {ordinary} ordinary words as entities: the weights "
                "are probably wrong or untrained for this head")
    if "PERSON_NAME" in info_types and names_found == 0:
        return f"it found none of the probe's {len(PROBE_TURNS)} person names"
    return None


def probe_hf(classifier) -> str | None:
    """`probe_problem` for a loaded `models.hf_ner.HfTokenClassifier`."""
    return probe_problem(
        lambda texts: [[(s.start, s.end, s.label) for s in spans] for spans in classifier.predict(list(texts))],
        classifier.mapped_types,
    )


def probe_spacy(detector) -> str | None:
    """`probe_problem` for a loaded `models.spacy_ner.SpacyDetector` (its NER, not its ruler)."""
    def detect(texts):
        return [[(f.start, f.end, f.info_type) for f in turn] for turn in detector.detect_turns(list(texts))]

    types = sorted({t for t in (detector.info_type(label) for label in detector.labels) if t})
    return probe_problem(detect, types)
