"""The synthetic corpus generator: exact gold spans, determinism, the mix, hard negatives, I/O."""
from __future__ import annotations

import collections
import gzip
import hashlib
import ipaddress
import json
import math
import os
import random
import re
import subprocess
import sys
import types
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from veil.synth import (
    CONTEXTS,
    DEFAULT_CONTEXT_WEIGHTS,
    INFO_TYPES,
    NEGATIVE_KINDS,
    PARQUET_SCHEMA,
    GeneratorConfig,
    generate_records,
    write_records,
)
from veil.synth.scenarios import BRANDS, EPONYMS, EVERYDAY_EPONYMS
from veil.synth.spoken import DIGIT_WORDS, MONTHS, WORD_DIGITS, ascii_fold
from veil.synth.values import TOPIC_ORGS, Values

ROOT = Path(__file__).resolve().parents[2]
N_CORPUS = 2000


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return list(generate_records(N_CORPUS, seed=1234))


def spans_of(record: dict, key: str = "pii"):
    """(span, its text, the whole turn text) for each span of the record."""
    for span in record[key]:
        text = record["turns"][span["turn"]]["text"] if "turn" in span else record["text"]
        yield span, text[span["start"]:span["end"]], text


# -- shape checks ---------------------------------------------------------------------------
def tokens(value: str) -> list[str]:
    return [t for t in re.split(r"[^0-9A-Za-z]+", value) if t]


def normalise_code(value: str) -> str:
    """'four one five, double five' -> '41555'; 'G-B two 9' -> 'GB29'; '415-555' -> '415555'."""
    out: list[str] = []
    toks = tokens(value)
    i = 0
    while i < len(toks):
        tok = toks[i]
        low = tok.lower()
        if low == "double" and i + 1 < len(toks):
            digit = WORD_DIGITS[toks[i + 1].lower()]
            out.append(digit * 2)
            i += 2
            continue
        if low in WORD_DIGITS and not (len(tok) == 1 and tok.isupper()):
            out.append(WORD_DIGITS[low])
        else:
            out.append(tok)
        i += 1
    return "".join(out)


def luhn(number: str) -> bool:
    total = 0
    for pos, ch in enumerate(reversed(number)):
        d = int(ch)
        if pos % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(iban: str) -> bool:
    iban = iban.upper()
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


_VIN_VALUES = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))),
               **dict(zip("JKLMN", range(1, 6))), "P": 7, "R": 9,
               **dict(zip("STUVWXYZ", range(2, 10)))}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_ok(vin: str) -> bool:
    vin = vin.upper()
    if len(vin) != 17 or any(c not in _VIN_VALUES for c in vin):
        return False
    check = sum(_VIN_VALUES[c] * w for c, w in zip(vin, _VIN_WEIGHTS)) % 11
    return vin[8] == ("X" if check == 10 else str(check))


NUMBER_WORDS = set(WORD_DIGITS) | {
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
    "ninety", "hundred", "thousand", "and",
}
SPELLED = re.compile(r"[A-Z](-[A-Z])+")
NAME = re.compile(r"[^\W\d_]+(?:['\u2019]?[ \-.]?[^\W\d_]+)*", re.UNICODE)


def spoken_number(value: str) -> bool:
    return all(w in NUMBER_WORDS for w in re.split(r"[\s\-]+", value.lower()) if w)


_DIGIT_ALT = "|".join(DIGIT_WORDS)
AS_IN = re.compile(rf"(?:[A-Za-z] as in [A-Za-z\-]+|{_DIGIT_ALT})"
                   rf"(?:,? (?:[A-Za-z] as in [A-Za-z\-]+|{_DIGIT_ALT}))*")


def as_in_letters(value: str) -> str:
    """'M as in Mike, A as in Alpha' -> 'MA'."""
    return "".join(m.group(1).upper() for m in re.finditer(r"\b([A-Za-z]) as in ", value))


def partial_piece(record: dict, span: dict, value: str) -> bool:
    """A false-start fragment (a prefix of the same value, which follows it at once) or a
    partial read-back (the start of a number said in an earlier turn)."""
    text = record["turns"][span["turn"]]["text"] if "turn" in span else record["text"]
    head = value.replace(",", "").lower()
    for other in record["pii"]:
        if other.get("turn") == span.get("turn") and other["info_type"] == span["info_type"] \
                and other.get("entity") == span.get("entity") and other["start"] > span["start"]:
            gap = text[span["end"]:other["start"]]
            full = text[other["start"]:other["end"]].replace(",", "").lower()
            if gap in ("- ", " ") and full.startswith(head) and len(full) > len(head):
                return True
    code = normalise_code(value)
    return any(s["info_type"] == span["info_type"] and s.get("turn", 0) < span.get("turn", 0)
               and normalise_code(v).startswith(code) for s, v, _ in spans_of(record))


def check_shape(info_type: str, value: str) -> bool:
    low = value.lower()
    code = normalise_code(value)
    if info_type == "PERSON_NAME":
        return bool(SPELLED.fullmatch(value) or NAME.fullmatch(value) or AS_IN.fullmatch(value))
    if info_type == "EMAIL_ADDRESS":
        return "@" in value or " at " in value
    if info_type == "PHONE_NUMBER":
        return code.isdigit() and 7 <= len(code) <= 15
    if info_type == "CREDIT_CARD_NUMBER":
        return code.isdigit() and 13 <= len(code) <= 19 and luhn(code)
    if info_type == "US_SOCIAL_SECURITY_NUMBER":
        return code.isdigit() and len(code) == 9 and (
            not any(c.isdigit() for c in value) or re.fullmatch(r"\d{3}-\d{2}-\d{4}", value))
    if info_type == "STREET_ADDRESS":
        return len(value.split()) >= 2
    if info_type == "ORGANIZATION_NAME":
        return value[:1].isalnum() and not value[-1:].isspace()
    if info_type == "LOCATION":
        return bool(re.fullmatch(r"'?[^\W\d_][\w .'\-]*", value))
    if info_type == "DATE_OF_BIRTH":
        return (any(m.lower() in low for m in MONTHS)
                or bool(re.fullmatch(r"\d{1,4}[/.\-]\d{1,2}[/.\-]\d{2,4}", value))
                or spoken_number(value))
    if info_type == "USER_NAME":
        return bool(re.fullmatch(r"[A-Za-z0-9._]+", value)) or bool(AS_IN.fullmatch(value)) or bool(
            re.fullmatch(r"[A-Z](-[A-Z])*( [a-z ]+| \d+)?", value))
    if info_type == "IBAN_CODE":
        return code[:2].isalpha() and 15 <= len(code) <= 34 and iban_ok(code)
    if info_type == "IP_ADDRESS":
        ipaddress.ip_address(value)
        return True
    if info_type == "URL":
        return "." in value or " dot " in value
    if info_type == "EMPLOYEE_ID":
        return bool(re.fullmatch(r"EMP-\d{6}", value)) or (code.startswith("EMP")
                                                          and code[3:].isdigit()
                                                          and len(code) == 9)
    if info_type == "PASSPORT":
        return code.isalnum() and len(code) == 9
    if info_type == "VEHICLE_IDENTIFICATION_NUMBER":
        return vin_ok(code)
    if info_type == "MEDICAL_RECORD_NUMBER":
        return code.isdigit() and 7 <= len(code) <= 8
    if info_type == "AGE":
        return (value.isdigit() and 0 < int(value) < 120) or spoken_number(value)
    raise AssertionError(f"unexpected info_type {info_type}")


# -- the contract ---------------------------------------------------------------------------
def test_records_follow_the_contract(corpus):
    ids = set()
    for record in corpus:
        assert record["id"] not in ids
        ids.add(record["id"])
        assert record["context"] in CONTEXTS
        if record["context"] == "document":
            assert "turns" not in record and isinstance(record["text"], str) and record["text"]
        else:
            assert "text" not in record and record["turns"]
            for turn in record["turns"]:
                assert set(turn) == {"speaker", "text"}
                assert turn["text"] and turn["text"] == turn["text"].strip()
        for span in record["pii"]:
            keys = {"start", "end", "info_type", "speaker_related"}
            assert set(span) - {"entity"} == (keys if record["context"] == "document" else keys | {"turn"})
            assert ("entity" in span) == (span["info_type"] == "PERSON_NAME")
            assert isinstance(span["speaker_related"], bool)
            assert span["info_type"] in INFO_TYPES
        json.dumps(record, ensure_ascii=False)


def test_gold_spans_are_exact_and_plausible(corpus):
    seen = collections.Counter()
    for record in corpus:
        by_turn = collections.defaultdict(list)
        for span, value, text in spans_of(record):
            assert 0 <= span["start"] < span["end"] <= len(text)
            assert value == value.strip() and value, (record["id"], span)
            assert check_shape(span["info_type"], value) or partial_piece(record, span, value), \
                (record["id"], span["info_type"], value)
            seen[span["info_type"]] += 1
            by_turn[span.get("turn")].append((span["start"], span["end"]))
        for ranges in by_turn.values():  # gold spans never overlap
            ranges.sort()
            assert all(a[1] <= b[0] for a, b in zip(ranges, ranges[1:])), record["id"]
    # every info_type the generator knows shows up in a corpus this size
    assert set(seen) == set(INFO_TYPES), set(INFO_TYPES) - set(seen)


def test_speaker_related_organisations(corpus):
    related = unrelated = 0
    for record in corpus:
        for span, value, text in spans_of(record):
            if span["info_type"] != "ORGANIZATION_NAME":
                assert span["speaker_related"] is False
                continue
            if value in TOPIC_ORGS or value.lower() in {o.lower() for o in TOPIC_ORGS}:
                assert span["speaker_related"] is False, value
            before = text[: span["start"]].lower()
            if re.search(r"(calling from|thank you for calling|thanks for calling|i work for|"
                         r"i'm with|here at) $", before):
                assert span["speaker_related"] is True, (record["id"], value)
            related += span["speaker_related"]
            unrelated += not span["speaker_related"]
    assert related > 200 and unrelated > 200


def test_people_are_named_several_ways(corpus):
    spelled = first_and_full = 0
    for record in corpus:
        names = [v for s, v, _ in spans_of(record) if s["info_type"] == "PERSON_NAME"]
        spelled += any(SPELLED.fullmatch(n) for n in names)
        fulls = {n for n in names if " " in n}
        firsts = {n for n in names if " " not in n}
        first_and_full += any(f.split()[0] in firsts or f.split()[-1] in firsts for f in fulls)
    assert spelled > 20
    assert first_and_full > N_CORPUS // 4


def test_names_come_from_many_origins_and_both_genders():
    values = Values(42, random.Random(42), {"en_US": 1, "vi_VN": 1, "yo_NG": 1, "pl_PL": 1,
                                             "es_MX": 1}, ascii_names=False)
    people = [values.person() for _ in range(2000)]
    genders = collections.Counter(p.gender for p in people)
    assert abs(genders["female"] - 1000) < 150
    assert {p.locale for p in people} == {"en_US", "vi_VN", "yo_NG", "pl_PL", "es_MX"}
    assert all(p.first and p.last for p in people)


# -- determinism ----------------------------------------------------------------------------
def test_same_seed_same_records_and_different_seed_differs():
    a = list(generate_records(40, seed=9))
    b = list(generate_records(40, seed=9))
    c = list(generate_records(40, seed=10))
    assert a == b
    assert a != c
    assert sum(x == y for x, y in zip(a, c)) == 0


def test_record_i_depends_only_on_seed_and_i():
    small = list(generate_records(10, seed=77))
    large = list(generate_records(50, seed=77))
    assert small == large[:10]
    assert list(generate_records(15, seed=77, start=35)) == large[35:50]
    assert isinstance(generate_records(10**9, seed=1), types.GeneratorType)  # streams


def test_deterministic_across_processes():
    code = ("import hashlib, json; from veil.synth import generate_records; "
            "print(hashlib.sha256(json.dumps(list(generate_records(30, seed=5)))"
            ".encode()).hexdigest())")
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True).stdout.strip()
        digests.add(out)
    here = hashlib.sha256(json.dumps(list(generate_records(30, seed=5))).encode()).hexdigest()
    assert digests == {here}


# -- the mix --------------------------------------------------------------------------------
def test_context_distribution_follows_weights(corpus):
    counts = collections.Counter(r["context"] for r in corpus)
    total = sum(DEFAULT_CONTEXT_WEIGHTS.values())
    for context, weight in DEFAULT_CONTEXT_WEIGHTS.items():
        p = weight / total
        sigma = math.sqrt(N_CORPUS * p * (1 - p))
        assert abs(counts[context] - N_CORPUS * p) < 4 * sigma, (context, counts[context])


def test_custom_context_weights():
    config = GeneratorConfig(context_weights={"voicemail": 3, "document": 1})
    counts = collections.Counter(r["context"] for r in generate_records(400, 3, config))
    assert set(counts) == {"voicemail", "document"}
    assert counts["voicemail"] > counts["document"] * 2


def test_meetings_have_many_speakers_and_are_longer(corpus):
    def length(r):
        return sum(len(t["text"]) for t in r["turns"])

    meetings = [r for r in corpus if r["context"] == "internal_meeting"]
    support = [r for r in corpus if r["context"] == "customer_support"]
    voicemails = [r for r in corpus if r["context"] == "voicemail"]
    assert all(3 <= len({t["speaker"] for t in r["turns"]}) <= 8 for r in meetings)
    assert all(len({t["speaker"] for t in r["turns"]}) == 1 for r in voicemails)
    assert all(len({t["speaker"] for t in r["turns"]}) == 2 for r in support)
    ratio = (sum(map(length, meetings)) / len(meetings)) / (sum(map(length, support)) / len(support))
    assert 3 < ratio < 8


def test_bad_config_is_refused():
    with pytest.raises(ValueError):
        GeneratorConfig(context_weights={"podcast": 1})
    with pytest.raises(ValueError):
        GeneratorConfig(p_lowercase=1.5)
    with pytest.raises(ValueError):
        GeneratorConfig(meeting_speakers=(2, 4))
    with pytest.raises(ValueError):
        list(generate_records(1, 0, GeneratorConfig(name_locales={"xx_XX": 1})))


# -- ASR styles -----------------------------------------------------------------------------
def outside_spans(record: dict) -> list[str]:
    """Each turn's text with the gold spans cut out."""
    pieces = []
    for i, turn in enumerate(record["turns"]):
        text, pos = turn["text"], 0
        for span in sorted((s for s in record["pii"] if s["turn"] == i), key=lambda s: s["start"]):
            pieces.append(text[pos:span["start"]])
            pos = span["end"]
        pieces.append(text[pos:])
    return pieces


def test_lowercase_without_punctuation():
    config = GeneratorConfig(p_lowercase=1.0, context_weights={"customer_support": 1,
                                                               "sales_call": 1})
    for record in generate_records(100, 4, config):
        for piece in outside_spans(record):
            assert piece == piece.lower(), piece
            assert not re.search(r"[?!;]|,(?!\d)|\.(?![\w])", piece), piece


def test_spoken_spelled_and_disfluent_styles():
    loud = GeneratorConfig(p_digits_spoken=1.0, p_spelled=1.0, p_disfluency=1.0,
                           p_spoken_email=1.0, context_weights={"customer_support": 1})
    quiet = GeneratorConfig(p_digits_spoken=0.0, p_spelled=0.0, p_disfluency=0.0,
                            p_spoken_email=0.0, p_lowercase=0.0, p_false_start=0.0,
                            context_weights={"customer_support": 1})
    loud_records = list(generate_records(150, 8, loud))
    quiet_records = list(generate_records(150, 8, quiet))

    def values(records, info_type):
        return [v for r in records for s, v, _ in spans_of(r) if s["info_type"] == info_type]

    assert values(loud_records, "PHONE_NUMBER") and all(
        not any(c.isdigit() for c in v) for v in values(loud_records, "PHONE_NUMBER"))
    assert all(any(c.isdigit() for c in v) for v in values(quiet_records, "PHONE_NUMBER"))
    assert any(SPELLED.fullmatch(v) for v in values(loud_records, "PERSON_NAME"))
    assert not any(SPELLED.fullmatch(v) for v in values(quiet_records, "PERSON_NAME"))
    assert all(" at " in v or " @ " in v for v in values(loud_records, "EMAIL_ADDRESS"))
    assert all("@" in v and " " not in v for v in values(quiet_records, "EMAIL_ADDRESS"))
    fillers = re.compile(r"\b(um|uh)\b|\b(\w+)- \2\b", re.IGNORECASE)
    loud_text = " ".join(t["text"] for r in loud_records for t in r["turns"])
    quiet_text = " ".join(t["text"] for r in quiet_records for t in r["turns"])
    assert len(fillers.findall(loud_text)) > 500
    assert not fillers.search(quiet_text)


def test_documents_are_written_not_spoken(corpus):
    docs = [r for r in corpus if r["context"] == "document"]
    assert len(docs) > 100
    for record in docs:
        assert not re.search(r"\b(um|uh)\b", record["text"])
        for span, value, _ in spans_of(record):
            if span["info_type"] in ("PHONE_NUMBER", "CREDIT_CARD_NUMBER", "EMPLOYEE_ID"):
                assert any(c.isdigit() for c in value)


# -- hard negatives -------------------------------------------------------------------------
def test_hard_negatives_are_present_and_not_labelled(corpus):
    kinds = collections.Counter()
    eponyms = {e.lower() for e in EPONYMS + EVERYDAY_EPONYMS}
    eponyms |= {e.lower().removeprefix("the ").removeprefix("a ").removeprefix("an ")
                for e in eponyms}
    brands = {b.lower() for b, _ in BRANDS} | {"tesla", "boeing"}
    name_words = {"may", "will", "mark", "bill", "frank", "hope", "sue", "grace", "june",
                  "march", "rob"}
    for record in corpus:
        gold = collections.defaultdict(list)
        for span in record["pii"]:
            gold[span.get("turn")].append((span["start"], span["end"]))
        for span, value, text in spans_of(record, "negatives"):
            kinds[span["kind"]] += 1
            assert span["kind"] in NEGATIVE_KINDS
            assert value and value == value.strip()
            for start, end in gold[span.get("turn")]:
                assert end <= span["start"] or span["end"] <= start, (record["id"], value)
            if span["kind"] == "eponym":
                assert value.lower() in eponyms, value
            elif span["kind"] == "brand":
                assert value.lower() in brands, value
            elif span["kind"] == "name_word":
                assert value.lower() in name_words, value
            elif span["kind"] == "order_number":
                assert normalise_code(value).isdigit()
    assert set(kinds) == set(NEGATIVE_KINDS)
    assert min(kinds.values()) > 50
    # the classic traps are in the text and outside every gold span
    texts = [p for r in corpus if "turns" in r for p in outside_spans(r)]
    joined = "\n".join(texts).lower()
    for trap in ("parkinson's disease", "will do", "may i", "bill me", "ford", "dell"):
        assert trap in joined, trap


def test_negatives_can_be_left_out():
    record = next(generate_records(1, 0, GeneratorConfig(emit_negatives=False)))
    assert "negatives" not in record


# -- writing ----------------------------------------------------------------------------------
def test_jsonl_round_trip(tmp_path):
    records = list(generate_records(120, seed=21))
    path = tmp_path / "synth.jsonl"
    assert write_records(iter(records), str(path)) == 120
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == records
    assert lines[0] == json.dumps(records[0], ensure_ascii=False)
    gz = tmp_path / "new" / "folder" / "synth.jsonl.gz"
    assert write_records(records, str(gz)) == 120
    with gzip.open(gz, "rt", encoding="utf-8") as f:
        assert [json.loads(line) for line in f] == records


def test_fsspec_url_and_explicit_format():
    import fsspec

    records = list(generate_records(10, seed=2))
    assert write_records(records, "memory://veil-synth/out.data", fmt="jsonl") == 10
    with fsspec.open("memory://veil-synth/out.data", "rt") as f:
        assert [json.loads(line) for line in f] == records
    with pytest.raises(ValueError):
        write_records(records, "memory://veil-synth/out.unknown")


def expected_row(record: dict) -> dict:
    row = {name: record.get(name) for name in PARQUET_SCHEMA.names}
    row["pii"] = [{"turn": s.get("turn"), **{k: s[k] for k in
                   ("start", "end", "info_type", "speaker_related")}, "entity": s.get("entity")}
                  for s in record["pii"]]
    row["negatives"] = [{"turn": s.get("turn"), **{k: s[k] for k in ("start", "end", "kind")}}
                        for s in record["negatives"]]
    return row


def test_parquet_round_trip_and_schema(tmp_path):
    records = list(generate_records(250, seed=33))
    path = tmp_path / "synth.parquet"
    assert write_records(records, str(path), batch_size=64) == 250
    table = pq.read_table(path)
    assert table.schema.equals(PARQUET_SCHEMA)
    schema = table.schema
    assert schema.field("turns").type == pa.list_(pa.struct([("speaker", pa.string()),
                                                             ("text", pa.string())]))
    assert schema.field("pii").type == pa.list_(pa.struct([
        ("turn", pa.int32()), ("start", pa.int32()), ("end", pa.int32()),
        ("info_type", pa.string()), ("speaker_related", pa.bool_()), ("entity", pa.string())]))
    assert schema.field("text").type == pa.string()
    rows = table.to_pylist()
    assert rows == [expected_row(r) for r in records]
    docs = [row for row in rows if row["context"] == "document"]
    convs = [row for row in rows if row["context"] != "document"]
    assert docs and convs
    assert all(row["turns"] is None and row["text"] for row in docs)
    assert all(row["text"] is None and row["turns"] for row in convs)
    assert pq.ParquetFile(path).metadata.num_row_groups >= 4  # written in batches


# -- realism: as-in spelling, read-backs, false starts, nicknames, split and shared names -----
from veil.synth.values import NICKNAMES  # noqa: E402

SUPPORT = {"customer_support": 1}


def names_by_entity(record: dict) -> dict[str, list[tuple[dict, str]]]:
    out: dict[str, list] = collections.defaultdict(list)
    for span, value, _ in spans_of(record):
        if span["info_type"] == "PERSON_NAME":
            out[span["entity"]].append((span, value))
    return out


def plain_names(pairs) -> set[str]:
    return {v for _, v in pairs if NAME.fullmatch(v)}


def test_letters_spelled_as_in():
    config = GeneratorConfig(p_spelled=1.0, p_spelled_as_in=1.0, p_spoken_email=1.0,
                             context_weights={"customer_support": 1, "voicemail": 1})
    names = users = emails = lower = matched = 0
    for record in generate_records(300, 21, config):
        for entity, pairs in names_by_entity(record).items():
            words = {"".join(c for c in ascii_fold(v).upper() if c.isalpha())
                     for v in plain_names(pairs) if " as in " not in v}
            for span, value in pairs:
                if " as in " in value:
                    assert AS_IN.fullmatch(value), value
                    letters = as_in_letters(value)
                    # the spelled letters are one of this person's own names
                    matched += any(letters in w for w in words)
                    names += 1
                    lower += value == value.lower()
        for span, value, _ in spans_of(record):
            if " as in " in value and span["info_type"] == "USER_NAME":
                users += 1
            if " as in " in value and span["info_type"] == "EMAIL_ADDRESS":
                emails += 1
    assert names > 100 and users > 5 and emails > 5 and lower > 5
    # the spelled letters are one of the person's own names (when that name is also said plainly)
    assert matched > 0.8 * names


def test_numbers_read_back_are_labelled():
    config = GeneratorConfig(p_read_back=1.0, context_weights=SUPPORT, emit_realism=True)
    full = partial = 0
    for record in generate_records(300, 22, config):
        backs = record["realism"].get("read_back", 0)
        said: list[tuple[str, str]] = []
        found = 0
        for span, value, _ in spans_of(record):
            if span["info_type"] not in ("PHONE_NUMBER", "US_SOCIAL_SECURITY_NUMBER",
                                         "CREDIT_CARD_NUMBER"):
                continue
            code = normalise_code(value)
            speaker = record["turns"][span["turn"]]["speaker"]
            if speaker == "customer":
                said.append((span["info_type"], code))
            elif any(t == span["info_type"] and c.startswith(code) for t, c in said):
                found += 1
                if any(t == span["info_type"] and c == code for t, c in said):
                    full += 1
                else:
                    partial += 1
        assert found >= backs, record["id"]
    assert full > 30 and partial > 30


def test_false_starts_label_fragment_and_value():
    config = GeneratorConfig(p_false_start=1.0, context_weights=SUPPORT)
    pairs = collections.Counter()
    for record in generate_records(300, 23, config):
        for i, turn in enumerate(record["turns"]):
            spans = sorted((s for s in record["pii"] if s["turn"] == i), key=lambda s: s["start"])
            for a, b in zip(spans, spans[1:]):
                gap = turn["text"][a["end"]:b["start"]]
                frag = turn["text"][a["start"]:a["end"]]
                value = turn["text"][b["start"]:b["end"]]
                if gap in ("- ", " ") and a["info_type"] == b["info_type"] and \
                        value.replace(",", "").lower().startswith(frag.replace(",", "").lower()) \
                        and len(frag) < len(value):
                    assert a.get("entity") == b.get("entity")
                    assert frag == frag.strip() and not frag.endswith("-")
                    pairs[a["info_type"]] += 1
    assert pairs["PERSON_NAME"] > 30
    assert pairs["PHONE_NUMBER"] + pairs["US_SOCIAL_SECURITY_NUMBER"] + \
        pairs["CREDIT_CARD_NUMBER"] > 30


def test_nicknames_share_the_entity():
    config = GeneratorConfig(p_nickname=1.0, context_weights=SUPPORT)
    short_of = {s: f for f, (_, shorts) in NICKNAMES.items() for s in shorts}
    seen = again = 0
    for record in generate_records(200, 24, config):
        ok = False
        for entity, pairs in names_by_entity(record).items():
            values = [v for _, v in pairs]
            firsts = {w.lower() for v in values for w in v.split()}
            for span, value in pairs:
                formal = short_of.get(value) or short_of.get(value.capitalize())
                if formal and formal.lower() in firsts:
                    ok = True
                    uses = [s["turn"] for s, v in pairs if v.lower() == value.lower()]
                    again += len(uses) >= 2  # introduced, then used later in the call
        assert ok, record["id"]
        seen += ok
    assert seen == 200 and again > 150


def test_name_split_across_turns():
    config = GeneratorConfig(p_split_name=1.0, context_weights=SUPPORT, p_false_start=0.0)
    splits = 0
    for record in generate_records(300, 25, config):
        turns = record["turns"]
        for i in range(1, len(turns) - 1):
            if not re.search(r"last name\??$|surname\??$", turns[i]["text"]) or \
                    "first" in turns[i]["text"].lower():
                continue
            before = [s for s in record["pii"] if s["turn"] == i - 1
                      and s["info_type"] == "PERSON_NAME"]
            after = [s for s in record["pii"] if s["turn"] == i + 1
                     and s["info_type"] == "PERSON_NAME"]
            assert turns[i]["speaker"] == "agent" and before and after
            assert before[-1]["entity"] == after[0]["entity"]
            first = turns[i - 1]["text"][before[-1]["start"]:before[-1]["end"]]
            last = turns[i + 1]["text"][after[0]["start"]:after[0]["end"]]
            full = {v for s, v, _ in spans_of(record) if s["info_type"] == "PERSON_NAME"
                    and s["entity"] == after[0]["entity"] and " " in v and " as in " not in v}
            # wherever the whole name is said, it is these two pieces
            assert all(first in f for f in full if last in f and f != last), (first, last, full)
            assert first != last
            splits += 1
    assert splits > 50


def test_two_people_share_a_first_name():
    config = GeneratorConfig(p_shared_first_name=1.0, p_nickname=0.0, context_weights=SUPPORT)
    shared = 0
    for record in generate_records(200, 26, config):
        by_first: dict[str, set[str]] = collections.defaultdict(set)
        fulls: dict[str, set[str]] = collections.defaultdict(set)
        for entity, pairs in names_by_entity(record).items():
            for v in plain_names(pairs):
                if " as in " not in v:
                    by_first[v.split()[0]].add(entity)
                    if " " in v:
                        fulls[entity].add(v)
        for first, ents in by_first.items():
            if len(ents) >= 2:
                shared += 1
                # the namesakes are different people: their full names differ
                named = [fulls[e] for e in ents if fulls[e]]
                assert all(a != b for a, b in zip(named, named[1:])), record["id"]
                break
    assert shared > 190


def test_realism_rates_follow_the_config():
    config = GeneratorConfig(emit_realism=True, p_spelled=0.5)
    totals = collections.Counter()
    with_event: collections.Counter = collections.Counter()
    support = 0
    for record in generate_records(2000, 27, config):
        totals.update(record["realism"])
        if record["context"] == "customer_support":
            support += 1
            with_event.update(k for k in ("nickname", "shared_first_name")
                              if record["realism"].get(k))
    for name in ("p_spelled_as_in", "p_read_back", "p_false_start", "p_nickname",
                 "p_split_name", "p_shared_first_name"):
        key = name[2:].replace("spelled_", "")
        n, k = totals[key + "_opportunity"], totals[key]
        p = getattr(config, name)
        assert n > 100, (key, n)
        assert abs(k / n - p) < 4 * math.sqrt(p * (1 - p) / n) + 0.01, (key, k, n, p)
    # per-call phenomena: the share of support calls showing them is the probability
    for key in ("nickname", "shared_first_name"):
        p = getattr(config, "p_" + key)
        assert abs(with_event[key] / support - p) < 4 * math.sqrt(p * (1 - p) / support)


def test_realism_off_and_field_optional():
    off = GeneratorConfig(p_spelled_as_in=0, p_read_back=0, p_false_start=0, p_nickname=0,
                          p_split_name=0, p_shared_first_name=0, emit_realism=True)
    for record in generate_records(200, 28, off):
        assert not any(k for k, v in record["realism"].items()
                       if v and not k.endswith("_opportunity"))
        assert not any(" as in " in v for _, v, _ in spans_of(record))
    assert "realism" not in next(generate_records(1, 28))
    for name in ("p_spelled_as_in", "p_read_back", "p_false_start", "p_nickname",
                 "p_split_name", "p_shared_first_name"):
        with pytest.raises(ValueError):
            GeneratorConfig(**{name: 1.5})
