"""A group's verdict from its figures: which pass, and which decided it.

Kept apart from the statistics (veil.risk.stats) and the auditor's interval
(veil.risk.calibration), which both settle verdicts with it."""
from __future__ import annotations

from typing import Any

GOLD, AUDIT = "gold", "audit"
# What each source of scores is called where the verdict says who decided it.
FIGURE_NAMES = {GOLD: "gold", AUDIT: "auditor", "annotated": "people"}


def settle_verdict(group: dict[str, Any], threshold: float) -> dict[str, Any]:
    """A group's verdict and `decided_by`, the figures that made it.

    Without gold labels the group's own figure decides (the auditor's, or people's); where the
    auditor scored, its calibrated interval's verdict (veil.risk.calibration: on the estimate,
    or on the upper end), not its raw count. With gold
    labels beside the auditor (`auditor`), the group passes only when both figures pass: gold
    labels cover the types someone labelled, the auditor reads every type, and neither may
    switch the other off. A pass is decided by every figure checked; a fail by those failing.
    """
    if group.get("mean_plus_std") is None:
        group["passes"], group["decided_by"] = None, []
        return group
    sources = group.get("sources") or {}
    interval = group.get("auditor_interval")
    if interval is not None:  # the auditor's interval (with the sample's, if any) decides
        own = bool(interval["passes"])
    else:
        own = group["mean_plus_std"] < threshold
        own = own and (group.get("audit_sample") or {}).get("passes", True) is not False
    beside = group.get("auditor")
    if beside is None or beside.get("passes") is None:
        group["passes"] = own
        group["decided_by"] = [FIGURE_NAMES.get(s, s) for s in sorted(sources) if sources[s]]
        return group
    checked = [("gold", own), ("auditor", bool(beside["passes"]))]
    group["passes"] = all(passed for _, passed in checked)
    group["decided_by"] = [name for name, passed in checked if passed == group["passes"]]
    return group


# What the verdict is taken on: the estimate itself, or the interval's upper end.
VERDICT_ON = ("estimate", "upper")


def interval_verdict(centre: float, low: float, high: float, threshold: float,
                     verdict_on: str = "estimate") -> dict[str, bool]:
    """PASS or FAIL for an estimate `centre` in [low, high], and whether it is borderline.

    On the estimate (the default), the verdict agrees with gold whenever the estimate lies on
    gold's side of the threshold. On the upper end, a corpus passes only when even `high` is
    below it: with an interval as wide as the auditor's (x0.28 to x1.87 on real text), that
    fails every corpus whose estimate is above threshold / 1.87, half the threshold, so it is
    a stricter threshold in disguise, kept for those who want one. Borderline: the interval
    holds the threshold, so the measured error could turn the verdict."""
    if verdict_on not in VERDICT_ON:
        raise ValueError(f"verdict_on must be one of {', '.join(VERDICT_ON)}, not {verdict_on!r}")
    passes = (high if verdict_on == "upper" else centre) < threshold
    return {"passes": passes, "borderline": low < threshold <= high}
