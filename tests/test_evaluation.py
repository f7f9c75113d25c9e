"""Evaluation metrics on hand-made cases with known answers, and `veil evaluate` end to end."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from veil.evaluation import ALL, Evaluation, Span, f_beta


def test_f_beta_known_values():
    assert f_beta(1.0, 1.0, 5) == 1.0
    assert f_beta(0.0, 0.0, 5) == 0.0
    assert f_beta(0.5, 1.0, 1) == pytest.approx(2 / 3)
    # F5 is dominated by recall: (1 + 25) * p * r / (25 p + r)
    assert f_beta(0.5, 1.0, 5) == pytest.approx(26 * 0.5 / (12.5 + 1))
    assert f_beta(1.0, 0.5, 5) == pytest.approx(26 * 0.5 / (25 + 0.5))


def test_entity_and_token_counts_on_a_hand_made_case():
    texts = ["call Mark Green at 555 0100 today", "email mg at x.org"]
    gold = [Span(0, 5, 15, "PERSON_NAME"), Span(0, 19, 27, "PHONE_NUMBER"), Span(1, 12, 17, "DOMAIN_NAME")]
    predicted = [
        Span(0, 5, 9, "PERSON_NAME"),      # partial name: overlap yes, exact no
        Span(0, 19, 27, "PHONE_NUMBER"),   # exact
        Span(1, 12, 17, "URL"),            # right place, wrong type
        Span(0, 28, 33, "DATE"),           # false positive
    ]
    evaluation = Evaluation()
    evaluation.add(texts, gold, predicted, "support", negatives=[Span(0, 28, 33, "time"), Span(0, 0, 4, "word")])
    report = evaluation.report()
    metrics = report["metrics"]

    exact = metrics["entity_exact"][ALL]
    assert exact["micro"]["tp"] == 1 and exact["micro"]["fn"] == 2 and exact["micro"]["fp"] == 3
    assert exact["per_info_type"]["PERSON_NAME"] == {
        "tp": 0, "fp": 1, "fn": 1, "precision": 0.0, "recall": 0.0, "f1": 0.0, "f5": 0.0, "support": 1}

    overlap = metrics["entity_overlap"][ALL]
    assert (overlap["micro"]["tp"], overlap["micro"]["fp"], overlap["micro"]["fn"]) == (2, 2, 1)
    assert overlap["micro"]["recall"] == round(2 / 3, 4)

    # Tokens: gold Mark, Green, 555, 0100, x, org; predicted Mark, 555, 0100, x(URL), org(URL), today.
    token = metrics["token"][ALL]["micro"]
    assert (token["tp"], token["fp"], token["fn"]) == (3, 3, 3)

    redaction = metrics["redaction_entity_overlap"][ALL]["micro"]
    assert (redaction["tp"], redaction["fp"], redaction["fn"]) == (3, 1, 0)
    assert metrics["entity_overlap"]["context:support"]["micro"] == overlap["micro"]
    assert report["hard_negatives"] == {"total": 2, "redacted": 1, "false_positive_rate": 0.5}


def test_veil_evaluate_on_the_sample(tmp_path):
    report_path = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "evaluate", "--input", "data/sample.jsonl", "--report", str(report_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(report_path.read_text())
    assert report["records"] == 300
    email = report["metrics"]["entity_overlap"][ALL]["per_info_type"]["EMAIL_ADDRESS"]
    assert email["support"] > 50 and email["recall"] > 0.5
    assert "EMAIL_ADDRESS" in result.stdout and "micro" in result.stdout
    assert report["hard_negatives"]["total"] > 0
    risk = report["residual_risk"]
    assert risk["total"]["count"] == 300 and set(risk["contexts"]) >= {"customer_support", "voicemail"}
    assert "Residual risk from gold labels" in result.stdout and "Total" in result.stdout
