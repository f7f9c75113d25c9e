"""Which detectors a job runs: the rules engine, a Hugging Face NER model, a spaCy pipeline.

```yaml
detectors:
  rules: true                    # the infoType engine over `inspect_config`
  hf:                            # a token-classification model (see models.handlers)
    model: default               # `default`, a directory, or a gs:// / s3:// URL
    min_likelihood: POSSIBLE
  spacy:                         # any spaCy pipeline, by package name or path
    pipeline: models/trained/spacy-ner
```

Every detector's findings go through the same merge (veil.detection.merge): checksum over regex over
dictionary over model, then likelihood, then length. The job fails closed: a configured model
that cannot be found or loaded, or that fails the launch probe (models.probe), stops the job at
start unless `--allow_missing_detectors` is given, and a job with no detector at all never starts
(models.available).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from veil.detection.engine.inspect_config import LikelihoodField
from veil.run.schema import DlpModel
from veil.detection.findings import Likelihood

# The labels that public NER models use, mapped onto infoTypes. A model's own label map (its
# config's id2label after the B-/I- prefix is dropped) is looked up here when the config does
# not name it; a label found in neither is ignored, never guessed.
COMMON_LABELS = {
    "PERSON": "PERSON_NAME", "PER": "PERSON_NAME", "PERSON_NAME": "PERSON_NAME",
    "ORG": "ORGANIZATION_NAME", "ORGANIZATION": "ORGANIZATION_NAME",
    "ORGANIZATION_NAME": "ORGANIZATION_NAME",
    "LOC": "LOCATION", "GPE": "LOCATION", "FAC": "LOCATION", "LOCATION": "LOCATION",
}


def info_type_for(label: str, label_map: dict[str, str], model_label_map: dict[str, str]) -> str | None:
    """The infoType a model's entity label means: the config's map, then the model's own, then
    COMMON_LABELS; None (ignore it) when none of them names it."""
    for table in (label_map, model_label_map, COMMON_LABELS):
        if label in table:
            return table[label]
    return None


def default_model_dir() -> Path:
    """Where `veil train` writes, and `model: default` reads: $VEIL_MODEL_DIR, else ~/.cache/veil."""
    root = os.environ.get("VEIL_MODEL_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "veil", "models"
    )
    return Path(root) / "minilm-ner"


class HfDetectorSettings(DlpModel):
    # `default` is the model `veil train` writes; or a local directory, or a gs:// / s3:// URL.
    model: str = "default"
    # Overrides of what the model directory stores; None keeps the model's own.
    threshold: float | None = Field(default=None, gt=0, lt=1)
    # Below `threshold`, the spans decoded at this stricter threshold are kept as they are;
    # the others only when one of their words is a name the bundled lists know (capitalised,
    # in text with capitals; no ordinary English word, in text without)
    # (models.token_spans.corroborated): the model's doubts count where the words themselves
    # say "name" ("Henning", "Duong"), not on "people" or "waiver". None: all are kept.
    doubtful_from: float | None = Field(default=None, gt=0, lt=1)
    # Per infoType, a looser `doubtful_from`: that type's spans decoded at it are kept as they
    # are. Organisations are named by words the name lists do not know ("Hanover Insurance",
    # "Grace Baptist"), so the lists can back none of them.
    doubtful_from_per_type: dict[str, Annotated[float, Field(gt=0, lt=1)]] = Field(default_factory=dict)
    # In a text whose case says nothing (raw ASR output), a name-list word that English also
    # uses, whose every token the model gives a chance of any entity, 1 - P(O), under this, is
    # no one's name: the model vetoes the lists' guess of that lone word ("alma", "pace" in a
    # lower-case post), never a name a context or a second name word lifted; in a text typed
    # online or mostly not English, any name-list word ("gona", "irl")
    # (models.token_spans.unread_name_words; veil.detection.merge, step 0). None: no vetoes.
    not_a_name_below: float | None = Field(default=None, gt=0, lt=1)
    label_map: dict[str, str] = Field(default_factory=dict)
    # The likelihood given to a model finding.
    likelihood: LikelihoodField = Likelihood.LIKELY
    # Tokens per window and overlap between windows of a long turn.
    max_length: int = Field(default=256, ge=16, le=4096)
    stride: int = Field(default=64, ge=0)
    # Padded tokens per forward pass: batches are bucketed by length up to this budget.
    # None: on a CPU 1,024 on ONNX Runtime, 4,096 on torch (each its fastest, BENCHMARKS.md);
    # 32,768 on a GPU.
    batch_tokens: int | None = Field(default=None, ge=64)
    # "auto" picks CUDA with bf16 when present, else the CPU.
    device: str = "auto"
    # The forward pass on a CPU: "onnx" (ONNX Runtime, fp32: the same spans as torch for about
    # 2.5x fewer CPU seconds, BENCHMARKS.md), "torch", or "auto" (onnx when onnxruntime and
    # onnx are installed, else torch). The GPU path is torch in bf16 whatever this says.
    cpu_runtime: Literal["auto", "onnx", "torch"] = "auto"
    # Threads for the CPU forward pass (None: the runtime's default, one per core).
    cpu_threads: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _per_type_is_looser(self):
        """A per-type `doubtful_from` only loosens `doubtful_from`: without it, or at or below
        it, the setting would do nothing, which a config should not say silently."""
        for info_type, value in self.doubtful_from_per_type.items():
            if self.doubtful_from is None:
                raise ValueError(f"doubtful_from_per_type ({info_type}) needs doubtful_from")
            if value <= self.doubtful_from:
                raise ValueError(f"doubtful_from_per_type: {info_type} {value} is not looser than "
                                 f"doubtful_from {self.doubtful_from}")
        return self


class SpacyDetectorSettings(DlpModel):
    # An installed package name (en_core_web_sm) or a directory, e.g. one `veil train --spacy` wrote.
    # `default` is where `veil train --spacy` writes: $VEIL_MODEL_DIR/spacy-ner (models.spacy_ner).
    pipeline: str = "default"
    # Add an EntityRuler built from the config's custom dictionaries, before the NER.
    entity_ruler: bool = True
    label_map: dict[str, str] = Field(default_factory=dict)
    likelihood: LikelihoodField = Likelihood.LIKELY
    batch_size: int = Field(default=256, ge=1)
    # How the pipeline reads a text with no capital of its writer's (a speech recogniser's):
    # `as_is`, or `recased` (word_facts.recased_for_a_cased_model: "i" as "I", and a capital on
    # each word no frequent-word list holds), for a pipeline trained on cased text, whose NER
    # reads capitals first. Offsets are the text's either way.
    lower_case_text: Literal["as_is", "recased"] = "as_is"


class DetectorSettings(DlpModel):
    rules: bool = True
    hf: HfDetectorSettings | None = None
    spacy: SpacyDetectorSettings | None = None

    @property
    def names(self) -> list[str]:
        return [name for name, on in (("rules", self.rules), ("hf", self.hf), ("spacy", self.spacy)) if on]


def choose_detectors(settings: DetectorSettings, names: str | None, source: str = "the config") -> DetectorSettings:
    """Only the detectors named in `names` (`rules`, `hf`, `spacy`, comma-separated); None keeps all.

    Raises ValueError when a name is unknown or names a detector the config does not set up."""
    if not names:
        return settings
    chosen = {name.strip() for name in names.split(",") if name.strip()}
    unknown = chosen - {"rules", "hf", "spacy"}
    if unknown:
        raise ValueError(f"unknown detectors {sorted(unknown)}: use rules, hf, spacy")
    for name in ("hf", "spacy"):
        if name in chosen and getattr(settings, name) is None:
            raise ValueError(f"{source} has no detectors.{name} to run")
    return settings.model_copy(update={
        "rules": "rules" in chosen,
        "hf": settings.hf if "hf" in chosen else None,
        "spacy": settings.spacy if "spacy" in chosen else None,
    })
