"""The operator protocol: what an anonymisation operator is, what it sees, and its registry.

An operator is one class (a `Primitive`): its fields are its options, as DLP's primitive
transformation spells them, its `name` is the field that selects it in a config
(`character_mask_config`), and `apply(mention, key)` says what one mention becomes. The
registry (`OperatorRegistry`, Veil's is `veil.transform.operators.primitives.OPERATORS`) lists the
operators by name and builds the config's `PrimitiveTransformation` from them, so that a new
operator is one class and one line in that list (the model is Presidio's `Operator` and
`OperatorsFactory`).

Operators are checked at start: the config's options when it is parsed, and each keyed
operator's key when `bind` reads it (`veil.transform.operators.build.build_operators`, at launch and in
each worker's setup). `apply` then sees the `Mention`: the finding, its text, the entity it
belongs to (number and key, see `veil.entities.resolution`) and the `Conversation` (id, texts, entities,
surrogates per key), which is all an operator may depend on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Iterable, Iterator

from pydantic import Field, create_model

from veil.run.schema import DlpModel
from veil.entities.resolution import Entity, Resolution
from veil.detection.findings import Finding
from veil.transform.operators.keys import CryptoKey, default_key, read_key
from veil.transform.operators.surrogates import Surrogates


def placeholder(entity: Entity) -> str:
    """`[PERSON_NAME_1]`: the infoType and the entity's number within the conversation."""
    return f"[{entity.info_type}_{entity.number}]"


class Conversation:
    """What the operators of one conversation share: its id, texts, entities, surrogates."""

    def __init__(self, conversation_id: str, texts: list[str], resolution: Resolution):
        self.id = conversation_id
        self.texts = texts
        self.resolution = resolution
        self._surrogates: dict[bytes, Surrogates] = {}

    def surrogates(self, key: bytes) -> Surrogates:
        """The conversation's surrogates under `key` (built once: it draws every person)."""
        if key not in self._surrogates:
            self._surrogates[key] = Surrogates(key, self.id, self.texts, self.resolution)
        return self._surrogates[key]

    def mention(self, finding: Finding) -> "Mention":
        return Mention(finding, self.resolution.entity_of[finding], self)


@dataclass(frozen=True)
class Mention:
    """One finding as an operator sees it."""

    finding: Finding
    entity: Entity
    conversation: Conversation

    @property
    def value(self) -> str:
        return self.conversation.texts[self.finding.turn][self.finding.start:self.finding.end]

    @property
    def placeholder(self) -> str:
        return placeholder(self.entity)


class Primitive(DlpModel):
    """An operator: its options (the fields), its config name, and what a mention becomes."""

    name: ClassVar[str]
    # For docs/operators.md (scripts/render_operators_doc.py runs every registered operator):
    # the options of its example, and the types it applies to there (all when empty).
    example: ClassVar[dict] = {}
    example_info_types: ClassVar[tuple[str, ...]] = ()

    def apply(self, mention: Mention, key: bytes | None) -> str:
        raise NotImplementedError

    def bind(self, where: str, storage=None, job_secret: bytes | None = None) -> "Operator":
        """The operator ready to apply, its key read (`where` names the options in errors;
        `job_secret` is what transient keys derive from, see veil.transform.operators.keys)."""
        return Operator(self)


class KeyedPrimitive(Primitive):
    """An operator whose output is derived from a secret key, read at start."""

    crypto_key: CryptoKey = Field(default_factory=default_key)

    def bind(self, where: str, storage=None, job_secret: bytes | None = None) -> "Operator":
        return Operator(self, read_key(self.crypto_key, f"{where}.crypto_key", storage,
                                       job_secret))


@dataclass(frozen=True)
class Operator:
    """A primitive and, when it is keyed, its key's bytes: ready to apply. It holds a key, so
    it is never shipped to workers; they bind their own (see veil.transform.operators.build)."""

    options: Primitive
    key: bytes | None = field(default=None, repr=False)

    @property
    def kind(self) -> str:
        return self.options.name

    def apply(self, mention: Mention) -> str:
        return self.options.apply(mention, self.key)


class _PrimitiveChoice(DlpModel):
    """DLP's `PrimitiveTransformation`: exactly one operator, by its name."""

    @property
    def kind(self) -> str:
        return next(name for name in self.one_of if getattr(self, name) is not None)

    @property
    def options(self) -> Primitive:
        return getattr(self, self.kind)


class OperatorRegistry:
    """The operators a config may name, by name (as Presidio's `OperatorsFactory`)."""

    def __init__(self, primitives: Iterable[type[Primitive]]):
        self._by_name: dict[str, type[Primitive]] = {}
        for primitive in primitives:
            if primitive.name in self._by_name:
                raise ValueError(f"two operators are named {primitive.name}")
            self._by_name[primitive.name] = primitive

    def __getitem__(self, name: str) -> type[Primitive]:
        return self._by_name[name]

    def __iter__(self) -> Iterator[type[Primitive]]:
        return iter(self._by_name.values())

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def transformation_model(self, module: str) -> type[DlpModel]:
        """The config's `PrimitiveTransformation`: one optional field per operator, exactly
        one of which must be given. `module` is where it is bound to that name (pickle looks
        the class up there)."""
        model = create_model(
            "PrimitiveTransformation", __base__=_PrimitiveChoice, __module__=module,
            **{name: (primitive | None, None) for name, primitive in self._by_name.items()},
        )
        model.one_of = self.names()
        return model
