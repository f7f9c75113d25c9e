"""Reading compressed input that may be damaged: keep what decodes, and say where it stopped.

A truncated or corrupt `.gz`, `.bz2`, `.xz` or `.zst` file, or plain text under such a name,
makes its decompressor raise part way. `SalvagingStream` turns that into the end of the data,
after everything decoded before it, and keeps the error, so that the reader can put the rest
of the file into `errors/` instead of failing the job.
"""
from __future__ import annotations

import gzip
import io
import lzma
import zlib


# What decompressors raise on data that is corrupt, truncated or not compressed at all:
# gzip.BadGzipFile (an OSError), EOFError (truncated), zlib.error, lzma.LZMAError,
# zstandard.ZstdError; bz2 raises a bare OSError("Invalid data stream").
def is_decompression_error(error: BaseException) -> bool:
    if isinstance(error, (EOFError, zlib.error, lzma.LZMAError, gzip.BadGzipFile)):
        return True
    if type(error) is OSError and str(error) == "Invalid data stream":  # bz2's; other bare
        return True  # OSErrors (s3fs's EIO, ...) are I/O faults and must fail the read
    return type(error).__name__ == "ZstdError"


def decompression_problem(error: BaseException) -> str:
    """Why a compressed file stopped decompressing, without quoting its bytes."""
    if isinstance(error, EOFError):
        return "the compressed data ends early (a truncated file)"
    if str(error).startswith("Not a gzipped file"):
        return "it is not gzip data, though its name ends in .gz"
    return f"the compressed data is corrupt ({type(error).__name__}: {error})"


class SalvagingStream(io.RawIOBase):
    """A decompressing stream that ends where its data goes bad, keeping what came before.

    Reads with `read1` (one decompression step at a time), so that the data decompressed before
    a fault is handed out before the fault is met; the fault then reads as the end of the stream,
    and is kept in `decompression_error` for the reader to report. I/O errors still raise."""

    def __init__(self, stream):
        self.stream = stream
        self.decompression_error: BaseException | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.decompression_error is not None:
            return 0
        try:
            reader = getattr(self.stream, "read1", None) or self.stream.read
            data = reader(len(buffer))
        except Exception as error:  # noqa: BLE001 (sorted just below)
            if not is_decompression_error(error):
                raise
            self.decompression_error = error
            return 0
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        try:
            self.stream.close()
        finally:
            super().close()


class ZstdFrames(io.RawIOBase):
    """Zstandard frames decompressed from a raw stream, one after another, raising EOFError
    when the data ends inside a frame: a truncated file, which zstandard's own stream reader
    (fsspec's) ends without a word."""

    def __init__(self, raw, chunk_bytes: int = 1 << 20):
        import zstandard

        self.raw = raw
        self.chunk_bytes = chunk_bytes
        self.new_frame = zstandard.ZstdDecompressor().decompressobj
        self.frame = self.new_frame()
        self.in_frame = False  # some of the current frame was read
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while not self.pending:
            data = self.raw.read(self.chunk_bytes)
            if not data:
                if self.in_frame:
                    raise EOFError("Compressed file ended before the end-of-stream marker was reached")
                return 0
            self.pending = self._decompress(data)
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size

    def _decompress(self, data: bytes) -> bytes:
        out = []
        while data:
            self.in_frame = True
            out.append(self.frame.decompress(data))
            data = b""
            if self.frame.eof:  # the frame is whole; what follows starts the next one
                data = self.frame.unused_data
                self.frame, self.in_frame = self.new_frame(), False
        return b"".join(out)

    def close(self) -> None:
        try:
            self.raw.close()
        finally:
            super().close()
