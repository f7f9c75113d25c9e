"""Google Cloud DLP's `DeidentifyConfig`, the part that applies to free text, as a schema.

```yaml
deidentify_config:
  info_type_transformations:
    transformations:
      - info_types: [{name: EMAIL_ADDRESS}]
        primitive_transformation: {replace_with_info_type_config: {}}
      - info_types: [{name: PERSON_NAME}, {name: PHONE_NUMBER}]
        primitive_transformation:
          surrogate_config: {crypto_key: {env: VEIL_SECRET_KEY}}
      - primitive_transformation:          # no info_types: every type not listed above
          numbered_placeholder_config: {}
```

The operators, their options and what each does are in `veil.transform.operators.primitives` (DLP's
own keep DLP's field names; Veil adds `numbered_placeholder_config`, the default for every
type no transformation lists, and `surrogate_config`). `crypto_key` is `{env: NAME}` or
`{file: path}`, or DLP's `unwrapped` (warned about: the key sits in the config) or
`transient` (veil.transform.operators.keys). `transformation_error_handling` says what a value an
operator cannot transform becomes.
"""
from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from veil.detection.engine.inspect_config import InfoType
from veil.run.schema import DlpModel
from veil.transform.operators.keys import CryptoKey  # noqa: F401 (re-exported)
from veil.transform.operators.primitives import (  # noqa: F401 (re-exported: the operators' options)
    OPERATORS,
    BucketingConfig,
    CharacterMaskConfig,
    CryptoDeterministicConfig,
    CryptoHashConfig,
    CryptoReplaceFfxFpeConfig,
    DateShiftConfig,
    FixedSizeBucketingConfig,
    NumberedPlaceholderConfig,
    RedactConfig,
    ReplaceDictionaryConfig,
    ReplaceValueConfig,
    ReplaceWithInfoTypeConfig,
    SurrogateConfig,
    TimePartConfig,
    Value,
)

# The primitive transformations are the registered operators (veil.transform.operators.primitives): one
# field each, named as in DLP, exactly one of which a transformation gives.
PrimitiveTransformation = OPERATORS.transformation_model(__name__)


class InfoTypeTransformation(DlpModel):
    info_types: list[InfoType] = Field(default_factory=list)
    primitive_transformation: PrimitiveTransformation


class InfoTypeTransformations(DlpModel):
    transformations: list[InfoTypeTransformation] = Field(min_length=1)

    @model_validator(mode="after")
    def _each_type_once(self):
        seen: set[str] = set()
        catch_alls = 0
        for transformation in self.transformations:
            if not transformation.info_types:
                catch_alls += 1
            for info_type in transformation.info_types:
                if info_type.name in seen:
                    raise ValueError(f"infoType {info_type.name} is listed in two transformations")
                seen.add(info_type.name)
        if catch_alls > 1:
            raise ValueError("at most one transformation may have empty info_types")
        return self


class TransformationErrorHandling(DlpModel):
    """DLP's `TransformationErrorHandling`: what happens to a value its operator cannot
    transform (a date shift of something that is not a date, FPE of a value outside its
    alphabet). Left out, Veil writes the numbered placeholder instead (nothing is lost and
    nothing leaks). `throw_error: {}` sends the record to `errors/` with the reason (DLP fails
    the request). `leave_untransformed: {}` writes that value as it is, as DLP does: the job
    warns at start, and its `findings/` row says `untransformed: true`."""

    throw_error: dict | None = None
    leave_untransformed: dict | None = None

    one_of = ("throw_error", "leave_untransformed")

    @model_validator(mode="after")
    def _empty_options(self):
        if self.throw_error or self.leave_untransformed:
            raise ValueError("throw_error and leave_untransformed take no options: {}")
        return self

    @property
    def mode(self) -> str:
        return "throw_error" if self.throw_error is not None else "leave_untransformed"


class DeidentifyConfig(DlpModel):
    """DLP's `DeidentifyConfig`. Unlike DLP, where one of the two is given, Veil takes both:
    `info_type_transformations` for the conversation's text (and speaker labels), and
    `record_transformations` for the record's other fields."""

    info_type_transformations: InfoTypeTransformations | None = None
    record_transformations: "RecordTransformations | None" = None
    transformation_error_handling: TransformationErrorHandling | None = None


# --- record_transformations: fields outside the conversation's turns ------------------------

class FieldId(DlpModel):
    """A field by name. Nested fields join names with dots (`meta.agent.email`); a list on
    the way applies the rest of the path to each of its items (`participants.name`)."""

    name: str = Field(min_length=1, pattern=r"^[^.\s][^\s]*$")

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.name.split("."))

    @model_validator(mode="after")
    def _no_empty_parts(self):
        if any(not part for part in self.parts):
            raise ValueError(f"field name {self.name!r} has an empty part between dots")
        return self


class FieldTransformation(DlpModel):
    """DLP's `FieldTransformation`: the fields, and what to do with them.

    - `info_type_transformations`: inspect the fields with the job's `inspect_config` and
      transform what is found; types it does not list use the job's own transformations
      (DLP would leave them as they are; Veil never writes a finding un-redacted).
    - `primitive_transformation`: transform each whole value, without inspecting it.
    - neither (Veil): inspect, and transform with the job's own transformations.

    Veil's addition `info_type` names the type of a whole value, so that
    `numbered_placeholder_config` and `surrogate_config` number it with the mentions of the
    same entity in the text (`caller_name` and "This is Beth" are one `[PERSON_NAME_1]`).
    DLP's `condition` is not supported.
    """

    fields: list[FieldId] = Field(min_length=1)
    info_type_transformations: InfoTypeTransformations | None = None
    primitive_transformation: PrimitiveTransformation | None = None
    info_type: InfoType | None = None
    condition: Any = None

    @model_validator(mode="after")
    def _one_transformation(self):
        if self.condition is not None:
            raise ValueError("condition is not supported: Veil transforms every record's fields")
        if self.info_type_transformations is not None and self.primitive_transformation is not None:
            raise ValueError("give info_type_transformations or primitive_transformation, not both")
        if self.info_type is not None and self.primitive_transformation is None:
            raise ValueError("info_type names the type of a whole value: it goes with "
                             "primitive_transformation")
        if self.primitive_transformation is not None and self.info_type is None and \
                self.primitive_transformation.kind in WHOLE_VALUE_NEEDS_TYPE:
            raise ValueError(f"{self.primitive_transformation.kind} on a whole field needs "
                             "info_type: {name: ...}, the type of the value (e.g. PERSON_NAME)")
        return self


# Whole-field transformations whose output is made from the value's infoType.
WHOLE_VALUE_NEEDS_TYPE = ("numbered_placeholder_config", "replace_with_info_type_config",
                          "surrogate_config")


class RecordTransformations(DlpModel):
    field_transformations: list[FieldTransformation] = Field(min_length=1)
    record_suppressions: Any = None

    @model_validator(mode="after")
    def _each_field_once(self):
        if self.record_suppressions is not None:
            raise ValueError("record_suppressions is not supported: every record is written "
                             "to corpus/ or errors/")
        seen: set[str] = set()
        for transformation in self.field_transformations:
            for field_id in transformation.fields:
                if field_id.name in seen:
                    raise ValueError(f"field {field_id.name} is listed in two field transformations")
                seen.add(field_id.name)
        names = sorted(seen)
        for a, b in zip(names, names[1:]):
            if b.startswith(a + "."):
                raise ValueError(f"field {b} is inside field {a}, which is listed too")
        for transformation in self.field_transformations:
            for primitive in _primitives(transformation):
                if getattr(primitive.options, "context", None) is not None:
                    raise ValueError(
                        f"{primitive.kind}.context: a record field's value as the tweak is not "
                        "supported yet, and DLP would use it here; leave context out (the "
                        "default tweak) or transform the field in the text")
        return self


def _primitives(transformation: FieldTransformation) -> list:
    """The primitive transformations a field transformation holds."""
    found = [transformation.primitive_transformation]
    own = transformation.info_type_transformations
    found += [t.primitive_transformation for t in own.transformations] if own else []
    return [p for p in found if p is not None]


DeidentifyConfig.model_rebuild()
