"""Training a spaCy NER pipeline on the synthetic corpus (`veil train --spacy`; no Beam).

The pipeline is `spacy.blank("en")` plus spaCy's default `ner` component: a transition-based
parser over a CNN tok2vec (hash embeddings of NORM, PREFIX, SUFFIX and SHAPE; no pretrained
vectors, so nothing is downloaded). It learns the types in `models.examples.NER_TYPES` from
`synthetic_examples("train")`, is scored on `synthetic_examples("validation")`, and is written
with `nlp.to_disk` plus `veil_model.json` (labels, their infoTypes, metrics, settings), which
`models.spacy_ner.load_spacy_pipeline` reads back.

Gold spans that do not fall on token boundaries ("J-O-H-N-S-O-N." is one token to spaCy's
English tokenizer, "N." being an abbreviation) are widened to the tokens that hold them
(`alignment_mode="expand"`): a redaction a character wider is harmless, a missed name is not.
A widened span that then overlaps another is skipped. Both are counted in the metadata.

Besides spaCy's exact-match precision, recall and F1 per type, the metrics hold `covered`
recall per type: the share of gold spans whose every character lies inside some predicted
span of any type. That is the figure that says whether a redaction would have hidden it.
"""
from __future__ import annotations

import json
import logging
import random
import time
from pathlib import Path
from typing import Callable, Sequence

from models.examples import NER_TYPES, TurnExample, synthetic_examples

_LOG = logging.getLogger("veil")

METADATA = "veil_model.json"
BASE = "blank:en"

# Defaults: the best validation recall found for about 4 CPU-minutes of training (spaCy trains
# on one core). Measured (records x epochs x share of entity-free turns kept -> exact recall,
# CPU seconds for the whole call): 600x6x0.5 -> 0.953, 223 s; 1000x3x0.5 -> 0.964, 184 s;
# 1500x3x0.5 -> 0.974, 246 s; 1500x3x0.2 -> 0.972, 211 s; 2500x2x0.5 -> 0.983, 253 s;
# 3000x2x0.2 -> 0.994, 243 s; 4000x2x0.2 -> 0.996, 310 s. More distinct records beat more
# passes over fewer; 4000 records gain little for a quarter more time.
DEFAULT_N_TRAIN = 3000  # records of the train split (about 19 turns each)
DEFAULT_N_VALIDATION = 300  # records of the validation split
DEFAULT_EPOCHS = 2
DEFAULT_SEED = 0
DEFAULT_DROPOUT = 0.1
DEFAULT_LEARN_RATE = 0.001
# Turns without any entity are kept with this probability: they teach the model what is not a
# name, but most turns have none, and fewer of them means more names per CPU-second.
DEFAULT_EMPTY_FRACTION = 0.2


def build_docs(nlp, examples: Sequence[TurnExample], counts: dict | None = None):
    """spaCy `Example`s from turn examples; misaligned spans widened, overlaps skipped."""
    from spacy.training import Example

    counts = counts if counts is not None else {}
    counts.setdefault("spans", 0)
    counts.setdefault("widened", 0)
    counts.setdefault("skipped", 0)
    built = []
    for example in examples:
        reference = nlp.make_doc(example.text)
        ents = []
        for span in example.spans:
            counts["spans"] += 1
            ent = reference.char_span(span.start, span.end, label=span.label)
            if ent is None:
                ent = reference.char_span(span.start, span.end, label=span.label, alignment_mode="expand")
                if ent is None or len(ent) == 0:
                    counts["skipped"] += 1
                    continue
                counts["widened"] += 1
            if ents and ent.start < ents[-1].end:
                counts["skipped"] += 1
                continue
            ents.append(ent)
        reference.set_ents(ents, default="outside")
        built.append(Example(nlp.make_doc(example.text), reference))
    return built


def covered_recall(nlp, examples: Sequence[TurnExample], batch_size: int = 256) -> dict:
    """Per type and overall: gold spans wholly inside predicted spans (of any type)."""
    found: dict[str, int] = {}
    total: dict[str, int] = {}
    docs = nlp.pipe((e.text for e in examples), batch_size=batch_size)
    for example, doc in zip(examples, docs):
        covered = bytearray(len(example.text))
        for ent in doc.ents:
            covered[ent.start_char:ent.end_char] = b"\x01" * (ent.end_char - ent.start_char)
        for span in example.spans:
            total[span.label] = total.get(span.label, 0) + 1
            if all(covered[span.start:span.end]):
                found[span.label] = found.get(span.label, 0) + 1
    per_type = {label: found.get(label, 0) / count for label, count in sorted(total.items())}
    overall = sum(found.values()) / sum(total.values()) if total else 0.0
    return {"overall": overall, "per_type": per_type, "support": dict(sorted(total.items()))}


def evaluate(nlp, examples: Sequence[TurnExample], batch_size: int = 256) -> dict:
    """spaCy's exact-span P/R/F (overall and per type) and our `covered` recall."""
    alignment: dict = {}
    scores = nlp.evaluate(build_docs(nlp, examples, alignment), batch_size=batch_size)
    per_type = {
        label: {"precision": round(v["p"], 4), "recall": round(v["r"], 4), "f1": round(v["f"], 4)}
        for label, v in sorted((scores.get("ents_per_type") or {}).items())
    }
    covered = covered_recall(nlp, examples, batch_size)
    for label, value in covered["per_type"].items():
        per_type.setdefault(label, {})["covered_recall"] = round(value, 4)
        per_type[label]["support"] = covered["support"][label]
    return {
        "precision": round(scores.get("ents_p") or 0.0, 4),
        "recall": round(scores.get("ents_r") or 0.0, 4),
        "f1": round(scores.get("ents_f") or 0.0, 4),
        "covered_recall": round(covered["overall"], 4),
        "per_type": per_type,
        "turns": len(examples),
    }


def new_pipeline(labels: Sequence[str] = NER_TYPES):
    import spacy

    nlp = spacy.blank("en")
    ner = nlp.add_pipe("ner")
    for label in labels:
        ner.add_label(label)
    return nlp


def train_spacy(
    output_dir: str | Path,
    n_train: int | None = DEFAULT_N_TRAIN,
    n_validation: int | None = DEFAULT_N_VALIDATION,
    epochs: int | None = DEFAULT_EPOCHS,
    seed: int | None = DEFAULT_SEED,
    *,
    dropout: float = DEFAULT_DROPOUT,
    learn_rate: float = DEFAULT_LEARN_RATE,
    empty_fraction: float = DEFAULT_EMPTY_FRACTION,
    train_examples: Sequence[TurnExample] | None = None,
    validation_examples: Sequence[TurnExample] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict:
    """Train, score and save a spaCy NER pipeline; returns what `veil_model.json` holds.

    `n_train` and `n_validation` are records of the fixed synthetic splits (a record has about
    19 turns). `train_examples`/`validation_examples` replace the splits (tests use them).
    `progress` receives one line per epoch (losses and timing; never text).
    """
    import spacy
    from spacy.util import compounding, minibatch

    # None means the default, so a CLI can pass its unset options straight through.
    n_train = DEFAULT_N_TRAIN if n_train is None else n_train
    n_validation = DEFAULT_N_VALIDATION if n_validation is None else n_validation
    epochs = DEFAULT_EPOCHS if epochs is None else epochs
    seed = DEFAULT_SEED if seed is None else seed
    if epochs < 1:
        raise ValueError("epochs must be >= 1")
    started = time.monotonic()
    cpu_started = time.process_time()
    spacy.util.fix_random_seed(seed)
    rng = random.Random(seed)
    say = progress or (lambda line: _LOG.info("%s", line))

    train_turns = list(train_examples) if train_examples is not None else synthetic_examples("train", n_train)
    validation_turns = (
        list(validation_examples) if validation_examples is not None
        else synthetic_examples("validation", n_validation)
    )
    kept = [e for e in train_turns if e.spans or rng.random() < empty_fraction]

    nlp = new_pipeline(NER_TYPES)
    alignment: dict = {}
    examples = build_docs(nlp, kept, alignment)
    optimizer = nlp.initialize(lambda: examples)
    optimizer.learn_rate = learn_rate

    history = []
    for epoch in range(epochs):
        epoch_started = time.monotonic()
        rng.shuffle(examples)
        losses: dict = {}
        for batch in minibatch(examples, size=compounding(8.0, 64.0, 1.001)):
            nlp.update(batch, drop=dropout, sgd=optimizer, losses=losses)
        seconds = time.monotonic() - epoch_started
        history.append({"epoch": epoch + 1, "loss": round(float(losses.get("ner", 0.0)), 2), "seconds": round(seconds, 1)})
        say(f"spacy epoch {epoch + 1}/{epochs}: loss {losses.get('ner', 0.0):.1f} in {seconds:.0f}s")
    train_seconds = time.monotonic() - started
    train_cpu_seconds = time.process_time() - cpu_started

    output = Path(output_dir)
    output.mkdir(parents=True, exist_ok=True)
    # The averaged weights are the ones to score and keep (as `spacy train` does).
    with nlp.use_params(optimizer.averages):
        metrics = evaluate(nlp, validation_turns)
        nlp.meta["name"] = "veil_ner"
        nlp.meta["description"] = "Veil NER (PERSON_NAME, ORGANIZATION_NAME, LOCATION), trained on synthetic transcripts"
        nlp.to_disk(output)
    say(
        f"spacy validation: recall {metrics['recall']:.3f} precision {metrics['precision']:.3f} "
        f"covered recall {metrics['covered_recall']:.3f}"
    )

    info = {
        "kind": "spacy",
        "base": BASE,
        "labels": list(NER_TYPES),
        "label_map": {label: label for label in NER_TYPES},
        # Same key as the Hugging Face trainer's metadata: `veil train` prints it.
        "validation": metrics,
        "training": {
            "n_train_records": None if train_examples is not None else n_train,
            "n_validation_records": None if validation_examples is not None else n_validation,
            "train_turns": len(kept),
            "train_turns_available": len(train_turns),
            "epochs": epochs,
            "seed": seed,
            "dropout": dropout,
            "learn_rate": learn_rate,
            "empty_fraction": empty_fraction,
            "batch_size": "compounding(8, 64, 1.001)",
            "alignment": alignment,
            "history": history,
            "train_seconds": round(train_seconds, 1),
            "train_cpu_seconds": round(train_cpu_seconds, 1),
            "total_seconds": round(time.monotonic() - started, 1),
            "spacy_version": spacy.__version__,
        },
    }
    (output / METADATA).write_text(json.dumps(info, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return info
