"""Build data/ner/ (real annotated posts in Veil's input contract) from the public CoNLL files.

    python scripts/build_real_ner_data.py --source DIR [--output data/ner]

DIR holds `btc/{a,b,e,f,g,h}.conll` (the Broad Twitter Corpus) and `wnut17/wnut17train.conll`,
`wnut17/emerging.dev.conll` (WNUT-17), both CC-BY 4.0; `uner-ewt/en_ewt-{dev,test}.conll`
(Universal NER over the English Web Treebank, CC BY-SA 4.0); and `gum-written/{academic,bio,
news,voyage}.conll` (GUM's openly licensed written genres). data/ner/README.md says where to get
them and how to credit them. The same files give the same bytes (sorted, gzip without a timestamp).

Splits, fixed here so that no model or threshold ever sees test data:

- `test-btc-f`: BTC section F, the corpus authors' own test section;
- `test-wnut17-dev`: the WNUT-17 development split (YouTube comments, a different medium);
- `validation`: one sentence in ten of the training sections, chosen by a hash of its id;
- `train`: the rest of BTC sections A, B, E, G, H and the WNUT-17 training split, then the
  training halves of the two sets below (text that is not tweets: answers, e-mails, reviews,
  news, biographies, travel guides, with their organisations);
- `dev-uner-ewt`, `test-uner-ewt`: Universal NER's test split of the English Web Treebank
  (answers, e-mails, reviews, newsgroups, blogs) is the test set; of its dev split, the first
  half trains and the second half is the dev set;
- `dev-gum-written`, `test-gum-written`: each GUM genre's second half of sentences is the test
  set; of its first half, the first half trains and the second half is the dev set. A genre
  file holds its documents one after another, so a split by position cuts at most one
  document in two, where a split by hash would put sentences of every document on both sides.

Dev sets (`validation`, `dev-*`) are for choosing thresholds and rules; no model, threshold or
rule is ever chosen on a `test-*` file.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
from pathlib import Path

from models.conll import read_conll, sentence_record

ROOT = Path(__file__).resolve().parent.parent
BTC_LABELS = {"PER": "PERSON_NAME", "LOC": "LOCATION", "ORG": "ORGANIZATION_NAME"}
# WNUT-17's "group" (bands, teams, parties) is an organisation in BTC's sense, so it maps to
# ORGANIZATION_NAME like "corporation". "product" is Veil's PRODUCT (not personal information
# unless tied to a speaker), kept so its words do not count as ordinary words. Titles of films,
# songs and books ("creative-work") are not personal information: they stay ordinary text,
# whose redaction costs utility.
WNUT_LABELS = {"person": "PERSON_NAME", "location": "LOCATION", "corporation": "ORGANIZATION_NAME",
               "group": "ORGANIZATION_NAME", "product": "PRODUCT", "creative-work": None}
TRAIN_SOURCES = [("btc", f"btc/{s}.conll", f"btc-{s}", BTC_LABELS) for s in "abegh"] + [
    ("wnut17", "wnut17/wnut17train.conll", "wnut17-train", WNUT_LABELS)]
TEST_SOURCES = {
    "test-btc-f": [("btc", "btc/f.conll", "btc-f", BTC_LABELS)],
    "test-wnut17-dev": [("wnut17", "wnut17/emerging.dev.conll", "wnut17-dev", WNUT_LABELS)],
}
# Universal NER and GUM use BTC's labels (PER, LOC, ORG).
UNER_SOURCES = {
    "dev-uner-ewt": [("uner-ewt", "uner-ewt/en_ewt-dev.conll", "uner-ewt-dev", BTC_LABELS)],
    "test-uner-ewt": [("uner-ewt", "uner-ewt/en_ewt-test.conll", "uner-ewt-test", BTC_LABELS)],
}
GUM_GENRES = ("academic", "bio", "news", "voyage")
VALIDATION_SHARE = 10  # one in ten
# WNUT-17 leaves @user names unannotated by design, while the Broad Twitter Corpus tags the
# mentions of people and organisations: WNUT-17's are marked `unannotated`, not "not a name".
UNANNOTATED_HANDLES = {"wnut17"}
_HANDLE = re.compile(r"@\w+")


def records(source_dir: Path, sources) -> list[dict]:
    out = []
    for corpus, relative, context, labels in sources:
        with open(source_dir / relative, encoding="utf-8") as handle:
            for index, sentence in enumerate(read_conll(handle)):
                record = sentence_record(
                    sentence, f"{context}-{index:05d}", labels, context=context,
                    source={"corpus": corpus, "file": relative, "line": sentence.line},
                )
                if corpus in UNANNOTATED_HANDLES:
                    handles = unannotated_handles(record)
                    if handles:
                        record["unannotated"] = handles
                out.append(record)
    return out


def unannotated_handles(record: dict) -> list[dict]:
    """The @handles of a record that no gold span touches."""
    return [{"start": m.start(), "end": m.end()} for m in _HANDLE.finditer(record["text"])
            if not any(p["start"] < m.end() and m.start() < p["end"] for p in record["pii"])]


def in_validation(record: dict) -> bool:
    return int(hashlib.sha256(record["id"].encode()).hexdigest(), 16) % VALIDATION_SHARE == 0


def write(path: Path, rows: list[dict]) -> None:
    """gzip with no name and no timestamp: the same rows give the same bytes."""
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as out:
        for row in rows:
            out.write((json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n").encode())


def cuts_a_word(text: str, span: dict) -> bool:
    start, end = span["start"], span["end"]
    return (start > 0 and text[start - 1].isalnum() and text[start].isalnum()) or \
        (end < len(text) and text[end].isalnum() and text[end - 1].isalnum())


def halves(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """The first and the second half of `rows`, by position (the first the larger by one)."""
    half = (len(rows) + 1) // 2
    return rows[:half], rows[half:]


def gum_parts(source_dir: Path) -> tuple[list[dict], list[dict], list[dict]]:
    """Each GUM genre's first quarter of sentences (train), second quarter (dev) and second
    half (test). A gold span that cuts a word is left out: GUM splits "Don't" into "Do" and
    "n't", and one mention ends on "Do"; the rebuilt text joins them again, and no detector
    can find half a word."""
    train, dev, test = [], [], []
    for genre in GUM_GENRES:
        rows = records(source_dir, [("gum", f"gum-written/{genre}.conll", f"gum-{genre}", BTC_LABELS)])
        for row in rows:
            row["pii"] = [span for span in row["pii"] if not cuts_a_word(row["text"], span)]
        first, second = halves(rows)
        test += second
        quarter = len(first) // 2
        train += first[:quarter]
        dev += first[quarter:]
    return train, dev, test


def build(source_dir: Path, output: Path) -> dict[str, int]:
    output.mkdir(parents=True, exist_ok=True)
    training = records(source_dir, TRAIN_SOURCES)
    gum_train, gum_dev, gum_test = gum_parts(source_dir)
    uner_dev = records(source_dir, UNER_SOURCES["dev-uner-ewt"])
    uner_train = uner_dev[:len(uner_dev) // 2]
    splits = {
        "train": [r for r in training if not in_validation(r)] + uner_train + gum_train,
        "validation": [r for r in training if in_validation(r)],
        **{name: records(source_dir, sources) for name, sources in TEST_SOURCES.items()},
        "dev-uner-ewt": uner_dev[len(uner_dev) // 2:],
        "test-uner-ewt": records(source_dir, UNER_SOURCES["test-uner-ewt"]),
        "dev-gum-written": gum_dev,
        "test-gum-written": gum_test,
    }
    for name, rows in splits.items():
        write(output / f"{name}.jsonl.gz", rows)
    return {name: len(rows) for name, rows in splits.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, type=Path,
                        help="Folder with btc/, wnut17/, uner-ewt/ and gum-written/ CoNLL files.")
    parser.add_argument("--output", type=Path, default=ROOT / "data" / "ner")
    args = parser.parse_args(argv)
    for name, count in build(args.source, args.output).items():
        print(f"{args.output / name}.jsonl.gz: {count} records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
