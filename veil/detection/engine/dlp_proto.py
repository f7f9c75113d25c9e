"""Converting Veil's `InspectConfig` to and from `google.cloud.dlp_v2.InspectConfig` protos.

The same config then runs on Google Cloud DLP (`--detector google-dlp`) for comparison.
`google-cloud-dlp` is imported only here, and only when a conversion is asked for, so the
engine itself runs without it. Built-in infoTypes are passed by name: DLP's own detectors run
on the service. Veil's own extensions (`detection.previous_turn_hotwords`) have no DLP
equivalent and are not part of `InspectConfig`.

Differences to know when sending the result to the service: DLP reads custom dictionaries
only from `gs://` paths, and DLP may refuse a custom infoType named like a built-in (Veil
adds it to the built-in's findings).
"""
from __future__ import annotations

from typing import Any

from veil.detection.engine.inspect_config import InspectConfig
from veil.run.errors import ConfigError

_UNSET = {"LIKELIHOOD_UNSPECIFIED", "MATCHING_TYPE_UNSPECIFIED", "EXCLUSION_TYPE_UNSPECIFIED"}


def _dlp():
    try:
        from google.cloud import dlp_v2
    except ImportError:  # pragma: no cover - depends on the environment
        raise ConfigError(
            "converting to DLP protos needs google-cloud-dlp: pip install google-cloud-dlp"
        ) from None
    return dlp_v2


def _plain(value: Any) -> Any:
    """A pydantic dump with enums by name, as DLP's JSON and proto-plus expect."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "name") and hasattr(value, "value") and not isinstance(value, str):
        return value.name  # IntEnum (Likelihood)
    if hasattr(value, "value") and isinstance(value, str):
        return value.value  # str Enum (ExclusionType)
    return value


def to_dlp_proto(config: InspectConfig):
    """`config` as a `google.cloud.dlp_v2.InspectConfig`."""
    dlp_v2 = _dlp()
    data = _plain(config.model_dump(mode="python", exclude_none=True))
    return dlp_v2.InspectConfig(data)


def _clean(value: Any) -> Any:
    """Drop proto3 defaults (empty strings and lists, unspecified enums) before validation."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            item = _clean(item)
            if item in ("", [], {}, None) or (isinstance(item, str) and item in _UNSET):
                continue
            out[key] = item
        return out
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def from_dlp_proto(proto) -> InspectConfig:
    """A `google.cloud.dlp_v2.InspectConfig` (or its dict) as Veil's validated `InspectConfig`."""
    dlp_v2 = _dlp()
    if isinstance(proto, dict):
        proto = dlp_v2.InspectConfig(proto)
    data = dlp_v2.InspectConfig.to_dict(
        proto, use_integers_for_enums=False, preserving_proto_field_name=True
    )
    data = _clean(data)
    # Proto3 cannot tell an unset int from 0: keep only the likelihood adjustment that is set.
    for rule_set in data.get("rule_set", []):
        for rule in rule_set.get("rules", []):
            _fix_adjustment(rule.get("hotword_rule"))
    for custom in data.get("custom_info_types", []):
        for rule in custom.get("detection_rules", []):
            _fix_adjustment(rule.get("hotword_rule"))
    return InspectConfig.model_validate(data)


def _fix_adjustment(hotword_rule: dict | None) -> None:
    if not hotword_rule:
        return
    adjustment = hotword_rule.setdefault("likelihood_adjustment", {})
    if "fixed_likelihood" in adjustment:
        adjustment.pop("relative_likelihood", None)
    elif "relative_likelihood" not in adjustment:
        adjustment["relative_likelihood"] = 0
