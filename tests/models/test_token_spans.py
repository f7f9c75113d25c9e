"""Windowing, stitching, the decision rule and span decoding: the model-agnostic half of NER."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.token_spans import (
    IGNORE, OUTSIDE, CharSpan, bio_labels, decide_labels, decode_spans, label_type,
    outside_transcribers_marks, stitch_windows, token_targets, token_windows, widen_to_words,
)

LABELS = bio_labels(["PERSON_NAME", "LOCATION"])
IDS = {label: i for i, label in enumerate(LABELS)}


def whitespace_tokens(text: str) -> list[tuple[int, int]]:
    """Offsets of whitespace-separated words, split further into 3-character 'subwords'."""
    offsets, position = [], 0
    for word in text.split(" "):
        for k in range(0, len(word), 3):
            offsets.append((position + k, position + min(k + 3, len(word))))
        position += len(word) + 1
    return offsets


def one_hot(labels: list[str], confidence: float = 0.9) -> np.ndarray:
    probs = np.full((len(labels), len(LABELS)), (1 - confidence) / (len(LABELS) - 1), dtype=np.float32)
    for row, label in enumerate(labels):
        probs[row, IDS[label]] = confidence
    return probs


def test_bio_labels_and_types():
    assert LABELS == ["O", "B-PERSON_NAME", "I-PERSON_NAME", "B-LOCATION", "I-LOCATION"]
    assert label_type("B-PERSON_NAME") == "PERSON_NAME"
    assert label_type("I-PER") == "PER"
    assert label_type("PER") == "PER"
    assert label_type(OUTSIDE) is None


def test_token_targets_mark_first_token_b_and_ignore_specials():
    text = "call maryanne smith now"
    offsets = [(0, 0)] + whitespace_tokens(text) + [(0, 0)]
    spans = [CharSpan(5, 19, "PERSON_NAME")]
    targets = token_targets(offsets, spans, IDS)
    assert targets[0] == IGNORE and targets[-1] == IGNORE
    words = [text[s:e] for s, e in offsets[1:-1]]
    labelled = dict(zip(words, targets[1:-1]))
    assert labelled["cal"] == IDS["O"]
    assert labelled["mar"] == IDS["B-PERSON_NAME"]
    assert labelled["yan"] == IDS["I-PERSON_NAME"]
    assert labelled["smi"] == IDS["I-PERSON_NAME"]
    assert labelled["now"] == IDS["O"]


def test_unannotated_text_gets_no_target_but_gold_inside_it_still_does():
    text = "hi @annlee and @bob"
    offsets = [(0, 2), (3, 4), (4, 7), (7, 10), (11, 14), (15, 16), (16, 19)]
    targets = token_targets(offsets, [CharSpan(15, 19, "PERSON_NAME")], IDS, ignore=[(3, 10)])
    assert targets == [IDS["O"], IGNORE, IGNORE, IGNORE, IDS["O"], IDS["B-PERSON_NAME"], IDS["I-PERSON_NAME"]]


def test_adjacent_spans_each_start_with_b():
    text = "ann bob"
    offsets = whitespace_tokens(text)
    targets = token_targets(offsets, [CharSpan(0, 3, "PERSON_NAME"), CharSpan(4, 7, "PERSON_NAME")], IDS)
    assert targets == [IDS["B-PERSON_NAME"], IDS["B-PERSON_NAME"]]


@given(st.integers(0, 2000), st.integers(2, 300), st.data())
def test_windows_cover_every_token_within_the_limit(n_tokens, window, data):
    stride = data.draw(st.integers(0, window - 1))
    windows = token_windows(n_tokens, window, stride)
    covered = set()
    for start, end in windows:
        assert 0 <= start < end <= n_tokens or (n_tokens == 0 and (start, end) == (0, 0))
        assert end - start <= window
        covered.update(range(start, end))
    assert covered == set(range(n_tokens))
    for (s1, e1), (s2, e2) in zip(windows, windows[1:]):
        assert s2 > s1 and e2 > e1
        assert e1 - s2 == stride or e2 == n_tokens  # overlap is the stride (the last may overlap more)


def test_windows_reject_bad_arguments():
    with pytest.raises(ValueError):
        token_windows(10, 0, 0)
    with pytest.raises(ValueError):
        token_windows(10, 4, 4)


@settings(max_examples=200)
@given(st.integers(1, 400), st.integers(4, 64), st.data())
def test_stitching_takes_each_token_from_its_most_central_window(n_tokens, window, data):
    stride = data.draw(st.integers(0, window // 2))
    windows = token_windows(n_tokens, window, stride)
    # Each window's row for token t holds (window index, margin of t in it).
    probs = []
    for index, (start, end) in enumerate(windows):
        rows = np.zeros((end - start, 2), dtype=np.float32)
        for t in range(start, end):
            rows[t - start] = (index, min(t - start, end - 1 - t))
        probs.append(rows)
    stitched = stitch_windows(n_tokens, windows, probs)
    for t in range(n_tokens):
        best = max(min(t - s, e - 1 - t) for s, e in windows if s <= t < e)
        assert stitched[t, 1] == best


def test_stitching_checks_lengths():
    with pytest.raises(ValueError):
        stitch_windows(4, [(0, 4)], [np.zeros((3, 2))])


def test_decision_rule_favours_recall():
    # P(O) = 0.6: argmax says O, but a threshold of 0.7 lets the name through.
    probs = np.array([[0.6, 0.3, 0.05, 0.05, 0.0]], dtype=np.float32)
    assert decide_labels(probs, 0, 0.5).tolist() == [0]
    assert decide_labels(probs, 0, 0.7).tolist() == [IDS["B-PERSON_NAME"]]


def test_decode_joins_subwords_and_words_of_one_name():
    text = "this is maryanne smith-jones from leeds"
    offsets = whitespace_tokens(text)
    words = [text[s:e] for s, e in offsets]
    labels = []
    for word in words:
        if word in ("mar", "yan", "ne"):
            labels.append("B-PERSON_NAME" if word == "mar" else "I-PERSON_NAME")
        elif word in ("smi", "th-", "jon", "es"):
            labels.append("I-PERSON_NAME")
        elif word in ("lee", "ds"):
            labels.append("B-LOCATION" if word == "lee" else "I-LOCATION")
        else:
            labels.append("O")
    spans = decode_spans(text, offsets, one_hot(labels), LABELS, 0.5)
    assert [(text[s.start:s.end], s.label) for s in spans] == [
        ("maryanne smith-jones", "PERSON_NAME"), ("leeds", "LOCATION")]


def test_decode_widens_a_partial_word_to_the_whole_word():
    text = "hello jonathan"
    offsets = whitespace_tokens(text)
    labels = ["O", "O", "O", "B-PERSON_NAME", "O"]  # only "nat" of "jonathan"
    spans = decode_spans(text, offsets, one_hot(labels), LABELS, 0.5)
    assert [(text[s.start:s.end], s.label) for s in spans] == [("jonathan", "PERSON_NAME")]


def test_two_names_starting_with_b_stay_apart():
    text = "ann and bob"
    offsets = whitespace_tokens(text)
    spans = decode_spans(text, offsets, one_hot(["B-PERSON_NAME", "O", "B-PERSON_NAME"]), LABELS, 0.5)
    assert [text[s.start:s.end] for s in spans] == ["ann", "bob"]



def test_a_span_without_a_letter_or_a_digit_names_no_one():
    """The "@@@" a transcript writes for laughter, read like a tweet's "@"; a name beside it stays."""
    text = "@@@ ok bob"
    offsets = [(0, 1), (1, 2), (2, 3), (4, 6), (7, 10)]
    labels = ["B-PERSON_NAME", "B-PERSON_NAME", "B-PERSON_NAME", "O", "B-PERSON_NAME"]
    spans = decode_spans(text, offsets, one_hot(labels), LABELS, 0.5)
    assert [text[s.start:s.end] for s in spans] == ["bob"]

@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from("ab é-'.\u00e0z1"), max_size=60), st.data())
def test_decoded_spans_lie_within_the_text_sorted_and_apart(text, data):
    offsets = whitespace_tokens(text)
    offsets = [(s, e) for s, e in offsets if s < e]
    probs = data.draw(st.lists(
        st.lists(st.floats(0.001, 1.0), min_size=len(LABELS), max_size=len(LABELS)),
        min_size=len(offsets), max_size=len(offsets)))
    array = np.array(probs, dtype=np.float32).reshape(len(offsets), len(LABELS))
    if len(offsets):
        array = array / array.sum(axis=1, keepdims=True)
    threshold = data.draw(st.floats(0.05, 0.99))
    spans = decode_spans(text, offsets, array, LABELS, threshold)
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
        assert span.label in ("PERSON_NAME", "LOCATION")
        assert widen_to_words(text, span) == span  # whole words
    for a, b in zip(spans, spans[1:]):
        assert a.end <= b.start


@pytest.mark.parametrize("text,expected", [
    ("we met Henning there", True),  # capitalised and in the name lists, though an ordinary word
    ("ask nguyen about it", True),  # no ordinary word
    ("Grace called", True),
    ("how a waiver works", False),  # ordinary words in lower case back nothing
    ("the people said", False),
    ("grace period", False),
    ("Hi all, ask nguyen about it", False),  # a text with capitals: lower case is no evidence
    ("We watched Zorbflix all night", False),  # capitalised, but no name the lists know
])
def test_a_doubtful_span_is_corroborated_by_its_own_words(text, expected):
    from models.token_spans import corroborated

    word = {"we met Henning there": "Henning", "ask nguyen about it": "nguyen", "Grace called": "Grace",
            "how a waiver works": "waiver", "the people said": "people", "grace period": "grace",
            "Hi all, ask nguyen about it": "nguyen", "We watched Zorbflix all night": "Zorbflix"}[text]
    start = text.index(word)
    assert corroborated(text, CharSpan(start, start + len(word), "PERSON_NAME", 0.6)) is expected


@pytest.mark.parametrize("text,word,person,expected", [
    ("we met Kowalowka there", "Kowalowka", True, True),  # a capital that no sentence asks for
    ("we met Kowalowka there", "Kowalowka", False, False),  # for a person only
    ("Movies called. Yes.", "Movies", True, False),  # the capital opens a sentence: no evidence
    ("Kowalowka called. Yes.", "Kowalowka", True, True),  # ... but the word is English's stranger
    ("we met KOWALOWKA there", "KOWALOWKA", True, False),  # capitals throughout say nothing
    ("we watched the Movies there", "Movies", True, False),  # an ordinary word
    ("we saw Bubbie there", "Bubbie", True, False),  # what a family calls its grandmother
    ("we kept Shabbat there", "Shabbat", True, False),  # a holiday
    ("we met kowalowka there, I said", "kowalowka", True, False),  # lower case is no capital
])
def test_a_capital_backs_a_doubtful_person(text, word, person, expected):
    from models.token_spans import corroborated

    start = text.index(word)
    assert corroborated(text, CharSpan(start, start + len(word), "PERSON_NAME", 0.6), person=person) is expected


@pytest.mark.parametrize("text,word,person,expected", [
    ("poisson declared galois work incomprehensible", "galois", True, True),  # no list, no English
    ("i read galois's paper", "galois", True, True),  # with its possessive
    ("poisson declared galois work incomprehensible", "galois", False, False),  # persons only
    ("chairman straddles the worlds of finance", "finance", True, False),  # an English word
    ("we zoomed past", "zoomed", True, False),  # an English word, inflected
    ("hey whaaaa you played", "whaaaa", True, False),  # drawn out: no name is spelled so
    ("@xoxoleah hey greeny shut up", "greeny", True, False),  # a handle: typed online, not speech
    ("bacon sarnie time #lunch", "sarnie", True, False),  # a tag
    ("ecco anche io volevo una spalla", "spalla", True, False),  # mostly not English
    ("call ajwright1987 now", "ajwright", True, False),  # part of a token, not a word
    ("Poisson declared galois work incomprehensible", "galois", True, False),  # capitals say it there
    ("Goode was born in Exeter.", "Goode", True, True),  # a capital that only opens a sentence
    ("Malach, what you say makes sense.", "Malach", True, True),  # ... or a turn
    ("GOODE was born in Exeter.", "GOODE", True, False),  # capitals throughout say nothing
    ("Goode was born in Exeter #tbt", "Goode", True, False),  # typed online
    ("Finances were low. Yes.", "Finances", True, False),  # an English word
])
def test_a_word_foreign_to_english_and_the_lists_backs_a_doubtful_person_where_case_says_nothing(text, word, person, expected):
    # A recogniser writes the words of its vocabulary: outside English they are mostly names; so
    # are a writer's at a sentence's start, where the capital says nothing.
    from models.token_spans import corroborated

    start = text.index(word)
    assert corroborated(text, CharSpan(start, start + len(word), "PERSON_NAME", 0.6), person=person) is expected


def test_a_turn_s_opening_capital_backs_a_person_where_the_writer_opens_turns_in_lower_case():
    # TalkBank's CHAT: "yeah I went with Bob", then "Kowalowka called": the capital is the name's.
    from models.token_spans import corroborated
    from veil.detection.casing import written_by

    # "Tanners" is no ordinary word, but English's own ("tanner"), so only the capital can back it.
    text = "Tanners called"
    span = CharSpan(0, 7, "PERSON_NAME", 0.6)
    assert not corroborated(text, span, person=True)
    with written_by(True):
        assert corroborated(text, span, person=True)


def _chances(text: str, offsets, chance_of_entity: dict[str, float]) -> np.ndarray:
    """Probabilities per token: each word's tokens get 1 - P(O) = its chance (default 0.01)."""
    import re

    words = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", text)]
    probs = np.zeros((len(offsets), len(LABELS)), dtype=np.float32)
    for row, (start, end) in enumerate(offsets):
        word = next(w for s, e, w in words if s <= start < e)
        chance = chance_of_entity.get(word, 0.01)
        probs[row, IDS["O"]] = 1 - chance
        probs[row, IDS["B-PERSON_NAME"]] = chance
    return probs


def test_name_list_words_english_uses_are_vetoed_where_the_model_reads_no_one():
    from models.token_spans import NOT_A_NAME, unread_name_words

    text = "a nice pace at alma said cliff and gonzalez and isha"
    offsets = whitespace_tokens(text)
    # "cliff" read as a name; "alma": 2 tokens, one of them doubtful enough to keep the word.
    probs = _chances(text, offsets, {"cliff": 0.4})
    alma = text.index("alma")
    probs[next(i for i, (s, _) in enumerate(offsets) if s == alma + 3), IDS["O"]] = 0.9
    vetoed = unread_name_words(text, offsets, probs, LABELS, below=0.05)
    assert [(text[s.start:s.end], s.label) for s in vetoed] == [("pace", NOT_A_NAME)]
    assert vetoed[0].score == pytest.approx(0.01)
    # A higher bar vetoes more of the words English also uses, never a name that is no word
    # ("gonzalez", "isha"), nor an ordinary word that is never a name alone ("said", "nice").
    assert [(text[s.start:s.end], s.score) for s in unread_name_words(text, offsets, probs, LABELS, 0.5)] == [
        ("pace", pytest.approx(0.01)), ("alma", pytest.approx(0.1)), ("cliff", pytest.approx(0.4))]
    # A word inside a span the model decoded is its, not a veto's.
    taken = [CharSpan(text.index("pace"), text.index("pace") + 4, "PERSON_NAME", 0.6)]
    assert unread_name_words(text, offsets, probs, LABELS, 0.05, taken) == []


@pytest.mark.parametrize("text,vetoed", [
    # Typed online, the model weighs every list word: "gona" and "irl" are slang, not names.
    ("when r u gona realise irl @x_jamelia_x", ["gona", "irl"]),
    ("when r u gona realise irl #truth", ["gona", "irl"]),
    ("talking abou it http://t.co/x", ["abou"]),
    # Said, not typed: only the list words English also uses are the model's to veto ("irl"
    # is one now, as "imo" and "telly" are; "gona" is not).
    ("when r u gona realise irl", ["irl"]),
    ("write to gona.abou@example.com", []),  # an e-mail address is said too
])
def test_typed_online_the_model_vetoes_every_name_list_word_it_reads_as_no_one(text, vetoed):
    from models.token_spans import unread_name_words

    offsets = whitespace_tokens(text)
    probs = _chances(text, offsets, {})
    assert [text[s.start:s.end] for s in unread_name_words(text, offsets, probs, LABELS, 0.05)] == vetoed


def test_typed_online_a_name_the_model_gives_a_chance_stays():
    from models.token_spans import unread_name_words

    text = "before crissy wakes up \U0001F602"
    offsets = whitespace_tokens(text)
    assert unread_name_words(text, offsets, _chances(text, offsets, {}), LABELS, 0.05) != []
    assert unread_name_words(text, offsets, _chances(text, offsets, {"crissy": 0.2}), LABELS, 0.05) == []


def test_a_transcribers_note_of_a_sound_names_no_one():
    """"{lipsmack}", "[laughter]", "<unk>": no word was said there; a writer's "[Alexandros]",
    a name put in brackets, stays."""
    text = "oh {lipsmack} [laughter-yeah] <unk> [Alexandros] said bob"
    spans = [CharSpan(text.index(word), text.index(word) + len(word), "PERSON_NAME", 0.9)
             for word in ("lipsmack", "laughter-yeah", "unk", "Alexandros", "bob")]
    kept = outside_transcribers_marks(text, spans)
    assert [text[span.start:span.end] for span in kept] == ["Alexandros", "bob"]
