"""The operator of each infoType, from a config's `DeidentifyConfig`, with its key read.

    operators = build_operators(config)      # at job start: reads keys, raises ConfigError
    new_texts, replacements = anonymize_conversation(conversation_id, texts, findings, operators)

`build_operators` is the check that a keyed operator (surrogate, crypto hash, date shift) has
its key: call it when the job starts, so that a missing key stops the job before any data is
read, not on a worker.

Operators hold key bytes, so they are never shipped to workers: a worker gets the
`DeidentifyConfig` (which names where each key is, never the key) and builds its own operators
in its setup, checking that it read the same keys as the launch (`Operators.key_checks`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from veil.run.errors import ConfigError
from veil.transform.operators.base import KeyedPrimitive, Operator
from veil.transform.operators.config import DeidentifyConfig, PrimitiveTransformation
from veil.transform.operators.keys import key_check, shown_file
from veil.transform.operators.primitives import NumberedPlaceholderConfig

_PATH = "deidentify_config.info_type_transformations.transformations"

DEFAULT_OPERATOR = Operator(NumberedPlaceholderConfig())


@dataclass(frozen=True)
class Operators:
    """The operator of every infoType; `default` for the types no transformation lists."""

    by_type: dict[str, Operator] = field(default_factory=dict)
    default: Operator = DEFAULT_OPERATOR
    # (config path, `key_check` tag) of each keyed operator, in config order: what a worker
    # compares to make sure it read the keys the launch read.
    key_checks: tuple[tuple[str, str], ...] = ()
    # DLP's transformation_error_handling: None (a numbered placeholder), "throw_error" (the
    # record goes to errors/) or "leave_untransformed" (the value stays as it is).
    on_error: str | None = None

    def for_type(self, info_type: str) -> Operator:
        return self.by_type.get(info_type, self.default)


def _options_path(index: int, primitive: PrimitiveTransformation, path: str = _PATH) -> str:
    return f"{path}[{index}].primitive_transformation.{primitive.kind}"


def operator_from(primitive: PrimitiveTransformation, where: str, storage=None,
                  job_secret: bytes | None = None) -> Operator:
    """One transformation, ready to apply, its key read; `where` names its options in errors
    (`...primitive_transformation.surrogate_config`)."""
    return primitive.options.bind(where, storage, job_secret)


def is_keyed(primitive: PrimitiveTransformation) -> bool:
    """Whether the transformation's operator reads a secret key."""
    return isinstance(primitive.options, KeyedPrimitive)


def build_operators(config=None, storage=None, expect_key_checks=None, path: str = _PATH,
                    job_secret: bytes | None = None) -> Operators:
    """Operators from a VeilConfig or a DeidentifyConfig (or its dict). Reads every key now;
    raises ConfigError when one is missing or unreadable, or (`expect_key_checks`, the
    launch's `key_checks`) differs from the key the launch read. `path` names the
    transformations in errors; `job_secret` is what transient keys derive from."""
    deidentify = getattr(config, "deidentify_config", config)
    if deidentify is None:
        deidentify = DeidentifyConfig()
    elif isinstance(deidentify, dict):
        deidentify = DeidentifyConfig.model_validate(deidentify)
    transformations = deidentify.info_type_transformations
    handling = deidentify.transformation_error_handling
    on_error = handling.mode if handling is not None else None
    if transformations is None:
        return Operators(on_error=on_error)
    by_type: dict[str, Operator] = {}
    default = DEFAULT_OPERATOR
    checks = []
    for index, transformation in enumerate(transformations.transformations):
        primitive = transformation.primitive_transformation
        where = _options_path(index, primitive, path)
        operator = operator_from(primitive, where, storage, job_secret)
        if operator.key is not None:
            checks.append((f"{where}.crypto_key", key_check(operator.key)))
        if not transformation.info_types:
            default = operator
        for info_type in transformation.info_types:
            by_type[info_type.name] = operator
    if expect_key_checks is not None:
        check_same_keys(tuple(checks), tuple(expect_key_checks))
    return Operators(by_type, default, tuple(checks), on_error)


def check_same_keys(found: tuple, expected: tuple) -> None:
    """Raises ConfigError when a key read here is not the one the launch read: keyed values
    would then differ between workers, and between this run and its re-runs."""
    for (where, tag), (_, launch_tag) in zip(found, expected):
        if tag != launch_tag:
            raise ConfigError(
                f"{where}: the key read on this worker differs from the key the job "
                "was launched with; every worker must read the same key (set the same "
                "environment variable in the workers' environment, or use a key file in object "
                "storage)")
    if len(found) != len(expected):
        raise ConfigError("deidentify_config: this worker found other keyed operators than the launch")


_RECORD_PATH = "deidentify_config.record_transformations.field_transformations"


def all_primitives(deidentify) -> list[tuple[str, PrimitiveTransformation]]:
    """(config path of its options, transformation) of every primitive transformation in a
    DeidentifyConfig: the text's, and each record field's (whole or inspected)."""
    if deidentify is None:
        return []
    found = []
    sections = [(_PATH, deidentify.info_type_transformations)]
    records = deidentify.record_transformations
    for index, field in enumerate(records.field_transformations if records else ()):
        where = f"{_RECORD_PATH}[{index}]"
        if field.primitive_transformation is not None:
            primitive = field.primitive_transformation
            found.append((f"{where}.primitive_transformation.{primitive.kind}", primitive))
        sections.append((f"{where}.info_type_transformations.transformations",
                         field.info_type_transformations))
    for path, section in sections:
        for index, transformation in enumerate(section.transformations if section else ()):
            primitive = transformation.primitive_transformation
            found.append((_options_path(index, primitive, path), primitive))
    return found


def crypto_keys(config=None) -> list:
    """Every `crypto_key` the config's operators read, text and record fields alike, and a
    VeilConfig's `record.id_crypto_key`."""
    record = getattr(config, "record", None)
    ids = [record.id_crypto_key] if record is not None else []
    deidentify = getattr(config, "deidentify_config", config)
    return [p.options.crypto_key for _, p in all_primitives(deidentify) if is_keyed(p)] + ids


def key_files(config=None) -> list[tuple[str, str, str]]:
    """(config path, file location, the location as a message may show it) of every key file
    the config's keyed operators read: the launch checks that workers can reach them."""
    deidentify = getattr(config, "deidentify_config", config)
    transformations = deidentify.info_type_transformations if deidentify is not None else None
    found = []
    for index, transformation in enumerate(transformations.transformations if transformations else ()):
        primitive = transformation.primitive_transformation
        if is_keyed(primitive) and primitive.options.crypto_key.file is not None:
            location = primitive.options.crypto_key.file
            found.append((f"{_options_path(index, primitive)}.crypto_key.file", location,
                          shown_file(location)))
    return found
