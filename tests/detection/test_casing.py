"""A turn's case is judged with its transcript's (veil.detection.casing): in a conversation whose
writer keeps capitals for names and "I" only, a turn without capitals names no one by its case."""
import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.casing import (conversation_case, in_capitals_throughout, line_openings, lower_case_reading,
                                   transcript_capitalises, without_line_labels, writer_capitalises)
from veil.detection.engine.word_facts import is_cased
from veil.risk.auditor import ResidualAuditor
from veil.risk.estimate import SPEECH, case_form
from veil.run.config import load_config

# As TalkBank's CHAT writes a call: turns open in lower case, names and "I" keep their capitals.
TRANSCRIBED = ["hello?", "hi Mom it's me, I just got back from the lake", "oh how was it?",
               "yeah the bass were biting all morning", "was Bob with you?",
               "no, I went with Penny", "it was pleasant, a bit of a flood on the road back"]
# The same call from a speech recogniser: no capitals, and "i".
RECOGNISED = [text.lower() for text in TRANSCRIBED]
# A chat: the agent types with capitals, the customer in lower case (and never "i").
CHAT = ["Hello, I can help with that. What's the order number?", "order 5512 never came",
        "I see it here. Can I have the name on the order?", "yeah its under darin moreau",
        "Thanks, I have updated it.", "ok thanks"]
PROSE = ["I met Bob there. The bass were biting.", "Then I left.", "We ate fish."]


@pytest.mark.parametrize("texts,capitalises", [
    (TRANSCRIBED, True),
    (RECOGNISED, False),
    (CHAT, False),
    (PROSE, False),
    # one "I" is too little to go on; a single lower-case "i" rules it out
    (["yeah I know", "the bass were biting", "so what"], False),
    (TRANSCRIBED + ["and i said no"], False),
    # a placeholder opening a turn is no capitalised word; "i.e." is no pronoun
    (["[PERSON_NAME_1] said I could", "yeah I know", "the bass i.e. fish", "so what", "ok"], True),
    # most turns opening with capitalised words: written with capitals, not transcribed
    (["yeah I know", "and I said so", "Sure thing.", "Right away.", "Thanks."], False),
])
def test_the_writer_is_judged_by_the_whole_conversation(texts, capitalises):
    assert transcript_capitalises(texts) is capitalises


def test_a_turn_without_capitals_is_cased_in_a_transcript_that_capitalises_names():
    turn = "yeah the bass were biting all morning"
    assert not is_cased(turn) and not writer_capitalises()
    with conversation_case(TRANSCRIBED) as capitalises:
        assert capitalises and writer_capitalises()
        assert is_cased(turn)
        assert is_cased("[PERSON_NAME_1] was there")  # the job's capitals are not the writer's
        assert not is_cased("Thanks For The Great Job")  # Title Case still says nothing
    with conversation_case(RECOGNISED) as capitalises:
        assert not capitalises and not is_cased(turn)
    assert not writer_capitalises()


@pytest.fixture(scope="module")
def auditor():
    config = load_config("auditor")
    return ResidualAuditor(config.model_copy(update={"detectors": config.detectors.model_copy(update={"spacy": None})}))


def test_the_auditor_counts_no_ordinary_word_of_a_turn_a_transcriber_left_without_capitals(auditor):
    # The auditor runs its rules at UNLIKELY: read as recogniser output, the name lists' words
    # that English also uses ("bass", "pleasant") were residual names in a transcript that
    # writes every name with a capital. Its memo keeps each reading apart: the same turn in a
    # recogniser's conversation is still read as uncased.
    anonymised = [text.replace("Bob", "[PERSON_NAME_1]").replace("Penny", "[PERSON_NAME_2]")
                  for text in TRANSCRIBED]
    assert [anonymised[f.turn][f.start:f.end] for f in auditor.detect(anonymised)] == []
    recognised = [text.lower().replace("[person_name_1]", "[PERSON_NAME_1]")
                  .replace("[person_name_2]", "[PERSON_NAME_2]") for text in anonymised]
    found = {recognised[f.turn][f.start:f.end] for f in auditor.detect(recognised)}
    assert {"bass", "pleasant"} <= found


def test_the_rules_read_a_chat_customer_in_lower_case_as_before_and_trust_a_transcriber():
    from veil.detection.detect import ConversationDetector

    detector = ConversationDetector(load_config("call_transcripts"))
    found = {CHAT[f.turn][f.start:f.end] for f in detector.detect(CHAT) if f.info_type == "PERSON_NAME"}
    assert "darin moreau" in found
    # The trade, on purpose: a transcriber who writes "Bob" and "I" writes a name with capitals,
    # so the name lists alone take no lower-case word of theirs for one (the model still reads
    # every word; `veil evaluate --forms transcript` measures the whole job).
    transcribed = ["yeah I know", "we saw darin moreau at the game", "and I said hi", "so what", "ok then"]
    assert transcript_capitalises(transcribed)
    assert not [f for f in detector.detect(transcribed) if f.info_type == "PERSON_NAME"]


def test_a_transcriber_capital_makes_an_ordinary_word_of_the_lists_a_name():
    # In a transcript that keeps capitals for names, "Frank", "Hope" and "Autumn" are written
    # as names, at a turn's start too; a form of address, a language or a faith is not.
    from veil.detection.detect import ConversationDetector

    detector = ConversationDetector(load_config("call_transcripts"))
    texts = ["well Frank called this morning.", "uncle Frank?", "yeah I know I know.",
             "she's seventy eight Hope. she can't keep track.", "Autumn is already asking for a kayak.",
             "and I told Mom she speaks French at the Baptist church.", "he was real frank with me."]
    assert transcript_capitalises(texts)
    found = [(f.turn, texts[f.turn][f.start:f.end]) for f in detector.detect(texts) if f.info_type == "PERSON_NAME"]
    assert found == [(0, "Frank"), (1, "Frank"), (3, "Hope"), (4, "Autumn")]
    # The same words, written with capitals for sentences too, need more than their capital.
    prose = ["Frank called this morning.", "She has lost all hope.", "Autumn is here.", "I know."]
    assert not [f for f in detector.detect(prose) if f.info_type == "PERSON_NAME"]


# A transcript in capitals throughout, as older recognisers and Kaldi's recipes write speech.
IN_CAPITALS = ["YEAH I WENT BASS FISHING WITH MY BROTHER WADE", "OH NICE", "TELL [PERSON_NAME_1] HI"]


def test_a_transcript_in_capitals_throughout_is_read_in_lower_case_letter_for_letter():
    read = lower_case_reading(IN_CAPITALS)
    assert read == ["yeah i went bass fishing with my brother wade", "oh nice", "tell [PERSON_NAME_1] hi"]
    assert [len(text) for text in read] == [len(text) for text in IN_CAPITALS]
    # a letter whose lower case is two characters keeps its case, so that offsets hold
    assert lower_case_reading(["WE FLEW TO İZMIR LAST MAY"]) == ["we flew to İzmir last may"]
    # only the turns: the configured fields and speaker labels after them are read as given
    assert lower_case_reading([*IN_CAPITALS, "NOTES: CALL BACK", "SPEAKER_00"], turns=3)[3:] == \
        ["NOTES: CALL BACK", "SPEAKER_00"]


@pytest.mark.parametrize("texts", [
    ["(BBC)"], ["SERVERS"], ["CARTER V"],  # a heading, a shout or an acronym: fewer than three words
    ["YEAH I WENT FISHING WITH WADE", "oh nice"],  # one lower-case letter anywhere: not in capitals
    ["Straße", "WIR FUHREN NACH HAUSE"],  # "ß" is a lower-case letter, though it has no capital form
    ["555 0134", "12 34"],  # no letters at all
])
def test_a_shout_a_heading_or_mixed_case_is_read_as_given(texts):
    assert not in_capitals_throughout(texts)
    assert lower_case_reading(texts) == texts


@pytest.mark.parametrize("text", [
    "3.60 6.22 B: hi grant my name's pearl",  # Fisher's and CallHome's lines: times, then the speaker
    "B: hi grant my name's pearl",
    "Customer: hi grant my name's pearl",
    "SPEAKER_00: hi grant my name's pearl",
    "Speaker 1: hi grant my name's pearl",
    "*MAR: hi grant my name's pearl",  # TalkBank's CHAT
    "[00:00:28.300 --> 00:00:36.910] B: hi grant my name's pearl",
    "Agent: thank you for calling\nCustomer: hi grant my name's pearl",  # a whole call as one text
])
def test_the_time_codes_and_speaker_labels_opening_a_line_say_nothing_of_its_case(text):
    assert not is_cased(text)
    assert quotes(text, "PERSON_NAME") >= {"grant", "pearl"}


def test_a_label_leaves_the_case_of_the_words_after_it_as_it_is():
    assert is_cased("B: hi Grant, my name's Pearl")
    assert is_cased("Agent: Thank you for calling.\nCustomer: hi")
    assert not is_cased("hi grant my name's pearl") and not is_cased("at 10:30 we met grant")
    assert without_line_labels("MR. ODUYA: Your Honor, at 10:30 on the 3rd") == " Your Honor, at 10:30 on the 3rd"
    assert without_line_labels("It was 3.5 miles, B: no") == "It was 3.5 miles, B: no"  # not a line's opening


def test_the_auditor_reads_a_labelled_recogniser_transcript_as_speech():
    assert case_form(["12.84 15.02 A: hi [PERSON_NAME_1] where are you calling from",
                      "15.10 17.00 B: uh dallas"]) == SPEECH
    assert case_form(["A: Hi [PERSON_NAME_1], where are you calling from?"]) != SPEECH


@pytest.mark.parametrize("text", [
    "Keywords: mutation operators; geographic information systems",  # a field's heading
    "Email: franz371...@gmail.com", "Ray's pizza: my favorite", "It was 3.5 miles, B: no",
    "Dear Mr. Lavorato:", "Hi Team: the notes are attached",  # a letter's salutation (UNER-EWT test)
])
def test_a_heading_before_a_colon_is_no_speakers_label(text):
    assert without_line_labels(text) == text
    assert line_openings(text) == []


def test_a_salutation_keeps_its_capitals_and_its_title():
    assert is_cased("Dear Mr. Lavorato:")
    assert quotes("Dear Mr. Lavorato:", "PERSON_NAME") == {"Lavorato"}


@pytest.mark.parametrize("text,spans", [
    ("33.10 35.11 hiya is this hope", [(0, 12)]),  # CallHome's time codes alone
    ("3.60 6.22 B: hi grant", [(0, 12)]),  # time codes and a label
    ("[00:00:28.300 --> 00:00:36.910] okay", [(0, 32)]),
    ("B: hi\nA: bye", [(0, 2), (6, 8)]),  # each line of a call written as one text
    ("3.5 million people", []),  # one decimal opens a sentence
    ("Keywords: mutation testing", []),  # a heading
])
def test_the_openings_of_lines_are_found_for_the_cues(text, spans):
    assert line_openings(text) == spans
