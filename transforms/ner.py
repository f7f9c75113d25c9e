"""The NER stage: a Hugging Face model through `RunInference`, merged with the rules' findings.

Elements in and out are the job's `(raw, Conversation, findings)`. Model findings join the
rules' findings through the same merge (checksum over regex over dictionary over model), done
once by the last detection stage over every detector's findings (`merge=False` before it). A
conversation the model fails on goes to ERRORS, and a batch that fails as a whole sends each
of its records there: fail closed, as detection does.

Only this stage asks for an accelerator (`--model_accelerator`), so on Dataflow the rules, IO
and writing run on ordinary workers' resources and the GPU serves the model alone.
"""
from __future__ import annotations

import apache_beam as beam
from apache_beam.metrics import Metrics
from apache_beam.ml.inference.base import RunInference

from models.hf_handler import HfNerModelHandler, ModelFailure
from transforms.parse import ERRORS
from veil.detector_config import HfDetectorSettings
from veil.merge import merge_findings
from veil.storage import Storage


class MergeModelFindingsFn(beam.DoFn):
    """PredictionResult((raw, Conversation, findings), model findings) -> (raw, Conversation, merged)."""

    def __init__(self, detector: str, merge: bool = True):
        self.detector = detector
        self.merge = merge  # False: a later stage merges (everything is merged once)
        self.errored = Metrics.counter("veil", "records_errored")
        self.found = Metrics.counter("veil", f"{detector}_findings")

    def process(self, result):
        raw, conversation, findings = result.example
        if isinstance(result.inference, ModelFailure):
            self.errored.inc()
            yield beam.pvalue.TaggedOutput(ERRORS, (raw, result.inference.reason, conversation.id))
            return
        self.found.inc(len(result.inference))
        found = list(findings) + list(result.inference)
        if self.merge:
            found = merge_findings(found, conversation.texts)
        yield raw, conversation, found


def _failed_batch_errors(failed):
    """RunInference's dead letter, (batch, (exception type, repr, traceback)), as one error per
    record of the batch. The reason names the exception's type alone: its text may quote the
    record."""
    batch, error = failed
    kind = error[0] if isinstance(error, tuple) else type(error)
    reason = f"NER model failed: {getattr(kind, '__name__', kind)}"
    for raw, conversation, _ in batch:
        yield raw, reason, conversation.id


class DetectWithHfModel(beam.PTransform):
    """Returns (detected, errors): the merged elements, and the records that failed, as ERRORS tuples."""

    def __init__(self, settings: HfDetectorSettings, storage: Storage | None = None,
                 accelerator: str | None = None, large_model: bool = False,
                 model_copies: int | None = None, merge: bool = True):
        super().__init__()
        self.handler = HfNerModelHandler(settings, storage, large_model=large_model, model_copies=model_copies)
        self.accelerator = accelerator
        self.merge = merge

    def expand(self, detected):
        inference = RunInference(self.handler).with_exception_handling()
        if self.accelerator:
            inference = inference.with_resource_hints(accelerator=self.accelerator)
        results, dead_letter = detected | "RunInference" >> inference
        merged = results | "MergeFindings" >> beam.ParDo(MergeModelFindingsFn("hf", self.merge)).with_outputs(
            ERRORS, main="detected")
        failed_batches = dead_letter.failed_inferences | "FailedBatches" >> beam.FlatMap(_failed_batch_errors)
        return merged.detected, (merged[ERRORS], failed_batches)
