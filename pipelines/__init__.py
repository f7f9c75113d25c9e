"""Job entry points: `python -m pipelines.anonymize`, and the `veil` command line."""
