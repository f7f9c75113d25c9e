"""Google Cloud DLP's `DeidentifyConfig`, the part that applies to free text, as a schema.

```yaml
deidentify_config:
  info_type_transformations:
    transformations:
      - info_types: [{name: EMAIL_ADDRESS}]
        primitive_transformation: {replace_with_info_type_config: {}}
      - info_types: [{name: PERSON_NAME}, {name: PHONE_NUMBER}]
        primitive_transformation:
          surrogate_config: {crypto_key: {env: VEIL_SECRET_KEY}}
      - primitive_transformation:          # no info_types: every type not listed above
          numbered_placeholder_config: {}
```

The operators, their options and what each does are in `veil.operators.primitives` (DLP's
own keep DLP's field names; Veil adds `numbered_placeholder_config`, the default for every
type no transformation lists, and `surrogate_config`). Keys never sit in the config:
`crypto_key` is `{env: NAME}` or `{file: path}` (veil.operators.keys).
"""
from __future__ import annotations

from pydantic import Field, model_validator

from veil.engine.inspect_config import DlpModel, InfoType
from veil.operators.keys import CryptoKey  # noqa: F401 (re-exported)
from veil.operators.primitives import (  # noqa: F401 (re-exported: the operators' options)
    OPERATORS,
    CharacterMaskConfig,
    CryptoHashConfig,
    DateShiftConfig,
    NumberedPlaceholderConfig,
    RedactConfig,
    ReplaceValueConfig,
    ReplaceWithInfoTypeConfig,
    SurrogateConfig,
    Value,
)

# The primitive transformations are the registered operators (veil.operators.primitives): one
# field each, named as in DLP, exactly one of which a transformation gives.
PrimitiveTransformation = OPERATORS.transformation_model(__name__)


class InfoTypeTransformation(DlpModel):
    info_types: list[InfoType] = Field(default_factory=list)
    primitive_transformation: PrimitiveTransformation


class InfoTypeTransformations(DlpModel):
    transformations: list[InfoTypeTransformation] = Field(min_length=1)

    @model_validator(mode="after")
    def _each_type_once(self):
        seen: set[str] = set()
        catch_alls = 0
        for transformation in self.transformations:
            if not transformation.info_types:
                catch_alls += 1
            for info_type in transformation.info_types:
                if info_type.name in seen:
                    raise ValueError(f"infoType {info_type.name} is listed in two transformations")
                seen.add(info_type.name)
        if catch_alls > 1:
            raise ValueError("at most one transformation may have empty info_types")
        return self


class DeidentifyConfig(DlpModel):
    info_type_transformations: InfoTypeTransformations | None = None
