"""Token-per-line BIO files (CoNLL style) as Veil records: natural text with exact gold offsets.

Public NER corpora come tokenised ("@ user", "did n't", "Paris ," ...); Veil's detectors run on
text as people write it. `sentence_record` rebuilds that text from the tokens and moves every
BIO entity onto character offsets of the rebuilt text, so the record follows Veil's input
contract (`id`, `text`, `pii: [{start, end, info_type}]`) and `text[start:end]` is exactly the
entity's tokens rebuilt the same way.

Rebuilding rules: tokens are separated by one space, except that "@" and "#" join the next token,
clitics ("'s", "n't", "'m", ...) join the previous word, closing punctuation takes no space
before it and opening brackets none after. Pure functions, no Beam and no torch.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

_CLITIC = re.compile(r"(?i)^(?:['’](?:s|re|ve|ll|d|m|t)|n['’]t)$")
_CLOSING = re.compile(r"^[.,!?;:%)\]}…'’´\"]+$")
_OPENING = frozenset("([{")
_JOIN_NEXT = frozenset("@#")
_APOSTROPHES = "'’´`"
_CLITIC_TAIL = frozenset("s re ve ll d m t".split())


@dataclass(frozen=True)
class Sentence:
    """One sentence (a post) of a CoNLL file: its tokens and their BIO tags."""

    tokens: tuple[str, ...]
    tags: tuple[str, ...]
    line: int  # the file line (1-based) of its first token


def read_conll(lines: Iterable[str]) -> Iterator[Sentence]:
    """Sentences of a token<TAB>tag file; an empty line ends a sentence.

    A line of spaces, a line without a tab, or one with an empty or blank token carries no text
    and is skipped, inside its sentence (the Broad Twitter Corpus has a few such lines)."""
    tokens: list[str] = []
    tags: list[str] = []
    first = 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line:
            if tokens:
                yield Sentence(tuple(tokens), tuple(tags), first)
            tokens, tags = [], []
            continue
        token, _, tag = line.partition("\t")
        if not token.strip() or not tag.strip():
            continue
        if not tokens:
            first = number
        tokens.append(token.strip())
        tags.append(tag.strip())
    if tokens:
        yield Sentence(tuple(tokens), tuple(tags), first)


def _glued(previous: str, token: str) -> bool:
    """Whether `token` follows `previous` with no space between them."""
    return (previous in _JOIN_NEXT or previous in _OPENING
            or _CLITIC.match(token) is not None or _CLOSING.match(token) is not None
            # "I' ve", "Kremlin' s", "That ´ s": the apostrophe went with the first half.
            or (previous[-1] in _APOSTROPHES and token.lower() in _CLITIC_TAIL))


def rebuild(tokens: Iterable[str]) -> tuple[str, list[tuple[int, int]]]:
    """The natural text of `tokens`, and each token's [start, end) in it."""
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    at = 0
    previous = None
    for token in tokens:
        if previous is not None and not _glued(previous, token):
            parts.append(" ")
            at += 1
        offsets.append((at, at + len(token)))
        parts.append(token)
        at += len(token)
        previous = token
    return "".join(parts), offsets


def entities(tags: Iterable[str]) -> list[tuple[int, int, str]]:
    """BIO tags to [first token, last token + 1) spans with their source label.

    An I- tag with no entity of its label open starts one, as conlleval reads it."""
    spans: list[list] = []
    open_span = None
    for index, tag in enumerate(tags):
        if len(tag) < 3 or tag[1] != "-":
            open_span = None
            continue
        prefix, label = tag[0], tag[2:]
        if open_span is not None and open_span[2] == label and prefix == "I":
            open_span[1] = index + 1
        else:
            open_span = [index, index + 1, label]
            spans.append(open_span)
    return [tuple(s) for s in spans]


def sentence_record(sentence: Sentence, record_id: str, label_map: Mapping[str, str | None],
                    **fields) -> dict:
    """A Veil document record for one sentence; labels that map to None are left out of `pii`."""
    text, offsets = rebuild(sentence.tokens)
    pii = []
    for first, last, label in _entities_joining_marks(sentence):
        try:
            info_type = label_map[label]
        except KeyError:
            raise ValueError(f"line {sentence.line}: label {label!r} has no mapping") from None
        if info_type is None:
            continue
        pii.append({"start": offsets[first][0], "end": offsets[last - 1][1], "info_type": info_type})
    return {"id": record_id, "text": text, **fields, "pii": pii}


def _entities_joining_marks(sentence: Sentence) -> list[tuple[int, int, str]]:
    """`entities`, with "@"/"#" followed by a B- of the same label read as one mention: the
    Broad Twitter Corpus tags "@ user" as B-PER B-PER, and the rebuilt "@user" is one word."""
    tags = list(sentence.tags)
    for index in range(1, len(tags)):
        before, tag = tags[index - 1], tags[index]
        if (sentence.tokens[index - 1] in _JOIN_NEXT and before != "O" and tag.startswith("B-")
                and before[2:] == tag[2:]):
            tags[index] = "I-" + tag[2:]
    return entities(tags)
