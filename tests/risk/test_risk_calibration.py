"""The auditor's estimate as a calibrated interval, and the verdict on its upper end."""
from __future__ import annotations

import math

import pytest

from veil.risk.calibration import (
    Calibration, bootstrap_pairs, coverage, envelope, mean_plus_std, ratio, ratio_interval,
    scores_in_scope, with_auditor_interval,
)
from veil.risk.stats import summarise
from veil.risk.table import AuditorCalibration, parse_risk_settings


def test_mean_plus_std_is_the_papers_population_figure():
    assert mean_plus_std([0, 0, 5, 5]) == pytest.approx(2.5 + 2.5)
    assert mean_plus_std([]) == 0.0


def test_a_ratio_over_nothing_found_is_unbounded_unless_there_was_nothing():
    assert ratio(0, 0) == 1.0 and math.isinf(ratio(3, 0)) and ratio(3, 6) == 0.5


def test_the_bootstrap_interval_covers_the_resamples_it_came_from():
    gold = [0, 5, 0, 3, 10, 0, 0, 5, 2, 0] * 5
    audit = [0, 5, 2, 3, 5, 0, 5, 5, 2, 0] * 5
    pairs = bootstrap_pairs(gold, audit, 400, seed=1)
    interval = ratio_interval(pairs, 0.95)
    assert interval.low < mean_plus_std(gold) / mean_plus_std(audit) < interval.high
    assert coverage(pairs, interval) >= 0.94
    # A calibration from a set that errs the other way covers almost none of them.
    assert coverage(pairs, Calibration(2.0, 3.0)) < 0.05
    assert envelope([Calibration(0.5, 1.0), Calibration(0.8, 1.6)]) == Calibration(0.5, 1.6)


def test_the_same_seed_gives_the_same_resamples():
    gold, audit = [1, 2, 3, 0, 5], [2, 2, 0, 0, 5]
    assert bootstrap_pairs(gold, audit, 20, 7) == bootstrap_pairs(gold, audit, 20, 7)


def test_scores_in_scope_count_only_the_labelled_types_in_the_turns():
    row = {"score": 11, "items": [{"info_type": "PERSON_NAME", "score": 5},
                                  {"info_type": "URL", "score": 2},
                                  {"info_type": "GENERIC_ID", "score": 4, "fields": ["context"]}]}
    assert scores_in_scope(row, None) == 7
    assert scores_in_scope(row, frozenset({"PERSON_NAME"})) == 5


def rows(scores, source):
    return [{"id": str(i), "context": "calls", "score": s, "items": [], "source": source}
            for i, s in enumerate(scores)]


def test_an_auditor_estimate_passes_only_when_its_upper_end_does():
    summary = summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0)
    assert summary["passes"] is True  # mean + std = 1.25 + 2.17 = 3.42
    out = with_auditor_interval(summary, AuditorCalibration(low=0.6, high=1.6))
    interval = out["total"]["auditor_interval"]
    assert interval["estimate"] == pytest.approx(3.415, abs=1e-3)
    assert interval["high"] == pytest.approx(1.6 * 3.415, abs=1e-3)
    assert interval["passes"] is False and out["passes"] is False
    assert out["contexts"]["calls"]["passes"] is False


def test_gold_scored_groups_keep_their_verdict():
    summary = summarise(rows([0, 0, 5, 0], "gold"), threshold=5.0)
    out = with_auditor_interval(summary, AuditorCalibration(low=0.6, high=1.6))
    assert "auditor_interval" not in out["total"] and out["passes"] is True


def test_the_calibration_is_configuration():
    settings = parse_risk_settings({"calibration": {"low": 0.5, "high": 2.0}})
    assert settings.calibration == AuditorCalibration(low=0.5, high=2.0)
    assert parse_risk_settings({"calibration": None}).calibration is None


def test_the_job_summary_line_names_the_interval_that_decided():
    from veil.io.summary import build_summary, format_summary

    risk = with_auditor_interval(summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0),
                                 AuditorCalibration(low=0.6, high=1.6))
    line = next(l for l in format_summary(build_summary({"output": "out/"}, {}, [], risk)).splitlines()
                if "residual risk" in l)
    assert "FAIL (mean + std = 3.42; auditor's estimate 3.42, interval 2.05-5.46" in line
