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


def test_a_pipeline_without_plugin_factories_loads_without_importing_the_plugins(tmp_path):
    site = tmp_path / "site"
    install_plugin(site)
    blank = tmp_path / "blank"
    run_python(f'''
        import spacy
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        nlp.to_disk({str(blank)!r})
        print("{{}}")
    ''', None)
    result = run_python(f'''
        import json, sys
        from models.spacy_plugins import load_pipeline
        loaded = load_pipeline({str(blank)!r})
        doc = loaded("One sentence. Another one.")
        print(json.dumps({{"imported": "veil_test_plugin" in sys.modules,
                           "pipes": loaded.pipe_names, "sentences": len(list(doc.sents))}}))
    ''', site)
    assert result == {"imported": False, "pipes": ["sentencizer"], "sentences": 2}
    # The check can fail: spaCy's own load imports the plugin.
    plain = run_python(f'''
        import json, sys, spacy
        spacy.load({str(blank)!r})
        print(json.dumps({{"imported": "veil_test_plugin" in sys.modules}}))
    ''', site)
    assert plain == {"imported": True}


def test_a_pipeline_that_needs_a_plugin_factory_still_loads(tmp_path):
    site = tmp_path / "site"
    install_plugin(site)
    saved = tmp_path / "with-plugin"
    run_python(f'''
        import json, spacy
        import veil_test_plugin  # registers the factory, as spaCy's entry point would
        nlp = spacy.blank("en")
        nlp.add_pipe("veil_test_marker")
        nlp.to_disk({str(saved)!r})
        print("{{}}")
    ''', site)
    result = run_python(f'''
        import json
        from models.spacy_plugins import load_pipeline
        loaded = load_pipeline({str(saved)!r})
        print(json.dumps({{"pipes": loaded.pipe_names,
                           "marked": loaded("text").user_data.get("marked", False)}}))
    ''', site)
    assert result == {"pipes": ["veil_test_marker"], "marked": True}
