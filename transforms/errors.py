"""The dead-letter output: each record that failed becomes an `errors/` entry.

Two steps, because a JSONL line number in a later split of a file is only known when every
split before it has been read. `ErrorEntryFn` builds each entry where the failure happens,
with the line counted within its split (and without the raw record, unless `--audit_raw`);
`NumberErrorLines` then adds the lines of the earlier splits, from the read's LINES output.
So a line number is the line in the file, whatever `--split_bytes` cut it into, and what
waits for the read to end is the small entries, not the failed records.
"""
from __future__ import annotations

import apache_beam as beam

from transforms.anonymize import json_line
from veil.io.inputs import lines_before_splits
from veil.io.outputs import ERRORS, OutputSpec
from veil.io.parse import error_entry
from veil.io.summary import IDS_WITHHELD


class ErrorEntryFn(beam.DoFn):
    """Failed -> (shard, sort key, split order, entry, tag), the entry's line (JSONL) counted
    within its split; the tag counts a withheld id (veil.run.record_ids)."""

    def __init__(self, spec: OutputSpec, audit_raw: bool = False):
        self.spec = spec
        self.audit_raw = audit_raw

    def process(self, element):
        raw, reason, record_id = element[:3]
        entry = error_entry(raw, reason, record_id, include_raw=self.audit_raw, lines_before=0)
        tag = (IDS_WITHHELD,) if len(element) > 3 and element[3] else None
        yield self.spec.shard_of(raw.split.order), raw.sort_key, raw.split.order, entry, tag


def _with_file_line(element, lines_before: dict[int, int]):
    shard, key, order, entry, tag = element
    if "line" in entry:
        entry = {**entry, "line": entry["line"] + lines_before.get(order, 0)}
    return ERRORS, shard, key, json_line(entry), tag


class NumberErrorLines(beam.PTransform):
    """Entries from `ErrorEntryFn` (several PCollections) -> `errors/` output entries
    `(kind, shard, key, payload, tag)`, with line numbers in the file."""

    def __init__(self, lines):
        super().__init__()
        self.lines = lines  # the read's LINES output

    def expand(self, entries):
        lines_before = (
            self.lines
            | "AllSplits" >> beam.combiners.ToList()
            | "LinesBefore" >> beam.Map(lines_before_splits)
        )
        return (
            entries
            | "AllErrors" >> beam.Flatten()
            | "FileLines" >> beam.Map(_with_file_line, beam.pvalue.AsSingleton(lines_before))
        )
