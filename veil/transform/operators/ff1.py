"""FF1 format-preserving encryption (NIST SP 800-38G, section 6.1) on AES.

DLP's `crypto_replace_ffx_fpe_config` is FFX mode FF1: a numeral string in radix 2..2^16
encrypts to a numeral string of the same length and radix. No maintained PyPI package
implements FF1 on `cryptography` (`ff3` is FF3-1, `pyffx` is not FF1), so it is written here,
step for step after the standard, and checked against NIST's published sample vectors
(tests/operators/test_ff1.py).

    FF1(key, tweak).encrypt([1, 2, 3], radix=10) -> [numerals]
"""
from __future__ import annotations

import math

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

AES_KEY_BYTES = (16, 24, 32)
# NIST SP 800-38G rev 1: radix^minlen >= 1,000,000 (and minlen >= 2).
MIN_DOMAIN = 1_000_000
MAX_LEN = 2 ** 32


def _num(numerals: list[int], radix: int) -> int:
    value = 0
    for numeral in numerals:
        value = value * radix + numeral
    return value


def _str(value: int, radix: int, length: int) -> list[int]:
    out = [0] * length
    for i in range(length - 1, -1, -1):
        value, out[i] = divmod(value, radix)
    return out


def min_length(radix: int) -> int:
    """The shortest numeral string FF1 accepts in `radix` (radix^len >= 1,000,000)."""
    return max(2, math.ceil(math.log(MIN_DOMAIN) / math.log(radix) - 1e-9))


class FF1:
    """FF1 with one AES key and one tweak."""

    def __init__(self, key: bytes, tweak: bytes = b""):
        if len(key) not in AES_KEY_BYTES:
            raise ValueError(f"an FF1 key is 16, 24 or 32 bytes, not {len(key)}")
        self._aes = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        self.tweak = tweak

    def _prf(self, block: bytes) -> bytes:
        """CBC-MAC with a zero IV: the last block of AES-CBC over `block`."""
        y = bytes(16)
        for i in range(0, len(block), 16):
            y = self._aes.update(bytes(a ^ b for a, b in zip(y, block[i:i + 16])))
        return y

    def _rounds(self, numerals: list[int], radix: int, decrypt: bool) -> list[int]:
        n = len(numerals)
        if not 2 <= radix <= 2 ** 16:
            raise ValueError("FF1's radix is 2 to 65536")
        if n < min_length(radix) or n > MAX_LEN:
            raise ValueError(f"FF1 in radix {radix} needs at least {min_length(radix)} characters")
        if any(not 0 <= x < radix for x in numerals):
            raise ValueError("a numeral is outside the radix")
        t = len(self.tweak)
        u, v = n // 2, n - n // 2
        a, b = numerals[:u], numerals[u:]
        bb = math.ceil(math.ceil(v * math.log2(radix)) / 8)
        d = 4 * math.ceil(bb / 4) + 4
        p = bytes([1, 2, 1]) + radix.to_bytes(3, "big") + bytes([10, u % 256]) + \
            n.to_bytes(4, "big") + t.to_bytes(4, "big")
        for step in range(10):
            i = 9 - step if decrypt else step
            m = u if i % 2 == 0 else v
            # Encryption feeds B to the round function and changes A; decryption undoes the
            # rounds in reverse, feeding A and changing B.
            fed, changed = (a, b) if decrypt else (b, a)
            q = self.tweak + bytes((-t - bb - 1) % 16) + bytes([i]) + \
                _num(fed, radix).to_bytes(bb, "big")
            r = self._prf(p + q)
            s = r
            for j in range(1, math.ceil(d / 16)):
                s += self._aes.update(bytes(x ^ y for x, y in zip(r, j.to_bytes(16, "big"))))
            y = int.from_bytes(s[:d], "big")
            c = _str((_num(changed, radix) + (-y if decrypt else y)) % radix ** m, radix, m)
            a, b = (c, a) if decrypt else (b, c)
        return a + b

    def encrypt(self, numerals: list[int], radix: int) -> list[int]:
        return self._rounds(list(numerals), radix, decrypt=False)

    def decrypt(self, numerals: list[int], radix: int) -> list[int]:
        return self._rounds(list(numerals), radix, decrypt=True)
