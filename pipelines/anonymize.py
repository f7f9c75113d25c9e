"""The anonymisation job.

    python -m pipelines.anonymize --input data/sample.jsonl --output out/

Reads JSONL or Parquet, detects personal information, replaces it with placeholders numbered
per conversation, and writes `corpus/`, `findings/` and `errors/` under `--output`, then a
summary. Everything that can be checked is checked before the pipeline starts.
"""
from __future__ import annotations

import json
import logging
import sys
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field

import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions, S3Options, StandardOptions

from pipelines.logs import configure_logging
from pipelines.long_lived import exit_without_collecting, freeze_long_lived, job_collector
from pipelines.options import (
    VeilOptions, beam_help_text, help_text, unknown_argument_problems, with_local_default_runner,
)
from pipelines.progress import progress_folder, watch_cluster, watch_local
from pipelines.warm_workers import WarmWorkers, forks_workers, warm_workers_runner
from transforms.anonymize import AnonymizeFn
from transforms.audit_sample import AuditCutoff
from transforms.detect import Detect
from transforms.errors import ErrorEntryFn, NumberErrorLines
from transforms.parse import ParseRecordFn
from transforms.progress import CountProgress
from transforms.read import LINES, STATS, ReadRecords
from transforms.risk import RiskStatsFn, ScoreRisk
from transforms.summary import WriteSummary
from transforms.write import WriteShards
from models.available import (
    cluster_runner_name, local_models_on_a_cluster, probe_models, refuse_unsafe_detectors, usable_detectors,
)
from veil.run.config import VeilConfig, load_config, with_dictionary_files_read
from veil.detection.detector_config import choose_detectors, default_model_dir
from veil.detection.detect import ConversationDetector, shared_detector
from veil.detection.engine.google_dlp import with_google_dlp
from veil.run.errors import ConfigError
from veil.run.field_sample import inspect_sample, read_sample
from veil.io.fields import RecordPlan, check_parquet_schema, check_rules
from veil.io.input_guard import InputGuard
from veil.io.inputs import InputSplit, parquet_schema, plan_splits
from veil.transform.operators import Operators, build_operators, key_files
from veil.transform.operators.build import crypto_keys
from veil.transform.record_plan import build_record_plan, record_config, record_key_files
from veil.transform.operators.keys import JOB_SECRET_FILE, new_job_secret, uses_transient, write_job_secret
from veil.io.commit import (
    abandon, check_output_usable, input_overlaps_output, refuse_paths_into_input, settle_earlier_runs,
)
from veil.io.outputs import TEMP, OutputSpec
from veil.io.records import FieldMap
from veil.risk.auditor import auditor_problem
from veil.risk.table import audit_sample_size
from veil.io.storage import Storage, is_remote
from veil.io.summary import format_summary, veil_version

_LOG = logging.getLogger("veil")
MAIN = "entries"


@dataclass
class JobPlan:
    """Everything decided at launch: the config, the splits and where output goes."""

    config: VeilConfig
    fields: FieldMap
    splits: list[InputSplit]
    spec: OutputSpec
    max_record_bytes: int
    audit_raw: bool
    job: dict
    operators: Operators
    auditor: VeilConfig
    model_accelerator: str | None = None
    model_copies: int | None = None
    record_plan: RecordPlan = RecordPlan()
    progress_folder: str | None = None  # local runs: where workers count finished records
    # Transient keys derive from this random secret, made at launch and written to the run's
    # temporary folder (`job_secret_path`) for the workers; never in the pipeline graph.
    job_secret: bytes | None = field(default=None, repr=False)

    @property
    def job_secret_path(self) -> str | None:
        return self.spec.join(TEMP, self.spec.temp_id, JOB_SECRET_FILE) if self.job_secret else None


def storage_from_options(options: PipelineOptions) -> Storage:
    s3 = options.view_as(S3Options)
    timeout = options.view_as(VeilOptions).storage_timeout
    if timeout <= 0:
        raise ConfigError("--storage_timeout must be a positive number of seconds")
    return Storage(
        s3_endpoint_url=s3.s3_endpoint_url,
        s3_access_key_id=s3.s3_access_key_id,
        s3_secret_access_key=s3.s3_secret_access_key,
        s3_region_name=s3.s3_region_name,
        s3_session_token=s3.s3_session_token,
        timeout_s=timeout,
    )


MIB = 1024 * 1024


def auto_split_bytes(total_bytes: int) -> int:
    """Enough splits to keep several workers busy, none too small to be worth scheduling.

    Depends on the input alone, never on the workers, so the output stays deterministic. The
    local runner deals whole splits to its workers, so a worker's share is a whole number of
    splits: with 4 MiB a 20 MB input made 5 splits, 3 for one worker and 2 for the other; with
    1 MiB, 19 splits, and the two workers' CPU was 21 and 26 s; with 512 KiB (a 64th, about a
    second of work each), 38 splits, 23 and 24 s, for the same total."""
    return min(max(total_bytes // 64, MIB // 2), 64 * MIB)


def auto_num_shards(total_bytes: int, num_splits: int) -> int:
    """One output shard per 256 MiB of input: files large enough to be worth a task each."""
    return max(1, min(num_splits, -(-total_bytes // (256 * MIB))))


def describe_models(detectors, storage: Storage) -> dict:
    """The models the job runs, where they are and their decision threshold (the config's, or
    the one `veil train` tuned and stored in veil_model.json), for the summary and the report."""
    models = {}
    if detectors.hf:
        location = str(default_model_dir()) if detectors.hf.model == "default" else detectors.hf.model
        threshold = detectors.hf.threshold
        if threshold is None:
            try:
                with storage.open(f"{location.rstrip('/')}/veil_model.json", "rb") as handle:
                    threshold = json.loads(handle.read()).get("threshold")
            except (OSError, ValueError):
                threshold = None
        models["hf"] = {"model": detectors.hf.model, "location": location, "threshold": threshold}
    if detectors.spacy:
        models["spacy"] = {"model": detectors.spacy.pipeline, "location": detectors.spacy.pipeline,
                           "threshold": None}
    return models


def local_key_files_on_a_cluster(config: VeilConfig, runner) -> list[str]:
    """What a cluster's workers could not read: key files on the submitter's disk. Workers
    read the keys themselves (the job never carries them), so the file must be reachable."""
    name = cluster_runner_name(runner)
    if name is None:
        return []
    return [
        f"{where} {shown} is on this machine, which {name} workers cannot read: put the key "
        "file in object storage the workers can read (gs://, s3://), or use {env: NAME} with "
        "the variable set in the workers' environment"
        for where, location, shown in key_files(config) + record_key_files(config)
        if not is_remote(location)
    ]


def with_audit_sample(config: VeilConfig, value: str | None) -> VeilConfig:
    """`config` with `--audit_sample` (a size, or `all`) over its risk.audit_sample."""
    if value is None:
        return config
    try:
        size = audit_sample_size(value)
    except ValueError as error:
        raise ConfigError(f"--audit_sample: {error}") from None
    return config.model_copy(update={"risk": config.risk.model_copy(update={"audit_sample": size})})


def plan_job(options: PipelineOptions) -> JobPlan:
    """Validate options, config and input, and plan the splits. Raises ConfigError."""
    veil = options.view_as(VeilOptions)
    if not veil.input or not veil.output:
        raise ConfigError("both --input and --output are required")
    storage = storage_from_options(options)
    config = with_audit_sample(load_config(veil.config, storage), veil.audit_sample)
    dictionary_files: dict[str, str] = {}
    local_config = config  # the rules, also under google-dlp: the sample checks run them here
    if veil.detector == "google-dlp":  # the config carries the choice to the workers' RulesFn
        # (DLP reads its gs:// dictionary files itself).
        config = with_google_dlp(config, veil.dlp_project, veil.dlp_location, veil.dlp_endpoint)
    else:
        # Dictionary files are read once, here: every worker applies this content, never a
        # file it re-reads (which may have changed since).
        config, dictionary_files = with_dictionary_files_read(config, storage)
        local_config = config
    # Compiles every pattern and dictionary now, warm and kept for this process's workers
    # (`shared_detector`); google-dlp: converts the config to protos, without calling the service.
    detector = (ConversationDetector(config, connect=False) if veil.detector == "google-dlp"
                else shared_detector(config))
    job_secret = new_job_secret() if uses_transient(crypto_keys(config)) else None
    # Reads the secret keys now, to check them.
    operators = build_operators(config, storage, job_secret=job_secret)
    record_plan = build_record_plan(config, operators, storage, job_secret=job_secret)  # fields, ids
    if operators.on_error == "leave_untransformed":
        _LOG.warning("deidentify_config.transformation_error_handling is leave_untransformed: a "
                     "value its operator cannot transform (a date shift of a value that is not "
                     "a date, FPE of a value outside its alphabet) is written as it is, "
                     "un-redacted; findings/ marks each with untransformed: true. Leave "
                     "transformation_error_handling out to write a placeholder instead.")
    auditor, auditor_files = with_dictionary_files_read(load_config(config.risk.auditor, storage), storage)
    ConversationDetector(auditor)
    problem = auditor_problem(auditor, config.risk.auditor, storage)
    if problem:  # fail closed: half an auditor underestimates the residual risk silently
        raise ConfigError(problem)

    if veil.max_record_bytes <= 0:
        raise ConfigError("--max_record_bytes must be positive")
    if veil.split_bytes and veil.split_bytes < 1024:
        raise ConfigError("--split_bytes must be 0 (automatic) or at least 1024")
    if veil.num_shards < 0:
        raise ConfigError("--num_shards must be 0 (automatic) or more")

    try:
        files = storage.match(veil.input)
    except Exception as error:  # noqa: BLE001 (any storage library's failure: say which and why)
        raise ConfigError(
            f"--input {veil.input!r}: cannot list it: {storage.describe_failure(veil.input, error)}"
        ) from None
    if not files:
        raise ConfigError(f"--input {veil.input!r}: no files match")
    if input_overlaps_output(storage, veil.output, veil.input, [url for url, _ in files]):
        raise ConfigError(
            f"--input {veil.input!r} and --output {veil.output!r} overlap: the job would read its "
            "own output, or replace its input. Choose an output folder outside the input."
        )
    total_bytes = sum(size for _, size in files)
    splits = plan_splits(storage, files, veil.input_format, veil.split_bytes or auto_split_bytes(total_bytes))
    input_formats = {split.format for split in splits}
    if len(input_formats) > 1:
        raise ConfigError("--input mixes JSONL and Parquet files; run them separately")
    input_format = input_formats.pop()
    output_format = veil.output_format or input_format

    schema = None
    if output_format == "parquet":
        if input_format != "parquet":
            raise ConfigError(
                "--output_format parquet needs Parquet input: a JSONL input has no schema to keep"
            )
        schema = parquet_schema(storage, sorted({split.path for split in splits}))

    spec = OutputSpec(
        root=veil.output.rstrip("/"),
        num_shards=veil.num_shards or auto_num_shards(total_bytes, len(splits)),
        num_splits=len(splits),
        corpus_format=output_format,
        storage=storage,
        parquet_schema=schema,
        temp_id=uuid.uuid4().hex,
        input_guard=InputGuard.of_input(storage, veil.input, [url for url, _ in files]),
    )
    # Before anything is written: no place the job writes or cleans may lead into the input.
    refuse_paths_into_input(spec)
    fields = FieldMap(
        id=veil.id_field,
        turns=veil.turns_field,
        text=veil.text_field,
        speaker=veil.speaker_field,
        context=veil.context_field,
    )
    problems = check_rules(record_plan, fields)
    input_schema = schema if schema is not None else (
        parquet_schema(storage, sorted({split.path for split in splits}))
        if input_format == "parquet" else None)
    if input_schema is not None:
        problems += check_parquet_schema(record_plan, input_schema, fields)
    if problems:
        raise ConfigError("\n".join(problems))
    sample = inspect_sample(
        read_sample(storage, splits, veil.max_record_bytes, record_plan.sample_records),
        record_plan, fields,
        (detector if local_config is config else ConversationDetector(local_config)).detect)
    id_problem = sample.id_problem(fields.id)
    if id_problem:
        raise ConfigError(id_problem)
    for warning in sample.warnings():
        _LOG.warning("%s", warning)
    try:
        chosen = choose_detectors(config.detectors, veil.detectors, f"--config {veil.config!r}")
    except ValueError as error:
        raise ConfigError(f"--detectors: {error}") from None
    # Fail closed: every configured detector must load and pass its probe before any output is
    # touched, unless the user explicitly allows running without it; none at all never runs.
    detectors, missing = usable_detectors(chosen, storage)
    runner = options.view_as(StandardOptions).runner
    problems = local_models_on_a_cluster(detectors, runner) + local_key_files_on_a_cluster(config, runner)
    if problems:
        raise ConfigError("\n".join(problems))
    detectors, broken = probe_models(detectors, storage, config)
    missing.update(broken)
    refuse_unsafe_detectors(detectors, missing, veil.allow_missing_detectors)
    for name, reason in missing.items():
        _LOG.warning("detector %s is configured but cannot run (%s): the job runs without it "
                     "(--allow_missing_detectors)", name, reason)
    config = config.model_copy(update={"detectors": detectors})
    job = {
        "input": veil.input,
        "output": spec.root,
        "input_files": len(files),
        "splits": len(splits),
        "config": veil.config,
        "detectors": (detector.names if detectors.rules else []) + [n for n in detectors.names if n != "rules"],
        "detectors_missing": missing,
        "models": describe_models(detectors, storage),
        "auditor": config.risk.auditor,
        "auditor_detectors": auditor.detectors.names,
        "info_types": detector.engine.info_types,
        "dictionary_files": {**auditor_files, **dictionary_files},
        "fields": {**record_plan.summary(), **sample.summary()},
        "veil_version": veil_version(),
    }
    return JobPlan(
        config, fields, splits, spec, veil.max_record_bytes, veil.audit_raw, job, operators, auditor,
        veil.model_accelerator, veil.model_copies, record_plan, job_secret=job_secret,
    )


def build_pipeline(pipeline: beam.Pipeline, plan: JobPlan):
    """Wire the job: read, parse, detect, anonymise, write, summarise."""
    read = pipeline | "Read" >> ReadRecords(plan.splits, plan.spec.storage, plan.max_record_bytes)
    # Where the keys are, not the keys.
    records = record_config(plan.config, plan.record_plan, plan.job_secret_path)
    parsed = read.records | "Parse" >> beam.ParDo(
        ParseRecordFn(plan.fields, records, plan.spec.storage)).with_outputs(
        ParseRecordFn.FAILED, main="conversations"
    )
    # The rules, then each model under RunInference, merged once (transforms.detect): the
    # path `veil evaluate` takes too.
    found, detect_failed = parsed.conversations | "Detect" >> Detect(
        plan.config, plan.spec.storage, plan.model_accelerator, plan.model_copies)
    anonymized = found | "Anonymize" >> beam.ParDo(
        # The DoFn carries where the keys are, never the keys: workers read them in setup.
        AnonymizeFn(plan.spec, plan.fields, plan.audit_raw, plan.config.deidentify_config,
                    plan.operators.key_checks, records)
    ).with_outputs(AnonymizeFn.ANONYMIZED, AnonymizeFn.UNWRITABLE, main=MAIN)
    parse_errors = parsed[ParseRecordFn.FAILED] | "ParseErrors" >> beam.ParDo(
        ErrorEntryFn(plan.spec, plan.audit_raw))
    detect_errors = detect_failed | "DetectErrors" >> beam.ParDo(
        ErrorEntryFn(plan.spec, plan.audit_raw))
    unwritable = anonymized[AnonymizeFn.UNWRITABLE] | "UnwritableErrors" >> beam.ParDo(
        ErrorEntryFn(plan.spec, plan.audit_raw))
    error_entries = (
        (parse_errors, detect_errors, unwritable)
        | "ErrorLines" >> NumberErrorLines(read[LINES])
    )
    if plan.progress_folder:
        finished = (anonymized[AnonymizeFn.ANONYMIZED], anonymized[AnonymizeFn.UNWRITABLE],
                    parsed[ParseRecordFn.FAILED], detect_failed)
        _ = finished | "Progress" >> CountProgress(plan.progress_folder)
    size = plan.config.risk.audit_sample
    cutoff = None if size is None else pipeline | "AuditCutoff" >> AuditCutoff(
        plan.splits, plan.spec.storage, plan.max_record_bytes, plan.fields, records, size,
        plan.config.risk.audit_sample_seed)
    risk = anonymized[AnonymizeFn.ANONYMIZED] | "ScoreRisk" >> ScoreRisk(
        plan.spec, plan.fields, plan.config.risk, plan.auditor, plan.spec.storage, cutoff)
    risk_stats = risk[ScoreRisk.ROWS] | "RiskStats" >> beam.CombineGlobally(
        RiskStatsFn.from_settings(plan.config.risk)
    )
    written = (
        (anonymized[MAIN], error_entries, risk.entries)
        | "Write" >> WriteShards(plan.spec)
    )
    stats = (read[STATS], written[STATS]) | "AllStats" >> beam.Flatten()
    return (stats, written["shards"], risk_stats) | "Summary" >> WriteSummary(plan.spec, plan.job)


def warm_worker(plan: JobPlan, local_rules: bool) -> None:
    """What every worker of this job loads before its first record, loaded once in the fork
    server that workers are forked from (pipelines.warm_workers): Beam's worker, the job's
    detector (`RulesFn`) and the auditor's (`ScoreRiskFn`), and the model stages' modules."""
    import apache_beam.runners.worker.sdk_worker_main  # noqa: F401 (the worker's own imports)

    if local_rules and plan.config.detectors.rules:  # google-dlp's client is made per worker
        shared_detector(plan.config)
    if plan.auditor.detectors.rules:
        shared_detector(plan.auditor, memo=True)
    if plan.config.detectors.hf or plan.config.detectors.spacy or plan.auditor.detectors.spacy:
        import apache_beam.ml.inference.base  # noqa: F401
        import models.handlers  # noqa: F401


@contextmanager
def local_runner(options: PipelineOptions, plan: JobPlan):
    """The runner for a local run with several worker processes: Beam's FnApiRunner with its
    workers forked from a warm process (pipelines.warm_workers); None (the options' runner)
    otherwise, or where forking is not safe."""
    workers = None
    if forks_workers(options):
        local_rules = options.view_as(VeilOptions).detector != "google-dlp"
        workers = WarmWorkers.start(lambda: warm_worker(plan, local_rules))
    if workers is None:
        yield None
        return
    with workers:
        yield warm_workers_runner(workers)


def read_summary(plan: JobPlan) -> dict:
    with plan.spec.storage.open(plan.spec.join("job_summary.json"), "rb") as handle:
        return json.loads(handle.read())


def run(argv: list[str] | None = None) -> dict:
    """Run the job to the end and return its summary. Raises ConfigError on bad input."""
    with job_collector():
        freeze_long_lived()  # the modules imported so far (pipelines.long_lived)
        return _run(argv)


def _run(argv: list[str] | None) -> dict:
    options = with_local_default_runner(PipelineOptions(argv))
    problems = unknown_argument_problems(argv or [], options)
    if problems:
        raise UsageError("; ".join(problems))
    plan = plan_job(options)
    freeze_long_lived()  # the checked config, the warm detector and the probed models
    check_output_usable(plan.spec)
    for done in settle_earlier_runs(plan.spec):
        _LOG.info("%s: %s", plan.spec.root, done)
    if plan.job_secret is not None:
        write_job_secret(plan.spec.storage, plan.job_secret_path, plan.job_secret)
    _LOG.info(
        "anonymizing %s: %d files in %d splits, runner %s",
        plan.job["input"], plan.job["input_files"], len(plan.splits),
        options.view_as(StandardOptions).runner,
    )
    wait = options.view_as(VeilOptions).wait_until_finish
    with progress_folder(options) as folder, local_runner(options, plan) as runner:
        plan.progress_folder = folder
        pipeline = beam.Pipeline(runner=runner, options=options)
        build_pipeline(pipeline, plan)
        try:
            if folder:  # a local runner runs the whole job inside run()
                with watch_local(folder):
                    result = pipeline.run()
                    if wait:
                        result.wait_until_finish()
            else:
                result = pipeline.run()
                if not wait:
                    _LOG.info("submitted; the job writes %s when it ends",
                              plan.spec.join("job_summary.json"))
                    return {}
                with watch_cluster(result):
                    result.wait_until_finish()
        except BaseException:
            _LOG.error("the job failed; %s", abandon(plan.spec))
            raise
    if not wait:
        return {}
    return read_summary(plan)


class UsageError(ConfigError):
    """A command line Veil cannot run as given (an unknown or mistyped flag)."""


PROG = "python -m pipelines.anonymize"
DESCRIPTION = (
    "Anonymise a JSONL or Parquet corpus: find personal information, replace it with "
    "placeholders numbered per conversation (or the config's operators), and write corpus/, "
    "findings/, errors/, risk/ and job_summary.json under --output."
)


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if "-h" in argv or "--help" in argv:
        print(help_text(prog, DESCRIPTION))
        return 0
    if "--help_beam" in argv:
        print(beam_help_text(prog))
        return 0
    configure_logging()
    try:
        summary = run(argv)
    except UsageError as error:
        print(f"{prog}: error: {error}\nRun `{prog} --help` for Veil's options.", file=sys.stderr)
        return 2
    except ConfigError as error:
        print(f"veil: {error}", file=sys.stderr)
        return 2
    if not summary:
        return 0  # submitted without waiting
    print(format_summary(summary))
    return 0 if summary["records"]["accounted_for"] else 1


if __name__ == "__main__":
    exit_without_collecting(main())
