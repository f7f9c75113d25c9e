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

The other side of the trade is utility: `ordinary_words` is the share of words outside every
gold span that some finding covers (redacted ordinary words), overall and for lower-case words
("the", "people", "waiver": a model that tags those makes a corpus useless for fine-tuning,
whatever its recall). A word is a run of letters and digits with at least one letter; URLs,
e-mail addresses and @handles are not words of the conversation, and are not counted.

`precision_by_detector` says where the false alarms come from: each finding counted under the
detector family that made it (`rules`: patterns and checksums, `dictionary`: the name, place
and organisation lists, `repeats`: other mentions of a found name, `model`: an NER model,
`speakers`: names from speaker labels), right when it overlaps a gold span of its type (typed)
or of any type (redacted at all). A regression in precision then shows which detector made it.

A type a speaker is tied to (ORGANIZATION_NAME_SPEAKER: "calling from X", "X, this is Y";
PRODUCT_SPEAKER) is scored as its plain type: no annotated set marks the tie, and the gold's
ORGANIZATION_NAME holds the speaker's organisation too (`scored_type`).

`redacted_by_shape` says which gold values go unredacted, by how they are written (an @handle,
lower-case, ALL CAPS, Capitalised; one word or several), never by what they say: where a
detector's misses lie, without a line of personal data in the report.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

_TOKEN = re.compile(r"\w+")
_WORD = re.compile(r"\w*[^\W\d_]\w*")
# Whitespace-separated pieces that are addresses, not words: URLs, e-mail addresses, @handles,
# and bare domain names ("goldstar.com", "irc.example.net").
_NOT_WORDS = re.compile(
    r"\S*(?:://|www\.|@)\S*"
    r"|[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|edu|gov|info|biz|io|co|uk|us|ca|au|de|fr|es|it|nl|in)\b\S*",
    re.IGNORECASE)
ALL = "*"
# The types tied to a speaker, scored as their plain type (module docstring).
_SPEAKER_TYPES = {"ORGANIZATION_NAME_SPEAKER": "ORGANIZATION_NAME", "PRODUCT_SPEAKER": "PRODUCT"}


@dataclass(frozen=True, order=True)
class Span:
    turn: int
    start: int
    end: int
    info_type: str


def scored_type(span: Span) -> Span:
    """The span as it is scored: a speaker-tied type as its plain type (`Evaluation.add` keeps
    the tied type for a record whose gold uses it)."""
    plain = _SPEAKER_TYPES.get(span.info_type)
    return span if plain is None else Span(span.turn, span.start, span.end, plain)


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


@dataclass
class WordCounts:
    """Ordinary words (outside every gold span) and how many of them a finding covered."""

    words: int = 0
    redacted: int = 0
    lower_case_words: int = 0
    lower_case_redacted: int = 0
    # infoType -> lower-case words its findings touched: which type costs the words ("overdose"
    # as MEDICAL_TERM is a choice; "haven" as PERSON_NAME is an error). A word that findings
    # of two types touch counts for both.
    lower_case_by_type: Counter = field(default_factory=Counter)

    def add(self, other: "WordCounts") -> None:
        self.words += other.words
        self.redacted += other.redacted
        self.lower_case_words += other.lower_case_words
        self.lower_case_redacted += other.lower_case_redacted
        self.lower_case_by_type.update(other.lower_case_by_type)

    def scores(self) -> dict:
        return {
            "words": self.words, "redacted": self.redacted,
            "rate": round(self.redacted / self.words, 5) if self.words else 0.0,
            "lower_case_words": self.lower_case_words, "lower_case_redacted": self.lower_case_redacted,
            "lower_case_rate": round(self.lower_case_redacted / self.lower_case_words, 5)
            if self.lower_case_words else 0.0,
            "lower_case_redacted_by_type": dict(sorted(self.lower_case_by_type.items())),
        }


# What joins two gold spans of one name ("University [of] California", "Society [of the]
# Cincinnati") or ends one ("Scientology['s]"): sets that label only a mention's proper nouns
# (GUM) leave these words outside their spans, though they are part of the name.
_NAME_JOINT = re.compile(r"[ \t]+(?:(?:of|for|and|the|de|del|du|des|la|le|van|von|&)[ \t]+){1,2}", re.IGNORECASE)
_NAME_CLITIC = re.compile(r"['’]s?\b", re.IGNORECASE)


def _inside_names(text: str, golds: list[Span]) -> list[tuple[int, int]]:
    """The stretches of `text` between or after gold spans that belong to their names: function
    words joining two gold spans (the first no person: "Alvin Yeung of Civic Party" is two
    names), and a possessive right after one."""
    inside = []
    ordered = sorted(golds, key=lambda s: s.start)
    for a, b in zip(ordered, ordered[1:]):
        if a.info_type != "PERSON_NAME" and a.end < b.start and _NAME_JOINT.fullmatch(text, a.end, b.start):
            inside.append((a.end, b.start))
    for span in ordered:
        clitic = _NAME_CLITIC.match(text, span.end)
        if clitic:
            inside.append(clitic.span())
    return inside


def ordinary_word_counts(texts: list[str], gold: list[Span], predicted: list[Span],
                         capitalised: list[Span] = ()) -> WordCounts:
    """Count the words outside every gold span, and those a predicted span touches.

    A word counts as lower-case when it is lower-case here and not among `capitalised`: the
    words an ASR-style copy marks as written with a capital letter (`written_capitals`). The
    words that join two gold spans into one name, or a possessive ending one, are no ordinary
    words (`_inside_names`): "of" in "University of California" where the gold labels only
    "University" and "California"."""
    counts = WordCounts()
    capitals = {(s.turn, s.start) for s in capitalised}
    gold_by_turn: dict[int, list[Span]] = defaultdict(list)
    predicted_by_turn: dict[int, list[Span]] = defaultdict(list)
    for span in gold:
        gold_by_turn[span.turn].append(span)
    for span in predicted:
        predicted_by_turn[span.turn].append(span)
    for turn, text in enumerate(texts):
        skip = [m.span() for m in _NOT_WORDS.finditer(text)] if "/" in text or "@" in text or "." in text else []
        golds, found = gold_by_turn.get(turn, ()), predicted_by_turn.get(turn, ())
        skip += _inside_names(text, golds) if len(golds) else []
        for word in _WORD.finditer(text):
            start, end = word.span()
            if any(s.start < end and start < s.end for s in golds):
                continue
            if any(a < end and start < b for a, b in skip):
                continue
            touching = {s.info_type for s in found if s.start < end and start < s.end}
            hit = bool(touching)
            counts.words += 1
            counts.redacted += hit
            if word.group().islower() and (turn, start) not in capitals:
                counts.lower_case_words += 1
                counts.lower_case_redacted += hit
                counts.lower_case_by_type.update(touching)
    return counts


MODEL_DETECTORS = frozenset({"hf", "spacy", "onnx", "model"})


def detector_family(label: str) -> str:
    """The family of a finding's detector label ("rules:dictionary" -> "dictionary",
    "rules:regex" -> "rules", "hf:model" -> "model", "repeats:dictionary" -> "repeats")."""
    detector, _, method = label.partition(":")
    if detector == "rules":
        return "dictionary" if method == "dictionary" else "rules"
    if detector in MODEL_DETECTORS or method == "model":
        return "model"
    return detector or "unknown"


def value_shape(value: str) -> str:
    """How a gold value is written, e.g. "lower-case, one word" ("ishawna"), "Capitalised,
    several words" ("Busta Rhymes"), "@handle": the kind of miss, not its text."""
    if value.startswith("@"):
        return "@handle"
    words = [w for w in value.split() if any(c.isalpha() for c in w)]
    letters = "".join(c for c in value if c.isalpha())
    if not letters:
        return "no letters"
    if letters.islower():
        case = "lower-case"
    elif letters.isupper() and len(letters) > 1:
        case = "ALL CAPS"
    elif all(next(c for c in w if c.isalpha()).isupper() for w in words):
        case = "Capitalised"
    else:
        case = "mixed case"
    return f"{case}, {'one word' if len(words) == 1 else 'several words'}"


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
    words: dict = field(default_factory=lambda: defaultdict(WordCounts))
    # info_type -> value_shape -> gold values redacted at all (tp) or not (fn)
    shapes: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(Counts)))
    # detector family -> finding's infoType (and ALL) -> typed (tp: overlaps gold of its type)
    by_detector: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(Counts)))
    # detector family -> findings that overlap gold of any type (tp) or none (fp)
    by_detector_any: dict = field(default_factory=lambda: defaultdict(Counts))
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
        sources: list[str] | None = None,
        capitalised: list[Span] = (),
    ) -> None:
        """`sources`: each prediction's detector label ("rules:dictionary", "hf:model"), for
        `precision_by_detector`; `capitalised`: an ASR-style copy's words that were written with
        a capital (`ordinary_word_counts`)."""
        self.records += 1
        if not any(g.info_type in _SPEAKER_TYPES for g in gold):
            predicted = [scored_type(p) for p in predicted]
        for index, p in enumerate(predicted):
            family = detector_family(sources[index]) if sources and index < len(sources) else "unknown"
            typed = any(_overlaps(p, g) and g.info_type == p.info_type for g in gold)
            for key in (p.info_type, ALL):
                counts = self.by_detector[family][key]
                counts.tp += typed
                counts.fp += not typed
            self.by_detector_any[family].add(Counts(tp=1) if any(_overlaps(p, g) for g in gold) else Counts(fp=1))
        scopes = [ALL, f"context:{context or 'none'}"]
        for metric, count in METRICS.items():
            for info_type, c in count(texts, gold, predicted).items():
                for scope in scopes:
                    self.counts[(metric, scope)][info_type].add(c)
        words = ordinary_word_counts(texts, gold, predicted, capitalised)
        for scope in scopes:
            self.words[scope].add(words)
        for g in gold:
            counts = self.shapes[g.info_type][value_shape(texts[g.turn][g.start:g.end])]
            if any(_overlaps(g, p) for p in predicted):
                counts.tp += 1
            else:
                counts.fn += 1
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
        result["ordinary_words"] = {scope: c.scores() for scope, c in sorted(self.words.items())}
        result["redacted_by_shape"] = {
            info_type: {shape: {"support": c.tp + c.fn, "redacted": c.tp, "missed": c.fn,
                                "recall": round(c.tp / (c.tp + c.fn), 4)}
                        for shape, c in sorted(by_shape.items())}
            for info_type, by_shape in sorted(self.shapes.items())}
        result["precision_by_detector"] = {
            family: {"redacted_at_all": {k: v for k, v in self.by_detector_any[family].scores().items()
                                         if k in ("tp", "fp", "precision")},
                     "typed": {t: {k: v for k, v in c.scores().items() if k in ("tp", "fp", "precision")}
                               for t, c in sorted(by_type.items())}}
            for family, by_type in sorted(self.by_detector.items())}
        result["hard_negatives"] = {
            "total": self.negatives_total,
            "redacted": self.negatives_redacted,
            "false_positive_rate": round(self.negatives_redacted / self.negatives_total, 4)
            if self.negatives_total else 0.0,
        }
        return result


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.2%} ({part:,} of {whole:,})" if whole else "n/a (no words)"


def format_words(words: dict) -> str:
    by_type = sorted((words.get("lower_case_redacted_by_type") or {}).items(), key=lambda kv: (-kv[1], kv[0]))
    taken = "; by the type that took them: " + ", ".join(f"{t} {n}" for t, n in by_type) if by_type else ""
    return (f"ordinary words redacted: {_share(words['redacted'], words['words'])}; "
            f"lower-case: {_share(words['lower_case_redacted'], words['lower_case_words'])}{taken}")


def format_shapes(by_type: dict) -> list[str]:
    """Where the misses are: per gold infoType with a miss, each way of writing its values."""
    missing = {t: shapes for t, shapes in by_type.items() if any(s["missed"] for s in shapes.values())}
    if not missing:
        return []
    lines = ["", "missed gold values, by how they are written (redacted at all)"]
    header = f"{'info_type':<30} {'written as':<28} {'support':>8} {'missed':>7} {'recall':>7}"
    lines += [header, "-" * len(header)]
    for info_type, shapes in missing.items():
        for shape, s in sorted(shapes.items(), key=lambda item: -item[1]["missed"]):
            lines.append(f"{info_type:<30} {shape:<28} {s['support']:>8} {s['missed']:>7} {s['recall']:>7.3f}")
    return lines


def format_detectors(by_detector: dict) -> list[str]:
    """Precision of each detector family's findings: all of them, and its PERSON_NAME and
    ORGANIZATION_NAME findings (typed)."""
    if not by_detector:
        return []
    lines = ["", "precision by detector (findings that overlap gold)"]
    header = (f"{'detector':<12} {'findings':>8} {'any type':>9} {'typed':>7} {'PERSON_NAME':>15} "
              f"{'ORGANIZATION_NAME':>19}")
    lines += [header, "-" * len(header)]
    for family, entry in by_detector.items():
        any_type, typed = entry["redacted_at_all"], entry["typed"]
        cells = []
        for info_type, width in (("PERSON_NAME", 15), ("ORGANIZATION_NAME", 19)):
            c = typed.get(info_type)
            cells.append(f"{c['precision']:.3f} of {c['tp'] + c['fp']}".rjust(width) if c else "-".rjust(width))
        lines.append(f"{family:<12} {any_type['tp'] + any_type['fp']:>8} {any_type['precision']:>9.3f} "
                     f"{typed[ALL]['precision']:>7.3f} {cells[0]} {cells[1]}")
    return lines


def format_report(report: dict, metric: str = "entity_overlap") -> str:
    """A readable summary: what matters for privacy first (was each value redacted at all), the
    utility cost beside it (ordinary words redacted), then typed figures per infoType and
    per context."""
    lines = [f"{report['records']} records"]
    redaction = report["metrics"].get("redaction_entity_overlap", {})
    words = report.get("ordinary_words", {})
    overall = redaction.get(ALL)
    if overall:
        s = overall["micro"]
        lines.append(f"redacted at all (any type, overlap): recall {s['recall']:.3f}, "
                     f"precision {s['precision']:.3f}, F5 {s['f5']:.3f} ({s['support']:,} gold values)")
    if ALL in words:
        lines.append(format_words(words[ALL]))
    typed = report["metrics"].get(metric, {}).get(ALL)
    if typed:
        lines += ["", f"per gold infoType: redacted at all, then typed ({metric})"]
        header = (f"{'info_type':<30} {'support':>8} {'redacted':>8} | {'precision':>9} {'recall':>7} "
                  f"{'f1':>6} {'f5':>6}")
        lines += [header, "-" * len(header)]
        any_type = overall["per_info_type"] if overall else {}
        for name, s in typed["per_info_type"].items():
            r = any_type.get(name, {}).get("recall")
            shown = f"{r:>8.3f}" if r is not None and s["support"] else f"{'':>8}"
            lines.append(f"{name:<30} {s['support']:>8} {shown} | {s['precision']:>9.3f} {s['recall']:>7.3f} "
                         f"{s['f1']:>6.3f} {s['f5']:>6.3f}")
        s = typed["micro"]
        r = overall["micro"]["recall"] if overall else 0.0
        lines.append(f"{'micro':<30} {s['support']:>8} {r:>8.3f} | {s['precision']:>9.3f} {s['recall']:>7.3f} "
                     f"{s['f1']:>6.3f} {s['f5']:>6.3f}")
    contexts = [scope for scope in redaction if scope != ALL]
    if contexts:
        lines += ["", "per context: redacted at all (any type), and ordinary words redacted"]
        header = f"{'context':<30} {'support':>8} {'recall':>7} {'precision':>9} {'f5':>6} {'words':>7} {'lower':>7}"
        lines += [header, "-" * len(header)]
        for scope in contexts:
            s, w = redaction[scope]["micro"], words.get(scope, {})
            lines.append(f"{scope.removeprefix('context:'):<30} {s['support']:>8} {s['recall']:>7.3f} "
                         f"{s['precision']:>9.3f} {s['f5']:>6.3f} {w.get('rate', 0):>7.2%} "
                         f"{w.get('lower_case_rate', 0):>7.2%}")
    lines += format_detectors(report.get("precision_by_detector", {}))
    lines += format_shapes(report.get("redacted_by_shape", {}))
    negatives = report["hard_negatives"]
    if negatives["total"]:
        lines.append("")
        lines.append(f"hard negatives redacted: {negatives['redacted']} of {negatives['total']} ({negatives['false_positive_rate']:.1%})")
    return "\n".join(lines)
