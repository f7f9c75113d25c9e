"""The call-transcript profile (veil/profiles/call_transcripts.yaml): the paper's configuration."""
import pytest

from veil.run.config import bundled_profiles, load_config
from veil.detection.detect import ConversationDetector


@pytest.fixture(scope="module")
def detector():
    return ConversationDetector(load_config("call_transcripts"))


def found(detector, texts):
    return [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)]


def test_profile_is_bundled_and_valid():
    assert "call_transcripts" in bundled_profiles()
    config = load_config("call_transcripts")
    names = {t.name for t in config.inspect_config.info_types}
    assert {"DATE", "TIME", "GENDER", "ETHNIC_GROUP"}.isdisjoint(names)
    assert {"FIRST_NAME", "LAST_NAME", "FEMALE_NAME", "MALE_NAME"}.isdisjoint(names)
    assert {"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION", "US_SOCIAL_SECURITY_NUMBER",
            "CANADA_SOCIAL_INSURANCE_NUMBER", "EMAIL_ADDRESS", "PHONE_NUMBER"} <= names
    excluded = {t.name for rs in config.inspect_config.rule_set for t in rs.info_types
                if any(r.exclusion_rule and r.exclusion_rule.dictionary for r in rs.rules)}
    assert {"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION"} <= excluded


def test_table_1_example(detector):
    texts = ["This is Pam calling from Dunder Mifflin, may I speak to Jim?"]
    got = found(detector, texts)
    assert (0, "Pam", "PERSON_NAME") in got
    assert (0, "Jim", "PERSON_NAME") in got
    assert any(q == "Dunder Mifflin" and t.startswith("ORGANIZATION_NAME") for _, q, t in got)


def test_dates_and_times_are_off_but_dates_of_birth_on(detector):
    texts = ["The meeting is on 04/12/2025 at 2:30 pm.", "I was born on March 5, 1990."]
    got = found(detector, texts)
    assert (1, "March 5, 1990", "DATE_OF_BIRTH") in got
    assert not any(t in ("DATE", "TIME") for _, _, t in got)


@pytest.mark.parametrize("text,expected", [
    ("it's spelled A-L-P-H-A", "A-L-P-H-A"),
    ("initials M. K. please", "M. K."),
    ("that's a-b-c", "a-b-c"),
    ("Anna, A-N-N-A", "A-N-N-A"),  # a letter said twice inside a word spelled is no stutter
    ("O, B, R, I, A, I, N.", "O, B, R, I, A, I, N"),  # with commas, as a transcriber writes it
    ("it's S, M, I, double T, H.", "S, M, I, double T, H"),
    # as TalkBank's CHAT writes letters said one by one (CallHome's transcripts)
    ("it's s@l m@l y@l t@l h@l with a y@l .", "s@l m@l y@l t@l h@l"),
])
def test_spelled_letters(detector, text, expected):
    assert (0, expected, "SPELLED_LETTERS") in found(detector, [text])


@pytest.mark.parametrize("text,expected", [
    ("the code is 4 1 5", "4 1 5"),
    ("it is four one five", "four one five"),
    ("four for five to six", "four for five to six"),
    ("seven, two, nine, oh, one", "seven, two, nine, oh, one"),
    # the groups' dashes said: the whole number, not "two two" left between them
    ("it's five three one dash two two dash four four one two",
     "five three one dash two two dash four four one two"),
])
def test_digit_sequences(detector, text, expected):
    assert (0, expected, "DIGIT_SEQUENCE") in found(detector, [text])


@pytest.mark.parametrize("text", [
    "I want to go for a walk",
    "one of the two options",
    "a hundred metre dash in two minutes",
    "i had the four oh one k and a pension",  # the retirement plan, said aloud
    "the new card arrives in three to five days",  # a range
    "it passed five to three",  # a score
    "open 9 to 5",
    "a T-shirt and an e-mail",
    "I-I'm not sure", "I-I think so", "A-A-A battery", "W-we went", "th-the place",
    "it's plan b@l then .",  # one letter said is no spelling
])
def test_digit_and_letter_near_misses(detector, text):
    assert not any(t in ("DIGIT_SEQUENCE", "SPELLED_LETTERS") for _, _, t in found(detector, [text]))


def test_username_rule(detector):
    got = found(detector, ["my username is enigma52 and my friend is bob_99 maybe"])
    assert (0, "enigma52", "USER_NAME") in got
    assert (0, "bob_99", "USER_NAME") in got  # within 100 characters of the hotword
    assert found(detector, ["the model r2d2 is great"]) == []


@pytest.mark.parametrize("text,expected", [
    ("Done! $50 has been applied to account moyelaran82.", "moyelaran82"),
    ("kaitos tag is KingKaito_jp if it matters", "KingKaito_jp"),
    ("she'd want me to plug her Instagram, it's amberbakes_mt, that's where", "amberbakes_mt"),
])
def test_a_handle_near_the_service_or_account_it_names_is_a_user_name(detector, text, expected):
    assert (0, expected, "USER_NAME") in found(detector, [text])


def test_abbreviations_near_an_account_are_no_user_names(detector):
    assert not any(t == "USER_NAME" for _, _, t in found(detector, ["my account, e.g. the login at 9 a.m."]))


@pytest.mark.parametrize("texts,expected", [
    (["Hi April, it's Beth.", "oh hey"], [(0, "April"), (0, "Beth")]),
    (["Hi, this is June calling from the clinic."], [(0, "June")]),
    (["We're coming in May.", "He was on nights all of April.", "See you in June!"], []),
    (["Hi April, it's Beth.", "He was on nights all of April."], [(0, "April"), (0, "Beth")]),
])
def test_a_month_is_a_name_only_where_a_cue_says_so(detector, texts, expected):
    """April, May, June and August are given names: the lists never guess a month alone, nor
    spread one found by a cue, but the cue's find stays."""
    assert [(t, v) for t, v, kind in found(detector, texts) if kind == "PERSON_NAME"] == expected


def test_exclusion_lists(detector):
    assert found(detector, ["Thank you, Agent, see you Monday."]) == []
    assert not any(t == "LOCATION" for _, _, t in found(detector, ["I'm calling from Home"]))


def test_previous_turn_name_question(detector):
    texts = ["Can I have your full name please?", "Sure, it's zorbulon quix."]
    assert (1, "zorbulon quix", "PERSON_NAME") in found(detector, texts)


@pytest.mark.parametrize("question", [
    "What's the name on the account?", "what's the name on the account", "And the last name?",
    "okay so and the last name", "Could you spell his first name for me?",
    "can i get the name of the account holder", "Who am I speaking with?",
    "And what's Sandy's last name, for the appointment?", "and what's sandy's last name",
])
def test_previous_turn_asks_for_a_name(detector, question):
    texts = [question, "Sure, it's zorbulon quix."]
    assert (1, "zorbulon quix", "PERSON_NAME") in found(detector, texts)


@pytest.mark.parametrize("statement", [
    "Endungo is the name given by Bayot speakers, but its meaning is not known.",
    "The Eegimaa spoken there is known by several names, and Kusiilay is the name used by Ethnologue.",
    "i forget the name of the street but it was nice",
])
def test_a_turn_that_speaks_of_a_name_asks_for_none(detector, statement):
    """Only a question or a request makes the next turn's first words a name: a document that
    says "X is the name given by ..." made the next sentence's first word ("Finally",
    "Figure") a person on GUM's written dev quarters."""
    texts = [statement, "Finally, Banjal is the most popular of all those names."]
    assert not any(t == 1 and kind == "PERSON_NAME" for t, _, kind in found(detector, texts))

@pytest.mark.parametrize("statement", [
    "Electric is through Duke Energy, in your name.", "electric is through duke energy in your name",
    "The account is under your name.", "it's all on your name",
])
def test_a_turn_that_says_what_is_in_your_name_asks_for_none(detector, statement):
    """"In your name" says whose an account is; the answer, "Okay, sounds good", is no name (the
    lists' "Good" was taken as one)."""
    texts = [statement, "Okay. Sounds good. We'll see you Saturday then."]
    assert not any(t == 1 and kind == "PERSON_NAME" for t, _, kind in found(detector, texts))
    texts = [statement.lower().rstrip("."), "okay sounds good we'll see you saturday then"]
    assert not any(t == 1 and kind == "PERSON_NAME" for t, _, kind in found(detector, texts))


def test_previous_turn_age_and_username_questions(detector):
    texts = ["And how old is the patient?", "She's forty-nine.", "And the user name you log in with?",
             "laurencatlady.", "Thanks, what else?", "Sure."]
    got = found(detector, texts)
    assert (1, "forty-nine", "AGE") in got
    assert (3, "laurencatlady", "USER_NAME") in got
    assert not any(turn == 5 for turn, _, _ in got)


@pytest.mark.parametrize("question,answer,age", [
    ("how old is she now?", "twelve.", "twelve"),
    ("how old are they now", "four and they're driving me crazy", "four"),
    # as a speech recogniser writes the answer, without punctuation
    ("how old is she now", "ninety one i can't believe it", "ninety one"),
    ("how old is your mom", "twenty three anyway send me pictures", "twenty three"),
    ("wow how old is he now ninety", "yep", "ninety"),
])
def test_an_age_answered_alone_after_how_old(detector, question, answer, age):
    """A number alone is an age only where the previous turn asked for one."""
    turn = 0 if age in question else 1
    assert (turn, age, "AGE") in found(detector, [question, answer])
    assert not any(kind == "AGE" for _, _, kind in found(detector, ["what time works?", answer]))


@pytest.mark.parametrize("text", ["Thank you, one moment please.", "five six two", "twenty three anyway"])
def test_a_number_opening_a_turn_is_no_age_even_to_the_auditor_without_the_question(text):
    """Without "how old", a number that opens a turn is no age candidate, not even at the
    auditor's low threshold, which would score it in every call that reads out digits."""
    auditor = ConversationDetector(load_config("auditor"))
    assert not any(f.info_type == "AGE" for f in auditor.find([text]))


def test_a_number_that_counts_something_else_answers_no_how_old(detector):
    """"twelve years i think" is how old a car is; "five kids" how many."""
    for question, answer in (("how old is the car", "twelve years i think"),
                             ("how old are they", "five kids and a dog")):
        assert not any(kind == "AGE" for _, _, kind in found(detector, [question, answer]))


@pytest.mark.parametrize("text,value,info_type", [
    # A specific type wins an exact tie with the profile's generic DIGIT_SEQUENCE.
    ("My social is 536-22-1842.", "536-22-1842", "US_SOCIAL_SECURITY_NUMBER"),
    ("My SIN is 046 454 286.", "046 454 286", "CANADA_SOCIAL_INSURANCE_NUMBER"),
    ("My passport number is 123456789.", "123456789", "PASSPORT"),
    ("ZIP code 94645", "94645", "US_ZIP"),
    # Ten Luhn-valid digits are a health number only near "OHIP" or "health card".
    ("order id 1234-567-897", "1234-567-897", "GENERIC_ID"),
    ("my cell is 3777047766", "3777047766", "PHONE_NUMBER"),
    ("my cell is 9329914167", "9329914167", "PHONE_NUMBER"),
])
def test_values_get_their_own_type_not_a_generic_or_a_lookalike_one(detector, text, value,
                                                                    info_type):
    assert found(detector, [text]) == [(0, value, info_type)]


@pytest.mark.parametrize("text,expected", [
    ("That's M as in Mary, E as in Egg, N as in Nancy.", "M as in Mary, E as in Egg, N as in Nancy"),
    ("last name cuch c as in charlie u as in uniform", "c as in charlie u as in uniform"),
    # A booking reference read out: the digits and bare letters said among the spelled ones.
    ("Sure, it's H as in hotel, seven, K as in kilo, nine, two, P.",
     "H as in hotel, seven, K as in kilo, nine, two, P"),
    ("sure it's h as in hotel seven k as in kilo nine two p", "h as in hotel seven k as in kilo nine two p"),
    ("the number is five, J as in jump, six", "five, J as in jump, six"),
])
def test_letters_spelled_as_in_a_word_are_one_finding(detector, text, expected):
    assert (0, expected, "SPELLED_LETTERS") in found(detector, [text])


def test_a_word_after_a_spelling_is_no_letter_of_it(detector):
    # "I" and "a" are words: "T as in Tom, I mean" spells one letter.
    assert (0, "T as in Tom", "SPELLED_LETTERS") in found(detector, ["T as in Tom, I mean it"])
    assert (0, "M as in Mike", "SPELLED_LETTERS") in found(detector, ["M as in Mike, a friend"])


@pytest.mark.parametrize("text,expected", [
    ("okay so that's b for bravo o for oscar w for whiskey e n",
     "b for bravo o for oscar w for whiskey e n"),
    ("B for Bertie, O for orange, W for William, E, N", "B for Bertie, O for orange, W for William, E, N"),
    ("it's s for sugar m i t h", "s for sugar m i t h"),  # "i" among letters is a letter
    ("a for alpha n d e r s o n", "a for alpha n d e r s o n"),
    ("p as in peter a t e l", "p as in peter a t e l"),
    ("it's d for delta", "d for delta"),  # one letter, with the phonetic alphabet
    ("bravo oscar whiskey echo november", "bravo oscar whiskey echo november"),
    ("so that's charlie foxtrot seven one bravo kilo delta a grey estate",
     "charlie foxtrot seven one bravo kilo delta"),
])
def test_letters_spelled_for_a_word_or_by_the_phonetic_alphabet(detector, text, expected):
    assert (0, expected, "SPELLED_LETTERS") in found(detector, [text])


@pytest.mark.parametrize("text", [
    "well i for instance don't like it", "i for one agree", "she got an a for effort",
    "plan b for now", "vitamin c for colds", "tea for two, t for two", "g for goodness sake",
    "romeo and juliet", "we stayed at the hotel then played golf",
])
def test_for_between_a_letter_and_a_word_is_mostly_no_spelling(detector, text):
    assert not any(t == "SPELLED_LETTERS" for _, _, t in found(detector, [text]))


def test_an_a_or_i_after_a_spelling_is_a_letter_only_before_another(detector):
    assert (0, "m for mike", "SPELLED_LETTERS") in found(detector, ["m for mike and i think that's it"])


def test_as_in_before_an_article_is_no_spelling(detector):
    assert not any(t == "SPELLED_LETTERS" for _, _, t in found(detector, ["I got an A as in the grade"]))


@pytest.mark.parametrize("text,expected", [
    ("four zero double zero", "four zero double zero"),
    ("eight nine won, five nine one seven", "eight nine won, five nine one seven"),
    ("my cell is oh six oh three", "oh six oh three"),
    ("three two ate four", "three two ate four"),
    ("it's oh seven seven hundred nine double four one two", "oh seven seven hundred nine double four one two"),
    # a letter or two among the digits, with two digits after them
    ("it's one eight c r zero four four one two", "one eight c r zero four four one two"),
])
def test_spoken_digits_with_double_oh_and_sound_alikes(detector, text, expected):
    assert (0, expected, "DIGIT_SEQUENCE") in found(detector, [text])


def test_a_code_of_letters_and_digits_said_after_its_name_is_an_identifier(detector):
    text = "case number one eight c r zero four four one two"
    assert (0, "one eight c r zero four four one two", "GENERIC_ID") in found(detector, [text])


@pytest.mark.parametrize("text,expected", [
    ("it's on the email. S, M, I, seven, seven, two, oh, four, nine, one.",
     "S, M, I, seven, seven, two, oh, four, nine, one"),
    ("your receipt number is c r one nine eight eight two three have a good one",
     "c r one nine eight eight two three"),
    ("CLM two two nine one... sorry", "CLM two two nine one"),
    ("it's s five two three four five six seven d", "s five two three four five six seven d"),
    ("that's nine eight seven six five four three two one zero x y what should you bring",
     "nine eight seven six five four three two one zero x y"),
    ("Um, the sticker says HFT-LT-0931.", "HFT-LT-0931"),  # letters joined to the digits
    # ... or the letters and the digits said, joined by hyphens as a transcriber writes them.
    ("I must've read out the claim number, C-H-nine-four-four-one-two, about fifty times.",
     "C-H-nine-four-four-one-two"),
    # ... or the dash between them said.
    ("Your account number there is A dash four four seven nine one two zero six.",
     "A dash four four seven nine one two zero six"),
    ("Your claim number is C, L, dash, six six zero, four one, eight eight.",
     "C, L, dash, six six zero, four one, eight eight"),
])
def test_the_letters_read_out_with_an_identifiers_digits_go_with_them(detector, text, expected):
    assert (0, expected, "DIGIT_SEQUENCE") in found(detector, [text])


@pytest.mark.parametrize("text,expected", [
    ("the vin is one h g c m eight two six three three a zero zero four three five two",
     "one h g c m eight two six three three a zero zero four three five two"),  # "a" a letter
    ("my licence is m o r g a seven five three one one six s m nine i j",
     "m o r g a seven five three one one six s m nine i j"),
])
def test_a_long_code_read_out_a_character_at_a_time_goes_whole(detector, text, expected):
    assert (0, expected, "DIGIT_SEQUENCE") in found(detector, [text])


@pytest.mark.parametrize("text,expected", [
    ("it's a one two three four", "one two three four"),  # "a" alone is a word
    ("i one two three four i think", "one two three four"),
    ("my PIN is one two three four", "one two three four"),  # a label, not a prefix
    ("the count was one two three four a week", "one two three four"),
    ("option a or b or c one two three four five", "c one two three four five"),  # words between
    ("Tour dates JAN 2015", "2015"),  # a number written whole takes no letters
    ("see p 1225", "1225"),
])
def test_a_word_beside_digits_stays_a_word(detector, text, expected):
    assert {q for _, q, t in found(detector, [text]) if t == "DIGIT_SEQUENCE"} == {expected}


@pytest.mark.parametrize("text,expected", [
    ("I live at Kastanienallee 12, Berlin", "Berlin"),  # the house's number after the street
    ("it's Calle Mayor 14, Madrid", "Madrid"),
    ("I live at Rue de Rivoli 5, Paris", "Paris"),
])
def test_the_town_after_a_continental_address_is_a_place_not_someone_addressed(detector, text, expected):
    assert (0, expected, "LOCATION") in found(detector, [text])


def test_a_title_before_a_name_is_no_company(detector):
    got = found(detector, ["Now, I see Brother Otis King over there nodding."])
    assert not any(q == "Brother" for _, q, _ in got)


@pytest.mark.parametrize("texts", [
    ["it's in mississauga, postal code l five m two b three"],  # near its name
    ["and what's your postal code", "l five m two b three"],  # the answer to it
])
def test_a_canadian_postal_code_said_letter_by_letter(detector, texts):
    assert (len(texts) - 1, "l five m two b three", "CANADA_POSTAL_CODE") in found(detector, texts)


@pytest.mark.parametrize("texts", [
    ["now give me your address", "it's four eighteen hickory hill road",
     "four eighteen hickory hill road okay i'll pass it on"],
])
def test_an_address_read_back_is_the_address(detector, texts):
    from veil.detection.name_repeats import with_repeats

    got = with_repeats(texts, ConversationDetector(load_config("call_transcripts")).detect(texts))
    assert any(f.turn == 2 and f.info_type == "STREET_ADDRESS" for f in got)


@pytest.mark.parametrize("text", ["We won two of them", "Oh, one more thing", "it cost seven hundred nine pounds",
                                  "it was two x four lumber", "the score was three s two"])
def test_spoken_digit_near_misses(detector, text):
    assert not any(t == "DIGIT_SEQUENCE" for _, _, t in found(detector, [text]))


def test_previous_turn_passport_question(detector):
    texts = ["And your passport number?", "It's W77339730.", "Thanks. Order K77212690 shipped."]
    got = found(detector, texts)
    assert (1, "W77339730", "PASSPORT") in got
    assert (2, "K77212690", "PASSPORT") not in got


def test_a_previous_question_does_not_retype_what_the_turn_says(detector):
    """A turn that spoke of a plate lifts the next turn's first plate-shaped value, but
    "passport k1234567" says what it is: the passport's own hotword, as sure as the lift, wins
    (both are redacted either way; the type is what the placeholder and the report show)."""
    texts = ["my plate is AB12 CDE", "card expires oh four twenty seven, passport k1234567"]
    got = found(detector, texts)
    assert (1, "k1234567", "PASSPORT") in got
    assert (1, "k1234567", "LICENSE_PLATE_NUMBER") not in got
    # With nothing in the turn to say otherwise, the question still decides.
    texts = ["And the registration?", "it's ab12 cde"]
    assert (1, "ab12 cde", "LICENSE_PLATE_NUMBER") in found(detector, texts)



@pytest.mark.parametrize("answer,value", [
    ("twenty, thirty two, ten", "twenty, thirty two, ten"),
    ("it's forty twelve sixty-five", "forty twelve sixty-five"),
    ("oh nine, double one, twenty one and the account is", "oh nine, double one, twenty one"),
])
def test_a_sort_code_said_as_three_pairs(detector, answer, value):
    texts = ["And the sort code?", answer]
    assert (1, value, "DIGIT_SEQUENCE") in found(detector, texts)


def test_three_numbers_said_without_the_question_are_a_count(detector):
    assert found(detector, ["And how many?", "twenty, thirty two, ten"]) == []


@pytest.mark.parametrize("text,value", [
    ("the sort code is twenty forty sixty", "twenty forty sixty"),
    ("my sort code's oh nine, double one, twenty one", "oh nine, double one, twenty one"),
])
def test_a_sort_code_said_as_three_pairs_in_the_turn_that_names_it(detector, text, value):
    assert (0, value, "DIGIT_SEQUENCE") in found(detector, [text])


def test_three_numbers_said_without_sort_code_are_a_count(detector):
    assert found(detector, ["we had twenty forty sixty people over the years"]) == []


@pytest.mark.parametrize("text,value", [
    ("i was born in nineteen seventy two", "nineteen seventy two"),
    ("my son was born in two thousand and five", "two thousand and five"),
    ("she was born in eighty four", "eighty four"),
    ("born in the summer of nineteen eighty", "nineteen eighty"),
])
def test_a_year_of_birth_said_in_words(detector, text, value):
    assert (0, value, "DATE_OF_BIRTH") in found(detector, [text])


def test_a_year_said_in_words_with_no_birth_is_left(detector):
    assert found(detector, ["we moved in nineteen seventy two", "it was in two thousand and five"]) == []


def test_spoken_dates_of_birth(detector):
    texts = ["What's your date of birth?", "four thirteen sixty-six.", "Okay, thanks.",
             "i was born on two twenty-one eighty-seven", "Thanks again.",
             "We moved on twelve nine fifty-one to the new site."]
    got = found(detector, texts)
    assert (1, "four thirteen sixty-six", "DATE_OF_BIRTH") in got
    assert (3, "two twenty-one eighty-seven", "DATE_OF_BIRTH") in got
    assert not any(turn == 5 for turn, _, _ in got)  # a spoken date with no birth context


@pytest.mark.parametrize("answer,value", [
    # Day first, as in the UK, and a year of two words: the year is part of the date.
    ("it's the fourteenth of july eighty two", "fourteenth of july eighty two"),
    ("fourteen seven eighty two", "fourteen seven eighty two"),
    ("fourteen oh seven nineteen eighty two", "fourteen oh seven nineteen eighty two"),
    ("twenty one twelve ninety", "twenty one twelve ninety"),
    ("Twelfth of the fourth, eighty-two.", "Twelfth of the fourth, eighty-two"),  # the month an ordinal
])
def test_spoken_dates_of_birth_day_first(detector, answer, value):
    texts = ["can i get your date of birth", answer]
    assert (1, value, "DATE_OF_BIRTH") in found(detector, texts)
    # Without the question, the numbers are no date of birth.
    assert found(detector, ["and how many did you order", answer]) == []


@pytest.mark.parametrize("text,value", [
    ("my password is hunter2", "hunter2"),
    ("yeah my password's hunter two two", "hunter two two"),  # the digits said after it
    ("my pin is seven four two one", "seven four two one"),
    ("my memorable word is lighthouse.", "lighthouse"),
    ("the answer to my security question is fluffy", "fluffy"),
    ("and the password was thepassionatecerealkiller", "thepassionatecerealkiller"),
    # the name a security question asks for
    ("the name of my first pet was biscuit", "biscuit"),
    ("my first dog's name was Rolo", "Rolo"),
    ("my childhood nickname was bobo", "bobo"),
])
def test_a_password_said_to_an_agent(detector, text, value):
    assert (0, value, "PASSWORD") in found(detector, [text])


@pytest.mark.parametrize("text", [
    "my password is incorrect",
    "the password is still not working",
    "the PIN is printed on the back of the card",
    "my password is being reset",
    "the password is written on the router",
    "my password is the same as before",
    "my first car was a ford",  # no name asked for
    "my first school was awful",
])
def test_what_is_said_of_a_password_is_no_password(detector, text):
    assert not any(t == "PASSWORD" for _, _, t in found(detector, [text]))


@pytest.mark.parametrize("question,answer,value", [
    ("Can you confirm the passcode on the account?", "blue harbour seventy", "blue harbour seventy"),
    ("What's your memorable word?", "it's lighthouse", "lighthouse"),
    ("And what was the name of your first pet?", "biscuit", "biscuit"),
])
def test_previous_turn_password_question(detector, question, answer, value):
    assert (1, value, "PASSWORD") in found(detector, [question, answer])


@pytest.mark.parametrize("question,answer", [
    ("And your password?", "i forgot it"),
    ("What's the password?", "great thanks"),
    ("Never tell anyone your password.", "okay cool"),  # asks for nothing
    ("I've reset it and your new password is in your email.", "lovely stuff"),
])
def test_an_answer_that_gives_no_password(detector, question, answer):
    assert not any(t == "PASSWORD" for _, _, t in found(detector, [question, answer]))


@pytest.mark.parametrize("text,expected,info_type", [
    ("Flat 4, 27 Cotham Brow, Bristol BS6 6AS", "Flat 4, 27 Cotham Brow", "STREET_ADDRESS"),
    ("the address is Apartment 9, 3 Lapp's Quay, T12 RW7C yeah?", "Apartment 9, 3 Lapp's Quay",
     "STREET_ADDRESS"),
    ("outpatient appointments, Leeds Teaching Hospitals, you're speaking to Bev.",
     "Leeds Teaching Hospitals", "ORGANIZATION_NAME"),
    ("Declan, from O'Sullivan Plumbing & Heating in Douglas", "O'Sullivan Plumbing & Heating",
     "ORGANIZATION_NAME"),
    ("I saw a review from sarah_k_1990 saying the same thing", "sarah_k_1990", "USER_NAME"),
])
def test_what_help_desk_calls_and_chats_name(detector, text, expected, info_type):
    assert (0, expected, info_type) in found(detector, [text])


@pytest.mark.parametrize("text", ["set max_length and user_id then open report_2024.pdf",
                                  "the 3 ships at the wharf", "we had 2 nights on the embankment"])
def test_code_words_and_a_count_before_a_quay_are_no_one(detector, text):
    assert not any(t in ("USER_NAME", "STREET_ADDRESS") for _, _, t in found(detector, [text]))

