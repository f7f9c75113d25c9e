"""Person names without a model: dictionaries, context and exclusions.

These are the scanners of the PERSON_NAME, FIRST_NAME and LAST_NAME catalogue entries
(`veil.detection.infotypes.names`).

PERSON_NAME combines:

- first- and last-name dictionaries of diverse origins (built from Faker's Latin-script
  locales by `scripts/build_name_lists.py`; accented names also without their accents),
  matched with the Aho-Corasick `DictionaryMatcher`;
  adjacent name words join into one finding ("Maria Garcia Lopez"), which is more likely a
  name than either word alone;
- context: "my name is X", "this is X calling", "speak to X", titles ("Dr. Okafor"), a
  greeting or thanks before a name word ("thanks Virginia", "hi mark"), a name word
  addressed in a question ("Grace, can you...?", "Any blockers, Sever?"), and authors
  cited by name and year ("(Lewis & Fennig, 2014)": `veil.detection.engine.citations`);
- exclusions: eponyms ("Parkinson's disease"), brands named after people ("Ford", "Dell") and
  common words that are names ("may", "will", "bill", "mark") unless a name context says
  otherwise.

Capitalisation is evidence only where the text has it: in a turn with no capital letters at
all (raw ASR output), dictionary words count whatever their case, but for the name words that
are also ordinary English words ("haven", "bass", "hook", "parks": `ordinary_name_words`).
Written lower-case, one of those is a name only on more evidence than the list's word: a name
context (a cue, a title, a greeting), the words of the previous turn, a model that types it, or
another mention of it in the conversation that is capitalised or found (`veil.detection.name_repeats`).
And a list word that English uses as a word ("kit", "sherry", "marks": `word_name_words`) is
that word after a determiner or a subject ("the kit", "he marks the bins") or a measure and
"of" ("a glass of sherry"), unless another name word follows it ("the tom jones show").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from veil.detection.calendar_words import month_or_weekday
from veil.detection.engine.citations import PATTERNS as CITATIONS, cited_authors
from veil.detection.engine.name_lists import (
    ADDRESS_TERMS,
    AMBIGUOUS_NAMES,
    DETERMINERS,
    ORG_SUFFIXES,
    PEOPLE,
    PEOPLE_WORDS,
    RELATIVE_WORDS,
    REQUEST_VERBS,
    RELATIVES,
    TITLES,
    TITLES_BEFORE_A_NAME,
    US_STATES,
    VERBS_AFTER_PEOPLE,
    WORD_TITLES,
)
from veil.detection.engine.place_scanners import in_an_address, town_and_its_state
from veil.detection.engine.scanner_base import (
    dictionary_hits,
    Hit,
    join_adjacent,
    live_spans,
    lowered_for_cues,
    lowered_same_length,
    MayMatch,
    ordinary_compound,
    POSSESSIVE,
    Span,
    TURN_OPENS,
    WORD,
)
from veil.detection.engine.scanner_guard import guard_contexts, guard_for, guard_in_batch, may_match_in
from veil.detection.engine.word_facts import (
    capitalises_every_word,
    clitic_base,
    elongated,
    is_cased,
    mostly_foreign,
    ordinary_word,
    sentence_initial,
    typed_online,
)
from veil.detection.engine.word_lists import (
    common_words,
    family_name_words,
    first_names,
    given_name_words,
    is_place_phrase,
    last_names,
    major_places,
    name_words,
    ordinary_name_words,
    STOPWORDS,
    surnames_said_as_names,
    word_name_words,
)
from veil.detection.findings import Likelihood, Method

L = Likelihood
_CAP = r"[A-Z][\w'’-]{0,30}"
# Context patterns are written in lower case and run on the lower-cased text (same offsets),
# which lets `re` skip quickly to the first letters of their literal phrases.
# "call me bill", but not "call me back" or "call me soon" (the lists' "Back" and "Soon").
_CALL_ME = r"call me(?![ \t,]+(?:back|soon)\b)"
_A_SEASON_OR_MONTH = (r"(?:summer|winter|autumn|spring|fall|january|february|march|april|may|june|july|"
                      r"august|september|october|november|december)")
_NAME_CONTEXTS = [
    # (pattern with a `name` group, likelihood, whether it says outright that the word is a
    # name: then, in a text with capitals, a capitalised word that opens no sentence is one,
    # however ordinary: "Her name is Beauty", "a girl named Precious"; not "talk to Support")
    (re.compile(
        rf"\b(?:my name is|my name's|name's|the name is|{_CALL_ME}|you can {_CALL_ME}|"
        r"my (?:first|last|full) name is|this is|it's|it is|i am|i'm)\b[ \t,]+"
        rf"(?!{_A_SEASON_OR_MONTH}[ \t,]+here\b)"  # "it's winter here": the weather, no one
        rf"(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})"
        r"(?=[ \t,]+(?:calling|speaking|here|from|with|on the line)\b)"
    ), L.LIKELY, False),
    # An agent's greeting: "thank you for calling, this is hope, how can i help?", "this is
    # frank can i have your name please", "this is crystal one of the pharmacists" (not "i'm
    # good how can i help", the answer to "how are you?").
    (re.compile(
        rf"\bthis is[ \t,]+(?P<name>{WORD}(?:[ \t]+{WORD})?)"
        r"(?=[ \t,]+(?:how (?:can|may) i (?:help|assist)|(?:can|may|could) i (?:have|get|take|start with|"
        r"ask (?:for )?your)|who am i speaking|who do i have|one of (?:the|our))\b)"
    ), L.LIKELY, False),
    # ... "i'm penny one of the property managers" (not "i'm good how can i help").
    (re.compile(
        rf"\b(?:i'm|i’m|i am)[ \t,]+(?P<name>{WORD}(?:[ \t]+{WORD})?)(?=[ \t,]+one of (?:the|our)\b)"
    ), L.LIKELY, False),

    (re.compile(
        rf"\b(?:my name is|my name's|name's|the name is|{_CALL_ME}|my (?:first|last|full|family) "
        rf"name is|my surname is|the surname is)\b[ \t,:]+(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})"
    ), L.LIKELY, True),
    # Someone else's name, said as such: "my wife's name is april", "her first name is june",
    # "her name is literally summer".
    (re.compile(
        rf"\b(?:his|her|their|whose|(?:{RELATIVES}|{PEOPLE})['’]s)[ \t]+(?:(?:first|last|full|middle)[ \t]+)?"
        rf"(?:name|surname)(?:[ \t]+is|['’]s)\b[ \t,:]+(?:(?:literally|actually|just)[ \t]+)?"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY, True),
    # ... and in the past tense, as a caller tells of someone met ("his name was frank"); not in
    # so many words, since without punctuation the clause may end there ("rusty or whatever his
    # name was said he had", "i won't say his name was clipped by a car").
    (re.compile(
        rf"\b(?:his|her|their|(?:{RELATIVES}|{PEOPLE})['’]s)[ \t]+(?:(?:first|last|full|middle)[ \t]+)?"
        rf"name[ \t]+was\b[ \t,:]+(?!(?:{'|'.join(sorted(VERBS_AFTER_PEOPLE))})\b)(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY, False),
    # "a lady called joy", "one guy called frank", "someone called precious", "she's called
    # rose": after "a" and a word for someone, "someone", or "he's" or "she's", "called" names
    # them, unless what follows says when, how or whom they rang ("a man called yesterday", "a
    # lady called back", "a nurse called me", "he was called home").
    (re.compile(
        rf"\b(?:(?:a|an|one|this|some)[ \t]+(?:{PEOPLE})|someone|somebody|(?:he|she)(?:['’]s|[ \t]+(?:is|was)))"
        r"[ \t]+called[ \t]+"
        r"(?!(?:back|earlier|yesterday|today|tonight|tomorrow|again|about|for|me|you|him|her|us|"
        r"them|it|in|out|up|round|around|over|on|to|from|and|the|a|an|my|your|his|our|their|this|"
        r"that|twice|once|every|last|just|saying|asking|while|when|at|after|before|because|so|but|"
        r"or|here|there|then|now|yet|still|already|asap|first|late|early|off|by|with|without|home|"
        r"away|upon|into|names|something|anything|everything|nothing|all|loads|ahead|everyone|"
        r"everybody|someone|somebody|nobody)\b)"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY, True),
    # "a guy named bass", "my cousin by the name of hope": "named" says the next word is a
    # name, however ordinary.
    (re.compile(
        rf"\b(?:{PEOPLE}|{RELATIVES})[ \t]+(?:named|by the name of)[ \t]+"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY, True),
    (re.compile(
        r"\b(?:(?:speak|speaks|speaking|talk|talks|talked|talking|spoke|spoken|chat|chatted|chatting|"
        r"transfer|transferred|put me through|"
        r"connect me|connected|reach|reached|mention|mentioned)(?: you)?[ \t]+(?:to|with|for)|"
        # "ask for kit", but "i asked you to flood it": after "ask", "to" opens a verb.
        r"(?:ask|asking|asked)(?: you)?[ \t]+for)\b[ \t]+"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY, False),
]
# Someone said to be called something, or a relative or colleague named in passing: "a guy
# called koerner", "my daughter is called ffion", "my wife sarah", "my manager, priya". ("A guy
# named bass" and "she's called rose" are in `_NAME_CONTEXTS`: "named", and "called" after "he's"
# or "she's", say the next word is a name, however ordinary.) The name words
# must be no ordinary words, even where a list has them as names ("my husband will", "my son
# may"): these contexts are common, and the words after them mostly are not names.
_RELATION_CONTEXTS = [
    (re.compile(
        rf"\b(?:{PEOPLE}|{RELATIVES})(?:['’]s|[ \t]+(?:is|was))?"
        rf"[ \t]+called[ \t]+"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.LIKELY),
    (re.compile(
        rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES}|{PEOPLE})[ \t]*,?[ \t]+"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    ), L.POSSIBLE),
    # Whose an account or a policy is: "the account holder is adebayo ogunleye", "the
    # policyholder's name is ..."
    (re.compile(
        r"\b(?:account|policy|card|main|primary)[ \t-]*holder(?:['’]s[ \t]+name)?[ \t]+(?:is|was)[ \t]+"
        rf"(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})"
    ), L.LIKELY),
]
# A caller introducing themselves as a turn opens: "Hi, this is April Chase." (not "hi, this is
# great", nor "hi this is good": the name's first word must be a given name of the lists).
_INTRODUCTION = re.compile(
    TURN_OPENS + r"(?:(?:hi|hello|hey|oh|yeah|yes|um|uh|good (?:morning|afternoon|evening))[ \t]*[,.!?]?[ \t]+){1,3}"
    rf"this is[ \t,]+(?P<name>{WORD}(?:[ \t]+{WORD})?)"
    r"(?=[ \t]*(?:[.,!?]|$|(?:and|i['’]m|i am|i|calling|from|with)\b))"
)
# The desks a service line answers as ("hillcrest towing dispatch this is crystal").
_DESKS = (r"dispatch|reception|front desk|support|help desk|helpdesk|bookings|reservations|sales|"
          r"accounts|billing|claims|enquiries|inquiries|customer service|customer services|admissions|"
          r"switchboard")
# An agent's opening that ends with their own name: "walgreens pharmacy this is deb", "thank
# you for calling city energy, this is ray." After a company's suffix or trade word, or after
# "thank you for calling" and the firm, "this is" as the turn ends names the agent (a name the
# model may read as an ordinary word without capitals). Searched in the turn's last characters,
# then what comes before it.
_THIS_IS_AT_THE_END = re.compile(rf"this is[ \t,]+(?P<name>{WORD})[ \t]*[.!]*[ \t]*$")
_AN_OPENING_BEFORE = re.compile(
    rf"(?:\b(?:{ORG_SUFFIXES.lower()}|{_DESKS})|\b(?:thank you|thanks) for calling(?:[ \t]+{WORD}){{1,5}}?)"
    r"[ \t]*[,.]?[ \t]+$"
)
# Where speech without capitals says a word is someone's name, even a word English uses too
# ("hope", "faith", "bill"): a caller introducing themselves as a turn opens ("hi i'm faith",
# "hi jack i'm sandy", and as a voicemail's recogniser writes it without apostrophes: "hey dawn
# its sandy from next door", "hi its dale again"), or after a greeting anywhere ("if you're new
# here hiya i'm holly"), before what strangers on a call ask next ("hi will i'm dawn where are you
# calling from");
# someone thanked or bidden goodbye as a turn ends ("nice talking to you bill", "you too ray bye
# now", "nice talking to you uh dawn right"); a relative named in apposition ("my wife dawn
# still works", "my daughter hope is a sophomore"); and whom someone dates or marries. The word
# must be a given name of the lists, and no verb that a relative does ("my son will", "my wife
# rose early") nor a word for anyone ("thanks honey"). Measured in docs/names-in-speech.md,
# "Cues that make a word a name".
_INTRODUCED_AS = re.compile(
    rf"(?:{TURN_OPENS}|(?<![\w'’])(?=(?:hi|hiya|hello|hey|howdy)\b))"
    r"(?:(?:hi|hiya|howdy|hello|hey|oh|yeah|yes|um|uh|well|good (?:morning|afternoon|evening))[ \t]*[,.!?]?[ \t]+){1,3}"
    rf"(?:{WORD}[ \t]*,?[ \t]+)?(?:i['’]?m|i am|my name['’]?s|my name is|it['’]?s|this is)[ \t]+"
    rf"(?P<name>{WORD})(?=[ \t]*(?:[.,!?]|$|(?:and|i['’]?m|calling|from|here|over|with|again|where|who|what|how)\b))"
)
# ... or anywhere in a turn, before what one says on meeting someone ("um i'm rose by the way",
# "i'm joy nice to meet you"), what an agent offers next ("you've reached skipthedishes support
# i'm grant what can i do for you") or a second host's introduction ("i'm kirsty and i'm dev and
# i've been told nothing").
_INTRODUCED_ON_MEETING = re.compile(
    rf"\b(?:i['’]m|i am|my name['’]s|my name is)[ \t]+(?P<name>{WORD})(?=[ \t]*,?[ \t]*"
    r"(?:by the way|nice to meet you|pleased to meet you|good to meet you|nice to talk to you|"
    r"(?:how|what)[ \t]+(?:can|may|could)[ \t]+i[ \t]+(?:help|assist|do)|"
    r"and[ \t]+i['’](?:m|ve)[ \t]+(?:been|got|your)|and[ \t]+i['’]m\b(?=[ \t]+[^\W\d_]+[ \t]+and[ \t]+i))\b)"
)
# After thanks and the name, what is said to the one thanked ("thank you joy youve been great",
# "thx hope appreciate it"): the name is the one addressed, not the start of a clause.
_PRAISE_AFTER_THANKS = (
    r"[ \t]*[,.!]*[ \t]+(?:you['’]?ve[ \t]+been|you[ \t]+have[ \t]+been|you[ \t]+were|you['’]?re[ \t]+"
    r"(?:a|the|so|very|amazing|awesome|great|brilliant|a[ \t]+star|a[ \t]+lifesaver)|you[ \t]+are[ \t]+"
    r"(?:a|the|so|very)|i[ \t]+(?:really[ \t]+)?appreciate|(?:really[ \t]+)?appreciate[ \t]+it|have[ \t]+a[ \t]+"
    r"(?:good|great|nice|lovely))\b"
)
# ... or before a farewell or the next thing asked ("thanks will bye", "my pleasure faith speak
# soon", "cheers sky cheers will", "thank you rose and a phone number").
_FAREWELL_OR_NEXT_AFTER_THANKS = (
    r"[ \t]*[,.!]*[ \t]+(?:bye|cheers|speak[ \t]+soon|talk[ \t]+soon|see[ \t]+you|take[ \t]+care|"
    r"it['’]?s[ \t]+been|and[ \t]+(?:a|an|the|your|can|could|what|how|if)(?![\w'’]))"
)
_BIDDEN_GOODBYE = re.compile(
    r"\b(?:(?:nice|good|great|lovely)[ \t]+(?:talking|speaking|chatting)[ \t]+(?:to|with)[ \t]+you|"
    r"you too|thanks|thank you|thank u|thx|tysm|cheers|my pleasure|bye(?:[ \t]+bye)?|take care)"
    r"(?:[ \t]+(?:so|very)[ \t]+much|[ \t]+for (?:all )?(?:your|the) help)?"
    r"[ \t]*,?[ \t]+(?:(?:uh|um|er)[ \t]*,?[ \t]+)?"
    rf"(?P<name>{WORD})(?=[ \t]*,?[ \t]*(?:(?:bye|take care|now|then|right)[ \t]*){{0,3}}[.!?]*[ \t]*$"
    rf"|{_PRAISE_AFTER_THANKS}|{_FAREWELL_OR_NEXT_AFTER_THANKS})"
)
# "nice talking to you bill give the pups a scratch": whom the speaker has talked to is addressed
# after it, however the turn goes on.
_NICE_TALKING_TO = re.compile(
    r"\b(?:nice|good|great|lovely)[ \t]+(?:talking|speaking|chatting)[ \t]+(?:to|with)[ \t]+you"
    rf"[ \t]*,?[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# "the guy said frank i think his name was": a name, then that it was the name, as the turn ends.
_NAME_THEN_SAID_TO_BE_ONE = re.compile(
    rf"\b(?P<name>{WORD})[ \t]*,?[ \t]+(?:i[ \t]+think[ \t]+|i[ \t]+believe[ \t]+)?(?:his|her)[ \t]+name[ \t]+"
    r"(?:was|is)[ \t]*(?:[.?!,]|$)"
)
# "is hope there", "hi is bill home please", "is will joining": someone asked for on the phone or
# at a meeting, as a question opens; only a person is there, at home or joining as the clause
# ends ("is the manager there" takes a determiner, "is anyone there" no given name, and "the
# water is rich there" has a subject before "is").
_ASKED_FOR_BY_NAME = re.compile(
    rf"(?:{TURN_OPENS}|[,.?!][ \t]*|\b(?:hi|hello|hey|hiya|oh|um|uh|yeah|yes|so|and|but|well|okay|ok|"
    r"sorry|please|morning|afternoon|evening)[ \t]+)"
    rf"is[ \t]+(?P<name>{WORD})[ \t]+(?:still[ \t]+)?(?:there|home|around|about|available|joining|in)"
    r"(?=[ \t]*(?:[?.!,]|$)|[ \t]+(?:please|today|tonight|now|yet|at[ \t]+the[ \t]+moment|right[ \t]+now|"
    r"by[ \t]+any[ \t]+chance|or)\b)"
)
# "faith is that you", "oh faith is that you": someone the speaker thinks they hear.
_IS_THAT_YOU = re.compile(rf"\b(?P<name>{WORD})[ \t]*[,!?]?[ \t]+is[ \t]+that[ \t]+(?:you|u)\b")
# "grant do you want to kick us off", "faith, can you take that one": someone addressed as a
# turn opens with a question to them (not a modal: "will do you want").
_ADDRESSED_WITH_A_QUESTION = re.compile(
    rf"{TURN_OPENS}(?:(?:oh|so|and|okay|ok|right)[ \t]*,?[ \t]+)?(?P<name>{WORD})[ \t]*,?[ \t]+"
    r"(?:do|did|can|could|would|will|are|have)[ \t]+you\b"
)
# "happy birthday hunter", "happy anniversary joy": whom a wish names (not "happy birthday to
# you", "happy birthday mum": a stopword and what families call each other are no given name).
_WISHED_HAPPY = re.compile(
    rf"\bhappy[ \t]+(?:birthday|bday|anniversary|retirement|graduation)[ \t]*,?[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# "dev from platform said", "loop in rob in finance", "grant from legal": a colleague named by the
# team they work in (not after a subject or a determiner: "i hope in sales", "a bill in accounts";
# nor what one has in something: "faith in security").
_FROM_A_TEAM = re.compile(
    rf"\b(?P<name>{WORD})[ \t]+(?:from|in|over[ \t]+in)[ \t]+(?:the[ \t]+)?(?:(?:finance|legal|hr|"
    r"accounts|accounting|payroll|sales|marketing|support|engineering|ops|operations|procurement|"
    r"compliance|security|platform|product|design|facilities|admissions|billing|reception|"
    r"head[ \t]+office|customer[ \t]+service|infra|infrastructure|qa|recruitment|talent|devops)"
    r"(?:[ \t]+(?:team|department|dept))?|it[ \t]+(?:team|department|dept))\b"
    r"(?![ \t]+(?:is|are|was|were)\b)"
)
# Someone placed in a team or an office the speaker calls theirs or the listener's, which
# `_FROM_A_TEAM` does not know by its name: "summer from our talent team will reach out", "it
# will be pinky from our koramangala team", "penny in your office filled out the form",
# "beauty at the front desk will find it".
_OF_A_TEAM = re.compile(
    rf"\b(?P<name>{WORD})[ \t]+(?:from[ \t]+(?:our|your|their|the)|(?:in|at)[ \t]+(?:our|your|their)|"
    r"at[ \t]+the[ \t]+front)[ \t]+(?:[^\W\d_][\w'’-]*[ \t]+)?(?:team|department|dept|office|desk|branch)\b"
)


def _a_time_a_firm_or_after_a_subject(word: str, lowered: str, start: int) -> bool:
    """`_a_firm_or_after_a_subject`, or after a word that says when (`_A_TIME_BEFORE`)."""
    return _A_TIME_BEFORE(word, lowered, start) or _a_firm_or_after_a_subject(word, lowered, start)


# Given names that are also what one has in something ("faith in security", "hope in sales").
_HELD_IN_SOMETHING = frozenset("faith hope grace joy trust charity patience mercy glory".split())
_A_FIRM_BEFORE = re.compile(r"\b(?:at|and|&)[ \t]+$")


def _a_firm_or_after_a_subject(word: str, lowered: str, start: int) -> bool:
    """After "at" or "and" the word is as often the firm ("i work at reynolds in accounting",
    "reynolds and reynolds in accounting") as someone; after a subject or a determiner it is a
    verb or a thing (`_after_a_subject`)."""
    return _A_FIRM_BEFORE.search(lowered, max(0, start - 6), start) is not None \
        or _after_a_subject(word, lowered, start)


# "hi dawn good to see you", "hey april how are you": whom a greeting opens on and asks after.
_GREETED_AND_ASKED = re.compile(
    r"\b(?:hi|hello|hey|hiya|(?:good[ \t]+)?(?:morning|afternoon|evening))[ \t]*,?[ \t]+"
    rf"(?P<name>{WORD})[ \t]*,?[ \t]+(?:(?:good|nice|great|lovely)[ \t]+to[ \t]+(?:see|hear)[ \t]+you|"
    r"how[ \t]+(?:are|r)[ \t]+(?:you|u|things)|how's[ \t]+it[ \t]+going|how[ \t]+have[ \t]+you[ \t]+been|"
    r"long[ \t]+time)\b"
)
# "hi is that penny? it's callum from brightlane", "hiya, is this hope?": who a caller asks for
# as the call opens ("is this" only after a greeting: "is this rich?" may ask of a dish).
_ASKED_FOR_AS_A_CALL_OPENS = re.compile(
    TURN_OPENS + r"(?:(?:(?:hi|hello|hey|hiya|good[ \t]+(?:morning|afternoon|evening))[ \t]*,?[ \t]+)?is[ \t]+that|"
    r"(?:hi|hello|hey|hiya|good[ \t]+(?:morning|afternoon|evening))[ \t]*,?[ \t]+is[ \t]+this)[ \t]+"
    rf"(?P<name>{WORD})(?=[ \t]*[?.,]|[ \t]+(?:it's|it is|this is|i'm)\b|[ \t]*$)"
)
# "she's dating cash young", "joy is marrying mark love": whom someone marries or dates.
_PARTNERED_WITH = re.compile(
    r"\b(?:dating|marrying|married to|engaged to|divorced from|divorcing|broke up with|"
    rf"going out with|went out with)[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# "joy is marrying mark", "hope's expecting", "april has a new boyfriend": whoever marries,
# dates, is expecting or has a new partner is someone (not after an article: "the summer is
# expecting record heat").
_PARTNERING = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})"
    r"(?:(?:[ \t]+(?:is|was)|['’]s)[ \t]+(?:marrying|dating|getting married|engaged to|pregnant|expecting)|"
    r"(?:[ \t]+(?:has|had|got)|['’]s[ \t]+got)[ \t]+a[ \t]+(?:new[ \t]+)?"
    r"(?:boyfriend|girlfriend|fella|husband|wife|fiance|fiancé|fiancee|baby))\b"
)
# "sue from our dorm", "olive from hillsboro high": a turn that opens with someone and where
# they are from, the answer to "who?".
_WHO_FROM = re.compile(
    TURN_OPENS + r"(?:(?:oh|yeah|yes|no|um|uh|well)[ \t]*,?[ \t]+){0,2}(?P<name>[^\W\d_][\w-]{0,30})[ \t]+from[ \t]+"
    r"(?:our|my|your|his|her|their|the|work|church|school|college|[^\W\d_]+[ \t]+(?:high|middle|elementary))\b"
)
# "hunter's a duck hunter too", "holly's still teaching": someone said to be something, or to
# be doing it, with "is" cut short (not after a determiner: "if an infant's not getting").
_SAID_TO_BE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})['’]s[ \t]+"
    r"(?:a|an|not|so|really|very|always|never|doing|going|getting|still|got|been|good|great|fine|"
    r"coming|driving|working|staying|moving)\b"
)
# "how's little bill", "how's sue doing", "how old is sandy now": someone asked after.
_ASKED_AFTER = re.compile(
    r"\bhow(?:[ \t]+old)?(?:['’]s|[ \t]+is)[ \t]+(?:little[ \t]+|old[ \t]+)?(?P<name>[^\W\d_][\w-]{0,30})"
    r"(?=[ \t]*(?:doing|getting on|holding up|now|these[ \t]+days|is[ \t]+(?:he|she)\b|(?:he|she)['’]?s\b|[?.!,]|$))"
)
# "have you heard from hunter by the way": someone one hears from (a large place is refused:
# "heard from london").
_HEARD_FROM = re.compile(
    rf"\b(?:heard|hear|hearing)[ \t]+(?:anything[ \t]+|back[ \t]+)?from[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# "hope hi i was just about to ring you", "oh bill hello": a phone answered with the caller's
# name, then a greeting, as a turn opens (not a greeting sent from somewhere: "heaven hello from
# abq new mexico!", a comment under a video).
_NAMED_THEN_GREETED = re.compile(
    rf"{TURN_OPENS}(?:oh[ \t]*,?[ \t]+)?(?P<name>{WORD})[ \t]*[,!.]?[ \t]+(?:hi|hiya|hello|hey)\b"
    r"(?![ \t]+from\b)"
)
# "we had a girl lily", "a baby boy mason": a child named as they are announced; "we named the
# baby hope", "they're naming her after grace": as they are named.
_CHILD_NAMED = re.compile(
    r"\b(?:(?:a|baby|little|new)[ \t]+(?:baby[ \t]+|little[ \t]+)?(?:girl|boy)[ \t]*,?"
    r"|(?:named|naming|name)[ \t]+(?:him|her|them|the[ \t]+baby|(?:our|my)[ \t]+(?:son|daughter|baby|little[ \t]+one))"
    r"(?:[ \t]+after)?)[ \t]+"
    rf"(?P<name>{WORD})\b(?![’']s)"
)
# "our kids sawyer and lily", "the twins, carter and ivy": children named two at a time. Both
# words must be given names (`_beside_another_given_name`): "the kids go and", "2 kids ramen and
# the rice" name no one.
_CHILDREN = (r"kids|children|boys|girls|sons|daughters|twins|grandkids|grandchildren|grandsons|"
             r"granddaughters")
_TWO_NAMED = rf"(?:{_CHILDREN})(?:[ \t]+(?:are|were))?[ \t]*,?[ \t]+"
_CHILDREN_NAMED_FIRST = re.compile(
    rf"\b{_TWO_NAMED}(?P<name>{WORD})\b[ \t]*,?[ \t]+and[ \t]+{WORD}")
_CHILDREN_NAMED_SECOND = re.compile(
    rf"\b{_TWO_NAMED}{WORD}\b[ \t]*,?[ \t]+and[ \t]+(?P<name>{WORD})\b(?![’']s)")
_AND_THE_NEXT_WORD = re.compile(r"[ \t]*,?[ \t]+and[ \t]+([^\W\d_][\w-]*)")


def _beside_another_given_name(word: str, lowered: str, start: int) -> bool:
    """Whether the word named with it ("sawyer and lily") is a given name too; the refusal
    `_CUES` asks for, so it says whether to keep the word."""
    before = lowered[max(0, start - 48):start].replace(",", " ").split()
    if before and before[-1] == "and":
        other = before[-2] if len(before) > 1 else ""
    else:
        after = _AND_THE_NEXT_WORD.match(lowered, start + len(word))
        other = after.group(1) if after else ""
    return other in given_name_words() and other not in STOPWORDS


def _not_beside_another_given_name(word: str, lowered: str, start: int) -> bool:
    return not _beside_another_given_name(word, lowered, start)


# "even april and her new fella", "bill and his wife": someone with a family of their own (not
# a month after a word that dates: "in april and his family").
_WITH_THEIR_OWN = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+and[ \t]+(?:her|his)[ \t]+"
    rf"(?:(?:new|little|two|three)[ \t]+)?(?:{RELATIVES}|fella|kids|children|family|folks|boys|girls)\b"
)
# The words before a word that make it a verb, or a verb's object, rather than someone: a subject
# ("i hope", "we bill"), a modal, "to" or "not" ("we'll sue", "going to bill", "let's not rob
# peter to pay paul"), a determiner ("the will", "my bill"). As lookbehinds, so that a pattern can
# begin with them; and as a test after a match (`_after_a_subject_or_determiner`), which costs
# far less than lookbehinds tried at every position of a text.
_BEFORE_NO_NAME = (
    r"\bnot", r"\blet['’]s", r"\bi", r"\bwe", r"\byou", r"\bthey", r"\bhe", r"\bshe", r"\bto",
    r"['’]ll", r"['’]d", r"\bwill", r"\bwould", r"\bcan", r"\bcould", r"\bshould", r"\bmight",
    r"\bmust", r"\bdid", r"n['’]t", r"\bplease", r"\bjust", r"\ba", r"\ban", r"\bthe", r"\bthis",
    r"\bthat", r"\bsome", r"\bevery", r"\bmy", r"\byour", r"\bhis", r"\bher", r"\bour", r"\btheir",
)
_NOT_AFTER_A_SUBJECT_OR_DETERMINER = "".join(f"(?<!{word} )" for word in _BEFORE_NO_NAME)
_A_SUBJECT_OR_DETERMINER_BEFORE = re.compile("(?:" + "|".join(_BEFORE_NO_NAME) + ") $")


def _after_a_subject_or_determiner(lowered: str, start: int) -> bool:
    """Whether one of `_BEFORE_NO_NAME` and a space go right before `start`."""
    return _A_SUBJECT_OR_DETERMINER_BEFORE.search(lowered, max(0, start - 12), start) is not None


# "grant his son comes by too", "dawn my sister-in-law", "mark is my husband": someone, then
# whose relative they are (not a verb's object: "we'll bill my husband", "going to sue her
# husband", "i love my wife", "greet your cousin for me" (`REQUEST_VERBS`); nor a word for
# anyone: "a guy my brother knows"; nor a thing: "the bill is my husband's").
_NAMED_BEFORE_A_RELATIVE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})(?:[ \t]+(?:is|was)|['’]s)?[ \t]*,?[ \t]+"
    r"(?:his|her|my|our|their|your)[ \t]+"
    rf"(?:{RELATIVES}|(?:brother|sister|son|daughter|father|mother)-in-law|best friend)\b"
)
# A given name before the kinship word that families from South Asia say after it, as a title
# ("sunny chettan's daughter", "ammu chechi", "raju uncle", "sunita aunty", "ali bhai"); not
# what describes an uncle ("my rich uncle", "a great uncle").
_NOT_BEFORE_AN_HONORIFIC = frozenset("""rich great old big little young dear favourite favorite
    crazy lovely poor late own""".split())
_NAMED_BEFORE_AN_HONORIFIC = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+(?:chettan|chechi|ettan|akka|anna|bhai|bhaiya|didi|"
    r"ji|sahib|saab|aunty|auntie|uncle)(?:['’]s)?(?![\w'’-])"
)
# Who works for or beside someone, and is named after the word in speech: "our tech jack will be
# out thursday", "my supervisor hope alvarez"; and a child called by what a British parent calls
# them ("my lad jack is exactly the same", "our eldest hope").
_HELPERS = (r"tech|technician|agent|rep|representative|supervisor|manager|boss|coworker|co-worker|"
            r"colleague|neighbor|neighbour|friend|mate|pal|flatmate|roommate|housemate|teammate|"
            r"classmate|nanny|nurse|doctor|teacher|coach|landlord|driver|"
            r"installer|adjuster|caseworker|case worker|counselor|counsellor|pastor|dentist|therapist|"
            r"ta|tutor|instructor|trainer|mentor|sponsor|carer|caregiver|aide|receptionist|assistant|"
            r"lawyer|attorney|solicitor|accountant|adviser|advisor|guide|consultant|lad|lass|eldest|youngest")
# A word, without the possessive or "is" that may close it: "my mum dawn's turning sixty", "my
# brother frank's in evanston" ("o'brien" is one word).
_NAME_BEFORE_A_POSSESSIVE = r"(?P<name>[^\W\d_][\w'’-]{0,30}?)(?:['’]s)?(?![\w'’-])"
_RELATIVE_NAMED = re.compile(
    r"\b(?:my|our|your|his|her|their)[ \t]+"
    rf"(?:{RELATIVES}|{_HELPERS})[ \t]+{_NAME_BEFORE_A_POSSESSIVE}"
)
# A parent called by what the family calls them, then by their name between dashes or commas:
# "He met Mum at a dance. Mum -- Joy -- who we lost", "Dad, Ray, worked at Ford".
_PARENT_NAMED_BETWEEN_DASHES = re.compile(
    rf"\b(?:mum|mom|mam|dad|da|nan|nana|nanna|gran|grandma|grandpa|grandad|pop|pops)[ \t]*"
    rf"(?:--|[—–,])[ \t]*(?P<name>{WORD})[ \t]*(?:--|[—–,])"
)
# "everybody calls me will", "they call him bud": what someone is called (not when or how:
# "she called me early", "he called me long distance", `_NOT_WHAT_ONE_IS_CALLED`).
_CALLED_BY_NAME = re.compile(
    rf"\b(?:call|calls|called|calling)[ \t]+(?:me|him|her)[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# Messages for someone, and someone asked to ring: "tell hope congratulations", "tell jack i
# said hi", "kiss haven for me", "text dusty for me", "give dawn a hug", "say hi to sue", "give
# my love to june", "i'll have art call in", "i can get bill to call you back".
_MESSAGES_FOR = tuple(re.compile(pattern) for pattern in (
    rf"\b(?:tell|told)[ \t]+(?P<name>{WORD})[ \t]+(?:(?:i|we)[ \t]+(?:said|say)[ \t]+)?"
    r"(?:hi|hello|hey|congratulations|congrats|happy birthday|good luck|merry christmas)\b",
    rf"\b(?:kiss|hug|text|call|ring|phone|email|message)[ \t]+(?P<name>{WORD})[ \t]+for[ \t]+(?:me|us)\b",
    rf"\bgive[ \t]+(?P<name>{WORD})[ \t]+(?:a|my|our)[ \t]+(?:hug|kiss|call|ring|love|best)\b",
    rf"\b(?:say|said|says)[ \t]+(?:hi|hello|hey)[ \t]+to[ \t]+(?P<name>{WORD})\b(?![’']s)",
    rf"\b(?:give|send|pass|sends|gives)[ \t]+(?:my|our|his|her|their|all[ \t]+my)[ \t]+(?:love|best)[ \t]+"
    rf"to[ \t]+(?P<name>{WORD})\b(?![’']s)",
    rf"\b(?:have|get|ask)[ \t]+(?P<name>{WORD})[ \t]+(?:to[ \t]+)?(?:call|ring|phone|text|email)"
    r"[ \t]+(?:me|you|us|in|back|him|her|them)\b",
))
# "my son drew he's into it now", "this kid drew he's nineteen", "the landlady brook she saw
# it": someone, and a pronoun that takes them up again, which no verb and no thing has before it.
_TAKEN_UP_AGAIN = re.compile(
    rf"\b(?:{RELATIVES}|{PEOPLE}|{_HELPERS})[ \t]+(?P<name>{WORD})[ \t]*,?[ \t]+(?:he|she)"
    r"(?:['’](?:s|d|ll)|[ \t]+(?:is|was|has|had|owns|works|lives|says|said|saw|told|came|went|rang|"
    r"called|got|did|does|took|gave|left|wants|wanted|thinks|thought|knows|knew))\b"
)
# "rose she's my mom": the same, with a pronoun that takes someone up again, which no verb has
# before it ("rose" is no verb there).
_TAKEN_UP_AS_A_RELATIVE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]*,?[ \t]+(?:he|she)(?:[ \t]+(?:is|was)|['’]s)[ \t]+"
    rf"(?:his|her|my|our|their|your)[ \t]+(?:{RELATIVES}|best friend)\b"
)
# "my mom is june", "my grandma was hope": a relative said to be someone by name. Not what a
# relative is like or does for a living, or how often ("my dad was frank with me", "my mum was
# nana to them all", "my dad was captain", "my wife is ever so kind"): `_WHAT_A_RELATIVE_IS`.
_RELATIVE_SAID_TO_BE = re.compile(
    rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES})[ \t]+(?:is|was)[ \t]+"
    rf"(?P<name>{WORD})\b(?![’'])"
)
_WHAT_A_RELATIVE_IS = frozenset("""
    albino bent constant early else ever french frank gay golden gray grey green general german
    georgian hardy little long lucky mad major male marine minor muslim christian baptist noble
    odd pink precious red rich royal sad sandy silver sunny tiny true unique unknown urban valid
    young brown free fair honest earnest happy merry jolly sweet gentle bright smart strong wise
    author baker bishop boss captain doctor friend governor judge lawyer mason pastor porter
    shepherd smith tanner turner walker king queen prince princess nana nan nanna baby sister
    son guy man lady mate fella gal buddy darling angel star rock saint
""".split())
# "for dawn's fortieth", "hope's birthday", "dawn's turning sixty", "will turns ten": whose
# birthday, wedding or age it is, which only a person has (not after a determiner or a subject:
# "this summer's wedding", "the bill's turning"). A decade or a teen birthday, not "first" or
# "second", which a thing has too ("will's first day").
_UNIT_WORDS = r"one|two|three|four|five|six|seven|eight|nine"
_TENS = r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_TEENS = r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_NUMBERS_TO_NINETY = rf"{_UNIT_WORDS}|ten|eleven|twelve|{_TEENS}|{_TENS}"
_WHOSE_DAY_IT_IS = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})(?:['’]s[ \t]+(?:birthday|bday|b-day|wedding|funeral|"
    r"christening|retirement|graduation|baby shower|hen do|hen party|stag do|"
    rf"\d{{2,3}}(?:st|nd|rd|th)|(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth|"
    rf"(?:{_TENS})[ -](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
    rf"(?:{_TEENS})th|tenth|eleventh|twelfth|hundredth)\b"
    rf"|(?:['’]s|[ \t]+is)?[ \t]+(?:turning|turns|turned)[ \t]+(?:\d{{1,3}}|{_NUMBERS_TO_NINETY})\b)"
)
# "lily she's two and a half", "my granddaughter april she's nine", "the little one hunter he's
# what seven eight": someone, a pronoun that takes them up, and their age, which only a person
# has before such a pronoun (not after a determiner or a subject: "in the spring he's only
# fifty-eight", "they said he was sixty-eight"; nor a month or a season: "in january he's sixty";
# nor a connective: "wouldn't touch dirt till she was thirty").
_TAKEN_UP_WITH_AN_AGE = re.compile(
    r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]*,?[ \t]+(?:he|she)(?:['’]s|[ \t]+(?:is|was|turned|turns))"
    r"[ \t]+(?:(?:only|just|nearly|almost|about|what|like|already)[ \t]+)*"
    rf"(?:\d{{1,3}}|{_NUMBERS_TO_NINETY})\b(?![ \t]+(?:of|o['’]clock|am|pm|a\.m|p\.m|minutes|hours|days|weeks|months)\b)"
)
# "the same bill who helped us", "rob who retired", "penny who runs the shop": "who" says a
# person is meant, where a thing would take "that" or "which" (not "who knows", "who cares", nor
# a word for anyone: "a guy who works there").
_WHO_DID = re.compile(
    rf"\b(?P<name>{WORD})[ \t]+who(?:['’]?(?:s|d|ll)\b|[ \t]+(?:is|was|has|had|says|said|does|did|"
    r"helped|retired|works|"
    r"worked|lives|lived|runs|ran|used|came|comes|left|started|owns|owned|moved|manages|managed|"
    r"teaches|taught|sorted|fixed|handles|handled|joined|leads|led|drives|drove|looks after|"
    r"looked after|set up|sets up|deals with|dealt with))\b"
)
# "i thought bill was sorting that", "yeah rich was great", "bill doesn't sort anything": a
# word English uses as a count noun or an adjective ("bill", "mark", "rich") is no noun bare
# before a verb that agrees with it, where a clause opens (the turn's start, "and", "so",
# "yeah", "i thought"): the bill, a mark, rich people take a determiner or a noun. The words
# English uses bare as mass nouns ("hope is", "dawn is breaking", "grace was said") are left.
_SUBJECT_NAMES = frozenset("""bill mark jack hunter cliff brook rich sandy frank penny rob ray
    chase rusty dusty grant will""".split())
_NAMED_AS_A_CLAUSE_SUBJECT = re.compile(
    rf"(?:{TURN_OPENS}|(?<=[.!?,])[ \t]*|\b(?:and|but|so|cause|cos|because|then|well|yeah|yes|oh|um|uh|okay|ok|"
    r"anyway|actually|apparently|honestly|thought|think|guess|reckon|know|said|says|told|if|when|"
    r"whether|until|since)[ \t]+)"
    rf"(?P<name>{WORD})[ \t]+(?:was|is|has|had|does|doesn['’]?t|did|didn['’]?t|would|wouldn['’]?t|"
    r"can|can['’]?t|could|couldn['’]?t|will|won['’]?t)\b(?![ \t]+(?:be|been|being|the|a|an)\b)"
)


def _no_subject_name(word: str, lowered: str, start: int) -> bool:
    return word not in _SUBJECT_NAMES


# "dawn said she'd drive", "as frank always says": someone who says or tells, which only a person
# does (not after a subject, a modal or a determiner: "i hope said", "the bill said").
_SAYS_SOMETHING = re.compile(
    rf"\b(?P<name>{WORD})[ \t]+(?:(?:always|just|never|once|even|also|ever)[ \t]+)?"
    r"(?:said|says|told|tells|asked|asks|texted|emailed|swears|swore|insists|insisted|mentioned|"
    r"promised|admitted|explained)\b"
)
# "is will gonna come", "is frank going to help": someone asked about, as the subject of what
# they will do; and "will will come", where the first "will" can only be someone (not after a
# subject: "i will will it").
_ASKED_ABOUT = re.compile(
    rf"\b(?:is|was|isn['’]t|wasn['’]t)[ \t]+(?P<name>{WORD})[ \t]+(?:gonna|going[ \t]+to|coming)\b"
)
_WILL_WILL = re.compile(r"\b(?P<name>will)[ \t]+will\b")
# "so will and i are thinking of moving", "me and frank went fishing", "she and river split up":
# someone named beside the speaker or someone else (not an adjective or a verb there: "to be
# frank and i", "i hope and i pray").
_AND_I = re.compile(rf"\b(?P<name>{WORD})[ \t]+and[ \t]+(?:i|me)\b(?!['’])")
_ME_AND = re.compile(rf"\bme[ \t]+and[ \t]+(?P<name>{WORD})\b")
# "i'll ask mark he owes me", "i cried a lot ask rich": someone to ask, with a pronoun that
# takes them up or at the turn's end (not "ask questions", "ask nicely"); or asked to do
# something, asked after all, or asked where they work ("i was gonna ask will to drive mom",
# "i gotta ask will though", "i'll ask rich at the web agency"), not "ask to the end".
_ASK_SOMEONE = re.compile(
    rf"\bask(?:ed|ing)?[ \t]+(?P<name>{WORD})(?=[ \t]+(?:he|she)\b|[ \t]*[.!?]*[ \t]*$|"
    r"[ \t]+to[ \t]+(?!(?:the|a|an|my|your|our|his|her|their|me|us|him|them|it|be)\b)[^\W\d_]|"
    r"[ \t]*,?[ \t]+though\b|[ \t]+at[ \t]+the\b|[ \t]+if[ \t]+(?:he|she|they|i|we)\b)")
# "a huge thank you to dawn who reached out", "shout out to ruby on reception": someone thanked
# in a talk, a podcast or a vlog (not "thanks to", which says why: "thanks to grace we made it").
_THANKED = re.compile(
    rf"\b(?:thank you|shout[ \t-]?out|shoutout|big up)[ \t]+to[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
# "our guide is joy", "my nurse today is ruby": someone introduced by their role; "this is
# miles who is walking": someone presented to an audience.
_PRESENTED = re.compile(
    rf"\b(?:our|my|your|the)[ \t]+(?:{_HELPERS}|guide|host|co-host|cohost|chair|speaker)"
    rf"(?:[ \t]+(?:today|tonight|here))?[ \t]+is[ \t]+(?P<name>{WORD})\b(?![’']s)"
)
_PRESENTED_WHO = re.compile(rf"\bthis is[ \t]+(?P<name>{WORD})[ \t]+(?:who|he's|she's)\b")
_PRONOUN_AND = re.compile(rf"\b(?:she|he|him|her)[ \t]+and[ \t]+(?P<name>{WORD})\b")
# "okay april how long has he had the fever", "thank you will and can you verify the
# address": someone addressed by name as a turn opens, after an acknowledgement and before
# a question or what the speaker goes on to ask; no verb or thing stands there.
_ADDRESSED_AS_A_TURN_OPENS = re.compile(
    TURN_OPENS + r"(?:(?:okay|ok|alright|all right|right|great|perfect|sure|thanks|thank you|cheers|"
    r"wonderful|excellent|got it|um|uh)[ \t]*[,.!]?[ \t]+){1,3}"
    rf"(?P<name>{WORD})[ \t]*,?[ \t]+"
    r"(?:how|what|what's|when|where|which|who|why|can you|could you|would you|will you|"
    r"and (?:can|could|would|what|how|when|where|is|are|do|did)|let me|just to confirm|"
    r"you['’](?:ve|re|ll))\b"
)
# "my brother will lives in spokane", "my son will might be in": a modal or a verb cannot be
# followed by a verb that agrees with a subject, nor by a modal, so after a relative the word is
# their name.
_RELATIVE_NAMED_BEFORE_A_VERB = re.compile(
    rf"\b(?:my|our|your|his|her|their)[ \t]+(?:{RELATIVES}|{_HELPERS})[ \t]+(?P<name>{WORD})"
    r"[ \t]+(?:lives|works|says|is|was|has|goes|comes|gets|might|may|could|would|should|must)\b"
)
# Given names that are, after a relative, what the relative did or will do ("my son will",
# "my wife rose early"); a bare verb cannot follow "my wife", so "bill" and "sue" are names there.
_DONE_BY_A_RELATIVE = VERBS_AFTER_PEOPLE | frozenset("rose won drew".split())
# What follows "a girl" or "a boy" and names no child ("a girl friend", "a boy will").
_NOT_A_CHILDS_NAME = _DONE_BY_A_RELATIVE | frozenset(PEOPLE.split("|"))
# The modals and past tenses that a verb agreeing with a subject, or a pronoun taking someone
# up again, shows to be a name: "my brother will lives in spokane", "my son drew he's into it".
_VERBS_BEFORE_A_SUBJECT = frozenset("will drew rose won".split())
# What follows "calls me" and is when or how, no name ("she called me early", "he called me
# long distance", "they called me back").
_NOT_WHAT_ONE_IS_CALLED = (_DONE_BY_A_RELATIVE - _VERBS_BEFORE_A_SUBJECT) | frozenset(
    "early late long young old back up over out soon again later right today tonight tomorrow "
    "names every last first".split())
# What is asked after, or is from somewhere, as no one: a season or a month ("how's summer",
# "june from the first"), a verb ("will from now on").
_NOT_SOMEONE_ASKED_AFTER = _DONE_BY_A_RELATIVE | frozenset(
    "summer winter autumn spring fall january february march april may june july august "
    "september october november december".split())


def _a_large_place(word: str, lowered: str, start: int) -> bool:
    """A country, a capital, a US state or a large city: as likely as someone where a cue asks
    after them ("how's arizona")."""
    return word in major_places()


def _after_a_subject(word: str, lowered: str, start: int) -> bool:
    """After a subject, a modal or a determiner the word is a verb or a thing (`_BEFORE_NO_NAME`:
    "i bill my husband", "the bill is my husband's")."""
    return _after_a_subject_or_determiner(lowered, start)


def _no_english_word(word: str, lowered: str, start: int) -> bool:
    """A name no English word, which the lists find alone; where a cue speaks of a company as
    well as of someone ("Valero said it was reducing rates"), it adds only the names that are
    words ("dawn said she'd drive")."""
    return word not in common_words()


def _after_one_of(words: str):
    """A cue's test that refuses a word right after one of `words` (space-separated)."""
    before = re.compile(r"\b(?:" + "|".join(words.split()) + ") $")

    def refused(word: str, lowered: str, start: int) -> bool:
        return before.search(lowered, max(0, start - 8), start) is not None
    return refused


# Not after an article ("the summer is expecting record heat", "a girl's got a new boyfriend"),
# a possessive or a demonstrative ("if an infant's not getting enough", "my bill's so high"),
# nor after a word that dates a month ("in april and his family moved").
_AFTER_AN_ARTICLE = _after_one_of("the a an")
# When the word after these is no one: "hot in summer in our office", "by june in our branch".
_A_TIME_BEFORE = _after_one_of("in during over at by since until till this last next every")
_AFTER_A_DETERMINER = _after_one_of("the a an my your his her our their this that")
_AFTER_A_DATING_WORD = _after_one_of("in since until by last next of early late")


_AFTER_A_DATING_WORD_BEFORE_A_TIME = _after_one_of("last next early late each")


def _after_a_subject_or_a_dating_word(word: str, lowered: str, start: int) -> bool:
    """`_after_a_subject`, or after a word that dates a time: "last spring my husband earl
    passed" says when, of no one."""
    return _after_a_subject(word, lowered, start) or _AFTER_A_DATING_WORD_BEFORE_A_TIME(word, lowered, start)


_AFTER_A_COPULA = _after_one_of("is was are were am be been being so very really too quite pretty")


def _describing_or_dating(word: str, lowered: str, start: int) -> bool:
    """`_after_a_subject_or_a_dating_word`, or after a copula or a degree word, where the word
    describes: "we were lucky my husband was driving", "i was so happy my son called"."""
    return _after_a_subject_or_a_dating_word(word, lowered, start) or _AFTER_A_COPULA(word, lowered, start)


# Verbs that take a clause: "thanks hope you've been well", "hi hope it's going ok" wish, and
# name no one; "thx hope appreciate it" and "hi hope." address her.
_CLAUSE_VERBS = frozenset("hope trust wish bet pray guess".split())
_A_CLAUSE_NEXT = re.compile(
    r"[ \t]*[,.!]*[ \t]+(?:you|u|ur|youre|youve|i|im|we|all|everything|it|its|this|that|to|for|so|he|"
    r"she|they|your|ya)\b")


def a_verb_before_its_clause(word: str, lowered: str, start: int) -> bool:
    """Whether the word is a verb that takes a clause and one follows it ("hope you're well")."""
    return word in _CLAUSE_VERBS and _A_CLAUSE_NEXT.match(lowered, start + len(word)) is not None


# Bodies one asks as a whole, which the lists hold as surnames ("i'd ask council to hold").
_BODIES_ASKED = frozenset("""council court police government management staff support admin legal
    counsel board committee congress parliament""".split())


def _a_body_asked(word: str, lowered: str, start: int) -> bool:
    return word in _BODIES_ASKED


def _will_or_a_verb_before_its_clause(word: str, lowered: str, start: int) -> bool:
    """`a_verb_before_its_clause`, or "will" with nothing after it ("yes i will thanks will."
    is rare, "thanks, will do" is no goodbye at all): after thanks, "will" is a name only where a
    farewell or praise follows ("thanks will bye")."""
    if word == "will":
        return re.match(r"[ \t]*[,.!?]*[ \t]*$", lowered[start + len(word):]) is not None
    return a_verb_before_its_clause(word, lowered, start)


def _no_english_word_or_after_a_subject(word: str, lowered: str, start: int) -> bool:
    return _no_english_word(word, lowered, start) or _after_a_subject(word, lowered, start)


_WHERE_AN_ADJECTIVE_STANDS = _after_one_of(
    "be being been am is was are were very quite really too pretty went turned gone got")


def _after_a_subject_or_a_copula(word: str, lowered: str, start: int) -> bool:
    """A verb after a subject ("i hope and i"), an adjective after "be" or "went" ("to be frank
    and i", "when i was really young and i", "the lights went amber and i stopped"), or the end
    of a place's name ("she lives in sao paulo and i")."""
    before = lowered[max(0, start - 30):start].split()[-1:]
    return _after_a_subject(word, lowered, start) or _WHERE_AN_ADJECTIVE_STANDS(word, lowered, start) \
        or bool(before) and is_place_phrase(f"{before[0]} {word}")


# The modals and "do", which ask ("can you", "will she"): no name after any cue but those that
# show the word to be someone (`_VERBS_BEFORE_A_SUBJECT`).
_ASKING_VERBS = frozenset({"can", "could", "will", "would", "may", "might", "shall", "should", "must",
                           "do", "did", "does"})


# Prepositions and conjunctions a name list also holds ("Till"): "we didn't get in till my
# daughter was born" names no one before the relative.
_CONNECTIVES_NAMED = frozenset("till until like than via versus unless whether because".split())


def _no_names(words: Iterable[str] = (), but: frozenset[str] = frozenset()) -> frozenset[str]:
    """What a cue takes for no name: `words` and the modals, less `but`."""
    return (frozenset(words) | _ASKING_VERBS) - but


# The cues of `_cued_names`: (pattern, likelihood, words that are no name there, and a test of
# the word, the lower-cased text and the word's start that refuses it there, if any).
_SHOWN_SOMEONE = _no_names(_NOT_SOMEONE_ASKED_AFTER, but=_VERBS_BEFORE_A_SUBJECT)
# After "i'm", "it's", "this is" or "my name's", "will" and "may" are no verbs: "hi i'm will".
_INTRODUCED_NOT_NAMES = _no_names(but=frozenset({"will", "may"}))
_CUES = [(_INTRODUCED_AS, L.LIKELY, _INTRODUCED_NOT_NAMES, None),
         (_INTRODUCED_ON_MEETING, L.LIKELY, _INTRODUCED_NOT_NAMES, None),
         (_BIDDEN_GOODBYE, L.LIKELY, _no_names(but=frozenset({"will"})), _will_or_a_verb_before_its_clause),
         (_NICE_TALKING_TO, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_NAME_THEN_SAID_TO_BE_ONE, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_ASKED_FOR_BY_NAME, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_WISHED_HAPPY, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_IS_THAT_YOU, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE),
          lambda word, lowered, start: _after_a_subject_or_determiner(lowered, start)),
         (_ADDRESSED_WITH_A_QUESTION, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_GREETED_AND_ASKED, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_FROM_A_TEAM, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER | _HELD_IN_SOMETHING),
          _a_firm_or_after_a_subject),
         (_OF_A_TEAM, L.POSSIBLE, _no_names(_HELD_IN_SOMETHING | _DONE_BY_A_RELATIVE),
          _a_time_a_firm_or_after_a_subject),
         (_ASKED_FOR_AS_A_CALL_OPENS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_CALLED_BY_NAME, L.POSSIBLE, _no_names(_NOT_WHAT_ONE_IS_CALLED, but=_VERBS_BEFORE_A_SUBJECT), None),
         *((pattern, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None) for pattern in _MESSAGES_FOR),
         (_TAKEN_UP_AGAIN, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_RELATIVE_NAMED_BEFORE_A_VERB, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_TAKEN_UP_AS_A_RELATIVE, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject),
         (_WHOSE_DAY_IT_IS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE, but=_VERBS_BEFORE_A_SUBJECT),
          lambda word, lowered, start: _after_a_subject_or_determiner(lowered, start)),
         (_TAKEN_UP_WITH_AN_AGE, L.POSSIBLE, _SHOWN_SOMEONE | _CONNECTIVES_NAMED,
          lambda word, lowered, start: _after_a_subject_or_determiner(lowered, start)),
         (_RELATIVE_SAID_TO_BE, L.POSSIBLE,
          _no_names(_NOT_SOMEONE_ASKED_AFTER - {"june", "may", "april"}
                    | _WHAT_A_RELATIVE_IS), None),
         (_SAYS_SOMETHING, L.POSSIBLE, _SHOWN_SOMEONE, _no_english_word_or_after_a_subject),
         (_WHO_DID, L.POSSIBLE,
          _no_names(_NOT_SOMEONE_ASKED_AFTER | PEOPLE_WORDS, but=_VERBS_BEFORE_A_SUBJECT), None),
         (_ASKED_ABOUT, L.POSSIBLE, _SHOWN_SOMEONE, _no_english_word),
         (_NAMED_AS_A_CLAUSE_SUBJECT, L.POSSIBLE, _no_names(but=frozenset({"will"})), _no_subject_name),
         (_WILL_WILL, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject),
         (_AND_I, L.POSSIBLE, _SHOWN_SOMEONE, _after_a_subject_or_a_copula),
         (_ME_AND, L.POSSIBLE, _SHOWN_SOMEONE, None),
         (_ASK_SOMEONE, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER, but=frozenset({"will"})),
          _a_body_asked),
         (_THANKED, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRESENTED, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRESENTED_WHO, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_PRONOUN_AND, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_ADDRESSED_AS_A_TURN_OPENS, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE, but=_VERBS_BEFORE_A_SUBJECT),
          a_verb_before_its_clause),
         (_RELATIVE_NAMED, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_PARENT_NAMED_BETWEEN_DASHES, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_NAMED_BEFORE_A_RELATIVE, L.POSSIBLE,
          _no_names(_NOT_A_CHILDS_NAME | _CONNECTIVES_NAMED | REQUEST_VERBS),
          _describing_or_dating),
         (_NAMED_BEFORE_AN_HONORIFIC, L.POSSIBLE,
          _no_names(_NOT_A_CHILDS_NAME | _CONNECTIVES_NAMED | _NOT_BEFORE_AN_HONORIFIC),
          None),
         (_PARTNERED_WITH, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None),
         (_PARTNERING, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), _AFTER_AN_ARTICLE),
         (_CHILD_NAMED, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), None),
         (_CHILDREN_NAMED_FIRST, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), _not_beside_another_given_name),
         (_CHILDREN_NAMED_SECOND, L.POSSIBLE, _no_names(_NOT_A_CHILDS_NAME), _not_beside_another_given_name),
         (_WITH_THEIR_OWN, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), _AFTER_A_DATING_WORD),
         (_WHO_FROM, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), None),
         (_SAID_TO_BE, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), _AFTER_A_DETERMINER),
         (_ASKED_AFTER, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), _a_large_place),
         (_HEARD_FROM, L.POSSIBLE, _no_names(_NOT_SOMEONE_ASKED_AFTER), _a_large_place),
         (_NAMED_THEN_GREETED, L.POSSIBLE, _no_names(_DONE_BY_A_RELATIVE), None)]


def _cued_names(text: str, lowered: str, may_match: MayMatch, cased: bool = False) -> Iterator[Hit]:
    """Names that speech without capitals says are names (`_CUES`: someone introduced, bidden
    goodbye, named beside a relative, married, announced, sent a message, asked after...),
    given names even where English uses the word too. In `cased` text only a capitalised word:
    there the lists find most names alone, but not a month or a weekday ("even April and her
    new fella"). Where a place or a company is as likely as a person, a cue refuses the word
    ("how's arizona", "Valero said")."""
    for pattern, likelihood, not_names, refused in _CUES:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            word, start = match.group("name"), match.start("name")
            if cased and not text[start].isupper():
                continue
            if word in given_name_words() and word not in STOPWORDS and word not in ADDRESS_TERMS \
                    and word not in not_names \
                    and not (refused is not None and refused(word, lowered, start)):
                yield start, match.end("name"), likelihood, Method.REGEX


# "thanks Virginia", "hi mark", "Dear Ms": a greeting or thanks before a name word is a person
# (addressed by name), not a state or a verb. Only dictionary name words count: "thanks again".
GREETINGS = (r"thanks|thank you|thank u|thx|ty|hi|hello|hey|hiya|dear|bye|goodbye|congrats|"
             r"congratulations|cheers|good morning|morning|good night|night|love you|miss you|"
             r"happy birthday|welcome|sorry")
_GREETING_CONTEXT = re.compile(
    rf"\b(?:{GREETINGS})[ \t]*,?[ \t]+(?P<name>{WORD}(?:[ \t]+{WORD})?)"
)
# What a greeting says besides whom it greets ("welcome back", "welcome home", "love you too
# bye"): the lists' surnames "Back" and "Too" are no one there.
_GREETING_ADVERBS = frozenset({"back", "home", "aboard", "again", "there", "too", "so", "very", "all"})
GREETING_BEFORE = re.compile(rf"(?i)\b(?:{GREETINGS})[ \t]*,?[ \t]+$")
_TITLE_CONTEXT = re.compile(
    rf"\b(?:{TITLES})\b\.?[ \t]+(?P<name>{_CAP}(?:[ \t]+{_CAP})?)"
)
_TITLE_CONTEXT_LOWER = re.compile(
    rf"\b(?:{TITLES.lower()})\b\.?[ \t]+(?P<name>{WORD}(?:[ \t]+{WORD})?)"
)


_POSSESSIVE_END = re.compile(r"['’]s$", re.IGNORECASE)


def _before_owner(word: str) -> tuple[int, bool]:
    """How much of a word is the name, and whether a possessive ends it ("John's" -> 4, True)."""
    owner = _POSSESSIVE_END.search(word)
    return (owner.start(), True) if owner else (len(word), False)


# A number said in words, alone or joined ("twelve", "thirty-five", "twenty-two").
_A_NUMBER_SAID = re.compile(rf"(?:zero|{_NUMBERS_TO_NINETY}|hundred|thousand)(?:-(?:{_UNIT_WORDS}))?")


def _context_name(text: str, start: int, end: int, cased: bool, strict: bool = False,
                  capital_names: bool = False, outright: bool = False) -> tuple[int, int] | None:
    """The name words in a context's capture: stop at the first word that is not a name
    (`strict`: nor an ordinary word, though a name list has it, unless a text with capitals
    gives the list's word one: "my daughter Hope", "my sister June's").

    `capital_names`: the context says the next word is someone's name, and in a text with
    capitals a first word written as a name that opens no sentence is one, however ordinary
    ("my wife Pinky", "Her name is Beauty", "Uncle Sunday"): names that are words are given in
    many places ("Precious", "Gift", "Given", "Sunny"), and the lists hold few of them. After a
    relative, a weekday or a month is when ("I saw my mum Sunday").

    `outright`: the context says in so many words that what follows is a name ("her name is",
    "a girl named"); then without capitals too, a first word is one, however ordinary ("her name
    is beauty"), unless it is what is said of a name ("my name is spelled", "his name is mud":
    `_SAID_OF_A_NAME`).
    """
    pieces = list(re.finditer(r"[^\s]+", text[start:end]))
    kept_end = None
    for piece in pieces:
        word = piece.group(0).strip(",.")
        lowered = word.lower()
        if lowered in STOPWORDS or clitic_base(lowered) in STOPWORDS or _NEGATED.search(lowered) \
                or _A_VERBS_CLITIC.search(lowered) and clitic_base(lowered) in _ASKING_VERBS:
            break  # "that's", "it's", "i've": a stopword with its clitic ends the name too, and
            # so does a negated verb ("my daughter wouldn't") or a verb's own ("your grandad
            # would've")
        if lowered in DETERMINERS:
            break  # "talk to each other": a list's "Each" is no one after "to"
        if not cased and (lowered in _MODALS or lowered in ADDRESS_TERMS or lowered in _PARTICIPLES_NAMED):
            break  # "thank you sir can i have", "oh hello son", "nurse given blood": a verb, or
            # what callers call each other, though a list has the word ("Can", "Son", "Given")
        if cased and not word[:1].isupper():
            break
        if elongated(lowered):
            break  # "Lt hehehehe": laughter, or a word said at length, is no name
        if _A_NUMBER_SAID.fullmatch(lowered):
            break  # "it's thirty-five degrees": a number, though "it's" opens names too
        if strict and cased and clitic_base(lowered) in name_words() or kept_end is None and \
                _named_however_ordinary(text, start + piece.start(), word, cased, strict, capital_names, outright):
            # a capital mid-sentence, after "my daughter", names her; so does a cue, of any word
            length, owned = _before_owner(word)
            kept_end = start + piece.start() + length
            if owned:
                break
            continue
        if lowered in common_words() and (strict or not _a_names_word(lowered)) \
                and (not cased or kept_end is None):
            # An ordinary word no list names; capitalised, it still ends a name begun
            # ("Dana Cho"), but begins none ("speak for Themselves").
            break
        if strict and (ordinary_word(lowered) or clitic_base(lowered) in ordinary_name_words()
                       or ordinary_compound(lowered) or _inflected_ordinary(lowered)):
            break
        if not cased and lowered.endswith("ing") and _inflected_ordinary(lowered):
            break  # "i'm phoning from sky"; not "Dr. Deters", a surname that is a verb too
        length, owned = _before_owner(word)
        kept_end = start + piece.start() + length
        if owned:
            break  # "talked to John's wife": the name is John, and it ends there
    if kept_end is None:
        return None
    return start, kept_end


# What is said of a name right after "my name is" or "her name is", rather than the name.
_SAID_OF_A_NAME = frozenset("""spelled spelt misspelled written printed listed mentioned pronounced
    correct incorrect wrong right different same similar long short hard difficult easy weird
    strange odd unusual common rare unique popular famous familiar known unknown important mud
    gone missing fine okay good great nice cool perfect real fake legit legal official actually
    literally really basically technically officially legally definitely probably apparently
    kinda kind sort exactly totally still also already there here attached linked registered
    required needed blank empty changed shared used taken being getting too very quite pretty
    lovely beautiful cute funny""".split())


def _named_however_ordinary(text: str, start: int, word: str, cased: bool, strict: bool,
                            capital_names: bool, outright: bool) -> bool:
    """Whether a context's first word is the name, whatever English uses it for
    (`_context_name`'s `capital_names` and `outright`)."""
    lowered = word.lower()
    if cased:
        return (capital_names or outright) and _written_as_a_given_name(text, start, word) \
            and not (strict and month_or_weekday(lowered))
    return outright and lowered.isalpha() and len(lowered) > 2 and lowered not in _SAID_OF_A_NAME \
        and lowered not in ADDRESS_TERMS


def _written_as_a_given_name(text: str, start: int, word: str) -> bool:
    """A word with an initial capital and nothing else in capitals ("Pinky", "Beauty's"), that
    opens no sentence, in a text that does not capitalise every word."""
    return word[:1].isupper() and (word[1:].islower() or _POSSESSIVE_END.search(word) is not None
                                   and word[1:-2].islower()) \
        and not sentence_initial(text, start) and not capitalises_every_word(text)


def _a_names_word(lowered: str) -> bool:
    """A word of the name lists, or a surname English says as little else ("goldberg")."""
    return lowered in name_words() or lowered in surnames_said_as_names()


_NEGATED = re.compile(r"n['’]t$")
# Given names that are a verb's participle too, which after a title or a relative is the verb as
# often, where no capital tells them apart: "texas nurse given blood", "my son given a place".
_PARTICIPLES_NAMED = frozenset({"given"})
_A_VERBS_CLITIC = re.compile(r"['’](?:ve|ll|re|d)$")
# The asking verbs that are no given name English callers use ("will" and "may" are).
_MODALS = _ASKING_VERBS - {"will", "may", "do", "did", "does"}


def _inflected_ordinary(lowered: str) -> bool:
    """A verb or a plural that the word list holds only in its plain form, and no list names:
    "my husband golfs", "my son skates", "i'm phoning from sky"; not "my son james", which a
    list names."""
    if lowered in name_words() or len(lowered) < 4:
        return False
    if lowered.endswith("s"):
        stems = [lowered[:-1]] + ([lowered[:-2]] if lowered.endswith("es") else [])
    elif lowered.endswith("ing") and len(lowered) > 5:
        # "phoning" (phone), "emailing" (email), "shopping" (shop)
        stems = [lowered[:-3], lowered[:-3] + "e"] + ([lowered[:-4]] if lowered[-4] == lowered[-5] else [])
    else:
        return False
    return any(stem in common_words() and stem not in name_words() for stem in stems)


# Contractions a chat types without the apostrophe, which the lists hold as surnames ("Cant"):
# "hey cant log in since yesterday".
_CONTRACTIONS_TYPED_BARE = frozenset("""cant dont wont didnt isnt wasnt doesnt havent couldnt
    wouldnt shouldnt aint im ive id youre theyre thats whats theres heres wheres hes shes youve
    weve theyve""".split())


def _greeting_name(text: str, start: int, end: int, cased: bool) -> tuple[int, int] | None:
    """The dictionary name words at the start of a greeting's capture ("Virginia Woolf").

    Without capitals, a name that is also a common word ("thanks, will do") counts only if it
    is a place people are named after ("thanks virginia"), and a verb that asks ("hi can you",
    "hey will you") is no name. An endearment ("hi sunshine") is no name in either case."""
    kept_end = None
    for piece in re.finditer(r"[^\s]+", text[start:end]):
        word = piece.group(0).strip(",.!?")
        lowered = word.lower()
        if lowered not in name_words() or lowered in STOPWORDS or lowered in ADDRESS_TERMS \
                or lowered in _GREETING_ADVERBS or lowered in _CONTRACTIONS_TYPED_BARE:
            break
        if not cased and lowered in _ASKING_VERBS and _asks(text, start + piece.end()):
            break
        if not cased and lowered in VERBS_AFTER_PEOPLE and lowered not in _ASKING_VERBS \
                and lowered not in AMBIGUOUS_NAMES:
            break  # "okay my dear put on your coat": the lists' surname "Put" is the verb
        if cased and not word[:1].isupper():
            break
        word_end = start + piece.start() + len(word)
        if not cased and lowered in AMBIGUOUS_NAMES and lowered not in _people_named_after_places() \
                and not _greeted_alone(text, lowered, word_end):
            break
        kept_end = word_end
    return None if kept_end is None else (start, kept_end)


# What follows a name that a greeting addresses, where English uses the word too: the end of the
# turn or sentence ("hi crystal.", "hey dawn"), or the speaker's own next clause ("hi crystal um
# i'm calling for my dad", "thanks mere i can see the refund", "thank you faith if you're
# watching", "hi pearl where are you", "hello given howzit"), not the rest of a phrase ("hi
# crystal water").
_AFTER_THE_ONE_GREETED = re.compile(
    r"[ \t]*(?:[.!?]|$|,?[ \t]+(?:(?:um|uh|er|yeah|yes|oh)[ \t]+){0,2}(?:i['’]?m|i[ \t]+am|hi|hello|hey|i[ \t]+was|i[ \t]+have|i['’]?ve|"
    r"i[ \t]+just|i[ \t]+wanted|i[ \t]+need|i['’]?d[ \t]+like|i[ \t]+can[ \t]+see|this[ \t]+is|it['’]?s[ \t]+me|my[ \t]+name|"
    r"if[ \t]+you['’]?re[ \t]+(?:listening|watching)|where[ \t]+are[ \t]+you|howzit|"
    r"it['’]?s[ \t]+(?=[^\W\d_]+[ \t]+(?:from|here|calling|again)\b)|"
    r"how[ \t]+are[ \t]+you|how['’]?s[ \t]+it[ \t]+going|you['’]?ve[ \t]+been|thanks|thank[ \t]+you|"
    r"bye|cheers|speak[ \t]+soon|talk[ \t]+soon|see[ \t]+you|take[ \t]+care|it['’]?s[ \t]+been)\b)",
    re.IGNORECASE)


def _greeted_alone(text: str, word: str, end: int) -> bool:
    """Whether a greeting's `word` (lower-cased), ending at `end`, is the one greeted, by what
    follows it (`_AFTER_THE_ONE_GREETED`); a verb before its clause is no one ("hi hope you're
    well")."""
    return _AFTER_THE_ONE_GREETED.match(text, end) is not None \
        and not a_verb_before_its_clause(word, lowered_same_length(text), end - len(word))


# Verbs that open a question when a pronoun follows: "can you", "will i", "may we"; or "or not",
# as Singapore's English asks ("tomorrow morning can or not"). Not a pronoun with its verb's
# clitic: "hi will i'm dawn" greets Will.
_PRONOUN_NEXT = re.compile(r"[ \t]+(?:you|i|we|he|she|they|it|u|or[ \t]+not)\b(?!['’])", re.IGNORECASE)


def _asks(text: str, end: int) -> bool:
    """Whether a pronoun follows the word ending at `end`: the word asks ("can you")."""
    return _PRONOUN_NEXT.match(text, end) is not None


@lru_cache(maxsize=None)
def _people_named_after_places() -> frozenset[str]:
    return frozenset(name.lower() for name in US_STATES) & name_words()


# A family named by its surname's plural: "the Flahertys from over on Hancock Street", "the
# nowaks across the alley", "the joneses". Searched in every text by itself, not among the
# guarded contexts: "the" and a plural are in most texts, and would wake all of them.
_A_FAMILY = re.compile(r"\b[Tt][Hh][Ee][ \t]+(?P<name>[A-Za-z][A-Za-z'’-]{2,30}[sS])\b")


def _a_word_too(lowered: str) -> bool:
    """An ordinary word, or a name-list word English also uses as one ("hunter", "curry")."""
    return ordinary_word(lowered) or lowered in word_name_words()


def _family_hits(text: str) -> Iterator[Hit]:
    """A family called by the plural of a surname the lists hold, after "the" (`_A_FAMILY`):
    with capitals, a surname that is no ordinary word, written as a name ("the Flahertys", "the
    Joneses"); without them, one that English does not use as a word either ("the nowaks", not
    "the hunters" or "the curries")."""
    cased = None
    for match in _A_FAMILY.finditer(text):
        word = match.group("name").lower()
        start = match.start("name")
        if ordinary_word(word):
            continue
        if cased is None:
            cased = is_cased(text)
        if cased and not text[start].isupper():
            continue
        a_word = ordinary_word if cased else _a_word_too  # a capital says a list word is the name
        if word.endswith("ies") and a_word(word[:-3] + "y"):
            continue  # "the curries": a plural of a word, not of "Currie"
        stems = [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])
        if any(stem in family_name_words() and not a_word(stem) for stem in stems):
            yield start, match.end("name"), L.LIKELY if cased else L.POSSIBLE, Method.REGEX


# A name a transcript marks as one: the Santa Barbara corpus writes its pseudonyms "~Jill" ("~rich's
# gonna love that"), and a post signs off "~madi", "~Wayne Dyer". Not the LDC's "~FBI" (letters
# said one by one), "~5 min", nor a word between tildes ("~spam~").
_MARKED_AS_A_NAME = re.compile(rf"(?<![\w~])~(?P<name>{WORD}(?:[ \t]+{WORD})?)")


def _marked_names(text: str, lowered: str, cased: bool) -> Iterator[Hit]:
    """The names after a tilde (`_MARKED_AS_A_NAME`): a first word that a name list holds, or
    that is capitalised and no ordinary word; not one in capitals, nor one a tilde closes."""
    for match in _MARKED_AS_A_NAME.finditer(lowered):
        start = match.start("name")
        first = re.match(r"[^\W\d_][\w'’-]*", text[start:]).group(0)
        after = start + len(first)
        if (len(first) > 1 and first.isupper()) or text[after:after + 1] == "~":
            continue
        if not (clitic_base(first.lower()) in name_words()
                or (first[0].isupper() and first.lower() not in common_words())):  # "~Author Unknown"
            continue
        # Without capitals, the word marked alone: "~dawn said she'd pick us up".
        span = _context_name(text, start, match.end("name") if cased else after, cased, outright=True)
        if span is not None:
            yield span[0], span[1], L.LIKELY, Method.REGEX


def _context_hits(text: str, cased: bool, may_match: MayMatch) -> Iterator[Hit]:
    lowered = lowered_for_cues(text)
    if may_match(_MARKED_AS_A_NAME):
        yield from _marked_names(text, lowered, cased)
    if may_match(_SPELLED_RUN):
        yield from _spelled_out_hits(lowered)
    if may_match(_SPEAKING):
        yield from _named_before_speaking(text, lowered, cased)
    if may_match(_GREETING_CONTEXT):
        for match in _GREETING_CONTEXT.finditer(lowered):
            span = _greeting_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    for pattern, likelihood, said_to_be_a_name in _NAME_CONTEXTS:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            # "call me" says so only of a capitalised word ("can miles call me directly")
            outright = said_to_be_a_name and (cased or "call me" not in lowered[match.start():match.start("name")])
            span = _context_name(text, match.start("name"), match.end("name"), cased, outright=outright)
            if span is not None:
                yield span[0], span[1], likelihood, Method.REGEX
    if may_match(_INTRODUCTION):
        match = _INTRODUCTION.match(lowered)
        if match is not None and match.group("name").split()[0] in given_name_words():
            span = _context_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    if may_match(_THIS_IS_AT_THE_END):
        match = _THIS_IS_AT_THE_END.search(lowered, max(0, len(lowered) - 60))
        if match is not None and _AN_OPENING_BEFORE.search(lowered, max(0, match.start() - 120), match.start()):
            span = _context_name(text, match.start("name"), match.end("name"), cased)
            if span is not None:
                yield span[0], span[1], L.LIKELY, Method.REGEX
    yield from _cued_names(text, lowered, may_match, cased)
    for pattern, likelihood in _RELATION_CONTEXTS:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(lowered):
            span = _context_name(text, match.start("name"), match.end("name"), cased, strict=True,
                                 capital_names=True)
            if span is not None:
                yield span[0], span[1], likelihood, Method.REGEX
    if cased:  # "(Lewis, Simons, & Fennig, 2014)", "Spang (1983) noted"
        for start, end in cited_authors(text, may_match, major_places().__contains__):
            yield start, end, L.LIKELY, Method.REGEX
    title, scanned = (_TITLE_CONTEXT, text) if cased else (_TITLE_CONTEXT_LOWER, lowered)
    if not may_match(title):
        return
    for match in title.finditer(scanned):
        kin = scanned[match.start():match.start("name")].strip(" \t.").lower() in _KIN_TITLES
        span = _context_name(text, match.start("name"), match.end("name"), cased, capital_names=kin)
        if span is not None and not cased:
            span = _named_after_word_title(text, lowered[match.start():match.start("name")], span, match.start())
        if span is None:
            span = _surname_after_a_courtesy_title(text, lowered, match, cased)
        if span is not None:
            yield span[0], span[1], L.VERY_LIKELY, Method.REGEX


# What a family calls its own before a name, and a congregation its pastor: "Uncle Sunday",
# "Aunty Happiness", "Pastor Goodluck" (a name however ordinary, `_context_name`); not the titles
# of offices that name things too ("Justice Department", "General Motors", "Sister Act").
_KIN_TITLES = frozenset("""aunt auntie aunty uncle cousin grandma grandpa grandad granddad grandmother
    grandfather tita tito kuya pastor""".split())


# The courtesy titles that only a surname follows, in either case ("Mr", "Mrs", "Ms", "Mx", and
# "mister" and "missus" as a recogniser writes them); not "Miss" ("i miss you"), nor "Dr"
# ("Elm Dr").
_SURNAME_TITLES = frozenset("mr mrs ms mx mister missus".split())


def _surname_after_a_courtesy_title(text: str, lowered: str, match: "re.Match[str]",
                                    cased: bool) -> tuple[int, int] | None:
    """The word after "Mr", "Mrs", "Ms" or "Mx", whatever it is, where no name list holds it:
    "Mrs Holiday", "mr pennies". Such a title is said before a surname and nothing else, and
    a surname may be any word. Not a function word, a determiner or a modal ("mr can you"), nor,
    with capitals, a lower-case word."""
    if lowered[match.start():match.start("name")].strip(" \t.").split()[-1] not in _SURNAME_TITLES:
        return None
    word = re.match(r"[^\W\d_][\w'’-]*", text[match.start("name"):])
    if word is None:
        return None
    value = POSSESSIVE.sub("", word.group(0))
    bare = value.lower()
    if len(bare) < 2 or bare in STOPWORDS or bare in DETERMINERS or bare in _MODALS \
            or bare in ADDRESS_TERMS or (cased and not value[:1].isupper()) \
            or any(clitic_base(part) in STOPWORDS for part in bare.split("-")) \
            or not cased and bare in _PLACING_WORDS:
        return None  # "Mister I'll-get-back-to-you-on-that": a joke's phrase, no surname; and
        # "they're all mister over there": where, said of the title
    return match.start("name"), match.start("name") + len(value)


# Prepositions and adverbs of place and time that the stopwords leave out, which go on from a
# title said as a word ("they're all mister over there, not doctor").
_PLACING_WORDS = frozenset("""over under above across along around behind below beside between
    beyond down near off onto out through toward towards upon within here there now then""".split())


# Titles said to anyone as a form of address ("yes sir", "thank you madam"), far more often
# than before a name: without capitals, an ordinary word after one is the next sentence's.
_SAID_TO_ANYONE = frozenset({"sir", "madam", "madame"})


# The word titles that are professions and ranks, which English also puts before a noun ("the
# nurse line", "an officer training day"); not the kinship titles ("my uncle frank").
_PROFESSIONS = frozenset("doctor professor captain officer detective sergeant lieutenant judge "
                         "justice pastor deacon nurse constable inspector".split())
# An article, perhaps with one word after it ("the cardiac"), right before a title: "the nurse
# line" is a kind of line; "my doctor grace" is still someone.
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)[ \t]+(?:[a-z]+[ \t]+)?$")


def _an_article_before(text: str, start: int) -> bool:
    return _ARTICLE_BEFORE.search(text[max(0, start - 40):start].lower()) is not None


def _named_after_word_title(text: str, title: str, span: tuple[int, int],
                            title_start: int) -> tuple[int, int] | None:
    """The name words after a title in text without capitals, where the title alone says little.

    One letter is no name ("captain s quarters": a possessive that lost its apostrophe), nor an
    ordinary word after "sir" or "madam" (`_SAID_TO_ANYONE`), nor after a profession that an
    article makes a noun's first half ("call the nurse line", `_PROFESSIONS`). The
    name stops at a verb that a name list also holds (`VERBS_AFTER_PEOPLE`): "my brother said
    no", "the doctor will call", "dr bass said"; after a courtesy title, not at its first word."""
    start, end = span
    words = list(re.finditer(r"[^\s]+", text[start:end]))
    if len(words[0].group(0).strip(",.")) < 2:
        return None
    title_word = title.strip(" \t.").split()[-1]
    if title_word == "miss" and _after_a_subject_or_determiner(lowered_same_length(text), title_start):
        return None  # "thrilled to miss math", "i miss grace": the verb, no one's title
    if title_word in _SAID_TO_ANYONE and words[0].group(0).strip(",.").lower() in common_words():
        return None  # "okay sir red light means", "sorry sir may i know": "sir" said to the caller
    # After a courtesy title the first word is the name whatever it is ("ask for dr said");
    # a verb after it is the verb ("dr bass said").
    courtesy = title.strip(" \t.").split()[-1] not in WORD_TITLES
    if not courtesy and title_word in _PROFESSIONS and _an_article_before(text, title_start) \
            and words[0].group(0).strip(",.").lower() in common_words():
        return None  # "call the nurse line", "the cardiac nurse line": a noun, no one's title
    kept_end = None
    for i, piece in enumerate(words):
        if piece.group(0).strip(",.").lower() in VERBS_AFTER_PEOPLE and not (courtesy and i == 0):
            break
        kept_end = start + piece.end()
    return None if kept_end is None else (start, kept_end)


# A name said to someone: "Grace, can you take that one?", "Any blockers, Sever?". The name
# starts a sentence and a comma and a question or request follow, or a comma comes before it
# and the sentence ends with it.
_ADDRESSED_AFTER = re.compile(
    r"[ \t]*,[ \t]*(?:can|could|would|will|what|do|did|are|any|how|please|is|have|you|thoughts)\b",
    re.IGNORECASE)
_COMMA_BEFORE = re.compile(r",[ \t]*$")
# The sentence ends right after the name: at the text's or line's end, or at punctuation
# before the next sentence ("Thanks, Grace. See you"), not before a word of the same phrase
# ("Good afternoon, Wells Fargo fraud department").
_SENTENCE_ENDS = re.compile(r"[ \t]*(?:$|\n|[.?!]+[ \t]*(?:$|\n|[ \t]+[A-Z]))")


def _addressed_hits(text: str, found: Iterable[Iterable[Span]], cased: bool) -> Iterator[Hit]:
    """Dictionary name words in a vocative: in cased text a capitalised one, even when it is an
    ordinary word too ("Grace", "Hunter"); in uncased text only one that is no ordinary word."""
    for spans in found:
        for start, end in spans:
            word = text[start:end]
            lowered = word.lower()
            if lowered in STOPWORDS or len(word) < 2:
                continue
            if cased and not word[:1].isupper():
                continue
            if not cased and lowered in common_words():
                continue
            if (sentence_initial(text, start) and _ADDRESSED_AFTER.match(text, end)) or (
                    _COMMA_BEFORE.search(text, max(0, start - 4), start)
                    and _SENTENCE_ENDS.match(text, end)
                    and not in_an_address(text, start, end)  # "12 Oak Road, London."
                    and not town_and_its_state(text, start, end)):
                yield start, end, L.LIKELY, Method.REGEX


def _person_hits(
    text: str, found: Iterable[Iterable[Span]], may_match: MayMatch | None
) -> Iterator[Hit]:
    """PERSON_NAME in one text, given the name dictionaries' matches there (`may_match`
    None: no name context can match it)."""
    cased = is_cased(text)
    found = [live_spans(text, spans, cased) for spans in found]
    return _person_hits_of_live(text, found, cased, may_match)


def _person_hits_of_live(
    text: str, found: list[list[Span]], cased: bool, may_match: MayMatch | None
) -> Iterator[Hit]:
    hits = join_adjacent(dictionary_hits(text, found), text, cased)
    yield from hits
    if not cased:
        yield from _given_names_before_surnames(text, hits)
        yield from _surnames_after_given_names(text, hits)
    yield from _addressed_hits(text, found, cased)
    if cased and "Will " in text:
        yield from _will_before_a_surname(text)
    if may_match is not None:
        yield from _context_hits(text, cased, may_match)


# "The hiring manager is Will Ashdown", "not like Will Paynter": "Will" with its capital inside
# a sentence, before a capitalised word English does not use, is a given name before a surname,
# though no list holds the surname ("Will County" and "Will Power" are words).
_WILL_AND_A_SURNAME = re.compile(r"\bWill[ \t]+[A-Z][a-z'’-]{2,30}\b(?![ \t]*['’]?[A-Z])")


def _will_before_a_surname(text: str) -> Iterator[Hit]:
    for match in _WILL_AND_A_SURNAME.finditer(text):
        surname = match.group(0).split()[-1]
        if ordinary_word(surname.lower()) or sentence_initial(text, match.start()) \
                or capitalises_every_word(text):
            continue
        yield match.start(), match.end(), L.LIKELY, Method.REGEX


# "croydon council school admissions bill speaking how can i help": an agent's name before
# "speaking", as the greeting opens a call or ends it (not "generally speaking"). The guard
# knows the word alone (`_SPEAKING`): a pattern that opens with a name would be reported at
# every word.
_SPEAKING = re.compile(r"\bspeaking\b")
_NAMED_BEFORE_SPEAKING = re.compile(
    rf"(?P<name>{WORD})(?=[ \t,]+speaking(?:[ \t,]+(?:how|what|can|may|who)\b|[ \t]*[.,!?]*[ \t]*$))"
)


def _named_before_speaking(text: str, lowered: str, cased: bool) -> Iterator[Hit]:
    for match in _NAMED_BEFORE_SPEAKING.finditer(lowered):
        span = _context_name(text, match.start("name"), match.end("name"), cased)
        if span is not None:
            yield span[0], span[1], L.LIKELY, Method.REGEX


def opens_a_full_name(text: str, start: int, end: int) -> bool:
    """Without capitals, whether the word at text[start:end], a given name that English uses as
    a modal too ("will"), opens a full name: a surname of the lists that is no ordinary word
    follows, and no subject, modal or determiner goes before ("it's will donnelly"; not "they
    will garcia")."""
    after = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", text[end:end + 40])
    if after is None:
        return False
    surname = after.group(1).lower()
    return surname in family_name_words() and not ordinary_word(surname) \
        and not _after_a_subject_or_determiner(lowered_same_length(text[max(0, start - 12):end]),
                                               min(start, 12))


_WORD_BEFORE_A_SURNAME = re.compile(
    _NOT_AFTER_A_SUBJECT_OR_DETERMINER + r"\b(?P<name>[^\W\d_][\w-]{0,30})[ \t]+$"
)
# Adjectives the lists hold as given names, which describe what a surname-like noun after them
# is ("red marks", "long hall"), rather than name anyone.
_ADJECTIVES_NAMED = frozenset("""red brown black white green gray grey gold long young little big else
    lucky noble royal true earnest major early stormy""".split())
# Roles the lists hold as given names, which say what someone after them does ("japanese author
# natsu higuchi"), not what they are called.
_ROLES_NAMED = frozenset("author judge captain pastor deacon bishop".split())
# Royal and saintly titles the lists hold as given names ("prince william", "saint mary"): a
# name's part when written, which trimming keeps ("Prince William" is more than "William"), but
# no given name of the surname after them.
_STYLES = frozenset("prince princess king queen duke duchess saint".split())
# A street's type after a surname: the surname is the street's ("park hudson terrace").
_STREET_TYPE_AFTER = re.compile(
    r"[ \t]+(?:street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|terrace|crescent|highway|"
    r"parkway|drive|dr|court|place|way|square)\b", re.IGNORECASE)


def _given_names_before_surnames(text: str, hits: Iterable[Hit]) -> Iterator[Hit]:
    """Without capitals, an ordinary word that is a given name, right before a surname that is
    no ordinary word, is that person's given name: "it's will donnelly", "my supervisor hope
    alvarez" (`given_name_before`)."""
    lowered = None
    for start, end, likelihood, method in hits:
        if likelihood < L.POSSIBLE or start < 2:
            continue
        surname = text[start:end].split()[0].lower()
        if surname not in family_name_words() or ordinary_word(surname):
            continue
        if lowered is None:
            lowered = lowered_same_length(text)
        given = given_name_before(text, lowered, start, end)
        if given is not None:
            yield given, end, likelihood, method


def given_name_before(text: str, lowered: str, start: int, end: int) -> int | None:
    """Where the given name right before a surname at [start, end) starts, in text without
    capitals (`lowered`: `lowered_same_length(text)`), or None. Not a verb after its subject or
    a modal ("i hope garcia wins", "we'll sue garcia"), nor a thing after a determiner ("the
    bill garcia sent"), nor a month ("may johnson"), a verb of speech, a relative, a title or an
    adjective ("said burch", "son james", "general gordon", "red marks"), nor a request's verb
    ("greet temi for me"), nor before a street's type ("park hudson terrace")."""
    before = _WORD_BEFORE_A_SURNAME.search(lowered, max(0, start - 32), start)
    if before is None:
        return None
    word = before.group("name")
    if word in given_name_words() and word not in STOPWORDS and not month_or_weekday(word) \
            and word not in ADDRESS_TERMS and (word not in _NOT_A_CHILDS_NAME or word == "will") \
            and word not in RELATIVE_WORDS and word not in _ADJECTIVES_NAMED \
            and word not in _STYLES and word not in _ROLES_NAMED and word not in TITLES_BEFORE_A_NAME \
            and word not in REQUEST_VERBS and not _STREET_TYPE_AFTER.match(text, end):
        return before.start("name")
    return None


_WORD_AFTER = re.compile(r"[ \t]+([^\W\d_][\w'’-]{3,})(?![\w'’-])")


def _census_surnames_after_given_names(text: str, given_names: Iterable[Span]) -> Iterator[Hit]:
    """Without capitals, a census surname that is no frequent English word and no list's name
    ("holroyd", "ansari"), right after a word that is a given name (`given_name_before`), is a
    person's full name, though English also says the given name: "grace holroyd", "will
    michaelis". Alone, such a surname is too often a word of another language or a slip
    ("bonjour", "lovley"), and the rules do not take it; nor in text mostly in another language
    ("una spalla") or typed online. `given_names`: the given-name list's matches in the text,
    live or not (`live_spans` drops "grace")."""
    surnames = ordinary = names = lowered = None
    for _, given_end in given_names:
        match = _WORD_AFTER.match(text, given_end)
        if match is None:
            continue
        if surnames is None:
            surnames, ordinary, names = surnames_said_as_names(), common_words(), name_words()
        word = match.group(1)
        if word not in surnames or word in ordinary or word in names:
            continue
        if lowered is None:
            if typed_online(text) or mostly_foreign(text):
                return  # "una spalla": a word of another language, or a handle's
            lowered = lowered_same_length(text)
        given = given_name_before(text, lowered, match.start(1), match.end(1))
        if given is not None:
            yield given, match.end(1), L.POSSIBLE, Method.DICTIONARY


# The word right after a name, and a possessive's "'s" ("noam chomsky's theory").
_WORD_AFTER_A_NAME = re.compile(r"[ \t]+([^\W\d_]+)(?:['’]s)?(?![\w'’-])")


def _surnames_after_given_names(text: str, hits: Iterable[Hit]) -> Iterator[Hit]:
    """Without capitals, the word right after a given name, when it is a surname that English
    says as little else ("adele goldberg", "margaret atwood", "asad ansari":
    `surnames_said_as_names`), is that person's surname. A speech recogniser writes such a
    surname as it writes every word, lower-case, and the rules would read a frequent one as an
    ordinary word. A word that is a stranger to English and to the lists is not taken alone:
    rare English words are strangers too ("danish linguist", "braiden slouching")."""
    surnames = None
    for start, end, likelihood, method in hits:
        if likelihood < L.POSSIBLE or text[start:end].split()[-1].lower() not in given_name_words():
            continue
        after = _WORD_AFTER_A_NAME.match(text, end)
        if after is None:
            continue
        if surnames is None:
            surnames = surnames_said_as_names()
        if after.group(1).lower() in surnames:
            yield start, after.end(1), likelihood, method


# A word a caller spells out after saying it: "the account holder is adebayo ogunleye o g u n l
# e y e", "Ogunleye, that's O-G-U-N-L-E-Y-E". Someone spells a word because it is a name (or
# a street, a town: a proper noun all the same), however foreign to the lists it is.
# (The `\b` says what the lookbehind does, in a form the guard's Hyperscan prefilter keeps: it
# drops lookarounds, and without it every "a" or "I" between two words would wake the scanner.)
_SPELLED_RUN = re.compile(r"\b(?<!['’])[a-z](?:[ \t.,-]+[a-z](?![\w'’])){2,40}")
# The words of the stretch before a spelling: the word spelled is one of the last few ("happy
# singh h a p p y", "hone wiremu parata that's h o n e", "culduthel road it's c u l d u t h e
# l": the whole name or address is said, then one word of it spelled).
_WORD_BEFORE_SPELLING = re.compile(r"[^\W\d_][\w'’-]{2,40}")
_WORDS_BACK = 6


def _spelled_out_hits(lowered: str) -> Iterator[Hit]:
    """The word, among the last few before a run of single letters, that the letters spell
    (`_SPELLED_RUN`), in the lower-cased text: a name the lists hold, a word that is no ordinary
    word, or, spelled with four letters or more, any word ("happy"; not "the cat c a t")."""
    for run in _SPELLED_RUN.finditer(lowered):
        letters = re.sub(r"[^a-z]", "", run.group(0))
        if letters in STOPWORDS or not (letters in name_words() or not ordinary_word(letters)
                                        or len(letters) >= 4):
            continue
        words = list(_WORD_BEFORE_SPELLING.finditer(lowered, max(0, run.start() - 80), run.start()))
        for word in reversed(words[-_WORDS_BACK:]):
            if re.sub(r"['’-]", "", word.group(0)) == letters:
                yield word.start(), word.end(), L.LIKELY, Method.REGEX
                break


# The context regexes of persons (`_context_hits`), which the scanners' shared guard runs first.
_PERSON_CONTEXTS = (
    [entry[0] for entry in _NAME_CONTEXTS + _RELATION_CONTEXTS]
    + [_MARKED_AS_A_NAME, _INTRODUCTION, _THIS_IS_AT_THE_END, *(cue[0] for cue in _CUES), _GREETING_CONTEXT, _SPEAKING,
       _TITLE_CONTEXT, _TITLE_CONTEXT_LOWER, _SPELLED_RUN, *CITATIONS]
)
guard_contexts("persons", _PERSON_CONTEXTS)


def scan_person_names(text: str, view) -> Iterator[Hit]:
    found = (first_names().find(view), last_names().find(view))
    yield from _person_hits(text, found, guard_for(text))
    if found[0] and not is_cased(text):
        yield from _census_surnames_after_given_names(text, found[0])
    yield from _family_hits(text)


def scan_person_names_batch(batch) -> Iterator[tuple]:
    """`scan_person_names` over a batch: Python only for texts with a name word that can be
    a name (`live_spans`) or a name context."""
    first, last = batch.find(first_names()), batch.find(last_names())
    candidates, guarded = guard_in_batch(batch, _PERSON_CONTEXTS)
    texts = batch.texts
    for i in sorted(guarded.union(first, last)):
        text = texts[i]
        cased = is_cased(text)
        found = [live_spans(text, first.get(i, ()), cased),
                 live_spans(text, last.get(i, ()), cased)]
        if i in first and not cased:  # a given name, live or not: "grace holroyd"
            for hit in _census_surnames_after_given_names(text, first[i]):
                yield (i, *hit)
        if i in guarded:
            may_match = may_match_in(candidates[i])
        elif found[0] or found[1]:
            may_match = None
        else:
            continue  # no live name word and no context: nothing to find
        for hit in _person_hits_of_live(text, found, cased, may_match):
            yield (i, *hit)
    for i, text in enumerate(texts):
        for hit in _family_hits(text):
            yield (i, *hit)


def scan_one_list(matcher) -> callable:
    def scan(text: str, view) -> Iterator[Hit]:
        for start, end, likelihood in dictionary_hits(text, (matcher().find(view),)):
            yield start, end, likelihood, Method.DICTIONARY

    return scan


def scan_one_list_batch(matcher) -> callable:
    def scan_batch(batch) -> Iterator[tuple]:
        for i, spans in sorted(batch.find(matcher()).items()):
            for start, end, likelihood in dictionary_hits(batch.texts[i], (spans,)):
                yield i, start, end, likelihood, Method.DICTIONARY

    return scan_batch
