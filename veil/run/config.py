"""Veil's job config: one YAML or JSON file, validated before any data is read.

```yaml
inspect_config:          # Google Cloud DLP's InspectConfig, unchanged
  info_types: [{name: EMAIL_ADDRESS}]
detection:               # how detectors see the text
  window_chars: 4000
  window_overlap_chars: 256
  record_deadline_s: 60    # CPU seconds of detection per record, then errors/ (0: none)
```

`--config` takes a path (local or any fsspec URL) or the name of a bundled profile
(`call_transcripts`, `minimal`, `auditor`; `call_questions`, which the first and the auditor
extend): the YAML files in `veil/profiles/`, shipped inside the package so that a `configs/`
folder wherever the job runs cannot stand in for them.

A config may build on another with `extends:` (veil.run.config_extends). A config whose chain
sets no `detectors:` runs the default profile's detectors (the rules and the NER model), not
the rules alone: a config written for its infoTypes should not lose the names the model finds.
"""
from __future__ import annotations

import difflib
import json
import typing
from importlib import resources
from typing import Any

import fsspec
import yaml
from pydantic import BaseModel, Field, PrivateAttr, ValidationError, model_validator

from veil.run.config_extends import (
    EXTENDS, camel_aliases, dictionary_paths_from, relative_to, resolve_extends, snake_case_keys,
)
from veil.detection.detector_config import DetectorSettings
from veil.detection.engine.conversation import PreviousTurnHotword
from veil.detection.engine.dictionary_files import inline_dictionary_files
from veil.detection.engine.inspect_config import InspectConfig
from veil.run.schema import DlpModel
from veil.run.errors import ConfigError
from veil.io.fields import RecordSettings
from veil.transform.operators.config import DeidentifyConfig
from veil.transform.operators.keys import key_source, with_kms_keys_mapped
from veil.risk.table import RiskSettings


class DetectionSettings(DlpModel):
    window_chars: int = Field(default=4000, ge=64)
    window_overlap_chars: int = Field(default=256, ge=0)
    # CPU seconds the rules may spend on one record; past it the record goes to errors/
    # (fail closed) rather than stalling its worker (see veil.detection.deadline). 0: no limit.
    record_deadline_s: float = Field(default=60.0, ge=0)
    # Veil's extension to DLP: hotwords in the previous turn (see veil.detection.engine.conversation).
    previous_turn_hotwords: list[PreviousTurnHotword] = Field(default_factory=list)

    @model_validator(mode="after")
    def _overlap_fits(self):
        if self.window_overlap_chars * 2 > self.window_chars:
            raise ValueError("window_overlap_chars must be at most half of window_chars")
        return self


class VeilConfig(DlpModel):
    inspect_config: InspectConfig = InspectConfig()
    detection: DetectionSettings = DetectionSettings()
    # Which detectors run: rules, a Hugging Face model, a spaCy pipeline (see veil.detection.detector_config).
    detectors: DetectorSettings = DetectorSettings()
    # DLP's DeidentifyConfig: the operator per infoType (see veil.transform.operators).
    deidentify_config: DeidentifyConfig = DeidentifyConfig()
    # The residual-risk table, threshold and review sample (see veil.risk).
    risk: RiskSettings = RiskSettings()
    # Speaker labels, ids and the sample checked at start (see veil.io.fields, veil.detection.speakers).
    record: RecordSettings = RecordSettings()
    # A DLP template's kms_wrapped keys, by crypto_key_name: where the unwrapped key is
    # instead ("file:PATH" or "env:VARIABLE"), so the template runs unchanged without Cloud
    # KMS (see veil.transform.operators.keys.with_kms_keys_mapped). --crypto_key_map adds to it.
    crypto_key_map: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _kms_keys_mapped(cls, data: Any) -> Any:
        if isinstance(data, dict):
            mapping = data.get("crypto_key_map") or data.get("cryptoKeyMap") or {}
            if not isinstance(mapping, dict):
                raise ValueError("crypto_key_map: a mapping of crypto_key_name to file:PATH or "
                                 "env:VARIABLE")
            if mapping:
                for name, source in mapping.items():
                    key_source(source, f"crypto_key_map[{name!r}]")
                data = with_kms_keys_mapped(data, mapping)
        return data

    # Where `detectors` came from when the config file did not set them itself (load_config).
    _detectors_from: str | None = PrivateAttr(default=None)

    @property
    def detectors_from(self) -> str | None:
        """None when the config sets its detectors; else the config or profile they came from."""
        return self._detectors_from

    def __eq__(self, other: object) -> bool:
        """Configs that run the same are equal, wherever their detectors came from."""
        if not isinstance(other, VeilConfig):
            return NotImplemented
        return self.__dict__ == other.__dict__


DEFAULT_PROFILE = "call_transcripts"


def format_validation_error(error: ValidationError, root: type[BaseModel] | None = None) -> str:
    """Pydantic's error locations as paths a user can find: `custom_info_types[2].regex`; an
    unknown key of `root` (VeilConfig by default) with the nearest known key at its place."""
    root = root or VeilConfig
    lines = []
    for item in error.errors():
        path = ""
        for part in item["loc"]:
            if isinstance(part, int):
                path += f"[{part}]"
            elif str(part).startswith("function-after") or str(part).startswith("function-"):
                continue
            else:
                path += ("." if path else "") + str(part)
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "unknown key (check its spelling; DLP's own sections use DLP's field names)"
            nearest = nearest_key(root, item["loc"])
            if nearest:
                message += f"; did you mean {nearest}?"
        lines.append(f"{path or '<config>'}: {message}")
    return "\n".join(lines)


def _models_in(annotation: Any) -> list[Any]:
    """The types an annotation may hold, Optional, Union and Annotated unwrapped."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _models_in(typing.get_args(annotation)[0])
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        return [t for arg in typing.get_args(annotation) for t in _models_in(arg) if t is not type(None)]
    return [annotation]


def keys_at(root: type[BaseModel], loc: tuple) -> list[str]:
    """The keys a config may hold at `loc` (a pydantic error location, the key itself left
    out): the fields of the model there, in both spellings."""
    types: list[Any] = [root]
    for part in loc:
        if isinstance(part, str) and part.startswith("function-"):
            continue
        following: list[Any] = []
        for annotation in types:
            origin, args = typing.get_origin(annotation), typing.get_args(annotation)
            if isinstance(part, int) and origin in (list, tuple) and args:
                following += _models_in(args[0])
            elif isinstance(part, str) and isinstance(annotation, type) and issubclass(annotation, BaseModel):
                for name, info in annotation.model_fields.items():
                    if part in (name, info.alias):
                        following += _models_in(info.annotation)
            elif isinstance(part, str) and origin is dict and len(args) == 2:
                following += _models_in(args[1])
        types = following
    keys: list[str] = []
    for annotation in types:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            for name, info in annotation.model_fields.items():
                keys += [name] + ([info.alias] if info.alias and info.alias != name else [])
    return keys


def nearest_key(root: type[BaseModel], loc: tuple) -> str | None:
    """The known key nearest an unknown one (difflib, as flags get), or None."""
    if not loc or not isinstance(loc[-1], str):
        return None
    keys = keys_at(root, tuple(loc[:-1]))
    if root is VeilConfig and len(loc) == 1:
        keys.append(EXTENDS)
    nearest = difflib.get_close_matches(loc[-1], keys, n=1, cutoff=0.6)
    return nearest[0] if nearest else None


def parse_config(data: Any, source: str = "<config>",
                 crypto_key_map: dict[str, str] | None = None) -> VeilConfig:
    """The validated config. `crypto_key_map` (from --crypto_key_map) adds to, and overrides,
    the config's own `crypto_key_map`."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the config must be a mapping, got {type(data).__name__}")
    if crypto_key_map:
        data = {**data, "crypto_key_map": {**(data.get("crypto_key_map") or {}), **crypto_key_map}}
    try:
        return VeilConfig.model_validate(data)
    except ValidationError as error:
        raise ConfigError(f"{source}: invalid config\n{format_validation_error(error)}") from None


def _profiles():
    return resources.files("veil") / "profiles"


def bundled_profiles() -> list[str]:
    return sorted(
        entry.name.removesuffix(".yaml")
        for entry in _profiles().iterdir()
        if entry.name.endswith(".yaml")
    )


def read_config_text(location: str, storage=None, what: str = "--config") -> tuple[str, str]:
    """The config's text and a name for messages; `location` is a profile name or a path.

    `storage` (a `veil.io.storage.Storage`) carries the job's object-store settings, so a config
    on `s3://` is read with the same endpoint and credentials as the data."""
    if location in bundled_profiles():
        resource = _profiles() / f"{location}.yaml"
        return resource.read_text(encoding="utf-8"), f"veil/profiles/{location}.yaml"
    try:
        options = storage.options_for(location) if storage is not None else {}
        with fsspec.open(location, "rt", encoding="utf-8", **options) as handle:
            return handle.read(), location
    except FileNotFoundError:
        profiles = ", ".join(bundled_profiles())
        raise ConfigError(
            f"{what} {location!r}: no such file, and not a bundled profile ({profiles})"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{what} {location!r}: cannot read it: {error}") from None


# libyaml's safe loader where PyYAML was built with it: the same documents, read about ten times
# faster than in pure Python (the call-transcript profile took a twentieth of a CPU second a read,
# and a job reads its config more than once).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_mapping(location: str, storage=None, what: str = "--config") -> tuple[dict, str]:
    text, source = read_config_text(location, storage, what)
    try:
        data = json.loads(text) if source.endswith(".json") else yaml.load(text, Loader=_SAFE_LOADER)
    except (ValueError, yaml.YAMLError) as error:
        raise ConfigError(f"{source}: not valid YAML or JSON: {error}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the config must be a mapping, got {type(data).__name__}")
    return dictionary_paths_from(snake_case_keys(data, _config_aliases()), source), source


def _config_aliases() -> dict[str, str]:
    """Every config model's camelCase field names."""
    models, todo = [], [VeilConfig]
    while todo:
        model = todo.pop()
        if model not in models:
            models.append(model)
            todo += model.__subclasses__()
            for info in model.model_fields.values():
                todo += [t for t in _models_in(info.annotation)
                         if isinstance(t, type) and issubclass(t, BaseModel)]
                for arg in typing.get_args(info.annotation):
                    todo += [t for t in _models_in(arg) if isinstance(t, type) and issubclass(t, BaseModel)]
    return camel_aliases(models)


class ConfigData(typing.NamedTuple):
    """A config file with everything it extends merged in, before validation."""

    data: dict
    sources: list[str]  # the files merged, base first
    detectors_from: str | None  # None: the config sets its detectors


def read_config_data(location: str, storage=None) -> ConfigData:
    """The config at `location` with its `extends:` chain merged (veil.run.config_extends), and the
    default profile's detectors when no config of the chain sets any."""
    data, source = _read_mapping(location, storage)

    setting_detectors = []

    def read_extended(name: str, extending: str) -> tuple[dict, str]:
        where = f"{extending}: extends"
        location = name if name in bundled_profiles() else relative_to(name, extending)
        base, base_source = _read_mapping(location, storage, where)
        if "detectors" in base:
            setting_detectors.append(base_source)
        return base, base_source

    try:
        merged, sources = resolve_extends(data, source, read_extended)
    except ValueError as error:
        raise ConfigError(f"{source}: {error}") from None
    detectors_from = None
    if "detectors" not in data:
        if "detectors" in merged:  # from what it extends
            detectors_from = ", ".join(s for s in sources if s in setting_detectors)
        elif location != DEFAULT_PROFILE:
            default, _ = _read_mapping(DEFAULT_PROFILE)
            merged["detectors"] = default["detectors"]
            detectors_from = f"veil/profiles/{DEFAULT_PROFILE}.yaml (the default profile)"
    return ConfigData(merged, sources, detectors_from)


def load_config(location: str, storage=None,
                crypto_key_map: dict[str, str] | None = None) -> VeilConfig:
    """The validated config at `location` (a bundled profile's name, or a path or URL)."""
    found = read_config_data(location, storage)
    config = parse_config(found.data, found.sources[-1], crypto_key_map)
    config._detectors_from = found.detectors_from
    return config


def with_dictionary_files_read(config: VeilConfig, storage=None) -> tuple[VeilConfig, dict[str, str]]:
    """The config with its dictionary files read now and carried as terms, so that every
    worker applies the list the launch read (see `veil.detection.engine.dictionary_files`), and
    {file: "sha256:<hex>"} of the files read."""
    inspect_config, files = inline_dictionary_files(config.inspect_config, storage)
    return config.model_copy(update={"inspect_config": inspect_config}), files
