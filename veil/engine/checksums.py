"""Check digits. A number that fails its checksum is not reported as that infoType."""
from __future__ import annotations


def digits_of(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def luhn_valid(number: str) -> bool:
    """Luhn mod 10: cards, IMEI, ICCID, the Canadian SIN."""
    if not number.isdigit() or len(number) < 2:
        return False
    total = 0
    for position, char in enumerate(reversed(number)):
        digit = ord(char) - 48
        if position % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def iban_valid(iban: str) -> bool:
    """ISO 13616 mod 97: move the country and check digits to the end, letters to numbers."""
    compact = "".join(iban.split()).upper()
    if len(compact) < 15 or len(compact) > 34 or not compact.isalnum():
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
