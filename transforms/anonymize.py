"""Anonymisation: findings become placeholders, and every record becomes output entries."""
from __future__ import annotations

import json
from collections import Counter

import apache_beam as beam
from apache_beam.metrics import Metrics

from transforms.elements import Anonymized, Failed
from veil.io.fields import RecordPlan
from veil.transform.operators import Operators, build_operators
from veil.transform.operators.config import DeidentifyConfig
from veil.io.outputs import CORPUS, FINDINGS, OutputSpec
from veil.transform.record_anonymize import anonymize_record
from veil.transform.record_plan import RecordConfig
from veil.io.records import BadRecord, FieldMap, non_finite_as_null
from veil.io.summary import IDS_WITHHELD, UNTRANSFORMED


# The side output that residual-risk scoring reads: what each conversation became.
ANONYMIZED = "anonymized"
# The side output of records that cannot be written: (raw, reason, id), for `errors/`.
UNWRITABLE = "unwritable"


# Built once: `json.dumps(value, default=str, ...)` builds a new encoder on every call. These
# give the same bytes.
_ASCII_ENCODER = json.JSONEncoder(default=str)
_UTF8_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)


def json_line(value) -> bytes:
    """A JSON line for findings/ and errors/: ASCII-escaped, so any id or reason encodes."""
    return _ASCII_ENCODER.encode(value).encode("ascii")


def _corpus_line(record: dict) -> bytes:
    """The corpus keeps non-ASCII text readable. Raises UnicodeEncodeError on lone surrogates.

    NaN and infinite numbers are written as null (see `non_finite_as_null`); the encoder writes
    them as bare `NaN`/`Infinity`/`-Infinity`, so only a line with those words (rare: a string
    holding the word comes out the same) takes the slower second pass."""
    line = _UTF8_ENCODER.encode(record)
    if "NaN" in line or "Infinity" in line:
        line = _UTF8_ENCODER.encode(non_finite_as_null(record))
    return line.encode("utf-8")


class AnonymizeFn(beam.DoFn):
    """Detected -> output entries `(kind, shard, key, payload, tag)`; ANONYMIZED: Anonymized,
    for residual-risk scoring; UNWRITABLE: Failed, for a record that cannot be written.

    The corpus entry holds the anonymised record in the input's own shape: turns, speaker
    labels and configured fields (veil.io.fields) anonymised together, so a person has one
    placeholder wherever they are named. Each finding becomes a row with offsets into the
    ORIGINAL text of its turn (`turn`) or field (`field`) and the text that replaced it. The
    finding's text itself is written only with `audit_raw`. The corpus entry's tag counts the
    configured fields the record lacks (`fields_missing.NAME`).

    The operators come from `deidentify` (None: numbered placeholders for every infoType), the
    fields' from `record` (veil.transform.record_plan.RecordConfig). The DoFn carries only where each key is
    (`crypto_key: {env: ...}` or `{file: ...}`), never the key: it sits in the pipeline graph,
    which on Dataflow is stored with the job. Each worker reads the keys in `setup`, and stops
    if they are not the keys the launch read (`key_checks`, from `veil.transform.operators.build_operators`
    and `veil.transform.record_plan.build_record_plan` at job start).
    """

    ANONYMIZED = ANONYMIZED
    UNWRITABLE = UNWRITABLE

    def __init__(self, spec: OutputSpec, fields: FieldMap, audit_raw: bool = False,
                 deidentify: DeidentifyConfig | None = None,
                 key_checks: tuple[tuple[str, str], ...] | None = None,
                 record: RecordConfig | None = None):
        self.spec = spec
        self.fields = fields
        self.audit_raw = audit_raw
        self.deidentify = deidentify
        self.key_checks = key_checks
        self.record = record
        self.operators: Operators | None = None
        self.plan: RecordPlan | None = None
        self.written = Metrics.counter("veil", "records_written")

    def setup(self):
        job_secret = self.record.job_secret(self.spec.storage) if self.record else None
        self.operators = build_operators(self.deidentify, self.spec.storage, self.key_checks,
                                         job_secret=job_secret)
        self.plan = self.record.plan(self.operators, self.spec.storage) if self.record else RecordPlan()

    def __getstate__(self):
        # Never pickle operators or plans that hold key bytes, even after `setup` ran here.
        return {**self.__dict__, "operators": None, "plan": None}

    def process(self, element):
        raw, conversation, findings = element
        shard = self.spec.shard_of(raw.split.order)
        key = raw.sort_key
        parquet = self.spec.corpus_format == "parquet"
        try:
            result = anonymize_record(conversation, findings, self.operators, self.plan,
                                      self.fields, parquet)
        except BadRecord as error:
            yield beam.pvalue.TaggedOutput(UNWRITABLE, Failed(raw, str(error), conversation.id, conversation.id_withheld))
            return
        if parquet:
            payload = result.record
        else:
            try:
                payload = _corpus_line(result.record)
            except UnicodeEncodeError:
                reason = "record holds an unpaired UTF-16 surrogate (e.g. \\ud800) and cannot be written as UTF-8"
                yield beam.pvalue.TaggedOutput(UNWRITABLE, Failed(raw, reason, conversation.id, conversation.id_withheld))
                return
        self.written.inc()
        tags = tuple(f"fields_missing.{name}" for name in conversation.missing)
        tags += (IDS_WITHHELD,) if conversation.id_withheld else ()
        yield CORPUS, shard, key, payload, tags or None
        yield beam.pvalue.TaggedOutput(ANONYMIZED, Anonymized(raw, conversation, result))
        types: Counter = Counter()
        for number, replacement in enumerate(result.replacements):
            finding = replacement.finding
            row = {"id": conversation.id, **result.place(finding, self.fields),
                   "start": finding.start, "end": finding.end, "info_type": finding.info_type,
                   "likelihood": finding.likelihood.name, "detector": finding.detector_label,
                   "placeholder": None if replacement.untransformed else replacement.text}
            if replacement.untransformed:  # left as it is: the row never repeats the value
                row["untransformed"] = True
            if self.audit_raw:
                row["quote"] = result.originals[finding.turn][finding.start : finding.end]
            types[finding.info_type] += 1
            # Counted apart too: the summary says how many values were left as they were.
            tag = (f"findings.{finding.info_type}", UNTRANSFORMED) if replacement.untransformed \
                else finding.info_type
            yield FINDINGS, shard, (*key, number), json_line(row), tag
        for info_type, count in types.items():  # one update per type, not per finding
            Metrics.counter("veil", f"findings_{info_type}").inc(count)
