"""`veil generate`: a synthetic, labelled corpus in the input contract (Faker; no real people).

    veil generate --n 300 --seed 7 --output data/sample.jsonl
    veil generate --split test --output test.jsonl      # a fixed, documented split

The fixed splits each have their own seed, so they never share a record, and everyone who
trains, tunes or reports quality uses the same data.
"""
from __future__ import annotations

import argparse
import sys

from veil.synth import generate_records, write_records
from veil.synth.generator import SPLITS

# name: (seed, default size). Training uses train, thresholds are tuned on validation, and
# QUALITY.md reports on test.


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="veil generate", description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=None, help="How many records.")
    parser.add_argument("--seed", type=int, default=None, help="The same seed gives the same bytes.")
    parser.add_argument("--split", choices=sorted(SPLITS), default=None,
                        help="A fixed split: sets the seed, and the size unless --n is given.")
    parser.add_argument("--output", required=True, help="A .jsonl or .parquet path or URL.")
    parser.add_argument("--format", choices=("jsonl", "parquet"), default=None,
                        help="Output format; by default from the extension.")
    args = parser.parse_args(argv)
    if args.split:
        if args.seed is not None:
            parser.error("--split sets the seed; do not pass --seed too")
        args.seed, default_n = SPLITS[args.split]
        args.n = default_n if args.n is None else args.n
    if args.n is None or args.n < 0:
        parser.error("give --n (0 or more) or --split")
    count = write_records(generate_records(args.n, args.seed or 0), args.output, args.format)
    print(f"wrote {count} records to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
