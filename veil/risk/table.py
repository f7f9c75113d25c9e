"""The risk table: how much each kind of residual personal information (PI) is worth.

The defaults are the call-transcript paper's Table 6 (Appendix A), agreed there with privacy
counsel, and live in each infoType's catalogue entry (`veil.detection.infotypes`). They are
configuration, not code: a job config's `risk:` section overrides them,

```yaml
risk:
  threshold: 5                      # the corpus passes when mean + std < threshold
  scores: {EMAIL_ADDRESS: 3}        # merged over the defaults
  rounding: {EMAIL_ADDRESS: down}   # how a PARTIAL item's halved score is rounded
  direct_identifiers: [...]         # replaces the default list
  aliases: {EMAIL: EMAIL_ADDRESS}   # merged over the defaults
```

and `RiskTable.from_config(...)` turns that section into the table the scorer uses.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from veil.run.errors import ConfigError
from veil.detection.infotypes.builtin import BUILTINS
from veil.risk.estimate import FittedTable, load_fitted_table

SPEAKER_SUFFIX = "_SPEAKER"

# The defaults are the catalogue's (`veil.detection.infotypes`): each entry carries its Table 6 score,
# whether it is a direct identifier, its aliases and its rounding. `_SPEAKER` rows are
# organisations and products tied to a speaker ("calling from X"); the same names not tied to
# anyone score 0.
DEFAULT_SCORES: Mapping[str, int] = MappingProxyType(BUILTINS.risk_scores())

# Section 4.2: a partial name rounds up (ceil(5/2) = 3), everything else rounds down.
DEFAULT_ROUND_UP = BUILTINS.partial_rounding_up()

# Section 4.2 after Elliot et al. (2020): variables "explicitly or commonly used for the purpose
# of identification": name, address, phone number, bank account, card, passport, SSN/SIN.
# These feed the "conversations still holding a direct identifier" figure.
DEFAULT_DIRECT_IDENTIFIERS = BUILTINS.direct_identifiers()

# Names people and the paper use for the same types: the short tags of Table 6 and of the
# worked example (MISSED_EMAIL, MISSED_ORG_NAME_SPEAKER, ...) and DLP's name subtypes.
DEFAULT_ALIASES: Mapping[str, str] = MappingProxyType(BUILTINS.aliases())

# Section 4.2: "we consider both first names and last names as PARTIAL" (of PERSON_NAME).
DEFAULT_PARTIAL_ALIASES: Mapping[str, str] = MappingProxyType(BUILTINS.partial_aliases())

_TYPE_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")


@dataclass(frozen=True)
class TypeRef:
    """An infoType as the scorer sees it: base type, plus what its name implied."""

    info_type: str
    speaker: bool = False
    partial: bool = False


@dataclass(frozen=True)
class RiskTable:
    """Scores, roundings, direct identifiers and aliases. Immutable and picklable."""

    scores: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_SCORES))
    round_up: frozenset = DEFAULT_ROUND_UP
    direct_identifiers: frozenset = DEFAULT_DIRECT_IDENTIFIERS
    aliases: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ALIASES))
    partial_aliases: Mapping[str, str] = field(
        default_factory=lambda: dict(DEFAULT_PARTIAL_ALIASES))
    threshold: float = 5.0
    unknown_score: int = 0
    # resolve()'s answers, memoised: a corpus names few types, and resolving costs a regex.
    _resolved: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def from_config(cls, data: Mapping[str, Any] | None, source: str = "risk") -> "RiskTable":
        """The table for a config's `risk:` section (a plain dict); errors name the key."""
        settings = parse_risk_settings(data, source)
        return settings.table()

    def resolve(self, name: str) -> TypeRef:
        """`ORG_NAME_SPEAKER` -> (ORGANIZATION_NAME, speaker); `FIRST_NAME` -> partial name."""
        ref = self._resolved.get(name)
        if ref is None:
            ref = self._resolve(name)
            if len(self._resolved) < 4096:
                self._resolved[name] = ref
        return ref

    def _resolve(self, name: str) -> TypeRef:
        name = re.sub(r"[\s-]+", "_", name.strip().upper())
        speaker = False
        if name.endswith(SPEAKER_SUFFIX) and name not in self.aliases:
            name, speaker = name[: -len(SPEAKER_SUFFIX)], True
        if name in self.partial_aliases:
            return TypeRef(self.partial_aliases[name], speaker, partial=True)
        return TypeRef(self.aliases.get(name, name), speaker)

    def base_score(self, info_type: str, speaker: bool = False) -> int:
        """The full score; the `_SPEAKER` row wins when the item is tied to a speaker."""
        if speaker and info_type + SPEAKER_SUFFIX in self.scores:
            return self.scores[info_type + SPEAKER_SUFFIX]
        return self.scores.get(info_type, self.unknown_score)

    def score(self, info_type: str, partial: bool = False, speaker: bool = False) -> int:
        """Section 4.2: a PARTIAL item scores half, rounded per type (up for names)."""
        full = self.base_score(info_type, speaker)
        if not partial:
            return full
        rounding = math.ceil if info_type in self.round_up else math.floor
        return int(rounding(full / 2))

    def is_known(self, info_type: str) -> bool:
        return info_type in self.scores or info_type + SPEAKER_SUFFIX in self.scores

    def is_direct(self, info_type: str) -> bool:
        return info_type in self.direct_identifiers

    def describe(self) -> dict[str, Any]:
        """The table as used, for `summary.json`: a reader can check every score."""
        return {
            "threshold": self.threshold,
            "scores": dict(sorted(self.scores.items())),
            "round_up": sorted(self.round_up),
            "direct_identifiers": sorted(self.direct_identifiers),
        }


DEFAULT_TABLE = RiskTable()


class AuditorCalibration(BaseModel):
    """The auditor's error, measured on labelled data: where its estimate of mean + std is A,
    the gold-based figure lay in [A * low, A * high] at `level`. `weighted` (default): A is the
    calibrated estimate (veil.risk.estimate: hits weighed by their fitted chance of being real
    personal information, divided by the auditor's fitted recall); false: A is the raw count of
    the auditor's hits, and low/high must have been measured for that."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    low: float = Field(default=0.0, ge=0)
    high: float = Field(default=1.0, gt=0)
    level: float = Field(default=0.95, gt=0, lt=1)
    weighted: bool = True
    # What decides PASS or FAIL: `estimate` (the best estimate of mean + std; a corpus whose
    # interval holds the threshold is marked borderline) or `upper` (the interval's upper end:
    # a stricter threshold, by the interval's width). veil.risk.verdict.interval_verdict.
    verdict_on: Literal["estimate", "upper"] = "estimate"
    # What it was measured on, for the report (a short line; docs/risk-auditor.md has the table).
    measured_on: str = ""
    # A table fitted on labelled data (`veil calibrate`): where it was read from, and what the
    # estimate needs of it (item model, precision, recall), read with the config so that
    # workers need no copy of the file. Empty: the table shipped with the package.
    table: str = ""
    fitted: dict[str, Any] | None = None
    # The package's table fitted on the output of a job without a model alone (set by
    # `calibration_for_job`, not by hand): such a job leaves more names, and the auditor's hits
    # in its output are real more often.
    rules_only: bool = False

    def fitted_table(self) -> FittedTable:
        """The table that weighs the auditor's items: this calibration's own, or the package's."""
        return FittedTable.from_dict(self.fitted) if self.fitted else load_fitted_table(rules_only=self.rules_only)


# What the estimate reads of a fitted table; the rest (counts, cells) stays in the file.
_TABLE_KEYS = ("fitted_on", "interval", "precision", "type_precision", "recall", "item_model", "scale")


def calibration_from_table(location: str) -> dict[str, Any]:
    """`risk.calibration` settings from a fitted table file (a path or fsspec URL): its interval,
    what it was fitted on, and the figures the estimate weighs items by. ValueError when it
    cannot be read or is not a fitted table."""
    import fsspec

    try:
        with fsspec.open(location, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
        table = FittedTable.from_dict(data)
    except (OSError, ValueError) as error:
        raise ValueError(f"{location}: cannot read a fitted table: {error}") from None
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{location}: not a fitted table (veil calibrate writes one): "
                         f"missing or bad {error}") from None
    return {"low": table.low, "high": table.high, "level": table.level,
            "measured_on": table.fitted_on, "table": location,
            "fitted": {key: data[key] for key in _TABLE_KEYS if key in data}}


def _fitted_calibration() -> AuditorCalibration:
    """The interval of the fitted table shipped with the package (veil/risk/auditor_calibration.json,
    made by scripts/fit_auditor_calibration.py on real annotated dev sets)."""
    fitted = load_fitted_table()
    return AuditorCalibration(low=fitted.low, high=fitted.high, level=fitted.level,
                              measured_on=fitted.fitted_on)


DEFAULT_CALIBRATION = _fitted_calibration()


def calibration_for_job(calibration: AuditorCalibration | None, model_ran: bool) -> AuditorCalibration | None:
    """The calibration a job's auditor uses: for a job that ran no model, the package's table
    fitted on rules-only output, in place of the package's default (keeping `verdict_on`);
    anything else as it is (a table of the user's own, an interval set by hand, none)."""
    if model_ran or calibration is None or calibration.fitted or calibration.table or not calibration.weighted:
        return calibration
    bundled = (DEFAULT_CALIBRATION.low, DEFAULT_CALIBRATION.high, DEFAULT_CALIBRATION.level,
               DEFAULT_CALIBRATION.measured_on)
    if (calibration.low, calibration.high, calibration.level, calibration.measured_on) != bundled:
        return calibration
    own = load_fitted_table(rules_only=True)
    return calibration.model_copy(update={"low": own.low, "high": own.high, "level": own.level,
                                          "measured_on": own.fitted_on, "rules_only": True})


DEFAULT_AUDIT_SAMPLE = 1000


def audit_sample_size(value: Any) -> int | None:
    """`risk.audit_sample` (or `--audit_sample`) as a size: a whole number of 1 or more, or
    None for `all` / null (audit every conversation). Anything else raises ValueError."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("all", "null", "none")):
        return None
    if isinstance(value, str) and value.strip().lstrip("+").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number of conversations (1 or more) or `all`, got {value!r}")
    if value < 1:
        raise ValueError(f"must be 1 or more (or `all` to audit every conversation), got {value}")
    return value


class RiskSettings(BaseModel):
    """The `risk:` section of a job config. Unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    threshold: float = Field(default=5.0, gt=0)
    scores: dict[str, int] = Field(default_factory=dict)
    rounding: dict[str, Literal["up", "down"]] = Field(default_factory=dict)
    direct_identifiers: list[str] | None = None
    aliases: dict[str, str] = Field(default_factory=dict)
    unknown_score: int = Field(default=0, ge=0)
    review_sample: int = Field(default=20, ge=0)
    seed: int = 0
    # The independent, high-recall detector configuration that re-scans the anonymised output
    # of conversations without gold labels: a bundled profile name or a config path.
    auditor: str = "auditor"
    # The auditor's estimate as an interval, and its verdict (veil.risk.calibration).
    # Re-measure it for another auditor; `null` reports the auditor's figure as it is. A path
    # (or `{table: path}`) reads a table fitted by `veil calibrate` on labelled data of your own.
    calibration: AuditorCalibration | None = DEFAULT_CALIBRATION
    # How many of the conversations the auditor reads it audits: a seeded, fixed-size sample
    # (veil.risk.sampling); `all` or null: every one. Conversations scored from gold labels are
    # all scored whatever this says.
    audit_sample: int | None = DEFAULT_AUDIT_SAMPLE
    # The audit sample's seed; null: `seed`, so that the review sample is drawn from the audited.
    audit_seed: int | None = None

    @field_validator("calibration", mode="before")
    @classmethod
    def _calibration_table(cls, value: Any) -> Any:
        """A path, or `{table: path, ...}`: the fitted table's settings, read now; `low`, `high`,
        `level` given beside `table` override the file's. `{verdict_on: upper}` alone keeps the
        bundled table."""
        if isinstance(value, str):
            value = {"table": value}
        if isinstance(value, Mapping) and value and set(value) <= {"verdict_on"}:
            # Only how to decide: the bundled table's interval, decided that way.
            return DEFAULT_CALIBRATION.model_copy(update=dict(value))
        if isinstance(value, Mapping) and value.get("table") and value.get("fitted") is None:
            return {**calibration_from_table(str(value["table"])),
                    **{k: v for k, v in value.items() if k != "table"}}
        return value

    @field_validator("audit_sample", mode="before")
    @classmethod
    def _audit_sample_size(cls, value: Any) -> int | None:
        return audit_sample_size(value)

    @property
    def audit_sample_seed(self) -> int:
        return self.seed if self.audit_seed is None else self.audit_seed

    @field_validator("scores")
    @classmethod
    def _scores_are_scores(cls, value: dict[str, int]) -> dict[str, int]:
        for name, score in value.items():
            _check_type_name(name)
            if score < 0:
                raise ValueError(f"{name}: a score must be 0 or more, got {score}")
        return value

    @field_validator("rounding", "aliases")
    @classmethod
    def _names_are_type_names(cls, value: dict[str, str]) -> dict[str, str]:
        for name in value:
            _check_type_name(name)
        return value

    @field_validator("direct_identifiers")
    @classmethod
    def _list_of_type_names(cls, value: list[str] | None) -> list[str] | None:
        for name in value or []:
            _check_type_name(name)
        return value

    def table(self) -> RiskTable:
        scores = {**DEFAULT_SCORES, **self.scores}
        unknown = sorted(set(self.rounding) - set(scores))
        if unknown:
            raise ConfigError(f"risk.rounding.{unknown[0]}: not an infoType of the risk table")
        round_up = set(DEFAULT_ROUND_UP)
        for name, how in self.rounding.items():
            (round_up.add if how == "up" else round_up.discard)(name)
        direct = DEFAULT_DIRECT_IDENTIFIERS if self.direct_identifiers is None else frozenset(
            self.direct_identifiers)
        return RiskTable(
            scores=scores,
            round_up=frozenset(round_up),
            direct_identifiers=frozenset(direct),
            aliases={**DEFAULT_ALIASES, **self.aliases},
            threshold=self.threshold,
            unknown_score=self.unknown_score,
        )


def _check_type_name(name: str) -> None:
    if not _TYPE_NAME.match(name):
        raise ValueError(f"{name!r} is not an infoType name (UPPER_CASE_WITH_UNDERSCORES)")


def parse_risk_settings(data: Mapping[str, Any] | None, source: str = "risk") -> RiskSettings:
    """Validate a `risk:` section; a ConfigError names each bad key by its path."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise ConfigError(f"{source}: must be a mapping, got {type(data).__name__}")
    try:
        return RiskSettings.model_validate(dict(data))
    except ValidationError as error:
        raise ConfigError(_format_error(error, source)) from None


def _format_error(error: ValidationError, source: str) -> str:
    lines = []
    for item in error.errors():
        path = source + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in item["loc"])
        message = "unknown key" if item["type"] == "extra_forbidden" else item["msg"]
        lines.append(f"{path}: {message}")
    return "invalid risk settings\n" + "\n".join(lines)
