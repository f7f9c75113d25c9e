"""Job entry points: `python -m pipelines.anonymize`, and the `veil` command line
(`anonymize`, `evaluate`, `generate`, `reidentify`, `report`, `risk`, `train`, `cli`).

`pipelines.runner` holds the options and the tuning of the runner's processes, and
`pipelines.bench` the benchmark. May import everything.
"""
