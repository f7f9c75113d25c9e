"""Transformation: anonymising what detection found.

Owns the operators (`operators/`, DLP's `DeidentifyConfig` shape), anonymising a conversation
(`anonymize`) and a record (`record_anonymize`), building the record plan's operators and keys
(`record_plan`), escaping placeholder-shaped input (`placeholders`) and re-identification
(`reidentify`).

May import: the ground, `veil.io`, `veil.detection` and `veil.entities`.
"""
