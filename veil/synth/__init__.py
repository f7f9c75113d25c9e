"""Synthetic, labelled call transcripts and documents (pure Python, no Beam).

    from veil.synth import GeneratorConfig, generate_records, write_records
    write_records(generate_records(10_000, seed=7), "data/synth.parquet")
"""
from __future__ import annotations

from veil.run.lazy import lazy_exports

# Resolved on first use (veil.run.lazy): the package imports none of its modules itself.
__getattr__, __all__ = lazy_exports(__name__, {
    **dict.fromkeys(["CONTEXTS", "DEFAULT_CONTEXT_WEIGHTS", "INFO_TYPES", "NEGATIVE_KINDS",
                     "GeneratorConfig", "generate_records", "record_seed"],
                    "veil.synth.generator"),
    **dict.fromkeys(["PARQUET_SCHEMA", "write_records"], "veil.synth.io"),
})
