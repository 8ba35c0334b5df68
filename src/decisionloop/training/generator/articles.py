"""Encyclopedia articles and short descriptions for the generated entities, as a lookup would return them."""

from __future__ import annotations

import random

from decisionloop.training.generator.organisations import ORGS, Org, Product
from decisionloop.training.generator.people import PEOPLE, Person
from decisionloop.training.generator.places import (
    CITIES,
    COUNTRIES,
    NEIGHBOURS,
    City,
    Country,
    Landmark,
    around,
    called,
    continent,
    country,
    gazetteer,
)
from decisionloop.training.generator.texts import Topic

Article = tuple[str, str, str]  # title, description, text


def a(word: str) -> str:
    """``word`` with its indefinite article (an active volcano, a tower)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def about(n: int) -> str:
    """A population in words an article would use (about 2.7 million)."""
    if n >= 1_000_000:
        return f"about {n / 1_000_000:.1f} million"
    return f"about {round(n, -3):,}" if n >= 10_000 else f"about {n:,}"


def city_description(city: City) -> str:
    """``city in Vestland, Norway``."""
    return f"city in {city.region}, {city.country}" if city.region != city.country else f"city-state in {city.region}"


def country_description(country: Country) -> str:
    """``country in Northern Europe`` (or just ``country``)."""
    return f"country in {country.region}" if country.region else "sovereign state"


def city_article(city: City, rng: random.Random) -> Article:
    """A city: where it is and roughly how many live there."""
    extra = rng.choice(
        (
            "It is known for its old town and its markets.",
            "It is an important port and trading centre.",
            "Its university is one of the oldest in the region.",
            "The city hosts a large festival every summer.",
        )
    )
    text = f"{city.name} is a city in {city.region}, {city.country}. "
    text += f"It has {about(city.population)} inhabitants. {extra}"
    return city.name, city_description(city), text


def country_article(country: Country) -> Article:
    """A country: its capital and region, never its other facts (a lookup of those is another hop)."""
    where = f" in {country.region}" if country.region else ""
    text = f"{country.name} is a country{where}. Its capital is {country.capital}. "
    text += "It is a member of many international organisations."
    return country.name, country_description(country), text


def landmark_article(landmark: Landmark) -> Article:
    """A landmark: what and where it is (the country named, so a second hop can use it)."""
    when = (
        f" It was completed in {landmark.built}."
        if landmark.built > 0
        else " It attracts visitors from around the world."
    )
    name = called(landmark)
    text = f"{name[:1].upper()}{name[1:]} is {a(landmark.kind)} in {landmark.city}, {landmark.country}.{when} "
    text += "It is one of the best-known sights of the country."
    return landmark.name, f"{landmark.kind} in {landmark.country}", text


def _borders(rng: random.Random, name: str) -> str:
    """``Kenya borders Tanzania and Uganda.`` (empty when no neighbours are listed)."""
    near = NEIGHBOURS.get(name, ())
    if not near:
        return ""
    picked = rng.sample(near, min(len(near), rng.choice((1, 2, 2))))
    return f"{name} borders {' and '.join(picked)}."


def _first_of(*options: str) -> str:
    """The first non-empty option: article builders list sentences from most to least specific."""
    return next(o for o in options if o)


def located_city(rng: random.Random, city: City) -> Article:
    """A city among several places: its region, its country, the part of the world and a bordering country.

    The country is always named, so a second hop about the country can take it from here, next to the others.
    """
    c = country(city.country)
    where, cont, name, land = around(c), continent(c), city.name, city.country
    firsts = [f"{name} is a city in {land}."]
    if city.region != land:
        firsts += [
            f"{name} is a city in {city.region}, {land}.",
            f"{name} is one of the main cities of {land} and the seat of {city.region}.",
        ]
        firsts += [f"{name} lies in {city.region}, a region of {land} in {cont}."] if cont else []
    firsts += [f"{name} is a city in {land}, in {where}."] if where else []
    second = rng.choice((f"It has {about(city.population)} inhabitants.", _borders(rng, land) or f"It lies in {land}."))
    third = f"It is among the best-known cities in {cont}." if cont else "It draws many visitors."
    desc = rng.choice(
        (f"city in {city.region}, {land}" if city.region != land else f"city in {land}", f"city in {land}")
    )
    return name, desc, f"{rng.choice(firsts)} {second} {third}"


def located_landmark(rng: random.Random, landmark: Landmark) -> Article:
    """A landmark with its city, country and part of the world; its height (a quantity) when it has one."""
    where, land, name = around(country(landmark.country)), landmark.country, called(landmark)
    places = [f"in {landmark.city}, {land}", f"near {landmark.city} in {land}"]
    places += [f"in {landmark.city}, {land}, in {where}"] if where else []
    first = f"{name[:1].upper()}{name[1:]} is {a(landmark.kind)} {rng.choice(places)}."
    second = _first_of(
        f"It is {landmark.height_m:,} m high." if landmark.height_m and rng.random() < 0.5 else "",
        f"It dates from {landmark.built}." if landmark.built > 0 else "",
        "It attracts visitors from around the world.",
    )
    third = _borders(rng, land) or f"It is one of the best-known sights of {land}."
    desc = rng.choice((f"{landmark.kind} in {land}", f"{landmark.kind} in {landmark.city}, {land}"))
    return landmark.name, desc, f"{first} {second} {third}"


def capital_article(rng: random.Random, c: Country) -> Article:
    """A capital city: the country it is the capital of, its region or continent, and a neighbour or two."""
    where, cont, cap = around(c), continent(c), c.capital
    city = next((x for x in CITIES if x.name == cap), None)
    firsts = [f"{cap} is the capital of {c.name}."]
    firsts += [f"{cap} is the capital city of {c.name}, in {where}."] if where else []
    firsts += [f"{cap}, the capital of {c.name}, lies in {city.region}."] if city and city.region != c.name else []
    second = _borders(rng, c.name) or f"It is one of the largest cities in {cont or c.name}."
    thirds = ["It is home to the national parliament and many embassies."]
    thirds += [f"It has {about(city.population)} inhabitants."] if city else []
    desc = rng.choice((f"capital of {c.name}", f"capital of {c.name}, in {where}" if where else f"city in {c.name}"))
    return cap, desc, f"{rng.choice(firsts)} {second} {rng.choice(thirds)}"


def person_article(person: Person) -> Article:
    """A person: role, birthplace and what they are known for."""
    text = f"{person.name} ({person.lived}) was {a(person.role)} from {person.country}, born in {person.born}. "
    text += f"{person.surname} became known for {person.known_for}. "
    text += "Their work is still widely studied."
    return person.name, f"{person.role} ({person.lived})", text


def org_article(org: Org) -> Article:
    """An organisation: kind, seat and founding, never its CEO (that is a fact lookup)."""
    founders = " and ".join(org.founders)
    text = f"{org.name} is {a(org.kind)} based in {org.city}, {org.country}. "
    text += f"It was founded in {org.founded} by {founders}. It employs thousands of people worldwide."
    return org.name, f"{org.kind} from {org.country}", text


def product_article(product: Product) -> Article:
    """A product: what it is and who makes it (the first hop of a question about its maker)."""
    text = f"The {product.name} is {a(product.kind)} made by {product.maker}. "
    text += f"It was first released in {product.year}. It sold widely in many countries."
    return product.name, f"{product.kind} by {product.maker}", text


def topic_article(topic: Topic) -> Article:
    """A topic from the text lists."""
    return topic.title, topic.description, topic.text


def find_person(name: str) -> Person | None:
    """The person called ``name``."""
    return next((p for p in PEOPLE if p.name == name), None)


def find_org(name: str) -> Org | None:
    """The organisation called ``name``."""
    return next((o for o in ORGS if o.name == name), None)


def any_country(rng: random.Random, curated: float = 0.75) -> Country:
    """A curated country most of the time, else one from the gazetteer."""
    pool = COUNTRIES if rng.random() < curated else gazetteer().countries
    return rng.choice(pool)
