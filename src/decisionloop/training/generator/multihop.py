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
from decisionloop.training.generator.entities import CITIES, COUNTRIES, LANDMARKS, Country, called, country
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
from decisionloop.training.generator.figures import PEOPLE, PRODUCTS
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.observations import article, calculated, converted, forecast, message

WHERE: dict[str, tuple[str, ...]] = {
    "population": (
        "How many people live in the country that {x} is in?",
        "What's the population of the nation {x} belongs to?",
        "{x} is in some country - how many people live there?",
        "Population of whichever country {x} is located in?",
        "How many people live in the country {x} is part of?",
    ),
    "currency": (
        "Which currency would I need in the country where {x} is located?",
        "What money do they use in the country that has {x}?",
        "If I visit {x}, what currency does that country use?",
        "I'm off to see {x} - which currency will I need there?",
        "Name the currency of the country where you'd find {x}",
        "Which money is legal tender in the country that's home to {x}?",
        "What do they pay with in the country {x} is in?",
        "Which currency should I change my money into to visit {x}?",
    ),
    "official_language": (
        "What's the official language of the country {x} is in?",
        "Which language is official in the nation that's home to {x}?",
        "Which language is official where {x} is?",
        "What language do people officially speak in the country {x} is in?",
        "If I go to {x}, what's the official language of that country?",
    ),
    "area": (
        "How large is the country where {x} is found?",
        "What's the area of the country containing {x}?",
        "How big is the country {x} is in?",
    ),
    "head_of_government": (
        "Who leads the government of the country where {x} is?",
        "Who is the head of government of the country {x} is located in?",
        "Who runs the government of the country that's home to {x}?",
    ),
    "capital": (
        "What's the capital of the country {x} is in?",
        "Which city is the capital of the nation where {x} stands?",
        "Name the capital of the country that has {x}",
    ),
}
# Second hops about a country, weighted so that currency and language questions are plentiful.
SECOND_HOP: dict[str, float] = {
    "currency": 3.0,
    "official_language": 2.5,
    "population": 1.5,
    "head_of_government": 1.2,
    "area": 1.0,
    "capital": 0.8,
}
WHOSE: dict[str, tuple[str, ...]] = {
    "currency": (
        "Which currency is used in the nation whose capital city is {x}?",
        "What do people pay with in the country that has {x} as its capital?",
        "{x} is a capital city - which currency does its country use?",
        "What money is used in the country with {x} as capital?",
        "Which currency would I need in the country whose capital is {x}?",
    ),
    "official_language": (
        "What's the official language of the country whose capital is {x}?",
        "Which language is official in the nation with its capital at {x}?",
        "The capital of some country is {x}. What language is official there?",
        "What language do they officially speak in the country with its capital in {x}?",
    ),
    "population": (
        "How many people live in the country whose capital is {x}?",
        "Population of the nation with {x} as its capital?",
        "{x} is a capital - how many people does its country have?",
    ),
    "area": (
        "How large is the country whose capital is {x}?",
        "Total area of the nation with its capital in {x}?",
        "How many square kilometres does the country with its capital at {x} cover?",
    ),
    "head_of_government": (
        "Who heads the government of the country whose capital is {x}?",
        "Who leads the nation that has {x} as its capital?",
        "{x} is a capital city - who runs that country's government?",
    ),
}
CAPITAL: dict[str, tuple[str, ...]] = {
    "population": (
        "How many people live in the capital of {c}?",
        "What's the population of {c}'s capital?",
        "Population of the capital city of {c}?",
    ),
    "head_of_government": ("Who is the mayor of {c}'s capital?", "Who runs the capital of {c} as mayor?"),
    "weather": (
        "What's the weather {when} in the capital of {c}?",
        "Will it rain in {c}'s capital {when}?",
        "Forecast for the capital of {c} {when}",
    ),
}
MAKER: dict[str, tuple[str, ...]] = {
    "ceo": (
        "Who is the CEO of the company that makes the {p}?",
        "Who runs the company behind the {p}?",
        "The {p} is made by some company - who is its chief executive?",
    ),
    "founder": ("Who founded the company that makes the {p}?", "Who started the maker of the {p}?"),
    "founded": ("When was the company behind the {p} founded?", "What year was the maker of the {p} established?"),
}
BORN: dict[str, tuple[str, ...]] = {
    "capital": ("What's the capital of the country where {x} was born?", "{x} came from which country's capital?"),
    "currency": (
        "What currency is used in {x}'s home country?",
        "Which money do they use in the country {x} was from?",
    ),
    "official_language": ("Which language is official in the country {x} came from?",),
    "population": ("How many people live in {x}'s home country?",),
}
FEET: tuple[str, ...] = (
    "How many feet high is {x}?",
    "Give me {x}'s height in feet",
    "{x}: how tall in feet?",
    "How tall is {x} in feet?",
    "What's {x}'s height in feet?",
)
METERS: tuple[str, ...] = ("How tall is {x} in meters?", "{x}'s height in metres?", "How many meters high is {x}?")
PERCENT: tuple[str, ...] = (
    "Work out {p} percent of the {prop} of {e}",
    "How much is {p}% of {e}'s {prop}?",
    "{p}% of the {prop} of {e} - how much is that?",
    "Take {p}% of the {prop} of {e}",
)
FACTOR: tuple[tuple[str, str], ...] = (
    ("What would twice the {prop} of {e} be?", "2 * {n}"),
    ("Double the {prop} of {e}: how much is that?", "2 * {n}"),
    ("What's half the {prop} of {e}?", "{n} / 2"),
    ("What is the {prop} of {e} divided by {k}?", "{n} / {k}"),
    ("What's {k} times the {prop} of {e}?", "{k} * {n}"),
)


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
RELAY: tuple[str, ...] = (
    "Let {to} know what the forecast is for {place} {when}",
    "Tell {to} what the weather will be in {place} {when}",
    "Text {to} saying what the weather is like in {place} {when}",
    "Message {to} to say how the weather looks in {place} {when}",
)


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
