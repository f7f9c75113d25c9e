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

from pipelines.runner.flags import BEAM_POINTER, GROUPS, add_veil_arguments, help_text  # noqa: F401 (re-exported)

# Beam 2.77's DirectRunner first tries to download the Prism runner binary. The FnApiRunner is
# the same local execution without that download, so it is the default.
DEFAULT_RUNNER = "FnApiRunner"


class VeilOptions(PipelineOptions):
    """Veil's own options (pipelines.runner.flags). `--help` prints them in their groups."""

    GROUPS = GROUPS

    @classmethod
    def _add_argparse_args(cls, parser):
        add_veil_arguments(parser)


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
