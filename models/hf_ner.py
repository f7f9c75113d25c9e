"""A Hugging Face token-classification model as a turn-level detector (torch; no Beam).

`HfTokenClassifier.predict(texts)` takes many turns at once and returns character spans per
turn. It does what makes a small encoder fast and safe on real transcripts:

- every turn is tokenised once with offsets, by the `tokenizers` library alone
  (`models.turn_tokenizer`); a turn longer than the model's window is cut into overlapping
  windows (`token_windows`) whose predictions are stitched back per token;
- a window that repeats another in the same call runs once;
- windows are sorted by length and packed into batches under a padded-token budget, so short
  turns are not padded to the longest one (dynamic padding, length buckets);
- on CUDA the forward pass runs in torch, bf16; on a CPU on ONNX Runtime in fp32 (the same
  spans as torch for fewer CPU seconds; models.onnx_runtime), or torch (`cpu_runtime`);
- the decision rule favours recall: a non-O label wins when P(O) < threshold, a threshold tuned
  on validation data by `veil train` and stored with the model (`veil_model.json`);
- with `not_a_name_below`, in text without capitals, the name-list words English also uses that
  it reads as no entity come back as `NOT_A_NAME` vetoes (models.token_spans.unread_name_words),
  from the same probabilities: no second pass.

The label of each model output goes to an infoType through the config's `label_map`, the
model's own map, then `COMMON_LABELS`; an output with no infoType is dropped.
"""
from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from models.collection_pause import collection_paused
from models.token_spans import (
    NOT_A_NAME, OUTSIDE, CharSpan, corroborated, decode_spans, label_type, stitch_windows, token_windows,
    outside_transcribers_marks, tokenizable, unread_name_words,
)
from models.turn_tokenizer import TurnTokenizer
from veil.detection.casing import conversation_case
from veil.detection.detector_config import HfDetectorSettings, default_model_dir, info_type_for
from veil.detection.findings import Finding, Likelihood, Method
from veil.io.storage import Storage, is_remote

_LOG = logging.getLogger("veil")
METADATA = "veil_model.json"
DEFAULT_THRESHOLD = 0.5
# Padded tokens per forward pass on a CPU, per runtime. On ONNX Runtime small batches keep a
# layer's activations (1,536 floats a token in the feed-forward) in the core's cache: 1,024
# tokens ran about 1.2x more tokens per CPU-second than 4,096 on this model, where torch ran
# slower than at its 4,096 (BENCHMARKS.md, "NER on a CPU").
CPU_BATCH_TOKENS = {"onnx": 1024, "torch": 4096}
# A veto (`not_a_name_below`) outweighs the name lists' guess of a lone word (POSSIBLE), never a
# name their context or a second name word lifted (LIKELY: "my name is ella", "nick moreau").
_VETO_LIKELIHOOD = Likelihood.POSSIBLE


class ModelUnavailable(RuntimeError):
    """The configured model is not there; the job then runs without it and says so."""


def resolve_model_dir(model: str, storage: Storage | None = None, cache_root: str | None = None) -> Path:
    """A local directory holding the model: `default`, a local path, or a copy of a remote URL.

    A gs:// or s3:// model is copied once per machine into a cache keyed by its URL, so that
    every worker process on the machine loads the same files."""
    if model == "default":
        path = default_model_dir()
    elif is_remote(model):
        cache = cache_root or os.environ.get("VEIL_MODEL_CACHE") or default_model_dir().parent / "remote"
        try:
            path = Path((storage or Storage()).cached_copy(model, cache, "config.json"))
        except (OSError, ValueError) as error:
            raise ModelUnavailable(f"cannot copy model {model!r}: {error}") from None
    else:
        path = Path(model.removeprefix("file://"))
    if not (path / "config.json").exists():
        raise ModelUnavailable(f"no model at {model!r} ({path}): run `veil train` or set detectors.hf.model")
    return path


@dataclass(frozen=True)
class ModelInfo:
    """What `veil train` stored next to the weights."""

    threshold: float
    label_map: dict
    metadata: dict

    @classmethod
    def read(cls, model_dir: Path) -> "ModelInfo":
        path = model_dir / METADATA
        metadata = json.loads(path.read_text()) if path.exists() else {}
        return cls(float(metadata.get("threshold", DEFAULT_THRESHOLD)), dict(metadata.get("label_map", {})), metadata)


def quiet_transformers() -> None:
    """No progress bars or load reports in job logs: they are noise on every worker."""
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()


@dataclass(frozen=True)
class ModelConfig:
    """The parts of the model's `config.json` that prediction needs, read without transformers
    (the ONNX path: the torch path has transformers' own config)."""

    id2label: dict[int, str]
    num_hidden_layers: int

    @property
    def num_labels(self) -> int:
        return len(self.id2label)

    @classmethod
    def read(cls, model_dir: Path) -> "ModelConfig":
        config = json.loads((Path(model_dir) / "config.json").read_text(encoding="utf-8"))
        labels = config.get("id2label") or {}
        return cls({int(i): label for i, label in labels.items()}, int(config.get("num_hidden_layers", 0)))


@dataclass(frozen=True)
class Device:
    """Where the model runs (`cpu`, `cuda`, `cuda:1`), named without importing torch."""

    type: str
    index: int | None = None

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"


def pick_device(requested: str = "auto") -> Device:
    """`auto`: CUDA when torch sees a GPU. torch (seconds and memory to import) is asked only
    where an NVIDIA driver is there (/proc/driver/nvidia), so a CPU machine need not load it."""
    if requested == "auto":
        if not os.path.exists("/proc/driver/nvidia/version"):
            return Device("cpu")
        import torch

        return Device("cuda" if torch.cuda.is_available() else "cpu")
    kind, _, index = requested.partition(":")
    return Device(kind, int(index) if index else None)


class HfTokenClassifier:
    """A loaded model and tokenizer, ready for `predict`. Built once per worker process."""

    def __init__(self, model_dir: Path, settings: HfDetectorSettings | None = None):
        settings = settings or HfDetectorSettings()
        self.settings = settings
        self.info = ModelInfo.read(model_dir)
        self.threshold = settings.threshold or self.info.threshold
        try:
            self.tokenizer = TurnTokenizer(model_dir)
        except ValueError as error:
            raise ModelUnavailable(str(error)) from None
        self.device = pick_device(settings.device)
        self.model = None
        self._onnx = None
        if self.device.type == "cpu" and self._wants_onnx(settings.cpu_runtime):
            from models.onnx_runtime import onnx_logits

            # From the machine's compiled cache when this model was exported before: then
            # neither torch nor the weights are loaded here (models.onnx_runtime).
            self._onnx = onnx_logits(model_dir, settings.cpu_threads, self._torch_model)
            self.config = ModelConfig.read(model_dir)
            self.runtime, self.dtype = "onnx", "float32"
        else:
            import torch

            if self.device.type == "cpu" and settings.cpu_threads:
                torch.set_num_threads(settings.cpu_threads)
            self.model = self._torch_model(model_dir).to(str(self.device))
            self.config = self.model.config
            self.runtime, self.dtype = "torch", self.model.dtype
        self.labels = [self.config.id2label[i] for i in range(self.config.num_labels)]
        if OUTSIDE not in self.labels:
            raise ModelUnavailable(f"{model_dir}: the model has no {OUTSIDE!r} label")
        # The model's entity kinds (`PER`, `PERSON_NAME`, ...) and the infoType each one means.
        self.kind_types = {label_type(l): self._info_type(l) for l in self.labels if l != OUTSIDE}
        self.prefix, self.suffix = self.tokenizer.prefix, self.tokenizer.suffix
        limit = min(settings.max_length, self.tokenizer.model_max_length or settings.max_length)
        self.window = limit - len(self.prefix) - len(self.suffix)
        self.stride = min(settings.stride, self.window // 2)

    def _torch_model(self, model_dir: Path):
        """The torch model, checked whole: bf16 on CUDA, else fp32."""
        import torch
        from transformers import AutoModelForTokenClassification

        quiet_transformers()
        dtype = torch.bfloat16 if self.device.type == "cuda" else torch.float32
        model, loading = AutoModelForTokenClassification.from_pretrained(
            str(model_dir), dtype=dtype, output_loading_info=True)
        # transformers fills tensors it did not find with random values and only warns: a model
        # whose weights file does not match its config would then tag words at random.
        absent = list(loading.get("missing_keys") or []) + [str(k) for k in loading.get("mismatched_keys") or []]
        if absent:
            raise ModelUnavailable(
                f"{model_dir}: the weights do not match the model: {len(absent)} tensors missing or "
                f"of the wrong shape (e.g. {absent[0]})")
        return model.eval()

    @staticmethod
    def _wants_onnx(cpu_runtime: str) -> bool:
        """ONNX Runtime when asked for (and there), or by default when installed."""
        if cpu_runtime == "torch":
            return False
        from models.onnx_runtime import onnx_runtime_problem

        problem = onnx_runtime_problem()
        if problem and cpu_runtime == "onnx":
            raise ModelUnavailable(f"detectors.hf.cpu_runtime is onnx, but {problem}")
        if problem:
            _LOG.info("NER on torch: %s", problem)
        return problem is None

    def _info_type(self, label: str) -> str | None:
        kind = label_type(label)
        return None if kind is None else info_type_for(kind, self.settings.label_map, self.info.label_map)

    @property
    def mapped_types(self) -> list[str]:
        return sorted({t for t in self.kind_types.values() if t})

    def predict(self, texts: list[str]) -> list[list[CharSpan]]:
        """Spans per text, labelled with infoTypes; empty texts give no spans."""
        with collection_paused():
            return [self.decode(text, scored) for text, scored in zip(texts, self.token_probabilities(texts))]

    def token_probabilities(self, texts: list[str]) -> list[tuple[list, np.ndarray] | None]:
        """Per text, its tokens' character offsets and label probabilities (None: no tokens)."""
        ids, offsets = self.tokenizer.encode([tokenizable(text) for text in texts])
        pieces = []  # (text index, window start, window end)
        for index, token_ids in enumerate(ids):
            for start, end in token_windows(len(token_ids), self.window, self.stride) if token_ids else ():
                pieces.append((index, start, end))
        probs = self.window_probabilities([ids[i][s:e] for i, s, e in pieces])
        per_text: dict[int, tuple[list, list]] = {}
        for (index, start, end), p in zip(pieces, probs):
            windows, window_probs = per_text.setdefault(index, ([], []))
            windows.append((start, end))
            window_probs.append(p)
        scored: list[tuple[list, np.ndarray] | None] = []
        for index in range(len(texts)):
            if index not in per_text:
                scored.append(None)
                continue
            windows, window_probs = per_text[index]
            # One window (most turns) is its own stitching.
            stitched = window_probs[0] if len(windows) == 1 else stitch_windows(len(offsets[index]), windows, window_probs)
            scored.append((offsets[index], stitched))
        return scored

    def decode(self, text: str, scored: tuple[list, np.ndarray] | None,
               threshold: float | None = None) -> list[CharSpan]:
        """The decision rule at `threshold` (default: the model's), then infoType labels."""
        if scored is None:
            return []
        offsets, probs = scored
        spans = decode_spans(text, offsets, probs, self.labels, threshold or self.threshold)
        doubtful = self.settings.doubtful_from
        if doubtful is not None and doubtful < (threshold or self.threshold):
            # The spans sure at `doubtful_from`, plus the looser threshold's spans that their
            # own words back (merging joins the overlaps later).
            from veil.detection.engine.word_facts import is_cased

            sure = decode_spans(text, offsets, probs, self.labels, doubtful)
            known, cased = set(sure), is_cased(text)
            for info_type, sure_below in self.settings.doubtful_from_per_type.items():
                looser = [span for span in decode_spans(text, offsets, probs, self.labels, sure_below)
                          if span not in known and self.kind_types.get(span.label) == info_type]
                sure += looser
                known.update(looser)
            spans = sure + [span for span in spans if span not in known and corroborated(
                text, span, cased, person=self.kind_types.get(span.label) == "PERSON_NAME")]
        typed = [CharSpan(span.start, span.end, self.kind_types[span.label], span.score)
                 for span in outside_transcribers_marks(text, spans) if self.kind_types.get(span.label)]
        below = self.settings.not_a_name_below
        if below is not None:
            from veil.detection.engine.word_facts import is_cased

            if not is_cased(text):
                typed += unread_name_words(text, offsets, probs, self.labels, below, spans)
        return typed

    def detect_conversations(self, conversations: Sequence[Sequence[str]], likelihood=None,
                             detector: str = "hf") -> list[list[Finding]]:
        """Per conversation (its turns' texts), its model findings: all turns' probabilities in
        one pass, each conversation's decoded with its writer's case (veil.detection.casing)."""
        flat = [text for texts in conversations for text in texts]
        spans, at = [], 0
        with collection_paused():
            scored = self.token_probabilities(flat)
            for texts in conversations:
                with conversation_case(texts):
                    spans += [self.decode(text, s) for text, s in zip(texts, scored[at:at + len(texts)])]
                at += len(texts)
        likelihood = likelihood or self.settings.likelihood
        found, at = [], 0
        for texts in conversations:
            found.append([
                Finding(turn, span.start, span.end, span.label,
                        _VETO_LIKELIHOOD if span.label == NOT_A_NAME else likelihood,
                        Method.MODEL, detector)
                for turn, turn_spans in enumerate(spans[at:at + len(texts)]) for span in turn_spans
            ])
            at += len(texts)
        return found

    def window_probabilities(self, windows: list[list[int]]) -> list[np.ndarray]:
        """Softmax per token for each window of token ids (no special tokens), length-bucketed.

        A window that repeats one before it ("Okay.", "Thank you." in a call) is run once: the
        model sees each window alone (attention masks out the batch's padding), so its
        probabilities are those of its first copy."""
        first: dict[tuple[int, ...], int] = {}
        copy_of = [first.setdefault(tuple(window), len(first)) for window in windows]
        distinct = list(first)
        order = sorted(range(len(distinct)), key=lambda i: len(distinct[i]))
        out: list[np.ndarray | None] = [None] * len(distinct)
        budget = self.settings.batch_tokens or (
            32768 if self.device.type == "cuda" else CPU_BATCH_TOKENS[self.runtime])
        lead, extra = len(self.prefix), len(self.prefix) + len(self.suffix)
        pad = self.tokenizer.pad_token_id or 0
        for batch in _token_budget_batches([len(distinct[i]) + extra for i in order], budget):
            chosen = [order[i] for i in batch]
            width = len(distinct[chosen[-1]]) + extra  # ascending lengths: the last is the longest
            input_ids = np.full((len(chosen), width), pad, dtype=np.int64)
            mask = np.zeros((len(chosen), width), dtype=np.int64)
            for row, i in enumerate(chosen):
                n = len(distinct[i]) + extra
                input_ids[row, :n] = self.prefix + list(distinct[i]) + self.suffix
                mask[row, :n] = 1
            probs = self._probabilities(input_ids, mask)
            for row, i in enumerate(chosen):
                out[i] = probs[row, lead:lead + len(distinct[i])]
        return [out[i] for i in copy_of]  # type: ignore[misc]

    def _probabilities(self, input_ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Softmax over labels for one padded batch, on ONNX Runtime or torch."""
        if self._onnx is not None:
            logits = self._onnx(input_ids, mask)
            logits -= logits.max(axis=-1, keepdims=True)
            np.exp(logits, out=logits)
            logits /= logits.sum(axis=-1, keepdims=True)
            return logits
        import torch

        with torch.inference_mode():
            logits = self.model(input_ids=torch.from_numpy(input_ids).to(str(self.device)),
                                attention_mask=torch.from_numpy(mask).to(str(self.device))).logits
            return torch.softmax(logits.float(), dim=-1).cpu().numpy()


_LOADED: dict[tuple, HfTokenClassifier] = {}
_LOADED_LOCK = threading.Lock()
_LOADED_MAX = 2


def load_classifier(model_dir: Path, settings: HfDetectorSettings) -> HfTokenClassifier:
    """One loaded classifier per model and settings per process: the launch probe
    (`models.available`) and the job's `RunInference` (one worker in this process) share it,
    instead of loading the weights, and building the ONNX session, twice. Keyed by the files'
    sizes and times too, so that a model written again is loaded again."""
    files = tuple((name, stat.st_size, stat.st_mtime_ns) for name in sorted(os.listdir(model_dir))
                  for stat in [os.stat(model_dir / name)])
    key = (str(Path(model_dir).resolve()), settings.model_dump_json(), files)
    with _LOADED_LOCK:
        classifier = _LOADED.get(key)
        if classifier is None:
            classifier = HfTokenClassifier(model_dir, settings)
            while len(_LOADED) >= _LOADED_MAX:  # a few models at most (tests load many)
                _LOADED.pop(next(iter(_LOADED)))
            _LOADED[key] = classifier
        return classifier


def _token_budget_batches(lengths: list[int], budget: int) -> list[list[int]]:
    """Consecutive positions of (ascending) lengths grouped so that count x longest <= budget."""
    batches: list[list[int]] = []
    current: list[int] = []
    for position, length in enumerate(lengths):
        if current and (len(current) + 1) * length > budget:
            batches.append(current)
            current = []
        current.append(position)
    if current:
        batches.append(current)
    return batches
