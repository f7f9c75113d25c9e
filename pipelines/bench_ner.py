"""NER throughput for `veil bench`: tokens per second, and where the time goes.

Measured on the turns of the bench corpus with the real classifier: the whole `predict`
(tokenise, window, batch, forward, stitch, decode), and the forward passes alone on the same
windows, so the share of time spent outside the model (what could starve a GPU) is a ratio
taken in the same run.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from models.hf_ner import HfTokenClassifier
from pipelines.bench import timed_runs
from veil.detector_config import HfDetectorSettings


def ner_throughput(model_dir: Path, texts: list[str], batch_tokens: tuple[int, ...] = (2048, 8192),
                   repeats: int = 3, device: str = "auto") -> dict:
    """Tokens/s per batch-token budget: median and spread of `repeats` runs after a warm-up.

    The forward passes alone run on the same windows in the same order as `predict` sends them,
    so the share of time outside the model is a ratio of two measurements in one run."""
    classifier = HfTokenClassifier(model_dir, HfDetectorSettings(device=device))
    ids = classifier.tokenizer(texts, add_special_tokens=False, return_attention_mask=False)["input_ids"]
    tokens = sum(len(x) for x in ids)
    windows = [x for x in ids if x]
    results = []
    for budget in batch_tokens:
        classifier.settings = HfDetectorSettings(device=device, batch_tokens=budget)
        whole = timed_runs(lambda: classifier.predict(texts), repeats)
        forward = timed_runs(lambda: classifier.window_probabilities(windows), repeats)
        results.append({
            "batch_tokens": budget,
            "tokens_per_s": round(tokens / statistics.median(whole)),
            "tokens_per_s_min": round(tokens / max(whole)),
            "tokens_per_s_max": round(tokens / min(whole)),
            "forward_only_tokens_per_s": round(tokens / statistics.median(forward)),
            "share_outside_model": round(1 - statistics.median(forward) / statistics.median(whole), 3),
        })
    return {
        "device": str(classifier.device),
        "dtype": str(classifier.dtype).removeprefix("torch."),
        "runtime": classifier.runtime,
        "model": str(model_dir),
        "layers": classifier.config.num_hidden_layers,
        "turns": len(texts),
        "tokens": tokens,
        "by_batch_tokens": results,
    }
