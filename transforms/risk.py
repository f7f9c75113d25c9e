"""Residual-risk scoring of every anonymised conversation, and the corpus statistics."""
from __future__ import annotations

import json

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.config import VeilConfig
from veil.outputs import RISK, OutputSpec
from veil.records import FieldMap
from veil.risk.audit import from_audit
from veil.risk.auditor import ResidualAuditor
from veil.risk.gold import from_gold, in_output_text
from veil.risk.record import field_items, label_items, outside_turns
from veil.risk.scoring import score_conversation
from veil.risk.stats import RiskAccumulator, RiskCombiner
from veil.risk.table import RiskSettings

ROWS = "rows"


class ScoreRiskFn(beam.DoFn):
    """Anonymized -> a `risk/conversations` entry; ROWS: the score's row, for the statistics.

    Gold labels score the turns when the record has them; otherwise an independent,
    high-recall auditor re-scans the anonymised turns. Every other string the corpus record
    holds is scored too (veil.risk.record): speaker labels left as they were, and each field,
    re-scanned by the auditor. The ROWS output carries each score, with its anonymised text,
    to the corpus statistics and the report's review sample.
    """

    ROWS = ROWS

    def __init__(self, spec: OutputSpec, fields: FieldMap, settings: RiskSettings, auditor: VeilConfig):
        self.spec = spec
        self.fields = fields
        self.settings = settings
        self.auditor_config = auditor
        self.gold_invalid = Metrics.counter("veil", "risk_gold_labels_unusable")

    def setup(self):
        self.table = self.settings.table()
        self.auditor = ResidualAuditor(self.auditor_config)

    def process(self, element):
        raw, conversation, result = element
        texts = [turn.text for turn in conversation.turns]
        new_texts = result.turn_texts
        in_turns = [r for r in result.replacements if r.finding.turn < result.turns]
        redacted = [r.finding for r in in_turns if r.hides_value]
        items, source = None, "gold"
        gold = conversation.record.get(self.fields.pii)
        if isinstance(gold, list):
            try:
                items = from_gold(texts, gold, redacted, self.table)
            except (KeyError, TypeError, ValueError, IndexError):
                self.gold_invalid.inc()  # unusable labels: fall back to the auditor
            else:  # the report highlights the anonymised text: move the gold offsets there
                items = in_output_text(items, in_turns)  # escapes change lengths too
        if items is None:
            source = "audit"
            items = from_audit(new_texts, self.auditor.detect(new_texts), self.table)
        items += self._outside_turns(conversation, result)
        risk = score_conversation(conversation.id, items, self.table, conversation.context, new_texts)
        row = risk.to_dict(include_spans=True, include_text=True)
        # The report shows the speaker labels as written (anonymised too), never the input's.
        written_turns = [] if conversation.is_document else result.record.get(self.fields.turns) or []
        for shown, turn in zip(row["turns"], written_turns):
            speaker = turn.get(self.fields.speaker) if isinstance(turn, dict) else None
            if speaker is not None:
                shown["speaker"] = speaker
        # The file's row is the same without the mentions and the text (they stay in the job).
        written = dict(row)
        written.pop("turns", None)
        written["items"] = [{k: v for k, v in item.items() if k != "mentions"} for item in row["items"]]
        written["source"] = row["source"] = source
        payload = json.dumps(written).encode("ascii")
        yield RISK, self.spec.shard_of(raw.split.order), raw.sort_key, payload, None
        yield beam.pvalue.TaggedOutput(ROWS, row)

    def _outside_turns(self, conversation, result) -> list:
        """Residual items in the record's labels and other fields (veil.risk.record)."""
        fields = self.fields
        record = result.record
        # The id is covered by `record.ids` (checked at start, trusted, or hashed), not here:
        # an opaque key is no personal data, and a hash would read as an id number.
        if conversation.is_document:
            skip = {(fields.text,), (fields.id,)}
            labels = []
        else:
            skip = {(fields.turns, i, fields.text) for i in range(result.turns)}
            skip |= {(fields.turns, i, fields.speaker) for i in range(result.turns)} | {(fields.id,)}
            labels = [(f"{fields.turns}[{i}].{fields.speaker}", turn.speaker)
                      for i, turn in enumerate(conversation.turns)
                      if turn.speaker and record[fields.turns][i].get(fields.speaker) == turn.speaker]
        return label_items(labels) + field_items(outside_turns(record, skip), self.auditor.detect,
                                                 self.table)


class RiskStatsFn(RiskCombiner, beam.CombineFn):
    """The corpus statistics as a Beam combiner: constant memory, mergeable across workers.

    Its output is (summary, review rows): the review sample's and the highest-scoring
    conversations, with the anonymised text the report highlights (written to risk/review.jsonl,
    never to summary.json).
    """

    def extract_output(self, accumulator: RiskAccumulator):
        return super().extract_output(accumulator), accumulator.total().review_records()
