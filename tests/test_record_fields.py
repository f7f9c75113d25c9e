"""Fields outside the turns: the config, paths, the record plan, start checks and risk."""
from __future__ import annotations

import datetime as dt
import logging

import pyarrow as pa
import pytest

from veil.run.config import parse_config
from veil.run.errors import ConfigError
from veil.run.field_sample import inspect_sample
from veil.io.fields import check_parquet_schema, check_rules, hashed_id, values_at, with_value
from veil.detection.findings import Finding
from veil.transform.operators import build_operators
from veil.transform.operators.crypto import dlp_hash
from veil.transform.record_anonymize import anonymize_record
from veil.transform.record_plan import build_record_plan
from veil.io.records import BadRecord, FieldMap, conversation_from_record
from veil.risk.record import field_items, outside_turns
from veil.io.summary import build_summary, format_summary

KEY = "a-test-key-that-is-long-enough"
FIELDS = FieldMap()


def config(*transformations, **extra):
    return parse_config({"deidentify_config": {"record_transformations": {
        "field_transformations": list(transformations)}}, **extra})


def plan_of(*transformations, **extra):
    cfg = config(*transformations, **extra)
    return build_record_plan(cfg, build_operators(cfg))


@pytest.mark.parametrize("transformation, message", [
    ({"fields": [{"name": "a"}], "primitive_transformation": {"redact_config": {}},
      "info_type_transformations": {"transformations": [
          {"primitive_transformation": {"redact_config": {}}}]}}, "not both"),
    ({"fields": [{"name": "a"}], "primitive_transformation": {"numbered_placeholder_config": {}}},
     "needs info_type"),
    ({"fields": [{"name": "a"}], "condition": {"expressions": {}}}, "condition is not supported"),
    ({"fields": [{"name": "a..b"}]}, "empty part"),
    ({"fields": []}, "at least 1"),
    ({"fields": [{"name": "a"}], "info_type": {"name": "PERSON_NAME"}}, "goes with primitive_transformation"),
])
def test_bad_field_transformations_are_refused_with_their_path(transformation, message):
    with pytest.raises(ConfigError, match=message) as error:
        config(transformation)
    assert "field_transformations[0]" in str(error.value)


def test_a_field_listed_twice_or_inside_another_is_refused():
    with pytest.raises(ConfigError, match="listed in two"):
        config({"fields": [{"name": "a"}]}, {"fields": [{"name": "a"}]})
    with pytest.raises(ConfigError, match="inside field meta"):
        config({"fields": [{"name": "meta"}, {"name": "meta.email"}]})


def test_fields_the_job_owns_cannot_be_configured():
    problems = check_rules(plan_of({"fields": [{"name": "id"}]}, {"fields": [{"name": "turns.speaker"}]}), FIELDS)
    assert len(problems) == 2 and "record.ids" in problems[0] and "record.speakers" in problems[1]


def test_paths_reach_nested_objects_and_every_item_of_a_list():
    record = {"meta": {"agent": {"email": "a@x.com"}}, "people": [{"name": "Ann"}, {"name": "Bo"}, {}],
              "empty": None}
    assert list(values_at(record, ("meta", "agent", "email"))) == [(("meta", "agent", "email"), "a@x.com")]
    assert list(values_at(record, ("people", "name"))) == [(("people", 0, "name"), "Ann"),
                                                          (("people", 1, "name"), "Bo")]
    assert list(values_at(record, ("empty",))) == [] and list(values_at(record, ("nope",))) == []
    updated = with_value(record, ("people", 1, "name"), "X")
    assert updated["people"][1] == {"name": "X"} and record["people"][1] == {"name": "Bo"}


def test_a_record_lacking_a_configured_field_says_so():
    plan = plan_of({"fields": [{"name": "caller_name"}, {"name": "meta.notes"}]})
    conversation = conversation_from_record({"id": "1", "text": "hi", "meta": {}}, FIELDS, plan=plan)
    assert conversation.missing == ("caller_name", "meta.notes")


def call(**extra):
    return {"id": "c1", "turns": [{"speaker": "agent", "text": "This is Beth, how can I help?"},
                                  {"speaker": "caller", "text": "Mail me at bo@x.com or call 415-555-0100."}],
            **extra}


def findings_in(conversation):
    """The findings a detector would make, by value, in every text the detectors see."""
    values = {"Beth": "PERSON_NAME", "bo@x.com": "EMAIL_ADDRESS", "415-555-0100": "PHONE_NUMBER",
              "Beth Ames": "PERSON_NAME", "ann@y.org": "EMAIL_ADDRESS"}
    found = []
    for index, text in enumerate(conversation.texts):
        for value, info_type in sorted(values.items(), key=lambda kv: -len(kv[0])):
            start = text.find(value)
            if start >= 0 and not any(f.turn == index and f.start < start + len(value) and start < f.end
                                      for f in found):
                found.append(Finding(index, start, start + len(value), info_type))
    return found


def anonymize(record, plan, parquet=False, operators=None):
    conversation = conversation_from_record(record, FIELDS, plan=plan)
    return anonymize_record(conversation, findings_in(conversation), operators or build_operators(),
                            plan, FIELDS, parquet)


def test_configured_fields_are_anonymised_with_the_turns_and_share_their_numbers():
    plan = plan_of(
        {"fields": [{"name": "caller_name"}], "info_type": {"name": "PERSON_NAME"},
         "primitive_transformation": {"numbered_placeholder_config": {}}},
        {"fields": [{"name": "meta.notes"}, {"name": "contacts.email"}]},
        {"fields": [{"name": "meta.rank"}], "primitive_transformation": {"redact_config": {}}},
    )
    record = call(caller_name="Beth", meta={"notes": "Beth Ames asked; mail bo@x.com", "rank": 3,
                                            "lang": "en"},
                  contacts=[{"email": "ann@y.org"}, {"email": "none"}],
                  pii=[{"turn": 0, "start": 12, "end": 16, "info_type": "PERSON_NAME", "value": "Beth"}])
    result = anonymize(record, plan)
    out = result.record
    assert out["caller_name"] == "[PERSON_NAME_1]"
    assert out["turns"][0]["text"] == "This is [PERSON_NAME_1], how can I help?"
    assert out["meta"] == {"notes": "[PERSON_NAME_1] asked; mail [EMAIL_ADDRESS_1]", "rank": None, "lang": "en"}
    assert out["contacts"] == [{"email": "[EMAIL_ADDRESS_2]"}, {"email": "none"}]
    assert "pii" not in out  # gold labels are dropped: their offsets and values no longer fit
    # Every finding row says where it is; offsets rebuild each field from its original.
    places = [result.place(r.finding, FIELDS) for r in result.replacements]
    assert {"field": "meta.notes"} in places and {"field": "contacts[0].email"} in places
    assert {"field": "caller_name"} in places and {"turn": 1} in places


def test_a_fields_own_transformations_override_the_jobs_and_the_rest_still_applies():
    plan = plan_of({"fields": [{"name": "notes"}], "info_type_transformations": {"transformations": [
        {"info_types": [{"name": "EMAIL_ADDRESS"}], "primitive_transformation": {"redact_config": {}}}]}})
    out = anonymize(call(notes="Beth: bo@x.com"), plan).record
    assert out["notes"] == "[PERSON_NAME_1]: "  # the email redacted, the name as the job does


def test_gold_labels_are_null_in_parquet_so_the_schema_is_kept():
    out = anonymize(call(pii=[]), plan_of({"fields": [{"name": "x"}]}), parquet=True).record
    assert "pii" in out and out["pii"] is None


def test_non_text_values_transformed_whole(monkeypatch):
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)
    plan = plan_of(
        {"fields": [{"name": "phone"}], "primitive_transformation": {"redact_config": {}}},
        {"fields": [{"name": "tier"}], "primitive_transformation": {"replace_config": {"new_value": {"integer_value": 0}}}},
        {"fields": [{"name": "born"}], "primitive_transformation": {"date_shift_config": {
            "lower_bound_days": -30, "upper_bound_days": 30}}},
        {"fields": [{"name": "score"}], "primitive_transformation": {"crypto_hash_config": {}}},
    )
    out = anonymize(call(phone=4155550100, tier=7, born=dt.date(1990, 5, 4), score=12), plan).record
    assert out["phone"] is None and out["tier"] == 0
    assert out["born"] != dt.date(1990, 5, 4) and abs((out["born"] - dt.date(1990, 5, 4)).days) <= 30
    assert out["score"] == dlp_hash(KEY.encode(), "12")  # JSONL: a number hashed becomes text
    bad = plan_of({"fields": [{"name": "born"}], "primitive_transformation": {"date_shift_config": {
        "lower_bound_days": -3, "upper_bound_days": 3}}})
    with pytest.raises(BadRecord, match="born: a bool value"):
        anonymize(call(born=True), bad)


def test_a_date_field_replaced_with_a_date_value_stays_a_date():
    plan = plan_of({"fields": [{"name": "born"}], "primitive_transformation": {"replace_config": {
        "new_value": {"date_value": {"year": 2000, "month": 1, "day": 31}}}}})
    assert anonymize(call(born=dt.date(1990, 5, 4)), plan).record["born"] == dt.date(2000, 1, 31)


def test_a_number_with_nothing_found_stays_a_number():
    out = anonymize(call(meta={"rank": 3}), plan_of({"fields": [{"name": "meta.rank"}]})).record
    assert out["meta"] == {"rank": 3}


def test_ids_replaced_by_a_keyed_hash(monkeypatch):
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)
    plan = plan_of({"fields": [{"name": "x"}]}, record={"ids": "hash"})
    result = anonymize(call(), plan)
    assert result.record["id"] == hashed_id(KEY.encode(), "c1") != "c1"
    assert len(result.record["id"]) == 32
    monkeypatch.delenv("VEIL_SECRET_KEY")
    with pytest.raises(ConfigError, match="record.id_crypto_key"):
        plan_of({"fields": [{"name": "x"}]}, record={"ids": "hash"})


def test_parquet_schema_checks_at_start(monkeypatch):
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)
    schema = pa.schema([("id", pa.int64()), ("notes", pa.string()), ("phone", pa.int64()),
                        ("meta", pa.struct([("email", pa.string()), ("age", pa.int32())])),
                        ("tags", pa.list_(pa.string())), ("created", pa.timestamp("ms"))])
    ok = plan_of(
        {"fields": [{"name": "notes"}, {"name": "meta.email"}, {"name": "tags"}]},
        {"fields": [{"name": "phone"}], "primitive_transformation": {"redact_config": {}}},
        {"fields": [{"name": "created"}], "primitive_transformation": {"date_shift_config": {
            "lower_bound_days": -5, "upper_bound_days": 5}}},
    )
    assert check_parquet_schema(ok, schema, FIELDS) == []
    a_date = plan_of({"fields": [{"name": "created"}], "primitive_transformation": {"replace_config": {
        "new_value": {"date_value": {"year": 2000, "month": 1, "day": 31}}}}})
    assert check_parquet_schema(a_date, schema, FIELDS) == []
    bad = plan_of(
        {"fields": [{"name": "phone"}, {"name": "meta.nope"}, {"name": "gone"}]},
        {"fields": [{"name": "meta.age"}], "primitive_transformation": {"crypto_hash_config": {}}},
        {"fields": [{"name": "created"}], "primitive_transformation": {"replace_config": {
            "new_value": {"string_value": "soon"}}}},
        record={"ids": "hash"},
    )
    problems = "\n".join(check_parquet_schema(bad, schema, FIELDS))
    assert "'phone' is int64: only text columns" in problems
    assert "'meta.nope' is not in the Parquet schema" in problems
    assert "'gone' is not in the Parquet schema" in problems
    assert "'meta.age' is int32, and crypto_hash_config writes text" in problems
    assert "does not fit the column's type timestamp" in problems
    assert "Parquet id column 'id' is int64" in problems


def detector():
    from veil.run.config import load_config
    from veil.detection.detect import ConversationDetector

    return ConversationDetector(load_config("call_transcripts")).detect


def test_ids_that_look_like_personal_data_stop_the_job_at_start():
    plan = plan_of({"fields": [{"name": "x"}]})
    opaque = [{"id": i, "text": "x"} for i in ("conv-3003-000001", "doc-3003-000002",
                                                "7f9c2ba4e88f827d616045507605853e",
                                                "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "call_2024_17", 12)]
    assert inspect_sample(opaque, plan, FIELDS, detector()).id_problem("id") is None
    personal = opaque + [{"id": "rachel.green@example.com", "text": "x"}, {"id": "john.smith", "text": "x"},
                         {"id": "+1 415 555 0134", "text": "x"}]
    problem = inspect_sample(personal, plan, FIELDS, detector()).id_problem("id")
    assert "3 of 9 sampled ids look like personal data" in problem
    assert "EMAIL_ADDRESS 1" in problem and "PERSON_NAME 2" in problem and "PHONE_NUMBER 1" in problem
    assert "example.com" not in problem and "smith" not in problem  # counts, never values
    # Trusted or hashed ids are not checked.
    assert inspect_sample(personal, plan_of({"fields": [{"name": "x"}]}, record={"ids": "keep"}),
                          FIELDS, detector()).id_problem("id") is None


def test_fields_not_inspected_that_look_like_personal_data_are_reported_as_counts(caplog):
    plan = plan_of({"fields": [{"name": "notes"}]})
    records = [{"id": f"r{i}", "text": "x", "notes": f"call {i}", "context": "support",
                "agent_email": f"agent{i}@example.com", "meta": {"caller": "Rachel Green"}}
               for i in range(6)]
    report = inspect_sample(records, plan, FIELDS, detector())
    assert report.fields == {"agent_email": 6}
    assert report.field_types["agent_email"] == {"EMAIL_ADDRESS": 6}
    warnings = report.warnings()
    assert len(warnings) == 1 and "'agent_email'" in warnings[0] and "6 of 6" in warnings[0]
    assert "example.com" not in " ".join(warnings)
    # "meta.caller" repeats one value in every record: a constant, not someone's data.
    assert report.summary()["uninspected_with_personal_data"] == {
        "agent_email": {"records": 6, "by_info_type": {"EMAIL_ADDRESS": 6}}}


def test_residual_risk_reads_every_string_written_outside_the_turns():
    record = {"id": "c1", "turns": [{"speaker": "agent", "text": "hi"}], "notes": "mail bo@x.com",
              "meta": {"tag": "[EMAIL_ADDRESS_1]"}}
    strings = outside_turns(record, {("turns", 0, "text"), ("turns", 0, "speaker"), ("id",)})
    assert strings == [(("notes",), "mail bo@x.com"), (("meta", "tag"), "[EMAIL_ADDRESS_1]")]
    items = field_items(strings, detector())
    assert [(i.info_type, i.value, i.field) for i in items] == [("EMAIL_ADDRESS", "bo@x.com", "notes")]


def test_the_summary_lists_fields_and_how_many_records_lacked_each():
    job = {"output": "out", "fields": {"inspected": ["notes"], "transformed_whole": ["caller_name"],
                                       "speakers": "auto", "ids": "check", "sampled_records": 10,
                                       "uninspected_with_personal_data": {}}}
    counts = {"records_in": 3, "records_written": 3, "fields_missing.notes": 2}
    summary = build_summary(job, counts, [])
    assert summary["fields"]["missing"] == {"notes": 2}
    text = format_summary(summary)
    assert "notes, caller_name" in text and "field notes is missing from 2 records" in text


def test_start_warnings_go_to_the_log_without_values(tmp_path, caplog):
    from apache_beam.options.pipeline_options import PipelineOptions

    from pipelines.anonymize import plan_job

    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(
        '{"id": "r%d", "text": "hello", "agent_email": "agent%d@example.com"}' % (i, i) for i in range(4)))
    with caplog.at_level(logging.WARNING, logger="veil"):
        plan = plan_job(PipelineOptions(["--input", str(source), "--output", str(tmp_path / "out"),
                                         "--config", "minimal"]))
    assert plan.job["fields"]["uninspected_with_personal_data"]["agent_email"]["records"] == 4
    assert "field 'agent_email' is written as it is" in caplog.text
    assert "example.com" not in caplog.text


def test_the_readme_fields_example_is_valid(monkeypatch):
    import yaml

    from tests.conftest import ROOT

    text = (ROOT / "README.md").read_text()
    example = text.split("## Speakers, fields and ids", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    cfg = parse_config(yaml.safe_load(example), "README")
    monkeypatch.setenv("VEIL_SECRET_KEY", KEY)
    plan = build_record_plan(cfg, build_operators(cfg))
    assert [r.name for r in plan.rules] == ["meta.notes", "participants.email", "caller_name", "customer_phone"]
    assert plan.speakers == "auto" and plan.ids.value == "check"
