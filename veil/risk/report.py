"""The privacy report: `risk/summary.json` and a review sample, as one self-contained page.

For privacy counsel, not engineers: the verdict in words, the paper's Table 4, a histogram
per context with the threshold marked, what is left most often, and a seeded random sample of
conversations with their residual items highlighted. Inline CSS, images as data URIs, no
external URL: the page can be mailed or archived as it is.
"""
from __future__ import annotations

import base64
import io
import json
import re
from typing import Any, Iterable, Iterator, Mapping

import fsspec
from jinja2 import Environment, select_autoescape
from markupsafe import Markup, escape

from veil.risk.report_template import TEMPLATE
from veil.risk.stats import item_tag

_ENV = Environment(autoescape=select_autoescape(default=True, default_for_string=True),
                   trim_blocks=True, lstrip_blocks=True)
_TEMPLATE = _ENV.from_string(TEMPLATE)

_TAG_WORDS = {"_SPEAKER": " (the speaker's own)", "_PARTIAL": " (partly left)"}


def fmt(value: float | None) -> str:
    """One decimal, as Table 4 prints it; a dash for 'no data'."""
    return "–" if value is None else f"{value:.1f}"


def fmt_num(value: float) -> str:
    return f"{value:g}"


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 conversation`, `2 conversations`."""
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def verdict(summary: Mapping[str, Any]) -> dict[str, Any]:
    """What the page leads with: what fails first (the corpus, each context that fails, the
    direct identifiers left), and a pass only when nothing does.

    `css` is fail (red), warn (amber: the criterion is met but direct identifiers are left,
    or a context fails while the total passes) or pass (green); `text` is the whole verdict as
    one paragraph, for a terminal.
    """
    total = summary["total"]
    threshold = summary.get("threshold", 5)
    if not total.get("count"):
        text = "No conversations were scored, so there is no verdict."
        return {"css": "none", "headline": text, "details": [], "text": text}
    limit = fmt_num(threshold)
    failing = [(name, stats) for name, stats in summary.get("contexts", {}).items()
               if stats.get("passes") is False]
    direct = int(total.get("with_direct_identifier") or 0)
    details = [f"{name}: mean + std = {fmt(stats['mean_plus_std'])} is not below {limit} "
               f"({plural(stats['count'], 'conversation')})." for name, stats in failing]
    if direct:
        details.append(f"{plural(direct, 'conversation')} of {total['count']:,} still "
                       f"{'holds' if direct == 1 else 'hold'} a direct identifier (a name, an "
                       "email address, a phone, card or account number...): review them before use.")
    skipped = (summary.get("provenance") or {}).get("skipped_info_types") or []
    if skipped:
        details.append(not_looked_for_text(skipped))
    value = fmt(total["mean_plus_std"])
    interval = total.get("auditor_interval")
    sample = total.get("audit_sample")
    if interval:  # an estimate: the verdict is on it, or on its calibrated upper end
        details.insert(0, auditor_interval_text(interval, limit))
    if sample:  # from a sample: said first, with its uncertainty
        details.insert(0, audit_sample_text(sample, limit))
    beside = total.get("auditor")
    if beside and beside.get("count"):  # gold labels asked for: both figures, and who decided
        details.insert(0, gold_beside_auditor_text(total, threshold))
    if beside and beside.get("count") and total["passes"] is False and "gold" not in total.get("decided_by", ()):
        css, headline = "fail", (f"The corpus fails, decided by the auditor: its mean + std "
                                 f"{fmt(beside['mean_plus_std'])} is not below {limit}"
                                 + (f" (calibrated {decisive_words(beside['interval'])})"
                                    if beside.get("interval") else "")
                                 + f", though the gold labels give {value}.")
    elif interval and not interval["passes"]:
        css, headline = "fail", (f"The corpus fails on the auditor's {decisive_words(interval)}, "
                                 f"not below {limit}" + (
                                     f" (its interval, {fmt(interval['low'])}–{fmt(interval['high'])}, "
                                     f"holds the threshold: borderline)" if interval.get("borderline") else "")
                                 + ".")
    elif interval and interval.get("borderline"):
        css, headline = "warn", (f"Borderline: the corpus passes on the auditor's "
                                 f"{decisive_words(interval)}, below {limit}, but its interval "
                                 f"{fmt(interval['low'])}–{fmt(interval['high'])} holds the "
                                 "threshold: within the auditor's measured error it may fail. "
                                 "Review the sampled conversations below before use, or score a "
                                 "labelled sample of this corpus (docs/risk-auditor.md).")
    elif sample and not sample["passes"] and total["mean_plus_std"] < threshold:
        css, headline = "fail", (f"The corpus fails on the audit sample's upper end: mean + std "
                                 f"may be up to {fmt(sample['mean_plus_std'][1])}, not below {limit}, "
                                 f"though the sample's own figure is {value}.")
    elif not total["passes"]:
        css, headline = "fail", f"The corpus fails: mean + std = {value} is not below the threshold {limit}."
    elif failing:
        css = "warn"
        headline = (f"{plural(len(failing), 'context')} of {len(summary.get('contexts', {}))} "
                    f"{'fails' if len(failing) == 1 else 'fail'} the criterion, though the corpus "
                    f"as a whole meets it (mean + std = {value}, below {limit}).")
    elif direct:
        css = "warn"
        headline = (f"The corpus meets the criterion (mean + std = {value}, below {limit}), "
                    "but direct identifiers are left.")
    elif skipped:
        css = "warn"
        headline = (f"The corpus meets the criterion (mean + std = {value}, below {limit}) for "
                    "what was looked for, but the template's "
                    f"{plural(len(skipped), 'infoType')} {'was' if len(skipped) == 1 else 'were'} "
                    "not looked for.")
    elif interval:
        css = "pass"
        headline = (f"The corpus passes: the auditor's estimate of mean + std, "
                    f"{fmt(interval['estimate'])}, and its whole interval "
                    f"({fmt(interval['low'])}–{fmt(interval['high'])}) are below the threshold {limit}.")
    else:
        css = "pass"
        headline = f"The corpus passes: mean + std = {value} is below the threshold {limit}."
    if beside and beside.get("count") and not headline.startswith("The corpus fails, decided by"):
        headline += f" (Decided by {_decided_words(total['decided_by'])}.)"
    return {"css": css, "headline": headline, "details": details,
            "text": " ".join([headline, *details])}


_FIGURE_WORDS = {"gold": "the gold labels", "auditor": "the auditor", "people": "people's annotations"}


def _decided_words(names: Iterable[str]) -> str:
    return " and ".join(_FIGURE_WORDS.get(name, name) for name in names)


def gold_beside_auditor_text(total: Mapping[str, Any], threshold: float) -> str:
    """One sentence: the gold-label figure and the auditor's, side by side, and who decided."""
    beside = total["auditor"]
    interval = beside.get("interval")
    auditor = fmt(beside["mean_plus_std"]) + (
        f" (calibrated {fmt(interval['low'])}–{fmt(interval['high'])})" if interval else "")

    def said(passes: Any) -> str:
        return "passes" if passes else "fails"

    gold_passes = total["mean_plus_std"] is not None and total["mean_plus_std"] < threshold
    return (f"Gold labels were given (--gold_field) and the auditor read the same "
            f"{plural(beside['count'], 'conversation')}: mean + std from the gold labels "
            f"{fmt(total['mean_plus_std'])} ({said(gold_passes)}), from the auditor {auditor} "
            f"({said(beside['passes'])}); conversations holding a direct identifier: "
            f"{total.get('with_direct_identifier', 0):,} by gold, {beside['with_direct_identifier']:,} "
            f"by the auditor. The corpus passes only when both do: the verdict was decided by "
            f"{_decided_words(total.get('decided_by', ()))}.")


def not_looked_for_text(skipped: list[str]) -> str:
    """One sentence: the template's types the job skipped (--skip_unsupported_infotypes)."""
    return (f"Not looked for: {', '.join(skipped)}. The template names "
            f"{'this infoType' if len(skipped) == 1 else 'these infoTypes'}, which Veil cannot "
            "detect, and the job ran without them (--skip_unsupported_infotypes): values of "
            f"{'it' if len(skipped) == 1 else 'them'} may remain in the corpus and are not in "
            "these figures.")


def audit_sample_text(sample: Mapping[str, Any], limit: str) -> str:
    """One sentence: how many conversations the auditor read, and what that leaves uncertain."""
    text = (f"Estimated from a sample: the auditor read {sample['audited']:,} of the "
            f"{sample['of']:,} conversations it would have (a seeded random sample of fixed size); "
            f"the others are written but not scored.")
    if sample.get("mean_plus_std"):
        text += (f" For the whole corpus ({sample['level']:.0%}): the mean lies in "
                 f"{fmt(sample['mean'][0])}–{fmt(sample['mean'][1])}, mean + std in "
                 f"{fmt(sample['mean_plus_std'][0])}–{fmt(sample['mean_plus_std'][1])}, and the "
                 f"verdict is taken on the upper end ({'below' if sample['passes'] else 'not below'} "
                 f"{limit}).")
    return text


def auditor_interval_text(interval: Mapping[str, Any], limit: str) -> str:
    """One sentence: the auditor's raw count, its calibrated estimate and interval, and what
    decides."""
    sampled = " and the sample's uncertainty" if interval.get("with_sampling") else ""
    if interval.get("basis") == "calibrated estimate":
        figure = (f"counting its hits, mean + std is {fmt(interval['raw'])}; weighing each by the "
                  f"chance that it is real personal information and allowing for what it misses, "
                  f"the estimate is {fmt(interval['estimate'])}")
    else:
        figure = f"its mean + std is {fmt(interval['estimate'])}"
    on = "the upper end" if interval.get("verdict_on") == "upper" else "the estimate"
    return (f"Scored without labels by the independent auditor: {figure}; with its error measured "
            f"on real annotated text{sampled}, the true figure lies in "
            f"{fmt(interval['low'])}–{fmt(interval['high'])} ({interval['level']:.0%}), and the "
            f"verdict is taken on {on} ({'below' if interval['passes'] else 'not below'} "
            f"{limit}).")


def decisive_words(interval: Mapping[str, Any]) -> str:
    """The figure that decided an auditor's verdict, in words: "estimate 3.2" or "upper end 6.0"."""
    if interval.get("verdict_on") == "upper":
        return f"upper end {fmt(interval['high'])}"
    return f"estimate {fmt(interval['estimate'])}"


def contribution_lines(contribution: Mapping[str, Any]) -> list[str]:
    """How much the annotated sample and the auditor (or gold labels) gave the figures."""
    people = contribution["annotated"]
    lines = [f"annotated by people: {plural(people['conversations'], 'conversation')} "
             f"({pct(people['share_of_conversations'])} of the corpus), residual score "
             f"{people['score']} ({pct(people['share_of_score'])} of the total); the auditor had "
             f"scored the same conversations {people['auditor_score_on_sample']}"
             + (f"; {people['unresolved_marks']} pre-marked suspicions left unresolved, counted "
                "as confirmed" if people["unresolved_marks"] else "")]
    for source, entry in contribution.items():
        if source != "annotated":
            lines.append(f"{source}: {plural(entry['conversations'], 'conversation')} "
                         f"({pct(entry['share_of_conversations'])}), residual score {entry['score']} "
                         f"({pct(entry['share_of_score'])} of the total)")
    return lines


def format_contribution(contribution: Mapping[str, Any]) -> str:
    return "\n".join(["Contributions:"] + [f"  - {line}" for line in contribution_lines(contribution)])


def histogram_data_uri(histogram: Mapping[str, int], threshold: float, title: str,
                       mean_plus_std: float | None = None) -> str:
    """A bar chart of scores as a PNG data URI; bars above the threshold in red."""
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend
    from matplotlib.ticker import MaxNLocator

    counts = {int(score): int(n) for score, n in histogram.items()}
    top = max([int(threshold) + 1, *counts])
    scores = list(range(top + 1))
    figure = Figure(figsize=(4.6, 2.8), dpi=100)
    axes = figure.subplots()
    colours = ["#cf222e" if s > threshold else "#0969da" for s in scores]
    axes.bar(scores, [counts.get(s, 0) for s in scores], color=colours, width=0.8)
    axes.axvline(threshold, color="#1f2328", linestyle="--", linewidth=1.2,
                 label=f"threshold {fmt_num(threshold)}")
    if mean_plus_std is not None:
        axes.axvline(mean_plus_std, color="#bf8700", linestyle=":", linewidth=1.5,
                     label=f"mean + std {fmt(mean_plus_std)}")
    # Shown about 0.8x natural size (the page's grid): these sizes read as 11-13 px.
    axes.set_title(title, fontsize=12)
    axes.set_xlabel("residual-risk score", fontsize=11)
    axes.set_ylabel("conversations", fontsize=11)
    axes.tick_params(labelsize=10)
    axes.legend(fontsize=10.5, loc="upper right", frameon=True, facecolor="white", edgecolor="none",
                framealpha=0.9)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))  # scores and counts are whole
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.spines[["top", "right"]].set_visible(False)
    # Fixed margins, the left one as wide as the longest count: what tight_layout() found,
    # without the extra draw it costs (a third of the time of a chart).
    digits = len(str(max(counts.values(), default=0)))
    figure.subplots_adjust(left=0.11 + 0.02 * max(digits, 1), right=0.98, top=0.89, bottom=0.19)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def highlight(text: str, spans: Iterable[tuple[int, int, str, bool]]) -> Markup:
    """The text escaped, with each (start, end, label, partial) span in a <mark>."""
    pieces, position = [], 0
    for start, end, label, partial in sorted(spans):
        if start < position or end > len(text):
            continue  # overlapping or stale spans: show the text plain rather than wrong
        pieces.append(escape(text[position:start]))
        css = ' class="partial"' if partial else ""
        pieces.append(Markup(f'<mark{css} title="{escape(label)}">') + escape(text[start:end])
                      + Markup("</mark>"))
        position = end
    pieces.append(escape(text[position:]))
    return Markup("").join(pieces)


def _conversation_view(row: Mapping[str, Any]) -> dict[str, Any]:
    """One sampled conversation for the template: turns with highlights, and its items."""
    turns = row.get("turns")
    if turns is None and isinstance(row.get("text"), str):
        turns = [{"text": row["text"]}]
    spans: dict[int, list] = {}
    for item in row.get("items", []):
        label = f"{item_tag(item)}: score {item.get('score', 0)}"
        for mention in item.get("mentions", []):
            if mention.get("start") is not None:
                spans.setdefault(mention.get("turn") or 0, []).append(
                    (mention["start"], mention["end"], label, bool(item.get("partial"))))
    in_field: dict[str, list] = {}  # field name -> (label, partial, value) of items left there
    for item in row.get("items", []):
        for name in item.get("fields", ()):
            in_field.setdefault(name, []).append(
                (f"{item_tag(item)}: score {item.get('score', 0)}", bool(item.get("partial")),
                 item.get("value")))
    views = []
    for index, turn in enumerate(turns or []):
        text = turn.get("text", "") if isinstance(turn, Mapping) else str(turn)
        speaker = turn.get("speaker") if isinstance(turn, Mapping) else None
        label_items = in_field.pop(f"turns[{index}].speaker", None)
        views.append({"speaker": speaker, "html": highlight(text, spans.get(index, [])),
                      "speaker_html": _marked_whole(speaker, label_items) if speaker else None})
    field_texts = row.get("field_texts") or {}
    fields = [{"name": name, "html": _marked_whole(field_texts[name], found)
               if field_texts.get(name) is not None else None} for name, found in in_field.items()]
    items = [{**item, "where": where_text(item, turns or [])} for item in row.get("items", [])]
    return {
        "id": row.get("id"), "context": row.get("context") or "unspecified",
        "score": row.get("score"), "source": row.get("source"), "turns": views, "residual": items,
        "fields": fields, "has_values": any("value" in item for item in items),
        "auditor": row.get("auditor"),
    }


def _marked_whole(text: str, found: list | None) -> Markup:
    """A short written value (a speaker label, a field), each item left in it marked: where
    its value is, or the whole value when the row does not carry it."""
    if not found:
        return escape(text)
    spans = []
    for label, partial, value in found:
        start = text.find(value) if value else -1
        spans.append((start, start + len(value), label, partial) if start >= 0
                     else (0, len(text), label, partial))
    return highlight(text, spans)


def where_text(item: Mapping[str, Any], turns: list) -> str:
    """Where a scored item sits: its turns (with their speakers) and the fields outside them."""
    places = []
    for turn in sorted({m.get("turn") or 0 for m in item.get("mentions", ()) if m.get("start") is not None}):
        speaker = turns[turn].get("speaker") if turn < len(turns) and isinstance(turns[turn], Mapping) else None
        places.append(f"turn {turn + 1}" + (f" ({speaker})" if speaker else ""))
    for name in item.get("fields", ()):
        label = re.fullmatch(r"turns\[(\d+)\]\.speaker", name)
        places.append(f"speaker label of turn {int(label.group(1)) + 1}" if label else f"field {name}")
    return ", ".join(places) or "in the text (no offsets kept)"


def _type_label(tag: str) -> str:
    label = tag
    for suffix, words in _TAG_WORDS.items():
        if suffix in label:
            label = label.replace(suffix, "") + words
    return label


def build_report(summary: Mapping[str, Any], conversations: Iterable[Mapping[str, Any]] = (),
                 title: str = "Veil privacy report") -> str:
    """The HTML page for a summary and the rows of the conversations it shows (the review
    sample and the highest-scoring ones; any other row is ignored)."""
    threshold = summary.get("threshold", 5)
    total = summary["total"]
    contexts = summary.get("contexts", {})
    rows = [{"name": name, "is_total": False, **stats} for name, stats in contexts.items()]
    rows.append({"name": "Total", "is_total": True, **total})
    histograms = [
        {"name": row["name"], "count": row["count"], "mean_plus_std": row.get("mean_plus_std"),
         "data_uri": histogram_data_uri(row.get("histogram", {}), threshold, row["name"],
                                        row.get("mean_plus_std"))}
        for row in rows if row["count"] or row["is_total"]
    ]
    sample_ids = [str(i) for i in total.get("review_sample", [])]
    highest = [h for h in total.get("highest", []) if h.get("score")][:10]
    by_id = {str(row.get("id")): row for row in conversations}
    sample = [_conversation_view(by_id[i]) for i in sample_ids if i in by_id]
    highest_views = [{**h, "view": _conversation_view(by_id[str(h["id"])]) if str(h["id"]) in by_id else None}
                     for h in highest]
    top_types = [{**t, "label": _type_label(t["tag"])} for t in total.get("top_info_types", [])]
    table = summary.get("risk_table", {})
    return _TEMPLATE.render(
        title=title, threshold=threshold, total=total, rows=rows, histograms=histograms,
        verdict=verdict(summary), top_types=top_types, sample=sample,
        missing_sample=[i for i in sample_ids if i not in by_id],
        any_text=any(view["turns"] for view in sample) or any(
            h["view"] and h["view"]["turns"] for h in highest_views),
        sample_seed=summary.get("review_sample", {}).get("seed", 0),
        audit_sample=summary.get("audit_sample"),
        highest=highest_views, provenance=provenance_view(summary, total),
        risk_table=sorted(table.get("scores", {}).items(), key=lambda kv: (-kv[1], kv[0])),
        fields=summary.get("fields"),
        contribution="; ".join(contribution_lines(summary["contribution"]))
        if summary.get("contribution") else None,
        fmt=fmt, fmt_num=fmt_num, pct=pct, plural=plural,
    )


SOURCE_WORDS = {
    "gold": "the gold labels the records carry (pii spans), against what was redacted",
    "audit": "the independent auditor's re-scan of the anonymised text",
    "annotated": "an annotated file, marked up by people as in the paper",
}


def provenance_view(summary: Mapping[str, Any], total: Mapping[str, Any]) -> dict[str, Any]:
    """Where the figures come from: the scores' sources, and the run's setup and counts."""
    provenance = dict(summary.get("provenance") or {})
    sources = total.get("sources") or {}
    provenance["sources"] = [
        {"name": name, "count": count, "words": SOURCE_WORDS.get(name, name)}
        for name, count in sorted(sources.items(), key=lambda kv: (-kv[1], kv[0])) if count
    ]
    return provenance


def _lines(url: str) -> Iterator[str]:
    """A (possibly compressed) text file's lines, streamed."""
    with fsspec.open(url, "rt", encoding="utf-8", compression="infer") as handle:
        yield from handle


def conversation_files(risk_dir: str) -> list[str]:
    """`DIR/conversations*` (JSONL, optionally gzipped), sorted: one file or many shards."""
    fs, path = fsspec.core.url_to_fs(risk_dir)
    found = sorted(fs.glob(path.rstrip("/") + "/conversations*.jsonl*"))
    protocol = fs.protocol[0] if isinstance(fs.protocol, tuple) else fs.protocol
    return [p if protocol in ("file", "local") else f"{protocol}://{p}" for p in found]


def read_conversations(files: Iterable[str], ids: set[str] | None = None
                       ) -> Iterator[dict[str, Any]]:
    """Rows of the conversations files; only those whose id is in `ids`, when given.

    Filtering while streaming keeps memory flat however large the corpus is.
    """
    for url in files:
        for line in _lines(url):
            if not line.strip():
                continue
            row = json.loads(line)
            if ids is None or str(row.get("id")) in ids:
                yield row


REVIEW_FILE = "review.jsonl"


def review_rows_file(risk_dir: str) -> str:
    return f"{risk_dir.rstrip('/')}/{REVIEW_FILE}"


def has_review_rows(risk_dir: str) -> bool:
    """Whether the risk directory holds the text the report shows (risk/review.jsonl)."""
    fs, path = fsspec.core.url_to_fs(review_rows_file(risk_dir))
    return fs.exists(path)


def review_jsonl(rows: Iterable[Mapping[str, Any]]) -> str:
    """`risk/review.jsonl`: the conversations the report shows, with their anonymised text and
    the offsets of what is left in it, so that `veil report` can rebuild the same page. The
    text is the corpus's own (anonymised) text; no raw text is stored."""
    return "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows)


def shown_rows(summary: Mapping[str, Any], rows: Iterable[Mapping[str, Any]]) -> list:
    """The rows the report shows: the review sample's and the highest-scoring ones."""
    total = summary["total"]
    wanted = {str(i) for i in total.get("review_sample", [])}
    wanted |= {str(h["id"]) for h in total.get("highest", [])}
    return [row for row in rows if str(row.get("id")) in wanted]


def write_report(risk_dir: str, out: str | None = None, title: str = "Veil privacy report") -> str:
    """Rebuild `DIR/report.html` from `DIR/summary.json` and `DIR/review.jsonl`.

    A risk directory without review.jsonl (written before it existed, or by hand) still gives
    the page, from `DIR/conversations*`; the page then says that it has no text to show.
    """
    risk_dir = risk_dir.rstrip("/")
    with fsspec.open(f"{risk_dir}/summary.json", "r", encoding="utf-8") as handle:
        summary = json.load(handle)
    if has_review_rows(risk_dir):
        rows = read_conversations([review_rows_file(risk_dir)])
    else:
        rows = shown_rows(summary, read_conversations(conversation_files(risk_dir)))
    html = build_report(summary, rows, title)
    out = out or f"{risk_dir}/report.html"
    with fsspec.open(out, "w", encoding="utf-8", auto_mkdir=True) as handle:
        handle.write(html)
    return out


def format_summary(summary: Mapping[str, Any]) -> str:
    """The Table 4 layout and the verdict, as plain text for a terminal."""
    header = ("Context", "Count", "Mean", "STD", "P95", "Max", "mu+sigma", f">{fmt_num(summary['threshold'])}",
              "Direct")
    rows = [(name, s) for name, s in summary.get("contexts", {}).items()] + [("Total", summary["total"])]
    table = [header] + [
        (name, str(s["count"]), fmt(s["mean"]), fmt(s["std"]), fmt(s["p95"]),
         "–" if s["max"] is None else str(s["max"]), fmt(s["mean_plus_std"]),
         pct(s["share_above_threshold"]), str(s["with_direct_identifier"]))
        for name, s in rows
    ]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))) for row in table]
    lines.insert(1, "-" * len(lines[0]))
    lines.append("")
    said = verdict(summary)
    lines.append(said["headline"])
    lines += [f"  - {detail}" for detail in said["details"]]
    return "\n".join(lines)
