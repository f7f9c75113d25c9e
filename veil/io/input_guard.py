"""Nothing the job writes, replaces or deletes may be an input, whatever links or URLs lead there.

A job writes under `--output` and deletes there too: the previous run's shards, the temporary
folders of crashed runs. If a folder inside the output is a symbolic link into the input
(`out/corpus -> data/`), or a URL spells an input folder another way (`file:///data` and
`/data`, `simplecache::file:///data`), those writes and deletes land on the input. The
`InputGuard` knows where the input really is, after resolving links; the job asks it about
every place it writes or cleans, at start (to refuse the job with a clear message) and again
just before each rename and delete (in case a link appeared since).

A location is compared as (store, path): local paths with every link resolved, other stores'
paths normalised, wrappers such as `simplecache::` unwrapped to the store they wrap.
"""
from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

from fsspec.spec import AbstractFileSystem

from veil.run.errors import ConfigError
from veil.io.storage import Storage

Location = tuple[str, str]  # (store, normalised path)

FILE, FOLDER, TREE = "file", "folder", "tree"
# FILE: a file the job writes, replaces or deletes.
# FOLDER: a folder the job writes files into, replaces and deletes files in.
# TREE: a folder the job may remove with everything under it.


class TouchesInput(ConfigError):
    """The job would write, replace or delete something that resolves into its input."""


def location(storage: Storage, url: str) -> Location:
    """Where `url` really is: its store, and its path there with links resolved (local disk)
    or normalised (other stores), so that two spellings of one place compare equal."""
    fs, path = storage.filesystem(url)
    while isinstance(getattr(fs, "fs", None), AbstractFileSystem):  # simplecache::, blockcache::
        fs = fs.fs
    protocols = fs.protocol if isinstance(fs.protocol, tuple) else (fs.protocol,)
    if "file" in protocols or "local" in protocols:
        return "file", os.path.realpath(path).replace(os.sep, "/")
    return protocols[0], posixpath.normpath("/" + path.strip("/"))


def _at_or_under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


@dataclass(frozen=True)
class InputGuard:
    """Where the input lies. `trees`: folders read recursively (nothing at or under them may
    be touched); `folders`: the folders that hold input files (the job writes or deletes no
    file directly in them). Small enough to travel with the job: folders, not files."""

    trees: tuple[Location, ...] = ()
    folders: tuple[Location, ...] = ()

    @classmethod
    def of_input(cls, storage: Storage, pattern: str, files: list[str]) -> "InputGuard":
        """The guard for an input given as `pattern` (a file, a glob or a folder) that matched
        `files`."""
        fs, base = storage.filesystem(pattern)
        trees = (location(storage, pattern),) if fs.isdir(base) else ()
        folders = {location(storage, url) for url in files}
        folders = {(store, posixpath.dirname(path)) for store, path in folders}
        return cls(trees, tuple(sorted(folders)))

    def problem(self, storage: Storage, url: str, use: str) -> str | None:
        """Why the job must not write, replace or delete at `url` (used as `use`: FILE, FOLDER
        or TREE), or None when nothing there is input."""
        store, path = location(storage, url)
        for tree_store, tree in self.trees:
            if tree_store != store:
                continue
            if _at_or_under(path, tree) or (use == TREE and _at_or_under(tree, path)):
                return _message(url, path, f"the input folder {tree}")
        for folder_store, folder in self.folders:
            if folder_store != store:
                continue
            holder = posixpath.dirname(path) if use == FILE else path
            if holder == folder or (use == TREE and _at_or_under(folder, path)):
                return _message(url, path, f"{folder}, which holds input files")
        return None

    def check(self, storage: Storage, url: str, use: str) -> None:
        """Raises TouchesInput when `url` resolves into the input."""
        problem = self.problem(storage, url, use)
        if problem:
            raise TouchesInput(problem)


def _message(url: str, real: str, where: str) -> str:
    shown = url if real == url else f"{url} (really {real})"
    return (f"--output: {shown} lies in {where}: the job writes, replaces and deletes files "
            "there and would overwrite or delete its input. Remove the symbolic link, or "
            "choose an output folder whose every subfolder is outside the input")
