"""The operator protocol: a new operator is one class and one registration."""
from __future__ import annotations

from typing import ClassVar

import pytest
from pydantic import ValidationError

from veil.entities.resolution import resolve
from veil.detection.findings import Finding
from veil.transform.operators.base import Conversation, KeyedPrimitive, Mention, OperatorRegistry, Primitive
from veil.transform.operators.config import PrimitiveTransformation
from veil.transform.operators.primitives import OPERATORS
from veil.run.errors import ConfigError


class InitialsConfig(Primitive):
    """A new operator: each mention becomes the initials of its words, dotted."""

    name: ClassVar[str] = "initials_config"
    separator: str = "."

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return "".join(word[0] + self.separator for word in mention.value.split())


class KeyedTagConfig(KeyedPrimitive):
    """A new keyed operator: the entity's number and the key's length (to see the key)."""

    name: ClassVar[str] = "keyed_tag_config"

    def apply(self, mention: Mention, key: bytes | None) -> str:
        return f"<{mention.entity.number}:{len(key)}>"


def mentions(text: str, spans: dict[str, str]) -> list[Mention]:
    findings = [Finding(0, text.index(v), text.index(v) + len(v), t) for v, t in spans.items()]
    conversation = Conversation("c1", [text], resolve([text], findings))
    return [conversation.mention(f) for f in findings]


def test_the_registry_is_dlp_s_primitives_and_veil_s_two():
    assert set(OPERATORS.names()) == {
        "numbered_placeholder_config", "replace_with_info_type_config", "redact_config",
        "replace_config", "character_mask_config", "crypto_hash_config", "date_shift_config",
        "surrogate_config", "crypto_replace_ffx_fpe_config", "crypto_deterministic_config",
        "replace_dictionary_config", "bucketing_config", "fixed_size_bucketing_config",
        "time_part_config"}
    assert PrimitiveTransformation.one_of == OPERATORS.names()


def test_a_new_operator_is_one_class_and_one_registration(monkeypatch):
    registry = OperatorRegistry([*OPERATORS, InitialsConfig, KeyedTagConfig])
    model = registry.transformation_model(__name__)
    chosen = model.model_validate({"initials_config": {"separator": ""}})
    assert chosen.kind == "initials_config"
    operator = chosen.options.bind("here")
    (mention,) = mentions("it is Rachel Green calling", {"Rachel Green": "PERSON_NAME"})
    assert operator.apply(mention) == "RG"

    monkeypatch.setenv("VEIL_SECRET_KEY", "k" * 20)
    keyed = model.model_validate({"keyed_tag_config": {}}).options.bind("here")
    assert keyed.apply(mention) == "<1:20>"
    monkeypatch.delenv("VEIL_SECRET_KEY")
    with pytest.raises(ConfigError, match=r"here\.crypto_key: needs a secret key"):
        model.model_validate({"keyed_tag_config": {}}).options.bind("here")


def test_exactly_one_operator_per_transformation():
    with pytest.raises(ValidationError, match="give exactly one of"):
        PrimitiveTransformation.model_validate({})
    with pytest.raises(ValidationError, match="give exactly one of"):
        PrimitiveTransformation.model_validate({"redact_config": {}, "numbered_placeholder_config": {}})
    with pytest.raises(ValidationError):
        PrimitiveTransformation.model_validate({"initials_config": {}})  # not registered here


def test_a_registry_refuses_two_operators_of_one_name():
    class Other(Primitive):
        name: ClassVar[str] = "redact_config"

    with pytest.raises(ValueError, match="two operators are named redact_config"):
        OperatorRegistry([*OPERATORS, Other])


def test_operators_see_the_conversation_s_entities():
    """Mentions of one entity get one number, whatever the operator."""
    text = "Rachel Green called. Later, Mark and Rachel"
    spans = [("Rachel Green", 0), ("Mark", text.index("Mark")), ("Rachel", text.rindex("Rachel"))]
    findings = [Finding(0, start, start + len(v), "PERSON_NAME") for v, start in spans]
    conversation = Conversation("c1", [text], resolve([text], findings))
    found = [conversation.mention(f) for f in findings]
    assert [m.value for m in found] == ["Rachel Green", "Mark", "Rachel"]
    assert [m.placeholder for m in found] == ["[PERSON_NAME_1]", "[PERSON_NAME_2]",
                                              "[PERSON_NAME_1]"]


def test_the_operators_page_is_what_the_operators_make_now(monkeypatch):
    """docs/operators.md is generated: every registered operator has its section, and the
    outputs shown are what the code gives (re-run scripts/render_operators_doc.py)."""
    import importlib.util

    from tests.conftest import ROOT

    monkeypatch.delenv("VEIL_SECRET_KEY", raising=False)
    spec = importlib.util.spec_from_file_location("render_operators_doc",
                                                  ROOT / "scripts" / "render_operators_doc.py")
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    monkeypatch.setenv("VEIL_SECRET_KEY", render.EXAMPLE_KEY)
    page = (ROOT / "docs" / "operators.md").read_text(encoding="utf-8")
    assert page == render.page()
