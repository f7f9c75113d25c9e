"""The auditor's estimate as a calibrated interval, and the verdict on the estimate (or, when
asked, on the interval's upper end), with a borderline mark where the interval holds the threshold."""
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


def test_an_auditor_estimate_below_the_threshold_passes_and_is_borderline_when_its_interval_holds_it():
    summary = summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0)
    assert summary["passes"] is True  # mean + std = 1.25 + 2.17 = 3.42
    out = with_auditor_interval(summary, AuditorCalibration(low=0.6, high=1.6))
    interval = out["total"]["auditor_interval"]
    assert interval["estimate"] == pytest.approx(3.415, abs=1e-3)
    assert interval["high"] == pytest.approx(1.6 * 3.415, abs=1e-3)
    assert interval["verdict_on"] == "estimate"
    assert interval["passes"] is True and out["passes"] is True
    assert interval["borderline"] is True  # 2.05-5.46 holds 5
    # A narrower interval, wholly below the threshold: a pass that is not borderline.
    clear = with_auditor_interval(summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0),
                                  AuditorCalibration(low=0.6, high=1.2))["total"]["auditor_interval"]
    assert clear["passes"] is True and clear["borderline"] is False


def test_on_the_upper_end_an_estimate_passes_only_when_its_upper_end_does():
    summary = summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0)
    out = with_auditor_interval(summary, AuditorCalibration(low=0.6, high=1.6, verdict_on="upper"))
    interval = out["total"]["auditor_interval"]
    assert interval["verdict_on"] == "upper" and interval["borderline"] is True
    assert interval["passes"] is False and out["passes"] is False
    assert out["contexts"]["calls"]["passes"] is False


def test_an_estimate_at_or_above_the_threshold_fails_whatever_the_interval():
    summary = summarise(rows([5, 5, 0, 5], "audit"), threshold=5.0)  # 3.75 + 2.17 = 5.92
    out = with_auditor_interval(summary, AuditorCalibration(low=0.6, high=1.6))
    interval = out["total"]["auditor_interval"]
    assert interval["passes"] is False and out["passes"] is False
    assert interval["borderline"] is True  # 3.55-9.47: it may pass


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
    assert "PASS, borderline (mean + std = 3.42; auditor's estimate 3.42, interval 2.05-5.46, verdict on the estimate" in line
    upper = with_auditor_interval(summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0),
                                  AuditorCalibration(low=0.6, high=1.6, verdict_on="upper"))
    line = next(l for l in format_summary(build_summary({"output": "out/"}, {}, [], upper)).splitlines()
                if "residual risk" in l)
    assert "FAIL, borderline (mean + std = 3.42; auditor's estimate 3.42, interval 2.05-5.46, verdict on its upper end" in line


def test_verdict_on_is_checked_when_the_config_is_read():
    assert parse_risk_settings({"calibration": {"low": 0.5, "high": 2.0, "verdict_on": "upper"}}
                               ).calibration.verdict_on == "upper"
    # Said alone, it keeps the bundled table's interval.
    from veil.risk.table import DEFAULT_CALIBRATION

    alone = parse_risk_settings({"calibration": {"verdict_on": "upper"}}).calibration
    assert (alone.low, alone.high, alone.verdict_on) == (DEFAULT_CALIBRATION.low, DEFAULT_CALIBRATION.high, "upper")
    with pytest.raises(ValueError, match="verdict_on"):
        parse_risk_settings({"calibration": {"low": 0.5, "high": 2.0, "verdict_on": "centre"}})


def test_the_report_leads_with_a_borderline_pass_and_names_the_figure_that_decided():
    from veil.risk.report import verdict

    audited = lambda: summarise(rows([0, 0, 5, 0], "audit"), threshold=5.0)  # noqa: E731
    borderline = verdict(with_auditor_interval(audited(), AuditorCalibration(low=0.6, high=1.6)))
    assert borderline["css"] == "warn"
    assert borderline["headline"].startswith("Borderline: the corpus passes on the auditor's estimate 3.4")
    assert "verdict is taken on the estimate (below 5)" in borderline["text"]
    clear = verdict(with_auditor_interval(audited(), AuditorCalibration(low=0.6, high=1.2)))
    assert clear["css"] == "pass" and "Borderline" not in clear["text"]
    upper = verdict(with_auditor_interval(
        audited(), AuditorCalibration(low=0.6, high=1.6, verdict_on="upper")))
    assert upper["css"] == "fail"
    assert upper["headline"].startswith("The corpus fails on the auditor's upper end 5.5, not below 5")
    assert "verdict is taken on the upper end (not below 5)" in upper["text"]
