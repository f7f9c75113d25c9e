"""Beam transforms: thin wiring around the plain-Python logic in `veil`."""
