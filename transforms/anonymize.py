"""Anonymisation: findings become placeholders, and every record becomes output entries."""
from __future__ import annotations

import json
from collections import Counter

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.fields import RecordPlan
from veil.operators import Operators
from veil.outputs import CORPUS, ERRORS, FINDINGS, OutputSpec
from veil.parse import error_entry
from veil.record_anonymize import anonymize_record
from veil.records import BadRecord, FieldMap


# The side output that residual-risk scoring reads: what each conversation became.
ANONYMIZED = "anonymized"


# Built once: `json.dumps(value, default=str, ...)` builds a new encoder on every call. These
# give the same bytes.
_ASCII_ENCODER = json.JSONEncoder(default=str)
_UTF8_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)


def _json(value) -> bytes:
    """A JSON line for findings/ and errors/: ASCII-escaped, so any id or reason encodes."""
    return _ASCII_ENCODER.encode(value).encode("ascii")


def _corpus_line(record: dict) -> bytes:
    """The corpus keeps non-ASCII text readable. Raises UnicodeEncodeError on lone surrogates."""
    return _UTF8_ENCODER.encode(record).encode("utf-8")


class AnonymizeFn(beam.DoFn):
    """(raw, Conversation, findings) -> output entries `(kind, shard, key, payload, tag)`.

    The corpus entry holds the anonymised record in the input's own shape: turns, speaker
    labels and configured fields (`plan`, veil.fields) anonymised together, so a person has
    one placeholder wherever they are named. Each finding becomes a row with offsets into the
    ORIGINAL text of its turn (`turn`) or field (`field`) and the text that replaced it. The
    finding's text itself is written only with `audit_raw`. The corpus entry's tag counts the
    configured fields the record lacks (`fields_missing.NAME`).

    `operators` come from `veil.operators.build_operators(config)`, called at job start (it
    reads the secret key); None means numbered placeholders for every infoType.
    """

    def __init__(self, spec: OutputSpec, fields: FieldMap, audit_raw: bool = False,
                 operators: Operators | None = None, plan: RecordPlan | None = None):
        self.spec = spec
        self.fields = fields
        self.audit_raw = audit_raw
        self.operators = operators or Operators()
        self.plan = plan or RecordPlan()
        self.written = Metrics.counter("veil", "records_written")

    def process(self, element):
        raw, conversation, findings = element
        shard = self.spec.shard_of(raw.split.order)
        key = raw.sort_key
        parquet = self.spec.corpus_format == "parquet"
        try:
            result = anonymize_record(conversation, findings, self.operators, self.plan,
                                      self.fields, parquet)
        except BadRecord as error:
            yield ERRORS, shard, key, _json(error_entry(raw, str(error), conversation.id, self.audit_raw)), None
            return
        if parquet:
            payload = result.record
        else:
            try:
                payload = _corpus_line(result.record)
            except UnicodeEncodeError:
                reason = "record holds an unpaired UTF-16 surrogate (e.g. \\ud800) and cannot be written as UTF-8"
                yield ERRORS, shard, key, _json(error_entry(raw, reason, conversation.id, self.audit_raw)), None
                return
        self.written.inc()
        missing = tuple(f"fields_missing.{name}" for name in conversation.missing) or None
        yield CORPUS, shard, key, payload, missing
        yield beam.pvalue.TaggedOutput(ANONYMIZED, (raw, conversation, result))
        types: Counter = Counter()
        for number, replacement in enumerate(result.replacements):
            finding = replacement.finding
            row = {"id": conversation.id, **result.place(finding, self.fields),
                   "start": finding.start, "end": finding.end, "info_type": finding.info_type,
                   "likelihood": finding.likelihood.name, "detector": finding.detector_label,
                   "placeholder": replacement.text}
            if self.audit_raw:
                row["quote"] = result.originals[finding.turn][finding.start : finding.end]
            types[finding.info_type] += 1
            yield FINDINGS, shard, (*key, number), _json(row), finding.info_type
        for info_type, count in types.items():  # one update per type, not per finding
            Metrics.counter("veil", f"findings_{info_type}").inc(count)


class ErrorEntryFn(beam.DoFn):
    """(raw, reason, id) -> an `errors/` entry for the shard the record would have gone to."""

    def __init__(self, spec: OutputSpec, audit_raw: bool = False):
        self.spec = spec
        self.audit_raw = audit_raw

    def process(self, element):
        raw, reason, record_id = element
        entry = error_entry(raw, reason, record_id, include_raw=self.audit_raw)
        yield ERRORS, self.spec.shard_of(raw.split.order), raw.sort_key, _json(entry), None
