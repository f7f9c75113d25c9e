"""The Beam transforms on a real local runner (TestPipeline + assert_that)."""
from __future__ import annotations

import json
from pathlib import Path

import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from tests.conftest import LOCAL_RUNNER
from transforms.anonymize import AnonymizeFn
from transforms.errors import ErrorEntryFn
from transforms.detect import Detect, RulesFn
from transforms.parse import ParseRecordFn
from transforms.write import STATS, WriteShards
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.io.inputs import InputSplit, RawInput
from veil.io.outputs import CORPUS, ERRORS as ERRORS_KIND, FINDINGS, OutputSpec
from veil.io.records import FieldMap
from veil.io.storage import Storage

SPLIT = InputSplit(0, "calls.jsonl", "jsonl", 0, -1)


def raw(position: int, line: str | bytes) -> RawInput:
    payload = line.encode() if isinstance(line, str) else line
    return RawInput(SPLIT, position, position + 1, payload, len(payload))


def spec(root: str, shards: int = 1) -> OutputSpec:
    return OutputSpec(root, shards, 1, "jsonl", Storage(), temp_id="t")


def test_parse_splits_good_records_from_errors():
    lines = [
        raw(0, json.dumps({"id": "a", "turns": [{"speaker": "x", "text": "hi"}]})),
        raw(1, "{nope"),
        raw(2, json.dumps({"id": "b", "text": "doc"})),
        raw(3, b"\xff"),
    ]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        parsed = (
            p | beam.Create(lines)
            | beam.ParDo(ParseRecordFn(FieldMap())).with_outputs(ParseRecordFn.FAILED, main="ok")
        )
        ids = parsed.ok | "Ids" >> beam.Map(lambda p: (p.conversation.id, p.conversation.is_document))
        reasons = parsed[ParseRecordFn.FAILED] | "Reasons" >> beam.Map(
            lambda e: (e.raw.position, e.reason.split(":")[0]))
        assert_that(ids, equal_to([("a", False), ("b", True)]), label="good")
        assert_that(reasons, equal_to([(1, "malformed JSON"), (3, "not valid UTF-8")]), label="bad")


def test_detect_and_anonymize_emit_corpus_and_findings_entries():
    config = load_config("minimal")
    record = {"id": "a", "turns": [{"text": "mail a@b.co"}, {"text": "again A@B.CO, card 4111111111111111"}]}
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected, failed = (
            p | beam.Create([raw(0, json.dumps(record))])
            | beam.ParDo(ParseRecordFn(FieldMap()))
            | Detect(config)
        )
        assert_that(failed, equal_to([]), label="none failed")
        entries = (
            detected
            | beam.ParDo(AnonymizeFn(spec("unused"), FieldMap()))
            | beam.Map(lambda e: (e[0], e[1], e[2], json.loads(e[3]), e[4]))
        )
        expected_record = {
            "id": "a",
            "turns": [{"text": "mail [EMAIL_ADDRESS_1]"}, {"text": "again [EMAIL_ADDRESS_1], card [CREDIT_CARD_NUMBER_1]"}],
        }

        def finding(number, turn, start, end, info_type, likelihood, detector, placeholder):
            row = {"id": "a", "turn": turn, "start": start, "end": end, "info_type": info_type,
                   "likelihood": likelihood, "detector": detector, "placeholder": placeholder}
            return (FINDINGS, 0, (0, 0, number), row, info_type)

        assert_that(entries, equal_to([
            (CORPUS, 0, (0, 0), expected_record, None),
            finding(0, 0, 5, 11, "EMAIL_ADDRESS", "VERY_LIKELY", "rules:regex", "[EMAIL_ADDRESS_1]"),
            finding(1, 1, 6, 12, "EMAIL_ADDRESS", "VERY_LIKELY", "rules:regex", "[EMAIL_ADDRESS_1]"),
            finding(2, 1, 19, 35, "CREDIT_CARD_NUMBER", "VERY_LIKELY", "rules:checksum", "[CREDIT_CARD_NUMBER_1]"),
        ]))


class ExplodingDetector(ConversationDetector):
    """A real detector that fails on one marked record, to prove the job fails closed: it
    fails every batch that holds the record (`RulesFn` detects records in batches), and the
    record alone."""

    def find_many(self, conversations):
        if any("EXPLODE" in t for texts in conversations for t in texts):
            raise RuntimeError("detector crashed")
        return super().find_many(conversations)


class ExplodingRulesFn(RulesFn):
    def setup(self):
        self.detector = ExplodingDetector(self.config)


def test_detection_failure_fails_closed():
    config = load_config("minimal")
    lines = [
        raw(0, json.dumps({"id": "ok", "text": "reach me at x@y.org"})),
        raw(1, json.dumps({"id": "boom", "text": "EXPLODE and leak z@y.org"})),
    ]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        detected = (
            p | beam.Create(lines)
            | beam.ParDo(ParseRecordFn(FieldMap()))
            | "OneBatch" >> beam.combiners.ToList()  # both records in one batch
            | beam.ParDo(ExplodingRulesFn(config)).with_outputs(RulesFn.FAILED, main="ok")
        )
        corpus = (
            detected.ok
            | beam.ParDo(AnonymizeFn(spec("unused"), FieldMap()))
            | beam.Filter(lambda e: e[0] == CORPUS)
            | beam.Map(lambda e: e[3].decode())
        )
        errors = detected[RulesFn.FAILED] | beam.ParDo(ErrorEntryFn(spec("unused"))) | beam.Map(lambda e: e[3])
        assert_that(corpus, equal_to([json.dumps({"id": "ok", "text": "reach me at [EMAIL_ADDRESS_1]"})]), label="corpus")
        assert_that(
            errors | "Why" >> beam.Map(lambda e: (e["id"], e["reason"], "raw" in e)),
            equal_to([("boom", "detection failed: RuntimeError", False)]),
            label="errors",
        )


def test_write_shards_orders_entries_and_writes_every_shard(tmp_path: Path):
    output = spec(str(tmp_path), shards=3)
    entries = [
        (CORPUS, 1, (1, 50), b'{"n": 3}', None),
        (CORPUS, 1, (1, 7), b'{"n": 2}', None),
        (CORPUS, 0, (0, 0), b'{"n": 1}', None),
        (FINDINGS, 0, (0, 0, 0), b'{"f": 1}', "EMAIL_ADDRESS"),
        (ERRORS_KIND, 1, (1, 9), b'{"e": 1}', None),
    ]
    with TestPipeline(runner=LOCAL_RUNNER) as p:
        written = (p | beam.Create(entries),) | WriteShards(output)
        counts = written["shards"] | beam.Map(lambda s: (s["kind"], s["shard"], s["count"]))
        assert_that(counts, equal_to(
            [(kind, s, n) for kind, s, n in [
                ("corpus", 0, 1), ("corpus", 1, 2), ("corpus", 2, 0),
                ("findings", 0, 1), ("findings", 1, 0), ("findings", 2, 0),
                ("errors", 0, 0), ("errors", 1, 1), ("errors", 2, 0),
                ("risk", 0, 0), ("risk", 1, 0), ("risk", 2, 0),
            ]]
        ), label="shards")
        totals = written[STATS] | beam.CombineGlobally(
            lambda dicts: {k: sum(d.get(k, 0) for d in dicts) for d in dicts for k in d}
        )
        assert_that(totals, equal_to([
            {"records_written": 3, "findings": 1, "findings.EMAIL_ADDRESS": 1, "records_errored": 1}
        ]), label="stats")
    staged = tmp_path / "_temp" / "t" / "output"  # published by the summary step, at the end
    assert (staged / "corpus/part-00001-of-00003.jsonl").read_text() == '{"n": 2}\n{"n": 3}\n'
    assert (staged / "corpus/part-00002-of-00003.jsonl").read_text() == ""
    assert not (tmp_path / "corpus").exists()


def test_prebuilt_json_encoders_write_what_json_dumps_writes():
    from datetime import date

    from transforms.anonymize import _corpus_line, json_line as _json

    values = [
        {"id": "c-1", "turn": 3, "text": "Zoë said \"hi\"\n\t\u2028 \U0001F600", "n": 1.5,
         "none": None, "flag": True, "nested": [{"a": [1, 2]}, "x"], "when": date(2024, 1, 2)},
        {"reason": "record holds \\ud800", "raw": "\x00\x1f"}, [], "plain",
    ]
    for value in values:
        assert _json(value) == json.dumps(value, default=str).encode("ascii")
        assert _corpus_line(value) == json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
