"""The bench harness runs end to end on a tiny corpus, so it cannot rot. No timing is asserted."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_quick_bench_produces_every_figure(tmp_path):
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "bench", "--quick", "--n", "40", "--repeats", "1",
         "--config", "minimal", "--output", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(out.read_text())
    assert figures["corpus"]["conversations"] == 40
    assert figures["engine"]["veil_mb_per_s"]["median"] > 0
    assert [run["workers"] for run in figures["job"]] == [1, 2]
    assert all(run["records"] == 40 and run["peak_rss_mb"] > 0 for run in figures["job"])
    assert [row["factor"] for row in figures["scaling"]] == [1, 2, 4]
    assert [row["records"] for row in figures["scaling"]] == [40, 80, 160]
