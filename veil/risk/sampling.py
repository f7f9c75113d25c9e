"""The audit sample: which conversations the auditor reads, and what the sample says of all.

The auditor (rules and a spaCy pipeline) costs about as much as a detection pass. Its figures
are corpus statistics (mean, std, mean + std against the threshold), which a sample estimates
well, so a job audits a seeded, fixed-size sample (`risk.audit_sample`, default 1,000) of the
conversations the auditor must read:

- the sample is the bottom k of a seeded hash of the id (`sample_key`, the review sample's own):
  the same ids on every runner, for any number of workers or bundles and any input order; a
  corpus of k conversations or fewer is audited whole, exactly as without sampling;
- conversations scored from their gold labels are all scored, never sampled: gold figures cover
  every labelled record;
- the statistics are the sample's, with a normal interval (`sampling_interval`) for the mean and
  for mean + std, corrected for the finite population; without a calibration the verdict is
  taken on the upper end (with one, `veil.risk.calibration` scales the interval's ends by the
  auditor's and decides as it is told: on the estimate, or on the upper end).

Plain Python, no Beam.
"""
from __future__ import annotations

import hashlib
import math
from statistics import NormalDist
from typing import Any, Iterator, Mapping

# The row a conversation left out of the audit sample sends to the statistics: counted, not scored.
UNAUDITED = "unaudited"
LEVEL = 0.95
METHOD = ("bottom-k of blake2b(seed, id) over the conversations the auditor reads (those scored "
          "from gold labels are all scored); interval: normal, delta method for mean + std, "
          "finite-population corrected")


def sample_key(seed: int, conversation_id: str) -> int:
    """A seeded pseudo-random rank for an id: the same on every worker and every run."""
    digest = hashlib.blake2b(f"{seed}\x00{conversation_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def audit_rank(seed: int, conversation_id: str, tiebreak: Any = ()) -> tuple:
    """A conversation's place in the audit sample's order: smaller is chosen first. `tiebreak`
    (where the record was read) only orders records that share an id."""
    return sample_key(seed, conversation_id), conversation_id, tiebreak


def in_sample(rank: tuple, cutoff: tuple | None) -> bool:
    """Whether a rank is among the k smallest, given the k-th smallest (None: fewer than k)."""
    return cutoff is None or rank <= cutoff


def unaudited_row(conversation_id: str, context: str | None) -> dict[str, Any]:
    """What a conversation outside the sample tells the statistics: that it was written."""
    return {"id": conversation_id, "context": context, "source": UNAUDITED}


def unaudited_rows(run_summary: Mapping[str, Any], now_scored: Mapping[str, int]) -> Iterator[dict]:
    """Rows that count a run's conversations left out of its audit sample (its summary's
    `not_audited` per context), less `now_scored` (per context: those people reviewed since,
    which now have a score): so that `veil risk --run` still sees n of N."""
    for context, group in (run_summary.get("contexts") or {}).items():
        left = (group.get("audit_sample") or {}).get("not_audited", 0) - now_scored.get(context, 0)
        for number in range(max(left, 0)):
            yield unaudited_row(f"{context}#{number}", context)


def sampling_interval(histogram: Mapping[int, int], population: int, threshold: float,
                      level: float = LEVEL) -> dict[str, Any]:
    """The sample's mean and mean + std, each with a `level` normal interval for the whole
    population of `population` conversations (the sample: the scores `histogram` counts).

    mean + std's variance comes from the delta method on the sample's central moments m2, m3,
    m4: Var(mean + sd) ~ (m2 + m3 / sd + (m4 - m2^2) / (4 m2)) / n, times the finite-population
    correction (N - n) / (N - 1). Scores are never negative, so lower ends stop at 0. `passes`:
    the upper end of mean + std is below the threshold."""
    n = sum(histogram.values())
    counts = sorted(histogram.items())
    mean = sum(s * c for s, c in counts) / n
    m2, m3, m4 = (sum(c * (s - mean) ** p for s, c in counts) / n for p in (2, 3, 4))
    sd = math.sqrt(m2)
    fpc = (population - n) / (population - 1) if population > 1 else 0.0
    z = NormalDist().inv_cdf(0.5 + level / 2)
    mean_half = z * math.sqrt(max(m2 / n * fpc, 0.0))
    variance = (m2 + m3 / sd + (m4 - m2 * m2) / (4 * m2)) / n if m2 > 0 else 0.0
    both_half = z * math.sqrt(max(variance * fpc, 0.0))
    high = mean + sd + both_half
    return {
        "level": level,
        "mean": [round(max(mean - mean_half, 0.0), 4), round(mean + mean_half, 4)],
        "mean_plus_std": [round(max(mean + sd - both_half, 0.0), 4), round(high, 4)],
        "passes": high < threshold,
    }
