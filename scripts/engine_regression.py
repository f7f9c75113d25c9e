"""Regression harness for the infoType engine: the same corpus must give the same findings.

Speed work on `veil.detection.engine` must not change a single finding. This script runs the three
bundled profiles over a fixed synthetic corpus (the test split's first records) and digests
every finding at three levels, so that a difference hidden by merging still shows:

- `turn`: `InfoTypeEngine.inspect_text` on each turn alone;
- `conversation`: `InfoTypeEngine.inspect_conversation` (windows and previous-turn hotwords);
- `detect`: `ConversationDetector.detect`, the merged findings the job writes.

    python scripts/engine_regression.py --record /tmp/engine_regression.json   # before a change
    python scripts/engine_regression.py --compare /tmp/engine_regression.json  # after it

`--record` writes every finding (and the corpus's own digest) to the file; `--compare` runs
again, prints the per-profile digests and, for each record that differs, the findings only
one side has, and exits non-zero on any difference. Without either it prints the digests.
The corpus is written next to the findings, so a later change to the generator cannot move
the comparison; `--corpus` reads texts from such a file instead of generating them.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from veil.run.config import load_config
from veil.detection.detect import ConversationDetector
from veil.detection.windows import detect_in_windows

PROFILES = ("call_transcripts", "minimal", "auditor")
LEVELS = ("turn", "conversation", "detect")


def generated_corpus(n: int, seed: int) -> list[list[str]]:
    """Each record's turn texts (a document is one turn), as `models.examples` reads them."""
    from models.examples import record_texts
    from veil.synth.generator import generate_records

    return [record_texts(record) for record in generate_records(n, seed)]


def finding_row(finding) -> list:
    return [finding.turn, finding.start, finding.end, finding.info_type,
            int(finding.likelihood), int(finding.method), finding.detector]


def profile_findings(profile: str, corpus: list[list[str]]) -> dict[str, list[list[list]]]:
    """For each level, for each record, its findings as sorted rows."""
    detector = ConversationDetector(load_config(profile))
    engine = detector.engine

    def windowed(text: str, turn: int):
        return detect_in_windows(text, turn, detector.window, detector.overlap,
                                 engine.inspect_unfiltered)

    out: dict[str, list[list[list]]] = {level: [] for level in LEVELS}
    for texts in corpus:
        turn_rows = []
        for turn, text in enumerate(texts):
            turn_rows.extend(finding_row(f) for f in engine.inspect_text(text, turn))
        out["turn"].append(sorted(turn_rows))
        conversation = engine.inspect_conversation(texts, windowed)
        out["conversation"].append(sorted(finding_row(f) for f in conversation))
        out["detect"].append(sorted(finding_row(f) for f in detector.detect(texts)))
    return out


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def run(corpus: list[list[str]]) -> dict:
    results = {}
    for profile in PROFILES:
        started = time.perf_counter()
        findings = profile_findings(profile, corpus)
        results[profile] = {
            "seconds": round(time.perf_counter() - started, 2),
            "digests": {level: digest(findings[level]) for level in LEVELS},
            "counts": {level: sum(map(len, findings[level])) for level in LEVELS},
            "findings": findings,
        }
    return results


def report_differences(profile: str, level: str, old: list, new: list, limit: int = 10) -> int:
    """Print the findings only one side has, per record; return how many records differ."""
    differing = 0
    for index, (before, after) in enumerate(zip(old, new)):
        if before == after:
            continue
        differing += 1
        if differing <= limit:
            lost = [r for r in before if r not in after]
            gained = [r for r in after if r not in before]
            print(f"  {profile}/{level} record {index}: lost {lost} gained {gained}")
    return differing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--seed", type=int, default=3003, help="3003: the test split")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--record", type=Path, help="write the findings to this file")
    mode.add_argument("--compare", type=Path, help="compare with a file --record wrote")
    parser.add_argument("--corpus", type=Path, help="read the corpus from a --record file")
    args = parser.parse_args(argv)

    baseline = json.loads(args.compare.read_text()) if args.compare else None
    if baseline is not None:
        corpus = baseline["corpus"]
    elif args.corpus:
        corpus = json.loads(args.corpus.read_text())["corpus"]
    else:
        corpus = generated_corpus(args.n, args.seed)
    turns = sum(map(len, corpus))
    print(f"corpus: {len(corpus)} records, {turns} turns, digest {digest(corpus)}")

    results = run(corpus)
    for profile, result in results.items():
        print(f"{profile}: {result['digests']} counts {result['counts']} ({result['seconds']} s)")
    overall = digest({p: r["digests"] for p, r in results.items()})
    print(f"overall digest: {overall}")

    if args.record:
        args.record.write_text(json.dumps({"corpus": corpus, "overall": overall, "profiles": {
            p: {k: r[k] for k in ("digests", "counts", "findings")} for p, r in results.items()
        }}))
        print(f"recorded to {args.record}")
        return 0
    if baseline is None:
        return 0
    differing = 0
    for profile, result in results.items():
        old = baseline["profiles"][profile]
        for level in LEVELS:
            if old["digests"][level] != result["digests"][level]:
                differing += report_differences(
                    profile, level, old["findings"][level], result["findings"][level]
                )
    if differing or overall != baseline["overall"]:
        print(f"DIFFERENT from {args.compare} (baseline {baseline['overall']}): "
              f"{differing} record-levels differ")
        return 1
    print(f"IDENTICAL to {args.compare} (baseline {baseline['overall']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
