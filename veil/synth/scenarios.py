"""What people say: one function per context, writing turns through a RecordBuilder.

Templates use `{slot}` for parts and `[[text|kind]]` for inline hard negatives (words that look
like PI and are not: eponyms, brands named after people, names used as words). Every slot a
template names must be passed to `say`; a slot passed as None is dropped.
"""
from __future__ import annotations

from typing import Callable

from veil.synth.builder import Lazy, RecordBuilder, Slots
from veil.synth.values import (DEPARTMENTS, Person, Values, namesake, randint,
                               with_formal_name)

# ---------------------------------------------------------------------------------------------
# Hard negatives, reused by every context
# ---------------------------------------------------------------------------------------------
EPONYMS = (
    "Parkinson's disease", "Alzheimer's", "Crohn's disease", "Hodgkin's lymphoma",
    "Down syndrome", "Tourette's", "Asperger's", "Bell's palsy", "Graves' disease",
    "Lou Gehrig's disease", "Addison's disease", "Huntington's disease", "Achilles tendon",
    "the Heimlich maneuver", "Meniere's disease", "Raynaud's",
)
EVERYDAY_EPONYMS = (
    "a Caesar salad", "Earl Grey tea", "Granny Smith apples", "eggs Benedict", "Morse code",
    "the Ferris wheel", "a Phillips screwdriver", "an Allen key", "Murphy's law",
    "a Bunsen burner", "the Richter scale", "Salisbury steak",
)
BRANDS = (  # brands and products named after people
    ("Dell", "laptop"), ("Ford", "truck"), ("Ford", "Explorer"), ("Tesla", "Model 3"),
    ("Gillette", "razors"), ("Kellogg's", "cereal"), ("Disney", "movie"), ("Porsche", "Cayenne"),
    ("Ferrari", "keychain"), ("Boeing", "737"), ("Chevrolet", "Malibu"), ("Heinz", "ketchup"),
    ("Levi's", "jeans"), ("Dyson", "vacuum"), ("Hoover", "vacuum"), ("Ford", "Focus"),
    ("Dell", "monitor"), ("Wendy's", "drive-through"), ("McDonald's", "coffee"),
    ("Hilton", "points"), ("Marriott", "rewards card"), ("Mercedes", "van"),
)

SMALL_TALK = (
    "Sorry, I'm driving, give me one second.",
    "Could you repeat that? The line is breaking up a little.",
    "Let me grab a pen. Okay, go ahead.",
    "It's been raining here all week, so everything's running late.",
    "Sorry, my dog is barking, hang on.",
    "No rush, take your time.",
    "Okay, I'm pulling it up now.",
    "The system is a little slow today, bear with me.",
    "Sorry about the background noise, I'm at the office.",
)
SMALL_TALK_NEG = (
    "[[May|name_word]] I put you on a brief hold?",
    "[[Will|name_word]] do.",
    "I'll [[mark|name_word]] it on my calendar.",
    "Okay, [[mark|name_word]] it down as urgent then.",
    "Just [[bill|name_word]] me for the difference.",
    "To be [[frank|name_word]], I'm not thrilled about it.",
    "I [[hope|name_word]] so, honestly.",
    "We can't exactly [[sue|name_word]] them over it.",
    "There's a thirty day [[grace|name_word]] period, right?",
    "Is [[June|name_word]] too late for that?",
    "I'm writing this on my old [[Dell|brand]] laptop.",
    "My [[Ford|brand]] is in the shop, so I can't drive over.",
    "My mom has [[Alzheimer's|eponym]], so I handle her accounts.",
    "I had a [[Caesar salad|eponym]] at my desk, sorry, I'm eating.",
    "It's [[Murphy's law|eponym]], everything broke the same day.",
    "I'm on my [[Tesla|brand]]'s Bluetooth, so tell me if I cut out.",
    "Honestly it's like [[Morse code|eponym]] trying to read that screen.",
    "[[Will|name_word]] that show up on the next statement?",
    "[[Bill|name_word]] the company card, not mine.",
)


def small_talk(b: RecordBuilder) -> str:
    """A line of small talk; with probability hard_negative_rate one holding a hard negative."""
    if b.rng.random() < b.cfg.hard_negative_rate:
        return b.pick(SMALL_TALK_NEG)
    return b.pick(SMALL_TALK)


MEETING_TALK = (
    "Sorry, I was on mute.", "Can everyone see my screen?", "You're breaking up a bit.",
    "Sorry, go ahead.", "Let me share my screen.", "Is the recording on?",
    "Can we take five minutes after this?", "I have a hard stop at the hour.",
)
MEETING_TALK_NEG = (
    "[[May|name_word]] I jump in here?", "[[Will|name_word]] do.",
    "Let's [[mark|name_word]] that as done.", "Can we [[bill|name_word]] that to the client?",
    "To be [[frank|name_word]], I don't think we're ready.", "I [[hope|name_word]] so.",
    "My laptop's a [[Dell|brand]], the camera is terrible.",
    "Sorry, I'm eating a [[Caesar salad|eponym]], I'll stay on mute.",
    "It's [[Murphy's law|eponym]], the demo broke right before the call.",
    "Let's not [[rob|name_word]] Peter to pay Paul with the budget.",
    "The [[Boeing|brand]] account, not the other one.",
    "Maybe in [[June|name_word]], after the release.",
)


def meeting_talk(b: RecordBuilder) -> str:
    if b.rng.random() < b.cfg.hard_negative_rate:
        return b.pick(MEETING_TALK_NEG)
    return b.pick(MEETING_TALK)


def brand(b: RecordBuilder) -> tuple[tuple, str]:
    name, product = b.pick(BRANDS)
    return b.neg("brand", name), product


# ---------------------------------------------------------------------------------------------
# Customer support
# ---------------------------------------------------------------------------------------------
AGENT, CUSTOMER = "agent", "customer"

SUPPORT_GREET = (
    "Thank you for calling {org}, my name is {agent}. How can I help you today?",
    "{org}, this is {agent} speaking.",
    "Hi, you've reached {org} customer care. This is {agent}, who am I speaking with?",
    "Good morning, {org} support, {agent} here. How can I help?",
    "Thanks for holding. This is {agent} with {org}, what can I do for you?",
    "Hello and welcome to {org}. You're speaking with {agent}.",
)
CUSTOMER_OPEN_NAMED = (
    "Hi {agent_first}, this is {cust}.",
    "Yeah, hi, my name is {cust}.",
    "Hi, it's {cust} calling.",
    "Hello, this is {cust}, I spoke to someone yesterday.",
    "Hey {agent_first}. My name's {cust}.",
)
CUSTOMER_OPEN_ANON = (
    "Hi there.",
    "Yeah, hi.",
    "Hello, yes.",
    "Hi, thanks for picking up.",
)
ASK_NAME = (
    "Can I get your full name, please?",
    "Who am I speaking with today?",
    "[[May|name_word]] I have your first and last name?",
    "Sure, I can help with that. What's the name on the account?",
    "Okay, and who do I have the pleasure of speaking with?",
)
GIVE_NAME = (
    "Sure, it's {cust}.",
    "{cust}.",
    "Yeah, it's {first}, last name {last}.",
    "It's under {cust}.",
    "First name {first}, last name {last}.",
)
SPELL_NAME = (
    "That's {spelled}.",
    "{spelled}.",
    "Last name is spelled {spelled}.",
    "Let me spell that, {spelled}.",
)
GIVE_FIRST = ("My name is {first}.", "It's {first}.", "{first}.", "Yeah, it's {first}.")
ASK_LAST = ("And your last name?", "And the last name?", "Can I get your last name too?",
            "Thanks. And your surname?")
GIVE_LAST = ("{last}.", "It's {last}.", "Last name {last}.")
NICKNAME_LINES = ("But everyone calls me {nick}.", "You can call me {nick}.",
                  "{nick} is fine, by the way.", "Please, just {nick}.")
READ_BACK = ("So that's {rb}?", "Okay, {rb}, correct?", "Let me read that back: {rb}.",
             "Just to confirm, {rb}?")
READ_BACK_PARTIAL = ("So that's {rb}...?", "Okay, {rb}... and then?", "Sorry, {rb}, and after that?")
CONFIRM_READ_BACK = ("Yes, that's right.", "Yep.", "Correct.", "That's it.")
SHARED_NAME = (
    ("Oh, and my coworker {coll} might call about this too. Same first name as me, "
     "it confuses everyone.", "Got it, I'll add a note that {coll} is a separate contact."),
    ("If {coll_first} calls, that's my colleague, not me. We're both {coll_first}, I know.",
     "Understood. What's your colleague's last name, so I can tell you apart?"),
    ("My colleague, also {coll_first}, {coll_first} {coll_last}, set up the account originally.",
     "Okay, I see {coll} listed as a secondary contact."),
)
THANK_NAME = (
    "Thank you, {title} {last}.",
    "Thanks, {first}.",
    "Perfect, thank you {first}.",
    "Got it, {title} {last}. Thanks.",
    "Okay, I have your account up, {first}.",
)
VERIFY_EMAIL = (
    ("Can you confirm the email address on the account?", "Yeah, it's {email}."),
    ("And what's the best email to reach you?", "{email}."),
    ("What email should I send the confirmation to?", "Send it to {email}, please."),
    ("Is your email still {email}?", "Yes, that's right."),
)
VERIFY_PHONE = (
    ("And a good callback number, in case we get disconnected?", "Sure, it's {phone}."),
    ("Can you verify the phone number on file?", "{phone}."),
    ("What's the best number to reach you?", "My cell is {phone}."),
)
VERIFY_DOB = (
    ("Can you verify your date of birth for me?", "Sure, it's {dob}."),
    ("For security, what's your date of birth?", "{dob}."),
    ("And your birthday?", "I was born on {dob}."),
)
VERIFY_ADDRESS = (
    ("What's the address on the account?", "It's {address}."),
    ("Can I confirm the shipping address?", "{address}."),
    ("Is the billing address still {address}?", "Yes, same address."),
)
VERIFY_SSN = (
    ("For security I'll need your social security number.", "Okay, it's {ssn}."),
    ("Can you read me your social, please?", "Sure, {ssn}."),
    ("To open the dispute I need to verify your SSN.", "It's {ssn}."),
)

ORDER_OPEN = (
    "I ordered {qty} last week, order number {order}, and it still hasn't shown up.",
    "I'm calling about order {order}. Half of it arrived damaged.",
    "I got the wrong item. I ordered {qty} and got something else entirely.",
    "I need to return part of order {order}, it's the wrong size.",
)
ORDER_BODY = (
    ("Let me pull that up. Okay, I see order {order} shipped on [[Tuesday|date]].",
     "Well, it's not here. Honestly, this is worse than what I get from {topic}."),
    ("I'm sorry about that. The total on that order was {price}.",
     "Right, and I'd rather not pay {price2} for shipping again."),
    ("I can send a replacement out today. It should arrive by {time} tomorrow.",
     "Okay, that works. I'm usually home after {time2}."),
    ("Did you buy the extended warranty with that?",
     "No, I bought the warranty through {topic} instead, it was cheaper."),
)
ADDRESS_CHANGE = (
    ("Should I send it to {address}?",
     "Actually I moved, it's {address2} now. That's in {city}."),
    ("What address should it ship to?",
     "{address}, in {city}."),
    ("And it's going to the {city} address?",
     "Yes, {address}."),
)

BILLING_OPEN = (
    "I was charged twice on my card this month.",
    "There's a charge of {price} on my statement I don't recognise.",
    "I want to update the card on my subscription.",
    "My automatic payment failed and I got a late fee of {price}.",
)
CARD_LINES = (
    ("Which card would you like to use?", "The card number is {card}."),
    ("Can you read me the card number?", "Okay, it's {card}."),
    ("Go ahead with the full card number when you're ready.", "{card}. Expiry is [[March|name_word]] next year."),
)
IBAN_LINES = (
    ("We can also refund it by bank transfer. Do you have your IBAN?", "Yes, it's {iban}."),
    ("What account should the refund go to?", "My IBAN is {iban}."),
)
BILLING_BODY = (
    ("I see two charges of {price} on [[the third|date]].",
     "Yeah, that's what I'm looking at."),
    ("I've reversed the duplicate. It takes {qty} to show up.",
     "Okay. [[Will|name_word]] I get an email about it?"),
    ("I've waived the late fee as a one-time courtesy.",
     "Thank you. To be [[frank|name_word]], I was about to switch to {topic}."),
)

ACCOUNT_OPEN = (
    "I can't log into my account, it keeps saying my password is wrong.",
    "I think someone else has been using my account.",
    "I need to reset my password but I don't get the email.",
    "My account got locked after I tried to log in a few times.",
)
ASK_USERNAME = (
    ("What's the username on the account?", "It's {username}."),
    ("Do you have your user ID handy?", "Yeah, user ID is {username}."),
    ("Can I get the username, please?", "My username is {username}."),
    ("And the user name you log in with?", "{username}."),
)
ACCOUNT_BODY = (
    ("I see a few failed logins from the IP address {ip}. Was that you?",
     "No, that wasn't me. I'm in {city}."),
    ("I'll send a reset link to {email}.", "Okay, I'm checking now."),
    ("You can also reset it yourself at {url}.", "Okay, let me try that."),
    ("Are you on a [[Dell|brand]] or a Mac?", "A Mac. Does that matter?"),
    ("The last successful sign-in was from {ip} at {time}.", "That sounds like my home network."),
)

MEDICAL_OPEN = (
    "I'm calling to schedule a follow-up for my {rel}, {patient}.",
    "Hi, I need to move an appointment for {patient}.",
    "I'm calling about a prescription refill for {patient}.",
)
MEDICAL_BODY = (
    ("Can I get the patient's date of birth?", "{dob}."),
    ("Do you have the medical record number?", "Yes, it's {mrn}."),
    ("And how old is the patient?", "{pronoun_cap}'s {age}."),
    ("What's the reason for the visit?",
     "{pronoun_cap} was diagnosed with [[{eponym}|eponym]] last year and the new medication makes {obj} dizzy."),
    ("I have an opening with Dr. {doctor} on [[Thursday|date]] at {time}.",
     "That works. Is that at the {city} office?"),
    ("Is the patient still at {address}?", "Yes, nothing's changed."),
)

INSURANCE_OPEN = (
    "I'm calling about a claim. Someone backed into my car in a parking lot.",
    "I need to add a vehicle to my policy.",
    "I'm calling to get a quote for a second car.",
)
INSURANCE_BODY = (
    ("Can I get the VIN on the vehicle?", "Sure, it's {vin}."),
    ("What's the vehicle identification number?", "Hang on, it's on the door. {vin}."),
    ("What kind of car is it?", "A {brand} {product}, the blue one."),
    ("Where is the car usually parked overnight?", "At home, {address}."),
    ("Your deductible on that policy is {price}.", "Okay, [[will|name_word]] that go up after this?"),
    ("Were there any injuries?", "My neck's a bit sore, my doctor said it's probably the [[Achilles tendon|eponym]] thing flaring up again, unrelated."),
)

TRAVEL_OPEN = (
    "I need to update the passport details on my booking to {dest}.",
    "I'm flying to {dest} next week and the name on my ticket is wrong.",
    "I want to add my passport number to my reservation.",
)
TRAVEL_BODY = (
    ("Go ahead with the passport number.", "It's {passport}."),
    ("And the date of birth exactly as it appears on the passport?", "{dob}."),
    ("Your flight leaves at {time} from gate twelve.", "Great, and I have {qty}, is that okay?"),
    ("What's your nationality on the passport?", "I'm from {country}."),
    ("There's a change fee of {price}.", "Can you just [[bill|name_word]] it to the same card?"),
)

HELPDESK_OPEN = (
    "My laptop won't connect to the VPN since this morning.",
    "I'm locked out of my email and I have a client call in ten minutes.",
    "I need access to the shared drive for the {dept} team.",
    "My new monitor isn't being detected, it's a [[Dell|brand]].",
)
HELPDESK_BODY = (
    ("Can I have your employee ID?", "Sure, it's {emp}."),
    ("And what's your user ID?", "It's {username}."),
    ("What IP address does it show under network settings?", "It says {ip}."),
    ("Which office are you in?", "The {city} office, third floor."),
    ("I'll email the instructions to {email}.", "Perfect, thanks."),
    ("Is your manager still {manager}?", "Yes, {manager_first} approved it already."),
)

SUPPORT_CLOSE = (
    ("Is there anything else I can help you with today, {first}?",
     "No, that's everything. Thanks, {agent_first}."),
    ("Anything else I can do for you, {title} {last}?",
     "Nope, that's it. Appreciate your help."),
    ("You're all set. Thanks for calling {org}.",
     "Thank you, have a good one."),
    ("Alright, I've made a note on your account. Have a great day.",
     "[[Will|name_word]] do, thanks {agent_first}. Bye."),
)

_ISSUES = ("order", "billing", "account", "medical", "insurance", "travel", "helpdesk")
_ISSUE_WEIGHTS = (25, 45, 65, 77, 87, 94, 100)
_RELATIVES = (("father", "male"), ("mother", "female"), ("husband", "male"), ("wife", "female"),
              ("son", "male"), ("daughter", "female"), ("grandmother", "female"),
              ("grandfather", "male"))


def given_number(b: RecordBuilder, said: list, info_type: str, value: str) -> tuple:
    """A number the caller says (perhaps with a false start); noted in `said` for read-back."""
    part = b.number(info_type, value)
    said.append((part, value))
    return b.false_start(part)


def maybe_read_back(b: RecordBuilder, said: list) -> None:
    """With probability p_read_back, the agent reads the caller's number back."""
    if not said or not b.chance("read_back", b.cfg.p_read_back):
        return
    part, value = said[0]
    rb, partial = b.read_back(part, value)
    b.say(AGENT, b.pick(READ_BACK_PARTIAL if partial else READ_BACK), rb=rb)
    b.say(CUSTOMER, b.pick(CONFIRM_READ_BACK))


def customer_support(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    agent, cust = v.person(), v.person()
    nicks: tuple[str, ...] = ()
    if b.chance("nickname", b.cfg.p_nickname):
        cust, nicks = with_formal_name(v, cust, {agent.first})
    nick = c(nicks) if nicks else None
    org = v.org()
    issue = rng.choices(_ISSUES, cum_weights=_ISSUE_WEIGHTS)[0]
    helpdesk = issue == "helpdesk"

    # the company answering the phone is the agent's own: speaker-related
    if helpdesk:
        b.say(AGENT, c(("IT service desk, this is {agent}.", "Help desk, {agent} speaking.",
                        "Hi, this is {agent} from IT support at {org}.")),
              agent=b.name(agent, "first"), org=b.org(org, True))
    else:
        b.say(AGENT, c(SUPPORT_GREET), agent=b.name(agent, c(("first", "first", "full"))),
              org=b.org(org, True))

    named = rng.random() < 0.55
    opener = {
        "order": ORDER_OPEN, "billing": BILLING_OPEN, "account": ACCOUNT_OPEN,
        "medical": MEDICAL_OPEN, "insurance": INSURANCE_OPEN, "travel": TRAVEL_OPEN,
        "helpdesk": HELPDESK_OPEN,
    }[issue]
    rel, rel_gender = c(_RELATIVES)
    patient = v.person(gender=rel_gender, locale=cust.locale)
    order_no = b.order_number()
    slots = dict(
        agent_first=b.name(agent, "first"), cust=b.name(cust), order=order_no,
        qty=Lazy(lambda: b.quantity(c(("boxes of printer paper", "cases of toner", "chairs",
                                       "units", "pairs of gloves", "reams", "bags")))),
        price=Lazy(b.price), rel=rel, patient=Lazy(lambda: b.name(patient)),
        dest=Lazy(lambda: b.place(v.city())), dept=c(DEPARTMENTS),
        own_org=Lazy(lambda: b.org(org, True)),
    )
    first_turn = [c(CUSTOMER_OPEN_NAMED if named else CUSTOMER_OPEN_ANON), c(opener)]
    ask_name = not named or rng.random() < 0.3
    nick_line = c(NICKNAME_LINES) if nick is not None else None
    if nick_line is not None and not ask_name:
        first_turn.insert(1, nick_line)
    if helpdesk and named and rng.random() < 0.7:
        first_turn.insert(1, "I'm in {dept} at {own_org}.")
    b.say(CUSTOMER, first_turn, nick=Lazy(lambda: b.nickname(cust, nick)), **slots)

    # who is calling
    if ask_name:
        b.say(AGENT, c(ASK_NAME))
        if b.chance("split_name", b.cfg.p_split_name):
            b.say(CUSTOMER, c(GIVE_FIRST), first=b.false_start(b.name(cust, "first")))
            b.say(AGENT, c(ASK_LAST))
            give = [c(GIVE_LAST)]
        else:
            give = [c(GIVE_NAME)]
        spelled = b.maybe_spelled(cust)
        if spelled is not None:
            give.append(c(SPELL_NAME))
        if nick_line is not None:
            give.append(nick_line)
        b.say(CUSTOMER, give, cust=Lazy(lambda: b.false_start(b.name(cust))),
              first=b.name(cust, "first"), last=b.name(cust, "last"), spelled=spelled,
              nick=Lazy(lambda: b.nickname(cust, nick)))
    later_first = (lambda: b.nickname(cust, nick)) if nick is not None \
        else (lambda: b.name(cust, "first"))
    b.say(AGENT, c(THANK_NAME), title=cust.title, last=b.name(cust, "last"),
          first=later_first())
    if b.chance("shared_first_name", b.cfg.p_shared_first_name):
        coll = namesake(v, cust)
        ask, answer = c(SHARED_NAME)
        vals = dict(coll=Lazy(lambda: b.name(coll)), coll_first=Lazy(lambda: b.name(coll, "first")),
                    coll_last=Lazy(lambda: b.name(coll, "last")))
        b.say(CUSTOMER, ask, **vals)
        b.say(AGENT, answer, **vals)

    # verification: one or two checks, drawn by issue
    checks = {
        "order": (VERIFY_EMAIL, VERIFY_PHONE, VERIFY_ADDRESS),
        "billing": (VERIFY_DOB, VERIFY_SSN, VERIFY_PHONE, VERIFY_ADDRESS),
        "account": (VERIFY_EMAIL, VERIFY_DOB, VERIFY_PHONE),
        "medical": (VERIFY_PHONE, VERIFY_ADDRESS),
        "insurance": (VERIFY_DOB, VERIFY_ADDRESS, VERIFY_PHONE),
        "travel": (VERIFY_EMAIL, VERIFY_PHONE),
        "helpdesk": (VERIFY_PHONE,),
    }[issue]
    ssn = Lazy(v.ssn)
    for bank in rng.sample(checks, k=min(len(checks), randint(rng, 1, 2))):
        ask, answer = c(bank)
        said: list = []
        vals = dict(
            email=Lazy(lambda: b.email(v.email(cust))),
            phone=Lazy(lambda: given_number(b, said, "PHONE_NUMBER", v.phone(person=cust))),
            dob=Lazy(lambda: b.dob(v.date_of_birth(cust))),
            address=Lazy(lambda: b.address(v.home_address(cust))),
            ssn=Lazy(lambda: given_number(b, said, "US_SOCIAL_SECURITY_NUMBER", ssn.get())),
        )
        b.say(AGENT, ask, **vals)
        b.say(CUSTOMER, answer, **vals)
        maybe_read_back(b, said)

    # the issue itself
    body = dict(
        order=order_no, price=Lazy(b.price), price2=Lazy(b.price), time=Lazy(b.time),
        time2=Lazy(b.time),
        topic=Lazy(lambda: b.org(v.topic_org() if rng.random() < 0.7 else v.org().name, False)),
        qty=Lazy(lambda: b.quantity(c(("business days", "days", "hours")), 2, 10)),
        city=Lazy(lambda: b.place(v.city(cust.locale))),
    )
    if issue == "order":
        for ask, answer in rng.sample(ORDER_BODY, k=randint(rng, 2, 3)):
            b.say(AGENT, ask, **body)
            b.say(CUSTOMER, answer, **body)
        if rng.random() < 0.6:
            ask, answer = c(ADDRESS_CHANGE)
            addr = dict(body, address=Lazy(lambda: b.address(v.home_address(cust))),
                        address2=Lazy(lambda: b.address(
                            v.full_address() if rng.random() < 0.3 else v.street_address())))
            b.say(AGENT, ask, **addr)
            b.say(CUSTOMER, answer, **addr)
    elif issue == "billing":
        if cust.locale in ("en_GB", "de_DE", "fr_FR", "it_IT", "nl_NL", "pl_PL", "ga_IE") \
                and rng.random() < 0.6:
            ask, answer = c(IBAN_LINES)
            b.say(AGENT, ask)
            b.say(CUSTOMER, answer, iban=b.code("IBAN_CODE", v.iban(cust.locale)))
        else:
            ask, answer = c(CARD_LINES)
            b.say(AGENT, ask)
            said = []
            b.say(CUSTOMER, answer,
                  card=given_number(b, said, "CREDIT_CARD_NUMBER", v.credit_card()))
            maybe_read_back(b, said)
        for ask, answer in rng.sample(BILLING_BODY, k=randint(rng, 1, 2)):
            b.say(AGENT, ask, **body)
            b.say(CUSTOMER, answer, **body)
    elif issue == "account":
        ask, answer = c(ASK_USERNAME)
        b.say(AGENT, ask)
        b.say(CUSTOMER, answer, username=b.username(v.username(cust)))
        vals = dict(body, ip=Lazy(lambda: b.ent("IP_ADDRESS", v.ip_address())),
                    email=Lazy(lambda: b.email(v.email(cust))),
                    url=Lazy(lambda: b.url(v.url(org=org))))
        for ask, answer in rng.sample(ACCOUNT_BODY, k=randint(rng, 1, 3)):
            b.say(AGENT, ask, **vals)
            b.say(CUSTOMER, answer, **vals)
    elif issue == "medical":
        doctor = v.person()
        eponym = c(EPONYMS)
        vals = dict(body, dob=Lazy(lambda: b.dob(v.date_of_birth(patient))),
                    mrn=Lazy(lambda: b.number("MEDICAL_RECORD_NUMBER", v.medical_record_number())),
                    age=Lazy(lambda: b.age(v.age_of(patient))),
                    pronoun_cap=patient.pronoun.capitalize(),
                    obj="her" if patient.gender == "female" else "him",
                    doctor=Lazy(lambda: b.name(doctor, "last")),
                    address=Lazy(lambda: b.address(v.home_address(patient))))
        for ask, answer in rng.sample(MEDICAL_BODY, k=randint(rng, 2, 4)):
            b.say(AGENT, ask.replace("{eponym}", eponym), **vals)
            b.say(CUSTOMER, answer.replace("{eponym}", eponym), **vals)
    elif issue == "insurance":
        brand_part, product = brand(b)
        vals = dict(body, vin=Lazy(lambda: b.code("VEHICLE_IDENTIFICATION_NUMBER", v.vin())),
                    brand=brand_part, product=product,
                    address=Lazy(lambda: b.address(v.home_address(cust))))
        for ask, answer in rng.sample(INSURANCE_BODY, k=randint(rng, 2, 4)):
            b.say(AGENT, ask, **vals)
            b.say(CUSTOMER, answer, **vals)
    elif issue == "travel":
        vals = dict(body, passport=Lazy(lambda: b.code("PASSPORT", v.passport())),
                    dob=Lazy(lambda: b.dob(v.date_of_birth(cust))),
                    country=Lazy(lambda: b.place(v.country())),
                    qty=Lazy(lambda: b.quantity(c(("bags", "checked bags", "carry-ons")), 1, 3)))
        for ask, answer in rng.sample(TRAVEL_BODY, k=randint(rng, 2, 4)):
            b.say(AGENT, ask, **vals)
            b.say(CUSTOMER, answer, **vals)
    else:  # helpdesk
        manager = v.person()
        vals = dict(body, emp=Lazy(lambda: b.number("EMPLOYEE_ID", v.employee_id())),
                    username=Lazy(lambda: b.username(v.username(cust))),
                    ip=Lazy(lambda: b.ent("IP_ADDRESS", v.ip_address())),
                    email=Lazy(lambda: b.email(v.email(cust, org.domain))),
                    manager=b.name(manager), manager_first=b.name(manager, "first"))
        for ask, answer in rng.sample(HELPDESK_BODY, k=randint(rng, 2, 4)):
            b.say(AGENT, ask, **vals)
            b.say(CUSTOMER, answer, **vals)

    if rng.random() < 0.6:
        b.say(CUSTOMER if rng.random() < 0.8 else AGENT, small_talk(b))
    ask, answer = c(SUPPORT_CLOSE)
    vals = dict(first=later_first(), title=cust.title, last=b.name(cust, "last"),
                agent_first=b.name(agent, "first"), org=b.org(org, True))
    b.say(AGENT, ask, **vals)
    b.say(CUSTOMER, answer, **vals)


# ---------------------------------------------------------------------------------------------
# Sales calls
# ---------------------------------------------------------------------------------------------
REP, PROSPECT = "rep", "prospect"

SALES_OPEN = (
    ("Hi, is this {p_first}?", "Yes, speaking. Who's calling?"),
    ("Hello, am I speaking with {p_full}?", "This is {p_first}."),
    ("Hi, I'm looking for {p_title} {p_last}.", "Speaking."),
    ("Hey {p_first}, got a minute?", "Uh, a couple. Who is this?"),
)
REP_INTRO = (
    "Hi {p_first}, this is {r_full} calling from {r_org}.",
    "Great. My name is {r_first}, I'm with {r_org}.",
    "This is {r_first} {r_last} over at {r_org}, we met at the trade show in {city}.",
    "It's {r_first} from {r_org}, I'm following up on the demo request.",
)
PROSPECT_ORG = (
    "Okay. I run operations at {p_org}, so I'm probably the right person.",
    "Right, I'm the office manager at {p_org}.",
    "Sure. I work for {p_org}, we're a small team.",
    "We're a {p_org} shop, about {qty}.",
)
SALES_BODY = (
    ("What are you using for that today?", "We're on {topic} right now, but honestly it's clunky."),
    ("Our plan is {price} a month per seat.", "And if we have {qty}?"),
    ("How many locations do you have?", "Just two, here in {city} and one in {city2}."),
    ("We helped {topic2} cut their processing time in half.", "Interesting. How long does setup take?"),
    ("Setup usually takes about {qty2}.", "That's faster than {topic} was."),
    ("Who else would be involved in the decision?", "Me and our finance lead, {colleague}."),
    ("Could I send you some material?", "Sure, my email is {p_email}."),
    ("What's the best number to reach you on?", "Use my direct line, {p_phone}."),
    ("You can see the pricing at {url}.", "I'll take a look."),
    ("Are you the one who signs off on contracts?", "To be [[frank|name_word]], no. That's our CEO."),
)
SALES_CLOSE = (
    ("Could we book a demo for [[Thursday|date]] at {time}?", "[[Will|name_word]] do, send me an invite."),
    ("I'll send a calendar invite for {time} on [[Monday|date]].", "Sounds good."),
    ("Thanks for your time, {p_first}.", "Thanks, {r_first}. Talk soon."),
    ("I'll follow up by email with the proposal.", "Okay, [[mark|name_word]] me down as interested."),
)


def sales_call(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    rep, pro, colleague = v.person(), v.person(), v.person()
    r_org, p_org = v.org(), v.org()
    slots = dict(
        p_first=b.name(pro, "first"), p_full=b.name(pro), p_title=pro.title,
        p_last=b.name(pro, "last"), r_full=b.name(rep), r_first=b.name(rep, "first"),
        r_last=b.name(rep, "last"),
        # the rep's company and the prospect's own company are both tied to a speaker
        r_org=b.org(r_org, True), p_org=b.org(p_org, True),
        city=Lazy(lambda: b.place(v.city(rep.locale))), city2=Lazy(lambda: b.place(v.city())),
        topic=Lazy(lambda: b.org(v.topic_org(), False)),
        topic2=Lazy(lambda: b.org(v.org(), False)),
        price=Lazy(b.price),
        qty=Lazy(lambda: b.quantity(c(("people", "employees", "seats", "agents")), 5, 400)),
        qty2=Lazy(lambda: b.quantity(c(("days", "weeks")), 2, 6)),
        colleague=Lazy(lambda: b.name(colleague)),
        p_email=Lazy(lambda: b.email(v.email(pro, p_org.domain))),
        p_phone=Lazy(lambda: b.number("PHONE_NUMBER", v.phone(person=pro))),
        url=Lazy(lambda: b.url(v.url(org=r_org))), time=Lazy(b.time),
    )
    ask, answer = c(SALES_OPEN)
    b.say(REP, ask, **slots)
    b.say(PROSPECT, answer, **slots)
    b.say(REP, [c(REP_INTRO), c(("Did I catch you at a bad time?", "Do you have a few minutes?",
                                  "I'll keep it short."))], **slots)
    b.say(PROSPECT, [c(("I've got a few minutes.", "Sure, go ahead.", "Make it quick.")),
                     c(PROSPECT_ORG)], **slots)
    for ask, answer in rng.sample(SALES_BODY, k=randint(rng, 3, 6)):
        b.say(REP, ask, **slots)
        b.say(PROSPECT, answer, **slots)
        if rng.random() < 0.2:
            b.say(c((REP, PROSPECT)), small_talk(b))
    for ask, answer in rng.sample(SALES_CLOSE, k=randint(rng, 1, 2)):
        b.say(REP, ask, **slots)
        b.say(PROSPECT, answer, **slots)


# ---------------------------------------------------------------------------------------------
# Internal meetings
# ---------------------------------------------------------------------------------------------
MEETING_OPEN = (
    "Okay, let's get started. Thanks everyone for joining.",
    "Hi all, I think we have most people. Let's kick off.",
    "Morning everyone. Is {absent} joining today?",
    "Let's give it one more minute for {absent_first}. Okay, let's start.",
    "Welcome, everyone. Quick intro for the new folks: I'm {host}, I run {dept} here at {org}.",
)
MEETING_ACKS = (
    "Sounds good.", "Yep.", "Makes sense.", "Okay, got it.", "Agreed.", "Right.",
    "[[Will|name_word]] do.", "Sure, I can take that.", "I'll [[mark|name_word]] that down.",
    "Good point.", "Mm-hmm.", "Can we come back to that?",
)
MEETING_UPDATES = (
    "Quick update from {dept}: we closed {qty} last week, which is ahead of plan.",
    "{client_org} signed the renewal, so that's done. {client} was really happy with the rollout.",
    "I spoke to {client} at {client_org} yesterday, they want the pilot in {city} first.",
    "We're still waiting on legal for the {client_org} contract.",
    "The staging server is at {ip} if anyone wants to test before [[Friday|date]].",
    "I put the deck at {url}, please add your slides by {time}.",
    "{colleague} is out this week, {colleague_pronoun}'s dealing with a family thing.",
    "Our new hire, {new_hire}, starts on [[Monday|date]]. {new_first}'s employee ID is {emp}.",
    "Can someone send {new_first} the onboarding docs? Their email is {new_email}.",
    "Budget-wise we're at {price} for the quarter, so we have some room.",
    "The offsite is in {city}, we booked {qty2} at the hotel.",
    "Honestly, their support is worse than {topic}. We should escalate.",
    "{colleague}'s dad was just diagnosed with [[{eponym}|eponym]], so let's give {colleague_obj} some space.",
    "We switched the whole team to [[Dell|brand]] laptops, IT says the rest arrive by {time}.",
    "For the record, the vendor is {topic}, not {vendor_org}. I keep mixing them up.",
    "I'll follow up with {client} directly, I have {client_pronoun} cell, {client_phone}.",
    "{client_org}'s office moved to {client_address}, so update the CRM.",
    "The access request for {colleague} is under user ID {username}.",
    "Order {order} for the new chairs finally shipped.",
    "Here at {org} we've never done a launch this size, so let's be careful.",
    "The survey came back, about {qty3} responded, mostly positive.",
    "Payroll needs {colleague}'s employee number, it's {emp2}, can you confirm?",
    "I'm flying out to {city} on [[Tuesday|date]] to meet {client_org}.",
    "Let's [[mark|name_word]] the {client_org} account as at risk until we hear back.",
    "[[May|name_word]] I suggest we push this to next sprint?",
    "Ticket {order} is the one about the login bug.",
)
MEETING_QUESTIONS = (
    "{name}, can you take that one?",
    "{name}, what do you think?",
    "Any blockers, {name}?",
    "Did {client_org} ever get back to us?",
    "Who's the contact there, {client}?",
    "What's the timeline on that, {name}?",
    "Do we know who owns the {client_org} account now?",
    "Can we loop in {colleague} on this?",
)
MEETING_CLOSE = (
    "Okay, let's wrap up. Action items: {name} follows up with {client_org}, and I'll send notes.",
    "Great, thanks everyone. Same time next week.",
    "I'll send the recap to everyone. Thanks, all.",
    "Let's stop there. {name}, can you send the summary?",
)


def internal_meeting(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    cfg = b.cfg
    lo, hi = cfg.meeting_speakers
    n_speakers = randint(rng, lo, hi)
    people = v.people(n_speakers)
    speakers = [f"speaker_{i + 1}" for i in range(n_speakers)]
    org = v.org()
    absent, new_hire = v.person(), v.person()
    clients = [(v.person(), v.org()) for _ in range(randint(rng, 1, 3))]
    host = people[0]

    class Turn:  # who this turn is about
        colleague: Person = absent
        client: Person = absent
        client_org = org

    turn = Turn()
    makers = dict(
        absent=lambda: b.name(absent), absent_first=lambda: b.name(absent, "first"),
        host=lambda: b.name(host, c(("first", "full"))), dept=lambda: c(DEPARTMENTS),
        org=lambda: b.org(org, True), client_org=lambda: b.org(turn.client_org, False),
        client=lambda: b.name(turn.client, c(("full", "first", "full"))),
        client_pronoun=lambda: turn.client.possessive,
        client_phone=lambda: b.number("PHONE_NUMBER", v.phone(person=turn.client)),
        client_address=lambda: b.address(v.street_address()),
        colleague=lambda: b.name(turn.colleague, c(("first", "first", "full"))),
        colleague_pronoun=lambda: turn.colleague.pronoun,
        colleague_obj=lambda: "her" if turn.colleague.gender == "female" else "him",
        new_hire=lambda: b.name(new_hire), new_first=lambda: b.name(new_hire, "first"),
        new_email=lambda: b.email(v.email(new_hire, org.domain)),
        emp=lambda: b.number("EMPLOYEE_ID", v.employee_id()),
        emp2=lambda: b.number("EMPLOYEE_ID", v.employee_id()),
        ip=lambda: b.ent("IP_ADDRESS", v.ip_address()),
        url=lambda: b.url(v.url(org=org)),
        username=lambda: b.username(v.username(turn.colleague)),
        city=lambda: b.place(v.city()),
        topic=lambda: b.org(v.topic_org(), False),
        vendor_org=lambda: b.org(v.org(), False),
        qty=lambda: b.quantity(c(("deals", "tickets", "accounts")), 3, 60),
        qty2=lambda: b.quantity("rooms", 5, 40),
        qty3=lambda: b.quantity("people", 20, 900),
        price=b.price, time=b.time, order=b.order_number,
    )
    others = people[1:] + [absent]

    def slots() -> Slots:
        turn.colleague = c(others)
        turn.client, turn.client_org = c(clients)
        return Slots(makers)

    def pick_eponym(template: str) -> str:
        return template.replace("{eponym}", c(EPONYMS)) if "{eponym}" in template else template

    # a support call has 10-20 turns; a meeting is meeting_length_factor times that
    target = max(6, int(randint(rng, 10, 20) * cfg.meeting_length_factor))
    b.say(speakers[0], c(MEETING_OPEN), slots())
    while len(b.turns) < target - 2:
        i = int(rng.random() * n_speakers)
        r = rng.random()
        if r < 0.45:
            b.say(speakers[i], pick_eponym(c(MEETING_UPDATES)), slots())
        elif r < 0.65:
            j = int(rng.random() * (n_speakers - 1))
            j = j + 1 if j >= i else j
            s = slots()
            s["name"] = b.name(people[j], "first")
            b.say(speakers[i], c(MEETING_QUESTIONS), s)
            b.say(speakers[j], [c(MEETING_ACKS), pick_eponym(c(MEETING_UPDATES))], slots())
        elif r < 0.85:
            b.say(speakers[i], c(MEETING_ACKS))
        else:
            b.say(speakers[i], meeting_talk(b))
    s = slots()
    s["name"] = b.name(c(people[1:]), "first")
    b.say(speakers[0], c(MEETING_CLOSE), s)
    b.say(speakers[rng.randrange(1, n_speakers)], c(("Thanks!", "Bye, everyone.", "Thanks all.")))


# ---------------------------------------------------------------------------------------------
# Voicemails
# ---------------------------------------------------------------------------------------------
CALLER = "caller"
VM_OPEN = (
    "Hi {callee}, this is {caller} from {org}.",
    "Hey {callee}, it's {caller_first}.",
    "Hello, this message is for {callee_full}. My name is {caller}, I'm calling from {org}.",
    "Hi, this is {caller} with {org}, returning your call.",
    "Good afternoon, this is Dr. {caller_last}'s office calling for {callee_full}.",
)
VM_BODY = (
    "I'm calling about your order {order}, there's a problem with the delivery address.",
    "I wanted to follow up on the quote we sent over, it came to {price}.",
    "Just confirming your appointment on [[Thursday|date]] at {time}.",
    "I'm calling about the invoice, it looks like the payment didn't go through.",
    "We got your application and just need a couple more details.",
    "I'm in {city} until [[Friday|date]], so call me on my cell.",
    "Your prescription is ready for pickup at the {city} location.",
    "It's about the {brand} {product} you left with us, it's ready.",
)
VM_CALLBACK = (
    "Please give me a call back at {phone}.",
    "You can reach me at {phone}. Again, that's {phone_again}.",
    "My number is {phone}.",
    "Call me back when you get a chance, {phone}.",
)
VM_EMAIL = (
    "Or just email me at {email}.",
    "You can also reach me by email, {email}.",
    "If it's easier, my email is {email}.",
)
VM_CLOSE = (
    "Thanks, bye.", "Talk soon.", "Have a good one.", "Thank you, bye bye.",
    "Okay, thanks {callee}, bye.",
)


def voicemail(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    caller, callee = v.person(), v.person()
    org = v.org()
    phone = v.phone(person=caller)
    brand_part, product = brand(b)
    slots = dict(
        callee=b.name(callee, "first"), callee_full=b.name(callee), caller=b.name(caller),
        caller_first=b.name(caller, "first"), caller_last=b.name(caller, "last"),
        org=b.org(org, True), order=Lazy(b.order_number), price=Lazy(b.price), time=Lazy(b.time),
        city=Lazy(lambda: b.place(v.city(caller.locale))), phone=b.number("PHONE_NUMBER", phone),
        phone_again=b.number("PHONE_NUMBER", phone),
        email=Lazy(lambda: b.email(v.email(caller, org.domain))),
        brand=brand_part, product=product,
    )
    lines = [c(VM_OPEN)]
    spelled = b.maybe_spelled(caller)
    if spelled is not None:
        lines.append(c(("That's {spelled}.", "Last name {spelled}.")))
        slots["spelled"] = spelled
    lines += rng.sample(VM_BODY, k=randint(rng, 1, 2))
    lines.append(c(VM_CALLBACK))
    if rng.random() < 0.4:
        lines.append(c(VM_EMAIL))
    lines.append(c(VM_CLOSE))
    if rng.random() < 0.3:
        # long voicemails get split into two segments by the ASR
        cut = randint(rng, 1, len(lines) - 1)
        b.say(CALLER, lines[:cut], **slots)
        b.say(CALLER, lines[cut:], **slots)
    else:
        b.say(CALLER, lines, **slots)


# ---------------------------------------------------------------------------------------------
# One-to-one phone calls
# ---------------------------------------------------------------------------------------------
S1, S2 = "speaker_1", "speaker_2"
PERSONAL = (
    ("Hey {b_first}, it's {a_first}. Do you have a sec?", "Oh hey! Yeah, what's up?"),
    ("Did you hear from {friend}?", "Yeah, {friend_pronoun} moved to {city} last month."),
    ("What's {friend_first}'s new address? I want to send a card.", "It's {address}, I think."),
    ("How's your {rel} doing?", "Better, thanks. {rel_pronoun}'s {age} now, can you believe it."),
    ("Is {rel_name} still at the home in {city2}?", "Yes, and the staff there are great."),
    ("Are we still on for [[Saturday|date]]?", "Yes, around {time}? I'll bring a [[Caesar salad|eponym]]."),
    ("Text me the details, my new number is {phone}.", "Got it, saving it now."),
    ("Did you ever get the [[Ford|brand]] fixed?", "Finally. It was {price}, don't ask."),
    ("Can you [[bill|name_word]] me later for the tickets?", "Sure, no rush."),
    ("Is [[Will|name_word]] you or me driving?", "Haha, you. I'm not driving to {city} in that weather."),
)
LANDLORD = (
    ("Hi, is this {b_first}? It's {a}, from apartment {unit}.", "Oh, hi {a_first}, what can I do for you?"),
    ("The heater at {address} stopped working again.", "I'll send someone over. Are you home after {time}?"),
    ("Can you send the lease renewal to {email}?", "Sure, I'll do that today."),
    ("Rent went up to {price}? That's a lot.", "I know, the building's taxes went up too."),
    ("My sister {friend} might move in with me, is that okay?", "I'll need {friend_pronoun} to fill out an application."),
    ("The guy from {org} said it needs a new part.", "Okay, [[mark|name_word]] it on the invoice."),
)
RECRUITER = (
    ("Hi {b_first}, this is {a} from {org}, I'm a recruiter.", "Hi, yes, I got your email."),
    ("I saw your profile at {url}.", "Oh great. I'm currently at {b_org}, but I'm open to a change."),
    ("How long have you been with {b_org}?", "About {qty}."),
    ("The role is based in {city}, is that okay?", "I'm in {city2}, so I'd need some remote days."),
    ("What's the best email for the job description?", "Send it to {b_email}."),
    ("Could you send me your date of birth for the background check later?", "Sure, it's {dob}."),
    ("Salary range is around {salary} plus bonus.", "Okay, that's in the range."),
)


def phone_call(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    a, bb, friend = v.person(), v.person(), v.person()
    org, b_org = v.org(), v.org()
    rel, rel_gender = c(_RELATIVES)
    relative = v.person(gender=rel_gender, locale=bb.locale)
    slots = dict(
        a=b.name(a), a_first=b.name(a, "first"), b_first=b.name(bb, "first"),
        friend=Lazy(lambda: b.name(friend, c(("full", "first")))),
        friend_first=Lazy(lambda: b.name(friend, "first")),
        friend_pronoun=friend.pronoun, city=Lazy(lambda: b.place(v.city(a.locale))),
        city2=Lazy(lambda: b.place(v.city(bb.locale) if rng.random() < 0.7 else v.state())),
        address=Lazy(lambda: b.address(v.full_address() if rng.random() < 0.3
                                        else v.home_address(a))),
        rel=rel, rel_pronoun="She" if rel_gender == "female" else "He",
        age=Lazy(lambda: b.age(v.age_of(relative))),
        rel_name=Lazy(lambda: b.name(relative, "first")), time=Lazy(b.time),
        phone=Lazy(lambda: b.number("PHONE_NUMBER", v.phone(person=a))),
        price=Lazy(b.price), email=Lazy(lambda: b.email(v.email(a))),
        unit=str(randint(rng, 1, 40)) + c(("", "B", "C")),
        org=Lazy(lambda: b.org(org, True)), b_org=Lazy(lambda: b.org(b_org, True)),
        url=Lazy(lambda: b.url(v.url(person=bb))),
        qty=Lazy(lambda: b.quantity(c(("years", "months")), 1, 12)),
        b_email=Lazy(lambda: b.email(v.email(bb))),
        dob=Lazy(lambda: b.dob(v.date_of_birth(bb))),
        salary=Lazy(lambda: b.neg("price", f"${randint(rng, 45, 190)},000")),
    )
    kind = c((PERSONAL, PERSONAL, LANDLORD, RECRUITER))
    first, rest = kind[0], list(kind[1:])
    b.say(S1, first[0], **slots)
    b.say(S2, first[1], **slots)
    for ask, answer in rng.sample(rest, k=min(len(rest), randint(rng, 3, 5))):
        b.say(S1, ask, **slots)
        b.say(S2, answer, **slots)
        if rng.random() < 0.2:
            b.say(c((S1, S2)), small_talk(b))
    b.say(S1, c(("Okay, I'll let you go.", "Alright, talk soon.", "Thanks, bye.")))
    b.say(S2, c(("Bye!", "Talk soon, {a_first}.", "Take care.")), **slots)


# ---------------------------------------------------------------------------------------------
# Documents: emails and notes
# ---------------------------------------------------------------------------------------------
EMAIL_BODIES = (
    "Thanks for your time on the call today. As discussed, the quote for {qty} comes to {price}.",
    "Following up on order {order}: the replacement shipped this morning.",
    "Please find attached the signed contract. Let me know if {org_topic} needs anything else.",
    "I've copied {colleague}, who will handle onboarding on our side.",
    "Could you send the updated invoice to our accounts team? Our address is {address}.",
    "Just a reminder that the office in {city} is closed on [[Friday|date]].",
    "My cell is {phone} if anything comes up before {time}.",
    "We are moving the kickoff to [[Tuesday|date]] at {time}.",
    "Our IT team whitelisted {ip} for the integration.",
    "You can book time with me here: {url}",
    "{colleague} will be out for a few weeks, {colleague_pronoun}'s recovering from surgery on {colleague_possessive} [[Achilles tendon|eponym]].",
    "For payroll, my employee ID is {emp}.",
    "For the refund, my IBAN is {iban}.",
    "We switched to [[Dell|brand]] monitors, so the docking stations need replacing.",
)
SIGN_OFFS = ("Best,", "Thanks,", "Kind regards,", "Cheers,", "Best regards,", "Thanks again,")
NOTE_LINES = (
    "Caller: {client} ({client_phone}), re: order {order}.",
    "Customer {client} called about a duplicate charge of {price}.",
    "DOB {dob}, verified.",
    "Patient {client}, {age} y/o, MRN {mrn}. Hx of [[{eponym}|eponym]].",
    "Address on file: {address}.",
    "Customer lives in {city}, prefers email: {client_email}.",
    "Username {username}, last login from {ip}.",
    "Card on file {card}, customer asked to remove it.",
    "SSN provided for verification: {ssn}.",
    "Vehicle VIN {vin}, a [[Ford|brand]] pickup.",
    "Passport {passport} added to booking.",
    "Follow up with {colleague} from {org_topic} by [[Thursday|date]].",
    "Customer said our service is better than {topic}.",
    "Escalated to {colleague}. Callback at {time}.",
    "Employee {colleague}, ID {emp}, requested VPN access.",
)


def document(b: RecordBuilder, v: Values) -> None:
    rng = b.rng
    c = b.pick
    sender, recipient, colleague, client = v.person(), v.person(), v.person(), v.person()
    org, topic_org = v.org(), v.org()
    slots = dict(
        s_full=b.name(sender), s_first=b.name(sender, "first"), r_first=b.name(recipient, "first"),
        r_full=b.name(recipient), r_title=recipient.title, r_last=b.name(recipient, "last"),
        s_email=Lazy(lambda: b.email(v.email(sender, org.domain))),
        r_email=Lazy(lambda: b.email(v.email(recipient))),
        org=b.org(org, True), org_topic=Lazy(lambda: b.org(topic_org, False)),
        topic=Lazy(lambda: b.org(v.topic_org(), False)),
        colleague=Lazy(lambda: b.name(colleague, c(("first", "full")))),
        colleague_pronoun=colleague.pronoun, colleague_possessive=colleague.possessive,
        client=Lazy(lambda: b.name(client)),
        client_phone=Lazy(lambda: b.number("PHONE_NUMBER", v.phone(person=client))),
        client_email=Lazy(lambda: b.email(v.email(client))),
        phone=Lazy(lambda: b.number("PHONE_NUMBER", v.phone(person=sender))),
        address=Lazy(lambda: b.address(v.full_address() if rng.random() < 0.5
                                        else v.home_address(sender))),
        city=Lazy(lambda: b.place(v.city())), ip=Lazy(lambda: b.ent("IP_ADDRESS", v.ip_address())),
        url=Lazy(lambda: b.url(v.url(person=sender))),
        emp=Lazy(lambda: b.number("EMPLOYEE_ID", v.employee_id())),
        iban=Lazy(lambda: b.code("IBAN_CODE", v.iban(sender.locale))),
        dob=Lazy(lambda: b.dob(v.date_of_birth(client))), age=Lazy(lambda: b.age(v.age_of(client))),
        mrn=Lazy(lambda: b.number("MEDICAL_RECORD_NUMBER", v.medical_record_number())),
        username=Lazy(lambda: b.username(v.username(client))),
        card=Lazy(lambda: b.number("CREDIT_CARD_NUMBER", v.credit_card())),
        ssn=Lazy(lambda: b.number("US_SOCIAL_SECURITY_NUMBER", v.ssn())),
        vin=Lazy(lambda: b.code("VEHICLE_IDENTIFICATION_NUMBER", v.vin())),
        passport=Lazy(lambda: b.code("PASSPORT", v.passport())), order=Lazy(b.order_number),
        price=Lazy(b.price), time=Lazy(b.time),
        qty=Lazy(lambda: b.quantity(c(("licenses", "units", "boxes")), 2, 300)),
        title=c(("Account Manager", "Operations Lead", "Sales Director", "Office Manager",
                 "Customer Success", "HR Coordinator")),
    )
    if rng.random() < 0.55:
        lines = [
            "From: {s_full} <{s_email}>",
            "To: {r_email}",
            c(("Subject: Follow-up", "Subject: Re: your order", "Subject: Next steps",
               "Subject: Quick question", "Subject: Invoice")),
            "",
            c(("Hi {r_first},", "Dear {r_title} {r_last},", "Hello {r_full},", "{r_first},")),
            "",
        ]
        for body in rng.sample(EMAIL_BODIES, k=randint(rng, 2, 4)):
            lines.append(body.replace("{eponym}", c(EPONYMS)))
        if rng.random() < b.cfg.hard_negative_rate:
            lines.append(c(SMALL_TALK_NEG))
        lines += ["", c(SIGN_OFFS), c(("{s_full}", "{s_first}")), "{title}, {org}"]
        if rng.random() < 0.6:
            lines.append("{phone}")
    else:
        lines = [c(("Call notes", "Ticket notes", "Case summary", "Notes from today's call"))]
        for note in rng.sample(NOTE_LINES, k=randint(rng, 3, 6)):
            lines.append("- " + note.replace("{eponym}", c(EPONYMS)))
        if rng.random() < b.cfg.hard_negative_rate:
            lines.append("- " + c(SMALL_TALK_NEG))
        lines.append(c(("Logged by {s_first}.", "-- {s_full}", "Agent: {s_first}")))
    b.document(lines, **slots)


SCENARIOS: dict[str, Callable[[RecordBuilder, Values], None]] = {
    "customer_support": customer_support,
    "sales_call": sales_call,
    "internal_meeting": internal_meeting,
    "voicemail": voicemail,
    "phone_call": phone_call,
    "document": document,
}
