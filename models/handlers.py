"""Our own `ModelHandler`s for Beam's `RunInference`: NER over whole conversations.

Beam's bundled Hugging Face handler imports TensorFlow and breaks with transformers 5, and it
works one string at a time; spaCy has none. These take a conversation's turn texts as the
example, so a model never sees the job's records, and `Keyed` (a `KeyedModelHandler`) carries
each record beside its texts, so that no shuffle is needed to join model findings back to it:

- `RunInference` batches conversations (by count and by characters);
- `run_inference` gives the model's `detect_conversations` every turn of the batch at once
  (the Hugging Face classifier length-buckets windows under a token budget, on CUDA in bf16 or
  on CPU threads; spaCy runs one `nlp.pipe`), each turn read through its Unicode disguises
  and the findings mapped back to its offsets (`veil.detection.normalise`), as the rules read it;
- each conversation comes back as a `PredictionResult` whose inference is its model findings,
  or a `ModelFailure` when that conversation alone could not be run: a batch that raises is
  retried one conversation at a time. The next step sends a failure to errors/: the record is
  never written un-redacted.

A model is loaded once per worker process (Beam's shared model manager), or once per machine
when `large_model`/`model_copies` are set.

Beam's `apache_beam.ml.inference.base` is imported without torch (`beam_inference`): it imports
torch for a `ModelManager` Veil does not use, and a job on ONNX Runtime and spaCy's CNNs has
no other use for torch.
"""
from __future__ import annotations

import logging
import resource
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable, Sequence

from models.torch_free import import_without_torch
from veil.run.config import VeilConfig
from veil.detection.detector_config import HfDetectorSettings
from veil.detection.detect import find_through_disguises
from veil.io.storage import Storage

_LOG = logging.getLogger("veil")
Texts = Sequence[str]  # one conversation: its turns' texts


def beam_inference() -> ModuleType:
    """`apache_beam.ml.inference.base`, imported without torch when torch is not imported yet.

    Its `ModelManager` is then None, which Beam handles: it imports the manager on demand for
    `use_model_manager=True`. Beam imports `resource` in the same guarded block, for the memory
    its model-load metric reports: that one is given back."""
    base = import_without_torch("apache_beam.ml.inference.base")
    if base.resource is None:
        base.resource = resource
    return base


_base = beam_inference()
KeyedModelHandler, ModelHandler, PredictionResult = _base.KeyedModelHandler, _base.ModelHandler, _base.PredictionResult


@dataclass(frozen=True)
class ModelFailure:
    """A conversation the model could not run on; it goes to errors/ with this reason."""

    reason: str


def conversation_chars(texts: Texts) -> int:
    return max(1, sum(len(text) for text in texts))


class ConversationModelHandler(ModelHandler[Texts, PredictionResult, Any]):
    """Turn texts -> PredictionResult(texts, list[Finding] | ModelFailure). Subclasses load
    the model: anything with `detect_conversations(conversations) -> findings per one`."""

    detector = "model"
    # errors/'s reason for a conversation the model failed on (the exception's type only: its
    # message may quote the record).
    failure_reason = "model failed: {error}"

    def __init__(self, *, min_batch_chars: int = 8_000, max_batch_chars: int = 100_000,
                 large_model: bool = False, model_copies: int | None = None):
        # Batches are weighed in characters (BatchElements sums element sizes against its
        # max_batch_size), so a batch of long meetings is no heavier than one of short calls.
        # The floor: left to grow from one element, BatchElements' estimator kept batches of
        # 1-6 short records, and each call pays a fixed cost (spaCy's most of all: 4 ms a
        # `pipe`, more than the texts of a short record). A bundle's end still flushes.
        super().__init__(
            min_batch_size=min(min_batch_chars, max_batch_chars),  # a smaller cap lowers the floor
            max_batch_size=max_batch_chars,
            element_size_fn=conversation_chars,
            large_model=large_model,
            model_copies=model_copies,
        )

    def run_inference(self, batch: Sequence[Texts], model, inference_args: dict | None = None
                      ) -> Iterable[PredictionResult]:
        if not batch:
            # Beam's BatchElements emits an empty batch when a bundle's first element is
            # heavier than its first target size (1): nothing to run.
            return
        conversations = [list(texts) for texts in batch]
        try:
            found = find_through_disguises(model.detect_conversations, conversations)
        except Exception as error:  # retry one conversation at a time: one bad record, one error
            _LOG.warning("%s batch of %d conversations failed (%s); retrying one by one",
                         self.detector, len(batch), type(error).__name__)
            found = [self._one(model, texts) for texts in conversations]
        for texts, inference in zip(batch, found):
            yield PredictionResult(texts, inference, self.detector)

    def _one(self, model, texts: list[str]):
        try:
            return find_through_disguises(model.detect_conversations, [texts])[0]
        except Exception as error:
            return ModelFailure(self.failure_reason.format(error=type(error).__name__))

    def get_num_bytes(self, batch: Sequence[Texts]) -> int:
        # "surrogatepass": a lone surrogate ('\ud800') is valid in a str, not in UTF-8, and a
        # metric must not fail the batch it measures.
        return sum(len(text.encode("utf-8", "surrogatepass")) for texts in batch for text in texts)

    def get_metrics_namespace(self) -> str:
        return f"veil_{self.detector}"


class HfNerModelHandler(ConversationModelHandler):
    """A Hugging Face token classifier (models.hf_ner)."""

    detector = "hf"
    failure_reason = "NER model failed: {error}"

    def __init__(self, settings: HfDetectorSettings, storage: Storage | None = None, **options):
        super().__init__(**options)
        self.settings = settings
        self.storage = storage or Storage()

    def load_model(self):
        from models.hf_ner import load_classifier, resolve_model_dir

        model_dir = resolve_model_dir(self.settings.model, self.storage)
        classifier = load_classifier(model_dir, self.settings)  # the launch probe's, in its process
        _LOG.info("NER model %s loaded on %s (threshold %.3f)", self.settings.model,
                  classifier.device, classifier.threshold)
        return classifier

    def get_metrics_namespace(self) -> str:
        return "veil_ner"


class SpacyNerModelHandler(ConversationModelHandler):
    """A spaCy pipeline (models.spacy_ner), with its EntityRuler from the config's dictionaries."""

    detector = "spacy"
    failure_reason = "detection failed: spacy {error}"

    def __init__(self, config: VeilConfig, storage: Storage | None = None, **options):
        if config.detectors.spacy is None:
            raise ValueError("detectors.spacy is not configured")
        super().__init__(**options)
        self.config = config
        self.storage = storage or Storage()

    def load_model(self):
        from models.spacy_ner import SpacyDetector

        return SpacyDetector.from_config(self.config, self.storage)


class AuditorModelHandler(SpacyNerModelHandler):
    """The residual-risk auditor's spaCy pipeline (veil.risk.auditor), over the anonymised
    output: its own name, so its counters and failures are not the detection's."""

    detector = "auditor"
    failure_reason = "auditor model failed: spacy {error}"


class Keyed(KeyedModelHandler):
    """`(key, texts)` -> `(key, PredictionResult)`: the key (the job's record) rides beside
    its texts through `RunInference`. Batches are weighed, and measured, by the texts alone:
    the key is the whole record, and pickling it for a metric would cost as much as the model."""

    def __init__(self, unkeyed: ConversationModelHandler):
        super().__init__(unkeyed)
        self.unkeyed = unkeyed

    def batch_elements_kwargs(self):
        return {**self.unkeyed.batch_elements_kwargs(),
                "element_size_fn": lambda keyed: conversation_chars(keyed[1])}

    def get_num_bytes(self, batch) -> int:
        return self.unkeyed.get_num_bytes([texts for _, texts in batch])
