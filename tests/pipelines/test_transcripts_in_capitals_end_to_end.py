"""A transcript in capitals throughout (as older recognisers, Kaldi's recipes and many reference
transcripts write speech) is read as its lower-case copy is (veil.detection.casing): the same
findings at the same offsets, the same residual-risk items and form, and the output keeps the
input's capitals. A real job on Beam's runner, the default profile's rules and the real auditor."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, read_jsonl_folder, run_job, write_jsonl

CALL = [
    ("agent", "thank you for calling how can i help you today"),
    ("caller", "hi my number is five five five one two three four and i live at twelve oak street in dayton ohio"),
    ("agent", "thanks and who am i speaking with"),
    ("caller", "this is wade hollister my wife carol set up the account"),
    ("agent", "ok and was that flight mh17 the one you asked about"),
    ("caller", "yes my son studied at the webber douglas academy of dramatic art before he worked for al ahali group"),
]


def records() -> list[dict]:
    return [{"id": form, "turns": [{"speaker": speaker, "text": text.upper() if form == "capitals" else text}
                                   for speaker, text in CALL]}
            for form in ("capitals", "lower")]


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("capitals")
    config = yaml.safe_load((ROOT / "veil" / "profiles" / "call_transcripts.yaml").read_text())
    config["detectors"] = {"rules": True}  # no model is trained here
    config.setdefault("risk", {})["audit_sample"] = "all"
    (tmp / "config.yaml").write_text(yaml.safe_dump(config))
    result = run_job("--input", str(write_jsonl(tmp / "in.jsonl", records())),
                     "--output", str(tmp / "out"), "--config", str(tmp / "config.yaml"))
    assert result.returncode == 0, result.stderr
    return tmp / "out"


def test_a_transcript_in_capitals_gives_the_findings_of_its_lower_case_copy(out):
    found = defaultdict(list)
    for row in read_jsonl_folder(out / "findings"):
        found[row["id"]].append((row["turn"], row["start"], row["end"], row["info_type"], row["placeholder"]))
    assert found["capitals"], "nothing found"
    assert sorted(found["capitals"]) == sorted(found["lower"])
    corpus = {r["id"]: [t["text"] for t in r["turns"]] for r in read_jsonl_folder(out / "corpus")}
    # the output keeps the input's capitals; only the found spans are replaced, and the same ones
    assert corpus["capitals"] != corpus["lower"]
    for capitals, lower in zip(corpus["capitals"], corpus["lower"]):
        assert capitals == lower.upper()
    written = " ".join(corpus["capitals"])
    for value in ("WADE", "CAROL", "DAYTON", "WEBBER DOUGLAS", "AHALI"):
        assert value not in written
    for word in ("IS", "MH17", "THE ONE YOU ASKED"):  # nothing ordinary taken with them
        assert word in written


def test_the_auditor_reads_it_as_speech_and_scores_it_as_the_lower_case_copy(out):
    rows = {}
    for part in sorted((out / "risk").glob("conversations-*.jsonl")):
        rows.update((r["id"], r) for r in map(json.loads, part.read_text(encoding="utf-8").splitlines()))
    assert rows["capitals"]["estimate"]["form"] == rows["lower"]["estimate"]["form"] == "speech"
    assert rows["capitals"]["score"] == rows["lower"]["score"]
    assert [(i["info_type"], i["detector"], i["score"]) for i in rows["capitals"]["items"]] == \
        [(i["info_type"], i["detector"], i["score"]) for i in rows["lower"]["items"]]
