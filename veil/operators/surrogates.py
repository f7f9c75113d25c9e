"""Surrogates ("hidden in plain sight"): realistic fake values in the original's format.

A missed real value hides among surrogates only if surrogates look real, so each keeps the
original's shape: a phone number its grouping and separators, an email its local@domain.tld
shape and separators, an ID its length and a valid checksum (Luhn with a realistic prefix for
cards, valid SSN areas, IBAN mod 97 with the same country, the VIN check digit), spelled
letters stay spelled and spoken digits stay spoken. Names keep gender and origin when the
first name tells them (Faker's locale lists, see operators.names), and a title ("Ms") tells
the gender too.

A surrogate is per entity and per conversation: every mention of "Rachel Green" / "Rachel" /
"Ms Green" becomes the corresponding part of one surrogate person, so a surrogate repeats
exactly as often as the real name did. Values come from HMAC(key, conversation id, infoType,
entity key): the same on every worker and re-run, different under another key, and unrelated
across conversations. A surrogate is never equal to, nor contains, a real value of the
conversation (candidates that do are skipped).
"""
from __future__ import annotations

import re

from veil.engine.checksums import aba_routing_valid, iban_valid, luhn_valid, vin_valid
from veil.entities import (
    _DIGIT_WORDS, TITLES, Entity, ParsedName, Resolution, fold_accents, names_match, parse_name,
    phonetic_key,
)
from veil.operators.dates import shift_date
from veil.operators.keys import KeyedStream
from veil.operators.names import (
    LETTERS, first_name_pool, fold, infer_gender, is_first_name, last_name_pool, pick_locale,
)

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
NATO = dict(zip("abcdefghijklmnopqrstuvwxyz", (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()))
_FEMALE_TITLES = {"mrs", "ms", "miss", "madam", "missus"}
_MALE_TITLES = {"mr", "mister", "sir"}
_FREE_MAIL = {"gmail", "googlemail", "yahoo", "hotmail", "outlook", "live", "msn", "icloud",
              "me", "aol", "proton", "protonmail", "gmx", "mail", "yandex", "zoho", "fastmail"}
_KEEP_WORDS = {
    "at", "dot", "underscore", "dash", "hyphen", "slash", "colon", "and", "of", "the", "www",
    "http", "https", "com", "org", "net", "io", "co", "uk", "edu", "gov", "biz", "info",
    "inc", "llc", "ltd", "limited", "corp", "corporation", "company", "group", "gmbh", "plc",
    "street", "st", "avenue", "ave", "road", "rd", "lane", "ln", "drive", "dr", "boulevard",
    "blvd", "way", "court", "ct", "place", "pl", "suite", "ste", "apt", "apartment", "unit",
    "floor", "north", "south", "east", "west", "n", "s", "e", "w", "ne", "nw", "se", "sw",
}
CITIES = (
    "Denver", "Austin", "Chicago", "Seattle", "Boston", "Phoenix", "Portland", "Atlanta",
    "Nashville", "Tampa", "Orlando", "Raleigh", "Omaha", "Boise", "Spokane", "Fresno",
    "Leeds", "Glasgow", "Bristol", "Cardiff", "Cork", "Lyon", "Lille", "Valencia", "Porto",
    "Turin", "Bologna", "Hamburg", "Cologne", "Utrecht", "Ghent", "Krakow", "Brno", "Bergen",
    "Puebla", "Lima", "Curitiba", "Ibadan", "Kumasi", "Pune", "Jaipur", "Cebu", "Izmir",
)


def _ascii(text: str) -> str:
    """ASCII letters for an ASCII transcript ("Łukasz" -> "Lukasz", "Inès" -> "Ines")."""
    return fold_accents(text.translate(LETTERS)).encode("ascii", "ignore").decode()


def match_case(template: str, word: str) -> str:
    """`word` in the case style of `template`: lower, UPPER or Title."""
    if template.isascii() and not word.isascii():
        word = _ascii(word) or word
    letters = [c for c in template if c.isalpha()]
    if letters and all(c.islower() for c in letters):
        return word.lower()
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    return word[:1].upper() + word[1:]


def spell_like(template: str, word: str) -> str:
    """`word` spelled out like `template` ("G-R-E-E-N" or "g r e e n")."""
    letters = [c for c in _ascii(word) if c.isalpha()]
    seps = re.findall(r"[^\W\d_]([^\w]+)(?=[^\W\d_])", template)
    sep = seps[0] if seps else "-"
    upper = any(c.isupper() for c in template)
    return sep.join(c.upper() if upper else c.lower() for c in letters)


def spell_as_in(template: str, word: str) -> str:
    """`word` as "j as in juliet, o as in oscar, ..." in the template's case."""
    connector = re.search(r"\s+(as in|like|for)\s+", template, re.IGNORECASE)
    link = connector.group(1) if connector else "as in"
    joiner = ", " if "," in template else " "
    groups = [f"{c} {link} {NATO.get(c.lower(), c)}" for c in _ascii(word).lower() if c.isalpha()]
    text = joiner.join(groups)
    return text.upper() if template.isupper() else (
        text if template[:1].islower() else text[:1].upper() + text[1:])


class Surrogates:
    """Surrogates for one conversation. Build one per conversation; it caches per entity."""

    def __init__(self, key: bytes, conversation_id: str, texts: list[str], resolution: Resolution):
        self.key = key
        self.conversation_id = conversation_id
        self.texts = texts
        self.resolution = resolution
        self.people: dict[int, dict[str, str]] = {}
        self.used: set[str] = set()
        self.real_names = self._real_names()
        self.real_sounds: set[str] | None = None
        # Everyone is drawn up front, in number order, so that no surrogate depends on which
        # mention or operator asked first.
        for entity in resolution.entities:
            if entity.person is not None:
                self.person(entity)
        self.name_words = self.name_word_map()

    # -- bookkeeping ------------------------------------------------------------------------
    def _real_names(self) -> set[str]:
        """Every word of every real value in the conversation: no surrogate may echo one."""
        names = set()
        for finding in self.resolution.entity_of:
            value = self.texts[finding.turn][finding.start:finding.end]
            for word in re.findall(r"[^\W\d_]+", value):
                if len(word) >= 2 and word.casefold() not in TITLES:
                    names.add(fold(word))
        for parsed in self.resolution.parsed_names.values():
            names |= {fold(t.name) for t in parsed.tokens if len(t.name) >= 2}
        return names

    def stream(self, entity: Entity, *extra) -> KeyedStream:
        return KeyedStream(self.key, "surrogate", self.conversation_id, entity.info_type,
                           entity.key, *extra)

    def _clashes(self, candidate: str) -> bool:
        """Whether a candidate is, contains, or sounds like a real name of the conversation."""
        folded = fold(candidate)
        if not folded or folded in self.used:
            return True
        if self.real_sounds is None:
            self.real_sounds = {phonetic_key(real) for real in self.real_names}
        if phonetic_key(folded) in self.real_sounds:
            return True
        for real in self.real_names:
            if real in folded or (len(real) >= 3 and folded in real) or (
                    abs(len(real) - len(folded)) <= 1 and names_match(real, folded)):
                return True
        return False

    def fresh(self, stream: KeyedStream, pool) -> str:
        """A word from `pool` that is no real value of this conversation and not yet used."""
        for _ in range(200):
            candidate = stream.choice(pool)
            if not self._clashes(candidate):
                self.used.add(fold(candidate))
                return candidate
        raise RuntimeError("no surrogate candidate left")  # unreachable with real pools

    # -- people -----------------------------------------------------------------------------
    def person(self, entity: Entity) -> dict[str, str]:
        """The surrogate person: {"first": ..., "last": ..., "locale": ..., "gender": ...}."""
        if entity.number in self.people:
            return self.people[entity.number]
        person = entity.person
        firsts = list(person.firsts) + [u for u in person.unknowns if is_first_name(u)]
        lasts = list(person.lasts) + [u for u in person.unknowns if not is_first_name(u)]
        titles = set(person.titles) | self._titles_before(entity)
        gender = "female" if titles & _FEMALE_TITLES else "male" if titles & _MALE_TITLES \
            else infer_gender(firsts)
        locale = pick_locale(firsts, lasts)
        stream = self.stream(entity)
        chosen = {"gender": gender, "locale": locale,
                  "first": self.fresh(stream, first_name_pool(locale, gender)),
                  "last": self.fresh(stream, last_name_pool(locale))}
        self.people[entity.number] = chosen
        return chosen

    def _titles_before(self, entity: Entity) -> set[str]:
        titles = set()
        for finding in entity.mentions:
            before = self.texts[finding.turn][max(0, finding.start - 8):finding.start]
            match = re.search(r"([A-Za-z]+)\.?\s+$", before)
            if match and match.group(1).casefold() in TITLES:
                titles.add(match.group(1).casefold())
        return titles

    def middle(self, entity: Entity, name: str) -> str:
        person = self.person(entity)
        cache_key = f"middle:{fold(name)}"
        if cache_key not in person:
            stream = self.stream(entity, "middle", fold(name))
            person[cache_key] = self.fresh(stream, first_name_pool(person["locale"], person["gender"]))
        return person[cache_key]

    def name_mention(self, entity: Entity, value: str, parsed: ParsedName) -> str:
        person = self.person(entity)
        tokens = parsed.tokens
        out = value
        for index in reversed(range(len(tokens))):
            token = tokens[index]
            if len(tokens) == 1:
                role = entity.person.role_of(token.name)
            else:
                role = "first" if index == 0 else "last" if index == len(tokens) - 1 else "middle"
            new = self.middle(entity, token.name) if role == "middle" else person[role]
            original = value[token.start:token.end]
            if token.style == "spelled":
                rendered = spell_like(original, new)
            elif token.style == "as_in":
                rendered = spell_as_in(original, new)
            else:
                rendered = match_case(original, new)
            out = out[:token.start] + rendered + out[token.end:]
        return out

    def name_word_map(self) -> dict[str, str]:
        """Real name word -> its surrogate, over the people seen so far (for email locals)."""
        mapping = {}
        for entity in self.resolution.entities:
            if entity.info_type != "PERSON_NAME" or entity.person is None:
                continue
            person = self.person(entity)
            for name in entity.person.firsts:
                mapping[fold(name)] = person["first"]
            for name in entity.person.lasts:
                mapping[fold(name)] = person["last"]
            for name in entity.person.unknowns:
                mapping[fold(name)] = person[entity.person.role_of(name)]
        return mapping

    # -- words (emails, organisations, addresses, anything textual) -------------------------
    def word(self, entity: Entity, word: str) -> str:
        """A surrogate for one word of a value, the same for that word throughout the entity."""
        folded = fold(word)
        mapped = self.name_words.get(folded)
        if mapped is not None:
            return _ascii(mapped).lower() if word.isascii() else mapped.lower()
        stream = self.stream(entity, "word", folded)
        pool = [n for n in last_name_pool("en_US") if n.isalpha() and n.isascii()]
        for _ in range(200):
            candidate = stream.choice(pool)
            if not self._clashes(candidate):
                return candidate.lower()
        return "x" * len(word)

    def words(self, entity: Entity, value: str) -> str:
        """Every word of `value` replaced, separators, keywords, TLDs and free-mail domains
        kept; digits (written or spoken) replaced by digits in the same form."""
        tld_start = self._tld_start(value)
        pieces = []
        position = 0
        digit_stream = self.stream(entity, "digits")
        for match in re.finditer(r"[^\W\d_](?:-[^\W\d_])+(?![^\W\d_])|[^\W\d_]+|\d+", value):
            pieces.append(value[position:match.start()])
            token = match.group(0)
            folded = token.casefold()
            if token.isdigit():
                new = "".join(digit_stream.digit(1 if i == 0 and token[0] != "0" else 0)
                              for i in range(len(token)))
            elif folded in _DIGIT_WORDS and folded not in ("o", "to", "for"):
                new = match_case(token, DIGIT_WORDS[digit_stream.below(10)])
            elif match.start() >= tld_start or folded in _KEEP_WORDS or folded in _FREE_MAIL:
                new = token
            elif re.fullmatch(r"[^\W\d_](?:-[^\W\d_])+", token):
                new = spell_like(token, self.word(entity, token.replace("-", "")))
            else:
                new = match_case(token, self.word(entity, token))
            pieces.append(new)
            position = match.end()
        pieces.append(value[position:])
        return "".join(pieces)

    @staticmethod
    def _tld_start(value: str) -> int:
        """Where the top-level domain starts (the part kept), or len(value)."""
        at = max(value.rfind("@"), _spoken_at(value))
        if at < 0:
            return len(value)
        dot = max(value.rfind("."), value.casefold().rfind(" dot "))
        return dot + 1 if dot > at else len(value)

    # -- digits and IDs ---------------------------------------------------------------------
    def slots(self, entity: Entity, value: str, make) -> str | None:
        """Re-render `value` with new characters from `make(stream, chars)`, keeping every
        separator and the written/spoken form of each digit and letter."""
        found = _slots(value)
        if not found:
            return None
        chars = "".join(s[2] for s in found)
        stream = self.stream(entity)
        for _ in range(50):
            new = make(stream, chars)
            if new is not None and new.casefold() != chars.casefold():
                return _render_slots(value, found, new)
        return None


def _spoken_at(value: str) -> int:
    index = value.casefold().rfind(" at ")
    return index + 3 if index >= 0 else -1


def _slots(value: str) -> list[tuple[int, int, str, str]]:
    """(start, end, char, form) for each digit or letter of an ID: form is "char", "word"
    (a spoken digit) or "letter" (a spelled letter standing alone). Empty when `value` has
    a word that is none of these (a lowercase word, not a code)."""
    out = []
    for match in re.finditer(r"[^\W_]+", value):
        token = match.group(0)
        folded = token.casefold()
        if folded in _DIGIT_WORDS and folded != "o" and not token.isdigit():
            out.append((match.start(), match.end(), _DIGIT_WORDS[folded], "word"))
        elif len(token) == 1 and token.isalpha():
            out.append((match.start(), match.end(), token, "letter"))
        elif token.isascii() and token.isalnum() and (
                any(c.isdigit() for c in token) or token.isupper()):
            for i, c in enumerate(token):
                out.append((match.start() + i, match.start() + i + 1, c, "char"))
        else:
            return []  # words that are neither digits nor letters: not an ID
    return out


def _render_slots(value: str, slots, new: str) -> str:
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


def ip_address(surrogates: Surrogates, entity: Entity, value: str) -> str | None:
    match = re.fullmatch(r"(\s*)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\s*)", value)
    if not match:
        return None
    stream = surrogates.stream(entity)
    octets = [str(11 + stream.below(212)), *(str(stream.below(256)) for _ in range(2)),
              str(1 + stream.below(254))]
    return match.group(1) + ".".join(octets) + match.group(6)


def phone_digits(surrogates: Surrogates, entity: Entity) -> str:
    """Ten surrogate digits for a phone entity (NANP-valid: area and exchange start 2-9)."""
    stream = surrogates.stream(entity)
    for _ in range(50):
        digits = stream.digit(2) + stream.digit() + stream.digit() + stream.digit(2) + \
            "".join(stream.digit() for _ in range(6))
        if digits != entity.key[-10:]:
            return digits
    return digits


def phone_number(surrogates: Surrogates, entity: Entity, value: str) -> str | None:
    """The mention's last (up to) 10 digits replaced; a country code or trunk 0 kept."""
    found = _slots(value)
    if not found or any(not s[2].isdigit() for s in found):
        return None
    digits = phone_digits(surrogates, entity)
    chars = [s[2] for s in found]
    n = min(len(chars), 10)
    new = "".join(chars[: len(chars) - n]) + digits[10 - n:]
    return _render_slots(value, found, new)


def age(surrogates: Surrogates, entity: Entity, value: str) -> str | None:
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


def city(surrogates: Surrogates, entity: Entity, value: str) -> str:
    stream = surrogates.stream(entity)
    for _ in range(100):
        candidate = stream.choice(CITIES)
        if not surrogates._clashes(candidate):
            return match_case(value.strip(), candidate) if value.strip().islower() else candidate
    return surrogates.words(entity, value)


DATE_TYPES = {"DATE", "DATE_OF_BIRTH", "DATE_TIME"}


def shifted_date(surrogates: Surrogates, entity: Entity, value: str) -> str | None:
    """A date moved by 1 to 365 days, either way, per entity; None if it does not parse."""
    stream = surrogates.stream(entity)
    days = 1 + stream.below(365)
    return shift_date(value, -days if stream.below(2) else days)


ID_MAKERS = {
    "CREDIT_CARD_NUMBER": make_card,
    "US_SOCIAL_SECURITY_NUMBER": make_ssn,
    "IBAN_CODE": make_iban,
    "VEHICLE_IDENTIFICATION_NUMBER": make_vin,
    "US_BANK_ROUTING_MICR": make_routing,
    "ABA_ROUTING_NUMBER": make_routing,
}


def is_id_like(value: str) -> bool:
    """Digits and letters only (written, spelled or spoken), with at least one digit."""
    found = _slots(value)
    return bool(found) and any(s[2].isdigit() for s in found)


def surrogate(surrogates: Surrogates, entity: Entity, finding, value: str) -> str | None:
    """The surrogate text for one mention, or None when no surrogate fits its format (the
    caller then falls back to the numbered placeholder)."""
    info_type = entity.info_type
    if info_type == "PERSON_NAME":
        parsed = surrogates.resolution.parsed_names.get(finding) or parse_name(value)
        if not parsed.tokens:
            return None
        return surrogates.name_mention(entity, value, parsed)
    if info_type == "PHONE_NUMBER":
        return phone_number(surrogates, entity, value) or surrogates.slots(entity, value, make_generic)
    if info_type in ID_MAKERS:
        return surrogates.slots(entity, value, ID_MAKERS[info_type])
    if info_type == "IP_ADDRESS":
        return ip_address(surrogates, entity, value) or surrogates.slots(entity, value, make_generic)
    if info_type == "AGE":
        return age(surrogates, entity, value)
    if info_type in DATE_TYPES:
        return shifted_date(surrogates, entity, value)
    if info_type == "LOCATION":
        return city(surrogates, entity, value)
    if info_type != "EMAIL_ADDRESS" and is_id_like(value):
        return surrogates.slots(entity, value, make_generic)
    if not re.search(r"[^\W_]", value):
        return None
    new = surrogates.words(entity, value)
    return new if new != value else None

