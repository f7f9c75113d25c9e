"""Catalogue entries found in running text: phone numbers, dates and times, ages, addresses,
postal codes, states, coordinates, demographic terms, medical terms and user names."""
from __future__ import annotations

import re
from typing import Callable, Iterable

from veil.detection.engine.person_scanners import GREETING_BEFORE
from veil.detection.engine.name_lists import RELATIVE_WORDS
from veil.detection.engine.word_facts import an_owner
from veil.detection.engine.word_lists import common_words, given_name_words, medicines
from veil.detection.engine.checksums import digits_of
from veil.detection.engine.detectors import (
    DIGIT, UPPER, Hotword, PatternDetector, hotword, pattern, scanner,
)
from veil.detection.engine.dictionary import DictionaryMatcher
from veil.detection.engine.name_lists import US_STATES
from veil.detection.entity_keys import phone_key
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import DIGIT_RUNS, SPELLED, InfoType
from veil.transform.operators.surrogate_formats import (
    Slots, age_in_years, coordinates, date, like_value, make_canada_postal_code, phone,
    time_of_day,
)

L = Likelihood

# --- PHONE_NUMBER --------------------------------------------------------------------------

_PHONE_HOTWORD = hotword(
    r"\b(?:phone|call|cell|mobile|tel|telephone|fax|number|reach me|text me|contact)\b",
    60,
    relative=1,
)


def _phone_check(match: "re.Match[str]") -> Likelihood | None:
    digits = digits_of(match.group(0))
    if not 7 <= len(digits) <= 15:
        return None
    text = match.group(0)
    # A bare run of ten digits is as likely an ID as a phone number; formatting says phone.
    formatted = any(c in text for c in "()-. +")
    return L.LIKELY if formatted else L.POSSIBLE


# The countries whose callers say their numbers with a trunk 0 ("07911 123456" in Britain,
# "0412 345 678" in Australia, "06 12 34 56 78" in France) and that the catalogue's other
# entries cover: a caller in one of them gives a national number, no country code.
NATIONAL_PHONE_REGIONS = (
    "GB", "IE", "AU", "NZ", "ZA", "NG", "KE", "GH", "IN", "PK", "PH", "MY", "ID", "TH", "JP", "KR",
    "FR", "DE", "AT", "CH", "BE", "NL", "IT", "SE", "FI", "TR", "IL",
)


def _national_groups(number) -> list[int]:
    """The lengths of the digit groups a country writes its national number in."""
    import phonenumbers

    national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    return [len(group) for group in re.findall(r"\d+", national)]


def _national_phone_check(match: "re.Match[str]") -> Likelihood | None:
    """A national number with a trunk 0 that is valid in one of `NATIONAL_PHONE_REGIONS`
    (`phonenumbers`' numbering plans): LIKELY when it is grouped as that country writes its
    numbers ("020 7946 0958", "06 12 34 56 78"), POSSIBLE otherwise ("0151 23456789"). Almost
    any ten digits after a 0 are valid somewhere, so the grouping, or a hotword, says phone."""
    import phonenumbers

    text = match.group(0)
    digits = digits_of(text)
    if not 9 <= len(digits) <= 12:
        return None
    groups = [len(group) for group in re.findall(r"\d+", text)]
    found = None
    for region in NATIONAL_PHONE_REGIONS:
        try:
            number = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number(number):
            continue
        if _national_groups(number) == groups:
            return L.LIKELY
        found = L.POSSIBLE
    return found


# North American: (415) 555-0134, 415-555-0134, 415.555.0134, +1 415 555 0134, 4155550134.
# International with a country code: +44 20 7946 0958, +33 1 23 45 67 89.
# National, with a trunk 0, written in groups: 07911 123456, (020) 7946 0958, 0412 345 678.
PHONE_NUMBER = InfoType(
    "PHONE_NUMBER",
    "Phone numbers: North American formats, international with a country code, and national "
    "numbers with a trunk 0, written in groups, in 27 countries (07911 123456, 020 7946 0958, "
    "0412 345 678, 06 12 34 56 78).",
    detectors=(
        pattern(
            r"(?<![\w+])(?<!\d[.-])(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}(?![\w]|[.-]\d)",
            L.LIKELY,
            check=_phone_check,
            trigger=DIGIT,
            hotwords=[_PHONE_HOTWORD],
        ),
        pattern(
            r"(?<![\w+])\+(?:[2-9]\d{0,2})(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\w])",
            L.LIKELY,
            check=_phone_check,
            trigger="+",
            hotwords=[_PHONE_HOTWORD],
        ),
        pattern(
            r"(?<![\w+.,/-])(?:\(0\d{1,4}\)[ ]?|0\d{1,4}[ .-])\d{2,8}(?:[ .-]\d{2,8}){0,3}(?![\w]|[.,/-]\d)",
            L.LIKELY,
            check=_national_phone_check,
            trigger=DIGIT,
            hotwords=[_PHONE_HOTWORD],
        ),
    ),
    surrogate=phone,
    score=4,
    direct=True,
    entity_key=phone_key,
    compatible=DIGIT_RUNS,
    aliases=("PHONE",),
    examples=(("call me on (415) 555-0134 please", "(415) 555-0134"),),
)


# --- DATE and DATE_OF_BIRTH ----------------------------------------------------------------

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_NUMERIC_DATE = (
    r"(?<![\d/.-])(?:(?P<a>\d{1,2})(?P<s>[/.-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})"
    r"|(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2}))(?![\d/-]|\.\d)"
)
_TEXT_DATES = (
    # March 5, 1990 / Mar. 5th 1990 / March 1990
    rf"\b{_MONTH}\.?[ \t]+(?:\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?[ \t]+(?:\d{{4}})\b)?|\d{{4}}\b)",
    # 5 March 1990 / 5th of March, 1990
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?{_MONTH}\b\.?(?:,?[ \t]+\d{{4}}\b)?",
)


def _numeric_date_check(match: "re.Match[str]") -> Likelihood | None:
    if match.group("iy"):
        month, day = int(match.group("im")), int(match.group("id"))
        return L.LIKELY if 1 <= month <= 12 and 1 <= day <= 31 else None
    a, b = int(match.group("a")), int(match.group("b"))
    # Month/day or day/month: at least one reading must be a real date.
    if (1 <= a <= 12 and 1 <= b <= 31) or (1 <= b <= 12 and 1 <= a <= 31):
        return L.LIKELY
    return None


def _text_date_check(match: "re.Match[str]") -> Likelihood | None:
    day = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", match.group(0))
    if day and not 1 <= int(day.group(1)) <= 31:
        return None
    # "may 5" in lower case reads as a verb too often; a capitalised month or a year says date.
    text = match.group(0)
    if re.search(r"\d{4}", text) or any(c.isupper() for c in text):
        return L.LIKELY
    return L.POSSIBLE


_ORDINAL_UNITS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_ORDINAL = (
    rf"(?:twenty[ -](?:{_ORDINAL_UNITS})|thirty[ -]first|{_ORDINAL_UNITS}|tenth|eleventh|"
    r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
    r"twentieth|thirtieth)"
)
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_YEAR_WORDS = (
    rf"(?:(?:nineteen|twenty)[ -](?:hundred|oh[ -](?:one|two|three|four|five|six|seven|eight|nine)|"
    rf"{_TEENS}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[ -](?:one|two|three|four|five|six|seven|eight|nine))?)"
    rf"|two thousand(?:[ -]and)?(?:[ -](?:{_TEENS}|one|two|three|four|five|six|seven|eight|nine|"
    r"twenty(?:[ -](?:one|two|three|four|five))?))?)"
)
_SPOKEN_DATES = (
    # "the twentieth of may nineteen ninety-three"
    rf"\b{_ORDINAL}[ \t]+of[ \t]+{_MONTH}\b(?:,?[ \t]+{_YEAR_WORDS}\b)?",
    # "August sixteenth, nineteen seventy-two"
    rf"\b{_MONTH}[ \t]+(?:the[ \t]+)?{_ORDINAL}\b(?:,?[ \t]+{_YEAR_WORDS}\b)?",
)
_MONTH_TRIGGER = re.compile(r"(?i)jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec")

_DOB_HOTWORD = hotword(  # "date of, uh, birth": ASR keeps the fillers
    r"\b(?:born|birth ?days?|birth ?date|date(?:[ ,]+(?:of|uh|um|er|like|you know|i mean)){1,4}"
    r"[ ,]+birth|d\.?o\.?b\.?)(?!\w)", 60, 0,
    fixed=L.VERY_LIKELY,
)


def _date_detectors(base: Likelihood | None = None, hotwords=()) -> tuple:
    """The date patterns, numeric, written and spoken. With `base`, every match gets that
    likelihood (a date is a date of birth only near a hotword)."""
    def with_base(check):
        if base is None:
            return check
        return lambda m: None if check(m) is None else base

    likelihood = base or L.LIKELY
    return (
        pattern(_NUMERIC_DATE, likelihood, check=with_base(_numeric_date_check),
                trigger=DIGIT, hotwords=hotwords, ceiling=base),
        *(pattern(p, likelihood, check=with_base(_text_date_check), flags=re.IGNORECASE,
                  trigger=DIGIT, hotwords=hotwords, ceiling=base) for p in _TEXT_DATES),
        *(pattern(p, likelihood, flags=re.IGNORECASE, trigger=_MONTH_TRIGGER,
                  hotwords=hotwords, ceiling=base) for p in _SPOKEN_DATES),
    )


DATE = InfoType(
    "DATE",
    "Calendar dates, numeric (05/03/1990, 1990-03-05) or written (March 5, 1990).",
    detectors=_date_detectors(),
    surrogate=date,
    score=1,
    examples=(("on 03/15/2021 we met", "03/15/2021"),),
)
DATE_OF_BIRTH = InfoType(
    "DATE_OF_BIRTH",
    "Dates near 'born', 'DOB', 'birthday'.",
    detectors=_date_detectors(L.UNLIKELY, (_DOB_HOTWORD,)),
    surrogate=date,
    score=3,
    compatible=frozenset({"AGE", "DATE"}),
    aliases=("DOB",),
    examples=(("I was born on 04/12/1985", "04/12/1985"),),
)


# --- TIME ----------------------------------------------------------------------------------

TIME = InfoType(
    "TIME",
    "Times of day (14:30, 2:30 pm, 9am).",
    detectors=(
        pattern(
            r"(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:[ \t]?(?:[ap]\.m\.|[ap]m\b))?(?![\d:])",
            L.LIKELY,
            flags=re.IGNORECASE,
            trigger=":",
        ),
        pattern(
            r"\b(?:1[0-2]|0?[1-9])[ \t]?(?:[ap]\.m\.|[ap]m\b)",
            L.LIKELY,
            flags=re.IGNORECASE,
            trigger=DIGIT,
        ),
    ),
    surrogate=time_of_day,
    score=0,
    examples=(("meet at 14:30 or 2:30 pm", "14:30"),),
)


# --- AGE -----------------------------------------------------------------------------------

_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_BELOW_A_HUNDRED = (
    rf"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -](?:{_UNITS}))?|"
    rf"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|{_UNITS}"
)
# "a hundred and fifty" is read whole, so that what follows it can say it weighs or costs
# ("he's like a hundred and fifty pounds") rather than "a hundred" passing as an age.
NUMBER_WORDS = rf"(?:{_BELOW_A_HUNDRED}|(?:a|one)[ -]hundred(?:[ -]and[ -](?:{_BELOW_A_HUNDRED}))?)"


def _age_check(match: "re.Match[str]") -> Likelihood | None:
    age = match.group(1)
    if age.isdigit() and not 0 < int(age) <= 125:
        return None
    return L.LIKELY


def _an_age(regex: str, trigger) -> PatternDetector:
    """An age in years (group 1 of `regex`, case-insensitive), likely where `_age_check` allows."""
    return pattern(regex, L.LIKELY, check=_age_check, group=1, flags=re.IGNORECASE, trigger=trigger)


# Who is said to be that old: a pronoun, or a name or a relative with "'s" ("Bob's seventy
# three", "her grandmother's eighty nine"; `_a_person_before`), and the question ("isn't he
# like twenty five?").
def _a_candidate_age(match: "re.Match[str]") -> Likelihood | None:
    """An age that a question must lift ("how old"): UNLIKELY, or None where it is none."""
    return None if _age_check(match) is None else L.UNLIKELY


_A_PERSON_IS = (r"he's|she's|hes|shes|i'm|im|you're|he is|she is|i am|you are|he was|she was|i was|"
                r"you were|(?:is|isn't|was|wasn't)[ \t]+(?:he|she)|who's|who is|who was|"
                r"[^\W\d_][\w-]*['’]s|[^\W\d_][\w-]*[ \t]+(?:is|was)")
# What may stand between the person and the age: a hedge, or a hesitation ("she's uh fourteen",
# "till he was gosh eighty-one").
_ABOUT = r"only|just|almost|nearly|about|around|like|already|barely|over|under|probably|maybe|" \
         r"um|uh|er|erm|gosh"
# What says a number after "she's" counts something else: a unit or a quantity ("two hours",
# "six feet", "one of", "five thirty", "5'11"). Any other word may follow an age, in text
# without punctuation too ("she's seventy eight hope she can't", "he's sixty eight these things
# happen", "she's fifteen she's gonna cry").
_COUNTED = frozenset("""
of o'clock oclock am pm a.m p.m percent per feet foot ft inch min hr minute hour day week
month year second pound lb kg kilo dollar buck cent mile km k grand hundred thousand million
billion dozen point degree time out for to by x plus minus ahead behind down up over under
short late early away more less left off each apiece people men women kids children deep tall sure
wide long high strong games
""".split()) | frozenset(_UNITS.split("|") + """ten eleven twelve thirteen
fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy
eighty ninety""".split())
# Words ending in "s" that are no plural noun ("she's nine this year", "he was ten as well").
_NOT_PLURALS = frozenset("""
is was has does this his hers its as us yes thus always perhaps sometimes unless less ours
yours theirs besides whereas nowadays plus hes shes
""".split())
_NEXT_WORD = re.compile(r"[ \t]*([\w'’.]*)")
# A dash that breaks the sentence off, as transcribers write an interruption ("she's ninety-one--
# she out-danced everybody"), measures nothing.
_A_DASH_BREAKS_OFF = re.compile(r"--|-$")


def _a_person_before(word: str) -> bool:
    """Whether `word` with "'s" may be someone said to be an age: a capitalised word ("Bob's",
    "Brianna's"), a given name of the lists or a relative, and not "it's" or "that's"."""
    lowered = word.lower().replace("’", "'")
    if not an_owner(lowered):
        return False
    stem = lowered[:-2]
    return word[:1].isupper() or stem in RELATIVE_WORDS or stem == "baby" or stem in given_name_words()


_PRONOUNS_SAID_AN_AGE = frozenset("he she i you who is isn't was wasn't".split())
_DETERMINER_BEFORE = re.compile(r"(?:\b(?:the|a|an|this|that|my|your|his|her|our|their|its)|['’]s)[ \t]+$",
                                re.IGNORECASE)


def _someone_named(text: str, start: int, word: str) -> bool:
    """Whether `word` before "is" may be someone said to be an age: a relative, or a given name
    of the lists not after a determiner ("cole is nine", "my son is six"; not "the bill is
    twenty")."""
    if word in RELATIVE_WORDS:
        return True
    return word in given_name_words() and _DETERMINER_BEFORE.search(text, max(0, start - 8), start) is None


def counts_something_else(match: "re.Match[str]") -> bool:
    """Whether what follows the number says it counts something other than years: a unit, a
    quantity or a plural noun ("two hours", "one of", "five books"), or a mark that measures
    ("5'11", "5:30", "5-3", "20%")."""
    rest = match.string[match.end(1):]
    if rest[:1] in ("'", "’", '"', ":", "-", "/", "%", "$") and not _A_DASH_BREAKS_OFF.match(rest) \
            or re.match(r"\.\d", rest):
        return True
    word = _NEXT_WORD.match(rest).group(1).lower().rstrip(".")
    if word in _COUNTED or word.rstrip("s") in _COUNTED:
        return True
    return word.endswith("s") and word not in _NOT_PLURALS and "'" not in word and "’" not in word


def _an_age_said(match: "re.Match[str]") -> Likelihood | None:
    """An age after "she's", unless the number counts something else (`counts_something_else`);
    and not one ("I'm one" is more often one of something)."""
    if match.group(1).lower() in ("one", "1"):
        return None
    words = match.group(0)[:match.start(1) - match.start()].split()
    subject = words[0].lower().replace("’", "'")
    if subject.endswith("'s") and subject not in ("he's", "she's", "who's") and not _a_person_before(words[0]):
        return None
    if len(words) > 1 and words[1].lower().rstrip(",") in ("is", "was") and subject not in _PRONOUNS_SAID_AN_AGE \
            and not _someone_named(match.string, match.start(), subject):
        return None
    if counts_something_else(match):
        return None
    return _age_check(match)


# An answer that ends with the number: "Twelve.", "twelve years old.", "four and they're".
_ANSWER_ENDS = re.compile(r"(?:[ \t]+(?:now|years? old))?[ \t]*(?:[.!?,]|$|(?:and|in)\b)", re.IGNORECASE)


def _a_candidate_age_answered(match: "re.Match[str]") -> Likelihood | None:
    """A number that answers "how old" (a candidate the question must lift): one that ends the
    answer (UNLIKELY), or, as a speech recogniser writes it without punctuation, one that opens
    the turn or follows "now" and counts nothing else ("ninety one i can't believe it", "how old
    is he now ninety"): VERY_UNLIKELY, below even the auditor's threshold, since without the
    question a number opening a turn is seldom an age ("one moment please", "five six two")."""
    if _ANSWER_ENDS.match(match.string, match.end(1)):
        return _a_candidate_age(match)
    if match.group(0)[:1] in ",?" or match.group(1).lower() in ("one", "1") \
            or counts_something_else(match):
        return None
    return L.VERY_UNLIKELY if _a_candidate_age(match) else None


# "42 years old", "forty-two year old", "42 y/o" (a bare "5 years" is a duration).
# "She's 61 now"; "He's seventy-five." (a person and a number that counts nothing else: on the
# real sets every such match but "one of" and "15 minutes" is an age). "They're five." alone is
# only a candidate, it may count them (a previous-turn "how old" question lifts it, see
# veil/profiles/call_questions.yaml).
AGE = InfoType(
    "AGE",
    "Ages: '42 years old', 'forty-two years old', 'aged 42', 'age: 42', '42 y/o', "
    "\"she's seventy eight\", \"when I was six\", \"he'll be ninety in June\".",
    detectors=(
        _an_age(
            rf"\b(\d{{1,3}}|{NUMBER_WORDS})[ \t-]?(?:years?|yrs?)[ \t-]?(?:old|of[ \t]+age)\b",
            re.compile(r"(?i)old|of age")),
        # "he'll be ninety in June", "I'll be seventy-two.", "she'll be eight this summer", "he's
        # gonna be thirteen.": an age to come, where the sentence or clause ends or a time follows
        # (not "I'll be ten minutes").
        _an_age(
            rf"\b(?:(?:he|she|i|you)(?:['’]ll|[ \t]+will)|(?:he|she)['’]?s[ \t]+(?:gonna|going[ \t]+to))[ \t]+be[ \t]+"
            rf"(\d{{1,3}}|{NUMBER_WORDS})(?=[ \t]*(?:[.!?]|$|,(?![ \t]*(?:maybe|or|perhaps|probably|about|tops|max)\b))"
            rf"|[ \t]+(?:in[ \t]+(?:{_MONTH}|the[ \t]+(?:spring|summer|autumn|fall|winter))"
            rf"|this|next|on|come|soon|tomorrow|today)\b)",
            re.compile(r"(?i)ll be|will be|gonna be|going to be")),
        _an_age(
            rf"\b(?:they're|they are)[ \t]+(\d{{1,3}}|{NUMBER_WORDS})"
            r"(?=[ \t,]+(?:now|today|this year|next (?:week|month|year))\b)",
            re.compile(r"(?i)'re|are")),
        pattern(
            rf"\b(?:they're|they are)[ \t]+(\d{{1,3}}|{NUMBER_WORDS})[ \t]*(?:[.!]|$)",
            L.UNLIKELY,
            check=_a_candidate_age,
            group=1,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i)'re|are"),
            ceiling=L.UNLIKELY,
        ),
        # "she's seventy eight", "you're thirty one.", "when I was six so they moved": a person
        # and a number with nothing after it that counts other things ("two hours", "one of").
        pattern(
            rf"\b(?:{_A_PERSON_IS})(?:[ \t]*,?[ \t]+(?:{_ABOUT})[ \t]*,?)?[ \t]+(\d{{1,3}}|{NUMBER_WORDS})\b",
            L.LIKELY,
            check=_an_age_said,
            group=1,
            flags=re.IGNORECASE,
            trigger=re.compile(r"(?i)'s|'m|'re|is|am|are|was|were|hes"),
        ),
        # "How old is she now?" - "Twelve."; "how old is he now, ninety?"; and as a speech
        # recogniser writes them, "ninety one i can't believe it", "how old is she now like
        # twenty two" (a candidate; the question lifts it)
        pattern(
            rf"(?:^|[,?][ \t]*|\bnow[ \t]+)(?:(?:um|uh|oh|well|like|about|maybe|around|she's|he's)[, \t]+)?"
            rf"(\d{{1,3}}|{NUMBER_WORDS})\b",
            L.UNLIKELY,
            check=_a_candidate_age_answered,
            group=1,
            flags=re.IGNORECASE,
            hotwords=[hotword(r"\bhow old\b", 40, fixed=L.LIKELY)],
            ceiling=L.UNLIKELY,
        ),
        _an_age(
            r"\b(\d{1,3})[ \t]?(?:y/o|yo|yrs old)\b",
            DIGIT),
        _an_age(
            rf"\b(?:aged?|age is|age of|turned|turning|turns)[: \t]+(\d{{1,3}}|{NUMBER_WORDS})\b",
            re.compile(r"(?i)age|turn")),
    ),
    surrogate=age_in_years,
    score=1,
    examples=(("I'm 42 years old", "42"),),
)


# --- GENDER, ETHNIC_GROUP, MEDICAL_TERM ----------------------------------------------------
# Word lists, matched whole-word and case-insensitively by one Aho-Corasick pass each over the
# text's shared word view (punctuation counts as space: "non-binary" = "non binary").

def word_list_scanner(words: str, likelihood: Likelihood, more: Callable[[], Iterable[str]] = tuple) -> dict:
    """`scanner` arguments for a word list (and the terms `more` reads on first use, a data
    file): its scan, text by text and in batches."""
    terms = [w.strip() for w in words.split("|") if w.strip()]
    built: list[DictionaryMatcher] = []

    def matcher() -> DictionaryMatcher:
        if not built:
            built.append(DictionaryMatcher([*terms, *more()]))
        return built[0]

    def scan(text: str, view):
        for start, end in matcher().find(view):
            yield start, end, likelihood, Method.DICTIONARY

    def scan_batch(batch):
        for i, spans in sorted(batch.find(matcher()).items()):
            for start, end in spans:
                yield i, start, end, likelihood, Method.DICTIONARY

    return {"scan": scan, "scan_batch": scan_batch, "dictionaries": lambda: (matcher(),)}


GENDER = InfoType(
    "GENDER",
    "Gender terms (male, female, non-binary, ...).",
    detectors=(
        scanner(
            **word_list_scanner(
        "male|female|non-binary|nonbinary|transgender|trans woman|trans man|genderqueer|"
        "agender|genderfluid|intersex|cisgender", L.POSSIBLE),
        ),
    ),
    surrogate=like_value,
    score=1,
    examples=(("gender: female", "female"),),
)
ETHNIC_GROUP = InfoType(
    "ETHNIC_GROUP",
    "Ethnic groups.",
    detectors=(
        scanner(
            **word_list_scanner(
        "african american|black american|caucasian|hispanic|latino|latina|"
        "latinx|asian american|native american|american indian|alaska native|pacific islander|"
        "native hawaiian|white british|afro-caribbean|arab american|middle eastern|"
        "first nations|inuit|metis|aboriginal|indigenous australian|romani|ashkenazi|"
        "sephardic|han chinese|punjabi|tamil|gujarati|bengali|pashtun|kurdish|yoruba|igbo|"
        "hausa|zulu|xhosa|maori|samoan|tongan|filipino|vietnamese|korean|japanese|chinese|"
        "mexican american|cuban american|puerto rican", L.POSSIBLE),
        ),
    ),
    surrogate=like_value,
    score=1,
    examples=(("she is Hispanic", "Hispanic"),),
)
MEDICAL_TERM = InfoType(
    "MEDICAL_TERM",
    "Medical conditions, treatments and procedures, and the medicines a caller takes "
    "(7,000 names of substances and brands MedlinePlus describes).",
    detectors=(
        scanner(
            **word_list_scanner(
        "diabetes|asthma|cancer|leukemia|lymphoma|tumor|tumour|hiv|aids|hepatitis|"
        "tuberculosis|epilepsy|depression|anxiety disorder|bipolar disorder|schizophrenia|"
        "ptsd|adhd|autism|dementia|stroke|heart attack|hypertension|copd|arthritis|"
        "multiple sclerosis|chemotherapy|dialysis|pregnant|pregnancy|miscarriage|abortion|"
        "overdose|addiction|rehab|insulin|antidepressant|antidepressants|chlamydia|syphilis|"
        "gonorrhea|herpes|cirrhosis|kidney failure|cystic fibrosis|sickle cell|"
        "covid-19|covid|pneumonia|concussion|fracture|surgery|biopsy|mri|ct scan|"
        # As patients say them: a condition's adjective or short name, British spellings, and
        # the treatments of a long illness.
        "diabetic|epileptic|asthmatic|leukaemia|anaemia|anemia|chemo|radiotherapy|"
        "radiation therapy|parkinson's|parkinson's disease|alzheimer's|alzheimer's disease|"
        "crohn's|crohn's disease|ulcerative colitis|colitis|lupus|angina|anorexia|bulimia|"
        "eating disorder|ocd|psoriasis|fibromyalgia|endometriosis|ivf|hysterectomy|mastectomy|"
        "colonoscopy|mammogram|glaucoma|cataracts|osteoporosis|sepsis|meningitis|"
        "motor neurone disease|motor neuron disease|chronic fatigue|long covid|"
        "diverticulitis|hypothyroidism|hyperthyroidism|type 1 diabetes|type 2 diabetes|"
        "pacemaker|heart failure|kidney disease|liver disease|mental health crisis|"
        "bipolar|schizophrenic|self-harm|suicidal", L.POSSIBLE, more=medicines),
        ),
        # A condition by its initials, after what says someone has it: "she has MS", "living
        # with IBS". Alone these are other words too ("MS Word", "ALS ice bucket").
        pattern(
            # ...but "Ms." is a title ("from Ms. Alvarez's class"), "MS." the condition.
            r"(?i)\b(?:has|have|had|got|with|from)[ \t]+(?!(?-i:Ms)\.)(ms|mnd|ibs|als|ckd|gerd|copd|cfs)\b"
            # ...where the clause ends, not before a name ("I spoke with Ms Smith").
            r"(?=[ \t]*(?:[.,;:!?]|$|(?:and|but|so|too|now|since|which|as|like|though|"
            r"symptoms|diagnosis|flare|flares|nurse|clinic|team|last|this|in|when|years|"
            r"months|recently|ago|again)\b))",
            L.POSSIBLE,
            group=1,
            trigger=re.compile(r"(?i)\b(?:ms|mnd|ibs|als|ckd|gerd|cfs)\b"),
        ),
    ),
    surrogate=like_value,
    score=1,
    examples=(("diagnosed with diabetes", "diabetes"), ("he's on metformin now", "metformin")),
)


# --- US_STATE ------------------------------------------------------------------------------

_STATE_CODES = "|".join(sorted(set(US_STATES.values())))
# Codes that are also words or abbreviations ("ID 12345" is an ID) need the "City, ST" form.
_UNAMBIGUOUS_CODES = "|".join(
    sorted(set(US_STATES.values()) - {"ID", "OR", "IN", "ME", "OK", "HI", "OH", "PA", "MA", "DE",
                                      "LA", "CO", "AL", "MS", "MD", "MT", "NE", "SC", "VA", "WA"})
)

_STATE_NAMES: list[DictionaryMatcher] = []


def _state_names() -> DictionaryMatcher:
    if not _STATE_NAMES:
        _STATE_NAMES.append(DictionaryMatcher(US_STATES))
    return _STATE_NAMES[0]


def _state_name_hits(text: str, spans):
    cased = text != text.lower()
    for start, end in spans:
        # In a cased text a state name is capitalised ("Washington", not "washington").
        if cased and not text[start].isupper():
            continue
        # "thanks Virginia", "hi georgia": a person addressed by name (PERSON_NAME finds her).
        if GREETING_BEFORE.search(text, max(0, start - 24), start):
            continue
        yield start, end, L.LIKELY, Method.DICTIONARY


def _scan_state_names(text: str, view):
    return _state_name_hits(text, _state_names().find(view))


def _scan_state_names_batch(batch):
    for i, spans in sorted(batch.find(_state_names()).items()):
        for hit in _state_name_hits(batch.texts[i], spans):
            yield (i, *hit)


# "Austin, TX" / "Austin TX 78701": a code after a comma or before a ZIP code.
US_STATE = InfoType(
    "US_STATE",
    "US state names, and two-letter codes after a city or before a ZIP code.",
    detectors=(
        scanner(
            _scan_state_names,
            scan_batch=_scan_state_names_batch,
            dictionaries=lambda: (_state_names(),),
        ),
        pattern(
            r"(?<=[A-Za-z],[ \t])(" + _STATE_CODES + r")\b|\b(" + _UNAMBIGUOUS_CODES + r")(?=[ \t]+\d{5}\b)",
            L.LIKELY,
            trigger=UPPER,
        ),
    ),
    surrogate=like_value,
    score=1,
    examples=(("I live in New York", "New York"),),
)


# --- Postal codes --------------------------------------------------------------------------

def _zip_check(match: "re.Match[str]") -> Likelihood | None:
    return L.LIKELY if "-" in match.group(0) else L.UNLIKELY


US_ZIP = InfoType(
    "US_ZIP",
    "US ZIP codes: ZIP+4, or five digits near 'ZIP' or after a state code.",
    detectors=(
        pattern(
            r"\d(?<![\d-]\d)\d{4}(?:-\d{4})?(?![\d-])",
            L.UNLIKELY,
            check=_zip_check,
            trigger=DIGIT,
            hotwords=[
                hotword(r"\b(?:zip|zip ?code|postal code|postcode)\b", 40, fixed=L.LIKELY),
                Hotword(re.compile(r"\b(?:" + _STATE_CODES + r")[ \t]+(?=\d{5})"), 12, 0,
                        L.LIKELY),
            ],
        ),
    ),
    surrogate=like_value,
    score=2,
    examples=(("Austin, TX 78701", "78701"),),
)
def _canada_postal_code_check(match: "re.Match[str]") -> Likelihood | None:
    """In capitals a postal code is likely; in a lower-case transcript ("h2x 1z4"), only
    possible, and only with its space or hyphen."""
    value = match.group(0)
    if value.upper() == value:
        return L.LIKELY
    return L.POSSIBLE if value.lower() == value and len(value) == 7 else None


CANADA_POSTAL_CODE = InfoType(
    "CANADA_POSTAL_CODE",
    "Canadian postal codes (A1A 1A1), in capitals or in a lower-case transcript.",
    detectors=(
        pattern(
            r"\b(?i:[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d)\b",
            L.LIKELY,
            check=_canada_postal_code_check,
            trigger=DIGIT,
            hotwords=[hotword(r"\bpostal code\b", 40, fixed=L.VERY_LIKELY)],
        ),
    ),
    surrogate=Slots(make_canada_postal_code),
    score=2,
    examples=(("Toronto ON M5V 2T6", "M5V 2T6"),),
)


# --- STREET_ADDRESS ------------------------------------------------------------------------

# Street suffixes: the USPS list (Publication 28, appendix C1: primary names and common
# abbreviations), as US addresses use them ("Sparks Harbor", "Cole Brooks", "Davis Burgs"), and
# the British ones it lacks ("Mill Close", "Lark Rise", "Church Croft", "The Parade").
# "Points" and "Ways" count only capitalised, and "way" not before "to": after a number they are
# mostly a count or a manner ("500 reward points", "3 easy ways to pay", "my 2c potential way
# to represent it").
_STREET_TYPES = (
    r"(?:(?-i:Points|POINTS|Ways|WAYS)|(?i:way)(?![ \t]+(?i:to)\b)|"
    r"(?i:alley|aly|anex|annex|arcade|avenue|ave|bayou|beach|bend|bluffs?|bottom|boulevard|blvd|"
    r"branch|bridge|brooks?|burgs?|bypass|camp|canyon|cape|causeway|centers?|ctr|circles?|cir|"
    r"cliffs?|club|commons?|corners?|course|courts?|ct|coves?|creek|crescent|cres|crest|"
    r"crossing|crossroads?|curve|dale|dam|divide|drives?|dr|estates?|expressway|expy|"
    r"extensions?|ext|falls?|ferry|fields?|flats?|fords?|forest|forges?|forks?|fort|freeway|"
    r"fwy|gardens?|gateway|glens?|greens?|groves?|harbors?|haven|heights|hts|highway|hwy|"
    r"hills?|hollow|inlet|islands?|isle|junctions?|keys?|knolls?|lakes?|landing|lane|ln|"
    r"lights?|loaf|locks?|lodge|loop|mall|manors?|meadows?|mews|mills?|mission|motorway|mount|"
    r"mountains?|neck|orchard|oval|overpass|parks?|parkways?|pkwy|pass|passage|path|pike|"
    r"pines?|place|pl|plains?|plaza|point|ports?|prairie|radial|ramp|ranch|rapids?|rest|"
    r"ridges?|river|roads?|rd|route|row|run|shoals?|shores?|skyway|springs?|spurs?|squares?|"
    r"sq|station|stravenue|stream|streets?|st|summit|terrace|ter|throughway|trace|track|"
    r"trafficway|trail|trl|trailer|tunnel|turnpike|underpass|unions?|valleys?|viaduct|views?|"
    r"villages?|ville|vista|walks?|wall|wells?|close|rise|mead|croft|grange|wynd|garth|parade|"
    r"quays?|brow|wharf|embankment))"
)
# Magnitudes and units, which say that the number before them is a quantity, not a house number.
MEASURE_WORDS = (
    r"hundreds?|thousands?|millions?|billions?|trillions?|dozens?|square|sq|cubic|km|kms|"
    r"kilomet(?:er|re)s?|met(?:er|re)s?|cm|mm|ft|feet|foot|inch(?:es)?|yards?|acres?|hectares?|"
    r"kg|kilos?|kilograms?|grams?|lbs?|pounds?|tons?|tonnes?|mph|kph|degrees?"
)
# Words that do not name a street: with suffixes such as "way", "park" or "well" in the list,
# "3 kids on the way", "20 people in the park" and, without the commas speech loses, "delayed
# 6 months 21 as well as 2 years" must not read as addresses. Nor do a magnitude or a unit after
# the number ("3.1 billion video views", "a 220 km hiking trail", "240,000 square meter memorial
# park") or a verb ("in 1950 has given way").
_NOT_STREET_WORDS = (
    r"(?!(?i:the|a|an|and|or|but|of|on|in|at|to|for|from|by|with|into|about|my|your|our|his|"
    r"as|so|than|then|if|when|while|not|also|all|just|only|too|very|after|before|since|until|"
    r"her|their|its|this|that|these|those|is|are|was|were|be|been|i|we|you|they|it|he|she|"
    r"has|have|had|more|less|other|people|persons?|kids|children|times?|minutes?|hours?|days?|"
    r"weeks?|months?|years?|items?|units?|pieces?|percent|dollars?|cents?|miles?|points?|"
    # What a home has so many of: "a 2 bedroom flat", "a 3 bed semi", "a 2 storey house".
    r"beds?|bedrooms?|bedroomed|bathrooms?|rooms?|storeys?|stor(?:y|ies)|floors?|"
    # What gives rise ("103 giving rise to ...": a page, then the verb).
    r"give|gives|giving|gave|given|"
    + MEASURE_WORDS + r")\b)"
)
# A house number is a whole number of its own: not the end of "3.1" or "45,756".
NOT_PART_OF_A_NUMBER = r"(?<!\d[.,])"
STREET_ADDRESS = InfoType(
    "STREET_ADDRESS",
    "Street addresses: a house number, street name and street type, and a unit.",
    detectors=(
        pattern(
            # A unit said first ("Flat 2B, 41 Queen's Road", "apt 12, 480 Mission St"), with a digit,
            # and the block's name after it ("Flat 2B, Alder Court, 14 Wheatley Street").
            r"(?:\b(?i:apt|apartment|suite|ste|unit|flat)\.?[ \t]*#?(?=[A-Za-z-]{0,5}\d)[A-Za-z0-9-]{1,6}"
            r"\b,?[ \t]+(?:(?:[A-Z][A-Za-z'’-]{1,30}[ \t]+){1,3}(?:Court|House|Mansions|Lodge|Tower|"
            r"Heights|Gardens|Buildings|Apartments|Hall|Block|Wharf|Quay|Mill)\b,?[ \t]+)?)?"
            + NOT_PART_OF_A_NUMBER + r"\b\d{1,6}[A-Za-z]?[ \t]+(?:(?:[NSEW]|North|South|East|West)\.?[ \t]+)?"
            # The street's words; a numbered street's number too ("221 W 79th St"; not "2014 4th
            # Estate", a year and the press).
            r"(?:" + _NOT_STREET_WORDS + r"(?:[A-Za-z][A-Za-z'-]{0,30}|\d{1,3}(?:st|nd|rd|th)(?![ \t]+(?i:estates?)\b))"
            r"[ \t]+){1,4}"
            + _STREET_TYPES
            + r"\b\.?"
            # A city's quadrant ("1600 Pennsylvania Avenue NW", "... avenue northwest").
            r"(?:[ \t]+(?i:northwest|northeast|southwest|southeast|nw|ne|sw|se)\b)?"
            r"(?:,?[ \t]+(?i:apt|apartment|suite|ste|unit|flat|#)\.?[ \t]*#?[A-Za-z0-9-]{1,6}\b)?",
            L.LIKELY,
            trigger=DIGIT,
        ),
    ),
    surrogate=like_value,
    score=4,
    direct=True,
    compatible={"CANADA_POSTAL_CODE", "LOCATION", "US_STATE", "US_ZIP"} | DIGIT_RUNS,
    aliases=("ADDRESS",),
    examples=(("I live at 123 Main Street, Apt 4B", "123 Main Street, Apt 4B"),),
)


# --- LOCATION_COORDINATES ------------------------------------------------------------------

def _coordinates_check(match: "re.Match[str]") -> Likelihood | None:
    lat, lon = float(match.group("lat")), float(match.group("lon"))
    return L.LIKELY if abs(lat) <= 90 and abs(lon) <= 180 else None


LOCATION_COORDINATES = InfoType(
    "LOCATION_COORDINATES",
    "Latitude/longitude pairs in decimal degrees.",
    detectors=(
        pattern(
            r"(?<![\d.])(?P<lat>[-+]?\d{1,2}\.\d{3,8})(?:[ \t]*°)?(?:[ \t]*[NS])?,[ \t]*"
            r"(?P<lon>[-+]?\d{1,3}\.\d{3,8})(?:[ \t]*°)?(?:[ \t]*[EW]\b)?(?![\d.])",
            L.LIKELY,
            check=_coordinates_check,
            trigger=",",
        ),
    ),
    surrogate=coordinates,
    score=4,
    aliases=("LOCATION_COORD", "LOCATION_COORDS"),
    examples=(("at 37.7749, -122.4194 now", "37.7749, -122.4194"),),
)


# --- USER_NAME -----------------------------------------------------------------------------

_NOT_USERNAMES = frozenset(
    """is was it the a an my and or but please that this of you your for to in on with at
    field here there again and password reset please same new old under handy ready
    available nearby somewhere number""".split()
)
# What one signs in with that is no account's name: "log in with Google", "sign in as a guest".
_NOT_LOGINS = _NOT_USERNAMES | frozenset(
    """google facebook apple microsoft twitter github gmail email phone guest admin administrator
    me him her them myself yourself usual normal before""".split()
)


def _username_check(match: "re.Match[str]") -> Likelihood | None:
    return None if match.group(1).lower() in _NOT_USERNAMES else L.LIKELY


def _bare_username_check(match: "re.Match[str]") -> Likelihood | None:
    """'under user ID camilobluejay', but not 'your user ID handy'."""
    return _account_name(match.group(1), _NOT_USERNAMES)


def _login_check(match: "re.Match[str]") -> Likelihood | None:
    """'I log in as mkokafor', but not 'log in with Google' or 'sign in as a guest'."""
    return _account_name(match.group(1), _NOT_LOGINS)


def _account_name(token: str, not_names: frozenset[str]) -> Likelihood | None:
    """A token said to be an account's name: sure with a digit or a sign in it, and a plain word
    only where it is no ordinary word."""
    if any(not c.isalpha() for c in token):
        return L.LIKELY
    if token.lower() in not_names or token.lower() in common_words():
        return None
    return L.LIKELY


# An account's name: a letter or digit first and last, up to 32 characters; a handle's "@" or a
# Cash App "$cashtag" before it.
_ACCOUNT_NAME = r"([@$]?[A-Za-z0-9][A-Za-z0-9._-]{1,30}[A-Za-z0-9_])"


def _account_name_after(cue: str, check, trigger: str):
    """A detector for the account name that follows `cue` (a regex ending where the name starts)."""
    return pattern(cue + _ACCOUNT_NAME, L.LIKELY, check=check, group=1,
                   trigger=re.compile(trigger))


USER_NAME = InfoType(
    "USER_NAME",
    "User names after 'username', 'user ID', 'login', 'handle'; @handles; the name an account "
    "is signed in with; a home Wi-Fi network's name.",
    detectors=(
        _account_name_after(r"(?i:\b(?:user ?name|user ?id|screen ?name|gamertag)\b)[ \t]*"
                            r"(?!(?i:is|was|it's)\b)",
                            _bare_username_check, r"(?i)user|name|gamertag"),
        _account_name_after(r"(?i:\b(?:user ?name|user ?id|login|handle|screen ?name|gamertag)\b)"
                            r"(?:[ \t]+(?i:is|was|it's)[ \t]+|[ \t]*[:=][ \t]*)",
                            _username_check, r"(?i)user|login|handle|name|gamertag"),
        # The name an account is signed in with: "I log in as mkokafor", "signed in under kf88".
        _account_name_after(r"(?i:\b(?:log(?:s|ged|ging)?|sign(?:s|ed|ing)?)[ \t]+(?:in|on)[ \t]+"
                            r"(?:as|under|with)[ \t]+)",
                            _login_check, r"(?i)\b(?:log|sign)"),
        # A home network's name, which people make of their own ("Okafor_Home_5G").
        _account_name_after(r"(?i:\b(?:wi-?fi|wireless|network|ssid)(?:[ \t]+(?:network|name))?"
                            r"(?:[ \t]+(?:is[ \t]+)?(?:called|named)|[ \t]+name[ \t]+is|[ \t]*:)[ \t]+)",
                            _login_check, r"(?i)wi-?fi|wireless|network|ssid"),
        # A payment app's name for someone: "my Venmo is @deshawn-wm", "my Cash App is $DeshawnWM".
        _account_name_after(r"(?i:\b(?:venmo|cash[ \t]?app|paypal|zelle|revolut|monzo)(?:[ \t]+(?:handle|tag|"
                            r"name|username|id))?(?:[ \t]+is|[ \t]*:)[ \t]+)",
                            _login_check, r"(?i)venmo|cash|paypal|zelle|revolut|monzo"),
        pattern(
            r"(?<![\w@.])@[A-Za-z0-9_](?:[A-Za-z0-9_-]{1,28}[A-Za-z0-9_])\b(?!\.\w|@)",
            L.POSSIBLE,
            trigger="@",
        ),
    ),
    surrogate=like_value,
    score=3,
    compatible={"EMAIL_ADDRESS", "PERSON_NAME"} | DIGIT_RUNS | SPELLED,
    aliases=("USERNAME",),
    examples=(("my username is enigma52", "enigma52"),),
)


ENTRIES = (
    PHONE_NUMBER, DATE, DATE_OF_BIRTH, TIME, AGE, GENDER, ETHNIC_GROUP, MEDICAL_TERM, US_STATE,
    US_ZIP, CANADA_POSTAL_CODE, STREET_ADDRESS, LOCATION_COORDINATES, USER_NAME,
)
