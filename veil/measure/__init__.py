"""Measurement, off the runtime path: detectors scored against gold labels (`evaluation`) and
entity resolution measured on gold entities (`entity_measure`).

May import: every stage of the core (it measures them); the job never imports it.
"""
