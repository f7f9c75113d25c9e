"""The infoType catalogue: one entry per infoType with every fact about it.

`veil.detection.infotypes.catalogue` defines the entry and the catalogue; `veil.detection.infotypes.builtin`
builds Veil's (`BUILTINS`) from the family modules beside it.
"""
