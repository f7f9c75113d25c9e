"""How far to trust the auditor: its estimate as an interval, calibrated on labelled data.

On a labelled corpus the job can score residual risk twice: from the gold labels (the truth)
and, with the labels stripped, from the auditor's re-scan (the estimate). Their ratio,
gold mean+std / auditor mean+std, is what the auditor gets wrong. Resampling conversations
(a bootstrap) gives that ratio's spread; its quantiles over every labelled set, the widest of
them (`envelope`), are the calibration `[low, high]` that the `risk.calibration` settings carry.

On an unlabelled corpus the auditor's mean+std `A` then becomes the interval
`[A * low, A * high]` (of the part of `A` the auditor estimated; what it counted in full stays
as it is: veil.risk.estimate.scaled_mean_plus_std). The verdict is taken on `A` itself, the best estimate of the figure, and
a corpus whose interval holds the threshold is marked `borderline`: its verdict could go either
way within the auditor's measured error. `verdict_on: upper` takes it on `A * high` instead: a
corpus then passes only when even the upper end is below the threshold (`interval_verdict`, veil.risk.verdict).

Plain Python; no Beam and no numpy: figures from lists of per-conversation scores.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from veil.risk.estimate import scaled_mean_plus_std
from veil.risk.verdict import AUDIT, interval_verdict, settle_verdict


def mean_plus_std(scores: Sequence[float]) -> float:
    """The paper's figure: mean + population standard deviation (ddof=0)."""
    if not scores:
        return 0.0
    mean = sum(scores) / len(scores)
    return mean + math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))


def ratio(gold: float, estimate: float) -> float:
    """gold / estimate, where 0 / 0 is a perfect 1 and x / 0 an unbounded miss."""
    if estimate == 0:
        return 1.0 if gold == 0 else math.inf
    return gold / estimate


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile of values, by linear interpolation between order statistics."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    if math.isinf(ordered[lower]) or math.isinf(ordered[upper]):
        return ordered[upper] if position > lower else ordered[lower]
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


def bootstrap_pairs(gold: Sequence[float], estimate: Sequence[float], resamples: int, seed: int
                    ) -> list[tuple[float, float]]:
    """(gold mean+std, auditor mean+std) of each resample of the conversations, paired."""
    if len(gold) != len(estimate):
        raise ValueError("gold and estimate must score the same conversations")
    rng = random.Random(seed)
    n = len(gold)
    out = []
    for _ in range(resamples):
        picks = [rng.randrange(n) for _ in range(n)]
        out.append((mean_plus_std([gold[i] for i in picks]),
                    mean_plus_std([estimate[i] for i in picks])))
    return out


@dataclass(frozen=True)
class Calibration:
    """The interval of gold/auditor ratios: the truth lies in [A * low, A * high]."""

    low: float
    high: float
    level: float = 0.95
    verdict_on: str = "estimate"

    def interval(self, estimate: float) -> tuple[float, float]:
        return estimate * self.low, estimate * self.high

    def covers(self, gold: float, estimate: float) -> bool:
        low, high = self.interval(estimate)
        return low - 1e-9 <= gold <= high + 1e-9


def ratio_interval(pairs: Iterable[tuple[float, float]], level: float = 0.95) -> Calibration:
    """The central `level` interval of the resamples' gold/auditor ratios."""
    ratios = [ratio(g, e) for g, e in pairs]
    tail = (1 - level) / 2
    return Calibration(quantile(ratios, tail), quantile(ratios, 1 - tail), level)


def envelope(calibrations: Iterable[Calibration]) -> Calibration:
    """The widest of several sets' intervals: one calibration that holds on each of them."""
    calibrations = list(calibrations)
    return Calibration(min(c.low for c in calibrations), max(c.high for c in calibrations),
                       calibrations[0].level)


def coverage(pairs: Sequence[tuple[float, float]], calibration: Calibration) -> float:
    """The share of resamples whose interval, from their auditor figure, covers their gold one."""
    return sum(calibration.covers(g, e) for g, e in pairs) / len(pairs) if pairs else 0.0


def calibrated_verdict(estimate: float, calibration: Calibration, threshold: float,
                       sampled: tuple[float, float] | None = None,
                       ends: tuple[float, float] | None = None) -> dict[str, float | bool]:
    """The auditor's mean+std as an interval, and its verdict (`interval_verdict`, veil.risk.verdict).

    `ends`: the calibrated interval's ends, where only part of the estimate is scaled
    (veil.risk.estimate.scaled_mean_plus_std); None: the whole estimate times [low, high].
    `sampled`: when the auditor read a sample (veil.risk.sampling), the sampling interval of
    mean+std; each end then moves by the sampling interval's ratio to the estimate, so that
    the interval holds both uncertainties."""
    low, high = ends if ends is not None else calibration.interval(estimate)
    if sampled is not None and estimate > 0:
        low, high = low * sampled[0] / estimate, high * sampled[1] / estimate
    out = {"estimate": round(estimate, 4), "low": round(low, 4), "high": round(high, 4),
           "level": calibration.level, "verdict_on": calibration.verdict_on,
           **interval_verdict(estimate, low, high, threshold, calibration.verdict_on)}
    if sampled is not None:
        out["with_sampling"] = True
    return out


def scores_in_scope(row: Mapping, info_types: frozenset[str] | None) -> int:
    """A risk row's score from the turns' items of `info_types` (None: of every type).

    A labelled set whose gold covers a few types (names, places, organisations) is truth only
    for those: an auditor hit on an URL it never labelled is neither right nor wrong there.
    Items left in other fields (`fields`) are the auditor's in both runs, labelled or not, so
    they say nothing about the auditor against gold and are left out too."""
    return sum(int(item["score"]) for item in row["items"]
               if not item.get("fields") and (info_types is None or item["info_type"] in info_types))


AUDIT_SOURCE = AUDIT


def with_auditor_interval(summary: dict, calibration: Any) -> dict:
    """The summary with each auditor-scored group's interval, and its verdict.

    A group (a context, or the total) where the auditor scored any conversation gets
    `auditor_interval` {estimate, raw, basis, low, high, level, verdict_on, passes, borderline}:
    with a weighted calibration (the default) `estimate` is the calibrated estimate of mean +
    std (veil.risk.estimate, the group's `estimate`), else the raw count's mean + std (`raw`),
    and the interval is `estimate` times [low, high], where the estimate's part counted in full
    (types no fitting set labels, other fields) stays as it is. The verdict is the interval's
    (`interval_verdict`: on the estimate, or with `verdict_on: upper` on the upper end),
    whatever the raw count says (veil.risk.verdict).
    Gold- or people-scored conversations in the same group count their own scores.
    `calibration` has `low`, `high`, `level` and `weighted` (RiskSettings.calibration); None
    changes nothing.
    """
    if calibration is None:
        return summary
    interval = Calibration(calibration.low, calibration.high, calibration.level,
                           getattr(calibration, "verdict_on", "estimate"))
    weighted = getattr(calibration, "weighted", False)
    threshold = summary.get("threshold", 5.0)
    groups = [summary.get("total") or {}, *(summary.get("contexts") or {}).values()]
    for group in groups:
        beside = group.get("auditor")
        if beside is not None and beside.get("mean_plus_std") is not None:
            # Gold labels beside the auditor: the auditor's own figure gets the interval.
            beside["interval"] = _interval_of(beside["mean_plus_std"], beside.get("estimate"),
                                              weighted, interval, threshold, None)
            beside["passes"] = beside["interval"]["passes"]
        if (group.get("sources") or {}).get(AUDIT_SOURCE) and group.get("mean_plus_std") is not None:
            sampled = (group.get("audit_sample") or {}).get("mean_plus_std")
            group["auditor_interval"] = _interval_of(
                group["mean_plus_std"], group.get("estimate"), weighted, interval, threshold,
                tuple(sampled) if sampled else None)
            if getattr(calibration, "measured_on", ""):
                group["auditor_interval"]["measured_on"] = calibration.measured_on
        if group:
            settle_verdict(group, threshold)
    if "total" in summary:
        summary["passes"] = summary["total"].get("passes")
    return summary


def _interval_of(raw: float, estimate: Mapping | None, weighted: bool, interval: Calibration,
                 threshold: float, sampled: tuple[float, float] | None) -> dict[str, Any]:
    """The interval around the calibrated estimate (or the raw figure), with the raw beside it.
    A sampling interval of the raw figure moves with the estimate, in proportion."""
    centre, basis, ends = raw, "raw count", None
    if weighted and estimate is not None and estimate.get("mean_plus_std") is not None:
        centre, basis = float(estimate["mean_plus_std"]), "calibrated estimate"
        # The interval's error was measured on what the estimate weighs, not on what it counts.
        ends = (scaled_mean_plus_std(estimate, interval.low), scaled_mean_plus_std(estimate, interval.high))
    if sampled is not None and raw > 0:
        sampled = (sampled[0] * centre / raw, sampled[1] * centre / raw)
    elif sampled is not None:
        sampled = None
    out = calibrated_verdict(centre, interval, threshold, sampled, ends)
    out["raw"] = round(raw, 4)
    out["basis"] = basis
    return out
