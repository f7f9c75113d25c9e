"""Publishing a run's output all at once, as Beam's and Hadoop's file sinks do.

A run writes everything (corpus/, findings/, errors/, risk/, job_summary.json) under its own
`_temp/<run id>/output/` (see `veil.io.outputs`). Only when all of it is written does `commit`
publish it:

1. write `_temp/<run id>/_COMMIT.json`, the list of files to publish: the run is complete, and
   from here on anyone can finish publishing it (`settle_earlier_runs`, at the next start);
2. delete `_SUCCESS`, so that nobody trusts the folder while it changes;
3. move each file to its final name (local folders: a rename; object stores: a server-side
   copy), replacing the previous run's file of that name;
4. delete what the previous run left that this one did not replace (shards of another shard
   count); a delete that fails stops the job, it is never reported as done;
5. write `_SUCCESS`, empty, last (the marker Hadoop and Spark readers look for);
6. delete the run's temporary folder.

Every step can be done again: a retried or interrupted commit is finished by running it again.
Until step 1, the previous run's output is untouched; a reader that sees `_SUCCESS` sees one
whole run. A job that dies between steps 2 and 5 leaves no `_SUCCESS`, and the next job to
start on that output finishes the publishing first.

One job per output folder at a time: a job that starts removes the temporary folders it finds
there, taking them for the leftovers of crashed runs.

Nothing written, replaced or deleted may lie in the input, after resolving links
(`veil.io.input_guard`): `refuse_paths_into_input` checks every place at start, and each step
checks its own paths again just before it renames or deletes.
"""
from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import replace

from fsspec.utils import glob_translate

from veil.run.errors import ConfigError
from veil.io.input_guard import FILE, FOLDER, TREE, TouchesInput, location
from veil.io.outputs import KINDS, PREFIX, TEMP, OutputSpec
from veil.io.storage import Storage, is_remote

SUCCESS = "_SUCCESS"
MANIFEST = "_COMMIT.json"
# Files of a run beside the shards. A previous run's are replaced (or removed) by the next.
RUN_FILES = ("job_summary.json", "risk/summary.json", "risk/report.html", "risk/review.jsonl")

_LOG = logging.getLogger("veil")


def commit(spec: OutputSpec, names: list[str]) -> list[str]:
    """Publish the staged files `names` (paths relative to the output). Returns the previous
    run's files that were removed, beyond those replaced."""
    manifest = json.dumps({"files": sorted(names)}).encode()
    _write_whole(spec, spec.join(TEMP, spec.temp_id, MANIFEST), manifest)
    return publish(spec, names)


def publish(spec: OutputSpec, names: list[str]) -> list[str]:
    """Steps 2 to 6 of the commit (see the module's docstring). Safe to repeat."""
    storage = spec.storage
    fs, root = storage.filesystem(spec.root)
    fs.invalidate_cache()  # other workers wrote the staged files
    root = root.rstrip("/")
    guard = spec.input_guard
    success = f"{root}/{SUCCESS}"
    guard.check(storage, spec.join(SUCCESS), FILE)
    if fs.exists(success):
        storage.delete([spec.join(SUCCESS)])
    staged = {name: _fs_path(spec, spec.staged_path(name)) for name in names}
    staging = _fs_path(spec, spec.staged_path(""))
    listed = set(fs.find(staging)) if fs.exists(staging) else set()  # one listing, not a HEAD a file
    present = {name for name, path in staged.items() if path in listed}
    missing = [name for name in names if name not in present and not fs.exists(f"{root}/{name}")]
    if missing:
        raise FileNotFoundError(f"cannot publish {spec.root}: {missing[0]!r} was never written")
    for name in sorted(present):  # every final name, before the first is replaced
        guard.check(storage, spec.join(name), FILE)
    if is_remote(spec.root):
        moving = sorted(present)
        if moving:
            fs.copy([staged[n] for n in moving], [f"{root}/{n}" for n in moving])
    else:
        for name in sorted(present):
            final = f"{root}/{name}"
            os.makedirs(os.path.dirname(final), exist_ok=True)
            os.replace(staged[name], final)  # atomic, and replaces a previous file of that name
    published = set(names)
    stale = [path for name, path in _previous_files(spec) if name not in published and name != SUCCESS]
    if stale:
        for url in stale:
            guard.check(storage, url, FILE)
        storage.delete(stale)
        _LOG.info("removed %d files of a previous run under %s", len(stale), spec.root)
    with storage.open(spec.join(SUCCESS), "wb"):
        pass
    guard.check(storage, spec.temp_root, TREE)
    storage.remove(spec.temp_root)
    storage.remove_if_empty(spec.join(TEMP))
    return stale


def _previous_files(spec: OutputSpec) -> list[tuple[str, str]]:
    """(name relative to the output, URL) of each file a Veil run writes that is in the output
    now: shards of every kind, whatever their count, the summaries and the marker. Nothing else
    in the output is ever touched."""
    fs, root = spec.storage.filesystem(spec.root)
    root = root.rstrip("/")
    paths = []
    for kind in KINDS:
        paths += fs.glob(f"{root}/{kind}/{PREFIX.get(kind, 'part')}-*-of-*")
    paths += [f"{root}/{name}" for name in (*RUN_FILES, SUCCESS) if fs.exists(f"{root}/{name}")]
    return sorted((path[len(root) + 1:], spec.join(path[len(root) + 1:])) for path in paths)


def _fs_path(spec: OutputSpec, url: str) -> str:
    return spec.storage.filesystem(url)[1]


def _write_whole(spec: OutputSpec, url: str, data: bytes) -> None:
    """A file that is either absent or complete: an object store's PUT is; locally, a rename."""
    if is_remote(url):
        with spec.storage.open(url, "wb") as handle:
            handle.write(data)
        return
    partial = url + ".partial"
    with spec.storage.open(partial, "wb") as handle:
        handle.write(data)
    os.replace(_fs_path(spec, partial), _fs_path(spec, url))


def settle_earlier_runs(spec: OutputSpec) -> list[str]:
    """Deal with the temporary folders that crashed runs left in the output: finish publishing
    a run that had begun it (its output is complete), and delete the others. Returns what was
    done, one line per folder."""
    spec.input_guard.check(spec.storage, spec.join(TEMP), TREE)  # all of it may be removed
    fs, root = spec.storage.filesystem(spec.join(TEMP))
    fs.invalidate_cache()
    if not fs.exists(root):
        return []
    settled, committed = [], []
    for path in fs.ls(root, detail=False):
        run_id = path.rstrip("/").rsplit("/", 1)[-1]
        if run_id == spec.temp_id:
            continue
        earlier = replace(spec, temp_id=run_id)
        names = _manifest(earlier)
        if names is None:
            spec.storage.remove(earlier.temp_root)
            settled.append(f"removed the temporary files of an unfinished run ({run_id})")
        else:
            committed.append((earlier, names))
    for earlier, names in committed:  # at most one, unless jobs shared the output
        publish(earlier, names)
        settled.append(f"finished publishing run {earlier.temp_id}, interrupted while publishing")
    spec.storage.remove_if_empty(spec.join(TEMP))
    return settled


def abandon(spec: OutputSpec) -> str:
    """After a failed run: remove its temporary files, unless it failed while publishing (the
    next run finishes that). Returns what the output holds now, for the log."""
    try:
        if _manifest(spec) is not None:
            return (f"it failed while publishing: {spec.root} has no {SUCCESS}, and the next run "
                    "on it finishes the publishing first")
        spec.input_guard.check(spec.storage, spec.temp_root, TREE)
        spec.storage.remove(spec.temp_root)
        spec.storage.remove_if_empty(spec.join(TEMP))
    except Exception as error:  # noqa: BLE001 (the job's own failure is the one to report)
        return f"{spec.root} keeps the previous run's output; its temporary files stay ({error})"
    return f"{spec.root} keeps the previous run's output"


def _manifest(spec: OutputSpec) -> list[str] | None:
    try:
        with spec.storage.open(spec.join(TEMP, spec.temp_id, MANIFEST), "rb") as handle:
            return list(json.loads(handle.read())["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no manifest (or a torn one): the run never finished writing


def check_output_usable(spec: OutputSpec) -> None:
    """Raises ConfigError unless the job can write and delete files in its output: a probe
    file is written in the run's temporary folder and deleted again. An object-store bucket
    must exist: Veil does not create buckets."""
    storage = spec.storage
    where = f"--output {spec.root!r}"
    try:
        fs, root = storage.filesystem(spec.root)
        split = getattr(fs, "split_path", None)  # s3fs, gcsfs: (bucket, key, version)
        if split is not None:
            bucket = split(root)[0]
            if not fs.exists(bucket):
                raise ConfigError(f"{where}: bucket {bucket!r} does not exist at "
                                  f"{storage.endpoint(spec.root)}; create it first")
        probe = spec.join(TEMP, spec.temp_id, "_write_probe")
        spec.input_guard.check(storage, probe, FILE)
        with storage.open(probe, "wb") as handle:
            handle.write(b"veil")
    except ConfigError:
        raise
    except Exception as error:  # noqa: BLE001 (any library's failure is the user's to fix)
        raise ConfigError(f"{where}: cannot write there: {storage.describe_failure(spec.root, error)}") from None
    try:
        storage.delete([probe])
    except PermissionError as error:
        raise ConfigError(f"{where}: {error}. A run replaces the previous run's files and "
                          f"deletes its temporary ones. The probe file {probe} stays; the next "
                          "run that may delete removes it") from None
    except Exception as error:  # noqa: BLE001
        raise ConfigError(f"{where}: cannot delete there: {storage.describe_failure(spec.root, error)}") from None
    storage.remove_if_empty(spec.temp_root)
    storage.remove_if_empty(spec.join(TEMP))


def refuse_paths_into_input(spec: OutputSpec) -> None:
    """Raises TouchesInput, naming each one, when a place the job writes, replaces or deletes
    resolves into its input: the output, its subfolders (a symbolic link `out/corpus ->
    data/`), the temporary folders, the summaries and marker, and the previous run's files."""
    storage, guard = spec.storage, spec.input_guard
    places = [(spec.root, FOLDER), (spec.join(TEMP), TREE)]
    places += [(spec.join(kind), FOLDER) for kind in KINDS]
    places += [(spec.join(name), FILE) for name in (*RUN_FILES, SUCCESS)]
    if not is_remote(spec.root):  # a local shard may itself be a link (object stores have none)
        places += [(url, FILE) for _, url in _previous_files(spec)]
    problems = list(dict.fromkeys(
        problem for url, use in places if (problem := guard.problem(storage, url, use))))
    if problems:
        raise TouchesInput("\n".join(problems))


def input_overlaps_output(storage: Storage, output: str, pattern: str, files: list[str]) -> bool:
    """Whether a job would read its own output or write over its input: an input file lies in
    the output folder, or the input pattern (a folder is read recursively) matches a file Veil
    writes there. Paths are compared where they really are (`veil.io.input_guard.location`)."""
    out_store, out = location(storage, output)
    out = out.rstrip("/")

    def inside_output(url: str) -> bool:
        store, path = location(storage, url)
        return store == out_store and (path == out or path.startswith(out + "/"))

    if any(inside_output(url) for url in files):
        return True
    store, base = location(storage, pattern)
    if store != out_store:
        return False
    if any(c in base for c in "*?["):
        matcher = re.compile(glob_translate(base))
        written = [f"{out}/{kind}/{PREFIX.get(kind, 'part')}-00000-of-00001{suffix}"
                   for kind in KINDS for suffix in (".jsonl", ".parquet")]
        written += [f"{out}/{name}" for name in RUN_FILES]
        return any(matcher.match(path) for path in written)
    fs, path = storage.filesystem(pattern)
    return fs.isdir(path) and (out == base or out.startswith(base.rstrip("/") + "/"))
