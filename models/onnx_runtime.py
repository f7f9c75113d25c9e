"""The NER model's forward pass on ONNX Runtime: the fast CPU path (torch stays the GPU path).

On this project's 3-layer MiniLM, ONNX Runtime in fp32 gives the same spans as torch fp32
(span-level agreement 1.0 on the real test posts and the synthetic test split) for about 2.5x
fewer CPU seconds per token (BENCHMARKS.md). int8 dynamic quantisation (torch's or ONNX
Runtime's) is faster still but changes about one span in ten at the model's recall-favouring
threshold, so it is not offered.

The graph is exported from the torch model the first time a model is used on a machine (about
two seconds), and kept in the machine's compiled cache (`veil.detection.compiled_cache`), keyed by the
model's files (names, sizes, times) and the versions of torch and ONNX Runtime: the next process
loads it without importing torch or transformers, or reading the weights (less start-up, 250 MB
less memory per worker). The model directory holds nothing but what `veil train` wrote, so a
remote model needs no second file.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import logging
import os
import warnings
from pathlib import Path
from typing import Callable

import numpy as np

from veil.detection.compiled_cache import cache_path, write_atomically

_LOG = logging.getLogger("veil")
OPSET = 17


def onnx_runtime_problem() -> str | None:
    """Why the ONNX path cannot run here (None: it can)."""
    for package in ("onnxruntime", "onnx"):  # onnx: torch's exporter writes through it
        if importlib.util.find_spec(package) is None:
            return f"{package} is not installed (pip install onnxruntime onnx)"
    return None


def onnx_logits(model_dir: Path, threads: int | None, load_torch_model: Callable[[Path], object]) -> "OnnxLogits":
    """OnnxLogits for the model in `model_dir`: from the compiled cache (then neither torch nor
    transformers is imported), or exported from `load_torch_model(model_dir)` and cached."""
    path = _cache_path(model_dir)
    if path is not None and os.path.exists(path):
        try:
            return OnnxLogits(path, threads)
        except Exception as error:  # noqa: BLE001 - a damaged entry is exported again
            _LOG.warning("cached ONNX graph unreadable (%s); exporting again", type(error).__name__)
    graph = export_onnx(load_torch_model(model_dir))
    write_atomically(path, [graph])
    return OnnxLogits(graph, threads)


def _cache_path(model_dir: Path) -> str | None:
    import onnxruntime

    files = sorted((name, stat.st_size, stat.st_mtime_ns) for name in os.listdir(model_dir)
                   for stat in [os.stat(os.path.join(model_dir, name))])
    torch_version = importlib.metadata.version("torch")
    return cache_path("ner-onnx", repr((str(Path(model_dir).resolve()), files, torch_version,
                                        onnxruntime.__version__, OPSET)), ".onnx")


def export_onnx(torch_model) -> bytes:
    """The model's graph (input ids and attention mask to logits), any batch and length."""
    import torch

    buffer = io.BytesIO()
    ids = torch.ones(2, 8, dtype=torch.long)
    dynamic = {0: "batch", 1: "tokens"}
    # The exporter warns about how it writes advanced indexing (the attention mask's): the
    # runtime's spans are checked against torch's (tests, BENCHMARKS.md), not its warnings.
    with torch.inference_mode(False), torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _logits_only(torch_model), (ids, torch.ones_like(ids)), buffer,
            input_names=["input_ids", "attention_mask"], output_names=["logits"],
            dynamic_axes={"input_ids": dynamic, "attention_mask": dynamic, "logits": dynamic},
            opset_version=OPSET, dynamo=False,
        )
    return buffer.getvalue()


class OnnxLogits:
    """`(input_ids, attention_mask)` int64 arrays -> logits array, on ONNX Runtime's CPU provider."""

    def __init__(self, graph: bytes | str, threads: int | None = None):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads or 0  # 0: ONNX Runtime's default (the cores)
        options.inter_op_num_threads = 1
        # Idle threads sleep instead of spinning: a CPU job is paid by the core-second, and
        # spinning threads burn cores that the rules and the other workers need.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])

    def __call__(self, input_ids: np.ndarray, attention_mask: np.ndarray) -> np.ndarray:
        return self.session.run(["logits"], {"input_ids": input_ids, "attention_mask": attention_mask})[0]


def _logits_only(model):
    """The model as a torch module returning only the logits tensor (what the exporter traces)."""
    import torch

    class LogitsOnly(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask):
            return self.model(input_ids=input_ids, attention_mask=attention_mask).logits

    return LogitsOnly().eval()
