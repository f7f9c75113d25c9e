"""spaCy detection: a pipeline's findings merged into each conversation's. Fails closed, to ERRORS."""
from __future__ import annotations

import logging

import apache_beam as beam
from apache_beam.metrics import Metrics
from apache_beam.utils.windowed_value import WindowedValue

from models.spacy_ner import SpacyDetector
from transforms.parse import ERRORS
from veil.config import VeilConfig
from veil.merge import merge_findings
from veil.storage import Storage

_LOG = logging.getLogger("veil")


class SpacyNerFn(beam.DoFn):
    """(raw, Conversation, findings) -> (raw, Conversation, findings + spaCy's, merged).

    In the job it is the last detection stage and receives the earlier stages' findings
    unmerged, so that every detector's findings are merged once, here (merging is not
    associative).

    The pipeline is loaded in `setup`, once per DoFn instance, from `config.detectors.spacy`.
    Elements are buffered within a bundle so that one `nlp.pipe` sees the turns of many
    conversations; the buffer is flushed when it holds `max_buffered_turns` turns (default:
    the settings' batch_size) and at the end of the bundle. Each output keeps its input's
    timestamp and window.

    If the batch raises, every conversation in it is retried alone, so only the ones that fail
    go to ERRORS as (raw, reason, id); the log names the record and the exception type, never
    its text.
    """

    def __init__(self, config: VeilConfig, storage: Storage | None = None,
                 max_buffered_turns: int | None = None):
        if config.detectors.spacy is None:
            raise ValueError("detectors.spacy is not configured")
        self.config = config
        self.storage = storage
        self.max_buffered_turns = max_buffered_turns or config.detectors.spacy.batch_size
        self.detector: SpacyDetector | None = None
        self._buffer: list = []
        self._buffered_turns = 0
        self.errored = Metrics.counter("veil", "records_errored")
        self.found = Metrics.counter("veil", "spacy_findings")

    def setup(self):
        self.detector = SpacyDetector.from_config(self.config, self.storage)

    def start_bundle(self):
        self._buffer = []
        self._buffered_turns = 0

    def process(self, element, timestamp=beam.DoFn.TimestampParam, window=beam.DoFn.WindowParam):
        # WindowParam makes the runner call once per window, so each buffered entry has one.
        self._buffer.append((element, timestamp, window))
        try:
            self._buffered_turns += max(1, len(element[1].turns))
        except Exception:  # a malformed element fails on its own at the flush
            self._buffered_turns += 1
        if self._buffered_turns >= self.max_buffered_turns:
            yield from self._flush()

    def finish_bundle(self):
        yield from self._flush()

    def _flush(self):
        buffer, self._buffer, self._buffered_turns = self._buffer, [], 0
        if not buffer:
            return
        texts: list = []
        for element, _, _ in buffer:
            try:
                texts.append(element[1].texts)
            except Exception:
                texts.append(None)
        batch = [t for t in texts if t is not None]
        try:
            found = iter(self.detector.detect_conversations(batch))
        except Exception:  # some conversation in the batch is to blame: find it, alone
            found = None
        for (element, timestamp, window), turn_texts in zip(buffer, texts):
            try:
                if turn_texts is None:
                    raise TypeError("not a (raw, Conversation, findings) element")
                raw, conversation, findings = element
                if found is not None:
                    spacy_findings = next(found)
                else:
                    spacy_findings = self.detector.detect_conversations([turn_texts])[0]
                merged = merge_findings([*findings, *spacy_findings], turn_texts)
            except Exception as error:  # fail closed: whatever went wrong, the text is not written
                raw = element[0] if isinstance(element, tuple) and element else element
                record_id = getattr(element[1], "id", None) if isinstance(element, tuple) and len(element) > 1 else None
                _LOG.warning("spaCy detection failed for record %s: %s", record_id, type(error).__name__)
                self.errored.inc()
                reason = f"detection failed: spacy {type(error).__name__}"
                yield beam.pvalue.TaggedOutput(
                    ERRORS, WindowedValue((raw, reason, record_id), timestamp, (window,))
                )
                continue
            self.found.inc(len(spacy_findings))
            yield WindowedValue((raw, conversation, merged), timestamp, (window,))
