"""Reversing annotated pseudonyms, as DLP's `reidentify_content` does.

A `crypto_replace_ffx_fpe_config` or `crypto_deterministic_config` transformation with
`surrogate_info_type: {name: TOKEN}` writes each token as `TOKEN(length):token`. Given the
same transformations and key, `Reidentifier` finds every such annotation in a text and puts
the original value back (the annotation goes too, as in DLP). Nothing else is reversible:
placeholders, surrogates, hashes and masks keep no mapping.

    reidentifier = reidentifier_from(deidentify_config)     # reads the keys now
    text, failed = reidentifier.text("call TOKEN(10):8305929341")
"""
from __future__ import annotations

from dataclasses import dataclass, field

from veil.run.errors import ConfigError
from veil.transform.operators.base import Operator
from veil.transform.operators.build import all_primitives, operator_from
from veil.transform.operators.config import DeidentifyConfig
from veil.transform.operators.crypto import TransformationError, annotated_tokens
from veil.transform.operators.pseudonymize import REVERSIBLE


@dataclass
class Reidentifier:
    """The reversible operator of each surrogate infoType, its key read."""

    by_name: dict[str, Operator] = field(default_factory=dict)

    def text(self, text: str) -> tuple[str, int]:
        """`text` with every annotated token reversed, and how many did not reverse (wrong
        key or a damaged token: those stay as they are)."""
        failed = 0
        for name, operator in self.by_name.items():
            pieces, position = [], 0
            for start, end, token in annotated_tokens(text, name):
                try:
                    original = operator.options.reverse(token, operator.key)
                except TransformationError:
                    failed += 1
                    continue
                pieces += [text[position:start], original]
                position = end
            text = "".join(pieces) + text[position:]
        return text, failed

    def value(self, value):
        """Every string in a JSON value reidentified; (new value, tokens that failed)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            results = [self.value(item) for item in value]
            return [r for r, _ in results], sum(f for _, f in results)
        if isinstance(value, dict):
            results = {k: self.value(v) for k, v in value.items()}
            return {k: r for k, (r, _) in results.items()}, sum(f for _, f in results.values())
        return value, 0


def reidentifier_from(deidentify, surrogate_types: set[str] | None = None,
                      storage=None) -> Reidentifier:
    """The Reidentifier of a DeidentifyConfig (or its dict): every FPE or deterministic
    transformation with a `surrogate_info_type` (in the text's transformations or a record
    field's), its key read now. `surrogate_types`, the
    custom infoTypes a request declares with `surrogate_type` (as DLP needs), must name each
    of them when given. Raises ConfigError when there is nothing to reverse."""
    if isinstance(deidentify, dict):
        deidentify = DeidentifyConfig.model_validate(deidentify)
    found: dict[str, Operator] = {}
    for where, primitive in all_primitives(deidentify):
        options = primitive.options
        if not isinstance(options, REVERSIBLE) or options.surrogate_info_type is None:
            continue
        name = options.surrogate_info_type.name
        if surrogate_types is not None and name not in surrogate_types:
            raise ConfigError(
                f"surrogate_info_type {name}: declare it in inspect_config.custom_info_types "
                f"with surrogate_type: {{}} ({{info_type: {{name: {name}}}, surrogate_type: {{}}}}), "
                "as DLP's reidentify_content needs")
        found[name] = operator_from(primitive, where, storage)
    if not found:
        raise ConfigError(
            "nothing to reidentify: the config has no crypto_replace_ffx_fpe_config or "
            "crypto_deterministic_config transformation with a surrogate_info_type (only those "
            "annotate their tokens so that they can be found and reversed)")
    return Reidentifier(found)
