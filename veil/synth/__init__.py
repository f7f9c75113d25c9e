"""Synthetic, labelled call transcripts and documents (pure Python, no Beam).

    from veil.synth import GeneratorConfig, generate_records, write_records
    write_records(generate_records(10_000, seed=7), "data/synth.parquet")
"""
from veil.synth.generator import (
    CONTEXTS,
    DEFAULT_CONTEXT_WEIGHTS,
    INFO_TYPES,
    NEGATIVE_KINDS,
    GeneratorConfig,
    generate_records,
    record_seed,
)
from veil.synth.io import PARQUET_SCHEMA, write_records

__all__ = [
    "CONTEXTS",
    "DEFAULT_CONTEXT_WEIGHTS",
    "INFO_TYPES",
    "NEGATIVE_KINDS",
    "PARQUET_SCHEMA",
    "GeneratorConfig",
    "generate_records",
    "record_seed",
    "write_records",
]
