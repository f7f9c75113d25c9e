"""Veil's pipeline options. They sit beside Beam's own, so every standard Beam flag still works
(`--runner`, `--direct_num_workers`, `--temp_location`, `--s3_endpoint_url`, ...)."""
from __future__ import annotations

import argparse
import difflib
import types

from apache_beam.options.pipeline_options import (
    FlinkRunnerOptions, PipelineOptions, SparkRunnerOptions, StandardOptions, _BeamArgumentParser,
)
from apache_beam.runners.runner import create_runner

# Beam 2.77's DirectRunner first tries to download the Prism runner binary. The FnApiRunner is
# the same local execution without that download, so it is the default.
DEFAULT_RUNNER = "FnApiRunner"


def _flag(value: str) -> bool:
    """`--audit_raw` alone, or `--audit_raw=true|false` as Flex Template launchers pass it."""
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


class VeilOptions(PipelineOptions):
    """Veil's own options. `--help` prints them in these groups, before a pointer to Beam's."""

    GROUPS = (
        "input and output",
        "where the parts of a record are",
        "detection",
        "running",
    )

    @classmethod
    def _add_argparse_args(cls, parser):
        group = parser.add_argument_group(cls.GROUPS[0])
        group.add_argument(
            "--input", default=None,
            help="JSONL or Parquet: a path, glob, directory or URL (s3://, gs://, memory://, ...).",
        )
        group.add_argument("--output", default=None, help="Output folder (local or URL).")
        group.add_argument(
            "--config", default="call_transcripts",
            help="Job config (YAML/JSON with a DLP inspect_config), or a bundled profile name.",
        )
        group.add_argument(
            "--crypto_key_map", action="append", default=None, metavar="NAME=file:PATH",
            help="A DLP template's kms_wrapped key, by its crypto_key_name: the local file "
            "(file:PATH) or environment variable (env:VARIABLE) holding the unwrapped key, so "
            "the template runs unchanged without Cloud KMS. Repeat for each key.",
        )
        group.add_argument(
            "--input_format", choices=("jsonl", "parquet"), default=None,
            help="Input format; by default taken from the file extension.",
        )
        group.add_argument(
            "--output_format", choices=("jsonl", "parquet"), default=None,
            help="Corpus format; by default the input's.",
        )
        group.add_argument(
            "--num_shards", type=int, default=0,
            help="Output shards per folder; 0 (default): one per 256 MiB of input.",
        )
        group.add_argument(
            "--audit_raw", type=_flag, nargs="?", const=True, default=False,
            help="Also write raw text: the quote of each finding, and the raw input of each error. "
            "Off by default: these files then hold personal data.",
        )
        group = parser.add_argument_group(cls.GROUPS[1])
        group.add_argument("--id_field", default="id", help="Field holding the record id.")
        group.add_argument("--turns_field", default="turns", help="Field holding the turns list.")
        group.add_argument(
            "--text_field", default="text",
            help="Field holding the text of a turn, or of a whole document.",
        )
        group.add_argument("--speaker_field", default="speaker", help="Field naming a turn's speaker.")
        group.add_argument("--context_field", default="context", help="Field holding the context.")
        group = parser.add_argument_group(cls.GROUPS[2])
        group.add_argument(
            "--detectors", default=None,
            help="Run only these of the config's detectors, comma-separated: rules, hf, spacy "
            "(default: all the config sets up).",
        )
        group.add_argument(
            "--allow_missing_detectors", type=_flag, nargs="?", const=True, default=False,
            help="Run even when a configured detector cannot (no trained model, weights that do not "
            "load or fail the launch probe): the job then runs without it and its summary says so. "
            "Off by default: such a job stops at start rather than write text no model read.",
        )
        group.add_argument(
            "--skip_unsupported_infotypes", type=_flag, nargs="?", const=True, default=False,
            help="Run a template that names infoTypes Veil cannot detect: those are skipped, "
            "listed in the job summary and the risk report, whose verdict says they were not "
            "looked for. Off by default: such a template is refused at start.",
        )
        group.add_argument(
            "--model_accelerator", default=None,
            help="A Beam accelerator resource hint for the NER model stage only, e.g. "
            "'type:nvidia-l4;count:1;install-nvidia-driver' on Dataflow. Other stages ask for none.",
        )
        group.add_argument(
            "--model_copies", type=int, default=None,
            help="Load this many copies of the NER model per machine, shared by its worker "
            "processes (Beam's model_copies); default: one per worker process.",
        )
        group.add_argument(
            "--detector", choices=("veil", "google-dlp"), default="veil",
            help="Where inspect_config runs: Veil's local engine (default), or Google Cloud DLP's "
            "inspect_content (docs/google-dlp.md).",
        )
        group.add_argument("--dlp_project", default=None, help="google-dlp: the project DLP bills.")
        group.add_argument(
            "--dlp_location", default="global", help="google-dlp: the DLP location (default global)."
        )
        group.add_argument(
            "--dlp_endpoint", default=None,
            help="google-dlp: host:port of the DLP API; a loopback host gets a plaintext channel "
            "without credentials (local test servers).",
        )
        group.add_argument(
            "--audit_sample", default=None,
            help="How many conversations the residual-risk auditor reads: a seeded sample of this "
            "size, or `all` (overrides the config's risk.audit_sample, default 1000). The risk "
            "report then gives the sample's figures with their interval (docs/risk-auditor.md).",
        )
        group = parser.add_argument_group(cls.GROUPS[3])
        group.add_argument(
            "--max_record_bytes", type=int, default=16 * 1024 * 1024,
            help="Records larger than this go to errors/ (default 16 MiB).",
        )
        group.add_argument(
            "--split_bytes", type=int, default=0,
            help="Input is read in splits of about this many bytes, spread over workers; "
            "0 (default): a 64th of the input, between 0.5 and 64 MiB.",
        )
        group.add_argument(
            "--storage_timeout", type=float, default=30.0,
            help="Object stores (s3://, gs://): seconds to wait for a connection, and for each "
            "answer, before a request is tried again (3 tries in all); then the job fails, "
            "naming the endpoint (default 30).",
        )
        group.add_argument(
            "--wait_until_finish", type=_flag, nargs="?", const=True, default=True,
            help="Wait for the job and print its summary (default). A Flex Template launch passes "
            "false: the job still writes job_summary.json and risk/ when it ends.",
        )


def runner_name(options: PipelineOptions) -> str:
    """The runner's class name in lower case (`fnapirunner`, `dataflowrunner`), however it was
    given (`--runner DataflowRunner`, a dotted path); "" for none or a runner object."""
    runner = options.view_as(StandardOptions).runner
    return runner.lower().rsplit(".", 1)[-1] if isinstance(runner, str) else ""


def with_local_default_runner(options: PipelineOptions) -> PipelineOptions:
    standard = options.view_as(StandardOptions)
    if not standard.runner:
        standard.runner = DEFAULT_RUNNER
    return options


BEAM_POINTER = """\
Beam's own options pass through unchanged: the runner and its workers (--runner,
--direct_num_workers, --direct_running_mode), a cluster (--project, --region,
--temp_location, --setup_file, --sdk_container_image, --experiments, --job_endpoint, ...)
and object storage (--s3_endpoint_url, ...). `--help_beam` lists every one of them.

A flag that neither Veil nor Beam knows stops the job before it starts (exit status 2)."""


def help_text(prog: str, description: str = "") -> str:
    """Veil's options in their groups, then a pointer to Beam's."""
    parser = argparse.ArgumentParser(
        prog=prog, description=description, epilog=BEAM_POINTER,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--help_beam", action="store_true", help="list Beam's pipeline options")
    VeilOptions._add_argparse_args(parser)
    return parser.format_help()


def beam_option_classes() -> list[type]:
    """Beam's option classes (not Veil's), as PipelineOptions itself gathers them."""
    classes: dict[str, type] = {}
    for cls in PipelineOptions.__subclasses__():
        if cls is not VeilOptions:
            classes.setdefault(cls.__name__, cls)
    return list(classes.values())


def beam_help_text(prog: str) -> str:
    """Every Beam pipeline option, grouped by Beam's option class."""
    parser = argparse.ArgumentParser(prog=prog, add_help=False, allow_abbrev=False,
                                     usage=f"{prog} [Veil's options] [Beam's options]")
    for cls in beam_option_classes():
        group = parser.add_argument_group(f"Beam {cls.__name__}")
        # Two Beam classes declare ValueProvider options, which only Beam's parser knows.
        group.add_value_provider_argument = types.MethodType(
            _BeamArgumentParser.add_value_provider_argument, group)
        try:
            cls._add_argparse_args(group)
        except argparse.ArgumentError:
            continue  # a flag that an earlier class declared already
    return parser.format_help()


def _import_runner(runner: str | None) -> None:
    """Import the runner's module: a few runners declare their options there (Dask, render)."""
    if not runner:
        return
    try:
        create_runner(runner)
    except Exception:  # noqa: BLE001 - an unknown runner is Beam's to report, at run time
        pass


class BadArgument(ValueError):
    """A known flag with a value its parser refuses (`--output_format csv`)."""


class _CheckingParser(_BeamArgumentParser):
    """Beam's parser, raising instead of printing the usage of every Beam option and exiting."""

    def error(self, message):
        if message.startswith("ambiguous option: "):
            return  # as Beam's own parser: no abbreviations
        raise BadArgument(message)


def _known_flags() -> tuple[argparse.ArgumentParser, set[str], set[str]]:
    """A parser of every option Beam and Veil know, Veil's flags, and every known flag."""
    parser = _CheckingParser(allow_abbrev=False, add_help=False)
    for cls in {str(c): c for c in PipelineOptions.__subclasses__()}.values():
        try:
            cls._add_argparse_args(parser)
        except argparse.ArgumentError:
            continue
    veil = argparse.ArgumentParser(add_help=False)
    VeilOptions._add_argparse_args(veil)
    veil_flags = {flag for action in veil._actions for flag in action.option_strings}
    known = {flag for action in parser._actions for flag in action.option_strings}
    return parser, veil_flags, known


def passes_unknown_options_on(options: PipelineOptions) -> bool:
    """Runners that hand flags they do not know to their service (Dataflow's service options,
    a Flink or Spark uber jar, Prism) rather than discarding them."""
    runner = (options.view_as(StandardOptions).runner or "").lower().rsplit(".", 1)[-1]
    if runner in ("dataflowrunner", "dataflow", "testdataflowrunner", "prismrunner", "prism"):
        return True
    if runner in ("flinkrunner", "flink"):
        return bool(options.view_as(FlinkRunnerOptions).flink_submit_uber_jar)
    if runner in ("sparkrunner", "spark"):
        return bool(options.view_as(SparkRunnerOptions).spark_submit_uber_jar)
    return False


def unknown_argument_problems(argv: list[str], options: PipelineOptions) -> list[str]:
    """What in `argv` neither Veil nor Beam knows, each with the nearest known flag.

    Beam would warn and drop such a flag, and the job would run without it (`--ouput_format
    parquet` writes JSONL). A flag close to one of Veil's is always refused; any other unknown
    flag is refused unless the runner passes unknown flags on to its service.
    """
    _import_runner(options.view_as(StandardOptions).runner)
    parser, veil_flags, known = _known_flags()
    try:
        _, unknown = parser.parse_known_args(argv)
    except BadArgument as error:
        return [str(error)]
    passes_on = passes_unknown_options_on(options)
    problems, value_of_unknown = [], False
    for argument in unknown:
        if not argument.startswith("-"):
            if not passes_on and not value_of_unknown:
                problems.append(f"unexpected argument {argument!r}: options are written --name value")
            value_of_unknown = False
            continue
        name = argument.split("=", 1)[0]
        value_of_unknown = "=" not in argument
        like_veil = difflib.get_close_matches(name, sorted(veil_flags), n=1, cutoff=0.75)
        if passes_on and not like_veil:
            continue
        nearest = like_veil or difflib.get_close_matches(name, sorted(known), n=1)
        hint = f"; did you mean {nearest[0]}?" if nearest else ""
        problems.append(f"unknown option {name}{hint}")
    return problems
