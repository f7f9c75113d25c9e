"""LOCATION: streets named without a house number, as callers say where they live or work.

Below a city, a street says where someone lives, and the annotated sets label it a place
(GUM's "Main Street", "Lemoine Avenue", "51st Street", "S 75th Ave"). Four shapes:

- a name and a street type: "Oak Street", "on harrington avenue";
- a numbered street: "51st Street", "S 75th Ave", "on fifth avenue", "forty second street";
- a name and an abbreviated street type, with capitals: "Washington St", "Central Ave";
- a corner: "the corner of main and third", "on fifth and elm", "at broadway and forty second",
  "44th & Washington". A speech recogniser writes the two streets of a corner without their
  types, so a corner is found by its cue ("corner of", or "on", "at", "by"... before two street
  names) and by street names people give corners (numbered streets, "main", "elm", "broadway").

The entries' other detectors (city and country lists, the model) stay in `names.LOCATION`;
this module adds the street detectors to it.
"""
from __future__ import annotations

import re
from dataclasses import replace

from veil.detection.engine.word_facts import is_cased
from veil.detection.engine.word_lists import common_words, STOPWORDS
from veil.detection.engine.detectors import pattern
from veil.detection.findings import Likelihood
from veil.detection.infotypes import names

L = Likelihood

# --- a name and a street type ------------------------------------------------------------------

# Street types a name goes with; "Court", "Place", "Way" and "Square" are left out ("Supreme
# Court", "First Place", "the Only Way"), as is "Drive" without capitals.
STREET_TYPES_UNCASED = r"street|road|avenue|lane|boulevard|terrace|crescent|highway|parkway"
_STREET_TYPES_CASED = (STREET_TYPES_UNCASED + "|drive").title()
# Nor is a drive a street after a storage word ("Google Drive", "Hard Drive", "USB Drive").
_NOT_A_STREET_NAME = (r"(?!(?:The|A|An|This|That|These|Those|My|Your|Our|His|Her|Their|Its|"
                      r"Every|Any|Some|No|On|In|At|Of|To|And|Or|Memory|Easy|Open|"
                      r"(?:Google|Hard|Flash|Usb|USB|Test|Disk|Thumb|External|Network|Shared|"
                      r"One|[A-Z])[ \t]+Drive)\b)")
# A house number said in words is no word of the street's name: "Twenty-two Cardigan Road" is
# an address (STREET_ADDRESS, callers), whose street is "Cardigan Road".
# A count from one to ten may name a street ("Seven Sisters Road"); a larger one, or a number
# joined by a hyphen ("Forty-seven"), is a house number.
_UNITS_SAID = "one two three four five six seven eight nine ten oh".split()
_TEENS_AND_TENS_SAID = ("eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                        "twenty thirty forty fifty sixty seventy eighty ninety hundred").split()
_A_HOUSE_NUMBER_SAID = (r"(?!(?:" + "|".join(w.capitalize() for w in _TEENS_AND_TENS_SAID)
                        + r")\b|[A-Z][a-z]+-(?:" + "|".join(_UNITS_SAID + _TEENS_AND_TENS_SAID) + r")\b)")
_STREET_CASED = (r"\b(?:" + _NOT_A_STREET_NAME + _A_HOUSE_NUMBER_SAID + r"[A-Z][a-z'’-]+[ \t]+){1,3}(?:"
                 + _STREET_TYPES_CASED + r")\b")
# The words that place a street: "on", "off", "down"...
_PLACING = r"(?:on|off|at|to|down|up|along|near|onto|from|of|in|into|across|past|by|via)"
# Without capitals, only after a word that places it, and only names that are no ordinary
# words ("on harrington avenue", "on birchwood drive", not "on the main road", "down dirt road",
# "on google drive", "on tennis court"). "Drive", "court", "circle" and "trail" count here,
# where the name word must be no ordinary word, and not after any name a detector finds
# (`STREET_TYPES_UNCASED`, which `veil.detection.headed_names` uses: "my google | drive").
_STREET_TYPES_PLACED = STREET_TYPES_UNCASED + r"|drive|court(?![ \t]+of\b)|circle|trail"
# With capitals, "Court", "Circle" and "Trail" too, after a name that is no ordinary word
# ("Pinecrest Court", not "Supreme Court", "Crown Court", "Inner Circle"), and a court not
# before "of" ("the District of Columbia Court of Appeals").
_STREET_CASED_UNCOMMON = (r"\b((?:" + _NOT_A_STREET_NAME + r"[A-Z][a-z'’-]+[ \t]+){1,2})"
                          r"(?:Court(?![ \t]+of\b)|Circle|Trail)\b")
_STREET_UNCASED = (r"\b" + _PLACING + r"[ \t]+((?:[a-z][a-z'’-]+[ \t]+){1,2}(?:"
                   + _STREET_TYPES_PLACED + r"))\b")


def _cased_uncommon_check(match: "re.Match[str]") -> Likelihood | None:
    """A court, circle or trail whose name words are no ordinary words."""
    ordinary = common_words()
    return None if any(w.lower() in ordinary for w in match.group(1).split()) else L.LIKELY


# The commonest street names of the US and the UK that are ordinary words too: after a word
# that places it, one of them before a plain street type names the street ("on main street",
# "down station road", "up church lane"; not "on the main road", "down memory lane").
_COMMON_STREET_NAMES = frozenset("""
    main high station park church green manor new grange mill school grove west north south east
    king queen kings queens george victoria albert york london oak pine maple cedar elm lake hill
    spring water bridge market front court garden
""".split())
_PLAIN_STREET_TYPES = frozenset("street road avenue lane".split())


def _uncased_street_check(match: "re.Match[str]") -> Likelihood | None:
    """A street in a text without capitals, whose name words are no ordinary words nor
    letters ("on c drive"), or one of the commonest street names before a plain street type
    (`_COMMON_STREET_NAMES`)."""
    if is_cased(match.string):
        return None
    *words, street_type = match.group(1).split()
    if len(words) == 1 and words[0] in _COMMON_STREET_NAMES and street_type in _PLAIN_STREET_TYPES:
        return L.POSSIBLE
    ordinary = common_words()
    return None if any(len(w) < 3 or w in STOPWORDS or w in ordinary for w in words) else L.POSSIBLE


# --- a numbered street -------------------------------------------------------------------------

_ORDINAL_UNITS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
# An ordinal said in words, to the ninety-ninth: "fifth", "forty second", "twenty-third".
ORDINAL_SAID = (
    rf"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[ \t-](?:{_ORDINAL_UNITS})|"
    rf"{_ORDINAL_UNITS}|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|"
    r"seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth|sixtieth|"
    r"seventieth|eightieth|ninetieth|hundredth)"
)
_ORDINAL_DIGITS = r"\d{1,3}(?:st|nd|rd|th)"
# Types a numbered street takes, with the abbreviations signs and listings use. "Place" and
# "Rd" are left out: "1st place", "4th rd pick" are a rank and a round.
_NUMBERED_STREET_TYPES = r"(?:street|st|avenue|ave|boulevard|blvd|road|parkway|terrace|lane)"
_COMPASS = r"(?:(?:north|south|east|west|[nsew])\.?[ \t]+)"
_NUMBERED_STREET = (r"(?i)(?<![\w'’])" + _COMPASS + r"?(?:" + _ORDINAL_DIGITS + r"|"
                    + ORDINAL_SAID + r")[ \t]+" + _NUMBERED_STREET_TYPES + r"\b")
# "the second street on the left", "every third avenue" count streets; they name none.
_COUNTING = re.compile(r"(?i)\b(?:the|a|an|every|each|this|that|which|next|one|its|his|her|my|"
                       r"our|their|your|any)[ \t]+$")
_COUNTING_REACH = 24  # the longest counting word ("which", "their") and the blanks after it


def _numbered_street_check(match: "re.Match[str]") -> Likelihood | None:
    """A numbered street, unless an ordinal said in words counts streets."""
    if any(c.isdigit() for c in match.group(0)):
        return L.LIKELY
    # Only the few characters before the street can hold the counting word: a search from the
    # text's start would read a long document again for every street in it.
    before = max(0, match.start() - _COUNTING_REACH)
    return None if _COUNTING.search(match.string, before, match.start()) else L.LIKELY


# --- a name and an abbreviated street type -----------------------------------------------------

# With capitals only; "St" not before a capitalised word, where it is "Saint" ("Paris St Germain",
# "Clyst St. Mary").
_ABBREVIATED_STREET = (r"\b(?:" + _NOT_A_STREET_NAME + r"[A-Z][a-z'’-]+[ \t]+){1,2}"
                       r"(?:Ave|Blvd|Rd|St(?!\.?[ \t]+[A-Z][a-z]))\b")


# --- a corner ----------------------------------------------------------------------------------

# Street names people give a corner: the commonest US street names that are no numbers, less
# those that are mostly ordinary words in a sentence ("park", "lake", "hill", "view", "church").
_CORNER_STREETS = (r"(?:main|elm|oak|maple|pine|cedar|walnut|chestnut|spruce|birch|willow|"
                   r"hickory|sycamore|magnolia|broadway|washington|lincoln|jefferson|madison|"
                   r"franklin|jackson|adams|monroe|market)")
_CORNER_STREET = (r"(?:" + _ORDINAL_DIGITS + r"|" + ORDINAL_SAID + r"|" + _CORNER_STREETS
                  + r")(?:[ \t]+" + _NUMBERED_STREET_TYPES + r")?")
_AND = r"[ \t]+(?:and|&)[ \t]+"
# After a placing word, two such streets; at least one is no number ("runners on first and
# second"), unless a street type follows.
_CORNER_PLACED = (r"(?i)\b" + _PLACING + r"[ \t]+(" + _CORNER_STREET + _AND + _CORNER_STREET
                  + r"(?:[ \t]+(?:streets|avenues|sts))?)(?![\w'’-])")
# After "corner of", any two names: "the corner of Haight and Ashbury", "corner of california
# and dupont streets" (each checked by `_corner_check`).
# A name's second word is no word that goes on with the sentence ("corner of Main and Third in
# Springfield").
_NAME_WORDS = (r"[A-Za-z0-9][\w'’-]*(?:[ \t]+(?!(?:in|on|at|to|the|and|or|for|of|with|by|near|"
               r"where|when|which|that|is|was|we|i|you|he|she|they|it)\b)[A-Za-z][\w'’-]*)?")
_CORNER_OF = (r"(?i)\bcorner[ \t]+of[ \t]+(" + _NAME_WORDS + _AND + _NAME_WORDS
              + r"(?:[ \t]+(?:streets|avenues|sts))?)(?![\w'’-])")
_NUMBER_ONLY = re.compile(r"(?i)(?:" + _ORDINAL_DIGITS + r"|" + ORDINAL_SAID + r")$")
_CORNER_STREET_WORD = re.compile(r"(?i)(?:" + _ORDINAL_DIGITS + r"|" + ORDINAL_SAID + r"|"
                                 + _CORNER_STREETS + r")$")
_STREET_TYPE_WORD = re.compile(r"(?i)(?:" + _NUMBERED_STREET_TYPES + r"|streets|avenues|sts)$")


def _corner_placed_check(match: "re.Match[str]") -> Likelihood | None:
    """Two streets after "on", "at"...: not two bare numbers, which are bases or dates."""
    first, _, second = re.split(r"[ \t]+(and|&)[ \t]+", match.group(1), maxsplit=1)
    return None if _NUMBER_ONLY.match(first) and _NUMBER_ONLY.match(second) else L.LIKELY


def _corner_of_check(match: "re.Match[str]") -> Likelihood | None:
    """Two names after "corner of": no function word ("corner of the room and", "corner of my
    eye and" name no street), and each word capitalised in a text with capitals; without
    capitals, no ordinary word unless "streets" follows ("corner of california and dupont
    streets") or it is a street people give corners."""
    words = re.split(r"[ \t]+", re.sub(r"[ \t]+(?:and|&)[ \t]+", " ", match.group(1)))
    cased = is_cased(match.string)
    ordinary = frozenset() if _STREET_TYPE_WORD.match(words[-1]) else common_words()
    for word in words:
        if _CORNER_STREET_WORD.match(word) or _STREET_TYPE_WORD.match(word):
            continue
        lower = word.lower()
        if lower in STOPWORDS or (word[0].islower() if cased else lower in ordinary):
            return None
    return L.LIKELY


STREET_NAMES = (
    pattern(_STREET_CASED, L.LIKELY, trigger=re.compile(_STREET_TYPES_CASED)),
    pattern(_STREET_CASED_UNCOMMON, L.LIKELY, check=_cased_uncommon_check,
            trigger=re.compile(r"Court|Circle|Trail")),
    pattern(_STREET_UNCASED, L.POSSIBLE, group=1, check=_uncased_street_check,
            trigger=re.compile(_STREET_TYPES_PLACED)),
    pattern(_NUMBERED_STREET, L.LIKELY, check=_numbered_street_check,
            trigger=re.compile(r"(?i)\b" + _NUMBERED_STREET_TYPES + r"\b")),
    pattern(_ABBREVIATED_STREET, L.LIKELY, trigger=re.compile(r"\b(?:Ave|Blvd|Rd|St)\b")),
    pattern(_CORNER_PLACED, L.LIKELY, group=1, check=_corner_placed_check,
            trigger=re.compile(r"(?i)" + _AND + r"(?:\d|" + ORDINAL_SAID + "|" + _CORNER_STREETS + ")")),
    pattern(_CORNER_OF, L.LIKELY, group=1, check=_corner_of_check,
            trigger=re.compile(r"(?i)corner")),
)
# A Dublin postal district: the number is part of the place ("Dublin two", "Dublin 6W", "dublin
# fifteen"), and narrows it to a few streets; not a count after the city ("dublin two weeks ago").
_DUBLIN_DISTRICT = (r"(?i)\bdublin[ \t]+(?:6w|six[ \t]+w|1[0-9]|2[0-4]|[1-9]|one|two|three|four|five|six|"
                    r"seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
                    r"eighteen|nineteen|twenty(?:[ \t-](?:one|two|three|four))?)\b"
                    r"(?![ \t]+(?:of|and|or|more|times|weeks?|days?|nights?|months?|years?|hours?|"
                    r"minutes?|people|tickets?|flights?|kids|children)\b)")
POSTAL_DISTRICTS = (pattern(_DUBLIN_DISTRICT, L.LIKELY, trigger=re.compile(r"(?i)dublin ")),)
LOCATION = replace(
    names.LOCATION,
    description=names.LOCATION.description.rstrip(".") + "; streets named without a house number "
                "(Oak Street, 51st Street, Central Ave), corners (the corner of Main and "
                "Third), and Dublin's postal districts (Dublin 6W, Dublin two).",
    detectors=names.LOCATION.detectors + STREET_NAMES + POSTAL_DISTRICTS,
)
