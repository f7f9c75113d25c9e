"""Reading through Unicode disguises changes nothing on ordinary text: a check on real text.

    python scripts/unicode_readings_check.py --sets btc-f,wnut17-dev --detectors rules,auditor,hf
    python scripts/unicode_readings_check.py --sets sample --detectors rules --repeat 3

For each set, as written and in speech form (lower case, sentence punctuation removed,
veil.measure.asr_style), each detector finds the personal data in every record twice: through
the disguises (`veil.detection.detect.find_through_disguises`, what the job does) and reading
the text as it is (what it did before). It prints how many turns have a reading other than the
text (non-ASCII turns that normalisation changes), how many findings each way, and the findings
that differ (none, when normalisation changes nothing that matters on the set), and the CPU
seconds of both ways (summed over `--repeat` passes) and of the normalisation alone (a pass). Detectors: `rules` (the call-transcript
profile), `auditor` (the auditor's rules, veil/profiles/auditor.yaml), `hf` (the default
trained model, when there is one).
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veil.detection.detect import ConversationDetector, find_through_disguises  # noqa: E402
from veil.detection.normalise import readings  # noqa: E402
from veil.measure.asr_style import asr_style_record  # noqa: E402
from veil.run.config import load_config  # noqa: E402

SETS = {
    "btc-f": ROOT / "data" / "ner" / "test-btc-f.jsonl.gz",
    "wnut17-dev": ROOT / "data" / "ner" / "test-wnut17-dev.jsonl.gz",
    "sample": ROOT / "data" / "sample.jsonl",
}


def _records(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _texts(record: dict) -> list[str]:
    if isinstance(record.get("turns"), list):
        return [str(turn.get("text", "")) for turn in record["turns"]]
    return [str(record.get("text", ""))]


def _finders(names: list[str]):
    """name -> (find_many as read before, find_many through disguises)."""
    for name in names:
        if name in ("rules", "auditor"):
            profile = "call_transcripts" if name == "rules" else "auditor"
            detector = ConversationDetector(load_config(profile))
            detector.warm_up()
            yield name, detector._find_many_as_read, detector.find_many
        elif name == "hf":
            from models.handlers import HfNerModelHandler
            from veil.detection.detector_config import HfDetectorSettings

            model = HfNerModelHandler(HfDetectorSettings()).load_model()
            yield name, model.detect_conversations, (
                lambda conversations, model=model: find_through_disguises(
                    model.detect_conversations, conversations))
        else:
            raise SystemExit(f"unknown detector {name!r}")


def _cpu(function, *args):
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="btc-f,wnut17-dev")
    parser.add_argument("--detectors", default="rules")
    parser.add_argument("--batch", type=int, default=64, help="conversations per call")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each way, CPU summed")
    args = parser.parse_args(argv)
    finders = list(_finders(args.detectors.split(",")))
    for set_name in args.sets.split(","):
        records = _records(SETS[set_name])
        for form in ("written", "speech"):
            rows = records if form == "written" else [asr_style_record(r) for r in records]
            conversations = [_texts(r) for r in rows]
            turns = [t for texts in conversations for t in texts]
            read, normalise_cpu = _cpu(lambda: [[readings(t) for t in turns]
                                                for _ in range(args.repeat)][0])
            normalise_cpu /= args.repeat
            changed = sum(1 for r in read if r)
            print(f"{set_name} {form}: {len(conversations)} records, {len(turns)} turns, "
                  f"{sum(not t.isascii() for t in turns)} not ASCII, {changed} read otherwise; "
                  f"normalising every turn: {normalise_cpu * 1000:.1f} CPU ms a pass")
            batches = [conversations[i:i + args.batch] for i in range(0, len(conversations), args.batch)]
            for name, before, through in finders:
                cpu = {"before": 0.0, "through": 0.0}
                found = {}
                for _ in range(args.repeat):
                    for way, find in (("before", before), ("through", through)):
                        result, seconds = _cpu(lambda: [f for b in batches for f in find(b)])
                        cpu[way] += seconds
                        found[way] = [sorted(f) for f in result]
                differ = sum(a != b for a, b in zip(found["before"], found["through"]))
                print(f"  {name}: findings before {sum(map(len, found['before']))}, through "
                      f"disguises {sum(map(len, found['through']))}, records that differ: "
                      f"{differ}; CPU s before {cpu['before']:.2f}, through {cpu['through']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
