"""Veil's core: plain Python, no Beam. The engine, merging, placeholders and the data contract."""
