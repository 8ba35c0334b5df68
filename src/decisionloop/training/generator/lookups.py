"""Builders of single-lookup episodes: weather, encyclopedia, one fact (with founders against founding years, and
leaders of countries and cities, on their own), and the same asked through a nickname or a misspelling (whose real
value the extractor cannot offer: the NONE cases)."""

from __future__ import annotations

import random

from decisionloop.core.tool import ToolContext
from decisionloop.tools.local import clock as run_clock
from decisionloop.tools.zones import find_zone
from decisionloop.training.generator.aliases import NICKNAMES
from decisionloop.training.generator.articles import (
    Article,
    any_country,
    city_article,
    country_article,
    landmark_article,
    org_article,
    person_article,
    product_article,
    topic_article,
)
from decisionloop.training.generator.common import capitalised, goal, invented_name, place, when
from decisionloop.training.generator.facts import (
    FactCase,
    city_fact,
    city_props,
    country_fact,
    country_props,
    named_fact,
    org_fact,
    org_props,
    random_fact,
)
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.noise import typo
from decisionloop.training.generator.observations import article, forecast, no_article, no_item, no_place
from decisionloop.training.generator.organisations import ORGS, PRODUCTS
from decisionloop.training.generator.people import PEOPLE
from decisionloop.training.generator.phrasing import (
    CLOCK,
    CLOCK_HERE,
    WEATHER,
    WEATHER_NOW,
    WIKI,
    WIKI_NAMED,
    WIKI_PERSON,
    WIKI_THING,
)
from decisionloop.training.generator.places import CITIES, COUNTRIES, LANDMARKS, called
from decisionloop.training.generator.tables import load
from decisionloop.training.generator.texts import TOPICS

FAILURE_SHARE = 0.05
HERE_SHARE = 0.3
_ZONED = tuple(c for c in CITIES if find_zone(c.name) is not None)  # the cities the clock knows the zone of
_KEEP_CASE = frozenset(load("lookups", "keep_case", tuple[str, ...]))


def weather(rng: random.Random, kit: Kit) -> Draft:
    """The forecast for a place and a range of days; now and then for a place no service knows."""
    key, phrase = when(rng)
    templates = WEATHER
    if rng.random() < 0.1:
        key, phrase, templates = "today", "", WEATHER_NOW
    where = place(rng)
    failed = rng.random() < FAILURE_SHARE
    name = invented_name(rng) if failed else where.name
    text, expect = goal(rng, templates, {"place": name, "when": phrase, "When": capitalised(phrase)}, negate=True)
    call = kit.call("weather", place=(name,) if failed else where.accepted, when=key)
    obs = no_place(name) if failed else forecast(rng, where.shown, key, kit.now)
    answer = f"I could not find a place called {name}." if failed else obs
    steps = (step(call, obs, answer), finish())
    return Draft(category="weather", goal=text, steps=steps, answer=answer, expect_none=expect)


def clock(rng: random.Random, kit: Kit) -> Draft:
    """The time and date in a city (its name, or the zone's), or where the user is (the clock's place left out);
    the observation is the clock tool's own, at the episode's time."""
    if rng.random() < HERE_SHARE:
        text, expect = goal(rng, CLOCK_HERE, {})
        call, args = kit.call("clock"), {}
    else:
        city = rng.choice(_ZONED)
        text, expect = goal(rng, CLOCK, {"place": city.name})
        call, args = kit.call("clock", place=(city.name,)), {"place": city.name}
    obs = run_clock(args, ToolContext(now=kit.now)).observation
    return Draft(category="clock", goal=text, steps=(step(call, obs), finish()), answer=obs, expect_none=expect)


def _subject(rng: random.Random) -> tuple[str, Article, tuple[str, ...]]:
    """What to look up: how the goal says it, its article, and the templates that fit it."""
    roll = rng.random()
    if roll < 0.35:
        topic = rng.choice(TOPICS)
        title = topic.title
        phrase = title if title in _KEEP_CASE or any(w[0].isupper() for w in title.split()[1:]) else title.lower()
        return phrase, topic_article(topic), WIKI + WIKI_THING
    if roll < 0.55:
        person = rng.choice(PEOPLE)
        return person.name, person_article(person), WIKI + WIKI_PERSON
    if roll < 0.67:
        landmark = rng.choice(LANDMARKS)
        return called(landmark), landmark_article(landmark), WIKI + WIKI_NAMED
    if roll < 0.76:
        city = rng.choice(CITIES)
        return city.name, city_article(city, rng), WIKI + WIKI_NAMED
    if roll < 0.84:
        c = any_country(rng)
        return c.name, country_article(c), WIKI + WIKI_NAMED
    if roll < 0.94:
        org = rng.choice(ORGS)
        return org.name, org_article(org), WIKI + WIKI_NAMED
    product = rng.choice(PRODUCTS)
    return f"the {product.name}", product_article(product), WIKI + WIKI_THING


def wiki(rng: random.Random, kit: Kit) -> Draft:
    """An encyclopedia lookup of a topic, person, place or thing; now and then one that has no article."""
    phrase, (title, desc, text), templates = _subject(rng)
    if rng.random() < FAILURE_SHARE:
        phrase = f"the {invented_name(rng)} {rng.choice(('Accord', 'Festival', 'Expedition', 'Codex'))}"
        bare = phrase.removeprefix("the ")
        goal_text, expect = goal(rng, WIKI, {"topic": phrase})
        obs = no_article(bare)
        steps = (step(kit.call("wiki_lookup", topic=bare), obs, f"There is no article about {bare}."), finish())
        return Draft(category="wiki", goal=goal_text, steps=steps, answer=steps[0].answer, expect_none=expect)
    goal_text, expect = goal(rng, templates, {"topic": phrase}, negate=True)
    obs, answer = article(title, desc, text)
    accepted = tuple(dict.fromkeys((phrase.removeprefix("the "), title)))
    steps = (step(kit.call("wiki_lookup", topic=accepted), obs, answer), finish())
    return Draft(category="wiki", goal=goal_text, steps=steps, answer=answer, expect_none=expect)


def fact(rng: random.Random, kit: Kit) -> Draft:
    """One property of one entity; now and then an entity the knowledge base does not have."""
    return _fact(rng, kit, random_fact(rng))


_ORG_PROPS = {"founder": 0.45, "founded": 0.35, "ceo": 0.2}


def founding(rng: random.Random, kit: Kit) -> Draft:
    """Who founded an organisation (founder) against when it was founded (founded), and who runs it (ceo)."""
    org = rng.choice(ORGS)
    props = org_props(org)
    prop = rng.choices(props, weights=[_ORG_PROPS[p] for p in props])[0]
    return _fact(rng, kit, org_fact(org, prop))


def leader(rng: random.Random, kit: Kit) -> Draft:
    """Who leads a country (prime minister, president) or a city (mayor): the head of government."""
    if rng.random() < 0.55:
        c = rng.choice([x for x in COUNTRIES if x.leader])
        return _fact(rng, kit, country_fact(c, "head_of_government"), is_place=True)
    city = rng.choice([x for x in CITIES if "head_of_government" in city_props(x)])
    return _fact(rng, kit, city_fact(rng, city, "head_of_government"), is_place=True)


def _fact(rng: random.Random, kit: Kit, case: FactCase, *, is_place: bool = False) -> Draft:
    """The fact lookup of ``case``; now and then of a made-up name (a place's when ``is_place``) that has no item."""
    if rng.random() < FAILURE_SHARE:
        name = invented_name(rng)
        name = name if is_place else f"{name} {rng.choice(('Works', 'Holdings', 'Tower', 'Labs'))}"
        text, expect = goal(rng, case.templates, {"e": name})
        obs = no_item(name)
        steps = (step(kit.call("wikidata_fact", entity=name, property=case.prop), obs, obs), finish())
        return Draft(category="fact", goal=text, steps=steps, answer=obs, expect_none=expect)
    text, expect = goal(rng, case.templates, {"e": case.entity}, negate=True)
    obs = case.observation
    steps = (step(kit.call("wikidata_fact", entity=case.accepted, property=case.prop), obs), finish())
    return Draft(category="fact", goal=text, steps=steps, answer=obs, expect_none=expect)


def nickname(rng: random.Random, kit: Kit) -> Draft:
    """A fact, forecast or article about something the goal names only by a nickname."""
    nick = rng.choice(NICKNAMES)
    case = named_fact(rng, nick.real, nick.kind)
    if nick.kind == "city" and rng.random() < 0.4:
        city = next(c for c in CITIES if c.name == nick.real)
        key, phrase = when(rng)
        text, expect = goal(
            rng, WEATHER, {"place": nick.phrase, "when": phrase, "When": capitalised(phrase)}, none=True
        )
        shown = ", ".join(dict.fromkeys((city.shown, city.region, city.country)))
        call = kit.call("weather", place=tuple(dict.fromkeys((city.name, city.shown))), when=key)
        obs = forecast(rng, shown, key, kit.now)
        return Draft(category="rewrite", goal=text, steps=(step(call, obs), finish()), answer=obs, expect_none=expect)
    if case is None:
        person = next(p for p in PEOPLE if p.name == nick.real)
        text, expect = goal(rng, WIKI + WIKI_PERSON, {"topic": nick.phrase}, none=True)
        obs, answer = article(*person_article(person))
        steps = (step(kit.call("wiki_lookup", topic=person.name), obs, answer), finish())
        return Draft(category="rewrite", goal=text, steps=steps, answer=answer, expect_none=expect)
    text, expect = goal(rng, case.templates, {"e": nick.phrase}, none=True)
    steps = (step(kit.call("wikidata_fact", entity=nick.real, property=case.prop), case.observation), finish())
    return Draft(category="rewrite", goal=text, steps=steps, answer=case.observation, expect_none=expect)


def misspelt(rng: random.Random, kit: Kit) -> Draft:
    """A fact about a country or city whose name the goal misspells: the tool needs the right spelling."""
    if rng.random() < 0.5:
        c = any_country(rng, curated=1.0)
        case = country_fact(c, rng.choice(country_props(c)))
    else:
        city = rng.choice([c for c in CITIES if len(c.name) >= 5 and not c.label])
        case = city_fact(rng, city, "population")
    real = case.accepted[0]
    longest = max(real.split(), key=len)
    wrong = real
    while wrong.casefold() == real.casefold():  # swapping two equal letters changes nothing
        wrong = real.replace(longest, typo(longest, rng), 1)
    text, expect = goal(rng, case.templates, {"e": wrong}, none=True)
    steps = (step(kit.call("wikidata_fact", entity=real, property=case.prop), case.observation), finish())
    return Draft(category="rewrite", goal=text, steps=steps, answer=case.observation, expect_none=expect)
