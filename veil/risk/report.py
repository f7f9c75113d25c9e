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


def verdict(total: Mapping[str, Any], threshold: float) -> dict[str, str]:
    """The pass/fail sentence the page leads with."""
    if not total.get("count"):
        return {"css": "none", "text": "No conversations were scored, so there is no verdict."}
    value = fmt(total["mean_plus_std"])
    if total["passes"]:
        return {"css": "pass", "text": f"The corpus passes: mean + std = {value} is below the "
                                       f"threshold {fmt_num(threshold)}."}
    return {"css": "fail", "text": f"The corpus fails: mean + std = {value} is not below the "
                                   f"threshold {fmt_num(threshold)}."}


def histogram_data_uri(histogram: Mapping[str, int], threshold: float, title: str,
                       mean_plus_std: float | None = None) -> str:
    """A bar chart of scores as a PNG data URI; bars above the threshold in red."""
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    counts = {int(score): int(n) for score, n in histogram.items()}
    top = max([int(threshold) + 1, *counts])
    scores = list(range(top + 1))
    figure = Figure(figsize=(4.2, 2.6), dpi=110)
    axes = figure.subplots()
    colours = ["#cf222e" if s > threshold else "#0969da" for s in scores]
    axes.bar(scores, [counts.get(s, 0) for s in scores], color=colours, width=0.8)
    axes.axvline(threshold, color="#1f2328", linestyle="--", linewidth=1.2,
                 label=f"threshold {fmt_num(threshold)}")
    if mean_plus_std is not None:
        axes.axvline(mean_plus_std, color="#bf8700", linestyle=":", linewidth=1.5,
                     label=f"mean + std {fmt(mean_plus_std)}")
    axes.set_title(title, fontsize=10)
    axes.set_xlabel("residual-risk score", fontsize=9)
    axes.set_ylabel("conversations", fontsize=9)
    axes.tick_params(labelsize=8)
    axes.legend(fontsize=7, frameon=False)
    axes.spines[["top", "right"]].set_visible(False)
    # Fixed margins, the left one as wide as the longest count: what tight_layout() found,
    # without the extra draw it costs (a third of the time of a chart).
    digits = len(str(max(counts.values(), default=0)))
    figure.subplots_adjust(left=0.1 + 0.016 * max(digits, 1), right=0.98, top=0.9, bottom=0.17)
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
    views = []
    for index, turn in enumerate(turns or []):
        text = turn.get("text", "") if isinstance(turn, Mapping) else str(turn)
        speaker = turn.get("speaker") if isinstance(turn, Mapping) else None
        views.append({"speaker": speaker, "html": highlight(text, spans.get(index, []))})
    items = list(row.get("items", []))
    return {
        "id": row.get("id"), "context": row.get("context") or "unspecified",
        "score": row.get("score"), "turns": views, "residual": items,
        "has_values": any("value" in item for item in items),
    }


def _type_label(tag: str) -> str:
    label = tag
    for suffix, words in _TAG_WORDS.items():
        if suffix in label:
            label = label.replace(suffix, "") + words
    return label


def build_report(summary: Mapping[str, Any], conversations: Iterable[Mapping[str, Any]] = (),
                 title: str = "Veil privacy report") -> str:
    """The HTML page for a summary and any conversation rows (only sampled ones are shown)."""
    threshold = summary.get("threshold", 5)
    total = summary["total"]
    contexts = summary.get("contexts", {})
    rows = [{"name": name, "is_total": False, **stats} for name, stats in contexts.items()]
    rows.append({"name": "Total", "is_total": True, **total})
    histograms = [
        {"name": row["name"], "count": row["count"],
         "data_uri": histogram_data_uri(row.get("histogram", {}), threshold, row["name"],
                                        row.get("mean_plus_std"))}
        for row in rows if row["count"] or row["is_total"]
    ]
    sample_ids = list(total.get("review_sample", []))
    by_id = {str(row.get("id")): row for row in conversations}
    sample = [_conversation_view(by_id[i]) for i in sample_ids if i in by_id]
    top_types = [{**t, "label": _type_label(t["tag"])} for t in total.get("top_info_types", [])]
    table = summary.get("risk_table", {})
    return _TEMPLATE.render(
        title=title, threshold=threshold, total=total, rows=rows, histograms=histograms,
        verdict=verdict(total, threshold), top_types=top_types, sample=sample,
        missing_sample=[i for i in sample_ids if i not in by_id],
        any_text=any(view["turns"] for view in sample),
        sample_seed=summary.get("review_sample", {}).get("seed", 0),
        highest=[h for h in total.get("highest", []) if h.get("score")][:10],
        risk_table=sorted(table.get("scores", {}).items(), key=lambda kv: (-kv[1], kv[0])),
        fields=summary.get("fields"),
        fmt=fmt, fmt_num=fmt_num, pct=pct,
    )


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


def write_report(risk_dir: str, out: str | None = None, title: str = "Veil privacy report") -> str:
    """Rebuild `DIR/report.html` from `DIR/summary.json` and `DIR/conversations*`."""
    risk_dir = risk_dir.rstrip("/")
    with fsspec.open(f"{risk_dir}/summary.json", "r", encoding="utf-8") as handle:
        summary = json.load(handle)
    wanted = {str(i) for i in summary["total"].get("review_sample", [])}
    rows = read_conversations(conversation_files(risk_dir), wanted)
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
    lines.append(verdict(summary["total"], summary["threshold"])["text"])
    return "\n".join(lines)
