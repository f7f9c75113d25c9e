"""The run summary: counts from every stage, checked, and written next to the output; then the
whole run's output is published at once (`veil.io.commit`)."""
from __future__ import annotations

import json

import apache_beam as beam

from veil.io.commit import RUN_FILES, commit
from veil.io.outputs import OutputSpec
from veil.risk.report import REVIEW_FILE, build_report, review_jsonl
from veil.io.summary import build_summary, provenance


def write_staged_text(spec: OutputSpec, name: str, text: str) -> None:
    with spec.storage.open(spec.staged_path(name), "wb") as handle:
        handle.write(text.encode("utf-8"))


class SumCounts(beam.CombineFn):
    def create_accumulator(self):
        return {}

    def add_input(self, accumulator, counts):
        for key, value in counts.items():
            accumulator[key] = accumulator.get(key, 0) + value
        return accumulator

    def merge_accumulators(self, accumulators):
        merged = {}
        for accumulator in accumulators:
            self.add_input(merged, accumulator)
        return merged

    def extract_output(self, accumulator):
        return accumulator


class WriteSummary(beam.PTransform):
    """Writes `risk/summary.json`, `risk/report.html` and `job_summary.json` once every shard
    is written, then publishes them with the shards, replacing the previous run's output, and
    writes `_SUCCESS`. Runs once, at the very end: nothing is published unless all succeeded."""

    def __init__(self, spec: OutputSpec, job: dict):
        super().__init__()
        self.spec = spec
        self.job = job

    def expand(self, inputs):
        stats, shards, risk = inputs
        counts = stats | "SumCounts" >> beam.CombineGlobally(SumCounts())
        shard_list = shards | "ListShards" >> beam.combiners.ToList()
        return (
            stats.pipeline
            | "Once" >> beam.Create([None])
            | "Write" >> beam.Map(
                _write_summary,
                self.spec,
                self.job,
                beam.pvalue.AsSingleton(counts),
                beam.pvalue.AsSingleton(shard_list),
                beam.pvalue.AsSingleton(risk),
            )
        )


def _write_summary(_, spec: OutputSpec, job: dict, counts: dict, shards: list, risk: tuple) -> dict:
    risk_summary, review_rows = risk
    risk_summary = {**risk_summary, "provenance": provenance(job, counts)}
    summary = build_summary(job, counts, shards, risk_summary)
    if summary.get("fields"):  # what was anonymised and scored: the report says so
        risk_summary = {**risk_summary, "fields": summary["fields"]}
    texts = {
        "risk/summary.json": json.dumps(risk_summary, indent=2, sort_keys=True),
        "risk/report.html": build_report(risk_summary, review_rows),
        # What `veil report --risk` needs to rebuild the same page: the shown conversations'
        # anonymised text and the offsets of what is left in it.
        f"risk/{REVIEW_FILE}": review_jsonl(review_rows),
        "job_summary.json": json.dumps(summary, indent=2, sort_keys=True),
    }
    assert set(texts) == set(RUN_FILES)
    for name, text in texts.items():
        write_staged_text(spec, name, text)
    commit(spec, sorted(shard["name"] for shard in shards) + sorted(texts))
    return summary
