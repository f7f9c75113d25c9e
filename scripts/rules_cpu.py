"""CPU seconds of the call-transcript profile's rules over real annotated sets, as written and
as ASR-style copies: what a rule change costs the rules pass, read beside the same figure from
another checkout (run this file from each; it reads the code of the checkout it sits in).

    python scripts/rules_cpu.py                          # the five dev and held-out sets, 3 passes
    python scripts/rules_cpu.py --sets dev-uner-ewt --passes 5

Prints each pass's CPU seconds (process time, so other work on the machine matters less than
for wall time) and the minimum, the figure least disturbed by a busy machine.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veil.detection.detect import ConversationDetector  # noqa: E402
from veil.measure.asr_style import asr_style_text  # noqa: E402
from veil.run.config import load_config  # noqa: E402

SETS = "validation,dev-uner-ewt,dev-gum-written,test-uner-ewt,test-gum-written"


def texts_of(sets: str) -> list[str]:
    """Each record's text of the named data/ner sets, then its ASR-style copy."""
    texts = []
    for name in sets.split(","):
        with gzip.open(ROOT / "data" / "ner" / f"{name}.jsonl.gz", "rt", encoding="utf-8") as handle:
            for line in handle:
                text = json.loads(line)["text"]
                texts += [text, asr_style_text(text)[0]]
    return texts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=SETS, help="data/ner set names, comma-separated")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--batch", type=int, default=50, help="texts per call, one turn each")
    args = parser.parse_args(argv)
    texts = texts_of(args.sets)
    detector = ConversationDetector(load_config("call_transcripts"))
    detector.warm_up()
    seconds = []
    for _ in range(args.passes):
        start = time.process_time()
        for i in range(0, len(texts), args.batch):
            detector.detect_many([[text] for text in texts[i:i + args.batch]])
        seconds.append(time.process_time() - start)
    print(f"{ROOT}: {len(texts)} texts; CPU s per pass {[round(s, 2) for s in seconds]}; "
          f"min {min(seconds):.2f}, median {statistics.median(seconds):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
