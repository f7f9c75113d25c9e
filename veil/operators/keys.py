"""Reading the secret key, and deriving deterministic values from it with HMAC-SHA256.

Everything keyed (surrogates, hashes, date shifts) is derived from HMAC(key, parts), so every
worker and every re-run of the same input with the same key gives the same bytes, and nothing
depends on per-worker random state.
"""
from __future__ import annotations

import hashlib
import hmac
import os

import fsspec

from veil.errors import ConfigError
from veil.operators.config import CryptoKey

MIN_KEY_BYTES = 16


def read_key(key: CryptoKey, where: str) -> bytes:
    """The key's bytes. Raises ConfigError naming `where` (the config path) and what to do."""
    if key.env is not None:
        value = os.environ.get(key.env, "")
        if not value:
            raise ConfigError(
                f"{where}: needs a secret key, but the environment variable {key.env} is not set "
                f"(set it, or point crypto_key at a file with {{file: path}})"
            )
        secret = value.encode("utf-8")
        origin = f"environment variable {key.env}"
    else:
        try:
            with fsspec.open(key.file, "rb") as handle:
                secret = handle.read().strip()
        except (OSError, ValueError) as error:
            raise ConfigError(f"{where}: cannot read the key file {key.file!r}: {error}") from None
        origin = f"key file {key.file!r}"
    if len(secret) < MIN_KEY_BYTES:
        raise ConfigError(f"{where}: the {origin} holds {len(secret)} bytes; a key needs at "
                          f"least {MIN_KEY_BYTES}")
    return secret


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
