"""Replacing merged findings: numbered placeholders by default (`[PERSON_NAME_1]`, as in the
paper), or the operator the config sets for the infoType (see veil.transform.operators: each operator
is one class, applied here to each mention with its conversation's context).

Mentions of one entity ("Rachel Green", "Rachel", "G-R-E-E-N") share one number and one
surrogate (veil.entities.resolution). Numbers are per conversation and per infoType, in order of first
appearance; numbering restarts in every conversation and no mapping outlives it, because a
mapping that persisted across conversations would be pseudonymisation. DLP's pseudonymising
operators (`crypto_*`), which a config may choose, are exactly that: their tokens are the same
in every record (docs/pseudonymisation.md). A value an operator cannot transform follows the
config's `transformation_error_handling` (`replace_mention`).

Every replacement is a `(finding, text)` pair whose offsets refer to the original turn, so
applying the replacements to the original rebuilds the output for every operator, redaction
(empty text) included. Input text that looks like a placeholder is escaped by a replacement
too (`[EMAIL_ADDRESS_2]` becomes `(EMAIL_ADDRESS_2)`, see veil.transform.placeholders).
"""
from __future__ import annotations

from dataclasses import dataclass

from veil.entities.resolution import harmonise_types, resolve
from veil.detection.findings import Finding
from veil.transform.operators.base import Conversation, Operator, placeholder
from veil.transform.operators.build import Operators
from veil.transform.operators.crypto import TransformationError
from veil.transform.placeholders import LITERAL_TYPE, escape_literal, placeholder_literals
from veil.io.records import BadRecord

DEFAULT_OPERATORS = Operators()


@dataclass(frozen=True)
class Replacement:
    """A finding and the text that replaces it in the output."""

    finding: Finding
    text: str
    # The operator could not transform the value and `leave_untransformed` kept it: `text` is
    # the original value, so `findings/` must not repeat it.
    untransformed: bool = False

    @property
    def hides_value(self) -> bool:
        """Whether the output no longer holds the finding's value: not a placeholder escape,
        not a value left untransformed (what residual-risk scoring counts as redacted)."""
        return not self.is_escape and not self.untransformed

    @property
    def is_escape(self) -> bool:
        """Whether this only escapes a placeholder-shaped literal (it hides no value)."""
        return self.finding.info_type == LITERAL_TYPE


def number_placeholders(findings: list[Finding], texts: list[str]) -> list[Replacement]:
    """Placeholders for one conversation's merged findings, sorted by (turn, start)."""
    resolution = resolve(texts, findings)
    return [Replacement(f, placeholder(resolution.entity_of[f])) for f in _ordered(findings)]


def _ordered(findings) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.turn, f.start, f.end, f.info_type))


def apply_replacements(text: str, replacements: list[Replacement]) -> str:
    """The text with each replacement's span swapped for its text. Spans must not overlap."""
    pieces = []
    position = 0
    for replacement in sorted(replacements, key=lambda r: r.finding.start):
        start, end = replacement.finding.start, replacement.finding.end
        if start < position:
            raise ValueError("overlapping replacements")
        pieces.append(text[position:start])
        pieces.append(replacement.text)
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def date_shift_days(operator: Operator, conversation_id: str) -> int:
    """The conversation's shift under a date-shift operator (its options' `days`)."""
    return operator.options.days(operator.key, conversation_id)


class UntransformableValue(BadRecord):
    """A value its operator cannot transform, under `transformation_error_handling:
    throw_error`: the record goes to errors/."""


def replace_mention(operator: Operator, conversation: Conversation, finding: Finding,
                on_error: str | None = None) -> Replacement:
    """What one mention becomes under its infoType's operator. A value the operator cannot
    transform becomes the numbered placeholder, raises UntransformableValue
    (`throw_error`) or stays as it is (`leave_untransformed`)."""
    mention = conversation.mention(finding)
    try:
        return Replacement(finding, operator.apply(mention))
    except TransformationError as error:
        if on_error == "throw_error":
            raise UntransformableValue(
                f"{operator.kind} cannot transform a {finding.info_type} value ({error}); "
                "deidentify_config.transformation_error_handling is throw_error") from None
        if on_error == "leave_untransformed":
            return Replacement(finding, mention.value, untransformed=True)
        return Replacement(finding, mention.placeholder)


def anonymize_conversation(
    conversation_id: str,
    texts: list[str],
    findings: list[Finding],
    operators: Operators = DEFAULT_OPERATORS,
    *,
    order: list | None = None,
    turns: int | None = None,
    speakers: list[str | None] | None = None,
    operator_of=None,
    fixed_types: frozenset[str] = frozenset(),
) -> tuple[list[str], list[Replacement]]:
    """Every text anonymised with the configured operators, and the replacements (sorted by
    text and start) that did it. Findings must not overlap (see veil.detection.merge).

    `texts` are the turns, then (from index `turns`) a record's other texts; `order`,
    `speakers` go to entity resolution (veil.entities.resolution.resolve). `operator_of(finding)` picks
    a finding's operator where it depends on more than its type (a field's own
    transformations); findings of a detector in `fixed_types` keep their type."""
    findings = harmonise_types(texts, findings, fixed_types)
    resolution = resolve(texts, findings, order, turns, speakers)
    conversation = Conversation(conversation_id, texts, resolution)
    choose = operator_of or (lambda finding: operators.for_type(finding.info_type))
    replacements = [replace_mention(choose(f), conversation, f, operators.on_error) for f in findings]
    replacements += [
        Replacement(f, escape_literal(texts[f.turn][f.start:f.end]))
        for f in placeholder_literals(texts, findings)
    ]
    replacements.sort(key=lambda r: (r.finding.turn, r.finding.start, r.finding.end,
                                     r.finding.info_type))
    by_turn: dict[int, list[Replacement]] = {}
    for replacement in replacements:
        by_turn.setdefault(replacement.finding.turn, []).append(replacement)
    new_texts = [apply_replacements(text, by_turn.get(i, [])) for i, text in enumerate(texts)]
    return new_texts, replacements


def anonymize_texts(texts: list[str], findings: list[Finding]) -> tuple[list[str], list[Replacement]]:
    """Every turn's text with numbered placeholders, and the replacements that did it."""
    return anonymize_conversation("", texts, findings, DEFAULT_OPERATORS)
