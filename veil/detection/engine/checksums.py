"""Check digits. A number that fails its checksum is not reported as that infoType."""
from __future__ import annotations

import hashlib


def digits_of(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _luhn_total(values) -> int:
    """Luhn's sum over values read right to left: every second one doubled, less 9 past 9."""
    total = 0
    for position, value in enumerate(reversed(values)):
        if position % 2 == 1:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total


def luhn_valid(number: str) -> bool:
    """Luhn mod 10: cards, IMEI, ICCID, the Canadian SIN."""
    if not number.isdigit() or len(number) < 2:
        return False
    return _luhn_total([ord(char) - 48 for char in number]) % 10 == 0


def iban_valid(iban: str) -> bool:
    """ISO 13616 mod 97: move the country and check digits to the end, letters to numbers."""
    compact = "".join(iban.split()).upper()
    if len(compact) < 15 or len(compact) > 34 or not (compact.isascii() and compact.isalnum()):
        return False
    if not (compact[:2].isalpha() and compact[2:4].isdigit()):
        return False
    rearranged = compact[4:] + compact[:4]
    numeric = "".join(str(int(c, 36)) for c in rearranged)
    return int(numeric) % 97 == 1


def aba_routing_valid(number: str) -> bool:
    """ABA routing number: weights 3, 7, 1 over nine digits sum to a multiple of 10."""
    if len(number) != 9 or not number.isdigit():
        return False
    weights = (3, 7, 1) * 3
    return sum(int(d) * w for d, w in zip(number, weights)) % 10 == 0


_VIN_VALUES = {
    **{str(d): d for d in range(10)},
    **dict(zip("ABCDEFGH", range(1, 9))),
    **dict(zip("JKLMN", range(1, 6))),
    "P": 7,
    "R": 9,
    **dict(zip("STUVWXYZ", range(2, 10))),
}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_valid(vin: str) -> bool:
    """North American VIN: the ninth character is the weighted sum mod 11 (10 written X)."""
    vin = vin.upper()
    if len(vin) != 17 or any(c not in _VIN_VALUES for c in vin):
        return False
    total = sum(_VIN_VALUES[c] * w for c, w in zip(vin, _VIN_WEIGHTS))
    check = total % 11
    return vin[8] == ("X" if check == 10 else str(check))


def npi_valid(number: str) -> bool:
    """US National Provider Identifier: Luhn over the prefix 80840 and the ten digits."""
    return len(number) == 10 and number.isdigit() and luhn_valid("80840" + number)


def dea_valid(code: str) -> bool:
    """US DEA registration number: two letters, six digits and a check digit.

    The check digit is the last digit of (d1 + d3 + d5) + 2 * (d2 + d4 + d6).
    """
    if len(code) != 9 or not code[:2].isalpha() or not code[2:].isdigit():
        return False
    d = [int(c) for c in code[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def bc_phn_valid(number: str) -> bool:
    """British Columbia Personal Health Number: ten digits starting 9, mod 11 check digit."""
    if len(number) != 10 or not number.isdigit() or number[0] != "9":
        return False
    weights = (2, 4, 8, 5, 10, 9, 7, 3)
    remainder = sum(int(c) * w for c, w in zip(number[1:9], weights)) % 11
    check = 11 - remainder
    return check < 10 and check == int(number[9])


def luhn_digits_valid(value: str) -> bool:
    """Luhn over a value's digits, separators ignored: cards, IMEI, ICCID, the SIN."""
    return luhn_valid(digits_of(value))


# --- European and UK identifiers ----------------------------------------------------------------

def uk_nhs_valid(number: str) -> bool:
    """UK NHS number: ten digits, weights 10..2 over the first nine, check 11 - sum mod 11
    (11 is written 0; a remainder giving 10 is never issued)."""
    if len(number) != 10 or not number.isdigit():
        return False
    check = 11 - sum(int(d) * w for d, w in zip(number, range(10, 1, -1))) % 11
    check = 0 if check == 11 else check
    return check != 10 and check == int(number[9])


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def spain_dni_valid(code: str) -> bool:
    """Spanish DNI: eight digits and the letter of the number mod 23."""
    code = code.upper()
    return (len(code) == 9 and code[:8].isdigit()
            and _DNI_LETTERS[int(code[:8]) % 23] == code[8])


def spain_nie_valid(code: str) -> bool:
    """Spanish NIE: X, Y or Z (read as 0, 1, 2), seven digits and the DNI letter of the whole."""
    code = code.upper()
    if len(code) != 9 or code[0] not in "XYZ":
        return False
    return spain_dni_valid(str("XYZ".index(code[0])) + code[1:])


def spain_nif_valid(code: str) -> bool:
    """Spanish NIF of a person: a DNI or an NIE, with its check letter."""
    return spain_dni_valid(code) or spain_nie_valid(code)


_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21,
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
)))


def italy_fiscal_code_valid(code: str) -> bool:
    """Italian codice fiscale: 15 characters and a check letter (odd and even position tables,
    sum mod 26)."""
    code = code.upper()
    if len(code) != 16 or not code.isalnum() or not code.isascii():
        return False
    total = 0
    for i, c in enumerate(code[:15]):
        if i % 2 == 0:
            total += _CF_ODD[c]
        else:
            total += int(c) if c.isdigit() else ord(c) - 65
    return chr(65 + total % 26) == code[15]


def netherlands_bsn_valid(number: str) -> bool:
    """Dutch BSN: nine digits passing the 11-proof (weights 9..2, minus the last digit)."""
    if len(number) != 9 or not number.isdigit() or number == "000000000":
        return False
    total = sum(int(d) * w for d, w in zip(number[:8], range(9, 1, -1))) - int(number[8])
    return total % 11 == 0


def poland_pesel_valid(number: str) -> bool:
    """Polish PESEL: eleven digits, weights 1 3 7 9 repeated, check (10 - sum mod 10) mod 10."""
    if len(number) != 11 or not number.isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(number, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)))
    return (10 - total % 10) % 10 == int(number[10])


def ireland_ppsn_valid(code: str) -> bool:
    """Irish PPSN: seven digits, a check letter and an optional letter (weights 8..2, the
    optional letter weight 9; sum mod 23, W for 0)."""
    code = code.upper()
    if len(code) not in (8, 9) or not code[:7].isdigit() or not code[7:].isalpha():
        return False
    total = sum(int(d) * w for d, w in zip(code[:7], range(8, 1, -1)))
    if len(code) == 9 and code[8] != "W":
        total += 9 * (ord(code[8]) - 64)
    return "WABCDEFGHIJKLMNOPQRSTUV"[total % 23] == code[7]


def sweden_personnummer_valid(number: str) -> bool:
    """Swedish personnummer: YYMMDDNNNC (a 12-digit form drops the century), Luhn over the ten."""
    if len(number) == 12:
        number = number[2:]
    return len(number) == 10 and luhn_valid(number) and _date_ok(number[:6], day_offset=60)


def belgium_national_number_valid(number: str) -> bool:
    """Belgian national number: YYMMDD, a three-digit serial and 97 - (the nine mod 97)
    (born from 2000: 97 - ((2 followed by the nine) mod 97))."""
    if len(number) != 11 or not number.isdigit():
        return False
    body, check = int(number[:9]), int(number[9:])
    return check in (97 - body % 97, 97 - (2_000_000_000 + body) % 97)


def portugal_cdc_valid(code: str) -> bool:
    """Portuguese Cartão de Cidadão number: eight digits, a check digit, two letters and a
    digit; Luhn-style mod 10 over the twelve, letters read as 10-35."""
    code = code.upper()
    if len(code) != 12 or not code[:9].isdigit() or not code[9:11].isalpha() or not code[11].isdigit():
        return False
    return _luhn_total([int(char, 36) for char in code]) % 10 == 0


_HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def finland_hetu_valid(code: str) -> bool:
    """Finnish personal identity code: DDMMYY, a century sign, three digits and a check
    character (the nine digits mod 31)."""
    code = code.upper()
    if len(code) != 11 or code[6] not in "+-ABCDEFUVWXY":
        return False
    digits = code[:6] + code[7:10]
    if not digits.isdigit():
        return False
    return _HETU_CHECK[int(digits) % 31] == code[10]


def france_nir_valid(number: str) -> bool:
    """French NIR (social security number): thirteen characters (2A and 2B for Corsica read
    as 19 and 18) and a two-digit key, 97 - (the thirteen mod 97)."""
    number = number.upper()
    if len(number) != 15 or not number[13:].isdigit():
        return False
    body = number[:13].replace("2A", "19", 1).replace("2B", "18", 1)
    if not body.isdigit():
        return False
    return 97 - int(body) % 97 == int(number[13:])


def germany_tax_id_valid(number: str) -> bool:
    """German Steuerliche Identifikationsnummer: eleven digits, no leading zero, an ISO 7064
    MOD 11,10 check digit."""
    if len(number) != 11 or not number.isdigit() or number[0] == "0":
        return False
    product = 10
    for d in number[:10]:
        total = (int(d) + product) % 10 or 10
        product = (total * 2) % 11
    check = 11 - product
    return (0 if check == 10 else check) == int(number[10])


def _date_ok(yymmdd: str, day_offset: int = 0) -> bool:
    """Whether YYMMDD can be a date (the day may carry an offset, as Sweden's coordination
    numbers add 60)."""
    month, day = int(yymmdd[2:4]), int(yymmdd[4:6])
    if day > day_offset:
        day -= day_offset
    return 1 <= month <= 12 and 1 <= day <= 31


def denmark_cpr_date_ok(number: str) -> bool:
    """Danish CPR number: DDMMYY and four digits (no check digit since 2007: only the date)."""
    return len(number) == 10 and number.isdigit() and 1 <= int(number[:2]) <= 31 \
        and 1 <= int(number[2:4]) <= 12


# --- Asia-Pacific, Latin America, Poland: the schemes python-stdnum does not cover ---------------

_NRIC_LETTERS = {"ST": "JZIHGFEDCBA", "FG": "XWUTRQPNMLK", "M": "XWUTRQPNJLK"}


def singapore_nric_valid(code: str) -> bool:
    """Singapore NRIC/FIN: S, T, F, G or M, seven digits and a check letter (weights 2 7 6 5 4
    3 2; T and G add 4, M adds 3; the sum mod 11 picks the letter from the series' table)."""
    code = code.upper()
    if len(code) != 9 or code[0] not in "STFGM" or not code[1:8].isdigit() or not code[8].isalpha():
        return False
    total = sum(int(d) * w for d, w in zip(code[1:8], (2, 7, 6, 5, 4, 3, 2)))
    total += {"T": 4, "G": 4, "M": 3}.get(code[0], 0)
    series = next(k for k in _NRIC_LETTERS if code[0] in k)
    remainder = total % 11
    if code[0] == "M":
        remainder = 10 - remainder
    return _NRIC_LETTERS[series][remainder] == code[8]


def australia_medicare_valid(number: str) -> bool:
    """Australian Medicare card number: eight digits, the first 2-6, and a check digit
    (weights 1 3 7 9 1 3 7 9, sum mod 10); the card's issue number and the holder's position
    may follow (ten or eleven digits in all)."""
    if len(number) not in (9, 10, 11) or not number.isdigit() or number[0] not in "23456":
        return False
    total = sum(int(d) * w for d, w in zip(number[:8], (1, 3, 7, 9, 1, 3, 7, 9)))
    return total % 10 == int(number[8])


def hong_kong_id_valid(code: str) -> bool:
    """Hong Kong identity card: one or two letters, six digits and a check character (weights
    9..2 over the eight places, a lone letter read after a space worth 36; 11 - sum mod 11,
    10 written A)."""
    code = code.upper()
    if len(code) == 8:
        code = " " + code
    if len(code) != 9 or not code[2:8].isdigit() or not (code[1].isalpha() and
                                                          (code[0] == " " or code[0].isalpha())):
        return False
    values = [36 if c == " " else (ord(c) - 55 if c.isalpha() else int(c)) for c in code[:8]]
    check = (11 - sum(v * w for v, w in zip(values, range(9, 1, -1))) % 11) % 11
    return code[8] == ("A" if check == 10 else str(check))


_TAIWAN_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def taiwan_id_valid(code: str) -> bool:
    """Taiwan national identification number: a letter (its region, read as 10-35), 1 or 2
    (sex) and eight digits; weights 1 9 8 7 6 5 4 3 2 1 1 over the eleven digits, sum mod 10 = 0."""
    code = code.upper()
    if len(code) != 10 or code[0] not in _TAIWAN_LETTERS or code[1] not in "12" or not code[1:].isdigit():
        return False
    area = _TAIWAN_LETTERS.index(code[0]) + 10
    digits = [area // 10, area % 10] + [int(c) for c in code[1:]]
    return sum(d * w for d, w in zip(digits, (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1))) % 10 == 0


def uruguay_ci_valid(number: str) -> bool:
    """Uruguayan cédula de identidad: up to seven digits and a check digit (weights 2 9 8 7 6
    3 4 over the number padded to seven; the check is 10 - sum mod 10, mod 10)."""
    if not 7 <= len(number) <= 8 or not number.isdigit():
        return False
    body = number[:-1].rjust(7, "0")
    total = sum(int(d) * w for d, w in zip(body, (2, 9, 8, 7, 6, 3, 4)))
    return (10 - total % 10) % 10 == int(number[-1])


def poland_id_card_valid(code: str) -> bool:
    """Polish identity card (dowód osobisty): three letters (10-35), a check digit and five
    digits; weights 7 3 1 9 7 3 1 7 3 over the nine, the check counted, sum mod 10 = 0."""
    code = code.upper()
    if len(code) != 9 or not code[:3].isalpha() or not code[3:].isdigit():
        return False
    values = [int(c, 36) for c in code]
    return sum(v * w for v, w in zip(values, (7, 3, 1, 9, 7, 3, 1, 7, 3))) % 10 == 0


def spain_social_security_valid(number: str) -> bool:
    """Spanish social security number: two digits of province, up to eight of serial and two
    control digits, the province and serial read as one number mod 97 (a serial under
    10,000,000 counted as province * 10^7 + serial)."""
    if len(number) != 12 or not number.isdigit():
        return False
    province, serial = int(number[:2]), int(number[2:10])
    base = province * 10_000_000 + serial if serial < 10_000_000 else int(number[:10])
    return base % 97 == int(number[10:])


_NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # I and O are never used


def new_zealand_nhi_valid(code: str) -> bool:
    """New Zealand National Health Index number (AAANNNC): three letters (I and O never used,
    read 1-24), three digits and a check digit: weights 7..2, 11 - sum mod 11 (10 written 0;
    a sum that divides by 11 is never issued)."""
    code = code.upper()
    if len(code) != 7 or any(c not in _NHI_LETTERS for c in code[:3]) or not code[3:].isdigit():
        return False
    values = [_NHI_LETTERS.index(c) + 1 for c in code[:3]] + [int(c) for c in code[3:6]]
    remainder = sum(v * w for v, w in zip(values, range(7, 1, -1))) % 11
    if remainder == 0:
        return False
    return (11 - remainder) % 10 == int(code[6])


def scotland_chi_valid(number: str) -> bool:
    """Scottish Community Health Index number: the date of birth DDMMYY, three digits and a
    check digit computed as the NHS number's (mod 11)."""
    return (uk_nhs_valid(number) and 1 <= int(number[:2]) <= 31
            and 1 <= int(number[2:4]) <= 12)


# --- cryptocurrency wallet addresses --------------------------------------------------------

BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
# Version bytes of base58 addresses: Bitcoin's pay-to-key-hash and pay-to-script-hash (0, 5),
# Litecoin's (48, 50).
_BASE58_VERSIONS = frozenset({0, 5, 48, 50})
_BECH32_HRPS = ("bc", "ltc")


def base58_payload(address: str) -> bytes | None:
    """The bytes a base58 string encodes (each leading "1" a zero byte), or None."""
    number = 0
    for char in address:
        digit = BASE58.find(char)
        if digit < 0:
            return None
        number = number * 58 + digit
    leading_zeros = len(address) - len(address.lstrip("1"))
    return b"\0" * leading_zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")


def _base58_checksum(payload: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]


def base58check_valid(address: str) -> bool:
    """A 25-byte base58 payload whose last four bytes are the first four of the double SHA-256
    of the rest, with a Bitcoin or Litecoin version byte."""
    payload = base58_payload(address)
    if payload is None or len(payload) != 25 or payload[0] not in _BASE58_VERSIONS:
        return False
    return payload[-4:] == _base58_checksum(payload[:-4])


def base58check_encode(payload: bytes) -> str:
    """`payload` and its four-byte checksum in base58 (each leading zero byte a "1")."""
    number = int.from_bytes(payload + _base58_checksum(payload), "big")
    digits = ""
    while number:
        number, digit = divmod(number, 58)
        digits = BASE58[digit] + digits
    return "1" * (len(payload) - len(payload.lstrip(b"\0"))) + digits


def _bech32_polymod(values: list[int]) -> int:
    """BIP-173's checksum polynomial over GF(32)."""
    generator = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for i, g in enumerate(generator):
            if (top >> i) & 1:
                check ^= g
    return check


def _bech32_hrp_values(hrp: str) -> list[int]:
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def _segwit_constant(witness_version: int) -> int:
    """Bech32's constant for witness version 0, bech32m's for the later ones (BIP-350)."""
    return 1 if witness_version == 0 else 0x2BC830A3


def segwit_checksum(hrp: str, values: list[int]) -> list[int]:
    """The six checksum characters' values for a segwit address's data (its witness version
    first), bech32's or bech32m's as the version asks."""
    polymod = _bech32_polymod(_bech32_hrp_values(hrp) + values + [0] * 6) ^ _segwit_constant(values[0])
    return [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]


def segwit_address_valid(address: str) -> bool:
    """A segwit address of Bitcoin or Litecoin: one case, the human-readable part, "1", the
    data in bech32's alphabet ending in its six-character checksum (BIP-173, BIP-350)."""
    if address.lower() != address and address.upper() != address:
        return False
    hrp, _, data = address.lower().rpartition("1")
    if hrp not in _BECH32_HRPS or not 14 <= len(data) <= 74 or any(c not in BECH32 for c in data):
        return False
    values = [BECH32.index(c) for c in data]
    return values[0] <= 16 and _bech32_polymod(_bech32_hrp_values(hrp) + values) == _segwit_constant(values[0])


def _keccak_tables() -> tuple[list[int], list[list[int]]]:
    """Keccak-f[1600]'s round constants (from its LFSR) and rotation offsets (from the (x, y)
    walk), derived rather than tabled."""
    state, constants = 1, []
    for _ in range(24):
        constant = 0
        for j in range(7):
            if state & 1:
                constant |= 1 << ((1 << j) - 1)
            state = ((state << 1) ^ (0x71 if state & 0x80 else 0)) & 0xFF
        constants.append(constant)
    rotations = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        rotations[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return constants, rotations


_KECCAK_ROUNDS, _KECCAK_ROTATIONS = _keccak_tables()
_LANE = (1 << 64) - 1


def _rotate(lane: int, by: int) -> int:
    return ((lane << by) | (lane >> (64 - by))) & _LANE if by else lane


def _keccak_f(lanes: list[list[int]]) -> None:
    for constant in _KECCAK_ROUNDS:
        parity = [lanes[x][0] ^ lanes[x][1] ^ lanes[x][2] ^ lanes[x][3] ^ lanes[x][4] for x in range(5)]
        for x in range(5):
            mix = parity[(x - 1) % 5] ^ _rotate(parity[(x + 1) % 5], 1)
            for y in range(5):
                lanes[x][y] ^= mix
        moved = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                moved[y][(2 * x + 3 * y) % 5] = _rotate(lanes[x][y], _KECCAK_ROTATIONS[x][y])
        for x in range(5):
            for y in range(5):
                lanes[x][y] = moved[x][y] ^ (~moved[(x + 1) % 5][y] & moved[(x + 2) % 5][y])
        lanes[0][0] ^= constant


def keccak_256(data: bytes) -> bytes:
    """Keccak-256 as Ethereum uses it (the original padding, not SHA3-256's): the standard
    library's hashlib has only SHA3."""
    rate = 136
    padded = bytearray(data) + b"\x01" + b"\0" * (-(len(data) + 1) % rate)
    padded[-1] |= 0x80
    lanes = [[0] * 5 for _ in range(5)]
    for block in range(0, len(padded), rate):
        for i in range(rate // 8):
            lanes[i % 5][i // 5] ^= int.from_bytes(padded[block + 8 * i:block + 8 * i + 8], "little")
        _keccak_f(lanes)
    return b"".join(lanes[i % 5][i // 5].to_bytes(8, "little") for i in range(4))


def eip55_case(hex_body: str) -> str:
    """An Ethereum address's forty hex digits in EIP-55's case: a letter is upper-case where the
    Keccak-256 of the lower-case digits has a nibble of 8 or more."""
    lowered = hex_body.lower()
    digest = keccak_256(lowered.encode("ascii")).hex()
    return "".join(c.upper() if int(digest[i], 16) >= 8 else c for i, c in enumerate(lowered))


def eip55_valid(address: str) -> bool:
    """An Ethereum address ("0x" and forty hex digits) whose letters' case is its checksum
    (`eip55_case`). An address in one case carries no checksum and is not valid here."""
    body = address[2:]
    if not address.startswith("0x") or len(body) != 40 or body.lower() == body or body.upper() == body:
        return False
    return body == eip55_case(body)
