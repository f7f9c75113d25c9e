"""The run: what every stage shares, and the job's configuration over them all.

Owns, on the ground floor (importing nothing from Veil, so any module may import them): the
errors a job reports (`errors`), package re-exports resolved on first use (`lazy`), progress
counters (`progress`) and the base of every DLP-shaped schema (`schema.DlpModel`).

Owns, above every stage: the job config (`config.VeilConfig`, which gathers each stage's
settings) and the plan's look at a sample of records (`field_sample`). These may import any
stage; only the detector's and the auditor's construction import `config` from below
(tests/test_layering.py lists them).
"""
