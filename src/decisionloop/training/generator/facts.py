"""Fact cases: an entity, one property, the values a fact lookup returns and the goal templates that ask for it.

Shared by single fact lookups, nicknames and the hops of multi-hop goals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from decisionloop.training.generator.articles import any_country, city_description, country_description
from decisionloop.training.generator.observations import fact
from decisionloop.training.generator.organisations import ORGS, Org
from decisionloop.training.generator.phrasing import BUILT, FACT, MAYOR, PRESIDENT, PRIME_MINISTER
from decisionloop.training.generator.places import (
    CITIES,
    LANDMARKS,
    PRESIDENTIAL,
    City,
    Country,
    Landmark,
    called,
    country,
    spellings,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class FactCase:
    """One fact about one entity, as asked and as answered."""

    entity: str
    accepted: tuple[str, ...]
    prop: str
    label: str
    description: str
    values: tuple[str, ...]
    templates: tuple[str, ...]

    @property
    def observation(self) -> str:
        """The fact tool's observation."""
        return fact(self.prop, self.label, self.description, self.values)


def _case(
    entity: str,
    accepted: tuple[str, ...],
    prop: str,
    label: str,
    desc: str,
    values: tuple[str, ...],
    templates: tuple[str, ...] = (),
) -> FactCase:
    return FactCase(
        entity=entity,
        accepted=tuple(dict.fromkeys(accepted)),
        prop=prop,
        label=label,
        description=desc,
        values=values,
        templates=templates or FACT[prop],
    )


def country_props(c: Country) -> tuple[str, ...]:
    """The properties the country has values for."""
    props = ["population", "capital", "currency", "area"]
    return (*props, "official_language", "head_of_government") if c.language else tuple(props)


def country_values(c: Country, prop: str) -> tuple[str, ...]:
    """What the fact tool returns for one property of a country."""
    return {
        "population": (f"{c.population:,}",),
        "capital": (c.capital,),
        "currency": (c.currency,),
        "area": (f"{c.area_km2:,} km²",),
        "official_language": tuple(c.language.split(", ")),
        "head_of_government": (c.leader,),
    }[prop]


def country_fact(c: Country, prop: str) -> FactCase:
    """A fact about a country."""
    templates = FACT[prop]
    if prop == "head_of_government":
        templates += PRESIDENT if c.name in PRESIDENTIAL else PRIME_MINISTER
    return _case(c.name, spellings(c.name), prop, c.name, country_description(c), country_values(c, prop), templates)


def capital_fact(c: Country) -> FactCase:
    """Which country a capital city is in (the fact-lookup first hop of "the country whose capital is X")."""
    return _case(c.capital, (c.capital,), "country", c.capital, f"capital of {c.name}", (c.name,))


def city_props(city: City) -> tuple[str, ...]:
    """The properties the city has values for."""
    return ("population", "country", "head_of_government") if city.mayor else ("population", "country")


def city_fact(rng: random.Random, city: City, prop: str) -> FactCase:
    """A fact about a city; the goal may use its local or its ASCII spelling."""
    name = city.label if city.label and rng.random() < 0.3 else city.name
    values = {
        "population": (f"{city.population:,}",),
        "country": (city.country,),
        "head_of_government": (city.mayor,),
    }[prop]
    templates = MAYOR + FACT[prop] if prop == "head_of_government" else FACT[prop]
    return _case(name, (name, city.name, city.shown), prop, city.shown, city_description(city), values, templates)


def org_props(org: Org) -> tuple[str, ...]:
    """The properties the organisation has values for (clubs and charities have no CEO here)."""
    return ("ceo", "founder", "founded") if org.ceo else ("founder", "founded")


def org_fact(org: Org, prop: str) -> FactCase:
    """A fact about an organisation (ceo, founder, founded)."""
    values = {"ceo": (org.ceo,), "founder": org.founders, "founded": (str(org.founded),)}[prop]
    return _case(org.name, (org.name,), prop, org.name, f"{org.kind} from {org.country}", values)


def landmark_props(landmark: Landmark) -> tuple[str, ...]:
    """The properties the landmark has values for."""
    return (
        *(("height",) if landmark.height_m else ()),
        "country",
        *(("founded",) if landmark.built > 0 else ()),
    )


def landmark_fact(landmark: Landmark, prop: str, *, feet: bool = False) -> FactCase:
    """A fact about a landmark; heights in meters, or in feet as some items record them."""
    height = f"{round(landmark.height_m * 3.28084):,} ft" if feet else f"{landmark.height_m:,} m"
    values = {"height": (height,), "country": (landmark.country,), "founded": (str(landmark.built),)}[prop]
    templates = BUILT if prop == "founded" else FACT[prop]
    desc = f"{landmark.kind} in {landmark.city}, {landmark.country}"
    return _case(called(landmark), (landmark.name,), prop, landmark.name, desc, values, templates)


def random_fact(rng: random.Random) -> FactCase:
    """A fact about a random country, city, organisation or landmark."""
    roll = rng.random()
    if roll < 0.4:
        c = any_country(rng)
        return country_fact(c, rng.choice(country_props(c)))
    if roll < 0.65:
        city = rng.choice(CITIES)
        return city_fact(rng, city, rng.choice(city_props(city)))
    if roll < 0.85:
        org = rng.choice(ORGS)
        return org_fact(org, rng.choice(org_props(org)))
    landmark = rng.choice(LANDMARKS)
    return landmark_fact(landmark, rng.choice(landmark_props(landmark)))


def named_fact(rng: random.Random, name: str, kind: str) -> FactCase | None:
    """A random fact about the entity called ``name`` (for nicknames), None when it has no facts here."""
    if kind == "country" and (c := country(name)):
        return country_fact(c, rng.choice(country_props(c)))
    if kind == "city" and (city := next((x for x in CITIES if x.name == name), None)):
        return city_fact(rng, city, rng.choice(city_props(city)))
    if kind == "org" and (org := next((o for o in ORGS if o.name == name), None)):
        return org_fact(org, rng.choice(org_props(org)))
    if kind == "landmark" and (lm := next((x for x in LANDMARKS if x.name == name), None)):
        return landmark_fact(lm, rng.choice(landmark_props(lm)))
    return None
