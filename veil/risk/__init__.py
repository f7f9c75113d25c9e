"""Residual risk: the personal information left after anonymisation, scored as in the paper.

Plain Python, no Beam: `table` (the risk table as configuration), `scoring` (items to a
conversation score), three sources of items (`gold`, `annotated`, `audit`), `stats`
(mergeable corpus statistics) and `report` (the HTML page).
"""
from veil.risk.annotated import annotated_items, parse_annotated
from veil.risk.audit import from_audit
from veil.risk.gold import from_gold
from veil.risk.scoring import ConversationRisk, ResidualItem, ScoredItem, score_conversation
from veil.risk.stats import RiskAccumulator, RiskCombiner, summarise
from veil.risk.table import DEFAULT_TABLE, RiskSettings, RiskTable, parse_risk_settings

__all__ = [
    "ConversationRisk", "DEFAULT_TABLE", "ResidualItem", "RiskAccumulator", "RiskCombiner",
    "RiskSettings", "RiskTable", "ScoredItem", "annotated_items", "from_audit", "from_gold",
    "parse_annotated", "parse_risk_settings", "score_conversation", "summarise",
]
