"""An organisation named after its town takes the rest of its name: "Houston | Public Media",
"Salford | Magistrates' Court"."""
from __future__ import annotations

import pytest

from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import merge_findings
from veil.detection.place_named_organisations import widen_to_place_named_organisations


def place_finding(text: str, value: str, info_type: str = "LOCATION",
                  method: Method = Method.DICTIONARY) -> Finding:
    start = text.index(value)
    return Finding(0, start, start + len(value), info_type, Likelihood.LIKELY, method, "rules")


def merged(text: str, value: str, info_type: str = "LOCATION") -> list[tuple[str, str]]:
    return [(text[f.start:f.end], f.info_type)
            for f in merge_findings([place_finding(text, value, info_type)], [text])]


@pytest.mark.parametrize("text, value, expected", [
    # A place and capitalised words of the organisation's own.
    ("And if you need me, I'm at Houston Public Media, the desk line is open.", "Houston",
     ("Houston Public Media", "ORGANIZATION_NAME")),
    ("He loses the flat they're on the list for with Rochdale Boroughwide Housing.", "Rochdale",
     ("Rochdale Boroughwide Housing", "ORGANIZATION_NAME")),
    ("I read it in the Jerusalem Post on Sunday.", "Jerusalem", ("Jerusalem Post", "ORGANIZATION_NAME")),
    ("She played for Boston United in December.", "Boston", ("Boston United", "ORGANIZATION_NAME")),
    # Words of no head after the place say nothing: a team's nickname is left to the lists and
    # the model, a longer place to the gazetteer, a headline's noun to no one.
    ("Okay, rapid fire. Mumbai Indians or the other lot?", "Mumbai", ("Mumbai", "LOCATION")),
    ("Truro Jobs: a new post today", "Truro", ("Truro", "LOCATION")),
    ("The New York State Legislature finally passed the bill.", "New York State",
     ("New York State Legislature", "ORGANIZATION_NAME")),
    # A court by its kind is the court.
    ("The ban was imposed at Salford Magistrates' Court in May.", "Salford",
     ("Salford Magistrates' Court", "ORGANIZATION_NAME")),
    # A court is one by its kind; else it is a close of houses.
    ("We met outside Redden Court.", "Redden", ("Redden", "LOCATION")),
    # A feature, a building, a title, a time, a given name or another place before the head.
    ("The Boston Harbor Police came.", "Boston", ("Boston", "LOCATION")),
    ("They married in Norwich Cathedral Radio's studio.", "Norwich", ("Norwich", "LOCATION")),
    ("US President Barack Obama Post", "US", ("US", "LOCATION")),
    ("In Chicago Monday News said so.", "Chicago", ("Chicago", "LOCATION")),
    ("We flew from Paris France Airways.", "Paris", ("Paris", "LOCATION")),
    # The head ends the name; a month after it is no part of it.
    ("It was in the Edmonton Journal September issue.", "Edmonton", ("Edmonton Journal", "ORGANIZATION_NAME")),
    # Words after a comma or a full stop are no part of the name.
    ("We went to Leeds. United were there.", "Leeds", ("Leeds", "LOCATION")),
    # Without capitals, a head that says organisation even then ends the name; a newspaper's
    # or a utility's head is as often the word.
    ("i'm at houston public media the desk line is open", "houston",
     ("houston public media", "ORGANIZATION_NAME")),
    ("the ban was imposed at salford magistrates court in may", "salford",
     ("salford magistrates court", "ORGANIZATION_NAME")),
    ("in chicago police shot a man", "chicago", ("chicago police", "ORGANIZATION_NAME")),
    ("it was three times in london times were hard", "london", ("london", "LOCATION")),
    ("we moved to leeds the police were kind", "leeds", ("leeds", "LOCATION")),
    ("she lives in texas water is short there", "texas", ("texas", "LOCATION")),
    # A building society, a cab firm, a council, a band, a junior side.
    ("he's starting at yorkshire building society on the monday", "yorkshire",
     ("yorkshire building society", "ORGANIZATION_NAME")),
    ("then I drove a taxi for Seaham Cabs till I was sixty-five", "Seaham",
     ("Seaham Cabs", "ORGANIZATION_NAME")),
    ("the Easington Colliery Band played the Royal Albert Hall", "Easington",
     ("Easington Colliery Band", "ORGANIZATION_NAME")),
    ("we rang leeds council about the bins", "leeds", ("leeds council", "ORGANIZATION_NAME")),
    # Without capitals a band is as often the word.
    ("she was in leeds band practice ran late", "leeds", ("leeds", "LOCATION")),
])
def test_a_place_before_capitalised_words_of_a_name_is_the_organisation(text, value, expected):
    assert merged(text, value) == [expected]


def test_a_state_is_widened_too_and_the_widened_finding_is_a_pattern_s():
    text = "She works for Texas Electric in the lab."
    [widened] = widen_to_place_named_organisations([place_finding(text, "Texas", "US_STATE")], [text])
    assert (text[widened.start:widened.end], widened.info_type, widened.detector, widened.method,
            widened.likelihood) == ("Texas Electric", "ORGANIZATION_NAME", "rules", Method.REGEX,
                                    Likelihood.LIKELY)


def test_the_widened_organisation_outranks_a_model_s_reading_of_the_town():
    text = "I'm at Houston Public Media now."
    found = merge_findings([place_finding(text, "Houston"),
                            place_finding(text, "Houston", method=Method.MODEL)], [text])
    assert [(text[f.start:f.end], f.info_type) for f in found] == [("Houston Public Media", "ORGANIZATION_NAME")]


def test_a_model_s_place_is_widened_too():
    text = "he loses the flat with rochdale boroughwide housing"
    [widened] = widen_to_place_named_organisations([place_finding(text, "rochdale", method=Method.MODEL)], [text])
    assert (text[widened.start:widened.end], widened.info_type) == (
        "rochdale boroughwide housing", "ORGANIZATION_NAME")
