"""The anonymisation job.

    python -m pipelines.anonymize --input data/sample.jsonl --output out/

Reads JSONL or Parquet, detects personal information, replaces it with placeholders numbered
per conversation, and writes `corpus/`, `findings/` and `errors/` under `--output`, then a
summary. Everything that can be checked is checked before the pipeline starts.
"""
from __future__ import annotations

import sys

if __name__ == "__main__":  # `--help` and plain mistakes are answered before Beam is imported
    from pipelines.runner.launch import early_answer

    if (_answer := early_answer(sys.argv[1:])) is not None:
        sys.exit(_answer)

import json  # noqa: E402 (the imports a job needs, after the early answers)
import logging  # noqa: E402
import signal  # noqa: E402
import uuid  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

import apache_beam as beam  # noqa: E402
from apache_beam.options.pipeline_options import PipelineOptions, S3Options, StandardOptions

from pipelines.runner.launch import DESCRIPTION, PROG, QuietInterrupt, early_answer, output_folder
from pipelines.runner.logs import configure_logging
from pipelines.runner.long_lived import exit_without_collecting, freeze_long_lived, job_collector
from pipelines.runner.options import (
    VeilOptions, beam_help_text, unknown_argument_problems, with_local_default_runner,
)
from pipelines.runner.progress import progress_folder, watch_cluster, watch_local
from pipelines.runner.warm_workers import WarmWorkers, forks_workers, warm_workers_runner
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
from veil.detection.engine.compiler import without_unsupported_types
from veil.detection.engine.google_dlp import with_google_dlp
from veil.detection.infotypes.builtin import BUILTINS
from veil.run.errors import ConfigError
from veil.run.field_sample import inspect_sample, read_sample
from veil.io.fields import IdHandling, RecordPlan, check_parquet_schema, check_rules
from veil.io.input_guard import InputGuard
from veil.io.lock import release_lock, take_lock
from veil.io.inputs import InputSplit, parquet_schema, plan_splits
from veil.transform.operators import Operators, build_operators, key_files
from veil.transform.operators.build import crypto_keys
from veil.transform.record_plan import build_record_plan, record_config, record_key_files
from veil.transform.operators.keys import (
    JOB_SECRET_FILE, new_job_secret, parse_key_map, uses_transient, write_job_secret,
)
from veil.io.commit import (
    RISK_FAILED, SUCCESS, abandon, check_output_usable, input_overlaps_output, previous_output,
    refuse_paths_into_input,
    settle_earlier_runs,
)
from veil.io.outputs import TEMP, OutputSpec
from veil.detection.profile_coverage import undetected_direct_types, undetected_message
from veil.io.records import FieldMap
from veil.risk.auditor import auditor_problem
from veil.risk.table import audit_sample_size, calibration_for_job
from veil.io.storage import Storage, is_remote
from veil.io.summary import format_summary, risk_failed, veil_version

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
    splits: a 64th of the input gives enough splits that two workers' shares come out even
    (BENCHMARKS.md, "Figures the code's docstrings carried")."""
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


@dataclass(frozen=True)
class JobConfig:
    """The job config as the workers get it (`config`), and as the rules run in this process
    for the sample's checks (`local`: the same config unless the detector is Google DLP);
    `skipped`: the template's infoTypes Veil cannot detect (--skip_unsupported_infotypes)."""

    config: VeilConfig
    local: VeilConfig
    dictionary_files: dict[str, str]
    skipped: list[str] = field(default_factory=list)


def plan_config(veil: VeilOptions, storage: Storage) -> JobConfig:
    """The job config, its kms_wrapped keys mapped (--crypto_key_map), the infoTypes Veil cannot
    detect skipped when asked, and with Google DLP's settings or its dictionary files read in."""
    key_map = parse_key_map(veil.crypto_key_map)
    config = with_audit_sample(load_config(veil.config, storage, key_map), veil.audit_sample)
    skipped: list[str] = []
    if veil.skip_unsupported_infotypes:
        inspect, skipped = without_unsupported_types(config.inspect_config, BUILTINS)
        config = config.model_copy(update={"inspect_config": inspect})
        if skipped:
            _LOG.warning("--skip_unsupported_infotypes: not looking for %s (Veil cannot detect "
                         "them); the summary and the risk report list them", ", ".join(skipped))
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
    return JobConfig(config, local_config, dictionary_files, skipped)


@dataclass(frozen=True)
class JobTransformation:
    """The operators and the record plan, their keys read and checked."""

    operators: Operators
    record_plan: RecordPlan
    job_secret: bytes | None


def plan_transformation(config: VeilConfig, storage: Storage) -> JobTransformation:
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
    return JobTransformation(operators, record_plan, job_secret)


def plan_auditor(config: VeilConfig, storage: Storage) -> tuple[VeilConfig, dict[str, str]]:
    """The residual-risk auditor's config and its dictionary files; it must be able to run."""
    auditor, auditor_files = with_dictionary_files_read(load_config(config.risk.auditor, storage), storage)
    ConversationDetector(auditor)
    problem = auditor_problem(auditor, config.risk.auditor, storage)
    if problem:  # fail closed: half an auditor underestimates the residual risk silently
        raise ConfigError(problem)
    return auditor, auditor_files


def check_limits(veil: VeilOptions) -> None:
    if veil.max_record_bytes <= 0:
        raise ConfigError("--max_record_bytes must be positive")
    if veil.split_bytes and veil.split_bytes < 1024:
        raise ConfigError("--split_bytes must be 0 (automatic) or at least 1024")
    if veil.num_shards < 0:
        raise ConfigError("--num_shards must be 0 (automatic) or more")


@dataclass(frozen=True)
class JobInput:
    """The input files, their splits and formats, and the output's format."""

    files: list[tuple[str, int]]
    splits: list[InputSplit]
    total_bytes: int
    input_format: str
    output_format: str

    @property
    def urls(self) -> list[str]:
        return [url for url, _ in self.files]


def plan_input(veil: VeilOptions, storage: Storage) -> JobInput:
    """The input listed and split; refused when it is missing, mixed or overlaps the output."""
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
    return JobInput(files, splits, total_bytes, input_format, output_format)


def plan_output(veil: VeilOptions, storage: Storage, job_input: JobInput) -> OutputSpec:
    """Where and how the output goes; refused when a place it writes leads into the input."""
    schema = None
    if job_input.output_format == "parquet":
        if job_input.input_format != "parquet":
            raise ConfigError(
                "--output_format parquet needs Parquet input: a JSONL input has no schema to keep"
            )
        schema = parquet_schema(storage, sorted({split.path for split in job_input.splits}))

    spec = OutputSpec(
        root=veil.output.rstrip("/"),
        num_shards=veil.num_shards or auto_num_shards(job_input.total_bytes, len(job_input.splits)),
        num_splits=len(job_input.splits),
        corpus_format=job_input.output_format,
        storage=storage,
        parquet_schema=schema,
        temp_id=uuid.uuid4().hex,
        input_guard=InputGuard.of_input(storage, veil.input, job_input.urls),
    )
    # Before anything is written: no place the job writes or cleans may lead into the input.
    refuse_paths_into_input(spec)
    return spec


def plan_fields(veil: VeilOptions, storage: Storage, job_input: JobInput, spec: OutputSpec,
                record_plan: RecordPlan) -> FieldMap:
    """The input's field names, with the record plan's fields checked against them."""
    fields = FieldMap(
        id=veil.id_field,
        turns=veil.turns_field,
        text=veil.text_field,
        speaker=veil.speaker_field,
        context=veil.context_field,
        pii=veil.gold_field or FieldMap.pii,
        gold=veil.gold_field is not None,
    )
    problems = check_rules(record_plan, fields)
    schema = spec.parquet_schema
    input_schema = schema if schema is not None else (
        parquet_schema(storage, sorted({split.path for split in job_input.splits}))
        if job_input.input_format == "parquet" else None)
    if input_schema is not None:
        problems += check_parquet_schema(record_plan, input_schema, fields)
    if problems:
        raise ConfigError("\n".join(problems))
    return fields


def inspect_input_sample(veil: VeilOptions, storage: Storage, job_input: JobInput,
                         record_plan: RecordPlan, fields: FieldMap, detect):
    """A sample of records read and detected now: ids that look personal stop the job, fields
    left uninspected that hold personal data are warned about."""
    sample = inspect_sample(
        read_sample(storage, job_input.splits, veil.max_record_bytes, record_plan.sample_records),
        record_plan, fields, detect)
    id_problem = sample.id_problem(fields.id)
    if id_problem:
        raise ConfigError(id_problem)
    for warning in sample.warnings():
        _LOG.warning("%s", warning)
    return sample


def plan_detectors(veil: VeilOptions, config: VeilConfig, storage: Storage, runner):
    """The detectors that run, each loaded and probed, and the configured ones that cannot
    (name -> reason)."""
    try:
        chosen = choose_detectors(config.detectors, veil.detectors, f"--config {veil.config!r}")
    except ValueError as error:
        raise ConfigError(f"--detectors: {error}") from None
    # Fail closed: every configured detector must load and pass its probe before any output is
    # touched, unless the user explicitly allows running without it; none at all never runs.
    detectors, missing = usable_detectors(chosen, storage)
    problems = local_models_on_a_cluster(detectors, runner) + local_key_files_on_a_cluster(config, runner)
    if problems:
        raise ConfigError("\n".join(problems))
    detectors, broken = probe_models(detectors, storage, config)
    missing.update(broken)
    refuse_unsafe_detectors(detectors, missing, veil.allow_missing_detectors, config.detectors_from)
    for name, reason in missing.items():
        _LOG.warning("detector %s is configured but cannot run (%s): the job runs without it "
                     "(--allow_missing_detectors)", name, reason)
    return detectors, missing


def plan_job(options: PipelineOptions) -> JobPlan:
    """Validate options, config and input, and plan the splits. Raises ConfigError.

    The steps run in this order, each on what the ones before returned: the config, the
    detector, the operators and record plan, the auditor, the input, the output, the fields,
    the sample, the detectors that run, and the job summary's facts."""
    veil = options.view_as(VeilOptions)
    if not veil.input or not veil.output:
        raise ConfigError("both --input and --output are required")
    storage = storage_from_options(options)
    job_config = plan_config(veil, storage)
    config = job_config.config
    # Compiles every pattern and dictionary now, warm and kept for this process's workers
    # (`shared_detector`); google-dlp: converts the config to protos, without calling the service.
    detector = (ConversationDetector(config, connect=False) if veil.detector == "google-dlp"
                else shared_detector(config))
    transformation = plan_transformation(config, storage)
    auditor, auditor_files = plan_auditor(config, storage)
    check_limits(veil)
    job_input = plan_input(veil, storage)
    spec = plan_output(veil, storage, job_input)
    fields = plan_fields(veil, storage, job_input, spec, transformation.record_plan)
    sample = inspect_input_sample(
        veil, storage, job_input, transformation.record_plan, fields,
        (detector if job_config.local is config else ConversationDetector(job_config.local)).detect)
    detectors, missing = plan_detectors(veil, config, storage, options.view_as(StandardOptions).runner)
    # The auditor's calibration fitted on the output of a job like this one: with a model or
    # rules only (veil.risk.table.calibration_for_job).
    model_ran = veil.detector == "google-dlp" or any(name != "rules" for name in detectors.names)
    risk = config.risk.model_copy(
        update={"calibration": calibration_for_job(config.risk.calibration, model_ran)})
    config = config.model_copy(update={"detectors": detectors, "risk": risk})
    undetected = undetected_types(detector, detectors, veil.detector)
    if undetected and not veil.allow_undetected_types:
        raise ConfigError(undetected_message(undetected))
    for name, why in undetected.items():
        _LOG.warning("direct identifier %s cannot be found (%s): its values are written raw "
                     "(--allow_undetected_types)", name, why)
    job = {
        "input": veil.input,
        "output": spec.root,
        "input_files": len(job_input.files),
        "splits": len(job_input.splits),
        "config": veil.config,
        "detectors": (detector.names if detectors.rules else []) + [n for n in detectors.names if n != "rules"],
        "detectors_missing": missing,
        **({"undetected_types": undetected} if undetected else {}),
        **({"fail_on_risk": True} if veil.fail_on_risk else {}),
        "models": describe_models(detectors, storage),
        "auditor": config.risk.auditor,
        "auditor_detectors": auditor.detectors.names,
        "info_types": detector.engine.info_types,
        "skipped_info_types": job_config.skipped,
        "dictionary_files": {**auditor_files, **job_config.dictionary_files},
        "fields": {**transformation.record_plan.summary(), **sample.summary()},
        "veil_version": veil_version(),
    }
    return JobPlan(
        config, fields, job_input.splits, spec, veil.max_record_bytes, veil.audit_raw, job,
        transformation.operators, auditor, veil.model_accelerator, veil.model_copies,
        transformation.record_plan, job_secret=transformation.job_secret,
    )


def undetected_types(detector: ConversationDetector, detectors, engine: str) -> dict[str, str]:
    """The profile's direct identifiers that the job's detectors cannot find on their own
    catalogue examples (`veil.detection.profile_coverage`). Google Cloud DLP is not called at
    launch, so a DLP job is not checked."""
    if engine == "google-dlp":
        return {}
    model_types = ()
    if detectors.hf or detectors.spacy:  # the types Veil's models report (checked by their probe)
        from models.examples import NER_TYPES as model_types
    find = detector.detect if detectors.rules else None
    return undetected_direct_types(detector.engine.info_types, BUILTINS, find, model_types)


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
    # Every record's id is read there too, unless ids are hashed (veil.run.record_ids).
    found, detect_failed = parsed.conversations | "Detect" >> Detect(
        plan.config, plan.spec.storage, plan.model_accelerator, plan.model_copies,
        ids_field=None if plan.record_plan.ids is IdHandling.HASH else plan.fields.id)
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
    server that workers are forked from (pipelines.runner.warm_workers): Beam's worker, the job's
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
    workers forked from a warm process (pipelines.runner.warm_workers); None (the options' runner)
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
        freeze_long_lived()  # the modules imported so far (pipelines.runner.long_lived)
        return _run(argv)


def _run(argv: list[str] | None) -> dict:
    options = with_local_default_runner(PipelineOptions(argv))
    problems = unknown_argument_problems(argv or [], options)
    if problems:
        raise UsageError("; ".join(problems))
    plan = plan_job(options)
    freeze_long_lived()  # the checked config, the warm detector and the probed models
    check_output_usable(plan.spec)
    # One job per output: before anything there is touched (veil.io.lock). Published, the
    # run releases it (veil.io.commit); failed, here.
    take_lock(plan.spec)
    try:
        for done in settle_earlier_runs(plan.spec):
            _LOG.info("%s: %s", plan.spec.root, done)
        replacing = previous_output(plan.spec)
        if replacing:
            _LOG.info("%s: %s", plan.spec.root, replacing)
        if plan.job_secret is not None:
            write_job_secret(plan.spec.storage, plan.job_secret_path, plan.job_secret)
        _LOG.info(
            "anonymizing %s: %d files in %d splits, runner %s",
            plan.job["input"], plan.job["input_files"], len(plan.splits),
            options.view_as(StandardOptions).runner,
        )
        _LOG.info("%s", detectors_banner(plan))
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
            except KeyboardInterrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C cannot cut the clean-up
                raise JobInterrupted(abandon(plan.spec)) from None
            except BaseException:
                _LOG.error("the job failed; %s", abandon(plan.spec))
                raise
    except BaseException:
        release_lock(plan.spec)
        raise
    if not wait:
        return {}
    return read_summary(plan)


def detectors_banner(plan: JobPlan) -> str:
    """The start-up line that says which detectors run, and where they came from when the
    config did not choose them."""
    line = f"detectors: {', '.join(plan.job['detectors']) or 'none'}"
    models = plan.job.get("models") or {}
    if "hf" in models:
        line += f" (NER model {models['hf']['location']})"
    if plan.config.detectors_from:
        line += f"; the config sets no detectors: these are {plan.config.detectors_from}'s"
    return line


class UsageError(ConfigError):
    """A command line Veil cannot run as given (an unknown or mistyped flag)."""


class JobInterrupted(Exception):
    """Ctrl-C while the job ran; carries what its output folder holds now."""


def interrupted_line(argv: list[str], detail: str | None = None) -> str:
    """The one line a Ctrl-C prints: that the previous output is as it was (or, interrupted
    while publishing, that the next run finishes it)."""
    output = output_folder(argv) or "the output folder"
    if detail and "publishing" in detail:
        return f"veil: interrupted while publishing; {detail}"
    return f"veil: interrupted; the previous output in {output} is untouched"


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    answer = early_answer(argv, prog)
    if answer is not None:
        return answer
    if "--help_beam" in argv:
        print(beam_help_text(prog))
        return 0
    configure_logging()
    interrupted = None
    try:
        with QuietInterrupt():
            try:
                summary = run(argv)
            except KeyboardInterrupt:
                interrupted = interrupted_line(argv)
            except JobInterrupted as during_the_job:
                interrupted = interrupted_line(argv, str(during_the_job))
        if interrupted:
            print(interrupted, file=sys.stderr)
            return 130
    except UsageError as error:
        print(f"{prog}: error: {error}\nRun `{prog} --help` for Veil's options.", file=sys.stderr)
        return 2
    except ConfigError as error:
        print(f"veil: {error}", file=sys.stderr)
        return 2
    if not summary:
        return 0  # submitted without waiting
    print(format_summary(summary))
    if not summary["records"]["accounted_for"]:
        return 1
    if risk_failed(summary):
        print(f"veil: residual risk FAIL under --fail_on_risk: {RISK_FAILED} written, no {SUCCESS}",
              file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    exit_without_collecting(main())
