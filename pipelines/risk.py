"""`veil risk`: score residual personal information and summarise it per context.

    veil risk --annotated annotated.jsonl                 # scores and Table 4 on the terminal
    veil risk --annotated call.txt --config job.yaml      # the config's `risk:` section applies
    veil risk --annotated a.jsonl --output out/risk/      # conversations.jsonl, summary.json, report.html

The paper's human loop on a job's output (veil.risk.review):

    veil risk --run out/ --sample 50 --seed 7 --write review.jsonl   # a sample to annotate
    veil risk --annotated review.jsonl --run out/ --output out/risk-reviewed/

The first writes a seeded sample of the anonymised conversations in `out/corpus/`, with the
auditor's suspected leftovers pre-marked as questions, `(Green)[MISSED_PERSON_NAME?]`; people
confirm, reject, correct or add marks. The second scores what they return (a `?` left unresolved
counts as confirmed) and combines it with the run's own scores (`out/risk/conversations*`) for
the conversations nobody reviewed, saying how much each contributed.

FILE is JSONL of `{id, context?, turns: [{speaker, text}]}` or `{id, context?, text}`, whose text
carries the paper's markup, `(Green)[MISSED_PERSON_NAME_PARTIAL]`; any other file is read as
one conversation in plain text.
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
import sys
from pathlib import PurePosixPath
from typing import Any, Iterator

import fsspec
import yaml

from veil.run.errors import ConfigError
from veil.risk.annotated import annotated_items
from veil.risk.report import (
    REVIEW_FILE, build_report, conversation_files, format_contribution, format_summary,
    read_conversations, review_jsonl, shown_rows,
)
from veil.risk.calibration import with_auditor_interval
from veil.risk.review import combine, unresolved_count
from veil.risk.review_sample import write_review_sample
from veil.risk.scoring import ConversationRisk, score_conversation
from veil.risk.sampling import unaudited_rows
from veil.risk.stats import UNSPECIFIED_CONTEXT, RiskAccumulator
from veil.risk.table import RiskSettings, RiskTable, calibration_for_job, parse_risk_settings
from veil.io.summary import veil_version


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="veil risk", description=__doc__.split("\n\n")[0])
    parser.add_argument("--annotated", metavar="FILE",
                        help="anonymised text marked up with MISSED_ tags (JSONL or plain text)")
    parser.add_argument("--run", metavar="OUT",
                        help="a job's output folder: --write samples its corpus/; --annotated "
                             "combines with its risk/ scores")
    parser.add_argument("--write", metavar="FILE",
                        help="write a review sample of --run's corpus, the auditor's suspicions "
                             "pre-marked (size --sample, seed --seed)")
    parser.add_argument("--config", help="a job config (YAML/JSON); its `risk:` section is used")
    parser.add_argument("--threshold", type=float, help="pass when mean + std < this (default 5)")
    parser.add_argument("--seed", type=int, help="seed of the review sample")
    parser.add_argument("--sample", type=int, help="size of the review sample (default 20)")
    parser.add_argument("--json", metavar="PATH", help="write {conversations, summary} as JSON")
    parser.add_argument("--output", metavar="DIR",
                        help="write DIR/conversations.jsonl, DIR/summary.json, DIR/report.html")
    parser.add_argument("--with-values", action="store_true",
                        help="include the residual values themselves (they are personal data)")
    parser.add_argument("--with-text", action="store_true",
                        help="include the anonymised text and item offsets (for the report)")
    parser.add_argument("--quiet", action="store_true", help="print only the statistics")
    parser.add_argument("--check", action="store_true", help="exit 1 when the corpus fails")
    return parser


def load_settings(args: argparse.Namespace) -> RiskSettings:
    """The `risk:` section of --config, with the command line's overrides on top."""
    section: dict[str, Any] = {}
    if args.config:
        with fsspec.open(args.config, "r", encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        if not isinstance(data, dict):
            raise ConfigError(f"{args.config}: the config must be a mapping")
        section = dict(data.get("risk") or {})
    for key, value in (("threshold", args.threshold), ("seed", args.seed),
                       ("review_sample", args.sample)):
        if value is not None:
            section[key] = value
    return parse_risk_settings(section, "risk")


def run_ran_a_model(run: str) -> bool:
    """Whether the job whose output folder is `run` ran a model detector, by its
    job_summary.json (a run without one, or with no detectors listed, counts as having one:
    the package's default table)."""
    try:
        with fsspec.open(f"{run.rstrip('/')}/job_summary.json", "rt", encoding="utf-8") as handle:
            detectors = json.load(handle).get("detectors")
    except (OSError, ValueError):
        return True
    return not detectors or any(name != "rules" for name in detectors)


def read_annotated(path: str) -> Iterator[dict[str, Any]]:
    """Conversations of the input: JSONL records, or the whole file as one text."""
    name = PurePosixPath(path).name
    with fsspec.open(path, "rt", encoding="utf-8", compression="infer") as handle:
        if not name.endswith((".jsonl", ".jsonl.gz", ".ndjson", ".json")):
            yield {"id": PurePosixPath(name).stem, "text": handle.read()}
            return
        for number, line in enumerate(handle, 1):
            if line.strip():
                record = json.loads(line)
                if not isinstance(record, dict):
                    raise ValueError(f"{path}:{number}: expected a JSON object")
                record.setdefault("id", f"{name}:{number}")
                yield record


def score_record(record: dict[str, Any], table: RiskTable) -> tuple[ConversationRisk, int]:
    """One marked-up record scored, its clean (anonymised) texts kept for the report; and how
    many of its marks were left unresolved (`?`, counted as confirmed)."""
    turns = record.get("turns")
    texts = [t["text"] if isinstance(t, dict) else str(t) for t in turns] if turns is not None \
        else [record.get("text", "")]
    clean, items = annotated_items(texts, table)
    risk = score_conversation(str(record["id"]), items, table, record.get("context"), clean)
    return risk, unresolved_count(items)


def _row(risk: ConversationRisk, record: dict, args: argparse.Namespace) -> dict[str, Any]:
    row = risk.to_dict(include_values=args.with_values, include_spans=args.with_text,
                       include_text=args.with_text)
    row["source"] = "annotated"
    if args.with_text and record.get("turns") is not None:
        for turn, source in zip(row["turns"], record["turns"]):
            if isinstance(source, dict) and source.get("speaker") is not None:
                turn["speaker"] = source["speaker"]
    return row


def _describe(row: dict[str, Any]) -> str:
    items = ", ".join(
        f"{i['info_type']}{'_SPEAKER' if i['speaker'] else ''}{'_PARTIAL' if i['partial'] else ''}"
        f"={i['score']}" + (f"x{i['count']}" if i["count"] > 1 else "")
        for i in row["items"])
    return f"{row['id']}\t{row['context'] or '-'}\t{row['score']}\t{items}"


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if bool(args.annotated) == bool(args.write):
        parser.error("give --annotated FILE (score it) or --run OUT --write FILE (a review sample)")
    if args.write and not args.run:
        parser.error("--write samples a job's output: give --run OUT")
    try:
        settings = load_settings(args)
        if args.run:  # the run's estimates were weighed by the table of a job like it
            settings = settings.model_copy(update={"calibration": calibration_for_job(
                settings.calibration, run_ran_a_model(args.run))})
        table = settings.table()
        if args.write:
            written, marked = write_review_sample(args.run, args.write, settings, args.config)
            print(f"wrote {written} conversations to {args.write} (seed {settings.seed}), "
                  f"{marked} suspected leftovers pre-marked as MISSED_...? for people to resolve")
            return 0
        accumulator = RiskAccumulator(table.threshold, settings.review_sample, settings.seed)
        rows, unknown = [], set()
        for record in read_annotated(args.annotated):
            risk, unresolved = score_record(record, table)
            unknown.update(i.info_type for i in risk.items if not table.is_known(i.info_type))
            row = _row(risk, record, args)
            if unresolved:
                row["unresolved"] = unresolved
            rows.append(row)
        contribution, unaudited = None, []
        if args.run:  # people's scores where they reviewed, the run's own everywhere else
            run_rows = list(read_conversations(conversation_files(f"{args.run.rstrip('/')}/risk")))
            combined = combine(run_rows, rows)
            unaudited = run_unaudited(args.run, run_rows, rows, accumulator)
            rows, contribution = combined.rows, combined.contribution
        for row in [*rows, *unaudited]:
            accumulator.add(row)
    except (ConfigError, OSError, ValueError, KeyError) as error:
        print(f"veil risk: {error}", file=sys.stderr)
        return 2
    summary = {**with_auditor_interval(accumulator.summary(), settings.calibration),
               "risk_table": table.describe(),
               "provenance": {"input": args.annotated, "veil_version": veil_version()}}
    if contribution is not None:
        summary["contribution"] = contribution
        summary["provenance"]["run"] = args.run
    if unknown:
        print(f"veil risk: not in the risk table (scored {table.unknown_score}): "
              f"{', '.join(sorted(unknown))}", file=sys.stderr)
    if not args.quiet:
        print("id\tcontext\tscore\titems")
        for row in rows:
            print(_describe(row))
        print()
    print(format_summary(summary))
    if contribution is not None:
        print(format_contribution(contribution))
    if args.json:
        with fsspec.open(args.json, "w", encoding="utf-8", auto_mkdir=True) as handle:
            json.dump({"conversations": rows, "summary": summary}, handle, indent=2)
    if args.output:
        write_risk_dir(args.output, rows, summary)
    return 1 if args.check and summary["passes"] is False else 0


def run_unaudited(run: str, run_rows: list[dict], annotated: list[dict],
                  accumulator: RiskAccumulator) -> list[dict]:
    """The run's conversations outside its audit sample (veil.risk.sampling), as rows that
    count them, less those people reviewed; the accumulator takes the run's sample settings."""
    path = f"{run.rstrip('/')}/risk/summary.json"
    fs, local = fsspec.core.url_to_fs(path)
    if not fs.exists(local):
        return []
    with fsspec.open(path, "r", encoding="utf-8") as handle:
        run_summary = json.load(handle)
    described = run_summary.get("audit_sample") or {}
    accumulator.audit_sample, accumulator.audit_seed = described.get("size"), described.get("seed", 0)
    scored = {str(row["id"]) for row in run_rows}
    now_scored = Counter(row.get("context") or UNSPECIFIED_CONTEXT for row in annotated
                         if str(row["id"]) not in scored)
    return list(unaudited_rows(run_summary, now_scored))


def write_risk_dir(directory: str, rows: list[dict], summary: dict) -> None:
    """The `risk/` layout of a job's output: conversations.jsonl, summary.json, report.html."""
    directory = directory.rstrip("/")
    with fsspec.open(f"{directory}/conversations.jsonl", "w", encoding="utf-8",
                     auto_mkdir=True) as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with fsspec.open(f"{directory}/summary.json", "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=2)
    with fsspec.open(f"{directory}/{REVIEW_FILE}", "w", encoding="utf-8") as handle:
        handle.write(review_jsonl(shown_rows(summary, rows)))
    with fsspec.open(f"{directory}/report.html", "w", encoding="utf-8") as handle:
        handle.write(build_report(summary, rows))


if __name__ == "__main__":
    sys.exit(main())
