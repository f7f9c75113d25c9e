import pytest

from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.infotypes.builtin import BUILTINS


def make_engine(config: dict) -> InfoTypeEngine:
    return InfoTypeEngine.from_config(InspectConfig.model_validate(config), BUILTINS)


_CACHE: dict = {}


def quotes(text: str, info_type: str, min_likelihood: str = "POSSIBLE", extra=()) -> set[str]:
    """What one built-in type (plus `extra` types) reports in `text`, as quoted strings."""
    key = (info_type, min_likelihood, tuple(extra))
    if key not in _CACHE:
        _CACHE[key] = make_engine(
            {"info_types": [{"name": info_type}, *({"name": e} for e in extra)],
             "min_likelihood": min_likelihood}
        )
    return {
        text[f.start:f.end] for f in _CACHE[key].inspect_text(text) if f.info_type == info_type
    }


def surrogate_in(text: str, value: str, info_type: str) -> str:
    """The surrogate the job's default operator writes for `value`, found as `info_type` in
    `text`."""
    from veil.detection.findings import Finding
    from veil.transform.anonymize import anonymize_conversation
    from veil.transform.operators import Operator, Operators
    from veil.transform.operators.config import SurrogateConfig

    operators = Operators(default=Operator(SurrogateConfig(), b"k" * 32))
    start = text.index(value)
    finding = Finding(0, start, start + len(value), info_type)
    _, replacements = anonymize_conversation("c", [text], [finding], operators)
    return replacements[0].text


@pytest.fixture
def engine_from():
    return make_engine
