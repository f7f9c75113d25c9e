"""What the job's command line can answer before it imports Beam, torch and the model stack.

Importing Beam alone costs seconds; `--help`, a missing `--input` or `--output`, and a local
input that matches no file are answered without it, from Veil's own flags (pipelines.runner.flags).
Everything else (Beam's flags, the config, object storage, the detectors) is checked by the
job itself, before it reads any data.
"""
from __future__ import annotations

import argparse
import difflib
import glob
import logging
import os
import signal
import sys
import threading

from pipelines.runner.flags import add_veil_arguments, help_text

PROG = "python -m pipelines.anonymize"
DESCRIPTION = (
    "Anonymise a JSONL or Parquet corpus: find personal information, replace it with "
    "placeholders numbered per conversation (or the config's operators), and write corpus/, "
    "findings/, errors/, risk/ and job_summary.json under --output."
)


class _Refused(Exception):
    pass


class _QuietParser(argparse.ArgumentParser):
    def error(self, message):
        raise _Refused(message)


def veil_arguments(argv: list[str]) -> tuple[argparse.Namespace | None, list[str]]:
    """Veil's flags in `argv` and the arguments they leave (Beam's); None when Veil's parser
    refuses a value (the job's own checks then say why, with Beam's flags known)."""
    parser = _QuietParser(add_help=False, allow_abbrev=False)
    add_veil_arguments(parser)
    try:
        return parser.parse_known_args(argv)
    except _Refused:
        return None, argv


def _near_a_veil_flag(others: list[str]) -> bool:
    """Whether an argument Veil does not know looks like one of its flags (a typo the job's
    full check reports with "did you mean")."""
    parser = argparse.ArgumentParser(add_help=False)
    add_veil_arguments(parser)
    flags = sorted(flag for action in parser._actions for flag in action.option_strings)
    return any(difflib.get_close_matches(argument.split("=", 1)[0], flags, n=1, cutoff=0.75)
               for argument in others if argument.startswith("--"))


def local_input_matches_nothing(pattern: str) -> bool:
    """Whether a local `--input` (a path, folder or glob) certainly names no file; URLs are for
    the job to list, with its storage settings."""
    if "://" in pattern:
        return False
    if any(c in pattern for c in "*?["):
        return not glob.glob(pattern, recursive=True)
    return not os.path.exists(pattern)


def early_answer(argv: list[str], prog: str = PROG) -> int | None:
    """The exit status of a command line answered without Beam (`--help`, a missing flag or
    input), having printed the answer; None when the job must look further."""
    if "-h" in argv or "--help" in argv:
        print(help_text(prog, DESCRIPTION))
        return 0
    if "--help_beam" in argv:
        return None
    args, others = veil_arguments(argv)
    if args is None or _near_a_veil_flag(others):
        return None
    if not args.input or not args.output:
        print("veil: both --input and --output are required", file=sys.stderr)
        return 2
    if local_input_matches_nothing(args.input):
        print(f"veil: --input {args.input!r}: no files match", file=sys.stderr)
        return 2
    return None


def output_folder(argv: list[str]) -> str | None:
    """The `--output` of a command line, for messages."""
    args, _ = veil_arguments(argv)
    return args.output if args is not None else None


class QuietInterrupt:
    """Ctrl-C as one line, for the block: the first SIGINT silences the process's logging and
    standard error (Beam's clean-up reports every worker connection it closes, with tracebacks)
    and raises KeyboardInterrupt; later ones are ignored while the job cleans up. Leaving the
    block restores both, so the caller prints its one line."""

    def __enter__(self) -> "QuietInterrupt":
        self._stderr = sys.stderr
        self._previous = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def _interrupt(self, signum, frame):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        logging.disable(logging.CRITICAL)
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (until the block ends)
        raise KeyboardInterrupt

    def __exit__(self, *exc) -> None:
        if sys.stderr is not self._stderr:
            sys.stderr.close()
            sys.stderr = self._stderr
            logging.disable(logging.NOTSET)
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
