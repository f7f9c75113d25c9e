"""Refusing config regexes that can take exponential time (catastrophic backtracking).

Python's `re` backtracks. A pattern such as `(a+)+`, `(\\w+\\s?)+` or `(a|a)*` can take time
exponential in the length of a text that almost matches, and one such pattern in a user's
config would stall a whole job. Veil runs config patterns on RE2, as DLP does, which never
backtracks (`veil.detection.engine.user_regex`); this check guards the few that RE2 cannot run
(lookarounds, backreferences) and so run on `re`. It refuses, at config load, the shapes that
cause exponential backtracking in a repeat that can match more than once:

- a repeat whose body is, apart from parts that may match nothing, a single variable-width
  repeat: `(a+)+`, `(a*)*`, `(?:\\d+)+`;
- a repeat whose body has a variable-width part that can end with a character the next part
  (or, across iterations, the body's first part) can start with: `(x+x+)+`, `(\\w+\\d)+`;
- a repeat over alternatives that can match the same text: `(a|a)*`.

Bounded repeats are held to the same shapes as unbounded ones: `(a+){2,32}b` can split a run
of n a's in up to C(n-1, 31) ways, and tries them all before it fails.

Bodies whose parts a disjoint character separates are allowed: `(\\w+\\s)+`, `(\\d{3}-)+`,
`(?:(?:yes|sure)[ ,]+)*`.
"""
from __future__ import annotations

import string

try:  # Python 3.11+
    from re import _compiler
    from re import _constants as _c
    from re import _parser as _p
except ImportError:  # pragma: no cover - Python 3.10
    import sre_compile as _compiler  # type: ignore[no-redef]
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT}
if hasattr(_c, "POSSESSIVE_REPEAT"):
    _POSSESSIVE = {_c.POSSESSIVE_REPEAT}
else:  # pragma: no cover
    _POSSESSIVE = set()
_UNBOUNDED = 32  # a repeat of more than this many is treated as unbounded


def _width(items, state) -> tuple[int, int]:
    return _p.SubPattern(state, list(items)).getwidth()


def _flatten(items) -> list:
    items = list(items)
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN:
        items = list(items[0][1][-1])
    out = []
    for op, av in items:
        if op is _c.SUBPATTERN:
            out.extend(_flatten(av[-1]))
        else:
            out.append((op, av))
    return out


def _is_variable(op, av, state) -> bool:
    if op in _REPEATS:
        low, high, sub = av
        inner_min, inner_max = _width(sub, state)
        return inner_max > 0 and (high > low or inner_max > inner_min)
    if op is _c.BRANCH:
        widths = {_width(alt, state) for alt in av[1]}
        return len(widths) > 1 or any(lo != hi for lo, hi in widths)
    return False


_SAMPLE = string.printable + "éüßøñçЖж中ـ\u00a0\u2019"
_SINGLE = {_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY, _c.CATEGORY}


def _edge(items, state, last: bool) -> frozenset[str]:
    """Sample characters that a match of `items` can start (or end) with; over-approximate."""
    items = list(items)
    if last:
        items = items[::-1]
    chars: set[str] = set()
    for op, av in items:
        if op in _SINGLE:
            compiled = _compiler.compile(_p.SubPattern(state, [(op, av)]), state.flags)
            chars.update(c for c in _SAMPLE if compiled.fullmatch(c))
        elif op in _REPEATS or op in _POSSESSIVE:
            chars.update(_edge(av[2], state, last))
        elif op is _c.SUBPATTERN:
            chars.update(_edge(av[-1], state, last))
        elif op is _c.BRANCH:
            for alternative in av[1]:
                chars.update(_edge(alternative, state, last))
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        else:
            return frozenset(_SAMPLE)
        if _width([(op, av)], state)[0] > 0:
            break
    return frozenset(chars)


def _ambiguous_body(body, state) -> str | None:
    items = _flatten(body)
    variable = [_is_variable(op, av, state) for op, av in items]
    required_fixed = [
        (op, av) for (op, av), var in zip(items, variable)
        if not var and _width([(op, av)], state)[0] > 0
    ]
    positive = [
        var for (op, av), var in zip(items, variable) if _width([(op, av)], state)[0] > 0
    ]
    if any(variable) and not required_fixed and len(positive) <= 1:
        return "a repeated group whose body is itself repeated (like (a+)+)"
    for i, ((op, av), var) in enumerate(zip(items, variable)):
        # What can follow this part: the rest of the body, then the next iteration.
        following = items[i + 1 :] + items
        if var and _edge([(op, av)], state, True) & _edge(following, state, False):
            return ("a repeated group whose parts can split the same text in many ways "
                    "(like (x+x+)+)")
    for op, av in items:
        if op is _c.BRANCH:
            alternatives = [str(alt) for alt in av[1]]
            if len(set(alternatives)) < len(alternatives):
                return "a repeated choice between alternatives that match the same text (like (a|a)*)"
    return None


def _walk(items, state, bounded: bool) -> str | None:
    for op, av in items:
        if op in _REPEATS:
            low, high, sub = av
            if high == _c.MAXREPEAT or high > _UNBOUNDED or (bounded and high >= 2):
                problem = _ambiguous_body(sub, state)
                if problem:
                    return problem
            problem = _walk(sub, state, bounded)
        elif op in _POSSESSIVE:
            problem = _walk(av[2], state, bounded)
        elif op is _c.SUBPATTERN:
            problem = _walk(av[-1], state, bounded)
        elif op is _c.BRANCH:
            problem = next((p for p in (_walk(alt, state, bounded) for alt in av[1]) if p), None)
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            problem = _walk(av[1], state, bounded)
        elif op is _c.GROUPREF_EXISTS:
            problem = _walk(av[1], state, bounded) or (av[2] is not None and _walk(av[2], state, bounded))
        elif op is getattr(_c, "ATOMIC_GROUP", None):
            problem = _walk(av, state, bounded)
        else:
            problem = None
        if problem:
            return problem
    return None


def backtracking_problem(pattern: str, bounded: bool = True) -> str | None:
    """Why `pattern` can backtrack catastrophically, or None if no known shape is found.

    `bounded=False` looks at unbounded repeats only (repeats of more than 32), the check
    before bounded repeats were found to be just as bad.
    """
    parsed = _p.parse(pattern)
    return _walk(parsed.data, parsed.state, bounded)
