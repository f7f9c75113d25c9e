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

DLP's own primitives keep DLP's field names: `replace_with_info_type_config`,
`character_mask_config`, `crypto_hash_config`, `date_shift_config`, `replace_config`,
`redact_config`. Veil adds `numbered_placeholder_config` (the default for every type no
transformation lists) and `surrogate_config`. Keys never sit in the config: `crypto_key` is
`{env: NAME}` or `{file: path}`; DLP's inline `unwrapped` key is refused, because a config is
copied, logged and committed far more often than a secret should be.
"""
from __future__ import annotations

import enum
from typing import Any

from pydantic import Field, model_validator

from veil.engine.inspect_config import DlpModel, InfoType

DEFAULT_KEY_ENV = "VEIL_SECRET_KEY"


class CryptoKey(DlpModel):
    """Where the secret key is read from: an environment variable or a file (any fsspec path)."""

    env: str | None = None
    file: str | None = None
    # DLP's other key kinds, accepted here only to be refused with a useful message.
    unwrapped: Any = None
    kms_wrapped: Any = None
    transient: Any = None

    @model_validator(mode="after")
    def _env_or_file(self):
        if self.unwrapped is not None:
            raise ValueError(
                "an inline (unwrapped) key is not accepted: put the key in an environment "
                f"variable ({{env: {DEFAULT_KEY_ENV}}}) or a file ({{file: path}})"
            )
        if self.kms_wrapped is not None or self.transient is not None:
            raise ValueError(
                "kms_wrapped and transient keys are not supported: use {env: NAME} or "
                "{file: path}, so that every worker and every re-run derives the same values"
            )
        if (self.env is None) == (self.file is None):
            raise ValueError("give exactly one of env or file")
        return self


def _default_key() -> CryptoKey:
    return CryptoKey(env=DEFAULT_KEY_ENV)


class NumberedPlaceholderConfig(DlpModel):
    """`[PERSON_NAME_1]`: the infoType and the entity's number within the conversation."""


class ReplaceWithInfoTypeConfig(DlpModel):
    """`[PERSON_NAME]`: the infoType alone."""


class RedactConfig(DlpModel):
    """The value is removed (replaced by the empty string)."""


class Value(DlpModel):
    """DLP's `Value`, the scalar kinds that make sense in text."""

    string_value: str | None = None
    integer_value: int | None = None
    float_value: float | None = None
    boolean_value: bool | None = None

    one_of = ("string_value", "integer_value", "float_value", "boolean_value")

    def as_text(self) -> str:
        for value in (self.string_value, self.integer_value, self.float_value):
            if value is not None:
                return str(value)
        return "true" if self.boolean_value else "false"


class ReplaceValueConfig(DlpModel):
    new_value: Value


class CommonCharsToIgnore(str, enum.Enum):
    COMMON_CHARS_TO_IGNORE_UNSPECIFIED = "COMMON_CHARS_TO_IGNORE_UNSPECIFIED"
    NUMERIC = "NUMERIC"
    ALPHA_UPPER_CASE = "ALPHA_UPPER_CASE"
    ALPHA_LOWER_CASE = "ALPHA_LOWER_CASE"
    PUNCTUATION = "PUNCTUATION"
    WHITESPACE = "WHITESPACE"


class CharsToIgnore(DlpModel):
    characters_to_skip: str | None = None
    common_characters_to_ignore: CommonCharsToIgnore | None = None

    one_of = ("characters_to_skip", "common_characters_to_ignore")


class CharacterMaskConfig(DlpModel):
    """DLP's semantics: mask `number_to_mask` characters (all if 0) from the start, or from the
    end with `reverse_order`; a negative number masks all but that many."""

    masking_character: str = Field(default="*", max_length=1)
    number_to_mask: int = 0
    reverse_order: bool = False
    characters_to_ignore: list[CharsToIgnore] = Field(default_factory=list)

    @property
    def mask_char(self) -> str:
        return self.masking_character or "*"  # DLP: unset means "*"


class CryptoHashConfig(DlpModel):
    """HMAC-SHA256 of (conversation, infoType, entity), truncated. Veil extensions: `hex_chars`
    and `output_format` (with `{info_type}` and `{hash}`)."""

    crypto_key: CryptoKey = Field(default_factory=_default_key)
    hex_chars: int = Field(default=16, ge=4, le=64)
    output_format: str = "[{info_type}:{hash}]"

    @model_validator(mode="after")
    def _format_has_hash(self):
        if "{hash}" not in self.output_format:
            raise ValueError("output_format must contain {hash}")
        try:
            self.output_format.format(info_type="X", hash="0")
        except (KeyError, IndexError, ValueError) as error:
            raise ValueError(f"output_format: use only {{info_type}} and {{hash}} ({error})") from None
        return self


class DateShiftConfig(DlpModel):
    """One shift per conversation, in [lower_bound_days, upper_bound_days], never 0."""

    upper_bound_days: int = Field(ge=-365250, le=365250)
    lower_bound_days: int = Field(ge=-365250, le=365250)
    crypto_key: CryptoKey = Field(default_factory=_default_key)

    @model_validator(mode="after")
    def _ordered(self):
        if self.lower_bound_days > self.upper_bound_days:
            raise ValueError("lower_bound_days must not exceed upper_bound_days")
        if self.lower_bound_days == self.upper_bound_days == 0:
            raise ValueError("a shift range of [0, 0] would keep every date")
        return self


class SurrogateConfig(DlpModel):
    """Realistic fake values in the original's format, deterministic from the key."""

    crypto_key: CryptoKey = Field(default_factory=_default_key)


_PRIMITIVES = (
    "numbered_placeholder_config", "replace_with_info_type_config", "redact_config",
    "replace_config", "character_mask_config", "crypto_hash_config", "date_shift_config",
    "surrogate_config",
)


class PrimitiveTransformation(DlpModel):
    numbered_placeholder_config: NumberedPlaceholderConfig | None = None
    replace_with_info_type_config: ReplaceWithInfoTypeConfig | None = None
    redact_config: RedactConfig | None = None
    replace_config: ReplaceValueConfig | None = None
    character_mask_config: CharacterMaskConfig | None = None
    crypto_hash_config: CryptoHashConfig | None = None
    date_shift_config: DateShiftConfig | None = None
    surrogate_config: SurrogateConfig | None = None

    one_of = _PRIMITIVES

    @property
    def kind(self) -> str:
        return next(name for name in _PRIMITIVES if getattr(self, name) is not None)

    @property
    def options(self):
        return getattr(self, self.kind)


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


class DeidentifyConfig(DlpModel):
    """DLP's `DeidentifyConfig`. Unlike DLP, where one of the two is given, Veil takes both:
    `info_type_transformations` for the conversation's text (and speaker labels), and
    `record_transformations` for the record's other fields."""

    info_type_transformations: InfoTypeTransformations | None = None
    record_transformations: "RecordTransformations | None" = None

    def primitive_for(self, info_type: str) -> PrimitiveTransformation:
        """The transformation listing `info_type`, else the catch-all, else numbered placeholders."""
        catch_all = None
        if self.info_type_transformations is not None:
            for transformation in self.info_type_transformations.transformations:
                if not transformation.info_types:
                    catch_all = transformation.primitive_transformation
                elif any(t.name == info_type for t in transformation.info_types):
                    return transformation.primitive_transformation
        return catch_all or PrimitiveTransformation(numbered_placeholder_config={})


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
        return self


DeidentifyConfig.model_rebuild()
