"""DLP's character mask, with DLP's semantics (`character_mask_config`, see
`veil.transform.operators.primitives.CharacterMaskConfig`), and the characters it may leave alone."""
from __future__ import annotations

import enum
import string

from veil.run.schema import DlpModel


class CommonCharsToIgnore(str, enum.Enum):
    COMMON_CHARS_TO_IGNORE_UNSPECIFIED = "COMMON_CHARS_TO_IGNORE_UNSPECIFIED"
    NUMERIC = "NUMERIC"
    ALPHA_UPPER_CASE = "ALPHA_UPPER_CASE"
    ALPHA_LOWER_CASE = "ALPHA_LOWER_CASE"
    PUNCTUATION = "PUNCTUATION"
    WHITESPACE = "WHITESPACE"


class CharsToIgnore(DlpModel):
    characters_to_skip: str | None = None
    common_characters_to_ignore: CommonCharsToIgnore | None = None

    one_of = ("characters_to_skip", "common_characters_to_ignore")


_COMMON = {
    CommonCharsToIgnore.NUMERIC: set(string.digits),
    CommonCharsToIgnore.ALPHA_UPPER_CASE: set(string.ascii_uppercase),
    CommonCharsToIgnore.ALPHA_LOWER_CASE: set(string.ascii_lowercase),
    # DLP: "US Punctuation, one of !"#$%&'()*+,-./:;<=>?@[]^_`{|}~"
    CommonCharsToIgnore.PUNCTUATION: set(string.punctuation),
    # DLP: "Whitespace character, one of [ \t\n\x0B\f\r]"
    CommonCharsToIgnore.WHITESPACE: set(" \t\n\x0b\f\r"),
    CommonCharsToIgnore.COMMON_CHARS_TO_IGNORE_UNSPECIFIED: set(),
}


def ignored_characters(config) -> set[str]:
    ignored: set[str] = set()
    for item in config.characters_to_ignore:
        if item.characters_to_skip is not None:
            ignored |= set(item.characters_to_skip)
        else:
            ignored |= _COMMON[item.common_characters_to_ignore]
    return ignored


def character_mask(value: str, config) -> str:
    """Mask `number_to_mask` maskable characters (all when 0) from the start, or from the end
    with reverse_order; a negative number masks all but that many. Ignored characters are
    kept and do not count."""
    ignored = ignored_characters(config)
    maskable = [i for i, c in enumerate(value) if c not in ignored]
    n = config.number_to_mask
    if n == 0 or n >= len(maskable):
        chosen = maskable
    elif n > 0:
        chosen = maskable[-n:] if config.reverse_order else maskable[:n]
    else:
        keep = min(-n, len(maskable))
        # -4, forward: all but the last four; -4, reverse: all but the first four.
        chosen = maskable[keep:] if config.reverse_order else maskable[: len(maskable) - keep]
    chars = list(value)
    for i in chosen:
        chars[i] = config.mask_char
    return "".join(chars)
