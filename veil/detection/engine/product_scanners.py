"""Products without a model: the scanners of the PRODUCT and PRODUCT_SPEAKER catalogue entries
(`veil.detection.infotypes.names`): a dictionary of products, and contexts that tie one to the
speaker ("our product is X", "we sell X").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from veil.detection.engine.dictionary import DictionaryMatcher
from veil.detection.engine.name_lists import PRODUCTS
from veil.detection.engine.organisation_scanners import org_context_span
from veil.detection.engine.scanner_base import Hit, lowered_same_length, MayMatch, Span, WORD
from veil.detection.engine.scanner_guard import guard_contexts, guard_for, guard_in_batch, may_match_in
from veil.detection.engine.word_facts import is_cased, sentence_initial
from veil.detection.engine.word_lists import common_words
from veil.detection.findings import Likelihood, Method

L = Likelihood

_PRODUCT_CONTEXT = re.compile(
    r"\b(?:our product|our products|our app|our software|our platform|our service|we sell|"
    r"we make|we build|we offer|i sell|i make|i'm selling|i am selling|we're launching|"
    r"we are launching|we developed|i developed|we created|i created|i built|we built)"
    r"(?:[ \t]+(?:is|are|was|called|named)){0,3}[ \t,:]+"
    rf"(?P<name>{WORD}(?:[ \t]+{WORD}){{0,2}})"
)
guard_contexts("products", [_PRODUCT_CONTEXT])


@lru_cache(maxsize=None)
def products() -> DictionaryMatcher:
    return DictionaryMatcher(t.strip() for t in PRODUCTS.split(",") if t.strip())


def _product_context_hits(text: str, may_match: MayMatch) -> Iterator[tuple[int, int]]:
    if not may_match(_PRODUCT_CONTEXT):
        return
    cased = is_cased(text)
    for match in _PRODUCT_CONTEXT.finditer(lowered_same_length(text)):
        span = org_context_span(text, match.start("name"), match.end("name"), cased)
        if span is not None:
            yield span


def scan_products(text: str, view) -> Iterator[Hit]:
    return _product_hits(text, products().find(view), guard_for(text))


def scan_products_batch(batch) -> Iterator[tuple]:
    found = batch.find(products())
    candidates, guarded = guard_in_batch(batch, [_PRODUCT_CONTEXT])
    for i in sorted(guarded.union(found)):
        for hit in _product_hits(batch.texts[i], found.get(i, ()), may_match_in(candidates[i])):
            yield (i, *hit)


def _product_hits(text: str, spans: Iterable[Span], may_match: MayMatch) -> Iterator[Hit]:
    """PRODUCT in one text, given the product dictionary's matches there."""
    cased = is_cased(text)
    for start, end in spans:
        word = text[start:end]
        if cased and not any(c.isupper() for c in word):
            likelihood = L.VERY_UNLIKELY  # "word", "echo", "office" in lower case
        elif word.lower() in common_words() and (not cased or sentence_initial(text, start)):
            likelihood = L.UNLIKELY  # "Word", "Echo" at a sentence start; "word" in ASR text
        else:
            likelihood = L.LIKELY
        yield start, end, likelihood, Method.DICTIONARY
    for start, end in _product_context_hits(text, may_match):
        yield start, end, L.LIKELY, Method.REGEX


def scan_speaker_products(text: str, view) -> Iterator[Hit]:
    for start, end in _product_context_hits(text, guard_for(text)):
        yield start, end, L.VERY_LIKELY, Method.REGEX


def scan_speaker_products_batch(batch) -> Iterator[tuple]:
    candidates, guarded = guard_in_batch(batch, [_PRODUCT_CONTEXT])
    for i in sorted(guarded):
        for start, end in _product_context_hits(batch.texts[i], may_match_in(candidates[i])):
            yield i, start, end, L.VERY_LIKELY, Method.REGEX
