"""Check digits. A number that fails its checksum is not reported as that infoType."""
from __future__ import annotations


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
