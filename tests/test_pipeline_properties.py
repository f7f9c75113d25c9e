"""Property tests on the whole job: for generated conversations, findings rebuild the corpus."""
from __future__ import annotations

import json
import uuid

import fsspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipelines.anonymize import run
from tests.conftest import LOCAL_RUNNER
from veil.transform.placeholders import PLACEHOLDER_SHAPE

VALUES = st.sampled_from([
    "ann.lee@example.com", "(212) 555-0199", "4111-1111-1111-1111", "078-05-1120",
    "EMP-004211", "Initech", "b.o@mail.example.org", "+44 20 7946 0958",
    # Literals that look like Veil's placeholders: escaped, never passed off as real ones.
    "[EMAIL_ADDRESS_1]", "[PERSON_NAME]", "[PHONE_NUMBER:3fa9c1]",
])
FILLER = st.text(alphabet=st.sampled_from(list("abcdefgh XYZ,.-:'\n\u00e9\u4e2d")), max_size=40)
TURN = st.lists(st.one_of(FILLER, VALUES), max_size=8).map(" ".join)
CONVERSATION = st.lists(TURN, min_size=1, max_size=5)


def rebuild(text: str, findings: list[dict]) -> str:
    for finding in sorted(findings, key=lambda f: f["start"], reverse=True):
        text = text[: finding["start"]] + finding["placeholder"] + text[finding["end"] :]
    return text


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CONVERSATION, min_size=1, max_size=6), st.integers(min_value=64, max_value=200))
def test_findings_applied_to_the_original_give_the_corpus(conversations, window):
    memory = fsspec.filesystem("memory")
    root = f"/props-{uuid.uuid4().hex}"
    records = [
        {"id": f"r{i}", "turns": [{"speaker": "s", "text": t} for t in turns]}
        for i, turns in enumerate(conversations)
    ]
    memory.pipe(f"{root}/in.jsonl", "".join(json.dumps(r) + "\n" for r in records).encode())
    config = f"{root}/config.yaml"
    memory.pipe(config, (
        "inspect_config:\n"
        "  info_types: [{name: EMAIL_ADDRESS}, {name: PHONE_NUMBER}, {name: CREDIT_CARD_NUMBER},"
        " {name: US_SOCIAL_SECURITY_NUMBER}]\n"
        "  custom_info_types:\n"
        "    - {info_type: {name: EMPLOYEE_ID}, regex: {pattern: 'EMP-\\d{6}'}}\n"
        "    - {info_type: {name: ORGANIZATION_NAME}, dictionary: {word_list: {words: [Initech]}}}\n"
        f"detection: {{window_chars: {window}, window_overlap_chars: 32}}\n"
    ).encode())

    summary = run(["--input", f"memory://{root}/in.jsonl", "--output", f"memory://{root}/out",
                   "--config", f"memory://{config}", "--runner", LOCAL_RUNNER])
    assert summary["records"]["written"] == len(records)

    corpus = [json.loads(line) for line in memory.cat(f"{root}/out/corpus/part-00000-of-00001.jsonl").splitlines()]
    findings = [json.loads(line) for line in memory.cat(f"{root}/out/findings/part-00000-of-00001.jsonl").splitlines()]
    for original, written in zip(records, corpus):
        mine = [f for f in findings if f["id"] == original["id"]]
        for turn, (before, after) in enumerate(zip(original["turns"], written["turns"])):
            assert rebuild(before["text"], [f for f in mine if f["turn"] == turn]) == after["text"]
            for value in ("ann.lee@example.com", "4111-1111-1111-1111", "EMP-004211", "078-05-1120"):
                assert value not in after["text"]
            # Every placeholder in the output is one that a finding wrote.
            real = sorted(f["placeholder"] for f in mine
                          if f["turn"] == turn and f["info_type"] != "PLACEHOLDER_LITERAL")
            assert sorted(PLACEHOLDER_SHAPE.findall(after["text"])) == real
    memory.rm(root, recursive=True)
