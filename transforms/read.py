"""Reading: planned splits are spread over workers, then each is streamed record by record."""
from __future__ import annotations

import logging

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.io.inputs import InputSplit, read_split
from veil.io.storage import Storage

STATS = "stats"
LINES = "lines"
PROGRESS_EVERY = 100_000
_LOG = logging.getLogger("veil")


class ReadSplitFn(beam.DoFn):
    """Streams the records of one split. Emits their count to the STATS output at the end, and
    for JSONL its number of lines to the LINES output: (split order, path, lines), from which
    each split's first line number in its file follows (`veil.io.inputs.lines_before_splits`)."""

    def __init__(self, storage: Storage, max_record_bytes: int):
        self.storage = storage
        self.max_record_bytes = max_record_bytes
        self.records = Metrics.counter("veil", "records_read")
        self.bytes = Metrics.counter("veil", "bytes_read")

    def process(self, split: InputSplit):
        count = lines = 0
        for raw in read_split(self.storage, split, self.max_record_bytes):
            count += 1
            if raw.size:  # a line read (an unreadable rest of a file has no size)
                lines = raw.line or 0
            self.bytes.inc(raw.size)
            if count % PROGRESS_EVERY == 0:
                _LOG.info("read %d records from %s (split %d)", count, split.path, split.order)
            yield raw
        self.records.inc(count)
        _LOG.info("finished split %d of %s: %d records", split.order, split.path, count)
        yield beam.pvalue.TaggedOutput(STATS, {"records_in": count})
        if split.format == "jsonl":
            yield beam.pvalue.TaggedOutput(LINES, (split.order, split.path, lines))


class ReadRecords(beam.PTransform):
    """The input's records as `RawInput`s, with a STATS side output of counts and a LINES
    side output of JSONL lines per split.

    The Reshuffle moves split descriptors, not records: a few large files still spread over
    many workers, and the records themselves are never shuffled.
    """

    def __init__(self, splits: list[InputSplit], storage: Storage, max_record_bytes: int):
        super().__init__()
        self.splits = splits
        self.storage = storage
        self.max_record_bytes = max_record_bytes

    def expand(self, pbegin):
        return (
            pbegin
            # One Reshuffle, ours: Create's own (reshuffle=True) would move them twice.
            | "PlannedSplits" >> beam.Create(self.splits, reshuffle=False)
            | "SpreadSplits" >> beam.Reshuffle()
            | "ReadSplit" >> beam.ParDo(ReadSplitFn(self.storage, self.max_record_bytes))
            .with_outputs(STATS, LINES, main="records")
        )
