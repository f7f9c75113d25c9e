"""The bench harness runs end to end on a tiny corpus, so it cannot rot. No timing is asserted."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_veil
from veil.synth import generate_records, write_records

pytestmark = pytest.mark.slow


def test_quick_bench_produces_every_figure(tmp_path, tiny_ner_model):
    out = tmp_path / "bench.json"
    mine = tmp_path / "mine.jsonl"  # a user's corpus, with gold labels the bench must remove
    write_records(generate_records(6, seed=5), str(mine))
    result = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "bench", "--quick", "--n", "40", "--repeats", "1",
         "--config", "minimal", "--model", str(tiny_ner_model), "--ner_n", "10", "--real_n", "15",
         "--presidio_corpus", str(mine), "--output", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(out.read_text())
    assert figures["corpus"]["conversations"] == 40
    assert figures["engine"]["veil_mb_per_s"]["median"] > 0
    assert [run["workers"] for run in figures["job"]] == [1, 2]
    assert all(run["records"] == 40 and run["peak_rss_mb"] > 0 for run in figures["job"])
    assert all(run["cpu_s"]["median"] > 0 and run["conversations_per_cpu_s"]["median"] > 0
               for run in figures["job"])
    assert all(row["cpu_s"] > 0 for row in figures["scaling"])
    assert [row["factor"] for row in figures["scaling"]] == [1, 2]  # --quick: 4x only in the full run
    assert [row["records"] for row in figures["scaling"]] == [40, 80]
    assert figures["scaling"][0]["cpu_s"] == round(figures["job"][0]["runs"][0]["cpu_s"], 3)  # 1x: that run
    assert set(figures["elapsed_s"]) == set(figures["elapsed_cpu_s"]) == {
        "engine", "job", "scaling", "ner", "presidio"}
    assert figures["engine"]["veil_per_turn_api_mb_per_s"]["median"] > 0
    assert all(run["detectors"] == ["rules"] for run in figures["job"])  # the rules-only job

    ner = figures["ner"]
    assert ner["conversations"] == 10
    assert ner["throughput"]["tokens"] > 0 and ner["throughput"]["layers"] == 2
    for row in ner["throughput"]["by_batch_tokens"]:
        assert row["tokens_per_s"] > 0 and row["share_outside_model"] < 1  # a ratio; noise may make it < 0
    # --quick runs each job once: the rules-only job in "job", the default job in "versus_presidio".
    assert "job_rules_and_model" not in ner and "job_rules_only" not in ner
    runtimes = ner["cpu_runtimes"]  # torch and the default CPU runtime, side by side
    assert (runtimes["torch"]["runtime"], runtimes["default"]["runtime"]) == ("torch", "onnx")
    assert runtimes["spans"]["span_f1"] == 1.0 and runtimes["spans"]["torch"] > 0
    assert ner["cpu_tokens_per_s"] == runtimes["default"]["tokens_per_s"]["median"] > 0

    versus = figures["versus_presidio"]  # the default job against Presidio + spaCy, whole jobs
    assert versus["real"]["records"] == 15 and "synthetic" not in versus  # --quick: the real posts only
    assert versus["real"]["veil_peak_rss_mb"] > 0
    assert versus["real"]["veil_cpu_s"]["median"] > 0 and versus["real"]["presidio_cpu_s"]["median"] > 0
    assert figures["job_default_over_presidio_spacy"] == versus["real"]["presidio_over_veil_cpu"]["median"] > 0
    assert figures["job_default_peak_rss_mb"] == versus["real"]["veil_peak_rss_mb"] > 0
    assert figures["job_2_over_1_workers"] > 0
    users = versus["corpus_mine"]  # --presidio_corpus: one more pair, on that corpus
    assert users["records"] == 6 and users["presidio_over_veil_cpu"]["median"] > 0
    copied = (tmp_path / "mine.jsonl").read_text().splitlines()
    assert all("pii" in json.loads(line) for line in copied)  # the user's file is left as it was


def test_bench_says_why_it_skips_ner_without_a_model(tmp_path):
    out = tmp_path / "bench.json"
    result = run_veil("bench", "--quick", "--n", "10", "--repeats", "1", "--config", "minimal",
                      "--model", str(tmp_path / "none"), "--skip", "job", "--skip", "scaling",
                      "--skip", "engine", "--output", str(out))
    assert result.returncode == 0, result.stderr
    assert "no model at" in json.loads(out.read_text())["ner"]["skipped"]
