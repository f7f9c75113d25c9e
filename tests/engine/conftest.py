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


@pytest.fixture
def engine_from():
    return make_engine
