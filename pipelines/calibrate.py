"""`veil calibrate`: fit the auditor's calibrated estimate on your own labelled conversations.

    veil calibrate --input labelled.jsonl --gold_field pii --config my_job.yaml --output my_calibration.json
    veil calibrate --input other.jsonl --gold_field pii --config my_job.yaml --check my_calibration.json

The bundled table (veil/risk/auditor_calibration.json) was fitted on the project's real
annotated dev sets; a corpus unlike them (your calls, your chats) is better served by a table
fitted on a labelled sample of its own, as the paper's loop has people annotate a sample. Each
labelled record goes through the detection of `--config` (its rules, and its trained model when
it sets `detectors.hf`) and placeholder anonymisation, and is scored from its gold labels (the
field `--gold_field` names: `{turn, start, end, info_type}` spans, as the job reads them) and from
the auditor's re-scan (`risk.auditor` of the config); `veil.risk.fitting` then fits the item
model, the auditor's recall and the interval on them, and writes the table. Point a job at it
with `risk: {calibration: my_calibration.json}` (a path taken from the config's folder).

`--check TABLE` fits nothing: it prints, per case form, gold mean + std against the estimate and
interval of TABLE and of the bundled table, on the labelled records given (measure a table on
records it was not fitted on). Where no model runs (`--rules_only`, or a config without one), the
bundled table is the one fitted on the rules-only job's output, as such a job takes it.
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import date

from veil.risk.estimate import FORMS, RULES_ONLY, TABLE_PATH, FittedTable, estimate_interval, load_fitted_table


class JobDetector:
    """A job's detection of one conversation: the rules of its config, and its trained NER
    model where the config sets `detectors.hf`, merged as the job merges them
    (veil.detection.merge), and then what the rest of the conversation adds (names,
    organisations and places said again: `veil.detection.name_repeats.with_repeats`). The
    order is the job's: the merge trims a name's span to the name ("my name's ivy can i" gives
    "ivy", not "ivy can"), and the names said again are looked for by what the merge kept.
    `model=False` leaves the model out (the rules-only job)."""

    def __init__(self, config, model: bool = True):
        from veil.detection.detect import ConversationDetector

        self.rules = ConversationDetector(config)
        self.model = None
        settings = config.detectors.hf
        if model and settings:
            from models.hf_ner import load_classifier, resolve_model_dir

            self.model = load_classifier(resolve_model_dir(settings.model), settings)

    def detect(self, texts: list[str]):
        from veil.detection.merge import merge_findings
        from veil.detection.name_repeats import with_repeats

        found = list(self.rules.find(texts))
        if self.model is not None:
            found += self.model.detect_conversations([texts])[0]
        return with_repeats(texts, merge_findings(found, texts))


def labelled_conversations(args) -> list[tuple[list[str], list]]:
    """(turn texts, gold spans) of each readable record of `--input`."""
    from pipelines.evaluate import read_conversations
    from veil.io.records import FieldMap
    from veil.io.storage import Storage

    fields = FieldMap(id=args.id_field, turns=args.turns_field, text=args.text_field,
                      speaker=args.speaker_field, pii=args.gold_field, gold=True)
    out, unlabelled = [], 0
    for conversation in read_conversations(Storage(), args.input, fields, args.input_format):
        spans = conversation.record.get(args.gold_field)
        if not isinstance(spans, list):  # not labelled: no truth to fit on
            unlabelled += 1
            continue
        out.append(([turn.text for turn in conversation.turns],
                    [{**span, "turn": int(span.get("turn") or 0)} for span in spans]))
    if unlabelled:
        print(f"veil calibrate: {unlabelled} records without a {args.gold_field!r} list left out",
              file=sys.stderr)
    return out


def score_sample(args) -> tuple[list[dict], frozenset[str], bool]:
    """Every labelled conversation through the config's detection and the auditor, scored on
    the types the labels mark (or `--types`); and whether a model took part in the detection
    (the bundled table then is the one fitted on such output: `veil.risk.table.calibration_for_job`)."""
    from veil.risk.auditor import ResidualAuditor
    from veil.risk.fitting import gold_types, scored_conversation
    from veil.run.config import load_config

    config = load_config(args.config)
    sample = labelled_conversations(args)
    if not sample:
        raise SystemExit(f"veil calibrate: no record of {args.input} carries a {args.gold_field!r} list")
    types = frozenset(args.types.split(",")) if args.types else gold_types(sample)
    detector = JobDetector(config, model=not args.rules_only)
    auditor = ResidualAuditor(load_config(config.risk.auditor))
    rows = [scored_conversation(texts, spans, detector.detect, auditor.detect, types)
            for texts, spans in sample]
    return rows, types, detector.model is not None


def bundled_table_data(model_ran: bool) -> dict:
    """The bundled table a job like the one scored takes: the rules-only job's own where no
    model ran, as the job itself takes it."""
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    return data if model_ran else data.get(RULES_ONLY, data)


def fit_command(args) -> int:
    from veil.io.storage import Storage
    from veil.risk.fitting import table_data

    rows, types, model_ran = score_sample(args)
    cells = {form: [r for r in rows if r["form"] == form] for form in FORMS}
    fitted_on = (f"{len(rows)} labelled conversations of {args.input} ({args.gold_field}; "
                 + ", ".join(f"{len(cells[f])} {f}" for f in FORMS)
                 + f"), the output of {args.config}; veil calibrate, {date.today().isoformat()}")
    base = bundled_table_data(model_ran)
    data = table_data(cells, fitted_on, types, base=base, scale=True)
    with Storage().open(args.output, "wb") as handle:
        handle.write((json.dumps(data, indent=1) + "\n").encode("utf-8"))
    interval = data["interval"]
    print(f"veil calibrate: {len(rows)} conversations, types {', '.join(sorted(types))}; "
          f"interval x[{interval['low']:.3f}, {interval['high']:.3f}]; written to {args.output}")
    for name, cell in data["dev_cells"].items():
        print(f"  {name}: gold mean + std {cell['gold']:.2f}, estimate {cell['estimate']:.2f}, "
              f"gold / estimate {cell['low']:.2f}-{cell['high']:.2f} (95%)")
    for form in FORMS:
        if cells[form] and form not in data["dev_cells"]:
            print(f"  {form}: {len(cells[form])} conversations, too few auditor items or gold items "
                  "to fit; the bundled figures and interval stand for this form")
    return 0


def check_lines(rows: list[dict], tables: dict[str, FittedTable], threshold: float) -> list[str]:
    """Per case form present: gold mean + std, and each table's estimate, error, interval,
    whether it holds gold, and the verdicts."""
    from veil.risk.calibration import mean_plus_std
    from veil.risk.fitting import figures

    lines = []
    for form in FORMS:
        mine = [r for r in rows if r["form"] == form]
        if not mine:
            continue
        gold = mean_plus_std(figures(mine, next(iter(tables.values())))["gold"])
        for name, table in tables.items():
            estimate = figures(mine, table)["estimate"]
            on_estimate = estimate_interval(estimate, table, threshold)
            low, high = on_estimate["low"], on_estimate["high"]
            error = f"{estimate / gold - 1:+.0%}" if gold else "n/a"
            lines.append(
                f"{form}: {len(mine)} conversations, gold {gold:.2f} ({'PASS' if gold < threshold else 'FAIL'}); "
                f"{name}: estimate {estimate:.2f} ({error}), interval {low:.2f}-{high:.2f} "
                f"({'holds' if low - 1e-9 <= gold <= high + 1e-9 else 'misses'} gold), "
                f"verdict {'PASS' if on_estimate['passes'] else 'FAIL'}"
                f"{', borderline' if on_estimate['borderline'] else ''} "
                f"({'PASS' if high < threshold else 'FAIL'} on the upper end)")
    return lines


def check_command(args) -> int:
    from veil.run.config import load_config

    rows, _, model_ran = score_sample(args)
    bundled = "bundled table" if model_ran else "bundled table (rules-only job)"
    tables = {args.check: load_fitted_table(args.check, rules_only=not model_ran),
              bundled: load_fitted_table(rules_only=not model_ran)}
    threshold = load_config(args.config).risk.threshold
    print("\n".join(check_lines(rows, tables, threshold)))
    return 0


def main(argv: list[str] | None = None, prog: str = "veil calibrate") -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="labelled records (JSONL or Parquet, a path or URL)")
    parser.add_argument("--input_format", default=None, choices=[None, "jsonl", "parquet"])
    parser.add_argument("--gold_field", required=True, help="the field holding each record's gold spans")
    parser.add_argument("--config", default="call_transcripts",
                        help="the job config whose output is scored (a bundled profile or a path)")
    parser.add_argument("--output", help="where the fitted table goes (JSON)")
    parser.add_argument("--check", help="a fitted table to measure on --input instead of fitting")
    parser.add_argument("--types", default=None,
                        help="the infoTypes the labels mark, comma-separated (default: those they hold)")
    parser.add_argument("--rules_only", action="store_true", help="leave the config's NER model out")
    parser.add_argument("--id_field", default="id")
    parser.add_argument("--turns_field", default="turns")
    parser.add_argument("--text_field", default="text")
    parser.add_argument("--speaker_field", default="speaker")
    args = parser.parse_args(argv)
    if bool(args.output) == bool(args.check):
        parser.error("give --output (fit a table) or --check TABLE (measure one)")
    return check_command(args) if args.check else fit_command(args)


if __name__ == "__main__":
    sys.exit(main())
