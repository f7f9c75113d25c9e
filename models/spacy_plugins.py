"""Loading a spaCy pipeline without importing every installed spaCy plugin.

spaCy's `Language.__init__` imports every package that registers a `spacy_factories` entry
point, whether the pipeline uses it or not. Presidio's analyzer registers one, so with Presidio
installed (Veil's bench extra) every `spacy.load` also imported presidio_analyzer, transformers,
scipy and sympy, in each job and each worker (the cost is in BENCHMARKS.md).
`load_pipeline` loads with those entry points left alone; a pipeline that needs a factory only
a plugin provides (spacy-transformers' `transformer`) fails that way with spaCy's E002, and is
then loaded again the ordinary way, with every plugin.

spaCy itself is imported without torch (`import_spacy`, models.torch_free): thinc imports torch
when it is installed, and the CNN pipelines never use it. A pipeline that does (torch layers,
spacy-transformers) gets it back: thinc is given torch before the ordinary load.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from models.torch_free import import_without_torch, thinc_lacks_torch, thinc_with_torch


def import_spacy() -> ModuleType:
    """`import spacy`, without torch when torch is not imported yet (models.torch_free)."""
    return import_without_torch("spacy")


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
    """`spacy.load(location)`, importing the spaCy plugins only if the pipeline needs one, and
    torch only if the pipeline does (or something else in the process imported it)."""
    spacy = import_spacy()
    if "torch" in sys.modules:  # imported since spaCy was: thinc may use it
        thinc_with_torch()
    try:
        with plugin_factories_unloaded():
            nlp = spacy.load(location)
    except OSError:  # no such pipeline: nothing to retry
        raise
    except Exception as error:
        # E002: no such factory (a plugin's): load them all. Anything else fails the same way
        # the ordinary way, unless it came from thinc without torch (a pipeline on torch layers).
        if "[E002]" not in str(error) and not thinc_lacks_torch():
            raise
        thinc_with_torch()  # plugins such as spacy-transformers build torch layers
        return spacy.load(location)
    if "torch" in sys.modules:  # a component imported it while loading: thinc may use it
        thinc_with_torch()
    return nlp
