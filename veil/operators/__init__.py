"""Anonymisation operators, set per infoType in DLP's `DeidentifyConfig` shape.

    operators = build_operators(config)      # at job start: reads keys, raises ConfigError
    new_texts, replacements = anonymize_conversation(conversation_id, texts, findings, operators)

`build_operators` is the check that a keyed operator (surrogate, crypto hash, date shift) has
its key: call it when the job starts, so that a missing key stops the job before any data is
read, not on a worker.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from veil.operators.config import DeidentifyConfig, PrimitiveTransformation
from veil.operators.keys import read_key

KEYED = ("surrogate_config", "crypto_hash_config", "date_shift_config")
_PATH = "deidentify_config.info_type_transformations.transformations"


@dataclass(frozen=True)
class Operator:
    """One primitive transformation, ready to apply: its kind, options and key (if keyed)."""

    kind: str
    options: Any
    key: bytes | None = field(default=None, repr=False)


DEFAULT_OPERATOR = Operator("numbered_placeholder_config", None)


@dataclass(frozen=True)
class Operators:
    """The operator of every infoType; `default` for the types no transformation lists."""

    by_type: dict[str, Operator] = field(default_factory=dict)
    default: Operator = DEFAULT_OPERATOR

    def for_type(self, info_type: str) -> Operator:
        return self.by_type.get(info_type, self.default)


def operator_from(primitive: PrimitiveTransformation, where: str) -> Operator:
    """One transformation, ready to apply; `where` (its config path) names it in errors."""
    return _operator(primitive, where)


def _operator(primitive: PrimitiveTransformation, where: str) -> Operator:
    options = primitive.options
    key = None
    if primitive.kind in KEYED:
        key = read_key(options.crypto_key, f"{where}.primitive_transformation.{primitive.kind}.crypto_key")
    return Operator(primitive.kind, options, key)


def build_operators(config=None, path: str = _PATH) -> Operators:
    """Operators from a VeilConfig or a DeidentifyConfig (or its dict). Reads every key now;
    raises ConfigError when one is missing or unreadable. `path` names the transformations
    in errors."""
    deidentify = getattr(config, "deidentify_config", config)
    if deidentify is None:
        deidentify = DeidentifyConfig()
    elif isinstance(deidentify, dict):
        deidentify = DeidentifyConfig.model_validate(deidentify)
    transformations = deidentify.info_type_transformations
    if transformations is None:
        return Operators()
    by_type: dict[str, Operator] = {}
    default = DEFAULT_OPERATOR
    for index, transformation in enumerate(transformations.transformations):
        operator = _operator(transformation.primitive_transformation, f"{path}[{index}]")
        if not transformation.info_types:
            default = operator
        for info_type in transformation.info_types:
            by_type[info_type.name] = operator
    return Operators(by_type, default)
