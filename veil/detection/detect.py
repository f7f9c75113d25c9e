"""Detection for one conversation: every detector over every turn, windowed, then merged."""
from __future__ import annotations

import gc
import hashlib
import threading
from typing import Sequence

from veil.run.config import VeilConfig
from veil.detection.casing import transcript_capitalises, written_by
from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.turn_memo import TurnMemo
from veil.detection.findings import Finding
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue
from veil.detection.merge import merge_findings
from veil.detection.normalise import Reading, readings
from veil.detection.windows import detect_texts_in_windows


class ConversationDetector:
    """Built once per worker from the config; `detect` is then a pure function of the texts."""

    def __init__(self, config: VeilConfig, connect: bool = True, catalogue: Catalogue = BUILTINS,
                 turn_memo: TurnMemo | None = None):
        # `turn_memo` remembers the engine's per-turn scans by text (veil.detection.engine.turn_memo):
        # for inputs whose turns repeat, such as the auditor's anonymised texts.
        self.turn_memo = turn_memo
        # `--detector google-dlp` (veil.detection.engine.google_dlp): the same inspect_config runs on
        # Google Cloud DLP. Previous-turn hotwords are Veil's extension and do not apply there.
        # `connect=False` validates the config without creating a client (at launch).
        self.google_dlp = getattr(config, "google_dlp", None)
        if self.google_dlp is not None:
            from veil.detection.engine.google_dlp import GoogleDlpEngine

            self.engine = GoogleDlpEngine(
                config.inspect_config, self.google_dlp,
                config.detection.window_overlap_chars, connect=connect,
            )
            return
        self.engine = InfoTypeEngine.from_config(
            config.inspect_config,
            catalogue,
            previous_turn_hotwords=config.detection.previous_turn_hotwords,
        )
        self.window = config.detection.window_chars
        self.overlap = config.detection.window_overlap_chars

    def warm_up(self) -> None:
        """Build now what the engine would build on first use (the Hyperscan prefilter, the
        dictionaries), so that it is not charged to a record's deadline (`veil.detection.deadline`).

        Then move everything alive to the cyclic garbage collector's permanent generation
        (`gc.freeze`): the detector's tables (name lists, patterns, caches) live as long as
        the process, and each full collection walked them all again, while detection makes
        tens of thousands of short-lived objects a second (BENCHMARKS.md, "Figures the code's
        docstrings carried"). Reference counting still frees whatever of them is dropped later."""
        if self.google_dlp is None:
            self.engine.build_prefilter()
            self.detect(["Warm-up: Jane Doe, jane@example.com, 555-0100, 4 Main St."])
        gc.freeze()

    @property
    def names(self) -> list[str]:
        return ["google-dlp"] if self.google_dlp is not None else ["rules"]

    def find(self, texts: list[str]) -> list[Finding]:
        """The conversation's findings before merging, so that a job with models merges
        everything once: merging is not associative (a finding cut by one merge cannot be
        joined whole by the next)."""
        return self.find_many([texts])[0]

    def find_many(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        """`find` for each of `conversations`, with the turns of them all in one engine
        batch: on short turns the engine's cost is per call, not per byte, and a conversation
        of a few short turns (or a post, one turn) is far from filling a batch. The findings
        are each conversation's own (turn numbers are its turns').

        Turns with Unicode disguises are read normalised (`veil.detection.normalise`), and
        their findings mapped back onto the turns as given."""
        return find_through_disguises(self._find_many_as_read, conversations)

    def _find_many_as_read(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        if self.google_dlp is not None:
            return [self.engine.inspect_conversation(texts) for texts in conversations]
        # Each turn windowed, before min_likelihood; the engine then applies hotwords that
        # reach into the previous turn, and the threshold. The turns of conversations whose
        # writer keeps capitals for names (veil.detection.casing) are scanned apart, in a
        # batch of their own: there a turn without capitals is read as cased.
        per_turn: list = [None] * len(conversations)
        judged: dict[bool, list[int]] = {}
        for index, texts in enumerate(conversations):
            judged.setdefault(transcript_capitalises(texts), []).append(index)
        for capitalises, indexes in judged.items():
            with written_by(capitalises):
                found = self._scan_turns([conversations[i] for i in indexes])
            for index, turns in zip(indexes, found):
                per_turn[index] = turns
        flat = [text for texts in conversations for text in texts]
        return self.engine.conversations_found(conversations, per_turn, flat)

    def _scan_turns(self, conversations: Sequence[Sequence[str]]) -> list[list[list[Finding]]]:
        """Each conversation's per-turn findings, unfiltered, from one windowed engine batch."""
        scan = self.engine.inspect_unfiltered_texts
        if self.turn_memo is not None:
            memo, unmemoised = self.turn_memo, scan

            def scan(batch, turns=None):
                return memo.scan(unmemoised, batch, turns)

        flat = [text for texts in conversations for text in texts]
        local_turn = [turn for texts in conversations for turn in range(len(texts))]

        def scan_pieces(pieces: list[str], owners: list[int]) -> list[list[Finding]]:
            # `owners` index `flat`; findings carry the turn's number in its conversation.
            return scan(pieces, [local_turn[i] for i in owners])

        found = detect_texts_in_windows(flat, self.window, self.overlap, scan_pieces)
        per_turn, first = [], 0
        for texts in conversations:
            per_turn.append(found[first:first + len(texts)])
            first += len(texts)
        return per_turn

    def detect(self, texts: list[str]) -> list[Finding]:
        """The conversation's findings, merged (`veil.detection.merge`)."""
        return merge_findings(self.find(texts), texts)

    def detect_many(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        """`detect` for each of `conversations`, from one `find_many`."""
        return [merge_findings(found, texts)
                for found, texts in zip(self.find_many(conversations), conversations)]


def find_through_disguises(find_many, conversations: Sequence[Sequence[str]]
                           ) -> list[list[Finding]]:
    """`find_many(conversations)` with each turn read through its Unicode disguises: the
    findings in each turn's readings (`veil.detection.normalise.readings`), mapped back onto the
    turn's original offsets. A second reading (text behind a right-to-left override, as shown)
    is read in a second call, with the conversations' other turns as in the first, so that
    context across turns is the same. Turns of ASCII alone cost nothing more."""
    read = [[readings(text) for text in texts] for texts in conversations]
    if not any(r for turns in read for r in turns):
        return find_many(conversations)
    first = [[r[0].text if r else text for r, text in zip(turns, texts)]
             for turns, texts in zip(read, conversations)]
    found = [mapped_back(findings, [r[0] if r else None for r in turns])
             for findings, turns in zip(find_many(first), read)]
    second = [c for c, turns in enumerate(read) if any(len(r) > 1 for r in turns)]
    if second:
        texts_shown = [[r[1].text if len(r) > 1 else text for r, text in zip(read[c], first[c])]
                       for c in second]
        for c, findings in zip(second, find_many(texts_shown)):
            shown = [r[1] if len(r) > 1 else None for r in read[c]]
            found[c].extend(mapped_back([f for f in findings if shown[f.turn] is not None], shown))
    return found


def mapped_back(findings: list[Finding], turns: Sequence[Reading | None]) -> list[Finding]:
    """`findings` in readings, at the original offsets of their turns (None: read as given)."""
    out = []
    for finding in findings:
        reading = turns[finding.turn] if finding.turn < len(turns) else None
        if reading is None:
            out.append(finding)
        else:
            out.append(finding.with_span(*reading.original_span(finding.start, finding.end)))
    return out


_SHARED: dict[tuple[str, bool], ConversationDetector] = {}
_SHARED_LOCK = threading.Lock()


# The config's fields a ConversationDetector reads (`google_dlp`: `with_google_dlp`'s configs).
DETECTOR_FIELDS = {"inspect_config", "detection", "google_dlp"}


def shared_detector(config: VeilConfig, memo: bool = False) -> ConversationDetector:
    """One warm detector per config per process, for the job's steps (`RulesFn`, `RiskFn`) and
    its launch checks: Beam builds a DoFn instance per thread and per stage, and each used to
    compile and warm its own. Keyed by a hash of what the detector is built from (the inspect
    config, the detection settings, a DLP target), not the whole config: the launch checks the
    config it loaded, the job's steps get it with the usable detectors chosen, and the two
    compiled the same detector twice. `memo` gives the detector a `TurnMemo` (the auditor's). A
    detector's `detect` is a function of its texts, and its caches (Hyperscan scratch per
    thread, the memo) are safe to share between threads."""
    built_from = config.model_dump_json(include=DETECTOR_FIELDS)
    key = (type(config).__name__ + hashlib.sha256(built_from.encode("utf-8")).hexdigest(), memo)
    with _SHARED_LOCK:
        detector = _SHARED.get(key)
        if detector is None:
            detector = ConversationDetector(config, turn_memo=TurnMemo() if memo else None)
            detector.warm_up()
            _SHARED[key] = detector
        return detector


def batches_by_chars(conversations: Sequence[Sequence[str]], limit: int) -> list[list]:
    """`conversations` cut into runs of about `limit` characters (each turn counts its length
    plus one), as the job's `RecordBatches` step (Beam's `BatchElements` with that weight)
    cuts its records for `RulesFn`: a run closes before the conversation that would take it
    past `limit`, and a larger conversation is a run alone."""
    batches: list[list] = []
    batch: list = []
    size = 0
    for texts in conversations:
        chars = conversation_chars(texts)
        if batch and size + chars > limit:
            batches.append(batch)
            batch, size = [], 0
        batch.append(texts)
        size += chars
    if batch:
        batches.append(batch)
    return batches


def conversation_chars(texts: Sequence[str]) -> int:
    """A conversation's weight in a batch: its turns' lengths plus one each."""
    return sum(len(text) + 1 for text in texts)
