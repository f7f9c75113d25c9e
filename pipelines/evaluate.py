"""`veil evaluate`: how well the detectors find the gold personal information.

    veil evaluate --input test.jsonl                        # run the detectors of --config
    veil evaluate --input test.jsonl --findings out/        # score an anonymize run's findings/
    veil evaluate --input test.jsonl --forms asr            # only the ASR-style copy
    veil evaluate --input test.jsonl --forms all            # written, ASR-style and transcript-style
    veil evaluate --input posts.jsonl --turns_per_conversation 10   # ten posts to a conversation

Prints a table per infoType and per context, and writes every figure as JSON (`--report`).
Each input is scored in two forms (`--forms both`, the default when the detectors run): as
written, and as an ASR-style copy of it (lower-case, sentence punctuation removed, gold offsets
remapped: `veil.measure.asr_style`), which is what a speech recogniser gives. The copy marks the
words written with a capital (`written_capitals`), so that its share of ordinary lower-case words
redacted counts the same words as the written form's. The JSON report is the written form's, with
the copy's under `asr_style`. `--forms transcript` (or `all`) scores a third copy, as people
transcribe speech (`veil.measure.transcript_style`: an utterance opens in lower case, names and
"I" keep their capitals), under `transcript_style`.
`--turns_per_conversation N` first joins N consecutive records of one context into one
conversation (`veil.measure.call_sized`), so that sentences are scored as a call's turns are,
with what the rest of the conversation tells the detectors.
Detection is the anonymize job's own (`transforms.detect.Detect`, after its reader and parser),
run on the local runner: the findings scored are the ones the job writes. The scoring then
reads the input again as a stream.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from pipelines.runner.logs import configure_logging
from veil.measure.asr_style import asr_style_record
from veil.measure.call_sized import call_sized
from veil.measure.transcript_style import transcript_style_record
from veil.run.config import load_config
from veil.detection.detector_config import choose_detectors
from veil.run.errors import ConfigError
from veil.measure.evaluation import Evaluation, Span, format_report
from veil.io.inputs import plan_splits, read_split
from veil.io.parse import parse_raw
from veil.run.progress import ProgressDisplay, counted
from veil.io.records import BadRecord, Conversation, FieldMap
from veil.risk.gold import from_gold
from veil.risk.report import format_summary as format_risk_summary
from veil.risk.scoring import score_conversation
from veil.risk.stats import RiskAccumulator
from veil.risk.table import RiskSettings
from veil.io.storage import Storage

WHOLE_FILES = 1 << 62  # one split per file: evaluation reads in order, on one process


def marked_spans(conversation: Conversation, field: str, default: str) -> list[Span]:
    """The spans a record marks in `field` (`{turn, start, end}`, perhaps a `kind`), typed by
    their `kind` or `default`."""
    return [
        Span(int(s.get("turn") or 0), int(s["start"]), int(s["end"]), s.get("kind", default))
        for s in conversation.record.get(field) or []
    ]


def gold_spans(conversation: Conversation, field: str) -> list[Span]:
    return [
        Span(int(p.get("turn") or 0), int(p["start"]), int(p["end"]), p["info_type"])
        for p in conversation.record.get(field) or []
    ]


def capitalised_spans(conversation: Conversation) -> list[Span]:
    """An ASR-style copy's words that had a capital as written (`written_capitals`)."""
    return marked_spans(conversation, "written_capitals", "capitalised")


def negative_spans(conversation: Conversation) -> list[Span]:
    """Planted hard negatives (synthetic data's `negatives`), which must stay un-redacted."""
    return marked_spans(conversation, "negatives", "negative")


def read_conversations(storage: Storage, pattern: str, fields: FieldMap, input_format: str | None):
    files = storage.match(pattern)
    if not files:
        raise ConfigError(f"--input {pattern!r}: no files match")
    skipped = 0
    for split in plan_splits(storage, files, input_format, WHOLE_FILES):
        for raw in read_split(storage, split, 1 << 30):
            try:
                yield parse_raw(raw, fields)
            except BadRecord:
                skipped += 1
    if skipped:
        print(f"veil evaluate: skipped {skipped} unreadable records", file=sys.stderr)


def findings_by_record(storage: Storage, output_dir: str) -> dict[str, list[Span]]:
    found: dict[str, list[Span]] = defaultdict(list)
    files = storage.match(output_dir.rstrip("/") + "/findings/part-*")
    if not files:
        raise ConfigError(f"--findings {output_dir!r}: no findings/part-* files there")
    for path, _ in files:
        with storage.open(path, "rb") as handle:
            for line in handle:
                row = json.loads(line)
                found[row["id"]].append(Span(row["turn"], row["start"], row["end"], row["info_type"]))
    return found


def job_config(args):
    """The --config, with --detectors choosing among its detectors (rules, hf, spacy)."""
    config = load_config(args.config)
    try:
        detectors = choose_detectors(config.detectors, args.detectors, f"--config {args.config!r}")
    except ValueError as error:
        raise ConfigError(f"--detectors: {error}") from None
    return config.model_copy(update={"detectors": detectors})


def findings_sources(storage: Storage, output_dir: str) -> dict[str, list[str]]:
    """The detector label of each finding `findings_by_record` reads, in the same order."""
    sources: dict[str, list[str]] = defaultdict(list)
    for path, _ in storage.match(output_dir.rstrip("/") + "/findings/part-*"):
        with storage.open(path, "rb") as handle:
            for line in handle:
                row = json.loads(line)
                sources[row["id"]].append(row.get("detector") or "unknown")
    return sources


def detected_findings(config, storage: Storage, pattern: str, fields: FieldMap,
                      input_format: str | None, sources: dict | None = None) -> dict[str, list[Span]]:
    """Each record's findings, as the anonymize job finds them: its reader, parser and
    `Detect` on the local runner (records it cannot read or detect have none). `sources`, if
    given, receives each finding's detector label ("rules:dictionary"), in the same order."""
    import apache_beam as beam
    from apache_beam.options.pipeline_options import PipelineOptions

    from pipelines.runner.options import with_local_default_runner
    from pipelines.runner.progress import progress_folder, watch_local
    from transforms.progress import CountProgressFn
    from transforms.detect import Detect
    from transforms.parse import ParseRecordFn
    from transforms.read import ReadRecords

    files = storage.match(pattern)
    if not files:
        raise ConfigError(f"--input {pattern!r}: no files match")
    splits = plan_splits(storage, files, input_format, WHOLE_FILES)
    options = with_local_default_runner(PipelineOptions([]))
    with tempfile.TemporaryDirectory(prefix="veil-evaluate-") as scratch, \
            progress_folder(options) as counts:
        prefix = str(Path(scratch) / "findings")
        with watch_local(counts, "evaluating", "conversations"), beam.Pipeline(options=options) as pipeline:
            read = pipeline | "Read" >> ReadRecords(splits, storage, 1 << 30)
            parsed = read.records | "Parse" >> beam.ParDo(ParseRecordFn(fields)).with_outputs(
                ParseRecordFn.FAILED, main="conversations")
            detected, _ = parsed.conversations | "Detect" >> Detect(config, storage)
            _ = detected | "Progress" >> beam.ParDo(CountProgressFn(counts))
            _ = (detected
                 | "Rows" >> beam.Map(lambda d: json.dumps([d.conversation.id, [
                     [f.turn, f.start, f.end, f.info_type, f.detector_label]
                     for f in written_turn_findings(d, fields)]]))
                 | "Write" >> beam.io.WriteToText(prefix))
        found: dict[str, list[Span]] = {}
        for path in sorted(Path(scratch).glob("findings*")):
            for line in path.read_text(encoding="utf-8").splitlines():
                record_id, rows = json.loads(line)
                found[record_id] = [Span(*row[:4]) for row in rows]
                if sources is not None:
                    sources[record_id] = [row[4] for row in rows]
    return found


def written_turn_findings(detected, fields: FieldMap) -> list:
    """The turn findings the job writes to findings/: anonymisation adds the speaker labels'
    names where the turns repeat them, and gives one value one type in a conversation, so
    scoring the detectors' raw findings would grade another output than the corpus holds."""
    from veil.transform.operators import Operators
    from veil.transform.record_anonymize import anonymize_record

    result = anonymize_record(detected.conversation, detected.findings, Operators(), None, fields)
    return [r.finding for r in result.replacements if result.segments[r.finding.turn].kind == "turn"]


def usable_config(args, storage: Storage):
    """The --config with the detectors that can run: a missing model is reported and left
    out, as the job does with --allow_missing_detectors; a broken one stops the evaluation
    (every figure measured with it would be meaningless)."""
    from models.available import probe_models, usable_detectors

    config = job_config(args)
    detectors, missing = usable_detectors(config.detectors, storage)
    for name, reason in missing.items():
        print(f"veil evaluate: WARNING: detector {name} did not run: {reason}", file=sys.stderr)
    detectors, broken = probe_models(detectors, storage, config)
    for name, problem in broken.items():
        raise ConfigError(f"detector {name}: {problem}")
    return config.model_copy(update={"detectors": detectors}), missing


# The copies a labelled input is scored in besides the text as written: the key its report
# carries in the written form's, and the function that makes a record's copy.
COPIES = {
    "asr": ("asr_style", asr_style_record),
    "transcript": ("transcript_style", transcript_style_record),
}
FORM_TITLES = {
    "written": "as written",
    "asr_style": "ASR-style copy (lower-case, no sentence punctuation)",
    "transcript_style": "transcript-style copy (sentences open in lower case; names and I keep capitals)",
}
FORM_CHOICES = {"both": ("written", "asr"), "written": ("written",), "asr": ("asr",),
                "transcript": ("transcript",), "all": ("written", "asr", "transcript")}


def styled_copy(storage: Storage, pattern: str, fields: FieldMap, input_format: str | None,
                folder: str, form: str) -> str:
    """Write the `form` copy (`COPIES`) of every readable record of `pattern` to a JSONL file
    in `folder`; return its path. Records the reader cannot parse are skipped here as in
    scoring."""
    name, make_copy = COPIES[form]
    path = str(Path(folder) / f"{name}.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        for conversation in read_conversations(storage, pattern, fields, input_format):
            copy = make_copy(conversation.record, fields.text, fields.turns, fields.pii)
            out.write(json.dumps(copy, ensure_ascii=False) + "\n")
    return path


def call_sized_copy(storage: Storage, pattern: str, fields: FieldMap, input_format: str | None,
                    turns: int, folder: str) -> str:
    """Write every readable record of `pattern`, joined `turns` to a conversation
    (`veil.measure.call_sized`), to a JSONL file in `folder`; return its path."""
    path = str(Path(folder) / "call-sized.jsonl")
    records = (conversation.record for conversation in read_conversations(storage, pattern, fields, input_format))
    with open(path, "w", encoding="utf-8") as out:
        for joined in call_sized(records, turns, fields.text, fields.turns, fields.pii, fields.id):
            out.write(json.dumps(joined, ensure_ascii=False) + "\n")
    return path


def evaluate(args) -> dict:
    """The written form's report, with each copy's under its key (`asr_style`,
    `transcript_style`) as `--forms` asks; a single copy's report alone (marked with its
    `form`) when the written form is not asked for."""
    forms = FORM_CHOICES[args.forms or ("written" if args.findings else "both")]
    if args.findings and forms != ("written",):
        raise ConfigError(f"--forms {args.forms}: findings of an anonymize run are on the written "
                          "text; run the detectors (no --findings) to score an ASR-style or "
                          "transcript-style copy")
    if args.turns_per_conversation is not None and args.turns_per_conversation < 1:
        raise ConfigError(f"--turns_per_conversation {args.turns_per_conversation}: give 1 or more")
    if args.findings and args.turns_per_conversation:
        raise ConfigError("--turns_per_conversation: findings of an anonymize run belong to its "
                          "records as they were; run the detectors (no --findings) to join them")
    fields = FieldMap(id=args.id_field, turns=args.turns_field, text=args.text_field, pii=args.pii_field)
    reports = []
    with tempfile.TemporaryDirectory(prefix="veil-evaluate-") as folder:
        source, source_format = args.input, args.input_format
        if args.turns_per_conversation:
            source = call_sized_copy(Storage(), args.input, fields, args.input_format,
                                     args.turns_per_conversation, folder)
            source_format = "jsonl"
        for form in forms:
            if form == "written":
                reports.append(evaluate_form(args, source, source_format))
                continue
            copy = styled_copy(Storage(), source, fields, source_format, folder, form)
            report = evaluate_form(args, copy, "jsonl")
            report["form"] = COPIES[form][0]
            reports.append(report)
    for report in reports:
        report["source"].update(input=args.input, turns_per_conversation=args.turns_per_conversation)
    first = reports[0]
    for report in reports[1:]:
        first[report["form"]] = report
    return first


def evaluate_form(args, pattern: str, input_format: str | None) -> dict:
    storage = Storage()
    fields = FieldMap(id=args.id_field, turns=args.turns_field, text=args.text_field, pii=args.pii_field)
    config = missing = None
    sources: dict[str, list[str]] = {}
    if args.findings:
        predictions = findings_by_record(storage, args.findings)
        sources = findings_sources(storage, args.findings)
    else:
        config, missing = usable_config(args, storage)
        predictions = detected_findings(config, storage, pattern, fields, input_format, sources)
    evaluation = Evaluation()
    table = RiskSettings().table()
    risk = RiskAccumulator(threshold=table.threshold, sample_size=0)
    progress = ProgressDisplay("scoring", unit="conversations")
    conversations = read_conversations(storage, pattern, fields, input_format)
    for conversation in counted(conversations, progress):
        texts = [turn.text for turn in conversation.turns]
        predicted = predictions.get(conversation.id, [])
        evaluation.add(
            texts,
            gold_spans(conversation, fields.pii),
            predicted,
            conversation.context,
            negative_spans(conversation),
            sources.get(conversation.id),
            capitalised_spans(conversation),
        )
        # The residual risk these detections would leave, scored against the gold labels.
        items = from_gold(texts, conversation.record.get(fields.pii) or [],
                          [(p.turn, p.start, p.end) for p in predicted], table)
        risk.add(score_conversation(conversation.id, items, table, conversation.context))
    progress.close()
    report = evaluation.report()
    report["form"] = "written"
    report["residual_risk"] = risk.summary()
    report["source"] = {
        "input": pattern, "findings": args.findings,
        "config": None if args.findings else args.config,
        "detectors": config.detectors.names if config else None,
        "detectors_missing": missing,
    }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="veil evaluate", description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="Labelled JSONL or Parquet (gold `pii` spans).")
    parser.add_argument("--findings", default=None, help="An anonymize --output folder to score.")
    parser.add_argument("--config", default="call_transcripts", help="Detectors to run when --findings is not given.")
    parser.add_argument("--detectors", default=None,
                        help="Run only these of the config's detectors, e.g. `rules`, `hf`, `rules,hf`.")
    parser.add_argument("--report", default=None, help="Write the full report as JSON here.")
    parser.add_argument("--metric", default="entity_overlap",
                        choices=("entity_exact", "entity_overlap", "token"), help="The table's metric.")
    parser.add_argument("--forms", choices=tuple(FORM_CHOICES), default=None,
                        help="Score the input as written, an ASR-style copy of it (lower-case, no "
                             "sentence punctuation), or both (the default; written only with --findings); "
                             "`transcript`: a copy as people transcribe speech (sentences open in lower "
                             "case, names and I keep their capitals); `all`: the three.")
    parser.add_argument("--turns_per_conversation", type=int, default=None,
                        help="Join this many consecutive records of one context into one conversation "
                             "before scoring (sentences or posts scored as a call's turns).")
    parser.add_argument("--input_format", choices=("jsonl", "parquet"), default=None)
    parser.add_argument("--id_field", default="id")
    parser.add_argument("--turns_field", default="turns")
    parser.add_argument("--text_field", default="text")
    parser.add_argument("--pii_field", default="pii")
    args = parser.parse_args(argv)
    configure_logging()  # progress lines, when stderr is not a terminal
    try:
        report = evaluate(args)
    except ConfigError as error:
        print(f"veil evaluate: {error}", file=sys.stderr)
        return 2
    if args.report:
        with Storage().open(args.report, "wb") as handle:
            handle.write(json.dumps(report, indent=2, sort_keys=True).encode())
    for form in (report, report.get("asr_style"), report.get("transcript_style")):
        if form is None:
            continue
        print(f"== {FORM_TITLES[form['form']]} ==")
        print(format_report(form, args.metric))
        print()
        print("Residual risk from gold labels (paper's Table 4 shape):")
        print(format_risk_summary(form["residual_risk"]))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
