"""The share of multi-mention people who receive a single placeholder number.

    python scripts/entity_resolution_share.py /tmp/test.jsonl

Detection is taken as perfect: the gold `pii` spans are the findings. A synthetic record's
PERSON_NAME spans carry a gold `entity` id ("P1"), so this measures entity resolution alone
(veil.entities.single_number_share). Also printed: the share of gold people whose number no
other gold person shares (two people kept apart).
"""
from __future__ import annotations

import json
import sys

from veil.entities import single_number_share


def read_jsonl(path: str):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    result = single_number_share(read_jsonl(argv[0]))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
