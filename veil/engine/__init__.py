"""The DLP-compatible infoType engine.

    from veil.engine.engine import InfoTypeEngine
    engine = InfoTypeEngine.from_config(inspect_config, BUILTINS)

The package imports nothing itself, so that importing one of its modules (the detectors, the
checksums) does not compile the engine; `InfoTypeEngine` and `InspectConfig` are still
reachable as `veil.engine.InfoTypeEngine` and `veil.engine.InspectConfig`.
"""
from __future__ import annotations

import importlib

_LAZY = {"InfoTypeEngine": "veil.engine.engine", "InspectConfig": "veil.engine.inspect_config"}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'veil.engine' has no attribute {name!r}")
