"""The residual-risk auditor as a detector on real annotated text, written and in speech form.

    python scripts/auditor_on_real_text.py --sets btc-f,wnut17-dev,uner-ewt-dev,gum-written
    python scripts/auditor_on_real_text.py --sets btc-f --limit 500 --json out.json

The auditor (veil/profiles/auditor.yaml: rules and spaCy) reads each set's raw text, and its
hits are compared with the people's labels (persons, places, organisations), per infoType, per
detector and per case form (as written; lower-case without sentence punctuation,
veil.measure.asr_style). For each it prints:

- hits, how many overlap a gold span of a name type (precision: the chance that a hit is real
  personal information), and false alarms per 1,000 ordinary words (words outside every gold
  span), which is what an auditor re-scanning well anonymised text mostly counts;
- the share of gold spans any auditor hit overlaps (recall), per gold type.

These are the inputs an estimate of residual risk needs (weigh hits, correct for recall); they
are measured on the real sets only. Only name-like types are labelled there: a hit of another
type (an URL, a number) is neither right nor wrong against these labels and is counted apart.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.conll import read_conll, sentence_record  # noqa: E402
from veil.measure.asr_style import asr_style_record  # noqa: E402

SHARED = Path("/work/shared/ner")  # the real CoNLL sets (their README: licences, credits)
BIO = {"PER": "PERSON_NAME", "LOC": "LOCATION", "ORG": "ORGANIZATION_NAME"}
NAME_TYPES = frozenset({"PERSON_NAME", "LOCATION", "ORGANIZATION_NAME", "PRODUCT"})


def _jsonl(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _conll(paths: list[Path], prefix: str) -> list[dict]:
    records = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, sentence in enumerate(read_conll(handle)):
                records.append(sentence_record(sentence, f"{prefix}-{path.stem}-{number}",
                                               {**BIO, **{k: None for k in ("MISC",)}}))
    return records


SETS = {
    "btc-f": lambda source: _jsonl(ROOT / "data" / "ner" / "test-btc-f.jsonl.gz"),
    "wnut17-dev": lambda source: _jsonl(ROOT / "data" / "ner" / "test-wnut17-dev.jsonl.gz"),
    "uner-ewt-dev": lambda source: _conll([source / "uner-ewt" / "en_ewt-dev.conll"], "uner"),
    "uner-ewt-test": lambda source: _conll([source / "uner-ewt" / "en_ewt-test.conll"], "uner"),
    "gum-written": lambda source: _conll(sorted((source / "gum-written").glob("*.conll")), "gum"),
}


def measure(records: list[dict], auditor, batch: int = 256) -> dict:
    """Per (type, detector): hits, real hits, false alarms; per gold type: found; ordinary words."""
    from veil.measure.evaluation import Span, ordinary_word_counts

    hits, real = Counter(), Counter()
    gold_found, gold_total = Counter(), Counter()
    words = 0
    other = Counter()
    for first in range(0, len(records), batch):
        chunk = records[first:first + batch]
        texts = [r["text"] for r in chunk]
        findings = auditor.detect(texts)
        by_turn = defaultdict(list)
        for finding in findings:
            by_turn[finding.turn].append(finding)
        for index, record in enumerate(chunk):
            gold = [Span(0, g["start"], g["end"], g["info_type"]) for g in record.get("pii", [])]
            found = by_turn.get(index, [])
            words += ordinary_word_counts([record["text"]], gold, []).words
            for f in found:
                key = (f.info_type, f.detector)
                if f.info_type not in NAME_TYPES:
                    other[key] += 1
                    continue
                hits[key] += 1
                real[key] += any(g.start < f.end and f.start < g.end for g in gold)
            for g in gold:
                gold_total[g.info_type] += 1
                gold_found[g.info_type] += any(
                    f.info_type in NAME_TYPES and f.start < g.end and g.start < f.end for f in found)
    return {
        "records": len(records), "ordinary_words": words,
        "hits": [{"info_type": t, "detector": d, "hits": hits[(t, d)], "real": real[(t, d)],
                  "precision": round(real[(t, d)] / hits[(t, d)], 4) if hits[(t, d)] else None,
                  "false_alarms_per_1000_words": round(1000 * (hits[(t, d)] - real[(t, d)]) / words, 3)
                  if words else None}
                 for t, d in sorted(hits)],
        "unlabelled_types": [{"info_type": t, "detector": d, "hits": n} for (t, d), n in sorted(other.items())],
        "recall": {t: {"gold": gold_total[t], "found": gold_found[t],
                       "recall": round(gold_found[t] / gold_total[t], 4) if gold_total[t] else None}
                   for t in sorted(gold_total)},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of {', '.join(SETS)}")
    parser.add_argument("--source", default=str(SHARED), help="the folder of the real CoNLL sets")
    parser.add_argument("--limit", type=int, default=0, help="the first N records of each set (0: all)")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args(argv)

    from veil.run.config import load_config
    from veil.risk.auditor import ResidualAuditor

    auditor = ResidualAuditor(load_config("auditor"))
    results = {}
    for name in args.sets.split(","):
        records = SETS[name](Path(args.source))
        if args.limit:
            records = records[:args.limit]
        for form, rows in (("written", records), ("speech", [asr_style_record(r) for r in records])):
            figures = measure(rows, auditor)
            results[f"{name}/{form}"] = figures
            print(f"\n## {name}, {form}: {figures['records']:,} records, "
                  f"{figures['ordinary_words']:,} ordinary words")
            print("| type | detector | hits | real | precision | false alarms / 1,000 words |")
            print("| --- | --- | ---: | ---: | ---: | ---: |")
            for h in figures["hits"]:
                print(f"| {h['info_type']} | {h['detector']} | {h['hits']} | {h['real']} "
                      f"| {h['precision']} | {h['false_alarms_per_1000_words']} |")
            print("recall (gold spans any name-type hit overlaps): " + ", ".join(
                f"{t} {r['found']}/{r['gold']} = {r['recall']}" for t, r in figures["recall"].items()))
    print("\n" + summary_tables(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


def summary_tables(results: dict) -> str:
    """docs/risk-auditor.md's two tables: per set and form, the name-type hits, their precision,
    false alarms per 1,000 ordinary words and recall; per type and detector, the precision in
    each form over all the sets."""
    lines = ["| set | form | records | ordinary words | name-type hits | on a gold span | precision | "
             "false alarms / 1,000 ordinary words | recall: persons | places | organisations |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    totals: Counter = Counter()
    for key, figures in results.items():
        name, form = key.split("/")
        hits = sum(h["hits"] for h in figures["hits"])
        real = sum(h["real"] for h in figures["hits"])
        recall = {t: r["recall"] for t, r in figures["recall"].items()}
        lines.append(f"| {name} | {form} | {figures['records']:,} | {figures['ordinary_words']:,} | {hits:,} "
                     f"| {real:,} | {real / max(hits, 1):.2f} "
                     f"| {(hits - real) / max(figures['ordinary_words'], 1) * 1000:.1f} "
                     f"| {recall.get('PERSON_NAME', 0):.2f} | {recall.get('LOCATION', 0):.2f} "
                     f"| {recall.get('ORGANIZATION_NAME', 0):.2f} |")
        for h in figures["hits"]:
            totals[(h["info_type"], h["detector"], form, "hits")] += h["hits"]
            totals[(h["info_type"], h["detector"], form, "real")] += h["real"]
    lines += ["", "| type | detector | precision, written | precision, speech form |",
              "| --- | --- | ---: | ---: |"]
    for info_type, detector in sorted({key[:2] for key in totals}):
        cells = []
        for form in ("written", "speech"):
            hits, real = totals[(info_type, detector, form, "hits")], totals[(info_type, detector, form, "real")]
            cells.append(f"{real / hits:.2f} ({real:,}/{hits:,})" if hits else "–")
        lines.append(f"| {info_type} | {detector} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
