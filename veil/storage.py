"""One way to reach files anywhere: local paths, `s3://`, `gs://`, `memory://`, any fsspec URL.

Beam's own filesystems do not cover every scheme we need (`memory://` in tests, any fsspec
backend a user brings), so Veil opens files through fsspec. The S3 settings take Beam's own
option names (`--s3_endpoint_url`, `--s3_access_key_id`, ...) so that a Beam user's flags work.
`Storage` is a small frozen value: it pickles to workers, which open their own connections.
"""
from __future__ import annotations

import hashlib
import io
import os
import shutil
from dataclasses import dataclass, field
from typing import Any

import fsspec
from fsspec.core import url_to_fs

COMPRESSED_SUFFIXES = (".gz", ".bz2", ".zst", ".xz", ".lz4")


def is_remote(location: str) -> bool:
    """A URL another machine can reach (gs://, s3://, ...), not a path on this one (file:// is)."""
    return "://" in location and not location.startswith("file://")


@dataclass(frozen=True)
class Storage:
    s3_endpoint_url: str | None = None
    s3_access_key_id: str | None = None
    s3_secret_access_key: str | None = None
    s3_region_name: str | None = None
    s3_session_token: str | None = None
    extra: tuple = field(default=())

    def options_for(self, url: str) -> dict[str, Any]:
        if url.startswith(("s3://", "s3a://")):
            options: dict[str, Any] = {}
            client_kwargs = {}
            if self.s3_endpoint_url:
                client_kwargs["endpoint_url"] = self.s3_endpoint_url
            if self.s3_region_name:
                client_kwargs["region_name"] = self.s3_region_name
            if client_kwargs:
                options["client_kwargs"] = client_kwargs
            if self.s3_access_key_id:
                options["key"] = self.s3_access_key_id
            if self.s3_secret_access_key:
                options["secret"] = self.s3_secret_access_key
            if self.s3_session_token:
                options["token"] = self.s3_session_token
            return options
        return {}

    def filesystem(self, url: str):
        """(fsspec filesystem, path within it) for a URL or local path."""
        return url_to_fs(url, **self.options_for(url))

    def cached_copy(self, url: str, cache_root: "str | os.PathLike", marker: str) -> str:
        """A local copy of the folder at `url` (a model), made once per machine and reused.

        Keyed by the URL. The copy is made in a private folder and renamed into place, so
        worker processes racing for it never see half a folder. Raises FileNotFoundError when
        no `marker` file (e.g. config.json) is in the folder."""
        target = os.path.join(os.fspath(cache_root), hashlib.sha256(url.encode()).hexdigest()[:16])
        if os.path.exists(os.path.join(target, marker)):
            return target
        fs, root = self.filesystem(url)
        files = [name for name in fs.find(root) if not name.endswith("/")]
        if not any(name.rsplit("/", 1)[-1] == marker for name in files):
            raise FileNotFoundError(f"no {marker} under {url!r}")
        partial = f"{target}.partial-{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        try:
            for name in files:
                local = os.path.join(partial, os.path.relpath(name, root))
                os.makedirs(os.path.dirname(local), exist_ok=True)
                fs.get(name, local)
            try:
                os.rename(partial, target)
            except OSError:
                if not os.path.exists(os.path.join(target, marker)):
                    raise  # not another process's finished copy: a real failure
        finally:
            shutil.rmtree(partial, ignore_errors=True)
        return target

    def open(self, url: str, mode: str = "rb", **kwargs):
        fs, path = self.filesystem(url)
        if "w" in mode:
            parent = fs._parent(path)
            if parent:
                fs.makedirs(parent, exist_ok=True)
        return fs.open(path, mode, **kwargs)

    def open_decompressed(self, url: str):
        """A buffered binary stream of the file's content, decompressed by its suffix.

        Wrapped in `io.BufferedReader` because some fsspec files (s3fs, gcsfs) lack
        `readline(limit)`, which reading lines of bounded size needs.
        """
        stream = fsspec.open(url, "rb", compression="infer", **self.options_for(url)).open()
        return io.BufferedReader(stream, buffer_size=1 << 20)

    def url(self, url: str, path: str) -> str:
        """A path from the filesystem of `url`, written as a URL with the same scheme."""
        fs, _ = self.filesystem(url)
        if "://" not in url:
            return path  # a local path stays a plain path
        return fs.unstrip_protocol(path)

    def match(self, pattern: str) -> list[tuple[str, int]]:
        """Files matching a path, glob or directory, as sorted (url, size) pairs."""
        fs, path = self.filesystem(pattern)
        if fs.isdir(path):
            found = fs.find(path, detail=True)
        elif any(c in path for c in "*?["):
            found = fs.glob(path, detail=True)
        elif fs.exists(path):
            found = {path: fs.info(path)}
        else:
            found = {}
        files = [
            (self.url(pattern, name), int(info.get("size") or 0))
            for name, info in found.items()
            if info.get("type", "file") == "file"
            and not name.rsplit("/", 1)[-1].startswith((".", "_"))
        ]
        return sorted(files)

    def remove(self, url: str) -> None:
        fs, path = self.filesystem(url)
        if fs.exists(path):
            fs.rm(path, recursive=True)

    def remove_if_empty(self, url: str) -> None:
        fs, path = self.filesystem(url)
        try:
            if fs.isdir(path) and not fs.ls(path):
                fs.rmdir(path)
        except OSError:
            pass  # someone else's run is using it, or the store has no real folders

    def is_compressed(self, url: str) -> bool:
        return url.endswith(COMPRESSED_SUFFIXES)
