"""A name found once in a conversation is redacted wherever the conversation says it again
(veil.detection.name_repeats), and so are the words right next to it that continue it; so are
the organisations and places found once."""
import pytest

from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.name_repeats import name_neighbours, repeated_entities, repeated_names
from veil.transform.operators import Operators
from veil.transform.record_anonymize import anonymize_record
from veil.io.records import FieldMap, conversation_from_record


def name(texts, turn, value, occurrence=0, info_type="PERSON_NAME"):
    start = -1
    for _ in range(occurrence + 1):
        start = texts[turn].index(value, start + 1)
    return Finding(turn, start, start + len(value), info_type, Likelihood.LIKELY, Method.DICTIONARY, "rules")


def org(texts, turn, value):
    return name(texts, turn, value, info_type="ORGANIZATION_NAME")


def quoted(texts, findings):
    return [(f.turn, texts[f.turn][f.start:f.end]) for f in findings]


def test_the_other_mentions_of_a_found_name_are_redacted():
    texts = ["our new hire hedwig steuer starts on monday", "hedwig's employee id is EMP-995740",
             "Thanks, Steuer."]
    got = quoted(texts, repeated_names(texts, [name(texts, 0, "hedwig steuer")]))
    assert got == [(1, "hedwig"), (2, "Steuer")]


def test_what_a_family_calls_one_of_its_own_does_not_spread():
    # "Nana Bridie" found once, then "your Nana" said of her all through the call home
    texts = ["it's just your Nana Bridie, she's after moving", "ring your Nana on Sunday, and Bridie too"]
    got = quoted(texts, repeated_names(texts, [name(texts, 0, "Nana Bridie")]))
    assert got == [(1, "Bridie")]


def test_an_ordinary_word_spreads_only_where_it_is_capitalised_mid_sentence():
    texts = ["Is Grace still your manager?", "The grace period ends.", "Grace period ends. Thanks, Grace."]
    got = quoted(texts, repeated_names(texts, [name(texts, 0, "Grace")]))
    assert got == [(2, "Grace")]
    assert texts[2].rindex("Grace") == repeated_names(texts, [name(texts, 0, "Grace")])[0].start


def test_an_ordinary_word_spreads_to_a_sentence_s_start_where_it_is_said_to_its_bearer():
    texts = ["My sister is called Precious.", "Precious! The bride herself.", "Precious metals are up.",
             "Precious, where is the cake?"]
    got = quoted(texts, repeated_names(texts, [name(texts, 0, "Precious")]))
    assert got == [(1, "Precious"), (3, "Precious")]


def test_without_capitals_a_word_a_cue_named_spreads_though_no_list_holds_it():
    texts = ["her name is beauty", "and beauty said she will come", "the beauty of it is"]
    cue = name(texts, 0, "beauty")
    cue = Finding(cue.turn, cue.start, cue.end, "PERSON_NAME", Likelihood.LIKELY, Method.REGEX, "rules")
    assert quoted(texts, repeated_names(texts, [cue])) == [(1, "beauty")]
    # the lists' word alone is no evidence
    assert quoted(texts, repeated_names(texts, [name(texts, 0, "beauty")])) == []


def model(texts, turn, value):
    finding = name(texts, turn, value)
    return Finding(finding.turn, finding.start, finding.end, "PERSON_NAME", Likelihood.LIKELY,
                   Method.MODEL, "hf")


def test_without_capitals_a_name_the_model_typed_alone_spreads_in_lower_case():
    texts = ["did you hear that grace is moving to portland", "good for them tell grace i said hi",
             "Grace period ends tomorrow, by the grace of God."]
    got = quoted(texts, repeated_names(texts, [model(texts, 1, "grace")]))
    assert got == [(0, "grace")]  # not in the turn that writes capitals


def test_without_capitals_a_word_after_a_determiner_or_a_subject_stays_a_word():
    texts = ["mark said the meeting moved", "okay i'll mark it on the calendar and mark wants slides",
             "bill called about the bill"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, "mark"), model(texts, 2, "bill")]))
    assert got == [(1, "mark")] and texts[1].index("and mark") + 4 == repeated_names(
        texts, [model(texts, 0, "mark")])[0].start


def test_without_capitals_a_verb_after_a_subject_and_an_adverb_stays_a_word():
    """"i always hope" and "i sure hope" put an adverb between the subject and its verb."""
    texts = ["my grandma was hope", "i always hope somebody brings those back", "i sure hope so",
             "hope would have loved it"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, "hope")]))
    assert got == [(3, "hope")]


def test_without_capitals_a_word_said_of_a_subject_or_owned_stays_a_word():
    """"he's frank" says what he is; "dad's chip" is dad's thing."""
    texts = ["my boss frank is great and chip says hi", "he's frank i'll say that",
             "dad's chip on the hood", "frank and chip came too"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, "frank"), model(texts, 0, "chip")]))
    assert sorted(got) == [(3, "chip"), (3, "frank")]


def test_without_capitals_a_word_that_takes_a_thing_stays_a_word():
    """After "in", "had", "favorite" or "play" the word is the thing: "pays in cash", "had
    faith", "i play bass"."""
    texts = ["she's dating cash young and faith says hi", "he pays in cash and cash is happy",
             "i've always had faith in him", "my favorite faith story"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, "cash"), model(texts, 0, "faith")]))
    assert got == [(1, "cash")] and texts[1].index("and cash") + 4 == repeated_names(
        texts, [model(texts, 0, "cash")])[0].start
    played = ["my name is bass", "i play bass in a band", "so bass what's yours"]
    assert quoted(played, repeated_names(played, [model(played, 0, "bass")])) == [(2, "bass")]


def test_without_capitals_a_word_with_an_object_or_after_be_stays_a_word():
    """"the vendors bill me" and "sue them" are verbs; "to be frank" and "the house is tiny"
    say what something is, but "gonna be sue" and "this is tiny" say who, and "you too frank"
    says goodbye to him."""
    texts = ["my boss bill and tiny and frank and sue said hi", "the vendors bill me monthly",
             "we could sue them", "to be frank it's fine", "the house is tiny",
             "bill and tiny and frank and sue came", "so she's gonna be sue love",
             "hi edwin this is tiny", "my name is frank", "you too frank have a good one"]
    found = [model(texts, 0, word) for word in ("bill", "tiny", "frank", "sue")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(5, "bill"), (5, "frank"), (5, "sue"), (5, "tiny"), (6, "sue"), (7, "tiny"),
                           (8, "frank"), (9, "frank")]


def test_without_capitals_a_word_said_of_people_or_after_as_or_just_stays_a_word():
    """"young people", "about as rich a food", "i just park the car": the word describes or does;
    "young" and "rich" said again as names are still spread."""
    texts = ["uncle rich and nan young came", "young people need attention",
             "that's about as rich a food as i make", "i just park the car there",
             "rich says hi and young too", "tell park i said hi"]
    found = [model(texts, 0, word) for word in ("rich", "young")] + [model(texts, 5, "park")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(4, "rich"), (4, "young")]


def test_without_capitals_a_word_ending_a_noun_phrase_or_a_quality_stays_a_word():
    """After an article and a word or two, the word is a thing ("the first tuition bill", "a
    duck hunter", "the fast lane"), and after "is so" a quality ("his office was so dusty");
    but a word between may say it is someone ("a friend sue", "a guy named lane", "a name like
    dusty", "the contact there hunter"), and "that's so" likens someone to a name."""
    texts = ["my son bill and hunter and lane and dusty and sue said hi",
             "we got the first tuition bill", "he's a duck hunter", "he drives in the fast lane",
             "his office was so dusty", "a friend sue called", "a guy named lane",
             "with a name like dusty", "who's the contact there hunter", "oh man that's so bill"]
    found = [model(texts, 0, word) for word in ("bill", "hunter", "lane", "dusty", "sue")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(5, "sue"), (6, "lane"), (7, "dusty"), (8, "hunter"), (9, "bill")]


def test_without_capitals_a_word_measured_given_denied_or_numbered_stays_a_word():
    """"lots of joy" is measured out, "it gives me comfort" given, "he's not young" denied of
    him, "page four" numbered, "how long" asked and "they went amber" what the lights became:
    each is the word, no one said again; "joy and comfort" and "the husband of page" still say
    who, and so does a name before a number said digit by digit or written in digits."""
    texts = ["my daughters joy and comfort and page and amber and long and young came",
             "it brings her lots of joy", "it gives me comfort to know", "he's not young anymore",
             "there's a section on page four", "page four okay", "how long does it take",
             "the lights went amber", "i told joy and comfort", "the husband of page called",
             "my daughters line amber four one five five five", "page 2 is the plate",
             "page oh my goodness"]
    found = [model(texts, 0, word) for word in ("joy", "comfort", "page", "amber", "long", "young")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(8, "comfort"), (8, "joy"), (9, "page"), (10, "amber"), (11, "page"),
                           (12, "page")]


def test_without_capitals_a_word_counted_or_in_a_measure_stays_a_word():
    """"seventy miles" counts things, and "a glass of ruby port" measures one out; "miles" and
    "ruby" said of someone still say who."""
    texts = ["this is miles and ruby who are walking", "two hundred and seventy miles so far",
             "a glass of ruby port please", "miles is tired and ruby too"]
    found = [model(texts, 0, word) for word in ("miles", "ruby")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(3, "miles"), (3, "ruby")]


def test_without_capitals_a_word_before_a_year_stays_a_word():
    texts = ["i signed up summer 2021 i think", "her name is literally summer btw", "summer says hi"]
    found = [model(texts, 1, "summer")]
    assert quoted(texts, repeated_names(texts, found)) == [(2, "summer")]


def test_without_capitals_a_word_said_of_a_thing_or_after_a_quantifier_stays_a_word():
    """"it was rich" says what a thing was, "lost all faith" and "still hope" are the words;
    "it is rich" introduces him, and "it was rich who came" says who."""
    texts = ["tell rich and faith and hope i said hi", "it was famous it was rich it was sticky",
             "i have lost all faith in it", "there's still hope for us", "hello it is rich here",
             "last time it was rich who came out"]
    found = [model(texts, 0, word) for word in ("rich", "faith", "hope")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(4, "rich"), (5, "rich")]


@pytest.mark.parametrize("found_by", ["dictionary", "a longer span", "a modal"])
def test_without_capitals_only_a_word_typed_alone_spreads(found_by):
    texts = ["i hope so and will you tell rose", "rose early and will be there", "eastman said so"]
    finding = {"dictionary": name(texts, 0, "rose"),
               "a longer span": model(texts, 2, "eastman said"),
               "a modal": model(texts, 0, "will")}[found_by]
    got = quoted(texts, repeated_names(texts, [finding]))
    assert not any(value in ("rose", "said", "will") for _, value in got)


def cue(texts, turn, value):
    finding = name(texts, turn, value)
    return Finding(finding.turn, finding.start, finding.end, "PERSON_NAME", Likelihood.LIKELY,
                   Method.REGEX, "rules")


def test_without_capitals_the_given_name_of_a_full_name_spreads():
    texts = ["sure can i have your name please", "it's penny summers", "thank you penny and the account",
             "that's a penny a minute", "you penny pinchers"]
    got = quoted(texts, repeated_names(texts, [cue(texts, 1, "penny summers")]))
    # "thank you" addresses her; "a penny" is the coin, "you penny" no address
    assert got == [(2, "penny")]


@pytest.mark.parametrize("span", ["grace said", "summers penny", "penny summers said"])
def test_without_capitals_a_longer_span_not_a_full_name_spreads_no_word(span):
    texts = [f"i think {span} so", "okay penny and grace and summers", "and said it"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, span)]))
    assert not any(value in ("penny", "grace", "said") for _, value in got)


def test_a_name_spreads_to_no_contraction():
    texts = ["I spoke to Haven Brooks yesterday.", "I haven't been to the lake.",
             "Thanks, Haven. Haven't you met her?"]
    got = quoted(texts, repeated_names(texts, [name(texts, 0, "Haven Brooks")]))
    assert got == [(2, "Haven")]


def test_short_words_and_titles_do_not_spread():
    texts = ["I saw Dr Vu today", "vu and dr are words here"]
    assert repeated_names(texts, [name(texts, 0, "Dr Vu")]) == []


@pytest.mark.parametrize("text,found,expected", [
    ("Our new hire, Szymon Lampart, starts on Monday.", "Szymon", ["Lampart"]),
    ("payroll needs aris mustofa's employee number", "aris", ["mustofa's"]),
    ("I think Le Anh was really happy with the rollout.", "Anh", ["Le"]),
    ("I'll follow up with Maria Luiza da Rocha directly.", "Maria Luiza", ["da Rocha"]),
    ("Thanks John for the help", "John", []),
    ("I told Maria Thanks a lot", "Maria", []),
    ("i met sarah today", "sarah", []),
    ("Welcome. I'm Chris Ito.", "Chris Ito", []),  # a contraction is no name
    ("Thanks, Angela. Can Angel call us?", "Angel", []),  # an ordinary word starting a sentence
    ("We met Hunter Ramirez there.", "Ramirez", ["Hunter"]),
    ("We have your results. Doctor Patel will call.", "Patel", []),  # a title is no name
    ("It was Nurse Rivera, then Officer Mills.", "Mills", []),
])
def test_the_words_that_continue_a_found_name(text, found, expected):
    texts = [text]
    got = [v for _, v in quoted(texts, name_neighbours(texts, [name(texts, 0, found)]))]
    assert got == expected


def test_a_particle_between_two_found_parts_is_redacted():
    texts = ["Our new hire, Bella da Conceição, starts on Monday."]
    location = texts[0].index("Conceição")
    findings = [name(texts, 0, "Bella"), Finding(0, location, location + len("Conceição"), "LOCATION",
                                                 Likelihood.POSSIBLE, Method.DICTIONARY, "rules")]
    assert quoted(texts, name_neighbours(texts, findings)) == [(0, "da")]


def test_anonymised_record_redacts_the_repeated_mention_with_the_same_placeholder():
    record = {"id": "c1", "turns": [{"speaker": "agent", "text": "Our new hire is Hedwig Steuer."},
                                    {"speaker": "agent", "text": "hedwig's badge is ready."}]}
    conversation = conversation_from_record(record, FieldMap())
    texts = conversation.texts
    result = anonymize_record(conversation, [name(texts, 0, "Hedwig Steuer")], Operators(), None, FieldMap())
    assert result.turn_texts == ["Our new hire is [PERSON_NAME_1].", "[PERSON_NAME_1]'s badge is ready."]


def test_a_lower_case_ordinary_word_is_a_name_where_the_conversation_names_it_elsewhere():
    texts = ["Hello, this is Haven Brooks from the clinic.", "ok so haven can you hear me",
             "we found a safe haven", "tell haven i said hi"]
    found = [name(texts, 0, "Haven Brooks")]
    got = quoted(texts, repeated_names(texts, found))
    # "a safe haven" is the place of refuge: an article and an adjective before it
    assert (1, "haven") in got and (3, "haven") in got and (2, "haven") not in got


def test_i_m_is_never_a_name_nor_spread_as_one():
    from veil.detection.merge import merge_findings

    texts = ["I'm here", "so I'm calling about Jo", "i'm fine"]
    model = Finding(0, 0, 3, "PERSON_NAME", Likelihood.LIKELY, Method.MODEL, "hf")
    assert repeated_names(texts, [model]) == []
    merged = merge_findings([model, name(texts, 1, "Jo")], texts)
    assert quoted(texts, merged) == [(1, "Jo")]


def test_an_organisation_found_once_is_found_where_it_is_said_again_in_any_case():
    texts = ["The code comes from Ethnologue.", "ethnologue's codes are three letters", "So Ethnologue it is"]
    got = repeated_entities(texts, [org(texts, 0, "Ethnologue")])
    assert quoted(texts, got) == [(1, "ethnologue"), (2, "Ethnologue")]
    assert {f.info_type for f in got} == {"ORGANIZATION_NAME"}


def test_a_place_keeps_its_type_and_a_value_spreads_whole():
    texts = ["She studied at Lattice Lab in Ziguinchor.", "the lattice lab moved, the lab in ziguinchor did not"]
    found = [org(texts, 0, "Lattice Lab"), name(texts, 0, "Ziguinchor", info_type="LOCATION")]
    got = repeated_entities(texts, found)
    assert [(t, v, f.info_type) for (t, v), f in zip(quoted(texts, got), got)] == [
        (1, "lattice lab", "ORGANIZATION_NAME"), (1, "ziguinchor", "LOCATION")]


@pytest.mark.parametrize("value", ["Apple", "Hook"])  # a common word; a name list's ordinary word
def test_an_ordinary_word_spreads_only_capitalised_mid_sentence(value):
    texts = [f"I work at {value}.", f"an {value.lower()} a day", f"{value} pays well. I left {value} in May."]
    got = repeated_entities(texts, [org(texts, 0, value)])
    assert quoted(texts, got) == [(2, value)]
    assert got[0].start == texts[2].rindex(value)


def test_a_lower_case_mention_in_a_cased_turn_is_a_word():
    texts = ["My IBAN is GB29 NWBK 6016 1331 9268 19.", "Please read the iban again, Mr Okafor.",
             "so the iban is right"]
    got = repeated_entities(texts, [org(texts, 0, "IBAN")])
    assert quoted(texts, got) == [(2, "iban")]  # a turn without capitals says nothing by case


def test_a_user_name_found_once_is_found_where_it_is_said_again():
    texts = ["my gamertag is SterlingSilv3r", "it was SterlingSilv3r who started it"]
    found = [name(texts, 0, "SterlingSilv3r", info_type="USER_NAME")]
    got = [(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in repeated_entities(texts, found)]
    assert got == [(1, "SterlingSilv3r", "USER_NAME")]


def test_names_and_short_values_are_not_spread_as_organisations():
    texts = ["I met Dana at UN headquarters", "dana and the un"]
    assert repeated_entities(texts, [name(texts, 0, "Dana"), org(texts, 0, "UN")]) == []


def test_anonymised_record_gives_the_repeated_organisation_its_placeholder():
    record = {"id": "c1", "turns": [{"speaker": "caller", "text": "I work for Brightwater Logistics."},
                                    {"speaker": "agent", "text": "and brightwater logistics pays you monthly?"}]}
    conversation = conversation_from_record(record, FieldMap())
    texts = conversation.texts
    result = anonymize_record(conversation, [org(texts, 0, "Brightwater Logistics")], Operators(), None,
                              FieldMap())
    assert result.turn_texts == ["I work for [ORGANIZATION_NAME_1].",
                                 "and [ORGANIZATION_NAME_1] pays you monthly?"]


def test_a_month_found_as_a_name_is_not_said_again_where_it_is_the_month():
    texts = ["Hi April, it's Beth.", "He was on nights all of April.", "April said hi."]
    assert quoted(texts, repeated_names(texts, [name(texts, 0, "April")])) == []


def test_a_name_that_is_an_english_word_is_not_said_again_in_lower_case_where_names_have_capitals():
    # In a transcript that keeps capitals for names, "moody" after "deacon Moody" is the word;
    # in prose too ("Haven Brooks" ... "a safe haven"). Without capitals it may be her, but
    # not after an article and an adjective ("a safe haven").
    from veil.detection.casing import conversation_case

    transcribed = ["deacon Moody?", "yeah I know.", "he's been so moody lately.", "and I said so."]
    with conversation_case(transcribed):  # as the job reads it (`with_repeats`)
        assert quoted(transcribed, repeated_names(transcribed, [name(transcribed, 0, "Moody")])) == []
    prose = ["Haven Brooks called.", "We found a safe haven there."]
    assert quoted(prose, repeated_names(prose, [name(prose, 0, "Haven Brooks")])) == []
    recognised = ["this is haven brooks", "we found a safe haven there", "so haven said no"]
    got = quoted(recognised, repeated_names(recognised, [name(recognised, 0, "haven brooks")]))
    assert (2, "haven") in got and (1, "haven") not in got
    # An identifier in capitals is no capital of the writer's: the turn is still lower case.
    with_id = ["Jerry Patterson joined us.", "our new hire jerry starts monday his id is EMP-338662"]
    assert (1, "jerry") in quoted(with_id, repeated_names(with_id, [name(with_id, 0, "Jerry Patterson")]))


def test_without_capitals_a_given_name_joined_to_a_person_by_and_is_a_person():
    texts = ["i think ray will do it he did it last year with sandy", "okay i'll put down ray and sandy",
             "the sandy beach was lovely"]
    got = quoted(texts, repeated_names(texts, [model(texts, 0, "ray")]))
    # "ray" said again, then the name "and" joins to it, wherever it is said as a name
    assert sorted(got) == [(0, "sandy"), (1, "ray"), (1, "sandy")]


@pytest.mark.parametrize("text", [
    "bill and will be there", "tell june and may", "ray and family", "ray and sandy beaches",
    "ray and said no",
])
def test_without_capitals_and_joins_no_modal_month_word_for_anyone_or_noun(text):
    assert quoted([text], repeated_names([text], [model([text], 0, text.split()[0])])) == []


def test_without_capitals_a_name_is_not_said_again_in_a_set_phrase():
    """"the crack of dawn", "mark my words", "wade through": the phrase makes the word English,
    wherever the call names someone by it (veil.detection.idioms)."""
    texts = ["my wife dawn and my brother mark and our friend wade", "she's up at the crack of dawn",
             "mark my words", "do i need to wade through all that", "tell dawn mark and wade hi"]
    found = [model(texts, 0, "dawn"), model(texts, 0, "mark"), model(texts, 0, "wade")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(4, "dawn"), (4, "mark"), (4, "wade")]


def test_without_capitals_a_name_is_not_said_again_where_english_says_how_far_how_clear_or_how_lucky():
    """Set phrases of distance, weather, worth and luck ("miles away", "crystal clear", "got
    lucky", "not one penny late", "faith in the technology"), where the helpers' calls had spread
    a name said once; the names said to or of someone still spread."""
    texts = ["my cousin miles and my friend crystal and our dog walker lucky and aunt penny and faith",
             "he's moved so he's like miles away now", "it's crystal clear", "thabo got lucky finally",
             "she paid it off not one penny late", "i've got faith in the technology",
             "tell miles crystal lucky penny and faith i said hi"]
    found = [model(texts, 0, word) for word in ("miles", "crystal", "lucky", "penny", "faith")]
    got = quoted(texts, repeated_names(texts, found))
    assert sorted(got) == [(6, "crystal"), (6, "faith"), (6, "lucky"), (6, "miles"), (6, "penny")]


def test_without_capitals_the_given_name_of_a_full_name_whose_surname_is_a_noun_spreads():
    """"grace rice" typed by the model: "rice" is an English noun, but no verb, so "grace" said
    alone later is her (not in a set phrase: "say grace"); a model's "hope said" makes no
    "hope" a name."""
    texts = ["it's grace rice granny's neighbour", "anyway grace is doing the cake",
             "she made us say grace before every meal", "hope said no", "anyway hope is fine"]
    found = [model(texts, 0, "grace rice"), model(texts, 3, "hope said")]
    got = quoted(texts, repeated_names(texts, found))
    assert got == [(1, "grace")]


def test_a_name_an_agent_writes_with_its_capital_spreads_to_the_customers_lower_case():
    """A chat's agent writes "My name is Joy."; the customer types "hi joy": the name, where a
    sentence goes on, but not where a typed sentence opens ("thx. sunny day"), nor after a
    subject typed without its apostrophe ("ill grant u that")."""
    chat = ["Hi there! My name is Joy. I'm covering for Sunny and Grant today.",
            "hi joy my order never came", "thx. sunny day it was", "ill grant u that",
            "what a joy", "joy can you check"]
    found = [cue(chat, 0, "Joy"), model(chat, 0, "Sunny"), model(chat, 0, "Grant")]
    assert quoted(chat, repeated_names(chat, found)) == [(1, "joy")]
    # Capitalised where a sentence opens, the word is no evidence: "Sunny days ahead."
    opening = ["Sunny days ahead, folks.", "hi sunny can you help"]
    assert quoted(opening, repeated_names(opening, [model(opening, 0, "Sunny")])) == []
