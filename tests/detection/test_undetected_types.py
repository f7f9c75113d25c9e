"""A job that cannot find what its profile asks for stops at start (issue #34, item 3), and
`--fail_on_risk` keeps a failing corpus from being picked up."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_job, write_jsonl
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.profile_coverage import undetected_direct_types
from veil.io.storage import Storage

EMAIL, PHONE, SSN = "EMAIL_ADDRESS", "PHONE_NUMBER", "US_SOCIAL_SECURITY_NUMBER"
TYPES = f"[{{name: {EMAIL}}}, {{name: {PHONE}}}, {{name: {SSN}}}]"


def conversations(n: int) -> list[dict]:
    return [{"id": f"c{i}", "turns": [
        {"speaker": "caller", "text": f"Mail me at caller{i}@example.org or call (415) 555-01{i:02d}."},
        {"speaker": "agent", "text": f"Your SSN is 123-45-67{i:02d}, right?"}]} for i in range(n)]


def profile(tmp_path: Path, extra: str = "", min_likelihood: str = "POSSIBLE", types: str = TYPES) -> Path:
    path = tmp_path / "job.yaml"
    # The rules alone: a config that sets no detectors inherits the default profile's, model too.
    path.write_text(f"detectors: {{rules: true}}\ninspect_config:\n  info_types: {types}\n"
                    f"  min_likelihood: {min_likelihood}\n{extra}")
    return path


EXCLUDE_ALL = f"""  rule_set:
    - info_types: {TYPES}
      rules:
        - exclusion_rule:
            regex: {{pattern: '.*'}}
            matching_type: MATCHING_TYPE_FULL_MATCH
"""


def test_profiles_as_shipped_find_every_direct_identifier_they_ask_for():
    for name in ("minimal", "call_transcripts", "auditor"):
        detector = ConversationDetector(load_config(name, Storage()))
        assert undetected_direct_types(detector.engine.info_types, BUILTINS, detector.detect) == {}, name


@pytest.mark.parametrize("setup, types", [
    ("exclude-all", {EMAIL, PHONE, SSN}),
    # Their detectors never reach VERY_LIKELY on their own; an email does.
    ("very-likely", {"STREET_ADDRESS", "PASSPORT"}),
])
def test_a_profile_whose_types_cannot_be_found_is_refused_at_start(tmp_path: Path, setup, types):
    source = write_jsonl(tmp_path / "in.jsonl", conversations(3))
    args = ["--input", str(source), "--output", str(tmp_path / "out")]
    if setup == "exclude-all":
        args += ["--config", str(profile(tmp_path, EXCLUDE_ALL))]
    else:
        asked = f"[{{name: {EMAIL}}}, {{name: STREET_ADDRESS}}, {{name: PASSPORT}}]"
        args += ["--config", str(profile(tmp_path, min_likelihood="VERY_LIKELY", types=asked))]

    result = run_job(*args)

    assert result.returncode == 2, result.stderr
    named = {line.split("direct identifier ", 1)[1].split(" ", 1)[0]
             for line in result.stderr.splitlines() if "direct identifier " in line}
    assert named == types
    assert "--allow_undetected_types" in result.stderr
    assert not (tmp_path / "out").exists()


def test_allowing_undetected_types_runs_reports_them_and_fail_on_risk_withholds_success(tmp_path: Path):
    source = write_jsonl(tmp_path / "in.jsonl", conversations(6))
    out = tmp_path / "out"
    config = profile(tmp_path, EXCLUDE_ALL)

    allowed = run_job("--input", str(source), "--output", str(out), "--config", str(config),
                      "--allow_undetected_types")
    assert allowed.returncode == 0, allowed.stderr
    summary = json.loads((out / "job_summary.json").read_text())
    assert set(summary["undetected_types"]) == {EMAIL, PHONE, SSN}
    assert "direct identifier EMAIL_ADDRESS cannot be found" in allowed.stderr
    assert summary["risk"]["passes"] is False  # the auditor sees what was left
    assert (out / "_SUCCESS").exists()  # without --fail_on_risk the old behaviour stays

    failing = run_job("--input", str(source), "--output", str(out), "--config", str(config),
                      "--allow_undetected_types", "--fail_on_risk")
    assert failing.returncode == 3, failing.stderr
    assert not (out / "_SUCCESS").exists()
    verdict = json.loads((out / "_RISK_FAILED").read_text())
    assert verdict["passes"] is False and verdict["with_direct_identifier"] == 6

    # A passing run on the same output replaces the marker with _SUCCESS.
    passing = run_job("--input", str(source), "--output", str(out), "--config", "minimal", "--fail_on_risk")
    assert passing.returncode == 0, passing.stderr
    assert (out / "_SUCCESS").exists() and not (out / "_RISK_FAILED").exists()


def test_models_alone_find_names_but_not_the_rules_types(tmp_path: Path):
    """`--detectors hf` alone: the job's own decision, on the detectors that will run."""
    from pipelines.anonymize import undetected_types
    from veil.detection.detector_config import DetectorSettings, HfDetectorSettings

    config = load_config(str(profile(tmp_path, types=f"[{{name: {EMAIL}}}, {{name: PERSON_NAME}}]")), Storage())
    detector = ConversationDetector(config)
    models_only = DetectorSettings(rules=False, hf=HfDetectorSettings(model="default"))
    assert set(undetected_types(detector, models_only, "rules")) == {EMAIL}
    both = DetectorSettings(rules=True, hf=HfDetectorSettings(model="default"))
    assert undetected_types(detector, both, "rules") == {}
    rules_only = DetectorSettings(rules=True)
    assert undetected_types(detector, rules_only, "rules") == {}
