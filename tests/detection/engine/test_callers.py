"""What callers say about where they live and what they carry
(veil.detection.infotypes.callers), and names that stop at the name
(veil.detection.name_spans), in the written form and as a speech recogniser writes it
(lower-case, sentence punctuation removed)."""
import re

import pytest

from tests.detection.engine.conftest import quotes
from veil.transform.anonymize import anonymize_conversation
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import merge_findings


def asr(text: str) -> str:
    """The ASR-style copy: lower-case, sentence punctuation removed (where it ends a sentence
    or a clause: "09/27" and "it's" keep theirs)."""
    return re.sub(r"[.,!?;:](?=\s|$)", "", text.lower())


FOUND = [
    ("LOCATION", "I live on Oak Street.", "Oak Street"),
    ("LOCATION", "She moved to Harrington Avenue last year.", "Harrington Avenue"),
    ("LOCATION", "It's on Wisteria Lane, the third house.", "Wisteria Lane"),
    ("LOCATION", "From Lash and Kimble over on Main Street.", "Main Street"),  # the commonest too
    ("UK_POSTAL_CODE", "And the postcode is SW1A 1AA.", "SW1A 1AA"),
    ("UK_POSTAL_CODE", "It's M1 1AE, in Manchester.", "M1 1AE"),
    ("STREET_ADDRESS", "It's 9 Rue de la Paix, Paris.", "9 Rue de la Paix"),
    ("STREET_ADDRESS", "I'm at Hauptstraße 5, Berlin.", "Hauptstraße 5"),
    ("STREET_ADDRESS", "Calle Mayor 12, Madrid.", "Calle Mayor 12"),
    ("STREET_ADDRESS", "We moved to Kerkstraat 12a.", "Kerkstraat 12a"),
    ("LICENSE_PLATE_NUMBER", "The plate is AB12 CDE.", "AB12 CDE"),
    ("LICENSE_PLATE_NUMBER", "Registration AB12 CDE, a blue Ford.", "AB12 CDE"),
    ("LICENSE_PLATE_NUMBER", "The license plate is 7ABC123.", "7ABC123"),
    ("LICENSE_PLATE_NUMBER", "Plate number ABC 1234, please.", "ABC 1234"),
    ("CREDIT_CARD_EXPIRATION_DATE", "The card expires oh nine twenty seven.",
     "oh nine twenty seven"),
    ("CREDIT_CARD_EXPIRATION_DATE", "Expiry 09/27.", "09/27"),
    ("CREDIT_CARD_EXPIRATION_DATE", "It expires zero nine slash two seven.",
     "zero nine slash two seven"),
    ("STREET_ADDRESS", "I live at twelve Oak Street apartment four B.",
     "twelve Oak Street apartment four B"),
    ("STREET_ADDRESS", "My address is one two three Maple Drive.", "one two three Maple Drive"),
    ("STREET_ADDRESS", "Ship it to four hundred and two West Elm Avenue.",
     "four hundred and two West Elm Avenue"),
    # With no word to introduce it, a house number no count is said with: a name and an address
    # at a hearing, a site on an agenda, a German or a Spanish street with its number said.
    ("STREET_ADDRESS", "Thank you. Sue Grant, eighteen Flynn Avenue.", "eighteen Flynn Avenue"),
    ("STREET_ADDRESS", "An application for three-eighty Pine Street, the old yard.",
     "three-eighty Pine Street"),
    ("STREET_ADDRESS", "Will Hunter, four-ten Pine Street unit four B, so",
     "four-ten Pine Street unit four B"),
    ("STREET_ADDRESS", "It's twenty-two oh eight Iris Lane, Flint.", "twenty-two oh eight Iris Lane"),
    ("STREET_ADDRESS", "Send it to the flat, it's Rotebühlstraße forty-two.",
     "Rotebühlstraße forty-two"),
    ("STREET_ADDRESS", "Same, Calle Apolo twelve bungalow five.", "Calle Apolo twelve bungalow five"),
    ("STREET_ADDRESS", "Eighty-eight Harbord unit two, M5S 1G4.", "Eighty-eight Harbord unit two"),
    ("STREET_ADDRESS", "Forty-one Main Street, right next to the town office.",
     "Forty-one Main Street"),  # the commonest street names, after a number that counts nothing
    ("PASSPORT", "My passport number is K1234567.", "K1234567"),
    ("IBAN_CODE", "My IBAN is GB82 WEST 1234 5698 7654 32.", "GB82 WEST 1234 5698 7654 32"),
    ("UK_NATIONAL_INSURANCE_NUMBER", "My national insurance number is AB 12 34 56 C.", "AB 12 34 56 C"),
    ("UK_NATIONAL_INSURANCE_NUMBER", "NI number JK123456A, yes.", "JK123456A"),
    ("IRELAND_EIRCODE", "My Eircode is D02 X285.", "D02 X285"),
    ("IRELAND_EIRCODE", "My Eircode is A65 TFHK.", "A65 TFHK"),  # letters only, no word
    ("IRELAND_EIRCODE", "The address is 12 Main Street, Dublin 6, D06 F2K8.", "D06 F2K8"),
    ("IRELAND_PPSN", "My PPS number is 1234567FA.", "1234567FA"),
    # Said aloud, letter by letter, near their hotword (veil.detection.infotypes.said_aloud).
    ("UK_POSTAL_CODE", "My postcode is S W one A one A A.", "S W one A one A A"),
    ("UK_POSTAL_CODE", "Postcode M sixty four one double X.", "M sixty four one double X"),
    ("UK_POSTAL_CODE", "And the postcode is B-S-seven eight-E-R.", "B-S-seven eight-E-R"),  # hyphens
    ("CANADA_POSTAL_CODE", "Is your postal code still L-five-M two-V-eight?", "L-five-M two-V-eight"),
    ("CREDIT_CARD_EXPIRATION_DATE", "And it runs out oh nine twenty-seven.", "oh nine twenty-seven"),
    ("LICENSE_PLATE_NUMBER", "The registration is L M sixty four X Y Z.", "L M sixty four X Y Z"),
    ("LICENSE_PLATE_NUMBER", "My plate is seven A B C one two three.", "seven A B C one two three"),
    ("USER_NAME", "It's dark underscore knight ninety nine.", "dark underscore knight ninety nine"),
    # "dot" between the words, after the account the handle is on
    ("USER_NAME", "Follow me on Instagram, it's kaylee dot makes dot things.", "kaylee dot makes dot things"),
    ("USER_NAME", "My TikTok is at jess dot fit.", "jess dot fit"),
    ("URL", "Go to w w w dot gadget hub dot com.", "w w w dot gadget hub dot com"),
    # A code read out a character at a time after the identifier's name.
    ("GENERIC_ID", "My booking reference is X seven K two L Q.", "X seven K two L Q"),
    ("GENERIC_ID", "My payroll number is P zero zero four seven one two.", "P zero zero four seven one two"),
    ("GENERIC_ID", "Frequent flyer number O A nine nine four four one two.", "O A nine nine four four one two"),
]


# A code said aloud closing an address, after its street, unit or "address" (no hotword of its
# own), and an address a flat or unit opens: found whole, as written and as a recogniser writes it.
CLOSING_AN_ADDRESS = [
    ("UK_POSTAL_CODE", "Twenty-two Cardigan Road, L S six, three B G.", "L S six, three B G"),
    ("UK_POSTAL_CODE", "the new place is fourteen grange road in heading lee l s 6 3 e p",
     "l s 6 3 e p"),
    ("CANADA_POSTAL_CODE", "Forty-seven Glen Everest Road, in Scarborough, M one N, two H six.",
     "M one N, two H six"),
    ("IRELAND_EIRCODE", "Fourteen St. Alphonsus Road, Drumcondra, D oh nine, K seven P two.",
     "D oh nine, K seven P two"),
    ("IRELAND_EIRCODE", "it has the address here knockmore ballina f two six x two y eight that's all",
     "f two six x two y eight"),
    # A flat or unit said before the house number belongs to the address.
    ("STREET_ADDRESS", "Flat two, forty-one Richmond Road, Roath, Cardiff.", "Flat two, forty-one Richmond Road"),
    ("STREET_ADDRESS", "and the address is flat two forty seven cow lee road", "flat two forty seven cow lee road"),
    # A house number in words is no word of a street's name: the whole is the address.
    ("STREET_ADDRESS", "Twenty-two Cardigan Road, Leeds.", "Twenty-two Cardigan Road"),
]


@pytest.mark.parametrize("info_type,text,value", CLOSING_AN_ADDRESS)
def test_what_closes_or_opens_an_address(info_type, text, value):
    assert value in quotes(text, info_type)
    assert asr(value) in quotes(asr(text), info_type)


@pytest.mark.parametrize("info_type,text,value", FOUND)
def test_found_written(info_type, text, value):
    assert value in quotes(text, info_type)


@pytest.mark.parametrize("info_type,text,value", FOUND)
def test_found_asr_style(info_type, text, value):
    # Without the comma, an address runs on into the town ("9 rue de la paix paris").
    assert any(q.startswith(value.lower()) for q in quotes(asr(text), info_type))


def test_the_start_of_an_iban_said_after_iban():
    assert quotes("my iban is gb82 west and then the rest", "IBAN_CODE") == {"gb82 west"}


NOT_FOUND = [
    ("UK_POSTAL_CODE", "Meet me on the A1 2nd floor."),  # an ordinal, not an inward code
    ("UK_POSTAL_CODE", "my iban is gb82 west"),
    ("STREET_ADDRESS", "I sent it via email 2 days ago."),
    ("STREET_ADDRESS", "It took during 5 days."),
    ("STREET_ADDRESS", "The plaza was closed."),
    ("LICENSE_PLATE_NUMBER", "Call me about AB12 later."),
    ("LICENSE_PLATE_NUMBER", "The plate was fine in 2020."),
    ("LICENSE_PLATE_NUMBER", "Reg 2020 was a good year."),
    ("LICENSE_PLATE_NUMBER", "Plate was 1234 dollars."),
    ("LICENSE_PLATE_NUMBER", "ab12 cde"),  # a UK shape in lower case needs a hotword
    ("UK_NATIONAL_INSURANCE_NUMBER", "order ab 12 34 56 c shipped"),  # lower case needs its name
    ("UK_NATIONAL_INSURANCE_NUMBER", "my national insurance number is qq 12 34 56 c"),  # no HMRC prefix
    ("IRELAND_EIRCODE", "the d02 x285 model is out"),  # lower case needs "eircode", "address"...
    ("IRELAND_EIRCODE", "my address is just off the a10 near the station"),  # a road and a word
    ("IRELAND_PPSN", "ref 1234567fa"),  # lower case needs its name
    ("IRELAND_PPSN", "My PPS number is 1234567TA."),  # the check letter fails
    ("CREDIT_CARD_EXPIRATION_DATE", "The offer expires at nine thirty."),
    ("CREDIT_CARD_EXPIRATION_DATE", "It expires ten thirty tonight."),
    ("CREDIT_CARD_EXPIRATION_DATE", "We met oh nine twenty seven."),  # no expiry hotword
    # A number said before a street type is a count unless "address", "live"... says otherwise.
    ("STREET_ADDRESS", "The one Main Street in town is closed."),
    ("STREET_ADDRESS", "We took the two lane road home."),
    ("STREET_ADDRESS", "I live about ten minutes off the highway."),
    ("STREET_ADDRESS", "The two High Street banks shut."),  # a count: one number to ten
    ("STREET_ADDRESS", "It's a fifteen second drive."),  # a unit
    ("STREET_ADDRESS", "It was a twelve lane dirt road."),
    ("STREET_ADDRESS", "They closed fifteen main roads."),  # a plural: a count
    ("STREET_ADDRESS", "There were fifteen dead end streets."),  # no street named
    ("STREET_ADDRESS", "By eleven thirty Jenny will drive."),  # a time, and a verb
    ("STREET_ADDRESS", "Send it via post two weeks ago."),  # "via" is English
    ("STREET_ADDRESS", "It runs on a twelve volt unit, one of two."),  # a unit, but of measure
    ("PASSPORT", "Order k1234567 shipped."),  # no passport hotword
    ("IBAN_CODE", "gb82 west 1234 5698 7654 33"),  # mod 97 fails, no hotword
    # Single letters and numbers said with no hotword are no postcode or plate.
    ("UK_POSTAL_CODE", "It goes a b one c two d e."),
    ("IRELAND_EIRCODE", "We drove down the road, a one two, b c d e, singing."),  # "a" is no routing key
    ("CANADA_POSTAL_CODE", "The bingo caller said b two y one j seven."),  # no address said
    ("LICENSE_PLATE_NUMBER", "We sang a b c one two three."),
    ("LICENSE_PLATE_NUMBER", "The plate had a b and c on it."),  # no digit said
    ("USER_NAME", "Press the underscore key twice."),
    ("USER_NAME", "My Instagram is instagram dot com slash kaylee."),  # a web address, not a handle
    ("URL", "I went to the gadget hub dot com store."),  # no "w w w": one word before "dot"
    # Letters and numbers said without an identifier's name, or too few of one kind.
    ("GENERIC_ID", "We sang a b c one two three."),
    ("GENERIC_ID", "The order number is a one two three four."),  # "a", then a digit run
    ("GENERIC_ID", "My reference is one two three four five."),  # digits only: DIGIT_SEQUENCE's
    ("GENERIC_ID", "The case was a b c d e all over."),  # letters only
]


@pytest.mark.parametrize("info_type,text", NOT_FOUND)
def test_near_misses_written(info_type, text):
    assert quotes(text, info_type) == set()


@pytest.mark.parametrize("info_type,text", NOT_FOUND)
def test_near_misses_asr_style(info_type, text):
    assert quotes(asr(text), info_type) == set()


# --- the call-transcript profile -------------------------------------------------------------

@pytest.fixture(scope="module")
def detector():
    return ConversationDetector(load_config("call_transcripts"))


def anonymised(detector, texts):
    return anonymize_conversation("c", texts, detector.detect(texts))[0]


@pytest.mark.parametrize("form", [str, asr])
def test_the_username_said_alone_after_the_agent_asks(detector, form):
    texts = [form("Could I have your name or account ID?"), form("aphoenix939")]
    found = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]
    assert found == [(1, "aphoenix939", "USER_NAME")]


@pytest.mark.parametrize("form", [str, asr])
def test_the_display_name_said_alone_after_the_agent_asks(detector, form):
    texts = [form("What's the display name on the account?"), form("nightowl_tobes")]
    found = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]
    assert found == [(1, "nightowl_tobes", "USER_NAME")]


@pytest.mark.parametrize("form", [str, asr])
def test_a_booking_code_given_in_answer_to_the_question(detector, form):
    texts = [form("Do you have her booking reference?"), form("QF9LMP, I think? She texted it to me.")]
    found = [(f.turn, texts[f.turn][f.start:f.end].upper(), f.info_type) for f in detector.detect(texts)]
    assert found == [(1, "QF9LMP", "GENERIC_ID")]
    plain = [form("Do you have her booking reference?"), form("Sorry, not with me.")]
    assert not any(f.info_type == "GENERIC_ID" for f in detector.detect(plain))


@pytest.mark.parametrize("form", [str, asr])
def test_a_public_service_number_is_no_digit_sequence(detector, form):
    texts = [form("Terry called nine-one-one and I've called three-one-one a dozen times."),
             form("Ring 999 or triple zero, then my number, 555 0199.")]
    found = {texts[f.turn][f.start:f.end] for f in detector.detect(texts) if f.info_type == "DIGIT_SEQUENCE"}
    assert found == {"555 0199"}


@pytest.mark.parametrize("form", [str, asr])
def test_a_plain_answer_is_not_a_username(detector, form):
    texts = [form("Could I have your account ID?"), form("Sure, one moment.")]
    assert not any(f.info_type == "USER_NAME" for f in detector.detect(texts))


@pytest.mark.parametrize("form", [str, asr])
def test_a_national_insurance_number_answered_in_lower_case(detector, form):
    texts = [form("And your national insurance number?"), form("Yeah it's jk 12 34 56 a.")]
    found = [(texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]
    assert ("jk 12 34 56 a", "UK_NATIONAL_INSURANCE_NUMBER") in found
    # Without the question, a lower-case code of that shape is no national insurance number.
    texts = [form("And your order?"), form("Yeah it's jk 12 34 56 a.")]
    assert not any(f.info_type == "UK_NATIONAL_INSURANCE_NUMBER" for f in detector.detect(texts))


@pytest.mark.parametrize("form", [str, asr])
def test_irish_numbers_answered_in_lower_case(detector, form):
    texts = [form(t) for t in ["And your PPS number?", "It's 1234567fa.",
                               "And the address?", "Twelve Rathmines Road, Dublin six, d06 f2k8.",
                               "And the model?", "The d02 x285."]]
    found = {(texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert ("1234567fa", "IRELAND_PPSN") in found
    assert ("d06 f2k8", "IRELAND_EIRCODE") in found
    # Without the question, a lower-case code of that shape is no Eircode.
    assert not any(info_type == "IRELAND_EIRCODE" and value == "d02 x285" for value, info_type in found)


@pytest.mark.parametrize("form", [str, asr])
def test_a_code_answered_to_an_id_question(detector, form):
    texts = [form(t) for t in ["What's your order number?", "ab12c345.",
                               "Can I have the reference?", "Yeah it's zx9981q.",
                               "How was the trip?", "Fine, ab12c345 was the seat."]]
    found = {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert (1, "ab12c345", "GENERIC_ID") in found
    assert (3, "zx9981q", "GENERIC_ID") in found
    assert not any(turn == 5 for turn, _, _ in found)  # a code said without the question
    # A turn that speaks of an order asks for nothing: what the caller says next keeps its type.
    texts = [form("I'm calling about your order 2746584, there's a problem."),
             form("You can reach me at 08762589536.")]
    found = {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert (1, "08762589536", "DIGIT_SEQUENCE") in found


@pytest.mark.parametrize("form", [str, asr])
def test_five_digits_in_a_row_inside_a_token_are_an_identifier(detector, form):
    texts = [form("It's k1234567."), form("EMP646132 called about 1234567ta."),
             form("A 20000km trip, a 10000mAh battery, GBP20000, the 1000000th visitor, covid19, 1080p.")]
    found = {(f.turn, texts[f.turn][f.start:f.end]) for f in detector.detect(texts)}
    assert {(0, "k1234567"), (1, form("EMP646132")), (1, "1234567ta")} <= found
    assert not any(turn == 2 for turn, _ in found)  # units, amounts, ordinals and short codes


@pytest.mark.parametrize("form", [str, asr])
def test_a_passport_number_answered_in_lower_case(detector, form):
    texts = [form("And your passport number?"), form("It's k1234567.")]
    found = [(texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]
    assert ("k1234567", "PASSPORT") in found


@pytest.mark.parametrize("form", [str, asr])
def test_what_a_new_caller_says(detector, form):
    texts = [form(t) for t in [
        "Where should we send it?",
        "To 9 Rue de la Paix, or my sister's, postcode SW1A 1AA.",
        "And the car?",
        "The registration is AB12 CDE.",
        "My card expires oh nine twenty seven.",
        "My IBAN is GB82 WEST 1234 5698 7654 32.",
    ]]
    out = " | ".join(anonymised(detector, texts))
    for value in ["9 Rue de la Paix", "SW1A 1AA", "AB12 CDE", "oh nine twenty seven",
                  "GB82 WEST 1234 5698 7654 32"]:
        assert form(value) not in out
    assert "IBAN" in out.upper() and "[PERSON_NAME" not in out  # "IBAN" is no name


@pytest.mark.parametrize("form", [str, asr])
def test_an_expiry_and_an_address_said_in_answer_to_the_question(detector, form):
    texts = [form(t) for t in ["And the expiry?", "Oh nine twenty seven.",
                               "And your address?", "It's twelve Oak Street.",
                               "When do you close?", "Nine thirty, and the one main street."]]
    found = {(texts[f.turn][f.start:f.end].lower(), f.info_type) for f in detector.detect(texts)}
    assert ("oh nine twenty seven", "CREDIT_CARD_EXPIRATION_DATE") in found
    assert ("twelve oak street", "STREET_ADDRESS") in found
    # Without the question the same words are a time and a count.
    assert not any(f.turn == 5 for f in detector.detect(texts))


@pytest.mark.parametrize("form", [str, asr])
def test_a_house_number_said_right_after_at_is_an_address(detector, form):
    texts = [form(t) for t in ["And you're still at forty two Elm Street?", "Yes, since June.",
                               "Look at the two main roads and the one high street.",
                               "We got there at one thirty."]]
    found = {(f.turn, texts[f.turn][f.start:f.end].lower(), f.info_type) for f in detector.detect(texts)}
    assert (0, "forty two elm street", "STREET_ADDRESS") in found
    assert not any(turn > 0 and info_type == "STREET_ADDRESS" for turn, _, info_type in found)


@pytest.mark.parametrize("form", [str, asr])
def test_identifiers_said_aloud_in_answer_to_the_question(detector, form):
    texts = [form(t) for t in ["What's the registration of the vehicle?", "It's L M sixty four X Y Z.",
                               "And your postcode?", "S W one A, one A A.",
                               "What's your username on the site?", "It's dark knight ninety nine."]]
    found = {(texts[f.turn][f.start:f.end].lower(), f.info_type) for f in detector.detect(texts)}
    assert ("l m sixty four x y z", "LICENSE_PLATE_NUMBER") in found
    assert any(value.startswith("s w one a") and info_type == "UK_POSTAL_CODE" for value, info_type in found)
    assert ("dark knight ninety nine", "USER_NAME") in found


@pytest.mark.parametrize("form", [str, asr])
def test_letters_and_numbers_said_without_the_question_stay(detector, form):
    texts = [form(t) for t in ["How did the song go?", "It's A B C one two three.",
                               "What did you get?", "Twenty five dollars and ninety nine cents."]]
    assert not any(f.info_type in {"LICENSE_PLATE_NUMBER", "UK_POSTAL_CODE", "USER_NAME"}
                   for f in detector.detect(texts))


SPELLED = [
    ("That's O apostrophe N E I L L.", "O apostrophe N E I L L"),
    ("my first name is j o h n", "j o h n"),
    ("it's s m i t h", "s m i t h"),
    ("Smith, S M I double T H? No, one T.", "S M I double T H"),
    ("that's spelled a n n", "a n n"),  # three letters, after "spelled"
    ("a n n a", "a n n a"),             # the answer to "can you spell that?"
]


@pytest.mark.parametrize("text,value", SPELLED)
@pytest.mark.parametrize("form", [str, asr])
def test_letters_spelled_with_spaces(detector, form, text, value):
    text = form(text)
    found = [text[f.start:f.end] for f in detector.detect([text]) if f.info_type == "SPELLED_LETTERS"]
    assert form(value) in found


@pytest.mark.parametrize("text", [
    "i i i think so",         # a stutter: one letter said again
    "I, I, I don't know",
    "options A, B and C",
    "hugs x x x",
    "the u s a is big",       # three letters without "spelled": an acronym, as often as a name
    "plan a or b, and c",
    "it was a d w i case",    # the article before an acronym
    "we got a v c r and i b m stock",
])
def test_single_letters_that_spell_nothing(detector, text):
    assert not any(f.info_type == "SPELLED_LETTERS" for f in detector.detect([text]))


@pytest.mark.parametrize("form", [str, asr])
def test_a_name_said_then_spelled_keeps_its_words_apart(detector, form):
    """The name stops before "that's", and the spelling is its own finding."""
    text = form("Hi, my name is John O'Neill, that's O apostrophe N E I L L.")
    out = anonymised(detector, [text])[0]
    assert re.fullmatch(r"(?i)hi,? my name is \[PERSON_NAME_1\],? that's \[SPELLED_LETTERS_1\]\.?", out), out


@pytest.mark.parametrize("form", [str, asr])
def test_titles_stay_outside_the_placeholder(detector, form):
    texts = [form(t) for t in ["Nurse Rivera can see you now.", "Thanks, Mr Okafor.",
                               "I spoke to Dr Patel and Officer Brown."]]
    out = anonymised(detector, texts)
    assert out[0].lower().startswith("nurse [person_name_")
    assert "mr [person_name_" in out[1].lower()
    assert re.search(r"(?i)dr \[person_name_\d\] and officer \[person_name_\d\]", out[2])


# --- names that stop at the name, whichever detector found them -----------------------------

def model_finding(text, value, turn=0):
    start = text.index(value)
    return Finding(turn, start, start + len(value), "PERSON_NAME", Likelihood.LIKELY,
                   Method.MODEL, "hf")


@pytest.mark.parametrize("text,span,name", [
    ("Hi, this is Maria Rivera returning your call.", "Maria Rivera returning", "Maria Rivera"),
    ("hi this is maria rivera returning your call", "maria rivera returning", "maria rivera"),
    ("Maria I've got it", "Maria I've", "Maria"),
    ("maria i've got it", "maria i've", "maria"),
    ("Rivera can see you", "Rivera can", "Rivera"),
    ("Nurse Rivera can see you", "Nurse Rivera can", "Rivera"),
    ("Mrs. Maria Rivera called", "Mrs. Maria Rivera", "Maria Rivera"),
    ("General Patrick Gordon led them", "General Patrick Gordon", "Patrick Gordon"),  # a rank
    ("anything for tannie elsa", "tannie elsa", "elsa"),  # a family's kinship title
    ("Khala Nasreen booked the hall", "Khala Nasreen", "Nasreen"),
    ("grandpa walt buried them", "grandpa walt", "walt"),
    ("prince william and kate", "prince william", "prince william"),  # a style, kept: it says more
    ("yeah it's will donnelly", "will donnelly", "will donnelly"),  # "will" opens a full name
    ("they will garcia it", "will garcia", "garcia"),  # the modal, after its subject
    # A possessive ending is no part of a name, whichever detector took it.
    ("You're through to Dr. Patel's office", "Patel's", "Patel"),
    ("you're through to dr patel’s office", "dr patel’s", "patel"),
    ("Maria Rivera's car is outside", "Maria Rivera's", "Maria Rivera"),
])
def test_name_spans_stop_at_the_name(text, span, name):
    merged = merge_findings([model_finding(text, span)], [text])
    assert [text[f.start:f.end] for f in merged] == [name]


@pytest.mark.parametrize("text,value", [
    ("Will Smith called", "Will Smith"),  # a capitalised name word is kept
    ("Ludwig van Beethoven wrote it", "Ludwig van Beethoven"),
    ("it's zorbulon quix", "zorbulon quix"),  # unknown words are not ordinary words
])
def test_names_that_look_like_edge_words_are_kept(text, value):
    merged = merge_findings([model_finding(text, value)], [text])
    assert [text[f.start:f.end] for f in merged] == [value]


@pytest.mark.parametrize("text,value,info_type,kept", [
    ("Ash moved here for her job at the university.", "university", "ORGANIZATION_NAME", False),
    ("I dropped him at the orthodontist, and then Drew came.", "orthodontist", "ORGANIZATION_NAME", False),
    ("Once, at uni. At QUT, it was fine.", "uni", "ORGANIZATION_NAME", False),
    ("Take a cab to the city centre from Heathrow.", "centre", "LOCATION", False),
    ("Residents challenged Casement stadium.", "stadium", "LOCATION", True),  # a name's last word
    ("i work at the university", "university", "ORGANIZATION_NAME", True),  # no capitals: it may be one
])
def test_a_lower_case_word_for_any_body_or_place_names_none(text, value, info_type, kept):
    """With capitals, "at the university" is any university, whatever a model types it as."""
    start = text.index(value)
    found = Finding(0, start, start + len(value), info_type, Likelihood.LIKELY, Method.MODEL, "hf")
    assert bool(merge_findings([found], [text])) is kept


def test_a_title_alone_or_an_identifier_acronym_is_no_name():
    text = "Officer, the IBAN is wrong"
    found = [model_finding(text, "Officer"), model_finding(text, "IBAN")]
    assert merge_findings(found, [text]) == []


def test_adjacent_mentions_of_one_person_are_one_placeholder():
    text = "Hi, this is Maria Rivera returning your call."
    found = [model_finding(text, "Maria"),
             Finding(0, 18, 24, "PERSON_NAME", Likelihood.POSSIBLE, Method.DICTIONARY, "rules")]
    out, replacements = anonymize_conversation("c", [text], merge_findings(found, [text]))
    assert out == ["Hi, this is [PERSON_NAME_1] returning your call."]
    assert [(r.finding.start, r.finding.end) for r in replacements] == [(12, 24)]


def test_two_people_side_by_side_keep_their_own_placeholders():
    # "Maria Maria" is one name said twice; "Pam, Jim" are two people.
    text = "Pam, Jim called"
    found = [model_finding(text, "Pam"), model_finding(text, "Jim")]
    out, _ = anonymize_conversation("c", [text], found)
    assert out == ["[PERSON_NAME_1], [PERSON_NAME_2] called"]


@pytest.mark.parametrize("form", [str, asr])
@pytest.mark.parametrize("answer", [
    "It's me, calling about the order.", "It's her husband, she asked me to call.",
    "It's your neighbour from upstairs.", "It's Mom, honey.", "It's him again.",
])
def test_who_is_calling_answered_without_a_name_names_no_one(detector, form, answer):
    texts = [form("Hello, who is this?"), form(answer)]
    assert not any(f.info_type == "PERSON_NAME" for f in detector.detect(texts))


@pytest.mark.parametrize("form", [str, asr])
def test_who_is_calling_answered_with_a_name(detector, form):
    texts = [form("Hello, who is this?"), form("It's Marisol Etxeberria.")]
    found = [texts[f.turn][f.start:f.end] for f in detector.detect(texts) if f.info_type == "PERSON_NAME"]
    assert found == [form("Marisol Etxeberria")]


def test_the_name_question_lifts_the_answer_not_what_the_caller_says_next(detector):
    texts = ["may i have your name", "my name is tom i live on oak street"]
    found = [texts[f.turn][f.start:f.end] for f in detector.detect(texts) if f.info_type == "PERSON_NAME"]
    assert found == ["tom"]
    # An ordinary word that is the answer is still lifted: "bass", like the fish.
    texts = ["can i have your last name", "yeah it's bass like the fish"]
    assert [texts[f.turn][f.start:f.end] for f in detector.detect(texts)] == ["bass"]


@pytest.mark.parametrize("text", [
    "It was a trip down Memory Lane.", "We're on the right road now.", "Take the main road.",
    "we're on the right road now", "go down the dirt road",
])
def test_a_road_that_is_no_street_name(detector, text):
    assert not any(f.info_type == "LOCATION" for f in detector.detect([text]))



def test_a_code_read_out_in_answer_to_the_question_for_it(detector):
    texts = ["and can you read me your booking reference", "sure it's x seven k two l q"]
    found = {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert (1, "x seven k two l q", "GENERIC_ID") in found
    said = ["what did the kids sing", "they sang a b c one two three"]
    assert not [f for f in detector.detect(said) if f.info_type == "GENERIC_ID"]


def test_a_transactions_hash_in_answer_to_the_question_for_it(detector):
    tx = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"
    texts = ["Can you read me the transaction ID?", f"It starts {tx}."]
    found = {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert (1, tx, "GENERIC_ID") in found


@pytest.mark.parametrize("form", [str, asr])
def test_a_name_with_accents_said_alone_after_the_question(detector, form):
    # "Siobhán" is on no name list as written (the lists fold their own accents, not the text's):
    # the answer is taken for its letters, in any script.
    texts = [form("And your name?"), form("Siobhán Ní Bhriain.")]
    found = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]
    assert found == [(1, form("Siobhán Ní Bhriain"), "PERSON_NAME")]


@pytest.mark.parametrize("answer", ["Ça va, merci, I'm fine.", "Sí, claro.", "Oui, bien sûr."])
def test_a_foreign_yes_after_the_question_is_no_name(detector, answer):
    texts = ["And your name?", answer]
    assert not [f for f in detector.detect(texts) if f.info_type == "PERSON_NAME"]


@pytest.mark.parametrize("text,value,info_type", [
    ("my codice fiscale is RSSMRA85T10A562S", "RSSMRA85T10A562S", "ITALY_FISCAL_CODE"),
    ("my codice fiscale is rssmra85t10a562s", "rssmra85t10a562s", "ITALY_FISCAL_CODE"),
    ("it's about my Polish pension, my PESEL is 44051401359", "44051401359", "POLAND_PESEL_NUMBER"),
    ("And your DNI number? It's 12345678Z.", "12345678Z", "SPAIN_DNI_NUMBER"),
    ("my BSN is 111222333", "111222333", "NETHERLANDS_BSN_NUMBER"),
    ("my UTR is 12345 67890", "12345 67890", "UK_TAXPAYER_REFERENCE"),
    ("my driving licence number is MORGA 753116 SM9IJ", "MORGA 753116 SM9IJ", "UK_DRIVERS_LICENSE_NUMBER"),
    ("my driving licence number is morga 753116 sm9ij", "morga 753116 sm9ij", "UK_DRIVERS_LICENSE_NUMBER"),
    ("my CHI number is 120485 0615", "120485 0615", "SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER"),
])
def test_a_callers_national_numbers_from_the_uk_and_elsewhere_in_europe(detector, text, value, info_type):
    found = {(text[f.start:f.end], f.info_type) for f in detector.detect([text])}
    assert (value, info_type) in found


def test_a_licence_numbers_shape_in_lower_case_needs_its_name(detector):
    text = "the code on the box was morga 753116 sm9ij"
    assert not [f for f in detector.detect([text]) if f.info_type == "UK_DRIVERS_LICENSE_NUMBER"]


@pytest.mark.parametrize("text", [
    "Can I take your National Insurance number please?", "I pay National Insurance every month.",
    "It's about my Universal Credit claim.", "Lisa at Customer Services can help.",
])
def test_the_uk_schemes_a_caller_names_are_no_organisations(detector, text):
    assert not [f for f in detector.detect([text]) if f.info_type.startswith("ORGANIZATION_NAME")]


@pytest.mark.parametrize("form", [str, asr])
def test_an_ids_letters_said_apart_from_its_digits_in_the_answer(detector, form):
    texts = [form("May I have your member ID?"), form("Sure, it's XEH 4821 97731.")]
    found = {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}
    assert (1, form("XEH 4821 97731"), "GENERIC_ID") in found
    for answer in ("yep 12 boxes came", "about 1500 I think", "it's on page 2231 of the letter"):
        texts = ["And the claim number?", answer]
        assert not [f for f in detector.detect(texts) if f.info_type == "GENERIC_ID"], answer


@pytest.mark.parametrize("text,expected", [
    ("Flat 2B, Alder Court, 14 Wheatley Street, Oxford.", "Flat 2B, Alder Court, 14 Wheatley Street"),
    ("Apartment 12, Harbour View Heights, 480 Mission St", "Apartment 12, Harbour View Heights, 480 Mission St"),
    ("Flat 2B, 14 Wheatley Street, Oxford.", "Flat 2B, 14 Wheatley Street"),
])
def test_a_unit_and_its_blocks_name_before_the_street(text, expected):
    assert expected in quotes(text, "STREET_ADDRESS")


@pytest.mark.parametrize("text,span,method,names", [
    # A rule's two words over a sentence's end are two mentions; a model's are a name and the
    # word that opened the sentence before it.
    ("she says his name's Kieran. Kieran! Mate!", "Kieran. Kieran", Method.REGEX, ["Kieran", "Kieran"]),
    ("Bank. DBS gave us the approval.", "Bank. DBS", Method.MODEL, ["DBS"]),
    ("Rob. Robert Fairweather.", "Rob.", Method.REGEX, ["Rob"]),
    # Initials and abbreviations end no sentence.
    ("I met J. R. Smith there.", "J. R. Smith", Method.MODEL, ["J. R. Smith"]),
    ("We sat with St. John Rivers for an hour.", "St. John Rivers", Method.MODEL, ["St. John Rivers"]),
])
def test_a_name_spans_no_sentence_end(text, span, method, names):
    start = text.index(span)
    found = Finding(0, start, start + len(span), "PERSON_NAME", Likelihood.LIKELY, method, "x")
    assert [text[f.start:f.end] for f in merge_findings([found], [text])] == names


@pytest.mark.parametrize("text,span,names", [
    ("Fine, with Bank of America. So now I watch.", "Bank of America. So", ["Bank of America"]),
    ("The two big ones, Oliver and Poppy. School run to Hampstead.", "Poppy. School", []),
    ("Every Sunday. New Testament Church of God.", "Sunday. New Testament Church of God",
     ["New Testament Church of God"]),
])
def test_an_organisation_a_rule_ran_on_past_a_sentence_end(text, span, names):
    start = text.index(span)
    found = Finding(0, start, start + len(span), "ORGANIZATION_NAME", Likelihood.LIKELY, Method.REGEX, "rules")
    assert [text[f.start:f.end] for f in merge_findings([found], [text])] == names


def test_an_organisation_that_ends_a_sentence_leaves_its_full_stop(detector):
    text = "He wants to do his master's at Coventry University."
    assert anonymised(detector, [text]) == ["He wants to do his master's at [ORGANIZATION_NAME_1]."]
    # An abbreviation's full stop is the name's.
    assert anonymised(detector, ["He works for Acme Inc. now."]) == ["He works for [ORGANIZATION_NAME_1] now."]


def test_a_firm_named_after_it_s_begins_after_it(detector):
    text = "Take the details. It's GCB Bank, the Adum branch."
    assert anonymised(detector, [text])[0].startswith("Take the details. It's [ORGANIZATION_NAME_1]")
