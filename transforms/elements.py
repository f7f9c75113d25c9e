"""The elements that pass between the job's stages, named (as Beam names `PredictionResult`).

They are tuples, so a stage may still unpack them; every field has a name, so no stage needs
to know another's tuple layout.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from veil.detection.casing import lower_case_reading
from veil.detection.findings import Finding
from veil.io.records import Conversation


def detection_texts(conversation: Conversation) -> list[str]:
    """The texts every detector and the merge read, at the offsets of `conversation.texts`."""
    return lower_case_reading(conversation.texts, len(conversation.turns))


class Parsed(NamedTuple):
    """A record read and parsed: `raw` is the input as read (`veil.io.inputs.RawInput`)."""

    raw: Any
    conversation: Conversation

    @property
    def texts(self) -> list[str]:
        """What detection reads: the turns, the configured fields, the labels (veil.io.records),
        the turns of a transcript in capitals throughout in lower case (veil.detection.casing)."""
        return detection_texts(self.conversation)


class Detected(NamedTuple):
    """A record and its findings (offsets into its original turns)."""

    raw: Any
    conversation: Conversation
    findings: list[Finding]

    @property
    def texts(self) -> list[str]:
        """What detection reads: the turns, the configured fields, the labels (veil.io.records),
        the turns of a transcript in capitals throughout in lower case (veil.detection.casing)."""
        return detection_texts(self.conversation)


class Failed(NamedTuple):
    """A record that goes to errors/, and why (never its text)."""

    raw: Any
    reason: str
    record_id: str | None
    id_withheld: bool = False  # the record's own id held personal data (veil.run.record_ids)


class Anonymized(NamedTuple):
    """A record and what anonymising it made (`veil.transform.record_anonymize.AnonymizedRecord`: the
    output record, its texts before and after, and the replacements)."""

    raw: Any
    conversation: Conversation
    result: Any


class ToAudit(NamedTuple):
    """An anonymised record on its way to its residual-risk score (transforms.risk).

    `gold`: the residual items its gold labels give (`--gold_field`), or None;
    `turn_texts`: the anonymised turns the auditor reads (always: gold labels stand beside it);
    `fields`: every other string the record writes, as (location, text), which the auditor
    reads too, each after its field name (veil.risk.record.field_reading); `findings`: the auditor model's findings in `texts` (turn = index), added by
    its `RunInference` stage. Named like `Detected`'s, so that one model stage serves both.
    `audited`: False for a record outside the audit sample (no texts: only counted).
    """

    raw: Any
    conversation: Conversation
    result: Any
    gold: list | None
    turn_texts: list[str]
    fields: list[tuple[tuple, str]]
    findings: list[Finding]
    audited: bool = True

    @property
    def texts(self) -> list[str]:
        """What the auditor reads: the turns it scores (in lower case if in capitals throughout,
        as `ResidualAuditor.detect` reads them), then the other fields with their names."""
        from veil.risk.record import field_reading

        return [*lower_case_reading(self.turn_texts),
                *(field_reading(location, text) for location, text in self.fields)]


class TurnTexts(tuple):
    """A conversation's turn texts, as a model's `RunInference` example. A tuple subclass, so
    that Beam's coder pickles it rather than encoding each text as UTF-8: a lone surrogate
    ('\\ud800') is a valid str, and such a record must fail at the write, alone."""
