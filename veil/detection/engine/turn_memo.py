"""Remembering the engine's per-turn scans, for texts that repeat (the auditor's input).

Anonymised turns repeat far more than raw ones ("Thank you for calling
[ORGANIZATION_NAME_1], this is [PERSON_NAME_1]."), and the engine's per-turn scan (before
previous-turn hotwords and thresholds, which still run per conversation) is a function of the
turn's text alone, and of whether its conversation's writer keeps capitals for names
(`veil.detection.casing`): its findings are kept, by both, with turn 0, and re-stamped with the
turn asked for. The turns not remembered are still scanned in one batch. The results are the same,
scan for scan (tests/risk/test_risk_audit.py checks it on a corpus); only the time changes.

    detector = ConversationDetector(auditor_config, turn_memo=TurnMemo())
"""
from __future__ import annotations

from typing import Callable, Sequence

from veil.detection.casing import writer_capitalises
from veil.detection.findings import Finding

ScanTexts = Callable[[Sequence[str], Sequence[int]], list[list[Finding]]]

# Distinct turn texts remembered per worker, and the longest remembered: long turns rarely
# repeat, and the bound keeps the memo under about 20 MB whatever the corpus.
MEMO_ENTRIES = 32768
MEMO_MAX_CHARS = 512


class TurnMemo:
    """A bounded memo of scans by text; `hits` and `misses` count the texts asked for."""

    def __init__(self, max_entries: int = MEMO_ENTRIES, max_chars: int = MEMO_MAX_CHARS):
        self.max_entries = max_entries
        self.max_chars = max_chars
        self._memo: dict[tuple[bool, str], tuple[Finding, ...]] = {}
        self.hits = 0
        self.misses = 0

    def scan(self, scan_texts: ScanTexts, texts: Sequence[str],
             turns: Sequence[int] | None = None) -> list[list[Finding]]:
        """`scan_texts(texts, turns)`, from the memo where it can be."""
        texts = list(texts)
        turns = list(range(len(texts))) if turns is None else list(turns)
        found: list = [None] * len(texts)
        missed = []
        capitalises = writer_capitalises()
        for i, text in enumerate(texts):
            known = self._memo.get((capitalises, text))
            if known is None:
                missed.append(i)
            else:
                found[i] = _on_turn(known, turns[i])
        self.hits += len(texts) - len(missed)
        self.misses += len(missed)
        if missed:
            scanned = scan_texts([texts[i] for i in missed], [0] * len(missed))
            for i, findings in zip(missed, scanned):
                findings = tuple(findings)
                if len(texts[i]) <= self.max_chars:
                    if len(self._memo) >= self.max_entries:
                        self._memo.clear()  # bounded: start again rather than grow
                    self._memo[(capitalises, texts[i])] = findings
                found[i] = _on_turn(findings, turns[i])
        return found


def _on_turn(findings: tuple[Finding, ...], turn: int) -> list[Finding]:
    return [f.shifted(0, turn) for f in findings] if turn else list(findings)
