"""Gold labels never launder the verdict (issues #30 and #34, item 2).

A record's own `pii` list is evaluation data: it scores residual risk only when the user asks
for it with `--gold_field NAME`, and even then the auditor still reads every record, the report
shows the two figures side by side and says which decided the verdict. Real jobs, real runner,
the real auditor (rules and spaCy)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from veil.io.summary import format_summary as format_job_summary
from veil.risk.report import build_report, format_summary
from veil.risk.stats import summarise

# A job that looks for one custom id only: every email, phone, SSN and card is written raw.
BLIND_CONFIG = """\
inspect_config:
  info_types: []
  custom_info_types:
    - info_type: {name: EMPLOYEE_ID}
      regex: {pattern: '\\b(EMP-\\d{6})\\b', group_indexes: [1]}
      likelihood: VERY_LIKELY
risk:
  audit_sample: all
"""


def leaky_records(n: int, gold_field: str = "pii") -> list[dict]:
    """Records that claim to hold no personal data, and hold a lot of it."""
    return [{"id": f"r{i}", "turns": [
        {"speaker": "agent", "text": "Thanks for calling, how can I help?"},
        {"speaker": "customer", "text": f"Write to jane.doe{i}@example.com or call 415-555-01{i:02d}."},
        {"speaker": "customer", "text": f"My SSN is 123-45-67{i:02d} and the card 4111 1111 1111 1111."}],
        gold_field: []} for i in range(n)]


def run(tmp_path: Path, records: list[dict], name: str, *extra: str) -> Path:
    config = tmp_path / "blind.yaml"
    config.write_text(BLIND_CONFIG)
    corpus = write_jsonl(tmp_path / f"{name}.jsonl", records)
    out = tmp_path / name
    result = run_job("--input", str(corpus), "--output", str(out), "--config", str(config),
                     "--detectors", "rules", *extra)
    assert result.returncode == 0, result.stderr
    return out


def summary(out: Path) -> dict:
    return json.loads((out / "risk" / "summary.json").read_text())


def risk_rows(out: Path) -> list[dict]:
    return [json.loads(line) for part in sorted((out / "risk").glob("conversations-*"))
            for line in part.read_text().splitlines()]


@pytest.fixture(scope="module")
def unasked(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("unasked")
    return run(tmp, leaky_records(8), "out")


def test_an_empty_pii_list_does_not_make_a_leaky_corpus_pass(unasked):
    written = " ".join(t["text"] for r in read_jsonl_folder(unasked / "corpus") for t in r["turns"])
    assert "jane.doe3@example.com" in written and "123-45-6703" in written  # the job left them raw
    figures = summary(unasked)
    assert figures["passes"] is False
    assert figures["total"]["sources"] == {"audit": 8}  # the labels were not asked for: unused
    assert figures["total"]["with_direct_identifier"] == 8
    assert figures["total"]["decided_by"] == ["auditor"]
    found = {item["info_type"] for row in risk_rows(unasked) for item in row["items"]}
    assert {"EMAIL_ADDRESS", "PHONE_NUMBER", "US_SOCIAL_SECURITY_NUMBER", "CREDIT_CARD_NUMBER"} <= found


def test_the_labels_are_still_dropped_from_the_corpus_when_not_asked_for(unasked):
    assert all("pii" not in record for record in read_jsonl_folder(unasked / "corpus"))


def test_asked_for_gold_labels_stand_beside_the_auditor_which_still_decides(tmp_path):
    records = leaky_records(6, gold_field="labels")
    out = run(tmp_path, records, "asked", "--gold_field", "labels")
    figures = summary(out)
    total = figures["total"]
    assert total["sources"] == {"gold": 6}
    # Gold (empty labels) says nothing is left; the auditor reads the raw values.
    assert total["mean_plus_std"] == 0
    assert total["auditor"]["count"] == 6 and total["auditor"]["mean_plus_std"] > 5
    assert total["auditor"]["passes"] is False
    assert figures["passes"] is False and total["decided_by"] == ["auditor"]
    rows = risk_rows(out)
    assert all(row["source"] == "gold" and row["score"] == 0 and row["auditor"]["score"] > 5
               for row in rows)
    assert all("labels" not in record for record in read_jsonl_folder(out / "corpus"))
    text = format_summary(figures)
    assert "gold labels" in text and "auditor" in text and "decided by the auditor" in text
    page = build_report(figures, rows)
    assert "decided by the auditor" in page
    # The run's own summary says the same: gold's figure passes, but the auditor's decides.
    job = json.loads((out / "job_summary.json").read_text())
    assert job["risk"]["decided_by"] == ["auditor"] and job["risk"]["auditor_beside"]["passes"] is False
    lines = format_job_summary(job).splitlines()
    assert "  residual risk:   FAIL, decided by the auditor" in "\n".join(lines)
    assert any(line.startswith("    gold labels:   mean + std = 0.00 (pass)") for line in lines)
    assert any(line.startswith("    auditor:       estimate") and line.split(";")[0].endswith("(fail)")
               for line in lines)


def test_gold_field_takes_only_the_named_field(tmp_path):
    """A `pii` list is not gold when the user named another field."""
    records = leaky_records(4)
    out = run(tmp_path, records, "other", "--gold_field", "labels")
    assert summary(out)["total"]["sources"] == {"audit": 4}
    assert summary(out)["passes"] is False


def _row(rid: str, gold: int, audit: int) -> dict:
    return {"id": rid, "context": None, "score": gold, "source": "gold", "items": [],
            "direct_identifier": False, "auditor": {"score": audit, "direct_identifier": False}}


def test_when_both_pass_both_decided():
    figures = summarise([_row(f"c{i}", 1, 2) for i in range(10)], threshold=5.0)
    assert figures["passes"] is True
    assert figures["total"]["decided_by"] == ["gold", "auditor"]
    assert figures["total"]["auditor"]["mean_plus_std"] == 2


def test_gold_failing_fails_the_corpus_whatever_the_auditor_says():
    figures = summarise([_row(f"c{i}", 9, 0) for i in range(10)], threshold=5.0)
    assert figures["passes"] is False
    assert figures["total"]["decided_by"] == ["gold"]
    assert figures["total"]["auditor"]["passes"] is True
