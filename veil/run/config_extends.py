"""`extends:` in a job config: build on a bundled profile or another config, DLP's way.

```yaml
extends: call_transcripts        # a bundled profile's name, or a path (relative: to this file)
inspect_config:
  custom_info_types:             # added to the profile's custom types
    - info_type: {name: EMPLOYEE_ID}
      regex: {pattern: '\\bEMP-\\d{6}\\b'}
```

The merge is DLP's own for a job's config over its inspect template (protobuf merging): a
mapping given again is merged key by key, a list given again is appended to (infoTypes,
custom infoTypes, rule sets, transformations), and any other value given again replaces the
earlier one (`min_likelihood: LIKELY`, `detectors: {hf: null}`). One exception keeps the list
of infoTypes a set: an infoType named again replaces its earlier entry.

DLP's camelCase and snake_case spellings are one key here: `infoTypes` in a config extends
the profile's `info_types`.
"""
from __future__ import annotations

import os
import re
from typing import Any, Callable

from pydantic.alias_generators import to_camel

EXTENDS = "extends"

_CAMEL = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$")


def snake_case_keys(data: Any, known_aliases: dict[str, str]) -> Any:
    """`data` with every key that is the camelCase alias of a config field written in snake_case,
    so that both spellings of one field merge as one key. Other keys (infoType names in
    `risk.scores`, a model's labels in `label_map`) are left as they are."""
    if isinstance(data, dict):
        return {
            (known_aliases.get(key, key) if isinstance(key, str) and _CAMEL.match(key) else key):
                snake_case_keys(value, known_aliases)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [snake_case_keys(item, known_aliases) for item in data]
    return data


def merge_config_data(base: dict, override: dict) -> dict:
    """`override` merged over `base`: mappings key by key, lists appended (infoTypes as a set
    by name, the later entry kept), anything else replaced."""
    merged = dict(base)
    for key, value in override.items():
        earlier = merged.get(key)
        if isinstance(earlier, dict) and isinstance(value, dict):
            merged[key] = merge_config_data(earlier, value)
        elif isinstance(earlier, list) and isinstance(value, list):
            merged[key] = _info_types_union(earlier, value) if key == "info_types" else earlier + value
        else:
            merged[key] = value
    return merged


def _info_types_union(earlier: list, later: list) -> list:
    """The infoTypes of both lists, in order, one entry per name: a name given again replaces
    its earlier entry (a new `version`), where DLP would list it twice."""
    names = {item.get("name") for item in later if isinstance(item, dict)}
    kept = [item for item in earlier if not (isinstance(item, dict) and item.get("name") in names)]
    return kept + later


def extended_names(data: dict) -> list[str]:
    """What a config's `extends:` names: one location or a list of them, merged in order."""
    value = data.get(EXTENDS)
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    raise ValueError("extends: give a bundled profile's name or a path, or a list of them")


def resolve_extends(
    data: dict,
    source: str,
    read: Callable[[str, str], tuple[dict, str]],
    seen: tuple[str, ...] = (),
) -> tuple[dict, list[str]]:
    """`data` (read from `source`) merged over everything its `extends:` names, recursively:
    the merged data without `extends`, and the sources merged, base first.

    `read(location, source)` reads one config (a profile name, or a path relative to
    `source`'s folder) and returns its data and its own source name."""
    if source in seen:
        chain = " -> ".join((*seen, source))
        raise ValueError(f"extends: the configs extend each other in a circle: {chain}")
    merged: dict = {}
    sources: list[str] = []
    for location in extended_names(data):
        base_data, base_source = read(location, source)
        base, base_sources = resolve_extends(base_data, base_source, read, (*seen, source))
        merged = merge_config_data(merged, base)
        sources += [name for name in base_sources if name not in sources]
    own = {key: value for key, value in data.items() if key != EXTENDS}
    return merge_config_data(merged, own), [*sources, source]


def relative_to(location: str, source: str) -> str:
    """`location` as written in the config `source`: a relative path is taken from the folder
    that holds `source` (a local path or a URL); absolute paths and URLs stay as they are."""
    if "://" in location or location.startswith("/") or not source or "/" not in source.replace("\\", "/"):
        return location
    folder = source.replace("\\", "/").rsplit("/", 1)[0]
    return f"{folder}/{location}"


def dictionary_paths_from(data: dict, source: str) -> dict:
    """`data` (one config file, snake_case keys) with each relative dictionary file path
    (`cloud_storage_path: {path: ...}`), and a fitted table's (`risk.calibration`), taken from
    the folder that holds `source`, as users expect, not from the working directory (`relative_to`, as `extends:` paths are). A local
    source is made absolute first, so the path means the same wherever the job's workers run."""
    if "://" not in source and ("/" in source.replace("\\", "/") or os.path.exists(source)):
        source = os.path.abspath(source)

    def resolve(node):
        if isinstance(node, list):
            return [resolve(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {key: resolve(value) for key, value in node.items()}
        where = out.get("cloud_storage_path")
        path = where.get("path") if isinstance(where, dict) else None
        if isinstance(path, str):
            out["cloud_storage_path"] = {**where, "path": relative_to(path, source)}
        return out

    data = resolve(data)
    risk = data.get("risk")
    calibration = risk.get("calibration") if isinstance(risk, dict) else None
    if isinstance(calibration, str):  # a fitted table's path (veil.risk.table), as users expect
        data["risk"] = {**risk, "calibration": relative_to(calibration, source)}
    elif isinstance(calibration, dict) and isinstance(calibration.get("table"), str):
        data["risk"] = {**risk, "calibration": {**calibration,
                                                "table": relative_to(calibration["table"], source)}}
    return data


def camel_aliases(models: list[type]) -> dict[str, str]:
    """{camelCase alias: field name} for the fields of these pydantic models."""
    aliases: dict[str, str] = {}
    for model in models:
        for name in getattr(model, "model_fields", {}):
            alias = to_camel(name)
            if alias != name:
                aliases[alias] = name
    return aliases
