"""A model's person that starts at a surname takes the given name said right before it, in a
turn without capitals: "next is patience | oyelaran"."""
from __future__ import annotations

import pytest

from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import merge_findings
from veil.detection.name_spans import take_given_names_before


def person(text: str, value: str, method: Method = Method.MODEL) -> Finding:
    start = text.index(value)
    return Finding(0, start, start + len(value), "PERSON_NAME", Likelihood.POSSIBLE, method, "hf")


@pytest.mark.parametrize("text, value, expected", [
    ("fair enough next is patience oyelaran and then we go online", "oyelaran", "patience oyelaran"),
    ("my friend hope adeyemi called", "adeyemi", "hope adeyemi"),
    ("it's will okonkwo speaking", "okonkwo", "will okonkwo"),
    # A verb after its subject, a thing after a determiner, a month, a title, a relative.
    ("i hope oyelaran wins", "oyelaran", "oyelaran"),
    ("the bill okonkwo sent was paid", "okonkwo", "okonkwo"),
    ("since may oyelaran has been away", "oyelaran", "oyelaran"),
    ("we saw general oyelaran there", "oyelaran", "oyelaran"),
    ("my son oyelaran is here", "oyelaran", "oyelaran"),
    ("a pen name of japanese author higuchi natsu", "higuchi natsu", "higuchi natsu"),
    # The model's first word is a given name already, or an ordinary word: nothing to take.
    ("next is grace patience", "patience", "patience"),
    # With capitals, the writer's case says where the name starts.
    ("Next is patience Oyelaran today.", "Oyelaran", "Oyelaran"),
])
def test_a_given_name_before_a_model_s_surname_joins_it(text, value, expected):
    found = merge_findings([person(text, value)], [text])
    assert [text[f.start:f.end] for f in found] == [expected]


def test_only_a_model_s_person_is_widened():
    """The rules take a given name before a surname of their lists themselves."""
    text = "next is patience oyelaran"
    finding = person(text, "oyelaran", Method.DICTIONARY)
    assert take_given_names_before([finding], [text]) == [finding]
