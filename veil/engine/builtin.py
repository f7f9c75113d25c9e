"""Built-in infoTypes: a registry of detectors, each with its base likelihood, checks and
hotwords. The registry lives in `veil.engine.registry`; the types are defined by family:

- `builtin_numbers`: payment cards and track data, IBAN, SSN, SIN, routing numbers, IMEI,
  ICCID, IMSI, VIN, passport, medical record numbers, generic IDs, SWIFT, VAT, ICD codes;
- `builtin_network`: email, URL, signed storage URLs and policies, domain names, IP and MAC
  addresses, HTTP cookies, advertising IDs;
- `builtin_text`: phone numbers, dates, dates of birth, times, ages, gender, ethnic groups,
  medical terms, US states, US and Canadian postal codes, street addresses, coordinates and
  user names;
- `builtin_regional`: further US and Canadian identifiers (EIN, ITIN, NPI, DEA, passports,
  driving licences, health numbers, bank accounts, toll-free numbers);
- `builtin_names`: person names, organisations and places, without a model.

Adding a type is one `register(...)` call; the engine compiles whatever the config asks for.
"""
from __future__ import annotations

from veil.engine.registry import (  # noqa: F401  (re-exported)
    BUILTIN,
    DESCRIPTIONS,
    Hotword,
    PatternDetector,
    ScannerDetector,
    builtin_names,
    hotword,
    register,
    register_scanner,
)
from veil.engine import builtin_numbers, builtin_network, builtin_text  # noqa: F401,E402
from veil.engine import builtin_regional  # noqa: F401,E402
from veil.engine import builtin_names as _builtin_names  # noqa: F401,E402

__all__ = [
    "BUILTIN", "DESCRIPTIONS", "Hotword", "PatternDetector", "ScannerDetector", "builtin_names",
    "hotword", "register", "register_scanner",
]
del builtin_numbers, builtin_network, builtin_text, builtin_regional, _builtin_names
