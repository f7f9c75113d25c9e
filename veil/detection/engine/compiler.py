"""The compiler: a DLP `InspectConfig` (and Veil's previous-turn hotwords) into detectors.

`compile_inspect_config` checks everything it can before any data is read, so a bad config
fails at start with the path of the field to fix, never halfway through a job. Its result, a
`CompiledInspectConfig`, is what the scanner (`veil.detection.engine.engine.InfoTypeEngine`) runs:

- the built-in types' detectors, from the catalogue (`veil.detection.infotypes`);
- custom regexes and dictionaries, with their `detection_rules` hotwords;
- the `rule_set`s (hotword adjustments and exclusions, `veil.detection.engine.rules`);
- the previous-turn hotword rules (`veil.detection.engine.conversation`);
- `min_likelihood`, globally and per type, and the types that are only detected for a rule's
  sake (exclusion types, `exclude_info_types`) and never reported.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from veil.detection.engine.conversation import PreviousTurnHotword, PreviousTurnRule
from veil.detection.engine.detectors import Hotword, PatternDetector, ScannerDetector
from veil.detection.engine.dictionary import DictionaryMatcher
from veil.detection.engine.dictionary_files import read_dictionary_file
from veil.detection.engine.inspect_config import (
    CustomInfoType,
    Dictionary,
    ExclusionRule,
    ExclusionType,
    InspectConfig,
    LikelihoodAdjustment,
    Proximity,
    Regex,
)
from veil.detection.engine.rules import (
    DictionaryExclusion,
    Exclusion,
    HotwordAdjustment,
    HotwordExclusion,
    InfoTypeExclusion,
    RegexExclusion,
    RuleSet,
)
from veil.detection.engine.user_regex import Re2Pattern, compile_user_pattern
from veil.run.errors import ConfigError
from veil.detection.findings import Likelihood, Method
from veil.detection.infotypes.catalogue import Catalogue
from veil.detection.infotypes.dlp_names import ALL_BASIC, all_basic, unknown_names_message
from veil.transform.operators.crypto import annotated_tokens


@dataclass(frozen=True)
class DictionaryDetector:
    info_type: str
    matcher: DictionaryMatcher
    likelihood: Likelihood
    hotwords: tuple[Hotword, ...] = ()


@dataclass
class CompiledInspectConfig:
    """Everything the scanner runs, compiled and checked."""

    patterns: list[PatternDetector] = field(default_factory=list)
    dictionaries: list[DictionaryDetector] = field(default_factory=list)
    scanners: list[ScannerDetector] = field(default_factory=list)
    min_likelihood: Likelihood = Likelihood.POSSIBLE
    min_likelihood_by_type: dict[str, Likelihood] = field(default_factory=dict)
    hidden_types: frozenset[str] = frozenset()
    rule_sets: list[RuleSet] = field(default_factory=list)
    previous_turn_rules: list[PreviousTurnRule] = field(default_factory=list)


def load_dictionary_terms(custom: CustomInfoType | Dictionary, path: str, storage=None) -> list[str]:
    """The terms of a dictionary, inline or from a file at any fsspec path.

    The job inlines dictionary files at launch (`veil.detection.engine.dictionary_files`), so its workers
    never reach the file branch; other callers (`veil evaluate`, tests) read the file here."""
    dictionary = custom.dictionary if isinstance(custom, CustomInfoType) else custom
    if dictionary.word_list is not None:
        return list(dictionary.word_list.words)
    return read_dictionary_file(dictionary.cloud_storage_path.path, f"{path}.dictionary", storage)[0]


def compile_regex(regex: Regex, path: str) -> "Re2Pattern | re.Pattern[str]":
    """A config regex on RE2, as in DLP (see `veil.detection.engine.user_regex`); refused if it can
    only run on Python's `re` and could backtrack catastrophically there."""
    try:
        return compile_user_pattern(regex.pattern)
    except ValueError as error:
        raise ConfigError(f"{path}.pattern: {error}") from None


def compile_hotword(
    regex: Regex, proximity: Proximity, adjustment: LikelihoodAdjustment | None, path: str
) -> Hotword:
    pattern = compile_regex(regex, f"{path}.hotword_regex")
    if proximity.window_before + proximity.window_after > 1000:
        raise ConfigError(f"{path}.proximity: the window may be at most 1000 characters in all")
    fixed = adjustment.fixed_likelihood if adjustment is not None else None
    relative = adjustment.relative_likelihood or 0 if adjustment is not None else 0
    return Hotword(pattern, proximity.window_before, proximity.window_after, fixed, relative)


def surrogate_scanner(name: str, likelihood: Likelihood,
                      hotwords: tuple[Hotword, ...] = ()) -> ScannerDetector:
    """DLP's `surrogate_type` custom infoType: each `NAME(N):token` annotation whose N
    characters follow, the annotation and its token as one finding (what re-identification
    replaces)."""
    def scan(text: str, view=None):
        for start, end, _token in annotated_tokens(text, name):
            yield start, end, likelihood, Method.REGEX

    return ScannerDetector(name, scan, hotwords, trigger=name + "(", needs_view=False)


def compile_inspect_config(
    config: InspectConfig,
    catalogue: Catalogue,
    where: str = "inspect_config",
    previous_turn_hotwords: Sequence[PreviousTurnHotword] = (),
    previous_turn_where: str = "detection.previous_turn_hotwords",
) -> CompiledInspectConfig:
    """Compile `config`; the built-in types' detectors come from `catalogue` (Veil's is
    `veil.detection.infotypes.builtin.BUILTINS`). Raises ConfigError naming the field to fix."""
    _refuse_unknown_names(config, catalogue, where)
    compiler = _Compiler(catalogue, where)
    if not config.info_types and not config.custom_info_types:
        # DLP: "when no InfoTypes or CustomInfoTypes are specified ... the system will
        # automatically choose what detectors to run", by default all of them.
        compiler.add_builtin(ALL_BASIC, f"{where}.info_types")
    for i, info_type in enumerate(config.info_types):
        compiler.add_builtin(info_type.name, f"{where}.info_types[{i}].name")
    for i, custom in enumerate(config.custom_info_types):
        compiler.add_custom(custom, f"{where}.custom_info_types[{i}]")
    compiler.known_types = compiler.builtins | compiler.custom_names
    for i, rule_set in enumerate(config.rule_set):
        compiler.add_rule_set(rule_set, f"{where}.rule_set[{i}]")
    for i, rule in enumerate(previous_turn_hotwords):
        compiler.add_previous_turn_rule(rule, f"{previous_turn_where}[{i}]")
    compiled = compiler.compiled
    compiled.min_likelihood = config.min_likelihood
    compiled.min_likelihood_by_type = {
        entry.info_type.name: entry.min_likelihood
        for entry in config.min_likelihood_per_info_type
    }
    compiled.hidden_types = frozenset(compiler.hidden)
    return compiled


def without_unsupported_types(config: InspectConfig, catalogue: Catalogue
                              ) -> tuple[InspectConfig, list[str]]:
    """`--skip_unsupported_infotypes`: the config without the built-in names Veil cannot
    detect (in info_types and rule sets; a rule set left with no type goes), and those names,
    sorted. Typos are skipped too: the job summary and the report list every name skipped."""
    runnable = set(catalogue.detectable()) | {ALL_BASIC} | {
        c.info_type.name for c in config.custom_info_types}
    skipped = sorted({t.name for t in config.info_types if t.name not in runnable}
                     | {t.name for r in config.rule_set for t in r.info_types
                        if t.name not in runnable})
    if not skipped:
        return config, []
    rule_sets = []
    for rule_set in config.rule_set:
        kept = [t for t in rule_set.info_types if t.name in runnable]
        if kept:
            rule_sets.append(rule_set.model_copy(update={"info_types": kept}))
    info_types = [t for t in config.info_types if t.name in runnable]
    if config.info_types and not info_types and not config.custom_info_types:
        # Every listed type skipped: an empty list would mean DLP's default, all of them.
        raise ConfigError("inspect_config.info_types: every listed infoType is one Veil cannot "
                          f"detect ({', '.join(skipped)}); nothing would be looked for")
    return config.model_copy(update={"info_types": info_types, "rule_set": rule_sets}), skipped


def _refuse_unknown_names(config: InspectConfig, catalogue: Catalogue, where: str) -> None:
    """Raise one ConfigError naming every infoType the config names that is neither a built-in
    Veil runs nor one of its custom_info_types (each said to be a DLP name Veil lacks or a
    likely typo), so that a template is fixed in one pass."""
    runnable = set(catalogue.detectable()) | {ALL_BASIC}
    custom = {c.info_type.name for c in config.custom_info_types}
    named = [(f"{where}.info_types[{i}].name", t.name) for i, t in enumerate(config.info_types)]
    for i, rule_set in enumerate(config.rule_set):
        named += [(f"{where}.rule_set[{i}].info_types[{j}].name", t.name)
                  for j, t in enumerate(rule_set.info_types)]
        for j, rule in enumerate(rule_set.rules):
            excluded = rule.exclusion_rule and rule.exclusion_rule.exclude_info_types
            if excluded:
                named += [(f"{where}.rule_set[{i}].rules[{j}].exclusion_rule.exclude_info_types"
                           f".info_types[{k}].name", t.name)
                          for k, t in enumerate(excluded.info_types)]
    unknown = [(path, name) for path, name in named if name not in runnable | custom]
    if unknown:
        raise ConfigError(unknown_names_message(unknown, catalogue))


class _Compiler:
    """The state of one compilation: what is compiled so far, and which types are known."""

    def __init__(self, catalogue: Catalogue, where: str):
        self.catalogue = catalogue
        self.where = where
        self.compiled = CompiledInspectConfig()
        self.hidden: set[str] = set()
        self.builtins: set[str] = set()
        self.custom_names: set[str] = set()
        self.known_types: set[str] = set()  # the types detected: built-in, custom, excluded

    def add_builtin(self, name: str, path: str) -> None:
        if name == ALL_BASIC:
            for member in all_basic(self.catalogue):
                self.add_builtin(member, path)
            return
        detectors = self.catalogue.detectors(name)
        if detectors is None:
            raise ConfigError(unknown_names_message([(path, name)], self.catalogue))
        if name in self.builtins:
            return
        self.builtins.add(name)
        for detector in detectors:
            target = (self.compiled.scanners if isinstance(detector, ScannerDetector)
                      else self.compiled.patterns)
            target.append(detector)

    def add_custom(self, custom: CustomInfoType, path: str) -> None:
        name = custom.info_type.name
        if custom.exclusion_type == ExclusionType.EXCLUSION_TYPE_EXCLUDE:
            self.hidden.add(name)
        if custom.only_excludes:
            # DLP's "without overlap": the built-in of that name is detected for the rule
            # sets' sake and never reported, even when info_types lists it too.
            if self.catalogue.detectors(name) is None:
                raise ConfigError(
                    f"{path}: a custom infoType without dictionary, regex or surrogate_type "
                    f"must name a built-in type to exclude; {name!r} is not one")
            self.add_builtin(name, f"{path}.info_type.name")
            return
        self.custom_names.add(name)
        hotwords = tuple(
            compile_hotword(
                rule.hotword_rule.hotword_regex,
                rule.hotword_rule.proximity,
                rule.hotword_rule.likelihood_adjustment,
                f"{path}.detection_rules[{j}].hotword_rule",
            )
            for j, rule in enumerate(custom.detection_rules)
        )
        if custom.surrogate_type is not None:
            self.compiled.scanners.append(surrogate_scanner(name, custom.likelihood, hotwords))
        elif custom.regex is not None:
            groups = custom.regex.group_indexes or [0]
            compiled = compile_regex(custom.regex, f"{path}.regex")
            for group in groups:
                self.compiled.patterns.append(
                    PatternDetector(name, compiled, custom.likelihood, group=group,
                                    hotwords=hotwords)
                )
        else:
            matcher = DictionaryMatcher(load_dictionary_terms(custom, path))
            self.compiled.dictionaries.append(
                DictionaryDetector(name, matcher, custom.likelihood, hotwords))

    def add_rule_set(self, rule_set, path: str) -> None:
        for j, info_type in enumerate(rule_set.info_types):
            if (info_type.name not in self.known_types
                    and self.catalogue.detectors(info_type.name) is None):
                raise ConfigError(
                    f"{path}.info_types[{j}].name: {info_type.name!r} is neither a built-in "
                    f"infoType nor one of custom_info_types"
                )
        rules = []
        for j, rule in enumerate(rule_set.rules):
            rule_path = f"{path}.rules[{j}]"
            if rule.hotword_rule is not None:
                hot = rule.hotword_rule
                rules.append(HotwordAdjustment(compile_hotword(
                    hot.hotword_regex, hot.proximity, hot.likelihood_adjustment,
                    f"{rule_path}.hotword_rule",
                )))
            else:
                rules.append(Exclusion(self._exclusion(rule.exclusion_rule,
                                                       f"{rule_path}.exclusion_rule")))
        self.compiled.rule_sets.append(
            RuleSet(frozenset(t.name for t in rule_set.info_types), tuple(rules)))

    def _exclusion(self, exclusion: ExclusionRule, path: str):
        matching = exclusion.matching_type
        if exclusion.dictionary is not None:
            terms = load_dictionary_terms(exclusion.dictionary, path)
            return DictionaryExclusion(DictionaryMatcher(terms), matching)
        if exclusion.regex is not None:
            return RegexExclusion(compile_regex(exclusion.regex, f"{path}.regex"), matching)
        if exclusion.exclude_info_types is not None:
            names = []
            for k, excluded in enumerate(exclusion.exclude_info_types.info_types):
                name = excluded.name
                if name not in self.known_types:
                    # Detect it for the rule's sake without reporting it.
                    self.add_builtin(name, f"{path}.exclude_info_types.info_types[{k}].name")
                    self.hidden.add(name)
                    self.known_types.add(name)
                names.append(name)
            return InfoTypeExclusion(frozenset(names), matching)
        by_hotword = exclusion.exclude_by_hotword
        return HotwordExclusion(
            compile_hotword(by_hotword.hotword_regex, by_hotword.proximity, None,
                            f"{path}.exclude_by_hotword"),
            matching,
        )

    def add_previous_turn_rule(self, rule: PreviousTurnHotword, path: str) -> None:
        for j, info_type in enumerate(rule.info_types):
            if info_type.name not in self.known_types:
                raise ConfigError(
                    f"{path}.info_types[{j}].name: {info_type.name!r} is not detected by "
                    f"inspect_config (add it to info_types or custom_info_types)"
                )
        answer = None
        groups: tuple[int, ...] = ()
        if rule.answer_regex is not None:
            answer = compile_regex(rule.answer_regex, f"{path}.answer_regex")
            groups = tuple(rule.answer_regex.group_indexes or [0])
        adjustment = rule.likelihood_adjustment
        self.compiled.previous_turn_rules.append(PreviousTurnRule(
            frozenset(t.name for t in rule.info_types),
            compile_regex(rule.hotword_regex, f"{path}.hotword_regex"),
            rule.window_before,
            rule.window_after,
            adjustment.fixed_likelihood,
            adjustment.relative_likelihood or 0,
            answer,
            groups,
            rule.info_types[0].name,
            self.catalogue.generic_types(),
        ))
