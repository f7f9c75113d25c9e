"""From subword tokens to character spans and back: the model-agnostic half of NER.

Pure functions on plain lists and numpy arrays (no torch, no Beam), so that windowing, the
decision rule and span decoding are tested on their own, with property tests.

- `bio_labels` / `token_targets`: gold character spans to per-token BIO training targets.
- `token_windows`: a long turn's tokens cut into overlapping windows that fit the model.
- `stitch_windows`: per-token probabilities from overlapping windows, each token taken from the
  window where it sits furthest from an edge (the most context on both sides).
- `decode_spans`: the recall-favouring decision rule (a non-O label wins when P(O) is below the
  threshold), then character spans widened to whole words.
- `tokenizable`: text a tokenizer accepts, with the same character offsets.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Sequence

import numpy as np

OUTSIDE = "O"
# The label of `unread_name_words`' spans: the merge's reserved type (veil.detection.merge).
NOT_A_NAME = "NOT_A_NAME"
IGNORE = -100  # the label id torch's cross-entropy skips (special and padding tokens)
_SURROGATE = re.compile("[\ud800-\udfff]")


def tokenizable(text: str) -> str:
    """`text` with each lone surrogate ('\\ud800': valid in a Python str and as a JSON escape,
    not in UTF-8) replaced by U+FFFD. Tokenizers (Hugging Face's, spaCy's) refuse such text;
    one character for one keeps every offset, so findings still point into the original."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def bio_labels(types: Sequence[str]) -> list[str]:
    """The label list of a model: O, then B-/I- for each type, in a fixed order."""
    labels = [OUTSIDE]
    for name in types:
        labels += [f"B-{name}", f"I-{name}"]
    return labels


def label_type(label: str) -> str | None:
    """`B-PERSON_NAME` -> `PERSON_NAME`; `O` -> None. Bare labels (`PER`) are their own type."""
    if label == OUTSIDE:
        return None
    if len(label) > 2 and label[1] == "-" and label[0] in "BIES":
        return label[2:]
    return label


@dataclass(frozen=True)
class CharSpan:
    start: int
    end: int
    label: str
    score: float = 1.0


def token_targets(offsets: Sequence[tuple[int, int]], spans: Sequence[CharSpan],
                  label_ids: dict[str, int], ignore: Sequence[tuple[int, int]] = ()) -> list[int]:
    """BIO target ids for tokens with character `offsets`; (0, 0) offsets (special tokens) are ignored.

    A token is inside a span when their characters overlap; the first such token is B-. A token
    that overlaps an `ignore` range (text the data leaves unannotated) gets no target either."""
    targets = []
    ordered = sorted(spans, key=lambda s: s.start)
    previous_span = None
    index = 0
    for start, end in offsets:
        if start == end:
            targets.append(IGNORE)
            continue
        while index < len(ordered) and ordered[index].end <= start:
            index += 1
        span = ordered[index] if index < len(ordered) and ordered[index].start < end else None
        if span is None and any(a < end and start < b for a, b in ignore):
            targets.append(IGNORE)
        elif span is None:
            targets.append(label_ids[OUTSIDE])
        else:
            prefix = "I" if span is previous_span else "B"
            targets.append(label_ids[f"{prefix}-{span.label}"])
        previous_span = span
    return targets


def token_windows(n_tokens: int, window: int, stride: int) -> list[tuple[int, int]]:
    """[start, end) token windows of at most `window` tokens covering 0..n_tokens.

    Consecutive windows overlap by `stride` tokens so that a name at a cut has context on both
    sides in one of them. A text that fits is one window."""
    if window <= 0:
        raise ValueError("window must be positive")
    if not 0 <= stride < window:
        raise ValueError("stride must be in [0, window)")
    if n_tokens <= window:
        return [(0, n_tokens)]
    step = window - stride
    windows = []
    start = 0
    while True:
        end = min(start + window, n_tokens)
        windows.append((start, end))
        if end == n_tokens:
            return windows
        start += step


def stitch_windows(n_tokens: int, windows: Sequence[tuple[int, int]],
                   window_probs: Sequence[np.ndarray]) -> np.ndarray:
    """One probability row per token, each from the window where the token is most central."""
    if not windows:
        return np.zeros((0, 0), dtype=np.float32)
    n_labels = window_probs[0].shape[1]
    stitched = np.zeros((n_tokens, n_labels), dtype=np.float32)
    best_margin = np.full(n_tokens, -1, dtype=np.int64)
    for (start, end), probs in zip(windows, window_probs):
        if probs.shape[0] != end - start:
            raise ValueError("a window's probabilities do not match its length")
        positions = np.arange(start, end)
        margin = np.minimum(positions - start, end - 1 - positions)
        better = margin > best_margin[start:end]
        stitched[start:end][better] = probs[better]
        best_margin[start:end] = np.where(better, margin, best_margin[start:end])
    return stitched


def decide_labels(probs: np.ndarray, outside_index: int, threshold: float) -> np.ndarray:
    """Per token, O unless P(O) < threshold; then the most likely non-O label."""
    if probs.shape[0] == 0:
        return np.zeros(0, dtype=np.int64)
    others = probs.copy()
    others[:, outside_index] = -1.0
    best_other = others.argmax(axis=1)
    return np.where(probs[:, outside_index] < threshold, best_other, outside_index)


def decode_spans(text: str, offsets: Sequence[tuple[int, int]], probs: np.ndarray,
                 labels: Sequence[str], threshold: float) -> list[CharSpan]:
    """Character spans of `text` from per-token probabilities.

    Adjacent tokens of one type join into one span unless the later one is a B- label that
    starts a new word; spans are then widened to whole words, because a redaction that leaves
    half a name leaves the name. The score is the span's lowest per-token 1 - P(O)."""
    outside = labels.index(OUTSIDE)
    if not (probs[:, outside] < threshold).any():  # most turns: no token is anything but O
        return []
    decided = decide_labels(probs, outside, threshold)
    spans: list[CharSpan] = []
    current: list | None = None  # [start, end, type, score]
    for index, ((start, end), label_id) in enumerate(zip(offsets, decided)):
        if start == end:
            continue
        kind = label_type(labels[label_id]) if label_id != outside else None
        if kind is None:
            if current:
                spans.append(CharSpan(*current))
            current = None
            continue
        score = float(1.0 - probs[index, outside])
        starts_new = labels[label_id].startswith("B-") and not _inside_word(text, start)
        if current and current[2] == kind and not starts_new and _joinable(text, current[1], start):
            current[1] = end
            current[3] = min(current[3], score)
        else:
            if current:
                spans.append(CharSpan(*current))
            current = [start, end, kind, score]
    if current:
        spans.append(CharSpan(*current))
    # A span without a letter or a digit names no one: the "@@@" of a transcript's laughter
    # (the Santa Barbara corpus's, a conversation analyst's), read like a tweet's "@".
    widened = (widen_to_words(text, span) for span in spans)
    return _merge_touching(text, [span for span in widened
                                  if any(char.isalnum() for char in text[span.start:span.end])])


def _inside_word(text: str, position: int) -> bool:
    return 0 < position <= len(text) and text[position - 1].isalnum() and text[position].isalnum()


def _joinable(text: str, end: int, start: int) -> bool:
    """Two tokens join when only spaces, hyphens, apostrophes or periods lie between them."""
    return all(char in " -'.’&" for char in text[end:start])


def widen_to_words(text: str, span: CharSpan) -> CharSpan:
    start, end = span.start, span.end
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return CharSpan(start, end, span.label, span.score)


def _merge_touching(text: str, spans: list[CharSpan]) -> list[CharSpan]:
    """Widening can make two spans of one word overlap: they become one (the first type wins)."""
    merged: list[CharSpan] = []
    for span in spans:
        if merged and span.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = CharSpan(last.start, max(last.end, span.end), last.label, min(last.score, span.score))
        else:
            merged.append(span)
    return merged


_SPAN_WORD = re.compile(r"[^\W\d_]+")


def unread_name_words(text: str, offsets: Sequence[tuple[int, int]], probs: np.ndarray,
                      labels: Sequence[str], below: float, taken: Sequence[CharSpan] = ()
                      ) -> list[CharSpan]:
    """The name-list words that English also uses as words ("alma", "pace", "marks", "cliff":
    `word_name_words`) that the model reads as no one's name: in a text whose case says nothing
    (`is_cased` false: raw ASR output), each such word outside the spans `taken` all of whose
    tokens the model gives a chance of any entity, 1 - P(O), under `below`. The lists alone
    cannot tell "alma mater" or "a nice pace" from a name; the model that read the sentence
    can. Names that are no English word ("isha", "calcedonio") are not vetoed in speech: the
    model knows too few of them to be trusted when it reads them as nothing. In a text typed
    online or mostly not English they are (`typed_online`, `mostly_foreign`): there a word
    outside English is slang, a handle or a foreign word as often as a name ("gona", "irl",
    "del", "esta"). The score is the highest of those chances."""
    from veil.detection.engine.word_facts import mostly_foreign, typed_online
    from veil.detection.engine.word_lists import name_words, word_name_words

    outside = labels.index(OUTSIDE)
    english_too, names = word_name_words(), name_words()
    weigh_every_name = None  # typed online or foreign: asked once, only when a name needs it
    starts = [start for start, _ in offsets]
    out: list[CharSpan] = []
    for match in _SPAN_WORD.finditer(text):
        lowered = match.group(0).lower()
        if lowered not in english_too:
            if lowered not in names:
                continue
            if weigh_every_name is None:
                weigh_every_name = typed_online(text) or mostly_foreign(text)
            if not weigh_every_name:
                continue
        start, end = match.span()
        if any(span.start < end and start < span.end for span in taken):
            continue
        chance = -1.0
        for index in range(max(0, bisect_right(starts, start) - 1), len(offsets)):
            token_start, token_end = offsets[index]
            if token_start >= end:
                break
            if token_end > start and token_start < token_end:
                chance = max(chance, float(1.0 - probs[index, outside]))
        if 0.0 <= chance < below:
            out.append(CharSpan(start, end, NOT_A_NAME, chance))
    return out


def corroborated(text: str, span: CharSpan, cased: bool | None = None, person: bool = False) -> bool:
    """Whether a span's own words back a doubtful model finding: one of them is a word of the
    name lists ("Henning", "Nguyen", "Grace"), capitalised where the text has capitals (case
    is evidence there), and no ordinary English word where it has none ("nguyen", not
    "grace"). Ordinary words ("people", "waiver") and words the lists do not know ("Netflix",
    "lmao") are no backing. `cased`: `is_cased(text)`, when the caller judges many spans of
    one text (None: judged here).

    `person`: the model reads a person. Then, where the text has capitals, a capitalised word
    that opens no sentence and is no ordinary word backs it too ("Galois", "Yaqubi", "Chicksen"):
    the writer gave it a capital for being a name, and the model already leans that way. A
    name the lists do not know is the name a caller's family and friends have most often. Where
    case says nothing (no capitals, or one that opens a sentence), a word that is a stranger to
    English and to the lists backs a person ("galois", "Goode was born":
    `_a_stranger_where_case_says_nothing`)."""
    from veil.detection.engine.word_facts import is_cased
    from veil.detection.engine.word_lists import common_words, name_words

    ordinary, names = common_words(), name_words()
    if cased is None:
        cased = is_cased(text)
    for match in _SPAN_WORD.finditer(text, span.start, span.end):
        word = match.group(0)
        lowered = word.lower()
        if len(word) < 2 or (cased and not word[:1].isupper()):
            continue
        if lowered in names and (cased or lowered not in ordinary):
            return True
        if person and cased and _capitalised_as_a_name(text, match.start(), word):
            return True
        if person and _a_stranger_where_case_says_nothing(text, match.start(), match.end(), cased):
            return True
    return False


# A transcriber's note of a sound or a gap, one lower-case word in the brackets that
# transcription conventions use: "{lipsmack}", "[laughter]", "<unk>", "[vocalized-noise]" (not
# a writer's "[Alexandros]", a name put in brackets).
_TRANSCRIBERS_MARK = re.compile(r"\{[a-z_-]+\}|\[[a-z_-]+\]|<[a-z_-]+>")


def outside_transcribers_marks(text: str, spans: list[CharSpan]) -> list[CharSpan]:
    """`spans` but those inside a transcriber's note of a sound: no word was said there, so
    there is no one to name, whatever the model reads into "lipsmack"."""
    if not any(bracket in text for bracket in "{[<"):
        return spans
    marks = [match.span() for match in _TRANSCRIBERS_MARK.finditer(text)]
    return [span for span in spans
            if not any(start <= span.start and span.end <= end for start, end in marks)]


def _a_stranger_where_case_says_nothing(text: str, start: int, end: int, cased: bool) -> bool:
    """Whether a word of a doubtful person is a whole word that is a stranger to English and to
    the name lists ("galois", "Goode": `unknown_word`), where case says nothing of it: in text
    without capitals, or written as a name where its capital only opens a sentence or a turn
    ("Goode was born in Exeter", "Malach, what you say makes sense").

    A speech recogniser writes only the words of its vocabulary, and those outside English are
    mostly names; a writer's words outside English at a sentence's start are too. Where the text
    is typed online (a handle, a tag, a link, an emoji) or mostly in another language, such
    words are slang, handles and foreign words, and back nothing."""
    from veil.detection.engine.word_facts import (
        mostly_foreign,
        sentence_initial,
        strip_edges,
        typed_online,
        unknown_word,
    )

    word = text[start:end]
    if cased and not (word[:1].isupper() and word[1:].islower() and sentence_initial(text, start)):
        return False  # elsewhere in cased text the capital speaks (`_capitalised_as_a_name`)
    left = text.rfind(" ", 0, start) + 1
    right = text.find(" ", end)
    token = strip_edges(text[left:len(text) if right < 0 else right]).lower()
    lowered = word.lower()
    if token not in (lowered, lowered + "'s", lowered + "’s") or not unknown_word(lowered):
        return False
    return not typed_online(text) and not mostly_foreign(text)


def _capitalised_as_a_name(text: str, start: int, word: str) -> bool:
    """A word written as a name is ("Galois", not "GALOIS"), that is no ordinary word (nor
    one with a clitic: "Nation's"), no form of address ("Bubbie") and no holiday ("Shabbat"),
    and opens no sentence, unless its writer opens sentences in lower case and keeps capitals
    for names (`veil.detection.casing`)."""
    from veil.detection.calendar_words import names_a_day
    from veil.detection.casing import writer_capitalises
    from veil.detection.engine.word_facts import ordinary_word, sentence_initial
    from veil.detection.engine.name_lists import ADDRESS_TERMS

    if len(word) < 3 or not word[1:].islower():
        return False
    lowered = word.lower()
    if ordinary_word(lowered) or lowered in ADDRESS_TERMS or names_a_day(lowered, "PERSON_NAME"):
        return False
    return writer_capitalises() or not sentence_initial(text, start)

