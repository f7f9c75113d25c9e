"""The infoType catalogue: one entry per infoType with every fact about it.

`veil.detection.infotypes.catalogue` defines the entry and the catalogue; `veil.detection.infotypes.builtin`
builds Veil's (`BUILTINS`) from the family modules beside it.

May import: the ground, `veil.detection.findings`, `entity_keys` and the engine's detectors.
Climbs, explained: an entry names the format its surrogates are drawn in
(`veil.transform.operators.surrogate_formats`, drawn from `operators.keys`' keyed stream).
"""
