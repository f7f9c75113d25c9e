"""Launch-time planning: split and shard sizes depend on the input alone."""
from __future__ import annotations

from pipelines.anonymize import MIB, auto_num_shards, auto_split_bytes


def test_split_size_is_a_64th_of_the_input_within_bounds():
    assert auto_split_bytes(10 * MIB) == MIB // 2
    assert auto_split_bytes(20 * MIB) == MIB // 2  # 40 splits: 2 workers get 20 each
    assert auto_split_bytes(320 * MIB) == 5 * MIB
    assert auto_split_bytes(100_000 * MIB) == 64 * MIB


def test_one_shard_per_256_mib_never_more_than_splits():
    assert auto_num_shards(1, 1) == 1
    assert auto_num_shards(256 * MIB, 10) == 1
    assert auto_num_shards(256 * MIB + 1, 10) == 2
    assert auto_num_shards(10_000 * MIB, 3) == 3
