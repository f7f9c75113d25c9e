"""Parsing raw input into conversations; anything unusable goes to the ERRORS output."""
from __future__ import annotations

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.parse import parse_raw
from veil.records import BadRecord, FieldMap

ERRORS = "errors"


class ParseRecordFn(beam.DoFn):
    """RawInput -> (raw, Conversation); bad records -> ERRORS as (raw, reason, id)."""

    def __init__(self, fields: FieldMap, plan=None):
        self.fields = fields
        self.plan = plan  # veil.fields.RecordPlan: configured fields and ids
        self.errored = Metrics.counter("veil", "records_errored")

    def process(self, raw):
        try:
            conversation = parse_raw(raw, self.fields, self.plan)
        except BadRecord as error:
            self.errored.inc()
            yield beam.pvalue.TaggedOutput(ERRORS, (raw, str(error), None))
            return
        yield raw, conversation
