"""The share of multi-mention people who receive a single placeholder number.

    python scripts/entity_resolution_share.py /tmp/test.jsonl
    python scripts/entity_resolution_share.py --handchecked [data/handchecked/conversations.yaml]

Detection is taken as perfect: the gold `pii` spans are the findings. A synthetic record's
PERSON_NAME spans carry a gold `entity` id ("P1"), so this measures entity resolution alone
(veil.measure.entity_measure.single_number_share, with the turns' speaker labels). Also printed: the share
of gold people whose number no other gold person shares (two people kept apart).

`--handchecked` measures the hand-checked conversations through the job's own anonymisation,
speaker labels included (veil.measure.entity_measure.placeholder_share).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from veil.measure.entity_measure import single_number_share
from veil.measure.entity_measure import placeholder_share, read_marked

HANDCHECKED = Path(__file__).resolve().parent.parent / "data" / "handchecked" / "conversations.yaml"


def read_jsonl(path: str):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--handchecked"] and len(argv) <= 2:
        result = placeholder_share(read_marked(argv[1] if len(argv) == 2 else HANDCHECKED))
    elif len(argv) == 1 and not argv[0].startswith("--"):
        result = single_number_share(read_jsonl(argv[0]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
