"""Entity resolution within one conversation: which mentions are the same person, email, ....

Mentions of one entity share one placeholder number (and one surrogate). Numbers are per
infoType, in order of first appearance. Resolution is pure and sees one conversation only:
nothing crosses conversations and no mapping is written anywhere, because a mapping that
outlived its conversation would be pseudonymisation.

What counts as the same entity:

- PERSON_NAME: "Rachel Green", "Rachel", "Ms Green", "G-R-E-E-N", "g as in golf, r as in
  romeo, ..." and ASR variants (Mark/Marc, Jon/John, Rachel/Rachael): names are compared by a
  phonetic key (`phonetic_key`), or by edit distance 1 on that key when both keys have 5 or
  more letters. Names of 4 letters need the key to agree, so Mark and Mary stay apart; two
  known first names of opposite gender (Daniel/Daniela) never match, nor do two known first
  names a consonant apart (Lidia/Lilia).
- EMAIL_ADDRESS: case, spaces and the spoken forms "at", "dot", "underscore" do not count,
  nor do separators in the local part (mark.green@x.com is markgreen@x.com).
- PHONE_NUMBER: digits only (spoken digits too); a trunk 0 and a country code do not count
  (the last 10 digits are compared).
- ORGANIZATION_NAME: case, punctuation, a leading "the" and a legal suffix (Inc, LLC, Ltd,
  Corp, GmbH, ...) do not count.
- Any other type: case and punctuation do not count (`entity_key`), spoken digits are digits.

Each infoType's key is its catalogue entry's (`veil.infotypes`, `veil.entity_keys`).

People, and the ambiguous cases (documented choices, not guesses at random):

- A full name ("Rachel Green") joins the person whose first and last names agree; a person
  known only by a first name ("Rachel") or only by a last name ("Ms Green") takes the full
  name if nothing they are known by contradicts it. A full name that agrees with one person's
  first name and another person's last name (each known by that part only) joins the two.
- Two full names with the same first name and different last names are two people: "Rachel
  Green" and "Rachel Smith" get different numbers.
- A single name ("Rachel") that fits several people goes to the one mentioned most recently.
  A bare "Rachel" mentioned before either full name joins whichever full name comes first.
- A single name that fits no one so far starts a new person. A person known only by a
  first name and one known only by a last name (by the name lists) are joined when they are
  named within one turn of each other and neither has another such partner ("Your first
  name?" "Rachel." "And the last name?" "Green."). Otherwise they stay two people unless a
  full name later joins them; "Hi Rachel, this is Nguyen" may wrongly join two people.
- Surname particles belong to the surname: "da Cruz", "van den Bosch", "O Cnaimhsighe".
  Middle names are remembered: "Luis Miguel" and "Luis Miguel Soliz" are one person.

Measured on `veil generate --split test` (1000 records) with the gold spans as findings:
96.9% of the people named more than once get a single number, and 99.6% of people share no
number with another person (`single_number_share`, scripts/entity_resolution_share.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from veil.findings import Finding
from veil.infotypes.builtin import BUILTINS
from veil.operators.names import fold, is_first_name, opposite_genders

TITLES = {"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mister", "missus"}
# Surname particles: "da Cruz" is one name, not a first name "da" and a last name "Cruz".
PARTICLES = {"da", "de", "del", "della", "der", "di", "do", "dos", "das", "du", "la", "le",
             "van", "von", "den", "ter", "ten", "mac", "mc", "o", "bin", "binti", "ibn", "al",
             "el", "st", "zu", "vom", "af", "ap"}
# A word token of a name: letters, with inner apostrophes or hyphens (O'Brien, Jean-Luc,
# G-R-E-E-N).
NAME_TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019.\-][^\W\d_]+)*\.?")
_SPELLED = re.compile(r"[^\W\d_](?:[\-.][^\W\d_])+\.?")
_AS_IN = re.compile(
    r"([^\W\d_])\s+(?:as in|like|for)\s+[^\W\d_]+", re.IGNORECASE)


@lru_cache(maxsize=65536)  # a pure function of its arguments
def value_key(info_type: str, value: str) -> str:
    """The key under which two values of one infoType are the same entity (not for names):
    the type's catalogue entry names the key function (`veil.entity_keys`)."""
    return BUILTINS.entity_key(info_type)(value) or value


# --- names -------------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def phonetic_key(name: str) -> str:
    """A coarse sound-alike key for ASR variants: Mark/Marc, Jon/John, Philip/Phillip."""
    text = fold(name)
    for old, new in (("ph", "f"), ("ck", "k"), ("q", "k"), ("x", "ks"), ("z", "s"),
                     ("y", "i"), ("v", "f"), ("w", "u")):
        text = text.replace(old, new)
    text = re.sub(r"c(?=[eiy])", "s", text).replace("c", "k")
    if len(text) > 1:
        text = text[0] + text[1:].replace("h", "")
    text = re.sub(r"(.)\1+", r"\1", text)
    if len(text) > 3 and text.endswith("e"):
        text = text[:-1]
    return text


_VOWELS = set("aeiou")


def _one_edit(a: str, b: str) -> set[str] | None:
    """The characters involved if `a` and `b` differ by exactly one edit, else None."""
    if a == b or abs(len(a) - len(b)) > 1:
        return None
    if len(a) == len(b):
        diffs = [(x, y) for x, y in zip(a, b) if x != y]
        return set(diffs[0]) if len(diffs) == 1 else None
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1:] == short:
            return {long_[i]}
    return None


# Common English short forms: a caller introduced as Robert who is then called Bob is one
# person. Ambiguous short forms map to every name they shorten ("Chris": Christopher,
# Christine, Christina).
_SHORT_FORMS = {
    "robert": "bob rob bobby robbie bert", "william": "bill will billy willie liam",
    "elizabeth": "liz beth lizzie betty betsy eliza libby", "margaret": "maggie meg peggy marge",
    "james": "jim jimmy jamie", "katherine": "kate kathy katie kat kit",
    "catherine": "cathy cate kate katie", "michael": "mike mikey mick",
    "richard": "rick rich dick ricky", "jennifer": "jen jenny", "christopher": "chris kit",
    "christine": "chris chrissy", "christina": "chris tina", "patricia": "pat patty trish",
    "patrick": "pat paddy", "thomas": "tom tommy", "joseph": "joe joey", "daniel": "dan danny",
    "anthony": "tony", "alexander": "alex sasha", "alexandra": "alex sandra sasha",
    "edward": "ed eddie ted ned", "benjamin": "ben benny", "samuel": "sam sammy",
    "samantha": "sam sammy", "nicholas": "nick nicky", "jonathan": "jon jonny",
    "matthew": "matt", "andrew": "andy drew", "steven": "steve", "stephen": "steve",
    "susan": "sue susie", "deborah": "deb debbie", "rebecca": "becky becca",
    "victoria": "vicky tori", "charles": "charlie chuck chas", "david": "dave davy",
    "gregory": "greg", "jacob": "jake", "joshua": "josh", "kenneth": "ken kenny",
    "lawrence": "larry", "peter": "pete", "timothy": "tim timmy", "zachary": "zach",
    "dorothy": "dot dottie", "jessica": "jess jessie", "abigail": "abby", "barbara": "barb",
    "frances": "fran frankie", "francis": "frank", "gabriel": "gabe", "isabella": "bella izzy",
    "josephine": "jo josie", "kimberly": "kim", "natalie": "nat", "olivia": "liv", "pamela": "pam",
    "theodore": "ted teddy theo", "valerie": "val", "vincent": "vince", "walter": "walt",
}
_FORMS: dict[str, set[str]] = {}
for _formal, _shorts in _SHORT_FORMS.items():
    for _short in _shorts.split():
        _FORMS.setdefault(_short, set()).add(_formal)
    _FORMS.setdefault(_formal, set()).add(_formal)


def same_given_name(a: str, b: str) -> bool:
    """Whether one name is a short form of the other, or both shorten the same name."""
    forms_a, forms_b = _FORMS.get(fold(a)), _FORMS.get(fold(b))
    return bool(forms_a and forms_b and forms_a & forms_b)


@lru_cache(maxsize=65536)
def names_match(a: str, b: str) -> bool:
    """Whether two name words can be the same name, allowing for ASR spelling variants and
    common short forms (Robert/Bob)."""
    if fold(a) == fold(b) or same_given_name(a, b):
        return True
    if opposite_genders(a, b):
        return False
    ka, kb = phonetic_key(a), phonetic_key(b)
    if ka == kb:
        return bool(ka)
    if min(len(ka), len(kb)) < 5:
        return False
    edit = _one_edit(ka, kb)
    if edit is None:
        return False
    # A vowel edit is a spelling variant (Rachel/Rachael); a consonant edit between two real
    # names is another name (Lidia/Lilia), but between a real name and no name an ASR slip.
    return edit <= _VOWELS or not (is_first_name(a) and is_first_name(b))


@dataclass(frozen=True)
class NameToken:
    """One word of a name mention: where it is in the mention, and the name it stands for."""

    start: int
    end: int
    name: str  # letters only: "green" for "G-R-E-E-N"
    style: str  # "word", "spelled" or "as_in"


@dataclass(frozen=True)
class ParsedName:
    tokens: tuple[NameToken, ...]  # name words, titles excluded
    title: str | None  # "ms", "mr", ... when the mention carries one


def _is_title(word: str) -> bool:
    return word.rstrip(".").casefold() in TITLES


@lru_cache(maxsize=65536)  # a pure function of the text, and its answer is immutable
def parse_name(value: str) -> ParsedName:
    """The name words of a mention: words, spelled letters (G-R-E-E-N, G R E E N) and
    "g as in golf" sequences each make one token."""
    as_in = list(_AS_IN.finditer(value))
    if len(as_in) >= 2:
        letters = "".join(m.group(1) for m in as_in)
        return ParsedName((NameToken(as_in[0].start(), as_in[-1].end(), letters, "as_in"),), None)
    words = list(NAME_TOKEN.finditer(value))
    tokens: list[NameToken] = []
    title = None
    i = 0
    while i < len(words):
        word = words[i].group(0)
        if not tokens and _is_title(word) and len(words) > 1:
            title = word.rstrip(".").casefold()
            i += 1
            continue
        if word.casefold() in PARTICLES and i + 1 < len(words) and len(words[i + 1].group(0)) > 1:
            # "da Cruz", "van der Berg", "O Cnaimhsighe": one surname with its particles.
            j = i + 1
            while j + 1 < len(words) and words[j].group(0).casefold() in PARTICLES:
                j += 1
            name = " ".join(w.group(0) for w in words[i:j + 1])
            tokens.append(NameToken(words[i].start(), words[j].end(), name, "word"))
            i = j + 1
            continue
        if _SPELLED.fullmatch(word):
            letters = "".join(c for c in word if c.isalpha())
            tokens.append(NameToken(words[i].start(), words[i].end(), letters, "spelled"))
            i += 1
            continue
        # A run of single letters separated by spaces or commas: "G R E E N".
        j = i
        while j < len(words) and len(words[j].group(0).rstrip(".")) == 1 and (
                j == i or re.fullmatch(r"[\s,]+", value[words[j - 1].end():words[j].start()])):
            j += 1
        if j - i >= 2:
            letters = "".join(w.group(0)[0] for w in words[i:j])
            tokens.append(NameToken(words[i].start(), words[j - 1].end(), letters, "spelled"))
            i = j
            continue
        tokens.append(NameToken(words[i].start(), words[i].end(), word.rstrip("."), "word"))
        i += 1
    return ParsedName(tuple(tokens), title)


@dataclass
class Person:
    """What the conversation has said about one person so far."""

    firsts: list[str] = field(default_factory=list)
    lasts: list[str] = field(default_factory=list)
    middles: list[str] = field(default_factory=list)
    unknowns: list[str] = field(default_factory=list)  # single names of unknown role
    titles: list[str] = field(default_factory=list)
    last_seen: int = -1
    mentions: list[int] = field(default_factory=list)  # indexes into the name mentions

    def knows(self, name: str, roles: Iterable[str]) -> bool:
        for role in roles:  # loops, not any(genexpr): this is the resolver's inner loop
            for known in getattr(self, role):
                if names_match(name, known):
                    return True
        return False

    def absorb(self, other: "Person") -> None:
        for role in ("firsts", "lasts", "middles", "unknowns", "titles"):
            for name in getattr(other, role):
                self.add(role, name)
        self.mentions = sorted(self.mentions + other.mentions)
        self.last_seen = max(self.last_seen, other.last_seen)

    def add(self, role: str, name: str) -> None:
        if name not in getattr(self, role):
            getattr(self, role).append(name)
        if role != "unknowns":
            self.unknowns = [u for u in self.unknowns if not names_match(u, name)]
        if role == "middles":  # "Luis Miguel", then "Luis Miguel Soliz": Miguel is a middle
            self.lasts = [n for n in self.lasts if not names_match(n, name)]

    def role_of(self, name: str) -> str:
        """"first", "middle" or "last" for a name of this person (a lookup decides unknowns)."""
        for role in ("firsts", "lasts", "middles"):
            if self.knows(name, [role]):
                return role[:-1]
        return "first" if is_first_name(name) else "last"

    def first_only(self) -> bool:
        names = self.firsts + self.unknowns
        return not self.lasts and bool(names) and all(map(is_first_name, self.unknowns))

    def last_only(self) -> bool:
        return not self.firsts and not self.middles and bool(self.lasts + self.unknowns) and \
            not any(map(is_first_name, self.unknowns))


def _full_name_fits(person: Person, words: list[str]) -> bool:
    if person.firsts and not person.knows(words[0], ["firsts"]):
        return False
    if person.lasts and not any(person.knows(w, ["lasts", "middles"]) for w in words[1:]):
        return False
    return True


def _most_recent(people: list[Person]) -> Person | None:
    return max(people, key=lambda p: p.last_seen) if people else None


def resolve_people(parsed: list[ParsedName], turns: list[int] | None = None
                   ) -> tuple[list[Person], list[int]]:
    """People, and for each mention (in conversation order) the index of its person.
    `turns` (each mention's turn) lets a first name and a last name said in adjacent turns
    pair up (see `_pair_first_and_last`)."""
    people: list[Person] = []
    for index, name in enumerate(parsed):
        words = [t.name for t in name.tokens]
        person = _place_mention(people, words)
        person.mentions.append(index)
        person.last_seen = index
        if name.title:
            person.titles.append(name.title)
    if turns is not None:
        _pair_first_and_last(people, turns)
    people.sort(key=lambda p: min(p.mentions) if p.mentions else -1)
    owner = [0] * len(parsed)
    for number, person in enumerate(people):
        for index in person.mentions:
            owner[index] = number
    return people, owner


def _place_mention(people: list[Person], words: list[str]) -> Person:
    if not words:
        person = Person()
        people.append(person)
        return person
    if len(words) == 1:
        word = words[0]
        found = _most_recent([p for p in people
                              if p.knows(word, ["firsts", "lasts", "middles", "unknowns"])])
        if found is None:
            found = Person()
            people.append(found)
            found.add("unknowns", word)
        return found
    first, last = words[0], words[-1]
    fits = [p for p in people if _full_name_fits(p, words)]
    by_first = _most_recent([p for p in fits if p.knows(first, ["firsts", "unknowns"])])
    by_last = _most_recent([p for p in fits if any(p.knows(w, ["lasts", "middles", "unknowns"])
                                                   for w in words[1:])])
    found = by_first or by_last
    if by_first is not None and by_last is not None and by_first is not by_last:
        found, other = sorted((by_first, by_last), key=lambda p: min(p.mentions))
        found.absorb(other)
        people.remove(other)
    if found is None:
        found = Person()
        people.append(found)
    found.add("firsts", first)
    for middle in words[1:-1]:
        found.add("middles", middle)
    if not found.knows(last, ["middles"]):
        found.add("lasts", last)
    return found


def _pair_first_and_last(people: list[Person], turns: list[int]) -> None:
    """Join a person known only by a first name and one known only by a last name when they
    are named within one turn of each other and neither has another such partner: "Your first
    name?" "Susan." "And the last name?" "Reed, R-E-E-D." is one person."""
    def near(a: Person, b: Person) -> bool:
        return any(abs(turns[i] - turns[j]) <= 1 for i in a.mentions for j in b.mentions)

    firsts = [p for p in people if p.first_only()]
    lasts = [p for p in people if p.last_only()]
    partners = {id(f): [l for l in lasts if near(f, l)] for f in firsts}
    for f in firsts:
        if len(partners[id(f)]) != 1:
            continue
        l = partners[id(f)][0]
        if sum(l in partners[id(other)] for other in firsts) != 1:
            continue
        for name in f.unknowns:
            f.add("firsts", name)
        for name in l.unknowns:
            l.add("lasts", name)
        f.absorb(l)
        people.remove(l)


# --- resolution --------------------------------------------------------------------------

@dataclass(frozen=True)
class Entity:
    """One resolved entity of a conversation: its infoType, number and mentions."""

    info_type: str
    number: int
    key: str  # stable within the conversation; what keyed operators derive values from
    mentions: tuple[Finding, ...]
    person: Person | None = None  # PERSON_NAME only


@dataclass(frozen=True)
class Resolution:
    entities: tuple[Entity, ...]
    entity_of: dict  # Finding -> Entity
    parsed_names: dict  # Finding -> ParsedName (PERSON_NAME mentions)


def _person_key(person: Person) -> str:
    parts = [*sorted(map(phonetic_key, person.firsts)), "|",
             *sorted(map(phonetic_key, person.lasts)), "|",
             *sorted(map(phonetic_key, person.middles)), "|",
             *sorted(map(phonetic_key, person.unknowns))]
    return " ".join(parts)


def resolve(texts: list[str], findings: Iterable[Finding]) -> Resolution:
    """Group one conversation's findings into entities, numbered per infoType in order of
    first appearance."""
    ordered = sorted(findings, key=lambda f: (f.turn, f.start, f.end, f.info_type))
    groups: dict[tuple[str, str], list[Finding]] = {}
    persons: dict[tuple[str, str], Person] = {}
    parsed_names: dict[Finding, ParsedName] = {}

    names = [f for f in ordered if f.info_type == "PERSON_NAME"]
    parsed = [parse_name(texts[f.turn][f.start:f.end]) for f in names]
    people, owner = resolve_people(parsed, [f.turn for f in names])
    for finding, name, number in zip(names, parsed, owner):
        key = ("PERSON_NAME", f"person-{number}")
        groups.setdefault(key, []).append(finding)
        persons[key] = people[number]
        parsed_names[finding] = name

    for finding in ordered:
        if finding.info_type == "PERSON_NAME":
            continue
        value = texts[finding.turn][finding.start:finding.end]
        groups.setdefault((finding.info_type, value_key(finding.info_type, value)), []).append(finding)

    first_seen = sorted(groups.items(), key=lambda item: (item[1][0].turn, item[1][0].start,
                                                          item[1][0].end, item[0]))
    counters: dict[str, int] = {}
    entities = []
    entity_of: dict[Finding, Entity] = {}
    for (info_type, key), mentions in first_seen:
        counters[info_type] = counters.get(info_type, 0) + 1
        person = persons.get((info_type, key))
        stable_key = _person_key(person) if person is not None else key
        entity = Entity(info_type, counters[info_type], stable_key, tuple(mentions), person)
        entities.append(entity)
        for finding in mentions:
            entity_of[finding] = entity
    return Resolution(tuple(entities), entity_of, parsed_names)


def entity_numbers(texts: list[str], findings: Iterable[Finding]) -> dict[Finding, int]:
    """Each finding's entity number (per infoType, in order of first appearance)."""
    return {f: e.number for f, e in resolve(texts, findings).entity_of.items()}


# --- measurement -------------------------------------------------------------------------

def gold_findings(record: dict) -> tuple[list[str], list[Finding], dict[Finding, str]]:
    """A synthetic record's texts, its gold spans as findings (perfect detection), and the
    gold entity id of each span that has one."""
    texts = [t["text"] for t in record["turns"]] if "turns" in record else [record["text"]]
    findings, gold = [], {}
    for span in record.get("pii", []):
        finding = Finding(span.get("turn", 0), span["start"], span["end"], span["info_type"])
        findings.append(finding)
        if span.get("entity"):
            gold[finding] = span["entity"]
    return texts, findings, gold


def single_number_share(records: Iterable[dict], info_type: str = "PERSON_NAME") -> dict:
    """Of the gold entities mentioned more than once, the share whose mentions all received one
    number when the gold spans are the findings. Also the share of distinct gold entities that
    were kept apart (no number shared with another gold entity)."""
    multi = single = entities = apart = 0
    for record in records:
        texts, findings, gold = gold_findings(record)
        numbers = entity_numbers(texts, findings)
        by_entity: dict[str, set[int]] = {}
        mentions: dict[str, int] = {}
        for finding, entity in gold.items():
            if finding.info_type != info_type:
                continue
            by_entity.setdefault(entity, set()).add(numbers[finding])
            mentions[entity] = mentions.get(entity, 0) + 1
        for entity, assigned in by_entity.items():
            entities += 1
            others = set().union(*(n for e, n in by_entity.items() if e != entity))
            apart += not (assigned & others)
            if mentions[entity] > 1:
                multi += 1
                single += len(assigned) == 1
    return {
        "multi_mention_entities": multi,
        "single_number": single,
        "single_number_share": single / multi if multi else 1.0,
        "entities": entities,
        "kept_apart_share": apart / entities if entities else 1.0,
    }
