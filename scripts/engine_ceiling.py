"""How fast the engine runs with and without its dictionary and context scanners, per core.

The evidence for BENCHMARKS.md's "why not 3 MB/s": the full profile's detector over the job's
batches of records (`ConversationDetector.detect_many` over `batches_by_chars`), then the same
detector with its scanners and custom dictionaries removed, then with its rule sets removed.
CPU seconds of the engine's thread (`veil bench`'s clock, `pipelines.bench.ENGINE_CLOCK`), best
of `--repeats` passes after a warm-up.

    python scripts/engine_ceiling.py corpus.jsonl [more.jsonl ...]
"""
from __future__ import annotations

import argparse
from pathlib import Path

from pipelines.bench import ENGINE_CLOCK, corpus_conversations, timed_runs
from veil.run.config import load_config
from veil.detection.detect import ConversationDetector, batches_by_chars
from veil.detection.detector_config import DetectorSettings
from veil.detection.engine.engine import BATCH_CHARS


def best_seconds(function, repeats: int) -> float:
    return min(timed_runs(function, repeats, clock=ENGINE_CLOCK))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--config", default="call_transcripts")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    config = load_config(args.config).model_copy(update={"detectors": DetectorSettings()})
    detector = ConversationDetector(config)
    detector.warm_up()
    engine = detector.engine
    for path in args.corpora:
        conversations = corpus_conversations(path)
        turns = sum(map(len, conversations))
        megabytes = sum(len(t.encode("utf-8")) for c in conversations for t in c) / 1e6
        batches = batches_by_chars(conversations, BATCH_CHARS)

        def run():
            for batch in batches:
                detector.detect_many(batch)

        figures = {"full profile": best_seconds(run, args.repeats)}
        scanners, dictionaries = engine.scanners, engine.dictionaries
        engine.scanners, engine.dictionaries = [], []
        figures["without dictionary and context scanners"] = best_seconds(run, args.repeats)
        engine.scanners, engine.dictionaries = scanners, dictionaries
        rule_sets, engine.rule_sets = engine.rule_sets, []
        figures["without rule sets"] = best_seconds(run, args.repeats)
        engine.rule_sets = rule_sets
        print(f"{path}: {turns} turns, {megabytes * 1e6 / turns:.0f} bytes each")
        for name, seconds in figures.items():
            print(f"  {name}: {megabytes / seconds:.2f} MB/s per core, "
                  f"{seconds / turns * 1e6:.0f} µs per turn")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
