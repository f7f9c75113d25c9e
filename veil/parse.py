"""From raw input to a conversation, or to a dead-letter entry that says why not."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from veil.inputs import RawInput
from veil.records import BadRecord, Conversation, FieldMap, conversation_from_record


def decode_json_line(payload: bytes) -> Any:
    if not payload.strip():
        raise BadRecord("empty line")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadRecord(f"not valid UTF-8: byte 0x{payload[error.start]:02x} at offset {error.start}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRecord(f"malformed JSON: {error.msg} at column {error.colno}") from None


def parse_raw(raw: RawInput, fields: FieldMap, plan=None) -> Conversation:
    """The conversation in a raw input. Raises BadRecord with the reason. `plan`: the
    job's veil.fields.RecordPlan, if it has one."""
    if raw.problem is not None:
        raise BadRecord(raw.problem)
    record = raw.payload if raw.split.format == "parquet" else decode_json_line(raw.payload)
    return conversation_from_record(record, fields, raw.split.path, raw.position, plan)


def error_entry(raw: RawInput, reason: str, record_id: str | None = None, include_raw: bool = False) -> dict:
    """What `errors/` holds for a failed input: where it is, why it failed, and a fingerprint.

    The raw input is included only on request (`--audit_raw`): it may hold personal data.
    """
    entry: dict[str, Any] = raw.location()
    if record_id is not None:
        entry["id"] = record_id
    entry["reason"] = reason
    entry["size_bytes"] = raw.size
    if isinstance(raw.payload, bytes):
        entry["sha256"] = hashlib.sha256(raw.payload).hexdigest()
        if include_raw:
            entry["raw"] = raw.payload.decode("utf-8", errors="backslashreplace")
    elif raw.payload is not None and include_raw:
        entry["raw"] = json.dumps(raw.payload, default=str, ensure_ascii=False)
    return entry
