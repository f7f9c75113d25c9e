"""Build one record turn by turn, with exact gold offsets.

A turn is written from templates: literal text, `{slot}`s filled with parts, and inline hard
negatives `[[Parkinson's disease|eponym]]`. A part is already rendered (its surface string is
final: spelled, spoken, lowercased), so the builder only concatenates and records where each
part landed. Offsets are computed while the string is built; nothing is searched afterwards.

Parts are tuples:
  ("L", text)                                   literal text (flattened in lowercase mode)
  ("E", surface, info_type, speaker_related)    a gold PI span
  ("E", surface, info_type, speaker_related, entity)
                                                one naming a person: `entity` ("P1", "P2", ...)
                                                is the same for every mention of that person (ids are labels, given in order of first use)
  ("N", surface, kind)                          a hard negative: looks like PI, is not
  ("M", (part, part, ...))                      several parts in a row (a false start and
                                                the value it restarts, a read-back)
"""
from __future__ import annotations

import datetime as _dt
import random
import re
from functools import lru_cache
from typing import Any, Iterable, Mapping

import veil.synth.spoken as spoken
from veil.synth.spoken import flatten as _flatten
from veil.synth.values import Org, Person, Values, randint

_TOKEN = re.compile(r"\{(\w+)\}|\[\[([^|\]]+)\|(\w+)\]\]")

# Hard-negative kinds whose surface is words (lowercased in lowercase mode).
_WORD_KINDS = {"eponym", "brand", "name_word", "date"}


class Lazy:
    """A slot value made only if a template uses it, and then once."""

    __slots__ = ("fn", "value", "done")

    def __init__(self, fn):
        self.fn = fn
        self.done = False
        self.value = None

    def get(self):
        if not self.done:
            self.value = self.fn()
            self.done = True
        return self.value


@lru_cache(maxsize=8192)
def parse_many(templates: tuple[str, ...], sep: str = " ") -> tuple[tuple, ...]:
    pieces: tuple = ()
    for template in templates:
        pieces = pieces + ((("L", sep),) if pieces else ()) + parse(template)
    return pieces


@lru_cache(maxsize=8192)
def parse(template: str) -> tuple[tuple, ...]:
    pieces: list[tuple] = []
    pos = 0
    for m in _TOKEN.finditer(template):
        if m.start() > pos:
            pieces.append(("L", template[pos:m.start()]))
        if m.group(1):
            pieces.append(("S", m.group(1)))
        else:
            pieces.append(("N", m.group(2), m.group(3)))
        pos = m.end()
    if pos < len(template):
        pieces.append(("L", template[pos:]))
    return tuple(pieces)


class RecordBuilder:
    def __init__(self, rng: random.Random, cfg: Any, values: Values, *, asr: bool = True):
        self.rng = rng
        self.cfg = cfg
        self.v = values
        self.asr = asr
        self.lc = asr and rng.random() < cfg.p_lowercase
        self.turns: list[dict] = []
        self.pii: list[dict] = []
        self.negatives: list[dict] = []
        self.text: str | None = None
        self.people: dict[Person, str] = {}  # gold entity ids, in order of first mention
        # how often each realism phenomenon (and its opportunity) happened: for tests and stats
        self.events: dict[str, int] = {}

    def event(self, name: str) -> None:
        self.events[name] = self.events.get(name, 0) + 1

    def chance(self, name: str, p: float) -> bool:
        """Draw an opportunity for phenomenon `name` with probability p; count both."""
        self.event(name + "_opportunity")
        if self.rng.random() < p:
            self.event(name)
            return True
        return False

    # -- parts ---------------------------------------------------------------------------
    def ent(self, info_type: str, value: str, speaker_related: bool = False,
            natural: bool = False) -> tuple:
        """A PI value. `natural` values (names, places) are lowercased in lowercase mode."""
        surface = spoken.flatten_value(value) if (self.lc and natural) else value
        return ("E", surface, info_type, speaker_related)

    def entity_id(self, person: Person) -> str:
        """The person's gold entity id in this record: "P1", "P2", ... by first mention."""
        return self.people.setdefault(person, f"P{len(self.people) + 1}")

    def name(self, person: Person, form: str = "full") -> tuple:
        if form == "first":
            value = person.first
        elif form == "last":
            value = person.last
        elif form in ("spelled_last", "spelled_first"):
            word = person.last if form == "spelled_last" else person.first
            if self.asr and self.chance("as_in", self.cfg.p_spelled_as_in):
                surface = spoken.spell_as_in(word, self.rng, punctuate=not self.lc)
            else:
                surface = spoken.spell(word)
            return ("E", surface, "PERSON_NAME", False, self.entity_id(person))
        else:
            value = person.full
        return self.ent("PERSON_NAME", value, natural=True) + (self.entity_id(person),)

    def false_start(self, part: tuple) -> tuple:
        """With probability p_false_start, the part restarted: "Mar- Mark Green",
        "four one f- four one five ...". The fragment is gold too, a separate span of the same
        info_type and entity (a piece of a name is still partial PI); it does not include the
        hyphen that marks the break."""
        if not self.asr or part is None or part[0] != "E" or \
                not self.chance("false_start", self.cfg.p_false_start):
            return part
        frag = spoken.fragment(part[1], self.rng)
        return ("M", ((part[0], frag) + part[2:], ("L", " " if self.lc else "- "), part))

    def read_back(self, part: tuple, value: str) -> tuple[tuple, bool]:
        """The other speaker reading a number back: the whole value or its first groups
        ("four one five..."), in the same style as `part` was said; and whether partial."""
        groups = [g for g in re.split(r"[^0-9A-Za-z]+", value) if g]
        partial = len(groups) > 1 and self.rng.random() < 0.5
        if partial:
            value = "-".join(groups[: 1 + int(self.rng.random() * (len(groups) - 1))])
        said_spoken = any(c.isdigit() for c in value) and not any(c.isdigit() for c in part[1])
        surface = spoken.speak_digits(value, self.rng, punctuate=not self.lc) \
            if said_spoken else value
        return ("E", surface) + part[2:], partial

    def nickname(self, person: Person, short: str) -> tuple:
        """A short form of the person's first name ("Bob" for Robert): same entity id."""
        return self.ent("PERSON_NAME", short, natural=True) + (self.entity_id(person),)

    def maybe_spelled(self, person: Person, form: str = "last") -> tuple | None:
        """With probability p_spelled, the spelled form of a name (to follow the name)."""
        if self.asr and self.rng.random() < self.cfg.p_spelled:
            return self.name(person, "spelled_" + form)
        return None

    def org(self, org: Org | str, speaker_related: bool) -> tuple:
        name = org.name if isinstance(org, Org) else org
        return self.ent("ORGANIZATION_NAME", name, speaker_related, natural=True)

    def place(self, value: str) -> tuple:
        return self.ent("LOCATION", value, natural=True)

    def address(self, value: str) -> tuple:
        return self.ent("STREET_ADDRESS", value, natural=True)

    def spoken_now(self) -> bool:
        return self.asr and self.rng.random() < self.cfg.p_digits_spoken

    def number(self, info_type: str, value: str, spoken_ok: bool = True) -> tuple:
        """A number-like value, spoken digit by digit with probability p_digits_spoken."""
        if spoken_ok and self.spoken_now():
            value = spoken.speak_digits(value, self.rng, punctuate=not self.lc,
                                        p_homophone=self.cfg.p_homophone)
        return ("E", value, info_type, False)

    def code(self, info_type: str, value: str) -> tuple:
        """An alphanumeric code (VIN, IBAN, passport, username): spelled out or as written."""
        rng = self.rng
        if self.asr and rng.random() < self.cfg.p_spelled:
            letters: list[str] = []
            for ch in value:
                if ch.isalpha():
                    letters.append(ch.upper())
                elif ch.isdigit():
                    letters.append(spoken.DIGIT_WORDS[int(ch)] if rng.random() < 0.5 else ch)
            sep = rng.choice(("-", " ")) if all(c.isalpha() for c in value) else " "
            return ("E", sep.join(letters), info_type, False)
        if self.spoken_now() and any(c.isdigit() for c in value):
            return ("E", spoken.speak_digits(value, rng, punctuate=False,
                                             p_homophone=self.cfg.p_homophone), info_type, False)
        return ("E", value, info_type, False)

    def username(self, value: str) -> tuple:
        rng = self.rng
        if self.asr and rng.random() < self.cfg.p_spelled:
            if self.chance("as_in", self.cfg.p_spelled_as_in):
                return ("E", spoken.spell_as_in(value, rng, punctuate=not self.lc),
                        "USER_NAME", False)
            letters = "-".join(c.upper() for c in value if c.isalpha())
            digits = "".join(c for c in value if c.isdigit())
            alpha_head = value[: len(value) - len(digits)]
            if letters and digits and value.endswith(digits) and alpha_head.isalpha():
                tail = spoken.speak_digits(digits, rng, punctuate=False) \
                    if rng.random() < 0.6 else digits
                return ("E", f"{letters} {tail}", "USER_NAME", False)
            if value.isalpha():
                return ("E", letters, "USER_NAME", False)
        if self.lc and rng.random() < 0.5:
            value = value.lower()
        return ("E", value, "USER_NAME", False)

    def email(self, value: str) -> tuple:
        rng = self.rng
        if self.asr and rng.random() < self.cfg.p_spoken_email:
            local, domain = value.split("@", 1)
            if rng.random() < self.cfg.p_spelled and len(local) <= 12:
                head = spoken.spell(local.replace(".", "").replace("_", ""))
                digits = "".join(c for c in local if c.isdigit())
                if self.chance("as_in", self.cfg.p_spelled_as_in):
                    head = spoken.spell_as_in(local, rng, punctuate=not self.lc)
                elif digits:
                    head = "-".join(c.upper() for c in local if c.isalpha()) + " " + \
                        spoken.speak_digits(digits, rng, punctuate=False)
            else:
                head = local.replace(".", " dot ").replace("_", " underscore ")
                if any(c.isdigit() for c in head) and rng.random() < 0.5:
                    head = re.sub(r"\d+", lambda m: spoken.speak_digits(
                        m.group(0), rng, punctuate=False), head)
            at = " at " if rng.random() < 0.8 else " @ "
            dom = domain.replace(".", " dot ") if rng.random() < 0.7 else domain
            return ("E", head + at + dom, "EMAIL_ADDRESS", False)
        return ("E", value, "EMAIL_ADDRESS", False)

    def url(self, value: str) -> tuple:
        if self.asr and self.rng.random() < self.cfg.p_spoken_email * 0.5:
            value = value.replace("https://", "").replace("http://", "")
            value = value.replace("www.", "w w w dot ").replace(".", " dot ").replace("/", " slash ")
        return ("E", value, "URL", False)

    def dob(self, date: _dt.date) -> tuple:
        rng = self.rng
        month = spoken.MONTHS[date.month - 1]
        if self.asr and (self.lc or rng.random() < self.cfg.p_digits_spoken):
            r = rng.random()
            if r < 0.45:
                surface = f"{month} {spoken.ordinal_words(date.day)}, {spoken.year_words(date.year)}"
            elif r < 0.75:
                surface = (f"the {spoken.ordinal_words(date.day)} of {month}, "
                           f"{spoken.year_words(date.year)}")
            else:
                yy = date.year % 100
                surface = (f"{spoken.number_words(date.month)} {spoken.number_words(date.day)} "
                           + (spoken.number_words(yy) if yy >= 10 else "oh " + spoken.number_words(yy)))
            if self.lc:
                surface = spoken.flatten_value(surface)
        else:
            d, m, y = date.day, date.month, date.year
            surface = rng.choice((
                f"{month} {d}, {y}", f"{month} {spoken.ordinal_suffix(d)}, {y}",
                f"{d} {month} {y}", f"{m}/{d}/{y}", f"{m:02d}/{d:02d}/{y}",
                f"{d:02d}.{m:02d}.{y}", f"{y}-{m:02d}-{d:02d}",
            ) if not self.asr else (
                f"{month} {d}, {y}", f"{month} {spoken.ordinal_suffix(d)}, {y}",
                f"{d} {month} {y}", f"{m}/{d}/{y}",
            ))
        return ("E", surface, "DATE_OF_BIRTH", False)

    def age(self, years: int) -> tuple:
        if self.spoken_now() or self.lc:
            return ("E", spoken.number_words(years), "AGE", False)
        return ("E", str(years), "AGE", False)

    # -- hard negatives ------------------------------------------------------------------
    def neg(self, kind: str, text: str) -> tuple:
        if self.lc and kind in _WORD_KINDS:
            text = spoken.flatten_value(text)
        return ("N", text, kind)

    def order_number(self) -> tuple:
        value = self.v.digits(randint(self.rng, 4, 7))
        if self.spoken_now():
            value = spoken.speak_digits(value, self.rng, punctuate=False)
        return ("N", value, "order_number")

    def price(self) -> tuple:
        rng = self.rng
        r = rng.random()
        dollars = randint(rng, 5, 99) if r < 0.34 else randint(rng, 100, 999) if r < 0.67 \
            else randint(rng, 1, 40) * 50
        cents = rng.choice((0, 0, 99, 95, 49, 50))
        if self.spoken_now() or self.lc:
            if cents and dollars < 100:
                text = f"{spoken.number_words(dollars)} {spoken.number_words(cents)}"
            else:
                text = f"{spoken.number_words(dollars)} dollars"
        else:
            text = f"${dollars:,}" + (f".{cents:02d}" if cents else "")
        return ("N", text, "price")

    def time(self) -> tuple:
        rng = self.rng
        hour = randint(rng, 1, 12)
        minute = rng.choice((0, 0, 15, 30, 45, 10, 20, 5))
        if self.spoken_now() or self.lc:
            if minute:
                tail = " " + ("oh " + spoken.number_words(minute) if minute < 10
                              else spoken.number_words(minute))
            else:
                tail = rng.choice(("", " o'clock"))
            text = spoken.number_words(hour) + tail
        else:
            suffix = rng.choice(("", "", " a.m.", " p.m.", " am", " pm"))
            if minute or rng.random() < 0.5:
                text = f"{hour}:{minute:02d}{suffix}"
            else:
                text = str(hour) + (suffix or " o'clock")
        return ("N", text, "time")

    def quantity(self, noun: str, low: int = 2, high: int = 500) -> tuple:
        n = randint(self.rng, low, high)
        num = spoken.number_words(n) if (self.spoken_now() or self.lc) else f"{n:,}"
        return ("N", f"{num} {noun}", "quantity")

    # -- turns ---------------------------------------------------------------------------
    def pick(self, seq):
        """rng.choice, faster (one float draw)."""
        return seq[int(self.rng.random() * len(seq))]

    def say(self, speaker: str, templates: str | Iterable[str],
            slots: Mapping[str, Any] | None = None, **kw: Any) -> None:
        """Append a turn. Slots come from `kw`, then from `slots` (a mapping, e.g. Slots)."""
        pieces = parse(templates) if isinstance(templates, str) else parse_many(tuple(templates))
        text, spans, negs = self._assemble(pieces, kw, slots, disfluent=self.asr)
        index = len(self.turns)
        self.turns.append({"speaker": speaker, "text": text})
        for start, end, info_type, related, entity in spans:
            span = {"turn": index, "start": start, "end": end, "info_type": info_type,
                    "speaker_related": related}
            if entity is not None:
                span["entity"] = entity
            self.pii.append(span)
        for start, end, kind in negs:
            self.negatives.append({"turn": index, "start": start, "end": end, "kind": kind})

    def document(self, lines: Iterable[str], slots: Mapping[str, Any] | None = None,
                 **kw: Any) -> None:
        pieces = parse_many(tuple(lines), "\n")
        text, spans, negs = self._assemble(pieces, kw, slots, disfluent=False)
        self.text = text
        for start, end, info_type, related, entity in spans:
            span = {"start": start, "end": end, "info_type": info_type,
                    "speaker_related": related}
            if entity is not None:
                span["entity"] = entity
            self.pii.append(span)
        for start, end, kind in negs:
            self.negatives.append({"start": start, "end": end, "kind": kind})

    def _assemble(self, pieces: tuple, kw: dict, slots: Mapping | None, disfluent: bool):
        rng = self.rng
        lc = self.lc
        target = -1
        if disfluent and rng.random() < self.cfg.p_disfluency:
            candidates = [i for i, p in enumerate(pieces) if p[0] == "L" and p[1].count(" ") >= 2]
            if candidates:
                target = candidates[int(rng.random() * len(candidates))]
        out: list[str] = []
        pos = 0
        spans: list[tuple] = []
        negs: list[tuple] = []
        last_space = True  # at the start, drop leading spaces
        for i, piece in enumerate(pieces):
            tag = piece[0]
            if tag == "L":
                surface = _flatten(piece[1]) if lc else piece[1]
                if i == target:
                    surface = spoken.disfluent(surface, rng, punctuate=not lc)
                part = piece
            elif tag == "S":
                name = piece[1]
                part = kw[name] if name in kw else slots[name]  # type: ignore[index]
                if type(part) is Lazy:
                    part = part.get()
                if part is None:
                    continue
                if type(part) is str:
                    tag, surface = "L", (_flatten(part) if lc else part)
                else:
                    tag, surface = part[0], part[1]
            else:  # inline hard negative
                part = self.neg(piece[2], piece[1])
                surface = part[1]
            items = [(p[0], p[1], p) for p in part[1]] if tag == "M" else ((tag, surface, part),)
            for tag, surface, part in items:
                if not surface:
                    continue
                if tag == "L":
                    if last_space:
                        surface = surface.lstrip(" ")
                    elif surface[0] == "." and out and out[-1][-1] == ".":
                        surface = surface[1:]  # "8:20 a.m." + "." -> one period
                    if not surface:
                        continue
                elif tag == "E":
                    spans.append((pos, pos + len(surface), part[2], part[3],
                                  part[4] if len(part) > 4 else None))
                else:
                    negs.append((pos, pos + len(surface), part[2]))
                out.append(surface)
                pos += len(surface)
                last_space = surface[-1] in " \n"
        text = "".join(out)
        stripped = text.rstrip()
        if len(stripped) != len(text):
            limit = len(stripped)
            if any(s[1] > limit for s in spans) or any(n[1] > limit for n in negs):
                stripped = text  # never cut into a span
        if lc and stripped[:1].isupper() and not (spans and spans[0][0] == 0) \
                and not (negs and negs[0][0] == 0):
            stripped = stripped[0].lower() + stripped[1:]
        return stripped, spans, negs


class Slots(dict):
    """Slot values made on first use from `makers` (name -> zero-argument callable).

    One Slots per turn: each template slot is made at most once per turn, and only if used.
    """

    __slots__ = ("makers",)

    def __init__(self, makers: Mapping[str, Any]):
        super().__init__()
        self.makers = makers

    def __missing__(self, key: str):
        maker = self.makers[key]
        value = self[key] = maker() if callable(maker) else maker
        return value
