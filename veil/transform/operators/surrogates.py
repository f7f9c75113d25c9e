"""Surrogates ("hidden in plain sight"): realistic fake values in the original's format.

A missed real value hides among surrogates only if surrogates look real, so each keeps the
original's shape: a phone number its grouping and separators, an email its local@domain.tld
shape and separators, an ID its length and a valid checksum (Luhn with a realistic prefix for
cards, valid SSN areas, IBAN mod 97 with the same country, the VIN check digit), spelled
letters stay spelled and spoken digits stay spoken. Names keep gender and origin when the
first name tells them (Faker's locale lists, see operators.names), and a title ("Ms") tells
the gender too.

What a surrogate of each type looks like is its catalogue entry's format
(`veil.transform.operators.surrogate_formats`); this module holds what the formats of one conversation
share. A surrogate is per entity and per conversation: every mention of "Rachel Green" / "Rachel" /
"Ms Green" becomes the corresponding part of one surrogate person, so a surrogate repeats
exactly as often as the real name did. Values come from HMAC(key, conversation id, infoType,
entity key): the same on every worker and re-run, different under another key, and unrelated
across conversations. A surrogate is never equal to, nor contains, a real value of the
conversation (candidates that do are skipped).
"""
from __future__ import annotations

import re

from veil.entities.resolution import (
    TITLES, Entity, ParsedName, Resolution, names_match, parse_name, phonetic_key,
)
from veil.detection.entity_keys import DIGIT_OF_WORD, spaced_spelling, spelled_letters
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue
from veil.transform.operators.keys import KeyedStream
from veil.transform.operators.names import (
    first_name_pool, fold, infer_gender, is_first_name, last_name_pool, pick_locale,
)
from veil.transform.operators.surrogate_formats import (
    DIGIT_WORDS, id_slots, like_value, match_case, redraw, render_slots, to_ascii,
)

NATO = dict(zip("abcdefghijklmnopqrstuvwxyz", (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()))
_FEMALE_TITLES = {"mrs", "ms", "miss", "madam", "missus"}
_MALE_TITLES = {"mr", "mister", "sir"}
_FREE_MAIL = {"gmail", "googlemail", "yahoo", "hotmail", "outlook", "live", "msn", "icloud",
              "me", "aol", "proton", "protonmail", "gmx", "mail", "yandex", "zoho", "fastmail"}
# Numbers said in words beyond the digits ("twelve oak street", "four hundred and two"): each
# is redrawn from its own kind, so that a house number said in words stays one.
_NUMBER_WORD_KINDS = (
    ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
     "eighteen", "nineteen"),
    ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"),
)
_NUMBER_WORD_KIND = {word: kind for kind in _NUMBER_WORD_KINDS for word in kind}
# The pieces `Surrogates.words` replaces one by one: a spelling with spaces ("j o h n"), one
# with hyphens ("G-R-E-E-N"), a number with a letter ("4B"), a word, a number.
_VALUE_PIECES = re.compile(
    spaced_spelling(3) + r"|[^\W\d_](?:-[^\W\d_])+(?![^\W\d_])|\d+[^\W\d_](?![^\W\d_])"
    r"|[^\W\d_]+|\d+", re.IGNORECASE)
_KEEP_WORDS = {
    "hundred", "thousand", "double", "triple",
    "at", "dot", "underscore", "dash", "hyphen", "slash", "colon", "and", "of", "the", "www",
    "http", "https", "com", "org", "net", "io", "co", "uk", "edu", "gov", "biz", "info",
    "inc", "llc", "ltd", "limited", "corp", "corporation", "company", "group", "gmbh", "plc",
    "street", "st", "avenue", "ave", "road", "rd", "lane", "ln", "drive", "dr", "boulevard",
    "blvd", "way", "court", "ct", "place", "pl", "suite", "ste", "apt", "apartment", "unit",
    "floor", "north", "south", "east", "west", "n", "s", "e", "w", "ne", "nw", "se", "sw",
}


def spell_like(template: str, word: str) -> str:
    """`word` spelled out like `template` ("G-R-E-E-N" or "g r e e n")."""
    letters = [c for c in to_ascii(word) if c.isalpha()]
    seps = re.findall(r"[^\W\d_]([^\w]+)(?=[^\W\d_])", template)
    sep = seps[0] if seps else "-"
    upper = any(c.isupper() for c in template)
    return sep.join(c.upper() if upper else c.lower() for c in letters)


def spell_as_in(template: str, word: str) -> str:
    """`word` as "j as in juliet, o as in oscar, ..." in the template's case."""
    connector = re.search(r"\s+(as in|like|for)\s+", template, re.IGNORECASE)
    link = connector.group(1) if connector else "as in"
    joiner = ", " if "," in template else " "
    groups = [f"{c} {link} {NATO.get(c.lower(), c)}" for c in to_ascii(word).lower() if c.isalpha()]
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

    def name(self, entity: Entity, finding, value: str) -> str | None:
        """A PERSON_NAME mention as the same part of the entity's surrogate person."""
        parsed = self.resolution.parsed_names.get(finding) or parse_name(value)
        if not parsed.tokens:
            return None
        return self.name_mention(entity, value, parsed)

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
            return to_ascii(mapped).lower() if word.isascii() else mapped.lower()
        stream = self.stream(entity, "word", folded)
        pool = [n for n in last_name_pool("en_US") if n.isalpha() and n.isascii()]
        for _ in range(200):
            candidate = stream.choice(pool)
            if not self._clashes(candidate):
                return candidate.lower()
        return "x" * len(word)

    def words(self, entity: Entity, value: str) -> str:
        """Every word of `value` replaced, separators, keywords, TLDs and free-mail domains
        kept; digits (written or spoken) replaced by digits in the same form, and a number
        with a letter ("4B") by another."""
        tld_start = self._tld_start(value)
        pieces = []
        position = 0
        digit_stream = self.stream(entity, "digits")
        for match in _VALUE_PIECES.finditer(value):
            pieces.append(value[position:match.start()])
            token = match.group(0)
            folded = token.casefold()
            spelled = spelled_letters(token) if " " in token else None
            if spelled and spelled.casefold() == "www":  # "w w w dot ...": a keyword said aloud
                new = token
            elif spelled:  # "j o h n", "o apostrophe n e i l l" (not "N E"): spelled alike
                new = spell_like(token, self.word(entity, spelled))
            elif token[0].isdigit() and not token.isdigit():  # a unit or house letter: "4B"
                new = redraw(digit_stream, token)
            elif token.isdigit():
                new = "".join(digit_stream.digit(1 if i == 0 and token[0] != "0" else 0)
                              for i in range(len(token)))
            elif folded in DIGIT_OF_WORD and folded not in ("o", "to", "for"):
                new = match_case(token, DIGIT_WORDS[digit_stream.below(10)])
            elif folded in _NUMBER_WORD_KIND:
                kind = _NUMBER_WORD_KIND[folded]
                new = match_case(token, kind[digit_stream.below(len(kind))])
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
        found = id_slots(value)
        if not found:
            return None
        chars = "".join(s[2] for s in found)
        stream = self.stream(entity)
        for _ in range(50):
            new = make(stream, chars)
            if new is not None and new.casefold() != chars.casefold():
                return render_slots(value, found, new)
        return None


def _spoken_at(value: str) -> int:
    index = value.casefold().rfind(" at ")
    return index + 3 if index >= 0 else -1


def surrogate(surrogates: Surrogates, entity: Entity, finding, value: str,
              catalogue: Catalogue = BUILTINS) -> str | None:
    """The surrogate text for one mention in its type's format (the catalogue's, else
    `like_value`), or None when no surrogate fits (the caller writes the placeholder)."""
    return catalogue.surrogate(entity.info_type, like_value)(surrogates, entity, finding, value)
