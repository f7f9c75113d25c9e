"""Residual risk: the personal information left after anonymisation, scored as in the paper.

Plain Python, no Beam: `table` (the risk table as configuration), `scoring` (items to a
conversation score), three sources of items (`gold`, `annotated`, `audit`), `stats`
(mergeable corpus statistics) and `report` (the HTML page).
"""
from __future__ import annotations

from veil.run.lazy import lazy_exports

# Resolved on first use (veil.run.lazy): the package imports none of its modules itself.
__getattr__, __all__ = lazy_exports(__name__, {
    **dict.fromkeys(["annotated_items", "parse_annotated"], "veil.risk.annotated"),
    "from_audit": "veil.risk.audit",
    "from_gold": "veil.risk.gold",
    **dict.fromkeys(["ConversationRisk", "ResidualItem", "ScoredItem", "score_conversation"],
                    "veil.risk.scoring"),
    **dict.fromkeys(["RiskAccumulator", "RiskCombiner", "summarise"], "veil.risk.stats"),
    **dict.fromkeys(["DEFAULT_TABLE", "RiskSettings", "RiskTable", "parse_risk_settings"],
                    "veil.risk.table"),
})
