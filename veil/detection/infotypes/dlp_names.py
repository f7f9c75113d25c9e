"""DLP's published infoType names, and what to say about a name Veil does not implement.

A real template lists DLP names Veil may lack (JAPAN_PASSPORT, DOCUMENT_TYPE/HR/RESUME) or a
typo (EMAIL_ADRESS). `unknown_names_message` says, for every such name at once, which it is
and which names are close (difflib), so a user fixes a template in one pass, not one name
per run. The list of DLP's names is package data (`data/dlp_infotypes.txt`, from DLP's public
infoType reference).

`ALL_BASIC` is DLP's group of all its basic detectors: in Veil, every built-in type that has
a DLP name, except the general types whose findings their members already make
(`GENERAL_TYPES`).
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from typing import Sequence

from veil.detection.infotypes.catalogue import Catalogue

ALL_BASIC = "ALL_BASIC"
# DLP's general types: each reports what other types find, under its own name.
GENERAL_TYPES = frozenset({"DRIVERS_LICENSE_NUMBER", "GOVERNMENT_ID", "FINANCIAL_ID", "MALE_NAME",
                           "FEMALE_NAME", "DEMOGRAPHIC_DATA"})
# Names on the list on the word of issue #29 (which says it read them from DLP's
# `infoTypes.list`), not found on DLP's public infoType reference: docs say so per name.
UNCONFIRMED_NAMES = frozenset({
    "RELIGIOUS_TERM", "POLITICAL_TERM", "SEXUAL_ORIENTATION", "TRADE_UNION", "MARITAL_STATUS",
    "EMPLOYMENT_STATUS", "IMMIGRATION_STATUS", "DEMOGRAPHIC_DATA"})


@lru_cache(maxsize=1)
def dlp_names() -> frozenset[str]:
    """The built-in infoType names DLP's public reference lists."""
    text = (resources.files("veil.detection.infotypes") / "data" / "dlp_infotypes.txt").read_text("utf-8")
    return frozenset(line.strip() for line in text.splitlines()
                     if line.strip() and not line.startswith("#"))


def all_basic(catalogue: Catalogue) -> list[str]:
    """The built-in types `ALL_BASIC` runs (sorted)."""
    names = dlp_names()
    return [name for name in catalogue.detectable()
            if name in names and name not in GENERAL_TYPES]


def _covers(candidate: str, name: str) -> bool:
    """Whether every word of `name` is a word of `candidate` or the initials of a run of its
    words (UK_NHS_NUMBER: UK, the initials of NATIONAL_HEALTH_SERVICE, NUMBER)."""
    words = candidate.split("_")
    runs = {"".join(w[:1] for w in words[i:j])
            for i in range(len(words)) for j in range(i + 2, len(words) + 1)}
    return all(token in words or token in runs for token in name.split("_") if token)


def close_names(name: str, known: Sequence[str], n: int = 3) -> list[str]:
    """Known names `name` may mean: those its words and acronyms cover (shortest first),
    then difflib's closest spellings."""
    name = name.upper()
    covering = sorted((k for k in known if _covers(k, name)), key=len)
    spelled = difflib.get_close_matches(name, known, n=n, cutoff=0.6)
    return list(dict.fromkeys([*covering, *spelled]))[:n]


# DLP's classifiers of whole files and images: not types of a value in text, so they stay out.
OUT_OF_SCOPE_PREFIXES = ("DOCUMENT_TYPE/", "OBJECT_TYPE/")


def out_of_scope_reason(name: str) -> str | None:
    """Why a DLP name stays out of Veil for good (None for any other name)."""
    if name.startswith("DOCUMENT_TYPE/"):
        return ("a DLP document classifier: it labels a whole file (a resume, a court order, "
                "source code), not a value in the text, and Veil anonymises values in "
                "conversations; it stays out")
    if name.startswith("OBJECT_TYPE/"):
        return "a DLP image object detector (faces in pictures): Veil reads text; it stays out"
    return None


def _verdict(name: str, catalogue: Catalogue) -> str:
    out = out_of_scope_reason(name)
    if out is not None:
        return out + ": remove it, or run with --skip_unsupported_infotypes"
    entry = catalogue.get(name)
    if entry is not None:
        return ("Veil's catalogue knows it but has no built-in detector for it: define it under "
                "custom_info_types (a regex or a dictionary), as the bundled profiles do")
    if name in dlp_names():
        return ("a real DLP infoType that Veil does not implement yet: define it under "
                "custom_info_types (a regex or a dictionary), or remove it")
    close = close_names(name, sorted(set(catalogue.detectable()) | dlp_names()))
    if close:
        return "not a DLP name; a typo? Close names: " + ", ".join(close)
    return "not a DLP name (likely a typo), and no known name is close"


def unknown_names_message(unknown: Sequence[tuple[str, str]], catalogue: Catalogue) -> str:
    """One message for every (path, name) that is not a built-in Veil can run."""
    lines = [f"{path}: unknown infoType {name!r}: {_verdict(name, catalogue)}."
             for path, name in unknown]
    known = ", ".join(catalogue.detectable())
    footer = (f"Built-in types: {ALL_BASIC}, {known}. Define others under custom_info_types, "
              "or run the job with --skip_unsupported_infotypes to look for the rest (the "
              "summary and the risk report then list what was skipped); "
              f"docs/dlp-compatibility.md lists what Veil supports.")
    if len(lines) == 1:
        return f"{lines[0]}\n{footer}"
    return (f"{len(lines)} unknown infoTypes:\n" + "\n".join(f"  {line}" for line in lines)
            + f"\n{footer}")
