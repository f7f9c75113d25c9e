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
`BUILD_AFTER` texts, databases are shared by every engine in the process, and each compiled
database is also kept on disk (`veil.detection.compiled_cache`, keyed by a hash of its patterns and the
Hyperscan version), so that the other worker processes on the machine, and later jobs, load it
in milliseconds instead of compiling it again.
Without the package, or with `VEIL_NO_HYPERSCAN=1`, every pattern runs on every text.

**Many texts, one pass.** A Hyperscan call costs several microseconds before it reads a byte,
more than a short turn takes to scan, so `candidates_per_text` joins a batch of texts with
newlines and scans them once. Every match is reported (no `SINGLEMATCH`) with its end offset,
and the text it ends in is the text it may match. That is exact for a prefilter: a pattern
that matches inside one text alone also matches, in Hyperscan's approximation, at the same
place in the joined buffer, because a newline next to a text behaves like the text's edge for
`\b`, and `^`/`$` are compiled in multiline mode there (which only adds positions). Patterns
that could still disagree (`\A`, `\Z`, or ones that can match the empty string, which would
report at every offset) are left out and run on every text.
"""
from __future__ import annotations

import json
import logging
import os
import re
import threading
from bisect import bisect_right
from itertools import accumulate
from typing import Mapping, NamedTuple, Sequence

from veil.detection.compiled_cache import cache_path, write_atomically

log = logging.getLogger(__name__)

try:  # Python 3.11+
    import re._constants as _sre_constants
    import re._parser as _sre_parser
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _sre_constants
    import sre_parse as _sre_parser

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


_STRING_ANCHORS = {_sre_constants.AT_BEGINNING_STRING, _sre_constants.AT_END_STRING}
_LINE_ANCHORS = {_sre_constants.AT_BEGINNING, _sre_constants.AT_END}


def _anchors(items, found: set) -> set:
    """Every `AT` code (anchor) in a parsed pattern, inside groups and lookarounds too."""
    for op, av in items:
        if op is _sre_constants.AT:
            found.add(av)
        elif isinstance(av, (list, tuple)):
            for part in av:
                if isinstance(part, _sre_parser.SubPattern):
                    _anchors(part, found)
                elif isinstance(part, list):  # a branch's alternatives
                    for alternative in part:
                        if isinstance(alternative, _sre_parser.SubPattern):
                            _anchors(alternative, found)
        elif isinstance(av, _sre_parser.SubPattern):
            _anchors(av, found)
    return found


def _flags(pattern: "re.Pattern[str]") -> int | None:
    """Hyperscan flags for `pattern` in a joined-texts scan; None: it must run on every text.

    `^` and `$` become multiline, so that they hold at every text's edge in the joined buffer
    (and, harmlessly for a prefilter, at newlines inside a text).
    """
    try:
        parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - whatever `re` accepted, leave it to `re`
        return None
    if parsed.getwidth()[0] == 0:
        return None  # can match empty: it would report at every offset
    anchors = _anchors(parsed, set())
    if anchors & _STRING_ANCHORS:
        return None
    flag = _hs.HS_FLAG_PREFILTER | _hs.HS_FLAG_ALLOWEMPTY
    if pattern.flags & re.IGNORECASE:
        flag |= _hs.HS_FLAG_CASELESS
    if pattern.flags & re.DOTALL:
        flag |= _hs.HS_FLAG_DOTALL
    if pattern.flags & re.MULTILINE or anchors & _LINE_ANCHORS:
        flag |= _hs.HS_FLAG_MULTILINE
    return flag


# Bounded repeats at least this large are compiled unbounded: a superset of the matches,
# which a prefilter may report, and Hyperscan compiles `[^\r\n]{1,4096}` for seconds.
_LARGE_REPEAT = 100
_BOUNDED_REPEAT = re.compile(r"\{(\d+),(\d+)\}")


def _normalised(tree):
    """A parsed pattern as nested tuples, with large repeats' bounds dropped (for comparing)."""
    if isinstance(tree, _sre_parser.SubPattern):
        tree = tree.data
    if isinstance(tree, (list, tuple)):
        if (len(tree) == 2 and tree[0] in (_sre_constants.MAX_REPEAT, _sre_constants.MIN_REPEAT)
                and tree[1][1] >= _LARGE_REPEAT):
            low, _, item = tree[1]
            return (tree[0], (low, _sre_constants.MAXREPEAT, _normalised(item)))
        return tuple(_normalised(part) for part in tree)
    return tree


def _relaxed(pattern: "re.Pattern[str]") -> str:
    """`pattern`'s text with each large bounded repeat `{m,n}` written `{m,}`, if `re`'s own
    parser confirms that nothing else changed (a `{1,500}` inside a class is not a repeat)."""
    def relax(match: "re.Match[str]") -> str:
        if int(match.group(2)) < _LARGE_REPEAT:
            return match.group(0)
        return "{%s,}" % match.group(1)

    relaxed = _BOUNDED_REPEAT.sub(relax, pattern.pattern)
    if relaxed == pattern.pattern:
        return relaxed
    try:
        same = _normalised(_sre_parser.parse(relaxed, pattern.flags)) == _normalised(
            _sre_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001
        same = False
    return relaxed if same else pattern.pattern


def _compile(patterns: Sequence["re.Pattern[str]"]):
    """(database, indexes it covers), or (None, empty) if nothing compiles."""
    expressions = [_relaxed(p).encode("utf-8") for p in patterns]
    flags = [_flags(p) for p in patterns]
    ids = [i for i, flag in enumerate(flags) if flag is not None]
    if not ids:
        return None, frozenset()
    try:
        database = _hs.Database()
        database.compile(expressions=[expressions[i] for i in ids], ids=ids, elements=len(ids),
                         flags=[flags[i] for i in ids])
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


def _cache_path(patterns: Sequence["re.Pattern[str]"]) -> str | None:
    return cache_path("hyperscan", repr((getattr(_hs, "__version__", ""), [(p.pattern, p.flags) for p in patterns])),
                      ".db")


def _load_compiled(patterns: Sequence["re.Pattern[str]"]):
    """(database, covered) from the disk cache, or None (absent, unreadable or damaged)."""
    path = _cache_path(patterns)
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.readline())
            database = _hs.loadb(handle.read(), _hs.HS_MODE_BLOCK)
        return database, frozenset(header["covered"])
    except FileNotFoundError:
        return None
    except Exception as error:  # noqa: BLE001 - a damaged entry is compiled again
        log.warning("compiled prefilter cache entry unreadable (%s); compiling", type(error).__name__)
        return None


def _store_compiled(patterns: Sequence["re.Pattern[str]"], database, covered: frozenset) -> None:
    if database is not None:
        write_atomically(_cache_path(patterns), [
            json.dumps({"covered": sorted(covered)}).encode("ascii") + b"\n", _hs.dumpb(database)])


def _compile_or_load(patterns: Sequence["re.Pattern[str]"]):
    loaded = _load_compiled(patterns)
    if loaded is not None:
        return loaded
    database, covered = _compile(patterns)
    _store_compiled(patterns, database, covered)
    return database, covered


class RegexSource(NamedTuple):
    """A regex's text and flags: all a prefilter reads of a pattern, for a form that nothing
    runs in Python (`RegexGuard`'s), so that it is not compiled there for nothing."""

    pattern: str
    flags: int


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
                _CACHE[key] = _compile_or_load(self.patterns)
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
        return self.candidates_per_text([text])[0]

    def _ready(self, count: int) -> bool:
        """Whether the database is there, building it once `BUILD_AFTER` texts were seen."""
        if self._database is not None:
            return True
        if self._built:
            return False
        self._seen += count
        return self._seen >= BUILD_AFTER and self.build()

    def candidates_per_text(self, texts: Sequence[str]) -> list[set[int] | None]:
        """For each text, the indexes of the patterns that may match it (None: any may).

        One Hyperscan pass over the texts joined by newlines (see the module docstring).
        Texts Hyperscan cannot judge (not ASCII, or with control characters) get None.
        """
        if not self._ready(len(texts)):
            return [None] * len(texts)
        if len(texts) == 1:
            return [self._candidates_of_one(texts[0])]
        joined = "\n".join(texts)
        if joined.isascii() and not _UNSAFE.search(joined):
            judged = range(len(texts))
        else:
            judged = [i for i, t in enumerate(texts) if t.isascii() and not _UNSAFE.search(t)]
            joined = "\n".join(texts[i] for i in judged)
        result: list[set[int] | None] = [None] * len(texts)
        if not judged:
            return result
        events: list[tuple[int, int]] = []
        self._database.scan(joined.encode("ascii"), match_event_handler=_collect,
                            context=events, scratch=self._scratch())
        # Where each judged text starts in `joined` (one newline between texts).
        starts = [0, *accumulate(len(texts[i]) + 1 for i in judged)]
        found = [set(self._always) for _ in judged]
        for index, end in set(events):
            # A match that belongs to a text ends inside it; one whose last character is a
            # separating newline belongs to none.
            last = end - 1
            position = bisect_right(starts, last) - 1
            if last < starts[position + 1] - 1:
                found[position].add(index)
        for position, i in enumerate(judged):
            result[i] = found[position]
        return result


    def _candidates_of_one(self, text: str) -> set[int] | None:
        """`candidates_per_text` for one text: every match is the text's."""
        if not text.isascii() or _UNSAFE.search(text):
            return None
        found = set(self._always)
        self._database.scan(text.encode("ascii"), match_event_handler=_collect_index,
                            context=found, scratch=self._scratch())
        return found

    def _scratch(self):
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = _hs.Scratch(self._database)
            self._local.scratch = scratch
        return scratch


def _collect(index, start, end, flags, events):
    events.append((index, end))


def _collect_index(index, start, end, flags, found):
    found.add(index)


def _guard_form(pattern: "re.Pattern[str]") -> str:
    """What the guard compiles for `pattern`: the part before its first top-level named group
    when that part has two items or more and cannot match the empty string, else the whole
    pattern (a name first, after lookbehinds: "(?<!the )(?P<name>...)'s a").

    A text that `pattern` matches has a match of that prefix, so the guard stays exact. The
    scanners' context regexes end in a named capture of up to four words ("my name is
    (?P<name>...)"), which Hyperscan's prefilter approximation reports at every character where
    a word could end: cutting it off leaves one report per context phrase instead of dozens.
    """
    try:
        parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - left whole
        return pattern.pattern
    named = set(parsed.state.groupdict.values())
    for position, (op, argument) in enumerate(parsed):
        if op is _sre_constants.SUBPATTERN and argument[0] in named:
            name = next(n for n, group in parsed.state.groupdict.items() if group == argument[0])
            cut = pattern.pattern.find(f"(?P<{name}>")
            if position < 2 or cut <= 0:
                return pattern.pattern
            prefix = pattern.pattern[:cut]
            try:  # the text before the group is exactly the items before it, and says
                # something: lookbehinds and `\b` alone match everywhere
                parsed_prefix = _sre_parser.parse(prefix, pattern.flags)
                same = len(parsed_prefix) == position and parsed_prefix.getwidth()[0] > 0
            except Exception:  # noqa: BLE001
                same = False
            return prefix if same else pattern.pattern
    return pattern.pattern


class RegexGuard:
    """Which of a fixed list of scanner regexes may match a text, from one Hyperscan pass.

    Scanners (names, organisations, products) run a dozen context regexes per text, each a
    full `re` pass, though on a short turn usually none of them matches. The guard compiles
    them caseless, so one pass over the original text also covers regexes that the scanners
    run on its lower-cased copy (on ASCII text, the only text the prefilter judges, a match
    in the lower-cased copy is a caseless match in the original). It remembers the last
    text (`may_match`) and the last batch of texts (`per_text`), so the scanners of one text
    or batch share one pass. Findings are the same with or without it.

    `necessary` gives, for a regex whose own form the guard would scan for badly, a regex that
    every text it matches also matches, caseless: a head word ("Party", "Church") after a space
    for capitalised words before a word that heads an institution, whose own form (a name group
    first, so `_guard_form` keeps it whole) Hyperscan's approximation reports at nearly every
    word's end.
    """

    def __init__(self, patterns: Sequence["re.Pattern[str]"],
                 necessary: "Mapping[re.Pattern[str], str] | None" = None):
        self.patterns = list(patterns)
        necessary = necessary or {}
        self._prefilter = Prefilter(
            [RegexSource(necessary.get(p) or _guard_form(p), int(p.flags | re.IGNORECASE))
             for p in self.patterns]
        )
        self._index = {id(p): i for i, p in enumerate(self.patterns)}
        self._last: tuple = (None, None)
        self._last_batch: tuple = (None, None)

    def build(self) -> bool:
        """Compile now rather than after `BUILD_AFTER` texts. True if it is active."""
        return self._prefilter.build()

    def disable(self) -> None:
        """Let every pattern run on every text (for comparisons)."""
        self._prefilter = Prefilter([])
        self._prefilter._built = True
        self._last = (None, None)
        self._last_batch = (None, None)

    def may_match(self, pattern: "re.Pattern[str]", text: str) -> bool:
        """False only if `pattern` (one of the guarded) cannot match `text` or its lower case."""
        last = self._last
        if last[0] is text:  # the tuple holds `text`, so its identity cannot be reused
            found = last[1]
        else:
            found = self._prefilter.candidates(text)
            self._last = (text, found)
        return found is None or self._index[id(pattern)] in found

    def index(self, pattern: "re.Pattern[str]") -> int:
        """`pattern`'s index in the sets `per_text` returns."""
        return self._index[id(pattern)]

    def per_text(self, texts: Sequence[str]) -> list[set[int] | None]:
        """For each of `texts`, the indexes of the guarded regexes that may match it or its
        lower case (None: any may), from one pass over them all."""
        last = self._last_batch
        if last[0] is texts:  # the tuple holds `texts`, so its identity cannot be reused
            return last[1]
        found = self._prefilter.candidates_per_text(texts)
        self._last_batch = (texts, found)
        return found
