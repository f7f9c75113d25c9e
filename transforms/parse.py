"""Parsing raw input into conversations; anything unusable goes to the FAILED output."""
from __future__ import annotations

import apache_beam as beam
from apache_beam.metrics import Metrics

from transforms.elements import Failed, Parsed
from veil.parse import parse_raw
from veil.records import BadRecord, FieldMap


class ParseRecordFn(beam.DoFn):
    """RawInput -> Parsed; FAILED: Failed, for a record that is not one."""

    FAILED = "failed"

    def __init__(self, fields: FieldMap):
        self.fields = fields
        self.errored = Metrics.counter("veil", "records_errored")

    def process(self, raw):
        try:
            conversation = parse_raw(raw, self.fields)
        except BadRecord as error:
            self.errored.inc()
            yield beam.pvalue.TaggedOutput(self.FAILED, Failed(raw, str(error), None))
            return
        yield Parsed(raw, conversation)
