"""Catalogue entries of the internet: email, URLs, domains, IP and MAC addresses, cookies,
signed storage URLs and advertising IDs."""
from __future__ import annotations

import ipaddress
import re

from veil.detection.engine.detectors import hotword, pattern
from veil.detection.entity_keys import email_key
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import DIGIT_RUNS, SPELLED, InfoType
from veil.transform.operators.surrogate_formats import (
    Slots, cookie, ip, like_value, make_after, make_hex, signed_url, words,
)

L = Likelihood

# --- EMAIL_ADDRESS -------------------------------------------------------------------------

# Addresses spoken and transcribed: "scott at gmail dot com", "w w w dot example dot org".
_SPOKEN_TLD = (
    r"(?:com|org|net|edu|gov|io|co|uk|ca|us|de|fr|info|biz|me|ai|app|dev|tv|au|in|nl|es|it|ie|nz|"
    r"za|sg|ng|ke|ph|pk|ch|se|dk|fi|pl|be|pt|br|mx|jp|hk|ae)"
)
_DOT = r"[ \t]+dot[ \t]+"
_NOT_LOCAL_PARTS = frozenset(
    """me us him her them you yourself myself ourselves it this that know reach email mail write
    contact find profile page site website online office home work here there him or and""".split()
)


# Digits as a mailbox's owner reads them out: one by one, or in tens ("eighty eight").
SPOKEN_DIGIT_WORD = (
    r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|"
    r"hundred|double|triple|\d)"
)
# A spoken local part: words joined by "dot", "underscore" or digits read out ("katie dot
# simmons", "ernesto underscore perez", "piotrnine four", "fox eighty eight"), after up to three
# initials said as letters ("k fox", "j d smith"; not "a" or "i", which are words), and with up
# to three after a dot ("faith dot o c").
SPOKEN_LOCAL_PART = (
    r"(?:(?<!['’])[b-hj-z][ \t]+){0,3}"
    rf"[a-z0-9][a-z0-9._-]{{0,63}}(?:(?:{_DOT}|[ \t]+underscore[ \t]+|[ \t]+(?={SPOKEN_DIGIT_WORD}\b))"
    rf"[a-z0-9._-]{{1,63}}(?:[ \t]+[b-hj-z](?![\w'’])){{0,3}}){{0,4}}"
)


def _spoken_email_check(match: "re.Match[str]") -> Likelihood | None:
    local, domain = re.split(r"[ \t]+(?:at|@)[ \t]+", match.group(0).lower(), maxsplit=1)
    if local in _NOT_LOCAL_PARTS:
        return None
    if " dot " not in domain and re.fullmatch(r"[a-z]+", local):
        # "look at google.com": a written domain after one plain word is an email address
        # only if that word is no ordinary word ("bryan at hotmail.com").
        from veil.detection.engine.word_lists import common_words

        if local in common_words():
            return None
    return L.LIKELY


# The mail providers people name without ".com" ("it's kayla.m.fox at gmail", "kfox88@gmail"):
# the provider says the address, so its ending goes unsaid.
_MAIL_PROVIDERS = (
    r"gmail|googlemail|yahoo|hotmail|outlook|icloud|aol|protonmail|proton|msn|comcast|"
    r"btinternet|gmx|yandex|zoho|fastmail"
)
# Plain words before "at yahoo" that are who works there, not a mailbox ("the people at comcast").
_NOT_MAILBOXES = _NOT_LOCAL_PARTS | frozenset(
    """the people guys folks team staff someone somebody anyone everyone support customer
    service friends engineers accounts billing""".split()
)

# Words that begin a phrase, not a mailbox: "call me at five at gmail".
_NOT_MAILBOX_STARTS = frozenset("at to from by on in for about around after before".split())


def mailbox_likelihood(local: str) -> Likelihood | None:
    """How sure a mailbox's or a payment address's holder part is, before a provider named
    alone: sure where it has what a mailbox has and a word has not (a digit, a dot, an
    underscore); a plain word only where the address is spoken of before it (a hotword); none
    where it is who works there ("the people at comcast") or a phrase ("call me at five")."""
    local = local.lower()
    if len(local) < 2 or local in _NOT_MAILBOXES or local.split()[0] in _NOT_MAILBOX_STARTS:
        return None
    if re.search(rf"[\d._]| dot | underscore | {SPOKEN_DIGIT_WORD}\b", local):
        return L.LIKELY
    return L.UNLIKELY


def _provider_email_check(match: "re.Match[str]") -> Likelihood | None:
    """A mailbox at a provider named alone (`mailbox_likelihood`)."""
    return mailbox_likelihood(re.split(r"[ \t]+(?:at|@)[ \t]+|@", match.group(0).lower(), maxsplit=1)[0])


# The domain endings that say "address" even where a transcript dropped their dot ("example
# com"); not "in", "it" or "us", which are words after a handle ("rt @bbcbreaking us economy").
_ENDINGS_WITHOUT_THEIR_DOT = r"com|net|org|edu|gov"
# An address typed with spaces around its "@" or its dots: a local part and a domain of
# written labels, ending in a known domain ending (a spaced dot joins sentences as often).
# A dot of the local part has spaces on both sides or none: "request. sorgelaw@yahoo. com"
# ends a sentence before the address.
_SPACED_LOCAL_PART = r"[A-Za-z0-9][A-Za-z0-9_%+-]{1,63}(?:(?:[ \t]+\.[ \t]+|\.)[A-Za-z0-9_%+-]{1,63}){0,3}"
_SPACED_DOMAIN = (rf"[A-Za-z0-9-]{{1,63}}(?:[ \t]*\.[ \t]*[A-Za-z0-9-]{{1,63}}){{0,3}}"
                  rf"(?:[ \t]*\.[ \t]*(?i:{_SPOKEN_TLD})|[ \t]+(?i:{_ENDINGS_WITHOUT_THEIR_DOT}))")


_SPOKEN_JOIN_BEFORE = re.compile(r"(?i)[ \t](?:dot|underscore)[ \t]+$")


def _spaced_email_check(match: "re.Match[str]") -> Likelihood | None:
    """An address typed with spaces (one at least: the written pattern takes the rest), whose
    local part is no word that stands before "at" ("me @ home . com") and whose dots open no
    sentence."""
    value = match.group(0)
    if not re.search(r"[ \t]", value) or re.search(r"\.[ \t]+[A-Z]", value):
        return None  # "lol @ me. Come on": a sentence's end, no dot of a domain
    at = value.index("@")
    if value[at - 1] in " \t" and value[at + 1] not in " \t" and "." not in value[at:]:
        return None  # "thanks @bbc com": a handle after a word, and a word after it
    if _SPOKEN_JOIN_BEFORE.search(match.string, 0, match.start()):
        return None  # the end of an address said aloud ("linh dot duong @ x.biz"), found whole
    local = re.split(r"[ \t]*@", value, maxsplit=1)[0]
    return None if local.lower() in _NOT_LOCAL_PARTS else L.LIKELY


EMAIL_ADDRESS = InfoType(
    "EMAIL_ADDRESS",
    "Email addresses.",
    detectors=(
        pattern(
            r"(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])",
            L.VERY_LIKELY,
            trigger="@",
        ),
        # Spoken: "scott at gmail dot com", "katie dot simmons at yahoo.com", "linh @ x.biz";
        # not the end of a contraction ("I'm at kaylafox.hair" is where to find her).
        pattern(
            rf"\b(?<!['’]){SPOKEN_LOCAL_PART}[ \t]+(?:at|@)[ \t]+"
            rf"(?:[a-z0-9-]{{1,63}}(?:{_DOT}[a-z0-9-]{{1,63}}){{0,3}}{_DOT}{_SPOKEN_TLD}"
            rf"|[a-z0-9-]{{1,63}}(?:\.[a-z0-9-]{{1,63}})*\.[a-z]{{2,24}})\b",
            L.LIKELY,
            check=_spoken_email_check,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i) dot | at [a-z0-9-]+\.| @ "),
        ),
        # Typed with spaces, as a phone's autocorrect or a careful typist leaves it: "marcy .
        # delgado88 @ example . com", "gareth.hale @example.org", and without its last dot as
        # a transcript drops it ("tobyhale07 @ example net", before a domain ending alone).
        pattern(
            rf"(?<![\w.%+'’-]){_SPACED_LOCAL_PART}[ \t]*@[ \t]*{_SPACED_DOMAIN}(?![\w-]|[ \t]*\.[ \t]*\w)",
            L.LIKELY,
            check=_spaced_email_check,
            trigger=re.compile(rf"[ \t]@|@[ \t]|[ \t]\.[ \t]|@[\w.-]+[ \t]+(?i:{_ENDINGS_WITHOUT_THEIR_DOT})\b"),
        ),
        # A provider named alone: "kayla.m.fox at gmail", "kfox88@gmail", "email me at fox at yahoo".
        pattern(
            rf"\b{SPOKEN_LOCAL_PART}(?:[ \t]+(?:at|@)[ \t]+|@)(?:{_MAIL_PROVIDERS})\b(?![.@-]\w|[ \t]+dot[ \t])",
            L.LIKELY,
            check=_provider_email_check,
            flags=re.IGNORECASE,
            hotwords=[hotword(r"\b(?:e-?mail(?:ed|ing)?|mailbox|inbox|send (?:it|them|that|me)|write to)\b",
                              80, fixed=L.LIKELY)],
            trigger=re.compile(rf"(?i)(?:at|@)[ \t]*(?:{_MAIL_PROVIDERS})\b"),
        ),
    ),
    surrogate=words,
    score=4,
    direct=True,
    entity_key=email_key,
    compatible={"DOMAIN_NAME", "PERSON_NAME", "URL", "USER_NAME"} | DIGIT_RUNS | SPELLED,
    aliases=("EMAIL",),
    examples=(("write to jane.doe+x@example.co.uk today", "jane.doe+x@example.co.uk"),),
)


def _spoken_url_check(match: "re.Match[str]") -> Likelihood | None:
    text = match.group(0).lower()
    return L.LIKELY if text.startswith("w") and "dot" in text[:12] or " slash " in text else None


def _spoken_domain_check(match: "re.Match[str]") -> Likelihood | None:
    return None if _spoken_url_check(match) else L.LIKELY


_SPOKEN_ADDRESS = (
    # After "w w w dot" a name may be said as the words it joins ("w w w dot gadget hub dot com").
    rf"\b(?:(?:w[ \t]?w[ \t]?w){_DOT}[a-z0-9][a-z0-9-]{{1,62}}(?:[ \t]+[a-z0-9][a-z0-9-]{{1,62}}){{0,2}}"
    rf"|[a-z0-9][a-z0-9-]{{1,62}})(?:{_DOT}[a-z0-9-]{{1,63}}){{0,3}}{_DOT}{_SPOKEN_TLD}\b"
)


# --- URL -----------------------------------------------------------------------------------

_URL_BODY = r"[^\s<>\"'`]{0,2000}[^\s<>\"'`.,;:!?)\]}]"

URL = InfoType(
    "URL",
    "URLs with a scheme (http, https, ftp), starting with www., or a domain and a path.",
    detectors=(
        pattern(
            _SPOKEN_ADDRESS + r"(?:[ \t]+slash[ \t]+[a-z0-9-]{1,63}){0,6}",
            L.LIKELY,
            check=_spoken_url_check,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i) dot "),
        ),
        pattern(
            r"\b(?:https?|ftp)://" + _URL_BODY,
            L.LIKELY,
            flags=re.IGNORECASE,
            trigger="://",
        ),
        pattern(
            r"(?<![\w./@-])www\.[A-Za-z0-9-]+\." + _URL_BODY,
            L.LIKELY,
            flags=re.IGNORECASE,
            trigger="www.",
        ),
        # A bare domain with a path: "linkedin.com/in/jane-doe", "acme.co/careers".
        pattern(
            r"(?<![\w./@-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,12}/"
            + _URL_BODY,
            L.LIKELY,
            check=lambda match: _domain_check_text(match.group(0).split("/", 1)[0]),
            trigger="/",
        ),
    ),
    surrogate=like_value,
    score=2,
    compatible={"DOMAIN_NAME"},
    examples=(("see https://example.com/a?b=c.", "https://example.com/a?b=c"),),
)


# --- STORAGE_SIGNED_URL / STORAGE_SIGNED_POLICY_DOCUMENT -----------------------------------

STORAGE_SIGNED_URL = InfoType(
    "STORAGE_SIGNED_URL",
    "Signed cloud-storage URLs (GCS, S3, Azure SAS).",
    detectors=(
        pattern(
            r"\bhttps?://[^\s<>\"'?]{1,500}\?[^\s<>\"']{0,2000}?"
            r"(?:X-Goog-Signature|X-Amz-Signature|Signature|sig)=[^\s<>\"'&]+[^\s<>\"']*",
            L.VERY_LIKELY,
            trigger="ig",
        ),
    ),
    surrogate=signed_url,
    score=3,
    examples=(("https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4&X-Goog-Signature=abc123", "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4&X-Goog-Signature=abc123"),),
)
STORAGE_SIGNED_POLICY_DOCUMENT = InfoType(
    "STORAGE_SIGNED_POLICY_DOCUMENT",
    "Base64 cloud-storage upload policy documents.",
    detectors=(
        pattern(
            r"\beyJ(?:leHBpcmF0aW9uIj|jb25kaXRpb25zIj)[A-Za-z0-9+/=_-]{16,}",
            L.LIKELY,
            trigger="eyJ",
        ),
    ),
    surrogate=Slots(make_after(18)),
    score=2,
    aliases=("STORAGE_SIGNED_POLICY",),
    examples=(("policy eyJleHBpcmF0aW9uIjoiMjAyMC0wMS0wMVQwMDowMDowMFoifQ== sent", "eyJleHBpcmF0aW9uIjoiMjAyMC0wMS0wMVQwMDowMDowMFoifQ=="),),
)


# --- DOMAIN_NAME ---------------------------------------------------------------------------

_TLDS = frozenset(
    """com org net edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs
    app dev io ai co me tv cc ly gg to fm xyz online site store shop tech cloud blog news live
    email link click page space website host design agency studio media digital network systems
    solutions services company group global world today life health care bank finance money
    """.split()
) | frozenset(
    "ac ad ae af ag ar at au az ba be bg br by ca ch cl cn cz de dk ee es eu fi fr gr hk hr hu "
    "id ie il in iq ir is it jp ke kr kz lt lu lv ma mx my ng nl no nz pe ph pk pl pt ro rs ru "
    "sa se sg si sk th tr tw ua uk us uy vn za".split()
)


def _domain_check(match: "re.Match[str]") -> Likelihood | None:
    return _domain_check_text(match.group(0))


def _domain_check_text(domain: str) -> Likelihood | None:
    """LIKELY when the domain ends in a known top-level domain."""
    tld = domain.rsplit(".", 1)[-1].lower()
    if tld not in _TLDS:
        return None
    return L.LIKELY


DOMAIN_NAME = InfoType(
    "DOMAIN_NAME",
    "Domain names with a known top-level domain.",
    detectors=(
        pattern(
            _SPOKEN_ADDRESS,
            L.POSSIBLE,
            check=_spoken_domain_check,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i) dot "),
        ),
        pattern(
            r"(?<![\w.@/-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,12}(?![\w@-]|\.\w)",
            L.LIKELY,
            check=_domain_check,
            trigger=".",
        ),
    ),
    surrogate=like_value,
    score=1,
    compatible={"URL"},
    aliases=("DOMAIN",),
    examples=(("visit example.com or shop.example.co.uk", "example.com"),),
)


# --- IP_ADDRESS ----------------------------------------------------------------------------

def _ipv4_check(match: "re.Match[str]") -> Likelihood | None:
    try:
        ipaddress.IPv4Address(match.group(0))
    except ValueError:
        return None
    return L.LIKELY


def _ipv6_check(match: "re.Match[str]") -> Likelihood | None:
    text = match.group(0)
    if text.count(":") < 2 or not any(c.isalnum() for c in text):
        return None
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return None
    return L.LIKELY


# Said aloud: four numbers joined by "dot", each as a recogniser writes it ("ten dot twenty dot
# four dot one seven", "one ninety two dot one sixty eight dot oh dot one", "10 dot 0 dot 0 dot 1").
_OCTET_WORD = (r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
               r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
               r"sixty|seventy|eighty|ninety|hundred|\d{1,3})")
_OCTET_SAID = _OCTET_WORD + r"(?:[ \t-]+(?:and[ \t]+)?" + _OCTET_WORD + r"){0,3}"
_IPV4_SAID = (r"(?i)(?<![\w'’])" + _OCTET_SAID + r"(?:" + _DOT + _OCTET_SAID + r"){3}\b(?!" + _DOT + r")")
_A_VERSION_BEFORE = re.compile(r"(?i)\b(?:version|release|build|update|firmware|v|ios|android)[ \t]+$")


def _ipv4_said_check(match: "re.Match[str]") -> Likelihood | None:
    """Four numbers said with "dot", unless they number a version ("version two dot one dot
    three dot four")."""
    version = _A_VERSION_BEFORE.search(match.string, max(0, match.start() - 12), match.start())
    return None if version else L.LIKELY


IP_ADDRESS = InfoType(
    "IP_ADDRESS",
    "IPv4 and IPv6 addresses (validated with ipaddress); IPv4 said aloud ('ten dot twenty dot four "
    "dot one seven').",
    detectors=(
        pattern(
            r"\d(?<![\d.]\d)\d{0,2}\.(?:\d{1,3}\.){2}\d{1,3}(?![\d]|\.\d)",
            L.LIKELY,
            check=_ipv4_check,
            trigger=".",
        ),
        pattern(
            r"(?<![\w:.])(?:[0-9A-Fa-f]{1,4}:|:){1,7}(?::|[0-9A-Fa-f]{1,4})"
            r"(?:(?<=:)(?:\d{1,3}\.){3}\d{1,3})?(?![\w:])",
            L.LIKELY,
            check=_ipv6_check,
            trigger=":",
        ),
        pattern(_IPV4_SAID, L.LIKELY, check=_ipv4_said_check, trigger=re.compile(r"(?i) dot ")),
    ),
    surrogate=ip,
    score=3,
    examples=(("from 192.168.0.1 today", "192.168.0.1"),),
)


# --- MAC_ADDRESS / MAC_ADDRESS_LOCAL -------------------------------------------------------

def _mac_octet(match: "re.Match[str]") -> int:
    return int(re.sub(r"[^0-9A-Fa-f]", "", match.group(0))[:2], 16)


def _mac_universal(match: "re.Match[str]") -> Likelihood | None:
    return None if _mac_octet(match) & 0x02 else L.LIKELY


def _mac_local(match: "re.Match[str]") -> Likelihood | None:
    return L.LIKELY if _mac_octet(match) & 0x02 else None


_MAC_PATTERNS = (
    r"(?<![\w:-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![\w:-])",
    r"(?<![\w.])[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}(?![\w.])",
)
_MAC_TRIGGER = re.compile(r"[:.-]")


def _mac(name: str, description: str, check, example: tuple[str, str]) -> InfoType:
    return InfoType(
        name,
        description,
        detectors=tuple(pattern(p, L.LIKELY, check=check, trigger=_MAC_TRIGGER)
                        for p in _MAC_PATTERNS),
        surrogate=Slots(make_hex(keep=2)),
        score=3,
        examples=(example,),
    )


MAC_ADDRESS = _mac("MAC_ADDRESS", "Universally administered MAC addresses.", _mac_universal,
                   ("mac 00:1A:2B:3C:4D:5E", "00:1A:2B:3C:4D:5E"))
MAC_ADDRESS_LOCAL = _mac(
    "MAC_ADDRESS_LOCAL", "Locally administered MAC addresses (bit 1 of the first octet set).",
    _mac_local, ("mac 02-00-5E-10-00-01", "02-00-5E-10-00-01"))


# --- HTTP_COOKIE ---------------------------------------------------------------------------

HTTP_COOKIE = InfoType(
    "HTTP_COOKIE",
    "HTTP Cookie and Set-Cookie headers.",
    detectors=(
        pattern(
            r"\b(?:Set-)?Cookie:[ \t]*[^\r\n]{1,4096}",
            L.LIKELY,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i)cookie:"),
        ),
    ),
    surrogate=cookie,
    score=1,
    examples=(("Cookie: session=abc123; theme=dark", "Cookie: session=abc123; theme=dark"),),
)


# --- ADVERTISING_ID ------------------------------------------------------------------------

ADVERTISING_ID = InfoType(
    "ADVERTISING_ID",
    "Mobile advertising IDs (IDFA, AAID: UUID-shaped).",
    detectors=(
        pattern(
            r"(?<![\w-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![\w-])",
            L.POSSIBLE,
            trigger="-",
            hotwords=[
                hotword(r"\b(?:idfa|aaid|gaid|adid|advertising|ad id|ads id)\b", 80, fixed=L.LIKELY),
            ],
        ),
    ),
    surrogate=Slots(make_hex()),
    score=3,
    examples=(("IDFA 6D92078A-8246-4BA4-AE5B-76104861E7DC", "6D92078A-8246-4BA4-AE5B-76104861E7DC"),),
)


ENTRIES = (
    EMAIL_ADDRESS, URL, DOMAIN_NAME, STORAGE_SIGNED_URL, STORAGE_SIGNED_POLICY_DOCUMENT,
    IP_ADDRESS, MAC_ADDRESS, MAC_ADDRESS_LOCAL, HTTP_COOKIE, ADVERTISING_ID,
)
