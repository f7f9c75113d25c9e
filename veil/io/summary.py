"""The job summary: what went in, what came out, what was found; and whether it all adds up."""
from __future__ import annotations

from importlib import metadata
from typing import Any


# The counter of values written as they were (transformation_error_handling:
# leave_untransformed), one per findings/ row marked `untransformed: true`.
UNTRANSFORMED = "findings_untransformed"
# Records whose own id held personal data, written under another key (veil.run.record_ids).
IDS_WITHHELD = "ids_withheld"
# Fields outside the turn texts where the auditor found personal data left, per field: records.
FIELDS_LEFT = "fields_left"


def veil_version() -> str:
    """The installed Veil's version (an editable install has one too)."""
    try:
        return metadata.version("veil")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def provenance(job: dict, counts: dict) -> dict[str, Any]:
    """Where a run's risk figures come from, for `risk/summary.json` and the report: the
    setup decided at launch (config, detectors, models and their thresholds, auditor, version)
    and the records counted."""
    keys = ("veil_version", "config", "detectors", "detectors_missing", "models", "auditor", "auditor_detectors",
            "input", "skipped_info_types")
    return {
        **{key: job.get(key) for key in keys},
        "records": {
            "in": counts.get("records_in", 0),
            "written": counts.get("records_written", 0),
            "errored": counts.get("records_errored", 0),
        },
    }


def build_summary(job: dict, counts: dict, shards: list[dict], risk: dict | None = None) -> dict[str, Any]:
    records_in = counts.get("records_in", 0)
    written = counts.get("records_written", 0)
    errored = counts.get("records_errored", 0)
    by_type = {
        key.split(".", 1)[1]: value
        for key, value in sorted(counts.items())
        if key.startswith("findings.")
    }
    files: dict[str, list[str]] = {}
    for shard in sorted(shards, key=lambda s: (s["kind"], s["shard"])):
        files.setdefault(shard["kind"], []).append(shard["name"])
    fields = dict(job.get("fields") or {})
    if fields:  # which configured fields records lacked, per field
        fields["missing"] = {key.split(".", 1)[1]: value for key, value in sorted(counts.items())
                             if key.startswith("fields_missing.")}
    left = {key.split(".", 1)[1]: value for key, value in sorted(counts.items())
            if key.startswith(FIELDS_LEFT + ".")}
    if left:  # every record the auditor read, not the sample the launch read
        fields["personal_data_left"] = left
    return {
        **job,
        **({"fields": fields} if fields else {}),
        "records": {
            "in": records_in,
            "written": written,
            "errored": errored,
            "accounted_for": records_in == written + errored,
            **({IDS_WITHHELD: counts[IDS_WITHHELD]} if counts.get(IDS_WITHHELD) else {}),
        },
        "findings": {"total": counts.get("findings", 0), "by_info_type": by_type,
                     **({"untransformed": counts[UNTRANSFORMED]} if counts.get(UNTRANSFORMED) else {})},
        "files": files,
        "risk": _risk_verdict(risk) if risk else None,
    }


def risk_failed(summary: dict) -> bool:
    """Whether --fail_on_risk was given and the residual-risk verdict is FAIL."""
    risk = summary.get("risk")
    return bool(summary.get("fail_on_risk") and risk and risk.get("passes") is False)


def _risk_verdict(risk: dict) -> dict[str, Any]:
    total = risk["total"]
    return {
        "passes": risk["passes"],
        "mean_plus_std": total["mean_plus_std"],
        "threshold": risk["threshold"],
        "conversations": total["count"],
        "with_direct_identifier": total["with_direct_identifier"],
        # Scored by the auditor: its calibrated interval and verdict (veil.risk.calibration).
        "auditor_interval": total.get("auditor_interval"),
        # The auditor read a sample: how many of how many, and the intervals (veil.risk.sampling).
        **({"audit_sample": total["audit_sample"]} if total.get("audit_sample") else {}),
        # Gold labels asked for (--gold_field): the auditor's figures beside them, and which of
        # the two decided the verdict (veil.risk.verdict).
        "decided_by": total.get("decided_by", []),
        **({"auditor_beside": _auditor_beside(total["auditor"])} if total.get("auditor") else {}),
    }


def _auditor_beside(beside: dict[str, Any]) -> dict[str, Any]:
    """The auditor's figures beside gold labels: its estimate (the calibrated one where it has
    an interval), the interval, its verdict and its count of conversations holding a direct
    identifier."""
    interval = beside.get("interval") or {}
    return {
        "estimate": interval.get("estimate", beside.get("mean_plus_std")),
        "low": interval.get("low"), "high": interval.get("high"),
        "borderline": bool(interval.get("borderline")),
        "passes": beside.get("passes"),
        "with_direct_identifier": beside.get("with_direct_identifier"),
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
    if records.get(IDS_WITHHELD):
        lines.append(f"  WARNING: {records[IDS_WITHHELD]} records had an id that looks like personal "
                     "data: every output names them by a withheld-... key instead (the corpus too, "
                     "unless record.ids: keep); make ids opaque keys, or set record.ids: hash")
    detectors = summary.get("detectors")
    if detectors:
        lines.append(f"  detectors:       {', '.join(detectors)}")
    for name, model in (summary.get("models") or {}).items():
        threshold = model.get("threshold")
        lines.append(f"  model ({name}):".ljust(19) + f"{model.get('location')}"
                     + ("" if threshold is None else f", threshold {threshold:g}"))
    for name, reason in (summary.get("detectors_missing") or {}).items():
        lines.append(f"  WARNING: detector {name} did not run: {reason}")
    skipped = summary.get("skipped_info_types")
    if skipped:
        lines.append(f"  WARNING: not looked for (--skip_unsupported_infotypes, Veil cannot detect "
                     f"them): {', '.join(skipped)}")
    lines += _field_lines(summary.get("fields") or {})
    findings = summary["findings"]
    lines.append(f"  findings:        {findings['total']}")
    width = max((len(name) for name in findings["by_info_type"]), default=0)
    for name, count in sorted(findings["by_info_type"].items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"    {name.ljust(width)}  {count}")
    if findings.get("untransformed"):
        lines.append(f"  WARNING: {findings['untransformed']} found values were written as they "
                     "were, un-redacted (transformation_error_handling: leave_untransformed); "
                     "findings/ marks them untransformed: true")
    risk = summary.get("risk")
    if risk and risk["conversations"]:
        verdict = "PASS" if risk["passes"] else "FAIL"
        interval = risk.get("auditor_interval")
        if interval and interval.get("borderline"):
            verdict += ", borderline"
        on = "its upper end" if interval and interval.get("verdict_on") == "upper" else "the estimate"
        estimate = (f"; auditor's estimate {interval['estimate']:.2f}, interval "
                    f"{interval['low']:.2f}-{interval['high']:.2f}, verdict on {on}"
                    ) if interval else ""
        beside = risk.get("auditor_beside")
        if beside:
            lines += _gold_beside_auditor_lines(risk, beside, verdict)
        else:
            lines.append(
                f"  residual risk:   {verdict} (mean + std = {risk['mean_plus_std']:.2f}{estimate}, "
                f"threshold {risk['threshold']:g}); {risk['with_direct_identifier']} of "
                f"{risk['conversations']} conversations still hold a direct identifier"
            )
        sample = risk.get("audit_sample")
        if sample:
            lines.append(f"  audit sample:    the auditor read {sample['audited']} of {sample['of']} "
                         "conversations; the figures are the sample's, the verdict on the upper "
                         "end of their interval")
        lines.append(f"  risk report:     {summary.get('output', '').rstrip('/')}/risk/report.html")
    lines.append(f"  output:          {summary.get('output', '')}")
    if records["errored"]:
        lines.append(f"  see {summary.get('output', '').rstrip('/')}/errors/ for why records failed")
    return "\n".join(lines)


def _gold_beside_auditor_lines(risk: dict[str, Any], beside: dict[str, Any], verdict: str) -> list[str]:
    """The verdict with gold labels (--gold_field) and the auditor side by side: each figure,
    whether it passes, and which decided, so that no one reads gold's figure as the verdict's."""
    def said(passes: Any) -> str:
        return "pass" if passes else "fail"

    gold_passes = risk["mean_plus_std"] < risk["threshold"]
    interval = (f", interval {beside['low']:.2f}-{beside['high']:.2f}"
                + (", borderline" if beside["borderline"] else "")) if beside.get("low") is not None else ""
    decided = " and ".join({"gold": "the gold labels"}.get(name, f"the {name}")
                           for name in risk.get("decided_by") or ())
    return [
        f"  residual risk:   {verdict.split(',')[0]}, decided by {decided or 'no figure'} "
        f"(threshold {risk['threshold']:g}; the corpus passes only when both figures do)",
        f"    gold labels:   mean + std = {risk['mean_plus_std']:.2f} ({said(gold_passes)}); "
        f"{risk['with_direct_identifier']} of {risk['conversations']} conversations still hold a "
        "direct identifier",
        f"    auditor:       estimate {beside['estimate']:.2f}{interval} ({said(beside['passes'])}); "
        f"{beside['with_direct_identifier']} of {risk['conversations']} conversations hold one by "
        "its reading",
    ]


def _field_lines(fields: dict[str, Any]) -> list[str]:
    """The fields the job inspected or transformed, and where it found them missing."""
    if not fields:
        return []
    lines = []
    inspected = fields.get("inspected", []) + fields.get("transformed_whole", [])
    lines.append(f"  fields:          turn texts, speaker labels ({fields.get('speakers', 'auto')})"
                 + (", " + ", ".join(inspected) if inspected else ""))
    for name, count in (fields.get("missing") or {}).items():
        lines.append(f"  WARNING: field {name} is missing from {count} records")
    for name, records in (fields.get("personal_data_left") or {}).items():
        lines.append(f"  WARNING: field {name} still holds personal data in {records} of the "
                     "records the auditor read (scored in the residual risk)")
    for name, seen in (fields.get("uninspected_with_personal_data") or {}).items():
        lines.append(f"  WARNING: field {name} is not inspected and looked like personal data in "
                     f"{seen['records']} of {fields.get('sampled_records', 0)} sampled records")
    return lines
