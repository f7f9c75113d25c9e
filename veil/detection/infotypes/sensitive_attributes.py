"""Catalogue entries for DLP's sensitive attributes: what a person says about their body,
their past, their beliefs and their circumstances, rather than a number that points at them.

- BLOOD_TYPE: an ABO group with its Rh sign or word ("O+", "AB negative"), or a bare group
  right after "blood type"/"blood group"; only just after the word "blood", because "a positive"
  and "B-" are ordinary English and grades;
- CRIME_STATUS: phrases that say someone has a criminal past or is under a sentence
  ("criminal record", "on parole", "convicted of", "served time");
- RELIGIOUS_TERM, POLITICAL_TERM, SEXUAL_ORIENTATION, TRADE_UNION, MARITAL_STATUS,
  EMPLOYMENT_STATUS, IMMIGRATION_STATUS: phrase patterns that state the attribute of a person,
  mostly in the first person or with a possessive ("I'm a Catholic", "I voted Labour",
  "I'm gay", "my union rep", "my husband", "I was laid off", "my visa").

DLP finds these with classifiers over meaning; Veil has phrase lists and context instead,
which miss what the lists do not name and cannot always tell who the sentence is about
(docs/infotypes.md says how each differs). All are special-category data (GDPR Art. 9 and
10) or close to it, but identify nobody alone, so they score as MEDICAL_TERM does and stay out
of the default call_transcripts profile: a user's DLP template can name them.
"""
from __future__ import annotations

from veil.detection.engine.detectors import gated, pattern, scanner
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import InfoType
from veil.detection.infotypes.text import word_list_scanner
from veil.transform.operators.surrogate_formats import blood_type, like_value

L = Likelihood

_ABO = r"(?:AB|A|B|O|ab|a|b|o)"
_RH = r"(?:\s?[+\-−]|\s(?:rh\s?)?(?:positive|negative|pos|neg)\b|\s(?:Rh\s?)?(?:Positive|Negative)\b)"
BLOOD_TYPE = InfoType(
    "BLOOD_TYPE",
    "ABO blood groups with their Rh factor (O+, AB negative), near the word 'blood'; a bare "
    "group right after 'blood type' or 'blood group'.",
    detectors=(
        gated(rf"(?<![\w+\-]){_ABO}{_RH}(?![\w+\-])", r"\bblood\b", window=20),
        pattern(rf"(?i)\bblood (?:type|group)(?: is)? ({_ABO})\b(?!\s?[+\-−]|\s(?:rh\s?)?(?:positive|negative|pos|neg)\b)", L.LIKELY, group=1,
                trigger="lood"),
    ),
    surrogate=blood_type,
    score=1,
    examples=(("my blood type is O+", "O+"),
              ("blood group AB negative", "AB negative"),
              ("what's your blood type a positive", "a positive"),
              ("her blood type is B", "B")),
)

# Phrases that say a person has a criminal past or lives under a sentence. Whole words,
# case-insensitive; each names the status itself, so "the criminal court", "a prison film" or
# "the sex offender register" (the register, not someone on it) are not on the list.
_CRIME_PHRASES = (
    "criminal record|criminal records|criminal history|criminal conviction|"
    "criminal convictions|criminal background|previous conviction|previous convictions|"
    "prior conviction|prior convictions|spent conviction|spent convictions|"
    "felony conviction|felony convictions|convicted felon|convicted of|was convicted|"
    "been convicted|got convicted|ex-convict|ex-con|ex-offender|ex-prisoner|"
    "on parole|parole officer|out on parole|probation officer|"
    "served time|did time|doing time|served a sentence|serving a sentence|"
    "serving time|jail time|prison sentence|prison term|suspended sentence|"
    "custodial sentence|community sentence|house arrest|ankle monitor|electronic tag|"
    "registered sex offender|"
    "pleaded guilty|pled guilty|found guilty|was arrested|got arrested|been arrested|"
    "were arrested|was charged with|been charged with|got charged with|rap sheet|"
    "released from prison|released from jail|got out of prison|got out of jail|"
    "was in prison|was in jail|been in prison|been in jail|dui conviction|dwi conviction"
)
CRIME_STATUS = InfoType(
    "CRIME_STATUS",
    "Phrases that say someone has a criminal past or is under a sentence (criminal record, "
    "on parole, convicted of, served time).",
    detectors=(scanner(**word_list_scanner(_CRIME_PHRASES, L.POSSIBLE)),),
    surrogate=like_value,
    score=1,
    examples=(("I have a criminal record from years ago", "criminal record"),
              ("he is on parole until March", "on parole"),
              ("i served time in my twenties", "served time")),
)

# The rest of DLP's sensitive attributes (issue #29). Each is a few phrase patterns, matched
# case-insensitively, that state the attribute of the speaker or of someone they name ("I'm
# a Catholic", "my husband", "I was laid off"); a topic word alone ("christian", "union",
# "visa", "married") is not taken, because on its own it says nothing about a person.
# "I'm"/"we're" after "when", "once", "if", "until" or "unless" is a hope or a condition
# ("when I'm retired"), not a status.
_I = (r"(?:(?<!when )(?<!once )(?<!if )(?<!until )(?<!unless )(?:i['’]?m|i am|we['’]?re|we are)|"
      r"i was|i['’]ve been|i have been|we were)")
_ARTICLE = r"(?:an?\s+)?"


def _phrases(*regexes: str, likelihood: Likelihood = L.LIKELY) -> tuple:
    """One case-insensitive pattern detector per phrase regex."""
    return tuple(pattern(rf"(?i)\b(?:{regex})\b", likelihood) for regex in regexes)


_RELIGIONS = (r"catholic|roman catholic|christian|muslim|moslem|jewish|jew|hindu|buddhist|sikh|"
              r"mormon|protestant|evangelical|baptist|methodist|lutheran|presbyterian|"
              r"anglican|pentecostal|quaker|jehovah['’]?s witness|latter-day saint|"
              r"greek orthodox|russian orthodox|orthodox jew|atheist|agnostic|pagan|wiccan|"
              r"born[- ]again christian")
_FAITHS = (r"islam|judaism|christianity|catholicism|buddhism|hinduism|sikhism|"
           r"protestantism|orthodoxy|mormonism")
RELIGIOUS_TERM = InfoType(
    "RELIGIOUS_TERM",
    "Statements of a person's religion or belief: 'I'm a Catholic', 'raised Muslim', "
    "'converted to Islam', 'my church', 'I go to mass'; a religion word alone is not taken.",
    detectors=_phrases(
        rf"{_I}\s+(?:also\s+|still\s+)?{_ARTICLE}(?:(?:practi[cs]ing|devout|lapsed|"
        rf"non-?practi[cs]ing|observant|strict)\s+)?(?:{_RELIGIONS})",
        rf"(?:raised|brought up|born)\s+(?:as\s+)?{_ARTICLE}(?:{_RELIGIONS})",
        rf"convert(?:ed|ing)?\s+to\s+(?:{_FAITHS})",
        r"(?:my|our)\s+(?:church|mosque|synagogue|parish|congregation|pastor|parish priest|"
        r"rabbi|imam|religion|religious (?:beliefs|views|faith)|bar mitzvah|bat mitzvah)",
        r"(?:i|we)\s+(?:go|went|still go|used to go)\s+to\s+(?:church|mass|mosque|synagogue|"
        r"shul|temple|gurdwara)",
        r"(?:i|we)\s+(?:was|were|got)\s+(?:baptised|baptized)",
    ),
    surrogate=like_value,
    score=1,
    examples=(("I'm a Catholic, so Sunday is out", "I'm a Catholic"),
              ("she converted to Islam last year", "converted to Islam"),
              ("i help out at my church on fridays", "my church")),
)

_PARTIES = (r"democratic party|democrats?|republican party|republicans?|gop|"
            r"labour party|labor party|labour|tor(?:y|ies)|conservative party|liberal democrats|"
            r"lib ?dems?|liberal party|green party|greens|snp|plaid cymru|reform uk|ukip|"
            r"brexit party|libertarian party|socialist party|communist party|ndp|cdu|csu|spd|"
            r"afd|fdp|die linke|sinn f[eé]in|fianna f[aá]il|fine gael")
POLITICAL_TERM = InfoType(
    "POLITICAL_TERM",
    "Statements of a person's politics: party membership, how they vote, a party named in "
    "the first person ('I'm a registered Democrat', 'I voted Labour', 'member of the Green "
    "Party'); a party named alone is not taken.",
    detectors=_phrases(
        rf"{_I}\s+(?:always\s+|still\s+)?{_ARTICLE}(?:(?:registered|lifelong|staunch|"
        r"die-?hard|card-carrying|paid-up)\s+)?(?:democrat|republican|tory|socialist|"
        r"communist|libertarian|marxist|anarchist|trump supporter|labour supporter|"
        r"labour voter|tory voter)",
        rf"(?:i|we)\s+(?:always\s+|usually\s+|never\s+|just\s+)?(?:voted|vote|['’]ll vote|"
        rf"will vote|am voting|['’]m voting|are voting)\s+(?:for\s+)?(?:the\s+)?"
        rf"(?:{_PARTIES}|leave|remain|trump|biden|harris|obama|clinton)",
        rf"(?:{_I}|i joined|we joined)\s+(?:{_ARTICLE}member\s+of\s+)?the\s+(?:{_PARTIES})",
        r"my\s+(?:party membership|party card|political (?:views|beliefs|affiliation))",
        r"registered\s+(?:democrat|republican)",
    ),
    surrogate=like_value,
    score=1,
    examples=(("I'm a registered Democrat, for what it's worth", "I'm a registered Democrat"),
              ("we always vote for the Greens", "we always vote for the Greens"),
              ("i joined the Labour Party in 2019", "i joined the Labour Party")),
)

_ORIENTATIONS = (r"gay|lesbian|bisexual|pansexual|asexual|queer|homosexual|heterosexual")
SEXUAL_ORIENTATION = InfoType(
    "SEXUAL_ORIENTATION",
    "Explicit statements of sexual orientation: 'I'm gay', 'I came out as bisexual', "
    "'openly lesbian', 'my same-sex partner'; a relationship alone ('my boyfriend') is not "
    "taken.",
    detectors=_phrases(
        rf"{_I}\s+(?:also\s+|openly\s+|still\s+)?{_ARTICLE}(?:{_ORIENTATIONS})",
        rf"(?:came|come|coming)\s+out\s+as\s+{_ARTICLE}(?:{_ORIENTATIONS}|bi|straight|trans)",
        rf"(?:i|we)\s+came\s+out\s+to\s+(?:my|our)\s+(?:parents|family|mum|mom|dad|mother|"
        r"father|friends)",
        rf"(?:i\s+)?identify\s+as\s+{_ARTICLE}(?:{_ORIENTATIONS}|bi|straight)",
        rf"openly\s+(?:{_ORIENTATIONS})",
        r"my\s+same-?sex\s+(?:partner|spouse|wife|husband|marriage)",
    ),
    surrogate=like_value,
    score=1,
    examples=(("honestly, I'm gay and my family knows", "I'm gay"),
              ("he came out as bisexual at twenty", "came out as bisexual"),
              ("my same-sex partner and I", "my same-sex partner")),
)

_UNIONS = (r"teamsters|afl-cio|seiu|uaw|afscme|ibew|ufcw|ig metall|ver\.di|verdi union|"
           r"unison union|unite union|unite the union|gmb union|rmt union|usdaw|nasuwt|cupe|"
           r"unifor|national education association|american federation of teachers|"
           r"royal college of nursing|communication workers union|national union of teachers")
TRADE_UNION = InfoType(
    "TRADE_UNION",
    "Trade union membership: 'union member', 'my union rep', 'shop steward', 'I'm in the "
    "union', named unions (Teamsters, SEIU, UAW, IG Metall, ...).",
    detectors=_phrases(
        r"(?:trade\s+)?union\s+(?:member|members|membership|card|dues|rep|representative|"
        r"steward|official)|trade\s+unionists?|shop\s+stewards?",
        r"(?:my|our)\s+(?:trade\s+)?union(?:\s+(?:local|rep|representative|steward|card|dues|"
        r"membership))?",
        rf"{_I}\s+(?:in|with|{_ARTICLE}member\s+of|active\s+in)\s+(?:the\s+|a\s+)?"
        r"(?:union|trade union)",
        rf"(?:i|we)\s+joined\s+(?:the|a)\s+(?:union|trade union)",
        _UNIONS,
    ),
    surrogate=like_value,
    score=1,
    examples=(("I'll call my union rep tomorrow", "my union rep"),
              ("she has been a union member for years", "union member"),
              ("my dad drove trucks with the Teamsters", "Teamsters")),
)

MARITAL_STATUS = InfoType(
    "MARITAL_STATUS",
    "A person's marital status said in the first person or possessive: 'my husband', 'my "
    "ex-wife', 'I'm divorced', 'we separated', 'my marriage'; 'married' alone is not taken.",
    detectors=_phrases(
        r"(?:my|our)\s+(?:late\s+|ex-?\s?|former\s+|first\s+|second\s+|new\s+)?(?:husband|"
        r"wife|hubby|spouse|fianc[eé]e?|marriage|divorce|wedding anniversary)",
        rf"(?:{_I}|i got|we got|i['’]m getting|we['’]re getting|i just got|we just got)\s+"
        r"(?:recently\s+|newly\s+|happily\s+|just\s+|legally\s+|now\s+|still\s+)?(?:married|"
        r"divorced|separated|widowed|engaged|single|remarried|a widow|a widower|a divorcee|"
        r"a single (?:mum|mom|dad|parent|mother|father))",
        r"we\s+(?:separated|divorced|split up|got divorced)|"
        r"i\s+(?:divorced|separated from|split up with)\s+(?:my|him|her)",
    ),
    surrogate=like_value,
    score=1,
    examples=(("my husband handles the bills", "my husband"),
              ("I'm divorced, so it's just me", "I'm divorced"),
              ("we separated in may", "we separated")),
)

EMPLOYMENT_STATUS = InfoType(
    "EMPLOYMENT_STATUS",
    "A person's employment status: 'I'm unemployed', 'laid off', 'lost my job', 'on "
    "disability', 'I'm retired', 'self-employed'; a job title alone is not taken.",
    detectors=_phrases(
        rf"(?:{_I}|i got|we got|i just got|i['’]m now|i['’]m currently)\s+(?:currently\s+|now\s+|"
        r"recently\s+|just\s+|still\s+)?(?:unemployed|out of work|jobless|between jobs|"
        r"in between jobs|retired|semi-retired|laid off|made redundant|let go|fired|sacked|"
        r"self-?employed|furloughed|on furlough|on disability|on benefits|on unemployment|"
        r"on welfare|on the dole|on sick leave|on medical leave|on maternity leave|"
        r"on paternity leave|looking for work|job hunting|a stay-at-home (?:mom|mum|dad|parent)|"
        r"a homemaker|a retiree|a pensioner|a freelancer|working part-time|"
        r"working full-time)",
        r"(?:laid off|made redundant|lost (?:my|his|her|their|our) jobs?|got fired|got sacked|"
        r"on disability(?: benefits)?|on the dole|collecting unemployment|"
        r"unemployment (?:benefits|checks?|cheques?|insurance claim)|i retired|since i retired|"
        r"when i retired)",
    ),
    surrogate=like_value,
    score=1,
    examples=(("I'm unemployed right now", "I'm unemployed"),
              ("they laid off half of us and I was laid off too", "laid off"),
              ("my brother is on disability", "on disability")),
)

IMMIGRATION_STATUS = InfoType(
    "IMMIGRATION_STATUS",
    "A person's immigration status: 'my visa', 'green card', 'asylum' claims, "
    "'undocumented' people, 'work permit', 'permanent resident', 'deported'.",
    detectors=_phrases(
        r"(?:my|our|his|her|their)\s+(?:work\s+|student\s+|spousal\s+|tourist\s+|h-?1b\s+)?"
        r"(?:visa|visa application|green card|work permit|residence permit|residency|"
        r"immigration status|immigration case|immigration papers|citizenship application|"
        r"naturali[sz]ation|asylum (?:claim|case|application)|refugee status)",
        r"green\s+cards?|work\s+permits?|residence\s+permits?|h-?1b(?:\s+visa)?|"
        r"permanent\s+residen(?:t|ts|cy)|indefinite\s+leave\s+to\s+remain|(?:pre-)?settled\s+status|"
        r"refugee\s+status|daca(?:\s+status|\s+recipient)?|immigration\s+status",
        r"asylum\s+(?:seekers?|claims?|applications?|case|status)|(?:claimed|claim|claiming|"
        r"applied\s+for|apply\s+for|granted|seeking|sought|political)\s+asylum",
        r"undocumented\s+(?:immigrants?|migrants?|workers?|aliens?|people|parents?)|"
        rf"{_I}\s+undocumented|illegal\s+(?:immigrants?|aliens?)",
        r"(?:was|were|got|been|be|being)\s+deported|facing\s+deportation|overstayed\s+(?:my|his|"
        r"her|their|our)\s+visa|naturali[sz]ed\s+citizens?",
    ),
    surrogate=like_value,
    score=1,
    examples=(("my visa runs out in June", "my visa"),
              ("she finally got her green card", "her green card"),
              ("they applied for asylum in 2019", "applied for asylum")),
)

ENTRIES = (BLOOD_TYPE, CRIME_STATUS, RELIGIOUS_TERM, POLITICAL_TERM, SEXUAL_ORIENTATION,
           TRADE_UNION, MARITAL_STATUS, EMPLOYMENT_STATUS, IMMIGRATION_STATUS)
