"""Importing spaCy and Beam's RunInference without dragging torch into a process that never
runs it.

Two imports on the job's path load torch (memory and CPU seconds: BENCHMARKS.md) when it is
installed, whether anything uses it or not:

- thinc, spaCy's machine-learning library, imports torch in `thinc/compat.py` to offer its
  PyTorch wrappers. spaCy's CNN pipelines (`en_core_web_sm`, the auditor's, `veil train
  --spacy`'s) are plain thinc and never call them.
- Beam's `apache_beam.ml.inference.base` imports its `ModelManager` (torch and scipy.optimize)
  for `RunInference(use_model_manager=True)`, which Veil does not use. Beam guards that import
  with `except ImportError` and imports the manager again if it is ever asked for.

`import_without_torch(name)` imports a module while `import torch` fails in this thread, when
torch is not imported yet (otherwise it is a plain import: torch is already paid for). torch
itself is not touched: a later `import torch` anywhere works as always (the NER model's torch
path, a GPU). Only thinc keeps the flags it computed at import, so `thinc_with_torch()` gives
thinc torch back, for a spaCy pipeline built on torch layers; `models.spacy_plugins` calls it
before loading a pipeline when torch is in the process, and before the ordinary load it falls
back to.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import threading
from contextlib import contextmanager
from types import ModuleType

# thinc.compat's names that describe torch, copied by value into thinc's other modules.
_THINC_TORCH_NAMES = ("torch", "has_torch", "has_torch_cuda_gpu", "has_torch_gpu", "has_torch_mps",
                      "has_torch_mps_gpu", "has_torch_amp", "torch_version")


class _TorchHidden(importlib.abc.MetaPathFinder):
    """`import torch` (and its submodules) fails in one thread; other threads import it as usual."""

    def __init__(self, thread: int):
        self.thread = thread

    def find_spec(self, name, path=None, target=None):
        if (name == "torch" or name.startswith("torch.")) and threading.get_ident() == self.thread:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden by models.torch_free)", name=name)
        return None


@contextmanager
def torch_hidden():
    """Meanwhile, `import torch` fails in this thread, unless torch is already imported."""
    if "torch" in sys.modules:
        yield
        return
    finder = _TorchHidden(threading.get_ident())
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def import_without_torch(name: str) -> ModuleType:
    """`importlib.import_module(name)`, without importing torch on the way when it is not
    imported yet. A module already imported is returned as it is (or, while another thread
    imports it, once that thread is done: Python's own module lock)."""
    with torch_hidden():
        return importlib.import_module(name)


def thinc_lacks_torch() -> bool:
    """Whether thinc was imported without torch although torch is installed."""
    compat = sys.modules.get("thinc.compat")
    return compat is not None and not compat.has_torch and importlib.util.find_spec("torch") is not None


def thinc_with_torch() -> None:
    """Import torch and give it to thinc, when thinc was imported without it (else nothing).

    thinc's flags are computed once at its import, then copied into its other modules by
    `from .compat import ...`: they are computed again (thinc.compat's own code, run in a
    fresh module now that torch imports) and every stale copy is replaced."""
    if not thinc_lacks_torch():
        return
    compat = sys.modules["thinc.compat"]
    spec = importlib.util.find_spec("thinc.compat")
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    if not fresh.has_torch:  # torch is installed but does not import: thinc stays without it
        return
    stale = {name: getattr(compat, name) for name in _THINC_TORCH_NAMES}
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name == "thinc" or module_name.startswith("thinc.")):
            continue
        names = vars(module)
        for name, old in stale.items():
            if name in names and names[name] is old:
                setattr(module, name, getattr(fresh, name))
