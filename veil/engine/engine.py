"""The infoType engine: a DLP `InspectConfig` compiled into detectors that scan text.

`InfoTypeEngine.from_config` checks everything it can before any data is read, so a bad
config fails at start with the path of the field to fix, never halfway through a job.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import fsspec

from veil.engine.builtin import BUILTIN, PatternDetector, builtin_names
from veil.engine.dictionary import DictionaryMatcher, TokenView
from veil.engine.inspect_config import CustomInfoType, ExclusionType, InspectConfig
from veil.errors import ConfigError
from veil.findings import Finding, Likelihood, Method


@dataclass(frozen=True)
class DictionaryDetector:
    info_type: str
    matcher: DictionaryMatcher
    likelihood: Likelihood


def load_dictionary_terms(custom: CustomInfoType, path: str) -> list[str]:
    """The terms of a custom dictionary, inline or from a file at any fsspec path."""
    dictionary = custom.dictionary
    if dictionary.word_list is not None:
        return list(dictionary.word_list.words)
    location = dictionary.cloud_storage_path.path
    try:
        with fsspec.open(location, "rt", encoding="utf-8") as handle:
            return [line.strip() for line in handle if line.strip()]
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(
            f"{path}.dictionary.cloud_storage_path.path: cannot read {location!r}: {error}"
        ) from None


class InfoTypeEngine:
    """Finds infoTypes in text. Holds compiled patterns and automata; build once per worker."""

    def __init__(
        self,
        patterns: list[PatternDetector],
        dictionaries: list[DictionaryDetector],
        min_likelihood: Likelihood,
        min_likelihood_by_type: dict[str, Likelihood],
        hidden_types: frozenset[str] = frozenset(),
    ):
        self.patterns = patterns
        self.dictionaries = dictionaries
        self.min_likelihood = min_likelihood
        self.min_likelihood_by_type = min_likelihood_by_type
        self.hidden_types = hidden_types

    @property
    def info_types(self) -> list[str]:
        names = {p.info_type for p in self.patterns} | {d.info_type for d in self.dictionaries}
        return sorted(names - self.hidden_types)

    @classmethod
    def from_config(cls, config: InspectConfig, where: str = "inspect_config") -> "InfoTypeEngine":
        if config.rule_set:
            raise ConfigError(f"{where}.rule_set: rule sets are not supported yet")
        patterns: list[PatternDetector] = []
        for i, info_type in enumerate(config.info_types):
            detectors = BUILTIN.get(info_type.name)
            if detectors is None:
                known = ", ".join(builtin_names())
                raise ConfigError(
                    f"{where}.info_types[{i}].name: unknown infoType {info_type.name!r}. "
                    f"Built-in types: {known}. Define others under custom_info_types."
                )
            patterns.extend(detectors)

        dictionaries: list[DictionaryDetector] = []
        hidden: set[str] = set()
        for i, custom in enumerate(config.custom_info_types):
            path = f"{where}.custom_info_types[{i}]"
            name = custom.info_type.name
            if custom.detection_rules:
                raise ConfigError(f"{path}.detection_rules: detection rules are not supported yet")
            if custom.exclusion_type == ExclusionType.EXCLUSION_TYPE_EXCLUDE:
                hidden.add(name)
            if custom.regex is not None:
                groups = custom.regex.group_indexes or [0]
                compiled = re.compile(custom.regex.pattern)
                for group in groups:
                    patterns.append(PatternDetector(name, compiled, custom.likelihood, group=group))
            else:
                terms = load_dictionary_terms(custom, path)
                matcher = DictionaryMatcher(terms)
                dictionaries.append(DictionaryDetector(name, matcher, custom.likelihood))

        by_type = {
            entry.info_type.name: entry.min_likelihood
            for entry in config.min_likelihood_per_info_type
        }
        return cls(patterns, dictionaries, config.min_likelihood, by_type, frozenset(hidden))

    def _reportable(self, info_type: str, likelihood: Likelihood) -> bool:
        threshold = self.min_likelihood_by_type.get(info_type, self.min_likelihood)
        return likelihood >= threshold and info_type not in self.hidden_types

    def inspect_text(self, text: str, turn: int = 0) -> list[Finding]:
        """Every finding in one text, before merging. Overlaps are left for `merge_findings`."""
        findings: list[Finding] = []
        for detector in self.patterns:
            group = detector.group
            for match in detector.pattern.finditer(text):
                start, end = match.span(group)
                if start < 0 or start == end:
                    continue
                likelihood = detector.likelihood
                if detector.check is not None:
                    likelihood = detector.check(match)
                    if likelihood is None:
                        continue
                if self._reportable(detector.info_type, likelihood):
                    findings.append(
                        Finding(turn, start, end, detector.info_type, likelihood, detector.method)
                    )
        if self.dictionaries and text:
            view = TokenView(text)
            for dictionary in self.dictionaries:
                if not self._reportable(dictionary.info_type, dictionary.likelihood):
                    continue
                for start, end in dictionary.matcher.find(view):
                    findings.append(
                        Finding(
                            turn, start, end, dictionary.info_type,
                            dictionary.likelihood, Method.DICTIONARY,
                        )
                    )
        return findings
