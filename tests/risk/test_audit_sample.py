"""The auditor reads a seeded, fixed-size sample (risk.audit_sample): the same sample whatever
the order of the input or the number of workers, the report saying n of N with an interval,
gold-scored records all scored, and nothing written differently."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from veil.run.errors import ConfigError
from veil.risk.report import build_report
from veil.risk.sampling import sample_key, sampling_interval
from veil.risk.table import parse_risk_settings

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Maria Lopez", "John Smith", "Aisha Khan", "Tom Baker"]


def conversations(n: int, order_seed: int | None = None) -> list[dict]:
    records = [{"id": f"c{i}", "context": ["billing", "support"][i % 2], "turns": [
        {"speaker": "agent", "text": f"Hello, this is {NAMES[i % 4]} from Paris." + " Fine." * (i % 3)},
        {"speaker": "customer", "text": f"Thanks, my email is a{i}@example.com"}]} for i in range(n)]
    if order_seed is not None:
        random.Random(order_seed).shuffle(records)
    return records


def config(tmp_path: Path, audit_sample) -> Path:
    path = tmp_path / f"job-{audit_sample}.yaml"
    minimal = (ROOT / "veil" / "profiles" / "minimal.yaml").read_text()
    path.write_text(minimal + f"risk:\n  audit_sample: {audit_sample}\n")
    return path


def job(tmp_path: Path, corpus: Path, name: str, audit_sample, *extra: str) -> Path:
    out = tmp_path / name
    result = run_job("--input", str(corpus), "--output", str(out), "--config",
                     str(config(tmp_path, audit_sample)), "--detectors", "rules", *extra)
    assert result.returncode == 0, result.stderr
    return out


def risk_ids(out: Path) -> set[str]:
    return {row["id"] for row in read_jsonl_folder(out / "risk")} if any((out / "risk").glob("part-*")) \
        else {json.loads(line)["id"] for part in sorted((out / "risk").glob("conversations-*"))
              for line in part.read_text().splitlines()}


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def summary(out: Path) -> dict:
    return json.loads((out / "risk" / "summary.json").read_text())


def bottom(ids, k: int, seed: int = 0) -> set[str]:
    return set(sorted(ids, key=lambda i: (sample_key(seed, i), i))[:k])


def test_a_corpus_above_k_audits_exactly_the_k_smallest_keys_and_writes_the_same(tmp_path):
    corpus = write_jsonl(tmp_path / "in.jsonl", conversations(40))
    sampled = job(tmp_path, corpus, "sampled", 10)
    whole = job(tmp_path, corpus, "whole", "all")
    assert risk_ids(sampled) == bottom((f"c{i}" for i in range(40)), 10)
    total = summary(sampled)["total"]
    assert total["count"] == 10
    assert total["audit_sample"]["audited"] == 10 and total["audit_sample"]["of"] == 40
    assert total["audit_sample"]["not_audited"] == 30
    contexts = summary(sampled)["contexts"]
    assert sum(c["audit_sample"]["of"] for c in contexts.values()) == 40
    assert summary(sampled)["audit_sample"] == {
        "size": 10, "seed": 0, "method": summary(sampled)["audit_sample"]["method"]}
    assert "audit_sample" not in summary(whole) and "audit_sample" not in summary(whole)["total"]
    # One key for both samples: the review sample is the unsampled run's, as far as it goes.
    assert summary(sampled)["total"]["review_sample"] == summary(whole)["total"]["review_sample"][:10]
    # Every record accounted for, and nothing about detection or writing changes.
    job_summary = json.loads((sampled / "job_summary.json").read_text())
    assert job_summary["records"] == json.loads((whole / "job_summary.json").read_text())["records"]
    assert job_summary["records"]["written"] == 40
    assert job_summary["risk"]["audit_sample"]["audited"] == 10
    for kind in ("corpus", "findings"):
        assert files(sampled / kind) == files(whole / kind)
    # The page says it: n of N, and the interval.
    page = (sampled / "risk" / "report.html").read_text()
    assert "the auditor read 10 of 40 conversations" in page


def test_the_sample_does_not_depend_on_input_order_or_workers(tmp_path):
    first = job(tmp_path, write_jsonl(tmp_path / "a.jsonl", conversations(60)), "a", 15)
    shuffled = write_jsonl(tmp_path / "b.jsonl", conversations(60, order_seed=3))
    second = job(tmp_path, shuffled, "b", 15, "--direct_num_workers", "2",
                 "--direct_running_mode", "multi_threading", "--split_bytes", "1024")
    assert risk_ids(first) == risk_ids(second) == bottom((f"c{i}" for i in range(60)), 15)
    for key in ("mean", "std", "mean_plus_std", "histogram", "audit_sample", "review_sample"):
        assert summary(first)["total"][key] == summary(second)["total"][key], key


def test_a_corpus_of_k_or_fewer_gets_the_same_risk_files_as_all(tmp_path):
    corpus = write_jsonl(tmp_path / "in.jsonl", conversations(12))
    # One config (the report names it), the size given as an option.
    small = job(tmp_path, corpus, "small", "all", "--audit_sample", "12")
    whole = job(tmp_path, corpus, "whole", "all")
    assert files(small / "risk") == files(whole / "risk")
    assert summary(small)["total"]["count"] == 12


def test_gold_scored_records_are_all_scored_whatever_the_sample(tmp_path):
    records = [{"id": f"g{i}", "context": "gold", "text": f"Call Maria Lopez at {i} Main St.",
                "pii": [{"start": 5, "end": 16, "info_type": "PERSON_NAME"}]} for i in range(20)]
    records += [{"id": f"u{i}", "context": "plain", "text": f"Call Maria Lopez at {i} Main St."}
                for i in range(20)]
    out = job(tmp_path, write_jsonl(tmp_path / "in.jsonl", records), "out", 5)
    figures = summary(out)
    assert figures["contexts"]["gold"]["count"] == 20
    assert figures["contexts"]["gold"]["sources"] == {"gold": 20}
    assert "audit_sample" not in figures["contexts"]["gold"]
    assert figures["contexts"]["plain"]["audit_sample"]["audited"] == 5
    assert figures["contexts"]["plain"]["audit_sample"]["of"] == 20
    assert risk_ids(out) == {f"g{i}" for i in range(20)} | bottom((f"u{i}" for i in range(20)), 5)


@pytest.mark.parametrize("value", [0, -5, 2.5, "many", True, "1.5"])
def test_bad_audit_sample_values_are_refused(value):
    with pytest.raises(ConfigError, match="risk.audit_sample"):
        parse_risk_settings({"audit_sample": value})


def test_all_and_null_audit_everything():
    assert parse_risk_settings({"audit_sample": "all"}).audit_sample is None
    assert parse_risk_settings({"audit_sample": None}).audit_sample is None
    assert parse_risk_settings({}).audit_sample == 1000
    assert parse_risk_settings({"seed": 4}).audit_sample_seed == 4
    assert parse_risk_settings({"seed": 4, "audit_seed": 9}).audit_sample_seed == 9


@pytest.mark.parametrize("value", ["0", "-1", "2.5", "some"])
def test_a_bad_audit_sample_option_stops_the_job_at_start(tmp_path, value):
    corpus = write_jsonl(tmp_path / "in.jsonl", conversations(3))
    result = run_job("--input", str(corpus), "--output", str(tmp_path / "out"),
                     "--detectors", "rules", "--audit_sample", value)
    assert result.returncode == 2, result.stderr
    assert "--audit_sample" in result.stderr
    assert not (tmp_path / "out" / "corpus").exists()


def test_the_option_overrides_the_config(tmp_path):
    corpus = write_jsonl(tmp_path / "in.jsonl", conversations(20))
    out = job(tmp_path, corpus, "out", "all", "--audit_sample", "4")
    assert summary(out)["total"]["audit_sample"]["audited"] == 4


def test_the_interval_covers_the_population_figure_about_as_often_as_it_says():
    rng = random.Random(0)
    population = [rng.choice([0, 0, 0, 0, 2, 3, 5, 5, 8, 13]) for _ in range(20000)]
    mean = sum(population) / len(population)
    truth = mean + (sum((s - mean) ** 2 for s in population) / len(population)) ** 0.5
    covered = means_covered = 0
    trials = 200
    for seed in range(trials):
        sample = random.Random(seed).sample(population, 500)
        histogram: dict[int, int] = {}
        for score in sample:
            histogram[score] = histogram.get(score, 0) + 1
        interval = sampling_interval(histogram, len(population), threshold=5.0)
        covered += interval["mean_plus_std"][0] <= truth <= interval["mean_plus_std"][1]
        means_covered += interval["mean"][0] <= mean <= interval["mean"][1]
    assert 0.9 * trials <= covered <= trials and 0.9 * trials <= means_covered <= trials
    assert covered < trials  # a 95% interval, not an everything-interval


def test_the_whole_population_has_no_sampling_width():
    interval = sampling_interval({0: 3, 5: 2}, population=5, threshold=5.0)
    assert interval["mean"][0] == interval["mean"][1] == 2.0
    assert interval["mean_plus_std"][0] == interval["mean_plus_std"][1]


def test_the_verdict_is_taken_on_the_upper_end():
    from veil.risk.stats import RiskAccumulator

    accumulator = RiskAccumulator(threshold=5.0, audit_sample=50)
    for i in range(50):
        accumulator.add({"id": f"c{i}", "score": [0, 0, 0, 0, 0, 0, 0, 3, 5, 8][i % 10], "items": [], "source": "audit"})
    for i in range(500):
        accumulator.add({"id": f"u{i}", "source": "unaudited"})
    figures = accumulator.summary()
    total = figures["total"]
    assert total["mean_plus_std"] < 5.0 < total["audit_sample"]["mean_plus_std"][1]
    assert total["passes"] is False and figures["passes"] is False
    page = build_report(figures, [])
    assert "fails on the audit sample&#39;s upper end" in page or "fails on the audit sample's upper end" in page


def test_people_s_review_of_a_sampled_run_still_counts_every_conversation(tmp_path):
    from tests.conftest import run_veil

    corpus = write_jsonl(tmp_path / "in.jsonl", conversations(40))
    out = job(tmp_path, corpus, "out", 10)
    review = tmp_path / "review.jsonl"
    # Another seed: some of the reviewed conversations were not audited by the run.
    wrote = run_veil("risk", "--run", str(out), "--sample", "6", "--seed", "5", "--write", str(review))
    assert wrote.returncode == 0, wrote.stderr
    reviewed = {json.loads(line)["id"] for line in review.read_text().splitlines()}
    assert reviewed - risk_ids(out), "the test needs a reviewed conversation the run did not audit"
    scored = run_veil("risk", "--annotated", str(review), "--run", str(out), "--output",
                      str(tmp_path / "reviewed"))
    assert scored.returncode == 0, scored.stderr
    total = json.loads((tmp_path / "reviewed" / "summary.json").read_text())["total"]
    assert total["count"] == len(risk_ids(out) | reviewed)
    assert total["count"] + total["audit_sample"]["not_audited"] == 40
    assert "the auditor read" in scored.stdout
