"""Residual-risk scoring of the anonymised conversations (the auditor reads a seeded sample of
them, veil.risk.sampling), and the corpus statistics."""
from __future__ import annotations

import json
import re

import apache_beam as beam
from apache_beam.metrics import Metrics

from transforms.audit_sample import ChooseAuditedFn, has_gold_labels
from transforms.detect import ModelStage
from transforms.elements import Anonymized, Failed, ToAudit
from veil.run.config import VeilConfig
from veil.detection.casing import lower_case_reading
from veil.detection.speakers import is_plain_role_label
from veil.io.fields import location_name, string_leaves
from veil.io.outputs import RISK, OutputSpec
from veil.io.summary import FIELDS_LEFT
from veil.io.records import FieldMap
from veil.risk.audit import from_audit, written_values
from veil.risk.auditor import ResidualAuditor
from veil.risk.estimate import case_form, estimate_parts, item_chances, load_fitted_table
from veil.risk.gold import from_gold, in_output_text
from veil.risk.record import field_items, label_items, outside_turns, speaker_own
from veil.risk.sampling import unaudited_row
from veil.risk.scoring import score_conversation
from veil.risk.stats import RiskAccumulator, RiskCombiner
from veil.risk.table import RiskSettings

ROWS = "rows"
FIELD_INDEX = re.compile(r"\[\d+\]")


class AuditInputsFn(beam.DoFn):
    """Anonymized -> ToAudit: what scores the record's turns, and what the auditor must read.

    The auditor always re-scans the anonymised turns; gold labels, when asked for
    (`--gold_field`) and usable, score them too, side by side. Every other string the record
    writes (fields, an id aside) is re-scanned by the auditor too (veil.risk.record)."""

    def __init__(self, fields: FieldMap, settings: RiskSettings):
        self.fields = fields
        self.settings = settings
        self.gold_invalid = Metrics.counter("veil", "risk_gold_labels_unusable")

    def setup(self):
        self.table = self.settings.table()

    def process(self, element: Anonymized):
        raw, conversation, result = element
        gold = self._gold_items(conversation, result)
        yield ToAudit(raw, conversation, result, gold, list(result.turn_texts),
                      self._fields_to_audit(conversation, result), [])

    def _gold_items(self, conversation, result):
        if not has_gold_labels(conversation, self.fields):
            return None
        gold = conversation.record.get(self.fields.pii)
        in_turns = [r for r in result.replacements if r.finding.turn < result.turns]
        redacted = [r.finding for r in in_turns if r.hides_value]
        texts = [turn.text for turn in conversation.turns]
        try:
            items = from_gold(texts, gold, redacted, self.table)
        except (KeyError, TypeError, ValueError, IndexError):
            self.gold_invalid.inc()  # unusable labels: fall back to the auditor
            return None
        return in_output_text(items, in_turns)  # the report highlights the anonymised text

    def _fields_to_audit(self, conversation, result):
        """Every string of the written record but the turns' texts, and the id: the id is
        covered by `record.ids` (checked on every record, or hashed), and an opaque key is no
        personal data (a hash would read as an id number). Speaker labels are read too, and
        what is left in them is the speaker's own (`ScoreRiskFn`). An id the user keeps
        (`record.ids: keep`) that the job found personal data in is read as well."""
        fields = self.fields
        if conversation.is_document:
            skip = {(fields.text,)}
        else:
            skip = {(fields.turns, i, fields.text) for i in range(result.turns)}
        if not (conversation.id_withheld and result.record.get(fields.id) != conversation.id):
            skip.add((fields.id,))
        # A label is read once per record, where it is first written: labels repeat on every
        # turn ("agent", "customer"), and what one holds is the same on each. A plain role
        # label ("speaker_5") holds no one's data, and a model reading it alone may call it a
        # place.
        seen = set()
        for location, text in string_leaves(result.record.get(fields.turns) or [], (fields.turns,)):
            if len(location) == 3 and location[2] == fields.speaker:
                if text in seen or is_plain_role_label(text):
                    skip.add(location)
                seen.add(text)
        return outside_turns(result.record, skip)


class AuditFailedFn(beam.DoFn):
    """Failed (the auditor's model could not read a record) -> stops the job: the record is
    already written, and a score made without its audit would err low without saying so."""

    def process(self, failed: Failed):
        raise RuntimeError(f"the residual-risk auditor failed on record {failed.record_id}: "
                           f"{failed.reason}")


class ScoreRiskFn(beam.DoFn):
    """ToAudit -> a `risk/conversations` entry; ROWS: the score's row, for the statistics.

    The auditor's rules run here, per record (they read a conversation's turns together); its
    model's findings arrive with the element. Speaker labels left as they were are scored
    too (veil.risk.record). With gold labels, the row's score is theirs and `auditor` holds
    the auditor's score of the same record (never skipped: no input field switches it off).
    The ROWS output carries each score, with its anonymised text, to the corpus statistics
    and the report's review sample.
    """

    ROWS = ROWS

    def __init__(self, spec: OutputSpec, fields: FieldMap, settings: RiskSettings, auditor: VeilConfig):
        self.spec = spec
        self.fields = fields
        self.settings = settings
        self.auditor_config = auditor

    def setup(self):
        self.table = self.settings.table()
        self.auditor = ResidualAuditor(self.auditor_config, load_model=False)
        # The calibration's own fitted table (`veil calibrate`), or the package's.
        calibration = self.settings.calibration
        self.fitted = calibration.fitted_table() if calibration is not None else load_fitted_table()

    def process(self, element: ToAudit):
        raw, conversation, result = element.raw, element.conversation, element.result
        if not element.audited:  # outside the audit sample: counted, not scored
            yield beam.pvalue.TaggedOutput(ROWS, unaudited_row(str(conversation.id), conversation.context))
            return
        new_texts = result.turn_texts
        split = len(element.turn_texts)
        in_turns = [f for f in element.findings if f.turn < split]
        in_fields = [f.shifted(0, turn=f.turn - split) for f in element.findings if f.turn >= split]
        written = written_values(
            [r for r in result.replacements if r.finding.turn < result.turns], self.table)
        audited = from_audit(new_texts, self.auditor.detect(new_texts, in_turns), self.table,
                             written=written)
        elsewhere = label_items(self._labels_left(conversation, result))
        elsewhere += speaker_own(
            field_items(element.fields, lambda texts: self.auditor.detect(texts, in_fields), self.table),
            self._label_fields(conversation), {item.field for item in elsewhere})
        audit_risk = score_conversation(conversation.id, audited + elsewhere, self.table,
                                        conversation.context, new_texts)
        # The auditor's calibrated estimate of this conversation's score (veil.risk.estimate).
        read = lower_case_reading(new_texts)  # as the auditor read them
        form = case_form(read)
        chances = item_chances(audit_risk.items, form, self.fitted, read)
        parts = estimate_parts(audit_risk.items, form, self.fitted, chances=chances)
        estimate = {"expected": round(parts.expected, 4), "variance": round(parts.variance, 4),
                    "counted": round(parts.counted, 4), "form": form}
        if element.gold is None:
            risk, source = audit_risk, "audit"
        else:
            risk = score_conversation(conversation.id, list(element.gold) + elsewhere, self.table,
                                      conversation.context, new_texts)
            source = "gold"
        row = risk.to_dict(include_spans=True, include_text=True)
        if element.gold is None:  # each auditor item's chance of being real PI, as weighed
            for shown, p in zip(row["items"], chances):
                if p is not None:
                    shown["p"] = round(p, 4)
        if element.gold is not None:  # side by side: the auditor's figure of the same record
            row["auditor"] = {"score": audit_risk.score,
                              "direct_identifier": audit_risk.has_direct_identifier,
                              "estimate": estimate}
        else:
            row["estimate"] = estimate
        # The report shows the speaker labels as written (anonymised too), never the input's.
        written_turns = [] if conversation.is_document else result.record.get(self.fields.turns) or []
        for shown, turn in zip(row["turns"], written_turns):
            speaker = turn.get(self.fields.speaker) if isinstance(turn, dict) else None
            if speaker is not None:
                shown["speaker"] = speaker
        # The written values of the fields where items were left, for the review card.
        left_in = {name for item in row["items"] for name in item.get("fields", ())}
        field_texts = {location_name(location): text for location, text in element.fields
                       if location_name(location) in left_in}
        if field_texts:
            row["field_texts"] = field_texts
        # The file's row is the same without the mentions and the text (they stay in the job).
        written = dict(row)
        written.pop("turns", None)
        written.pop("field_texts", None)
        written["items"] = [{k: v for k, v in item.items() if k != "mentions"} for item in row["items"]]
        written["source"] = row["source"] = source
        payload = json.dumps(written).encode("ascii")
        yield RISK, self.spec.shard_of(raw.split.order), raw.sort_key, payload, fields_left(risk)
        yield beam.pvalue.TaggedOutput(ROWS, row)

    def _label_fields(self, conversation) -> set[str]:
        return {location_name((self.fields.turns, i, self.fields.speaker))
                for i, _ in conversation.labels}

    def _labels_left(self, conversation, result) -> list[tuple[str, str]]:
        """(field, label) of the speaker labels written as they were."""
        if conversation.is_document:
            return []
        fields, record = self.fields, result.record
        return [(f"{fields.turns}[{i}].{fields.speaker}", turn.speaker)
                for i, turn in enumerate(conversation.turns)
                if turn.speaker and record[fields.turns][i].get(fields.speaker) == turn.speaker]


def fields_left(risk) -> tuple[str, ...] | None:
    """The counters of the fields (list indexes dropped: `turns.speaker`) where this record
    still holds personal data that scores, once each, for the job summary: every record the
    auditor reads is counted, not a sample taken at start."""
    names = {FIELD_INDEX.sub("", name) for item in risk.items if item.score > 0
             for name in item.fields}
    return tuple(f"{FIELDS_LEFT}.{name}" for name in sorted(names)) or None


class ScoreRisk(beam.PTransform):
    """Anonymized -> (risk/conversations entries, ROWS): each record's residual risk.

    With `cutoff` (AuditCutoff, from `risk.audit_sample`), the auditor (its model and its rules)
    reads a seeded sample of the records it would read; the others only send the statistics a
    row that counts them (n audited of N), and have no risk/conversations entry.

    The auditor's spaCy pipeline, when it has one, runs under `RunInference` like the job's
    own models (transforms.detect.ModelStage): batched across records, so that `nlp.pipe`
    reads many texts at once, instead of once per record (most of the job's CPU time on short
    records)."""

    ROWS = ROWS

    def __init__(self, spec: OutputSpec, fields: FieldMap, settings: RiskSettings,
                 auditor: VeilConfig, storage=None, cutoff=None):
        super().__init__()
        self.spec, self.fields, self.settings = spec, fields, settings
        self.auditor, self.storage = auditor, storage
        self.cutoff = cutoff  # AuditCutoff's PCollection, when the auditor reads a sample

    def expand(self, anonymized):
        to_audit = anonymized | "AuditInputs" >> beam.ParDo(AuditInputsFn(self.fields, self.settings))
        if self.cutoff is not None:
            to_audit = to_audit | "AuditSample" >> beam.ParDo(
                ChooseAuditedFn(self.settings.audit_sample_seed),
                cutoff=beam.pvalue.AsSingleton(self.cutoff))
        if self.auditor.detectors.spacy is not None:
            from models.handlers import AuditorModelHandler

            to_audit, failed = to_audit | "AuditorModel" >> ModelStage(
                AuditorModelHandler(self.auditor, self.storage))
            _ = failed | "AuditFailed" >> beam.ParDo(AuditFailedFn())
        return to_audit | "Score" >> beam.ParDo(
            ScoreRiskFn(self.spec, self.fields, self.settings, self.auditor)
        ).with_outputs(ROWS, main="entries")


class RiskStatsFn(RiskCombiner, beam.CombineFn):
    """The corpus statistics as a Beam combiner: constant memory, mergeable across workers.

    Its output is (summary, review rows): the review sample's and the highest-scoring
    conversations, with the anonymised text the report highlights (written to risk/review.jsonl,
    never to summary.json).
    """

    def extract_output(self, accumulator: RiskAccumulator):
        return super().extract_output(accumulator), accumulator.total().review_records()
