"""Measuring entity resolution against gold entity ids, on whole records.

`single_number_share` measures resolution on a conversation's turn texts.
This module measures what a reader of the corpus sees: the placeholders of a record
anonymised as the job does it (veil.transform.record_anonymize), speaker labels included, with the
gold spans as the findings (perfect detection). It also reads the hand-checked
conversations (`data/handchecked/conversations.yaml`), written with inline marks:

    [[value|INFO_TYPE|entity]]        a gold span; the entity id is the same for one person
    speakers: {Pam: P1}               the gold entity of each speaker label that is a name
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

import yaml

from veil.entities.resolution import entity_numbers
from veil.io.fields import RecordPlan
from veil.detection.findings import Finding
from veil.transform.operators import Operators
from veil.transform.record_anonymize import anonymize_record
from veil.io.records import FieldMap, conversation_from_record

_MARK = re.compile(r"\[\[(?P<value>[^|\]]+)\|(?P<type>[A-Z_]+)(?:\|(?P<entity>[^\]]+))?\]\]")
_PLACEHOLDER = re.compile(r"\[(?P<type>[A-Z][A-Z0-9_]*?)_(?P<number>\d+)\]")


def unmark(text: str) -> tuple[str, list[dict]]:
    """A marked text as plain text and its gold spans."""
    out, spans, position = [], [], 0
    length = 0
    for match in _MARK.finditer(text):
        out.append(text[position:match.start()])
        length += match.start() - position
        value = match.group("value")
        span = {"start": length, "end": length + len(value), "info_type": match.group("type")}
        if match.group("entity"):
            span["entity"] = match.group("entity")
        spans.append(span)
        out.append(value)
        length += len(value)
        position = match.end()
    out.append(text[position:])
    return "".join(out), spans


def read_marked(path: str | Path) -> list[dict]:
    """The hand-checked conversations as input records: `turns`, gold `pii` (with entity
    ids) and `speaker_entities`."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    records = []
    for item in data["conversations"]:
        turns, pii = [], []
        for index, (speaker, marked) in enumerate(item["turns"]):
            text, spans = unmark(marked)
            turns.append({"speaker": speaker, "text": text})
            pii += [{"turn": index, **span} for span in spans]
        records.append({"id": item["id"], "context": item.get("context"), "turns": turns,
                        "pii": pii, "speaker_entities": item.get("speakers") or {}})
    return records


def labelled_records(path: str | Path) -> list[dict]:
    """`read_marked`'s records as a job or `veil evaluate` reads them: without
    `speaker_entities`, which only the speaker measure reads."""
    records = read_marked(path)
    for record in records:
        record.pop("speaker_entities", None)
    return records


def placeholder_share(records: Iterable[dict], speakers: str = "auto",
                      info_type: str = "PERSON_NAME") -> dict:
    """With the gold spans as findings, anonymise each record as the job does and read the
    placeholder number every gold mention (speaker labels included) received. Returns the
    share of entities named more than once that kept one number, and the share of entities
    that share no number with another entity."""
    fields = FieldMap()
    plan = RecordPlan(speakers=speakers)

    def numbers_per_record():
        for record in records:
            yield _gold_numbers(record, anonymize_record_with_gold(record, plan, fields), info_type)

    return number_shares(numbers_per_record())


def anonymize_record_with_gold(record: dict, plan: RecordPlan, fields: FieldMap):
    """The record anonymised as the job does it, with its gold spans as the findings."""
    conversation = conversation_from_record(record, fields)
    findings = [Finding(s.get("turn", 0), s["start"], s["end"], s["info_type"])
                for s in record.get("pii", [])]
    return conversation, anonymize_record(conversation, findings, Operators(), plan, fields)


def _gold_numbers(record: dict, anonymized, info_type: str) -> dict[str, list[int]]:
    """Gold entity -> the placeholder number each of its mentions (labels included) got."""
    conversation, result = anonymized
    gold = {(s.get("turn", 0), s["start"], s["end"]): s.get("entity")
            for s in record.get("pii", []) if s["info_type"] == info_type}
    numbers: dict[str, list[int]] = {}
    for replacement in result.replacements:
        finding = replacement.finding
        segment = result.segments[finding.turn]
        match = _PLACEHOLDER.fullmatch(replacement.text)
        if match is None or match.group("type") != info_type:
            continue
        if segment.kind == "speaker":
            label = conversation.turns[segment.turn].speaker
            entity = (record.get("speaker_entities") or {}).get(label)
        else:
            entity = gold.get((finding.turn, finding.start, finding.end))
        if entity:
            numbers.setdefault(entity, []).append(int(match.group("number")))
    return numbers


# --- gold labels -------------------------------------------------------------------------

def gold_findings(record: dict) -> tuple[list[str], list[Finding], dict[Finding, str]]:
    """A synthetic record's texts, its gold spans as findings (perfect detection), and the
    gold entity id of each span that has one."""
    texts = [t["text"] for t in record["turns"]] if "turns" in record else [record["text"]]
    findings, gold = [], {}
    for span in record.get("pii", []):
        finding = Finding(span.get("turn", 0), span["start"], span["end"], span["info_type"])
        findings.append(finding)
        if span.get("entity"):
            gold[finding] = span["entity"]
    return texts, findings, gold


def record_speakers(record: dict) -> list[str | None] | None:
    """Each turn's speaker label, for a record with turns."""
    turns = record.get("turns")
    if not isinstance(turns, list):
        return None
    return [t.get("speaker") if isinstance(t, dict) and isinstance(t.get("speaker"), str) else None
            for t in turns]


def single_number_share(records: Iterable[dict], info_type: str = "PERSON_NAME") -> dict:
    """Of the gold entities mentioned more than once, the share whose mentions all received one
    number when the gold spans are the findings. Also the share of distinct gold entities that
    were kept apart (no number shared with another gold entity)."""
    def numbers_per_record():
        for record in records:
            texts, findings, gold = gold_findings(record)
            numbers = entity_numbers(texts, findings, record_speakers(record))
            by_entity: dict[str, list[int]] = {}
            for finding, entity in gold.items():
                if finding.info_type == info_type:
                    by_entity.setdefault(entity, []).append(numbers[finding])
            yield by_entity

    return number_shares(numbers_per_record())


def number_shares(per_record: Iterable[dict[str, list[int]]]) -> dict:
    """From each record's gold entity -> the number each of its mentions received: the share
    of entities named more than once that kept one number, and the share of entities that
    share no number with another entity of their record."""
    multi = single = entities = apart = 0
    for by_entity in per_record:
        for entity, assigned in by_entity.items():
            entities += 1
            others = {n for e, numbers in by_entity.items() if e != entity for n in numbers}
            apart += not (set(assigned) & others)
            if len(assigned) > 1:
                multi += 1
                single += len(set(assigned)) == 1
    return {
        "multi_mention_entities": multi,
        "single_number": single,
        "single_number_share": single / multi if multi else 1.0,
        "entities": entities,
        "kept_apart_share": apart / entities if entities else 1.0,
    }
