"""A calibration fitted on the user's own labelled sample (`veil calibrate`), and a job that
uses it through `risk.calibration`: the estimate, its interval and the report are the table's."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.support.estimate_ends import calibrated_end
from tests.conftest import ROOT, run_job, run_veil, write_jsonl
from veil.risk.estimate import (
    SPEECH, WRITTEN, FittedTable, conversation_estimate, estimate_mean_plus_std, load_fitted_table,
)
from veil.risk.table import parse_risk_settings
from veil.run.errors import ConfigError


def labelled_sample(first: int, count: int, per_conversation: int = 5) -> list[dict]:
    """Real annotated tweets (data/ner/validation.jsonl.gz) in conversations of a few turns, their
    gold spans in a field of the user's naming (`labels`)."""
    with gzip.open(ROOT / "data" / "ner" / "validation.jsonl.gz", "rt", encoding="utf-8") as handle:
        tweets = [json.loads(line) for line in handle if line.strip()]
    out = []
    for start in range(first, first + count * per_conversation, per_conversation):
        run = tweets[start:start + per_conversation]
        out.append({"id": f"c{start}", "turns": [{"speaker": "user", "text": t["text"]} for t in run],
                    "labels": [{**span, "turn": turn} for turn, t in enumerate(run) for span in t["pii"]]})
    return out


@pytest.fixture(scope="module")
def fitted(tmp_path_factory) -> Path:
    """A table fitted by `veil calibrate` on 60 labelled conversations (rules-only job)."""
    folder = tmp_path_factory.mktemp("calibrate")
    sample = write_jsonl(folder / "labelled.jsonl", labelled_sample(0, 60))
    table = folder / "teams" / "my_calibration.json"
    table.parent.mkdir()
    result = run_veil("calibrate", "--input", str(sample), "--gold_field", "labels", "--rules_only",
                      "--output", str(table))
    assert result.returncode == 0, result.stderr
    assert "interval x[" in result.stdout
    return table


def test_the_table_is_fitted_on_the_users_sample_and_keeps_the_bundled_figures_it_cannot_fit(fitted):
    data = json.loads(fitted.read_text())
    # Fitted with --rules_only: the bundled figures it keeps are those of the table fitted on the
    # rules-only job's output, as a job without a model takes them (not the pooled table's).
    pooled = json.loads((ROOT / "veil" / "risk" / "auditor_calibration.json").read_text())
    bundled = pooled["rules_only"]
    assert bundled["item_model"][SPEECH] != pooled["item_model"][SPEECH]
    assert "labelled.jsonl" in data["fitted_on"] and "60 labelled conversations" in data["fitted_on"]
    # Written text only: the written form is fitted on it (item model, recall, a scale) ...
    assert set(data["dev_cells"]) == {WRITTEN}
    assert set(data["item_model"][WRITTEN]["weights"]) >= {"bias", "common", "location"}
    assert data["item_model"][WRITTEN] != bundled["item_model"][WRITTEN]
    assert WRITTEN in data["scale"] and SPEECH not in data["scale"]
    assert data["counts"]  # the counts behind each figure
    # ... and the ASR-style form, which the sample lacks, keeps the bundled figures.
    assert data["item_model"][SPEECH] == bundled["item_model"][SPEECH]
    assert data["recall"][f"{SPEECH}|PERSON_NAME"] == bundled["recall"][f"{SPEECH}|PERSON_NAME"]
    # The labels mark persons, places and organisations: no figure for a type they never mark.
    assert not any("|PRODUCT" in key for key in data["recall"])
    # Its interval is the sample's own, not the bundled one across kinds of text.
    assert (data["interval"]["low"], data["interval"]["high"]) != (
        bundled["interval"]["low"], bundled["interval"]["high"])
    assert 0 < data["interval"]["low"] < 1 < data["interval"]["high"]


def test_a_job_config_points_risk_calibration_at_the_table(fitted, tmp_path: Path):
    """A real run on the direct runner: the estimate weighs items by the user's table, and the
    interval printed and written is the user's."""
    config = fitted.parent / "job.yaml"  # beside the table: the relative path is the config's
    config.write_text(f"extends: minimal\nrisk:\n  calibration: {fitted.name}\n", encoding="utf-8")
    records = [{k: v for k, v in r.items() if k != "labels"} for r in labelled_sample(600, 12)]
    out = tmp_path / "out"
    result = run_job("--input", str(write_jsonl(tmp_path / "in.jsonl", records)), "--output", str(out),
                     "--config", str(config), "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    mine = FittedTable.from_dict(json.loads(fitted.read_text()))
    bundled = load_fitted_table()
    rows = [json.loads(line) for part in sorted((out / "risk").glob("conversations-*"))
            for line in part.read_text().splitlines()]
    assert len(rows) == 12
    for row in rows:
        chances = [i.get("p") for i in row["items"]]
        expected, _ = conversation_estimate(row["items"], row["estimate"]["form"], mine, chances=chances)
        assert row["estimate"]["expected"] == pytest.approx(expected, rel=1e-3, abs=1e-3)
    pairs = [(r["estimate"]["expected"], r["estimate"]["variance"]) for r in rows]
    estimate = estimate_mean_plus_std(pairs)
    with_bundled = estimate_mean_plus_std(
        [conversation_estimate(r["items"], r["estimate"]["form"], bundled, texts=[])
         for r in rows])
    assert estimate > 0 and estimate != pytest.approx(with_bundled, rel=1e-2)  # the table weighs
    interval = json.loads((out / "risk" / "summary.json").read_text())["total"]["auditor_interval"]
    assert interval["estimate"] == pytest.approx(estimate, abs=1e-3)
    # The user's interval, on what the estimate weighed (what it counted stays as it is).
    assert (interval["low"], interval["high"]) == (pytest.approx(calibrated_end(rows, mine.low), abs=1e-3),
                                                   pytest.approx(calibrated_end(rows, mine.high), abs=1e-3))
    assert interval["measured_on"] == mine.fitted_on
    assert f"auditor's estimate {interval['estimate']:.2f}" in result.stdout + result.stderr


def test_the_setting_reads_the_file_and_names_it_when_it_cannot(fitted, tmp_path: Path):
    settings = parse_risk_settings({"calibration": str(fitted)}).calibration
    data = json.loads(fitted.read_text())
    assert (settings.low, settings.high) == (data["interval"]["low"], data["interval"]["high"])
    assert settings.table == str(fitted) and settings.weighted
    assert settings.fitted_table().scale_of(WRITTEN) == data["scale"][WRITTEN]
    # Beside `table`, an interval given by hand overrides the file's.
    wider = parse_risk_settings({"calibration": {"table": str(fitted), "high": 3.0}}).calibration
    assert (wider.low, wider.high) == (data["interval"]["low"], 3.0)
    with pytest.raises(ConfigError, match=r"risk\.calibration.*missing\.json"):
        parse_risk_settings({"calibration": str(tmp_path / "missing.json")})
    not_a_table = write_jsonl(tmp_path / "other.json", [])
    not_a_table.write_text('{"low": 1}')
    with pytest.raises(ConfigError, match=r"risk\.calibration.*not a fitted table"):
        parse_risk_settings({"calibration": str(not_a_table)})


def test_check_measures_a_table_against_the_bundled_one_on_other_labelled_records(fitted, tmp_path):
    other = write_jsonl(tmp_path / "other.jsonl", labelled_sample(300, 40))
    result = run_veil("calibrate", "--input", str(other), "--gold_field", "labels", "--rules_only",
                      "--check", str(fitted))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("written: 40 conversations, gold ") for line in lines)
    assert str(fitted) in lines[0] and "bundled table (rules-only job)" in lines[1]
    assert all("interval" in line and "verdict" in line for line in lines)


def test_a_form_too_thin_to_fit_keeps_the_bundled_interval_and_never_writes_nan(tmp_path):
    # Single tweets: a few are written without capitals or sentence punctuation, so the sample
    # holds some ASR-style conversations, far too few to fit that form on.
    sample = write_jsonl(tmp_path / "labelled.jsonl", labelled_sample(0, 150, per_conversation=1))
    table = tmp_path / "my_calibration.json"
    result = run_veil("calibrate", "--input", str(sample), "--gold_field", "labels", "--rules_only",
                      "--output", str(table))
    assert result.returncode == 0, result.stderr
    assert f"{SPEECH}: " in result.stdout and "the bundled figures and interval stand" in result.stdout
    data = json.loads(table.read_text())
    bundled = json.loads((ROOT / "veil" / "risk" / "auditor_calibration.json").read_text())["rules_only"]
    assert set(data["dev_cells"]) == {WRITTEN}
    interval = data["interval"]
    assert interval["low"] <= bundled["interval"]["low"] and interval["high"] >= bundled["interval"]["high"]
    assert "NaN" not in table.read_text()


def test_calibration_detects_as_the_job_does_with_what_the_conversation_says_again():
    # The table is fitted on what the job would leave, so its detection must be the job's: a
    # name found in one turn is found where a later turn says it again (the job's anonymisation
    # does the same: veil.detection.name_repeats.with_repeats).
    from pipelines.calibrate import JobDetector
    from veil.run.config import load_config

    texts = ["Hello, my name is Haven Brooks.", "so haven, what is the problem?"]
    found = JobDetector(load_config("call_transcripts"), model=False).detect(texts)
    assert (1, "haven") in [(f.turn, texts[f.turn][f.start:f.end]) for f in found]


def test_calibration_detects_in_the_jobs_order_merging_before_it_spreads():
    # The job merges the detectors' findings, which trims "ivy can" to the name, and then
    # looks for the names said again; spread before the merge, the later "ivy" was not found
    # and calibrate scored a leak the job does not leave.
    from pipelines.calibrate import JobDetector
    from veil.run.config import load_config

    texts = ["you're through to vodafone my name's ivy can i take your name please",
             "alright cheers ivy you've been a star"]
    found = JobDetector(load_config("call_transcripts"), model=False).detect(texts)
    said = [(f.turn, texts[f.turn][f.start:f.end]) for f in found if f.info_type == "PERSON_NAME"]
    assert (0, "ivy") in said and (1, "ivy") in said
    assert (0, "ivy can") not in said


def test_calibrate_scores_labelled_calls_as_a_real_job_leaves_them(tmp_path: Path):
    """`veil calibrate` and a real job (direct runner) on the same labelled calls, lower-cased
    as a recogniser writes them, print the same gold figure and the same estimate: calibrate
    detects as the job does, in its order (merge, then what the conversation says again)."""
    from veil.measure.asr_style import asr_style_record
    from veil.measure.entity_measure import labelled_records

    records = [asr_style_record(record)
               for record in labelled_records(ROOT / "data" / "handchecked" / "more_calls.yaml")]
    calls = write_jsonl(tmp_path / "calls.jsonl", records)
    checked = run_veil("calibrate", "--input", str(calls), "--gold_field", "pii", "--rules_only",
                       "--check", str(ROOT / "veil" / "risk" / "auditor_calibration.json"))
    assert checked.returncode == 0, checked.stderr
    line = checked.stdout.strip().splitlines()[0]
    gold, estimate = (float(line.split(f"{word} ")[1].split()[0]) for word in ("gold", "estimate"))
    out = tmp_path / "out"
    job = run_job("--input", str(calls), "--output", str(out), "--config", "call_transcripts",
                  "--detectors", "rules", "--gold_field", "pii")
    assert job.returncode == 0, job.stderr
    total = json.loads((out / "risk" / "summary.json").read_text())["total"]
    assert line.startswith(f"speech: {len(records)} conversations")
    assert total["mean_plus_std"] == pytest.approx(gold, abs=0.005)
    assert total["auditor"]["interval"]["estimate"] == pytest.approx(estimate, abs=0.005)
