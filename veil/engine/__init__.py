"""The DLP-compatible infoType engine.

    from veil.engine.engine import InfoTypeEngine
    engine = InfoTypeEngine.from_config(inspect_config, BUILTINS)

The package imports nothing itself, so that importing one of its modules (the detectors, the
checksums) does not compile the engine; `InfoTypeEngine` and `InspectConfig` are still
reachable as `veil.engine.InfoTypeEngine` and `veil.engine.InspectConfig`.
"""
from __future__ import annotations

from veil.lazy import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "InfoTypeEngine": "veil.engine.engine", "InspectConfig": "veil.engine.inspect_config"})
