"""Building the record plan: the operators of each configured field and the keys the plan
reads (veil.io.fields holds the plan itself and applies it to a record).

`build_record_plan` compiles the job config's `record_transformations.field_transformations`
and `record:` settings once, at job start, with every key read and every path checked; a worker
builds it again from a `RecordConfig`, which carries where the keys are, never the keys.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from veil.io.fields import RULES_PATH, FieldRule, IdHandling, RecordPlan, RecordSettings
from veil.transform.operators import Operators, build_operators, operator_from
from veil.transform.operators.config import FieldTransformation


@dataclass(frozen=True)
class RecordConfig:
    """What a worker needs to build the RecordPlan: the config sections, where the keys are
    (never the keys), and the launch's key checks, which the worker's keys must match."""

    deidentify_config: Any
    record: RecordSettings
    key_checks: tuple[tuple[str, str], ...] = ()
    job_secret_path: str | None = None  # where transient keys' job secret is, if any

    def job_secret(self, storage=None) -> bytes | None:
        from veil.transform.operators.keys import read_job_secret

        return read_job_secret(storage, self.job_secret_path) if self.job_secret_path else None

    def plan(self, operators: Operators, storage=None) -> RecordPlan:
        return build_record_plan(self, operators, storage, self.key_checks,
                                 self.job_secret(storage))


def record_config(config, plan: RecordPlan, job_secret_path: str | None = None) -> RecordConfig:
    return RecordConfig(config.deidentify_config, config.record, plan.key_checks, job_secret_path)


def build_record_plan(config, operators: Operators | None = None, storage=None,
                      expect_key_checks=None, job_secret: bytes | None = None) -> RecordPlan:
    """The plan from a VeilConfig (or a RecordConfig). Reads the keys it needs now; raises
    ConfigError when one is missing, or differs from the launch's (`expect_key_checks`)."""
    from veil.transform.operators import check_same_keys
    from veil.transform.operators.keys import key_check, read_key

    settings: RecordSettings = config.record
    operators = operators if operators is not None else build_operators(
        config, storage, job_secret=job_secret)
    rules, checks = [], []
    record_transformations = config.deidentify_config.record_transformations
    transformations = record_transformations.field_transformations if record_transformations else []
    for index, transformation in enumerate(transformations):
        rules += _rules(transformation, operators, f"{RULES_PATH}[{index}]", storage, checks,
                        job_secret)
    id_key = None
    if settings.ids is IdHandling.HASH:
        id_key = read_key(settings.id_crypto_key, "record.id_crypto_key", storage, job_secret)
        checks.append(("record.id_crypto_key", key_check(id_key)))
    if expect_key_checks is not None:
        check_same_keys(tuple(checks), tuple(expect_key_checks))
    return RecordPlan(tuple(rules), settings.speakers, settings.ids, id_key, settings.sample_records,
                      tuple(checks))


def _rules(transformation: FieldTransformation, job: Operators, where: str, storage,
           checks: list, job_secret: bytes | None = None) -> list[FieldRule]:
    """The rules of one field transformation (one per field), its keys read once."""
    from veil.transform.operators.keys import key_check

    fields = [(f.name, f.parts) for f in transformation.fields]
    primitive = transformation.primitive_transformation
    if primitive is not None:
        operator = operator_from(primitive, f"{where}.primitive_transformation.{primitive.kind}",
                                 storage, job_secret)
        if operator.key is not None:
            checks.append((f"{where}.primitive_transformation", key_check(operator.key)))
        info_type = transformation.info_type.name if transformation.info_type else "FIELD"
        return [FieldRule(name, parts, False, operator=operator, info_type=info_type)
                for name, parts in fields]
    own = transformation.info_type_transformations
    if own is None:
        return [FieldRule(name, parts, True, operators=job) for name, parts in fields]
    listed = build_operators({"info_type_transformations": own}, storage,
                             path=f"{where}.info_type_transformations.transformations",
                             job_secret=job_secret)
    checks.extend(listed.key_checks)
    if any(not t.info_types for t in own.transformations):  # its own catch-all
        field_operators = listed
    else:  # the job's operators for the types the field does not list: never un-redacted
        field_operators = Operators({**job.by_type, **listed.by_type}, job.default)
    return [FieldRule(name, parts, True, operators=field_operators) for name, parts in fields]


def record_key_files(config) -> list[tuple[str, str, str]]:
    """(config path, file location, the location as a message may show it) of every key file
    the record settings read: keyed field transformations and the id key. Like
    `veil.transform.operators.key_files`, for the launch's check that workers can reach them."""
    from veil.transform.operators.build import is_keyed, key_files
    from veil.transform.operators.config import DeidentifyConfig
    from veil.transform.operators.keys import shown_file

    found = []
    record_transformations = config.deidentify_config.record_transformations
    for index, transformation in enumerate(
            record_transformations.field_transformations if record_transformations else ()):
        where = f"{RULES_PATH}[{index}]"
        primitive = transformation.primitive_transformation
        if primitive is not None and is_keyed(primitive) and primitive.options.crypto_key.file:
            location = primitive.options.crypto_key.file
            found.append((f"{where}.primitive_transformation.{primitive.kind}.crypto_key.file",
                          location, shown_file(location)))
        if transformation.info_type_transformations is not None:
            own = DeidentifyConfig(info_type_transformations=transformation.info_type_transformations)
            for path, location, shown in key_files(own):
                found.append((where + "." + path.removeprefix("deidentify_config."), location, shown))
    if config.record.ids is IdHandling.HASH and config.record.id_crypto_key.file:
        location = config.record.id_crypto_key.file
        found.append(("record.id_crypto_key.file", location, shown_file(location)))
    return found
