"""The job summary: what went in, what came out, what was found; and whether it all adds up."""
from __future__ import annotations

from typing import Any


def build_summary(job: dict, counts: dict, shards: list[dict]) -> dict[str, Any]:
    records_in = counts.get("records_in", 0)
    written = counts.get("records_written", 0)
    errored = counts.get("records_errored", 0)
    by_type = {
        key.split(".", 1)[1]: value
        for key, value in sorted(counts.items())
        if key.startswith("findings.")
    }
    root = job.get("output", "").rstrip("/") + "/"
    files: dict[str, list[str]] = {}
    for shard in sorted(shards, key=lambda s: (s["kind"], s["shard"])):
        files.setdefault(shard["kind"], []).append(shard["path"].removeprefix(root))
    return {
        **job,
        "records": {
            "in": records_in,
            "written": written,
            "errored": errored,
            "accounted_for": records_in == written + errored,
        },
        "findings": {"total": counts.get("findings", 0), "by_info_type": by_type},
        "files": files,
    }


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a person reads it at the end of a run."""
    records = summary["records"]
    lines = [
        "Veil run summary",
        f"  records in:      {records['in']}",
        f"  records written: {records['written']}",
        f"  records errored: {records['errored']}",
    ]
    if not records["accounted_for"]:
        lines.append("  ERROR: records in != written + errored; some records are unaccounted for")
    detectors = summary.get("detectors")
    if detectors:
        lines.append(f"  detectors:       {', '.join(detectors)}")
    findings = summary["findings"]
    lines.append(f"  findings:        {findings['total']}")
    width = max((len(name) for name in findings["by_info_type"]), default=0)
    for name, count in sorted(findings["by_info_type"].items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"    {name.ljust(width)}  {count}")
    lines.append(f"  output:          {summary.get('output', '')}")
    if records["errored"]:
        lines.append(f"  see {summary.get('output', '').rstrip('/')}/errors/ for why records failed")
    return "\n".join(lines)
