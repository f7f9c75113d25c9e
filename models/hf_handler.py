"""Our own `ModelHandler` for Beam's `RunInference`: NER over whole conversations.

Beam's bundled Hugging Face handler imports TensorFlow and breaks with transformers 5, and it
works one string at a time. This one takes the job's elements as they are, `(raw, Conversation,
findings)`, so that no shuffle is needed to join model findings back to their record:

- `RunInference` batches conversations (by count and by characters);
- `run_inference` flattens their turns, keyed by (record, turn), into one `predict` call, where
  windows are length-bucketed under a token budget and run on CUDA in bf16 or on CPU threads;
- each conversation comes back as a `PredictionResult` whose inference is its model findings,
  or a `ModelFailure` when that conversation alone could not be run. The next step sends a
  failure to errors/: the record is never written un-redacted.

The model is loaded once per worker process (Beam's shared model manager), or once per machine
when `large_model`/`model_copies` are set.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from apache_beam.ml.inference.base import ModelHandler, PredictionResult

from veil.detector_config import HfDetectorSettings
from veil.storage import Storage

_LOG = logging.getLogger("veil")
DETECTOR = "hf"


@dataclass(frozen=True)
class ModelFailure:
    """A conversation the model could not run on; it goes to errors/ with this reason."""

    reason: str


def conversation_texts(element) -> list[str]:
    _, conversation, _ = element
    return conversation.texts  # the turns, then the configured fields (veil.records)


def _conversation_chars(element) -> int:
    return max(1, sum(len(text) for text in conversation_texts(element)))


class HfNerModelHandler(ModelHandler[Any, PredictionResult, Any]):
    """(raw, Conversation, findings) -> PredictionResult(element, list[Finding] | ModelFailure)."""

    def __init__(self, settings: HfDetectorSettings, storage: Storage | None = None, *,
                 max_batch_chars: int = 100_000, large_model: bool = False,
                 model_copies: int | None = None):
        # Batches are weighed in characters (BatchElements sums element sizes against its
        # max_batch_size), so a batch of long meetings is no heavier than one of short calls.
        super().__init__(
            min_batch_size=1,
            max_batch_size=max_batch_chars,
            element_size_fn=_conversation_chars,
            large_model=large_model,
            model_copies=model_copies,
        )
        self.settings = settings
        self.storage = storage or Storage()

    def load_model(self):
        from models.hf_ner import HfTokenClassifier, resolve_model_dir

        model_dir = resolve_model_dir(self.settings.model, self.storage)
        classifier = HfTokenClassifier(model_dir, self.settings)
        _LOG.info("NER model %s loaded on %s (threshold %.3f)", self.settings.model,
                  classifier.device, classifier.threshold)
        return classifier

    def run_inference(self, batch: Sequence[Any], model, inference_args: dict | None = None
                      ) -> Iterable[PredictionResult]:
        if not batch:
            # Beam's BatchElements emits an empty batch when a bundle's first element is
            # heavier than its first target size (1): nothing to run.
            return
        conversations = [conversation_texts(element) for element in batch]
        try:
            found = model.detect_conversations(conversations, detector=DETECTOR)
        except Exception as error:  # retry one conversation at a time: one bad record, one error
            _LOG.warning("NER batch of %d conversations failed (%s); retrying one by one",
                         len(batch), type(error).__name__)
            found = [self._one(model, texts) for texts in conversations]
        for element, inference in zip(batch, found):
            yield PredictionResult(element, inference, self.settings.model)

    def _one(self, model, texts: list[str]):
        try:
            return model.detect_conversations([texts], detector=DETECTOR)[0]
        except Exception as error:
            return ModelFailure(f"NER model failed: {type(error).__name__}")

    def get_num_bytes(self, batch: Sequence[Any]) -> int:
        # "surrogatepass": a lone surrogate ('\ud800') is valid in a str, not in UTF-8, and a
        # metric must not fail the batch it measures.
        return sum(len(text.encode("utf-8", "surrogatepass"))
                   for element in batch for text in conversation_texts(element))

    def get_metrics_namespace(self) -> str:
        return "veil_ner"
