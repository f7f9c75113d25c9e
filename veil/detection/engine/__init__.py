"""The DLP-compatible infoType engine.

    from veil.detection.engine.engine import InfoTypeEngine
    engine = InfoTypeEngine.from_config(inspect_config, BUILTINS)

The package imports nothing itself, so that importing one of its modules (the detectors, the
checksums) does not compile the engine; `InfoTypeEngine` and `InspectConfig` are still
reachable as `veil.detection.engine.InfoTypeEngine` and `veil.detection.engine.InspectConfig`.
"""
from __future__ import annotations

from veil.run.lazy import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "InfoTypeEngine": "veil.detection.engine.engine", "InspectConfig": "veil.detection.engine.inspect_config"})
