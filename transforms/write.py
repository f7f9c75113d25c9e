"""Writing deterministic shards (see `veil.io.outputs`): sorted runs per bundle, then one merge per shard."""
from __future__ import annotations

from collections import Counter, defaultdict

import apache_beam as beam
from apache_beam.transforms.window import GlobalWindows

from veil.io.outputs import (CORPUS, ERRORS, FINDINGS, KINDS, RISK, ROW_WEIGHT, OutputSpec, write_run,
                          write_shard)

STATS = "stats"
_COUNTED = {CORPUS: "records_written", ERRORS: "records_errored", FINDINGS: "findings", RISK: "risk_scored"}


class WriteRunsFn(beam.DoFn):
    """Buffers entries per shard and writes them as sorted runs; emits ((kind, shard), run path).

    The buffer is bounded in bytes, not per bundle: a bundle may hold a whole input (the
    local runner bundles generously), and memory must not grow with it. The bound is small
    (8 MiB of payload, about twice that in memory) so that a worker's memory is flat from a
    small corpus up: with 32 MiB, peak RSS still rose by 18 MB from 2,000 to 8,000
    conversations while the buffer filled. Runs are merged a frame at a time, so more runs
    cost little.
    """

    def __init__(self, spec: OutputSpec, max_buffer_bytes: int = 8 * 1024 * 1024):
        self.spec = spec
        self.max_buffer_bytes = max_buffer_bytes

    def start_bundle(self):
        self.buffers: dict[tuple[str, int], list] = defaultdict(list)
        self.buffered_bytes = 0
        self.counts: Counter = Counter()

    def process(self, entry):
        kind, shard, key, payload, tag = entry
        self.counts[_COUNTED[kind]] += 1
        if isinstance(tag, str):  # a finding's infoType
            self.counts[f"findings.{tag}"] += 1
        elif tag:  # counter names, e.g. the configured fields a corpus record lacks
            for name in tag:
                self.counts[name] += 1
        self.buffers[(kind, shard)].append((key, payload))
        self.buffered_bytes += len(payload) if isinstance(payload, bytes) else ROW_WEIGHT
        if self.buffered_bytes >= self.max_buffer_bytes:
            for kind_shard in list(self.buffers):
                yield self._flush(*kind_shard)
            self.buffered_bytes = 0

    def _flush(self, kind: str, shard: int):
        path = self.spec.new_run_path(kind, shard)
        write_run(self.spec, path, self.buffers.pop((kind, shard)))
        return (kind, shard), path

    def finish_bundle(self):
        for kind, shard in list(self.buffers):
            yield GlobalWindows.windowed_value(self._flush(kind, shard))
        if self.counts:
            yield beam.pvalue.TaggedOutput(STATS, GlobalWindows.windowed_value(dict(self.counts)))


class FinalizeShardFn(beam.DoFn):
    """((kind, shard), run paths) -> the shard file, merged in input order, staged for publishing."""

    def __init__(self, spec: OutputSpec):
        self.spec = spec

    def process(self, element):
        (kind, shard), paths = element
        name, count = write_shard(self.spec, kind, shard, [p for p in paths if p is not None])
        yield {"kind": kind, "shard": shard, "name": name, "count": count}


class WriteShards(beam.PTransform):
    """Entries `(kind, shard, key, payload, tag)` -> every shard of corpus/, findings/, errors/, risk/.

    Takes several PCollections of entries and writes runs from each where it is produced:
    a Flatten of the entries themselves would make the local runner hold them all in memory
    (it materialises Flatten inputs), whereas run paths are small. Every shard is written,
    empty or not, so a reader can trust `-of-NNNNN`. Returns the written shards'
    descriptions, and a STATS output of counts.
    """

    def __init__(self, spec: OutputSpec):
        super().__init__()
        self.spec = spec

    def expand(self, sources):
        runs, stats = [], []
        for i, entries in enumerate(sources):
            written = entries | f"WriteRuns{i}" >> beam.ParDo(WriteRunsFn(self.spec)).with_outputs(
                STATS, main="runs"
            )
            runs.append(written.runs)
            stats.append(written[STATS])
        pipeline = sources[0].pipeline
        every_shard = pipeline | "EveryShard" >> beam.Create(
            [((kind, s), None) for kind in KINDS for s in range(self.spec.num_shards)]
        )
        shards = (
            (*runs, every_shard)
            | "WithEveryShard" >> beam.Flatten()
            | "RunsPerShard" >> beam.GroupByKey()
            | "MergeRuns" >> beam.ParDo(FinalizeShardFn(self.spec))
        )
        return {"shards": shards, STATS: tuple(stats) | "AllWriteStats" >> beam.Flatten()}
