"""Build Veil's first-name and last-name lists from Faker's locale data.

    python scripts/build_name_lists.py            # writes veil/detection/engine/data/*.txt.gz

Takes every Faker person provider whose names are written in Latin script (English, Spanish,
Portuguese, French, German, Italian, Polish, Turkish, Vietnamese, Indonesian, Yoruba, Igbo,
Hausa, Zulu, Swahili, Indian English, ...), so the lists cover names of diverse origins, not
only Anglo ones. Output: one name per line, sorted, gzip-compressed, deterministic bytes
(mtime 0), so that re-running the script gives the same files.
"""
from __future__ import annotations

import argparse
import gzip
import importlib
import pkgutil
import unicodedata
from pathlib import Path

import faker.providers.person as person_providers

DATA = Path(__file__).resolve().parent.parent / "veil" / "detection" / "engine" / "data"
FIRST_ATTRS = ("first_names", "first_names_female", "first_names_male", "first_names_nonbinary")
LAST_ATTRS = ("last_names", "last_names_female", "last_names_male")


def is_latin(name: str) -> bool:
    for char in name:
        if char.isalpha() and "LATIN" not in unicodedata.name(char, ""):
            return False
    return True


def clean(name: str) -> str | None:
    name = unicodedata.normalize("NFC", name.strip())
    if not name or len(name) < 2 or len(name) > 30 or not is_latin(name):
        return None
    if not name[0].isalpha() or any(c.isdigit() for c in name):
        return None
    return name


def names_of(values) -> list[str]:
    # Faker stores names as tuples, lists, or dicts of name -> weight.
    if isinstance(values, dict):
        values = list(values)
    if not isinstance(values, (list, tuple, set, frozenset)):
        return []  # a property or method computed at run time
    return [v for v in values if isinstance(v, str)]


def collect() -> tuple[set[str], set[str], list[str]]:
    first: set[str] = set()
    last: set[str] = set()
    locales: list[str] = []
    english: set[str] = set()
    for module_info in pkgutil.iter_modules(person_providers.__path__):
        module = importlib.import_module(f"{person_providers.__name__}.{module_info.name}")
        provider = getattr(module, "Provider", None)
        if provider is None:
            continue
        found_first = {n for a in FIRST_ATTRS for n in names_of(getattr(provider, a, ()))}
        found_last = {n for a in LAST_ATTRS for n in names_of(getattr(provider, a, ()))}
        found_first = {c for c in map(clean, found_first) if c}
        found_last = {c for c in map(clean, found_last) if c}
        if not found_first and not found_last:
            continue
        locales.append(module_info.name)
        first |= found_first
        last |= found_last
        if module_info.name == "en" or module_info.name.startswith("en_"):
            english |= found_first | found_last
    return first, last, sorted(locales), english


def common_words(english_names: set[str], count: int = 30000) -> set[str]:
    """Frequent English words that are not (also) names in Faker's English-locale lists.

    `wordfreq` is a build-time dependency only (`pip install wordfreq`); without it, Faker's
    English lorem word list stands in. Words that are also names (may, will, bill, mark, ...)
    are listed by hand in `veil/detection/engine/name_lists.py`.
    """
    try:
        from wordfreq import top_n_list
    except ImportError:  # pragma: no cover - fallback
        from faker.providers.lorem.en_US import Provider as Lorem

        words = {w.lower() for w in Lorem.word_list}
    else:
        words = set(top_n_list("en", count))
    lowered = {n.lower() for n in english_names}
    return {w for w in words if w.isalpha() and len(w) > 1 and w not in lowered}


def write(path: Path, names: set[str]) -> None:
    body = "".join(f"{n}\n" for n in sorted(names)).encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(body)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    first, last, locales, english = collect()
    args.out.mkdir(parents=True, exist_ok=True)
    write(args.out / "first_names.txt.gz", first)
    write(args.out / "last_names.txt.gz", last)
    common = common_words(english)
    write(args.out / "common_words.txt.gz", common)
    print(f"{len(common)} common words; {len(first)} first names, {len(last)} last names from {len(locales)} Latin-script "
          f"locales: {', '.join(locales)}")


if __name__ == "__main__":
    main()
