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
    print(f"| Veil, every type of the profile ({len(e['veil_info_types'])} types), in the job's batches of records | {spread(e['veil_mb_per_s'])} |")
    if "veil_per_conversation_mb_per_s" in e:
        print(f"| Veil, same, one `detect` call per conversation | {spread(e['veil_per_conversation_mb_per_s'])} |")
    if "veil_per_turn_api_mb_per_s" in e:
        print(f"| Veil, same, one `inspect_text` call per turn | {spread(e['veil_per_turn_api_mb_per_s'])} |")
    if "presidio_mb_per_s" in e:
        shared = ", ".join(e["shared_info_types"])
        print(f"| Veil, the types Presidio also has ({shared}) | {spread(e['veil_shared_mb_per_s'])} |")
        print(f"| Presidio pattern recognizers, same types, same text | {spread(e['presidio_mb_per_s'], 3)} |")
        print(f"| **Veil / Presidio, paired per run** | **{spread(e['veil_over_presidio'], 1)}×** |")
    print()
    print("| whole job, rules only, local runner | conversations/s | per CPU-second | MB/s | peak RSS, main (MB) | peak RSS, a worker (MB) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for run in d["job"]:
        print(f"| {run['workers']} worker{'s' if run['workers'] > 1 else ''} | {spread(run['conversations_per_s'], 0)} | "
              f"{spread(run['conversations_per_cpu_s'], 0)} | "
              f"{spread(run['mb_per_s'])} | {run['peak_rss_mb']} | {run['peak_worker_rss_mb'] or '–'} |")
    print(f"\n2 workers / 1 worker, wall time ratio: {d['job_2_over_1_workers']}\n")
    print("| corpus size | conversations | wall (s) | time / 1x | peak RSS (MB) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for row in d["scaling"]:
        print(f"| {row['factor']}x | {row['records']} | {row['wall_s']} | {row['time_over_1x']} | {row['peak_rss_mb']} |")
    if "ner" in d:
        ner_tables(d["ner"])
    if "versus_presidio" in d:
        presidio_table(d["versus_presidio"])
    return 0


def presidio_table(versus: dict) -> None:
    print()
    if "skipped" in versus:
        print(f"Presidio + spaCy: skipped ({versus['skipped']}).")
        return
    print("| whole job, fresh process, 1 worker | records | MB | Veil CPU s | Presidio + spaCy CPU s | "
          "**Presidio / Veil, CPU, paired** | Veil wall s | Presidio wall s | peak RSS Veil / Presidio (MB) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, label in (("real", "real posts (BTC F + WNUT-17 dev)"), ("synthetic", "synthetic conversations")):
        if name not in versus:
            continue
        r = versus[name]
        print(f"| {label} | {r['records']:,} | {r['megabytes']} | {spread(r['veil_cpu_s'], 1)} | "
              f"{spread(r['presidio_cpu_s'], 1)} | **{spread(r['presidio_over_veil_cpu'])}×** | "
              f"{spread(r['veil_wall_s'], 1)} | {spread(r['presidio_wall_s'], 1)} | "
              f"{r['veil_peak_rss_mb']} / {r['presidio_peak_rss_mb']} |")
    for name in ("real", "synthetic"):
        warm = versus.get(f"{name}_warm_up")
        if warm:
            print(f"\nWarm-up pair ({name}, the run's first, not counted): Veil {warm['veil_cpu_s']} CPU s, "
                  f"Presidio {warm['presidio_cpu_s']} CPU s.")


def ner_tables(ner: dict) -> None:
    print()
    if "skipped" in ner:
        print(f"NER: skipped ({ner['skipped']}).")
        return
    t = ner["throughput"]
    print(f"NER model: {t['layers']} layers, on {t['device']} ({t['dtype']}), {t['turns']:,} turns of the first "
          f"{ner['conversations']} conversations, {t['tokens']:,} tokens.\n")
    print("| batch budget (padded tokens) | tokens/s, whole `predict` | forward passes alone | time outside the model |")
    print("| ---: | ---: | ---: | ---: |")
    for row in t["by_batch_tokens"]:
        print(f"| {row['batch_tokens']:,} | {row['tokens_per_s']:,} ({row['tokens_per_s_min']:,}–{row['tokens_per_s_max']:,}) | "
              f"{row['forward_only_tokens_per_s']:,} | {row['share_outside_model']:.1%} |")
    runtimes = ner.get("cpu_runtimes")
    if runtimes:
        print(f"\nCPU runtimes, same turns, interleaved run by run ({runtimes['tokens']:,} tokens):\n")
        print("| runtime | tokens/s | tokens per CPU-second |")
        print("| --- | ---: | ---: |")
        for key in ("torch", "default"):
            row = runtimes[key]
            print(f"| {row['runtime']}{' (default)' if key == 'default' else ''} | {spread(row['tokens_per_s'], 0)} | "
                  f"{spread(row['tokens_per_cpu_s'], 0)} |")
        spans = runtimes["spans"]
        print(f"\nDefault over torch in CPU seconds, paired: {spread(runtimes['default_over_torch_cpu'])}×; "
              f"spans: {spans['default']} against torch's {spans['torch']}, {spans['same']} identical "
              f"(span F1 {spans['span_f1']}).")
    if "job_rules_only" not in ner:  # --quick: the other sections run these jobs
        return
    print()
    print("| whole job, same conversations, 1 worker | conversations/s | per CPU-second | peak RSS (MB) |")
    print("| --- | ---: | ---: | ---: |")
    for key, label in (("job_rules_only", "rules only"), ("job_rules_and_model", "rules + model")):
        run = ner[key]
        print(f"| {label} | {spread(run['conversations_per_s'], 1)} | {spread(run['conversations_per_cpu_s'], 1)} | "
              f"{run['peak_rss_mb']} |")


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
