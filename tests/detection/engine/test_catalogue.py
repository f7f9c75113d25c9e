"""The infoType catalogue: every entry complete, and its facts consistent with each other.

One test per fact, each over every entry, so that a new entry that forgets one fails here.
"""
from __future__ import annotations

import pytest

from tests.detection.engine.conftest import make_engine
from veil.transform.anonymize import anonymize_conversation
from veil.run.config import load_config
from veil.entities.resolution import resolve
from veil.detection.findings import Finding, Likelihood
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue, InfoType
from veil.transform.operators import Operator, Operators
from veil.transform.operators.config import SurrogateConfig
from veil.transform.operators.surrogate_formats import like_value
from veil.risk.table import DEFAULT_TABLE

DETECTABLE = [e for e in BUILTINS if e.detectable]
WITH_CHECKSUM = [e for e in DETECTABLE if e.checksum is not None]
SURROGATES = Operators(default=Operator(SurrogateConfig(), b"k" * 32))
# Scanners find names by dictionaries and context; a fake name is drawn from Faker's lists, not
# from the detector's, so only the pattern types must find their own surrogates again.
FOUND_AGAIN_EXEMPT = {
    "PERSON_NAME": "a fake name need not be in the name dictionary",
    "FIRST_NAME": "a fake name need not be in the name dictionary",
    "LAST_NAME": "a fake name need not be in the name dictionary",
    "MALE_NAME": "PERSON_NAME's detectors: a fake name need not be in the name dictionary",
    "FEMALE_NAME": "PERSON_NAME's detectors: a fake name need not be in the name dictionary",
    "ORGANIZATION_NAME": "fake organisation words are surnames, not known organisations",
    "LOCATION": "fake places are drawn from a short list of cities",
    "PRODUCT": "fake product words are surnames, not known products",
    "GENDER": "a word list: any fake word leaves the list",
    "ETHNIC_GROUP": "a word list: any fake word leaves the list",
    "MEDICAL_TERM": "a word list: any fake word leaves the list",
    "US_STATE": "a word list: any fake word leaves the list",
    "CRIME_STATUS": "a word list: any fake word leaves the list",
    **{name: "phrase patterns: a fake phrase no longer states the attribute"
       for name in ("RELIGIOUS_TERM", "POLITICAL_TERM", "SEXUAL_ORIENTATION", "TRADE_UNION",
                    "MARITAL_STATUS", "EMPLOYMENT_STATUS", "IMMIGRATION_STATUS")},
    "DEMOGRAPHIC_DATA": "GENDER's and ETHNIC_GROUP's word lists: any fake word leaves them",
}
PROFILE_TYPES = {t.name for t in load_config("call_transcripts").inspect_config.info_types}


def ids(entries):
    return [e.name for e in entries]


def found(entry: InfoType, text: str) -> set[str]:
    engine = make_engine({"info_types": [{"name": entry.name}], "min_likelihood": "POSSIBLE"})
    return {text[f.start:f.end] for f in engine.inspect_text(text) if f.info_type == entry.name}


@pytest.mark.parametrize("entry", DETECTABLE, ids=ids(DETECTABLE))
def test_every_built_in_type_is_described_scored_and_exemplified(entry):
    assert entry.description.strip()
    assert entry.examples, "give at least one example text"
    partial_of = DEFAULT_TABLE.partial_aliases.get(entry.name)
    assert entry.score is not None or partial_of is not None, "give the type a risk score"
    assert DEFAULT_TABLE.score(entry.name) == (entry.score or 0)
    if entry.direct:
        assert entry.score >= 4, "a direct identifier scores 4 or 5 (Table 6)"
        assert DEFAULT_TABLE.is_direct(entry.name)


@pytest.mark.parametrize("entry", DETECTABLE, ids=ids(DETECTABLE))
def test_every_example_is_found_by_its_own_detectors(entry):
    for example in entry.examples:
        assert example.value in found(entry, example.text)


@pytest.mark.parametrize("entry", WITH_CHECKSUM, ids=ids(WITH_CHECKSUM))
def test_checksum_accepts_the_examples(entry):
    for example in entry.examples:
        assert entry.checksum(example.value)


def surrogate_of(entry: InfoType, text: str, value: str) -> str:
    start = text.index(value)
    finding = Finding(0, start, start + len(value), entry.name)
    new_texts, replacements = anonymize_conversation("conversation", [text], [finding], SURROGATES)
    return replacements[0].text, new_texts[0]


@pytest.mark.parametrize("entry", DETECTABLE, ids=ids(DETECTABLE))
def test_every_surrogate_is_a_new_value_of_the_same_format(entry):
    for example in entry.examples:
        fake, new_text = surrogate_of(entry, example.text, example.value)
        assert not fake.startswith(f"[{entry.name}"), "no surrogate fits the example"
        assert fake != example.value
        if entry.checksum is not None:
            assert entry.checksum(fake), f"{fake!r} fails the {entry.name} checksum"
        if entry.name not in FOUND_AGAIN_EXEMPT:
            assert fake in found(entry, new_text), f"{fake!r} is not found as {entry.name}"


def test_the_exemptions_name_real_entries():
    assert set(FOUND_AGAIN_EXEMPT) <= set(ids(DETECTABLE))


@pytest.mark.parametrize("entry", list(BUILTINS), ids=ids(BUILTINS))
def test_facts_name_known_types(entry):
    for name in entry.compatible:
        assert name in BUILTINS or name in DEFAULT_TABLE.partial_aliases, name
    if entry.score is None:
        assert entry.name in DEFAULT_TABLE.partial_aliases or not entry.detectable


def test_entity_keys_resolve_mentions_of_one_value_together():
    text = "mail MARK.GREEN@example.com or mark green at example dot com; Initech LLC, initech"
    mentions = {"MARK.GREEN@example.com": "EMAIL_ADDRESS",
                "mark green at example dot com": "EMAIL_ADDRESS",
                "Initech LLC": "ORGANIZATION_NAME", "initech": "ORGANIZATION_NAME"}
    findings = [Finding(0, text.index(v), text.index(v) + len(v), t) for v, t in mentions.items()]
    numbers = {f: e.number for f, e in resolve([text], findings).entity_of.items()}
    assert set(numbers.values()) == {1}


def test_the_auditor_profile_scans_every_scored_type_the_default_profile_finds():
    """An `_SPEAKER` type is audited through its base type: the auditor decides whether a
    hit is tied to a speaker (veil.risk.audit)."""
    auditor = {t.name for t in load_config("auditor").inspect_config.info_types}
    scored = {e.name.removesuffix("_SPEAKER") for e in DETECTABLE if e.score
              and e.name in PROFILE_TYPES}
    assert scored - auditor == set()


def test_a_catalogue_refuses_a_type_twice_and_an_alias_of_two_types():
    entry = InfoType("X_ID", "An id.", like_value, score=1)
    with pytest.raises(ValueError, match="twice"):
        Catalogue([entry, entry])
    with pytest.raises(ValueError, match="alias"):
        Catalogue([InfoType("A", "a", like_value, aliases=("Z",)),
                   InfoType("B", "b", like_value, aliases=("Z",))])


def test_a_type_without_detectors_cannot_be_listed_in_info_types():
    from veil.run.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown infoType 'DIGIT_SEQUENCE'"):
        make_engine({"info_types": [{"name": "DIGIT_SEQUENCE"}]})


def test_another_catalogue_adds_a_type_without_touching_the_engine():
    from veil.detection.engine.detectors import pattern
    from veil.detection.engine.engine import InfoTypeEngine
    from veil.detection.engine.inspect_config import InspectConfig

    ticket = InfoType("TICKET_ID", "Support tickets.", like_value, score=1,
                      detectors=(pattern(r"\bTCK-\d{6}\b", Likelihood.LIKELY),))
    catalogue = BUILTINS.with_entries([ticket])
    engine = InfoTypeEngine.from_config(
        InspectConfig.model_validate({"info_types": [{"name": "TICKET_ID"}]}), catalogue)
    assert [f.info_type for f in engine.inspect_text("ticket TCK-123456 open")] == ["TICKET_ID"]
    assert "TICKET_ID" not in BUILTINS


def test_the_infotypes_page_is_the_catalogue():
    """docs/infotypes.md is rendered from the catalogue; re-run the script after a change."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location(
        "render_infotypes_doc", root / "scripts" / "render_infotypes_doc.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert (root / "docs" / "infotypes.md").read_text(encoding="utf-8") == script.render(), (
        "docs/infotypes.md is stale: run python scripts/render_infotypes_doc.py")


def test_the_generator_labels_only_types_the_catalogue_or_a_profile_defines():
    """The synthetic corpus's gold types are scored and resolved by the catalogue's facts; a
    label outside it (a typo, a renamed type) would score 0 silently."""
    from veil.synth.generator import INFO_TYPES, generate_records

    custom = {c.info_type.name for c in load_config("minimal").inspect_config.custom_info_types}
    labelled = {span["info_type"] for record in generate_records(300, 3003)
                for span in record.get("pii", [])}
    assert labelled <= set(INFO_TYPES)
    assert set(INFO_TYPES) - set(ids(BUILTINS)) <= custom
