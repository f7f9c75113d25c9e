"""Detection for one conversation: every detector over every turn, windowed, then merged."""
from __future__ import annotations

from veil.config import VeilConfig
from veil.engine import InfoTypeEngine
from veil.findings import Finding
from veil.merge import merge_findings
from veil.windows import detect_in_windows


class ConversationDetector:
    """Built once per worker from the config; `detect` is then a pure function of the texts."""

    def __init__(self, config: VeilConfig):
        self.engine = InfoTypeEngine.from_config(
            config.inspect_config,
            previous_turn_hotwords=config.detection.previous_turn_hotwords,
        )
        self.window = config.detection.window_chars
        self.overlap = config.detection.window_overlap_chars

    @property
    def names(self) -> list[str]:
        return ["rules"]

    def detect(self, texts: list[str]) -> list[Finding]:
        # Each turn windowed, before min_likelihood; the engine then applies hotwords that
        # reach into the previous turn, and the threshold.
        def detect_turn(text: str, turn: int) -> list[Finding]:
            return detect_in_windows(
                text, turn, self.window, self.overlap, self.engine.inspect_unfiltered
            )

        found = self.engine.inspect_conversation(texts, detect_turn)
        return merge_findings(found, texts)
