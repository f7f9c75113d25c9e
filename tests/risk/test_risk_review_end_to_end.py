"""The paper's human loop through the real command line: sample, annotate, score, combine."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, run_job, run_veil, write_jsonl


def veil(*args: str) -> subprocess.CompletedProcess:
    """`veil` in a process of its own; run_veil runs it in this one."""
    return subprocess.run([sys.executable, "-m", "pipelines.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def conversation(i: int) -> dict:
    return {"id": f"c{i}", "context": "support", "turns": [
        {"speaker": "agent", "text": "Thanks for calling, who am I speaking with?"},
        {"speaker": "caller", "text": f"This is Tomasz Kowalczyk, my email is caller{i}@example.org."},
        {"speaker": "agent", "text": "Thank you, one moment please."},
    ]}


def test_sample_annotate_and_score_round_trip(tmp_path: Path):
    write_jsonl(tmp_path / "in.jsonl", [conversation(i) for i in range(6)])
    out = tmp_path / "out"
    # The minimal profile has no names: the job leaves them, and the auditor should say so.
    job = run_job("--input", str(tmp_path / "in.jsonl"), "--output", str(out), "--detectors", "rules")
    assert job.returncode == 0, job.stderr

    review = tmp_path / "review.jsonl"
    wrote = veil("risk", "--run", str(out), "--sample", "3", "--seed", "5", "--write", str(review))
    assert wrote.returncode == 0, wrote.stderr
    sample = [json.loads(line) for line in review.read_text().splitlines()]
    assert len(sample) == 3 and all(r["veil_review"]["seed"] == 5 for r in sample)
    # The same seed gives the same file.
    again = tmp_path / "again.jsonl"
    assert run_veil("risk", "--run", str(out), "--sample", "3", "--seed", "5", "--write", str(again)).returncode == 0
    assert again.read_bytes() == review.read_bytes()
    caller_turns = [r["turns"][1]["text"] for r in sample]
    assert all("(Tomasz Kowalczyk)[MISSED_PERSON_NAME?]" in t for t in caller_turns), caller_turns
    assert all("@example.org" not in t for t in caller_turns)  # the job redacted the emails

    # People: confirm the first, reject the second, leave the third unresolved, and add a mark.
    sample[0]["turns"][1]["text"] = caller_turns[0].replace("[MISSED_PERSON_NAME?]", "[MISSED_PERSON_NAME]")
    sample[1]["turns"][1]["text"] = caller_turns[1].replace("(Tomasz Kowalczyk)[MISSED_PERSON_NAME?]",
                                                            "Tomasz Kowalczyk")
    sample[2]["turns"][2]["text"] = "Thank you, (Springfield)[MISSED_LOCATION] office, one moment please."
    annotated = write_jsonl(tmp_path / "annotated.jsonl", sample)

    scored = run_veil("risk", "--annotated", str(annotated), "--run", str(out), "--output", str(tmp_path / "reviewed"))
    assert scored.returncode == 0, scored.stderr
    summary = json.loads((tmp_path / "reviewed" / "summary.json").read_text())
    rows = {r["id"]: r for r in map(json.loads, (tmp_path / "reviewed" / "conversations.jsonl").read_text().splitlines())}
    ids = [r["id"] for r in sample]
    assert [rows[i]["score"] for i in ids] == [5, 0, 5 + 2]  # confirmed; rejected; unresolved + added
    assert rows[ids[2]]["unresolved"] == 1
    people = summary["contribution"]["annotated"]
    assert (people["conversations"], people["score"], people["unresolved_marks"]) == (3, 12, 1)
    assert summary["contribution"]["audit"]["conversations"] == 3
    assert summary["total"]["count"] == 6 and summary["total"]["sources"] == {"annotated": 3, "audit": 3}
    assert "auditor_interval" in summary["total"]
    # The run had no model: its estimates were weighed by the table fitted on rules-only output,
    # and the review's interval is that table's too, as in the run's own summary.
    run_interval = json.loads((out / "risk" / "summary.json").read_text())["total"]["auditor_interval"]
    assert "rules-only job alone" in run_interval["measured_on"]
    assert summary["total"]["auditor_interval"]["measured_on"] == run_interval["measured_on"]
    assert "Contributions:" in scored.stdout and "counted as confirmed" in scored.stdout
    assert 'id="contribution"' in (tmp_path / "reviewed" / "report.html").read_text()


def test_writing_a_sample_needs_a_run(tmp_path: Path):
    result = run_veil("risk", "--write", str(tmp_path / "r.jsonl"))
    assert result.returncode == 2 and "--run" in result.stderr
    result = run_veil("risk", "--run", str(tmp_path / "nothing"), "--write", str(tmp_path / "r.jsonl"))
    assert result.returncode == 2 and "no corpus" in result.stderr
