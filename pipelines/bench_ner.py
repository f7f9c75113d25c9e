"""NER throughput for `veil bench`: tokens per second, and where the time goes.

Measured on the turns of the bench corpus with the real classifier: the whole `predict`
(tokenise, window, batch, forward, stitch, decode), and the forward passes alone on the same
windows, so the share of time spent outside the model (what could starve a GPU) is a ratio
taken in the same run.
"""
from __future__ import annotations

import resource
import statistics
import time
from pathlib import Path

from models.hf_ner import HfTokenClassifier
from pipelines.bench import summarise, timed_runs
from veil.detection.detector_config import HfDetectorSettings


def ner_throughput(model_dir: Path, texts: list[str], batch_tokens: tuple[int, ...] = (2048, 8192),
                   repeats: int = 3, device: str = "auto") -> dict:
    """Tokens/s per batch-token budget: median and spread of `repeats` runs after a warm-up.

    The forward passes alone run on the same windows in the same order as `predict` sends them,
    so the share of time outside the model is a ratio of two measurements in one run."""
    classifier = HfTokenClassifier(model_dir, HfDetectorSettings(device=device))
    ids = classifier.tokenizer.ids(texts)
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


def cpu_runtimes(model_dir: Path, texts: list[str], repeats: int = 3) -> dict:
    """The CPU runtimes side by side, run by run on the same turns: torch fp32 and the default
    (`cpu_runtime: auto`), in tokens per wall second and per CPU second, and how far the
    default's spans agree with torch's (span-level F1 on (turn, start, end, infoType)).

    `predict` gets the turns in batches as large as the job's largest (`job_batches`), not all
    at once: a call runs a repeated window once, which one call over the whole corpus would
    count more often than the job can."""
    classifiers = {name: HfTokenClassifier(model_dir, HfDetectorSettings(device="cpu", cpu_runtime=runtime))
                   for name, runtime in (("torch", "torch"), ("default", "auto"))}
    tokens = sum(len(x) for x in classifiers["torch"].tokenizer.ids(texts))
    batches = job_batches(texts)

    def predict(classifier: HfTokenClassifier) -> list:
        return [spans for batch in batches for spans in classifier.predict(batch)]

    spans = {name: predict(c) for name, c in classifiers.items()}  # also the warm-up
    walls: dict[str, list[float]] = {name: [] for name in classifiers}
    cpus: dict[str, list[float]] = {name: [] for name in classifiers}
    for _ in range(repeats):  # interleaved, so both see the same machine
        for name, classifier in classifiers.items():
            wall, cpu = time.perf_counter(), _own_cpu_seconds()
            predict(classifier)
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(_own_cpu_seconds() - cpu)
    keyed = {name: {(i, s.start, s.end, s.label) for i, row in enumerate(found) for s in row}
             for name, found in spans.items()}
    same = len(keyed["torch"] & keyed["default"])
    agreement = 2 * same / max(1, len(keyed["torch"]) + len(keyed["default"]))
    result = {name: {"runtime": classifiers[name].runtime,
                     "tokens_per_s": summarise([tokens / w for w in walls[name]]),
                     "tokens_per_cpu_s": summarise([tokens / c for c in cpus[name]])}
              for name in classifiers}
    result["default_over_torch_cpu"] = summarise([t / d for t, d in zip(cpus["torch"], cpus["default"])])
    result["spans"] = {"torch": len(keyed["torch"]), "default": len(keyed["default"]), "same": same,
                       "span_f1": round(agreement, 4)}
    result["tokens"] = tokens
    return result


# models.handlers' largest RunInference batch (max_batch_chars): the job's biggest predict call.
JOB_BATCH_CHARS = 100_000


def job_batches(texts: list[str], chars: int = JOB_BATCH_CHARS) -> list[list[str]]:
    """Consecutive turns grouped up to `chars` characters (at least one turn a batch)."""
    batches: list[list[str]] = []
    size = chars
    for text in texts:
        if size + len(text) > chars:
            batches.append([])
            size = 0
        batches[-1].append(text)
        size += len(text)
    return batches


def _own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
