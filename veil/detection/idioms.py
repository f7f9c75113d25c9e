"""Set phrases in which a word the name lists hold is the English word.

"Up at the crack of dawn", "poison ivy", "a bundle of joy", "mark my words", "for pete's sake",
"wade through the paperwork", "striped bass": the words around the name word say which it is,
whatever the lists say. In speech without capitals nothing else does, and a name said once in a
call spreads to every lower-case mention of its word (`veil.detection.name_repeats`), so that one
"Dawn" in a call took "the crack of dawn" with it. These phrases are English, not tuned to a
corpus: each is a fixed expression, a verb with its particle or object, or a compound whose
head or modifier is the thing ("bass boat", "rose bush").

A phrase decides only where case says nothing against it: for a word written in lower case,
or capitalised where a sentence opens. A capital mid-sentence is the writer saying it is a name
("up before Dawn gets home"), except in the phrases marked `!`, which no one says of a person
("for Pete's sake").

Each phrase is written with its name word in braces; `|` separates alternatives for one slot.
"""
from __future__ import annotations

import re
from functools import lru_cache

# The phrases, grouped by their name word. Alternatives for one slot: "(a|b)".
PHRASES = (
    # dawn
    "crack of {dawn}", "before {dawn}", "at {dawn}", "till {dawn}", "until {dawn}",
    "{dawn} to dusk", "{dawn} till dusk", "{dawn} until dusk", "{dawn} on (me|him|her|us|them)",
    # ivy, joy, faith, hope, grace
    "poison {ivy}", "{ivy} league", "english {ivy}",
    "bundle of {joy}", "(jump|jumped|jumping|jumps) for {joy}", "tears of {joy}", "pride and {joy}",
    "{joy} ride",
    "leap of {faith}", "in good {faith}", "keep the {faith}", "(lose|lost|losing|restore|restored|need|needs|needed|takes|took|have|has|had) {faith}",
    "(give|gave|gives|giving|given) up {hope}", "(lose|lost|losing) {hope}", "no {hope}",
    "any {hope}", "false {hope}", "{hope} so", "{hope} not",
    "{hope} (you|you're|your|it|it's|that|everything|everybody|everyone|all|to|we|they|he|she|"
    "he's|she's|they're|we're|i|i'm|things)",
    "{grace} period", "saving {grace}", "fall from {grace}", "(say|said|says|saying) {grace}",
    # mark, pete, frank, will
    "{mark} my words", "{mark} (it|that|them) (down|as|off)", "{mark} the (date|spot|occasion)",
    "(hit|missed|miss|hits|misses) the {mark}", "question {mark}", "on your {mark}",
    "!for {pete}'s sake", "!for {pete} sake",
    "to be {frank}", "{frank} with (you|me|him|her|them|us)",
    "{will} do",
    # fishing and food: bass, fry, brick
    "(striped|sea|largemouth|smallmouth|black|white|rock) {bass}",
    "{bass} (boat|boats|fishing|guitar|guitars|player|line|drum|drums|pro|tournament)",
    "(catch|catching|caught|fish|fishing) for {bass}", "(catch|catching|caught) {bass}",
    "{fry} up", "(fish|small|deep|stir|french) {fry}", "{fry} (it|them|that|some|the|a)",
    "(lay|laying|laid|lays) {brick}", "{brick} (wall|walls|house|building|mason|work|and mortar|red)",
    "red {brick}",
    # verbs with their particle or object: wade, drew, rob, sue, chase, bill, grant, pat, jack
    "{wade} (through|into|in|out|across)",
    "{drew} (up|a|an|the|on|attention|blood|straws|pictures)",
    "{rob} (a|the|us|me|them|banks|people|somebody|someone|peter)",
    "{sue} (me|them|us|somebody|someone|anybody|anyone|the|for|over|everybody)",
    "{chase} (after|down|away|off|around|anything|everything|it|them|the|a|cars|squirrels|birds|rabbits)",
    "(car|paper|high speed|wild goose) {chase}", "cut to the {chase}",
    "{bill} (me|it to|my card|the card|my account|the account|them|us)",
    "(phone|electric|electricity|water|gas|cable|hospital|medical|credit card|dollar|light|power) {bill}",
    "foot the {bill}", "{bill} of (sale|rights|lading)",
    "{grant} (an|a|the|money|application|applications|writing|funding|access|permission)",
    "(research|federal|state|pell|government) {grant}",
    "{pat} (on the back|yourself|myself|down|you on|him on|her on)",
    "{jack} (up|it up|the car|of all trades|squat|shit)", "(car|union) {jack}",
    # plants, birds, weather
    "{rose} (bush|bushes|garden|gardens|bud|buds|petals|water|hips|colored|coloured|gold|quartz|pink|wine)",
    "(prices|price|sun|water|river|temperature|temperatures|costs|it) {rose}", "{rose} and fell",
    "{robin} (outside|redbreast|egg|eggs)", "{robin}'s egg", "round {robin}",
    "{iris} (bulbs|flowers|beds)", "(water|calla|tiger|easter) {lily}", "{lily} (pad|pads)",
    "{daisy} chain", "{sandy} (beach|beaches|soil|bottom|loam|shore|looking|coloured|colored|blonde|brown|hair)",
    "{hazel} (eyes|eyed|tree|trees|nut|nuts|hedge|branches|twigs)",
    "touch {wood}", "knock on {wood}",
    "(what|which|solid|hard|soft|fire|drift|dead|reclaimed|bits of|piece of|pieces of|type of|kind of) {wood}",
    "{wood} (burner|burners|burning|stove|floor|floors|flooring|chips|glue|panel|panels|panelling|"
    "work|working|pile|shed|grain|stain|fence|pigeon|pigeons)",
    "{summer} (camp|job|jobs|break|vacation|school|heat|time|months|reading|squash)",
    "(this|last|next|all|every|that|indian|early|late|mid) {summer}",
    # places and things
    "(safe|tax) {haven}", "(deer|duck|bargain|job|treasure|bounty|house|head) {hunter}",
    "(fast|slow|left|right|passing|turn|bike|middle|express|carpool|hov) {lane}", "memory {lane}",
    "{gene} (pool|therapy|editing)", "x {ray}", "{ray} of (sunshine|hope|light)",
    "(manta|sting) {ray}", "hill and {dale}",
    "(up|down|over|top of) (that|the|a|this) {hill}",
    "(edge of a|edge of the|off a|off the|over a|over the) {cliff}",
    "{cliff} (edge|face|top|tops|walk|walks|path|hanger|jump)",
    "{rich} (people|man|men|woman|women|folks|kid|kids|guy|guys|family|families|list|tea|food|"
    "soil|history|and famous|and poor)", "(not|filthy|stinking|super|exactly|that|too) {rich}",
    "(big|huge|final|monthly|annual|quarterly|unpaid|outstanding) {bill}",
    "t {rex}", "t-{rex}",
    "(national|state|theme|amusement|water) {parks}", "{parks} and (rec|recreation)",
    "(trash|recycling|garbage|rubbish|wheelie) {bins}",
    "(cooking|dry|sweet) {sherry}", "glass of {sherry}", "{ferry} (ride|terminal|boat|crossing|service)",
    "(flash) {flood}", "{flood} (insurance|zone|zones|damage|waters|water|plain|warning|watch)",
    "{nail} (salon|polish|gun|file|it)", "(hit|hits) the {nail}", "(toe|finger) {nail}",
    "(first aid|tool|drum|survival|starter) {kit}", "{kit} and caboodle",
    "off the {hook}", "{hook} (up|it up|them up|me up|you up|line|and sinker)", "by {hook} or by crook",
    "(fish|fishing) {hook}", "(trimmed|trim|grow|grew|grown|gray|grey|full) {beard}",
    "every {penny}", "pretty {penny}", "{penny} (pinching|pincher|stock|stocks|for your thoughts|saved|candy|loafers)",
    "{art} and crafts", "{art} (class|classes|teacher|museum|school|show|supplies|gallery|project|projects|major|history)",
    "(work|works) of {art}", "state of the {art}", "(martial|fine|modern) {art}",
    # said of distance, time and weather, luck, and what a thing is worth (in the helper-written
    # calls, a name said once had spread to each of these: docs/names-in-speech.md)
    "since {dawn}", "by {dawn}", "at like {dawn}",
    "{miles} (away|apart|ahead|better|long|wide|high|an hour|per hour|a day|from here|from home|"
    "from anywhere|out|off)", "{miles} of (paperwork|road|roads|beach|coastline|trails|nothing|traffic|"
    "countryside|fields|desert|water|ocean|forms)", "{miles} and miles", "miles and {miles}",
    "for {miles} around",
    "(walk|walks|walked|walking|run|runs|ran|running|drive|drives|drove|driving|cycle|cycled|cycling|"
    "hike|hiked|hiking|travel|travelled|traveled|travelling|traveling|fly|flew|flying) {miles}",
    "{crystal} (clear|ball|balls|glass|glasses|vase|vases|meth|chandelier|set)",
    "{sterling} (effort|work|job|silver|performance|record|reputation|example|service|character|qualities)",
    "(pound|pounds|in) {sterling}", "anything but {sterling}",
    "(got|get|put|putting|puts|lot of|lots of|bit of|matter of|act of|question of|crisis of|blind) {faith}",
    "{faith} in (god|humanity|people|yourself|myself|himself|herself|ourselves|themselves|the system|"
    "the process|the technology|the team|the future)",
    "{sunny} (day|days|side|spell|spells|weather|morning|afternoon|skies|intervals|periods|outside|today)",
    "(bright|warm|hot|nice|lovely|dry|cold) and {sunny}", "(so|very|too|quite|really|mostly|partly|always) {sunny}",
    "{holly} (and ivy|and wreaths|and mistletoe|berries|berry|bush|bushes|leaves|tree|trees|wreath|wreaths)",
    "(struck|strike|striking|strikes) it {rich}", "that's {rich}", "{rich} coming from",
    "(one|single|last|extra) {penny}", "{penny} (late|short|more|less|left|back|dropped|drops)",
    "(until|till|since|than|by|during) {summer}",
    "(jump|jumps|jumping|jumped|leap|leaping|weep|weeping|wept|cry|crying|cried|beaming|glowing|"
    "filled|full|squeal|squealing|squealed|scream|screaming) with {joy}",
    "hill and down {dale}",
    "{ruby} (pendant|ring|rings|necklace|earrings|red|slippers|port|wedding|anniversary|stone|stones)",
    "{olive} (oil|oils|green|tree|trees|branch|grove|groves|skin|skinned)",
    "{sue} (his|her|my|your|their|our|its|you|him)",
    "{ivy} (growing|grows|grew|covered|climbing|leaves|plant|plants|all over)",
    "(get|gets|getting|got|feel|feeling|felt|so|very|really|pretty|just|be|been|being|stay|i'm|you're|"
    "we're|they're) {lucky}",
    "{lucky} (day|break|charm|number|guess|shot|streak|escape|dip|one|ones|you|me|us|them|him|her|enough|thing)",
    "{chuck} (it|them|that|this|out|away|in|up|down|some)",
    "{long} (time|way|day|days|story|term|weekend|distance|list|haul|run|ago|enough|while|wait|hours|week|"
    "drive|flight|walk|shot|overdue)",
    "{price} (tag|tags|list|range|point|points|match|increase|increases|rise|rises|drop|drops|cut|cuts|war|"
    "wars|hike|hikes|freeze|cap|comparison|check)",
    "of great {price}", "(great|high|low|full|half|fair|best|good|asking|retail|sale|cheap|right|reduced|"
    "discounted|original) {price}",
    "(another|high water|top|full|pass|passing) {mark}",
    "{young} and (healthy|fit|strong|beautiful|foolish|dumb|free|naive|stupid|innocent|old)",
    "(so|too|very|quite|still|pretty|really|look|looks|looked|feel|feels|felt|die|died|dies) {young}",
    "(bit|little|so|too|very|pretty) {rusty}",
    "{rusty} (old|nail|nails|bike|car|gate|water|orange|brown|red|hinge|hinges|pipes|bucket|tools)",
    "(do|climb|climbed|climbing|walk|walked|cycle|cycled|run|ran) (that|the|this) {hill}",
    "(go|goes|going|went|gone) through on {amber}", "to {amber} on the (chart|behaviour chart|behavior chart)",
    "{amber} (light|lights|alert|alerts|warning|warnings|zone|list|status)",
    "{max} of", "(nights|days|hours|weeks|months|minutes|dollars|pounds|quid|euros|bucks|grand|thousand|"
    "hundred|people|ringgit) {max}",
    "(bunch of|sprig of|purple with|covered in) {heather}",
    "{heather} (growing|grows|grew|in a pot|moor|moors|moorland|honey|hills|bush|plant|plants)",
    "(spelling|busy|bumble|honey|queen|worker) {bee}",
    "{bonnie} (day|lass|lad|wee|place|view)",
    "(christmas|advent) {carol}", "{carol} (sing|singing|singers|service|services|concert)",
    "{patty} (melt|melts)", "burger {patty}",
    "{jasmine} (tea|rice|flower|flowers|plant|scent)",
    # exclaimed: "Goodness" is a given name in Nigeria and Ghana (name_lists.GIVEN_NAMES_THAT_ARE_WORDS)
    "!thank {goodness}", "!my {goodness}", "!for {goodness} sake", "!for {goodness}'s sake",
    "!{goodness} (me|gracious|knows)",
    # terms of address that name no one
    "(hey|hi|okay|ok|thanks|thank you|yeah|night|later|sorry|alright|all right) {bud}", "{bud} light",
)

_SLOT = re.compile(r"\{([^}]+)\}")


def _part(text: str) -> str:
    """A phrase's words as a regex: spaces stand for any run of blanks, apostrophes for
    either apostrophe."""
    text = re.escape(text).replace(r"\ ", r"[ \t]+").replace("'", "['’]")
    return text.replace(r"\(", "(?:").replace(r"\)", ")").replace(r"\|", "|")


@lru_cache(maxsize=None)
def _patterns() -> dict[str, list[tuple[re.Pattern | None, re.Pattern | None, bool]]]:
    """For each name word, its phrases as (words before, words after, certain): the first
    must end where the word starts, the second start where it ends."""
    table: dict[str, list] = {}
    for phrase in PHRASES:
        certain = phrase.startswith("!")
        phrase = phrase.lstrip("!")
        slot = _SLOT.search(phrase)
        word = slot.group(1)
        before, after = phrase[:slot.start()], phrase[slot.end():]
        before_re = re.compile(r"(?<![\w'’-])" + _part(before.strip()) + r"[ \t]+$", re.IGNORECASE) \
            if before.strip() else None
        if after.strip():
            glue = "" if after[:1] in "'’" else r"[ \t]+"
            after_re = re.compile(glue + _part(after.strip()) + r"(?![\w'’-])", re.IGNORECASE)
        else:
            after_re = None
        table.setdefault(word, []).append((before_re, after_re, certain))
    return table


def idiom_words() -> frozenset[str]:
    """The name words some phrase here makes English words."""
    return frozenset(_patterns())


_REACH = 40  # characters before a word that a phrase's first words may take
# Words after which the next word is someone, whatever follows it: "tell hope you said hi",
# "ask drew the way", "thanks sue for that", "talk to sue the", but not "to" or "and" alone
# ("want to rob the kid", "came and drew up a report"). A phrase that reads only the words after its name
# word ("{hope} you", "{drew} the") does not hold there.
_TAKES_A_PERSON = re.compile(
    r"(?<![\w'’-])(?:tell|told|telling|ask|asked|asking|call|called|text|texted|email|thank|thanks|"
    r"see|saw|meet|met|love|miss|kiss|hug|with|for|hi|hey|hello|bye|named|dear|"
    r"(?:talk|talked|talking|speak|spoke|speaking|say|said|next|married|engaged|send|sent|wrote|"
    r"write|give|gave|belongs|listen|listened|went|go|over)[ \t]+to|"
    r"congratulate|remind|let|have|get|make|made|give|gave|is|was)[ \t]+$", re.IGNORECASE)


def in_a_set_phrase(text: str, start: int, end: int, capital_says_name: bool = False) -> bool:
    """Whether the word at [start, end) is the English word of a set phrase here ("the crack
    of dawn", "mark my words"). `capital_says_name`: the word's capital is the writer's (a
    capital mid-sentence in text with capitals), which only a phrase marked certain
    overrules."""
    entries = _patterns().get(text[start:end].lower())
    if not entries:
        return False
    window = text[max(0, start - _REACH):start]
    for before, after, certain in entries:
        if capital_says_name and not certain:
            continue
        if before is not None and before.search(window) is None:
            continue
        if before is None and _TAKES_A_PERSON.search(window) is not None:
            continue
        if after is not None and after.match(text, end) is None:
            continue
        return True
    return False


_EDGES = " \t\n.,!?;:"


def names_no_one_here(text: str, start: int, end: int) -> bool:
    """Whether the word at [start, end) (a span's edges trimmed) is a set phrase's English
    word where case says nothing against it: in lower case, or with a capital that opens a
    sentence or stands in a text without capitals of its own."""
    from veil.detection.engine.word_facts import is_cased, sentence_initial

    while start < end and text[start] in _EDGES:
        start += 1
    while end > start and text[end - 1] in _EDGES:
        end -= 1
    if text[start:end].lower() not in _patterns():
        return False
    capital_says_name = text[start:start + 1].isupper() and is_cased(text) \
        and not sentence_initial(text, start)
    return in_a_set_phrase(text, start, end, capital_says_name)
