"""Anonymisation: findings become placeholders, and every record becomes output entries."""
from __future__ import annotations

import json

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.anonymize import anonymize_texts
from veil.outputs import CORPUS, ERRORS, FINDINGS, OutputSpec
from veil.parse import error_entry
from veil.records import FieldMap, record_with_texts


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


class AnonymizeFn(beam.DoFn):
    """(raw, Conversation, findings) -> output entries `(kind, shard, key, payload, tag)`.

    The corpus entry holds the anonymised record in the input's own shape; each finding becomes a
    row with offsets into the ORIGINAL text and the placeholder that replaced it. The finding's
    text itself is written only with `audit_raw`.
    """

    def __init__(self, spec: OutputSpec, fields: FieldMap, audit_raw: bool = False):
        self.spec = spec
        self.fields = fields
        self.audit_raw = audit_raw
        self.written = Metrics.counter("veil", "records_written")

    def process(self, element):
        raw, conversation, findings = element
        texts = [turn.text for turn in conversation.turns]
        new_texts, replacements = anonymize_texts(texts, findings)
        record = record_with_texts(conversation, new_texts, self.fields)
        shard = self.spec.shard_of(raw.split.order)
        key = raw.sort_key
        payload = record if self.spec.corpus_format == "parquet" else _json(record)
        self.written.inc()
        yield CORPUS, shard, key, payload, None
        for number, replacement in enumerate(replacements):
            finding = replacement.finding
            row = {
                "id": conversation.id,
                "turn": finding.turn,
                "start": finding.start,
                "end": finding.end,
                "info_type": finding.info_type,
                "likelihood": finding.likelihood.name,
                "detector": finding.detector_label,
                "placeholder": replacement.text,
            }
            if self.audit_raw:
                row["quote"] = texts[finding.turn][finding.start : finding.end]
            Metrics.counter("veil", f"findings_{finding.info_type}").inc()
            yield FINDINGS, shard, (*key, number), _json(row), finding.info_type


class ErrorEntryFn(beam.DoFn):
    """(raw, reason, id) -> an `errors/` entry for the shard the record would have gone to."""

    def __init__(self, spec: OutputSpec, audit_raw: bool = False):
        self.spec = spec
        self.audit_raw = audit_raw

    def process(self, element):
        raw, reason, record_id = element
        entry = error_entry(raw, reason, record_id, include_raw=self.audit_raw)
        yield ERRORS, self.spec.shard_of(raw.split.order), raw.sort_key, _json(entry), None
