"""Loading a spaCy pipeline without importing every installed spaCy plugin.

spaCy's `Language.__init__` imports every package that registers a `spacy_factories` entry
point, whether the pipeline uses it or not. Presidio's analyzer registers one, so with Presidio
installed (Veil's bench extra) every `spacy.load` also imported presidio_analyzer, transformers,
scipy and sympy: about 3 CPU seconds and 150 MB in each job and each worker (measured on
en_core_web_sm: 3.17 CPU s and 479 MB RSS, against 0.31 CPU s and 331 MB without them).
`load_pipeline` loads with those entry points left alone; a pipeline that needs a factory only
a plugin provides (spacy-transformers' `transformer`) fails that way with spaCy's E002, and is
then loaded again the ordinary way, with every plugin.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path


@contextmanager
def plugin_factories_unloaded():
    """spaCy does not import the packages behind `spacy_factories` entry points meanwhile."""
    from spacy.util import registry

    plugins = registry._entry_point_factories
    saved = plugins.entry_points
    plugins.entry_points = False
    try:
        yield
    finally:
        plugins.entry_points = saved


def load_pipeline(location: str | Path):
    """`spacy.load(location)`, importing the spaCy plugins only if the pipeline needs one."""
    import spacy

    try:
        with plugin_factories_unloaded():
            return spacy.load(location)
    except ValueError as error:
        if "[E002]" not in str(error):  # E002: no such factory (a plugin's): load them all
            raise
    return spacy.load(location)
