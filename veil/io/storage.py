"""One way to reach files anywhere: local paths, `s3://`, `gs://`, `memory://`, any fsspec URL.

Beam's own filesystems do not cover every scheme we need (`memory://` in tests, any fsspec
backend a user brings), so Veil opens files through fsspec. The S3 settings take Beam's own
option names (`--s3_endpoint_url`, `--s3_access_key_id`, ...) so that a Beam user's flags work.
`Storage` is a small frozen value: it pickles to workers, which open their own connections.

Object stores get bounded waits: a request that gets no answer for `timeout_s` seconds fails,
and is tried `attempts` times in all, so a frozen endpoint stops the job with an error that
names it instead of hanging it (s3fs and botocore, left to their defaults, retry each other:
25 tries of 15 s each).
"""
from __future__ import annotations

import hashlib
import io
import os
import shutil
from dataclasses import dataclass, field
from typing import Any

from fsspec.core import url_to_fs

from veil.io.decompress import SalvagingStream, ZstdFrames

DEFAULT_TIMEOUT_S = 30.0
DEFAULT_ATTEMPTS = 3

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
    timeout_s: float = DEFAULT_TIMEOUT_S  # connect, and wait for each answer, at most this long
    attempts: int = DEFAULT_ATTEMPTS  # tries of one request in all, first included

    def options_for(self, url: str) -> dict[str, Any]:
        if url.startswith(("s3://", "s3a://")):
            options: dict[str, Any] = {
                # botocore retries (standard mode: timeouts, throttling, 5xx); s3fs must not
                # retry on top of it (see `_bounded`).
                "config_kwargs": {
                    "connect_timeout": self.timeout_s,
                    "read_timeout": self.timeout_s,
                    "retries": {"max_attempts": self.attempts, "mode": "standard"},
                },
            }
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
        if url.startswith(("gs://", "gcs://")):
            # Per request: connecting, and each wait for data. gcsfs's own retries (6, with
            # backoff) are fixed in its code, so a GCS stall ends in about 6 timeouts + 30 s.
            import aiohttp

            return {"requests_timeout": aiohttp.ClientTimeout(
                sock_connect=self.timeout_s, sock_read=self.timeout_s)}
        return {}

    def filesystem(self, url: str):
        """(fsspec filesystem, path within it) for a URL or local path."""
        fs, path = url_to_fs(url, **self.options_for(url))
        return _bounded(fs), path

    def endpoint(self, url: str) -> str:
        """Where requests for `url` go, for error messages."""
        if url.startswith(("s3://", "s3a://")):
            return f"the S3 endpoint {self.s3_endpoint_url or '(AWS default for the region)'}"
        if url.startswith(("gs://", "gcs://")):
            return f"the GCS endpoint {os.environ.get('STORAGE_EMULATOR_HOST') or 'storage.googleapis.com'}"
        return url.split("://", 1)[0] + " storage" if "://" in url else "the local disk"

    def describe_failure(self, url: str, error: BaseException) -> str:
        """What went wrong reaching `url`, naming the endpoint when it did not answer in time."""
        if is_timeout(error):
            tries = f"{self.attempts} attempts" if url.startswith(("s3://", "s3a://")) else "several attempts"
            return (f"{self.endpoint(url)} did not answer within {self.timeout_s:g} s ({tries}; "
                    f"{type(error).__name__}); check the endpoint and the network, or raise "
                    "--storage_timeout")
        return f"{type(error).__name__}: {error}"

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
        if "w" in mode and not is_remote(url):
            # Local folders only: on s3fs and gcsfs, makedirs creates a missing *bucket*, and
            # an output bucket that does not exist must be an error, not a new bucket.
            parent = fs._parent(path)
            if parent:
                fs.makedirs(parent, exist_ok=True)
        return fs.open(path, mode, **kwargs)

    def open_decompressed(self, url: str):
        """A buffered binary stream of the file's content, decompressed by its suffix.

        Wrapped in `io.BufferedReader` because some fsspec files (s3fs, gcsfs) lack
        `readline(limit)`, which reading lines of bounded size needs. A compressed stream that
        turns out corrupt or truncated ends there instead of raising, with the error kept in
        its `decompression_error` (see `SalvagingStream`): the lines before it are still read.
        """
        fs, path = self.filesystem(url)
        if not self.is_compressed(url):
            return io.BufferedReader(fs.open(path, "rb"), buffer_size=1 << 20)
        if url.endswith(".zst"):  # fsspec's zstandard reader ends a truncated file silently
            stream = ZstdFrames(fs.open(path, "rb"))
        else:
            stream = fs.open(path, "rb", compression="infer")
        salvaging = SalvagingStream(stream)
        reader = io.BufferedReader(salvaging, buffer_size=1 << 20)
        reader.salvaging = salvaging  # type: ignore[attr-defined]
        return reader

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

    def delete(self, urls: list[str]) -> None:
        """Delete files, and check that they are gone: raises PermissionError naming what stayed.

        Checked because s3fs's bulk delete ignores the per-key errors S3 returns, so a user
        without s3:DeleteObject sees every delete "succeed" and nothing removed."""
        by_fs: dict[int, tuple[Any, list[str]]] = {}
        for url in urls:
            fs, path = self.filesystem(url)
            by_fs.setdefault(id(fs), (fs, []))[1].append(path)
        for fs, paths in by_fs.values():
            fs.rm(paths)
            fs.invalidate_cache()
            kept = [path for path in paths if fs.exists(path)]
            if kept:
                raise PermissionError(
                    f"could not delete {len(kept)} of {len(paths)} files, e.g. {kept[0]!r}: the job "
                    "needs permission to delete in its output (S3: s3:DeleteObject; GCS: "
                    "storage.objects.delete)")

    def remove_if_empty(self, url: str) -> None:
        fs, path = self.filesystem(url)
        try:
            if fs.isdir(path) and not fs.ls(path):
                fs.rmdir(path)
        except OSError:
            pass  # someone else's run is using it, or the store has no real folders

    def is_compressed(self, url: str) -> bool:
        return url.endswith(COMPRESSED_SUFFIXES)


def _bounded(fs):
    """s3fs retries every request `fs.retries` times on top of botocore's own retries: one
    layer of retries is enough (set in `options_for`). Set on the (cached) instance because
    s3fs takes it from a class attribute, not from its arguments."""
    if type(fs).__module__.startswith("s3fs"):
        fs.retries = 1
    return fs


def is_timeout(error: BaseException) -> bool:
    """A request that got no answer in time, from any of the storage libraries."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, TimeoutError) or "Timeout" in type(error).__name__:
            return True
        error = error.__cause__ or error.__context__
    return False
