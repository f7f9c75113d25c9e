"""From raw input to a conversation, or to a dead-letter entry that says why not."""
from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from veil.io.inputs import RawInput
from veil.io.records import BadRecord, Conversation, FieldMap, conversation_from_record


# Deeper records are refused: each level costs a stack frame wherever a record is decoded,
# encoded or pickled between workers, and a few hundred levels overflow Python's stack (the
# limit serde_json sets by default, too).
MAX_NESTING = 128


def decode_json_line(payload: bytes) -> Any:
    if not payload.strip():
        raise BadRecord("empty line")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadRecord(f"not valid UTF-8: byte 0x{payload[error.start]:02x} at offset {error.start}") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRecord(f"malformed JSON: {error.msg} at column {error.colno}") from None
    except RecursionError:
        raise BadRecord(f"JSON nested deeper than {MAX_NESTING} levels") from None
    except ValueError:  # the only other one: an integer too long to convert
        raise BadRecord(f"an integer has more than {sys.get_int_max_str_digits()} digits, "
                        "more than Python reads") from None
    # Counting brackets is cheap, and only a record with many can be deep.
    if payload.count(b"[") + payload.count(b"{") > MAX_NESTING and nested_deeper_than(value, MAX_NESTING):
        raise BadRecord(f"JSON nested deeper than {MAX_NESTING} levels")
    return value


def nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` levels (without recursing)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def parse_raw(raw: RawInput, fields: FieldMap, plan=None) -> Conversation:
    """The conversation in a raw input. Raises BadRecord with the reason. `plan`: the
    job's veil.io.fields.RecordPlan, if it has one."""
    if raw.problem is not None:
        raise BadRecord(raw.problem)
    record = raw.payload if raw.split.format == "parquet" else decode_json_line(raw.payload)
    return conversation_from_record(record, fields, raw.split.path, raw.position, plan)


def error_entry(raw: RawInput, reason: str, record_id: str | None = None, include_raw: bool = False,
                lines_before: int | None = None) -> dict:
    """What `errors/` holds for a failed input: where it is, why it failed, and a fingerprint.

    `lines_before`: the lines of the file before the record's split, for its line number.
    The raw input is included only on request (`--audit_raw`): it may hold personal data.
    """
    entry: dict[str, Any] = raw.location(lines_before)
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
