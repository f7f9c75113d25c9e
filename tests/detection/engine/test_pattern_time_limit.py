"""A config pattern RE2 cannot run has a hard time limit per call (issue #34, item 4).

`(?!x)a*a*a*c` passes the backtracking check (no nested repetition) and needs a lookahead, so
it cannot run on RE2; on Python's `re` one search of a 3,000-character turn ran for minutes,
and the record deadline, checked only between rules, never fired."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job
from tests.detection.engine.conftest import make_engine
from veil.detection.deadline import DetectionDeadlineExceeded, detection_deadline
from veil.detection.engine.regex_safety import backtracking_problem
from veil.detection.engine.user_regex import PatternTimeLimitExceeded, TimedPattern, compile_user_pattern

POLYNOMIAL = r"(?!x)a*a*a*c"
SLOW_TEXT = "a" * 3000 + "bc"


def custom(pattern):
    return {"custom_info_types": [
        {"info_type": {"name": "X"}, "regex": {"pattern": pattern}, "likelihood": "LIKELY"}]}


def test_the_pattern_passes_the_backtracking_check_and_is_not_on_re2():
    assert backtracking_problem(POLYNOMIAL) is None
    assert isinstance(compile_user_pattern(POLYNOMIAL), TimedPattern)


def test_a_slow_search_stops_at_the_records_deadline():
    engine = make_engine(custom(POLYNOMIAL))
    with pytest.raises(DetectionDeadlineExceeded) as raised:
        with detection_deadline(0.5):
            engine.inspect_text(SLOW_TEXT)
    assert isinstance(raised.value, PatternTimeLimitExceeded)
    assert "RE2 syntax" in str(raised.value)


def test_the_timed_pattern_finds_what_re_finds():
    import re

    for pattern, text in [(r"(?<!\d)\d{3}(?!\d)", "a 123 4567 89 012"), (r"(\w)\1", "aa bc dd"),
                          (POLYNOMIAL, "aac xc")]:
        timed, plain = compile_user_pattern(pattern), re.compile(pattern)
        assert [m.span() for m in timed.finditer(text)] == [m.span() for m in plain.finditer(text)]
        assert [m.span() for m in timed.finditer(text, 2, 9)] == [m.span() for m in plain.finditer(text, 2, 9)]
        assert timed.search(text, 3).span() == plain.search(text, 3).span()
        assert timed.groups == plain.groups


def test_a_record_that_stalls_a_pattern_goes_to_errors_end_to_end(tmp_path: Path):
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({
        "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}], **custom(POLYNOMIAL)},
        "detection": {"record_deadline_s": 1}, "detectors": {"rules": True},
    }), encoding="utf-8")
    records = [{"id": "before", "text": "write to ann@example.com"},
               {"id": "stall", "turns": [{"speaker": "a", "text": SLOW_TEXT}]},
               {"id": "after", "text": "or to bo@example.org"}]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out"

    result = run_job("--input", str(source), "--output", str(out), "--config", str(config))

    assert result.returncode == 0, result.stderr
    assert [r["id"] for r in read_jsonl_folder(out / "corpus")] == ["before", "after"]
    (error,) = read_jsonl_folder(out / "errors")
    assert error["id"] == "stall" and "took more than" in error["reason"]
