"""Google Cloud DLP's `InspectConfig`, as a validated schema.

Field names follow DLP's protos. Both spellings DLP's JSON accepts work: `custom_info_types`
and `customInfoTypes`. An unknown key or a bad value is an error that names its path, so a
user's existing inspect template either runs unchanged or says exactly what to fix.
"""
from __future__ import annotations

import enum
import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, field_validator, model_validator

from veil.detection.engine.user_regex import group_count
from veil.detection.findings import Likelihood
from veil.run.schema import DlpModel


def _likelihood(value: Any) -> Likelihood:
    try:
        return Likelihood.parse(value)
    except (KeyError, ValueError, AttributeError):
        names = ", ".join(m.name for m in Likelihood if m)
        raise ValueError(f"unknown likelihood {value!r}; use one of {names}") from None


LikelihoodField = Annotated[Likelihood, BeforeValidator(_likelihood)]


def _unspecified_as(default: Likelihood):
    """DLP reads LIKELIHOOD_UNSPECIFIED (0) in a threshold or a custom type's likelihood as
    the field's default: POSSIBLE for `min_likelihood`, VERY_LIKELY for a custom type."""
    def parse(value: Any) -> Likelihood:
        likelihood = _likelihood(value)
        return default if likelihood == Likelihood.LIKELIHOOD_UNSPECIFIED else likelihood

    return BeforeValidator(parse)


MinLikelihoodField = Annotated[Likelihood, _unspecified_as(Likelihood.POSSIBLE)]
CustomLikelihoodField = Annotated[Likelihood, _unspecified_as(Likelihood.VERY_LIKELY)]


class InfoType(DlpModel):
    # DLP's built-in names may hold "/" and "&" (DOCUMENT_TYPE/R&D/SOURCE_CODE); custom
    # names may not (`CustomInfoType`).
    name: str = Field(pattern=r"^[A-Za-z0-9$_/&-]{1,64}$")
    version: str | None = None
    sensitivity_score: dict[str, Any] | None = None


class WordList(DlpModel):
    words: list[str] = Field(min_length=1)


class CloudStoragePath(DlpModel):
    path: str = Field(min_length=1)


class Dictionary(DlpModel):
    """A word list inline, or a file (one term per line) at any fsspec path (`cloud_storage_path`)."""

    word_list: WordList | None = None
    cloud_storage_path: CloudStoragePath | None = None

    one_of = ("word_list", "cloud_storage_path")


class Regex(DlpModel):
    pattern: str = Field(min_length=1)
    group_indexes: list[Annotated[int, Field(ge=0)]] = Field(default_factory=list)

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str) -> str:
        group_count(pattern)  # raises ValueError saying why neither RE2 nor `re` takes it
        return pattern

    @model_validator(mode="after")
    def _groups_exist(self):
        groups = group_count(self.pattern)
        for index in self.group_indexes:
            if index > groups:
                raise ValueError(f"group index {index} but the pattern has {groups} groups")
        return self


class Proximity(DlpModel):
    window_before: int = Field(default=0, ge=0)
    window_after: int = Field(default=0, ge=0)


class LikelihoodAdjustment(DlpModel):
    fixed_likelihood: LikelihoodField | None = None
    relative_likelihood: int | None = None

    one_of = ("fixed_likelihood", "relative_likelihood")


class HotwordRule(DlpModel):
    hotword_regex: Regex
    proximity: Proximity = Proximity()
    likelihood_adjustment: LikelihoodAdjustment


class DetectionRule(DlpModel):
    hotword_rule: HotwordRule


class ExclusionType(str, enum.Enum):
    EXCLUSION_TYPE_UNSPECIFIED = "EXCLUSION_TYPE_UNSPECIFIED"
    EXCLUSION_TYPE_EXCLUDE = "EXCLUSION_TYPE_EXCLUDE"


class CustomInfoType(DlpModel):
    info_type: InfoType
    likelihood: CustomLikelihoodField = Likelihood.VERY_LIKELY
    dictionary: Dictionary | None = None
    regex: Regex | None = None
    detection_rules: list[DetectionRule] = Field(default_factory=list)
    exclusion_type: ExclusionType = ExclusionType.EXCLUSION_TYPE_UNSPECIFIED
    sensitivity_score: dict[str, Any] | None = None

    one_of = ("dictionary", "regex")

    @model_validator(mode="before")
    @classmethod
    def _no_stored_type(cls, data: Any) -> Any:
        if isinstance(data, dict) and ("stored_type" in data or "storedType" in data):
            raise ValueError(
                "stored_type: a stored infoType is a dictionary kept inside Google Cloud DLP "
                "(a StoredInfoType resource), which Veil cannot read. Export its words to a "
                "file, one term per line, and give it as dictionary: {cloud_storage_path: "
                "{path: ...}} (any fsspec path: gs://, s3://, a local file), or list them "
                "under dictionary: {word_list: {words: [...]}}"
            )
        return data

    @field_validator("info_type")
    @classmethod
    def _custom_name(cls, info_type: InfoType) -> InfoType:
        if not re.fullmatch(r"[A-Za-z0-9$_-]{1,64}", info_type.name):
            raise ValueError(f"a custom infoType name is letters, digits, $, _ and - only "
                             f"(as in DLP), not {info_type.name!r}")
        return info_type


def _matching_type(value: Any) -> str:
    """DLP's names (`MATCHING_TYPE_FULL_MATCH`) and the short ones (`FULL`) both work."""
    short = {"FULL": "FULL_MATCH", "PARTIAL": "PARTIAL_MATCH", "INVERSE": "INVERSE_MATCH"}
    text = str(value).strip().upper()
    text = text.removeprefix("MATCHING_TYPE_")
    text = short.get(text, text)
    if text not in short.values():
        raise ValueError(f"unknown matching_type {value!r}; use FULL, PARTIAL or INVERSE")
    return "MATCHING_TYPE_" + text


class ExcludeInfoTypes(DlpModel):
    info_types: list[InfoType] = Field(min_length=1)


class ExcludeByHotword(DlpModel):
    hotword_regex: Regex
    proximity: Proximity = Proximity()


class ExclusionRule(DlpModel):
    dictionary: Dictionary | None = None
    regex: Regex | None = None
    exclude_info_types: ExcludeInfoTypes | None = None
    exclude_by_hotword: ExcludeByHotword | None = None
    matching_type: Annotated[str, BeforeValidator(_matching_type)]

    one_of = ("dictionary", "regex", "exclude_info_types", "exclude_by_hotword")


class InspectionRule(DlpModel):
    hotword_rule: HotwordRule | None = None
    exclusion_rule: ExclusionRule | None = None

    one_of = ("hotword_rule", "exclusion_rule")


class InspectionRuleSet(DlpModel):
    info_types: list[InfoType] = Field(min_length=1)
    rules: list[InspectionRule] = Field(min_length=1)


class InfoTypeLikelihood(DlpModel):
    info_type: InfoType
    min_likelihood: LikelihoodField


class FindingLimits(DlpModel):
    max_findings_per_item: int = Field(default=0, ge=0)
    max_findings_per_request: int = Field(default=0, ge=0)
    max_findings_per_info_type: list[dict[str, Any]] = Field(default_factory=list)


class InspectConfig(DlpModel):
    info_types: list[InfoType] = Field(default_factory=list)
    min_likelihood: MinLikelihoodField = Likelihood.POSSIBLE
    min_likelihood_per_info_type: list[InfoTypeLikelihood] = Field(default_factory=list)
    limits: FindingLimits | None = None
    include_quote: bool = False
    exclude_info_types: bool = False
    custom_info_types: list[CustomInfoType] = Field(default_factory=list)
    content_options: list[str] = Field(default_factory=list)
    rule_set: list[InspectionRuleSet] = Field(default_factory=list)
