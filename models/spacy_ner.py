"""A spaCy pipeline as a turn-level detector (no Beam).

`load_spacy_pipeline(settings, inspect_config)` loads any pipeline spaCy can load: an installed
package by name (`en_core_web_sm`), a local directory, `default` (the one `veil train --spacy`
wrote, `default_spacy_dir()`), or a gs:// / s3:// / any fsspec URL, copied once per machine into
a local cache first. With
`entity_ruler: true` it adds an `EntityRuler` built from the config's custom dictionaries
(before the NER, so the NER keeps the ruler's spans): one phrase pattern per term, matched on
lower-cased tokens, labelled with the custom infoType.

`SpacyDetector.detect_turns(texts)` runs `nlp.pipe` over many turns at once. Long turns are cut
into overlapping windows (veil.detection.windows), so no text reaches spaCy's `max_length` and a
finding's offsets are always the turn's. An entity label becomes an infoType through the
config's `label_map`, the model's own map (`veil_model.json`), then `COMMON_LABELS`; a label
found in none is ignored. Ruler hits are DICTIONARY findings with their custom type's
likelihood; everything else the pipeline labels is a MODEL finding with the configured one.
"""
from __future__ import annotations

import json
import logging
import os
import re
import threading
from contextlib import nullcontext
from pathlib import Path
from typing import Sequence

from models.token_spans import tokenizable
from veil.detection.detector_config import SpacyDetectorSettings, default_model_dir, info_type_for
from veil.detection.engine.compiler import load_dictionary_terms
from veil.detection.engine.inspect_config import ExclusionType, InspectConfig
from veil.detection.findings import Finding, Likelihood, Method
from veil.io.storage import Storage, is_remote
from veil.detection.windows import keep_in_window, split_into_windows

_LOG = logging.getLogger("veil")

DETECTOR = "spacy"
DEFAULT_PIPELINE = "default"
METADATA = "veil_model.json"
# The name of the ruler Veil adds, and the pattern id that marks its entities as dictionary hits.
RULER_NAME = "veil_dictionaries"
RULER_ID_PREFIX = "veil-dictionary:"
_NER_FACTORIES = ("ner", "beam_ner")
# Components whose work no entity depends on (en_core_web_*'s parser is most of its time):
# disabled, not removed, so a pipeline's listeners and config stay as trained.
_NOT_FOR_ENTITIES = ("parser", "beam_parser", "tagger", "morphologizer", "lemmatizer", "senter",
                     "attribute_ruler", "textcat", "textcat_multilabel", "trainable_lemmatizer")
_WORD = re.compile(r"\w+")


class SpacyPipelineUnavailable(RuntimeError):
    """The configured pipeline is not there; the job then runs without it and says so."""


def default_spacy_dir() -> Path:
    """Where `veil train --spacy` writes and `pipeline: default` reads: $VEIL_MODEL_DIR/spacy-ner,
    else ~/.cache/veil/models/spacy-ner."""
    return default_model_dir().parent / "spacy-ner"


def spacy_cache_root() -> Path:
    """Where remote pipelines are copied: $VEIL_MODEL_CACHE, else next to the default model."""
    root = os.environ.get("VEIL_MODEL_CACHE")
    return Path(root) / "spacy" if root else default_model_dir().parent / "remote-spacy"


def resolve_spacy_pipeline(pipeline: str, storage: Storage | None = None,
                           cache_root: str | Path | None = None) -> str:
    """What `spacy.load` gets: a package name or a local directory.

    A remote pipeline is copied once per machine into a cache keyed by its URL, so every worker
    process on the machine loads the same files; a copy is made in a private directory and
    renamed into place, so a process never sees half a pipeline."""
    if pipeline == DEFAULT_PIPELINE:
        return str(default_spacy_dir())
    if pipeline.startswith("file://"):
        return pipeline.removeprefix("file://")
    if not is_remote(pipeline):
        return pipeline
    cache = Path(cache_root) if cache_root is not None else spacy_cache_root()
    try:
        return (storage or Storage()).cached_copy(pipeline, cache, "config.cfg")
    except (OSError, ValueError) as error:
        raise SpacyPipelineUnavailable(f"cannot copy spaCy pipeline {pipeline!r}: {error}") from None


def check_spacy_pipeline(pipeline: str, storage: Storage | None = None) -> None:
    """Cheaply, without loading it: raise SpacyPipelineUnavailable unless `pipeline` is an
    installed package, a directory with a `config.cfg`, or a URL with one under it. For the
    launcher, which reports a missing detector instead of failing on the workers."""
    if is_remote(pipeline):
        storage = storage or Storage()
        try:
            fs, root = storage.filesystem(pipeline)
            found = fs.exists(root.rstrip("/") + "/config.cfg")
        except (OSError, ValueError, ImportError) as error:
            raise SpacyPipelineUnavailable(f"cannot reach spaCy pipeline {pipeline!r}: {error}") from None
        if not found:
            raise SpacyPipelineUnavailable(f"no spaCy pipeline (config.cfg) under {pipeline!r}")
        return
    location = str(default_spacy_dir()) if pipeline == DEFAULT_PIPELINE else pipeline.removeprefix("file://")
    if (Path(location) / "config.cfg").is_file():
        return
    from models.spacy_plugins import import_spacy

    spacy = import_spacy()  # without torch: the job may never need it
    if "/" not in location and spacy.util.is_package(location):
        return
    raise SpacyPipelineUnavailable(
        f"no spaCy pipeline {pipeline!r}: not an installed package nor a directory with a config.cfg. "
        "Run `veil train --spacy` or set detectors.spacy.pipeline"
    )


def dictionary_terms(inspect_config: InspectConfig, storage: Storage | None = None) -> list[tuple[str, Likelihood, list[str]]]:
    """(infoType, likelihood, terms) of each custom dictionary that reports findings.

    Exclusion-only types (`exclusion_type: EXCLUSION_TYPE_EXCLUDE`) are left out: they say what
    is not PI. A `cloud_storage_path` file holds one term per line, at any fsspec path."""
    storage = storage or Storage()
    found = []
    for index, custom in enumerate(inspect_config.custom_info_types):
        if custom.dictionary is None or custom.exclusion_type == ExclusionType.EXCLUSION_TYPE_EXCLUDE:
            continue
        terms = load_dictionary_terms(custom, f"inspect_config.custom_info_types[{index}]", storage)
        found.append((custom.info_type.name, custom.likelihood, terms))
    return found


def term_variants(term: str) -> list[str]:
    """The term as written and its words joined by spaces ("Dunder-Mifflin", "dunder mifflin"):
    DLP reads punctuation as whitespace, spaCy's tokenizer does not."""
    variants = []
    for variant in (term.strip(), " ".join(_WORD.findall(term))):
        if variant and variant not in variants:
            variants.append(variant)
    return variants


def dictionary_patterns(inspect_config: InspectConfig, storage: Storage | None = None) -> tuple[list[dict], dict[str, Likelihood]]:
    """EntityRuler phrase patterns for the custom dictionaries, and each type's likelihood."""
    patterns: list[dict] = []
    likelihoods: dict[str, Likelihood] = {}
    for info_type, likelihood, terms in dictionary_terms(inspect_config, storage):
        likelihoods[info_type] = max(likelihood, likelihoods.get(info_type, Likelihood.LIKELIHOOD_UNSPECIFIED))
        seen = set()
        for term in terms:
            for variant in term_variants(term):
                key = variant.lower()
                if key not in seen:
                    seen.add(key)
                    patterns.append({"label": info_type, "pattern": variant, "id": RULER_ID_PREFIX + info_type})
    return patterns, likelihoods


def add_dictionary_ruler(nlp, patterns: list[dict]):
    """An EntityRuler matching lower-cased tokens, before the pipeline's NER (else last)."""
    placement = {}
    ner = next((name for name in nlp.pipe_names if name == "ner"), None) or next(
        (name for name in nlp.pipe_names if nlp.get_pipe_meta(name).factory in _NER_FACTORIES), None
    )
    if ner is not None:
        placement["before"] = ner
    ruler = nlp.add_pipe(
        "entity_ruler", name=RULER_NAME, config={"phrase_matcher_attr": "LOWER", "validate": False},
        **placement,
    )
    ruler.add_patterns(patterns)
    return ruler


def read_model_metadata(nlp) -> dict:
    """The `veil_model.json` stored with a pipeline, if any."""
    path = getattr(nlp, "path", None)
    if path is None:
        return {}
    file = Path(path) / METADATA
    if not file.exists():
        return {}
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        _LOG.warning("ignoring an unreadable %s in the spaCy pipeline", METADATA)
        return {}


def load_spacy_pipeline(settings: SpacyDetectorSettings, inspect_config: InspectConfig | None = None,
                        storage: Storage | None = None, cache_root: str | Path | None = None):
    """The pipeline `settings.pipeline` names, with the dictionary ruler when it is on.

    Raises SpacyPipelineUnavailable when there is no such package or directory."""
    from models.spacy_plugins import load_pipeline

    location = resolve_spacy_pipeline(settings.pipeline, storage, cache_root)
    try:
        nlp = load_pipeline(location)
    except (OSError, ImportError) as error:
        raise SpacyPipelineUnavailable(
            f"cannot load spaCy pipeline {settings.pipeline!r}: {error}. "
            "Install the package, run `veil train --spacy`, or set detectors.spacy.pipeline"
        ) from None
    for name in list(nlp.pipe_names):
        if nlp.get_pipe_meta(name).factory in _NOT_FOR_ENTITIES:
            nlp.disable_pipe(name)
    _disable_unheard_embedders(nlp)
    nlp.meta.setdefault("veil", {})["dictionary_likelihoods"] = {}
    if settings.entity_ruler and inspect_config is not None:
        patterns, likelihoods = dictionary_patterns(inspect_config, storage)
        if patterns:
            add_dictionary_ruler(nlp, patterns)
            nlp.meta["veil"]["dictionary_likelihoods"] = {k: int(v) for k, v in likelihoods.items()}
    return nlp


def _disable_unheard_embedders(nlp) -> None:
    """Disable each shared tok2vec or transformer whose listeners are all disabled.

    en_core_web_sm's entity recogniser embeds the text itself; its shared tok2vec feeds only
    the tagger and parser disabled above, and cost a fifth of the auditor's time for nothing.
    An embedder that an enabled component listens to (a pipeline trained with a shared tok2vec)
    stays on."""
    for name in list(nlp.pipe_names):
        listeners = getattr(nlp.get_pipe(name), "listening_components", None)
        if listeners and not set(listeners) & set(nlp.pipe_names):
            nlp.disable_pipe(name)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


class SpacyDetector:
    """A loaded pipeline, ready for `detect_turns`. Built once per worker process."""

    def __init__(self, nlp, settings: SpacyDetectorSettings, window_chars: int = 4000,
                 window_overlap_chars: int = 256):
        if window_chars <= window_overlap_chars:
            raise ValueError("window_chars must exceed window_overlap_chars")
        self.nlp = nlp
        self.settings = settings
        self.window_chars = window_chars
        self.window_overlap_chars = window_overlap_chars
        self.model_label_map = dict(read_model_metadata(nlp).get("label_map") or {})
        veil_meta = nlp.meta.get("veil") or {}
        self.dictionary_likelihoods = {
            k: Likelihood(v) for k, v in (veil_meta.get("dictionary_likelihoods") or {}).items()
        }
        self._labels: dict[str, str | None] = {}
        # spaCy's memory zones must not overlap (one frees what the other still reads), and
        # Beam shares a loaded detector between a worker's threads: one pipe at a time.
        self._zone_lock = threading.Lock()

    @classmethod
    def from_config(cls, config, storage: Storage | None = None, cache_root: str | Path | None = None) -> "SpacyDetector":
        """From a VeilConfig whose `detectors.spacy` is set."""
        settings = config.detectors.spacy
        if settings is None:
            raise ValueError("detectors.spacy is not configured")
        nlp = load_spacy_pipeline(settings, config.inspect_config, storage, cache_root)
        return cls(nlp, settings, config.detection.window_chars, config.detection.window_overlap_chars)

    def info_type(self, label: str) -> str | None:
        """The infoType an entity label means, or None to ignore it."""
        if label not in self._labels:
            self._labels[label] = info_type_for(label, self.settings.label_map, self.model_label_map)
        return self._labels[label]

    @property
    def labels(self) -> list[str]:
        """Entity labels the pipeline can produce (its NER's and ruler's)."""
        labels = set()
        for _, component in self.nlp.pipeline:
            labels.update(getattr(component, "labels", ()) or ())
        return sorted(labels)

    def _doc_findings(self, doc, turn: int, offset: int, text: str) -> list[Finding]:
        findings = []
        for ent in doc.ents:
            ent_id = ent.ent_id_
            if ent_id.startswith(RULER_ID_PREFIX):
                info_type = ent_id[len(RULER_ID_PREFIX):]
                method = Method.DICTIONARY
                likelihood = self.dictionary_likelihoods.get(info_type, self.settings.likelihood)
            else:
                info_type = self.info_type(ent.label_)
                method = Method.MODEL
                likelihood = self.settings.likelihood
            if not info_type:
                continue
            span = _trimmed(text, offset + ent.start_char, offset + ent.end_char)
            if span is None:
                continue
            findings.append(Finding(turn, span[0], span[1], info_type, likelihood, method, DETECTOR))
        return findings

    def detect_turns(self, texts: Sequence[str]) -> list[list[Finding]]:
        """Per text, its findings (turn = the text's index), sorted; offsets are the text's."""
        pieces: list[tuple[int, object]] = []  # (text index, window)
        for index, text in enumerate(texts):
            if not text or text.isspace():
                continue
            for window in split_into_windows(len(text), self.window_chars, self.window_overlap_chars, text):
                pieces.append((index, window))
        results: list[set[Finding]] = [set() for _ in texts]
        read = self._reading(texts)
        # The strings and lexemes spaCy adds to its vocabulary for each new word are dropped
        # when the zone ends: a worker's memory does not grow with the words it has read.
        with self._zone_lock, self._memory_zone():
            docs = self.nlp.pipe(
                (tokenizable(read[index][window.start:window.end]) for index, window in pieces),
                batch_size=self.settings.batch_size,
            )
            for (index, window), doc in zip(pieces, docs):
                text = texts[index]
                whole = window.start == 0 and window.end == len(text)
                for finding in self._doc_findings(doc, index, window.start, text):
                    if whole or keep_in_window(finding.shifted(-window.start), window):
                        results[index].add(finding)
        return [sorted(found) for found in results]

    def _reading(self, texts: Sequence[str]) -> Sequence[str]:
        """The texts as the pipeline reads them (`lower_case_text`); letter for letter, so the
        findings' offsets are the texts' own."""
        if self.settings.lower_case_text != "recased":
            return texts
        from veil.detection.engine.word_facts import recased_for_a_cased_model

        return [recased_for_a_cased_model(text) for text in texts]

    def _memory_zone(self):
        """spaCy's `memory_zone` (3.8 and later); nothing on an older spaCy."""
        zone = getattr(self.nlp, "memory_zone", None)
        return zone() if zone is not None else nullcontext()

    def detect_conversations(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        """Per conversation (its turns' texts), its findings; all turns go through one `pipe`."""
        flat: list[str] = []
        owners: list[tuple[int, int]] = []  # (conversation, turn)
        for c, texts in enumerate(conversations):
            for t, text in enumerate(texts):
                flat.append(text)
                owners.append((c, t))
        found: list[list[Finding]] = [[] for _ in conversations]
        for position, findings in enumerate(self.detect_turns(flat)):
            c, t = owners[position]
            found[c].extend(f.shifted(0, turn=t) for f in findings)
        return found

