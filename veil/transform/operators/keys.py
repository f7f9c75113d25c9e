"""Reading the secret key (an environment variable, a file, or DLP's `unwrapped` and
`transient` kinds), and deriving deterministic values from it with HMAC-SHA256.

Veil's keyed values (surrogates, Veil's hash, date shifts) are derived from HMAC(key, parts),
DLP's encryptions use the key with AES (veil.transform.operators.crypto): either way every worker and
every re-run of the same input with the same key gives the same bytes, and nothing depends on
per-worker random state. A transient key is the one exception by design: it is random per job
(`new_job_secret`), the same on every worker of that job.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import os
import re
import secrets
from typing import Any

import fsspec
from pydantic import Field, SecretStr, model_validator

from veil.run.schema import DlpModel
from veil.run.errors import ConfigError

DEFAULT_KEY_ENV = "VEIL_SECRET_KEY"
MIN_KEY_BYTES = 16
_LOG = logging.getLogger("veil")
_WARNED_INLINE: set[str] = set()  # the config paths of inline keys already warned about


class UnwrappedKey(DlpModel):
    """DLP's `UnwrappedCryptoKey`: the key's bytes, base64, in the config itself."""

    key: SecretStr


class TransientKey(DlpModel):
    """DLP's `TransientCryptoKey`: a random key per job, one per name."""

    name: str = Field(min_length=1)


class CryptoKey(DlpModel):
    """Where the secret key is read from: an environment variable or a file (any fsspec path),
    or DLP's own kinds.

    - `unwrapped: {key: BASE64}` (DLP's inline key) is accepted with a warning at start: the
      key then sits in the config, which is copied, logged and committed far more often than
      a secret should be, and travels in the pipeline graph to the workers.
    - `transient: {name: NAME}` is a random key for this job only, the same for one name on
      every worker of the job (derived from a random job secret, see `transient_key`); the
      tokens it makes cannot be reversed or reproduced after the job.
    - `kms_wrapped` is refused at start with how to supply the key instead: Veil does not call
      Cloud KMS."""

    env: str | None = None
    file: str | None = None
    unwrapped: UnwrappedKey | None = None
    transient: TransientKey | None = None
    kms_wrapped: Any = None

    # DLP's oneof (kms_wrapped included, so that a kms_wrapped key alone reaches the message
    # below that says what to do instead).
    one_of = ("env", "file", "unwrapped", "transient", "kms_wrapped")

    @model_validator(mode="after")
    def _one_kind(self):
        if self.kms_wrapped is not None:
            raise ValueError(
                "a kms_wrapped key cannot be unwrapped here (Veil does not call Cloud KMS): "
                "unwrap it once with `gcloud kms decrypt`, put the key's bytes in a file or an "
                f"environment variable, and point crypto_key at it: {{file: path}} or "
                f"{{env: {DEFAULT_KEY_ENV}}}")
        if self.unwrapped is not None:
            try:
                size = len(base64.b64decode(self.unwrapped.key.get_secret_value(), validate=True))
            except (binascii.Error, ValueError):
                raise ValueError("unwrapped.key must be base64 (the key's bytes, as DLP "
                                 "takes them)") from None
            if size < MIN_KEY_BYTES:
                raise ValueError(f"unwrapped.key holds {size} bytes; a key needs at least "
                                 f"{MIN_KEY_BYTES} (DLP's are 16, 24 or 32)")
        return self


def default_key() -> CryptoKey:
    return CryptoKey(env=DEFAULT_KEY_ENV)


# What an environment variable's name conventionally looks like: upper-case words joined by
# underscores (VEIL_SECRET_KEY, AWS_S3_KEY). Anything else in `crypto_key.env` may be the key
# itself, pasted in the wrong place, so messages never repeat it.
_ENV_NAME = re.compile(r"[A-Z]{1,16}[0-9]{0,3}(?:_(?:[A-Z]{1,16}[0-9]{0,3}|[0-9]{1,3})){0,7}")
# A URL, an absolute or ./ path, or a relative path ending in a file name with an extension,
# of path characters only (no '+' or '=', which base64 keys hold). Anything else may be a key.
_PATH_LIKE = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://|/|\.{1,2}/|~/)[\w./~:@%-]*|[\w-]+(?:/[\w.-]+)*/?[\w-]+\.[A-Za-z]\w*")


def shown_env_name(name: str) -> str:
    """`name` as a message may show it: as it is when it looks like a variable's name,
    otherwise a description that does not repeat it (it may be the key itself)."""
    if _ENV_NAME.fullmatch(name):
        return name
    return (f"named by crypto_key.env (not shown: {len(name)} characters that do not look like a "
            "variable name such as VEIL_SECRET_KEY; crypto_key.env takes the variable's NAME, "
            "never the key)")


def shown_file(path: str) -> str:
    """`path` as a message may show it (see `shown_env_name`)."""
    if _PATH_LIKE.fullmatch(path):
        return repr(path)
    return (f"named by crypto_key.file (not shown: {len(path)} characters that do not look like "
            "a path; crypto_key.file takes the key file's path, never the key)")


def read_key(key: CryptoKey, where: str, storage=None, job_secret: bytes | None = None) -> bytes:
    """The key's bytes. Raises ConfigError naming `where` (the config path) and what to do.

    The message never holds the key, nor a value that may be the key pasted where its
    variable's name or file's path belongs. `storage` (a `veil.io.storage.Storage`) carries the
    job's object-store settings for a key file on `s3://`; `job_secret` is the job's random
    secret that transient keys derive from (`new_job_secret`)."""
    if key.unwrapped is not None:
        if where not in _WARNED_INLINE:  # once per process: launch and workers read it again
            _WARNED_INLINE.add(where)
            _LOG.warning("%s: the key is inline (unwrapped) and so sits in the config and in "
                         "the pipeline graph; keep it in a file or an environment variable instead "
                         "({file: path} or {env: NAME})", where)
        return base64.b64decode(key.unwrapped.key.get_secret_value())
    if key.transient is not None:
        if job_secret is None:
            raise ConfigError(f"{where}: a transient key is made per job; it can only be used "
                              "by the job (veil anonymize), not here")
        return transient_key(job_secret, key.transient.name)
    if key.env is not None:
        value = os.environ.get(key.env, "")
        name = shown_env_name(key.env)
        if not value:
            raise ConfigError(
                f"{where}: needs a secret key, but the environment variable {name} is not set "
                f"(set it, or point crypto_key at a file with {{file: path}})"
            )
        secret = value.encode("utf-8")
        origin = f"environment variable {name}"
    else:
        shown = shown_file(key.file)
        options = storage.options_for(key.file) if storage is not None else {}
        try:
            with fsspec.open(key.file, "rb", **options) as handle:
                secret = handle.read().strip()
        except (OSError, ValueError) as error:
            # The error's own text repeats the path: give its kind alone.
            raise ConfigError(
                f"{where}: cannot read the key file {shown} ({type(error).__name__})") from None
        origin = f"key file {shown}"
    if len(secret) < MIN_KEY_BYTES:
        raise ConfigError(f"{where}: the {origin} holds {len(secret)} bytes; a key needs at "
                          f"least {MIN_KEY_BYTES}")
    return secret


def new_job_secret() -> bytes:
    """A random secret for one job, from which its transient keys derive."""
    return secrets.token_bytes(32)


def transient_key(job_secret: bytes, name: str) -> bytes:
    """DLP's transient key `name` for the job whose secret is `job_secret`: the same name
    gives the same 32 bytes on every worker of the job, and nothing links it to another job."""
    return keyed_digest(job_secret, "transient key", name)


def uses_transient(keys) -> bool:
    """Whether any of `keys` (CryptoKey) is transient: the job must then make a job secret."""
    return any(key.transient is not None for key in keys)


# The job secret sits in the run's temporary folder under the output (veil.io.outputs.TEMP),
# where every worker can read it, and goes when the run is published or abandoned with it.
JOB_SECRET_FILE = "transient-keys.secret"


def write_job_secret(storage, path: str, secret: bytes) -> None:
    with storage.open(path, "wb") as handle:
        handle.write(secret)


def read_job_secret(storage, path: str) -> bytes:
    """The job secret the launch wrote; ConfigError when a worker cannot read it."""
    try:
        with storage.open(path, "rb") as handle:
            secret = handle.read()
    except (OSError, ValueError) as error:
        raise ConfigError(f"cannot read the job's transient-key secret {path!r} "
                          f"({type(error).__name__}): workers must reach the output") from None
    if len(secret) != 32:
        raise ConfigError(f"the job's transient-key secret {path!r} is damaged")
    return secret


def key_check(key: bytes) -> str:
    """A short tag that says whether two keys are the same without revealing either: the
    first 8 bytes of HMAC(key, "veil key check"), one more output of the function that
    derives every keyed value, so it tells an attacker nothing the output does not."""
    return keyed_digest(key, "veil key check")[:8].hex()


def _message(parts: tuple) -> bytes:
    # Length-prefixed, so that ("ab", "c") and ("a", "bc") never collide.
    out = bytearray()
    for part in parts:
        data = part if isinstance(part, bytes) else str(part).encode("utf-8")
        out += len(data).to_bytes(4, "big") + data
    return bytes(out)


def keyed_digest(key: bytes, *parts) -> bytes:
    return hmac.new(key, _message(parts), hashlib.sha256).digest()


class KeyedStream:
    """A deterministic stream of choices from HMAC(key, parts, counter): no `random` module,
    whose algorithms are not promised to stay the same across Python versions."""

    def __init__(self, key: bytes, *parts):
        self.key = key
        self.parts = parts
        self.counter = 0
        self.buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self.buffer += keyed_digest(self.key, *self.parts, self.counter)
            self.counter += 1
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def below(self, n: int) -> int:
        """Uniform in [0, n), by rejection so that there is no modulo bias."""
        if n <= 1:
            return 0
        size = (n.bit_length() + 7) // 8 + 1
        limit = (256 ** size // n) * n
        while True:
            value = int.from_bytes(self._bytes(size), "big")
            if value < limit:
                return value % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def digit(self, low: int = 0) -> str:
        return str(low + self.below(10 - low))
