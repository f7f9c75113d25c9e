"""What the entry points share to run a Beam job: the command-line options (`options`), and the
tuning of the processes the runner starts: workers forked from a warm process (`warm_workers`,
`fork_worker`), long-lived objects kept out of garbage collection (`long_lived`), logging
(`logs`) and progress lines (`progress`).
"""
