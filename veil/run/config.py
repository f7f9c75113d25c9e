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
(`call_transcripts`, `minimal`, `auditor`): the YAML files in `veil/profiles/`, shipped inside
the package so that a `configs/` folder wherever the job runs cannot stand in for them.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

import fsspec
import yaml
from pydantic import Field, ValidationError, model_validator

from veil.detection.detector_config import DetectorSettings
from veil.detection.engine.conversation import PreviousTurnHotword
from veil.detection.engine.dictionary_files import inline_dictionary_files
from veil.detection.engine.inspect_config import InspectConfig
from veil.run.schema import DlpModel
from veil.run.errors import ConfigError
from veil.io.fields import RecordSettings
from veil.transform.operators.config import DeidentifyConfig
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


def format_validation_error(error: ValidationError) -> str:
    """Pydantic's error locations as paths a user can find: `custom_info_types[2].regex`."""
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
        lines.append(f"{path or '<config>'}: {message}")
    return "\n".join(lines)


def parse_config(data: Any, source: str = "<config>") -> VeilConfig:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the config must be a mapping, got {type(data).__name__}")
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


def read_config_text(location: str, storage=None) -> tuple[str, str]:
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
            f"--config {location!r}: no such file, and not a bundled profile ({profiles})"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"--config {location!r}: cannot read it: {error}") from None


def load_config(location: str, storage=None) -> VeilConfig:
    text, source = read_config_text(location, storage)
    try:
        data = json.loads(text) if source.endswith(".json") else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as error:
        raise ConfigError(f"{source}: not valid YAML or JSON: {error}") from None
    return parse_config(data, source)


def with_dictionary_files_read(config: VeilConfig, storage=None) -> tuple[VeilConfig, dict[str, str]]:
    """The config with its dictionary files read now and carried as terms, so that every
    worker applies the list the launch read (see `veil.detection.engine.dictionary_files`), and
    {file: "sha256:<hex>"} of the files read."""
    inspect_config, files = inline_dictionary_files(config.inspect_config, storage)
    return config.model_copy(update={"inspect_config": inspect_config}), files
