"""The paper's human loop (section 4.1), with the auditor's work done first.

`veil risk --sample N --seed S --run OUT --write FILE` picks a seeded sample of the anonymised
conversations and writes them in the paper's annotation format, each suspected leftover the
auditor found pre-marked as a question, `(Green)[MISSED_PERSON_NAME?]`. People confirm (drop
the `?`), reject (remove the markup), correct (change the tag) or add (mark what the auditor
missed); `veil risk --annotated FILE --run OUT` scores what they return (veil.risk.annotated:
a `?` left unresolved counts as confirmed) and combines it with the auditor's estimate for the
rest of the corpus (`combine`), saying how much each contributed.

Plain Python, no Beam.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from veil.risk.annotated import UNRESOLVED
from veil.risk.scoring import ResidualItem
from veil.risk.stats import sample_key
from veil.risk.table import DEFAULT_TABLE, RiskTable


def review_sample(ids: Iterable[str], size: int, seed: int) -> list[str]:
    """`size` ids, chosen by the seeded rank the job's review sample uses (bottom-k of
    blake2b(seed, id)): the same ids on every run, whatever the input's order."""
    return sorted(ids, key=lambda i: (sample_key(seed, i), i))[:size]


def question_tag(item: ResidualItem) -> str:
    """`MISSED_PERSON_NAME_SPEAKER_PARTIAL?`: what the auditor suspects, as a question."""
    return ("MISSED_" + item.info_type + ("_SPEAKER" if item.speaker else "")
            + ("_PARTIAL" if item.partial else "") + "?")


def pre_marked(texts: Sequence[str], items: Iterable[ResidualItem], table: RiskTable = DEFAULT_TABLE
               ) -> tuple[list[str], int]:
    """The texts with each scoring suspected item marked as a question, and how many were.

    Items that score nothing (an organisation not tied to a speaker) are left unmarked: they
    cost a reviewer time and the corpus nothing. A value holding parentheses cannot be marked
    in the paper's format without changing the text, and is left for the reviewer to see.
    """
    by_turn: dict[int, list[tuple[int, int, str]]] = {}
    for item in items:
        if item.turn is None or item.start is None or table.score(
                item.info_type, item.partial, item.speaker) <= 0:
            continue
        for turn, start, end in item.spans():
            value = texts[turn][start:end]
            if "(" in value or ")" in value:
                continue
            by_turn.setdefault(turn, []).append((start, end, question_tag(item)))
    marked, count = list(texts), 0
    for turn, spans in by_turn.items():
        text, position, pieces = texts[turn], 0, []
        for start, end, tag in sorted(set(spans)):
            if start < position:  # overlapping suspicions: the first one marks the text
                continue
            pieces += [text[position:start], f"({text[start:end]})[{tag}]"]
            position = end
            count += 1
        pieces.append(text[position:])
        marked[turn] = "".join(pieces)
    return marked, count


@dataclass(frozen=True)
class Combined:
    """The corpus's rows: people's scores where they reviewed, the auditor's elsewhere."""

    rows: list[dict]
    contribution: dict


def combine(audit_rows: Iterable[Mapping], annotated_rows: Iterable[Mapping]) -> Combined:
    """People's scores replace the auditor's for the conversations they reviewed.

    `contribution` says how much each source gave: conversations and residual score from the
    annotated sample and from the auditor (or gold labels) for the rest; on the sample, the
    auditor's total beside people's (how far the auditor's estimate can be trusted there);
    and how many marks were left unresolved (counted as confirmed).
    """
    annotated = {str(row["id"]): row for row in annotated_rows}
    rows, by_source = [], {}
    auditor_on_sample = 0
    for row in audit_rows:
        key = str(row["id"])
        if key in annotated:
            auditor_on_sample += int(row["score"])
            continue
        rows.append(dict(row))
        source = row.get("source") or "audit"
        entry = by_source.setdefault(source, {"conversations": 0, "score": 0})
        entry["conversations"] += 1
        entry["score"] += int(row["score"])
    people = {"conversations": len(annotated), "score": sum(int(r["score"]) for r in annotated.values())}
    rows.extend(dict(r) for r in annotated.values())
    total_score = sum(e["score"] for e in by_source.values()) + people["score"]
    total_count = len(rows)
    unresolved = sum(int(r.get("unresolved", 0)) for r in annotated.values())
    contribution = {
        "annotated": {**people, "share_of_conversations": _share(people["conversations"], total_count),
                      "share_of_score": _share(people["score"], total_score),
                      "unresolved_marks": unresolved,
                      "auditor_score_on_sample": auditor_on_sample},
        **{source: {**entry, "share_of_conversations": _share(entry["conversations"], total_count),
                    "share_of_score": _share(entry["score"], total_score)}
           for source, entry in sorted(by_source.items())},
    }
    return Combined(rows, contribution)


def _share(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def unresolved_count(items: Iterable[ResidualItem]) -> int:
    return sum(item.source == UNRESOLVED for item in items)
