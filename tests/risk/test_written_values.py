"""What the job wrote is never scored, and fields are read with their names (issue #30).

A surrogate the job put in (a fake phone number, a fake name) is not a leak; a field whose value
is `voicemail` is not a person's name. Real job, real runner, the real auditor (rules and spaCy).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import read_jsonl_folder, run_job, write_jsonl
from veil.transform.anonymize import Replacement
from veil.detection.findings import Finding, Likelihood
from veil.risk.audit import from_audit, written_values
from veil.risk.record import field_items

pytestmark = pytest.mark.slow

KEY_ENV = "VEIL_WRITTEN_VALUES_TEST_KEY"
SURROGATES = """\
inspect_config:
  info_types: [{name: EMAIL_ADDRESS}, {name: PHONE_NUMBER}, {name: PERSON_NAME}]
  min_likelihood: POSSIBLE
deidentify_config:
  info_type_transformations:
    transformations:
    - primitive_transformation:
        surrogate_config:
          crypto_key: {env: VEIL_WRITTEN_VALUES_TEST_KEY}
risk:
  audit_sample: all
"""


def records(n: int) -> list[dict]:
    return [{"id": f"v{i}", "context": "voicemail", "turns": [
        {"speaker": "caller", "text": f"Hi, it's Peggy Graham, call me back on (854) 933-91{i:02d}."},
        {"speaker": "caller", "text": f"Or write to peggy.graham{i}@morse.com, thanks."}]}
        for i in range(n)]


@pytest.fixture(scope="module")
def job(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("written")
    config = tmp / "surrogates.yaml"
    config.write_text(SURROGATES)
    out = tmp / "out"
    result = run_job("--input", str(write_jsonl(tmp / "in.jsonl", records(6))), "--output", str(out),
                     "--config", str(config), "--detectors", "rules",
                     env={KEY_ENV: "0123456789abcdef0123456789abcdef"})
    assert result.returncode == 0, result.stderr
    return out


def test_surrogates_the_job_wrote_are_not_scored(job: Path):
    written = {r["id"]: " ".join(t["text"] for t in r["turns"]) for r in read_jsonl_folder(job / "corpus")}
    assert all("933-91" not in text and "peggy.graham" not in text for text in written.values())
    assert all("@" in text for text in written.values())  # a fake email address stands there
    rows = [json.loads(line) for part in sorted((job / "risk").glob("conversations-*"))
            for line in part.read_text().splitlines()]
    assert len(rows) == 6
    scored = {(item["info_type"], tuple(item.get("fields", ()))) for row in rows for item in row["items"]}
    assert not {t for t, _ in scored} & {"EMAIL_ADDRESS", "PHONE_NUMBER"}, scored


def test_a_context_named_voicemail_is_not_a_name(job: Path):
    rows = [json.loads(line) for part in sorted((job / "risk").glob("conversations-*"))
            for line in part.read_text().splitlines()]
    assert not [item for row in rows for item in row["items"] if "context" in item.get("fields", ())]


def test_written_values_move_with_earlier_replacements():
    text = "call 555-0134 or mail a@b.co now"
    replacements = [
        Replacement(Finding(0, 5, 13, "PHONE_NUMBER", Likelihood.LIKELY), "(854) 933-9147"),
        Replacement(Finding(0, 22, 28, "EMAIL_ADDRESS", Likelihood.LIKELY), "x@y.org"),
    ]
    out = "call (854) 933-9147 or mail x@y.org now"
    spans = written_values(replacements)[0]
    assert [out[p.start:p.end] for p in spans] == ["(854) 933-9147", "x@y.org"]
    hits = [{"turn": 0, "start": 5, "end": 19, "info_type": "PHONE_NUMBER"},
            {"turn": 0, "start": 28, "end": 35, "info_type": "EMAIL_ADDRESS"}]
    assert from_audit([out], hits) and not from_audit([out], hits, written={0: spans})
    assert text  # the original, for the reader


def test_field_values_are_read_after_their_names():
    seen = []

    def detect(texts):
        seen.extend(texts)
        # a name-finder that calls any bare value a name, and the name itself too
        return [Finding(i, 0, len(t), "PERSON_NAME", Likelihood.LIKELY) for i, t in enumerate(texts)]

    assert field_items([(("context",), "voicemail")], detect) == []
    assert seen == ["context: voicemail"]
    seen.clear()
    field_items([(("negatives", 2, "kind"), "name_word")], detect)
    assert seen == ["kind: name_word"]
