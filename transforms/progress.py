"""Counting finished records for the launcher's progress line (local runners only)."""
from __future__ import annotations

import apache_beam as beam

from veil.progress import ProgressFiles


class CountProgress(beam.DoFn):
    """Counts the elements it sees into a folder the launcher reads; outputs nothing.

    Only local runs get this stage: on a cluster the launcher's folder is not on the
    workers' machines, and Beam's counters (records_read, records_written, ...) report
    progress in the runner's own UI.
    """

    def __init__(self, folder: str):
        self.folder = folder

    def setup(self):
        self.files = ProgressFiles(self.folder)

    def process(self, element):
        self.files.add()
        return ()

    def finish_bundle(self):
        self.files.flush()

    def teardown(self):
        self.files.flush()
