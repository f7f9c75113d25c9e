"""Every script in scripts/ still imports: a module a script reads can move or go (as
veil/risk/speech_form.py did) while no test runs the script itself."""
from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

# Load each script as a module (its `main` stays behind `if __name__ == "__main__"`), in one
# fresh interpreter so that no script's sys.path edits reach the test process.
_IMPORT_ALL = """
import importlib.util, pathlib, sys, traceback
failed = []
for path in sorted(pathlib.Path("scripts").glob("*.py")):
    spec = importlib.util.spec_from_file_location("script_" + path.stem, path)
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    except BaseException:
        failed.append(f"{path}: {traceback.format_exc(limit=1).strip().splitlines()[-1]}")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


def test_every_script_imports():
    scripts = sorted((ROOT / "scripts").glob("*.py"))
    assert len(scripts) > 10
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'scripts'}"}
    result = subprocess.run([sys.executable, "-c", _IMPORT_ALL], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env=env)
    assert result.returncode == 0, result.stdout + result.stderr[-2000:]
