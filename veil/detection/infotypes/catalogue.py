"""The infoType catalogue: one entry per infoType, owning every fact about it.

An entry (`InfoType`) says how the type is found (its detectors, with their hotwords), what it
is (a description, the checksum its values carry), what a leak of it costs (its risk score,
whether it is a direct identifier), and how it is anonymised (its surrogate format, the key
under which two mentions are one entity, the auditor types that continue its placeholder).
Everything that needs one of these facts asks the catalogue, so they cannot drift apart:

- the engine compiles the detectors of the types a config asks for (`veil.detection.engine`);
- the risk table takes its default scores, direct identifiers and aliases from it
  (`veil.risk.table`), and the auditor its compatible types (`veil.risk.audit`);
- entity resolution takes each type's key (`veil.entities.resolution`), and the surrogate operator each
  type's format (`veil.transform.operators.surrogates`);
- merging prefers a specific type over a generic one on an exact tie (`veil.detection.merge`).

A `Catalogue` is an explicit object built from a list of entries, as Presidio's
`RecognizerRegistry` is: `veil.detection.infotypes.builtin.BUILTINS` is Veil's, and a caller may build
another (`BUILTINS.with_entries(...)`). Adding an infoType is one entry in a family module of
`veil.detection.infotypes` plus its examples; tests/engine/test_catalogue.py checks every entry.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping

from veil.detection.engine.detectors import Detector
from veil.detection.entity_keys import generic_key

# A surrogate format: (surrogates, entity, finding, value) -> the fake value, or None when no
# fake value fits the mention (the operator then writes the numbered placeholder).
SurrogateFormat = Callable[..., "str | None"]

# Auditor types that are runs of digits or spelled letters: next to a placeholder of an ID,
# a phone number or an email, they are usually the rest of its value.
DIGIT_RUNS = frozenset({"DIGIT_SEQUENCE", "NUMERIC", "GENERIC_ID"})
SPELLED = frozenset({"SPELLED_LETTERS"})


@dataclass(frozen=True)
class Example:
    """A text holding a value of the type, and the value as the type's detectors report it."""

    text: str
    value: str

    def __post_init__(self):
        if self.value not in self.text:
            raise ValueError(f"example value {self.value!r} is not in {self.text!r}")


@dataclass(frozen=True)
class InfoType:
    """Every fact about one infoType.

    `score` is the paper's Table 6 score of a residual value (None: the type is scored as a
    PARTIAL value of the type that lists it in `partial_aliases`, or not scored at all).
    `detectors` is empty for types that a profile defines (`custom_info_types`) or that only
    labels and auditors name; such a type cannot be listed in `info_types`.
    `generic` marks a type whose placeholder says little about what it hid (DIGIT_SEQUENCE):
    on an exact tie a specific type wins the span, and an auditor hit next to its
    placeholder keeps its own type.
    `compatible`: auditor types that, next to a placeholder of this type, are the rest of the
    same value ("[PERSON_NAME_1] green"); every type is also compatible with itself.
    """

    name: str
    description: str
    surrogate: SurrogateFormat
    score: int | None = None
    direct: bool = False
    detectors: tuple[Detector, ...] = ()
    checksum: Callable[[str], bool] | None = None
    entity_key: Callable[[str], str] = generic_key
    compatible: frozenset[str] = frozenset()
    generic: bool = False
    aliases: tuple[str, ...] = ()
    partial_aliases: tuple[str, ...] = ()
    partial_rounds_up: bool = False
    examples: tuple[Example, ...] = ()

    def __post_init__(self):
        # The detectors are built without a name; the entry gives them theirs.
        named = tuple(replace(d, info_type=self.name) for d in self.detectors)
        object.__setattr__(self, "detectors", named)
        object.__setattr__(self, "compatible", frozenset(self.compatible))
        object.__setattr__(self, "examples", tuple(
            e if isinstance(e, Example) else Example(*e) for e in self.examples))

    @property
    def detectable(self) -> bool:
        """Whether a config may list the type in `info_types` (it has built-in detectors)."""
        return bool(self.detectors)


class Catalogue:
    """InfoType entries by name, with the views each consumer needs. Immutable once built."""

    def __init__(self, entries: Iterable[InfoType]):
        by_name: dict[str, InfoType] = {}
        for entry in entries:
            if entry.name in by_name:
                raise ValueError(f"infoType {entry.name} is in the catalogue twice")
            by_name[entry.name] = entry
        self._entries = MappingProxyType(by_name)
        names: dict[str, str] = {}
        for entry in by_name.values():
            for alias in (*entry.aliases, *entry.partial_aliases):
                owner = names.setdefault(alias, entry.name)
                if owner != entry.name:
                    raise ValueError(f"{alias} is an alias of both {owner} and {entry.name}")
        self._generic = frozenset(e.name for e in by_name.values() if e.generic)

    def with_entries(self, entries: Iterable[InfoType]) -> "Catalogue":
        """A new catalogue: this one's entries, with `entries` added or replacing theirs."""
        merged = dict(self._entries)
        merged.update((entry.name, entry) for entry in entries)
        return Catalogue(merged.values())

    # --- lookup ----------------------------------------------------------------------------

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __getitem__(self, name: str) -> InfoType:
        return self._entries[name]

    def __iter__(self) -> Iterator[InfoType]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> InfoType | None:
        return self._entries.get(name)

    def detectable(self) -> list[str]:
        """The names a config may list in `info_types`, sorted."""
        return sorted(e.name for e in self if e.detectable)

    def detectors(self, name: str) -> tuple[Detector, ...] | None:
        """The detectors of a built-in type; None when the name has none."""
        entry = self._entries.get(name)
        return entry.detectors if entry is not None and entry.detectable else None

    def description(self, name: str) -> str:
        return self._entries[name].description

    # --- anonymisation ---------------------------------------------------------------------

    def entity_key(self, name: str) -> Callable[[str], str]:
        entry = self._entries.get(name)
        return entry.entity_key if entry is not None else generic_key

    def surrogate(self, name: str, default: SurrogateFormat) -> SurrogateFormat:
        entry = self._entries.get(name)
        return entry.surrogate if entry is not None else default

    def is_generic(self, name: str) -> bool:
        return name in self._generic

    # --- residual risk ---------------------------------------------------------------------

    def risk_scores(self) -> dict[str, int]:
        return {e.name: e.score for e in self if e.score is not None}

    def direct_identifiers(self) -> frozenset[str]:
        return frozenset(e.name for e in self if e.direct)

    def partial_rounding_up(self) -> frozenset[str]:
        return frozenset(e.name for e in self if e.partial_rounds_up)

    def aliases(self) -> dict[str, str]:
        return {alias: e.name for e in self for alias in e.aliases}

    def partial_aliases(self) -> dict[str, str]:
        return {alias: e.name for e in self for alias in e.partial_aliases}

    def compatible(self) -> Mapping[str, frozenset]:
        """Placeholder type -> the auditor types that continue it (see `InfoType`)."""
        return MappingProxyType({e.name: e.compatible for e in self if e.compatible})

    def generic_types(self) -> frozenset[str]:
        return self._generic
