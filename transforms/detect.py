"""Detection, the one path the job and `veil evaluate` take: `Detect`, a composite.

    detected, failed = parsed | "Detect" >> Detect(config, storage)

1. **Rules** (`RulesFn`): the infoType engine (or Google DLP, `--detector google-dlp`) over
   each conversation, its findings over the threshold and not yet merged; records are
   detected in batches of about one engine batch of text (`RecordBatches`).
2. **Models**: each configured model (Hugging Face, spaCy) under Beam's `RunInference`, with a
   keyed `ModelHandler` (models.handlers) that carries the record beside its texts; its
   findings join the rules'.
3. **Merge** (`MergeFn`), once, over every detector's findings (`veil.detection.merge`): merging after
   each stage is not associative and gave characters other types.

Record ids are read by the rules too, every record's (`ids_field`, veil.run.record_ids): an
id that holds personal data is replaced, before anything names the record, by a key that
carries none.

Fail closed: a record whose rules raise or run past `detection.record_deadline_s`
(`veil.detection.deadline`), a conversation a model fails on, and every record of a batch that fails as
a whole go to `failed` as `Failed(raw, reason, id)`, never to the corpus; the log names the
record and the exception type, not its text. Only the model stages ask for an accelerator
(`--model_accelerator`), so on Dataflow the rules, IO and writing run on ordinary workers.
"""
from __future__ import annotations

import dataclasses
import logging

import apache_beam as beam
from apache_beam.metrics import Metrics

from transforms.elements import Detected, Failed, Parsed, TurnTexts
from veil.run.config import VeilConfig
from veil.run.record_ids import personal_ids, withheld_id
from veil.detection.deadline import DetectionDeadlineExceeded, detection_deadline
from veil.detection.detect import ConversationDetector, conversation_chars, shared_detector
from veil.detection.engine.engine import BATCH_CHARS
from veil.detection.engine.google_dlp import without_google_dlp
from veil.detection.merge import NOT_A_NAME, merge_findings
from veil.io.storage import Storage

_LOG = logging.getLogger("veil")


class RulesFn(beam.DoFn):
    """A batch of Parsed (`RecordBatches`) -> Detected for each (the rules' findings,
    unmerged); FAILED: Failed.

    The detector is built in `setup`, once per worker, from the validated config: compiled
    patterns and automata are never pickled. A batch's records are detected in one engine
    call (`ConversationDetector.find_many`): on short records the engine's cost is per call.
    A batch that raises or runs past one record's deadline is detected again record by
    record, each under its own deadline, so that every record ends where it would alone:
    a record that fails alone fails the batch, and a batch that finishes within one
    record's deadline holds no record that could have run past it.
    """

    FAILED = "failed"

    def __init__(self, config: VeilConfig, ids_field: str | None = None):
        self.config = config
        self.ids_field = ids_field  # the id field, when ids are read (not under `ids: hash`)
        self.detector: ConversationDetector | None = None
        self.id_detector: ConversationDetector | None = None
        self.errored = Metrics.counter("veil", "records_errored")
        self.withheld = Metrics.counter("veil", "ids_withheld")

    def setup(self):
        if self.config.detectors.rules:
            # Warm, so that no record's deadline pays for loading; once per process.
            self.detector = shared_detector(self.config)
            if self.ids_field is not None:
                # Ids are read by Veil's own rules, also under google-dlp: an id is not a
                # request of its own to DLP (veil.detection.engine.google_dlp.without_google_dlp).
                self.id_detector = shared_detector(without_google_dlp(self.config))

    def process(self, batch: list[Parsed]):
        if self.detector is None:  # `detectors.rules: false`: the models find everything
            for raw, conversation in batch:
                yield Detected(raw, conversation, [])
            return
        if self.ids_field is not None:
            batch = self._withhold_personal_ids(batch)
        # Google DLP inspects record by record anyway: a failed batch would only send the
        # records before the failure to DLP twice.
        batched = len(batch) > 1 and self.detector.google_dlp is None
        found = self._find_batch(batch) if batched else None
        if found is not None:
            for (raw, conversation), findings in zip(batch, found):
                yield Detected(raw, conversation, findings)
            return
        for element in batch:
            yield from self._process_one(element)

    def _withhold_personal_ids(self, batch: list[Parsed]) -> list[Parsed]:
        """The batch with every id that holds personal data replaced (veil.run.record_ids),
        read in one engine call. If the rules fail on the ids, every id is withheld."""
        values = []
        for _, conversation in batch:
            value = conversation.record.get(self.ids_field)
            values.append(value if isinstance(value, str) else None)
        try:
            personal = personal_ids(values, self.id_detector.detect_many)
        except Exception as error:  # noqa: BLE001 - fail closed: no id is trusted unread
            _LOG.warning("reading ids failed (%s): the batch's ids are withheld", type(error).__name__)
            personal = [value is not None for value in values]
        out = []
        for (raw, conversation), withhold in zip(batch, personal):
            if withhold:
                self.withheld.inc()
                conversation = dataclasses.replace(
                    conversation, id=withheld_id(conversation.source, conversation.index),
                    id_withheld=True)
                _LOG.debug("the id of the record at %s, %s %d, looks like personal data: "
                             "written as %s", conversation.source,
                             "row" if raw.split.format == "parquet" else "byte offset",
                             conversation.index, conversation.id)
            out.append(Parsed(raw, conversation))
        return out

    def _find_batch(self, batch: list[Parsed]):
        """Every record's findings from one call, or None if the batch must be redone record
        by record (an exception, or past `detection.record_deadline_s`)."""
        try:
            with detection_deadline(self.config.detection.record_deadline_s):
                # The turns, the configured fields, the speaker labels (veil.io.records).
                return self.detector.find_many([parsed.texts for parsed in batch])
        except Exception:  # noqa: BLE001 - each record is retried alone, and fails closed there
            return None

    def _process_one(self, element: Parsed):
        raw, conversation = element
        try:
            with detection_deadline(self.config.detection.record_deadline_s):
                findings = self.detector.find(element.texts)
        except Exception as error:  # fail closed: whatever went wrong, the text is not written
            _LOG.warning("detection failed for record %s: %s", conversation.id, type(error).__name__)
            self.errored.inc()
            reason = f"detection failed: {type(error).__name__}"
            if isinstance(error, DetectionDeadlineExceeded):
                reason = f"detection failed: {error}"
            yield beam.pvalue.TaggedOutput(self.FAILED, Failed(raw, reason, conversation.id,
                                                                     conversation.id_withheld))
            return
        yield Detected(raw, conversation, findings)


def record_batches() -> beam.PTransform:
    """Parsed -> lists of Parsed of about `BATCH_CHARS` characters of text, for `RulesFn`:
    the size of one engine batch (`veil.detection.engine.engine`). A fixed size, not Beam's adaptive
    one, so that `veil bench` can detect in the batches the job forms
    (`veil.detection.detect.batches_by_chars`, the same rule)."""
    return beam.BatchElements(min_batch_size=BATCH_CHARS, max_batch_size=BATCH_CHARS,
                              element_size_fn=record_chars)


def record_chars(element: Parsed) -> int:
    return conversation_chars(element.conversation.texts)


class AddModelFindingsFn(beam.DoFn):
    """(Detected, PredictionResult) -> Detected with the model's findings added; FAILED:
    Failed, for a conversation the model could not run on. (The residual-risk auditor's
    `ToAudit` elements have the same named fields and take the same path.)"""

    FAILED = "failed"

    def __init__(self, detector: str):
        self.detector = detector
        self.errored = Metrics.counter("veil", "records_errored")
        self.found = Metrics.counter("veil", f"{detector}_findings")
        # A model's vetoes of the name lists' guesses (`NOT_A_NAME`) are never reported.
        self.vetoes = Metrics.counter("veil", f"{detector}_vetoes")

    def process(self, keyed):
        from models.handlers import ModelFailure

        detected, result = keyed
        if isinstance(result.inference, ModelFailure):
            self.errored.inc()
            yield beam.pvalue.TaggedOutput(self.FAILED, Failed(
                detected.raw, result.inference.reason, detected.conversation.id,
                detected.conversation.id_withheld))
            return
        vetoes = sum(1 for finding in result.inference if finding.info_type == NOT_A_NAME)
        self.found.inc(len(result.inference) - vetoes)
        self.vetoes.inc(vetoes)
        yield detected._replace(findings=[*detected.findings, *result.inference])


def failed_batch(failed, reason: str):
    """RunInference's dead letter, (batch of (Detected, texts), (exception type, repr,
    traceback)), as one Failed per record. The reason names the exception's type alone: its
    text may quote a record."""
    batch, error = failed
    kind = error[0] if isinstance(error, tuple) else type(error)
    text = reason.format(error=getattr(kind, "__name__", kind))
    for detected, _ in batch:
        yield Failed(detected.raw, text, detected.conversation.id, detected.conversation.id_withheld)


class ModelStage(beam.PTransform):
    """Detected -> (Detected with one model's findings added, Failed): the model under
    `RunInference`, keyed by record (models.handlers.Keyed)."""

    def __init__(self, handler, accelerator: str | None = None):
        super().__init__()
        self.handler = handler
        self.accelerator = accelerator

    def expand(self, detected):
        from models.handlers import Keyed, beam_inference  # heavy: only jobs with models

        inference = beam_inference().RunInference(Keyed(self.handler)).with_exception_handling()
        if self.accelerator:
            inference = inference.with_resource_hints(accelerator=self.accelerator)
        keyed = detected | "WithTexts" >> beam.Map(lambda d: (d, TurnTexts(d.texts)))
        results, dead_letter = keyed | "RunInference" >> inference
        added = results | "AddFindings" >> beam.ParDo(
            AddModelFindingsFn(self.handler.detector)).with_outputs(
                AddModelFindingsFn.FAILED, main="detected")
        batches = dead_letter.failed_inferences | "FailedBatches" >> beam.FlatMap(
            failed_batch, self.handler.failure_reason)
        failed = (added[AddModelFindingsFn.FAILED], batches) | "Failed" >> beam.Flatten()
        return added.detected, failed


class MergeFn(beam.DoFn):
    """Detected -> Detected with every detector's findings merged into non-overlapping spans."""

    def process(self, element: Detected):
        yield element._replace(findings=merge_findings(element.findings, element.texts))


def model_handlers(config: VeilConfig, storage: Storage | None = None,
                   model_copies: int | None = None) -> list:
    """The `RunInference` handler of each model the config sets up, in order: hf, spacy."""
    handlers = []
    if config.detectors.hf or config.detectors.spacy:
        from models.handlers import HfNerModelHandler, SpacyNerModelHandler

        if config.detectors.hf:
            handlers.append(HfNerModelHandler(config.detectors.hf, storage,
                                              model_copies=model_copies))
        if config.detectors.spacy:
            handlers.append(SpacyNerModelHandler(config, storage))
    return handlers


class Detect(beam.PTransform):
    """Parsed -> (Detected, merged once; Failed). See the module's docstring."""

    def __init__(self, config: VeilConfig, storage: Storage | None = None,
                 accelerator: str | None = None, model_copies: int | None = None,
                 handlers: list | None = None, ids_field: str | None = None):
        super().__init__()
        self.config = config
        self.ids_field = ids_field  # read every record's id (RulesFn), when given
        self.accelerator = accelerator
        # `handlers`: the model handlers to run (tests give their own); default: the config's.
        self.handlers = model_handlers(config, storage, model_copies) if handlers is None \
            else handlers

    def expand(self, parsed):
        rules = parsed | "RecordBatches" >> record_batches() | "Rules" >> beam.ParDo(
            RulesFn(self.config, self.ids_field)).with_outputs(
            RulesFn.FAILED, main="detected")
        detected, failed = rules.detected, [rules[RulesFn.FAILED]]
        for handler in self.handlers:
            # The accelerator serves the Hugging Face model; spaCy runs on CPU.
            accelerator = self.accelerator if handler.detector == "hf" else None
            detected, model_failed = detected | f"Model[{handler.detector}]" >> ModelStage(
                handler, accelerator)
            failed.append(model_failed)
        merged = detected | "Merge" >> beam.ParDo(MergeFn())
        return merged, tuple(failed) | "Failed" >> beam.Flatten()
