"""The base of every DLP-shaped configuration schema (inspect, de-identify, record, detectors).

Field names follow DLP's protos and both spellings DLP's JSON accepts work (`info_types` and
`infoTypes`); an unknown key is an error; a DLP `oneof` group is checked.
"""
from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic.alias_generators import to_camel


class DlpModel(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        frozen=True,
    )

    # A DLP `oneof` group: exactly one of these fields must be given.
    one_of: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="after")
    def _exactly_one_of(self):
        names = self.one_of
        if names and sum(getattr(self, name) is not None for name in names) != 1:
            raise ValueError(f"give exactly one of {', '.join(names[:-1])} or {names[-1]}")
        return self
