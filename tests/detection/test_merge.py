"""Merging every detector's findings into non-overlapping spans (`veil.detection.merge.merge_findings`)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import (NAME_TYPES, NOT_A_NAME, _model_type, drop_vetoed_guesses, merge_findings,
                                  retype_name_guesses)

L = Likelihood
M = Method


def f(start, end, info_type="A", likelihood=L.POSSIBLE, method=M.REGEX, turn=0, detector="rules"):
    return Finding(turn, start, end, info_type, likelihood, method, detector)


def spans(findings):
    return [(x.turn, x.start, x.end, x.info_type) for x in findings]


def covered(findings, turn=0) -> set[int]:
    return {i for x in findings if x.turn == turn for i in range(x.start, x.end)}


# --- examples ------------------------------------------------------------------------------


def test_empty_and_single():
    assert merge_findings([]) == []
    one = f(2, 5)
    assert merge_findings([one]) == [one]
    assert merge_findings([one], ["0123456789"]) == [one]


def test_disjoint_findings_are_kept_and_sorted():
    a, b, c = f(10, 12, "A"), f(0, 3, "B"), f(5, 8, "C", turn=1)
    assert merge_findings([c, a, b]) == [b, a, c]


def test_adjacent_findings_of_the_same_type_are_not_joined():
    a, b = f(0, 4), f(4, 8)
    assert merge_findings([b, a]) == [a, b]


@pytest.mark.parametrize(
    "strong, weak",
    [
        (M.CHECKSUM, M.REGEX),
        (M.REGEX, M.DICTIONARY),
        (M.DICTIONARY, M.MODEL),
        (M.CHECKSUM, M.MODEL),
    ],
)
def test_method_priority_beats_likelihood_and_length(strong, weak):
    # The weaker method is longer and more likely, and still loses the overlap.
    text = "aaaaaaaaaaaaaaaaaaaa"
    winner = f(5, 10, "STRONG", L.UNLIKELY, strong)
    loser = f(0, 20, "WEAK", L.VERY_LIKELY, weak)
    merged = merge_findings([loser, winner], [text])
    assert winner in merged
    assert spans(merged) == [(0, 0, 5, "WEAK"), (0, 5, 10, "STRONG"), (0, 10, 20, "WEAK")]


def test_likelihood_breaks_method_ties():
    text = "x" * 20
    likely = f(5, 9, "B", L.LIKELY)
    possible = f(0, 12, "A", L.POSSIBLE)
    merged = merge_findings([possible, likely], [text])
    assert spans(merged) == [(0, 0, 5, "A"), (0, 5, 9, "B"), (0, 9, 12, "A")]


def test_length_breaks_likelihood_ties():
    text = "x" * 20
    longer = f(3, 12, "A")
    shorter = f(0, 5, "B")
    merged = merge_findings([shorter, longer], [text])
    assert spans(merged) == [(0, 0, 3, "B"), (0, 3, 12, "A")]


def test_stronger_finding_swallows_weaker_one_inside_it():
    outer = f(0, 10, "A", L.VERY_LIKELY)
    inner = f(2, 6, "B", L.POSSIBLE)
    assert merge_findings([inner, outer], ["x" * 10]) == [outer]


def test_full_tie_is_resolved_by_start_then_info_type():
    # Same method, likelihood and length: the earlier start wins the overlap.
    a, b = f(0, 6, "B"), f(3, 9, "A")
    assert spans(merge_findings([b, a], ["x" * 9])) == [(0, 0, 6, "B"), (0, 6, 9, "A")]
    # Same span: the info_type decides, alphabetically.
    x, y = f(0, 6, "Y"), f(0, 6, "X")
    assert spans(merge_findings([x, y])) == [(0, 0, 6, "X")]
    assert spans(merge_findings([y, x])) == [(0, 0, 6, "X")]


def test_same_type_overlaps_join_into_the_union():
    text = "Mark Green called"
    mark = f(0, 4, "PERSON_NAME", L.LIKELY, M.DICTIONARY, detector="names")
    full = f(0, 10, "PERSON_NAME", L.POSSIBLE, M.MODEL, detector="ner")
    merged = merge_findings([full, mark], [text])
    # One span, the union, carrying the strongest finding's method and likelihood.
    assert merged == [Finding(0, 0, 10, "PERSON_NAME", L.LIKELY, M.DICTIONARY, "names")]


def test_same_type_chain_joins_transitively():
    merged = merge_findings([f(0, 4), f(3, 8), f(7, 12), f(20, 22)])
    assert spans(merged) == [(0, 0, 12, "A"), (0, 20, 22, "A")]


def test_joined_span_then_competes_with_other_types():
    text = "x" * 30
    a1 = f(0, 6, "A", L.VERY_LIKELY)
    a2 = f(4, 12, "A", L.UNLIKELY)
    b = f(10, 20, "B", L.LIKELY)
    # A's join has A1's strength (VERY_LIKELY) over [0, 12); B keeps its remainder.
    assert spans(merge_findings([a2, b, a1], [text])) == [(0, 0, 12, "A"), (0, 12, 20, "B")]


def test_remainder_is_trimmed_to_alphanumerics():
    text = "call: john-smith, ok"
    #       0123456789012345678
    strong = f(6, 10, "FIRST", L.VERY_LIKELY)  # "john"
    weak = f(4, 17, "NAME", L.POSSIBLE)  # ": john-smith,"
    merged = merge_findings([weak, strong], [text])
    assert spans(merged) == [(0, 6, 10, "FIRST"), (0, 11, 16, "NAME")]
    assert text[11:16] == "smith"


def test_remainder_without_alphanumerics_is_dropped():
    text = "abc --- def"
    strong = f(0, 3, "A", L.VERY_LIKELY)
    weak = f(0, 7, "B")  # leaves " ---"
    assert spans(merge_findings([weak, strong], [text])) == [(0, 0, 3, "A")]
    # Without texts nothing can be trimmed: the remainder is kept as it is.
    assert spans(merge_findings([weak, strong])) == [(0, 0, 3, "A"), (0, 3, 7, "B")]


def test_a_name_piece_of_ordinary_lower_case_words_is_dropped():
    text = "Hi, I'm Dana from Acme support."
    speaker = f(18, 22, "ORGANIZATION_NAME_SPEAKER", L.VERY_LIKELY)  # "Acme"
    model = f(18, 30, "ORGANIZATION_NAME", L.LIKELY, M.MODEL, detector="hf")  # "Acme support"
    assert spans(merge_findings([model, speaker], [text])) == [(0, 18, 22, "ORGANIZATION_NAME_SPEAKER")]
    # Without capitals a lower-case word says nothing: the piece is kept.
    assert spans(merge_findings([model, speaker], [text.lower()])) == [
        (0, 18, 22, "ORGANIZATION_NAME_SPEAKER"), (0, 23, 30, "ORGANIZATION_NAME")]
    # A piece with a word that is no ordinary word, or of a type that is no name, is kept.
    named = "Hi, I'm Dana from Acme zorbulon."
    assert spans(merge_findings([f(18, 31, "ORGANIZATION_NAME", L.LIKELY, M.MODEL), speaker], [named])) == [
        (0, 18, 22, "ORGANIZATION_NAME_SPEAKER"), (0, 23, 31, "ORGANIZATION_NAME")]
    assert spans(merge_findings([f(18, 30, "GENERIC_ID"), speaker], [text])) == [
        (0, 18, 22, "ORGANIZATION_NAME_SPEAKER"), (0, 23, 30, "GENERIC_ID")]


def test_a_piece_of_function_words_alone_is_dropped_whatever_its_type():
    text = "my policy number is dl 7720 1934"
    plate = f(17, 27, "LICENSE_PLATE_NUMBER", L.LIKELY)  # "is dl 7720", lifted by "reg" before it
    policy = f(20, 32, "GENERIC_ID", L.LIKELY)  # "dl 7720 1934", longer
    assert spans(merge_findings([plate, policy], [text])) == [(0, 20, 32, "GENERIC_ID")]
    # A spelled letter or a digit said is no function word: such a piece stays.
    said = "one two three"
    digits = f(0, 13, "DIGIT_SEQUENCE")
    taken = f(4, 13, "PHONE_NUMBER", L.VERY_LIKELY)
    assert spans(merge_findings([digits, taken], [said])) == [(0, 0, 3, "DIGIT_SEQUENCE"), (0, 4, 13, "PHONE_NUMBER")]


def test_uncontested_finding_is_never_trimmed():
    text = "  (555) 0100  "
    finding = f(1, 13, "PHONE")
    assert merge_findings([finding], [text]) == [finding]


def test_weaker_finding_split_in_two_pieces():
    text = "aa bb cc dd ee"
    strong = f(6, 8, "S", L.VERY_LIKELY)  # "cc"
    weak = f(0, 14, "W")
    merged = merge_findings([weak, strong], [text])
    assert spans(merged) == [(0, 0, 5, "W"), (0, 6, 8, "S"), (0, 9, 14, "W")]
    assert [text[x.start : x.end] for x in merged] == ["aa bb", "cc", "dd ee"]


def test_turns_are_merged_separately():
    texts = ["abcdef", "abcdef"]
    a = f(0, 6, "A", L.VERY_LIKELY, turn=0)
    b = f(2, 4, "B", L.VERY_LIKELY, turn=1)
    weak0 = f(2, 4, "B", L.UNLIKELY, turn=0)
    merged = merge_findings([b, weak0, a], texts)
    assert merged == [a, b]


def test_detector_label_and_fields_survive():
    finding = f(1, 3, "EMAIL", L.LIKELY, M.CHECKSUM, detector="ner")
    (merged,) = merge_findings([finding])
    assert merged.detector_label == "ner:checksum"
    assert merged == finding


def test_identical_spans_from_two_detectors_merge_independently_of_input_order():
    a = f(0, 5, "EMAIL_ADDRESS", detector="rules")
    b = f(0, 5, "EMAIL_ADDRESS", detector="ner")
    assert merge_findings([a, b]) == merge_findings([b, a])



# --- a name-list guess takes the model's name type ------------------------------------------


@pytest.mark.parametrize("guess, merged_type", [
    # A name-list word alone: "Grafton", a surname to the list, a town after "the bridge at".
    (f(18, 25, "PERSON_NAME", L.POSSIBLE, M.DICTIONARY), "LOCATION"),
    # A name context ("thanks X", "Dr. X") keeps its type.
    (f(18, 25, "PERSON_NAME", L.LIKELY, M.REGEX), "PERSON_NAME"),
    # So does the customer's own user list (a custom dictionary, VERY_LIKELY).
    (f(18, 25, "PERSON_NAME", L.VERY_LIKELY, M.DICTIONARY), "PERSON_NAME"),
])
def test_name_list_guess_takes_the_type_the_model_gives_the_same_words(guess, merged_type):
    model = f(18, 25, "LOCATION", L.LIKELY, M.MODEL, detector="hf")
    merged = merge_findings([guess, model], ["The new bridge at Grafton opens in May."])
    assert spans(merged) == [(0, 18, 25, merged_type)]


def test_retyped_guess_keeps_its_words_redacted_under_the_model_type():
    # The model's span is shorter than the joined name-list guess: every word stays covered.
    text = "We met at Victoria Park Lane."
    guess = f(10, 28, "PERSON_NAME", L.LIKELY, M.DICTIONARY)
    model = f(10, 23, "LOCATION", L.LIKELY, M.MODEL, detector="hf")
    assert spans(merge_findings([guess, model], [text])) == [(0, 10, 28, "LOCATION")]


@pytest.mark.parametrize("text, first, second, merged", [
    # Two of three words are the model's organisation: the guess, whole, is one.
    ("Sinn Fein Dublin", (0, 9, "ORGANIZATION_NAME"), (10, 16, "LOCATION"),
     (0, 0, 16, "ORGANIZATION_NAME")),
    # The model also calls part of it a person: the guess's own type stands.
    ("Jordan Hill", (0, 6, "PERSON_NAME"), (7, 11, "LOCATION"), (0, 0, 11, "PERSON_NAME")),
])
def test_guess_under_two_model_types(text, first, second, merged):
    guess = f(0, len(text), "PERSON_NAME", L.LIKELY, M.DICTIONARY)
    models = [f(*span, L.LIKELY, M.MODEL, detector="hf") for span in (first, second)]
    assert spans(merge_findings([guess, *models], [text])) == [merged]


NAME_FAMILY = ["PERSON_NAME", "ORGANIZATION_NAME", "LOCATION", "A"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(1, 12), st.sampled_from(NAME_FAMILY),
                          st.sampled_from(list(Likelihood)[1:]), st.sampled_from(list(Method))),
                max_size=20))
def test_retyping_looks_at_every_overlapping_model_finding(rows):
    # The bisection finds the same overlapping model findings as looking at all of them.
    findings = [f(start, start + length, info_type, likelihood, method)
                for start, length, info_type, likelihood, method in rows]
    models = [x for x in findings if x.method == M.MODEL and x.info_type in NAME_TYPES]
    expected = []
    for x in findings:
        info_type = _model_type(x, models) if x.method == M.DICTIONARY and x.info_type in NAME_TYPES else None
        expected.append(x if info_type is None else
                        Finding(x.turn, x.start, x.end, info_type, x.likelihood, x.method, x.detector))
    assert retype_name_guesses(findings) == expected


def test_a_model_that_reads_no_name_drops_the_name_list_guesses_under_it():
    # "since January": the lists know January as a name, the model reads a date.
    text = "here since January, said Jan Novak"
    guess = f(11, 18, "PERSON_NAME", L.POSSIBLE, M.DICTIONARY)
    date = f(5, 18, NOT_A_NAME, L.LIKELY, M.MODEL, detector="spacy")
    context = f(25, 34, "PERSON_NAME", L.LIKELY, M.REGEX)  # "said X": a context, not a list
    assert spans(merge_findings([guess, date, context], [text])) == [(0, 25, 34, "PERSON_NAME")]
    assert spans(merge_findings([guess, date, context], [text], retype=False)) == [(0, 25, 34, "PERSON_NAME")]
    # A guess surer than the veto, a veto in another turn, or none at all: the guess stays.
    sure = f(11, 18, "PERSON_NAME", L.VERY_LIKELY, M.DICTIONARY)
    assert spans(merge_findings([sure, date], [text])) == [(0, 11, 18, "PERSON_NAME")]
    assert spans(merge_findings([guess, f(5, 18, NOT_A_NAME, L.LIKELY, M.MODEL, turn=1)], [text, text])) == \
        [(0, 11, 18, "PERSON_NAME")]
    # The veto itself is never a finding, alone or among others.
    assert merge_findings([date]) == [] and merge_findings([date, f(0, 4)]) == [f(0, 4)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 60), st.integers(1, 12),
                          st.sampled_from([*NAME_FAMILY, NOT_A_NAME]),
                          st.sampled_from(list(Likelihood)[1:]), st.sampled_from(list(Method))),
                max_size=20))
def test_vetoes_look_at_every_overlapping_veto(rows):
    # The bisection drops the same guesses as comparing each guess with every veto.
    findings = [f(start, start + length, info_type, likelihood, method, turn=turn)
                for turn, start, length, info_type, likelihood, method in rows]
    vetoes = [x for x in findings if x.info_type == NOT_A_NAME]
    expected = [x for x in findings if x.info_type != NOT_A_NAME and not (
        x.method == M.DICTIONARY and x.info_type in NAME_TYPES and any(
            v.turn == x.turn and v.start < x.end and x.start < v.end and v.likelihood >= x.likelihood
            for v in vetoes))]
    assert drop_vetoed_guesses(findings) == expected


def test_rules_name_list_finding_takes_the_model_place_type():
    """The real rules engine calls "Clarence" a person (a name in its name lists, not in its
    gazetteer); with the model's finding of the same word as a place, the merged finding is a
    place."""
    from veil.run.config import load_config
    from veil.detection.detect import ConversationDetector

    text = "We drove to Clarence on Friday."
    start = text.index("Clarence")
    rules = ConversationDetector(load_config("call_transcripts")).find([text])
    assert {(x.info_type, x.method) for x in rules if x.start == start} == {
        ("PERSON_NAME", M.DICTIONARY)}
    assert [x.info_type for x in merge_findings(rules, [text]) if x.start == start] == ["PERSON_NAME"]
    model = f(start, start + 8, "LOCATION", L.LIKELY, M.MODEL, detector="hf")
    merged = merge_findings([*rules, model], [text])
    assert [x.info_type for x in merged if x.start == start] == ["LOCATION"]


# --- properties ------------------------------------------------------------------------------

TYPES = ["A", "B", "C"]
DETECTORS = ["rules", "ner", "dict"]
ALPHABET = "ab1 -.,"


@st.composite
def turns_and_findings(draw, max_turns=2, max_len=40, max_findings=12, one_detector=False):
    n_turns = draw(st.integers(1, max_turns))
    texts = [draw(st.text(alphabet=ALPHABET, min_size=1, max_size=max_len)) for _ in range(n_turns)]
    findings = []
    for _ in range(draw(st.integers(0, max_findings))):
        turn = draw(st.integers(0, n_turns - 1))
        length = len(texts[turn])
        start = draw(st.integers(0, length - 1))
        end = draw(st.integers(start + 1, length))
        method = draw(st.sampled_from(list(Method)))
        detector = "rules" if one_detector else draw(st.sampled_from(DETECTORS))
        findings.append(
            Finding(
                turn,
                start,
                end,
                draw(st.sampled_from(TYPES)),
                draw(st.sampled_from(list(Likelihood)[1:])),
                method,
                detector,
            )
        )
    return texts, findings


def same_type_components(findings, turn, info_type):
    """The union spans that overlapping same-type input findings join into."""
    intervals = sorted((x.start, x.end) for x in findings if x.turn == turn and x.info_type == info_type)
    components = []
    for start, end in intervals:
        if components and start < components[-1][1]:
            components[-1][1] = max(components[-1][1], end)
        else:
            components.append([start, end])
    return [tuple(c) for c in components]


def check_invariants(texts, findings, merged, trimmed):
    # Sorted by (turn, start), and never overlapping.
    assert merged == sorted(merged, key=lambda x: (x.turn, x.start))
    for a, b in zip(merged, merged[1:]):
        if a.turn == b.turn:
            assert a.end <= b.start
    for turn in range(len(texts)):
        before = covered(findings, turn)
        after = covered(merged, turn)
        # Merging never redacts text that no detector found.
        assert after <= before
        if not trimmed:
            # Without texts nothing is trimmed: exactly the same characters stay covered.
            assert after == before
        else:
            # Recall is never lost on alphanumerics; only non-alphanumeric edges of a leftover
            # piece may be released (the generated types are no name types, whose pieces of
            # ordinary lower-case words may go: test_a_name_piece_of_ordinary_lower_case_words...).
            lost = before - after
            assert all(not texts[turn][i].isalnum() for i in lost)
    for out in merged:
        # One type per span, and the span lies within what that type's findings covered.
        components = same_type_components(findings, out.turn, out.info_type)
        containing = [c for c in components if c[0] <= out.start and out.end <= c[1]]
        assert len(containing) == 1
        if trimmed and (out.start, out.end) != containing[0]:
            # A partial piece is trimmed to its alphanumeric core.
            text = texts[out.turn]
            assert text[out.start].isalnum() and text[out.end - 1].isalnum()
        # Its method and likelihood are those of some input finding of that type.
        assert any(
            x.turn == out.turn
            and x.info_type == out.info_type
            and x.method == out.method
            and x.likelihood == out.likelihood
            and x.detector == out.detector
            and containing[0][0] <= x.start
            and x.end <= containing[0][1]
            for x in findings
        )


@settings(max_examples=200, deadline=None)
@given(turns_and_findings())
def test_merge_invariants_with_texts(case):
    texts, findings = case
    check_invariants(texts, findings, merge_findings(findings, texts), trimmed=True)


@settings(max_examples=200, deadline=None)
@given(turns_and_findings())
def test_merge_invariants_without_texts(case):
    texts, findings = case
    check_invariants(texts, findings, merge_findings(findings), trimmed=False)


@settings(max_examples=300, deadline=None)
@given(turns_and_findings(max_findings=16), st.randoms(use_true_random=False))
def test_merge_is_independent_of_input_order(case, random):
    # A function of the SET of findings: shuffling, or repeating a finding, changes nothing.
    texts, findings = case
    expected = merge_findings(findings, texts)
    for _ in range(3):
        shuffled = list(findings) + random.sample(findings, len(findings) // 2)
        random.shuffle(shuffled)
        assert merge_findings(shuffled, texts) == expected
        assert merge_findings(shuffled) == merge_findings(findings)


def strength(x: Finding) -> tuple:
    """The documented priority, strongest first, written out independently of veil.detection.merge."""
    return (-int(x.method), -int(x.likelihood), -(x.end - x.start), x.start, x.info_type, x.detector)


def reference_merge(findings, texts=None):
    """The documented semantics, character by character (slow, obviously right):
    same-type overlaps join (carrying their strongest member); each character belongs to the
    strongest joined span covering it; a span that owns all its characters stays whole, the
    runs of one that lost some are trimmed to their alphanumeric core."""
    out = []
    for turn in sorted({x.turn for x in findings}):
        mine = [x for x in findings if x.turn == turn]
        joined = []
        for info_type in sorted({x.info_type for x in mine}):
            for start, end in same_type_components(mine, turn, info_type):
                members = [x for x in mine if x.info_type == info_type and start <= x.start and x.end <= end]
                joined.append(min(members, key=strength).with_span(start, end))
        owner = {}
        for char in range(max(x.end for x in mine)):
            covering = [j for j in joined if j.start <= char < j.end]
            if covering:
                owner[char] = min(covering, key=strength)
        for span in joined:
            chars = [c for c in range(span.start, span.end) if owner[c] is span]
            if len(chars) == span.end - span.start:
                out.append(span)
                continue
            runs = []
            for c in chars:
                if runs and runs[-1][1] == c:
                    runs[-1][1] = c + 1
                else:
                    runs.append([c, c + 1])
            for start, end in runs:
                if texts is not None:
                    text = texts[turn]
                    while start < end and not text[start].isalnum():
                        start += 1
                    while end > start and not text[end - 1].isalnum():
                        end -= 1
                if end > start:
                    out.append(span.with_span(start, end))
    return sorted(out, key=lambda x: (x.turn, x.start))


@settings(max_examples=400, deadline=None)
@given(turns_and_findings(max_findings=16))
def test_merge_equals_the_documented_priority_semantics(case):
    texts, findings = case
    assert merge_findings(findings, texts) == reference_merge(findings, texts)
    assert merge_findings(findings) == reference_merge(findings)


def test_many_findings_in_one_turn_merge_in_one_pass():
    # 20,000 emails in one document, each with a weaker name inside it and a same-type
    # duplicate: the quadratic merge took about half a minute on this; it is now a sort and a
    # sweep. The result is checked, not the time.
    count = 20_000
    text = "".join(f"user{i:05d}@example.com " for i in range(count))
    width = len("user00000@example.com ")
    emails = [f(i * width, i * width + width - 1, "EMAIL_ADDRESS", L.LIKELY) for i in range(count)]
    duplicates = [f(x.start, x.end, "EMAIL_ADDRESS", L.LIKELY, detector="spacy") for x in emails]
    names = [f(x.start, x.start + 9, "PERSON_NAME", L.POSSIBLE, M.MODEL, detector="ner") for x in emails]
    merged = merge_findings(names + duplicates + emails, [text])
    assert merged == sorted(emails, key=lambda x: x.start)


@settings(max_examples=200, deadline=None)
@given(turns_and_findings())
def test_merge_is_idempotent(case):
    texts, findings = case
    merged = merge_findings(findings, texts)
    assert merge_findings(merged, texts) == merged


@settings(max_examples=100, deadline=None)
@given(turns_and_findings())
def test_strongest_finding_is_kept_whole(case):
    texts, findings = case
    # A finding strictly stronger (method, then likelihood) than every other, and overlapping
    # no other finding of its type, comes out exactly as it went in. (Length alone is not
    # enough: joined same-type spans of another type can grow longer than it.)
    if not findings:
        return
    key = lambda x: (x.method, x.likelihood)  # noqa: E731
    top = max(findings, key=key)
    ties = [x for x in findings if key(x) == key(top)]
    same_type = [
        x
        for x in findings
        if x is not top and x.turn == top.turn and x.info_type == top.info_type and x.overlaps(top)
    ]
    if len(ties) == 1 and not same_type:
        assert top in merge_findings(findings, texts)


def test_an_identifier_s_short_name_is_no_name_of_any_type():
    texts = ["My IBAN is GB29 NWBK 6016 1331 9268 19, and the PIN is new. Ask Pina."]
    at = texts[0].index
    findings = [f(at("IBAN"), at("IBAN") + 4, "ORGANIZATION_NAME", method=M.MODEL, detector="hf"),
                f(at("PIN"), at("PIN") + 3, "PERSON_NAME", method=M.MODEL, detector="hf"),
                f(at("Pina"), at("Pina") + 4, "PERSON_NAME", method=M.DICTIONARY),
                f(at("GB29"), at("GB29") + 27, "IBAN_CODE", L.VERY_LIKELY, M.CHECKSUM)]
    assert [texts[0][x.start:x.end] for x in merge_findings(findings, texts)] == [
        "GB29 NWBK 6016 1331 9268 19", "Pina"]


@pytest.mark.parametrize("text,value,info_type,dropped", [
    ("yeah mm-hmm okay", "mm-hmm", "PERSON_NAME", True),
    ("yeah uh-huh, right", "uh-huh,", "PERSON_NAME", True),
    ("Uh-huh, um, right", "Uh-huh, um", "PERSON_NAME", True),
    ("Mmkay, and Zayde?", "Mmkay", "LOCATION", True),  # spaCy's small model's place
    ("Perfect- Perfect, thanks.", "Perfect- Perfect", "PERSON_NAME", True),
    ("Thanks Will- Will, see you.", "Will- Will", "PERSON_NAME", False),  # a name said twice
    ("AP Photo / Nasser Nasser", "Nasser Nasser", "PERSON_NAME", False),  # a name, no restart
    ("It's Graves' disease.", "Graves", "PERSON_NAME", True),
    ("I hurt my Achilles tendon.", "Achilles", "LOCATION", True),
    ("in Morse code", "Morse", "LOCATION", True),
    ("I met Tom Graves yesterday.", "Tom Graves", "PERSON_NAME", False),
    ("Dr. Morse called.", "Morse", "PERSON_NAME", False),
    ("somewhere that requires a jacket, like tony's.", "tony", "ORGANIZATION_NAME", False),
    ("Ask Maria Smith's procedure team", "Maria Smith", "PERSON_NAME", False),
])
def test_fillers_stutters_and_eponyms_name_no_one(text, value, info_type, dropped):
    start = text.index(value)
    model = f(start, start + len(value), info_type, method=M.MODEL, detector="spacy")
    kept = merge_findings([model], [text])
    assert (kept == []) is dropped, kept


@pytest.mark.parametrize("text,value,info_type,dropped", [
    ("we're coming for Passover", "Passover", "LOCATION", True),
    ("for Rosh Hashanah", "Rosh Hashanah", "PERSON_NAME", True),
    ("for rosh  hashanah", "rosh  hashanah", "PERSON_NAME", True),  # spaces as ASR writes them
    ("coming for Hanukkah", "Hanukkah", "ORGANIZATION_NAME", True),
    ("home for Mother’s Day", "Mother’s Day", "ORGANIZATION_NAME", True),
    ("at Easter we eat lamb", "Easter", "PERSON_NAME", True),
    ("we're moving in March", "March", "LOCATION", True),
    ("see you on Sunday", "Sunday", "ORGANIZATION_NAME", True),
    ("April called me back", "April", "PERSON_NAME", False),  # a month, and a woman's name
    ("we flew to Easter Island", "Easter Island", "LOCATION", False),  # a day's name inside a place's
    ("on Shabbat we rest, at Easter we eat", "Easter we eat", "LOCATION", True),  # spaCy's place
    ("we fly to march we said", "march we said", "LOCATION", False),  # no capitals: nothing trails
    ("the Bulls and the Knicks", "the", "ORGANIZATION_NAME", True),
    ("Find the A.", "A", "PERSON_NAME", False),  # an initial may be a person's
    ("on St Patrick's Day we", "St Patrick", "LOCATION", True),  # a saint's day, or part of it
    ("half way to st patty's day party", "st patty's", "LOCATION", True),
    ("On St David's Day we sing", "David", "PERSON_NAME", True),
    ("we married in St Joseph's on Friday", "St Joseph", "LOCATION", False),  # the church
    ("David's day was long", "David", "PERSON_NAME", False),
    ("a boiler fixed on Christmas Eve, they", "Eve", "PERSON_NAME", True),  # the end of a holiday's name
    ("see you New Year's Eve", "Eve", "PERSON_NAME", True),
    ("Eve and Adam came round", "Eve", "PERSON_NAME", False),
    ("tell oupa happy birthday", "oupa", "ORGANIZATION_NAME", True),  # a form of address, any type
    ("hello anak how are you", "anak", "LOCATION", True),
    ("naku it's almost midnight", "naku", "PERSON_NAME", True),  # an exclamation
])
def test_a_day_s_name_or_an_article_alone_names_no_one(text, value, info_type, dropped):
    start = text.index(value)
    model = f(start, start + len(value), info_type, method=M.MODEL, detector="spacy")
    kept = merge_findings([model], [text])
    assert (kept == []) is dropped, kept


@pytest.mark.parametrize("text,value,method,dropped", [
    ("love you too honey call me sunday", "sunday", M.REGEX, True),  # a cue's weekday is the day
    ("on sunday my mum's coming by", "sunday", M.REGEX, True),
    ("Thanks, Sunday works for me", "Sunday", M.REGEX, True),  # a greeting's cue
    ("Is he still in Onitsha with Uncle Sunday?", "Sunday", M.REGEX, False),  # a title before it
    ("he hears it from uncle sunday", "sunday", M.REGEX, False),
    ("the rider's name is sunday", "sunday", M.REGEX, False),  # named as a name
    ("Sunday called me back", "Sunday", M.MODEL, False),  # a model's person is heard
])
def test_a_weekday_a_cue_takes_for_someone_is_the_day_but_after_a_title_or_a_naming(text, value, method, dropped):
    """Sunday, Monday and Friday are given names in Nigeria and Ghana: the profile no longer
    excludes the weekdays outright (veil.detection.calendar_words)."""
    start = text.index(value)
    found = f(start, start + len(value), "PERSON_NAME", method=method, detector="rules")
    kept = merge_findings([found], [text])
    assert (kept == []) is dropped, kept


@pytest.mark.parametrize("text,value,dropped", [
    ("oh for pete's sake", "pete", True),            # a set phrase (veil.detection.idioms)
    ("Oh for Pete's sake.", "Pete", True),           # one no one says of a person, capitals or not
    ("she's up at the crack of dawn", "dawn", True),
    ("oh thank goodness my husband was home", "goodness", True),  # Goodness is a given name too
    ("Oh my goodness, is that you?", "goodness", True),
    ("Mark my words.", "Mark", True),                # a capital that opens a sentence says nothing
    ("I'm up before Dawn gets home.", "Dawn", False),  # a capital mid-sentence is the writer's
    ("tell hope you said hi", "hope", False),        # "tell" takes a person, whatever follows
    ("i hope you're well", "hope", True),
    ("sure touch wood it's nothing structural", "wood", True),
    ("she's got hazel eyes like her mum", "hazel", True),
    ("on the edge of a cliff really", "cliff", True),
    ("i'm not exactly rich but", "rich", True),
    ("so it's not one big bill", "bill", True),
    ("it's all t rex all day", "rex", True),
    ("rose gold sure we can do that", "rose", True),
    ("Will do. Bye bye", "Will", True),
    ("you need faith and a stone heart", "faith", True),
    ("hey bud you busy", "bud", True),
    ("ima go to the store", "ima", True),            # "I'm a", as "I'm" is no one
    # what English speakers abroad exclaim, and words said without their "g"
    ("och that's a shame", "och", True), ("ja no one was hurt", "ja", True),
    ("i'm quite worried lah", "lah", True), ("kia ora you've called", "kia ora", True),
    ("ka pai thanks bro", "pai", True),              # the second word of one, alone
    ("hey darlin it's me", "darlin", True), ("he's drivin' actually", "drivin'", True),
    ("i'll make banana puddin", "puddin", True),
    ("robin called", "robin", False), ("martin called", "martin", False),  # names the lists hold
    # what a speaker calls a relative, in English and in the languages of families' calls
    ("I'm wearing the hat, Gran.", "Gran", True), ("Hello? Amma? Can you hear me?", "Amma", True),
    ("Achan is okay, his sugar is high.", "Achan", True), ("Hello, chechi!", "chechi", True),
    ("Son scores again for Spurs.", "Son", False),  # a surname too
    # what children call a parent, as a person; and what a model's span leaves once trimmed
    ("i'm okay ma it's hot here", "ma", True), ("Love you too, Ma.", "Ma", True),
    ("ya ah ma fell on sunday", "ah ma", True), ("ya ah ma fell on sunday", "ya ah ma", True),
    ("bilal bhai assalam o alaikum", "assalam", True),
    ("tell your Tito to be careful", "Tito", True),  # a Filipino family's uncle, a title alone
    # what African callers call a grandmother, a boss, an elder; and what they exclaim
    ("Love you too. Kiss Gogo for me.", "Gogo", True), ("If Oga allows me.", "Oga", True),
    ("Sawa sawa. I'm coming.", "Sawa", True), ("Haba, give her a chance.", "Haba", True),
    ("Six eight. Jislaaik. Okay.", "Jislaaik", True), ("Howya, it's me from Flogas.", "Howya", True),
])
def test_a_person_that_is_a_set_phrase_s_english_word_names_no_one(text, value, dropped):
    start = text.index(value)
    model = f(start, start + len(value), "PERSON_NAME", method=M.MODEL, detector="hf")
    assert (merge_findings([model], [text]) == []) is dropped


@pytest.mark.parametrize("text,value,method,kept", [
    ("On the phone since morning with Justice's mother.", "Justice", M.MODEL, True),
    ("justice says he's the best", "justice", M.REGEX, True),  # a given name in West Africa and the US
    ("Justice wants the twenty-third of December", "Justice", M.REGEX, True),
    ("Deacon is at soccer till five", "Deacon", M.MODEL, True),
    ("Justice Thomas wrote the opinion", "Justice", M.MODEL, False),  # a title before a name
    ("the justice said no", "justice", M.REGEX, False),
    ("our deacon said grace", "deacon", M.MODEL, False),
    ("the justice department said", "justice", M.MODEL, False),
    ("Doctor says I need rest", "Doctor", M.REGEX, False),  # a title that is no given name
    ("justice says he's the best", "justice", M.DICTIONARY, False),  # the lists guess no title
])
def test_a_title_said_alone_is_a_person_only_where_it_is_a_given_name_too(text, value, method, kept):
    start = text.index(value)
    found = f(start, start + len(value), "PERSON_NAME", L.LIKELY, method)
    assert (merge_findings([found], [text]) != []) is kept


def test_a_state_s_short_name_is_no_form_of_address():
    text = "He moved to Boston, MA in May."
    state = f(text.index("MA"), text.index("MA") + 2, "LOCATION", L.LIKELY, M.MODEL)
    assert spans(merge_findings([state], [text])) == [(0, state.start, state.end, "LOCATION")]


@pytest.mark.parametrize("text,value,name", [
    ("kia ora aroha it's mere here", "kia ora aroha", "aroha"),
    ("g'day shane how are you", "g'day shane", "shane"),
    ("Kia Henderson called", "Kia Henderson", "Kia Henderson"),  # "Kia" alone is a name
    ("okay lock your door and greet temi for me", "greet temi", "temi"),  # a request's verb
    ("miss you too greet njeri bye", "greet njeri", "njeri"),
])
def test_a_greeting_before_a_name_is_no_part_of_it(text, value, name):
    start = text.index(value)
    found = f(start, start + len(value), "PERSON_NAME", L.LIKELY, M.DICTIONARY)
    assert [text[x.start:x.end] for x in merge_findings([found], [text])] == [name]


# --- a name-list guess inside a longer guess of another name type ----------------------------

def test_a_guess_inside_a_longer_guess_of_another_name_type_gives_way():
    # "at Best Buy on the twelfth": the lists hold the shop, and "Best" and "Buy" as towns; "Buy"
    # alone is surer (a capitalised town), but the phrase is the shop.
    text = "at Best Buy on the twelfth"
    shop = f(3, 11, "ORGANIZATION_NAME", L.POSSIBLE, M.DICTIONARY)
    towns = [f(3, 7, "LOCATION", L.POSSIBLE, M.DICTIONARY), f(8, 11, "LOCATION", L.LIKELY, M.DICTIONARY)]
    assert spans(merge_findings(towns + [shop], [text])) == [(0, 3, 11, "ORGANIZATION_NAME")]


def test_only_guesses_give_way_to_a_longer_guess():
    text = "Paris Hilton and Paris"
    person = f(0, 12, "PERSON_NAME", L.POSSIBLE, M.DICTIONARY)
    place = f(0, 5, "LOCATION", L.LIKELY, M.DICTIONARY)
    assert spans(merge_findings([person, place], [text])) == [(0, 0, 12, "PERSON_NAME")]
    # A pattern's or a model's finding inside it still competes by strength.
    pattern = f(0, 5, "LOCATION", L.LIKELY, M.REGEX)
    assert spans(merge_findings([person, pattern], [text])) == [(0, 0, 5, "LOCATION"),
                                                                 (0, 6, 12, "PERSON_NAME")]
    # A same-type guess inside is joined, as before; an equal span of another type is no
    # longer, so the two compete.
    first = f(0, 5, "PERSON_NAME", L.LIKELY, M.DICTIONARY)
    assert spans(merge_findings([person, first], [text])) == [(0, 0, 12, "PERSON_NAME")]
    same = f(17, 22, "PERSON_NAME", L.POSSIBLE, M.DICTIONARY)
    town = f(17, 22, "LOCATION", L.LIKELY, M.DICTIONARY)
    assert spans(merge_findings([same, town], [text])) == [(0, 17, 22, "LOCATION")]
