"""`--detector google-dlp` against a fake DLP service: a real gRPC server on 127.0.0.1.

google-cloud-dlp ships no servicer classes, so the fake registers a generic handler for
DlpService.InspectContent with the proto-plus (de)serializers. It finds e-mail addresses with a
regex over each cell's UTF-8 bytes and reports ranges as DLP does: `byte_range` in UTF-8 bytes
and `codepoint_range` in code points, counted from the bytes (not with Python string indices,
which is what the client is being tested on).
"""
from __future__ import annotations

import json
import re
import threading
from collections import Counter
from concurrent import futures

import pytest

dlp_v2 = pytest.importorskip("google.cloud.dlp_v2")
grpc = pytest.importorskip("grpc")

from google.api_core import exceptions  # noqa: E402
from apache_beam.options.pipeline_options import PipelineOptions  # noqa: E402

from pipelines.anonymize import plan_job  # noqa: E402
from tests.conftest import read_jsonl_folder, run_job, write_jsonl  # noqa: E402
from tests.engine.dlp_templates import TEMPLATES, by_name  # noqa: E402
from veil.run.config import load_config, parse_config  # noqa: E402
from veil.detection.detect import ConversationDetector  # noqa: E402
from veil.detection.engine.dlp_proto import from_dlp_proto, to_dlp_proto  # noqa: E402
from veil.detection.engine.google_dlp import (  # noqa: E402
    MAX_REQUEST_BYTES, FindingsTruncated, GoogleDlpEngine, GoogleDlpSettings, with_google_dlp,
)
from veil.run.errors import ConfigError  # noqa: E402

EMAIL = re.compile(rb"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
DLP_LIMIT = 524_288  # the largest reading of DLP's "0.5 MB"
POISON = "POISON-PILL"  # a turn holding this is refused with INVALID_ARGUMENT


CONTINUATION = re.compile(rb"[\x80-\xbf]")


def codepoints(data: bytes) -> int:
    """Code points in UTF-8 bytes: every byte that is not a continuation byte starts one."""
    return len(data) - len(CONTINUATION.findall(data))


class FakeDlp:
    """InspectContent, as much of it as Veil uses; records every request and its size."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()
        handler = grpc.unary_unary_rpc_method_handler(
            self.inspect_content,
            request_deserializer=lambda data: (len(data), dlp_v2.InspectContentRequest.deserialize(data)),
            response_serializer=dlp_v2.InspectContentResponse.serialize,
        )
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        self.server.add_generic_rpc_handlers((
            grpc.method_handlers_generic_handler(
                "google.privacy.dlp.v2.DlpService", {"InspectContent": handler}
            ),
        ))
        self.port = self.server.add_insecure_port("127.0.0.1:0")

    def reset(self):
        self.requests: list = []
        self.sizes: list[int] = []
        self.fail_first: list = []  # status codes for the next calls, then success
        self.fail_always = None
        self.max_findings = 3000
        self.codepoint_ranges = True

    @property
    def endpoint(self) -> str:
        return f"127.0.0.1:{self.port}"

    def inspect_content(self, sized, context):
        size, request = sized
        with self.lock:
            self.requests.append(request)
            self.sizes.append(size)
            code = self.fail_first.pop(0) if self.fail_first else self.fail_always
        if code is not None:
            context.abort(code, "scripted failure")
        table = request.item.table
        if size > DLP_LIMIT or len(table.rows) > 50_000:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "request too large")
        wanted = {t.name for t in request.inspect_config.info_types}
        findings = []
        for row_index, row in enumerate(table.rows):
            cell = row.values[0].string_value
            if POISON in cell:
                context.abort(grpc.StatusCode.INVALID_ARGUMENT, "refused")
            data = cell.encode("utf-8")
            position = counted = 0  # code points before byte `position`
            for match in EMAIL.finditer(data) if "EMAIL_ADDRESS" in wanted else ():
                start, end = match.span()
                first = counted + codepoints(data[position:start])
                last = first + codepoints(data[start:end])
                position, counted = end, last
                location = dlp_v2.Location(
                    byte_range=dlp_v2.Range(start=start, end=end),
                    content_locations=[dlp_v2.ContentLocation(record_location=dlp_v2.RecordLocation(
                        field_id=table.headers[0],
                        table_location=dlp_v2.TableLocation(row_index=row_index),
                    ))],
                )
                if self.codepoint_ranges:
                    location.codepoint_range = dlp_v2.Range(start=first, end=last)
                findings.append(dlp_v2.Finding(
                    info_type=dlp_v2.InfoType(name="EMAIL_ADDRESS"),
                    likelihood=dlp_v2.Likelihood.LIKELY,
                    location=location,
                ))
        truncated = len(findings) > self.max_findings
        return dlp_v2.InspectContentResponse(result=dlp_v2.InspectResult(
            findings=findings[: self.max_findings], findings_truncated=truncated
        ))

    def cells(self) -> list[str]:
        return [row.values[0].string_value for r in self.requests for row in r.item.table.rows]


@pytest.fixture(scope="module")
def server():
    fake = FakeDlp()
    fake.server.start()
    try:
        yield fake
    finally:
        fake.server.stop(grace=None).wait(timeout=10)


@pytest.fixture
def dlp(server):
    server.reset()
    return server


EMAIL_CONFIG = {"inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}]}}


def engine_for(server: FakeDlp, config=None, **settings) -> GoogleDlpEngine:
    config = parse_config(config or EMAIL_CONFIG)
    fast = {"retry_initial_s": 0.01, "retry_maximum_s": 0.05, "retry_timeout_s": 5.0}
    return GoogleDlpEngine(
        config.inspect_config,
        GoogleDlpSettings(project="veil-test", endpoint=server.endpoint, **{**fast, **settings}),
        config.detection.window_overlap_chars,
    )


def quotes(texts, findings) -> list[tuple[int, str]]:
    return sorted((f.turn, texts[f.turn][f.start:f.end]) for f in findings)


NON_ASCII_TURNS = [
    "😀 write to ana@example.org 😀 or bo@example.com",
    "Café crème, Zoë Łukasiewicz: zoe.l@example.fr",
    "e\u0301e\u0301 decomposed accents then cd@example.net",
    "東京の住所 tokyo@example.jp と 👩‍👩‍👧 family@example.org 🇨🇦",
    "",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math letters, astral: x@example.io",
    "no address here ✓",
]


@pytest.mark.parametrize("codepoint_ranges", [True, False], ids=["codepoint_range", "byte_range"])
def test_offsets_are_characters_of_the_original_turn(dlp, codepoint_ranges):
    dlp.codepoint_ranges = codepoint_ranges
    engine = engine_for(dlp)
    try:
        findings = engine.inspect_conversation(NON_ASCII_TURNS)
    finally:
        engine.close()
    assert quotes(NON_ASCII_TURNS, findings) == [
        (0, "ana@example.org"), (0, "bo@example.com"), (1, "zoe.l@example.fr"),
        (2, "cd@example.net"), (3, "family@example.org"), (3, "tokyo@example.jp"),
        (5, "x@example.io"),
    ]
    assert {(f.detector, f.info_type, f.likelihood.name) for f in findings} == {
        ("google-dlp", "EMAIL_ADDRESS", "LIKELY")
    }
    assert len(dlp.requests) == 1  # one conversation, one request, one row per non-empty turn
    assert dlp.cells() == [t for t in NON_ASCII_TURNS if t]


def synthetic_turn(c: int, t: int, filler: int) -> str:
    pad = ("Grüße ✓ " * filler)[:filler]
    return f"conv {c} turn {t}: {pad} mail u{c}x{t}@example.org end"


def test_batches_stay_under_the_limit_and_cover_every_turn_once(dlp):
    # ~2.6 MB over 3 conversations, plus one turn too large for any request (windowed).
    conversations = [
        [synthetic_turn(c, t, 1000 + 7919 * (c * 40 + t) % 60000) for t in range(40)]
        for c in range(3)
    ]
    big = " ".join(  # sparse enough that no request reaches DLP's 3,000 findings
        f"chunk {i} lorem ipsum dolor sit " + (f"big{i}@example.com ✓ é" if i % 10 == 0 else "amet ✓ é")
        for i in range(15000)
    )
    conversations[1].insert(5, big)
    assert len(big.encode("utf-8")) > MAX_REQUEST_BYTES
    engine = engine_for(dlp)
    try:
        results = engine.inspect_many(conversations)
    finally:
        engine.close()

    for texts, findings in zip(conversations, results):
        expected = sorted(
            (t, m.decode()) for t, text in enumerate(texts) for m in EMAIL.findall(text.encode())
        )
        assert quotes(texts, findings) == expected  # each address exactly once
    assert len(results[1]) == 1500 + 40

    # Server side: every request under the limit, and fully packed but for the last.
    assert len(dlp.requests) > 5
    assert max(dlp.sizes) <= MAX_REQUEST_BYTES
    largest_row = max(len(cell.encode()) for cell in dlp.cells()) + 16
    assert all(size > MAX_REQUEST_BYTES - largest_row for size in dlp.sizes[:-1])
    # Every ordinary turn sent exactly once; the big one as overlapping windows that cover it.
    sent = Counter(dlp.cells())
    ordinary = [text for texts in conversations for text in texts if text is not big]
    assert all(sent[text] == 1 for text in ordinary)
    windows = [cell for cell in sent if cell not in set(ordinary)]
    assert len(windows) >= 2 and all(cell in big for cell in windows)
    pieces = [p for p in engine.pieces(conversations) if p.window is not None]
    assert [p.text for p in pieces] == windows
    assert pieces[0].window.start == 0 and pieces[-1].window.end == len(big)
    assert all(b.window.start < a.window.end for a, b in zip(pieces, pieces[1:]))


def test_rows_per_request_are_capped(dlp):
    texts = [f"turn {t} r{t}@example.org" for t in range(20)]
    engine = engine_for(dlp, max_rows=7)
    try:
        findings = engine.inspect_conversation(texts)
    finally:
        engine.close()
    assert [len(r.item.table.rows) for r in dlp.requests] == [7, 7, 6]
    assert [f.turn for f in findings] == list(range(20))


def test_truncated_findings_split_the_batch_and_a_single_turn_fails_closed(dlp):
    dlp.max_findings = 4
    texts = [f"a{t}@example.org and b{t}@example.org" for t in range(9)]
    engine = engine_for(dlp)
    try:
        findings = engine.inspect_conversation(texts)
        assert quotes(texts, findings) == sorted(
            (t, f"{x}{t}@example.org") for t in range(9) for x in "ab"
        )
        assert len(dlp.requests) > 1
        with pytest.raises(FindingsTruncated):
            engine.inspect_conversation([" ".join(f"m{i}@example.org" for i in range(5))])
    finally:
        engine.close()


@pytest.mark.parametrize("code", [
    grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.INTERNAL,
])
def test_transient_errors_are_retried(dlp, code):
    dlp.fail_first = [code, code]
    engine = engine_for(dlp)
    try:
        findings = engine.inspect_conversation(["reach me at r@example.org"])
    finally:
        engine.close()
    assert len(dlp.requests) == 3
    assert [(f.start, f.end) for f in findings] == [(12, 25)]


def test_a_non_retryable_error_raises_at_once(dlp):
    dlp.fail_always = grpc.StatusCode.PERMISSION_DENIED
    engine = engine_for(dlp)
    try:
        with pytest.raises(exceptions.PermissionDenied):
            engine.inspect_conversation(["r@example.org"])
    finally:
        engine.close()
    assert len(dlp.requests) == 1


def test_a_persistent_transient_error_raises_when_retries_run_out(dlp):
    dlp.fail_always = grpc.StatusCode.UNAVAILABLE
    engine = engine_for(dlp, retry_timeout_s=0.3)
    try:
        with pytest.raises(exceptions.RetryError):
            engine.inspect_conversation(["r@example.org"])
    finally:
        engine.close()
    assert len(dlp.requests) >= 2


def test_the_service_receives_our_conversion(dlp):
    config = with_google_dlp(load_config("call_transcripts"), "veil-test", "europe-west1", dlp.endpoint)
    detector = ConversationDetector(config)
    try:
        texts = ["Can I have your email?", "sure, it's jo.smith@example.org"]
        findings = detector.detect(texts)
    finally:
        detector.engine.close()
    assert detector.names == ["google-dlp"]
    assert quotes(texts, findings) == [(1, "jo.smith@example.org")]
    (request,) = dlp.requests
    assert request.parent == "projects/veil-test/locations/europe-west1"
    assert request.inspect_config == to_dlp_proto(config.inspect_config)
    assert from_dlp_proto(request.inspect_config) == config.inspect_config
    assert [h.name for h in request.item.table.headers] == ["veil_turn"]


def test_quotes_are_never_asked_for(dlp):
    config = {"inspect_config": {"info_types": [{"name": "EMAIL_ADDRESS"}], "include_quote": True}}
    engine = engine_for(dlp, config)
    try:
        engine.inspect_conversation(["q@example.org"])
    finally:
        engine.close()
    assert dlp.requests[0].inspect_config.include_quote is False


def test_the_column_header_matches_no_hotword():
    # In a table DLP applies a hotword found in the column header to the whole column.
    config = parse_config({"inspect_config": {
        "info_types": [{"name": "EMAIL_ADDRESS"}],
        "rule_set": [{"info_types": [{"name": "EMAIL_ADDRESS"}], "rules": [{"hotword_rule": {
            "hotword_regex": {"pattern": "(?i)turn"},
            "likelihood_adjustment": {"fixed_likelihood": "VERY_LIKELY"},
        }}]}],
    }})
    engine = GoogleDlpEngine(config.inspect_config, GoogleDlpSettings(project="p"), connect=False)
    assert engine.header == "t"


def test_launch_validation_converts_without_connecting(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": "a", "text": "x"}])
    args = ["--input", str(source), "--output", str(tmp_path / "out"), "--config", "minimal"]
    # No server listens on this endpoint: launch must not call it.
    plan = plan_job(PipelineOptions([*args, "--detector", "google-dlp", "--dlp_project", "p",
                                     "--dlp_endpoint", "127.0.0.1:9"]))
    assert plan.job["detectors"] == ["google-dlp"]
    assert "EMAIL_ADDRESS" in plan.job["info_types"]
    assert plan.config.google_dlp.endpoint == "127.0.0.1:9"
    assert ConversationDetector(plan.config, connect=False).engine.client is None

    with pytest.raises(ConfigError, match="--dlp_project"):
        plan_job(PipelineOptions([*args, "--detector", "google-dlp"]))
    assert plan_job(PipelineOptions(args)).job["detectors"] == ["rules"]


def test_config_errors_show_at_launch():
    local = parse_config({"inspect_config": {"custom_info_types": [{
        "info_type": {"name": "STAFF"},
        "dictionary": {"cloud_storage_path": {"path": "/srv/names.txt"}},
    }]}})
    with pytest.raises(ConfigError, match=r"custom_info_types\[0\].dictionary.*gs://"):
        ConversationDetector(with_google_dlp(local, "p"), connect=False)
    huge = parse_config({"inspect_config": {"custom_info_types": [{
        "info_type": {"name": "STAFF"},
        "dictionary": {"word_list": {"words": [f"name{i}" for i in range(40000)]}},
    }]}})
    with pytest.raises(ConfigError, match="too little room"):
        ConversationDetector(with_google_dlp(huge, "p"), connect=False)
    with pytest.raises(ConfigError, match="scheme"):
        with_google_dlp(local, "p", endpoint="https://dlp.googleapis.com")


def test_the_job_cli_runs_on_dlp_and_fails_closed(tmp_path, server):
    server.reset()
    records = [
        {"id": f"c{i}", "turns": [
            {"speaker": "agent", "text": "Your email, please? ☎"},
            {"speaker": "caller", "text": f"Sure 😀 it's caller{i}@example.org, merci."},
        ]}
        for i in range(6)
    ]
    records.insert(3, {"id": "bad", "turns": [{"speaker": "a", "text": f"{POISON} p@example.org"}]})
    source = write_jsonl(tmp_path / "calls.jsonl", records)
    out = tmp_path / "out"
    result = run_job(
        "--input", str(source), "--output", str(out), "--config", "minimal",
        "--detector", "google-dlp", "--dlp_project", "veil-test", "--dlp_endpoint", server.endpoint,
    )
    assert result.returncode == 0, result.stderr

    corpus = {r["id"]: r for r in read_jsonl_folder(out / "corpus")}
    errors = read_jsonl_folder(out / "errors")
    assert sorted(corpus) == [f"c{i}" for i in range(6)]
    for i in range(6):
        text = corpus[f"c{i}"]["turns"][1]["text"]
        assert "@example.org" not in text and text.startswith("Sure 😀 it's ") and "merci" in text
    assert [e["reason"] for e in errors] == ["detection failed: InvalidArgument"]
    assert "@example.org" not in json.dumps(errors)
    findings = read_jsonl_folder(out / "findings")
    assert {(f["info_type"], f["detector"]) for f in findings} == {("EMAIL_ADDRESS", "google-dlp:regex")}
    # Each record once: DLP records are not detected in batches that a failure would redo.
    assert len(server.requests) == 7


@pytest.mark.parametrize("name", [t.name for t in TEMPLATES])
def test_dlp_templates_reach_the_service_as_identical_protos(dlp, name):
    """Each documented template sent through `--detector google-dlp`: the service receives
    exactly the proto `to_dlp_proto` makes, and reading it back gives the same config, so
    the template means one thing on both detectors."""
    template = by_name(name)
    engine = engine_for(dlp, {"inspect_config": template.config})
    try:
        engine.inspect_conversation([template.text])
    finally:
        engine.close()
    (request,) = dlp.requests
    # Quotes are never asked for (test_quotes_are_never_asked_for).
    config = parse_config({"inspect_config": template.config}).inspect_config
    config = config.model_copy(update={"include_quote": False})
    assert request.inspect_config == to_dlp_proto(config)
    assert from_dlp_proto(request.inspect_config) == config
    # The template as DLP's own client builds it: the same protos, except that a custom type's
    # unset likelihood, which DLP reads as VERY_LIKELY, is sent as VERY_LIKELY.
    expected = dlp_v2.InspectConfig(template.config)
    for custom in expected.custom_info_types:
        if custom.likelihood == dlp_v2.Likelihood.LIKELIHOOD_UNSPECIFIED:
            custom.likelihood = dlp_v2.Likelihood.VERY_LIKELY
    for field in ("info_types", "custom_info_types", "rule_set", "min_likelihood_per_info_type"):
        assert getattr(request.inspect_config, field) == getattr(expected, field), field


def test_dlp_names_veil_lacks_go_to_the_service_unchanged(dlp):
    """With `--detector google-dlp` DLP's own detectors run: a name Veil does not implement
    (a slash name among them) is sent as it is, where the local engine would refuse it."""
    names = ["JAPAN_PASSPORT", "DOCUMENT_TYPE/R&D/SOURCE_CODE", "EMAIL_ADDRESS"]
    engine = engine_for(dlp, {"inspect_config": {"info_types": [{"name": n} for n in names]}})
    try:
        engine.inspect_conversation(["w@example.org"])
    finally:
        engine.close()
    assert [t.name for t in dlp.requests[0].inspect_config.info_types] == names
