"""The auditor's calibrated estimate: hits weighed, misses allowed for, an interval, a verdict."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.conftest import run_job, write_jsonl
from veil.risk.calibration import with_auditor_interval
from veil.risk.estimate import (
    SPEECH, WRITTEN, EstimateMoments, FittedTable, case_form, conversation_estimate,
    estimate_interval, estimate_mean_plus_std, load_fitted_table,
)
from veil.risk.stats import summarise
from veil.risk.table import DEFAULT_CALIBRATION, AuditorCalibration

TABLE = FittedTable(
    precision={"written|PERSON_NAME|spacy:model": 0.5},
    type_precision={"written|PERSON_NAME": 0.2, "speech|PERSON_NAME": 1.0},
    recall={"written|PERSON_NAME": 0.5, "speech|PERSON_NAME": 0.25},
    low=0.5, high=1.5)


def item(info_type="PERSON_NAME", score=5, detector="spacy:model", **extra):
    return {"info_type": info_type, "score": score, "detector": detector, **extra}


def test_the_case_form_is_read_from_the_output():
    assert case_form(["hi this is [PERSON_NAME_1] from leeds", "i live on main street"]) == SPEECH
    assert case_form(["Hi, this is [PERSON_NAME_1] from Leeds."]) == WRITTEN
    assert case_form(["hi this is mark. i live in leeds"]) == WRITTEN  # punctuation: written


def test_each_hit_is_weighed_by_its_chance_of_being_real_and_divided_by_recall():
    expected, variance = conversation_estimate([item(), item()], WRITTEN, TABLE)
    p, worth = 0.5, 5 / 0.5
    assert expected == pytest.approx(2 * p * worth)
    assert variance == pytest.approx(2 * p * (1 - p) * worth ** 2)
    # A detector the table has no figure for falls back on the type's (0.2).
    assert conversation_estimate([item(detector="rules:dictionary")], WRITTEN, TABLE)[0] == pytest.approx(2.0)
    # ASR-style: certain (p = 1, no variance), but recall 0.25: the item counts four times over.
    assert conversation_estimate([item()], SPEECH, TABLE) == (pytest.approx(20.0), 0.0)


def test_unlabelled_types_and_field_items_count_in_full():
    expected, variance = conversation_estimate(
        [item("EMAIL_ADDRESS", 4, "rules:regex"), item(score=5, fields=["caller"])], WRITTEN, TABLE)
    assert (expected, variance) == (9.0, 0.0)
    # Items of no score, or outside the types asked about, add nothing.
    assert conversation_estimate([item(score=0)], WRITTEN, TABLE) == (0.0, 0.0)
    assert conversation_estimate([item("URL", 2)], WRITTEN, TABLE, frozenset({"PERSON_NAME"})) == (0.0, 0.0)


def test_mean_plus_std_adds_each_conversations_own_uncertainty():
    # E = 0 and 4 (mean 2, variance 4), V = 0 and 2 (mean 1): std = sqrt(4 + 1).
    assert estimate_mean_plus_std([(0.0, 0.0), (4.0, 2.0)]) == pytest.approx(2 + math.sqrt(5))
    a, b = EstimateMoments().add(0.0, 0.0), EstimateMoments().add(4.0, 2.0)
    assert a.merge(b).figures()["mean_plus_std"] == pytest.approx(2 + math.sqrt(5), abs=1e-6)
    assert EstimateMoments().figures() is None


def test_the_interval_holds_or_misses_and_the_verdict_is_its_upper_end():
    inside = estimate_interval(4.0, TABLE, threshold=5.0)
    assert (inside["low"], inside["high"]) == (2.0, 6.0)
    assert inside["low"] <= 5.5 <= inside["high"] and not inside["low"] <= 7.0 <= inside["high"]
    assert inside["passes"] is False  # 6 is not below 5, though the estimate is
    assert estimate_interval(3.0, TABLE, threshold=5.0)["passes"] is True


def test_the_fitted_table_loads_and_covers_the_auditors_labelled_types():
    from veil.run.config import load_config

    table = load_fitted_table()
    auditor_types = {t.name for t in load_config("auditor").inspect_config.info_types}
    for form in (WRITTEN, SPEECH):
        for info_type in ("PERSON_NAME", "LOCATION", "ORGANIZATION_NAME"):
            assert info_type in auditor_types
            assert 0 < table.type_precision[f"{form}|{info_type}"] < 1
            assert 0 < table.recall_of(form, info_type) <= 1
    assert all(0 < p < 1 for p in table.precision.values())
    assert 0 < table.low < table.high and 0 < table.level < 1
    assert "dev sets" in table.fitted_on
    # The job's default calibration is the fitted table's interval, on the weighted estimate.
    assert (DEFAULT_CALIBRATION.low, DEFAULT_CALIBRATION.high) == (table.low, table.high)
    assert DEFAULT_CALIBRATION.weighted is True


def rows(scores, estimates):
    return [{"id": str(i), "context": "calls", "score": s, "items": [], "source": "audit",
             "estimate": {"expected": e, "variance": 0.0, "form": WRITTEN}}
            for i, (s, e) in enumerate(zip(scores, estimates))]


def test_the_verdict_follows_the_estimate_not_the_raw_count():
    # The raw count fails (mean + std = 10); the estimate (1 each) passes even at 1.5 times.
    summary = summarise(rows([10, 10, 0, 0], [1.0, 1.0, 1.0, 1.0]), threshold=5.0)
    assert summary["total"]["estimate"]["mean_plus_std"] == pytest.approx(1.0)
    out = with_auditor_interval(summary, AuditorCalibration(low=0.5, high=1.5))
    interval = out["total"]["auditor_interval"]
    assert interval["basis"] == "calibrated estimate" and interval["raw"] == pytest.approx(10.0)
    assert (interval["estimate"], interval["high"]) == (pytest.approx(1.0), pytest.approx(1.5))
    assert out["passes"] is True and out["total"]["decided_by"] == ["auditor"]
    # Unweighted, the same calibration is applied to the raw count, which fails.
    raw = with_auditor_interval(summarise(rows([10, 10, 0, 0], [1.0] * 4), threshold=5.0),
                                AuditorCalibration(low=0.5, high=1.5, weighted=False))
    assert raw["total"]["auditor_interval"]["basis"] == "raw count" and raw["passes"] is False


LEAKY = [
    "Hello, this is Margaret Thornton calling about my order.",
    "Sure, can you confirm the address?",
    "It is 14 Elm Street in Springfield, and my colleague Rajesh Patel placed it.",
]


def test_the_job_summary_and_report_carry_the_estimate_and_its_interval(tmp_path: Path):
    """A real run (the minimal profile finds no names; the auditor does), written and ASR-style."""
    records = [{"id": f"w{i}", "context": "calls", "turns": [{"speaker": s, "text": t}
                for s, t in zip(["caller", "agent", "caller"], LEAKY)]} for i in range(4)]
    records += [{"id": f"s{i}", "context": "asr", "turns": [
        {"speaker": s, "text": t.lower().replace(",", "").replace(".", "").replace("?", "")}
        for s, t in zip(["caller", "agent", "caller"], LEAKY)]} for i in range(4)]
    out = tmp_path / "out"
    result = run_job("--input", str(write_jsonl(tmp_path / "in.jsonl", records)), "--output", str(out),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    summary = json.loads((out / "risk" / "summary.json").read_text())
    conversations = [json.loads(line) for part in sorted((out / "risk").glob("conversations-*"))
                     for line in part.read_text().splitlines()]
    table = load_fitted_table()
    forms = {row["id"][0]: row["estimate"]["form"] for row in conversations}
    assert forms == {"w": WRITTEN, "s": SPEECH}
    for row in conversations:  # each row's estimate is the estimator's, from its own items
        assert any(i.get("detector") for i in row["items"])
        expected, variance = conversation_estimate(row["items"], row["estimate"]["form"], table)
        assert row["estimate"]["expected"] == pytest.approx(expected, abs=1e-3)
        assert row["estimate"]["variance"] == pytest.approx(variance, abs=1e-3)
        assert expected != row["score"]  # weighed, not counted
    total = summary["total"]
    expected = estimate_mean_plus_std([(r["estimate"]["expected"], r["estimate"]["variance"])
                                       for r in conversations])
    assert total["estimate"]["mean_plus_std"] == pytest.approx(expected, abs=1e-4)
    interval = total["auditor_interval"]
    assert interval["basis"] == "calibrated estimate"
    assert interval["raw"] == pytest.approx(total["mean_plus_std"], abs=1e-4)
    assert interval["estimate"] == pytest.approx(expected, abs=1e-3)
    assert interval["high"] == pytest.approx(expected * table.high, abs=1e-3)
    assert summary["passes"] is (interval["high"] < 5.0) and summary["passes"] is False
    # The job's own summary and the report say it too.
    job = json.loads((out / "job_summary.json").read_text())
    assert job["risk"]["auditor_interval"]["estimate"] == interval["estimate"]
    page = (out / "risk" / "report.html").read_text()
    assert "estimated (hits weighed" in page and "counted: mean + std" in page
    assert f"auditor's estimate {interval['estimate']:.2f}" in result.stdout + result.stderr
