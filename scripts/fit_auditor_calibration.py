"""Fit the auditor's calibrated estimate on real annotated dev sets, and measure its error on
held-out ones, as written and ASR-style.

    python scripts/fit_auditor_calibration.py fit --limit 1000 --group 10      # writes the table
    python scripts/fit_auditor_calibration.py measure --limit 1000 --group 10  # held-out table
    python scripts/fit_auditor_calibration.py features --cache DEV.pkl --held HELD.pkl  # feature choice
    python scripts/fit_auditor_calibration.py kind --cache DEV.pkl --held HELD.pkl      # a kind-of-text correction
    python scripts/fit_auditor_calibration.py own --held HELD.pkl                       # veil calibrate, half-split
    python scripts/fit_auditor_calibration.py tables                                    # docs/risk-auditor.md's tables

The fitting itself is veil.risk.fitting, which `veil calibrate` (pipelines/calibrate.py) shares to
fit a table on a user's own labelled sample.

Each set's sentences (or posts) are grouped into conversations of `--group` consecutive ones
(the turns), every `--limit` sentences spread over the set. Each conversation goes through the
rules-only job's detection and anonymisation (`call_transcripts`, the same plain functions the
job runs), then is scored twice: from its gold labels (what the redaction left: the truth) and
from the auditor's re-scan of the output (veil/profiles/auditor.yaml: rules and spaCy). Both are
compared on the types the sets label (persons, places, organisations, products).

`fit` fits, per case form, a logistic regression of whether an auditor item lies on gold PI on
what the item shows (veil.risk.estimate.item_features: an ordinary word, shouting, repeated,
partial, a place, ...): each item's own chance p. It also counts, per case form, infoType and detector, how many of the auditor's scored items lie
on gold PI left in the output (its precision there), and per form and type the share of gold PI
left that it hits (its recall); then the gold/estimate ratio of mean + std over 1,000 bootstrap
resamples of each dev set's conversations, whose widest 95% interval is the printed interval.
It writes veil/risk/auditor_calibration.json. `measure` prints, for each held-out set and form,
gold mean + std, the raw auditor figure, the estimate, its error and interval, and the verdicts.

Dev sets (fitted): data/ner/validation (one tweet in ten of BTC A, B, E, G, H and WNUT-17
train, which the job's model did not train on), UNER-EWT dev's second half, GUM academic and bio.
Held-out (never fitted): BTC section F, WNUT-17 dev, UNER-EWT test, GUM news, GUM voyage.
Each is read from data/ner, without the sentences the job's model trained on (UNER-EWT dev's
first half, each GUM genre's first quarter).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections import Counter
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from auditor_on_real_text import _jsonl  # noqa: E402
from pipelines.calibrate import JobDetector  # noqa: E402
from veil.risk.calibration import mean_plus_std  # noqa: E402
from veil.risk.estimate import FORMS, RULES_ONLY, SPEECH, TABLE_PATH, WRITTEN, FittedTable  # noqa: E402
from veil.risk.fitting import (  # noqa: E402
    ITEM_FEATURES, NAME_TYPES, figures, fit_kinds, fit_logistic, item_rows, scored_conversation,
    table_data,
)
from veil.measure.asr_style import asr_style_record  # noqa: E402
from veil.measure.transcript_style import transcript_style_record  # noqa: E402

def _gum(*genres: str) -> list[dict]:
    """The sentences of these GUM genres that the job's model did not train on (data/ner's dev
    and test files: all but each genre's first quarter), in order."""
    wanted = {f"gum-{genre}" for genre in genres}
    return [r for name in ("dev-gum-written", "test-gum-written")
            for r in _jsonl(ROOT / f"data/ner/{name}.jsonl.gz") if r["context"] in wanted]


DEV = {
    "validation": lambda: _jsonl(ROOT / "data/ner/validation.jsonl.gz"),
    "uner-ewt-dev": lambda: _jsonl(ROOT / "data/ner/dev-uner-ewt.jsonl.gz"),
    "gum-academic-bio": lambda: _gum("academic", "bio"),
}
HELD_OUT = {
    "btc-f": lambda: _jsonl(ROOT / "data/ner/test-btc-f.jsonl.gz"),
    "wnut17-dev": lambda: _jsonl(ROOT / "data/ner/test-wnut17-dev.jsonl.gz"),
    "uner-ewt-test": lambda: _jsonl(ROOT / "data/ner/test-uner-ewt.jsonl.gz"),
    "gum-news": lambda: _gum("news"),
    "gum-voyage": lambda: _gum("voyage"),
}
OLD_CALIBRATION = (0.358, 1.214)  # the interval the report printed before (raw figure times it)
THRESHOLD = 5.0
SPLIT_SEED = 7  # own: which conversations are the labelled half


def conversations(records: list[dict], limit: int, group: int) -> list[dict]:
    """`limit` sentences spread evenly over the set, in runs of `group` consecutive ones, each
    run one conversation (turns; gold spans carry their turn)."""
    runs = [records[i:i + group] for i in range(0, len(records) - group + 1, group)]
    wanted = max(1, limit // group) if limit else len(runs)
    step = max(1, len(runs) // wanted)
    out = []
    for run in runs[::step][:wanted]:
        out.append({"id": run[0]["id"], "turns": [{"text": r["text"]} for r in run],
                    "pii": [{**span, "turn": t} for t, r in enumerate(run) for span in r.get("pii", [])]})
    return out


def scored_pairs(convs: list[dict], detector, auditor) -> list[dict]:
    """Per conversation: gold items and auditor items left in the job's output (veil.risk.fitting)."""
    return [scored_conversation([t["text"] for t in conv["turns"]], conv["pii"], detector.detect,
                                auditor.detect) for conv in convs]


# The transcript-style copy (veil.measure.transcript_style): speech as people transcribe it,
# sentences opening in lower case, names and "I" with capitals. Its output reads as WRITTEN.
TRANSCRIPT = "transcript"
FORM_LABELS = {WRITTEN: "written", SPEECH: "ASR-style", TRANSCRIPT: "transcript-style"}


def load(sets: dict, name: str, form: str, limit: int, group: int) -> list[dict]:
    records = sets[name]()
    if form == SPEECH:
        records = [asr_style_record(r) for r in records]
    convs = conversations(records, limit, group)
    if form == TRANSCRIPT:  # after the grouping, as a transcriber writes a whole call
        convs = [transcript_style_record(conv) for conv in convs]
    return convs


JOBS = {"rules": "rules-only job", "default": "default job (rules + model)"}


def tools(job: str):
    from veil.risk.auditor import ResidualAuditor
    from veil.run.config import load_config

    return JobDetector(load_config("call_transcripts"), job == "default"), ResidualAuditor(load_config("auditor"))


def load_cache(path: Path | None) -> dict:
    """The scored sets kept by an earlier run, or {} when there are none or they were kept by an
    older version of this script (rows without the output texts the item model reads)."""
    import pickle

    if path is None or not path.exists():
        return {}
    cells = pickle.loads(path.read_bytes())
    if any("texts" not in row for rows in cells.values() for row in rows):
        print(f"{path}: scored by an older version of this script; scoring again", file=sys.stderr)
        return {}
    return cells


def cmd_fit(args) -> int:
    import pickle

    cache = Path(args.cache) if args.cache else None
    cells = load_cache(cache)  # the scored dev sets of an earlier run: refit only
    if not cells:
        cells = score_dev(args)
        if cache is not None:
            cache.write_bytes(pickle.dumps(cells))
    return write_table(cells, args)


def score_dev(args) -> dict:
    cells = {}
    for job in args.jobs.split(","):
        detector, auditor = tools(job)
        for name in DEV:
            for form in FORMS:
                convs = load(DEV, name, form, args.limit, args.group)
                cells[(job, name, form)] = scored_pairs(convs, detector, auditor)
                print(f"scored {job}/{name}/{form}: {len(convs)} conversations", file=sys.stderr)
    return cells


def write_table(cells: dict, args) -> int:
    fitted_on = (f"real annotated dev sets, as written and ASR-style: {', '.join(DEV)}; "
                 f"{args.limit} sentences each in conversations of {args.group}; the output "
                 f"of the {' and the '.join(JOBS[j] for j in args.jobs.split(','))}; "
                 f"scripts/fit_auditor_calibration.py fit, {date.today().isoformat()}")
    data = table_data({"/".join(key): rows for key, rows in cells.items()}, fitted_on, NAME_TYPES,
                      item_model=not args.no_item_model)
    jobs = args.jobs.split(",")
    if "rules" in jobs and len(jobs) > 1:
        # The rules-only job's output alone: a job without a model leaves more names, and the
        # auditor's hits there are real more often (docs/risk-auditor.md, "A table for the job without a model").
        data[RULES_ONLY] = table_data(
            {"/".join(key): rows for key, rows in cells.items() if key[0] == "rules"},
            fitted_on.replace(f"the output of the {' and the '.join(JOBS[j] for j in jobs)}",
                              f"the output of the {JOBS['rules']} alone"),
            NAME_TYPES, item_model=not args.no_item_model)
    Path(args.output).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(data["dev_cells"], indent=1))
    interval = data["interval"]
    print(f"interval: {interval['low']:.3f}-{interval['high']:.3f}; written to {args.output}")
    if RULES_ONLY in data:
        own = data[RULES_ONLY]["interval"]
        print(f"the rules-only job's own table: interval {own['low']:.3f}-{own['high']:.3f}")
    return 0


def verdict(value: float) -> str:
    return "PASS" if value < THRESHOLD else "FAIL"


def _error(estimate: float, gold: float) -> str:
    return f"{estimate / gold - 1:+.0%}" if gold else ("+0%" if estimate == 0 else "∞")


def _within(estimate: float, gold: float) -> bool:
    return 0.9 * gold - 1e-9 <= estimate <= 1.5 * gold + 1e-9


def direct_identifier_counts(rows: list[dict], table: FittedTable) -> dict:
    """How many conversations hold a direct identifier (a person's name, on these sets): by their
    gold labels; by any auditor hit (what the report counts); and two weightings of the hits,
    tried to estimate it (docs/risk-auditor.md, "Conversations holding a direct identifier"):
    the chance that one hit is real, 1 - prod(1 - p), and with the auditor's recall,
    1 - exp(-sum(p / r))."""
    import math

    from veil.risk.estimate import item_chances

    def direct(items) -> list:
        return [i for i in items if i.direct and i.score > 0]

    out = {"gold": 0, "raw": 0, "weighed": 0.0, "with_recall": 0.0}
    for r in rows:
        out["gold"] += bool(direct(r["gold_scored"]))
        hits = direct(r["audit_scored"])
        out["raw"] += bool(hits)
        chances = [1.0 if p is None else p for p in item_chances(hits, r["form"], table, r["texts"])]
        out["weighed"] += 1.0 - math.prod(1.0 - p for p in chances)
        out["with_recall"] += 1.0 - math.exp(-sum(
            p / max(table.recall_of(r["form"], i.info_type), 1e-6) for i, p in zip(hits, chances)))
    return out


def cmd_measure(args) -> int:
    """Per held-out set and form: gold mean + std, the raw count, the old figure (the raw count
    times OLD_CALIBRATION, or with --baseline an earlier fitted table's estimate) and the new
    estimate, each with its error, interval and verdict; then, per job, how many cells meet the
    targets."""
    import pickle

    from veil.risk.estimate import load_fitted_table

    baseline = load_fitted_table(args.baseline) if args.baseline else None
    cache = Path(args.cache) if args.cache else None
    scored = load_cache(cache)
    old_name = "old estimate" if baseline else "old: raw count"
    print(f"| job | held-out set | form | conversations | gold mean + std | raw count | {old_name} | error "
          "| old interval | holds gold | new estimate | error | new interval | holds gold "
          "| verdict gold / new on the estimate / new on the upper end |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |")
    results = []
    for job in args.jobs.split(","):
        detector = auditor = None
        table = load_fitted_table(args.table, rules_only=job == "rules")  # as the job picks it
        for name, form in [(n, f) for n in args.sets.split(",") for f in args.forms.split(",")]:
            if (job, name, form) not in scored:
                if detector is None:
                    detector, auditor = tools(job)
                scored[(job, name, form)] = scored_pairs(
                    load(HELD_OUT, name, form, args.limit, args.group), detector, auditor)
                if cache is not None:
                    cache.write_bytes(pickle.dumps(scored))
            rows = scored[(job, name, form)]
            f = figures(rows, table)
            gold, raw, est = mean_plus_std(f["gold"]), mean_plus_std(f["raw"]), f["estimate"]
            low, high = est * table.low, est * table.high
            if baseline is not None:
                old = figures(rows, baseline)["estimate"]
                old_low, old_high = old * baseline.low, old * baseline.high
            else:
                old = raw
                old_low, old_high = raw * OLD_CALIBRATION[0], raw * OLD_CALIBRATION[1]
            holds = low - 1e-9 <= gold <= high + 1e-9
            old_holds = old_low - 1e-9 <= gold <= old_high + 1e-9
            forms = {row["form"] for row in rows}
            results.append({"job": job, "set": name, "form": form, "gold": gold, "raw": raw, "estimate": est,
                            "low": low, "high": high, "holds": holds, "old": old, "old_low": old_low,
                            "old_high": old_high, "old_holds": old_holds, "detected_forms": sorted(forms),
                            "conversations": len(rows), "direct": direct_identifier_counts(rows, table)})
            print(f"| {JOBS[job]} | {name} | {FORM_LABELS[form]} | {len(rows)} "
                  f"| {gold:.2f} | {raw:.2f} | {old:.2f} | {_error(old, gold)} | {old_low:.2f}–{old_high:.2f} "
                  f"| {'yes' if old_holds else 'no'} | {est:.2f} | {_error(est, gold)} | {low:.2f}–{high:.2f} "
                  f"| {'yes' if holds else 'no'} | {verdict(gold)} / {verdict(est)}{' (borderline)' if low < THRESHOLD <= high else ''} / {verdict(high)} |",
                  flush=True)
    print()
    for job in args.jobs.split(","):
        mine = [r for r in results if r["job"] == job]
        count = lambda test: sum(1 for r in mine if test(r))  # noqa: E731
        print(f"- {JOBS[job]}: {len(mine)} cells: within -10%/+50% of gold on "
              f"{count(lambda r: _within(r['estimate'], r['gold']))} (old: {count(lambda r: _within(r['old'], r['gold']))}); "
              f"interval holds gold on {count(lambda r: r['holds'])} (old: {count(lambda r: r['old_holds'])}); "
              f"verdict agrees with gold, taken on the estimate, on {count(lambda r: verdict(r['estimate']) == verdict(r['gold']))} "
              f"(old: {count(lambda r: verdict(r['old']) == verdict(r['gold']))}), passing a corpus gold fails on "
              f"{count(lambda r: verdict(r['estimate']) == 'PASS' and verdict(r['gold']) == 'FAIL')}; "
              f"taken on the upper end, on {count(lambda r: verdict(r['high']) == verdict(r['gold']))} "
              f"(old: {count(lambda r: verdict(r['old_high']) == verdict(r['gold']))}); "
              f"borderline (the interval holds the threshold) on {count(lambda r: r['low'] < THRESHOLD <= r['high'])}")
    print()
    print("Conversations still holding a direct identifier (a person's name, on these sets): by "
          "gold labels, by any auditor hit, and by two weightings of the hits (1 - prod(1 - p); "
          "1 - exp(-sum(p / r))), with the mean |log(figure / gold)| of each over the cells:")
    print()
    print("| job | held-out set | form | conversations | gold | any auditor hit | weighed | weighed, with recall |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        d = r["direct"]
        print(f"| {JOBS[r['job']]} | {r['set']} | {FORM_LABELS[r['form']]} | {r['conversations']} "
              f"| {d['gold']} | {d['raw']} | {d['weighed']:.1f} | {d['with_recall']:.1f} |")
    for key in ("raw", "weighed", "with_recall"):
        errors = [abs(math.log(max(r["direct"][key], 0.5) / max(r["direct"]["gold"], 0.5))) for r in results]
        print(f"- {key}: mean |log(figure / gold)| {sum(errors) / len(errors):.3f} over {len(errors)} cells")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


def cmd_features(args) -> int:
    """Each candidate feature left out of (or added to) the item model: the spread of log(gold /
    estimate) over the dev cells (what the interval is fitted on) and, on the held-out cells of
    the `measure --cache` files, the mean |log(estimate / gold)| and how many cells are within
    -10% / +50%. Reads only cached scored sets: run `fit --cache` and `measure --cache` first."""
    import math
    import statistics

    from veil.risk.estimate import FEATURES

    dev = load_cache(Path(args.cache))
    held = {(key, path): rows for path in args.held for key, rows in load_cache(Path(path)).items()}
    if not dev or not held:
        raise SystemExit("features needs the caches of `fit --cache` and `measure --cache` runs")
    every = [row for rows in dev.values() for row in rows]
    base = fit_kinds(every)
    items = {form: item_rows(every, form) for form in FORMS}

    def run(features: dict, label: str) -> None:
        model = {form: fit_logistic(items[form], names)["weights"]
                 for form, names in features.items() if names}
        table = FittedTable(base["precision"], base["type_precision"], base["recall"], model)
        errors, inside = [], 0
        for rows in held.values():
            f = figures(rows, table)
            error = f["estimate"] / mean_plus_std(f["gold"])
            errors.append(abs(math.log(error)))
            inside += 0.9 <= error <= 1.5
        spread = [math.log(mean_plus_std(f["gold"]) / f["estimate"])
                  for f in (figures(rows, table) for rows in dev.values())]
        print(f"| {label} | {statistics.pstdev(spread):.3f} | {sum(errors) / len(errors):.3f} "
              f"| {inside} of {len(held)} |", flush=True)

    print("| item model | dev cells: sd of log(gold / estimate) | held-out: mean abs log(estimate / gold) "
          "| held-out cells within -10% / +50% |")
    print("| --- | ---: | ---: | ---: |")
    chosen = dict(ITEM_FEATURES)
    run({form: () for form in FORMS}, "none (per-kind figures only)")
    run(chosen, "chosen")
    for form in FORMS:
        for name in chosen[form]:
            run({**chosen, form: tuple(n for n in chosen[form] if n != name)}, f"{form}: without {name}")
        for name in FEATURES:
            if name not in chosen[form] and (form == WRITTEN or name not in ("all_caps", "mid_capital", "title_case")):
                run({**chosen, form: chosen[form] + (name,)}, f"{form}: with {name}")
    return 0


# Corpus statistics the job could compute from its output alone (no gold), tried as a correction
# for the kind of text (`kind`): the gold / estimate ratio differs between kinds far more than
# anything an item shows of itself.
KIND_STATISTICS = ("items_per_1000_words", "share_common", "share_dictionary", "share_location",
                   "share_repeated", "share_partial", "mean_p", "placeholders_per_1000_words",
                   "words_per_turn", "common_word_share", "estimate_per_conversation")
_LOGGED = {"items_per_1000_words", "placeholders_per_1000_words", "words_per_turn",
           "estimate_per_conversation"}


def kind_statistics(rows: list[dict], table: FittedTable) -> dict[str, float]:
    """Each of KIND_STATISTICS over a cell's conversations, from the output and the auditor."""
    import re

    from veil.detection.engine.word_lists import common_words
    from veil.risk.estimate import conversation_estimate, item_chances, item_features

    placeholder, word = re.compile(r"\[[A-Z][A-Z0-9_]*\]"), re.compile(r"[^\W\d_]+")
    words = placeholders = turns = common = items = 0
    facts, chance, expected = Counter(), 0.0, 0.0
    for row in rows:
        turns += len(row["texts"])
        for text in row["texts"]:
            placeholders += len(placeholder.findall(text))
            found = word.findall(placeholder.sub(" ", text))
            words += len(found)
            common += sum(w.lower() in common_words() for w in found)
        scored = [a for a in row["audit_scored"] if a.score > 0 and not a.fields]
        for a, p in zip(scored, item_chances(scored, row["form"], table, row["texts"])):
            items += 1
            chance += p
            facts.update(k for k, v in item_features(a, row["texts"]).items() if v)
        expected += conversation_estimate(row["audit_scored"], row["form"], table, texts=row["texts"])[0]
    per_item = lambda n: n / max(items, 1)  # noqa: E731
    return {"items_per_1000_words": 1000 * items / max(words, 1),
            "share_common": per_item(facts["common"]), "share_dictionary": per_item(facts["dictionary"]),
            "share_location": per_item(facts["location"]), "share_repeated": per_item(facts["repeated"]),
            "share_partial": per_item(facts["partial"]), "mean_p": per_item(chance),
            "placeholders_per_1000_words": 1000 * placeholders / max(words, 1),
            "words_per_turn": words / max(turns, 1), "common_word_share": common / max(words, 1),
            "estimate_per_conversation": expected / max(len(rows), 1)}


def cmd_kind(args) -> int:
    """Each corpus statistic of KIND_STATISTICS as a correction log(gold / estimate) = a + b * x
    (x logged where it is a rate or a length), fitted on the dev cells: the spread of log(gold /
    estimate) over the dev cells when each dev set is left out of the fit in turn, and in the fit
    (the choice is made on these); then, fitted on every dev cell and with the interval fitted
    again on them, its held-out figures beside the estimator's as it is (they measure the choice)."""
    import math

    import numpy as np

    from veil.risk.calibration import ratio_interval
    from veil.risk.estimate import estimate_mean_plus_std, load_fitted_table

    table = load_fitted_table(args.table)
    dev = load_cache(Path(args.cache))
    held = {(path, *key): rows for path in args.held for key, rows in load_cache(Path(path)).items()}
    if not dev or not held:
        raise SystemExit("kind needs the caches of `fit --cache` and `measure --cache` runs")
    cells = {}
    for key, rows in [*(((None, *k), r) for k, r in dev.items()), *held.items()]:
        f = figures(rows, table)
        cells[key] = (kind_statistics(rows, table), mean_plus_std(f["gold"]), f["estimate"], rows, f)
    dev_keys = [k for k in cells if k[0] is None]
    held_keys = [k for k in cells if k[0] is not None]

    def x(key, names):
        stats = cells[key][0]
        return [1.0] + [math.log(max(stats[n], 1e-9)) if n in _LOGGED else stats[n] for n in names]

    def fit_on(keys, names):
        a = np.array([x(k, names) for k in keys])
        y = np.array([math.log(cells[k][1] / cells[k][2]) for k in keys])
        return np.linalg.lstsq(a, y, rcond=None)[0]

    def residuals(keys, w, names):
        return [math.log(cells[k][1] / cells[k][2]) - float(np.dot(w, x(k, names))) for k in keys]

    def measured(names):
        w = fit_on(dev_keys, names) if names else np.zeros(1)
        low = high = None
        for index, key in enumerate(sorted(dev_keys, key=lambda k: k[1:])):
            _, _, _, rows, f = cells[key]
            factor = math.exp(float(np.dot(w, x(key, names))))
            rng = random.Random(index)
            pairs = []
            for _ in range(1000):
                picks = [rng.randrange(len(rows)) for _ in rows]
                pairs.append((mean_plus_std([f["gold"][i] for i in picks]),
                              factor * estimate_mean_plus_std([f["pairs"][i] for i in picks])))
            interval = ratio_interval(pairs)
            low = interval.low if low is None else min(low, interval.low)
            high = interval.high if high is None else max(high, interval.high)
        within = holds = agrees = 0
        errors = []
        for key in held_keys:
            _, gold, estimate, _, _ = cells[key]
            estimate *= math.exp(float(np.dot(w, x(key, names))))
            errors.append(abs(math.log(estimate / gold)))
            within += _within(estimate, gold)
            holds += estimate * low - 1e-9 <= gold <= estimate * high + 1e-9
            agrees += verdict(gold) == verdict(estimate * high)
        return (f"{low:.4f}–{high:.4f} | {sum(errors) / len(errors):.3f} | {within} of {len(held_keys)} "
                f"| {holds} of {len(held_keys)} | {agrees} of {len(held_keys)}")

    sets = sorted({k[2] for k in dev_keys})
    print("| correction | dev: sd of log(gold / estimate), each dev set left out | dev: sd, in the fit |")
    print("| --- | ---: | ---: |")
    results = {}
    for names in [(), *((n,) for n in KIND_STATISTICS)]:
        left_out = []
        for name in sets:
            w = fit_on([k for k in dev_keys if k[2] != name], names)
            left_out += residuals([k for k in dev_keys if k[2] == name], w, names)
        inside = residuals(dev_keys, fit_on(dev_keys, names), names)
        results[names] = statistics.pstdev(left_out)
        print(f"| {' + '.join(names) or 'a constant'} | {statistics.pstdev(left_out):.3f} "
              f"| {statistics.pstdev(inside):.3f} |", flush=True)
    best = min((n for n in results if n), key=results.get)
    print()
    print("| estimator | interval (dev cells) | held-out: mean abs log(estimate / gold) "
          "| within -10% / +50% | interval holds gold | verdict agrees (on the upper end) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| as it is (no correction) | {measured(())} |")
    print(f"| corrected by {' + '.join(best)} (the lowest left-out spread) | {measured(best)} |")
    return 0


def split_half(rows: list[dict], how: str) -> tuple[list[dict], list[dict]]:
    """(fitted on, measured on): a seeded random half of the conversations, as a user draws a
    sample to label (`random`), or the first half of the set against the second (`halves`: a
    sample unlike the rest, since the sets run through their sources in order)."""
    if how == "halves":
        return rows[:len(rows) // 2], rows[len(rows) // 2:]
    picked = set(random.Random(SPLIT_SEED).sample(range(len(rows)), len(rows) // 2))
    return ([r for i, r in enumerate(rows) if i in picked],
            [r for i, r in enumerate(rows) if i not in picked])


def cmd_own(args) -> int:
    """What `veil calibrate` gives a user with a labelled sample of their own kind of text: per
    held-out set and job (the `measure --cache` files), a table fitted (veil.risk.fitting, as the
    command fits) on half of its conversations (`--split`), both forms, and measured on the other
    half, beside the bundled table on the same half."""
    from veil.risk.estimate import load_fitted_table

    bundled_data = json.loads(Path(args.table or TABLE_PATH).read_text(encoding="utf-8"))
    bundled = load_fitted_table(args.table)
    print("| job | held-out set | form | fitted on | measured on | gold mean + std | bundled estimate | error "
          "| bundled interval | holds gold | own estimate | error | own interval | holds gold "
          "| verdict gold / bundled / own, on the estimate |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |")
    results = []
    for path in args.held:
        cells = load_cache(Path(path))
        for job, name in sorted({(j, n) for j, n, _ in cells}):
            halves = {form: cells[(job, name, form)] for form in FORMS if (job, name, form) in cells}
            fit_half = {form: split_half(rows, args.split)[0] for form, rows in halves.items()}
            own = FittedTable.from_dict(table_data(fit_half, f"half of {name}", NAME_TYPES,
                                                   base=bundled_data, scale=True))
            for form, rows in halves.items():
                rest = split_half(rows, args.split)[1]
                gold = mean_plus_std(figures(rest, own)["gold"])
                row = {"job": job, "set": name, "form": form, "gold": gold}
                cols = []
                for label, table in (("bundled", bundled), ("own", own)):
                    est = figures(rest, table)["estimate"]
                    low, high = est * table.low, est * table.high
                    row[label] = {"estimate": est, "high": high, "within": _within(est, gold),
                                  "width": table.high / table.low,
                                  "holds": low - 1e-9 <= gold <= high + 1e-9}
                    cols.append(f"{est:.2f} | {_error(est, gold)} | {low:.2f}–{high:.2f} "
                                f"| {'yes' if row[label]['holds'] else 'no'}")
                results.append(row)
                print(f"| {JOBS[job]} | {name} | {'written' if form == WRITTEN else 'ASR-style'} "
                      f"| {len(rows) - len(rest)} | {len(rest)} | {gold:.2f} | {cols[0]} | {cols[1]} "
                      f"| {verdict(gold)} / {verdict(row['bundled']['estimate'])} / {verdict(row['own']['estimate'])} |",
                      flush=True)
    print()
    for label in ("bundled", "own"):
        count = lambda test: sum(1 for r in results if test(r))  # noqa: E731
        print(f"- {label} table: {len(results)} cells: within -10%/+50% of gold on "
              f"{count(lambda r: r[label]['within'])}; interval holds gold on "
              f"{count(lambda r: r[label]['holds'])}; verdict agrees with gold on "
              f"{count(lambda r: verdict(r[label]['estimate']) == verdict(r['gold']))} on the estimate "
              f"({count(lambda r: verdict(r[label]['high']) == verdict(r['gold']))} on the upper end); "
              f"passes a corpus gold fails on "
              f"{count(lambda r: verdict(r[label]['estimate']) == 'PASS' and verdict(r['gold']) == 'FAIL')} "
              f"({count(lambda r: verdict(r[label]['high']) == 'PASS' and verdict(r['gold']) == 'FAIL')}); "
              f"interval high / low, median {statistics.median(r[label]['width'] for r in results):.2f}")
    return 0


def cmd_tables(args) -> int:
    """docs/risk-auditor.md's tables of a fitted table (`--table`, default the package's): the
    item model's weights and counts, the per-kind precision and recall, and the dev cells."""
    data = json.loads(Path(args.table or TABLE_PATH).read_text(encoding="utf-8"))
    print("| form | feature | weight | items with it | real among them |\n| --- | --- | ---: | ---: | ---: |")
    for form, model in data.get("item_model", {}).items():
        counts = model["counts"]
        print(f"| {form} | (intercept) | {model['weights']['bias']:+.2f} | {counts['items']:,} | {counts['real']:,} |")
        for name in model["features"]:
            print(f"| {form} | {name} | {model['weights'][name]:+.2f} | {counts[name]['items']:,} | "
                  f"{counts[name]['real']:,} |")
    print("\n| form | type | detector | auditor items | real | p |\n| --- | --- | --- | ---: | ---: | ---: |")
    kinds = [(key.split("|"), value) for key, value in data["counts"].items() if "hits" in value]
    for parts, value in sorted(kinds, key=lambda kv: (len(kv[0]) == 2, kv[0])):
        detector = parts[2] if len(parts) == 3 else "any"
        p = data["precision"].get("|".join(parts)) if len(parts) == 3 else data["type_precision"].get("|".join(parts))
        # A detector with too few items (MIN_HITS) takes its type's figure.
        shown = f"{p:.2f}" if p is not None else f"({data['type_precision']['|'.join(parts[:2])]:.2f}, the type's)"
        print(f"| {parts[0]} | {parts[1]} | {detector} | {value['hits']:,} | {value['real']:,} | {shown} |")
    print("\n| form | type | gold items left | touched by the auditor | r |\n| --- | --- | ---: | ---: | ---: |")
    for key, value in sorted(data["counts"].items()):
        if key.endswith("|recall"):
            form, info_type, _ = key.split("|")
            print(f"| {form} | {info_type} | {value['gold']:,} | {value['found']:,} | "
                  f"{data['recall'][f'{form}|{info_type}']:.2f} |")
    print("\n| job | dev set | form | gold | estimate | gold / estimate, 95% |\n| --- | --- | --- | ---: | ---: | ---: |")
    for key, cell in sorted(data["dev_cells"].items()):
        job, name, form = key.split("/")
        print(f"| {job} | {name} | {form} | {cell['gold']:.2f} | {cell['estimate']:.2f} | "
              f"{cell['low']:.2f}–{cell['high']:.2f} |")
    interval = data["interval"]
    print(f"\ninterval: [{interval['low']}, {interval['high']}]")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["fit", "measure", "features", "kind", "own", "tables"])
    parser.add_argument("--limit", type=int, default=1000, help="sentences per set and form (0: all)")
    parser.add_argument("--group", type=int, default=10, help="sentences per conversation")
    parser.add_argument("--jobs", default="rules,default", help="rules, default: whose output")
    parser.add_argument("--sets", default=",".join(HELD_OUT), help="measure: held-out sets")
    parser.add_argument("--forms", default=",".join(FORMS),
                        help=f"measure: the forms of each set ({', '.join(FORM_LABELS)})")
    parser.add_argument("--output", default=str(TABLE_PATH), help="fit: where the table goes")
    parser.add_argument("--cache", help="keep the scored sets here (a pickle), reuse them: "
                        "fit, the dev sets; measure, the held-out sets")
    parser.add_argument("--no_item_model", action="store_true",
                        help="fit: the per-kind precision only (the table before the item model)")
    parser.add_argument("--table", default=None, help="measure, tables: the fitted table (default: the package's)")
    parser.add_argument("--json", help="measure: write the figures here too")
    parser.add_argument("--baseline", help="measure: an earlier fitted table, shown as the old estimate")
    parser.add_argument("--split", default="random", choices=["random", "halves"],
                        help="own: a random half of each set's conversations, or its first half")
    parser.add_argument("--held", action="append", default=[],
                        help="features, kind, own: a held-out cache written by measure --cache (repeatable)")
    args = parser.parse_args(argv)
    return {"fit": cmd_fit, "measure": cmd_measure, "features": cmd_features,
            "kind": cmd_kind, "own": cmd_own, "tables": cmd_tables}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
