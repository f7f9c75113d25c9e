"""The run: the job's configuration (`config`), the plan's sample inspection (`field_sample`),
progress counters and the errors a job reports (`errors`), and package re-exports (`lazy`).

`errors`, `lazy` and `progress` import nothing from Veil, so every stage may import them;
`config` and `field_sample` gather the settings of every stage and sit above them all.
"""
