"""The auditor's residual risk, estimated rather than counted.

A raw audit counts every auditor hit left in the output as personal information (PI). On real
text many hits are ordinary words, and some PI is never hit at all. The estimate weighs each
scored item by the fitted probability p that an auditor item of its kind, left in a job's
output, is real PI, per case form (as written, or ASR-style: lower-case without sentence
punctuation), infoType and detector (`rules:regex`, `rules:dictionary`, `spacy:model`, ...),
and divides by the auditor's fitted recall r of that type in that form, so that the PI it
misses is counted in expectation:

    expected score of a conversation  E = sum over items of  p * score / r
    its variance (each hit real or not)  V = sum over items of  p * (1 - p) * (score / r) ** 2

Over a corpus, mean + std of the true scores is estimated by the mean of E plus the square
root of (the variance of E + the mean of V): the law of total variance. The fitted table
(`auditor_calibration.json`, made by scripts/fit_auditor_calibration.py) also holds the
interval of gold / estimate ratios measured on the fitting sets, which makes the estimate an
interval; the verdict is taken on its upper end (veil.risk.calibration).

Types the fitting sets never label (numbers, emails, URLs) keep weight 1: counted as found.
Plain Python, no Beam.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

WRITTEN, SPEECH = "written", "speech"
FORMS = (WRITTEN, SPEECH)
TABLE_PATH = Path(__file__).with_name("auditor_calibration.json")

_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]*\]")
_SENTENCE_MARK = re.compile(r"[.!?,;:](?:\s|$)")


def case_form(texts: Iterable[str]) -> str:
    """SPEECH when a conversation reads as ASR output (no capital letters and no sentence
    punctuation outside Veil's placeholders), else WRITTEN. A lone capital "I" is allowed."""
    letters = upper = marks = 0
    for text in texts:
        text = _PLACEHOLDER.sub(" ", text)
        marks += len(_SENTENCE_MARK.findall(text))
        for word in text.split():
            if word == "I" or word.startswith("I'"):
                continue
            letters += sum(ch.isalpha() for ch in word)
            upper += sum(ch.isupper() for ch in word)
    if letters == 0:
        return WRITTEN
    return SPEECH if upper == 0 and marks == 0 else WRITTEN


@dataclass(frozen=True)
class FittedTable:
    """Per (form, infoType, detector) and per (form, infoType): the chance that an auditor item
    is real PI; per (form, infoType): the auditor's recall; and the gold/estimate ratio interval
    [low, high] at `level`."""

    precision: Mapping[str, float] = field(default_factory=dict)  # "form|type|detector" -> p
    type_precision: Mapping[str, float] = field(default_factory=dict)  # "form|type" -> p
    recall: Mapping[str, float] = field(default_factory=dict)  # "form|type" -> r
    low: float = 1.0
    high: float = 1.0
    level: float = 0.95
    fitted_on: str = ""

    def probability(self, form: str, info_type: str, detector: str) -> float:
        """The chance an item is real PI; a detector with too few fitted items falls back on the
        type's, a type the fitting sets do not label on 1 (counted in full)."""
        found = self.precision.get(f"{form}|{info_type}|{detector}")
        if found is None:
            found = self.type_precision.get(f"{form}|{info_type}", 1.0)
        return found

    def recall_of(self, form: str, info_type: str) -> float:
        return self.recall.get(f"{form}|{info_type}", 1.0)

    def types(self) -> set[str]:
        return {key.split("|")[1] for key in self.type_precision}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FittedTable":
        return cls(precision=dict(data.get("precision", {})),
                   type_precision=dict(data.get("type_precision", {})),
                   recall=dict(data.get("recall", {})),
                   low=float(data["interval"]["low"]), high=float(data["interval"]["high"]),
                   level=float(data["interval"].get("level", 0.95)),
                   fitted_on=str(data.get("fitted_on", "")))


@lru_cache(maxsize=4)
def load_fitted_table(path: str | None = None) -> FittedTable:
    """The fitted table shipped with the package (or the one at `path`)."""
    data = json.loads(Path(path or TABLE_PATH).read_text(encoding="utf-8"))
    return FittedTable.from_dict(data)


def _get(item: Any, name: str, default: Any = None) -> Any:
    return item.get(name, default) if isinstance(item, Mapping) else getattr(item, name, default)


def conversation_estimate(items: Iterable[Any], form: str, table: FittedTable,
                          info_types: frozenset[str] | None = None) -> tuple[float, float]:
    """(E, V) of one conversation's auditor items (ScoredItem or their dict rows, with `score`,
    `info_type` and `detector`). Items found in fields other than the turns (speaker labels,
    configured fields) are counted in full: no fitting set measured them. `info_types`: only
    items of these types (None: every one)."""
    expected = variance = 0.0
    for item in items:
        info_type = _get(item, "info_type")
        if info_types is not None and info_type not in info_types:
            continue
        score = float(_get(item, "score", 0))
        if score <= 0:
            continue
        if _get(item, "fields"):
            expected += score
            continue
        p = table.probability(form, info_type, _get(item, "detector") or "")
        worth = score / max(table.recall_of(form, info_type), 1e-6)
        expected += p * worth
        variance += p * (1 - p) * worth * worth
    return expected, variance


@dataclass
class EstimateMoments:
    """Sums over conversations of E, E squared and V: mergeable, in constant memory."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0
    variance: float = 0.0

    def add(self, expected: float, variance: float) -> "EstimateMoments":
        self.count += 1
        self.total += expected
        self.squares += expected * expected
        self.variance += variance
        return self

    def merge(self, other: "EstimateMoments") -> "EstimateMoments":
        self.count += other.count
        self.total += other.total
        self.squares += other.squares
        self.variance += other.variance
        return self

    def figures(self) -> dict[str, float] | None:
        """mean, std and mean + std of the true scores, estimated (None: no conversation)."""
        if not self.count:
            return None
        mean = self.total / self.count
        spread = max(self.squares / self.count - mean * mean, 0.0) + self.variance / self.count
        std = math.sqrt(spread)
        # Rounded: sums of floats differ in their last bits with the order workers merged them.
        return {"mean": round(mean, 6), "std": round(std, 6), "mean_plus_std": round(mean + std, 6)}


def estimate_mean_plus_std(pairs: Iterable[tuple[float, float]]) -> float:
    """mean + std estimated from each conversation's (E, V)."""
    moments = EstimateMoments()
    for expected, variance in pairs:
        moments.add(expected, variance)
    figures = moments.figures()
    return figures["mean_plus_std"] if figures else 0.0


def estimate_interval(estimate: float, table: FittedTable, threshold: float) -> dict[str, Any]:
    """The estimate as the interval [estimate * low, estimate * high], and PASS only when its
    upper end is below the threshold."""
    low, high = estimate * table.low, estimate * table.high
    return {"estimate": round(estimate, 4), "low": round(low, 4), "high": round(high, 4),
            "level": table.level, "passes": high < threshold}
