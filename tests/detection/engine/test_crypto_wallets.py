"""Cryptocurrency wallet addresses (veil.detection.infotypes.crypto): the checksums on the
standards' own test vectors, the job finding an address a caller pastes into a chat, and
surrogates that are addresses of the same chain and form."""
import random

import pytest

from tests.detection.engine.conftest import surrogate_in
from veil.detection.detect import ConversationDetector
from veil.detection.engine.checksums import (
    base58check_valid, eip55_valid, keccak_256, segwit_address_valid,
)
from veil.run.config import load_config

# BIP-173's and BIP-350's valid addresses (the mainnet ones), and BIP-86's first.
SEGWIT_VALID = [
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
    "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
]
SEGWIT_INVALID = [
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",  # the last character changed
    "bc1qw508d6qejxtdg4y5r3zaRVARY0C5XW7KV8F3T4",  # mixed case
    "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",  # a testnet address: no one's money
    # Version 1 with bech32's constant instead of bech32m's (BIP-350's invalid list).
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
    "bc1ibcd",
]


@pytest.mark.parametrize("address", SEGWIT_VALID)
def test_segwit_checksum_accepts_the_standards_examples(address):
    assert segwit_address_valid(address)


@pytest.mark.parametrize("address", SEGWIT_INVALID)
def test_segwit_checksum_rejects_changed_and_foreign_addresses(address):
    assert not segwit_address_valid(address)


def test_base58_checksum_on_bitcoin_and_litecoin_and_a_changed_character():
    assert base58check_valid("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")
    assert base58check_valid("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")
    assert base58check_valid("LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9")
    assert not base58check_valid("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")
    assert not base58check_valid("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0")  # 0 is not base58


def test_keccak_256_is_ethereums_hash_not_sha3():
    assert keccak_256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
    assert len(keccak_256(b"x" * 135)) == 32  # a message one byte short of a block


# EIP-55's own examples, and one with a letter's case changed.
@pytest.mark.parametrize("address,valid", [
    ("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", True),
    ("0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", True),
    ("0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", True),
    ("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", False),
    ("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", False),  # one case: no checksum to hold
])
def test_eip55_checksum(address, valid):
    assert eip55_valid(address) is valid


def test_random_strings_of_the_shape_almost_never_pass():
    rng = random.Random(7)
    base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    bech32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    passed = sum(base58check_valid("1" + "".join(rng.choice(base58) for _ in range(33)))
                 + segwit_address_valid("bc1q" + "".join(rng.choice(bech32) for _ in range(38)))
                 for _ in range(5000))
    assert passed == 0


@pytest.fixture(scope="module")
def call_detector():
    return ConversationDetector(load_config("call_transcripts"))


def test_the_job_redacts_an_address_pasted_into_a_chat(call_detector):
    texts = ["Can you read me the address you sent it to?",
             "it was bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq, sent from my coinbase wallet"]
    found = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in call_detector.detect(texts)]
    assert (1, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "CRYPTO_WALLET_ADDRESS") in found


@pytest.mark.parametrize("address", [
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
])
def test_a_surrogate_is_another_valid_address_of_the_same_form(address):
    fake = surrogate_in(f"send it to {address} please", address, "CRYPTO_WALLET_ADDRESS")
    assert fake != address
    form = 4 if address.lower().startswith("bc1") else 2 if address.startswith("0x") else 1
    assert fake[:form] == address[:form] and len(fake) == len(address)  # "bc1p", "0x", "3"
    assert base58check_valid(fake) or segwit_address_valid(fake) or eip55_valid(fake)
    assert fake.isupper() == address.isupper()
