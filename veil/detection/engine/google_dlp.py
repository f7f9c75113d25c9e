"""`--detector google-dlp`: the job's `inspect_config` run on Google Cloud DLP's `inspect_content`.

The same DLP-shaped config runs on the real service instead of the local engine, so a user can
compare the two. Findings come back as `veil.detection.findings.Finding`s on the original turn text, with
`detector="google-dlp"`, and go through the same merge and anonymisation.

**Why not Beam's `apache_beam.ml.gcp.cloud_dlp`.** `InspectForDetails` sends one request per
string and yields the bare list of DLP findings without the string it came from, so a finding
cannot be tied back to its record and turn; it builds `DlpServiceClient()` with no endpoint or
channel option (no regional endpoint, no local test server), sets no retry policy of its own, and
is a PTransform, while Veil detects inside `RulesFn` (transforms.detect), which must fail
closed per record. It also
needs `apache-beam[gcp]`. This module uses `google-cloud-dlp` directly instead.

**Batching.** A conversation's turns become the rows of a one-column `ContentItem.table`, so
each finding's `table_location.row_index` names its turn. Rows are packed into requests under
DLP's 0.5 MB request limit (counted on the serialized request, config included) and its 50,000
table values. `inspect_many` packs several conversations into the same requests. A turn too
large for one request is split into overlapping windows (`veil.detection.windows`, the overlap is
`detection.window_overlap_chars`), each its own row, and the findings are mapped back and
de-duplicated as the local engine does. When DLP reports `findings_truncated` (3,000 findings
per request), the batch is split in two and sent again; a single row that still truncates
raises, so the record fails closed.

**Offsets.** DLP's `codepoint_range` counts Unicode code points, relative to the table cell.
Python `str` indices are code points too (never UTF-16 units: an emoji outside the BMP is one
index, as in DLP), so they are used as they are. Where only `byte_range` (UTF-8) is given, it
is converted. A range that does not fit its cell raises.

**Retries.** UNAVAILABLE, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED and INTERNAL are retried with
exponential backoff and full jitter (`google.api_core.retry`) until `retry_timeout_s`; any other
error, or retries running out, raises, and `RulesFn` (transforms.detect) sends the record to errors/.

**Differences from the local engine.** DLP's own detectors run for built-in infoTypes (any of
DLP's names works, ours are not checked). Hotwords see one whole turn, not `window_chars`
windows. Veil's previous-turn hotwords (`detection.previous_turn_hotwords`) have no DLP
equivalent and do not apply. Custom dictionaries must be `gs://` files or inline word lists.
The table's column header is chosen so that no hotword regex of the config matches it: in a
table, DLP applies a hotword found in the column header to the whole column.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Sequence

from pydantic import Field, ValidationError, field_validator

from veil.run.config import VeilConfig, format_validation_error
from veil.detection.engine.dictionary_files import dictionaries
from veil.detection.engine.dlp_proto import _dlp, to_dlp_proto
from veil.detection.engine.inspect_config import ExclusionType, InspectConfig
from veil.run.schema import DlpModel
from veil.detection.engine.user_regex import compile_user_pattern
from veil.run.errors import ConfigError
from veil.detection.findings import Finding, Likelihood, Method
from veil.detection.windows import Window, keep_in_window, split_into_windows

_LOG = logging.getLogger("veil")

DETECTOR = "google-dlp"
# DLP's "0.5 MB" per request, read as the smallest of its readings (500,000 bytes).
MAX_REQUEST_BYTES = 500_000
MAX_TABLE_VALUES = 50_000
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
# Column headers to choose from; the first that no hotword regex of the config matches.
_HEADERS = ("veil_turn", "t", "_", "c0", "q9")


class GoogleDlpSettings(DlpModel):
    """Where and how to call DLP. Built from `--dlp_*`; travels to workers inside the config."""

    project: str = Field(min_length=1)
    location: str = Field(default="global", min_length=1)
    # host:port. None: DLP's default endpoint. A loopback host (127.0.0.1, localhost, ::1) gets
    # a plaintext channel without credentials: a local test server, never the real service.
    endpoint: str | None = None
    timeout_s: float = Field(default=60.0, gt=0)  # each attempt
    retry_initial_s: float = Field(default=1.0, gt=0)
    retry_maximum_s: float = Field(default=32.0, gt=0)
    retry_multiplier: float = Field(default=2.0, ge=1)
    retry_timeout_s: float = Field(default=300.0, gt=0)  # all attempts of one request
    max_request_bytes: int = Field(default=MAX_REQUEST_BYTES, ge=4096, le=MAX_REQUEST_BYTES)
    max_rows: int = Field(default=MAX_TABLE_VALUES, ge=1, le=MAX_TABLE_VALUES)

    @field_validator("endpoint")
    @classmethod
    def _no_scheme(cls, endpoint: str | None) -> str | None:
        if endpoint is not None and "://" in endpoint:
            raise ValueError("give host:port, without a scheme")
        return endpoint or None

    @property
    def parent(self) -> str:
        return f"projects/{self.project}/locations/{self.location}"

    @property
    def loopback(self) -> bool:
        if not self.endpoint:
            return False
        host = self.endpoint
        if host.startswith("["):  # [::1]:port
            host = host[: host.find("]") + 1]
        elif host.count(":") == 1:  # host:port (a bare IPv6 address has more colons)
            host = host.rsplit(":", 1)[0]
        return host in LOOPBACK_HOSTS or host.startswith("127.")


class GoogleDlpJobConfig(VeilConfig):
    """A job config whose detection runs on DLP. `RulesFn` (transforms.detect) gets only the
    config, so the
    `--detector google-dlp` choice rides on it to the workers."""

    google_dlp: GoogleDlpSettings


def with_google_dlp(
    config: VeilConfig, project: str | None, location: str | None = None, endpoint: str | None = None
) -> GoogleDlpJobConfig:
    """`config` with detection on DLP. Raises ConfigError for missing or bad options."""
    if not project:
        raise ConfigError("--detector google-dlp needs --dlp_project (the project DLP bills)")
    try:
        settings = GoogleDlpSettings(project=project, location=location or "global", endpoint=endpoint)
    except ValidationError as error:
        raise ConfigError(f"--dlp_* options:\n{format_validation_error(error)}") from None
    if config.detection.previous_turn_hotwords:
        _LOG.warning(
            "google-dlp: %d previous-turn hotword rules (Veil's extension) do not apply on DLP",
            len(config.detection.previous_turn_hotwords),
        )
    fields = {name: getattr(config, name) for name in type(config).model_fields}
    fields["google_dlp"] = settings
    return GoogleDlpJobConfig(**fields)


def without_google_dlp(config: VeilConfig) -> VeilConfig:
    """The job config with detection on Veil's own engine: what runs here even under
    `--detector google-dlp` (the start's sample checks, every record's id), so that nothing
    but the records themselves goes to DLP."""
    if not isinstance(config, GoogleDlpJobConfig):
        return config
    return VeilConfig(**{name: getattr(config, name) for name in VeilConfig.model_fields})


def make_client(settings: GoogleDlpSettings):
    """A `DlpServiceClient`: default credentials, or a plaintext channel to a loopback server."""
    dlp_v2 = _dlp()
    if settings.loopback:
        import grpc
        from google.cloud.dlp_v2.services.dlp_service.transports import DlpServiceGrpcTransport

        channel = grpc.insecure_channel(settings.endpoint)
        return dlp_v2.DlpServiceClient(transport=DlpServiceGrpcTransport(channel=channel))
    options = {"api_endpoint": settings.endpoint} if settings.endpoint else None
    return dlp_v2.DlpServiceClient(client_options=options)


class FindingsTruncated(RuntimeError):
    """DLP truncated the findings of a single row: what it missed is unknown."""


@dataclass(frozen=True)
class _Piece:
    """One table row: a whole turn, or a window of a turn too large for one request."""

    conversation: int
    turn: int
    text: str
    size: int  # UTF-8 bytes
    window: Window | None = None


def _varint_len(n: int) -> int:
    return max(1, (n.bit_length() + 6) // 7)


def _row_bytes(text_bytes: int) -> int:
    """Serialized size of `Table.rows` entry holding one string: rows{values{string_value}}."""
    value = 1 + _varint_len(text_bytes) + text_bytes
    row = 1 + _varint_len(value) + value
    return 1 + _varint_len(row) + row


def _hotword_patterns(config: InspectConfig) -> list[str]:
    patterns = []
    for custom in config.custom_info_types:
        patterns += [rule.hotword_rule.hotword_regex.pattern for rule in custom.detection_rules]
    for rule_set in config.rule_set:
        for rule in rule_set.rules:
            if rule.hotword_rule is not None:
                patterns.append(rule.hotword_rule.hotword_regex.pattern)
            if rule.exclusion_rule is not None and rule.exclusion_rule.exclude_by_hotword:
                patterns.append(rule.exclusion_rule.exclude_by_hotword.hotword_regex.pattern)
    return patterns


def _choose_header(config: InspectConfig) -> str:
    try:
        patterns = [compile_user_pattern(p) for p in _hotword_patterns(config)]
    except ValueError as error:
        raise ConfigError(f"inspect_config: a hotword regex: {error}") from None
    for header in _HEADERS:
        if not any(p.search(header) for p in patterns):
            return header
    raise ConfigError(
        "inspect_config: every column name Veil could send to DLP matches a hotword regex; "
        "DLP would apply it to every turn"
    )


def _check_dictionaries(config: InspectConfig) -> None:
    for path, dictionary in dictionaries(config):
        if dictionary.cloud_storage_path is not None:
            if not dictionary.cloud_storage_path.path.startswith("gs://"):
                raise ConfigError(
                    f"{path}.cloud_storage_path: DLP reads dictionaries only from gs:// "
                    "(or give an inline word_list)"
                )


class GoogleDlpEngine:
    """Runs an `InspectConfig` on DLP. Built once per worker (in `RulesFn.setup`).

    `connect=False` converts and checks the config without creating a client: launch-time
    validation, which must not need credentials or the network.
    """

    def __init__(
        self,
        config: InspectConfig,
        settings: GoogleDlpSettings,
        window_overlap_chars: int = 256,
        connect: bool = True,
        client=None,
    ):
        dlp_v2 = _dlp()
        self.settings = settings
        _check_dictionaries(config)
        try:
            proto = to_dlp_proto(config)
        except (ValueError, TypeError, KeyError) as error:
            raise ConfigError(f"inspect_config: cannot convert it for DLP: {error}") from None
        proto.include_quote = False  # findings carry offsets, never text
        self.inspect_config = proto
        self.header = _choose_header(config)
        self._methods = {
            c.info_type.name: Method.DICTIONARY if c.dictionary is not None else Method.REGEX
            for c in config.custom_info_types
        }
        self._info_types = sorted(
            {t.name for t in config.info_types}
            | {c.info_type.name for c in config.custom_info_types
               if c.exclusion_type != ExclusionType.EXCLUSION_TYPE_EXCLUDE}
        )
        empty = dlp_v2.InspectContentRequest(
            parent=settings.parent, inspect_config=proto, item=self._item([])
        )
        # The request without rows, plus room for the item and table lengths to grow.
        self.base_bytes = len(dlp_v2.InspectContentRequest.serialize(empty)) + 8
        self.row_capacity = settings.max_request_bytes - self.base_bytes - _row_bytes(0) - 8
        if self.row_capacity < settings.max_request_bytes // 2:
            raise ConfigError(
                f"inspect_config is {self.base_bytes} bytes as a DLP request: too little room "
                f"for text under DLP's {settings.max_request_bytes}-byte limit "
                "(move large word lists to gs:// files)"
            )
        # A window's worst case is 4 UTF-8 bytes per code point.
        self.window_chars = self.row_capacity // 4
        self.overlap = min(window_overlap_chars, self.window_chars // 2)
        self._retry = self._retry_policy()
        self.client = client if client is not None else (make_client(settings) if connect else None)

    @property
    def info_types(self) -> list[str]:
        """The infoTypes the config asks for (DLP's defaults if it names none)."""
        return self._info_types

    def close(self) -> None:
        if self.client is not None:
            self.client.transport.close()

    # --- requests ------------------------------------------------------------------------

    def _retry_policy(self):
        from google.api_core import exceptions, retry

        def log(error: Exception) -> None:
            _LOG.warning("DLP inspect_content failed (%s); retrying", type(error).__name__)

        s = self.settings
        return retry.Retry(
            predicate=retry.if_exception_type(
                exceptions.ServiceUnavailable,
                exceptions.TooManyRequests,  # RESOURCE_EXHAUSTED
                exceptions.DeadlineExceeded,
                exceptions.InternalServerError,
            ),
            initial=s.retry_initial_s,
            maximum=s.retry_maximum_s,
            multiplier=s.retry_multiplier,
            timeout=s.retry_timeout_s,
            on_error=log,
        )

    def _item(self, batch: Sequence[_Piece]):
        dlp_v2 = _dlp()
        table = dlp_v2.Table(
            headers=[dlp_v2.FieldId(name=self.header)],
            rows=[dlp_v2.Table.Row(values=[dlp_v2.Value(string_value=p.text)]) for p in batch],
        )
        return dlp_v2.ContentItem(table=table)

    def request(self, batch: Sequence[_Piece]):
        dlp_v2 = _dlp()
        return dlp_v2.InspectContentRequest(
            parent=self.settings.parent, inspect_config=self.inspect_config, item=self._item(batch)
        )

    def pieces(self, conversations: Sequence[Sequence[str]]) -> list[_Piece]:
        """Every non-empty turn as a row, or as windows when one row would not fit a request."""
        pieces = []
        for c, texts in enumerate(conversations):
            for turn, text in enumerate(texts):
                if not text:
                    continue
                size = len(text.encode("utf-8"))
                if size <= self.row_capacity:
                    pieces.append(_Piece(c, turn, text, size))
                    continue
                for window in split_into_windows(len(text), self.window_chars, self.overlap, text):
                    part = text[window.start : window.end]
                    pieces.append(_Piece(c, turn, part, len(part.encode("utf-8")), window))
        return pieces

    def batches(self, pieces: Sequence[_Piece]) -> list[list[_Piece]]:
        """Pieces in order, greedily packed under the request's byte and row limits."""
        batches: list[list[_Piece]] = []
        current: list[_Piece] = []
        used = self.base_bytes
        for piece in pieces:
            cost = _row_bytes(piece.size)
            if current and (
                used + cost > self.settings.max_request_bytes or len(current) >= self.settings.max_rows
            ):
                batches.append(current)
                current, used = [], self.base_bytes
            current.append(piece)
            used += cost
        if current:
            batches.append(current)
        return batches

    def _call(self, batch: Sequence[_Piece]):
        return self.client.inspect_content(
            request=self.request(batch), retry=self._retry, timeout=self.settings.timeout_s
        )

    def _inspect_batch(self, batch: list[_Piece]) -> list[tuple[int, Finding]]:
        result = self._call(batch).result
        if result.findings_truncated:
            if len(batch) == 1:
                raise FindingsTruncated("DLP truncated the findings of a single turn")
            half = len(batch) // 2
            return self._inspect_batch(batch[:half]) + self._inspect_batch(batch[half:])
        found = []
        for dlp_finding in result.findings:
            piece = batch[self._row(dlp_finding.location, len(batch))]
            finding = self._finding(dlp_finding, piece)
            if finding is not None:
                found.append((piece.conversation, finding))
        return found

    # --- findings ------------------------------------------------------------------------

    @staticmethod
    def _row(location, rows: int) -> int:
        for content in location.content_locations:
            if "record_location" in content and "table_location" in content.record_location:
                row = content.record_location.table_location.row_index
                if not 0 <= row < rows:
                    raise ValueError(f"DLP finding in row {row} of a {rows}-row table")
                return row
        if rows == 1:
            return 0
        raise ValueError("DLP finding without a table row")

    def _finding(self, dlp_finding, piece: _Piece) -> Finding | None:
        location = dlp_finding.location
        if "codepoint_range" in location:
            start, end = location.codepoint_range.start, location.codepoint_range.end
        elif "byte_range" in location:
            data = piece.text.encode("utf-8")
            try:  # raises where a byte offset falls inside a character
                start = len(data[: location.byte_range.start].decode("utf-8"))
                end = len(data[: location.byte_range.end].decode("utf-8"))
            except UnicodeDecodeError:
                raise ValueError("DLP byte range splits a character") from None
        else:
            raise ValueError("DLP finding without a range")
        if not 0 <= start < end <= len(piece.text):
            raise ValueError(f"DLP range [{start}, {end}) outside a {len(piece.text)}-character turn")
        name = dlp_finding.info_type.name
        likelihood = int(dlp_finding.likelihood)
        finding = Finding(
            piece.turn, start, end, name,
            Likelihood(likelihood) if likelihood else Likelihood.POSSIBLE,
            # DLP does not say how it found something: built-ins count as regex findings.
            self._methods.get(name, Method.REGEX),
            DETECTOR,
        )
        if piece.window is None:
            return finding
        if not keep_in_window(finding, piece.window):
            return None
        return finding.shifted(piece.window.start)

    # --- entry points --------------------------------------------------------------------

    def inspect_many(self, conversations: Sequence[Sequence[str]]) -> list[list[Finding]]:
        """Findings per conversation, unmerged, with several conversations per request."""
        if self.client is None:
            raise RuntimeError("built with connect=False: validation only")
        found: list[set[Finding]] = [set() for _ in conversations]
        for batch in self.batches(self.pieces(conversations)):
            for conversation, finding in self._inspect_batch(batch):
                found[conversation].add(finding)  # windows' overlaps report some twice
        return [sorted(f) for f in found]

    def inspect_conversation(self, texts: Sequence[str]) -> list[Finding]:
        return self.inspect_many([texts])[0]
