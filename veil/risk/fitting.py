"""Fitting the auditor's calibrated estimate (veil.risk.estimate) on labelled conversations.

The same functions fit the table shipped with the package (scripts/fit_auditor_calibration.py,
on the project's real annotated dev sets) and a user's own table (`veil calibrate`, on their
labelled sample). Each labelled conversation goes through a job's detection and anonymisation,
then is scored twice: from its gold labels (what the redaction left: the truth) and from the
auditor's re-scan of the output (`scored_conversation`). From such scored conversations,
grouped in cells (a set of text in one case form):

- `fit_kinds`: per case form, infoType and detector, the share of the auditor's scored items
  that lie on gold personal information (its precision); per form and type, the share of gold
  items left that the auditor hits (its recall);
- `fit_logistic`: per form, a logistic regression of real-or-not on what each item shows
  (`item_features`): the item's own chance p;
- `table_data`: both, and the widest 95% bootstrap interval of gold / estimate over the cells,
  as the JSON table that `load_fitted_table` and `risk.calibration` read.

Plain Python (numpy for the regression); no Beam.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from veil.risk.calibration import mean_plus_std, ratio_interval
from veil.risk.estimate import (
    FORMS, SPEECH, WRITTEN, FittedTable, case_form, conversation_estimate, estimate_mean_plus_std,
    item_features,
)

# The types the project's real dev sets label: persons, places, organisations, products.
NAME_TYPES = frozenset({"PERSON_NAME", "LOCATION", "ORGANIZATION_NAME", "PRODUCT"})
RESAMPLES, SEED, LEVEL = 1000, 0, 0.95
MIN_HITS = 5  # fewer scored hits of a (form, type, detector): use the type's pooled precision
RECALL_FLOOR = 0.1  # a recall fitted on few items never multiplies an item by more than 10
MIN_ITEMS = 20  # fewer auditor items, or gold items left, in a form: the base table's figures
SCALE_BOUNDS = (0.1, 10.0)  # a sample's gold / estimate, as a table's scale, is kept within these
# A scaled table's interval must hold another sample's ratio, as uncertain as the fitted one's:
# the variance of the difference of two such estimates is twice one's, so each cell's interval
# is widened by this factor in log space around its centre (a larger corpus is held with margin).
PREDICTIVE = 2 ** 0.5
# The item model's features per form, chosen by `features` (docs/risk-auditor.md): a candidate
# stays when the dev cells' spread of log(gold / estimate) is lower with it than without it.
ITEM_FEATURES = {
    WRITTEN: ("common", "all_caps", "repeated", "partial", "mid_capital", "location", "organisation",
              "title_case", "elongated", "lower_case"),
    SPEECH: ("multi_word", "repeated", "partial", "dictionary", "location", "elongated", "foreign"),
}
RIDGE = 1.0  # L2 penalty on the features' weights (not the intercept): few items never swing one


def scored_conversation(texts: list[str], gold_spans: Iterable[Any], detect: Callable,
                        audit: Callable, types: frozenset[str] | None = NAME_TYPES) -> dict:
    """One labelled conversation through a job's detection (`detect(texts)` -> findings) and
    placeholder anonymisation, scored from its gold labels and from the auditor's re-scan
    (`audit(new_texts)` -> hits): {form, texts (the output), gold_scored, audit_scored}, both on
    `types` (None: every type)."""
    from veil.risk.audit import from_audit, written_values
    from veil.risk.gold import from_gold, in_output_text
    from veil.risk.scoring import score_items
    from veil.transform.anonymize import anonymize_texts

    new_texts, replacements = anonymize_texts(texts, detect(texts))
    redacted = [r.finding for r in replacements if r.hides_value]
    gold = in_output_text(from_gold(texts, list(gold_spans), redacted), replacements)
    found = from_audit(new_texts, audit(new_texts), written=written_values(replacements))
    if types is not None:
        gold = [g for g in gold if g.info_type in types]
        found = [a for a in found if a.info_type in types]
    return {"form": case_form(new_texts), "texts": new_texts,
            "gold_scored": score_items(gold), "audit_scored": score_items(found)}


def gold_types(conversations: Iterable[tuple[list[str], Iterable[Any]]]) -> frozenset[str]:
    """The infoTypes (as the risk table names them) that a sample's gold labels mark."""
    from veil.risk.table import DEFAULT_TABLE

    return frozenset(DEFAULT_TABLE.resolve(str(span.get("info_type") if isinstance(span, Mapping)
                                                   else getattr(span, "info_type"))).info_type
                     for _, spans in conversations for span in spans)


def _spans(item) -> list[tuple[int, int, int]]:
    return [(t, a, b) for t, a, b in item.mentions if a is not None]


def overlaps(item, others) -> bool:
    """Whether any located mention of `item` overlaps one of `others` in the same turn."""
    return any(t == u and a < d and c < b for t, a, b in _spans(item) for other in others
               for u, c, d in _spans(other))


def fit_kinds(rows: list[dict], types: Iterable[str] = NAME_TYPES) -> dict:
    """Precision per (form, type, detector) and per (form, type); recall per (form, type): on
    scored items (pieces of PI), as the estimator sees them. Every one of `types` gets a figure
    in both forms (a prior 0.5 and recall 1 where the rows have none)."""
    hits, real, gold_n, found = Counter(), Counter(), Counter(), Counter()
    for row in rows:
        form = row["form"]
        for a in row["audit_scored"]:
            if a.score <= 0:
                continue
            is_real = overlaps(a, row["gold_scored"])
            for key in (f"{form}|{a.info_type}|{a.detector}", f"{form}|{a.info_type}"):
                hits[key] += 1
                real[key] += is_real
        for g in row["gold_scored"]:
            if g.score <= 0:
                continue
            gold_n[f"{form}|{g.info_type}"] += 1
            found[f"{form}|{g.info_type}"] += overlaps(g, row["audit_scored"])
    precision = {k: round((real[k] + 1) / (hits[k] + 2), 4) for k in sorted(hits)
                 if k.count("|") == 2 and hits[k] >= MIN_HITS}
    type_precision = {k: round((real[k] + 1) / (hits[k] + 2), 4) for k in sorted(hits) if k.count("|") == 1}
    recall = {k: round(max(RECALL_FLOOR, (found[k] + 1) / (gold_n[k] + 2)), 4) for k in sorted(gold_n)}
    for form in FORMS:
        for info_type in sorted(types):
            type_precision.setdefault(f"{form}|{info_type}", 0.5)
            recall.setdefault(f"{form}|{info_type}", 1.0)
    counts = {k: {"hits": hits[k], "real": real[k]} for k in sorted(hits)}
    counts.update({k + "|recall": {"gold": gold_n[k], "found": found[k]} for k in sorted(gold_n)})
    return {"precision": precision, "type_precision": type_precision, "recall": recall, "counts": counts}


def item_rows(rows: list[dict], form: str) -> list[tuple[dict[str, bool], bool]]:
    """(features, real) of each scored auditor item in conversations of `form`."""
    out = []
    for row in rows:
        if row["form"] != form:
            continue
        for a in row["audit_scored"]:
            if a.score > 0 and not a.fields:
                out.append((item_features(a, row["texts"]), overlaps(a, row["gold_scored"])))
    return out


def fit_logistic(items: list[tuple[dict[str, bool], bool]], names: Sequence[str]) -> dict:
    """A logistic regression of real-or-not on the items' features, by Newton's method with a
    ridge penalty (RIDGE) on the weights; its weights and, per feature, how many items had it
    and how many of those were real."""
    import numpy as np

    names = tuple(names)
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
    """Per conversation: the gold score, the raw auditor score and the estimate's (E, V); and
    the corpus estimate of mean + std."""
    gold = [sum(i.score for i in r["gold_scored"]) for r in rows]
    raw = [sum(i.score for i in r["audit_scored"]) for r in rows]
    pairs = [conversation_estimate(r["audit_scored"], r["form"], table, texts=r["texts"]) for r in rows]
    return {"gold": gold, "raw": raw, "pairs": pairs, "estimate": estimate_mean_plus_std(pairs)}


def cell_interval(rows: list[dict], table: FittedTable, seed: int) -> dict:
    """One cell's gold and estimated mean + std, and the 95% bootstrap interval of their ratio."""
    f = figures(rows, table)
    rng = random.Random(seed)
    ratios = []
    for _ in range(RESAMPLES):
        picks = [rng.randrange(len(rows)) for _ in rows]
        ratios.append((mean_plus_std([f["gold"][i] for i in picks]),
                       estimate_mean_plus_std([f["pairs"][i] for i in picks])))
    interval = ratio_interval(ratios, LEVEL)
    return {"gold": round(mean_plus_std(f["gold"]), 4), "estimate": round(f["estimate"], 4),
            "low": round(interval.low, 4), "high": round(interval.high, 4)}


def widened(cell: dict, factor: float) -> dict:
    """A cell's ratio interval widened `factor` times in log space around its geometric centre."""
    if cell["low"] <= 0 or cell["high"] <= 0:
        return cell
    centre = (cell["low"] * cell["high"]) ** 0.5
    return {**cell, "low": round(centre * (cell["low"] / centre) ** factor, 4),
            "high": round(centre * (cell["high"] / centre) ** factor, 4)}


def table_data(cells: Mapping[str, list[dict]], fitted_on: str, types: Iterable[str] = NAME_TYPES,
               item_model: bool = True, base: Mapping[str, Any] | None = None,
               scale: bool = False) -> dict:
    """The fitted table (the JSON that `FittedTable.from_dict` reads) from scored conversations
    grouped in named cells. `base`: a table whose figures a form without enough items in the
    cells keeps (a user's sample of written text only keeps the bundled figures for speech).
    `scale`: the cells are one kind of text (a user's sample): per form, the estimate is scaled
    by the sample's gold / estimate mean + std, so that it is centred on that kind's truth (the
    dev sets span kinds whose ratios differ, so the bundled table is not scaled)."""
    types = sorted(types)
    every = [row for rows in cells.values() for row in rows]
    fitted = fit_kinds(every, types)
    models, kept, scales = {}, [], {}
    for form in FORMS:
        items = item_rows(every, form)
        gold_left = sum(1 for row in every if row["form"] == form
                        for g in row["gold_scored"] if g.score > 0)
        if len(items) >= MIN_ITEMS and (gold_left >= MIN_ITEMS or not scale):
            if item_model:
                models[form] = fit_logistic(items, ITEM_FEATURES[form])
        elif base is not None:
            kept.append(form)
            _keep_form(fitted, models, base, form, types)
            if form in (base.get("scale") or {}):
                scales[form] = float(base["scale"][form])
    table = FittedTable(fitted["precision"], fitted["type_precision"], fitted["recall"],
                        {form: model["weights"] for form, model in models.items()})
    if scale:
        for form in FORMS:
            rows = [row for row in every if row["form"] == form]
            if rows and form not in kept:
                f = figures(rows, table)
                ratio = mean_plus_std(f["gold"]) / f["estimate"] if f["estimate"] else 1.0
                scales[form] = round(min(max(ratio, SCALE_BOUNDS[0]), SCALE_BOUNDS[1]), 4)
    table = FittedTable(table.precision, table.type_precision, table.recall, table.item_model,
                        scales)
    # A cell of a form that keeps the base table's figures has too few items for a ratio of its
    # own (its estimate may be 0): the base table's interval stands for it ...
    fitted_cells = {name: rows for name, rows in cells.items()
                    if rows and not all(row["form"] in kept for row in rows)}
    intervals = {name: cell_interval(rows, table, SEED + index)
                 for index, (name, rows) in enumerate(sorted(fitted_cells.items()))}
    if scale:
        intervals = {name: widened(cell, PREDICTIVE) for name, cell in intervals.items()}
    unusable = [name for name, cell in intervals.items()
                if not (math.isfinite(cell["low"]) and math.isfinite(cell["high"]) and cell["low"] > 0)]
    if unusable:
        raise ValueError(f"too few auditor items in {', '.join(unusable)} for an interval: "
                         "label more conversations")
    if not intervals:
        raise ValueError("no labelled conversation to fit on")
    # ... and joins the sample's interval where the sample holds such conversations (a random
    # sample with none says the corpus has few or none of that form).
    thin = [form for form in kept if any(row["form"] == form for row in every)]
    bounds = list(intervals.values()) + ([base["interval"]] if thin and base is not None else [])
    low = min(i["low"] for i in bounds)
    high = max(i["high"] for i in bounds)
    how = ("item_model: per form, a logistic regression (ridge "
           f"{RIDGE} on the weights) of whether an auditor item of a labelled type lies on gold PI, "
           "on the item's own features (veil.risk.estimate.item_features); it gives the item's p, "
           "and the per-kind precision below is its fallback. "
           "precision: (real + 1) / (items + 2) of the auditor's scored items on the job's output "
           "that lie on gold PI left there, per form|infoType|detector (at least "
           f"{MIN_HITS} items) and per form|infoType; recall: (found + 1) / (gold + 2) of the gold "
           f"PI left that any auditor item hits, at least {RECALL_FLOOR}; interval: the widest "
           f"{LEVEL:.0%} bootstrap interval ({RESAMPLES} resamples) of gold / estimate mean + std "
           "over the cells. Types the labels do not mark keep weight 1.")
    if scales:
        how += (" scale: per form, gold / estimate mean + std on the sample it was fitted on "
                f"(within {SCALE_BOUNDS[0]}-{SCALE_BOUNDS[1]}), multiplying each weighed item; "
                f"each form's interval widened {PREDICTIVE:.3g} times in log space, so that it "
                "holds another sample's ratio, not only the fitted one's.")
    if kept:
        how += (f" Forms with fewer than {MIN_ITEMS} auditor items (or gold items left) in the "
                f"sample keep the base table's figures, and its interval joins the sample's "
                f"where the sample holds any of them: {', '.join(kept)}.")
    data = {"fitted_on": fitted_on, "how": how,
            "interval": {"low": round(low, 4), "high": round(high, 4), "level": LEVEL},
            "precision": fitted["precision"], "type_precision": fitted["type_precision"],
            "recall": fitted["recall"], "counts": fitted["counts"], "item_model": models,
            "dev_cells": intervals}
    if scales:
        data["scale"] = scales
    return data


def _keep_form(fitted: dict, models: dict, base: Mapping[str, Any], form: str,
               types: Iterable[str]) -> None:
    """Replace `form`'s figures of `types` in `fitted`, and its item model, by the base table's."""
    types = set(types)
    for key in ("precision", "type_precision", "recall"):
        fitted[key] = {k: v for k, v in fitted[key].items() if not k.startswith(form + "|")}
        fitted[key].update({k: v for k, v in (base.get(key) or {}).items()
                            if k.startswith(form + "|") and k.split("|")[1] in types})
    if form in (base.get("item_model") or {}):
        models[form] = dict(base["item_model"][form])
