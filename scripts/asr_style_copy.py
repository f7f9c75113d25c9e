"""Write the ASR-style copy of a labelled JSONL file (veil.measure.asr_style): lower-case, sentence
punctuation removed, gold spans remapped exactly.

    python scripts/asr_style_copy.py --input data/ner/dev-uner-ewt.jsonl.gz --output DIR/copy.jsonl

`veil evaluate` makes the same copy itself (`--forms`); this file is for tools that read their
input from disk, such as a baseline (`scripts/presidio_findings.py`), so that they are scored
on the very text `veil evaluate` scores the job on.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys

from veil.measure.asr_style import asr_style_record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="Labelled JSONL, optionally gzip-compressed.")
    parser.add_argument("--output", required=True, help="Where to write the copy (JSONL).")
    args = parser.parse_args(argv)
    opener = gzip.open if args.input.endswith(".gz") else open
    with opener(args.input, "rt", encoding="utf-8") as source, \
            open(args.output, "w", encoding="utf-8") as out:
        for line in source:
            if line.strip():
                out.write(json.dumps(asr_style_record(json.loads(line)), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
