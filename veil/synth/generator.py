"""Synthetic, labelled call transcripts and documents.

    for record in generate_records(1000, seed=7):
        ...

Record i depends only on (seed, i): it has its own `random.Random` and reseeds the Faker
generators it uses, so a corpus can be generated in chunks, in any order, on any worker, and
come out the same. Generation streams: memory does not grow with n.

Record shape (the input contract in docs/design.md):

    {"id": "conv-7-000017", "context": "customer_support", "language": "en",
     "turns": [{"speaker": "agent", "text": "..."}, ...],          # conversations
     "text": "...",                                                 # documents instead of turns
     "pii": [{"turn": 0, "start": 31, "end": 44, "info_type": "ORGANIZATION_NAME",
              "speaker_related": true}, ...],                        # no "turn" for documents
     "negatives": [{"turn": 3, "start": 10, "end": 13, "kind": "name_word"}, ...]}

`negatives` marks the hard negatives planted in the text (eponyms, brands named after people,
names used as words, order numbers, prices, times, quantities, non-birth dates): spans a
detector should leave alone. It is not exhaustive: other words may also look like PI.

Realism (each behind a `p_*` in GeneratorConfig; gold spans are built while rendering):
letters spelled "as in" ("M as in Mike, A as in Alpha": one span for the whole spelled stretch,
the person's entity id); numbers read back by the agent, whole or their first groups ("so
that's four one five...?": every occurrence is a span); false starts ("Mar- Mark Green", "four
one f- four one five": the fragment is its OWN span, same info_type and entity, without the
hyphen, because a piece of a name or number is still partial PI; the completed value is another
span); nicknames used later in the call (Robert, then "Bob": same entity); a name split across
turns ("Rachel" / "and your last name?" / "Green": two spans, one entity); and two people who
share a first name (different last names, different entity ids). With `emit_realism` a record
also carries `realism`, counts of each phenomenon and its opportunities (JSONL only: not in the
Parquet schema).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterator, Mapping

from veil.synth.builder import RecordBuilder
from veil.synth.scenarios import SCENARIOS
from veil.synth.values import DEFAULT_NAME_LOCALES, Values, name_pool

CONTEXTS = tuple(SCENARIOS)

DEFAULT_CONTEXT_WEIGHTS: dict[str, float] = {
    "customer_support": 0.35,
    "sales_call": 0.15,
    "internal_meeting": 0.10,
    "voicemail": 0.12,
    "phone_call": 0.16,
    "document": 0.12,
}

# Every info_type the generator labels (names as in the risk table of docs/design.md).
INFO_TYPES = (
    "PERSON_NAME", "EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD_NUMBER",
    "US_SOCIAL_SECURITY_NUMBER", "STREET_ADDRESS", "ORGANIZATION_NAME", "LOCATION",
    "DATE_OF_BIRTH", "USER_NAME", "IBAN_CODE", "IP_ADDRESS", "URL", "EMPLOYEE_ID", "PASSPORT",
    "VEHICLE_IDENTIFICATION_NUMBER", "MEDICAL_RECORD_NUMBER", "AGE",
)
# The fixed splits, (seed, default size): `veil generate --split`, training and QUALITY.md use them.
SPLITS = {"train": (1001, 5000), "validation": (2002, 1000), "test": (3003, 1000)}
NEGATIVE_KINDS = ("eponym", "brand", "name_word", "order_number", "price", "time", "quantity",
                  "date")


@dataclass(frozen=True)
class GeneratorConfig:
    """What the corpus looks like. Probabilities are in [0, 1]."""

    # share of records per context (normalised; a context with weight 0 never appears)
    context_weights: Mapping[str, float] = field(
        default_factory=lambda: dict(DEFAULT_CONTEXT_WEIGHTS))
    # Faker locales names are drawn from (Latin script only), with weights
    name_locales: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_NAME_LOCALES))
    # ASR style. Per record: the whole transcript lowercase without punctuation.
    p_lowercase: float = 0.3
    # Per name, username or code: spelled out with hyphens ("M-A-R-K").
    p_spelled: float = 0.2
    # Per number-like value (phone, card, SSN, IDs, DOB, ages, order numbers): spoken as words.
    p_digits_spoken: float = 0.3
    # Per spoken digit: an ASR homophone ("for" for four, "to" for two).
    p_homophone: float = 0.03
    # Per email: spoken ("mark dot green at gmail dot com").
    p_spoken_email: float = 0.3
    # Per turn: a disfluency (um, uh, a false start "I- I").
    p_disfluency: float = 0.25
    # Per record: names folded to ASCII, as many ASR systems write them ("Ines", not "Inès").
    p_ascii_names: float = 0.5
    # Per small-talk line: one holding a hard negative ("may I", "Parkinson's", "my Ford").
    hard_negative_rate: float = 0.5
    # Per spelled name, username or email: letters "as in" words ("M as in Mike, A as in
    # Alpha"), NATO or everyday words; the whole spelled stretch is one gold span.
    p_spelled_as_in: float = 0.3
    # Per number the caller gives in a support call (phone, SSN, card): the agent reads it
    # back, whole or its first groups ("so that's four one five...?"); each occurrence is gold.
    p_read_back: float = 0.35
    # Per name or number a caller gives in a support call: a false start ("Mar- Mark Green",
    # "four one f- four one five"). The fragment is its own gold span (same type and entity).
    p_false_start: float = 0.05
    # Per support call whose caller has a name with common short forms: the caller is drawn
    # with such a name (Robert, Elizabeth, ...) and the short form (Bob, Liz) is used later,
    # with the same entity id.
    p_nickname: float = 0.1
    # Per support call where the agent asks for the name: first name, then "and your last
    # name?", then the last name in its own turn (two gold spans, one entity).
    p_split_name: float = 0.25
    # Per support call: someone else in the call shares the caller's first name (a colleague
    # or relative, different last name, different entity id).
    p_shared_first_name: float = 0.1
    # Internal meetings: speakers (inclusive range) and length relative to a support call.
    meeting_speakers: tuple[int, int] = (3, 8)
    meeting_length_factor: float = 5.0
    # Keep the `negatives` field in the records.
    emit_negatives: bool = True
    # Add a `realism` field: {phenomenon: count, phenomenon_opportunity: count} (for tests
    # and corpus statistics; not part of the input contract).
    emit_realism: bool = False
    language: str = "en"

    def __post_init__(self) -> None:
        unknown = set(self.context_weights) - set(CONTEXTS)
        if unknown:
            raise ValueError(f"unknown contexts {sorted(unknown)}; known: {list(CONTEXTS)}")
        if any(w < 0 for w in self.context_weights.values()) or \
                sum(self.context_weights.values()) <= 0:
            raise ValueError("context_weights must be >= 0 and not all 0")
        if not self.name_locales or any(w <= 0 for w in self.name_locales.values()):
            raise ValueError("name_locales must be non-empty with weights > 0")
        for name in ("p_lowercase", "p_spelled", "p_digits_spoken", "p_homophone",
                     "p_spoken_email", "p_disfluency", "p_ascii_names", "hard_negative_rate",
                     "p_spelled_as_in", "p_read_back", "p_false_start", "p_nickname",
                     "p_split_name", "p_shared_first_name"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be in [0, 1], got {value}")
        lo, hi = self.meeting_speakers
        if not 3 <= lo <= hi:
            raise ValueError("meeting_speakers must be (lo, hi) with 3 <= lo <= hi")
        if self.meeting_length_factor <= 0:
            raise ValueError("meeting_length_factor must be > 0")


_MASK = (1 << 64) - 1


def record_seed(seed: int, index: int) -> int:
    """A 64-bit seed for record `index` of corpus `seed` (SplitMix64 over both)."""
    z = (seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def record_id(seed: int, index: int, context: str) -> str:
    return f"{'doc' if context == 'document' else 'conv'}-{seed}-{index:06d}"


class _Plan:
    """What is fixed for a whole corpus: cumulative weights, the config."""

    def __init__(self, config: GeneratorConfig):
        self.config = config
        items = [(k, w) for k, w in config.context_weights.items() if w > 0]
        self.contexts = tuple(k for k, _ in items)
        total, cum = 0.0, []
        for _, w in items:
            total += w
            cum.append(total)
        self.cum = cum
        self.locales = dict(config.name_locales)
        for locale in self.locales:  # fail early on a bad locale, and warm the pools
            name_pool(locale)


def make_record(plan: _Plan, seed: int, index: int) -> dict:
    cfg = plan.config
    rs = record_seed(seed, index)
    rng = random.Random(rs)
    context = rng.choices(plan.contexts, cum_weights=plan.cum)[0]
    values = Values(rs, rng, plan.locales, ascii_names=rng.random() < cfg.p_ascii_names)
    builder = RecordBuilder(rng, cfg, values, asr=context != "document")
    SCENARIOS[context](builder, values)
    record: dict = {"id": record_id(seed, index, context), "context": context,
                    "language": cfg.language}
    if context == "document":
        record["text"] = builder.text
    else:
        record["turns"] = builder.turns
    record["pii"] = builder.pii
    if cfg.emit_negatives:
        record["negatives"] = builder.negatives
    if cfg.emit_realism:
        record["realism"] = dict(sorted(builder.events.items()))
    return record


def generate_records(n: int, seed: int, config: GeneratorConfig | None = None,
                     start: int = 0) -> Iterator[dict]:
    """Records start .. start+n-1 of the corpus `seed`; record i depends only on (seed, i)."""
    if n < 0 or start < 0:
        raise ValueError("n and start must be >= 0")
    plan = _Plan(config or GeneratorConfig())
    for index in range(start, start + n):
        yield make_record(plan, seed, index)
