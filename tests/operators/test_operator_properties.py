"""Properties of every operator over generated conversations (hypothesis).

A conversation introduces a few people by full name, then names them again (full name, first
name, "Ms"/"Mr" + last name, spelled last name, upper or lower case), their emails (written or spoken), phone numbers (written or
spoken) and card numbers, with the findings placed exactly. Gold entity ids say which mentions
are one entity.
"""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from veil.transform.anonymize import apply_replacements, anonymize_conversation
from veil.detection.engine.checksums import luhn_valid
from veil.detection.findings import Finding
from veil.transform.operators import Operator, Operators
from veil.transform.operators.config import (
    CharacterMaskConfig, CryptoHashConfig, DateShiftConfig, RedactConfig, ReplaceWithInfoTypeConfig,
    SurrogateConfig,
)

KEY = b"property-test-key-0123456789abcdef"
OTHER_KEY = b"another-test-key-0123456789abcdef"
PEOPLE = [("Rachel", "Green", "Ms"), ("Marcus", "Okafor", "Mr"), ("Ingrid", "Lindqvist", "Ms"),
          ("Tomasz", "Wojcik", "Mr"), ("Priya", "Raghavan", "Ms"), ("Diego", "Castillo", "Mr")]
DIGITS = "zero one two three four five six seven eight nine".split()
FILLER = ["okay so", "thanks for calling", "let me check that", "right", "one moment please"]


def luhn_card(stem: str) -> str:
    for check in "0123456789":
        if luhn_valid(stem + check):
            return stem + check
    raise AssertionError


@st.composite
def conversations(draw):
    people = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=3, unique=True))
    phones = {p[0]: "".join(draw(st.sampled_from("23456789")) for _ in range(3)) +
              "".join(draw(st.sampled_from("0123456789")) for _ in range(7)) for p in people}
    cards = {p[0]: luhn_card("4" + "".join(draw(st.sampled_from("0123456789")) for _ in range(14)))
             for p in people}
    # Everyone is introduced by full name first: then every later mention is unambiguous
    # (partial names before a full name are the documented ambiguous cases, unit-tested).
    intro = [("L", "hello, this is ")]
    for first, last, _ in people:
        intro += [("E", f"{first} {last}", "PERSON_NAME", first), ("L", ", ")]
    turns = [intro]
    for _ in range(draw(st.integers(1, 6))):
        pieces = [("L", draw(st.sampled_from(FILLER)) + ", ")]
        for _ in range(draw(st.integers(1, 3))):
            first, last, title = draw(st.sampled_from(people))
            form = draw(st.sampled_from(["full", "first", "title", "spelled", "email",
                                         "spoken_email", "phone", "spoken_phone", "card"]))
            case = draw(st.sampled_from([str, str.lower, str.upper]))
            entity = first
            if form == "full":
                part = ("E", case(f"{first} {last}"), "PERSON_NAME")
            elif form == "first":
                part = ("E", case(first), "PERSON_NAME")
            elif form == "title":
                pieces.append(("L", title + " "))
                part = ("E", last, "PERSON_NAME")
            elif form == "spelled":
                part = ("E", "-".join(last.upper()), "PERSON_NAME")
            elif form == "email":
                part = ("E", f"{first}.{last}@example.com".lower(), "EMAIL_ADDRESS")
            elif form == "spoken_email":
                part = ("E", f"{first} dot {last} at example dot com".lower(), "EMAIL_ADDRESS")
            elif form == "phone":
                d = phones[first]
                part = ("E", f"({d[:3]}) {d[3:6]}-{d[6:]}", "PHONE_NUMBER")
            elif form == "spoken_phone":
                part = ("E", " ".join(DIGITS[int(c)] for c in phones[first]), "PHONE_NUMBER")
            else:
                c = cards[first]
                part = ("E", " ".join(c[i:i + 4] for i in range(0, 16, 4)), "CREDIT_CARD_NUMBER")
            pieces.append(part + (entity,))
            pieces.append(("L", draw(st.sampled_from([", and ", ". ", " — "]))))
        turns.append(pieces)
    return build(turns)


def build(turns):
    texts, findings, gold = [], [], {}
    for index, pieces in enumerate(turns):
        text = ""
        for piece in pieces:
            if piece[0] == "E":
                finding = Finding(index, len(text), len(text) + len(piece[1]), piece[2])
                findings.append(finding)
                gold[finding] = (piece[2], piece[3])
            text += piece[1]
        texts.append(text)
    return texts, findings, gold


def secret_words(texts, findings):
    """Name words and numbers that must not survive full replacement, in any case/spelling."""
    words, numbers = set(), set()
    for f in findings:
        value = texts[f.turn][f.start:f.end]
        words |= {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", value)
                  if w.casefold() not in {"dot", "example", "com", *DIGITS}}
        if "-" in value and value.replace("-", "").isalpha():
            words.add(value.replace("-", "").casefold())
        digits = re.sub(r"\D", "", value) or "".join(
            str(DIGITS.index(w)) for w in value.split() if w in DIGITS)
        if len(digits) >= 7:
            numbers.add(digits)
    return words, numbers


def survives(output: list[str], words: set[str], numbers: set[str]) -> list[str]:
    leaked = []
    for text in output:
        folded = text.casefold()
        spelled = re.sub(r"(?<=\b\w)-(?=\w\b)", "", folded)  # G-R-E-E-N -> green
        tokens = set(re.findall(r"[^\W\d_]+", folded)) | set(re.findall(r"[^\W\d_]+", spelled))
        leaked += [w for w in words if w in tokens]
        spoken = "".join(str(DIGITS.index(w)) for w in folded.split() if w in DIGITS)
        digits = re.sub(r"\D", "", folded)
        leaked += [n for n in numbers if n in digits or n[-7:] in spoken]
    return leaked


FULL_REPLACEMENT = {
    "numbered": Operators(),
    "info_type": Operators(default=Operator(ReplaceWithInfoTypeConfig())),
    "redact": Operators(default=Operator(RedactConfig())),
    "hash": Operators(default=Operator(CryptoHashConfig(), KEY)),
    "mask": Operators(default=Operator(CharacterMaskConfig())),
    "surrogate": Operators(default=Operator(SurrogateConfig(), KEY)),
}
PARTIAL = {
    "mask_last4": Operators(default=Operator(CharacterMaskConfig(number_to_mask=-4))),
    "date_shift": Operators(default=Operator(
        DateShiftConfig(lower_bound_days=-9, upper_bound_days=9), KEY)),
}


@settings(max_examples=60, deadline=None)
@given(conversations(), st.sampled_from(sorted(FULL_REPLACEMENT)))
def test_no_replaced_value_survives_in_any_case_or_spelling(case, name):
    texts, findings, _ = case
    output, _ = anonymize_conversation("conv-1", texts, findings, FULL_REPLACEMENT[name])
    words, numbers = secret_words(texts, findings)
    assert survives(output, words, numbers) == [], output


@settings(max_examples=60, deadline=None)
@given(conversations(), st.sampled_from(sorted(FULL_REPLACEMENT) + sorted(PARTIAL)))
def test_replacements_rebuild_the_output_from_the_original(case, name):
    texts, findings, _ = case
    operators = {**FULL_REPLACEMENT, **PARTIAL}[name]
    output, replacements = anonymize_conversation("conv-1", texts, findings, operators)
    assert sorted(r.finding for r in replacements) == sorted(findings)
    for turn, text in enumerate(texts):
        mine = [r for r in replacements if r.finding.turn == turn]
        assert apply_replacements(text, mine) == output[turn]


@settings(max_examples=60, deadline=None)
@given(conversations(), conversations())
def test_placeholders_follow_entities_and_restart_per_conversation(first, second):
    for texts, findings, gold in (first, second):
        _, replacements = anonymize_conversation("x", texts, findings)
        number_of: dict = {}
        seen_per_type: dict = {}
        for r in replacements:
            info_type, number = re.fullmatch(r"\[([A-Z_]+)_(\d+)\]", r.text).groups()
            assert info_type == r.finding.info_type
            entity = gold[r.finding]
            assert number_of.setdefault(entity, number) == number  # one entity, one number
            numbers = seen_per_type.setdefault(info_type, [])
            if number not in numbers:
                assert int(number) == len(numbers) + 1  # first appearance order, from 1
                numbers.append(number)
        # Different gold people never share a number.
        people = {(e, n) for e, n in number_of.items() if e[0] == "PERSON_NAME"}
        assert len({n for _, n in people}) == len(people)


@settings(max_examples=40, deadline=None)
@given(conversations())
def test_surrogates_are_deterministic_and_depend_on_the_key(case):
    texts, findings, _ = case
    operators = FULL_REPLACEMENT["surrogate"]
    once = anonymize_conversation("conv-1", texts, findings, operators)[0]
    again = anonymize_conversation("conv-1", list(texts), list(reversed(findings)), operators)[0]
    assert once == again
    other = Operators(default=Operator(SurrogateConfig(), OTHER_KEY))
    assert anonymize_conversation("conv-1", texts, findings, other)[0] != once


@settings(max_examples=40, deadline=None)
@given(conversations())
def test_surrogates_keep_formats_and_checksums(case):
    texts, findings, gold = case
    _, replacements = anonymize_conversation("conv-1", texts, findings, FULL_REPLACEMENT["surrogate"])
    by_entity: dict = {}
    for r in replacements:
        value = texts[r.finding.turn][r.finding.start:r.finding.end]
        if r.finding.info_type == "CREDIT_CARD_NUMBER":
            assert re.fullmatch(r"4\d{3} \d{4} \d{4} \d{4}", r.text)
            assert luhn_valid(r.text.replace(" ", ""))
            assert by_entity.setdefault(gold[r.finding], r.text) == r.text
        elif r.finding.info_type == "PHONE_NUMBER" and value.startswith("("):
            assert re.fullmatch(r"\([2-9]\d\d\) [2-9]\d\d-\d{4}", r.text)
        elif r.finding.info_type == "EMAIL_ADDRESS" and "@" in value:
            assert re.fullmatch(r"[a-z]+\.[a-z]+@[a-z]+\.com", r.text)
        elif r.finding.info_type == "PERSON_NAME" and re.fullmatch(r"[A-Z](-[A-Z])+", value):
            assert re.fullmatch(r"[A-Z](-[A-Z])+", r.text)
