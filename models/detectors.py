"""Every configured detector over conversations, merged: the job's detection without Beam.

`veil evaluate`, `veil bench` and QUALITY.md measure exactly what the job runs: the rules
engine, then the Hugging Face model and the spaCy pipeline when configured and available, their
findings merged per conversation by `veil.merge`. Conversations come in batches so the models
see many turns per forward pass, as in the job.
"""
from __future__ import annotations

from typing import Sequence

from models.available import usable_detectors
from models.probe import probe_hf, probe_spacy
from veil.errors import ConfigError
from veil.config import VeilConfig
from veil.detect import ConversationDetector
from veil.findings import Finding
from veil.merge import merge_findings
from veil.storage import Storage


def _refuse_if_broken(name: str, problem: str | None) -> None:
    """A model that fails the launch probe would make every figure measured with it meaningless."""
    if problem:
        raise ConfigError(f"detector {name}: {problem}")


class ConversationDetectors:
    def __init__(self, config: VeilConfig, storage: Storage | None = None):
        storage = storage or Storage()
        settings, self.missing = usable_detectors(config.detectors, storage)
        self.rules = ConversationDetector(config) if settings.rules else None
        self.hf = None
        self.spacy = None
        if settings.hf:
            from models.hf_ner import HfTokenClassifier, resolve_model_dir

            self.hf = HfTokenClassifier(resolve_model_dir(settings.hf.model, storage), settings.hf)
            _refuse_if_broken("hf", probe_hf(self.hf))
        if settings.spacy:
            from models.spacy_ner import SpacyDetector

            self.spacy = SpacyDetector.from_config(config.model_copy(update={"detectors": settings}), storage)
            _refuse_if_broken("spacy", probe_spacy(self.spacy))
        self.names = [name for name, on in (("rules", self.rules), ("hf", self.hf), ("spacy", self.spacy)) if on]

    def detect_batch(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        found: list[list[Finding]] = [[] for _ in conversations]
        if self.rules:  # unmerged: everything is merged once, below, as in the job
            found = [self.rules.find(list(texts)) for texts in conversations]
        for model in (self.hf, self.spacy):
            if model is not None:
                for mine, theirs in zip(found, model.detect_conversations(conversations)):
                    mine.extend(theirs)
        return [merge_findings(f, list(texts)) for f, texts in zip(found, conversations)]
