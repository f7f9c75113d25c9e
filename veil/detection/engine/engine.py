"""The scanner: a compiled inspect config (`veil.detection.engine.compiler`) run over texts.

Per text, the engine

1. runs every detector (built-in patterns and scanners, custom regexes and dictionaries),
   each with its own hotwords (built-in) or `detection_rules` (custom);
2. applies the `rule_set`s in order (`veil.detection.engine.rules`);
3. applies `min_likelihood` (global and per type) and drops custom types marked
   `EXCLUSION_TYPE_EXCLUDE`.

`inspect_text` does all three; `inspect_unfiltered` stops after step 2, so that
`inspect_conversation` can apply Veil's previous-turn hotwords (`veil.detection.engine.conversation`)
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
from typing import Callable, Iterable, Sequence

from veil.detection.deadline import check_deadline
from veil.detection.engine.compiler import CompiledInspectConfig, DictionaryDetector, compile_inspect_config
from veil.detection.engine.conversation import apply_previous_turn_rules
from veil.detection.engine.detectors import DIGIT, Hotword, ScannerDetector, TextFacts
from veil.detection.engine.dictionary import BatchView, DictionaryGroup
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.engine.prefilter import Prefilter
from veil.detection.engine.rules import apply_rule_sets
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.infotypes.catalogue import Catalogue

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
    """Finds infoTypes in text. Holds compiled patterns and automata; build once per worker
    (`InfoTypeEngine.from_config(inspect_config, catalogue)`)."""

    def __init__(self, compiled: CompiledInspectConfig):
        patterns = compiled.patterns
        self.patterns = patterns
        self.dictionaries = compiled.dictionaries
        self.scanners = list(compiled.scanners)
        self.min_likelihood = compiled.min_likelihood
        self.min_likelihood_by_type = compiled.min_likelihood_by_type
        self.hidden_types = compiled.hidden_types
        self.rule_sets = list(compiled.rule_sets)
        self.previous_turn_rules = list(compiled.previous_turn_rules)
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


    @classmethod
    def from_config(cls, config: InspectConfig, catalogue: Catalogue, **options) -> "InfoTypeEngine":
        """Compile `config` (`veil.detection.engine.compiler`; raises ConfigError) and build its engine."""
        return cls(compile_inspect_config(config, catalogue, **options))

    def build_prefilter(self) -> bool:
        """Compile the Hyperscan prefilter now rather than after the first texts.

        True if it is active (see `veil.detection.engine.prefilter`); findings are the same either way.
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
        `inspect_unfiltered_texts`; `veil.detection.detect` passes a windowed version of it).
        `detect(text, turn)`, if given instead, finds those of one turn at a time.
        """
        if detect is not None:
            per_turn = [list(detect(text, turn)) if text else []
                        for turn, text in enumerate(texts)]
        else:
            per_turn = (detect_texts or self.inspect_unfiltered_texts)(texts)
        return self.conversations_found([texts], [per_turn])[0]

    def conversations_found(
        self, conversations: Sequence[Sequence[str]], per_turn: Sequence[list[list[Finding]]],
        flat: Sequence[str] | None = None,
    ) -> list[list[Finding]]:
        """Each conversation's findings from its turns' unfiltered ones (`per_turn[c][t]`):
        previous-turn hotwords applied, then the threshold. One prefilter pass for the
        previous-turn hotwords of every conversation (`flat`: their turns, one list)."""
        hotwords = None
        if self.previous_turn_rules:
            if flat is None:
                flat = [text for texts in conversations for text in texts]
            hotwords = self._previous_prefilter.candidates_per_text(flat)
        out: list[list[Finding]] = []
        first = 0  # the conversation's first turn in `flat`
        for texts, findings_of in zip(conversations, per_turn):
            found: list[Finding] = []
            previous_text, previous = "", None
            for turn, text in enumerate(texts):
                if not text:
                    continue
                check_deadline()
                findings = findings_of[turn]
                if hotwords is not None and previous_text:
                    may_occur = hotwords[first + previous]
                    # An empty set: no rule's hotword can occur there, so none applies.
                    if may_occur is None or may_occur:
                        findings = apply_previous_turn_rules(
                            self.previous_turn_rules, previous_text, text, turn, findings,
                            may_occur)
                found.extend(findings)
                previous_text, previous = text, turn
            out.append(self.finalize(found))
            first += len(texts)
        return out
