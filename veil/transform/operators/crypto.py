"""DLP's pseudonymisation primitives on values: format-preserving encryption (FF1),
deterministic encryption (AES-SIV), the keyed hash, and the surrogate annotation that lets
`veil reidentify` find and reverse a token (`MY_TOKEN(10):4929110345`).

Everything here is a plain function of (key, value): the same value gives the same token in
every record and every conversation. That is DLP's semantics, and it is why these are
pseudonymisation, not anonymisation (docs/pseudonymisation.md).
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
import string

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESSIV

from veil.transform.operators.ff1 import AES_KEY_BYTES, FF1, min_length
from veil.transform.operators.keys import keyed_digest

# DLP's FfxCommonNativeAlphabet.
COMMON_ALPHABETS = {
    "NUMERIC": string.digits,
    "HEXADECIMAL": string.digits + "ABCDEF",
    "UPPER_CASE_ALPHA_NUMERIC": string.digits + string.ascii_uppercase,
    "ALPHA_NUMERIC": string.digits + string.ascii_uppercase + string.ascii_lowercase,
}
# Every character FPE may use, in DLP's documented order: `radix: N` selects the first N, and
# a `custom_alphabet` is taken in this order ("the order of characters does not matter").
FPE_CHARACTERS = COMMON_ALPHABETS["ALPHA_NUMERIC"] + " ~`!@#$%^&*()_-+={[}]|:;\"'<,>.?/"
RADIX_ALPHABET = FPE_CHARACTERS
SIV_KEY_BYTES = (32, 48, 64)


class TransformationError(ValueError):
    """A value the operator cannot transform (DLP's "transformation error"). The message
    says why, never the value."""


def sized_key(key: bytes, sizes: tuple[int, ...], purpose: str) -> bytes:
    """`key` itself when it has one of `sizes` (a DLP key of the right size gives DLP's
    output); otherwise a key of the largest size derived from it with HMAC-SHA256, so that a
    passphrase of any length works."""
    if len(key) in sizes:
        return key
    size = max(sizes)
    out = b""
    counter = 0
    while len(out) < size:
        out += keyed_digest(key, "veil sized key", purpose, counter)
        counter += 1
    return out[:size]


# --- format-preserving encryption -----------------------------------------------------------

def fpe(key: bytes, alphabet: str, value: str, tweak: bytes = b"", decrypt: bool = False) -> str:
    """`value` encrypted (or decrypted) with FF1 over `alphabet`, same length and alphabet."""
    radix = len(alphabet)
    if not value.isascii():
        raise TransformationError("FPE takes ASCII values only")
    if any(c not in alphabet for c in value):
        raise TransformationError("the value holds characters outside the FPE alphabet")
    if len(value) < min_length(radix):
        raise TransformationError(f"FPE in a {radix}-character alphabet needs values of at "
                                  f"least {min_length(radix)} characters")
    index = {c: i for i, c in enumerate(alphabet)}
    cipher = FF1(sized_key(key, AES_KEY_BYTES, "fpe"), tweak)
    numerals = [index[c] for c in value]
    out = cipher.decrypt(numerals, radix) if decrypt else cipher.encrypt(numerals, radix)
    return "".join(alphabet[i] for i in out)


# --- deterministic encryption ---------------------------------------------------------------

def siv_encrypt(key: bytes, value: str, context: bytes = b"") -> str:
    """AES-SIV (RFC 5297) of the value's UTF-8 bytes, base64: DLP's
    `crypto_deterministic_config`. A context is appended to the plaintext, as DLP does."""
    sealed = AESSIV(sized_key(key, SIV_KEY_BYTES, "siv")).encrypt(value.encode("utf-8") + context, None)
    return base64.b64encode(sealed).decode("ascii")


def siv_decrypt(key: bytes, token: str, context: bytes = b"") -> str:
    try:
        plain = AESSIV(sized_key(key, SIV_KEY_BYTES, "siv")).decrypt(base64.b64decode(token), None)
    except (InvalidTag, ValueError):
        raise TransformationError("the token does not decrypt under this key and context") from None
    if context:
        if not plain.endswith(context):
            raise TransformationError("the token was made with another context")
        plain = plain[: len(plain) - len(context)]
    return plain.decode("utf-8")


# --- keyed hash -----------------------------------------------------------------------------

def dlp_hash(key: bytes, value: str) -> str:
    """DLP's `crypto_hash_config` output: base64 of HMAC-SHA256(key, the value's UTF-8)."""
    return base64.b64encode(hmac.new(key, value.encode("utf-8"), hashlib.sha256).digest()).decode("ascii")


# --- surrogate annotation -------------------------------------------------------------------

def annotate(info_type: str, token: str) -> str:
    """DLP's annotation of a surrogate: `NAME(number of characters):token`."""
    return f"{info_type}({len(token)}):{token}"


def annotated_tokens(text: str, info_type: str):
    """(start, end, token) of each `info_type(N):token` in `text` whose N characters are
    there (DLP's `surrogate_type` custom infoType)."""
    for match in re.finditer(rf"(?<![\w]){re.escape(info_type)}\((\d{{1,6}})\):", text):
        start, count = match.end(), int(match.group(1))
        if start + count <= len(text):
            yield match.start(), start + count, text[start:start + count]
