"""FF1 against NIST's published samples (SP 800-38G, FF1samples.pdf): AES-128, -192 and
-256, radix 10 and 36, with and without a tweak; and decryption undoes encryption."""
from __future__ import annotations

import pytest

from veil.transform.operators.ff1 import FF1, min_length

KEY_128 = "2B7E151628AED2A6ABF7158809CF4F3C"
KEY_192 = KEY_128 + "EF4359D8D580AA4F"
KEY_256 = KEY_192 + "7F036D6F04FC6A94"
DIGITS = "0123456789"
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
TWEAK_10 = "39383736353433323130"
TWEAK_36 = "3737373770717273373737"


@pytest.mark.parametrize("sample,key,tweak,alphabet,plain,cipher", [
    (1, KEY_128, "", DIGITS, "0123456789", "2433477484"),
    (2, KEY_128, TWEAK_10, DIGITS, "0123456789", "6124200773"),
    (3, KEY_128, TWEAK_36, BASE36, "0123456789abcdefghi", "a9tv40mll9kdu509eum"),
    (4, KEY_192, "", DIGITS, "0123456789", "2830668132"),
    (5, KEY_192, TWEAK_10, DIGITS, "0123456789", "2496655549"),
    (6, KEY_192, TWEAK_36, BASE36, "0123456789abcdefghi", "xbj3kv35jrawxv32ysr"),
    (7, KEY_256, "", DIGITS, "0123456789", "6657667009"),
    (8, KEY_256, TWEAK_10, DIGITS, "0123456789", "1001623463"),
    (9, KEY_256, TWEAK_36, BASE36, "0123456789abcdefghi", "xs8a0azh2avyalyzuwd"),
])
def test_nist_samples(sample, key, tweak, alphabet, plain, cipher):
    ff1 = FF1(bytes.fromhex(key), bytes.fromhex(tweak))
    numerals = [alphabet.index(c) for c in plain]
    encrypted = ff1.encrypt(numerals, len(alphabet))
    assert "".join(alphabet[i] for i in encrypted) == cipher
    assert ff1.decrypt(encrypted, len(alphabet)) == numerals


def test_too_short_for_the_radix_is_refused():
    assert min_length(10) == 6 and min_length(62) == 4 and min_length(2) == 20
    with pytest.raises(ValueError, match="at least 6"):
        FF1(bytes(16)).encrypt([1, 2, 3, 4, 5], 10)


def test_a_key_of_another_size_is_refused():
    with pytest.raises(ValueError, match="16, 24 or 32 bytes"):
        FF1(bytes(20))
