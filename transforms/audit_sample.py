"""The audit sample in the job: which anonymised records the residual-risk auditor reads.

`AuditCutoff` finds the rank of the k-th record (veil.risk.sampling) from a second, light read
of the input; `ChooseAuditedFn` (in transforms.risk's ScoreRisk) marks the others unaudited.
"""
from __future__ import annotations

import typing

import apache_beam as beam

from transforms.elements import ToAudit
from transforms.parse import ParseRecordFn
from veil.io.inputs import read_split
from veil.io.parse import parse_raw
from veil.io.records import BadRecord, FieldMap
from veil.risk.sampling import audit_rank, in_sample


def has_gold_labels(conversation, fields: FieldMap) -> bool:
    """Whether a record carries gold labels that were asked for (`--gold_field`, a list): then
    they score its turns beside the auditor. Labels nobody asked for are never used."""
    return fields.gold and isinstance(conversation.record.get(fields.pii), list)


class AuditRanksFn(ParseRecordFn):
    """InputSplit -> the audit rank (veil.risk.sampling) of each of its records the auditor
    will read: parsed as the job parses them, those with gold labels and those that do not
    parse left out. It reads the input a second time, apart from the job's own read, so that
    the job's stages never wait for the sample: the runner holds no record between stages."""

    def __init__(self, fields: FieldMap, record, storage, max_record_bytes: int, seed: int):
        super().__init__(fields, record, storage)
        self.max_record_bytes, self.seed = max_record_bytes, seed

    def process(self, split):
        for raw in read_split(self.storage, split, self.max_record_bytes):
            try:
                conversation = parse_raw(raw, self.fields, self.plan)
            except BadRecord:
                continue  # errors/ has it; the job's own parse counts it
            if not has_gold_labels(conversation, self.fields):
                yield audit_rank(self.seed, str(conversation.id), raw.sort_key)


class AuditCutoff(beam.PTransform):
    """PBegin -> one element: the rank of the `size`-th record the auditor reads (the bottom
    `size` by a seeded hash of the id), or None when it reads `size` or fewer. The same for any
    runner, number of workers, bundling or input order; only ranks cross between workers."""

    def __init__(self, splits, storage, max_record_bytes: int, fields: FieldMap, record,
                 size: int, seed: int):
        super().__init__()
        self.splits, self.storage, self.max_record_bytes = splits, storage, max_record_bytes
        self.fields, self.record, self.size, self.seed = fields, record, size, seed

    def expand(self, pbegin):
        size = self.size
        return (
            pbegin
            | "Splits" >> beam.Create(self.splits, reshuffle=False)  # one Reshuffle, as ReadRecords
            | "SpreadSplits" >> beam.Reshuffle()
            | "Ranks" >> beam.ParDo(AuditRanksFn(self.fields, self.record, self.storage,
                                                 self.max_record_bytes, self.seed))
            | "Smallest" >> beam.combiners.Top.Smallest(size)
            # Typed Any, not Optional: an Optional element gets Beam's nullable coder, which
            # Flink's batch side inputs decode to a Java null and cannot hold.
            | "Cutoff" >> beam.Map(lambda ranks: ranks[-1] if len(ranks) >= size else None
                                   ).with_output_types(typing.Any)
        )


class ChooseAuditedFn(beam.DoFn):
    """ToAudit -> the same, marked `audited=False` and stripped of its texts when it is outside
    the audit sample: the auditor then reads nothing of it, and ScoreRiskFn only counts it.

    `cutoff`: AuditCutoff's. Records scored from gold labels are always scored."""

    def __init__(self, seed: int):
        self.seed = seed

    def process(self, element: ToAudit, cutoff):
        rank = audit_rank(self.seed, str(element.conversation.id), element.raw.sort_key)
        if element.gold is not None or in_sample(rank, cutoff):
            yield element
        else:
            yield element._replace(turn_texts=[], fields=[], audited=False)
