"""The auditor's residual risk, estimated rather than counted.

A raw audit counts every auditor hit left in the output as personal information (PI). On real
text many hits are ordinary words, and some PI is never hit at all. The estimate weighs each
scored item by the fitted probability p that it is real PI: from what the item shows of itself
(`item_features`: an ordinary word, shouting, repeated, partial, a place, ...) through a
logistic regression per case form (as written, or ASR-style: lower-case without sentence
punctuation), or, where the table has no such model, per form, infoType and detector
(`rules:regex`, `rules:dictionary`, `spacy:model`, ...). It divides by the auditor's fitted
recall r of that type in that form, so that the PI it misses is counted in expectation:

    expected score of a conversation  E = sum over items of  p * score / r
    its variance (each hit real or not)  V = sum over items of  p * (1 - p) * (score / r) ** 2

(A table fitted on one kind of text, a user's labelled sample, also scales score / r by that
sample's gold / estimate, per form: `FittedTable.scale`.)

Over a corpus, mean + std of the true scores is estimated by the mean of E plus the square
root of (the variance of E + the mean of V): the law of total variance. The fitted table
(`auditor_calibration.json`, made by scripts/fit_auditor_calibration.py) also holds the
interval of gold / estimate ratios measured on the fitting sets, which makes the estimate an
interval; the verdict is taken on the estimate, or on the interval's upper end
(veil.risk.verdict.interval_verdict).

Types the fitting sets never label (numbers, emails, URLs) keep weight 1: counted as found.
Plain Python, no Beam.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from veil.detection.casing import without_line_labels
from veil.risk.verdict import interval_verdict

WRITTEN, SPEECH = "written", "speech"
FORMS = (WRITTEN, SPEECH)
TABLE_PATH = Path(__file__).with_name("auditor_calibration.json")

_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]*\]")
_SENTENCE_MARK = re.compile(r"[.!?,;:](?:\s|$)")


def case_form(texts: Iterable[str]) -> str:
    """SPEECH when a conversation reads as ASR output (no capital letters and no sentence
    punctuation outside Veil's placeholders), else WRITTEN. A lone capital "I" is allowed."""
    letters = upper = marks = 0
    for text in texts:
        text = _PLACEHOLDER.sub(" ", without_line_labels(text))
        marks += len(_SENTENCE_MARK.findall(text))
        for word in text.split():
            if word == "I" or word.startswith("I'"):
                continue
            letters += sum(ch.isalpha() for ch in word)
            upper += sum(ch.isupper() for ch in word)
    if letters == 0:
        return WRITTEN
    return SPEECH if upper == 0 and marks == 0 else WRITTEN


@dataclass(frozen=True)
class FittedTable:
    """Per (form, infoType, detector) and per (form, infoType): the chance that an auditor item
    is real PI; per (form, infoType): the auditor's recall; and the gold/estimate ratio interval
    [low, high] at `level`."""

    precision: Mapping[str, float] = field(default_factory=dict)  # "form|type|detector" -> p
    type_precision: Mapping[str, float] = field(default_factory=dict)  # "form|type" -> p
    recall: Mapping[str, float] = field(default_factory=dict)  # "form|type" -> r
    # form -> logistic weights over `item_features` (with "bias"): the item's own chance
    item_model: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    # form -> the factor a table fitted on one kind of text (a user's labelled sample, `veil
    # calibrate`) multiplies each weighed item by: gold / estimate on that sample. Absent: 1.
    scale: Mapping[str, float] = field(default_factory=dict)
    low: float = 1.0
    high: float = 1.0
    level: float = 0.95
    fitted_on: str = ""

    def probability(self, form: str, info_type: str, detector: str) -> float:
        """The chance an item is real PI; a detector with too few fitted items falls back on the
        type's, a type the fitting sets do not label on 1 (counted in full)."""
        found = self.precision.get(f"{form}|{info_type}|{detector}")
        if found is None:
            found = self.type_precision.get(f"{form}|{info_type}", 1.0)
        return found

    def item_probability(self, item: Any, form: str, texts: Sequence[str] = ()) -> float:
        """The chance this item is real PI, from what it shows (`item_features`) where the
        table has an item model for the form and the type is one the fitting sets label; else
        the per-kind figure (`probability`)."""
        info_type = _get(item, "info_type")
        weights = self.item_model.get(form)
        if weights and info_type in self.types():
            return logistic(weights, item_features(item, texts))
        return self.probability(form, info_type, _get(item, "detector") or "")

    def recall_of(self, form: str, info_type: str) -> float:
        return self.recall.get(f"{form}|{info_type}", 1.0)

    def scale_of(self, form: str) -> float:
        return float(self.scale.get(form, 1.0))

    def types(self) -> set[str]:
        return {key.split("|")[1] for key in self.type_precision}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FittedTable":
        return cls(precision=dict(data.get("precision", {})),
                   type_precision=dict(data.get("type_precision", {})),
                   recall=dict(data.get("recall", {})),
                   item_model={form: dict(model["weights"])
                               for form, model in (data.get("item_model") or {}).items()},
                   scale={form: float(v) for form, v in (data.get("scale") or {}).items()},
                   low=float(data["interval"]["low"]), high=float(data["interval"]["high"]),
                   level=float(data["interval"].get("level", 0.95)),
                   fitted_on=str(data.get("fitted_on", "")))


# The key of the table fitted on the rules-only job's output alone, inside the bundled file.
RULES_ONLY = "rules_only"


@lru_cache(maxsize=4)
def load_fitted_table(path: str | None = None, rules_only: bool = False) -> FittedTable:
    """The fitted table shipped with the package (or the one at `path`). `rules_only`: the
    table fitted on the output of the job without a model alone, where the file holds one
    (scripts/fit_auditor_calibration.py writes it): what such a job leaves, and so what the
    auditor's hits there are worth, differs from what a job with a model leaves."""
    data = json.loads(Path(path or TABLE_PATH).read_text(encoding="utf-8"))
    if rules_only and RULES_ONLY in data:
        data = data[RULES_ONLY]
    return FittedTable.from_dict(data)


def _get(item: Any, name: str, default: Any = None) -> Any:
    return item.get(name, default) if isinstance(item, Mapping) else getattr(item, name, default)


def item_chances(items: Iterable[Any], form: str, table: FittedTable,
                 texts: Sequence[str] = ()) -> list[float | None]:
    """Each item's chance p of being real PI as the estimate weighs it: None for an item that
    counts in full (found in a field other than the turns) or scores nothing."""
    out: list[float | None] = []
    for item in items:
        if float(_get(item, "score", 0)) <= 0 or _get(item, "fields"):
            out.append(None)
        else:
            out.append(table.item_probability(item, form, texts))
    return out


def conversation_estimate(items: Iterable[Any], form: str, table: FittedTable,
                          info_types: frozenset[str] | None = None,
                          texts: Sequence[str] = (),
                          chances: Sequence[float | None] | None = None) -> tuple[float, float]:
    """(E, V) of one conversation's auditor items (ScoredItem or their dict rows, with `score`,
    `info_type`, `detector`, and for the item model `value` or `mentions`, `count`, `partial`)
    in the conversation's output `texts`. Items found in fields other than the turns (speaker
    labels, configured fields) are counted in full: no fitting set measured them. `info_types`:
    only items of these types (None: every one). `chances`: each item's p, already worked out
    (`item_chances`, or a written row's `p`)."""
    parts = estimate_parts(items, form, table, info_types, texts, chances)
    return parts.expected, parts.variance


@dataclass(frozen=True)
class EstimateParts:
    """One conversation's estimate: E, V, and the part of E that was counted, not estimated."""

    expected: float
    variance: float
    # Items the fitting sets never measured count in full, with no error to scale: those found
    # in other fields, and those of types the sets do not label (emails, numbers, addresses).
    counted: float


def estimate_parts(items: Iterable[Any], form: str, table: FittedTable,
                   info_types: frozenset[str] | None = None, texts: Sequence[str] = (),
                   chances: Sequence[float | None] | None = None) -> EstimateParts:
    """`conversation_estimate`, with what was counted in full kept apart (`counted`): the
    calibrated interval scales only the estimated part, the part its error was measured on."""
    items = list(items)
    if chances is None:
        chances = item_chances(items, form, table, texts)
    measured = table.types()
    expected = variance = counted = 0.0
    for item, p in zip(items, chances):
        info_type = _get(item, "info_type")
        if info_types is not None and info_type not in info_types:
            continue
        score = float(_get(item, "score", 0))
        if score <= 0:
            continue
        if _get(item, "fields") or p is None:
            expected += score
            counted += score
            continue
        worth = score / max(table.recall_of(form, info_type), 1e-6) * table.scale_of(form)
        expected += p * worth
        variance += p * (1 - p) * worth * worth
        if info_type not in measured:
            counted += p * worth
    return EstimateParts(expected, variance, counted)


# Sums are kept in fixed point, in units of 2**-40 (about 1e-12): integers add exactly, so the
# figures are the same whatever the order in which workers merged them. (Float sums differ in
# their last bits with that order, and a rounded figure then flips its last digit: Flink's
# merge order gave counted_cross 26.786913 where the local runner gave 26.786912.)
_UNITS = 2 ** 40


def _fixed(value: float) -> int:
    return round(value * _UNITS)


@dataclass
class EstimateMoments:
    """Sums over conversations of E, E squared and V, and of the counted part C, C squared and
    C times E: mergeable, in constant memory, and exact whatever the merge order (fixed-point
    integers, `_UNITS`). The last three let the interval scale the estimated part E - C alone
    (`scaled_mean_plus_std`)."""

    count: int = 0
    total: int = 0
    squares: int = 0
    variance: int = 0
    counted: int = 0
    counted_squares: int = 0
    counted_cross: int = 0

    def add(self, expected: float, variance: float, counted: float = 0.0) -> "EstimateMoments":
        self.count += 1
        self.total += _fixed(expected)
        self.squares += _fixed(expected * expected)
        self.variance += _fixed(variance)
        self.counted += _fixed(counted)
        self.counted_squares += _fixed(counted * counted)
        self.counted_cross += _fixed(counted * expected)
        return self

    def merge(self, other: "EstimateMoments") -> "EstimateMoments":
        self.count += other.count
        self.total += other.total
        self.squares += other.squares
        self.variance += other.variance
        self.counted += other.counted
        self.counted_squares += other.counted_squares
        self.counted_cross += other.counted_cross
        return self

    def figures(self) -> dict[str, Any] | None:
        """mean, std and mean + std of the true scores, estimated (None: no conversation), and
        the `moments` that scale its estimated part (`scaled_mean_plus_std`)."""
        if not self.count:
            return None
        n = self.count

        def mean_of(total: int) -> float:
            return total / (n * _UNITS)

        moments = {"count": n, "mean": mean_of(self.total), "squares": mean_of(self.squares),
                   "variance": mean_of(self.variance), "counted": mean_of(self.counted),
                   "counted_squares": mean_of(self.counted_squares),
                   "counted_cross": mean_of(self.counted_cross)}
        mean, std = _scaled(moments, 1.0)
        return {"mean": round(mean, 6), "std": round(std, 6), "mean_plus_std": round(mean + std, 6),
                "moments": {key: round(value, 6) for key, value in moments.items()}}


def estimate_terms(row_estimate: Mapping[str, Any]) -> tuple[float, float, float]:
    """(E, V, counted) of a `risk/conversations` row's `estimate` (counted: 0 in rows written
    before it was kept, so that their whole estimate scales, as it did)."""
    return (float(row_estimate["expected"]), float(row_estimate["variance"]),
            float(row_estimate.get("counted", 0.0)))


def _scaled(moments: Mapping[str, float], k: float) -> tuple[float, float]:
    """mean and std of C + k (E - C) over the conversations, V scaled by k squared."""
    mean_e, mean_c = moments["mean"], moments.get("counted", 0.0)
    e2, c2, ce = moments["squares"], moments.get("counted_squares", 0.0), moments.get("counted_cross", 0.0)
    mean = (1 - k) * mean_c + k * mean_e
    second = (1 - k) ** 2 * c2 + k * k * e2 + 2 * k * (1 - k) * ce
    spread = max(second - mean * mean, 0.0) + k * k * moments["variance"]
    return mean, math.sqrt(spread)


def scaled_mean_plus_std(estimate: Mapping[str, Any], k: float) -> float:
    """mean + std with the estimated part of each conversation's score times k and the counted
    part as it is: the calibrated interval's end for k = low or high. Without `moments` (a
    summary written before they were kept), the whole estimate times k."""
    moments = estimate.get("moments")
    if not moments:
        return float(estimate["mean_plus_std"]) * k
    mean, std = _scaled(moments, k)
    return mean + std


def estimate_mean_plus_std(pairs: Iterable[tuple[float, float]]) -> float:
    """mean + std estimated from each conversation's (E, V)."""
    moments = EstimateMoments()
    for expected, variance in pairs:
        moments.add(expected, variance)
    figures = moments.figures()
    return figures["mean_plus_std"] if figures else 0.0


def estimate_interval(estimate: float, table: FittedTable, threshold: float,
                      verdict_on: str = "estimate") -> dict[str, Any]:
    """The estimate as the interval [estimate * low, estimate * high], and its verdict
    (veil.risk.verdict.interval_verdict)."""
    low, high = estimate * table.low, estimate * table.high
    return {"estimate": round(estimate, 4), "low": round(low, 4), "high": round(high, 4),
            "level": table.level, "verdict_on": verdict_on,
            **interval_verdict(estimate, low, high, threshold, verdict_on)}



# --- per-item probability: what the item itself shows ----------------------------------------

_WORD = re.compile(r"[^\W\d_]+")
# The features an item model may use, each a yes/no fact of the item and its conversation's
# text (`item_features`); the fitted table names the ones its model uses.
FEATURES = ("common", "all_caps", "multi_word", "repeated", "partial", "mid_capital",
            "dictionary", "location", "organisation", "title_case", "elongated", "foreign",
            "lower_case")


def _mentions(item: Any) -> list[tuple[int, int, int]]:
    """(turn, start, end) of each located mention: ScoredItem tuples or a row's dicts."""
    out = []
    for mention in _get(item, "mentions") or ():
        if isinstance(mention, Mapping):
            mention = (mention.get("turn"), mention.get("start"), mention.get("end"))
        turn, start, end = mention
        if turn is not None and start is not None and end is not None:
            out.append((int(turn), int(start), int(end)))
    return out


def _value(item: Any, texts: Sequence[str]) -> str:
    """The item's value, or (a row without values) its first mention read from the text."""
    value = _get(item, "value") or ""
    if not value:
        for turn, start, end in _mentions(item):
            if 0 <= turn < len(texts):
                return texts[turn][start:end]
    return value


def _mid_capital(item: Any, texts: Sequence[str]) -> bool:
    from veil.detection.engine.word_facts import sentence_initial

    for turn, start, _ in _mentions(item):
        if 0 <= turn < len(texts) and start < len(texts[turn]):
            text = texts[turn]
            if text[start].isupper() and not sentence_initial(text, start):
                return True
    return False


def item_features(item: Any, texts: Sequence[str]) -> dict[str, bool]:
    """What one auditor item shows of itself, as yes/no facts:

    common: every word of it is an ordinary English word (the name lists' list of common words:
    "Email", "January", "Power"); all_caps: written in capitals, four letters or more
    ("BEST", "NEED HELP": shouting, not a name); multi_word: two words or more; repeated: the
    same value is mentioned again in the conversation; partial: it continues a value the job
    replaced in part; mid_capital: a mention starts with a capital letter and opens no
    sentence; dictionary: found by the name lists rather than the model; location /
    organisation: its type (a person's name is neither); title_case: a turn it is in
    capitalises every word ("Thanks For The Great Job"), where a capital says nothing;
    elongated: a letter three times in a row ("Girllll", "Woooohoooo"), which no name has;
    foreign: a turn it is in is mostly not English, where the English model and lists read
    every word as a stranger; lower_case: written without a capital letter ("pleasant", "bass")
    in text that has capitals (the written form), where a writer or transcriber who
    capitalises at all mostly capitalises names."""
    from veil.detection.engine.word_facts import capitalises_every_word, elongated, mostly_foreign
    from veil.detection.engine.word_lists import common_words

    value = _value(item, texts)
    words = [w.lower() for w in _WORD.findall(value)]
    info_type = _get(item, "info_type")
    turns = {texts[turn] for turn, _, _ in _mentions(item) if 0 <= turn < len(texts)}
    return {
        "common": bool(words) and all(w in common_words() for w in words),
        "all_caps": value.isupper() and sum(ch.isalpha() for ch in value) >= 4,
        "multi_word": len(value.split()) > 1,
        "repeated": int(_get(item, "count", 1) or 1) > 1,
        "partial": bool(_get(item, "partial", False)),
        "mid_capital": _mid_capital(item, texts),
        "dictionary": _get(item, "detector") == "rules:dictionary",
        "location": info_type == "LOCATION",
        "organisation": info_type not in ("LOCATION", "PERSON_NAME"),
        "title_case": any(capitalises_every_word(text) for text in turns),
        "elongated": elongated(value),
        "foreign": any(mostly_foreign(text) for text in turns),
        "lower_case": value.islower(),
    }


def logistic(weights: Mapping[str, float], features: Mapping[str, bool]) -> float:
    """The chance that an item is real PI: a logistic regression over its features, with
    `weights["bias"]` the intercept."""
    z = float(weights.get("bias", 0.0))
    z += sum(float(w) for name, w in weights.items() if name != "bias" and features.get(name))
    return 1.0 / (1.0 + math.exp(-z))
