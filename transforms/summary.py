"""The run summary: counts from every stage, checked, and written next to the output."""
from __future__ import annotations

import json

import apache_beam as beam

from veil.outputs import OutputSpec
from veil.risk.report import REVIEW_FILE, build_report, review_jsonl
from veil.summary import build_summary, provenance


def write_text(spec: OutputSpec, name: str, text: str) -> None:
    with spec.storage.open(spec.join(name), "wb") as handle:
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
    is final, then removes the temporary runs."""

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
    write_text(spec, "risk/summary.json", json.dumps(risk_summary, indent=2, sort_keys=True))
    # What `veil report --risk` needs to rebuild the same page: the shown conversations'
    # anonymised text and the offsets of what is left in it.
    write_text(spec, f"risk/{REVIEW_FILE}", review_jsonl(review_rows))
    write_text(spec, "risk/report.html", build_report(risk_summary, review_rows))
    summary = build_summary(job, counts, shards, risk_summary)
    write_text(spec, "job_summary.json", json.dumps(summary, indent=2, sort_keys=True))
    spec.storage.remove(spec.temp_root)
    spec.storage.remove_if_empty(spec.join("_temp"))
    return summary
