"""Package re-exports resolved on first use, so that a package's `__init__` imports nothing.

Importing `veil.detection.engine.detectors` runs `veil/detection/engine/__init__.py` first; if that imported the
engine, which imports the detectors, the package and its modules would import each other.

    __getattr__, __all__ = lazy_exports(__name__, {"InfoTypeEngine": "veil.detection.engine.engine"})
"""
from __future__ import annotations

import importlib
from typing import Callable


def lazy_exports(package: str, names: dict[str, str]) -> tuple[Callable, list[str]]:
    """A module `__getattr__` that imports `names[name]` (a module) when `name` is asked for,
    and the names for `__all__`."""
    def __getattr__(name: str):
        if name in names:
            return getattr(importlib.import_module(names[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__, sorted(names)
