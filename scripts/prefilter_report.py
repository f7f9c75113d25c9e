"""Which regexes of the call-transcript profile the Hyperscan prefilters let run, and to what end:
for each of the engine's patterns and each of the name scanners' guarded context regexes, the
real texts its prefilter passes, the texts it matches, and the CPU seconds it takes over the
texts passed. A regex passed on most texts but matching few is one whose form Hyperscan cannot
judge (a lookahead, a name group first) and the first place to look when the rules pass grows.

    python scripts/prefilter_report.py                       # the five dev and held-out sets
    python scripts/prefilter_report.py --sets dev-uner-ewt --top 10

The texts are those of `scripts/rules_cpu.py`: each record of the named sets as written and as
an ASR-style copy. A guarded regex runs on a text's lower-case copy too when its scanner reads
that; here it runs on the text as written, which is enough to rank them.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.rules_cpu import SETS, texts_of  # noqa: E402
from veil.detection.detect import ConversationDetector  # noqa: E402
from veil.detection.engine import scanner_guard  # noqa: E402
from veil.run.config import load_config  # noqa: E402


def passed_per_text(candidates_of, texts: list[str], batch: int = 50) -> list:
    """The prefilter's candidates for each text (None: any may match), batch by batch as the
    engine asks for them."""
    found = []
    for i in range(0, len(texts), batch):
        found += candidates_of(texts[i:i + batch])
    return found


def rows_of(kind: str, patterns, names, candidates, texts: list[str]) -> list[tuple]:
    """(CPU s, texts passed, texts matched, kind, name, the regex's start) for each pattern."""
    rows = []
    for index, (pattern, name) in enumerate(zip(patterns, names)):
        passed = [t for t, found in zip(texts, candidates) if found is None or index in found]
        start = time.process_time()
        matched = sum(1 for t in passed if pattern.search(t) is not None)
        rows.append((time.process_time() - start, len(passed), matched, kind, name,
                     pattern.pattern[:70]))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=SETS, help="data/ner set names, comma-separated")
    parser.add_argument("--top", type=int, default=20, help="rows to print, the costliest first")
    args = parser.parse_args(argv)
    texts = texts_of(args.sets)
    detector = ConversationDetector(load_config("call_transcripts"))
    detector.warm_up()
    engine = detector.engine
    engine.build_prefilter()
    guard = scanner_guard.guard()
    guard.build()
    rows = rows_of("pattern", [d.pattern for d in engine.patterns],
                   [d.info_type for d in engine.patterns],
                   passed_per_text(engine._prefilter.candidates_per_text, texts), texts)
    rows += rows_of("context", guard.patterns, [f"guarded #{i}" for i in range(len(guard.patterns))],
                    passed_per_text(guard.per_text, texts), texts)
    rows.sort(reverse=True)
    print(f"{len(texts)} texts; {len(engine.patterns)} patterns, {len(guard.patterns)} guarded "
          f"context regexes; CPU s over the texts passed {sum(r[0] for r in rows):.2f}")
    print("| CPU s | texts passed | texts matched | kind | infoType | regex |")
    print("| ---: | ---: | ---: | --- | --- | --- |")
    for seconds, passed, matched, kind, name, start in rows[:args.top]:
        regex = start.replace("|", "\\|").replace("`", "'")
        print(f"| {seconds:.3f} | {passed} | {matched} | {kind} | {name} | `{regex}` |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
