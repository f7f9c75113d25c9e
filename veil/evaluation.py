"""Detection quality against gold labels: precision, recall, F1 and F5.

Three ways of counting, each per infoType, per context and micro-averaged:

- `entity_exact`: a prediction is right when its turn, start, end and type equal a gold span's;
- `entity_overlap`: a gold span is found when a prediction of its type overlaps it, and a
  prediction is right when it overlaps a gold span of its type;
- `token`: word tokens (`\\w+`) inside spans, compared token by token.

Each also has an untyped twin (`redaction_*`): was the value redacted at all, whatever type it
got? For privacy that is what matters; the typed figures matter for placeholders and utility.
F5 weighs recall five times as much as precision: a miss leaks a person, a false positive
costs a word.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

_TOKEN = re.compile(r"\w+")
ALL = "*"


@dataclass(frozen=True, order=True)
class Span:
    turn: int
    start: int
    end: int
    info_type: str


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: "Counts") -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    def scores(self) -> dict:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        return {
            "tp": self.tp, "fp": self.fp, "fn": self.fn,
            "precision": round(precision, 4),
            "recall": round(recall, 4),
            "f1": round(f_beta(precision, recall, 1.0), 4),
            "f5": round(f_beta(precision, recall, 5.0), 4),
            "support": self.tp + self.fn,
        }


def f_beta(precision: float, recall: float, beta: float) -> float:
    if precision == 0 and recall == 0:
        return 0.0
    b2 = beta * beta
    return (1 + b2) * precision * recall / (b2 * precision + recall)


def _overlaps(a: Span, b: Span) -> bool:
    return a.turn == b.turn and a.start < b.end and b.start < a.end


def _entity_counts(gold: list[Span], predicted: list[Span], exact: bool, typed: bool) -> dict[str, Counts]:
    """Counts per gold/predicted type (untyped: one key, ALL)."""
    counts: dict[str, Counts] = defaultdict(Counts)

    def key(span: Span) -> str:
        # Untyped, hits and misses still count under the gold type: "was each kind of PI
        # redacted at all?"; a false alarm has no gold type.
        return span.info_type if typed or span in gold_set else ALL

    gold_set = set(gold)

    def match(a: Span, b: Span) -> bool:
        if typed and a.info_type != b.info_type:
            return False
        if exact:
            return (a.turn, a.start, a.end) == (b.turn, b.start, b.end)
        return _overlaps(a, b)

    for g in gold:
        if any(match(g, p) for p in predicted):
            counts[key(g)].tp += 1
        else:
            counts[key(g)].fn += 1
    for p in predicted:
        if not any(match(p, g) for g in gold):
            counts[key(p)].fp += 1
    return counts


def _token_labels(texts: list[str], spans: list[Span], typed: bool) -> dict[tuple[int, int], str]:
    """The label of every word token a span touches; a span that cuts a word covers it."""
    labels = {}
    for span in spans:
        text = texts[span.turn]
        word_start = span.start
        while word_start > 0 and (text[word_start - 1].isalnum() or text[word_start - 1] == "_"):
            word_start -= 1
        for token in _TOKEN.finditer(text, word_start, span.end):
            labels[(span.turn, token.start())] = span.info_type if typed else ALL
    return labels


def _token_counts(texts: list[str], gold: list[Span], predicted: list[Span], typed: bool) -> dict[str, Counts]:
    counts: dict[str, Counts] = defaultdict(Counts)
    gold_labels = _token_labels(texts, gold, typed)
    predicted_labels = _token_labels(texts, predicted, typed)
    for position, label in gold_labels.items():
        if predicted_labels.get(position) == label:
            counts[label].tp += 1
        else:
            counts[label].fn += 1
    for position, label in predicted_labels.items():
        if gold_labels.get(position) != label:
            counts[label].fp += 1
    return counts


METRICS = {
    "entity_exact": lambda t, g, p: _entity_counts(g, p, exact=True, typed=True),
    "entity_overlap": lambda t, g, p: _entity_counts(g, p, exact=False, typed=True),
    "token": lambda t, g, p: _token_counts(t, g, p, typed=True),
    "redaction_entity_overlap": lambda t, g, p: _entity_counts(g, p, exact=False, typed=False),
    "redaction_token": lambda t, g, p: _token_counts(t, g, p, typed=False),
}


@dataclass
class Evaluation:
    """Accumulates counts over a stream of records; constant memory in the number of records."""

    counts: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(Counts)))
    records: int = 0
    negatives_total: int = 0
    negatives_redacted: int = 0

    def add(
        self,
        texts: list[str],
        gold: list[Span],
        predicted: list[Span],
        context: str | None = None,
        negatives: list[Span] = (),
    ) -> None:
        self.records += 1
        scopes = [ALL, f"context:{context or 'none'}"]
        for metric, count in METRICS.items():
            for info_type, c in count(texts, gold, predicted).items():
                for scope in scopes:
                    self.counts[(metric, scope)][info_type].add(c)
        for negative in negatives:
            self.negatives_total += 1
            if any(_overlaps(negative, p) for p in predicted):
                self.negatives_redacted += 1

    def report(self) -> dict:
        result: dict = {"records": self.records, "metrics": {}}
        for (metric, scope), by_type in sorted(self.counts.items()):
            micro = Counts()
            for c in by_type.values():
                micro.add(c)
            entry = {"micro": micro.scores()}
            entry["per_info_type"] = {t: c.scores() for t, c in sorted(by_type.items())}
            result["metrics"].setdefault(metric, {})[scope] = entry
        result["hard_negatives"] = {
            "total": self.negatives_total,
            "redacted": self.negatives_redacted,
            "false_positive_rate": round(self.negatives_redacted / self.negatives_total, 4)
            if self.negatives_total else 0.0,
        }
        return result


def format_report(report: dict, metric: str = "entity_overlap") -> str:
    """A readable table: per infoType for the whole corpus, then micro per context."""
    lines = [f"{report['records']} records; metric: {metric}"]
    header = f"{'info_type':<30} {'support':>8} {'precision':>9} {'recall':>7} {'f1':>6} {'f5':>6}"
    overall = report["metrics"].get(metric, {}).get(ALL)
    if overall:
        lines += [header, "-" * len(header)]
        for name, s in overall["per_info_type"].items():
            lines.append(f"{name:<30} {s['support']:>8} {s['precision']:>9.3f} {s['recall']:>7.3f} {s['f1']:>6.3f} {s['f5']:>6.3f}")
        s = overall["micro"]
        lines.append(f"{'micro':<30} {s['support']:>8} {s['precision']:>9.3f} {s['recall']:>7.3f} {s['f1']:>6.3f} {s['f5']:>6.3f}")
    lines.append("")
    lines.append(header.replace("info_type", "context  "))
    for scope, entry in report["metrics"].get(metric, {}).items():
        if scope == ALL:
            continue
        s = entry["micro"]
        lines.append(f"{scope.removeprefix('context:'):<30} {s['support']:>8} {s['precision']:>9.3f} {s['recall']:>7.3f} {s['f1']:>6.3f} {s['f5']:>6.3f}")
    redaction = report["metrics"].get("redaction_entity_overlap", {}).get(ALL)
    if redaction:
        s = redaction["micro"]
        lines.append("")
        lines.append(f"redaction (any type, overlap): recall {s['recall']:.3f}, precision {s['precision']:.3f}, f5 {s['f5']:.3f}")
    negatives = report["hard_negatives"]
    if negatives["total"]:
        lines.append(f"hard negatives redacted: {negatives['redacted']} of {negatives['total']} ({negatives['false_positive_rate']:.1%})")
    return "\n".join(lines)
