"""setup.py as Dataflow uses it (`--setup_file`): an sdist, installed, runs the job on its own."""
from __future__ import annotations

import json
import subprocess
import sys
import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_sdist_installs_and_runs_the_job_outside_the_source_tree(tmp_path: Path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "--dist-dir", str(dist)],
        cwd=ROOT, check=True, capture_output=True, timeout=300,
    )
    (sdist,) = dist.glob("veil-*.tar.gz")

    # Installed into a folder of its own, with no dependencies (this environment has them):
    # put first on the path, outside the source tree, only what the sdist carries is imported.
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-q",
         "--target", str(target), str(sdist)],
        check=True, capture_output=True, timeout=300,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    python = sys.executable

    work = tmp_path / "elsewhere"
    work.mkdir()
    # A project of the user's own, with a `configs` package of its own: the job must still read
    # its bundled profiles, not these (they once lived in a top-level `configs` package, which
    # this one shadowed).
    (work / "configs").mkdir()
    (work / "configs" / "__init__.py").write_text("")
    (work / "configs" / "call_transcripts.yaml").write_text("inspect_config: {info_types: [{name: NOT_A_TYPE}]}\n")
    located = subprocess.run(
        [python, "-c", "import pipelines, veil; print(veil.__file__)"],
        cwd=work, check=True, capture_output=True, text=True, env=env,
    ).stdout
    assert located.startswith(str(target))
    # DLP's infoType names ship as package data: unknown names are told apart from typos.
    subprocess.run(
        [python, "-c", "from veil.detection.infotypes.dlp_names import dlp_names; "
                       "assert 'JAPAN_PASSPORT' in dlp_names()"],
        cwd=work, check=True, capture_output=True, text=True, env=env,
    )

    result = subprocess.run(
        [python, "-m", "pipelines.anonymize", "--input", str(ROOT / "data" / "sample.jsonl"),
         "--output", str(work / "out"), "--config", "call_transcripts", "--detectors", "rules"],
        cwd=work, capture_output=True, text=True, timeout=600, env=env,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads((work / "out" / "job_summary.json").read_text())
    assert summary["records"]["written"] == 300
    assert summary["findings"]["by_info_type"].get("PERSON_NAME", 0) > 0  # name lists shipped
    assert summary["findings"]["by_info_type"].get("US_SOCIAL_SECURITY_NUMBER", 0) > 0  # the profile
