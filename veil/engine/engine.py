"""The infoType engine: a DLP `InspectConfig` compiled into detectors that scan text.

`InfoTypeEngine.from_config` checks everything it can before any data is read, so a bad
config fails at start with the path of the field to fix, never halfway through a job.

Per text, the engine

1. runs every detector (built-in patterns and scanners, custom regexes and dictionaries),
   each with its own hotwords (built-in) or `detection_rules` (custom);
2. applies the `rule_set`s in order (`veil.engine.rules`);
3. applies `min_likelihood` (global and per type) and drops custom types marked
   `EXCLUSION_TYPE_EXCLUDE`.

`inspect_text` does all three; `inspect_unfiltered` stops after step 2, so that
`inspect_conversation` can apply Veil's previous-turn hotwords (`veil.engine.conversation`)
before the threshold.

**Batches.** On short turns the cost is per call, not per byte: a Hyperscan call, an
Aho-Corasick pass, a word split and a few dozen detector loops for 50 characters. So every
`inspect_*` method runs on a batch of texts (`inspect_unfiltered_texts`; one text is a batch
of one): one Hyperscan pass says which patterns may match which text, each dictionary is
searched once for the whole batch (`BatchView`), and per-text Python runs only for the
(pattern, text) pairs the pass reported and the texts where a dictionary or a scanner's
context matched. The findings are those of scanning each text alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from veil.engine.builtin import BUILTIN, Hotword, PatternDetector, ScannerDetector, builtin_names
from veil.engine.conversation import PreviousTurnHotword
from veil.engine.dictionary import BatchView, DictionaryGroup, DictionaryMatcher
from veil.engine.dictionary_files import read_dictionary_file
from veil.engine.inspect_config import (
    CustomInfoType,
    Dictionary,
    ExclusionType,
    InspectConfig,
    LikelihoodAdjustment,
    Proximity,
    Regex,
)
from veil.engine.prefilter import Prefilter
from veil.engine.registry import DIGIT, TextFacts
from veil.engine.user_regex import Re2Pattern, compile_user_pattern
from veil.engine.rules import (
    DictionaryExclusion,
    Exclusion,
    HotwordAdjustment,
    HotwordExclusion,
    InfoTypeExclusion,
    RegexExclusion,
    RuleSet,
    apply_rule_sets,
)
from veil.deadline import check_deadline
from veil.errors import ConfigError
from veil.findings import Finding, Likelihood, Method


@dataclass(frozen=True)
class DictionaryDetector:
    info_type: str
    matcher: DictionaryMatcher
    likelihood: Likelihood
    hotwords: tuple[Hotword, ...] = ()


@dataclass(frozen=True)
class PreviousTurnRule:
    info_types: frozenset[str]
    hotword: "re.Pattern[str]"
    window_before: int
    window_after: int
    fixed: Likelihood | None
    relative: int
    answer: "re.Pattern[str] | None"
    answer_groups: tuple[int, ...]
    answer_type: str

    def adjust(self, likelihood: Likelihood) -> Likelihood:
        return self.fixed if self.fixed is not None else likelihood.adjusted(self.relative)


def load_dictionary_terms(custom: CustomInfoType | Dictionary, path: str, storage=None) -> list[str]:
    """The terms of a dictionary, inline or from a file at any fsspec path.

    The job inlines dictionary files at launch (`veil.engine.dictionary_files`), so its workers
    never reach the file branch; other callers (`veil evaluate`, tests) read the file here."""
    dictionary = custom.dictionary if isinstance(custom, CustomInfoType) else custom
    if dictionary.word_list is not None:
        return list(dictionary.word_list.words)
    return read_dictionary_file(dictionary.cloud_storage_path.path, f"{path}.dictionary", storage)[0]


def compile_regex(regex: Regex, path: str) -> "Re2Pattern | re.Pattern[str]":
    """A config regex on RE2, as in DLP (see `veil.engine.user_regex`); refused if it can
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


# Texts are inspected in batches of about this many characters (see `inspect_unfiltered_texts`).
BATCH_CHARS = 32768

_DIGITS = re.compile(r"\d+")
# How far a digit-anchored built-in match can reach before its first digit ("September 5")
# and after its last ("12 Long Street Name Here Avenue, Apt 4B").
_BEFORE_DIGITS, _AFTER_DIGITS = 48, 224


def digit_windows(text: str) -> list[tuple[int, int]]:
    """Disjoint windows of `text` around its digits, where digit-anchored patterns can match.

    Scanning only these is what makes digit-based types cheap on text with few numbers; a
    window ends far enough past the last digit that no such match is cut by its end.
    """
    windows: list[tuple[int, int]] = []
    length = len(text)
    for match in _DIGITS.finditer(text):
        start = max(0, match.start() - _BEFORE_DIGITS)
        end = min(length, match.end() + _AFTER_DIGITS)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


class InfoTypeEngine:
    """Finds infoTypes in text. Holds compiled patterns and automata; build once per worker."""

    def __init__(
        self,
        patterns: list[PatternDetector],
        dictionaries: list[DictionaryDetector],
        min_likelihood: Likelihood,
        min_likelihood_by_type: dict[str, Likelihood],
        hidden_types: frozenset[str] = frozenset(),
        scanners: Sequence[ScannerDetector] = (),
        rule_sets: Sequence[RuleSet] = (),
        previous_turn_rules: Sequence[PreviousTurnRule] = (),
    ):
        self.patterns = patterns
        self.dictionaries = dictionaries
        self.scanners = list(scanners)
        self.min_likelihood = min_likelihood
        self.min_likelihood_by_type = min_likelihood_by_type
        self.hidden_types = hidden_types
        self.rule_sets = list(rule_sets)
        self.previous_turn_rules = list(previous_turn_rules)
        # Detectors that can reach the threshold only through their own hotwords are skipped
        # on texts where no such hotword occurs (unless a rule can lift their findings).
        ruled = {t for rs in self.rule_sets for t in rs.info_types}
        ruled |= {t for rule in self.previous_turn_rules for t in rule.info_types}
        self._gated = {
            id(p) for p in patterns
            if p.hotwords and p.info_type not in ruled
            and p.max_without_hotwords < self._threshold(p.info_type)
        }
        # One Hyperscan pass per batch of texts says which patterns can match which text.
        # Triggers and gating hotwords are tested in Python, only where a pattern may match.
        self._prefilter = Prefilter([p.pattern for p in patterns])
        # Every dictionary of the scanners and custom types, searched in one pass per batch.
        self._dictionary_group: DictionaryGroup | None = None
        # And which previous-turn hotwords can occur in which turn.
        self._previous_prefilter = Prefilter([rule.hotword for rule in self.previous_turn_rules])
        self._pattern_index = {id(p): i for i, p in enumerate(patterns)}
        self._candidate_cache: dict[frozenset, tuple[list, list]] = {}
        # Built-in patterns whose every match contains a digit run only near digits.
        self.digit_windows = True
        self._digit_patterns = [p for p in patterns if p.trigger is DIGIT]
        self._other_patterns = [p for p in patterns if p.trigger is not DIGIT]

    @property
    def info_types(self) -> list[str]:
        names = (
            {p.info_type for p in self.patterns}
            | {d.info_type for d in self.dictionaries}
            | {s.info_type for s in self.scanners}
        )
        return sorted(names - self.hidden_types)

    # --- building ------------------------------------------------------------------------

    @classmethod
    def from_config(
        cls,
        config: InspectConfig,
        where: str = "inspect_config",
        previous_turn_hotwords: Sequence[PreviousTurnHotword] = (),
        previous_turn_where: str = "detection.previous_turn_hotwords",
    ) -> "InfoTypeEngine":
        patterns: list[PatternDetector] = []
        scanners: list[ScannerDetector] = []
        hidden: set[str] = set()
        compiled_builtins: set[str] = set()

        def add_builtin(name: str, path: str) -> None:
            detectors = BUILTIN.get(name)
            if detectors is None:
                known = ", ".join(builtin_names())
                raise ConfigError(
                    f"{path}: unknown infoType {name!r}. "
                    f"Built-in types: {known}. Define others under custom_info_types."
                )
            if name in compiled_builtins:
                return
            compiled_builtins.add(name)
            for detector in detectors:
                (scanners if isinstance(detector, ScannerDetector) else patterns).append(detector)

        for i, info_type in enumerate(config.info_types):
            add_builtin(info_type.name, f"{where}.info_types[{i}].name")

        dictionaries: list[DictionaryDetector] = []
        custom_names: set[str] = set()
        for i, custom in enumerate(config.custom_info_types):
            path = f"{where}.custom_info_types[{i}]"
            name = custom.info_type.name
            custom_names.add(name)
            if custom.exclusion_type == ExclusionType.EXCLUSION_TYPE_EXCLUDE:
                hidden.add(name)
            hotwords = tuple(
                compile_hotword(
                    rule.hotword_rule.hotword_regex,
                    rule.hotword_rule.proximity,
                    rule.hotword_rule.likelihood_adjustment,
                    f"{path}.detection_rules[{j}].hotword_rule",
                )
                for j, rule in enumerate(custom.detection_rules)
            )
            if custom.regex is not None:
                groups = custom.regex.group_indexes or [0]
                compiled = compile_regex(custom.regex, f"{path}.regex")
                for group in groups:
                    patterns.append(
                        PatternDetector(name, compiled, custom.likelihood, group=group,
                                        hotwords=hotwords)
                    )
            else:
                terms = load_dictionary_terms(custom, path)
                matcher = DictionaryMatcher(terms)
                dictionaries.append(DictionaryDetector(name, matcher, custom.likelihood, hotwords))

        known_types = compiled_builtins | custom_names
        rule_sets: list[RuleSet] = []
        for i, rule_set in enumerate(config.rule_set):
            path = f"{where}.rule_set[{i}]"
            for j, info_type in enumerate(rule_set.info_types):
                if info_type.name not in known_types and info_type.name not in BUILTIN:
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
                    continue
                exclusion = rule.exclusion_rule
                ex_path = f"{rule_path}.exclusion_rule"
                matching = exclusion.matching_type
                if exclusion.dictionary is not None:
                    terms = load_dictionary_terms(exclusion.dictionary, ex_path)
                    test = DictionaryExclusion(DictionaryMatcher(terms), matching)
                elif exclusion.regex is not None:
                    test = RegexExclusion(compile_regex(exclusion.regex, f"{ex_path}.regex"), matching)
                elif exclusion.exclude_info_types is not None:
                    names = []
                    for k, excluded in enumerate(exclusion.exclude_info_types.info_types):
                        name = excluded.name
                        if name not in known_types:
                            # Detect it for the rule's sake without reporting it.
                            add_builtin(name, f"{ex_path}.exclude_info_types.info_types[{k}].name")
                            hidden.add(name)
                            known_types.add(name)
                        names.append(name)
                    test = InfoTypeExclusion(frozenset(names), matching)
                else:
                    by_hotword = exclusion.exclude_by_hotword
                    test = HotwordExclusion(
                        compile_hotword(by_hotword.hotword_regex, by_hotword.proximity, None,
                                        f"{ex_path}.exclude_by_hotword"),
                        matching,
                    )
                rules.append(Exclusion(test))
            rule_sets.append(RuleSet(frozenset(t.name for t in rule_set.info_types), tuple(rules)))

        previous: list[PreviousTurnRule] = []
        for i, rule in enumerate(previous_turn_hotwords):
            path = f"{previous_turn_where}[{i}]"
            names = frozenset(t.name for t in rule.info_types)
            for j, info_type in enumerate(rule.info_types):
                if info_type.name not in known_types:
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
            previous.append(PreviousTurnRule(
                names,
                compile_regex(rule.hotword_regex, f"{path}.hotword_regex"),
                rule.window_before,
                rule.window_after,
                adjustment.fixed_likelihood,
                adjustment.relative_likelihood or 0,
                answer,
                groups,
                rule.info_types[0].name,
            ))

        by_type = {
            entry.info_type.name: entry.min_likelihood
            for entry in config.min_likelihood_per_info_type
        }
        return cls(
            patterns, dictionaries, config.min_likelihood, by_type, frozenset(hidden),
            scanners, rule_sets, previous,
        )

    def build_prefilter(self) -> bool:
        """Compile the Hyperscan prefilter now rather than after the first texts.

        True if it is active (see `veil.engine.prefilter`); findings are the same either way.
        """
        self._previous_prefilter.build()
        return self._prefilter.build()

    def disable_prefilter(self) -> None:
        """Run every pattern on every text (for comparisons)."""
        self._prefilter = Prefilter([])
        self._prefilter._built = True
        self._previous_prefilter = Prefilter([])
        self._previous_prefilter._built = True

    # --- inspecting ----------------------------------------------------------------------

    def _threshold(self, info_type: str) -> Likelihood:
        return self.min_likelihood_by_type.get(info_type, self.min_likelihood)

    def _reportable(self, info_type: str, likelihood: Likelihood) -> bool:
        return likelihood >= self._threshold(info_type) and info_type not in self.hidden_types

    def _above_threshold(self, finding: Finding) -> bool:
        return finding.likelihood >= self._threshold(finding.info_type)

    @staticmethod
    def _with_hotwords(
        hotwords: tuple[Hotword, ...], text: str, start: int, end: int, likelihood: Likelihood
    ) -> Likelihood:
        for rule in hotwords:
            if rule.near(text, start, end):
                likelihood = rule.adjust(likelihood)
        return likelihood

    def inspect_unfiltered(self, text: str, turn: int = 0) -> list[Finding]:
        """Every finding in one text after rules, before `min_likelihood` and exclusion types.

        Findings below the threshold are kept: a previous-turn hotword may still lift them.
        """
        return self._inspect_batch([text], [turn])[0]

    def inspect_unfiltered_texts(
        self, texts: Sequence[str], turns: Sequence[int] | None = None
    ) -> list[list[Finding]]:
        """`inspect_unfiltered` for each of `texts` (with `turns[i]` as its turn number,
        default its index), in batches: the same findings, far fewer Python calls."""
        texts = list(texts)
        turns = list(range(len(texts))) if turns is None else list(turns)
        found: list[list[Finding]] = []
        start = 0
        while start < len(texts):
            end, size = start, 0
            while end < len(texts) and (end == start or size < BATCH_CHARS):
                size += len(texts[end]) + 1
                end += 1
            check_deadline()  # between batches: a huge turn is many windows
            found.extend(self._inspect_batch(texts[start:end], turns[start:end]))
            start = end
        return found

    def _inspect_batch(self, texts: list[str], turns: list[int]) -> list[list[Finding]]:
        found: list[list[Finding]] = [[] for _ in texts]
        facts: list[TextFacts | None] = [None] * len(texts)
        candidates = self._prefilter.candidates_per_text(texts)
        for i, text in enumerate(texts):
            if text and (candidates[i] is None or candidates[i]):
                check_deadline()
                facts[i] = TextFacts(text)
                self._run_patterns(text, turns[i], candidates[i], facts[i], found[i])
        batch = (BatchView(texts, self._dictionaries()) if self.scanners or self.dictionaries
                 else None)
        for scanner in self.scanners:
            check_deadline()
            self._run_scanner(scanner, texts, turns, batch, facts, found)
        for dictionary in self.dictionaries:
            check_deadline()
            self._run_dictionary(dictionary, texts, turns, batch, found)
        if self.rule_sets:
            for i, text in enumerate(texts):
                check_deadline()
                if found[i]:
                    found[i] = apply_rule_sets(self.rule_sets, found[i], text,
                                               self._above_threshold)
        return found

    def _dictionaries(self) -> DictionaryGroup:
        """The group of every dictionary a batch is searched with (built on first use)."""
        if self._dictionary_group is None:
            matchers = [m for scanner in self.scanners if scanner.dictionaries is not None
                        for m in scanner.dictionaries()]
            matchers += [d.matcher for d in self.dictionaries]
            self._dictionary_group = DictionaryGroup(matchers)
        return self._dictionary_group

    def _run_patterns(self, text: str, turn: int, candidates, facts: TextFacts,
                      out: list[Finding]) -> None:
        """The patterns `candidates` (prefilter indexes; None: all) allows, over one text."""
        if candidates is None:
            digit_patterns, other_patterns = self._digit_patterns, self._other_patterns
        else:  # only the patterns the prefilter says may match
            digit_patterns, other_patterns = self._candidate_patterns(candidates)
        if not self.digit_windows:
            runs = [(detector, None) for detector in digit_patterns + other_patterns]
        elif digit_patterns:
            runs = [(detector, window) for window in digit_windows(text)
                    for detector in digit_patterns]
            runs += [(detector, None) for detector in other_patterns]
        else:
            runs = [(detector, None) for detector in other_patterns]
        gated = self._gated
        with_hotwords = self._with_hotwords
        for detector, window in runs:
            if detector.trigger is not None and not facts.has(detector.trigger):
                continue
            if gated and id(detector) in gated and not any(
                facts.has(h.pattern) for h in detector.hotwords
            ):
                continue
            group = detector.group
            check = detector.check
            matches = (
                detector.pattern.finditer(text) if window is None
                else detector.pattern.finditer(text, window[0], window[1])
            )
            for match in matches:
                start, end = match.span(group)
                if start < 0 or start == end:
                    continue
                likelihood = detector.likelihood
                if check is not None:
                    likelihood = check(match)
                    if likelihood is None:
                        continue
                if detector.hotwords:
                    likelihood = with_hotwords(detector.hotwords, text, start, end, likelihood)
                out.append(
                    Finding(turn, start, end, detector.info_type, likelihood, detector.method)
                )

    def _run_scanner(self, scanner: ScannerDetector, texts: list[str], turns: list[int],
                     batch: BatchView | None, facts: list, found: list[list[Finding]]) -> None:
        """One scanner over the batch: its batch form if it has one, else text by text."""
        if scanner.scan_batch is not None:
            hits = scanner.scan_batch(batch)
        else:
            hits = (
                (i, *hit) for i, text in enumerate(texts) if text
                for hit in scanner.scan(text, batch.view(i) if batch is not None else None)
            )
        trigger = scanner.trigger
        hotwords = scanner.hotwords
        info_type = scanner.info_type
        for i, start, end, likelihood, method in hits:
            text = texts[i]
            if not 0 <= start < end <= len(text):
                continue
            if trigger is not None:
                if facts[i] is None:
                    facts[i] = TextFacts(text)
                if not facts[i].has(trigger):
                    continue
            if hotwords:
                likelihood = self._with_hotwords(hotwords, text, start, end, likelihood)
            found[i].append(Finding(turns[i], start, end, info_type, likelihood, method))

    def _run_dictionary(self, dictionary: DictionaryDetector, texts: list[str], turns: list[int],
                        batch: BatchView, found: list[list[Finding]]) -> None:
        hotwords = dictionary.hotwords
        for i, spans in batch.find(dictionary.matcher).items():
            for start, end in spans:
                likelihood = dictionary.likelihood
                if hotwords:
                    likelihood = self._with_hotwords(hotwords, texts[i], start, end, likelihood)
                found[i].append(
                    Finding(turns[i], start, end, dictionary.info_type, likelihood,
                            Method.DICTIONARY)
                )

    def _candidate_patterns(self, candidates) -> tuple[list, list]:
        """The digit and other patterns among `candidates` (prefilter indexes), in order.

        Texts share few distinct candidate sets, so the split is memoised per set rather than
        filtering seventy patterns per text.
        """
        key = frozenset(candidates)
        split = self._candidate_cache.get(key)
        if split is None:
            index = self._pattern_index
            split = (
                [p for p in self._digit_patterns if index[id(p)] in key],
                [p for p in self._other_patterns if index[id(p)] in key],
            )
            if len(self._candidate_cache) < 4096:
                self._candidate_cache[key] = split
        return split

    def finalize(self, findings: Iterable[Finding]) -> list[Finding]:
        """Apply `min_likelihood` (global and per type) and drop exclusion-only types."""
        # `_reportable`, inlined: this runs on every finding.
        threshold, default = self.min_likelihood_by_type.get, self.min_likelihood
        hidden = self.hidden_types
        return [
            f for f in findings
            if f.likelihood >= threshold(f.info_type, default) and f.info_type not in hidden
        ]

    def inspect_text(self, text: str, turn: int = 0) -> list[Finding]:
        """Every finding in one text, before merging. Overlaps are left for `merge_findings`."""
        return self.finalize(self.inspect_unfiltered(text, turn))

    def inspect_texts(self, texts: Sequence[str]) -> list[list[Finding]]:
        """`inspect_text` for each of `texts` (turn numbers are their indexes), in batches."""
        return [self.finalize(found) for found in self.inspect_unfiltered_texts(texts)]

    def inspect_conversation(
        self,
        texts: Sequence[str],
        detect: Callable[[str, int], Iterable[Finding]] | None = None,
        detect_texts: Callable[[Sequence[str]], list[list[Finding]]] | None = None,
    ) -> list[Finding]:
        """Every finding in a conversation's turns, with previous-turn hotwords applied.

        `detect_texts(texts)` finds the unfiltered findings of every turn at once (default:
        `inspect_unfiltered_texts`; `veil.detect` passes a windowed version of it).
        `detect(text, turn)`, if given instead, finds those of one turn at a time.
        """
        if detect is not None:
            per_turn = [list(detect(text, turn)) if text else []
                        for turn, text in enumerate(texts)]
        else:
            per_turn = (detect_texts or self.inspect_unfiltered_texts)(texts)
        found: list[Finding] = []
        previous_text, previous = "", None
        hotwords = (self._previous_prefilter.candidates_per_text(texts)
                    if self.previous_turn_rules else None)
        for turn, text in enumerate(texts):
            if not text:
                continue
            check_deadline()
            findings = per_turn[turn]
            if hotwords is not None and previous_text:
                findings = self._apply_previous_turn(previous_text, text, turn, findings,
                                                     hotwords[previous])
            found.extend(findings)
            previous_text, previous = text, turn
        return self.finalize(found)

    def _apply_previous_turn(
        self, previous: str, text: str, turn: int, findings: list[Finding],
        may_occur: set[int] | None = None,
    ) -> list[Finding]:
        """Apply the previous-turn rules whose hotword ends `previous` (`may_occur`: the
        indexes of the rules whose hotword can occur in it at all; None: any can)."""
        for index, rule in enumerate(self.previous_turn_rules):
            if may_occur is not None and index not in may_occur:
                continue
            tail_start = max(0, len(previous) - rule.window_before)
            if rule.hotword.search(previous, tail_start) is None:
                continue
            limit = min(len(text), rule.window_after)
            adjusted = []
            for f in findings:
                if f.info_type in rule.info_types and f.start < limit:
                    f = Finding(f.turn, f.start, f.end, f.info_type, rule.adjust(f.likelihood),
                                f.method, f.detector)
                adjusted.append(f)
            findings = adjusted
            if rule.answer is not None:
                head = text[:limit]
                for match in rule.answer.finditer(head):
                    for group in rule.answer_groups:
                        start, end = match.span(group)
                        if 0 <= start < end:
                            findings.append(Finding(
                                turn, start, end, rule.answer_type,
                                rule.adjust(Likelihood.POSSIBLE), Method.REGEX,
                            ))
        return findings
