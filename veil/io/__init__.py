"""Reading and writing: storage and decompression, input listing and splits, records viewed as
conversations (`records`, `parse`), the record plan (`fields`: which parts of a record are
inspected or transformed whole, applied to each record), the outputs, their commit and the job
summary.

May import: the ground (`veil.run.errors`, `schema`). Climbs, explained: a field rule carries
its operator, and `record.id_crypto_key` is a key as the operators read it
(`veil.transform.operators`, `operators.keys`); building the plan's operators is
`veil.transform.record_plan`.
"""
