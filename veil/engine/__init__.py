"""The DLP-compatible infoType engine."""
from veil.engine.engine import InfoTypeEngine
from veil.engine.inspect_config import InspectConfig

__all__ = ["InfoTypeEngine", "InspectConfig"]
