"""Parsing raw input into conversations; anything unusable goes to the FAILED output."""
from __future__ import annotations

import apache_beam as beam
from apache_beam.metrics import Metrics

from transforms.elements import Failed, Parsed
from veil.io.parse import parse_raw
from veil.io.records import BadRecord, FieldMap


class ParseRecordFn(beam.DoFn):
    """RawInput -> Parsed; FAILED: Failed, for a record that is not one.

    `record` (a veil.transform.record_plan.RecordConfig) adds the configured fields to each conversation and,
    under `ids: hash`, hashes its id; each worker builds the plan, and reads its keys, in
    `setup`: the DoFn never carries a key."""

    FAILED = "failed"

    def __init__(self, fields: FieldMap, record=None, storage=None):
        self.fields = fields
        self.record = record
        self.storage = storage
        self.plan = None
        self.errored = Metrics.counter("veil", "records_errored")

    def setup(self):
        if self.record is not None:
            from veil.transform.operators import build_operators

            job_secret = self.record.job_secret(self.storage)
            self.plan = self.record.plan(build_operators(self.record.deidentify_config, self.storage,
                                                         job_secret=job_secret), self.storage)

    def __getstate__(self):
        return {**self.__dict__, "plan": None}  # the plan holds key bytes

    def process(self, raw):
        try:
            conversation = parse_raw(raw, self.fields, self.plan)
        except BadRecord as error:
            self.errored.inc()
            yield beam.pvalue.TaggedOutput(self.FAILED, Failed(raw, str(error), None))
            return
        yield Parsed(raw, conversation)
