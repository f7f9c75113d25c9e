"""Unicode disguises end to end (issue #34, item 7): the job redacts the disguised values and
keeps every other character as given, and the residual-risk auditor sees through the
disguises of a job that was not asked to find them. Real jobs on Beam's runner, the real
auditor (rules and spaCy)."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, read_jsonl_folder, run_job, write_jsonl
# A job that looks for one custom id only: every disguised value is left as written.
from tests.risk.test_gold_field import BLIND_CONFIG
from tests.support.unicode_disguises import DIRECT, DISGUISES, fullwidth


def records(disguises) -> list[dict]:
    return [{"id": f"d{i}", "turns": [
        {"speaker": "agent", "text": "Thanks for calling, how can I help?"},
        {"speaker": "customer", "text": text}]} for i, (_, text, _, _) in enumerate(disguises)]


def apply(text: str, rows: list[dict]) -> str:
    for row in sorted(rows, key=lambda r: r["start"], reverse=True):
        text = text[: row["start"]] + row["placeholder"] + text[row["end"]:]
    return text


@pytest.fixture(scope="module")
def anonymised(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("disguised")
    config = yaml.safe_load((ROOT / "veil" / "profiles" / "call_transcripts.yaml").read_text())
    config["detectors"] = {"rules": True}  # no model is trained in tests
    config.setdefault("risk", {})["audit_sample"] = "all"
    (tmp / "config.yaml").write_text(yaml.safe_dump(config))
    out = tmp / "out"
    result = run_job("--input", str(write_jsonl(tmp / "in.jsonl", records(DISGUISES))),
                     "--output", str(out), "--config", str(tmp / "config.yaml"))
    assert result.returncode == 0, result.stderr
    return out


def test_each_disguised_value_is_replaced_and_every_other_character_kept(anonymised):
    corpus = {r["id"]: r for r in read_jsonl_folder(anonymised / "corpus")}
    rows = defaultdict(list)
    for row in read_jsonl_folder(anonymised / "findings"):
        rows[(row["id"], row["turn"])].append(row)
    for i, (name, text, value, info_type) in enumerate(DISGUISES):
        written = corpus[f"d{i}"]["turns"][1]["text"]
        start = text.index(value)
        covering = [r for r in rows[(f"d{i}", 1)] if r["start"] <= start and r["end"] >= start + len(value)]
        assert [r["info_type"] for r in covering] == [info_type], name
        assert written == apply(text, rows[(f"d{i}", 1)]), name  # only found spans replaced
        assert value not in written and f"[{info_type}_1]" in written, name
        assert written.startswith(text[:start]) and written.endswith(text[start + len(value):]), name


def test_a_value_and_its_disguised_spelling_are_one_entity(tmp_path):
    plain, disguised = "dana.cho@example.com", fullwidth("dana.cho@example.com")
    record = {"id": "one", "turns": [
        {"speaker": "customer", "text": f"It's {plain}."},
        {"speaker": "customer", "text": f"Again: {disguised}, and also bo.li@example.org."}]}
    out = tmp_path / "out"
    result = run_job("--input", str(write_jsonl(tmp_path / "in.jsonl", [record])), "--output", str(out),
                     "--config", "call_transcripts", "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    (written,) = read_jsonl_folder(out / "corpus")
    assert [t["text"] for t in written["turns"]] == [
        "It's [EMAIL_ADDRESS_1].", "Again: [EMAIL_ADDRESS_1], and also [EMAIL_ADDRESS_2]."]


def test_the_risk_report_finds_no_disguised_identifier_left(anonymised):
    summary = json.loads((anonymised / "risk" / "summary.json").read_text())
    assert summary["total"]["with_direct_identifier"] == 0


@pytest.fixture(scope="module")
def left_raw(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("blind")
    (tmp / "blind.yaml").write_text(BLIND_CONFIG)
    out = tmp / "out"
    result = run_job("--input", str(write_jsonl(tmp / "in.jsonl", records(DIRECT))),
                     "--output", str(out), "--config", str(tmp / "blind.yaml"),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    return out


def test_the_auditor_counts_each_disguised_identifier_left_raw(left_raw):
    corpus = {r["id"]: r for r in read_jsonl_folder(left_raw / "corpus")}
    for i, (name, text, _, _) in enumerate(DIRECT):
        assert corpus[f"d{i}"]["turns"][1]["text"] == text, name  # written as given
    summary = json.loads((left_raw / "risk" / "summary.json").read_text())
    assert summary["total"]["with_direct_identifier"] == len(DIRECT)
    # One identifier a conversation scores 4 or 5 (the paper's Table 6): mean + std is 4.5, just
    # below the threshold. The identifiers are counted, not estimated (no fitting set labels
    # them), so the calibrated interval has no error to add: it is the point itself, the verdict
    # a pass as the paper's criterion gives it, and the report names the six conversations.
    interval = summary["total"]["auditor_interval"]
    assert interval["estimate"] == pytest.approx(summary["total"]["mean_plus_std"], abs=1e-3)
    assert interval["low"] == interval["high"] == pytest.approx(interval["estimate"], abs=1e-3)
    assert 4 < interval["estimate"] < 5 and interval["borderline"] is False
    assert summary["passes"] is True
    rows = [json.loads(line) for part in sorted((left_raw / "risk").glob("conversations-*"))
            for line in part.read_text().splitlines()]
    by_id = {row["id"]: {item["info_type"] for item in row["items"]} for row in rows}
    for i, (name, _, _, info_type) in enumerate(DIRECT):
        assert info_type in by_id[f"d{i}"], name
