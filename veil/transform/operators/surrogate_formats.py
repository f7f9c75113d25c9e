"""Surrogate formats: what a realistic fake value of each kind looks like.

A catalogue entry (`veil.detection.infotypes`) names its type's format; the surrogate operator calls it
for every mention. A format is a function `(surrogates, entity, finding, value)` returning the
fake text, or None when nothing fits the mention (the operator then writes the numbered
placeholder). `surrogates` is the conversation's `veil.transform.operators.surrogates.Surrogates`: its
keyed stream per entity, its people and words, and its check that no fake value echoes a real
one.

Formats keep the original's shape: a phone number its grouping and separators, an ID its
length and a valid checksum (`Slots` with a maker such as `make_card`: Luhn with a realistic
prefix), spelled letters stay spelled and spoken digits stay spoken.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from veil.detection.engine.checksums import (
    aba_routing_valid, bc_phn_valid, dea_valid, iban_valid, luhn_valid, vin_valid,
)
from veil.detection.entity_keys import DIGIT_OF_WORD, fold_accents
from veil.transform.operators.dates import shift_date
from veil.transform.operators.keys import KeyedStream
from veil.transform.operators.names import LETTERS

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


CITIES = (
    "Denver", "Austin", "Chicago", "Seattle", "Boston", "Phoenix", "Portland", "Atlanta",
    "Nashville", "Tampa", "Orlando", "Raleigh", "Omaha", "Boise", "Spokane", "Fresno",
    "Leeds", "Glasgow", "Bristol", "Cardiff", "Cork", "Lyon", "Lille", "Valencia", "Porto",
    "Turin", "Bologna", "Hamburg", "Cologne", "Utrecht", "Ghent", "Krakow", "Brno", "Bergen",
    "Puebla", "Lima", "Curitiba", "Ibadan", "Kumasi", "Pune", "Jaipur", "Cebu", "Izmir",
)


def to_ascii(text: str) -> str:
    """ASCII letters for an ASCII transcript ("Łukasz" -> "Lukasz", "Inès" -> "Ines")."""
    return fold_accents(text.translate(LETTERS)).encode("ascii", "ignore").decode()


def match_case(template: str, word: str) -> str:
    """`word` in the case style of `template`: lower, UPPER or Title."""
    if template.isascii() and not word.isascii():
        word = to_ascii(word) or word
    letters = [c for c in template if c.isalpha()]
    if letters and all(c.islower() for c in letters):
        return word.lower()
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    return word[:1].upper() + word[1:]


def id_slots(value: str) -> list[tuple[int, int, str, str]]:
    """(start, end, char, form) for each digit or letter of an ID: form is "char", "word"
    (a spoken digit) or "letter" (a spelled letter standing alone). Empty when `value` has
    a word that is none of these (a lowercase word, not a code)."""
    out = []
    for match in re.finditer(r"[^\W_]+", value):
        token = match.group(0)
        folded = token.casefold()
        if folded in DIGIT_OF_WORD and folded != "o" and not token.isdigit():
            out.append((match.start(), match.end(), DIGIT_OF_WORD[folded], "word"))
        elif len(token) == 1 and token.isalpha():
            out.append((match.start(), match.end(), token, "letter"))
        elif token.isascii() and token.isalnum() and (
                any(c.isdigit() for c in token) or token.isupper()):
            for i, c in enumerate(token):
                out.append((match.start() + i, match.start() + i + 1, c, "char"))
        else:
            return []  # words that are neither digits nor letters: not an ID
    return out


def render_slots(value: str, slots, new: str) -> str:
    out = value
    for (start, end, old, form), char in sorted(zip(slots, new), key=lambda p: -p[0][0]):
        if form == "word" and char.isdigit():
            rendered = match_case(value[start:end], DIGIT_WORDS[int(char)])
        elif old.islower():
            rendered = char.lower()
        else:
            rendered = char.upper() if old.isalpha() else char
        out = out[:start] + rendered + out[end:]
    return out


def _same_classes(stream: KeyedStream, chars: str, alphabet: str = "ABCDEFGHJKLMNPRSTUVWXYZ") -> str:
    out = []
    for i, c in enumerate(chars):
        if c.isdigit():
            out.append(stream.digit(1 if i == 0 and c != "0" else 0))
        else:
            out.append(stream.choice(alphabet))
    return "".join(out)


def _luhn_complete(stream: KeyedStream, prefix: str, length: int) -> str:
    body = prefix + "".join(stream.digit() for _ in range(length - len(prefix) - 1))
    for check in "0123456789":
        if luhn_valid(body + check):
            return body + check
    raise AssertionError("unreachable")


def make_card(stream: KeyedStream, chars: str) -> str | None:
    if not chars.isdigit() or not 12 <= len(chars) <= 19:
        return None
    first = chars[0]
    if first == "3":
        prefix = stream.choice(("34", "37"))
    elif first == "5":
        prefix = "5" + str(1 + stream.below(5))
    elif first == "6":
        prefix = "6011"
    elif first == "2":
        prefix = "2" + str(221 + stream.below(500))
    else:
        prefix = "4"
    return _luhn_complete(stream, prefix, len(chars))


def make_ssn(stream: KeyedStream, chars: str) -> str | None:
    if not chars.isdigit() or len(chars) != 9:
        return None
    area = 1 + stream.below(899)
    if area == 666:
        area = 665
    return f"{area:03d}{1 + stream.below(99):02d}{1 + stream.below(9999):04d}"


def make_iban(stream: KeyedStream, chars: str) -> str | None:
    if not iban_valid(chars):
        return None
    country = chars[:2].upper()
    bban = _same_classes(stream, chars[4:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    iban = f"{country}{98 - int(numeric) % 97:02d}{bban}"
    return iban if iban_valid(iban) else None


_VIN_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ"


def make_vin(stream: KeyedStream, chars: str) -> str | None:
    if len(chars) != 17:
        return None
    body = _same_classes(stream, chars, _VIN_ALPHABET)
    for check in "0123456789X":
        vin = body[:8] + check + body[9:]
        if vin_valid(vin):
            return vin
    return None


def make_routing(stream: KeyedStream, chars: str) -> str | None:
    if not chars.isdigit() or len(chars) != 9:
        return None
    head = stream.choice(("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11",
                          "12", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
                          "31", "32"))
    body = head + "".join(stream.digit() for _ in range(6))
    for check in "0123456789":
        if aba_routing_valid(body + check):
            return body + check
    return None


def make_generic(stream: KeyedStream, chars: str) -> str:
    return _same_classes(stream, chars, "ABCDEFGHJKLMNPRSTUVWXYZ")


def make_luhn(stream: KeyedStream, chars: str) -> str | None:
    """Digits with a valid Luhn check digit (IMEI): the same length, any first digit."""
    if not chars.isdigit() or len(chars) < 2:
        return None
    return _luhn_complete(stream, stream.digit(1), len(chars))


def make_iccid(stream: KeyedStream, chars: str) -> str | None:
    """A SIM's ICCID: 89, the original's country code kept, Luhn-valid."""
    if not chars.isdigit() or not chars.startswith("89") or len(chars) < 6:
        return None
    return _luhn_complete(stream, chars[:4], len(chars))


def make_sin(stream: KeyedStream, chars: str) -> str | None:
    """A Canadian SIN: nine digits, Luhn-valid, starting with a digit a province issues."""
    if not chars.isdigit() or len(chars) != 9:
        return None
    return _luhn_complete(stream, stream.choice("12345679"), 9)


def make_npi(stream: KeyedStream, chars: str) -> str | None:
    """A US NPI: ten digits starting 1 or 2, Luhn-valid behind the prefix 80840."""
    if not chars.isdigit() or len(chars) != 10:
        return None
    return _luhn_complete(stream, "80840" + stream.choice("12"), 15)[5:]


def make_ohip(stream: KeyedStream, chars: str) -> str | None:
    """An Ontario health number: ten Luhn-valid digits, and a version code if it had one."""
    digits, letters = chars[:10], chars[10:]
    if not digits.isdigit() or len(digits) != 10 or not letters.isalpha() and letters:
        return None
    version = "".join(stream.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in letters)
    return _luhn_complete(stream, stream.digit(1), 10) + version


def make_bc_phn(stream: KeyedStream, chars: str) -> str | None:
    """A BC personal health number: 9, eight digits and a mod 11 check digit (None when the
    check would be 10, so that the caller draws again)."""
    if not chars.isdigit() or len(chars) != 10:
        return None
    body = "9" + "".join(stream.digit() for _ in range(8))
    for check in "0123456789":
        if bc_phn_valid(body + check):
            return body + check
    return None


def make_dea(stream: KeyedStream, chars: str) -> str | None:
    """A US DEA number: a registrant-type letter, a letter, six digits and the check digit."""
    if len(chars) != 9 or not chars[2:].isdigit():
        return None
    head = stream.choice("ABCDEFGHJKLMPRSTUX") + stream.choice("ABCDEFGHJKLMNPRSTUVWXYZ")
    body = head + "".join(stream.digit() for _ in range(6))
    for check in "0123456789":
        if dea_valid(body + check):
            return body + check
    raise AssertionError("unreachable")


def make_swift(stream: KeyedStream, chars: str) -> str | None:
    """A SWIFT/BIC code: a new bank, location and branch; the country (letters 5-6) kept."""
    if len(chars) not in (8, 11):
        return None
    new = _same_classes(stream, chars, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return new[:4] + chars[4:6] + new[6:]


def make_country_prefixed(stream: KeyedStream, chars: str) -> str:
    """A code behind a country prefix (a VAT number): the leading letters kept, the rest
    re-drawn character by character."""
    prefix = len(chars) - len(chars.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
    return chars[:prefix] + _same_classes(stream, chars[prefix:])


def make_hex(keep: int = 0) -> Callable[[KeyedStream, str], str]:
    """Hexadecimal digits (MAC addresses, advertising IDs), the first `keep` kept: a MAC's
    first octet says whether it is universal or local."""
    def make(stream: KeyedStream, chars: str) -> str:
        return chars[:keep] + "".join(
            stream.choice("0123456789ABCDEF") for _ in chars[keep:])

    make.__name__ = f"make_hex_keep_{keep}"
    return make


def make_after(keep: int) -> Callable[[KeyedStream, str], str]:
    """The first `keep` characters kept (a fixed header, such as the base64 of a policy
    document's '{"expiration"'), the rest re-drawn in their classes."""
    def make(stream: KeyedStream, chars: str) -> str:
        return chars[:keep] + _same_classes(stream, chars[keep:], "ABCDEFGHJKLMNPRSTUVWXYZ")

    make.__name__ = f"make_after_{keep}"
    return make


def make_canada_postal_code(stream: KeyedStream, chars: str) -> str | None:
    """A Canadian postal code: letter, digit, letter, digit, letter, digit, from the letters
    Canada Post uses (no D, F, I, O, Q, U; no W or Z first)."""
    if len(chars) != 6:
        return None
    first, other = "ABCEGHJKLMNPRSTVXY", "ABCEGHJKLMNPRSTVWXYZ"
    return (stream.choice(first) + stream.digit() + stream.choice(other) + stream.digit()
            + stream.choice(other) + stream.digit())


def make_subscriber(stream: KeyedStream, chars: str) -> str | None:
    """A North American number with its area code or toll-free prefix kept: only the last
    seven digits (an exchange, which starts 2-9, and a line) are drawn."""
    if not chars.isdigit() or len(chars) < 10:
        return None
    return chars[:-7] + stream.digit(2) + "".join(stream.digit() for _ in range(6))


def redraw(stream: KeyedStream, text: str) -> str:
    """Every ASCII letter and digit of `text` drawn again in its own class and case."""
    out = []
    for c in text:
        if c.isascii() and c.isdigit():
            out.append(stream.digit())
        elif c.isascii() and c.isalpha():
            letter = stream.choice("abcdefghijklmnopqrstuvwxyz")
            out.append(letter.upper() if c.isupper() else letter)
        else:
            out.append(c)
    return "".join(out)


def ip_address(surrogates, entity, value: str) -> str | None:
    match = re.fullmatch(r"(\s*)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\s*)", value)
    if not match:
        return None
    stream = surrogates.stream(entity)
    octets = [str(11 + stream.below(212)), *(str(stream.below(256)) for _ in range(2)),
              str(1 + stream.below(254))]
    return match.group(1) + ".".join(octets) + match.group(6)


def phone_digits(surrogates, entity) -> str:
    """Ten surrogate digits for a phone entity (NANP-valid: area and exchange start 2-9)."""
    stream = surrogates.stream(entity)
    for _ in range(50):
        digits = stream.digit(2) + stream.digit() + stream.digit() + stream.digit(2) + \
            "".join(stream.digit() for _ in range(6))
        if digits != entity.key[-10:]:
            return digits
    return digits


def phone_number(surrogates, entity, value: str) -> str | None:
    """The mention's last (up to) 10 digits replaced; a country code or trunk 0 kept."""
    found = id_slots(value)
    if not found or any(not s[2].isdigit() for s in found):
        return None
    digits = phone_digits(surrogates, entity)
    chars = [s[2] for s in found]
    n = min(len(chars), 10)
    new = "".join(chars[: len(chars) - n]) + digits[10 - n:]
    return render_slots(value, found, new)


def age(surrogates, entity, value: str) -> str | None:
    """An age: digits stay digits; an age in words stays in words (up to 99)."""
    stream = surrogates.stream(entity)
    number = _words_to_number(value)
    if value.strip().isdigit():
        old = int(value)
        new = old
        while new == old:
            new = 18 + stream.below(72) if old >= 10 else 1 + stream.below(9)
        return value.replace(value.strip(), str(new))
    if number is not None:
        new = number
        while new == number:
            new = 18 + stream.below(72)
        return match_case(value.strip(), number_words(new))
    return None


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("-" + _ONES[ones] if ones else "")


def _words_to_number(value: str) -> int | None:
    words = re.findall(r"[a-z]+", value.casefold())
    if not words:
        return None
    total = 0
    for word in words:
        if word in _ONES:
            total += _ONES.index(word)
        elif word in _TENS and word != "_":
            total += 10 * _TENS.index(word)
        else:
            return None
    return total


def city(surrogates, entity, value: str) -> str:
    stream = surrogates.stream(entity)
    for _ in range(100):
        candidate = stream.choice(CITIES)
        if not surrogates._clashes(candidate):
            return match_case(value.strip(), candidate) if value.strip().islower() else candidate
    return surrogates.words(entity, value)


def shifted_date(surrogates, entity, value: str) -> str | None:
    """A date moved by 1 to 365 days, either way, per entity; None if it does not parse."""
    stream = surrogates.stream(entity)
    days = 1 + stream.below(365)
    return shift_date(value, -days if stream.below(2) else days)


def is_id_like(value: str) -> bool:
    """Digits and letters only (written, spelled or spoken), with at least one digit."""
    found = id_slots(value)
    return bool(found) and any(s[2].isdigit() for s in found)


# --- formats -------------------------------------------------------------------------------
# Each takes (surrogates, entity, finding, value) and returns the fake text or None.

@dataclass(frozen=True)
class Slots:
    """Every digit and letter of an ID re-drawn by `make(stream, chars)` (None: try again),
    keeping separators and the written, spelled or spoken form of each character."""

    make: Callable[[KeyedStream, str], "str | None"]

    def __call__(self, surrogates, entity, finding, value: str) -> str | None:
        return surrogates.slots(entity, value, self.make)


def person_name(surrogates, entity, finding, value: str) -> str | None:
    """The matching part of the entity's surrogate person ("Ms Green" -> "Ms Okafor")."""
    return surrogates.name(entity, finding, value)


def phone(surrogates, entity, finding, value: str) -> str | None:
    return phone_number(surrogates, entity, value) or surrogates.slots(entity, value, make_generic)


def ip(surrogates, entity, finding, value: str) -> str | None:
    return ip_address(surrogates, entity, value) or surrogates.slots(entity, value, make_generic)


def age_in_years(surrogates, entity, finding, value: str) -> str | None:
    return age(surrogates, entity, value)


def date(surrogates, entity, finding, value: str) -> str | None:
    return shifted_date(surrogates, entity, value)


def place(surrogates, entity, finding, value: str) -> str | None:
    return city(surrogates, entity, value)


_ABO_GROUP = re.compile(r"(?i)\b(ab|a|b|o)\b")


def blood_type(surrogates, entity, finding, value: str) -> str | None:
    """Another ABO group in the same words ("O+" -> "AB+", "blood type a positive" -> "blood
    type o positive"): the Rh sign and the wording stay, so the sentence still reads."""
    match = _ABO_GROUP.search(value)
    if match is None:
        return None
    old = match.group(1)
    new = surrogates.stream(entity).choice([g for g in ("A", "B", "AB", "O") if g != old.upper()])
    new = new.lower() if old.islower() else new
    return value[:match.start(1)] + new + value[match.end(1):]


def words(surrogates, entity, finding, value: str) -> str | None:
    """Every word replaced, separators, keywords, TLDs and free-mail domains kept."""
    if not re.search(r"[^\W_]", value):
        return None
    new = surrogates.words(entity, value)
    return new if new != value else None


def track_data(surrogates, entity, finding, value: str) -> str | None:
    """Magnetic-stripe track data: a new Luhn-valid card number of the same issuer and
    length, the format code and separators kept, the name and the rest drawn again."""
    pan = re.search(r"\d{13,19}", value)
    if pan is None:
        return None
    stream = surrogates.stream(entity)
    card = make_card(stream, pan.group(0))
    if card is None:
        return None
    return value[:pan.start()] + card + redraw(stream, value[pan.end():])


def time_of_day(surrogates, entity, finding, value: str) -> str | None:
    """A time: a new hour (1-12 with am/pm, else 0-23) and minutes, in the same format."""
    match = re.fullmatch(r"(\s*)(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?(.*)", value, re.DOTALL)
    if not match:
        return None
    lead, hour, minute, second, tail = match.groups()
    twelve = bool(re.search(r"[ap]\.?m", tail, re.IGNORECASE))
    stream = surrogates.stream(entity)
    for _ in range(50):
        new_hour = str(1 + stream.below(12) if twelve else stream.below(24)).zfill(len(hour))
        parts = [new_hour]
        if minute is not None:
            parts.append(f"{stream.below(60):02d}")
        if second is not None:
            parts.append(f"{stream.below(60):02d}")
        new = lead + ":".join(parts) + tail
        if new != value:
            return new
    return None


def coordinates(surrogates, entity, finding, value: str) -> str | None:
    """A latitude and a longitude, each with the original's decimals and sign."""
    numbers = list(re.finditer(r"([-+]?)(\d{1,3})\.(\d+)", value))
    if len(numbers) != 2:
        return None
    stream = surrogates.stream(entity)
    out, position = [], 0
    for match, limit in zip(numbers, (90, 180)):
        sign, whole, decimals = match.groups()
        degrees = stream.below(limit)
        drawn = "".join(stream.digit() for _ in decimals)
        out += [value[position:match.start()], f"{sign}{degrees}.{drawn}"]
        position = match.end()
    out.append(value[position:])
    new = "".join(out)
    return new if new != value else None


def cookie(surrogates, entity, finding, value: str) -> str | None:
    """An HTTP cookie header: the header and cookie names kept, every value drawn again."""
    stream = surrogates.stream(entity)
    new = re.sub(r"(?<==)[^;\s]+", lambda m: redraw(stream, m.group(0)), value)
    return new if new != value else None


def signed_url(surrogates, entity, finding, value: str) -> str | None:
    """A signed storage URL: scheme, host and parameter names kept; the path and every
    parameter value (the signature, the credential) drawn again."""
    match = re.match(r"([a-z]+://[^/?#\s]+)([^?#\s]*)(\??)(.*)", value, re.IGNORECASE | re.DOTALL)
    if not match:
        return None
    host, path, mark, query = match.groups()
    stream = surrogates.stream(entity)
    query = re.sub(r"(?<==)[^&\s]+", lambda m: redraw(stream, m.group(0)), query)
    new = host + redraw(stream, path) + mark + query
    return new if new != value else None


def like_value(surrogates, entity, finding, value: str) -> str | None:
    """An ID's characters re-drawn when the value looks like one, else its words replaced:
    the format of types with no shape of their own, and of types no catalogue knows."""
    if is_id_like(value):
        return surrogates.slots(entity, value, make_generic)
    return words(surrogates, entity, finding, value)
