"""A storm's name is no one's (veil.detection.named_storms), through the job's own rules, merge
and spread of names said again."""
import pytest

from veil.detection.detect import ConversationDetector
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.merge import merge_findings
from veil.detection.name_repeats import with_repeats
from veil.detection.named_storms import cued_people, names_a_storm, storm_names, without_storms
from veil.run.config import load_config


@pytest.fixture(scope="module")
def found():
    """The call-transcript profile's rules, merged and spread as the job does, as (turn, value,
    type) triples."""
    detector = ConversationDetector(load_config("call_transcripts"))

    def run(*texts: str) -> set[tuple[int, str, str]]:
        texts = list(texts)
        findings = with_repeats(texts, merge_findings(detector.find(texts), texts))
        return {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in findings}
    return run


@pytest.mark.parametrize("text", [
    "In the wake of Hurricane Katrina, affordable housing in New Orleans fell.",
    "Before Hurricane Earl comes, stock up.",
    "Tropical storm Arthur could become a hurricane.",
    "Storm Eunice took the fence down.",
    "the roof went in hurricane ian",
])
def test_a_storm_and_its_name_are_redacted_as_nothing(found, text):
    names = {value for _, value, info_type in found(text)
             if info_type in ("PERSON_NAME", "LOCATION", "ORGANIZATION_NAME")}
    assert not names & {"Hurricane", "Katrina", "Earl", "Arthur", "Eunice", "ian", "hurricane"}, names


def test_the_town_called_hurricane_stays_a_place(found):
    assert (0, "Hurricane", "LOCATION") in found("I live in Hurricane, Utah.")
    assert (0, "Hurricane", "LOCATION") in found("We moved to Hurricane Utah last year.")


def test_a_name_after_the_word_storm_alone_is_still_someone(found):
    # only a storm's word names a storm: "the storm Mike talked about" goes on a sentence
    assert (0, "Mike", "PERSON_NAME") in found("After the storm Mike left early.")
    assert storm_names(["Raw Illest and Storm April 14th at the Whiskey"]) == frozenset()


def test_a_storm_named_once_is_the_storm_at_every_mention(found):
    kept = found("Strengthening Hurricane Rita, now a Category 5 storm, threatened the Gulf.",
                 "After brushing the Florida Keys, Rita packed winds of 240 kilometres an hour.")
    assert not {value for _, value, _ in kept} & {"Rita", "Hurricane"}, kept


def test_someone_a_cue_names_like_the_storm_stays_someone(found):
    kept = found("my roof went in hurricane ian",
                 "my husband ian called you last week",
                 "ian said you'd send someone")
    assert {(1, "ian", "PERSON_NAME"), (2, "ian", "PERSON_NAME")} <= kept
    assert (0, "ian", "PERSON_NAME") not in kept  # not spread to the storm's own mention


def test_a_context_finding_keeps_a_storms_name_a_person_in_the_conversation():
    texts = ["we lost the roof in Hurricane Ian", "Thanks Ian, bye."]
    cue = Finding(1, 7, 10, "PERSON_NAME", Likelihood.LIKELY, Method.REGEX, "rules")
    guess = Finding(0, 30, 33, "PERSON_NAME", Likelihood.POSSIBLE, Method.DICTIONARY, "rules")
    assert storm_names(texts) == {"ian"} and cued_people(texts, [cue]) == {"ian"}
    assert not names_a_storm(cue, texts, frozenset())
    assert names_a_storm(guess, texts, frozenset())  # right after its storm's word
    assert without_storms([cue, guess], texts) == [cue]
