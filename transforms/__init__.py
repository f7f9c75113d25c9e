"""Beam transforms: thin wiring around the plain-Python logic in `veil`.

May import: the core (`veil`) and `models`; never `pipelines`.
"""
