"""Anonymisation operators, set per infoType in DLP's `DeidentifyConfig` shape.

- `veil.transform.operators.base`: the operator protocol (`Primitive`: options, `bind`, `apply`), what an
  operator sees of a mention, and the registry;
- `veil.transform.operators.primitives`: the operators, one class each, and `OPERATORS` (DLP's
  pseudonymising ones are in `veil.transform.operators.pseudonymize`, on `crypto` and `ff1`, and its
  generalising ones in `veil.transform.operators.generalize`, on `values`);
- `veil.transform.operators.build`: the operator of each infoType from a config (`build_operators`);
- `veil.transform.operators.config`: the `DeidentifyConfig` schema;
- keys, dates, masks, names and surrogates: what the operators are made of.

The package imports nothing itself; `Operator`, `Operators`, `build_operators`, `operator_from`,
`check_same_keys` and `key_files` are still reachable from it.
"""
from __future__ import annotations

from veil.run.lazy import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "Operator": "veil.transform.operators.base", "Operators": "veil.transform.operators.build",
    "build_operators": "veil.transform.operators.build", "check_same_keys": "veil.transform.operators.build",
    "key_files": "veil.transform.operators.build", "operator_from": "veil.transform.operators.build"})
