"""Unicode disguises seen through before detection: what a reader sees, with offsets kept.

Personal data can be written so that it reads the same to a person and differently to a
pattern: an email broken by zero-width spaces, a full-width name (`Ｊｏｈｎ`), a Cyrillic "о" in
an address, digits behind a right-to-left override that a screen shows reversed. Detection
reads a normalised copy of each turn, its `Reading`, and every finding is mapped back onto the
turn as it was given (`Reading.original_span`), so that the output keeps the input's text and
only found spans are replaced, whole: a zero-width character inside an email is inside the
replaced span.

What a reading changes, and nothing else:

- invisible characters are dropped: format controls (zero-width spaces and joiners, the
  direction marks, embeddings, overrides and isolates, soft hyphens, the byte-order mark, tag
  characters), variation selectors and the invisible fillers;
- compatibility forms become their plain letters, digits and signs (NFKC) where the result
  holds a letter or digit (`Ｊ`, `①`, `𝐉`, a letter and its combining accent), and full-width
  signs (`＠`, `．`) and unusual spaces become their ASCII forms; other compatibility
  expansions of ordinary punctuation ("…" to "...") are left alone: they hide nothing and
  would change how ordinary text reads;
- a conversation analyst's notation inside words is dropped: lengthening colons ("Da::wn"),
  laughter particles ("Fra(h)nk"), and the pitch arrows and degree signs at a word's edge
  ("↑Dawn", "°yeah°"), so that the word reads as it is spelled;
- in a word that mixes Latin with Cyrillic or Greek letters, or in an email or web address,
  the Cyrillic and Greek letters that look like Latin ones become those (`CONFUSABLES`); a word
  wholly in Cyrillic or Greek is that language and is kept.

A run of text behind a right-to-left override (U+202E, up to its pop or the end of the line)
is shown reversed. Detection reads it as stored (the primary reading, which a model trained on
the output sees) and as shown (a second reading, `readings`), and keeps what either finds.

A turn of ASCII alone has nothing to normalise and costs one `str.isascii`; other text in NFKC
without a character a reading would change costs one NFKC check and one search.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

# Look-alikes of Latin letters, from Unicode's confusables (TR39) for the Cyrillic and Greek
# letters that pass for Latin ones in addresses and names. Deliberately small: TR39's whole
# skeleton also folds Latin into Latin ("rn" and "m"), which detection must not do.
CONFUSABLES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ү": "y", "ɡ": "g",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Һ": "H", "Ԁ": "D", "Ԛ": "Q",
    "Ԝ": "W", "Ӏ": "I", "Ү": "Y",
    # Greek
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "τ": "t", "υ": "u", "χ": "x",
    "ϲ": "c", "ϳ": "j",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C",
}

# Invisible characters that are not format controls (category Cf, dropped as a class): the
# combining grapheme joiner, the Hangul fillers, the Mongolian vowel separator's neighbours.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u180b\u180c\u180d\u180f")

_RLO, _PDF = "\u202e", "\u202c"

# The characters a reading drops, folds or replaces though NFKC keeps them: a text in NFKC
# without any of them reads as it is (most non-ASCII text: accents, curly quotes, emoji).
def _character_class(codes) -> str:
    """A regular expression's class for `codes`, as ranges (a class of single characters
    outside Latin-1 is searched slowly)."""
    ranges: list[list[int]] = []
    for code in sorted(codes):
        if ranges and code == ranges[-1][1] + 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "[" + "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                         for a, b in ranges) + "]"


_SUSPECT = re.compile(_character_class(
    # Every format control and space lies below U+20000 or in the tags' plane (U+E0000-).
    code for code in (*range(0x80, 0x20000), *range(0xE0000, 0xE1000))
    if unicodedata.category(chr(code)) in ("Cf", "Zs") or chr(code) in _INVISIBLE
    or chr(code) in CONFUSABLES or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF))
# Where an override's reach ends: its pop, or the end of the paragraph (Unicode's bidi rules).
_OVERRIDE_ENDS = frozenset(_PDF + "\n\r\u2029\u0085")
_WEB = re.compile(r"@|://|www\.", re.IGNORECASE)


@dataclass(frozen=True)
class Reading:
    """A turn as detection reads it: `text`, and for each of its characters the span
    [starts[i], ends[i]) of the turn's original text it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original span that [start, end) of this reading came from: from the first
        original character to the last, whatever was dropped between them."""
        return min(self.starts[start:end]), max(self.ends[start:end])


def _dropped(char: str) -> bool:
    if char in _INVISIBLE:
        return True
    code = ord(char)
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:  # variation selectors
        return True
    return unicodedata.category(char) == "Cf"


def _plain(cluster: str) -> str:
    """A character and its combining marks, in the plain form detection reads (see the
    module's docstring), or the cluster itself."""
    if len(cluster) == 1:
        code = ord(cluster)
        if unicodedata.category(cluster) == "Zs":
            return " "
        if 0xFF01 <= code <= 0xFF5E:  # full-width ASCII
            return chr(code - 0xFEE0)
    folded = unicodedata.normalize("NFKC", cluster)
    if folded != cluster and any(c.isalnum() for c in folded):
        return folded
    return cluster


def _clusters(text: str, start: int, end: int):
    """(position, cluster) of text[start:end]: a character with the combining marks after it,
    invisible characters left out."""
    i = start
    while i < end:
        char = text[i]
        if _dropped(char):
            i += 1
            continue
        j = i + 1
        while j < end and unicodedata.combining(text[j]) and not _dropped(text[j]):
            j += 1
        yield i, j, text[i:j]
        i = j


def _confusables_folded(chars: list[str]) -> None:
    """In place: the look-alike letters of each mixed-script word or web address made Latin."""
    i, n = 0, len(chars)
    while i < n:
        if chars[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not chars[j].isspace():
            j += 1
        word = "".join(chars[i:j])
        if any(c in CONFUSABLES for c in word) and (
                any("a" <= c.lower() <= "z" for c in word) or _WEB.search(word)):
            for k in range(i, j):
                chars[k] = CONFUSABLES.get(chars[k], chars[k])
        i = j


def _read(text: str, order: Sequence[tuple[int, int]]) -> Reading:
    """The reading of `text` whose pieces are the spans `order`, each normalised."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for start, end in order:
        for a, b, cluster in _clusters(text, start, end):
            plain = _plain(cluster)
            out.extend(plain)
            starts.extend([a] * len(plain))
            ends.extend([b] * len(plain))
    _confusables_folded(out)
    return Reading("".join(out), tuple(starts), tuple(ends))


def _override_runs(text: str) -> list[tuple[int, int]]:
    """The [start, end) of each run of text behind a right-to-left override."""
    runs, i = [], text.find(_RLO)
    while i >= 0:
        j = i + 1
        while j < len(text) and text[j] not in _OVERRIDE_ENDS:
            j += 1
        runs.append((i + 1, j))
        i = text.find(_RLO, j)
    return runs


# A conversation analyst's notation (Jefferson's, as in TalkBank's CA transcripts) inside words:
# lengthening colons ("Da::wn", "we:ll") and laughter particles ("Fra(h)nk"); and its pitch arrows
# and the degree signs of quiet speech at a word's edge ("↑Dawn", "°yeah°"). A name broken by them is
# no name to a rule or a list; read without them, it is. Not a colon in a token with digits, a
# link or an address ("10:30", "fe80::1", "mailto:a@b.org"), nor in one of three colons or more
# (a MAC address, "aa:bb:cc:dd:ee:ff").
_IN_WORD_COLONS = re.compile(r"(?<=[A-Za-z]):+(?=[A-Za-z])")
_LAUGH_PARTICLE = re.compile(r"(?<=[A-Za-z])\(h+\)")
_PITCH_AND_VOLUME = re.compile(r"(?<!\d)[↑↓°]+(?=[^\W\d_])|(?<=[^\W\d_])[↑↓°]+")
_NOT_SPOKEN = re.compile(r"[\d/@.]")


def _notation(text: str) -> list[tuple[int, int]]:
    """The spans of analysts' notation in `text`'s words (see above), to be read without."""
    if ":" not in text and "(h" not in text and not any(mark in text for mark in "↑↓°"):
        return []
    spans = [m.span() for m in _LAUGH_PARTICLE.finditer(text)] + [m.span() for m in _PITCH_AND_VOLUME.finditer(text)]
    for colons in _IN_WORD_COLONS.finditer(text):
        left = text.rfind(" ", 0, colons.start()) + 1
        right = text.find(" ", colons.end())
        token = text[left:len(text) if right < 0 else right]
        if not _NOT_SPOKEN.search(token) and len(re.findall(r":+", token)) <= 2:
            spans.append(colons.span())
    return sorted(spans)


def _pieces_without(spans: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) less `spans`, as the pieces `_read` reads."""
    pieces, position = [], start
    for a, b in spans:
        if a >= position:
            pieces.append((position, a))
            position = b
    pieces.append((position, end))
    return [(a, b) for a, b in pieces if a < b]


def readings(text: str) -> list[Reading]:
    """How detection reads `text`: none for a text there is nothing to see through (the
    common case, it is read as it is), else its normalised reading (less any analyst's
    notation inside its words), and a second one with the runs behind a right-to-left override
    reversed, as a screen shows them."""
    notation = _notation(text)
    if not notation and (text.isascii() or (unicodedata.is_normalized("NFKC", text)
                                            and not _SUSPECT.search(text))):
        return []
    primary = _read(text, _pieces_without(notation, 0, len(text)))
    runs = _override_runs(text)
    if not runs:
        if primary.text == text:
            return []
        return [primary]
    pieces: list[tuple[int, int]] = []
    position = 0
    for start, end in runs:
        pieces.append((position, start))
        pieces.extend((k, k + 1) for k in range(end - 1, start - 1, -1))
        position = end
    pieces.append((position, len(text)))
    return [primary, _read(text, pieces)]


def plain_text(text: str) -> str:
    """`text` as detection reads it (its primary reading): for comparing values, so that a
    value and its disguised spelling are one entity."""
    read = readings(text)
    return read[0].text if read else text
