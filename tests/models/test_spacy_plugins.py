"""Loading a spaCy pipeline imports only the spaCy plugins it needs (models.spacy_plugins).

Each case runs in a fresh interpreter, since what is imported is the point. The plugin is a
real installed distribution on the subprocess's path: a `.dist-info` with a `spacy_factories`
entry point, as Presidio's analyzer and spacy-transformers declare theirs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.conftest import ROOT

PLUGIN = textwrap.dedent('''
    from spacy.language import Language

    @Language.factory("veil_test_marker")
    def make_marker(nlp, name):
        def mark(doc):
            doc.user_data["marked"] = True
            return doc
        return mark
''')


def install_plugin(site: Path) -> None:
    """A package `veil_test_plugin` whose spaCy factory is declared by an entry point."""
    site.mkdir(parents=True, exist_ok=True)
    (site / "veil_test_plugin.py").write_text(PLUGIN)
    info = site / "veil_test_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: veil-test-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[spacy_factories]\nveil_test_marker = veil_test_plugin:make_marker\n")


def run_python(code: str, site: Path | None) -> dict:
    """`code` in a fresh interpreter, with the plugin installed when `site` is given."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(p) for p in (site, ROOT) if p])}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def save_pipeline(path: Path, component: str, site: Path | None) -> Path:
    """A blank English pipeline with one `component`, saved to `path` in a fresh interpreter
    (with the plugin imported, so its factory is known, when `site` is given)."""
    run_python(f'''
        import spacy
        {"import veil_test_plugin" if site else ""}
        nlp = spacy.blank("en")
        nlp.add_pipe({component!r})
        nlp.to_disk({str(path)!r})
        print("{{}}")
    ''', site)
    return path


def load_and_run(path: Path, site: Path, load: str) -> dict:
    """`load(path)` in a fresh interpreter with the plugin installed: what it imported and did."""
    return run_python(f'''
        import json, sys, spacy
        from models.spacy_plugins import load_pipeline
        loaded = {load}({str(path)!r})
        doc = loaded("One sentence. Another one.")
        print(json.dumps({{"imported": "veil_test_plugin" in sys.modules, "pipes": loaded.pipe_names,
                           "sentences": len(list(doc.sents)) if doc.has_annotation("SENT_START") else None,
                           "marked": doc.user_data.get("marked", False)}}))
    ''', site)


def test_a_pipeline_without_plugin_factories_loads_without_importing_the_plugins(tmp_path):
    site = tmp_path / "site"
    install_plugin(site)
    blank = save_pipeline(tmp_path / "blank", "sentencizer", None)
    assert load_and_run(blank, site, "load_pipeline") == {
        "imported": False, "pipes": ["sentencizer"], "sentences": 2, "marked": False}
    # The check can fail: spaCy's own load imports the plugin.
    assert load_and_run(blank, site, "spacy.load")["imported"] is True


def test_a_pipeline_that_needs_a_plugin_factory_still_loads(tmp_path):
    site = tmp_path / "site"
    install_plugin(site)
    saved = save_pipeline(tmp_path / "with-plugin", "veil_test_marker", site)
    assert load_and_run(saved, site, "load_pipeline") == {
        "imported": True, "pipes": ["veil_test_marker"], "sentences": None, "marked": True}
