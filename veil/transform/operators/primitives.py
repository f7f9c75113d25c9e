"""Veil's operators, one class each: DLP's primitive transformations and Veil's own two.

DLP's keep DLP's field names and semantics: `replace_with_info_type_config`,
`character_mask_config`, `date_shift_config`, `replace_config`, `redact_config`, the
pseudonymising ones (`crypto_hash_config`, `crypto_deterministic_config`,
`crypto_replace_ffx_fpe_config`, in veil.transform.operators.pseudonymize) and the generalising ones
(`bucketing_config`, `fixed_size_bucketing_config`, `time_part_config`,
`replace_dictionary_config`, in veil.transform.operators.generalize). Veil adds `numbered_placeholder_config` (the default for every type no
transformation lists) and `surrogate_config`. Keyed operators read `crypto_key`
(`{env: NAME}`, `{file: path}` or DLP's kinds, see veil.transform.operators.keys) at start.

A new operator is a `Primitive` subclass here and one line in `OPERATORS` (CONTRIBUTING.md).
"""
from __future__ import annotations

from typing import ClassVar

from pydantic import Field, model_validator

from veil.transform.operators.base import KeyedPrimitive, Mention, OperatorRegistry, Primitive
from veil.transform.operators.crypto import TransformationError
from veil.transform.operators.dates import shift_date
from veil.transform.operators.generalize import (
    BucketingConfig, FixedSizeBucketingConfig, ReplaceDictionaryConfig, TimePartConfig,
)
from veil.transform.operators.keys import KeyedStream
from veil.transform.operators.mask import CharsToIgnore, character_mask
from veil.transform.operators.pseudonymize import (
    CryptoDeterministicConfig, CryptoHashConfig, CryptoReplaceFfxFpeConfig,
)
from veil.transform.operators.surrogates import surrogate
from veil.transform.operators.values import Value


class NumberedPlaceholderConfig(Primitive):
    """`[PERSON_NAME_1]`: the infoType and the entity's number within the conversation."""

    name: ClassVar[str] = "numbered_placeholder_config"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return mention.placeholder


class ReplaceWithInfoTypeConfig(Primitive):
    """`[PERSON_NAME]`: the infoType alone."""

    name: ClassVar[str] = "replace_with_info_type_config"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return f"[{mention.entity.info_type}]"


class RedactConfig(Primitive):
    """The value is removed (replaced by the empty string)."""

    name: ClassVar[str] = "redact_config"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return ""


class ReplaceValueConfig(Primitive):
    """Every value becomes `new_value`: a string, number, boolean, or DLP's date, time,
    timestamp or day-of-week value (a date is written `2020-01-31`)."""

    name: ClassVar[str] = "replace_config"
    example: ClassVar[dict] = {"new_value": {"string_value": "[REDACTED]"}}

    new_value: Value

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return self.new_value.as_text()


class CharacterMaskConfig(Primitive):
    """DLP's semantics: mask `number_to_mask` characters (all if 0) from the start, or from the
    end with `reverse_order`; a negative number masks all but that many."""

    name: ClassVar[str] = "character_mask_config"
    example: ClassVar[dict] = {  # all but the last four, keeping punctuation and spaces
        "masking_character": "#", "number_to_mask": -4,
        "characters_to_ignore": [{"common_characters_to_ignore": "PUNCTUATION"},
                                 {"common_characters_to_ignore": "WHITESPACE"}]}

    masking_character: str = Field(default="*", max_length=1)
    number_to_mask: int = 0
    reverse_order: bool = False
    characters_to_ignore: list[CharsToIgnore] = Field(default_factory=list)

    @property
    def mask_char(self) -> str:
        return self.masking_character or "*"  # DLP: unset means "*"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return character_mask(mention.value, self)


class DateShiftConfig(KeyedPrimitive):
    """One shift per conversation, from HMAC(key, conversation id), in [lower_bound_days,
    upper_bound_days] and never 0, so intervals between dates are kept. A date that does not
    parse (spoken, or a year alone) is a transformation error: by default it gets the numbered
    placeholder (see `transformation_error_handling`)."""

    name: ClassVar[str] = "date_shift_config"
    example: ClassVar[dict] = {"lower_bound_days": -30, "upper_bound_days": 30}
    example_info_types: ClassVar[tuple[str, ...]] = ("DATE_OF_BIRTH",)

    upper_bound_days: int = Field(ge=-365250, le=365250)
    lower_bound_days: int = Field(ge=-365250, le=365250)

    @model_validator(mode="after")
    def _ordered(self):
        if self.lower_bound_days > self.upper_bound_days:
            raise ValueError("lower_bound_days must not exceed upper_bound_days")
        if self.lower_bound_days == self.upper_bound_days == 0:
            raise ValueError("a shift range of [0, 0] would keep every date")
        return self

    def days(self, key: bytes, conversation_id: str) -> int:
        """The conversation's shift under `key`, in [lower, upper], never 0."""
        low, high = self.lower_bound_days, self.upper_bound_days
        spans_zero = low <= 0 <= high
        days = low + KeyedStream(key, "date_shift", conversation_id).below(
            high - low + 1 - spans_zero)
        return days + 1 if spans_zero and days >= 0 else days

    def apply(self, mention: Mention, key: bytes | None) -> str:
        shifted = shift_date(mention.value, self.days(key, mention.conversation.id))
        if shifted is None:
            raise TransformationError("the value is not a date Veil can shift")
        return shifted


class SurrogateConfig(KeyedPrimitive):
    """Realistic fake values in the original's format (each infoType's catalogue entry names
    its format), deterministic from the key. A mention no format fits gets the numbered
    placeholder."""

    name: ClassVar[str] = "surrogate_config"
    example: ClassVar[dict] = {"crypto_key": {"env": "VEIL_SECRET_KEY"}}

    def apply(self, mention: Mention, key: bytes | None) -> str:
        conversation = mention.conversation
        fake = surrogate(conversation.surrogates(key), mention.entity, mention.finding,
                         mention.value)
        return fake if fake is not None else mention.placeholder


OPERATORS = OperatorRegistry([
    NumberedPlaceholderConfig,
    ReplaceWithInfoTypeConfig,
    RedactConfig,
    ReplaceValueConfig,
    CharacterMaskConfig,
    CryptoHashConfig,
    DateShiftConfig,
    SurrogateConfig,
    CryptoReplaceFfxFpeConfig,
    CryptoDeterministicConfig,
    ReplaceDictionaryConfig,
    BucketingConfig,
    FixedSizeBucketingConfig,
    TimePartConfig,
])
