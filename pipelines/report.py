"""`veil report`: rebuild the privacy report from a run's risk results.

    veil report --risk out/risk/                   # writes out/risk/report.html
    veil report --risk gs://bucket/anon/risk --out report.html

It reads `DIR/summary.json` and `DIR/review.jsonl` (the shown conversations' anonymised text
and what is left in it) and rebuilds the same page the job wrote. A risk directory without
review.jsonl gives the page from `DIR/conversations*` instead, without the text.
"""
from __future__ import annotations

import argparse
import sys

from veil.risk.report import has_review_rows, write_report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="veil report", description=__doc__.split("\n\n")[0])
    parser.add_argument("--risk", required=True, metavar="DIR",
                        help="the run's risk/ directory (local path or fsspec URL)")
    parser.add_argument("--out", help="where to write the page (default DIR/report.html)")
    parser.add_argument("--title", default="Veil privacy report")
    args = parser.parse_args(argv)
    try:
        out = write_report(args.risk, args.out, args.title)
    except (OSError, ValueError, KeyError) as error:
        print(f"veil report: {error}", file=sys.stderr)
        return 2
    print(f"wrote {out}")
    if not has_review_rows(args.risk):
        print(f"note: {args.risk} has no review.jsonl, so the page shows the items left in each "
              "conversation but not its text (runs before review.jsonl existed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
