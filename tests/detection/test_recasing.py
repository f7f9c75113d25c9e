"""Text without capitals recased for a model trained on cased text (the auditor's spaCy)."""
from __future__ import annotations

import pytest

from veil.detection.engine.word_facts import recased_for_a_cased_model


@pytest.mark.parametrize("text, recased", [
    ("hi i'm calling about the jollof place in dubai", "hi I'm calling about the Jollof place in Dubai"),
    # a major place the frequency list holds only because it counts in lower case
    ("we flew to beijing", "we flew to Beijing"),
    # names that are words too stay words: the model reads them in context, as it would anyway
    ("yeah so pearl said the bill was fine", "yeah so pearl said the bill was fine"),
    ("met steenkamp at [PERSON_NAME_1]'s", "met Steenkamp at [PERSON_NAME_1]'s"),
    ("i've told you i'd go", "I've told you I'd go"),
])
def test_words_no_frequent_word_list_holds_get_a_capital_letter_for_letter(text, recased):
    out = recased_for_a_cased_model(text)
    assert out == recased
    assert len(out) == len(text)


@pytest.mark.parametrize("text", [
    "Hi, I met steenkamp in Dubai.",  # the writer's own capitals decide
    "Élodie went to lagos",
])
def test_a_text_with_capitals_of_its_writer_is_read_as_written(text):
    assert recased_for_a_cased_model(text) == text


def test_a_letter_whose_capital_is_longer_keeps_its_case():
    # "ß" capitalises to "SS": recasing it would move every offset after it
    text = "ßtraße and steenkamp"
    out = recased_for_a_cased_model(text)
    assert len(out) == len(text) and out.startswith("ßtraße") and out.endswith("Steenkamp")
