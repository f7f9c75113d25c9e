"""The record contract: `veil.io.records` and `veil.io.parse`, with synthetic records only."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.io.inputs import InputSplit, RawInput
from veil.io.parse import decode_json_line, error_entry, nested_deeper_than, parse_raw
from veil.io.records import (
    BadRecord,
    Conversation,
    FieldMap,
    Turn,
    conversation_from_record,
    non_finite_as_null,
    record_with_texts,
    stable_record_id,
)

FIELDS = FieldMap()
SECRET = "Zebulon Quixotic-Fairweather 555-0199"

JSONL_SPLIT = InputSplit(order=0, path="memory://in/a.jsonl", format="jsonl", start=0, end=-1)
PARQUET_SPLIT = InputSplit(order=1, path="memory://in/b.parquet", format="parquet", start=0, end=-1)


def raw_line(payload: bytes, position: int = 0, line: int | None = 1) -> RawInput:
    return RawInput(JSONL_SPLIT, position, line, payload, len(payload) + 1)


def raw_row(row: dict, position: int = 0) -> RawInput:
    return RawInput(PARQUET_SPLIT, position, None, row, 100)


def bad_reason(record, fields: FieldMap = FIELDS) -> str:
    with pytest.raises(BadRecord) as info:
        conversation_from_record(record, fields)
    return str(info.value)


# --- valid records ---------------------------------------------------------------------------


def test_conversation_with_turns():
    record = {
        "id": "c1",
        "context": "customer_support",
        "turns": [
            {"speaker": "agent", "text": "Hello, how can I help?"},
            {"speaker": "caller", "text": "Hi, it is about my bill."},
        ],
        "extra": {"nested": [1, 2]},
    }
    conversation = conversation_from_record(record, FIELDS, source="s.jsonl", index=7)
    assert conversation.id == "c1"
    assert conversation.is_document is False
    assert conversation.context == "customer_support"
    assert conversation.turns == [
        Turn("Hello, how can I help?", "agent"),
        Turn("Hi, it is about my bill.", "caller"),
    ]
    assert conversation.record is record
    assert conversation.source == "s.jsonl"
    assert conversation.index == 7
    assert conversation.sort_key == ("s.jsonl", 7)


def test_document_is_one_turn_without_speaker():
    conversation = conversation_from_record({"id": "d1", "text": "A whole document."}, FIELDS)
    assert conversation.is_document is True
    assert conversation.turns == [Turn("A whole document.", None)]
    assert conversation.context is None


def test_integer_id_becomes_string():
    conversation = conversation_from_record({"id": 42, "text": "x"}, FIELDS)
    assert conversation.id == "42"


def test_turn_without_speaker_and_empty_turn_list():
    conversation = conversation_from_record({"id": "a", "turns": [{"text": ""}]}, FIELDS)
    assert conversation.turns == [Turn("", None)]
    empty = conversation_from_record({"id": "b", "turns": []}, FIELDS)
    assert empty.turns == [] and empty.is_document is False


def test_turns_take_precedence_over_text():
    conversation = conversation_from_record(
        {"id": "a", "turns": [{"text": "turn"}], "text": "document"}, FIELDS
    )
    assert conversation.is_document is False
    assert [t.text for t in conversation.turns] == ["turn"]


def test_null_turns_falls_back_to_text():
    conversation = conversation_from_record({"id": "a", "turns": None, "text": "doc"}, FIELDS)
    assert conversation.is_document is True
    assert conversation.turns == [Turn("doc")]


def test_custom_field_names():
    fields = FieldMap(id="uid", turns="utterances", text="body", speaker="who", context="domain")
    record = {
        "uid": "u-1",
        "domain": "sales",
        "utterances": [{"who": "a", "body": "one"}, {"who": "b", "body": "two"}],
        # The default names mean nothing under this map.
        "id": ["not", "an", "id"],
        "turns": "ignored",
        "context": 5,
    }
    conversation = conversation_from_record(record, fields)
    assert conversation.id == "u-1"
    assert conversation.context == "sales"
    assert conversation.turns == [Turn("one", "a"), Turn("two", "b")]

    document = conversation_from_record({"uid": "d", "body": "text here"}, fields)
    assert document.is_document and document.turns == [Turn("text here")]

    # Errors name the custom fields.
    assert "utterances[0].body" in bad_reason({"uid": "x", "utterances": [{"who": "a"}]}, fields)
    assert "'uid'" in bad_reason({"uid": 1.5, "body": "x"}, fields)
    assert "neither 'utterances' nor 'body'" in bad_reason({"uid": "x"}, fields)


# --- ids ---------------------------------------------------------------------------------


def test_missing_id_gets_stable_hash():
    record = {"turns": [{"speaker": "a", "text": "hello"}], "context": "x"}
    first = conversation_from_record(record, FIELDS).id
    again = conversation_from_record(json.loads(json.dumps(record)), FIELDS).id
    assert first == again
    assert first.startswith("sha1:")
    assert first == stable_record_id(record)
    # Key order does not matter; content does.
    reordered = {"context": "x", "turns": [{"text": "hello", "speaker": "a"}]}
    assert conversation_from_record(reordered, FIELDS).id == first
    different = {"turns": [{"speaker": "a", "text": "hello!"}], "context": "x"}
    assert conversation_from_record(different, FIELDS).id != first


def test_null_id_is_treated_as_missing():
    record = {"id": None, "text": "abc"}
    assert conversation_from_record(record, FIELDS).id == stable_record_id(record)


RESERVED = ("id", "turns", "text", "context")
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=10,
)


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.text(max_size=8).filter(lambda k: k not in RESERVED), json_values, max_size=5),
    st.dictionaries(st.text(max_size=8).filter(lambda k: k not in RESERVED), json_values, max_size=5),
)
def test_hash_id_is_a_function_of_content(a, b):
    a = {**a, "text": "doc a"}
    b = {**b, "text": "doc b"}
    assert stable_record_id(a) == stable_record_id(json.loads(json.dumps(a)))
    assert conversation_from_record(a, FIELDS).id == stable_record_id(a)
    if a != b:
        assert stable_record_id(a) != stable_record_id(b)


@pytest.mark.parametrize(
    "bad_id, type_name",
    [(["a"], "list"), ({"a": 1}, "dict"), (True, "bool"), (False, "bool"), (1.5, "float")],
)
def test_ill_typed_id_is_rejected(bad_id, type_name):
    reason = bad_reason({"id": bad_id, "text": "x"})
    assert reason == f"field 'id' must be a string, got {type_name}"


@pytest.mark.parametrize("blank", ["", "   ", "\t\n"])
def test_empty_string_id_is_rejected(blank):
    assert bad_reason({"id": blank, "text": "x"}) == "field 'id' is an empty string"


# --- bad records ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "record, expected",
    [
        ({}, "empty record"),
        ([1, 2], "record is a JSON list, expected an object"),
        (3, "record is a JSON int, expected an object"),
        ("s", "record is a JSON str, expected an object"),
        (None, "record is a JSON NoneType, expected an object"),
        ({"id": "x"}, "record has neither 'turns' nor 'text'"),
        ({"id": "x", "turns": "hello"}, "field 'turns' must be a list of turns, got str"),
        ({"id": "x", "turns": {"text": "a"}}, "field 'turns' must be a list of turns, got dict"),
        ({"id": "x", "turns": ["hello"]}, "turns[0] must be an object, got str"),
        ({"id": "x", "turns": [{"text": "a"}, None]}, "turns[1] must be an object, got NoneType"),
        ({"id": "x", "turns": [{"speaker": "a"}]}, "turns[0].text must be a string, got missing"),
        ({"id": "x", "turns": [{"text": 5}]}, "turns[0].text must be a string, got int"),
        ({"id": "x", "turns": [{"text": ["a"]}]}, "turns[0].text must be a string, got list"),
        (
            {"id": "x", "turns": [{"text": "a"}, {"text": "b", "speaker": 2}]},
            "turns[1].speaker must be a string, got int",
        ),
        ({"id": "x", "text": 12}, "field 'text' must be a string, got int"),
        ({"id": "x", "text": "a", "context": 3}, "field 'context' must be a string, got int"),
        ({"id": "x", "text": "a", "context": ["c"]}, "field 'context' must be a string, got list"),
    ],
)
def test_bad_records_say_why(record, expected):
    assert bad_reason(record) == expected


def test_reasons_never_quote_the_content():
    records = [
        {"id": "x", "turns": SECRET},
        {"id": "x", "turns": [SECRET]},
        {"id": "x", "turns": [{"text": "a", "speaker": [SECRET]}]},
        {"id": "x", "text": [SECRET]},
        {"id": [SECRET], "text": "a"},
        {"id": "x", "text": "a", "context": {"k": SECRET}},
    ]
    for record in records:
        assert SECRET not in bad_reason(record)


# --- decoding and parse_raw ----------------------------------------------------------------


def test_decode_json_line():
    assert decode_json_line(b'{"a": 1}') == {"a": 1}
    assert decode_json_line('{"name": "Zoë"}'.encode()) == {"name": "Zoë"}
    assert decode_json_line(b"[1, 2]") == [1, 2]
    assert decode_json_line(b"7") == 7


@pytest.mark.parametrize("blank", [b"", b"   ", b"\t", b"\r"])
def test_blank_line(blank):
    with pytest.raises(BadRecord, match="^empty line$"):
        decode_json_line(blank)


def test_non_utf8_bytes():
    with pytest.raises(BadRecord) as info:
        decode_json_line(b'{"text": "caf\xe9"}')
    assert str(info.value) == "not valid UTF-8: byte 0xe9 at offset 13"


@pytest.mark.parametrize("depth", [129, 600, 100_000])
def test_json_nested_too_deep_is_a_bad_record(depth):
    """Used to raise RecursionError (from the parser, or later from encoding or pickling the
    record between workers), which stopped the job."""
    for line in (b"[" * depth + b"]" * depth, b'{"a": ' * depth + b"1" + b"}" * depth):
        with pytest.raises(BadRecord, match="^JSON nested deeper than 128 levels$"):
            decode_json_line(line)


def test_json_nested_up_to_the_limit_and_wide_records_are_read():
    assert decode_json_line(b"[" * 128 + b"]" * 128) is not None
    wide = {"turns": [{"text": str(i), "tags": [[i]]} for i in range(500)]}  # many brackets, shallow
    assert decode_json_line(json.dumps(wide).encode()) == wide
    assert nested_deeper_than({"a": [{"b": []}]}, 4) is False  # object, list, object, list
    assert nested_deeper_than({"a": [{"b": []}]}, 3) is True


def test_integer_too_long_for_python_is_a_bad_record():
    """`int()` refuses more than 4300 digits (a ValueError that is no JSONDecodeError)."""
    with pytest.raises(BadRecord, match="^an integer has more than 4300 digits"):
        decode_json_line(b'{"id": "x", "n": ' + b"7" * 4301 + b"}")
    assert decode_json_line(b'{"n": ' + b"7" * 4300 + b"}")["n"] > 0


def test_non_finite_numbers_become_null():
    record = decode_json_line(b'{"a": NaN, "b": [Infinity, -Infinity, 2.5], "c": {"d": NaN}, "e": "NaN"}')
    assert non_finite_as_null(record) == {"a": None, "b": [None, None, 2.5], "c": {"d": None}, "e": "NaN"}


def test_malformed_json():
    with pytest.raises(BadRecord) as info:
        decode_json_line(b'{"id": "a", "text": ')
    assert str(info.value).startswith("malformed JSON: ")
    assert "column" in str(info.value)
    with pytest.raises(BadRecord, match="^malformed JSON"):
        decode_json_line(b'{"id": "a"} trailing')


def test_parse_raw_jsonl():
    payload = json.dumps({"id": "r1", "turns": [{"speaker": "a", "text": "hi"}]}).encode()
    conversation = parse_raw(raw_line(payload, position=120, line=4), FIELDS)
    assert conversation.id == "r1"
    assert conversation.turns == [Turn("hi", "a")]
    assert conversation.source == JSONL_SPLIT.path
    assert conversation.index == 120


def test_parse_raw_parquet_row():
    row = {"id": "p1", "text": "a document", "score": 3}
    conversation = parse_raw(raw_row(row, position=5), FIELDS)
    assert conversation.id == "p1"
    assert conversation.is_document
    assert conversation.record == row
    assert conversation.index == 5


@pytest.mark.parametrize(
    "payload, expected",
    [
        (b"", "empty line"),
        (b"  ", "empty line"),
        (b"[1, 2, 3]", "record is a JSON list, expected an object"),
        (b"12", "record is a JSON int, expected an object"),
        (b"1.5", "record is a JSON float, expected an object"),
        (b'"text"', "record is a JSON str, expected an object"),
        (b"null", "record is a JSON NoneType, expected an object"),
        (b"{}", "empty record"),
        (b'{"id": "x", "turns": 3}', "field 'turns' must be a list of turns, got int"),
    ],
)
def test_parse_raw_rejects(payload, expected):
    with pytest.raises(BadRecord) as info:
        parse_raw(raw_line(payload), FIELDS)
    assert str(info.value) == expected


def test_parse_raw_reports_reader_problem_without_decoding():
    raw = RawInput(JSONL_SPLIT, 0, 1, None, 10_000, "record is 10000 bytes, over the 100-byte limit")
    with pytest.raises(BadRecord, match="over the 100-byte limit"):
        parse_raw(raw, FIELDS)


# --- error entries ------------------------------------------------------------------------


def test_error_entry_for_jsonl_has_location_and_fingerprint_but_no_raw():
    payload = json.dumps({"id": "x", "turns": SECRET}).encode()
    raw = raw_line(payload, position=300, line=9)
    with pytest.raises(BadRecord) as info:
        parse_raw(raw, FIELDS)
    entry = error_entry(raw, str(info.value), record_id="x")
    assert entry["source"] == JSONL_SPLIT.path
    assert entry["byte_offset"] == 300
    assert entry["line"] == 9
    assert entry["id"] == "x"
    assert entry["reason"] == "field 'turns' must be a list of turns, got str"
    assert entry["size_bytes"] == raw.size
    assert len(entry["sha256"]) == 64
    assert "raw" not in entry
    assert "Zebulon" not in json.dumps(entry)
    assert "row" not in entry


def test_error_entry_without_line_number_or_id():
    raw = raw_line(b"{bad", position=10, line=None)
    entry = error_entry(raw, "malformed JSON")
    assert "line" not in entry and "id" not in entry
    assert entry["byte_offset"] == 10


def test_error_entry_includes_raw_only_on_request():
    payload = ('{"id": "x", "text": ' + json.dumps(SECRET)).encode()  # malformed: no closing brace
    raw = raw_line(payload)
    assert SECRET not in json.dumps(error_entry(raw, "malformed JSON"))
    entry = error_entry(raw, "malformed JSON", include_raw=True)
    assert entry["raw"] == payload.decode()


def test_error_entry_raw_of_non_utf8_payload():
    payload = b'{"text": "caf\xe9"}'
    entry = error_entry(raw_line(payload), "not valid UTF-8", include_raw=True)
    assert entry["raw"] == '{"text": "caf\\xe9"}'
    assert "raw" not in error_entry(raw_line(payload), "not valid UTF-8")


def test_error_entry_for_parquet_row():
    row = {"id": "p", "text": SECRET, "turns": "bad"}
    raw = raw_row(row, position=17)
    entry = error_entry(raw, "field 'turns' must be a list of turns, got str")
    assert entry["source"] == PARQUET_SPLIT.path
    assert entry["row"] == 17
    assert "byte_offset" not in entry and "line" not in entry
    assert "raw" not in entry and "sha256" not in entry
    assert SECRET not in json.dumps(entry)
    with_raw = error_entry(raw, "bad", include_raw=True)
    assert json.loads(with_raw["raw"]) == row


def test_error_entry_for_oversized_line_has_no_payload():
    raw = RawInput(JSONL_SPLIT, 0, 1, None, 10_000, "too big")
    entry = error_entry(raw, "too big", include_raw=True)
    assert "raw" not in entry and "sha256" not in entry
    assert entry["size_bytes"] == 10_000


# --- writing records back ---------------------------------------------------------------------


def test_record_with_texts_conversation_keeps_everything_else():
    record = {
        "meta": {"lang": "en"},
        "turns": [
            {"speaker": "agent", "text": "Call me at 555-0100", "ts": 1.5, "tags": ["a"]},
            {"text": "My name is Ann", "speaker": "caller", "extra": None},
        ],
        "id": "c9",
        "pii": [{"turn": 1, "start": 11, "end": 14, "info_type": "PERSON_NAME"}],
        "zzz": 0,
    }
    original = json.loads(json.dumps(record))
    conversation = conversation_from_record(record, FIELDS)
    out = record_with_texts(conversation, ["Call me at [PHONE_NUMBER_1]", "My name is [PERSON_NAME_1]"], FIELDS)

    assert list(out) == list(record)
    assert [list(t) for t in out["turns"]] == [list(t) for t in record["turns"]]
    assert out["turns"][0]["text"] == "Call me at [PHONE_NUMBER_1]"
    assert out["turns"][1]["text"] == "My name is [PERSON_NAME_1]"
    for key in ("meta", "id", "pii", "zzz"):
        assert out[key] == record[key]
    for new, old in zip(out["turns"], record["turns"]):
        assert {k: v for k, v in new.items() if k != "text"} == {
            k: v for k, v in old.items() if k != "text"
        }
    # The input record itself is not modified.
    assert record == original


def test_record_with_texts_document():
    record = {"title": "t", "text": "Email ann@example.com", "id": "d", "n": [1]}
    conversation = conversation_from_record(record, FIELDS)
    out = record_with_texts(conversation, ["Email [EMAIL_ADDRESS_1]"], FIELDS)
    assert list(out) == ["title", "text", "id", "n"]
    assert out == {**record, "text": "Email [EMAIL_ADDRESS_1]"}
    assert record["text"] == "Email ann@example.com"


def test_record_with_texts_custom_fields():
    fields = FieldMap(turns="u", text="t")
    record = {"u": [{"t": "a", "x": 1}, {"t": "b"}], "id": "1"}
    conversation = conversation_from_record(record, fields)
    assert record_with_texts(conversation, ["A", "B"], fields) == {
        "u": [{"t": "A", "x": 1}, {"t": "B"}],
        "id": "1",
    }


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(max_size=20),
            st.dictionaries(
                st.text(min_size=1, max_size=6).filter(lambda k: k not in ("text", "speaker")),
                json_values,
                max_size=3,
            ),
        ),
        max_size=5,
    ),
    st.dictionaries(
        st.text(min_size=1, max_size=6).filter(lambda k: k not in ("id", "turns", "text", "context")),
        json_values,
        max_size=4,
    ),
    st.data(),
)
def test_record_with_texts_only_changes_texts(turns, other_fields, data):
    record = {"id": "r", **other_fields, "turns": [{**extra, "text": text} for text, extra in turns]}
    snapshot = json.dumps(record)
    conversation = conversation_from_record(record, FIELDS)
    new_texts = data.draw(st.lists(st.text(max_size=10), min_size=len(turns), max_size=len(turns)))
    out = record_with_texts(conversation, new_texts, FIELDS)
    assert json.dumps(record) == snapshot
    assert list(out) == list(record)
    assert [t["text"] for t in out["turns"]] == new_texts
    for new, old in zip(out["turns"], record["turns"]):
        assert list(new) == list(old)
        assert {k: v for k, v in new.items() if k != "text"} == {
            k: v for k, v in old.items() if k != "text"
        }
    assert {k: v for k, v in out.items() if k != "turns"} == {
        k: v for k, v in record.items() if k != "turns"
    }


def test_conversation_dataclass_defaults():
    conversation = Conversation("x", [Turn("a")], True, {"text": "a"})
    assert conversation.sort_key == ("", 0)
    assert conversation.context is None
