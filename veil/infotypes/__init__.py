"""The infoType catalogue: one entry per infoType with every fact about it.

`veil.infotypes.catalogue` defines the entry and the catalogue; `veil.infotypes.builtin`
builds Veil's (`BUILTINS`) from the family modules beside it.
"""
