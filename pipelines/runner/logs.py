"""What the command line prints: Veil's progress and every real warning, not Beam's chatter.

Beam's local runner logs its workers' start-up and shut-down, forwards each worker's log
entries as a one-line protobuf dump, and warns about things that are not the user's business
(a worker without a `semi_persistent_directory`; workers discarding Veil's own flags, which
they do not need, as "unparseable"). Those are dropped; any other warning, Beam's or a
worker's, is printed, a forwarded worker entry as its message alone.
"""
from __future__ import annotations

import logging
import re
import sys

# Benign messages, by a piece of their text.
NOISE = (
    "apitools not found",                   # Beam's BigQuery client, which Veil does not use
    "No semi_persistent_directory found",   # every multi-processing worker, at start-up
    "Discarding unparseable args",          # workers parse Beam's flags only; Veil's are planned
    "Discarding invalid overrides",
)
_FORWARDED = "apache_beam.runners.portability.local_job_service"
_WORKER_MESSAGE = re.compile(r'\bmessage: "((?:[^"\\]|\\.)*)"')
_FORMAT = "%(asctime)s %(levelname)s %(message)s"


class QuietBeam(logging.Filter):
    """Drops Beam's benign chatter; shows a worker's forwarded entry as its message."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(noise in message for noise in NOISE):
            return False
        if record.name == _FORWARDED and message.startswith("Worker: "):
            found = _WORKER_MESSAGE.search(message)
            if found:
                text = found.group(1).encode("latin-1", "backslashreplace").decode("unicode_escape")
                record.msg, record.args = f"worker: {text}", ()
        return True


class _VeilHandler(logging.StreamHandler):
    """The one handler the command line installs (a marker, so that it is installed once)."""


def configure_logging(stream=None) -> None:
    """Veil's INFO lines and everyone's warnings to stderr, through the noise filter.

    Idempotent: tests and `veil` subcommands may call it more than once in one process.
    """
    root = logging.getLogger()
    if not any(isinstance(handler, _VeilHandler) for handler in root.handlers):
        handler = _VeilHandler(stream or sys.stderr)
        handler.setFormatter(logging.Formatter(_FORMAT, "%H:%M:%S"))
        handler.addFilter(QuietBeam())
        # A handler Python or Beam installed before (logging.basicConfig) would print twice.
        for other in list(root.handlers):
            if type(other) is logging.StreamHandler and other.stream in (sys.stderr, sys.stdout):
                root.removeHandler(other)
        root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    logging.getLogger("veil").setLevel(logging.INFO)
