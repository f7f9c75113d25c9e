"""Catalogue entry for cryptocurrency wallet addresses.

A wallet address names the account that funds go to and come from: every payment it ever made
or received is public on its chain, and an exchange ties it to the customer. Callers read them
out and paste them into chats ("I sent it to bc1q..."), so a leaked one is scored as an
account number is (IBAN_CODE). DLP has no such type; Presidio calls it CRYPTO, which is kept as
an alias for labels that use Presidio's name.

Found by the shape each chain gives its addresses, and kept only where the address's own
checksum holds (`veil.detection.engine.checksums`), so that a hash or a token of the same shape
is not taken:
- Bitcoin and Litecoin addresses in base58 with a four-byte checksum ("1BvBMSEY...",
  "3J98t1Wp...", "LVg2kJoF...");
- segwit addresses in bech32 and bech32m ("bc1q...", "bc1p...", "ltc1q..."), BIP-173's and
  BIP-350's checksum (python-stdnum's `bitcoin` knows neither bech32m nor Litecoin);
- Ethereum's and the chains' that share its addresses: "0x" and forty hexadecimal digits. In
  mixed case the letters' case is a checksum (EIP-55), which must hold; in one case there is
  none, and the shape alone is likely, as nothing else is written so.
"""
from __future__ import annotations

import re

from veil.detection.engine.checksums import (
    BECH32, base58_payload, base58check_encode, base58check_valid, eip55_case, eip55_valid,
    segwit_address_valid, segwit_checksum,
)
from veil.detection.engine.detectors import pattern
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import InfoType

L = Likelihood


def wallet_address_valid(address: str) -> bool:
    """A base58, segwit or mixed-case Ethereum address whose checksum holds."""
    return base58check_valid(address) or segwit_address_valid(address) or eip55_valid(address)


def _base58_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if base58check_valid(match.group(0)) else None


def _segwit_check(match: "re.Match[str]") -> Likelihood | None:
    return L.VERY_LIKELY if segwit_address_valid(match.group(0)) else None


def _ethereum_check(match: "re.Match[str]") -> Likelihood | None:
    body = match.group(0)[2:]
    if body.lower() == body or body.upper() == body:
        return L.LIKELY
    return L.VERY_LIKELY if eip55_valid(match.group(0)) else None


def wallet_surrogate(surrogates, entity, finding, value: str) -> str | None:
    """An address of the same chain, form, length and case, its body drawn at random and its
    checksum computed, so that it reads as the original did to any tool that checks one. That
    it is someone's is as likely as guessing a key."""
    stream = surrogates.stream(entity)
    lowered = value.lower()
    if lowered.startswith("0x"):
        body = "".join(stream.choice("0123456789abcdef") for _ in value[2:])
        mixed = value[2:].lower() != value[2:] and value[2:].upper() != value[2:]
        fake = "0x" + (eip55_case(body) if mixed else body.upper() if value[2:].isupper() else body)
    elif lowered.startswith(("bc1", "ltc1")):
        hrp, _, data = lowered.rpartition("1")
        values = [BECH32.index(data[0])] + [stream.choice(range(32)) for _ in data[1:-6]]
        fake = hrp + "1" + "".join(BECH32[v] for v in values + segwit_checksum(hrp, values))
        fake = fake.upper() if value.isupper() else fake
    else:
        version = base58_payload(value)[:1]
        for _ in range(100):  # most draws have the original's length
            fake = base58check_encode(version + bytes(stream.choice(range(256)) for _ in range(20)))
            if len(fake) == len(value):
                break
    return fake if fake != value else None


CRYPTO_WALLET_ADDRESS = InfoType(
    "CRYPTO_WALLET_ADDRESS",
    "Cryptocurrency wallet addresses: Bitcoin and Litecoin (base58, bech32 and bech32m, "
    "checksum-valid) and Ethereum-style 0x addresses (EIP-55 checksum where mixed case).",
    detectors=(
        pattern(r"(?<![\w/.])[13LM][1-9A-HJ-NP-Za-km-z]{25,34}(?![\w/])", L.VERY_LIKELY,
                check=_base58_check, method=Method.CHECKSUM,
                trigger=re.compile(r"(?<![\w/.])[13LM][1-9A-HJ-NP-Za-km-z]{25}")),
        pattern(r"(?i)(?<![\w/.])(?:bc|ltc)1[02-9ac-hj-np-z]{14,74}(?![\w/])", L.VERY_LIKELY,
                check=_segwit_check, method=Method.CHECKSUM,
                trigger=re.compile(r"(?i)(?:bc|ltc)1")),
        pattern(r"(?<![\w/.])0x[0-9A-Fa-f]{40}(?![\w/])", L.LIKELY, check=_ethereum_check,
                trigger="0x"),
    ),
    surrogate=wallet_surrogate,
    score=5,
    direct=True,
    checksum=wallet_address_valid,
    aliases=("CRYPTO",),
    examples=(
        ("I sent it to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq yesterday",
         "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
        ("wallet 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 please", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"),
        ("my eth address is 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.",
         "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
    ),
)

ENTRIES = (CRYPTO_WALLET_ADDRESS,)
