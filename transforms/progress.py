"""Counting finished records for the launcher's progress line (local runners only)."""
from __future__ import annotations

import apache_beam as beam

from veil.run.progress import ProgressFiles


class CountProgressFn(beam.DoFn):
    """Counts the elements it sees into a folder the launcher reads; outputs nothing."""

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


class CountProgress(beam.PTransform):
    """Counts the elements of several PCollections (the finished records, wherever they end).

    One counter per input, each fused into the stage that makes its input: a Flatten of the
    inputs first would make the local runner hold every finished record in memory until the
    counting stage runs (FnApiRunner materialises the inputs of a multi-input Flatten), so
    memory would grow with the corpus. Only local runs get this stage: on a cluster the
    launcher's folder is not on the workers' machines, and Beam's counters (records_read,
    records_written, ...) report progress in the runner's own UI.
    """

    def __init__(self, folder: str):
        super().__init__()
        self.folder = folder

    def expand(self, sources):
        for i, elements in enumerate(sources):
            _ = elements | f"Count{i}" >> beam.ParDo(CountProgressFn(self.folder))
        return beam.pvalue.PDone(sources[0].pipeline)
