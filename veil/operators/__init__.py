"""Anonymisation operators, set per infoType in DLP's `DeidentifyConfig` shape.

- `veil.operators.base`: the operator protocol (`Primitive`: options, `bind`, `apply`), what an
  operator sees of a mention, and the registry;
- `veil.operators.primitives`: the operators, one class each, and `OPERATORS`;
- `veil.operators.build`: the operator of each infoType from a config (`build_operators`);
- `veil.operators.config`: the `DeidentifyConfig` schema;
- keys, dates, masks, names and surrogates: what the operators are made of.

The package imports nothing itself; `Operator`, `Operators`, `build_operators` and `key_files`
are still reachable from it.
"""
from __future__ import annotations

import importlib

_LAZY = {"Operator": "veil.operators.base", "Operators": "veil.operators.build",
         "build_operators": "veil.operators.build", "key_files": "veil.operators.build"}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'veil.operators' has no attribute {name!r}")
