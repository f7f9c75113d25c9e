"""Fit the auditor's calibrated estimate on real annotated dev sets, and measure its error on
held-out ones, as written and ASR-style.

    python scripts/fit_auditor_calibration.py fit --limit 1000 --group 10      # writes the table
    python scripts/fit_auditor_calibration.py measure --limit 1000 --group 10  # held-out table
    python scripts/fit_auditor_calibration.py features --cache DEV.pkl --held HELD.pkl  # feature choice

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
train, which the job's model did not train on), UNER-EWT dev, GUM academic and bio.
Held-out (never fitted): BTC section F, WNUT-17 dev, UNER-EWT test, GUM news, GUM voyage.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from auditor_on_real_text import NAME_TYPES, SHARED, _conll, _jsonl  # noqa: E402
from veil.risk.calibration import bootstrap_pairs, mean_plus_std, ratio_interval  # noqa: E402
from veil.risk.estimate import (  # noqa: E402
    FEATURES, FORMS, SPEECH, TABLE_PATH, WRITTEN, FittedTable, case_form, conversation_estimate,
    estimate_mean_plus_std, item_features,
)
from veil.measure.asr_style import asr_style_record  # noqa: E402

DEV = {
    "validation": lambda src: _jsonl(ROOT / "data/ner/validation.jsonl.gz"),
    "uner-ewt-dev": lambda src: _conll([src / "uner-ewt/en_ewt-dev.conll"], "uner"),
    "gum-academic-bio": lambda src: _conll([src / "gum-written/academic.conll",
                                            src / "gum-written/bio.conll"], "gum"),
}
HELD_OUT = {
    "btc-f": lambda src: _jsonl(ROOT / "data/ner/test-btc-f.jsonl.gz"),
    "wnut17-dev": lambda src: _jsonl(ROOT / "data/ner/test-wnut17-dev.jsonl.gz"),
    "uner-ewt-test": lambda src: _conll([src / "uner-ewt/en_ewt-test.conll"], "uner"),
    "gum-news": lambda src: _conll([src / "gum-written/news.conll"], "gum"),
    "gum-voyage": lambda src: _conll([src / "gum-written/voyage.conll"], "gum"),
}
OLD_CALIBRATION = (0.358, 1.214)  # the interval the report printed before (raw figure times it)
THRESHOLD = 5.0
RESAMPLES, SEED, LEVEL = 1000, 0, 0.95
MIN_HITS = 5  # fewer scored hits of a (form, type, detector): use the type's pooled precision
RECALL_FLOOR = 0.1  # a recall fitted on few items never multiplies an item by more than 10
# The item model's features per form, chosen by `features` (docs/risk-auditor.md): a candidate
# stays when the dev cells' spread of log(gold / estimate) is lower with it than without it (the
# held-out error it prints measures the choice; it does not make it).
ITEM_FEATURES = {
    WRITTEN: ("common", "all_caps", "repeated", "partial", "mid_capital", "location"),
    SPEECH: ("multi_word", "repeated", "partial", "dictionary", "location"),
}
RIDGE = 1.0  # L2 penalty on the features' weights (not the intercept): few items never swing one


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
    """Per conversation: gold items and auditor items left in the rules-only job's output."""
    from veil.risk.audit import from_audit, written_values
    from veil.risk.gold import from_gold, in_output_text
    from veil.risk.scoring import score_items
    from veil.transform.anonymize import anonymize_texts

    out = []
    for conv in convs:
        texts = [t["text"] for t in conv["turns"]]
        new_texts, replacements = anonymize_texts(texts, detector.detect(texts))
        redacted = [r.finding for r in replacements if r.hides_value]
        gold = in_output_text(from_gold(texts, conv["pii"], redacted), replacements)
        audit = from_audit(new_texts, auditor.detect(new_texts), written=written_values(replacements))
        gold = [g for g in gold if g.info_type in NAME_TYPES]
        audit = [a for a in audit if a.info_type in NAME_TYPES]
        out.append({"form": case_form(new_texts), "texts": new_texts,
                    "gold_scored": score_items(gold), "audit_scored": score_items(audit)})
    return out


def _spans(item) -> list[tuple[int, int, int]]:
    return [(t, a, b) for t, a, b in item.mentions if a is not None]


def _overlaps(item, others) -> bool:
    return any(t == u and a < d and c < b for t, a, b in _spans(item) for other in others
               for u, c, d in _spans(other))


def fit(rows: list[dict]) -> dict:
    """Precision per (form, type, detector) and per (form, type); recall per (form, type): on
    scored items (pieces of PI), as the estimator sees them."""
    hits, real, gold_n, found = Counter(), Counter(), Counter(), Counter()
    for row in rows:
        form = row["form"]
        for a in row["audit_scored"]:
            if a.score <= 0:
                continue
            is_real = _overlaps(a, row["gold_scored"])
            for key in (f"{form}|{a.info_type}|{a.detector}", f"{form}|{a.info_type}"):
                hits[key] += 1
                real[key] += is_real
        for g in row["gold_scored"]:
            if g.score <= 0:
                continue
            gold_n[f"{form}|{g.info_type}"] += 1
            found[f"{form}|{g.info_type}"] += _overlaps(g, row["audit_scored"])
    precision = {k: round((real[k] + 1) / (hits[k] + 2), 4) for k in sorted(hits)
                 if k.count("|") == 2 and hits[k] >= MIN_HITS}
    type_precision = {k: round((real[k] + 1) / (hits[k] + 2), 4) for k in sorted(hits) if k.count("|") == 1}
    recall = {k: round(max(RECALL_FLOOR, (found[k] + 1) / (gold_n[k] + 2)), 4) for k in sorted(gold_n)}
    for form in FORMS:  # every labelled type in both forms, so the table covers the auditor's
        for info_type in sorted(NAME_TYPES):
            type_precision.setdefault(f"{form}|{info_type}", 0.5)
            recall.setdefault(f"{form}|{info_type}", 1.0)
    counts = {k: {"hits": hits[k], "real": real[k]} for k in sorted(hits)}
    counts.update({k + "|recall": {"gold": gold_n[k], "found": found[k]} for k in sorted(gold_n)})
    return {"precision": precision, "type_precision": type_precision, "recall": recall, "counts": counts}


def item_rows(rows: list[dict], form: str) -> list[tuple[dict[str, bool], bool]]:
    """(features, real) of each scored auditor item of the labelled types in conversations of `form`."""
    out = []
    for row in rows:
        if row["form"] != form:
            continue
        for a in row["audit_scored"]:
            if a.score > 0 and not a.fields:
                out.append((item_features(a, row["texts"]), _overlaps(a, row["gold_scored"])))
    return out


def fit_logistic(items: list[tuple[dict[str, bool], bool]], names: tuple[str, ...]) -> dict:
    """A logistic regression of real-or-not on the items' features, by Newton's method with a
    ridge penalty (RIDGE) on the weights; its weights and, per feature, how many items had it
    and how many of those were real."""
    import numpy as np

    x = np.array([[1.0] + [float(f[name]) for name in names] for f, _ in items])
    y = np.array([float(real) for _, real in items])
    penalty = np.diag([0.0] + [RIDGE] * len(names))
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        step = np.linalg.solve(x.T @ (x * (p * (1 - p))[:, None]) + penalty,
                               x.T @ (y - p) - penalty @ w)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    weights = {"bias": round(float(w[0]), 4), **{n: round(float(v), 4) for n, v in zip(names, w[1:])}}
    counts = {"items": len(items), "real": int(y.sum())}
    for i, name in enumerate(names, start=1):
        has = x[:, i] > 0
        counts[name] = {"items": int(has.sum()), "real": int(y[has].sum())}
    return {"features": list(names), "weights": weights, "counts": counts}


def figures(rows: list[dict], table: FittedTable) -> dict:
    gold = [sum(i.score for i in r["gold_scored"]) for r in rows]
    raw = [sum(i.score for i in r["audit_scored"]) for r in rows]
    pairs = [conversation_estimate(r["audit_scored"], r["form"], table, texts=r["texts"]) for r in rows]
    return {"gold": gold, "raw": raw, "pairs": pairs, "estimate": estimate_mean_plus_std(pairs)}


def load(sets: dict, name: str, form: str, limit: int, group: int, source: Path) -> list[dict]:
    records = sets[name](source)
    if form == SPEECH:
        records = [asr_style_record(r) for r in records]
    return conversations(records, limit, group)


class JobDetector:
    """The job's detection of one conversation: its rules, and with `model` its trained NER
    model (~/.cache/veil/models), merged as the job merges them (veil.detection.merge)."""

    def __init__(self, model: bool):
        from veil.detection.detect import ConversationDetector
        from veil.run.config import load_config

        config = load_config("call_transcripts")
        self.rules = ConversationDetector(config)
        self.model = None
        if model:
            from models.hf_ner import load_classifier, resolve_model_dir

            settings = config.detectors.hf
            self.model = load_classifier(resolve_model_dir(settings.model), settings)

    def detect(self, texts: list[str]):
        from veil.detection.merge import merge_findings

        found = list(self.rules.find(texts))
        if self.model is not None:
            found += self.model.detect_conversations([texts])[0]
        return merge_findings(found, texts)


JOBS = {"rules": "rules-only job", "default": "default job (rules + model)"}


def tools(job: str):
    from veil.risk.auditor import ResidualAuditor
    from veil.run.config import load_config

    return JobDetector(job == "default"), ResidualAuditor(load_config("auditor"))


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
                convs = load(DEV, name, form, args.limit, args.group, args.source)
                cells[(job, name, form)] = scored_pairs(convs, detector, auditor)
                print(f"scored {job}/{name}/{form}: {len(convs)} conversations", file=sys.stderr)
    return cells


def write_table(cells: dict, args) -> int:
    every = [row for rows in cells.values() for row in rows]
    fitted = fit(every)
    item_model = {} if args.no_item_model else {
        form: fit_logistic(item_rows(every, form), ITEM_FEATURES[form]) for form in FORMS}
    table = FittedTable(fitted["precision"], fitted["type_precision"], fitted["recall"],
                        {form: model["weights"] for form, model in item_model.items()})
    intervals = {}
    for index, ((job, name, form), rows) in enumerate(sorted(cells.items())):
        f = figures(rows, table)
        estimates = [e for e, _ in f["pairs"]]
        rng = random.Random(SEED + index)
        ratios = []
        for _ in range(RESAMPLES):
            picks = [rng.randrange(len(rows)) for _ in rows]
            gold = mean_plus_std([f["gold"][i] for i in picks])
            est = estimate_mean_plus_std([f["pairs"][i] for i in picks])
            ratios.append((gold, est))
        interval = ratio_interval(ratios, LEVEL)
        intervals[f"{job}/{name}/{form}"] = {"gold": round(mean_plus_std(f["gold"]), 4),
                                       "estimate": round(f["estimate"], 4),
                                       "low": round(interval.low, 4), "high": round(interval.high, 4)}
        del estimates
    low = min(i["low"] for i in intervals.values())
    high = max(i["high"] for i in intervals.values())
    data = {
        "fitted_on": (f"real annotated dev sets, as written and ASR-style: {', '.join(DEV)}; "
                      f"{args.limit} sentences each in conversations of {args.group}; the output "
                      f"of the {' and the '.join(JOBS[j] for j in args.jobs.split(','))}; scripts/fit_auditor_calibration.py fit, {date.today().isoformat()}"),
        "how": ("item_model: per form, a logistic regression (ridge "
                f"{RIDGE} on the weights) of whether an auditor item of a labelled type lies on gold PI, "
                "on the item's own features (veil.risk.estimate.item_features); it gives the item's p, "
                "and the per-kind precision below is its fallback. "
                "precision: (real + 1) / (items + 2) of the auditor's scored items on the job's output "
                "that lie on gold PI left there, per form|infoType|detector (at least "
                f"{MIN_HITS} items) and per form|infoType; recall: (found + 1) / (gold + 2) of the gold "
                f"PI left that any auditor item hits, at least {RECALL_FLOOR}; interval: the widest "
                f"{LEVEL:.0%} bootstrap interval ({RESAMPLES} resamples) of gold / estimate mean + std "
                "over the dev cells. Types the sets do not label (numbers, emails, URLs) keep weight 1."),
        "interval": {"low": round(low, 4), "high": round(high, 4), "level": LEVEL},
        "precision": fitted["precision"], "type_precision": fitted["type_precision"],
        "recall": fitted["recall"], "counts": fitted["counts"], "item_model": item_model,
        "dev_cells": intervals,
    }
    Path(args.output).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(intervals, indent=1))
    print(f"interval: {low:.3f}-{high:.3f}; written to {args.output}")
    return 0


def verdict(value: float) -> str:
    return "PASS" if value < THRESHOLD else "FAIL"


def _error(estimate: float, gold: float) -> str:
    return f"{estimate / gold - 1:+.0%}" if gold else ("+0%" if estimate == 0 else "∞")


def _within(estimate: float, gold: float) -> bool:
    return 0.9 * gold - 1e-9 <= estimate <= 1.5 * gold + 1e-9


def cmd_measure(args) -> int:
    """Per held-out set and form: gold mean + std, the raw count, the old figure (the raw count
    times OLD_CALIBRATION, or with --baseline an earlier fitted table's estimate) and the new
    estimate, each with its error, interval and verdict; then, per job, how many cells meet the
    targets."""
    import pickle

    from veil.risk.estimate import load_fitted_table

    table = load_fitted_table(args.table)
    baseline = load_fitted_table(args.baseline) if args.baseline else None
    cache = Path(args.cache) if args.cache else None
    scored = load_cache(cache)
    old_name = "old estimate" if baseline else "old: raw count"
    print(f"| job | held-out set | form | conversations | gold mean + std | raw count | {old_name} | error "
          "| old interval | holds gold | new estimate | error | new interval | holds gold "
          "| verdict gold / old / new |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |")
    results = []
    for job in args.jobs.split(","):
        detector = auditor = None
        for name, form in [(n, f) for n in args.sets.split(",") for f in FORMS]:
            if (job, name, form) not in scored:
                if detector is None:
                    detector, auditor = tools(job)
                scored[(job, name, form)] = scored_pairs(
                    load(HELD_OUT, name, form, args.limit, args.group, args.source), detector, auditor)
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
                            "old_high": old_high, "old_holds": old_holds, "detected_forms": sorted(forms)})
            print(f"| {JOBS[job]} | {name} | {'written' if form == WRITTEN else 'ASR-style'} | {len(rows)} "
                  f"| {gold:.2f} | {raw:.2f} | {old:.2f} | {_error(old, gold)} | {old_low:.2f}–{old_high:.2f} "
                  f"| {'yes' if old_holds else 'no'} | {est:.2f} | {_error(est, gold)} | {low:.2f}–{high:.2f} "
                  f"| {'yes' if holds else 'no'} | {verdict(gold)} / {verdict(old_high)} / {verdict(high)} |",
                  flush=True)
    print()
    for job in args.jobs.split(","):
        mine = [r for r in results if r["job"] == job]
        count = lambda test: sum(1 for r in mine if test(r))  # noqa: E731
        print(f"- {JOBS[job]}: {len(mine)} cells: within -10%/+50% of gold on "
              f"{count(lambda r: _within(r['estimate'], r['gold']))} (old: {count(lambda r: _within(r['old'], r['gold']))}); "
              f"interval holds gold on {count(lambda r: r['holds'])} (old: {count(lambda r: r['old_holds'])}); "
              f"verdict agrees with gold on {count(lambda r: verdict(r['high']) == verdict(r['gold']))} "
              f"(old: {count(lambda r: verdict(r['old_high']) == verdict(r['gold']))})")
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
    base = fit(every)
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
            if name not in chosen[form] and (form == WRITTEN or name not in ("all_caps", "mid_capital")):
                run({**chosen, form: chosen[form] + (name,)}, f"{form}: with {name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["fit", "measure", "features"])
    parser.add_argument("--source", type=Path, default=SHARED, help="the folder of the real CoNLL sets")
    parser.add_argument("--limit", type=int, default=1000, help="sentences per set and form (0: all)")
    parser.add_argument("--group", type=int, default=10, help="sentences per conversation")
    parser.add_argument("--jobs", default="rules,default", help="rules, default: whose output")
    parser.add_argument("--sets", default=",".join(HELD_OUT), help="measure: held-out sets")
    parser.add_argument("--output", default=str(TABLE_PATH), help="fit: where the table goes")
    parser.add_argument("--cache", help="keep the scored sets here (a pickle), reuse them: "
                        "fit, the dev sets; measure, the held-out sets")
    parser.add_argument("--no_item_model", action="store_true",
                        help="fit: the per-kind precision only (the table before the item model)")
    parser.add_argument("--table", default=None, help="measure: the fitted table (default: the package's)")
    parser.add_argument("--json", help="measure: write the figures here too")
    parser.add_argument("--baseline", help="measure: an earlier fitted table, shown as the old estimate")
    parser.add_argument("--held", action="append", default=[],
                        help="features: a held-out cache written by measure --cache (repeatable)")
    args = parser.parse_args(argv)
    return {"fit": cmd_fit, "measure": cmd_measure, "features": cmd_features}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
