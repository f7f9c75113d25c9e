"""Hand-checked conversations (`[[value|TYPE|entity]]` marks, data/handchecked/) as the
labelled JSONL that `veil evaluate` scores: one record per conversation, its turns and gold
`pii` spans.

    python scripts/marked_to_jsonl.py data/handchecked/calls.yaml calls.jsonl
    veil evaluate --input calls.jsonl --forms all
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veil.measure.entity_measure import labelled_records  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    records = labelled_records(argv[1])
    with open(argv[2], "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record) + "\n")
    print(f"{len(records)} conversations, {sum(len(r['pii']) for r in records)} gold spans")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
