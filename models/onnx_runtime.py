"""The NER model's forward pass on ONNX Runtime: the fast CPU path (torch stays the GPU path).

On this project's 3-layer MiniLM, ONNX Runtime in fp32 gives the same spans as torch fp32
(span-level agreement 1.0 on the real test posts and the synthetic test split) for about 2.5x
fewer CPU seconds per token (BENCHMARKS.md). int8 dynamic quantisation (torch's or ONNX
Runtime's) is faster still but changes about one span in ten at the model's recall-favouring
threshold, so it is not offered.

The graph is exported from the loaded torch model in memory when the classifier is built (about
a second), so that the model directory holds nothing but what `veil train` wrote and a remote
model needs no second file.
"""
from __future__ import annotations

import io
import warnings

import numpy as np


def onnx_runtime_problem() -> str | None:
    """Why the ONNX path cannot run here (None: it can)."""
    try:
        import onnx  # noqa: F401  (torch's exporter writes through it)
        import onnxruntime  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install onnxruntime onnx)"
    return None


class OnnxLogits:
    """`(input_ids, attention_mask)` int64 arrays -> logits array, on ONNX Runtime's CPU provider."""

    def __init__(self, torch_model, threads: int | None = None):
        import onnxruntime as ort
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
                opset_version=17, dynamo=False,
            )
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads or 0  # 0: ONNX Runtime's default (the cores)
        options.inter_op_num_threads = 1
        # Idle threads sleep instead of spinning: a CPU job is paid by the core-second, and
        # spinning threads burn cores that the rules and the other workers need.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(buffer.getvalue(), options, providers=["CPUExecutionProvider"])

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
