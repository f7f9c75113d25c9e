"""An optional Hyperscan prefilter: one pass over a text says which regexes can match at all.

Python's `re` scans a text once per pattern; with fifty infoTypes that is fifty passes.
Hyperscan (`pip install hyperscan`; Linux x86-64 wheels) compiles every pattern into one
automaton in *prefilter* mode, which may report a match where there is none but never misses
one. A pattern the prefilter does not report for a text cannot match it, and the engine skips
it; the patterns it does report run in `re` as before, so the findings are exactly the same
with or without Hyperscan.

Hyperscan's classes (`\\w`, `\\d`, `\\s`, `\\b`) are ASCII here, which agrees with Python's only
on ASCII text without the control characters Python counts as space (0x1c-0x1f), so texts
with other characters run every pattern. Patterns Hyperscan cannot compile always run.
Compiling takes a second or two, so an engine builds its prefilter only once it has seen
`BUILD_AFTER` texts, and databases are shared by every engine in the process.
Without the package, or with `VEIL_NO_HYPERSCAN=1`, every pattern runs on every text.
"""
from __future__ import annotations

import logging
import os
import re
import threading
from typing import Sequence

log = logging.getLogger(__name__)

try:  # pragma: no cover - depends on the platform
    import hyperscan as _hs
except ImportError:  # pragma: no cover
    _hs = None

BUILD_AFTER = 64
_UNSAFE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_CACHE: dict[tuple, tuple] = {}
_CACHE_LOCK = threading.Lock()


def available() -> bool:
    return _hs is not None and not os.environ.get("VEIL_NO_HYPERSCAN")


def _flags(pattern: "re.Pattern[str]") -> int:
    flag = _hs.HS_FLAG_PREFILTER | _hs.HS_FLAG_SINGLEMATCH | _hs.HS_FLAG_ALLOWEMPTY
    if pattern.flags & re.IGNORECASE:
        flag |= _hs.HS_FLAG_CASELESS
    if pattern.flags & re.DOTALL:
        flag |= _hs.HS_FLAG_DOTALL
    if pattern.flags & re.MULTILINE:
        flag |= _hs.HS_FLAG_MULTILINE
    return flag


def _compile(patterns: Sequence["re.Pattern[str]"]):
    """(database, indexes it covers), or (None, empty) if nothing compiles."""
    expressions = [p.pattern.encode("utf-8") for p in patterns]
    flags = [_flags(p) for p in patterns]
    ids = list(range(len(patterns)))
    try:
        database = _hs.Database()
        database.compile(expressions=expressions, ids=ids, elements=len(ids), flags=flags)
        return database, frozenset(ids)
    except Exception:  # noqa: BLE001 - find and leave out the patterns it refuses
        pass
    good = []
    for index in ids:
        try:
            _hs.Database().compile(expressions=[expressions[index]], ids=[0], elements=1,
                                   flags=[flags[index]])
            good.append(index)
        except Exception:  # noqa: BLE001
            continue
    if not good:
        return None, frozenset()
    try:
        database = _hs.Database()
        database.compile(expressions=[expressions[i] for i in good], ids=good,
                         elements=len(good), flags=[flags[i] for i in good])
    except Exception as error:  # noqa: BLE001
        log.warning("Hyperscan prefilter disabled: %s", type(error).__name__)
        return None, frozenset()
    return database, frozenset(good)


class Prefilter:
    """Which of `patterns` may match a text. Safe to share between threads."""

    def __init__(self, patterns: Sequence["re.Pattern[str]"]):
        self.patterns = list(patterns)
        self._database = None
        self._always: frozenset[int] = frozenset(range(len(self.patterns)))
        self._local = threading.local()
        self._seen = 0
        self._built = False

    def build(self) -> bool:
        """Compile now (normally done after `BUILD_AFTER` texts). True if it is active."""
        self._built = True
        if not available() or not self.patterns:
            return False
        key = tuple((p.pattern, p.flags) for p in self.patterns)
        with _CACHE_LOCK:
            if key not in _CACHE:
                _CACHE[key] = _compile(self.patterns)
            database, covered = _CACHE[key]
        if database is not None:
            self._always = frozenset(range(len(self.patterns))) - covered
            self._database = database
        return self._database is not None

    @property
    def active(self) -> bool:
        return self._database is not None

    def __getstate__(self):
        # Compiled databases do not pickle; a copy compiles its own when it needs one.
        return {"patterns": self.patterns}

    def __setstate__(self, state):
        self.__init__(state["patterns"])

    def candidates(self, text: str) -> frozenset[int] | set[int] | None:
        """Indexes of the patterns that may match `text`; None: any of them may."""
        if self._database is None:
            if self._built:
                return None
            self._seen += 1
            if self._seen < BUILD_AFTER or not self.build():
                return None
        if not text.isascii() or _UNSAFE.search(text):
            return None
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = _hs.Scratch(self._database)
            self._local.scratch = scratch
        found = set(self._always)
        self._database.scan(text.encode("ascii"), match_event_handler=_collect,
                            context=found, scratch=scratch)
        return found


def _collect(index, start, end, flags, found):
    found.add(index)


class RegexGuard:
    """Which of a fixed list of scanner regexes may match a text, from one Hyperscan pass.

    Scanners (names, organisations, products) run a dozen context regexes per text, each a
    full `re` pass, though on a short turn usually none of them matches. The guard compiles
    them caseless, so one pass over the original text also covers regexes that the scanners
    run on its lower-cased copy (on ASCII text, the only text the prefilter judges, a match
    in the lower-cased copy is a caseless match in the original). It remembers the last
    text, so the scanners of one text share one pass. Findings are the same with or
    without it.
    """

    def __init__(self, patterns: Sequence["re.Pattern[str]"]):
        self.patterns = list(patterns)
        self._prefilter = Prefilter(
            [re.compile(p.pattern, p.flags | re.IGNORECASE) for p in self.patterns]
        )
        self._index = {id(p): i for i, p in enumerate(self.patterns)}
        self._last: tuple = (None, None)

    def build(self) -> bool:
        """Compile now rather than after `BUILD_AFTER` texts. True if it is active."""
        return self._prefilter.build()

    def disable(self) -> None:
        """Let every pattern run on every text (for comparisons)."""
        self._prefilter = Prefilter([])
        self._prefilter._built = True
        self._last = (None, None)

    def may_match(self, pattern: "re.Pattern[str]", text: str) -> bool:
        """False only if `pattern` (one of the guarded) cannot match `text` or its lower case."""
        last = self._last
        if last[0] is text:  # the tuple holds `text`, so its identity cannot be reused
            found = last[1]
        else:
            found = self._prefilter.candidates(text)
            self._last = (text, found)
        return found is None or self._index[id(pattern)] in found
