"""Corpus statistics of residual-risk scores (section 4.3 and Table 4), mergeable.

Scores are small integers, so a histogram (score -> count) holds everything the statistics
need: mean, population std, exact percentiles, max. Histograms add, so accumulators built on
different workers merge exactly, in constant memory, whatever the order: this is the shape of
a Beam CombineFn (see `RiskCombiner`).

- std is the population std (ddof=0), as numpy's default.
- p95 uses linear interpolation between order statistics, numpy's default ("linear").
- The corpus passes when mean + std < threshold, strictly (equation 2 of the paper).
- share_above_threshold is the empirical share with score > threshold (footnote 10 speaks of
  "a residual risk greater than 5"); share_at_or_above_threshold counts score >= threshold.
- The review sample is a bottom-k sample by a seeded hash of the id: deterministic for a seed,
  independent of order and of how the corpus was split, and mergeable.
"""
from __future__ import annotations

import heapq
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from veil.risk.calibration import with_auditor_interval
from veil.risk.estimate import EstimateMoments, estimate_terms
from veil.risk.verdict import AUDIT, GOLD, settle_verdict
from veil.risk.sampling import METHOD as AUDIT_SAMPLE_METHOD
from veil.risk.sampling import UNAUDITED, sample_key, sampling_interval

UNSPECIFIED_CONTEXT = "unspecified"
PERCENTILE_METHOD = "linear interpolation between order statistics (numpy's default)"


def _lerp(a: float, b: float, t: float) -> float:
    """numpy's own interpolation formula, so that results agree to the last bit."""
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def histogram_percentile(histogram: Mapping[int, int], q: float) -> float | None:
    """The q-th percentile (0-100) of the values a histogram counts, numpy's linear method."""
    n = sum(histogram.values())
    if n == 0:
        return None
    virtual = (n - 1) * (q / 100)
    low = math.floor(virtual)
    high = min(low + 1, n - 1)
    a, b = _order_statistic(histogram, low), _order_statistic(histogram, high)
    return float(_lerp(a, b, virtual - low))


def _order_statistic(histogram: Mapping[int, int], k: int) -> int:
    """The k-th smallest value (0-based) counted by a histogram."""
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if k < seen:
            return value
    raise IndexError(k)


@dataclass
class GroupStats:
    """The accumulator for one context (or the total)."""

    histogram: Counter = field(default_factory=Counter)
    with_direct_identifier: int = 0
    type_items: Counter = field(default_factory=Counter)          # pieces of PI per tag
    type_conversations: Counter = field(default_factory=Counter)  # conversations per tag
    type_score: Counter = field(default_factory=Counter)          # score contributed per tag
    sample: list = field(default_factory=list)    # [(-key, id, row)] heap: the k smallest keys
    highest: list = field(default_factory=list)   # [(score, reversed id, row)] heap: top k
    sources: Counter = field(default_factory=Counter)  # gold / audit / annotated: where scores came from
    unaudited: int = 0  # written, but left out of the audit sample: counted, not scored
    # The auditor's scores of the same conversations, kept when gold labels scored any of them
    # (rows with `auditor`): the two figures side by side, each with its own verdict.
    auditor_histogram: Counter = field(default_factory=Counter)
    auditor_direct: int = 0
    # The calibrated estimate (veil.risk.estimate): the group's, where auditor-scored rows count
    # their expected score and variance and the others their score; and the auditor's alone.
    estimate: EstimateMoments = field(default_factory=EstimateMoments)
    estimated: int = 0  # rows that carried an estimate
    auditor_estimate: EstimateMoments = field(default_factory=EstimateMoments)

    def add(self, record: Mapping[str, Any], sample_size: int, seed: int) -> None:
        if record.get("source") == UNAUDITED:
            self.unaudited += 1
            return
        score = int(record["score"])
        self.histogram[score] += 1
        self.with_direct_identifier += bool(record.get("direct_identifier"))
        self.sources[record.get("source") or "unknown"] += 1
        beside = record.get("auditor")
        if beside is not None:
            self.auditor_histogram[int(beside["score"])] += 1
            self.auditor_direct += bool(beside.get("direct_identifier"))
        elif record.get("source") == AUDIT:
            self.auditor_histogram[score] += 1
            self.auditor_direct += bool(record.get("direct_identifier"))
        own = record.get("estimate") if record.get("source") == AUDIT else None
        if own is not None:
            self.estimate.add(*estimate_terms(own))
            self.auditor_estimate.add(*estimate_terms(own))
            self.estimated += 1
        else:  # scored by gold labels or people: counted, no auditor error to allow for
            self.estimate.add(float(score), 0.0, float(score))
        if beside is not None and beside.get("estimate") is not None:
            self.auditor_estimate.add(*estimate_terms(beside["estimate"]))
        tags = set()
        for item in record.get("items", ()):
            tag = item_tag(item)
            self.type_items[tag] += 1
            self.type_score[tag] += int(item.get("score", 0))
            tags.add(tag)
        self.type_conversations.update(tags)
        self._offer(record, score, sample_size, seed)

    def _offer(self, record: Mapping[str, Any], score: int, sample_size: int, seed: int) -> None:
        if sample_size <= 0:
            return
        conversation_id = str(record["id"])
        entry = (-sample_key(seed, conversation_id), conversation_id, _Carried(record))
        _push_bounded(self.sample, entry, sample_size)
        _push_bounded(self.highest, (score, _Desc(conversation_id), _Carried(record)), sample_size)

    def merge(self, other: "GroupStats", sample_size: int) -> "GroupStats":
        self.histogram.update(other.histogram)
        self.with_direct_identifier += other.with_direct_identifier
        self.type_items.update(other.type_items)
        self.type_conversations.update(other.type_conversations)
        self.type_score.update(other.type_score)
        self.sources.update(other.sources)
        self.unaudited += other.unaudited
        self.auditor_histogram.update(other.auditor_histogram)
        self.auditor_direct += other.auditor_direct
        self.estimate.merge(other.estimate)
        self.estimated += other.estimated
        self.auditor_estimate.merge(other.auditor_estimate)
        for entry in other.sample:
            _push_bounded(self.sample, entry, sample_size)
        for entry in other.highest:
            _push_bounded(self.highest, entry, sample_size)
        return self

    @property
    def count(self) -> int:
        return sum(self.histogram.values())

    def summary(self, threshold: float, top_types: int = 10) -> dict[str, Any]:
        """The `risk/summary.json` entry: Table 4's columns and the criterion."""
        n = self.count
        out: dict[str, Any] = {"count": n}
        if n == 0:
            out.update(mean=None, std=None, p95=None, max=None, mean_plus_std=None,
                       threshold=threshold, passes=None, share_above_threshold=None,
                       share_at_or_above_threshold=None, with_direct_identifier=0)
        else:
            counts = sorted(self.histogram.items())  # a fixed order: the same float sums
            mean = sum(s * c for s, c in counts) / n   # on every worker split
            std = math.sqrt(sum(c * (s - mean) ** 2 for s, c in counts) / n)
            above = sum(c for s, c in counts if s > threshold)
            at_or_above = sum(c for s, c in counts if s >= threshold)
            out.update(
                mean=mean, std=std, p95=histogram_percentile(self.histogram, 95),
                max=max(self.histogram), mean_plus_std=mean + std, threshold=threshold,
                passes=(mean + std) < threshold, share_above_threshold=above / n,
                share_at_or_above_threshold=at_or_above / n,
                with_direct_identifier=self.with_direct_identifier,
            )
        out["histogram"] = {str(s): self.histogram[s] for s in sorted(self.histogram)}
        out["top_info_types"] = [
            {"tag": tag, "items": self.type_items[tag],
             "conversations": self.type_conversations[tag], "score": self.type_score[tag]}
            for tag in sorted(self.type_items,
                              key=lambda t: (-self.type_score[t], -self.type_items[t], t))
        ][:top_types]
        out["review_sample"] = [entry[1] for entry in sorted(self.sample, key=lambda e: -e[0])]
        out["highest"] = [{"id": entry[1].value, "score": entry[0]} for entry in self._highest()]
        out["sources"] = {name: self.sources[name] for name in sorted(self.sources)}
        if self.unaudited:  # figures from a sample: say so, with their uncertainty
            out["audit_sample"] = self.audit_sample_summary(threshold)
            if out["passes"] is not None:
                out["passes"] = out["passes"] and out["audit_sample"]["passes"]
        if self.estimated:  # the auditor scored some: its calibrated estimate of the figures
            out["estimate"] = {**self.estimate.figures(), "estimated": self.estimated}
        if self.sources.get(GOLD):  # gold labels were asked for: the auditor's figure beside
            out["auditor"] = figures(self.auditor_histogram, threshold, self.auditor_direct)
            if self.auditor_estimate.count:
                out["auditor"]["estimate"] = self.auditor_estimate.figures()
        settle_verdict(out, threshold)
        return out

    def audit_sample_summary(self, threshold: float) -> dict[str, Any]:
        """How many the auditor read of those it would have, and what that makes of the figures:
        intervals for the whole corpus, and the verdict on mean + std's upper end. (With no
        conversation scored, the figures are None and so is the verdict.)"""
        audited = self.sources.get("audit", 0)
        out: dict[str, Any] = {"audited": audited, "not_audited": self.unaudited,
                               "of": audited + self.unaudited}
        if self.count:
            out.update(sampling_interval(self.histogram, self.count + self.unaudited, threshold))
        else:
            out.update(level=None, mean=None, mean_plus_std=None, passes=None)
        return out

    def _highest(self) -> list:
        return sorted(self.highest, key=lambda e: (-e[0], e[1].value))

    def sample_records(self) -> list[Mapping[str, Any]]:
        """The review sample's rows as they were added (with texts, if they carried them)."""
        return [entry[2].record for entry in sorted(self.sample, key=lambda e: -e[0])]

    def review_records(self) -> list[Mapping[str, Any]]:
        """The rows the report shows: the review sample's, then the highest-scoring ones not
        already in it."""
        rows = self.sample_records()
        seen = {str(row["id"]) for row in rows}
        rows += [entry[2].record for entry in self._highest() if entry[1].value not in seen]
        return rows


class _Carried:
    """A row riding along in a heap entry: never decides the order, never compared."""

    __slots__ = ("record",)

    def __init__(self, record: Mapping[str, Any]):
        self.record = record

    def __lt__(self, other: "_Carried") -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Carried)

    def __getstate__(self):
        return self.record

    def __setstate__(self, state):
        self.record = state


class _Desc:
    """Orders ids in reverse, so that a min-heap of (score, _Desc(id)) keeps the smallest id
    among equal scores: ties resolve the same way on every worker."""

    __slots__ = ("value",)

    def __init__(self, value: str):
        self.value = value

    def __lt__(self, other: "_Desc") -> bool:
        return self.value > other.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Desc) and self.value == other.value

    def __getstate__(self):
        return self.value

    def __setstate__(self, state):
        self.value = state


def _push_bounded(heap: list, entry: Any, size: int) -> None:
    """Keep the `size` largest entries in a min-heap (duplicates, e.g. a re-merge, once)."""
    if len(heap) >= size and heap and not heap[0] < entry:
        return  # no larger than the smallest kept: nothing would change
    if entry in heap:
        return
    if len(heap) < size:
        heapq.heappush(heap, entry)
    elif heap[0] < entry:
        heapq.heapreplace(heap, entry)




def figures(histogram: Mapping[int, int], threshold: float, direct: int) -> dict[str, Any]:
    """count, mean, std, mean + std, its verdict and the conversations holding a direct
    identifier, of a histogram of scores (the auditor's figure beside gold labels)."""
    n = sum(histogram.values())
    if n == 0:
        return {"count": 0, "mean": None, "std": None, "mean_plus_std": None, "passes": None,
                "with_direct_identifier": 0}
    counts = sorted(histogram.items())
    mean = sum(s * c for s, c in counts) / n
    std = math.sqrt(sum(c * (s - mean) ** 2 for s, c in counts) / n)
    return {"count": n, "mean": mean, "std": std, "mean_plus_std": mean + std,
            "passes": (mean + std) < threshold, "with_direct_identifier": direct}


def item_tag(item: Mapping[str, Any]) -> str:
    """An item as the paper's tag names it, without MISSED_: `PERSON_NAME_PARTIAL`."""
    tag = str(item["info_type"])
    if item.get("speaker"):
        tag += "_SPEAKER"
    if item.get("partial"):
        tag += "_PARTIAL"
    return tag


@dataclass
class RiskAccumulator:
    """Statistics per context; the total is their merge. Picklable, mergeable, small."""

    threshold: float = 5.0
    sample_size: int = 20
    seed: int = 0
    contexts: dict[str, GroupStats] = field(default_factory=dict)
    audit_sample: int | None = None  # the audit sample's size and seed, for the summary to describe
    audit_seed: int = 0

    def add(self, conversation: Any) -> "RiskAccumulator":
        """Add one scored conversation: a ConversationRisk or its `to_dict()` row."""
        record = conversation if isinstance(conversation, Mapping) else conversation.to_dict()
        context = record.get("context") or UNSPECIFIED_CONTEXT
        group = self.contexts.setdefault(context, GroupStats())
        group.add(record, self.sample_size, self.seed)
        return self

    def merge(self, other: "RiskAccumulator") -> "RiskAccumulator":
        for context, group in other.contexts.items():
            self.contexts.setdefault(context, GroupStats()).merge(group, self.sample_size)
        return self

    def total(self) -> GroupStats:
        total = GroupStats()
        for context in sorted(self.contexts):
            total.merge(self.contexts[context], self.sample_size)
        return total

    def summary(self) -> dict[str, Any]:
        """`risk/summary.json`: per context and in total, plus how the figures were computed."""
        totals = self.total()
        total = totals.summary(self.threshold)
        sampled = {"audit_sample": {"size": self.audit_sample, "seed": self.audit_seed,
                                    "method": AUDIT_SAMPLE_METHOD}} if totals.unaudited else {}
        return {
            "threshold": self.threshold,
            "criterion": "mean + std < threshold",
            "passes": total["passes"],
            "std": "population (ddof=0)",
            "percentile_method": PERCENTILE_METHOD,
            "share_above_threshold": "share of conversations with score > threshold",
            "direct_identifier": "conversations with a scoring item of a direct-identifier type "
                                 "(PARTIAL ones included)",
            "review_sample": {"size": self.sample_size, "seed": self.seed,
                              "method": "bottom-k of blake2b(seed, id)"},
            **sampled,
            "contexts": {c: self.contexts[c].summary(self.threshold) for c in sorted(self.contexts)},
            "total": total,
        }


def summarise(conversations: Iterable[Any], threshold: float = 5.0, sample_size: int = 20,
              seed: int = 0) -> dict[str, Any]:
    """The summary of scored conversations, in one pass."""
    accumulator = RiskAccumulator(threshold, sample_size, seed)
    for conversation in conversations:
        accumulator.add(conversation)
    return accumulator.summary()


class RiskCombiner:
    """The four methods of a Beam CombineFn, without importing Beam.

    In a transform: `class RiskCombineFn(RiskCombiner, beam.CombineFn): pass`, then
    `scored | beam.CombineGlobally(RiskCombineFn(threshold, k, seed))` over `to_dict()` rows.
    """

    def __init__(self, threshold: float = 5.0, sample_size: int = 20, seed: int = 0,
                 table_description: Mapping[str, Any] | None = None, calibration: Any = None,
                 audit_sample: int | None = None, audit_seed: int = 0):
        self.threshold, self.sample_size, self.seed = threshold, sample_size, seed
        self.audit_sample, self.audit_seed = audit_sample, audit_seed
        self.table_description = table_description
        self.calibration = calibration

    @classmethod
    def from_settings(cls, settings: Any) -> "RiskCombiner":
        """From a config's RiskSettings: its threshold, sample, seed, the table described, and
        the auditor's calibration (veil.risk.calibration)."""
        table = settings.table()
        return cls(table.threshold, settings.review_sample, settings.seed, table.describe(),
                   settings.calibration, settings.audit_sample, settings.audit_sample_seed)

    def create_accumulator(self) -> RiskAccumulator:
        return RiskAccumulator(self.threshold, self.sample_size, self.seed,
                               audit_sample=self.audit_sample, audit_seed=self.audit_seed)

    def add_input(self, accumulator: RiskAccumulator, conversation: Any) -> RiskAccumulator:
        return accumulator.add(conversation)

    def merge_accumulators(self, accumulators: Iterable[RiskAccumulator]) -> RiskAccumulator:
        merged = self.create_accumulator()
        for accumulator in accumulators:
            merged.merge(accumulator)
        return merged

    def extract_output(self, accumulator: RiskAccumulator) -> dict[str, Any]:
        summary = with_auditor_interval(accumulator.summary(), self.calibration)
        if self.table_description is not None:
            summary["risk_table"] = dict(self.table_description)
        return summary
