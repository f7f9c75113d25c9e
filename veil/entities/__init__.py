"""Entity resolution: which mentions are one person or thing, and their numbers per
conversation (`resolution`), helped by the cues around a mention (`name_cues`).

May import: the ground, `veil.io` and `veil.detection`. Climbs, explained: one entity's
mentions take the type that scores higher in the risk table (`veil.risk.table`), and first
names and their genders tell two people apart (`veil.transform.operators.names`).
"""
