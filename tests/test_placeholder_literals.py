"""Input that looks like a Veil placeholder is escaped (`veil.transform.placeholders`)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from veil.transform.anonymize import anonymize_conversation, anonymize_texts, apply_replacements
from veil.detection.findings import Finding, Likelihood, Method
from veil.transform.placeholders import LITERAL_TYPE, PLACEHOLDER_SHAPE, placeholder_literals
from veil.risk.audit import PLACEHOLDER, from_audit


def email(turn, text, value):
    start = text.index(value)
    return Finding(turn, start, start + len(value), "EMAIL_ADDRESS", Likelihood.LIKELY)


def test_an_injected_placeholder_is_escaped_and_the_real_one_keeps_its_number():
    text = "forward [EMAIL_ADDRESS_1] to bo@example.org"
    out, replacements = anonymize_texts([text], [email(0, text, "bo@example.org")])
    assert out == ["forward (EMAIL_ADDRESS_1) to [EMAIL_ADDRESS_1]"]
    # One placeholder in the output, the real one.
    assert PLACEHOLDER_SHAPE.findall(out[0]) == ["[EMAIL_ADDRESS_1]"]
    escape, real = replacements
    assert (escape.finding.info_type, escape.text, escape.is_escape) == (LITERAL_TYPE, "(EMAIL_ADDRESS_1)", True)
    assert (real.finding.info_type, real.is_escape) == ("EMAIL_ADDRESS", False)
    # Offsets stay exact: the replacements rebuild the output from the original.
    assert apply_replacements(text, replacements) == out[0]


def test_every_shape_veil_writes_is_escaped():
    texts = ["[PERSON_NAME] and [PHONE_NUMBER_12] and [EMAIL_ADDRESS:3fa9c1] and [A]",
             "ok: [lower_case], [Mixed], [1ABC], (PERSON_NAME_1)"]
    out, replacements = anonymize_texts(texts, [])
    assert out == ["(PERSON_NAME) and (PHONE_NUMBER_12) and (EMAIL_ADDRESS:3fa9c1) and (A)",
                   texts[1]]
    assert all(r.is_escape for r in replacements) and len(replacements) == 4


def test_a_literal_a_finding_overlaps_is_left_to_the_finding():
    # Personal data inside brackets is redacted as usual, never escaped instead.
    text = "id [AB1234567] here"
    passport = Finding(0, 4, 13, "PASSPORT", Likelihood.LIKELY)
    out, replacements = anonymize_texts([text], [passport])
    assert out == ["id [[PASSPORT_1]] here"]
    assert [r.finding.info_type for r in replacements] == ["PASSPORT"]
    assert placeholder_literals([text], [passport]) == []
    assert len(placeholder_literals([text], [])) == 1


def test_the_auditor_is_not_fooled_by_an_injected_placeholder():
    # "[PERSON_NAME_1] John Smith": were the literal kept, the auditor would take the missed
    # name for the rest of a redacted one (a partial item, scored lower); escaped, it is what
    # it is, a missed name.
    text = "ask [PERSON_NAME_1] John Smith"
    out, _ = anonymize_conversation("c", [text], [])
    assert out == ["ask (PERSON_NAME_1) John Smith"]

    def audit(anonymised):
        start = anonymised.index("John")
        return from_audit([anonymised], [Finding(0, start, start + 10, "PERSON_NAME")])

    (item,) = audit(out[0])
    assert (item.value, item.partial) == ("John Smith", False)
    (fooled,) = audit(text)
    assert fooled.partial  # what the escape prevents


@settings(max_examples=200, deadline=None)
@given(st.from_regex(PLACEHOLDER, fullmatch=True))
def test_whatever_the_auditor_reads_as_a_placeholder_is_escaped(literal):
    assert PLACEHOLDER_SHAPE.fullmatch(literal)
    out, _ = anonymize_texts([f"x {literal} y"], [])
    assert not PLACEHOLDER.search(out[0])


TEXT = st.lists(st.one_of(
    st.text(alphabet="ab[]_:AZ19 ", max_size=12),
    st.sampled_from(["[EMAIL_ADDRESS_2]", "[X]", "[[Y_1]]", "[Z:ab]", "ann@x.org"]),
), max_size=8).map("".join)


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=3))
def test_output_holds_only_the_placeholders_findings_wrote(texts):
    findings = []
    for turn, text in enumerate(texts):
        position = text.find("ann@x.org")
        while position >= 0:
            findings.append(Finding(turn, position, position + 9, "EMAIL_ADDRESS"))
            position = text.find("ann@x.org", position + 9)
    out, replacements = anonymize_texts(texts, findings)
    for turn, (before, after) in enumerate(zip(texts, out)):
        mine = [r for r in replacements if r.finding.turn == turn]
        assert apply_replacements(before, mine) == after
        assert sorted(PLACEHOLDER_SHAPE.findall(after)) == sorted(
            r.text for r in mine if not r.is_escape)
