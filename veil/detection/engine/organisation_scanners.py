"""Organisations without a model: the scanners of the ORGANIZATION_NAME and
ORGANIZATION_NAME_SPEAKER catalogue entries (`veil.detection.infotypes.names`).

ORGANIZATION_NAME: legal suffixes ("Initech LLC"), the words that head an institution ("Civic
Party", "University of Toronto"), contexts ("calling from X", "I work for X") and a dictionary
of well-known organisations. ORGANIZATION_NAME_SPEAKER: the same contexts, which tie the
organisation to the speaker. The place scanners read a building's name as an institution's
(`headed_hits`), and the product scanners a product's name as a context's (`org_context_span`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import takewhile
from typing import Iterable, Iterator

from veil.detection.calendar_words import month_or_weekday, names_a_day
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    BODY_KINDS,
    BUILDING_HEADS,
    CAPITALISED_NOT_NAMES,
    COURTESY_TITLES,
    DETERMINERS,
    HEADS_OF,
    IDENTIFIER_ACRONYMS,
    INSTITUTION_HEADS,
    MEDIA_HEADS,
    ORG_SUFFIXES,
    TITLES,
    TRADE_HEADS,
    UNCASED_INSTITUTION_HEADS,
)
from veil.detection.engine.scanner_base import (
    Hit,
    lowered_for_cues,
    lowered_same_length,
    MayMatch,
    ordinary_compound,
    POSSESSIVE,
    Span,
    TURN_OPENS,
    WORD,
)
from veil.detection.engine.scanner_guard import guard_contexts, guard_for, guard_in_batch, may_match_in, NOTHING
from veil.detection.engine.word_facts import (
    before_verb_clitic,
    capitalises_every_word,
    clitic_base,
    elongated,
    english_word,
    is_cased,
    ordinary_word,
    sentence_initial,
)
from veil.detection.engine.word_lists import (
    acronym_organisations,
    common_words,
    frequent_listed_companies,
    given_name_words,
    is_place_phrase,
    major_places,
    name_words,
    ordinary_word_organisations,
    organisation_terms,
    organisations,
    STOPWORDS,
)
from veil.detection.findings import Likelihood, Method

L = Likelihood

_ORG_WORD = r"[A-Z0-9][\w&'’.-]{0,30}"
_ORG_SUFFIX = re.compile(
    rf"\b(?P<name>{_ORG_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+|the[ \t]+)?{_ORG_WORD}){{0,4}}"
    # Not "Co-op" nor "Co-operative": the suffix "Co" ends the name only as a word of its own.
    # A second trade after "&" goes with it: "O'Sullivan Plumbing & Heating".
    rf",?[ \t]+(?:{ORG_SUFFIXES})\b(?!-\w)\.?(?:[ \t]+&[ \t]+[A-Z][a-z]{{2,20}}\b)?)"
)
# A first word with a verb's clitic, which capitals at a sentence's start put before a firm's
# name: "It's GCB Bank", "That's Harvey Norman Ltd".
_A_CLITIC_OPENING = re.compile(r"([A-Z][a-z]*['’](?:s|re|m|ll|ve|d))[ \t]+")
# Words that end an organisation name captured after a context ("... customer care").
ORG_STOP = frozenset(
    """customer customers support care service team department desk line today last first name
    about regarding so because but yesterday now here again please this that there who what
    how where when which is was are were has have had will would can could my your our their
    office account calling speaking""".split()
) | frozenset(
    # Words a speaker says after the name, which capitals would have ended ("i work for ibm out
    # in", "i'm with texas instruments um everybody", "lsu actually", "kodak i'm fifty eight",
    # "i'm from normal illinois originally", "the guy from barer foods said", "my financial guy
    # at edward jones mister young").
    """um uh er ah hmm like actually basically honestly originally out over up down off part full then still
    just also even i'm im i've i'd did does do didn't doesn't don't got gets
    said says told tells rang rings called calls came comes sent sends gave gives asked asks
    wanted wants needed needs reckons reckoned thinks thought mister missus mr mrs ms
    mostly usually always sometimes often normally generally mainly probably anyway too
    everybody everyone everything one two three four five six seven
    eight nine ten twenty thirty forty fifty sixty seventy eighty ninety hundred""".split()
) | frozenset(
    # What a speaker says of someone there ("a nurse at the royal alexandra | lovely girl").
    "lovely girl lad lass lassie bloke fella".split()
)
# Words of time that end an organisation's name when it is written without capitals.
_WORDS_OF_TIME = frozenset("before after since until till while during".split())
_SPEAKER_CONTEXT = re.compile(
    r"(?:\b(?:thank you for calling|thanks for calling|you've reached|you have reached|"
    r"you're through to|you are through to|you've come through to|"
    # What a chat agent or an airline's crew says of their company: "thank you for chatting with
    # wayfair", "thanks for contacting comcast", "thank you for flying delta".
    r"(?:thank you|thanks) for (?:chatting with|contacting|choosing|flying|shopping (?:at|with)|"
    r"banking with|messaging)|"
    r"welcome to|calling from|call from|calling on behalf of|on behalf of|i work for|i work at|"
    r"i'm with|i am with|we're with|we are with|here at|i'm from|i am from|we're from|"
    r"we are from|i represent|representing|i own|i run|my company is|our company is|"
    r"my company,|i'm the owner of|founder of)\b)[ \t]+"
    rf"(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,3}})"
)
# "This is Severino with Northwind Landscaping": an agent's name, then the organisation.
_AGENT_CONTEXT = re.compile(
    rf"\b(?:this is|it's|i'm|i am|my name is)[ \t]+{WORD}(?:[ \t]+{WORD})?[ \t,]+"
    r"(?:with|from|at|here at|calling from)\b[ \t]+"
    rf"(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,3}})"
)

# Where someone works, teaches or studies, whoever they are: "my dad got a job with Battelle",
# "she's a nurse at Harris Methodist", "a junior at Wheeler", "he retired from Ford", "your
# sister got into Creighton". A model reads a name after "at" as a place as often as not; these
# words say it is an employer or a school.
_ROLES_AT = (r"nurse|nurses|teacher|teachers|doctor|doctors|physician|surgeon|pharmacist|engineer|"
             r"manager|cashier|clerk|secretary|receptionist|accountant|mechanic|professor|lecturer|"
             r"researcher|student|students|intern|junior|senior|sophomore|freshman|volunteer|coach|"
             r"principal|counselor|counsellor|librarian|chaplain|pastor|janitor|custodian|"
             r"technician|analyst|consultant|lawyer|attorney|paralegal|employee|employees|"
             r"supervisor|waitress|waiter|bartender|chef|banker|teller|midwife|dentist|therapist")
_WORKPLACE_CONTEXT = re.compile(
    r"\b(?:(?:work|works|worked|working)[ \t]+(?:at|for)|(?:job|jobs|position|internship)[ \t]+"
    r"(?:at|with)|(?:employed|hired)[ \t]+(?:at|by)|(?:retired|resigned|graduated)[ \t]+from"
    r"|laid[ \t]+off[ \t]+from|(?:teach|teaches|taught|teaching)(?:[ \t]+[a-z]+){0,2}[ \t]+at"
    r"|(?:studied|studies|study|studying|enrolled)[ \t]+at|dropped[ \t]+out[ \t]+of|got[ \t]+into"
    # "I'm still at Kodak", "I'm currently at Northwind Media"
    r"|(?:i'm|i[ \t]+am|he's|she's|we're|they're)[ \t]+(?:still|currently|now)[ \t]+(?:at|with)"
    r"|(?:my|his|her|our|their|your)[ \t]+(?:employer|workplace|firm|school|college|uni|university)"
    r"[ \t]+(?:is|was)"  # "my employer is Greggs"
    rf"|(?:{_ROLES_AT})[ \t]+at)"
    rf"[ \t]+(?:the[ \t]+)?(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,3}})"
)

# Where someone banks, shops or is insured, and whose staff they dealt with: "we bank with
# nationwide", "my insurance is through progressive", "a member of puregym", "the fraud team at
# chase", "someone from barclays rang". A customer names the firm that holds their account as
# an employee names the one that pays them; the same words follow (`_workplace_hits`).
_CUSTOMER_CONTEXT = re.compile(
    r"\b(?:(?:bank|banks|banked|banking|shop|shops|shopped|shopping)[ \t]+(?:with|at)"
    r"|(?:account|accounts|card|mortgage|loan|policy|insurance|insurer|cover|contract|pension|"
    r"broadband|provider|supplier|carrier)(?:[ \t]+(?:is|was))?[ \t]+(?:with|through)"
    r"|(?:insured|signed[ \t]+up|customer|customers|member|members|client|clients)[ \t]+(?:with|at|of)"
    r"|(?:team|department|desk|branch|someone|somebody|guy|lady|rep)[ \t]+(?:at|from))"
    rf"[ \t]+(?:the[ \t]+)?(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,3}})"
)


_BUILDING_HEAD_WORD = re.compile(rf"\b(?:{BUILDING_HEADS.lower()})\b")


def _names_someone(text: str, start: int, end: int) -> bool:
    """Whether the words after "work for", "hired by" or "a job with" are a person's: a given
    name alone or before one other word ("she works for Dawn", "worked for Anna Wintor"), but
    not a company's name ("work for Delta") nor a shop named for its owner ("Wendy's")."""
    words = text[start:end].lower().split()
    if POSSESSIVE.search(words[-1]) or words[0] not in given_name_words() or len(words) > 2:
        return False
    return " ".join(words) not in organisation_words() and not (
        len(words) == 2 and re.fullmatch(ORG_SUFFIXES + "|" + INSTITUTION_HEADS, words[1], re.IGNORECASE))


@lru_cache(maxsize=None)
def organisation_words() -> frozenset[str]:
    """The organisation lists' names, lower-case, those that are ordinary words too included."""
    return frozenset(t.lower() for t in organisation_terms()) | ordinary_word_organisations()


def _workplace_span(text: str, match: "re.Match[str]", cased: bool) -> tuple[int, int] | None:
    """The organisation after a workplace's cue: as after a speaker's (`org_context_span`), or,
    without capitals, one word that is a company's and an ordinary word too ("works at target",
    "banks with barclays")."""
    span = org_context_span(text, match.start("name"), match.end("name"), cased)
    if span is not None or cased:
        return span
    word = re.match(r"[\w'’-]+", text[match.start("name"):]).group(0)
    if POSSESSIVE.sub("", word.lower()) in organisation_words():
        return match.start("name"), match.start("name") + len(word)
    return None


def _workplace_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Organisations where someone works or studies (`_WORKPLACE_CONTEXT`), or banks, shops or
    is insured (`_CUSTOMER_CONTEXT`): capitalised words in cased text; without capitals, words
    of which one is no ordinary word ("works at citgo"; not "works at night") or a company's
    that is ("she works at target", "the fraud team at chase"). Not a time ("work for
    Christmas"), a relation ("working for Dad"), a person after "for", "by" or "with" or after
    a customer's words (`_names_someone`), nor a place after a customer's ("someone from leeds")."""
    lowered = None
    for pattern in (_WORKPLACE_CONTEXT, _CUSTOMER_CONTEXT):
        if may_match(pattern):
            lowered = lowered or lowered_for_cues(text)
            yield from _workplace_matches(text, lowered, pattern, cased)


def _workplace_matches(text: str, lowered: str, pattern: "re.Pattern[str]", cased: bool) -> Iterator[Hit]:
    for match in pattern.finditer(lowered):
        span = _workplace_span(text, match, cased)
        if span is None:
            continue
        value = POSSESSIVE.sub("", lowered[span[0]:span[1]])
        first = value.split()[0]
        if first in CAPITALISED_NOT_NAMES or first in ADDRESS_TERMS or month_or_weekday(first) \
                or names_a_day(value, "ORGANIZATION_NAME") or _BUILDING_HEAD_WORD.search(value):
            continue  # a named building is a place (`scan_buildings`), where someone works too
        cue = lowered[match.start():match.start("name")].split()
        if cue[-1] == "the":
            if cue[-2] == "into":
                continue  # "got into the Oval Office", "got into the car": a room, not a school
            cue.pop()
        if (pattern is _CUSTOMER_CONTEXT or cue[-1] in ("for", "by", "with")) and _names_someone(text, *span):
            continue
        if pattern is _CUSTOMER_CONTEXT and (is_place_phrase(value) or is_place_phrase(first)):
            continue  # "someone from leeds", "someone from englewood doing good": the gazetteer's
        if (not cased or pattern is _CUSTOMER_CONTEXT) and value not in organisation_words() \
                and all(ordinary_compound(w) for w in value.split()):
            continue  # "works at night"; a customer's, also "the lady at Reception"
        yield span[0], span[1], L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _agent_introduced(context: str, cased: bool) -> bool:
    """Whether `_AGENT_CONTEXT`'s words introduce someone. With capitals, the word after them is
    capitalised ("I'm Dana with Acme"; not "I'm friends with Dave", "I'm living with IBS").
    Without, "this is" or "my name is" does, "it's" or "i'm" only before a given name that is no
    common word ("it's debbie marchetti from central high"; not "it's brown with green shutters",
    "i'm still at kodak")."""
    words = context.split()
    lowered = [w.lower() for w in words]
    name = words[3] if lowered[:3] == ["my", "name", "is"] else \
        words[2] if lowered[0] in ("this", "i") else words[1]
    name = name.strip(",")
    if cased:
        return name[:1].isupper()
    if lowered[0] in ("this", "my"):
        return True
    return name in given_name_words() and name not in common_words()


# "Northside Gas and Electric, this is Tanya": an agent opens the call with the organisation's
# name, a comma, and their own, perhaps after a greeting and with the desk between ("Good
# morning, Wattle Tree Home Care, Bec speaking", "Lakeshore Patient Transfer, bookings, this is
# Bill"). With capitals only (without the comma, "oh yeah this is tanya" reads the same);
# `_opening_org_span` checks the words.
_OPENING_CONTEXT = re.compile(
    TURN_OPENS + r"(?:(?:(?:good[ \t]+)?(?:morning|afternoon|evening)|hello|hi|thanks for calling|"
    r"thank you for calling)[ \t]*,?[ \t]*)?"
    rf"(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,4}})[ \t]*,[ \t]*"
    r"(?:[a-z]+(?:[ \t]+[a-z]+)?[ \t]*,[ \t]*)?"
    rf"(?:this is|my name is|you're speaking (?:with|to)|you are speaking (?:with|to)|{WORD}[ \t]+speaking)\b"
)
# What opens a turn before ", this is" and names no organisation.
_OPENING_WORDS = frozenset(
    """hello hi hey good morning afternoon evening thanks thank you yes yeah yep okay ok sure well
    so right alright oh hiya greetings welcome""".split()
)


def _opening_org_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The organisation an agent's opening names: capitalised words, up to a word that ends an
    organisation's name ("Wells Fargo | Fraud Department"); None for a greeting ("Good
    morning"), a phrase ("Roadside assistance") or one word that is a first name or an
    ordinary word ("Priya, this is Tom", "Sure, this is")."""
    kept_end, kept, uncommon, last = None, 0, False, ""
    for piece in re.finditer(r"\S+", text[start:end]):
        word = piece.group(0)
        lowered = word.lower()
        if lowered in ("&", "and", "of") and kept_end is not None:
            continue
        if lowered in ORG_STOP and kept_end is not None:
            break
        if not word[:1].isupper() or lowered in STOPWORDS or lowered in _OPENING_WORDS:
            return None
        kept_end, kept, last = start + piece.end(), kept + 1, lowered
        uncommon = uncommon or lowered not in common_words()
    if kept_end is None or (kept == 1 and (not uncommon or last in name_words())):
        return None
    return start, kept_end


def org_context_span(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The organisation words after a speaker context, up to the first word that ends it, or
    the longest run of them that the organisation lists name ("Direct Line", though "line"
    ends "the customer care line")."""
    pieces = list(re.finditer(r"\S+", text[start:end]))
    span = _org_words_span(text, start, pieces, cased)
    listed = _listed_org_span(text, start, pieces, cased)
    if listed is not None and (span is None or listed[1] > span[1]):
        return listed
    return span


def _listed_org_span(text: str, start: int, pieces: list, cased: bool) -> tuple[int, int] | None:
    """The longest run of words at `start`, two or more or one no ordinary word, that the
    organisation lists name."""
    for count in range(min(4, len(pieces)), 0, -1):
        run_end = start + pieces[count - 1].start() + len(pieces[count - 1].group(0).rstrip(",.!?;:"))
        run = POSSESSIVE.sub("", text[start:run_end].lower())
        if (count > 1 or run not in common_words()) and run in organisation_words() \
                and (not cased or text[start:run_end].istitle() or text[start:run_end].isupper()):
            return start, run_end
    return None


# The participles that end organisations' names: "Manchester United", "Acme Limited".
_NAMES_PARTICIPLES = frozenset("united limited incorporated associated amalgamated consolidated "
                               "allied federated".split())


def _org_words_span(text: str, start: int, pieces: list, cased: bool) -> tuple[int, int] | None:
    """The organisation words at `start`, up to the first word that ends them."""
    kept_end = None
    kept = 0
    any_name = False
    for piece in pieces:
        word = piece.group(0).rstrip(",.!?;:")
        lowered = word.lower()
        if lowered in ("&", "and", "of") and kept_end is not None:
            continue
        if lowered in STOPWORDS or lowered in ORG_STOP or clitic_base(lowered) in STOPWORDS:
            break  # "... i work for acme | that's in dayton"
        if lowered in _WORDS_OF_TIME and not word[:1].isupper():
            break  # "i worked at infosys | before i joined wipro"; not "After Eight Catering"
        if cased and not word[:1].isupper() and not word[:1].isdigit():
            break
        if not cased and kept_end is not None and lowered.endswith("ed") \
                and lowered not in _NAMES_PARTICIPLES and lowered in common_words():
            break  # "he got the job at woodside | confirmed": a verb; not "manchester united"
        if lowered not in common_words():
            any_name = True
        kept_end = start + piece.start() + len(word)
        kept += 1
        if word != piece.group(0):
            break  # punctuation ends the name
    if kept_end is None:
        return None
    if not cased and not any_name and kept < 2:
        return None  # "calling from home"
    return start, kept_end


# Words that place someone near a place: "calling from outside dayton ohio", "from just north
# of leeds".
_NEAR_A_PLACE = frozenset("outside near around nearby just north south east west of up down over out".split())


def _where_someone_is(value: str) -> bool:
    """Whether the words after "from" are a place the gazetteer knows, or one with the words
    that say near it ("outside dayton ohio")."""
    words = value.split()
    while words and words[0] in _NEAR_A_PLACE:
        words.pop(0)
    return bool(words) and is_place_phrase(" ".join(words))


_TITLE_WORD = re.compile(rf"(?:{TITLES.lower()})")
# A domain said aloud after "at": "scott at gmail dot com", "at acme dot co dot uk".
_A_SPOKEN_DOMAIN = re.compile(r"[ \t]dot[ \t]+[a-z]")


def _org_context_hits(text: str, may_match: MayMatch) -> Iterator[tuple[int, int]]:
    """Organisations after a speaker context, but not where a caller is from ("i'm calling from
    raleigh", "i'm from rochester new york"): a place the gazetteer knows after "from" is the
    gazetteer's to type (`place_scanners._STRONG_PLACE_CONTEXT` makes it a place even where it is an ordinary
    word too: "calling from orange")."""
    cased = is_cased(text)
    lowered = lowered_for_cues(text)
    for pattern in (_SPEAKER_CONTEXT, _AGENT_CONTEXT):
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            if pattern is _AGENT_CONTEXT and not _agent_introduced(text[match.start():match.end()], cased):
                continue  # "it's brown with green shutters", "I'm friends with Dave"
            span = org_context_span(text, match.start("name"), match.end("name"), cased)
            if span is None:
                continue
            value = POSSESSIVE.sub("", lowered[span[0]:span[1]])
            if "from" in lowered[match.start():match.start("name")] and _where_someone_is(value):
                continue
            if _A_SPOKEN_DOMAIN.search(lowered, span[0], span[1] + 8):
                continue  # "it's scott at gmail dot com": an address said aloud, the e-mail's
            cue = lowered[match.start():match.start("name")]
            if any(w in cue for w in ("behalf", "represent", "through to")) and (
                    _TITLE_WORD.fullmatch(value.split()[0].rstrip(".")) or _names_someone(text, *span)):
                continue  # "on behalf of Mrs Adeyemi", "you're through to Ellie at ...": a person
            yield span
    if cased and may_match(_OPENING_CONTEXT):
        match = _OPENING_CONTEXT.match(lowered)
        span = match and _opening_org_span(text, match.start("name"), match.end("name"))
        if span:
            yield span
    if not cased and may_match(_OPENING_LOWER):
        for match in _OPENING_LOWER.finditer(lowered):
            group = "name" if match.group("name") else "caller"
            words = lowered[match.start(group):match.end(group)].split()
            if not any(w in STOPWORDS or w in _OPENING_WORDS for w in words):
                yield match.span(group)


# Suffixes that say "company" even in lower case: abbreviations no English sentence uses
# otherwise. Every other suffix ("group", "services", "limited", "capital", "trust") is an
# ordinary word too, and needs a name word before it.
_LEGAL_SUFFIXES_LOWER = frozenset(
    "inc llc l.l.c llp ltd corp gmbh plc pllc pty sarl s.a srl s.p.a spa b.v n.v k.k".split()
)
# Suffixes that say "organisation" whatever word comes before them: the legal ones, and a school
# district's ("lubbock isd", though "lubbock" is a frequent word).
_SUFFIXES_SURE_LOWER = _LEGAL_SUFFIXES_LOWER | {"isd"}


def _short_suffix(suffix: str) -> bool:
    """A suffix of three letters or fewer that is no distinctive legal form ("Co", "SA", "AG",
    "PC", "AB"; not "Inc", "LLC", "Ltd"): a company's suffix in a cased name, but in a text in
    capitals or without them, as often a word of French, Tagalog or Swedish, or "County"."""
    lowered = suffix.rstrip(".").lower()
    return len(lowered.replace(".", "").replace("/", "")) <= 3 and lowered not in _LEGAL_SUFFIXES_LOWER


# Without capitals, the suffixes but the short ones ("co", "sa", "ag": `_short_suffix`), a
# second one perhaps after the first ("acme plumbing llc").
_LOWER_SUFFIXES = ("|".join(s for s in ORG_SUFFIXES.lower().split("|") if not _short_suffix(s.replace("\\", "")))
                   + f"|{UNCASED_INSTITUTION_HEADS}")
_ORG_SUFFIX_LOWER = re.compile(
    rf"\b(?P<name>(?:{WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES})\b(?:[ \t]+(?:{_LOWER_SUFFIXES})\b)?\.?)"
)
# An agent's opening without capitals: the firm's name, ending in one of those suffixes, before
# the agent's own ("good afternoon castle garage dev speaking", "lakeside mortgages you're
# speaking with raj", a school's "hello hillside primary mrs okafor speaking"), or "this is ...
# calling" ("this is keystone recoveries calling for").
# The suffix says company where every word of the name is an ordinary one.
_OPENING_LOWER = re.compile(
    r"(?:^(?:(?:good[ \t]+)?(?:morning|afternoon|evening)|hello|hi|hiya)?[ \t,]*"
    rf"(?P<name>(?:{WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES}|primary|academy|school))[ \t,]+"
    rf"(?:(?:this is|my name is|it's)[ \t]+{WORD}|(?:(?:mr|mrs|ms|miss)[ \t]+)?{WORD}[ \t]+speaking|"
    rf"you(?:'re| are)[ \t]+speaking[ \t]+(?:with|to))\b"
    rf"|\bthis is[ \t]+(?P<caller>(?:{WORD}[ \t]+){{1,3}}(?:{_LOWER_SUFFIXES}))[ \t]+calling\b)"
)


def lower_org_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """In uncased text, the organisation name before a suffix: the words just before it, back
    to the nearest stopword, word of time or possessive ("lexicography at the university" ->
    "university", "acme after college" -> "college", "patty's day party" -> "day party"), less
    leading ordinary words ("i work at volta inc" -> "volta inc"). None unless a word that is no
    ordinary word is left ("have limited", "the group", "is the capital"), or, before a legal
    suffix or a school district's, any word that is no stopword ("acme plumbing llc", "blue sky
    inc", "lubbock isd")."""
    words = list(re.finditer(r"\S+", text[start:end]))
    suffix = words[-1].group(0).rstrip(".").lower()
    name: list = []
    for word in reversed(words[:-1]):
        if word.group(0).lower() in STOPWORDS or word.group(0).lower() in _WORDS_OF_TIME \
                or not any(c.isalnum() for c in word.group(0)) or POSSESSIVE.search(word.group(0)):
            break
        name.insert(0, word)
    while name and ordinary_compound(name[0].group(0).lower()):
        name.pop(0)
    if name:
        return start + name[0].start(), end
    if suffix in _SUFFIXES_SURE_LOWER and len(words) >= 2 and words[-2].group(0).lower() not in STOPWORDS:
        return start + words[-2].start(), end
    return None


# An institution's name in cased text: capitalised words before a word that heads one ("Civic
# Party", "New York Times", "American Academy of Arts and Sciences"), or such a word before "of"
# and a capitalised name ("University of Toronto", "Department of Defense").
NAME_RUN = rf"{_ORG_WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+|for[ \t]+)?{_ORG_WORD}){{0,4}}"
WORDS_BEFORE_HEAD = rf"{_ORG_WORD}(?:[ \t]+(?:&[ \t]+)?{_ORG_WORD}){{0,4}}"  # "Alvin Yeung of | Civic Party"
_INSTITUTION = re.compile(
    rf"\b(?P<name>{WORDS_BEFORE_HEAD}[ \t]+(?P<head>{INSTITUTION_HEADS}|{MEDIA_HEADS}|{TRADE_HEADS})\b"
    rf"(?:[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{NAME_RUN})?)"
)
_INSTITUTION_OF = re.compile(
    rf"\b(?P<name>(?P<head>{HEADS_OF})[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?{NAME_RUN})"
)
# Without capitals: "university of pisa", "church of scientology"; the words after "of" up to the
# last one that is no ordinary word ("department of defense" says nothing of which).
_INSTITUTION_OF_LOWER = re.compile(
    rf"\b(?P<name>(?:{HEADS_OF.lower()})[ \t]+of[ \t]+(?:the[ \t]+)?{WORD}(?:[ \t]+{WORD}){{0,2}})"
)


_JOINERS = frozenset({"of", "for", "and", "&", "the"})


_TRADE_HEADS = frozenset(TRADE_HEADS.split("|"))


def _a_field(naming: list[str]) -> bool:
    """Whether the one word before a trade names a field ("Mental", "Renewable"), not a firm's
    place or founder ("Geelong", "Ryan")."""
    if len(naming) != 1:
        return False
    lowered = naming[0].lower()
    return ordinary_word(lowered) and not is_place_phrase(lowered) and lowered not in name_words()


def _institution_span(text: str, match: "re.Match[str]") -> tuple[int, int] | None:
    """The institution in a cased match, less leading stopwords ("The Labour Party"), an
    owner before it ("Berkeley's Department of Linguistics") and trailing punctuation. None
    where the only words naming it are ordinary words capitalised because a sentence opens
    there or the text is in capitals ("Each Department", "SCHOOL BOARD"), unless its head
    alone says what it is ("Lubbock ISD")."""
    start, end = match.span("name")
    while end > start and not text[end - 1].isalnum():
        end -= 1
    words = list(re.finditer(r"\S+", text[start:end]))
    while words and words[0].group(0).lower() in STOPWORDS:
        words.pop(0)
    head_start = match.start("head") - start

    def naming(kept):
        return [w.group(0) for w in kept if w.start() != head_start and w.group(0).lower() not in _JOINERS]

    owners = [i for i, w in enumerate(words) if w.start() < head_start and POSSESSIVE.search(w.group(0))]
    if owners and naming(words[owners[-1] + 1:]):
        del words[:owners[-1] + 1]  # "Ukraine's Defense Ministry", but "New People's Party"
    if not words or not naming(words):
        return None
    if match.group("head") in _TRADE_HEADS and _a_field(naming(words)):
        return None  # "Mental Health", "Renewable Energy": a field, not a firm
    first = start + words[0].start()
    sure = match.group("head").lower() in _SUFFIXES_SURE_LOWER  # "Lubbock ISD will close"
    if all(ordinary_word(w.lower()) for w in naming(words)) and not sure and (
        sentence_initial(text, first) or text[first:end].isupper()
    ):
        return None
    return first, end


def _lower_institution_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """In uncased text, "university of toronto" less what follows its last word that is a major
    place or no ordinary word; None where there is none before a stopword ("department of
    defense", "school of thought")."""
    words = list(re.finditer(r"\S+", text[start:end]))[2:]  # past the head and "of"
    if words and words[0].group(0) == "the":
        words.pop(0)
    kept_end = None
    for word in words:
        lowered = word.group(0).lower()
        owner = POSSESSIVE.search(lowered)
        if owner:
            lowered = lowered[:owner.start()]
        if lowered in STOPWORDS or lowered.rstrip(".") in COURTESY_TITLES:
            break
        if not ordinary_compound(lowered) or lowered in major_places():
            kept_end = start + word.start() + len(lowered)
        if owner:
            break  # "church of scientology's cruise": the cruise is the church's, not its name
    return (start, kept_end) if kept_end is not None else None


# Without capitals, a congregation named by its denomination, where someone goes or serves:
# "we go to grace baptist", "a deacon at new hope methodist", "married at st mark's lutheran
# church"; or, without a denomination, by the word that says a congregation before its church or
# fellowship: "grace community church", "first bible church", "new hope christian fellowship".
# The words before it name it, though most are ordinary words ("grace", "first", "trinity"); a
# word that only describes one ("the local baptist church", "the southern baptist convention",
# "our community church") names none (`_GENERIC_MODIFIERS`).
_DENOMINATIONS = (r"baptist|methodist|presbyterian|lutheran|episcopal|pentecostal|adventist|"
                  r"evangelical|congregational|nazarene")
_CONGREGATION_KINDS = r"community|bible|christian|gospel"
_CONGREGATION_HEADS = r"church|chapel|fellowship|temple|tabernacle|cathedral"
# A word that alone names no congregation ("baptist church", "community church").
_CONGREGATION_WORD = re.compile(_DENOMINATIONS + "|" + _CONGREGATION_KINDS)
_CONGREGATION_LOWER = re.compile(
    r"\b(?:to|at|of|from|with|attend|attends|attended|attending|join|joined)[ \t]+"
    r"(?P<name>(?:[a-z][a-z'’.-]*[ \t]+){1,3}"
    r"(?:(?:" + _DENOMINATIONS + r")(?:[ \t]+(?:" + _CONGREGATION_HEADS + r"))?"
    r"|(?:" + _CONGREGATION_KINDS + r")[ \t]+(?:" + _CONGREGATION_HEADS + r")))\b"
)
_GENERIC_MODIFIERS = frozenset(
    "local nearby nearest neighborhood neighbourhood southern northern eastern western american "
    "national independent international big small little large old other another same some any "
    "every each this that these those our your their his her my a an the black white missionary "
    "reformed free united primitive conservative liberal".split()
)


def _congregation_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    """Congregations named in a text without capitals (`_CONGREGATION_LOWER`), less the words
    before the name that only describe one; none where no naming word is left."""
    if not may_match(_CONGREGATION_LOWER):
        return
    for match in _CONGREGATION_LOWER.finditer(text):
        words = list(re.finditer(r"\S+", text[match.start("name"):match.end("name")]))
        cut = max((i + 1 for i, w in enumerate(words[:-1]) if w.group(0) in STOPWORDS), default=0)
        del words[:cut]  # "home from church from | hillcrest baptist": the name starts after "from"
        while words and (words[0].group(0) in _GENERIC_MODIFIERS or words[0].group(0) in STOPWORDS):
            words.pop(0)
        if len(words) < 2 or _CONGREGATION_WORD.fullmatch(words[0].group(0)):
            continue
        yield match.start("name") + words[0].start(), match.end("name"), L.POSSIBLE, Method.REGEX


# A Catholic parish, school or hospital named for Mary: "our lady of sorrows in farmington",
# "Our Lady of Perpetual Help", "our lady of the lake". Up to two words after "of" name it.
_OUR_LADY = re.compile(
    r"(?i)\b(?P<name>our lady of[ \t]+(?:the[ \t]+)?"
    r"(?P<rest>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?))"
)


# A school called by its name and "high", "middle" or "elementary", where someone goes or
# teaches: "I'm at Southwest High", "from hillsboro high school" (not "to a record high", "the
# high command", "to junior high school": after a determiner or a word that says how high or
# which kind, "high" is the word).
_SCHOOL_LEVELS = r"high|middle|elementary|junior high|primary|infants|juniors"
_SCHOOL_SHORT = re.compile(
    r"(?i)\b(?:at|from|to|attends|attended|attend|teach at|taught at)[ \t]+"
    r"(?P<name>(?:(?:st\.?|saint)[ \t]+)?(?P<words>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*)?)[ \t]+"
    r"(?:" + _SCHOOL_LEVELS + r")(?:[ \t]+school)?)\b"
    r"(?![ \t]+(?:schools|of|level|levels|end|care|colou?rs?|election|elections|race|vote|votes)\b)"
)
# With capitals, the school's name and "Elementary", "Middle" or "High" say it wherever it stands:
# "her school, Lincoln Elementary, needs a note" (not "the Middle East", "Mile High Stadium"); so
# do a British school's "Primary", "Infants" and "Juniors": "Hello, Hillside Primary, Mrs Okafor
# speaking" (not "the Democratic Primary", "Primary Care"). A saint's school keeps its "St": "St
# Bernadette's Catholic Primary".
_SCHOOL_CAPITALISED = re.compile(
    r"\b(?P<name>(?:(?:St\.?|Saint)[ \t]+)?(?P<words>[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*)?)[ \t]+"
    r"(?:Elementary|Middle|High|Junior High|Primary|Infants|Juniors)(?:[ \t]+School)?)\b"
    r"(?![ \t]+(?:[A-Z]|schools|of|level|levels|end|care|colou?rs?|election|elections|race|vote|votes)|['’]s|-)"
)
_NOT_A_SCHOOLS_NAME = frozenset(
    "record all-time new time year month week day level tide fairly very pretty really so too "
    "quite as more most less junior senior local public private nearby "
    # a party's or an office's primary election
    "democratic republican presidential congressional senate gubernatorial mayoral labour "
    "conservative party state open closed runoff".split())
# "a Packers fan", "you a buckeyes fan?": a team, said by its fans (not "a sports fan").
_FAN_OF = re.compile(
    r"(?i)\b(?:a|an|big|huge|die-hard|diehard|lifelong|lifetime|such)[ \t]+"
    r"(?P<name>[^\W\d_][\w'’-]*s)[ \t]+fans?\b"
)
_NOT_A_TEAM = frozenset(
    "sports movies films games books comics cars horses dogs cats animals things musicals westerns "
    "cartoons documentaries shows series plays arts".split())


def _school_and_team_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Schools called "... High" and teams said by their fans (`_SCHOOL_SHORT`, `_FAN_OF`); in
    cased text, only capitalised. A hesitation after the cue is no part of the name ("went to
    um lincoln high": `lowered_for_cues`)."""
    scanned = lowered_for_cues(text)
    for pattern in (_SCHOOL_SHORT, _SCHOOL_CAPITALISED) if cased else (_SCHOOL_SHORT,):
        if not may_match(pattern):
            continue
        for match in pattern.finditer(text if pattern is _SCHOOL_CAPITALISED else scanned):
            words = match.group("words").split()
            if any(w.lower() in STOPWORDS or w.lower() in _NOT_A_SCHOOLS_NAME for w in words):
                continue
            if cased and not all(w[:1].isupper() for w in text[match.start("name"):match.end("name")].split()):
                continue
            yield match.start("name"), match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX
    if may_match(_FAN_OF):
        for match in _FAN_OF.finditer(scanned):
            team = text[match.start("name"):match.end("name")]
            if team.lower() in _NOT_A_TEAM or team.lower() in STOPWORDS or (cased and not team[:1].isupper()):
                continue
            yield match.start("name"), match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _our_lady_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """Parishes named "our lady of ...", up to the first word after "of" that ends a name (a
    stopword, a filler: "our lady of sorrows | in farmington"); in cased text, the capitalised
    words."""
    if not may_match(_OUR_LADY):
        return
    for match in _OUR_LADY.finditer(text):
        end = None
        for word in re.finditer(r"\S+", match.group("rest")):
            lowered = word.group(0).lower()
            if lowered in STOPWORDS or lowered in ORG_STOP or (cased and not word.group(0)[:1].isupper()):
                break
            end = match.start("rest") + word.end()
        if end is not None:
            yield match.start("name"), end, L.LIKELY if cased else L.POSSIBLE, Method.REGEX


def _institution_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    return headed_hits(text, cased, may_match, (_INSTITUTION, _INSTITUTION_OF),
                        _INSTITUTION_OF_LOWER, _lower_institution_span)


def headed_hits(text: str, cased: bool, may_match: MayMatch, cased_patterns, uncased_pattern,
                 uncased_span) -> Iterator[Hit]:
    """A name headed by a word that says what it is (an institution, a building): in cased text,
    `cased_patterns` trimmed by `_institution_span`; without capitals, `uncased_pattern` trimmed
    by `uncased_span`, less sure."""
    if cased:
        for pattern in cased_patterns:
            for match in pattern.finditer(text) if may_match(pattern) else ():
                span = _institution_span(text, match)
                if span is not None:
                    yield span[0], span[1], L.LIKELY, Method.REGEX
    elif may_match(uncased_pattern):
        for match in uncased_pattern.finditer(text):
            span = uncased_span(text, *match.span("name"))
            if span is not None:
                yield span[0], span[1], L.POSSIBLE, Method.REGEX


# A business or a home named as such: "a company called keys r us", "a care home called
# Rosewood Lodge", "a pub called the red lion". Whatever words follow "called" are its name,
# however ordinary ("a shop called boots").
_BUSINESS_KINDS = (
    r"(?:care|nursing|children's|residential)[ \t]+home|company|firm|"
    r"business|shop|store|pub|restaurant|cafe|café|takeaway|salon|garage|agency|charity|nursery|"
    r"academy|college|school|church|club|gym|practice|clinic|hotel|app|website|band|brand|chain|"
    r"organisation|organization|outfit|startup|start-up|bakery|dealership|lettings[ \t]+agent|"
    r"estate[ \t]+agent|estate[ \t]+agents"
)
_A_NAME_AFTER_ITS_KIND = rf"(?P<name>{WORD}(?:[ \t]+(?:&[ \t]+|and[ \t]+|of[ \t]+)?{WORD}){{0,3}})"
_NAMED_PLACE_OF_BUSINESS = re.compile(
    rf"\b(?:a|an|the|this|that)[ \t]+(?:{_BUSINESS_KINDS})[ \t]+(?:called|named)[ \t]+(?:the[ \t]+)?"
    + _A_NAME_AFTER_ITS_KIND
)
# Joiners inside such a name ("Keys R Us", "Marks and Spencer", "Church of Christ").
_CALLED_JOINERS = frozenset("& and of r n the".split())


def _called_name_span(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The name after `_NAMED_PLACE_OF_BUSINESS`'s "called": capitalised words and their
    joiners in a text with capitals; without, words up to one that ends a name (a stopword
    but "us" after a joiner, a word of time, `ORG_STOP`)."""
    kept_end = None
    previous = ""
    for piece in re.finditer(r"\S+", text[start:end]):
        word = piece.group(0).rstrip(",.!?;:")
        lowered = word.lower()
        joiner = lowered in _CALLED_JOINERS and kept_end is not None
        after_joiner = previous in _CALLED_JOINERS and lowered == "us"  # "keys r us"
        if cased and not (word[:1].isupper() or word[:1].isdigit() or joiner):
            break
        if not cased and not joiner and not after_joiner and (
                lowered in STOPWORDS or lowered in ORG_STOP or lowered in _WORDS_OF_TIME
                or clitic_base(lowered) in STOPWORDS):
            break
        if not joiner:
            kept_end = start + piece.start() + len(word)
        previous = lowered
        if word != piece.group(0):
            break  # punctuation ends the name
    return None if kept_end is None else (start, kept_end)


def _named_business_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    if not cased:
        yield from _kind_then_name_hits(text, may_match)
    if not may_match(_NAMED_PLACE_OF_BUSINESS):
        return
    for match in _NAMED_PLACE_OF_BUSINESS.finditer(lowered_for_cues(text)):
        span = _called_name_span(text, *match.span("name"), cased)
        if span is not None:
            yield span[0], span[1], L.LIKELY, Method.REGEX


# A business named right after the word for its kind, where a writer would use capitals or a
# comma and a recogniser writes neither: "an insurance company manulife", "moving her to a place
# briarwood", "the dealership earnhardt" (words no English word list holds, in any form), or "a
# covers band the sandy lanes", "this little place the grog and gruel" (a second article after a
# first that only introduces). Not "the app the wifi", "the school the whole morning": after
# "the", the second "the" opens the next phrase as often; nor a name of ordinary words with no
# second article ("his own donut shop sunshine donuts"), which nothing tells from the kind's
# compound ("the church hall"). Up to two words may describe the kind ("a temp agency"), and
# "now", "there" or "out here" come between ("a company out here kemas reno"). Only without
# capitals: with them, capitals and the model find these names.
_KINDS_NAMED_AFTER = rf"{_BUSINESS_KINDS}|place|group|team|paper|newspaper|plant|factory|service"
_KIND_THEN_NAME = re.compile(
    rf"\b(?P<det>a|an|the|this|that|our|my|his|her|their|your)[ \t]+(?:{WORD}[ \t]+){{0,2}}?"
    rf"(?P<kind>{_KINDS_NAMED_AFTER})"
    r"(?:[ \t]+(?:now|there|out[ \t]+here))?[ \t]+(?P<article>the[ \t]+)?"
    + _A_NAME_AFTER_ITS_KIND
)
_INTRODUCING = frozenset("a an this".split())
_NEGATION = re.compile(r"n['’]t\b")


def _kind_then_name_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    """`_KIND_THEN_NAME`'s name, cut as a name after "called" is (`_called_name_span`), where it
    follows a second article after an introducing one; or else its opening words that are no
    English word (`_a_firms_word`), unless the first is a given name ("a guy in my group wade
    fisher" is a person, whom the person rules find). A guess (POSSIBLE), as every organisation
    the rules find without capitals."""
    if not may_match(_KIND_THEN_NAME):
        return
    for match in _KIND_THEN_NAME.finditer(lowered_for_cues(text)):
        if match.group("kind") == "practice":
            continue  # "in their practice hellenic polytheism": the verb's noun, no surgery
        span = _called_name_span(text, *match.span("name"), False)
        if span is None or _NEGATION.search(text, span[0], span[1] + 4):
            continue  # "that team woud n't": a verb, misspelt
        if match.group("article"):
            if match.group("det") in _INTRODUCING:
                yield span[0], span[1], L.POSSIBLE, Method.REGEX
            continue
        words = list(re.finditer(r"\S+", text[span[0]:span[1]].lower()))
        strangers = list(takewhile(lambda word: _a_firms_word(word.group()), words))
        if strangers and words[0].group() not in given_name_words():
            yield span[0], span[0] + strangers[-1].end(), L.POSSIBLE, Method.REGEX


def _a_firms_word(word: str) -> bool:
    """Whether a lower-case word can only be a name, of a firm or of its founder: three letters
    or more, no English word in any form ("twinned"), not drawn out ("weeeeak")."""
    word = POSSESSIVE.sub("", word)
    return len(word) >= 3 and word.isalpha() and not elongated(word) and not english_word(word)


# A business named by ordinary English words, capitalised where no sentence opens, after a word
# that says where one goes, works or deals ("dinner at Harvest Table", "we work with Dry Rite
# Restoration", "I'll call Fresh Start now", "the function room at the Harbour Bar"): the capitals
# make the words a name, and a person's or a town's name is rarely all English words. Not a street,
# a building or a day (the place and calendar rules have those), nor a text that capitalises
# every word.
_ORDINARY_WORDS_NAMED = re.compile(
    r"\b(?:at|with|from|through|for|called|named|call|join|joined|joining)[ \t]+(?:the[ \t]+)?"
    r"(?P<name>[A-Z][a-z'’]+(?:[ \t]+[A-Z][a-z'’]+){1,3})(?![\w'’-])"
)
_NOT_A_BUSINESS_HEAD = frozenset(
    """street road avenue lane boulevard terrace crescent highway parkway drive way close park
    lake river hill hills mountain mountains valley bridge square station airport hospital
    infirmary museum cathedral chapel church mosque synagogue prison island islands beach bay
    day eve night week weekend morning evening year christmas easter service services
    department team office desk support award awards prize prizes medal actor actress corpus
    theory semantics thing things post posts minister president director clerk manager officer
    secretary chair chairman control allowance benefit benefits credit pension payment payments
    scheme""".split())


_A_CAPITAL_BEFORE = re.compile(r"[A-Z][\w'’-]*[ \t]+$")
_THE_SPEAKER = re.compile(r"I(?:['’]|\b)")  # "I'll call Fresh Start": "I" is capitalised anywhere


def _ordinary_words_named_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    if not cased or not may_match(_ORDINARY_WORDS_NAMED):
        return
    every_word = None
    for match in _ORDINARY_WORDS_NAMED.finditer(text):
        before = _A_CAPITAL_BEFORE.search(text, 0, match.start())
        if before is not None and not sentence_initial(text, before.start()) \
                and not _THE_SPEAKER.match(before.group(0)):
            continue  # "the Center for Advanced Study", "Dog Food for Blog Posts": inside a name or a headline
        words = match.group("name").split()
        lowered = [w.lower()[:-2] if w.lower().endswith(("'s", "’s")) else w.lower() for w in words]
        if lowered[0] in STOPWORDS or not all(w in common_words() and w not in given_name_words() for w in lowered):
            continue  # "a series called the The Tale": a title's article
        if lowered[-1] in _NOT_A_BUSINESS_HEAD or any(month_or_weekday(w) for w in lowered) \
                or names_a_day(" ".join(lowered), "ORGANIZATION_NAME"):
            continue
        if every_word is None:
            every_word = capitalises_every_word(text)
        if every_word:
            return
        yield match.start("name"), match.end("name"), L.POSSIBLE, Method.REGEX


# A customer's own account at a firm, named before what they hold there: "from my nationwide
# account", "my amazon order", "my sky bill", "your monzo account", "the meralco bill".
_OWN_ACCOUNT = re.compile(
    rf"\b(?:my|your|our|his|her|their|the)[ \t]+(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})[ \t]+"
    r"(?:account|card|credit[ \t]+card|debit[ \t]+card|store[ \t]+card|mortgage|loan|policy|bill|statement|app|order|membership|"
    r"pension|isa|contract)\b"
)

# A firm's department, named as an agent or a customer names it: "Chase fraud department, can
# you verify...", "i rang the amazon customer service line", "barclays card services".
# The department's words are searched first; the firm's are the words just before them.
_FIRMS_DEPARTMENT = re.compile(
    r"(?:fraud|customer|billing|technical|tech|accounts?|claims|sales|collections|returns|security|"
    r"card|mortgage|loans?)[ \t]+(?:department|team|desk|line|services?|support|care|centre|center)\b"
)
# ... or its premises: "the nissan plant in sunderland", "the general motors plant", "the
# tesco depot", "my state farm office". Not "works" ("who works").
_FIRMS_PREMISES = re.compile(
    r"(?:plant|factory|depot|warehouse|dealership|showroom|headquarters|offices?|site|store|"
    r"shop|branch)\b"
)
_FIRM_WORDS_BEFORE = re.compile(rf"(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})[ \t]+$")


def _own_account_hits(text: str, may_match: MayMatch) -> Iterator[Hit]:
    """The firm in `_OWN_ACCOUNT`, `_FIRMS_DEPARTMENT` or `_FIRMS_PREMISES`, where the lists
    name it whole: "my nationwide account", "my amazon order", "chase fraud department", "the
    nissan plant", not "my savings account", "my joint account", "my phone bill", "the fraud
    department" or "the corner shop". Before an account, a word no list holds names the firm
    too (`_unlisted_firm_hit`)."""
    account = may_match(_OWN_ACCOUNT)
    after = [regex for regex in (_FIRMS_DEPARTMENT, _FIRMS_PREMISES) if may_match(regex)]
    if not (account or after):
        return
    lowered = lowered_same_length(text)
    for match in _OWN_ACCOUNT.finditer(lowered) if account else ():
        listed = list(_listed_firm_hits(lowered, [match]))
        yield from listed or _unlisted_firm_hit(lowered, match)
    for regex in after:  # the firm's words just before the department's or the premises'
        names = (_FIRM_WORDS_BEFORE.search(lowered, max(0, m.start() - 100), m.start())
                 for m in regex.finditer(lowered) if m.start() == 0 or not lowered[m.start() - 1].isalnum())
        yield from _listed_firm_hits(lowered, [n for n in names if n is not None], adjacent=True)


def _unlisted_firm_hit(lowered: str, match: re.Match) -> list[Hit]:
    """The word just before what a customer holds, where it is no English word, no name and
    no possessive: a bank, a utility or a shop the lists do not hold ("my fnb account", "your
    monzo account", "the meralco bill"), a guess (POSSIBLE)."""
    word = re.search(r"(\S+)$", lowered[match.start("name"):match.end("name")])
    value = word.group(1)
    start = match.start("name") + word.start(1)
    if not _a_firms_word(value) or value in name_words() or POSSESSIVE.search(value):
        return []
    return [(start, start + len(value), L.POSSIBLE, Method.REGEX)]


# An institution named by its initials after a preposition: "she's a nurse at UNTH", "insured
# through NRMA", "we took him to UCH", "a letter from ESB". In a text with capitals, a word
# written in capitals that English does not use (`common_words`: not "TV", "OK", "CEO", "HR") and
# that names no kind of identifier ("with your PPS number") is, there, most often an
# organisation's short name. On the real sets (docs/names-in-speech.md, "Organisations by their
# initials, or by their kind with a capital"), 7 in 10 such words after these prepositions are a
# name of some kind, 4 in 10 after "the" ("the SUT", "the PPA", "the ICI system": the terms a
# technical text defines), which is left out.
_INITIALS = re.compile(
    r"(?<![\w'’])(?i:at|from|through|to|on|with|via)[ \t]+"
    r"(?P<name>[A-Z]{2,6})(?![\w-]|\.\w|['’](?!s\b))"
)


def _initials_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """`_INITIALS`, as a list's guess (POSSIBLE, dictionary): a model that reads the same word
    as a place or a person gives it its type (merge step 0: "tickets to MCG", a ground), and the
    word is redacted either way."""
    if not cased or not may_match(_INITIALS):
        return
    for match in _INITIALS.finditer(text):
        lowered = match.group("name").lower()
        if lowered not in common_words() and lowered not in IDENTIFIER_ACRONYMS:
            yield match.start("name"), match.end("name"), L.POSSIBLE, Method.DICTIONARY


# A body named by its kind alone, written with a capital after "the": "persecuted by the
# Church", "asserted by the Crown", "I was in the Army", "the Coalition decision", "submitted to
# the Academy". Without a capital it is any body of the kind ("the church on the corner"); with
# one that no sentence's start explains, the writer means one body, most often (real sets,
# training posts included: 88 of 100 such words are names, and gold marks the kind word alone
# where a name goes on: "the University of Toronto").
_BODIES_NAMED_BY_KIND = sorted(word.capitalize() for word in BODY_KINDS | {"crown", "coalition"})
_THE_BODY = re.compile(
    rf"(?<![\w'’])[Tt]he[ \t]+(?P<name>{'|'.join(_BODIES_NAMED_BY_KIND)})(?![\w'’-]|[ \t]+[A-Z])"
)


def _body_named_by_kind_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    """`_THE_BODY`, as a list's guess (POSSIBLE, dictionary), as `_initials_hits`."""
    if not cased or not may_match(_THE_BODY):
        return
    for match in _THE_BODY.finditer(text):
        yield match.start("name"), match.end("name"), L.POSSIBLE, Method.DICTIONARY


def _listed_firm_hits(lowered: str, matches, adjacent: bool = False) -> Iterator[Hit]:
    """For each match's `name` group in `lowered` (the text, lower-cased, same length), the
    longest run of its words that the organisation lists hold whole (with `adjacent`, only runs
    that end at its last word)."""
    for match in matches:
        words = list(re.finditer(r"\S+", lowered[match.start("name"):match.end("name")]))
        last = len(words) - 1
        runs = sorted(((a, b) for a in range(len(words)) for b in range(a, len(words))
                       if b == last or not adjacent),
                      key=lambda run: run[0] - run[1])  # the longest first: "chase sapphire" -> "chase"
        for a, b in runs:
            start, end = match.start("name") + words[a].start(), match.start("name") + words[b].end()
            if lowered[start:end] in organisation_words():
                yield start, end, L.LIKELY, Method.REGEX
                break


def _organisation_hits(
    text: str, spans: Iterable[Span], may_match: MayMatch | None
) -> Iterator[Hit]:
    """ORGANIZATION_NAME in one text, given the organisation dictionary's matches there
    (`may_match` None: none of the regexes can match it)."""
    cased = is_cased(text)
    if may_match is None:
        may_match = NOTHING
    for match in _ORG_SUFFIX.finditer(text) if may_match(_ORG_SUFFIX) else ():
        start, end = match.span("name")
        opening = _A_CLITIC_OPENING.match(text, start, end)
        if opening is not None and clitic_base(opening.group(1).lower()) in STOPWORDS:
            start = opening.end()  # "It's GCB Bank": the name begins after "It's"
            if " " not in text[start:end].strip():
                continue
        if _short_suffix(text[start:end].split()[-1]) and text[start:end].isupper():
            continue  # "TOMBE COMME SA": in capitals, every word looks like a name
        if not sentence_initial(text, start) or text[start:end].split()[0].lower() not in STOPWORDS:
            yield start, end, L.LIKELY, Method.REGEX
    if not cased and may_match(_ORG_SUFFIX_LOWER):
        for match in _ORG_SUFFIX_LOWER.finditer(text):
            suffix = text[match.start("name"):match.end("name")].split()[-1].rstrip(".")
            span = lower_org_span(text, *match.span("name"))
            if span is not None:
                # "inc", "llc", "gmbh" say company; "group", "services" only perhaps.
                likelihood = L.LIKELY if suffix in _SUFFIXES_SURE_LOWER else L.POSSIBLE
                yield span[0], span[1], likelihood, Method.REGEX
    yield from _institution_hits(text, cased, may_match)
    yield from _our_lady_hits(text, cased, may_match)
    yield from _school_and_team_hits(text, cased, may_match)
    if not cased:
        yield from _congregation_hits(text, may_match)
    for start, end in _org_context_hits(text, may_match):
        yield start, end, L.LIKELY, Method.REGEX
    yield from _workplace_hits(text, cased, may_match)
    yield from _named_business_hits(text, cased, may_match)
    yield from _ordinary_words_named_hits(text, cased, may_match)
    yield from _own_account_hits(text, may_match)
    yield from _initials_hits(text, cased, may_match)
    yield from _body_named_by_kind_hits(text, cased, may_match)
    for start, end in spans:
        if before_verb_clitic(text, end):
            continue  # "Seven & I" said without its "&" is no "seven i'm"
        word = text[start:end]
        common = word.lower() in ordinary_word_organisations()
        if cased and not word[:1].isupper():
            likelihood = L.VERY_UNLIKELY
        elif common:
            # "Target", "Zoom", "Cox": capitalised mid-sentence, the company; an acronym
            # ("UN", "WHO") only in capitals ("Who's Who" is the word). Without capitals, a
            # company's word right after "at", "for" or "from", where the ordinary word would
            # take an article ("worked offshore for shell", "year end at shell").
            acronym = word.lower() in acronym_organisations()
            company = cased and not sentence_initial(text, start) and (word.isupper() or not acronym) \
                and not _a_thing_made(text, start, word)
            company = company or not cased and not acronym and _after_a_bare_preposition(text, start)
            likelihood = L.POSSIBLE if company else L.VERY_UNLIKELY
        elif _only_an_organisation(word.lower()):
            likelihood = L.VERY_LIKELY
        else:
            likelihood = L.LIKELY
        yield start, end, likelihood, Method.DICTIONARY


# "at", "for" or "from" right before a word, and what may go before them: not a letter said in
# a spelling alphabet ("a for apple").
_A_BARE_PREPOSITION_BEFORE = re.compile(r"(?:^|[^\W\d_]{2,}[ \t]+|[,.!?][ \t]*)(?:at|for|from)[ \t]+$",
                                        re.IGNORECASE)


def _after_a_bare_preposition(text: str, start: int) -> bool:
    """Whether "at", "for" or "from" go right before `start`, with no article between."""
    return _A_BARE_PREPOSITION_BEFORE.search(text, max(0, start - 40), start) is not None


def _a_thing_made(text: str, start: int, word: str) -> bool:
    """Whether a maker's name after a determiner is the thing it made: "I have a Saab", "my
    Nintendo" (`frequent_listed_companies`; not "my Chase account", a bank's hand-listed name)."""
    if word.lower() not in frequent_listed_companies():
        return False
    before = text[max(0, start - 40):start].split()
    return bool(before) and before[-1].lower() in DETERMINERS


def _only_an_organisation(lowered: str) -> bool:
    """Whether the organisation lists' words name nothing else a list knows: no place, no
    person's name, no ordinary word ("Kroger", "Wachovia", "Verizon"; not "Sanford", "Mercy",
    "Providence"). A model that reads such a word as a place reads the company's shop or
    building; the list's type holds (merge step 0 keeps a VERY_LIKELY finding's type)."""
    value = POSSESSIVE.sub("", lowered)
    return not is_place_phrase(value) and not any(w in name_words() for w in value.split()) \
        and value not in ordinary_word_organisations()


def scan_organisations(text: str, view) -> Iterator[Hit]:
    return _organisation_hits(text, organisations().find(view), guard_for(text))


_ORG_REGEXES = [_ORG_SUFFIX, _ORG_SUFFIX_LOWER, _INSTITUTION, _INSTITUTION_OF, _INSTITUTION_OF_LOWER,
                _CONGREGATION_LOWER, _OUR_LADY, _SCHOOL_SHORT, _SCHOOL_CAPITALISED, _FAN_OF,
                _SPEAKER_CONTEXT, _AGENT_CONTEXT, _OPENING_CONTEXT, _OPENING_LOWER, _WORKPLACE_CONTEXT,
                _CUSTOMER_CONTEXT, _NAMED_PLACE_OF_BUSINESS, _KIND_THEN_NAME, _OWN_ACCOUNT, _FIRMS_DEPARTMENT,
                _FIRMS_PREMISES, _INITIALS, _THE_BODY, _ORDINARY_WORDS_NAMED]
# What every text some regexes match holds, which the guard scans for instead of their own
# forms (`RegexGuard`): `_INSTITUTION`'s, a name group first, Hyperscan's approximation reports
# at nearly every word's end; the others' forms stop at "at", "to" or "a", which most texts
# hold (`scripts/prefilter_report.py`).
_INSTITUTION_NEEDS = rf"[ \t](?:{INSTITUTION_HEADS}|{MEDIA_HEADS}|{TRADE_HEADS})\b"
_NECESSARY = {
    _INSTITUTION: _INSTITUTION_NEEDS,
    _CONGREGATION_LOWER: (r"[ \t](?:" + _DENOMINATIONS + r"|(?:" + _CONGREGATION_KINDS + r")[ \t]+(?:"
                          + _CONGREGATION_HEADS + r"))\b"),
    _SCHOOL_SHORT: r"[ \t](?:" + _SCHOOL_LEVELS + r")\b",
    _FAN_OF: r"s[ \t]+fans?\b",
    _KIND_THEN_NAME: rf"[ \t](?:{_KINDS_NAMED_AFTER})[ \t]",
}
guard_contexts("organisations", _ORG_REGEXES, necessary=_NECESSARY)


def scan_organisations_batch(batch) -> Iterator[tuple]:
    found = batch.find(organisations())
    candidates, guarded = guard_in_batch(batch, _ORG_REGEXES)
    for i in sorted(guarded.union(found)):
        may_match = may_match_in(candidates[i]) if i in guarded else None
        for hit in _organisation_hits(batch.texts[i], found.get(i, ()), may_match):
            yield (i, *hit)


def scan_speaker_organisations(text: str, view) -> Iterator[Hit]:
    for start, end in _org_context_hits(text, guard_for(text)):
        yield start, end, L.VERY_LIKELY, Method.REGEX


def scan_speaker_organisations_batch(batch) -> Iterator[tuple]:
    candidates, guarded = guard_in_batch(batch, [_SPEAKER_CONTEXT, _AGENT_CONTEXT, _OPENING_CONTEXT,
                                                  _OPENING_LOWER])
    for i in sorted(guarded):
        for start, end in _org_context_hits(batch.texts[i], may_match_in(candidates[i])):
            yield i, start, end, L.VERY_LIKELY, Method.REGEX
