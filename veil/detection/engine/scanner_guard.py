"""The one guard of the name scanners: one Hyperscan pass over a text, or a batch of texts, says
which context regexes of persons, organisations, places and products can match at all
(`veil.detection.engine.prefilter.RegexGuard`), and that pass serves all four scanners.

Each scanner module hands its context regexes in as it is imported (`guard_contexts`), and the
guard is built over all of them when first asked for (`guard`): the scanners import this module,
never the other way round.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Sequence

from veil.detection.engine.prefilter import RegexGuard
from veil.detection.engine.scanner_base import MayMatch, blanked_for_cues

# The scanners whose context regexes the guard runs, in the order it holds them: the same
# patterns in the same order make the same compiled database, which is kept on disk by its
# patterns (`veil.detection.engine.prefilter`), whichever scanner module is imported first.
_SCANNERS = ("persons", "organisations", "products", "buildings")
_CONTEXTS: dict[str, list["re.Pattern[str]"]] = {}
_NECESSARY: dict["re.Pattern[str]", str] = {}


def guard_contexts(scanner: str, patterns: Sequence["re.Pattern[str]"],
                   necessary: "Mapping[re.Pattern[str], str] | None" = None) -> None:
    """Adds one scanner's context regexes (`scanner`, one of `_SCANNERS`) to the guard, which is
    built again over all of them when next asked for. Each scanner module calls it once, as it
    is imported, before any of its texts is scanned. `necessary`: what the guard scans for
    instead of a regex's own form (`RegexGuard`)."""
    if scanner not in _SCANNERS:
        raise ValueError(f"no such scanner: {scanner}")
    _CONTEXTS[scanner] = list(patterns)
    _NECESSARY.update(necessary or {})
    guard.cache_clear()


@lru_cache(maxsize=None)
def guard() -> RegexGuard:
    """The one guard over the context regexes of every scanner module imported: one Hyperscan
    pass per text says which of them can match at all."""
    return RegexGuard([pattern for scanner in _SCANNERS for pattern in _CONTEXTS.get(scanner, ())],
                      _NECESSARY)


def _remember_text(last: tuple) -> None:
    global _LAST_TEXT
    _LAST_TEXT = last


def guard_for(text: str) -> MayMatch:
    """`MayMatch` for one text, from the guard's pass over that text (and over the form the cue
    regexes read, `lowered_for_cues`, where it differs)."""
    last, shared = _LAST_TEXT, guard()
    if last[0] is not shared or last[1] is not text:  # the tuple holds `text`: its id is not reused
        last = (shared, text, _candidates([text])[0])
        _remember_text(last)
    return may_match_in(last[2])


# The last text and the last batch judged, by which guard, with their candidates: the scanners
# of one text or batch share one judgement (a tuple, replaced whole, so that threads read one
# that belongs together).
_LAST_TEXT: tuple = (None, None, None)
_LAST: tuple = (None, None, None)


def _candidates(texts: Sequence[str]) -> list:
    """`RegexGuard.per_text(texts)`, each text's candidates joined with those of the form the cue
    regexes read (`lowered_for_cues`: hesitations and transcribers' tags blanked, "hi [noise] i'm
    will" read as "hi         i'm will"), where that form differs: the guard must never skip a
    regex on a text whose blanked form it matches."""
    global _LAST
    last, shared = _LAST, guard()
    if last[0] is shared and last[1] is texts:
        return last[2]
    found = list(shared.per_text(texts))
    blanked = [(i, form) for i, form in ((i, blanked_for_cues(t)) for i, t in enumerate(texts)) if form]
    if blanked:
        more = shared.per_text([form for _, form in blanked])
        for (i, _), extra in zip(blanked, more):
            found[i] = None if found[i] is None or extra is None else set(found[i]) | set(extra)
    _LAST = (shared, texts, found)
    return found


def guard_in_batch(batch, patterns: Sequence["re.Pattern[str]"]) -> tuple[list, set[int]]:
    """The guard's candidates for each text of a batch (one pass over the batch, and one over the
    texts whose cue form differs), and the texts where any of `patterns` may match."""
    shared = guard()
    candidates = _candidates(batch.texts)
    wanted = {shared.index(p) for p in patterns}
    texts = batch.texts
    return candidates, {
        i for i, found in enumerate(candidates)
        if texts[i] and (found is None or not wanted.isdisjoint(found))
    }


def _nothing(pattern: "re.Pattern[str]") -> bool:
    return False


NOTHING: MayMatch = _nothing


def may_match_in(found) -> MayMatch:
    """`MayMatch` from one text's guard candidates (None: anything may match)."""
    if found is None:
        return lambda pattern: True
    index = guard().index
    return lambda pattern: index(pattern) in found
