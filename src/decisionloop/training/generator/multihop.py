"""Builders of two-hop episodes: the first observation answers a sub-question only, and the value the second call
needs (a country, a capital, a maker, an amount, a height) is found in that observation."""

from __future__ import annotations

import random

from decisionloop.gold.suite import GoldStep
from decisionloop.training.generator.actions import recipient
from decisionloop.training.generator.articles import (
    any_country,
    capital_article,
    find_org,
    located_city,
    located_landmark,
    person_article,
    product_article,
)
from decisionloop.training.generator.common import goal, place, when
from decisionloop.training.generator.facts import (
    FactCase,
    capital_fact,
    city_fact,
    country_fact,
    country_props,
    landmark_fact,
    org_fact,
    org_props,
)
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.observations import article, calculated, converted, forecast, message
from decisionloop.training.generator.organisations import PRODUCTS
from decisionloop.training.generator.people import PEOPLE
from decisionloop.training.generator.places import CITIES, COUNTRIES, LANDMARKS, Country, called, country
from decisionloop.training.generator.tables import load

WHERE = load("multihop", "where", dict[str, tuple[str, ...]])
# Second hops about a country, weighted so that currency and language questions are plentiful.
SECOND_HOP = load("multihop", "second_hop", dict[str, float])
WHOSE = load("multihop", "whose", dict[str, tuple[str, ...]])
CAPITAL = load("multihop", "capital", dict[str, tuple[str, ...]])
MAKER = load("multihop", "maker", dict[str, tuple[str, ...]])
BORN = load("multihop", "born", dict[str, tuple[str, ...]])
FEET = load("multihop", "feet", tuple[str, ...])
METERS = load("multihop", "meters", tuple[str, ...])
PERCENT = load("multihop", "percent", tuple[str, ...])
# Each a goal template and the calculator expression it asks for ({n} the amount, {k} a factor).
FACTOR = tuple(load("multihop", "factor", dict[str, str]).items())


def _draft(text: str, expect: bool | None, steps: tuple[GoldStep, ...]) -> Draft:
    return Draft(category="multihop", goal=text, steps=(*steps, finish()), answer=steps[-1].answer, expect_none=expect)


def _first_hop(rng: random.Random, kit: Kit, wiki: tuple[str, str, str], case: FactCase) -> GoldStep:
    """The first hop by encyclopedia or by fact lookup, the other accepted as an alternative when offered."""
    by_wiki = kit.call("wiki_lookup", topic=case.accepted) if kit.has("wiki_lookup") else None
    by_fact = kit.call("wikidata_fact", entity=case.accepted, property=case.prop)
    if by_wiki is not None and rng.random() < 0.6:
        obs, answer = article(*wiki)
        return step(by_wiki, obs, answer, alts=(by_fact,))
    return step(by_fact, case.observation, alts=(by_wiki,) if by_wiki else ())


def _place_with_country(rng: random.Random) -> tuple[str, tuple[str, str, str], FactCase, Country]:
    """A city or landmark, its article (naming the country among other places), its country fact, its country."""
    while True:
        if rng.random() < 0.5:
            city = rng.choice(CITIES)
            c, wiki = country(city.country), located_city(rng, city)
            case = city_fact(rng, city, "country")
            x = case.entity
        else:
            landmark = rng.choice(LANDMARKS)
            c, wiki = country(landmark.country), located_landmark(rng, landmark)
            case, x = landmark_fact(landmark, "country"), called(landmark)
        if c is not None and c.name != x:
            return x, wiki, case, c


def _second_prop(rng: random.Random, c: Country, props: tuple[str, ...]) -> str:
    """A property of ``c`` for the second hop, by the SECOND_HOP weights."""
    have = [p for p in props if p in country_props(c)]
    return rng.choices(have, weights=[SECOND_HOP[p] for p in have])[0]


def country_of(rng: random.Random, kit: Kit) -> Draft:
    """A fact about the country a city or landmark is in: which country, then the fact."""
    x, wiki, case, c = _place_with_country(rng)
    prop = _second_prop(rng, c, tuple(WHERE))
    text, expect = goal(rng, WHERE[prop], {"x": x})
    second = country_fact(c, prop)
    last = step(kit.call("wikidata_fact", entity=second.accepted, property=prop), second.observation)
    return _draft(text, expect, (_first_hop(rng, kit, wiki, case), last))


def capital_country(rng: random.Random, kit: Kit) -> Draft:
    """A fact about "the country whose capital is X": the capital's article (or its country fact) names the
    country among its region, continent and neighbours, then the fact about the country."""
    c = rng.choice([x for x in COUNTRIES if x.region])
    prop = _second_prop(rng, c, tuple(WHOSE))
    text, expect = goal(rng, WHOSE[prop], {"x": c.capital})
    second = country_fact(c, prop)
    last = step(kit.call("wikidata_fact", entity=second.accepted, property=prop), second.observation)
    return _draft(text, expect, (_first_hop(rng, kit, capital_article(rng, c), capital_fact(c)), last))


def capital_of(rng: random.Random, kit: Kit) -> Draft:
    """Something about a country's capital: the capital first, then its population, mayor or weather."""
    c = any_country(rng)
    city = next((x for x in CITIES if x.name == c.capital), None)
    what = "weather" if city is None else rng.choice(("population", "head_of_government", "weather"))
    if city is not None and what == "head_of_government" and not city.mayor:
        what = "population"
    key, phrase = when(rng)
    text, expect = goal(rng, CAPITAL[what], {"c": c.name, "when": phrase})
    case = country_fact(c, "capital")
    first = step(kit.call("wikidata_fact", entity=case.accepted, property="capital"), case.observation)
    if what == "weather":
        shown = f"{c.capital}, {city.region}, {c.name}" if city else f"{c.capital}, {c.name}"
        obs = forecast(rng, shown, key, kit.now)
        last = step(kit.call("weather", place=c.capital, when=key), obs)
    else:
        assert city is not None
        obs = city_fact(rng, city, what).observation
        last = step(kit.call("wikidata_fact", entity=c.capital, property=what), obs)
    return _draft(text, expect, (first, last))


def _amount_case(rng: random.Random) -> tuple[str, str, FactCase, str]:
    """An entity, the property named in the goal, its fact, and the amount the observation gives."""
    if rng.random() < 0.2:
        landmark = rng.choice([x for x in LANDMARKS if x.height_m])
        case = landmark_fact(landmark, "height")
        return called(landmark), "height", case, f"{landmark.height_m:,}"
    c = any_country(rng)
    prop = rng.choice(("population", "population", "area"))
    case = country_fact(c, prop)
    return c.name, prop, case, case.values[0].split()[0]


def fact_then_calc(rng: random.Random, kit: Kit) -> Draft:
    """Arithmetic on an amount that only the fact lookup gives ("15% of the population of X")."""
    e, prop, case, amount = _amount_case(rng)
    plain = amount.replace(",", "")
    if rng.random() < 0.5:
        p = rng.choice(("5", "10", "12", "15", "20", "25", "30", "40", "2.5"))
        text, expect = goal(rng, PERCENT, {"p": p, "prop": prop, "e": e})
        accepted: tuple[str, ...] = (f"{p}% of {amount}", f"{float(p) / 100} * {plain}")
    else:
        template, form = rng.choice(FACTOR)
        k = str(rng.choice((3, 4, 5, 10)))
        text, expect = goal(rng, (template,), {"prop": prop, "e": e, "k": k})
        accepted = (form.format(n=amount, k=k), form.format(n=plain, k=k))
    first = step(kit.call("wikidata_fact", entity=case.accepted, property=prop), case.observation)
    last = step(kit.call("calculator", expression=accepted), calculated(accepted[0]))
    return _draft(text, expect, (first, last))


def fact_then_units(rng: random.Random, kit: Kit) -> Draft:
    """A height converted to another unit: the quantity is in the fact lookup's observation."""
    landmark = rng.choice([x for x in LANDMARKS if x.height_m])
    feet = rng.random() < 0.25
    case = landmark_fact(landmark, "height", feet=feet)
    text, expect = goal(rng, METERS if feet else FEET, {"x": called(landmark)})
    q = case.values[0]
    accepted = (q, q.replace(" ft", " feet")) if feet else (q, q.replace(" m", " meters"))
    first = step(kit.call("wikidata_fact", entity=case.accepted, property="height"), case.observation)
    target = "m" if feet else "ft"
    last = step(kit.call("unit_convert", quantity=accepted, to_unit=target), converted(q, target))
    return _draft(text, expect, (first, last))


def maker_of(rng: random.Random, kit: Kit) -> Draft:
    """A fact about the company that makes a product: the encyclopedia names the maker first."""
    product = rng.choice(PRODUCTS)
    org = find_org(product.maker)
    assert org is not None, product.maker
    prop = rng.choice([p for p in MAKER if p in org_props(org)])
    text, expect = goal(rng, MAKER[prop], {"p": product.name})
    obs, answer = article(*product_article(product))
    first = step(kit.call("wiki_lookup", topic=product.name), obs, answer)
    second = org_fact(org, prop)
    last = step(kit.call("wikidata_fact", entity=org.name, property=prop), second.observation)
    return _draft(text, expect, (first, last))


def birthplace(rng: random.Random, kit: Kit) -> Draft:
    """A fact about the country a person came from: the encyclopedia says which country first."""
    while True:
        person = rng.choice(PEOPLE)
        c = country(person.country)
        props = [p for p in BORN if c is not None and p in country_props(c)]
        if c is not None and props:
            break
    prop = rng.choice(props)
    text, expect = goal(rng, BORN[prop], {"x": person.name})
    obs, answer = article(*person_article(person))
    first = step(kit.call("wiki_lookup", topic=person.name), obs, answer)
    second = country_fact(c, prop)
    last = step(kit.call("wikidata_fact", entity=second.accepted, property=prop), second.observation)
    return _draft(text, expect, (first, last))


# Each says what to send as a clause the extractor finds (the question, not the forecast): the tool is offered,
# and its text slot must be NONE.
RELAY = load("multihop", "relay", tuple[str, ...])


def relay(rng: random.Random, kit: Kit) -> Draft:
    """A forecast passed on in a message: the message text is the forecast, which no span offers (a NONE case)."""
    to, where = recipient(rng), place(rng)
    key, phrase = when(rng)
    text, expect = goal(rng, RELAY, {"to": to, "place": where.name, "when": phrase}, none=True)
    obs = forecast(rng, where.shown, key, kit.now)
    first = step(kit.call("weather", place=where.accepted, when=key), obs)
    body = obs.removeprefix("Forecast for ")
    last = step(kit.call("send_message", to=to, text=(body, obs)), message(to, body))
    return _draft(text, expect, (first, last))
