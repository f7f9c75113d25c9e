"""`veil bench`: speed and memory, measured side by side so a noisy machine cannot fake them.

    veil bench                 # the full set; figures go to BENCHMARKS.md
    veil bench --quick         # under two minutes: a smoke run of every measurement

Every comparison is a ratio of two measurements taken in the same run, on the same text:
Veil's engine against Presidio's pattern recognizers, the default job (rules + model) against
Presidio + spaCy as whole jobs (pipelines.bench_presidio), the NER model on ONNX Runtime
against torch, 2 workers against 1, 2x and 4x the corpus against 1x. Each figure is the median
of several runs after a warm-up, with its spread.

--quick is a smoke reading of every section, every figure present: no warm-ups, one run of
each measurement, and nothing measured twice (its 1x scaling row is its one-worker job; the
NER section leaves out its two whole jobs, since the job section runs the rules-only job and
the Presidio section the default job). `elapsed_s` and `elapsed_cpu_s` say where the time went.
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

from models.examples import record_texts
from pipelines.long_lived import exit_without_collecting
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector, batches_by_chars
from veil.detection.detector_config import DetectorSettings, HfDetectorSettings, default_model_dir
from veil.detection.engine.engine import BATCH_CHARS
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


def timed_runs(function, repeats: int, warm_up: bool = True,
               clock=time.perf_counter) -> list[float]:
    """Seconds of each of `repeats` calls of `function` on `clock` (wall time by default)."""
    if warm_up:
        function()
    times = []
    for _ in range(repeats):
        start = clock()
        function()
        times.append(clock() - start)
    return times


# The engine's figures are per core: seconds of this thread's CPU time, which other processes
# on the machine do not inflate as they do wall time (the engine runs in one thread).
ENGINE_CLOCK = time.thread_time


def corpus_conversations(path: Path) -> list[list[str]]:
    """Each record's turn texts (a document is one turn), in corpus order."""
    conversations = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            conversations.append(record_texts(json.loads(line)))
    return conversations


def bench_engine(conversations: list[list[str]], config: str, repeats: int, warm_up: bool = True) -> dict:
    """Veil's engine vs Presidio's pattern recognizers, one core (CPU seconds of this
    thread: `ENGINE_CLOCK`), same texts and types.

    Veil runs as the job runs it: `ConversationDetector.detect_many` over the batches of
    records the job's `RulesFn` gets (`batches_by_chars`, one engine batch of text each: all
    their turns in one batch, previous-turn hotwords, windows, merge). One conversation per
    call (`detect`, what a caller with one conversation gets) and the per-turn API
    (`inspect_text`, one call per turn) are measured too."""
    config_model = load_config(config).model_copy(update={"detectors": DetectorSettings()})
    detector = ConversationDetector(config_model)
    detector.warm_up()  # as the job's workers do (`shared_detector`)
    engine = detector.engine
    texts = [text for turns in conversations for text in turns]
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    batches = batches_by_chars(conversations, BATCH_CHARS)

    def veil_pass():
        for batch in batches:
            detector.detect_many(batch)

    def veil_per_conversation_pass():
        for turns in conversations:
            detector.detect(turns)

    def veil_per_turn_pass():
        for text in texts:
            engine.inspect_text(text)

    veil_times = timed_runs(veil_pass, repeats, warm_up, ENGINE_CLOCK)
    per_conversation_times = timed_runs(veil_per_conversation_pass, repeats, warm_up, ENGINE_CLOCK)
    per_turn_times = timed_runs(veil_per_turn_pass, repeats, warm_up, ENGINE_CLOCK)
    result = {
        "megabytes": round(megabytes, 3),
        "turns": len(texts),
        "batches": len(batches),
        "veil_info_types": engine.info_types,
        "veil_mb_per_s": summarise([megabytes / t for t in veil_times]),
        "veil_per_conversation_mb_per_s": summarise([megabytes / t for t in per_conversation_times]),
        "veil_per_turn_api_mb_per_s": summarise([megabytes / t for t in per_turn_times]),
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
    from veil.run.config import parse_config

    shared_detector = ConversationDetector(parse_config(shared_config))
    shared_detector.warm_up()
    shared_engine = shared_detector.engine

    def shared_pass():
        for batch in batches:
            shared_detector.detect_many(batch)

    def presidio_pass():
        for text in texts:
            analyzer.analyze(text=text, entities=entities, language="en")

    pairs = []
    presidio_times = []
    shared_times = []
    if warm_up:
        shared_pass(), presidio_pass()
    for _ in range(repeats):  # interleaved, so both see the same machine
        start = ENGINE_CLOCK()
        shared_pass()
        shared_times.append(ENGINE_CLOCK() - start)
        start = ENGINE_CLOCK()
        presidio_pass()
        presidio_times.append(ENGINE_CLOCK() - start)
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


def run_job(corpus: Path, output: Path, workers: int, config: str, detectors: str = "rules") -> dict:
    """One anonymize run in a fresh process; wall time and peak memory (RSS) of the run."""
    command = [
        sys.executable, "-m", "pipelines.bench", "_job", str(corpus), str(output), str(workers), config,
        detectors,
    ]
    return run_measured(command)


def run_measured(command: list[str]) -> dict:
    """Run `command` (which prints its figures as a last JSON line) in a fresh process, and add
    `process_cpu_s`: the CPU seconds of the whole process and its workers, counted from outside
    (imports, start-up and model loading included), and `process_wall_s`."""
    cpu_before, start = _children_cpu_seconds(), time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    figures["process_wall_s"] = round(time.perf_counter() - start, 3)
    figures["process_cpu_s"] = round(_children_cpu_seconds() - cpu_before, 3)
    return figures


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _job(corpus: str, output: str, workers: str, config: str, detectors: str) -> None:
    from pipelines.anonymize import run

    args = ["--input", corpus, "--output", output, "--config", config, "--detectors", detectors]
    if int(workers) > 1:
        args += ["--direct_num_workers", workers, "--direct_running_mode", "multi_processing"]
    start = time.perf_counter()
    cpu_start = _cpu_seconds()
    summary = run(args)
    wall = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu_start
    own = _peak_rss_mb()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({
        "wall_s": wall, "cpu_s": cpu, "records": summary["records"]["in"], "detectors": summary["detectors"],
        "peak_rss_mb": round(own, 1), "peak_child_rss_mb": round(children, 1),
    }))


def _peak_rss_mb() -> float:
    """This process's own peak RSS. Linux's VmHWM starts afresh at exec; `ru_maxrss` does not:
    it keeps the RSS of the parent it was forked from (the bench itself, with a model loaded)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load_average() -> list[float] | None:
    """The machine's 1, 5 and 15-minute load averages: how shared it was while measuring."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _cpu_seconds() -> float:
    """CPU time (user + system) of this process and of its finished children (workers).

    On a shared machine, wall time also counts other people's work; CPU time counts ours.
    "Per core" figures divide by it."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def bench_job(corpus: Path, size_mb: float, workers: int, config: str, repeats: int, scratch: Path,
              detectors: str = "rules", warm_up: bool = True) -> dict:
    runs = []
    for attempt in range(repeats + 1 if warm_up else repeats):  # the first is the warm-up
        result = run_job(corpus, scratch / f"out-{workers}-{attempt}", workers, config, detectors)
        shutil.rmtree(scratch / f"out-{workers}-{attempt}", ignore_errors=True)
        if attempt or not warm_up:
            runs.append(result)
    walls = [r["wall_s"] for r in runs]
    cpus = [r["cpu_s"] for r in runs]
    records = runs[0]["records"]
    return {
        "workers": workers,
        "detectors": runs[0]["detectors"],
        "records": records,
        "wall_s": summarise(walls),
        "conversations_per_s": summarise([records / w for w in walls]),
        "cpu_s": summarise(cpus),
        "conversations_per_cpu_s": summarise([records / c for c in cpus]),
        "mb_per_s": summarise([size_mb / w for w in walls]),
        "peak_rss_mb": max(r["peak_rss_mb"] for r in runs),
        "peak_worker_rss_mb": max(r["peak_child_rss_mb"] for r in runs),
        "runs": runs,
    }


def make_corpus(path: Path, n: int) -> float:
    write_records(generate_records(n, SEED), str(path))
    return path.stat().st_size / 1e6


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "_job":
        _job(*argv[1:6])
        return 0
    parser = argparse.ArgumentParser(prog="veil bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="A small corpus and few runs (< 2 min).")
    parser.add_argument("--n", type=int, default=None, help="Conversations in the 1x corpus.")
    parser.add_argument("--repeats", type=int, default=None, help="Timed runs after the warm-up.")
    parser.add_argument("--config", default="call_transcripts", help="The job config to measure.")
    parser.add_argument("--output", default=None, help="Write the figures as JSON here.")
    parser.add_argument("--model", default=None,
                        help="The NER model to measure (default: the one `veil train` wrote).")
    parser.add_argument("--ner_n", type=int, default=None,
                        help="Conversations for the NER figures (default 300; --quick 40).")
    parser.add_argument("--real_n", type=int, default=None,
                        help="Real posts for the Presidio comparison (default all 3,010; --quick 300).")
    parser.add_argument("--device", default="auto", help="NER device: auto (CUDA when present), cpu, cuda.")
    parser.add_argument("--presidio_corpus", action="append", default=[], metavar="PATH",
                        help="Also compare the default job with Presidio + spaCy on this JSONL "
                             "corpus (its gold labels removed), e.g. one of your own, larger "
                             "than the bench's; repeatable. Reported as corpus_<file name>.")
    parser.add_argument("--skip", action="append", default=[],
                        choices=("engine", "job", "scaling", "ner", "presidio"),
                        help="Leave a measurement out (repeatable).")
    args = parser.parse_args(argv)
    n = args.n or (300 if args.quick else 5000)
    repeats = args.repeats or (1 if args.quick else 3)

    scratch = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    figures: dict = {"corpus": {"seed": SEED, "conversations": n}, "quick": args.quick,
                     "machine": {"cores": os.cpu_count(), "python": sys.version.split()[0],
                                 "load_average_at_start": _load_average()},
                     "elapsed_s": {}, "elapsed_cpu_s": {}}

    def section(name: str, measure, key: str | None = None):
        """Runs one section unless skipped, and keeps its figures under `key` (default: its
        name); its wall and CPU seconds (this process and the jobs it ran) go to `elapsed_s`
        and `elapsed_cpu_s`: where a bench run's time goes."""
        if name in args.skip:
            return None
        start, cpu = time.perf_counter(), _cpu_seconds()
        result = figures[key or name] = measure()
        figures["elapsed_s"][name] = round(time.perf_counter() - start, 1)
        figures["elapsed_cpu_s"][name] = round(_cpu_seconds() - cpu, 1)
        return result

    try:
        corpus = scratch / "bench.jsonl"
        size_mb = make_corpus(corpus, n)
        figures["corpus"]["megabytes"] = round(size_mb, 3)
        section("engine", lambda: bench_engine(corpus_conversations(corpus), args.config, repeats,
                                               warm_up=not args.quick))
        jobs = section("job", lambda: [bench_job(corpus, size_mb, w, args.config, repeats, scratch,
                                                 warm_up=not args.quick) for w in (1, 2)])
        if jobs is not None:
            one, two = jobs
            figures["job_2_over_1_workers"] = round(one["wall_s"]["median"] / two["wall_s"]["median"], 3)
        # --quick: the 1x row is the one-worker job just run (the same job on the same corpus).
        one_worker = jobs[0]["runs"][0] if args.quick and jobs is not None else None
        section("scaling", lambda: bench_scaling(corpus, size_mb, args.config, scratch,
                                                 (1, 2) if args.quick else (1, 2, 4), one_worker))
        ner_n = args.ner_n or (40 if args.quick else 300)
        section("ner", lambda: bench_ner(corpus, ner_n, args.model, args.config, repeats, scratch,
                                         args.device, quick=args.quick))
        versus = section("presidio", lambda: bench_presidio(
            corpus, ner_n, args.model, args.config, 1 if args.quick else repeats, scratch,
            quick=args.quick, real_n=args.real_n, extra=args.presidio_corpus), key="versus_presidio")
        if versus is not None:
            real = versus.get("real")
            if real:
                figures["job_default_over_presidio_spacy"] = real["presidio_over_veil_cpu"]["median"]
                figures["job_default_peak_rss_mb"] = real["veil_peak_rss_mb"]
        figures["machine"]["load_average_at_end"] = _load_average()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    if args.output:
        Path(args.output).write_text(text + "\n")
    print(text)
    return 0


def bench_ner(corpus: Path, n: int, model: str | None, config: str, repeats: int, scratch: Path,
              device: str = "auto", quick: bool = False) -> dict:
    """NER tokens/s (the model alone), and the whole job with rules + model on one worker
    against rules only (not with `quick`: the other sections run both jobs).

    Both on the first `n` conversations of the bench corpus: the model is the slow stage on
    a CPU, so it gets a smaller corpus than the rules-only job."""
    location, problem = model_location(model)
    if problem:
        return {"skipped": problem}
    from pipelines.bench_ner import cpu_runtimes, ner_throughput

    subset = head_of(corpus, n, scratch / "ner.jsonl")
    conversations = corpus_conversations(subset)
    texts = [text for turns in conversations for text in turns]
    budgets = (4096,) if quick else (1024, 4096, 16384)
    result = {"conversations": len(conversations),
              "throughput": ner_throughput(Path(location), texts, budgets, repeats, device)}
    if result["throughput"]["device"] == "cpu":
        result["cpu_runtimes"] = cpu_runtimes(Path(location), texts, repeats)
        result["cpu_tokens_per_s"] = result["cpu_runtimes"]["default"]["tokens_per_s"]["median"]
    if quick:
        return result
    job_config = model_job_config(config, location, device, scratch / "ner-config.json")
    size_mb = subset.stat().st_size / 1e6
    result["job_rules_and_model"] = bench_job(subset, size_mb, 1, str(job_config), max(1, repeats - 1),
                                              scratch, "rules,hf")
    result["job_rules_only"] = bench_job(subset, size_mb, 1, str(job_config), max(1, repeats - 1),
                                         scratch, "rules")
    return result


def model_location(model: str | None) -> tuple[str, str | None]:
    """The NER model to measure (default: the one `veil train` wrote), and why it cannot be."""
    from models.available import hf_model_problem
    from veil.io.storage import Storage

    location = model or str(default_model_dir())
    return location, hf_model_problem(location, Storage())


def head_of(corpus: Path, n: int, path: Path) -> Path:
    """The first `n` records of `corpus`, written to `path`."""
    with open(corpus, encoding="utf-8") as source, open(path, "w", encoding="utf-8") as target:
        for _, line in zip(range(n), source):
            target.write(line)
    return path


def model_job_config(config: str, location: str, device: str, path: Path) -> Path:
    """`config` with its detectors as the default job runs them: the rules and the NER model
    at `location` (the config's own model settings kept)."""
    base = load_config(config)
    hf = (base.detectors.hf or HfDetectorSettings()).model_copy(update={"model": location, "device": device})
    sections = {name: getattr(base, name).model_dump(mode="json", exclude_defaults=True)
                for name in ("inspect_config", "detection", "deidentify_config", "risk")}
    sections["detectors"] = {"rules": True, "hf": hf.model_dump(mode="json", exclude_defaults=True)}
    path.write_text(json.dumps(sections))
    return path


def bench_presidio(corpus: Path, n: int, model: str | None, config: str, repeats: int, scratch: Path,
                   quick: bool = False, real_n: int | None = None, extra: list[str] = ()) -> dict:
    """The default job (rules + model) against Presidio + spaCy, on real posts, on the
    first `n` conversations of the bench corpus, and on each of the `extra` corpora (see
    pipelines.bench_presidio). The job's auditor reads a fixed sample (`risk.audit_sample`),
    so the ratio depends on the corpus's size: `extra` shows it on a corpus of a user's size."""
    from pipelines.bench_presidio import bench_versus_presidio, real_corpus, unlabelled_copy

    location, problem = model_location(model)
    if problem:
        return {"skipped": problem}
    # Unlabelled, as users' corpora come: the job's auditor then reads every written text.
    corpora = {"real": real_corpus(scratch / "real.jsonl", real_n or (300 if quick else None))}
    if not quick:
        synthetic = head_of(corpus, n, scratch / "presidio-synthetic-labelled.jsonl")
        corpora["synthetic"] = unlabelled_copy(synthetic, scratch / "presidio-synthetic.jsonl")
        # With gold labels the job scores the turns from them, and its auditor reads only the
        # other fields: how an evaluation run costs, shown apart.
        corpora["real_with_gold_labels"] = real_corpus(scratch / "real-labelled.jsonl", real_n,
                                                       labels=True)
    for path in map(Path, extra):
        corpora[f"corpus_{path.stem}"] = unlabelled_copy(path, scratch / f"presidio-extra-{path.name}")
    job_config = model_job_config(config, location, "cpu", scratch / "default-job-config.json")
    return bench_versus_presidio(corpora, job_config, repeats, scratch, warm_up=not quick)


def bench_scaling(corpus: Path, size_mb: float, config: str, scratch: Path,
                  factors: tuple[int, ...] = (1, 2, 4), one_x: dict | None = None) -> list[dict]:
    """1x, 2x and 4x (--quick: 1x and 2x) the corpus on one worker: time should grow linearly,
    memory stay flat. `one_x`: a run of this job on `corpus` already made, for the 1x row."""
    rows = []
    lines = corpus.read_text(encoding="utf-8")
    base = None
    for factor in factors:
        if factor == 1 and one_x is not None:
            result = one_x
        else:
            path = scratch / f"scaled-{factor}.jsonl"
            path.write_text(lines * factor, encoding="utf-8")
            result = run_job(path, scratch / f"scaled-out-{factor}", 1, config)
            shutil.rmtree(scratch / f"scaled-out-{factor}", ignore_errors=True)
            path.unlink()
        base = base or result["wall_s"]
        rows.append({
            "factor": factor, "records": result["records"], "wall_s": round(result["wall_s"], 3),
            "cpu_s": round(result["cpu_s"], 3),
            "time_over_1x": round(result["wall_s"] / base, 3), "peak_rss_mb": result["peak_rss_mb"],
        })
    return rows


if __name__ == "__main__":
    exit_without_collecting(main())  # the job's process, as `python -m pipelines.anonymize`
