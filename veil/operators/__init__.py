"""Anonymisation operators, set per infoType in DLP's `DeidentifyConfig` shape.

- `veil.operators.base`: the operator protocol (`Primitive`: options, `bind`, `apply`), what an
  operator sees of a mention, and the registry;
- `veil.operators.primitives`: the operators, one class each, and `OPERATORS` (DLP's
  pseudonymising ones are in `veil.operators.pseudonymize`, on `crypto` and `ff1`, and its
  generalising ones in `veil.operators.generalize`, on `values`);
- `veil.operators.build`: the operator of each infoType from a config (`build_operators`);
- `veil.operators.config`: the `DeidentifyConfig` schema;
- keys, dates, masks, names and surrogates: what the operators are made of.

The package imports nothing itself; `Operator`, `Operators`, `build_operators`, `operator_from`,
`check_same_keys` and `key_files` are still reachable from it.
"""
from __future__ import annotations

from veil.lazy import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "Operator": "veil.operators.base", "Operators": "veil.operators.build",
    "build_operators": "veil.operators.build", "check_same_keys": "veil.operators.build",
    "key_files": "veil.operators.build", "operator_from": "veil.operators.build"})
