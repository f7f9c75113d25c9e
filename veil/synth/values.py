"""Value makers for the synthetic corpus: people, organisations, places and identifiers.

Nothing here is real personal data. Names, streets, card numbers, IBANs, VINs and the rest come
from Faker. Faker's weighted name lookups are slow (about 60 us each), so names and cities are
drawn once into small pools per locale with a fixed seed and then picked with the record's own
`random.Random`; structured values (cards, IBANs, SSNs, ...) come from a Faker generator that is
reseeded for every record. Either way a record depends only on its own seed.
"""
from __future__ import annotations

import datetime as _dt
import random
import re
import threading
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache

from faker.factory import Factory
from faker.generator import Generator

from veil.synth.spoken import ascii_fold

# Latin-script locales with romanised names of many origins.
DEFAULT_NAME_LOCALES: dict[str, float] = {
    "en_US": 0.26,
    "en_GB": 0.06,
    "es_MX": 0.08,
    "es_CO": 0.03,
    "en_IN": 0.08,
    "de_DE": 0.05,
    "fr_FR": 0.05,
    "it_IT": 0.04,
    "pt_BR": 0.05,
    "pl_PL": 0.03,
    "tr_TR": 0.03,
    "vi_VN": 0.04,
    "nl_NL": 0.02,
    "sv_SE": 0.02,
    "yo_NG": 0.04,
    "id_ID": 0.03,
    "ga_IE": 0.02,
    "ro_RO": 0.02,
    "tw_GH": 0.01,
}
# Locales whose people say the family name first.
_FAMILY_FIRST = {"vi_VN"}
# Locales with a bank provider that makes that country's IBAN.
_IBAN_LOCALES = ("en_GB", "de_DE", "fr_FR", "it_IT", "nl_NL", "pl_PL", "es_ES", "pt_PT")
_IBAN_FOR = {"de_DE": "de_DE", "fr_FR": "fr_FR", "it_IT": "it_IT", "nl_NL": "nl_NL",
             "pl_PL": "pl_PL", "en_GB": "en_GB", "ga_IE": "en_GB", "sv_SE": "de_DE",
             "ro_RO": "it_IT", "tr_TR": "de_DE", "pt_BR": "pt_PT", "es_MX": "es_ES",
             "es_CO": "es_ES"}
# Locales whose Faker phone numbers look like that country's (others get a US number).
_PHONE_LOCALES = {"en_GB", "de_DE", "fr_FR", "it_IT", "pt_BR", "en_IN", "pl_PL", "nl_NL",
                  "ga_IE"}

_POOL_SEED = 20240611
_POOL_DRAWS = 400

# Cities and regions: public geography, not personal data.
US_CITIES = (
    "Denver", "Austin", "Chicago", "Seattle", "Boston", "Phoenix", "Portland", "Atlanta",
    "Nashville", "Miami", "San Diego", "Sacramento", "Minneapolis", "Pittsburgh", "Cleveland",
    "Tampa", "Orlando", "Raleigh", "Charlotte", "Salt Lake City", "Albuquerque", "Tucson",
    "Omaha", "Kansas City", "St. Louis", "Milwaukee", "Detroit", "Baltimore", "Richmond",
    "Boise", "Spokane", "Fresno", "Las Vegas", "Honolulu", "Anchorage", "Buffalo", "Newark",
)
WORLD_CITIES = US_CITIES + (
    "Toronto", "Vancouver", "Montreal", "Calgary", "Ottawa", "Winnipeg", "Halifax",
    "London", "Manchester", "Leeds", "Glasgow", "Edinburgh", "Bristol", "Cardiff", "Belfast",
    "Dublin", "Cork", "Lyon", "Marseille", "Toulouse", "Lille", "Madrid", "Valencia", "Seville",
    "Lisbon", "Porto", "Milan", "Turin", "Bologna", "Naples", "Munich", "Hamburg", "Cologne",
    "Frankfurt", "Rotterdam", "Utrecht", "Antwerp", "Ghent", "Zurich", "Geneva", "Vienna",
    "Krakow", "Gdansk", "Prague", "Brno", "Stockholm", "Gothenburg", "Oslo", "Bergen",
    "Guadalajara", "Monterrey", "Puebla", "Bogota", "Medellin", "Lima", "Santiago",
    "Sao Paulo", "Curitiba", "Recife", "Lagos", "Ibadan", "Accra", "Kumasi", "Nairobi",
    "Pune", "Bangalore", "Hyderabad", "Chennai", "Ahmedabad", "Jaipur", "Hanoi", "Da Nang",
    "Ho Chi Minh City", "Jakarta", "Surabaya", "Bandung", "Manila", "Cebu", "Istanbul",
    "Izmir", "Ankara", "Bucharest", "Cluj-Napoca", "Sydney", "Melbourne", "Auckland",
)
US_STATES = (
    "Alabama", "Arizona", "California", "Colorado", "Connecticut", "Florida", "Georgia",
    "Illinois", "Indiana", "Iowa", "Kentucky", "Louisiana", "Maryland", "Massachusetts",
    "Michigan", "Minnesota", "Missouri", "Nevada", "New Jersey", "New Mexico", "New York",
    "North Carolina", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Tennessee", "Texas",
    "Utah", "Virginia", "Washington", "Wisconsin",
)
COUNTRIES = (
    "Mexico", "Canada", "Germany", "France", "Italy", "Brazil", "India", "Poland", "Turkey",
    "Vietnam", "the Netherlands", "Sweden", "Nigeria", "Indonesia", "Ireland", "Romania",
    "Ghana", "Colombia", "Portugal", "Spain", "Scotland", "the Philippines",
)
# Faker locales whose address provider lists real cities.
_CITY_LISTS = {"de_DE": "cities", "en_IN": "cities", "pl_PL": "cities", "nl_NL": "cities"}

# Real, well-known companies used as a topic ("worse than Staples"): ORGANIZATION_NAME, never
# tied to a speaker. None is named after a person (those are hard negatives, see BRANDS).
TOPIC_ORGS = (
    "Staples", "Amazon", "Costco", "Walmart", "Target", "Home Depot", "Best Buy", "FedEx",
    "UPS", "Salesforce", "Microsoft", "Google", "Zoom", "Slack", "Oracle", "HubSpot",
    "Verizon", "Comcast", "Office Depot", "IKEA", "Shopify", "Zendesk", "DocuSign", "Dropbox",
    "PayPal", "Uber", "Airbnb", "Spotify", "Netflix", "Expedia", "CVS", "Intuit", "Atlassian",
    "Workday", "ServiceNow", "T-Mobile", "AT&T", "Sprint", "Xerox", "Canon", "Samsung",
)

_ORG_ADJ = (
    "Northwind", "Bluebird", "Summit", "Cedar", "Silverline", "Redwood", "Evergreen",
    "Brightpath", "Ironclad", "Harbor", "Keystone", "Pinnacle", "Riverbend", "Lakeshore",
    "Granite", "Maple", "Oakridge", "Sterling", "Horizon", "Crescent", "Beacon", "Falcon",
    "Meridian", "Apex", "Cobalt", "Juniper", "Copperleaf", "Stonegate", "Westbrook",
    "Eastgate", "Clearwater", "Highland", "Sunrise", "Bayview", "Foxglove", "Blue Harbor",
    "Tri-County", "Great Lakes", "Pacific Crest", "Old Mill", "Red Rock", "Twin Oaks",
)
_ORG_INDUSTRY = (
    "Logistics", "Dental", "Analytics", "Insurance", "Realty", "Plumbing", "Solutions",
    "Health", "Partners", "Consulting", "Foods", "Paper", "Software", "Labs", "Manufacturing",
    "Supply", "Staffing", "Media", "Financial", "Legal", "Auto Group", "Pharmacy",
    "Veterinary Clinic", "Construction", "Energy", "Systems", "Networks", "Design", "Bakery",
    "Hardware", "Travel", "Properties", "Credit Union", "Physical Therapy", "Roofing",
    "Accounting", "Landscaping", "Printing", "Freight", "Medical Group", "Family Practice",
)
_ORG_SUFFIX = ("Inc.", "LLC", "Ltd", "Group", "Co.", "Corp", "and Sons", "PLC", "Associates")
_TLDS = (".com", ".com", ".com", ".net", ".io", ".co", ".org", ".co.uk", ".biz")

_HANDLES = (
    "enigma", "bigchef", "nightowl", "skywalker", "pixel", "ninja", "shadowfox", "coder",
    "gamer", "sunny", "blaze", "maverick", "phoenix", "viper", "storm", "zenith", "cosmo",
    "jazzhands", "moonpie", "turbo", "rocket", "nova", "echo", "falcon", "bluejay", "kiwi",
    "mango", "pepper", "sparky", "ziggy", "wizard", "ranger", "lucky", "frosty", "dusty",
    "chefboy", "darkstar", "lonewolf", "catlady", "bookworm", "surfer", "yogi", "hacker",
)

DEPARTMENTS = (
    "finance", "marketing", "sales", "engineering", "operations", "legal", "HR", "design",
    "customer success", "procurement", "IT", "data", "product", "facilities", "support",
)


def pick(rng: random.Random, seq):
    """rng.choice with one float draw (faster; the generator makes many of these)."""
    return seq[int(rng.random() * len(seq))]


def randint(rng: random.Random, a: int, b: int) -> int:
    """rng.randint(a, b) with one float draw."""
    return a + int(rng.random() * (b - a + 1))


def numerify(rng: random.Random, fmt: str) -> str:
    """Faker's numerify on the record's rng: '#' any digit, '%' 1-9."""
    r = rng.random
    return "".join(
        str(int(r() * 10)) if ch == "#" else str(1 + int(r() * 9)) if ch == "%" else ch
        for ch in fmt)


def _latin(name: str) -> bool:
    for ch in name:
        if ch.isalpha() and "LATIN" not in unicodedata.name(ch, ""):
            return False
    return True


_local = threading.local()


def faker_for(locale: str) -> Generator:
    """One Faker generator per locale and thread (Faker objects are not thread-safe)."""
    cache = getattr(_local, "fakers", None)
    if cache is None:
        cache = _local.fakers = {}
    gen = cache.get(locale)
    if gen is None:
        gen = cache[locale] = Factory.create(locale)
    return gen


@dataclass(frozen=True)
class NamePool:
    female_first: tuple[str, ...]
    male_first: tuple[str, ...]
    female_last: tuple[str, ...]
    male_last: tuple[str, ...]


_pool_lock = threading.Lock()


_NAME_SHAPE = re.compile(r"[^\W\d_]+(?:['\u2019]?[ \-]?[^\W\d_]+)*")


def _draw(method, n: int) -> tuple[str, ...]:
    """Distinct Latin-script names (no abbreviations such as "Klaus-D.")."""
    seen: dict[str, None] = {}
    for _ in range(n):
        value = method().strip()
        if value and _latin(value) and _NAME_SHAPE.fullmatch(value):
            seen.setdefault(value, None)
    return tuple(seen)


@lru_cache(maxsize=None)
def name_pool(locale: str) -> NamePool:
    """Names drawn from Faker once per locale, with a fixed seed (so every process agrees)."""
    with _pool_lock:
        try:
            gen = Factory.create(locale)
        except AttributeError as exc:  # Faker's answer to an unknown locale
            raise ValueError(f"unknown Faker locale {locale!r}") from exc
        gen.seed_instance(_POOL_SEED)
        pool = NamePool(
            _draw(gen.first_name_female, _POOL_DRAWS),
            _draw(gen.first_name_male, _POOL_DRAWS),
            _draw(gen.last_name_female, _POOL_DRAWS),
            _draw(gen.last_name_male, _POOL_DRAWS),
        )
    if not (pool.female_first and pool.male_first and pool.female_last and pool.male_last):
        raise ValueError(f"locale {locale!r} has no Latin-script names")
    return pool


@lru_cache(maxsize=None)
def city_pool(locale: str) -> tuple[str, ...]:
    attr = _CITY_LISTS.get(locale)
    if attr is None:
        return ()
    gen = faker_for(locale)
    for provider in gen.providers:
        cities = getattr(provider, attr, None)
        if cities:
            latin = [c for c in cities if _latin(c) and re.fullmatch(r"[\w .'\-]+", c)]
            return tuple(latin[:: max(1, len(latin) // 400)])
    return ()


@lru_cache(maxsize=None)
def street_pool() -> tuple[str, ...]:
    gen = Factory.create("en_US")
    gen.seed_instance(_POOL_SEED)
    return _draw(gen.street_name, 600)


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    gender: str  # "female" | "male"
    locale: str
    title: str

    @property
    def full(self) -> str:
        if self.locale in _FAMILY_FIRST:
            return f"{self.last} {self.first}"
        return f"{self.first} {self.last}"

    @property
    def pronoun(self) -> str:
        return "she" if self.gender == "female" else "he"

    @property
    def possessive(self) -> str:
        return "her" if self.gender == "female" else "his"


@dataclass(frozen=True)
class Org:
    name: str
    domain: str


def _slug(text: str) -> str:
    return "".join(c for c in ascii_fold(text).lower() if c.isalnum())


class Values:
    """Everything one record needs, drawn from its own `random.Random` and seeded Fakers."""

    def __init__(self, record_seed: int, rng: random.Random, locales: dict[str, float],
                 ascii_names: bool):
        self.seed = record_seed
        self.rng = rng
        self._locales = tuple(locales)
        cum, total = [], 0.0
        for w in locales.values():
            total += w
            cum.append(total)
        self._cum = cum
        self.ascii_names = ascii_names
        self._seeded: set[str] = set()
        self._used_names: set[str] = set()
        self._memo: dict = {}

    def _once(self, key, make):
        """One value per person and kind: a person keeps one email, phone, DOB... per record."""
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = make()
        return value

    # -- Faker ---------------------------------------------------------------------------
    def faker(self, locale: str = "en_US") -> Generator:
        gen = faker_for(locale)
        if locale not in self._seeded:
            gen.seed_instance(self.seed ^ zlib.crc32(locale.encode()))
            self._seeded.add(locale)
        return gen

    # -- people --------------------------------------------------------------------------
    def locale(self) -> str:
        return self.rng.choices(self._locales, cum_weights=self._cum)[0]

    def person(self, gender: str | None = None, locale: str | None = None) -> Person:
        rng = self.rng
        gender = gender or ("female" if rng.random() < 0.5 else "male")
        for _ in range(8):  # people in one conversation have different first names
            loc = locale or self.locale()
            pool = name_pool(loc)
            if gender == "female":
                first, last = pick(rng, pool.female_first), pick(rng, pool.female_last)
            else:
                first, last = pick(rng, pool.male_first), pick(rng, pool.male_last)
            if self.ascii_names:
                first, last = ascii_fold(first), ascii_fold(last)
            if first not in self._used_names and first and last:
                break
        self._used_names.add(first)
        r = rng.random()
        if r < 0.1:
            title = "Dr."
        elif gender == "female":
            title = "Mrs." if r < 0.35 else "Ms."
        else:
            title = "Mr."
        return Person(first, last, gender, loc, title)

    def people(self, n: int) -> list[Person]:
        return [self.person() for _ in range(n)]

    # -- organisations and places --------------------------------------------------------
    def org(self) -> Org:
        rng = self.rng
        r = rng.random()
        last = lambda: pick(rng, name_pool(pick(rng, ("en_US", "en_GB", "de_DE", "it_IT"))).male_last)  # noqa: E731
        if r < 0.3:
            name = f"{pick(rng, _ORG_ADJ)} {pick(rng, _ORG_INDUSTRY)}"
        elif r < 0.45:
            name = f"{last()} {pick(rng, _ORG_INDUSTRY)}"
        elif r < 0.6:
            name = f"{last()} & {last()}"
        elif r < 0.72:
            name = f"{pick(rng, _ORG_ADJ)} {pick(rng, _ORG_INDUSTRY)} {pick(rng, _ORG_SUFFIX)}"
        elif r < 0.82:
            name = f"{last()}, {last()} and {last()}"
        elif r < 0.92:
            name = f"{last()} {last()}"  # "Dunder Mifflin"
        else:
            name = f"{last()} {pick(rng, _ORG_SUFFIX)}"
        name = ascii_fold(name)
        words = [w for w in name.replace(",", "").replace("&", "").split() if w not in _ORG_SUFFIX]
        slug = _slug("".join(words[:2]))
        return Org(name, slug + pick(rng, _TLDS))

    def topic_org(self) -> str:
        return pick(self.rng, TOPIC_ORGS)

    def city(self, locale: str | None = None) -> str:
        rng = self.rng
        pool = city_pool(locale) if locale and rng.random() < 0.6 else ()
        return pick(rng, pool) if pool else pick(rng, WORLD_CITIES)

    def state(self) -> str:
        return pick(self.rng, US_STATES)

    def country(self) -> str:
        return pick(self.rng, COUNTRIES)

    def home_address(self, person: Person) -> str:
        """The address a person gives for themselves (the same every time in a record)."""
        return self._once(("address", person), lambda: self.street_address(person.locale))

    def street_address(self, locale: str = "en_US") -> str:
        rng = self.rng
        if locale in ("en_GB", "de_DE", "fr_FR", "it_IT", "nl_NL", "pl_PL", "pt_BR", "es_MX") \
                and rng.random() < 0.5:
            return ascii_fold(self.faker(locale).street_address()) if self.ascii_names \
                else self.faker(locale).street_address()
        number = str(randint(rng, 1, 9999)) if rng.random() < 0.8 else str(randint(rng, 10000, 99999))
        street = pick(rng, street_pool())
        out = f"{number} {street}"
        r = rng.random()
        if r < 0.15:
            out += f", Apt {randint(rng, 1, 40)}{pick(rng, 'ABCD') if rng.random() < 0.3 else ''}"
        elif r < 0.22:
            out += f", Suite {randint(rng, 100, 950)}"
        return out

    def full_address(self, locale: str = "en_US") -> str:
        fk = self.faker("en_US")
        return f"{self.street_address()}, {pick(self.rng, US_CITIES)}, {fk.state_abbr()} {fk.postcode()}"

    # -- contact details -----------------------------------------------------------------
    def email(self, person: Person, domain: str | None = None) -> str:
        return self._once(("email", person, domain), lambda: self._email(person, domain))

    def _email(self, person: Person, domain: str | None) -> str:
        rng = self.rng
        first, last = _slug(person.first), _slug(person.last)
        last = last or "x"
        first = first or "x"
        n = randint(rng, 1, 99)
        local = pick(rng, (
            f"{first}.{last}", f"{first}{last}", f"{first[0]}{last}", f"{first}_{last}",
            f"{first}{last[0]}{n}", f"{first}{n}", f"{last}.{first}", f"{first[0]}.{last}",
            f"{first}", f"{first[0]}{last[0]}{n}",
        ))
        if domain is None:
            domain = self.faker("en_US").free_email_domain()
        return f"{local}@{domain}"

    def username(self, person: Person | None = None) -> str:
        if person is None:
            return self._username(None)
        return self._once(("username", person), lambda: self._username(person))

    def _username(self, person: Person | None) -> str:
        rng = self.rng
        handle = pick(rng, _HANDLES)
        if person is None or rng.random() < 0.4:
            r = rng.random()
            if r < 0.6:
                return f"{handle}{randint(rng, 1, 99)}"
            if r < 0.8:
                return f"{pick(rng, ('Mr', 'the', 'real', 'its', 'Miss', 'x'))}{handle}"
            return f"{handle}_{randint(rng, 1970, 2012)}"
        first, last = _slug(person.first) or "x", _slug(person.last) or "x"
        return pick(rng, (
            f"{first[0]}{last}{randint(rng, 1, 99)}", f"{first}{randint(rng, 1960, 2005)}",
            f"{first}_{last}", f"{first[:3]}{last[:3]}{randint(rng, 1, 999)}",
            f"{first}.{last}", f"{last}{first[0]}", f"{first}{handle}",
        ))

    def phone(self, locale: str = "en_US", person: Person | None = None) -> str:
        if person is not None:
            return self._once(("phone", person), lambda: self._phone(person.locale))
        return self._phone(locale)

    def _phone(self, locale: str) -> str:
        fk = self.faker("en_US")
        if locale in _PHONE_LOCALES and self.rng.random() < 0.7:
            value = self.faker(locale).phone_number()
            return value.split("x")[0].strip()
        fmt = pick(self.rng, (
            "(%##) %##-####", "%##-%##-####", "%##.%##.####", "+1 %##-%##-####",
            "1-%##-%##-####", "%## %## ####", "%##-%##-####",
        ))
        return numerify(self.rng, fmt)

    def url(self, person: Person | None = None, org: Org | None = None) -> str:
        rng = self.rng
        r = rng.random()
        if person is not None and r < 0.5:
            first, last = _slug(person.first), _slug(person.last)
            return pick(rng, (
                f"linkedin.com/in/{first}-{last}", f"https://www.linkedin.com/in/{first}{last}",
                f"calendly.com/{first}-{last}", f"https://github.com/{first[0]}{last}",
                f"www.{first}{last}.com",
            ))
        domain = org.domain if org is not None else self.org().domain
        path = pick(rng, ("", "", "/support", "/pricing", "/account/login", "/careers",
                           "/returns", f"/docs/{randint(rng, 10, 999)}"))
        prefix = pick(rng, ("https://www.", "www.", "https://", "http://", ""))
        if not path and not prefix:
            prefix = "www."
        return prefix + domain + path

    # -- identifiers ---------------------------------------------------------------------
    def credit_card(self) -> str:
        card_type = self.rng.choices(
            ("visa16", "mastercard", "amex", "discover"), cum_weights=(45, 75, 90, 100))[0]
        number = self.faker("en_US").credit_card_number(card_type)
        r = self.rng.random()
        if r < 0.35:
            return number
        sep = " " if r < 0.8 else "-"
        if len(number) == 15:
            return sep.join((number[:4], number[4:10], number[10:]))
        return sep.join(number[i:i + 4] for i in range(0, len(number), 4))

    def ssn(self) -> str:
        return self.faker("en_US").ssn()

    def iban(self, locale: str) -> str:
        value = self.faker(_IBAN_FOR.get(locale, pick(self.rng, _IBAN_LOCALES))).iban()
        if self.rng.random() < 0.6:
            return " ".join(value[i:i + 4] for i in range(0, len(value), 4))
        return value

    def vin(self) -> str:
        return self.faker("en_US").vin()

    def passport(self) -> str:
        return self.faker("en_US").passport_number()

    def medical_record_number(self) -> str:
        return numerify(self.rng, pick(self.rng, ("########", "#######", "%#######")))

    def employee_id(self) -> str:
        return "EMP-" + numerify(self.rng, "######")

    def ip_address(self) -> str:
        fk = self.faker("en_US")
        return fk.ipv4_private() if self.rng.random() < 0.3 else fk.ipv4_public()

    def date_of_birth(self, person: Person | None = None) -> _dt.date:
        if person is not None:
            return self._once(("dob", person), lambda: self.date_of_birth())
        return self.faker("en_US").date_between_dates(_dt.date(1938, 1, 1), _dt.date(2005, 12, 31))

    def age_of(self, person: Person, reference_year: int = 2024) -> int:
        return reference_year - self.date_of_birth(person).year

    def digits(self, n: int) -> str:
        return numerify(self.rng, "%" + "#" * (n - 1))


# Formal first names and the short forms people use for them (the caller says "call me Bob").
NICKNAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Robert": ("male", ("Bob", "Rob", "Bobby")),
    "Elizabeth": ("female", ("Liz", "Beth", "Lizzie")),
    "William": ("male", ("Bill", "Will", "Billy")),
    "Margaret": ("female", ("Maggie", "Meg", "Peggy")),
    "James": ("male", ("Jim", "Jimmy", "Jamie")),
    "Katherine": ("female", ("Kate", "Kathy", "Katie")),
    "Michael": ("male", ("Mike", "Mikey")),
    "Richard": ("male", ("Rick", "Rich")),
    "Jennifer": ("female", ("Jen", "Jenny")),
    "Christopher": ("male", ("Chris",)),
    "Patricia": ("female", ("Pat", "Patty", "Trish")),
    "Thomas": ("male", ("Tom", "Tommy")),
    "Daniel": ("male", ("Dan", "Danny")),
    "Rebecca": ("female", ("Becky", "Becca")),
    "Joseph": ("male", ("Joe", "Joey")),
    "Anthony": ("male", ("Tony",)),
    "Victoria": ("female", ("Vicky", "Tori")),
    "Samantha": ("female", ("Sam", "Sammy")),
    "Edward": ("male", ("Ed", "Eddie", "Ted")),
    "Nicholas": ("male", ("Nick",)),
    "Deborah": ("female", ("Debbie", "Deb")),
    "Alexander": ("male", ("Alex", "Xander")),
}
FORMAL_NAMES = tuple(NICKNAMES)
# Surnames for a namesake when the pools keep giving the caller's own.
_SPARE_LAST = ("Okafor", "Lindqvist", "Moreau", "Castillo", "Nakamura", "Brennan")


def with_formal_name(v: Values, person: Person, avoid: set[str]) -> tuple[Person, tuple[str, ...]]:
    """`person` renamed to a formal first name with short forms; returns it and the forms."""
    rng = v.rng
    for _ in range(8):
        formal = pick(rng, FORMAL_NAMES)
        if formal not in avoid:
            break
    gender, nicks = NICKNAMES[formal]
    title = person.title if gender == person.gender else ("Mr." if gender == "male" else "Ms.")
    v._used_names.add(formal)
    return Person(formal, person.last, gender, person.locale, title), nicks


def namesake(v: Values, person: Person) -> Person:
    """Someone else with `person`'s first name and a different last name."""
    for _ in range(6):
        last = v.person(gender=person.gender, locale=person.locale).last
        if last != person.last:
            break
    else:
        last = next(s for s in _SPARE_LAST if s != person.last)
    title = "Ms." if person.gender == "female" else "Mr."
    return Person(person.first, last, person.gender, person.locale, title)
