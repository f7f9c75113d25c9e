"""`veil generate`: a synthetic, labelled corpus in the input contract (Faker; no real people).

    veil generate --n 300 --seed 7 --output data/sample.jsonl
"""
from __future__ import annotations

import argparse
import sys

from veil.synth import generate_records, write_records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="veil generate", description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, required=True, help="How many records.")
    parser.add_argument("--seed", type=int, default=0, help="The same seed gives the same bytes.")
    parser.add_argument("--output", required=True, help="A .jsonl or .parquet path or URL.")
    parser.add_argument("--format", choices=("jsonl", "parquet"), default=None,
                        help="Output format; by default from the extension.")
    args = parser.parse_args(argv)
    if args.n < 0:
        parser.error("--n must be 0 or more")
    count = write_records(generate_records(args.n, args.seed), args.output, args.format)
    print(f"wrote {count} records to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
