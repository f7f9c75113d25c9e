"""The calibrated interval's end, worked out from a run's `risk/conversations` rows by hand."""
from __future__ import annotations

from veil.risk.estimate import estimate_mean_plus_std


def calibrated_end(rows, k: float) -> float:
    """mean + std with each conversation's weighed part (expected - counted) times k, its
    variance times k squared, and its counted part as it is."""
    return estimate_mean_plus_std(
        [(r["estimate"]["counted"] + k * (r["estimate"]["expected"] - r["estimate"]["counted"]),
          k * k * r["estimate"]["variance"]) for r in rows])
