"""A per-record detection deadline: one pathological record cannot stall a worker, and is
never written un-redacted (`veil.detection.deadline`, `detection.record_deadline_s`)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job
from veil.run.config import load_config, parse_config
from veil.detection.deadline import DetectionDeadlineExceeded, check_deadline, detection_deadline
from veil.detection.detect import ConversationDetector
from veil.run.errors import ConfigError

# A 4 MB document of e-mail addresses: hundreds of thousands of findings in one turn.
HUGE = " ".join(f"person{i}@example.com" for i in range(200_000))


def busy_until_checked():
    while True:
        check_deadline()


def test_check_raises_only_past_the_deadline_and_only_inside_it():
    check_deadline()  # no deadline set: nothing happens
    with detection_deadline(0.05):
        check_deadline()
        with pytest.raises(DetectionDeadlineExceeded, match="record_deadline_s"):
            busy_until_checked()
    check_deadline()
    with detection_deadline(0):  # 0: no deadline
        started = time.thread_time()
        while time.thread_time() - started < 0.1:
            check_deadline()


def test_the_engine_stops_a_huge_record_at_its_deadline():
    detector = ConversationDetector(load_config("minimal"))
    detector.warm_up()
    with detection_deadline(0.5), pytest.raises(DetectionDeadlineExceeded):
        detector.detect(["Hello", HUGE])
    # The same detector still serves the next record.
    with detection_deadline(0.5):
        found = detector.detect(["mail me at ann@example.com"])
    assert [f.info_type for f in found] == ["EMAIL_ADDRESS"]


def test_the_deadline_is_a_validated_config_setting():
    assert load_config("minimal").detection.record_deadline_s == 60
    config = parse_config({"detection": {"record_deadline_s": 2.5}})
    assert config.detection.record_deadline_s == 2.5
    with pytest.raises(ConfigError, match="detection.record_deadline_s"):
        parse_config({"detection": {"record_deadline_s": -1}})


def test_a_record_past_its_deadline_goes_to_errors_end_to_end(tmp_path: Path):
    config = tmp_path / "config.yaml"
    config.write_text(
        "inspect_config: {info_types: [{name: EMAIL_ADDRESS}, {name: PHONE_NUMBER}]}\n"
        "detectors: {rules: true}\n"
        "detection: {record_deadline_s: 1}\n",
        encoding="utf-8",
    )
    records = [
        {"id": "before", "text": "write to ann@example.com"},
        {"id": "huge", "text": HUGE},
        {"id": "after", "turns": [{"speaker": "a", "text": "call 415-555-0134 or bo@example.org"}]},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out"

    result = run_job("--input", str(source), "--output", str(out), "--config", str(config))
    assert result.returncode == 0, result.stderr

    corpus = read_jsonl_folder(out / "corpus")
    errors = read_jsonl_folder(out / "errors")
    assert [r["id"] for r in corpus] == ["before", "after"]
    assert corpus[0]["text"] == "write to [EMAIL_ADDRESS_1]"
    assert [(e["id"], e["reason"]) for e in errors] == [
        ("huge", "detection failed: detection took more than 1 s of CPU time "
                 "(detection.record_deadline_s)")]
    written = "".join(path.read_text() for path in (out / "corpus").iterdir())
    assert "person1@example.com" not in written
    summary = json.loads((out / "job_summary.json").read_text())
    assert summary["records"] == {"in": 3, "written": 2, "errored": 1, "accounted_for": True}


def test_a_batch_past_the_deadline_is_redone_record_by_record():
    """`RulesFn` detects a batch of records in one call under one record's deadline; past
    it, each record is detected again alone, so that only the slow one fails."""
    from transforms.detect import RulesFn
    from transforms.elements import Detected, Failed, Parsed
    from veil.io.records import Conversation, Turn

    config = parse_config({
        "inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}]},
        "detectors": {"rules": True},
        "detection": {"record_deadline_s": 0.3},
    })
    rules = RulesFn(config)
    rules.setup()
    texts = {"before": "write to ann@example.com", "slow": HUGE, "after": "or bo@example.org"}
    batch = [Parsed(name, Conversation(id=name, turns=[Turn(text)], is_document=True, record={}))
             for name, text in texts.items()]

    out = list(rules.process(batch))

    detected = {d.conversation.id: d.findings for d in out if isinstance(d, Detected)}
    failed = [o.value for o in out if not isinstance(o, Detected)]
    assert sorted(detected) == ["after", "before"]
    assert [f.info_type for f in detected["before"]] == ["EMAIL_ADDRESS"]
    assert [(f.record_id, f.reason) for f in failed if isinstance(f, Failed)] == [
        ("slow", "detection failed: detection took more than 0.3 s of CPU time "
                 "(detection.record_deadline_s)")]
