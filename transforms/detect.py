"""Detection: every conversation's findings, merged. A failure fails closed, to ERRORS."""
from __future__ import annotations

import logging

import apache_beam as beam
from apache_beam.metrics import Metrics

from veil.config import VeilConfig
from veil.deadline import DetectionDeadlineExceeded, detection_deadline
from veil.detect import ConversationDetector
from transforms.parse import ERRORS

_LOG = logging.getLogger("veil")


class DetectFn(beam.DoFn):
    """(raw, Conversation) -> (raw, Conversation, findings).

    The detector is built in `setup`, once per worker, from the validated config: compiled
    patterns and automata are never pickled. A record whose detection raises, or runs past
    `detection.record_deadline_s` of CPU time (`veil.deadline`), goes to ERRORS and never
    reaches the corpus; the log names the record and the exception type, not its text.
    """

    def __init__(self, config: VeilConfig, merge: bool = True):
        self.config = config
        # False when model stages follow: the last detection stage merges everything once.
        self.merge = merge
        self.detector: ConversationDetector | None = None
        self.errored = Metrics.counter("veil", "records_errored")

    def setup(self):
        if self.config.detectors.rules:
            self.detector = ConversationDetector(self.config)
            self.detector.warm_up()  # so that no record's deadline pays for loading

    def process(self, element):
        raw, conversation = element
        if self.detector is None:  # `detectors.rules: false`: the models find everything
            yield raw, conversation, []
            return
        try:
            with detection_deadline(self.config.detection.record_deadline_s):
                texts = conversation.texts  # the turns, then the configured fields
                findings = self.detector.detect(texts) if self.merge else self.detector.find(texts)
        except Exception as error:  # fail closed: whatever went wrong, the text is not written
            _LOG.warning("detection failed for record %s: %s", conversation.id, type(error).__name__)
            self.errored.inc()
            reason = f"detection failed: {type(error).__name__}"
            if isinstance(error, DetectionDeadlineExceeded):
                reason = f"detection failed: {error}"
            yield beam.pvalue.TaggedOutput(ERRORS, (raw, reason, conversation.id))
            return
        yield raw, conversation, findings
