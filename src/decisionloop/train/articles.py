"""Encyclopedia articles and short descriptions for the generated entities, as a lookup would return them."""

from __future__ import annotations

import random

from decisionloop.train.entities import COUNTRIES, City, Country, Landmark, called, gazetteer
from decisionloop.train.figures import ORGS, PEOPLE, Org, Person, Product
from decisionloop.train.texts import Topic

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


def person_article(person: Person) -> Article:
    """A person: role, birthplace and what they are known for."""
    text = f"{person.name} ({person.lived}) was {a(person.role)} from {person.country}, born in {person.born}. "
    text += f"{person.name.split()[-1]} became known for {person.known_for}. "
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
