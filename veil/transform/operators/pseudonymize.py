"""DLP's pseudonymisation operators: format-preserving encryption, deterministic encryption and
the keyed hash, with DLP's semantics and output (veil.transform.operators.crypto does the cryptography).

Unlike Veil's placeholders and surrogates, their tokens are the same for the same value in
every record: a token joins records, which is what pseudonymisation is for and what the
paper's anonymisation avoids (docs/pseudonymisation.md).

`context` (DLP's `FieldId`) names a record field whose value tweaks the token. DLP uses it
only when the value is transformed inside a table record; text, which is what
`info_type_transformations` transforms, has no record, so there, as in DLP, the default tweak
(FPE) or no context (deterministic encryption) is used.
"""
from __future__ import annotations

import enum
from typing import ClassVar

from pydantic import Field, model_validator

from veil.detection.engine.inspect_config import InfoType
from veil.run.schema import DlpModel
from veil.transform.operators.base import KeyedPrimitive, Mention
from veil.transform.operators.crypto import (
    COMMON_ALPHABETS, FPE_CHARACTERS, RADIX_ALPHABET, TransformationError, annotate, dlp_hash, fpe,
    siv_decrypt, siv_encrypt,
)
from veil.transform.operators.keys import keyed_digest


class FieldName(DlpModel):
    """DLP's `FieldId`."""

    name: str = Field(min_length=1)


class SurrogateType(DlpModel):
    """The custom infoType a surrogate is annotated with (`NAME(length):token`), which
    `veil reidentify` finds and reverses."""

    surrogate_info_type: InfoType | None = None

    def annotated(self, token: str) -> str:
        if self.surrogate_info_type is None:
            return token
        return annotate(self.surrogate_info_type.name, token)


class FfxCommonNativeAlphabet(str, enum.Enum):
    FFX_COMMON_NATIVE_ALPHABET_UNSPECIFIED = "FFX_COMMON_NATIVE_ALPHABET_UNSPECIFIED"
    NUMERIC = "NUMERIC"
    HEXADECIMAL = "HEXADECIMAL"
    UPPER_CASE_ALPHA_NUMERIC = "UPPER_CASE_ALPHA_NUMERIC"
    ALPHA_NUMERIC = "ALPHA_NUMERIC"


class CryptoReplaceFfxFpeConfig(KeyedPrimitive, SurrogateType):
    """DLP's format-preserving encryption (FF1, NIST SP 800-38G): each value is encrypted into
    a value of the same length over the same alphabet, the same for the same value everywhere
    (pseudonymisation). Give one of `common_alphabet` (NUMERIC, HEXADECIMAL,
    UPPER_CASE_ALPHA_NUMERIC, ALPHA_NUMERIC), `custom_alphabet` (2 to 95 of DLP's 95 allowed
    ASCII characters, in any order) or `radix` (2 to 95: the first N of 0-9A-Za-z, then space
    and punctuation in DLP's order). A value with a character outside the alphabet, or
    too short for it, is a transformation error (see `transformation_error_handling`). With
    `surrogate_info_type`, the token is written `NAME(length):token` and `veil reidentify`
    reverses it."""

    name: ClassVar[str] = "crypto_replace_ffx_fpe_config"
    example: ClassVar[dict] = {"crypto_key": {"env": "VEIL_SECRET_KEY"},
                               "common_alphabet": "NUMERIC",
                               "surrogate_info_type": {"name": "MEMBER_TOKEN"}}
    example_info_types: ClassVar[tuple[str, ...]] = ("MEMBER_NUMBER",)

    common_alphabet: FfxCommonNativeAlphabet | None = None
    custom_alphabet: str | None = None
    radix: int | None = Field(default=None, ge=2, le=95)
    context: FieldName | None = None

    one_of = ("common_alphabet", "custom_alphabet", "radix")  # DLP's oneof `alphabet`

    @model_validator(mode="after")
    def _alphabet_allowed(self):
        if self.common_alphabet is FfxCommonNativeAlphabet.FFX_COMMON_NATIVE_ALPHABET_UNSPECIFIED:
            raise ValueError("common_alphabet: choose NUMERIC, HEXADECIMAL, "
                             "UPPER_CASE_ALPHA_NUMERIC or ALPHA_NUMERIC")
        if self.custom_alphabet is not None:
            chars = self.custom_alphabet
            if not 2 <= len(chars) <= 95:
                raise ValueError("custom_alphabet: 2 to 95 characters")
            if any(c not in FPE_CHARACTERS for c in chars):
                raise ValueError(f"custom_alphabet: only these characters: {FPE_CHARACTERS}")
            if len(set(chars)) != len(chars):
                raise ValueError("custom_alphabet: each character once")
        return self

    @property
    def alphabet(self) -> str:
        if self.common_alphabet is not None:
            return COMMON_ALPHABETS[self.common_alphabet.value]
        if self.custom_alphabet is not None:  # DLP: the order does not matter
            return "".join(sorted(self.custom_alphabet, key=FPE_CHARACTERS.index))
        return RADIX_ALPHABET[: self.radix]

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return self.annotated(fpe(key, self.alphabet, mention.value))

    def reverse(self, token: str, key: bytes) -> str:
        return fpe(key, self.alphabet, token, decrypt=True)


class CryptoDeterministicConfig(KeyedPrimitive, SurrogateType):
    """DLP's deterministic encryption: AES-SIV (RFC 5297) of the value, base64, the same for
    the same value everywhere (pseudonymisation). With `surrogate_info_type`, the token is
    written `NAME(length):token` and `veil reidentify` reverses it."""

    name: ClassVar[str] = "crypto_deterministic_config"
    example: ClassVar[dict] = {"crypto_key": {"env": "VEIL_SECRET_KEY"},
                               "surrogate_info_type": {"name": "EMAIL_TOKEN"}}
    example_info_types: ClassVar[tuple[str, ...]] = ("EMAIL_ADDRESS",)

    context: FieldName | None = None

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return self.annotated(siv_encrypt(key, mention.value))

    def reverse(self, token: str, key: bytes) -> str:
        return siv_decrypt(key, token)


class CryptoHashConfig(KeyedPrimitive):
    """DLP's keyed hash: base64 of HMAC-SHA256(key, value), the same for the same value
    everywhere (pseudonymisation; it cannot be reversed). Veil's options `hex_chars` and
    `output_format` (with `{info_type}` and `{hash}`) give Veil's hash instead: per entity
    and per conversation (the same email hashes differently in two conversations), truncated
    to `hex_chars` (default 16), written `[{info_type}:{hash}]` by default."""

    name: ClassVar[str] = "crypto_hash_config"
    example: ClassVar[dict] = {"crypto_key": {"env": "VEIL_SECRET_KEY"}}
    example_info_types: ClassVar[tuple[str, ...]] = ("EMAIL_ADDRESS",)

    hex_chars: int | None = Field(default=None, ge=4, le=64)
    output_format: str | None = None

    @model_validator(mode="after")
    def _format_has_hash(self):
        if self.output_format is None:
            return self
        if "{hash}" not in self.output_format:
            raise ValueError("output_format must contain {hash}")
        try:
            self.output_format.format(info_type="X", hash="0")
        except (KeyError, IndexError, ValueError) as error:
            raise ValueError(f"output_format: use only {{info_type}} and {{hash}} ({error})") from None
        return self

    @property
    def per_conversation(self) -> bool:
        """Veil's hash (either Veil option given) rather than DLP's."""
        return self.hex_chars is not None or self.output_format is not None

    def apply(self, mention: Mention, key: bytes | None) -> str:
        if not self.per_conversation:
            return dlp_hash(key, mention.value)
        entity = mention.entity
        digest = keyed_digest(key, "crypto_hash", mention.conversation.id, entity.info_type,
                              entity.key)
        return (self.output_format or "[{info_type}:{hash}]").format(
            info_type=entity.info_type, hash=digest.hex()[: self.hex_chars or 16])


REVERSIBLE = (CryptoReplaceFfxFpeConfig, CryptoDeterministicConfig)
__all__ = ["CryptoDeterministicConfig", "CryptoHashConfig", "CryptoReplaceFfxFpeConfig",
           "REVERSIBLE", "TransformationError"]
