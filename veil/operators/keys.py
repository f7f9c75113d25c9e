"""Reading the secret key, and deriving deterministic values from it with HMAC-SHA256.

Everything keyed (surrogates, hashes, date shifts) is derived from HMAC(key, parts), so every
worker and every re-run of the same input with the same key gives the same bytes, and nothing
depends on per-worker random state.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re

import fsspec

from veil.errors import ConfigError
from veil.operators.config import CryptoKey

MIN_KEY_BYTES = 16
# What an environment variable's name conventionally looks like: upper-case words joined by
# underscores (VEIL_SECRET_KEY, AWS_S3_KEY). Anything else in `crypto_key.env` may be the key
# itself, pasted in the wrong place, so messages never repeat it.
_ENV_NAME = re.compile(r"[A-Z]{1,16}[0-9]{0,3}(?:_(?:[A-Z]{1,16}[0-9]{0,3}|[0-9]{1,3})){0,7}")
# A URL, an absolute or ./ path, or a relative path ending in a file name with an extension,
# of path characters only (no '+' or '=', which base64 keys hold). Anything else may be a key.
_PATH_LIKE = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://|/|\.{1,2}/|~/)[\w./~:@%-]*|[\w-]+(?:/[\w.-]+)*/?[\w-]+\.[A-Za-z]\w*")


def shown_env_name(name: str) -> str:
    """`name` as a message may show it: as it is when it looks like a variable's name,
    otherwise a description that does not repeat it (it may be the key itself)."""
    if _ENV_NAME.fullmatch(name):
        return name
    return (f"named by crypto_key.env (not shown: {len(name)} characters that do not look like a "
            "variable name such as VEIL_SECRET_KEY; crypto_key.env takes the variable's NAME, "
            "never the key)")


def shown_file(path: str) -> str:
    """`path` as a message may show it (see `shown_env_name`)."""
    if _PATH_LIKE.fullmatch(path):
        return repr(path)
    return (f"named by crypto_key.file (not shown: {len(path)} characters that do not look like "
            "a path; crypto_key.file takes the key file's path, never the key)")


def read_key(key: CryptoKey, where: str, storage=None) -> bytes:
    """The key's bytes. Raises ConfigError naming `where` (the config path) and what to do.

    The message never holds the key, nor a value that may be the key pasted where its
    variable's name or file's path belongs. `storage` (a `veil.storage.Storage`) carries the
    job's object-store settings for a key file on `s3://`."""
    if key.env is not None:
        value = os.environ.get(key.env, "")
        name = shown_env_name(key.env)
        if not value:
            raise ConfigError(
                f"{where}: needs a secret key, but the environment variable {name} is not set "
                f"(set it, or point crypto_key at a file with {{file: path}})"
            )
        secret = value.encode("utf-8")
        origin = f"environment variable {name}"
    else:
        shown = shown_file(key.file)
        options = storage.options_for(key.file) if storage is not None else {}
        try:
            with fsspec.open(key.file, "rb", **options) as handle:
                secret = handle.read().strip()
        except (OSError, ValueError) as error:
            # The error's own text repeats the path: give its kind alone.
            raise ConfigError(
                f"{where}: cannot read the key file {shown} ({type(error).__name__})") from None
        origin = f"key file {shown}"
    if len(secret) < MIN_KEY_BYTES:
        raise ConfigError(f"{where}: the {origin} holds {len(secret)} bytes; a key needs at "
                          f"least {MIN_KEY_BYTES}")
    return secret


def key_check(key: bytes) -> str:
    """A short tag that says whether two keys are the same without revealing either: the
    first 8 bytes of HMAC(key, "veil key check"), one more output of the function that
    derives every keyed value, so it tells an attacker nothing the output does not."""
    return keyed_digest(key, "veil key check")[:8].hex()


def _message(parts: tuple) -> bytes:
    # Length-prefixed, so that ("ab", "c") and ("a", "bc") never collide.
    out = bytearray()
    for part in parts:
        data = part if isinstance(part, bytes) else str(part).encode("utf-8")
        out += len(data).to_bytes(4, "big") + data
    return bytes(out)


def keyed_digest(key: bytes, *parts) -> bytes:
    return hmac.new(key, _message(parts), hashlib.sha256).digest()


class KeyedStream:
    """A deterministic stream of choices from HMAC(key, parts, counter): no `random` module,
    whose algorithms are not promised to stay the same across Python versions."""

    def __init__(self, key: bytes, *parts):
        self.key = key
        self.parts = parts
        self.counter = 0
        self.buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self.buffer += keyed_digest(self.key, *self.parts, self.counter)
            self.counter += 1
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def below(self, n: int) -> int:
        """Uniform in [0, n), by rejection so that there is no modulo bias."""
        if n <= 1:
            return 0
        size = (n.bit_length() + 7) // 8 + 1
        limit = (256 ** size // n) * n
        while True:
            value = int.from_bytes(self._bytes(size), "big")
            if value < limit:
                return value % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def digit(self, low: int = 0) -> str:
        return str(low + self.below(10 - low))
