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
  Corp, GmbH, ...) do not count, and an organisation named by its own name alone is the one
  named in full ("Scientology" after "the Church of Scientology"), unless two full names share
  it ("Bank of Toronto", "University of Toronto").
- Any other type: case and punctuation do not count (`entity_key`), spoken digits are digits.

Each infoType's key is its catalogue entry's (`veil.detection.infotypes`, `veil.detection.entity_keys`).

People, and the ambiguous cases (documented choices, not guesses at random). A first name
and a last name are linked only on evidence, never because each happens to occur once:

- A full name ("Rachel Green") joins the person whose first and last names agree; a person
  known only by a first name ("Rachel") or only by a last name ("Ms Green") takes the full
  name if nothing they are known by contradicts it. A full name that agrees with one person's
  first name and another person's last name (each known by that part only) joins the two.
- Two full names with the same first name and different last names are two people: "Rachel
  Green" and "Rachel Smith" get different numbers.
- The words around a mention (veil.entities.name_cues) are evidence: "First name Hariz, last name
  Sama", "It's Victor, last name Serrato", and the answers to "Your full name?" ... "And the
  last name?" link a first and a last name; a title or "last name" marks a surname ("Dr.
  Sama" joins a person known as Sama, not one called Sama as a first name, unless the
  conversation knows the name only as a first name: "Duong Hoang" ... "Dr. Duong", family name
  first). "My colleague, also Cannur", "We're both Hariz", "my sister Maria" introduce another
  person of the same name.
- With speaker labels, what speakers say of themselves and each other is evidence too: a
  speaker's own name ("This is Pam", "It's Ines.", "Speaking." after "I'm looking for Mr.
  Guerrero"), and, between two speakers, the name one addresses the other by ("Hi Erick,").
  One speaker's names are one person when nothing they are known by disagrees, and names two
  speakers give as their own are two people.
- Findings that only whitespace separates are one name ("annette" "morgan"); a false start is
  the name it starts ("Bri- Britt").
- A single name ("Rachel") that fits several people goes to one not introduced as someone else,
  then to the one mentioned most recently. A bare "Rachel" mentioned before either full name
  joins whichever full name comes first. A single name that fits no one so far starts a new
  person: "Did Priya call back?" "No, but Thompson did." are two people.
- Surname particles belong to the surname: "da Cruz", "van den Bosch", "Ó Cnaimhsighe".
  Middle names are remembered: "Luis Miguel" and "Luis Miguel Soliz" are one person.
- Organisations and products tied to a speaker (`ORGANIZATION_NAME_SPEAKER`) are numbered
  with the base type: "calling from Dunder Mifflin" is `[ORGANIZATION_NAME_1]`, as in the
  paper's Table 1.

Measured with the gold spans as findings and the turns' speaker labels: the share of people
named more than once who get a single number, and of people who share no number with another
(`veil.measure.entity_measure.single_number_share`, scripts/entity_resolution_share.py); the
figures are in QUALITY.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from veil.detection.engine.name_lists import COURTESY_TITLES as TITLES
from veil.detection.entity_keys import SPELLING_WORDS, entity_key, fold_accents, org_own_name, spelled_letters
from veil.detection.normalise import plain_text
from veil.detection.findings import Finding
from veil.detection.infotypes.builtin import BUILTINS
from veil.entities.name_cues import MentionCues, mention_cues
from veil.transform.operators.names import fold, is_first_name, opposite_genders

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
    the type's catalogue entry names the key function (`veil.detection.entity_keys`). A
    value's Unicode disguises do not count (`veil.detection.normalise.plain_text`)."""
    value = plain_text(value)
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
    both_names = is_first_name(a) and is_first_name(b)
    # A vowel added at the end of a real name making another real name is another name
    # (Angel/Angela, Paul/Paula, Eric/Erica), whatever the gender lists say.
    if both_names and len(ka) != len(kb) and (ka[:-1] == kb or kb[:-1] == ka):
        return False
    # A vowel edit is a spelling variant (Rachel/Rachael); a consonant edit between two real
    # names is another name (Lidia/Lilia), but between a real name and no name an ASR slip.
    return edit <= _VOWELS or not both_names


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


class _Part:
    """A piece of a matched word, with the match interface parse_name reads."""

    __slots__ = ("text", "begin", "finish")

    def __init__(self, text: str, begin: int, finish: int):
        self.text, self.begin, self.finish = text, begin, finish

    def group(self, _index: int = 0) -> str:
        return self.text

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


_CAMEL_CASE = re.compile(r"(?:[A-Z][a-z\u00DF-\u00FF]{2,}){2,}")
_CAMEL_PART = re.compile(r"[A-Z][a-z\u00DF-\u00FF]+")


def _split_camel_case(matches) -> list:
    """Words, with CamelCase ones cut into their parts: "NoamChomsky" (a speaker label, a
    handle) is Noam Chomsky. Parts of under 3 letters do not cut: McDonald, DeShawn, LaToya."""
    words = []
    for match in matches:
        if _CAMEL_CASE.fullmatch(match.group(0)):
            words.extend(_Part(part.group(0), match.start() + part.start(), match.start() + part.end())
                         for part in _CAMEL_PART.finditer(match.group(0)))
        else:
            words.append(match)
    return words


@lru_cache(maxsize=65536)  # a pure function of the text, and its answer is immutable
def parse_name(value: str) -> ParsedName:
    """The name words of a mention: words, spelled letters (G-R-E-E-N, G R E E N) and
    "g as in golf" sequences each make one token."""
    as_in = list(_AS_IN.finditer(value))
    if len(as_in) >= 2:
        letters = "".join(m.group(1) for m in as_in)
        return ParsedName((NameToken(as_in[0].start(), as_in[-1].end(), letters, "as_in"),), None)
    words = _split_camel_case(NAME_TOKEN.finditer(value))
    tokens: list[NameToken] = []
    title = None
    i = 0
    while i < len(words):
        word = words[i].group(0)
        if not tokens and _is_title(word) and len(words) > 1:
            title = word.rstrip(".").casefold()
            i += 1
            continue
        if fold_accents(word.casefold()) in PARTICLES and i + 1 < len(words) \
                and len(words[i + 1].group(0)) > 1 \
                and words[i + 1].group(0).casefold() not in SPELLING_WORDS:
            # "da Cruz", "van der Berg", "O Cnaimhsighe": one surname with its particles.
            j = i + 1
            while j + 1 < len(words) and fold_accents(words[j].group(0).casefold()) in PARTICLES:
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
        # A run of single letters separated by spaces or commas: "G R E E N", and with the
        # words said between them: "o apostrophe n e i l l", "s m i double t h".
        j = i
        while j < len(words) and len(words[j].group(0).rstrip(".")) == 1 and (
                j == i or re.fullmatch(r"[\s,]+", value[words[j - 1].end():words[j].start()])):
            j += 1
            if j + 1 < len(words) and words[j].group(0).casefold() in SPELLING_WORDS \
                    and len(words[j + 1].group(0)) == 1:
                j += 1  # the word said between two letters
        if j - i >= 2 and len(words[j - 1].group(0).rstrip(".")) == 1:
            letters = spelled_letters(value[words[i].start():words[j - 1].end()]) \
                or "".join(w.group(0)[0] for w in words[i:j])
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
    third_party: bool = False  # introduced as someone else: "my colleague, also Cannur"
    participant: str | None = None  # the speaker label whose name this is, when known

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
        self.third_party = self.third_party and other.third_party
        self.participant = self.participant or other.participant

    def add(self, role: str, name: str) -> None:
        if name not in getattr(self, role):
            getattr(self, role).append(name)
        if role not in ("unknowns", "titles"):
            self.unknowns = [u for u in self.unknowns if not names_match(u, name)]
        if role == "middles":  # "Luis Miguel", then "Luis Miguel Soliz": Miguel is a middle
            self.lasts = [n for n in self.lasts if not names_match(n, name)]

    def role_of(self, name: str) -> str:
        """"first", "middle" or "last" for a name of this person (a lookup decides unknowns)."""
        for role in ("firsts", "lasts", "middles"):
            if self.knows(name, [role]):
                return role[:-1]
        return "first" if is_first_name(name) else "last"


@dataclass(frozen=True)
class NameMention:
    """One PERSON_NAME mention as resolution sees it: its words and what surrounds it."""

    parsed: ParsedName
    turn: int
    cues: MentionCues = MentionCues()

    @property
    def words(self) -> list[str]:
        return [t.name for t in self.parsed.tokens]


def _full_name_fits(person: Person, words: list[str]) -> bool:
    if person.firsts and not person.knows(words[0], ["firsts"]):
        return False
    if person.lasts and not any(person.knows(w, ["lasts", "middles"]) for w in words[1:]):
        return False
    return True


def _most_recent(people: list[Person]) -> Person | None:
    return max(people, key=lambda p: p.last_seen) if people else None


def _likeliest(people: list[Person]) -> Person | None:
    """Of the people a bare name fits, the one it most likely means: someone not introduced
    as another person ("my colleague, also Hariz"), then the one named most recently."""
    return _most_recent([p for p in people if not p.third_party] or people)


def _open_to(people: list[Person], mention: NameMention) -> list[Person]:
    """The people a mention may join: not someone whose name another speaker gave as their own
    (the agent's "This is Jamie" and the caller's "My name is James" are two people)."""
    owner = mention.cues.participant
    if owner is None:
        return people
    return [p for p in people if p.participant in (None, owner)]


_SINGLE_ROLES = {
    None: ["firsts", "lasts", "middles", "unknowns"],
    "first": ["firsts", "middles", "unknowns"],
    "last": ["lasts", "middles", "unknowns"],
}


def resolve_people(mentions: list[NameMention]) -> tuple[list[Person], list[int]]:
    """People, and for each mention (in conversation order) the index of its person.

    A first name and a last name said apart are one person only on evidence (see
    `_pair_on_evidence`); a mention that the text marks as someone else ("my colleague, also
    Cannur") starts a new person, with the other bare mentions of that name in its turn.
    """
    people: list[Person] = []
    groups = _third_party_groups(mentions)
    group_person: dict[int, Person] = {}
    for index, mention in enumerate(mentions):
        group = groups.get(index)
        person = group_person.get(group) if group is not None else None
        if person is None:
            person = _place_mention(people, mention, third_party=group is not None)
            if group is not None:
                group_person[group] = person
        elif len(mention.words) == 1:
            _learn_single(person, mention)
        person.mentions.append(index)
        person.last_seen = index
        if person.participant is None and not person.third_party:
            person.participant = mention.cues.participant
        if mention.parsed.title:
            person.titles.append(mention.parsed.title)
        if len(mention.words) == 1:
            _pair_on_evidence(people, mentions, index, person)
    _join_participants(people)
    people.sort(key=lambda p: min(p.mentions) if p.mentions else -1)
    owner = [0] * len(mentions)
    for number, person in enumerate(people):
        for index in person.mentions:
            owner[index] = number
    return people, owner


def _third_party_groups(mentions: list[NameMention]) -> dict[int, int]:
    """Mention index -> group, for mentions that the text marks as a third party, and the
    bare mentions of the same name in the same turn ("If Hariz calls, that's my colleague,
    not me. We're both Hariz.": both are the colleague)."""
    groups: dict[int, int] = {}
    for index, mention in enumerate(mentions):
        if not mention.cues.third_party or not mention.words or index in groups:
            continue
        groups[index] = index
        name = mention.words[0]
        for other, candidate in enumerate(mentions):
            if (candidate.turn == mention.turn and other not in groups
                    and len(candidate.words) == 1 and names_match(candidate.words[0], name)):
                groups[other] = index
    return groups


def _learn_single(person: Person, mention: NameMention) -> None:
    """Record a single name under the role the text gives it, if it says one."""
    word = mention.words[0]
    role = mention.cues.role
    if role is not None and not person.knows(word, [role + "s"]):
        if not (role == "first" and person.knows(word, ["lasts"])) and \
                not (role == "last" and person.knows(word, ["firsts"])):
            person.add(role + "s", word)
    elif not person.knows(word, ["firsts", "lasts", "middles", "unknowns"]):
        person.add("unknowns", word)


def _place_mention(people: list[Person], mention: NameMention, third_party: bool = False) -> Person:
    words = mention.words
    if not words:
        person = Person(third_party=third_party)
        people.append(person)
        return person
    if len(words) == 1:
        word = words[0]
        roles = _SINGLE_ROLES[mention.cues.role]
        candidates = [] if third_party else _open_to(people, mention)
        found = _likeliest([p for p in candidates if p.knows(word, roles)])
        if found is None and mention.cues.role == "last" and not mention.cues.named_role:
            # "Duong Hoang", then "Dr. Duong": a title before a name the conversation knows
            # only as a first name is that person, named family name first.
            found = _likeliest([p for p in candidates if p.knows(word, ["firsts"])])
        if found is None:
            found = Person(third_party=third_party)
            people.append(found)
            found.add(mention.cues.role + "s" if mention.cues.role else "unknowns", word)
        else:
            _learn_single(found, mention)
        return found
    # A family name of several words said alone ("Maria Lopez Garcia", then "Lopez Garcia"):
    # the person whose middle and last names these are, not a new "Lopez" first name.
    family = None if third_party else _most_recent(
        [p for p in _open_to(people, mention) if p.knows(words[-1], ["lasts"])
         and all(p.knows(w, ["middles", "lasts"]) for w in words[:-1])])
    if family is not None:
        return family
    first, last = words[0], words[-1]
    fits = [p for p in _open_to(people, mention) if _full_name_fits(p, words)]
    by_last = _most_recent([p for p in fits if any(p.knows(w, ["lasts", "middles", "unknowns"])
                                                   for w in words[1:])])
    # Someone introduced as another person ("my coworker Víctor Saavedra") joins a person
    # only on their last name: sharing a first name is what the words warn about.
    by_first = None if third_party else _most_recent(
        [p for p in fits if p.knows(first, ["firsts", "unknowns"])])
    found = by_first or by_last
    if by_first is not None and by_last is not None and by_first is not by_last:
        found, other = sorted((by_first, by_last), key=lambda p: min(p.mentions))
        found.absorb(other)
        people.remove(other)
    if found is None:
        found = Person(third_party=third_party)
        people.append(found)
    found.add("firsts", first)
    for middle in words[1:-1]:
        found.add("middles", middle)
    if not found.knows(last, ["middles"]):
        found.add("lasts", last)
    return found


def _join_participants(people: list[Person]) -> None:
    """One speaker's names are one person when nothing they are known by disagrees: "I'm
    looking for Mr. Guerrero." "Speaking." ... "Hi Erick," makes Guerrero and Erick the
    prospect. Two first names, or two last names, that do not match stay two people."""
    for person in list(people):
        if person not in people or person.participant is None:
            continue
        for other in [p for p in people if p is not person and p.participant == person.participant]:
            if _agree(person, other):
                first, second = sorted((person, other), key=lambda p: min(p.mentions))
                first.absorb(second)
                people.remove(second)
                if second is person:
                    break


def _agree(a: Person, b: Person) -> bool:
    def parts(p: Person) -> tuple[list[str], list[str]]:
        return (p.firsts + [u for u in p.unknowns if is_first_name(u)],
                p.lasts + [u for u in p.unknowns if not is_first_name(u)])

    (firsts_a, lasts_a), (firsts_b, lasts_b) = parts(a), parts(b)
    for mine, theirs in ((firsts_a, firsts_b), (lasts_a, lasts_b)):
        if mine and theirs and not any(names_match(x, y) for x in mine for y in theirs):
            return False
    return not (a.third_party or b.third_party)


_PAIR_TURNS = 3  # how far back a first name may be for a last name to join it


def _pair_on_evidence(people: list[Person], mentions: list[NameMention], index: int,
                      person: Person) -> None:
    """Join a last name to the first name said just before it, when the words say they are
    one person's name: "First name Trung, last name Tran", "It's Victor, last name Serrato",
    or the answers to "Your full name?" ... "And the last name?". Two names said near each
    other without such words stay two people ("Did Priya call back?" "No, but Thompson did.")."""
    mention = mentions[index]
    word, cues = mention.words[0], mention.cues
    is_last = (cues.role == "last" and cues.named_role) or (
        cues.exchange is not None and cues.role is None and not is_first_name(word))
    if not is_last or person.firsts or any(is_first_name(u) for u in person.unknowns):
        return
    # The person named last before it is the only candidate; any of their mentions nearby
    # may carry the evidence ("It's Ines." ... "Hi Ines. And your last name?" "Öberg.").
    owner, evidence = None, False
    for before in range(index - 1, -1, -1):
        other = mentions[before]
        if other.turn < mention.turn - _PAIR_TURNS:
            break
        this_owner = next(p for p in people if before in p.mentions)
        if this_owner is person:
            continue  # the same name again (spelled, repeated)
        if owner is None:
            owner = this_owner
        elif this_owner is not owner:
            break
        # A full name said family name first ("Tran Hung" ... "Hung." "Last name Tran.")
        # already holds the last name as its first word: that is evidence, not a conflict.
        if len(other.words) != 1 or other.cues.role == "last" or owner.third_party != \
                person.third_party or (owner.lasts and not owner.knows(word, ["firsts"])):
            return
        same_turn = other.turn == mention.turn and (cues.named_role or other.cues.named_role)
        same_exchange = cues.exchange is not None and other.cues.exchange == cues.exchange and (
            cues.named_role or other.cues.role == "first" or is_first_name(other.words[0]))
        evidence = evidence or same_turn or same_exchange
    if owner is None or not evidence:
        return
    for name in list(owner.unknowns):
        owner.add("firsts", name)
    for name in list(person.unknowns):
        person.add("lasts", name)
    owner.absorb(person)
    people.remove(person)


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


SPEAKER_SUFFIX = "_SPEAKER"


def placeholder_type(info_type: str) -> str:
    """The infoType an entity is numbered and named under. `_SPEAKER` (an organisation or
    product tied to a speaker, the paper's risk qualifier) is the base type: "calling from
    Dunder Mifflin" and "Dunder Mifflin" are one `[ORGANIZATION_NAME_1]`."""
    return info_type.removesuffix(SPEAKER_SUFFIX) if info_type.endswith(SPEAKER_SUFFIX) \
        and len(info_type) > len(SPEAKER_SUFFIX) else info_type


_TITLE_BEFORE = re.compile(r"\b(?:" + "|".join(sorted(TITLES)) + r")\.?\s+$", re.IGNORECASE)


def _name_units(texts: list[str], names: list[Finding]) -> tuple[list[list[Finding]], dict[Finding, Finding]]:
    """PERSON_NAME findings (in order) as mention units, and false starts.

    Findings that only whitespace separates are one mention ("annette" "morgan" is the full
    name "annette morgan"). A false start that the next mention completes ("Bri- Britt",
    "Tra- Traudel Schaaf") is that mention: returned as {false start: mention it repeats}."""
    units: list[list[Finding]] = []
    repeats: dict[Finding, Finding] = {}
    for finding in names:
        if units:
            previous = units[-1][-1]
            if previous.turn == finding.turn and previous.end <= finding.start:
                gap = texts[finding.turn][previous.end:finding.start]
                if gap and gap.isspace() and _continues(
                        texts[previous.turn][previous.start:previous.end],
                        texts[finding.turn][finding.start:finding.end]):
                    units[-1].append(finding)
                    continue
                if len(units[-1]) == 1 and gap.strip() == "-" and _completes(
                        texts[previous.turn][previous.start:previous.end],
                        texts[finding.turn][finding.start:finding.end]):
                    repeats[units.pop()[0]] = finding
        units.append([finding])
    return units, repeats


def join_name_units(texts: list[str], findings: Iterable[Finding]) -> list[Finding]:
    """The findings with the PERSON_NAME findings of one mention unit (`_name_units`: only
    whitespace between them, the second continuing the name) joined into one span, so that
    one person is one placeholder ("[PERSON_NAME_2]", not "[PERSON_NAME_2] [PERSON_NAME_2]").
    The joined span carries its strongest member's likelihood, method and detector."""
    findings = list(findings)
    names = sorted((f for f in findings if f.info_type == "PERSON_NAME"),
                   key=lambda f: (f.turn, f.start, f.end))
    if len(names) < 2:
        return findings
    units, _ = _name_units(texts, names)
    if len(units) == len(names):
        return findings
    joined = [unit[0] if len(unit) == 1 else
              max(unit, key=lambda f: (f.method, f.likelihood, f.end - f.start)).with_span(
                  unit[0].start, unit[-1].end)
              for unit in units]
    return [f for f in findings if f.info_type != "PERSON_NAME"] + joined


def _continues(before: str, value: str) -> bool:
    """Whether `value` is more of the name `before` starts, not the same name again (spelled
    or repeated: "desai D-E-S-A-I", "omo omotoun")."""
    a, b = parse_name(before).tokens, parse_name(value).tokens
    if not a or not b or any(t.style != "word" for t in (*a, *b)):
        return False
    return not (names_match(a[-1].name, b[0].name) or _completes(a[-1].name, b[0].name))


def _completes(start: str, value: str) -> bool:
    head, full = fold(start), fold(value.split()[0]) if value.split() else ""
    return bool(head) and full.startswith(head) and len(full) > len(head)


def _name_mentions(texts: list[str], units: list[list[Finding]], turns: int,
                   speakers: list[str | None] | None = None) -> list[NameMention]:
    spans = []
    parsed = []
    for unit in units:
        turn, start, end = unit[0].turn, unit[0].start, unit[-1].end
        name = parse_name(texts[turn][start:end])
        parsed.append(name)
        titled = bool(name.title) or bool(_TITLE_BEFORE.search(texts[turn][max(0, start - 12):start]))
        spans.append((turn, start, end, titled))
    # Only conversation turns carry cues; speaker labels and record fields have no context.
    in_turns = [i for i, span in enumerate(spans) if span[0] < turns]
    cues = dict(zip(in_turns, mention_cues(texts[:turns], [spans[i] for i in in_turns], speakers)))
    return [NameMention(parsed[i], spans[i][0], cues.get(i, MentionCues())) for i in range(len(units))]


def resolve(texts: list[str], findings: Iterable[Finding], order: list | None = None,
            turns: int | None = None, speakers: list[str | None] | None = None) -> Resolution:
    """Group one conversation's findings into entities, numbered per infoType in order of
    first appearance.

    `texts` are the conversation's turns, optionally followed by other texts of the record
    (speaker labels, fields) from index `turns` on; `order` gives each text's place in reading
    order (a label reads before its turn), by default its index. `speakers` (each turn's
    speaker label) lets what speakers say of themselves and each other tie names together."""
    turns = len(texts) if turns is None else turns
    rank = (lambda f: (f.turn, f.start, f.end, f.info_type)) if order is None else \
        (lambda f: (order[f.turn], f.start, f.end, f.info_type))
    ordered = sorted(findings, key=rank)
    groups: dict[tuple[str, str], list[Finding]] = {}
    persons: dict[tuple[str, str], Person] = {}
    parsed_names: dict[Finding, ParsedName] = {}

    names = [f for f in ordered if f.info_type == "PERSON_NAME"]
    units, repeats = _name_units(texts, names)
    mentions = _name_mentions(texts, units, turns, speakers)
    people, owner = resolve_people(mentions)
    person_of: dict[Finding, int] = {}
    for unit, number in zip(units, owner):
        for finding in unit:
            person_of[finding] = number
    for finding, repeated in repeats.items():
        person_of[finding] = person_of[repeated]
    for finding in names:
        number = person_of[finding]
        key = ("PERSON_NAME", f"person-{number}")
        groups.setdefault(key, []).append(finding)
        persons[key] = people[number]
        parsed_names[finding] = parse_name(texts[finding.turn][finding.start:finding.end])

    for finding in ordered:
        if finding.info_type == "PERSON_NAME":
            continue
        value = texts[finding.turn][finding.start:finding.end]
        info_type = placeholder_type(finding.info_type)
        groups.setdefault((info_type, value_key(info_type, value)), []).append(finding)
    _join_own_names(groups, rank)

    first_seen = sorted(groups.items(), key=lambda item: (rank(item[1][0]), item[0]))
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


def _join_own_names(groups: dict[tuple[str, str], list[Finding]], rank) -> None:
    """An organisation named in full and elsewhere by its own name alone ("the Church of
    Scientology" ... "Scientology") is one entity, when no other organisation of the
    conversation has that own name ("Bank of Toronto" and "University of Toronto" leave a
    bare "Toronto" to itself). In place: the short mentions join the full name's group."""
    full_names: dict[str, list[str]] = {}
    for info_type, key in groups:
        own = org_own_name(key) if info_type == "ORGANIZATION_NAME" else None
        if own:
            full_names.setdefault(own, []).append(key)
    for own, keys in full_names.items():
        if len(keys) == 1 and ("ORGANIZATION_NAME", own) in groups:
            joined = groups[("ORGANIZATION_NAME", keys[0])]
            joined += groups.pop(("ORGANIZATION_NAME", own))
            joined.sort(key=rank)


def harmonise_types(texts: list[str], findings: Iterable[Finding],
                    fixed: frozenset[str] = frozenset()) -> list[Finding]:
    """One surface form keeps one type within a conversation: "This is Virginia calling" (a
    name, by its context) and "thanks Virginia" (a state, by a dictionary) are one
    `[PERSON_NAME_1]`. Where detectors gave the same value (case and punctuation aside)
    different types, every mention takes the type of the strongest evidence: the highest
    likelihood, then the surest method (checksum, regex, dictionary, model), then the most
    mentions, then the type that scores higher in the risk table (the cautious choice).
    Findings of a `fixed` detector keep their type (a field's configured type)."""
    from veil.risk.table import DEFAULT_TABLE

    findings = list(findings)
    by_surface: dict[str, list[int]] = {}
    for index, finding in enumerate(findings):
        if finding.detector in fixed:
            continue
        key = entity_key(texts[finding.turn][finding.start:finding.end])
        if key:
            by_surface.setdefault(key, []).append(index)
    for indexes in by_surface.values():
        types = {placeholder_type(findings[i].info_type) for i in indexes}
        if len(types) < 2:
            continue
        def strength(info_type: str) -> tuple:
            mine = [findings[i] for i in indexes if placeholder_type(findings[i].info_type) == info_type]
            best = max((f.likelihood, f.method) for f in mine)
            return (*best, len(mine), DEFAULT_TABLE.base_score(info_type, False), info_type)
        winner = max(types, key=strength)
        typed = next(findings[i].info_type for i in indexes
                     if placeholder_type(findings[i].info_type) == winner)
        for i in indexes:
            if placeholder_type(findings[i].info_type) != winner:
                f = findings[i]
                findings[i] = Finding(f.turn, f.start, f.end, typed, f.likelihood, f.method, f.detector)
    return findings


def entity_numbers(texts: list[str], findings: Iterable[Finding],
                   speakers: list[str | None] | None = None) -> dict[Finding, int]:
    """Each finding's entity number (per infoType, in order of first appearance)."""
    return {f: e.number for f, e in resolve(texts, findings, speakers=speakers).entity_of.items()}
