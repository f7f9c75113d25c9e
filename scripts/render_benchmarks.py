"""Turn `veil bench --output FILE` figures into the tables BENCHMARKS.md quotes.

    veil bench --n 2000 --repeats 3 --output bench.json
    python scripts/render_benchmarks.py bench.json
"""
from __future__ import annotations

import json
import sys


def spread(figure: dict, digits: int = 2) -> str:
    return f"{figure['median']:.{digits}f} ({figure['min']:.{digits}f}–{figure['max']:.{digits}f})"


def main(path: str) -> int:
    d = json.load(open(path))
    e = d["engine"]
    print(f"Corpus: {d['corpus']['conversations']} conversations, {d['corpus']['megabytes']} MB of JSONL "
          f"({e['megabytes']} MB of turn text), seed {d['corpus']['seed']}.\n")
    print("| engine measurement | MB/s per core, median (min–max) |")
    print("| --- | ---: |")
    print(f"| Veil, every type of the profile ({len(e['veil_info_types'])} types) | {spread(e['veil_mb_per_s'])} |")
    if "presidio_mb_per_s" in e:
        shared = ", ".join(e["shared_info_types"])
        print(f"| Veil, the types Presidio also has ({shared}) | {spread(e['veil_shared_mb_per_s'])} |")
        print(f"| Presidio pattern recognizers, same types, same text | {spread(e['presidio_mb_per_s'], 3)} |")
        print(f"| **Veil / Presidio, paired per run** | **{spread(e['veil_over_presidio'], 1)}×** |")
    print()
    print("| whole job, local runner | conversations/s | MB/s | peak RSS, main (MB) | peak RSS, a worker (MB) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for run in d["job"]:
        print(f"| {run['workers']} worker{'s' if run['workers'] > 1 else ''} | {spread(run['conversations_per_s'], 0)} | "
              f"{spread(run['mb_per_s'])} | {run['peak_rss_mb']} | {run['peak_worker_rss_mb'] or '–'} |")
    print(f"\n2 workers / 1 worker, wall time ratio: {d['job_2_over_1_workers']}\n")
    print("| corpus size | conversations | wall (s) | time / 1x | peak RSS (MB) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for row in d["scaling"]:
        print(f"| {row['factor']}x | {row['records']} | {row['wall_s']} | {row['time_over_1x']} | {row['peak_rss_mb']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
