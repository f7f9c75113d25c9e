"""`veil bench`: speed and memory, measured side by side so a noisy machine cannot fake them.

    veil bench                 # the full set; figures go to BENCHMARKS.md
    veil bench --quick         # under two minutes: a smoke run of every measurement

Every comparison is a ratio of two measurements taken in the same run, on the same text:
Veil's engine against Presidio's pattern recognizers, 2 workers against 1, 2x and 4x the
corpus against 1x. Each figure is the median of several runs after a warm-up, with its spread.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from veil.config import load_config
from veil.detect import ConversationDetector
from veil.synth import generate_records, write_records

SEED = 9009  # the bench corpus: fixed, and apart from the train/validation/test seeds

# Presidio's pattern recognizers for the types both tools have, by Presidio's names.
PRESIDIO_TYPES = {
    "EMAIL_ADDRESS": "EMAIL_ADDRESS",
    "PHONE_NUMBER": "PHONE_NUMBER",
    "CREDIT_CARD_NUMBER": "CREDIT_CARD",
    "US_SOCIAL_SECURITY_NUMBER": "US_SSN",
    "IBAN_CODE": "IBAN_CODE",
    "IP_ADDRESS": "IP_ADDRESS",
    "URL": "URL",
}


def summarise(values: list[float]) -> dict:
    return {
        "median": round(statistics.median(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
        "runs": len(values),
    }


def timed_runs(function, repeats: int) -> list[float]:
    function()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def corpus_texts(path: Path) -> list[str]:
    texts = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record.get("turns"):
                texts.extend(t["text"] for t in record["turns"])
            else:
                texts.append(record.get("text", ""))
    return texts


def bench_engine(texts: list[str], config: str, repeats: int) -> dict:
    """Veil's engine vs Presidio's pattern recognizers, one core, same texts and types."""
    detector = ConversationDetector(load_config(config))
    engine = detector.engine
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6

    def veil_pass():
        for text in texts:
            engine.inspect_text(text)

    veil_times = timed_runs(veil_pass, repeats)
    result = {
        "megabytes": round(megabytes, 3),
        "veil_info_types": engine.info_types,
        "veil_mb_per_s": summarise([megabytes / t for t in veil_times]),
    }
    presidio = presidio_analyzer([PRESIDIO_TYPES[t] for t in engine.info_types if t in PRESIDIO_TYPES])
    if presidio is None:
        result["presidio"] = "not installed (pip install presidio-analyzer)"
        return result
    analyzer, entities = presidio
    # Same types on both sides for the ratio: restrict Veil to the shared ones too.
    shared_config = {"inspect_config": {"info_types": [
        {"name": t} for t in engine.info_types if t in PRESIDIO_TYPES
    ]}}
    from veil.config import parse_config

    shared_engine = ConversationDetector(parse_config(shared_config)).engine

    def shared_pass():
        for text in texts:
            shared_engine.inspect_text(text)

    def presidio_pass():
        for text in texts:
            analyzer.analyze(text=text, entities=entities, language="en")

    pairs = []
    presidio_times = []
    shared_times = []
    shared_pass(), presidio_pass()  # warm-up both
    for _ in range(repeats):  # interleaved, so both see the same machine
        start = time.perf_counter()
        shared_pass()
        shared_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        presidio_pass()
        presidio_times.append(time.perf_counter() - start)
        pairs.append(presidio_times[-1] / shared_times[-1])
    result["shared_info_types"] = shared_engine.info_types
    result["veil_shared_mb_per_s"] = summarise([megabytes / t for t in shared_times])
    result["presidio_mb_per_s"] = summarise([megabytes / t for t in presidio_times])
    result["veil_over_presidio"] = summarise(pairs)
    return result


def presidio_analyzer(entities: list[str]):
    """Presidio with a blank spaCy pipeline (no model can be downloaded here) and only its
    pattern recognizers for the given entities; None when Presidio is not installed."""
    try:
        import spacy
        from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
        from presidio_analyzer.nlp_engine import NlpEngineProvider
    except ImportError:
        return None
    model_dir = Path(tempfile.mkdtemp(prefix="veil-blank-spacy-"))
    spacy.blank("en").to_disk(model_dir)
    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": str(model_dir)}],
    })
    registry = RecognizerRegistry()
    registry.load_predefined_recognizers(languages=["en"])
    analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), registry=registry, supported_languages=["en"])
    return analyzer, entities


def run_job(corpus: Path, output: Path, workers: int, config: str) -> dict:
    """One anonymize run in a fresh process; wall time and peak memory (RSS) of the run."""
    command = [
        sys.executable, "-m", "pipelines.bench", "_job", str(corpus), str(output), str(workers), config,
    ]
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(completed.stdout.strip().splitlines()[-1])


def _job(corpus: str, output: str, workers: str, config: str) -> None:
    from pipelines.anonymize import run

    args = ["--input", corpus, "--output", output, "--config", config]
    if int(workers) > 1:
        args += ["--direct_num_workers", workers, "--direct_running_mode", "multi_processing"]
    start = time.perf_counter()
    summary = run(args)
    wall = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({
        "wall_s": wall, "records": summary["records"]["in"],
        "peak_rss_mb": round(own, 1), "peak_child_rss_mb": round(children, 1),
    }))


def bench_job(corpus: Path, size_mb: float, workers: int, config: str, repeats: int, scratch: Path) -> dict:
    runs = []
    for attempt in range(repeats + 1):  # the first is the warm-up
        result = run_job(corpus, scratch / f"out-{workers}-{attempt}", workers, config)
        shutil.rmtree(scratch / f"out-{workers}-{attempt}", ignore_errors=True)
        if attempt:
            runs.append(result)
    walls = [r["wall_s"] for r in runs]
    records = runs[0]["records"]
    return {
        "workers": workers,
        "records": records,
        "wall_s": summarise(walls),
        "conversations_per_s": summarise([records / w for w in walls]),
        "mb_per_s": summarise([size_mb / w for w in walls]),
        "peak_rss_mb": max(r["peak_rss_mb"] for r in runs),
        "peak_worker_rss_mb": max(r["peak_child_rss_mb"] for r in runs),
    }


def make_corpus(path: Path, n: int) -> float:
    write_records(generate_records(n, SEED), str(path))
    return path.stat().st_size / 1e6


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "_job":
        _job(*argv[1:5])
        return 0
    parser = argparse.ArgumentParser(prog="veil bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="A small corpus and few runs (< 2 min).")
    parser.add_argument("--n", type=int, default=None, help="Conversations in the 1x corpus.")
    parser.add_argument("--repeats", type=int, default=None, help="Timed runs after the warm-up.")
    parser.add_argument("--config", default="call_transcripts", help="The job config to measure.")
    parser.add_argument("--output", default=None, help="Write the figures as JSON here.")
    parser.add_argument("--skip", action="append", default=[], choices=("engine", "job", "scaling"),
                        help="Leave a measurement out (repeatable).")
    args = parser.parse_args(argv)
    n = args.n or (300 if args.quick else 5000)
    repeats = args.repeats or (2 if args.quick else 3)

    scratch = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    figures: dict = {"corpus": {"seed": SEED, "conversations": n}, "quick": args.quick,
                     "machine": {"cores": os.cpu_count(), "python": sys.version.split()[0]}}
    try:
        corpus = scratch / "bench.jsonl"
        size_mb = make_corpus(corpus, n)
        figures["corpus"]["megabytes"] = round(size_mb, 3)
        if "engine" not in args.skip:
            figures["engine"] = bench_engine(corpus_texts(corpus), args.config, repeats)
        if "job" not in args.skip:
            figures["job"] = [bench_job(corpus, size_mb, w, args.config, repeats, scratch) for w in (1, 2)]
            one, two = figures["job"]
            figures["job_2_over_1_workers"] = round(
                one["wall_s"]["median"] / two["wall_s"]["median"], 3)
        if "scaling" not in args.skip:
            figures["scaling"] = bench_scaling(corpus, size_mb, args.config, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    if args.output:
        Path(args.output).write_text(text + "\n")
    print(text)
    return 0


def bench_scaling(corpus: Path, size_mb: float, config: str, scratch: Path) -> list[dict]:
    """1x, 2x and 4x the corpus on one worker: time should grow linearly, memory stay flat."""
    rows = []
    lines = corpus.read_text(encoding="utf-8")
    base = None
    for factor in (1, 2, 4):
        path = scratch / f"scaled-{factor}.jsonl"
        path.write_text(lines * factor, encoding="utf-8")
        result = run_job(path, scratch / f"scaled-out-{factor}", 1, config)
        shutil.rmtree(scratch / f"scaled-out-{factor}", ignore_errors=True)
        base = base or result["wall_s"]
        rows.append({
            "factor": factor, "records": result["records"], "wall_s": round(result["wall_s"], 3),
            "time_over_1x": round(result["wall_s"] / base, 3), "peak_rss_mb": result["peak_rss_mb"],
        })
        path.unlink()
    return rows


if __name__ == "__main__":
    sys.exit(main())
