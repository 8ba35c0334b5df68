"""Builders that set encyclopedia lookups apart from their look-alikes: events and missions (the lookup takes the
name, not a trailing common noun), where a named place is (the world, not the user's notes), and people or
companies described instead of named (NONE: the name is not in the goal) next to their named twins."""

from __future__ import annotations

import random

from decisionloop.training.generator.aliases import DESCRIBED, Described
from decisionloop.training.generator.articles import (
    Article,
    city_article,
    find_org,
    find_person,
    landmark_article,
    org_article,
    person_article,
)
from decisionloop.training.generator.common import goal
from decisionloop.training.generator.events import EVENTS, MISSIONS
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.observations import article
from decisionloop.training.generator.phrasing import ABOUT_COMPANY, ABOUT_SOMEONE, EVENT, MISSION, WHEN_EVENT, WHERE_IS
from decisionloop.training.generator.places import CITIES, LANDMARKS, called

PERSON_SHARE = 0.65
APPOSITION_SHARE = 0.35


def _lookup(kit: Kit, category: str, text: str, expect: bool | None, topic: str, art: Article) -> Draft:
    obs, answer = article(*art)
    steps = (step(kit.call("wiki_lookup", topic=topic), obs, answer), finish())
    return Draft(category=category, goal=text, steps=steps, answer=answer, expect_none=expect)


def event(rng: random.Random, kit: Kit) -> Draft:
    """A mission ("the Voyager 2 probe") or a named event ("the Battle of Adwa"): the lookup takes the name."""
    if rng.random() < 0.5:
        e = rng.choice(MISSIONS)
        text, expect = goal(rng, MISSION, {"x": e.name, "n": rng.choice(e.nouns)}, negate=True)
    else:
        e = rng.choice(EVENTS)
        text, expect = goal(rng, EVENT, {"x": e.name}, negate=True)
    return _lookup(kit, "wiki", text, expect, e.name, (e.name, e.description, e.text))


def where(rng: random.Random, kit: Kit) -> Draft:
    """Where a landmark or city is, or when an event was: an encyclopedia question, though it reads like "where is
    my …"; the country fact is accepted too for a place."""
    roll = rng.random()
    if roll < 0.2:
        e = rng.choice(EVENTS)
        text, expect = goal(rng, WHEN_EVENT, {"x": e.name})
        return _lookup(kit, "wiki", text, expect, e.name, (e.name, e.description, e.text))
    if roll < 0.65:
        landmark = rng.choice(LANDMARKS)
        said, name, art = called(landmark), landmark.name, landmark_article(landmark)
    else:
        city = rng.choice(CITIES)
        said, name, art = city.name, city.name, city_article(city, rng)
    text, expect = goal(rng, WHERE_IS, {"x": said})
    obs, answer = article(*art)
    alts = (kit.call("wikidata_fact", entity=name, property="country"),) if kit.has("wikidata_fact") else ()
    steps = (step(kit.call("wiki_lookup", topic=name), obs, answer, alts=alts), finish())
    return Draft(category="wiki", goal=text, steps=steps, answer=answer, expect_none=expect)


def _someone(rng: random.Random) -> tuple[Described, Article, tuple[str, ...]]:
    """A described person or company, its article, and the templates that ask about it."""
    kind = "person" if rng.random() < PERSON_SHARE else "org"
    d = rng.choice([x for x in DESCRIBED if x.kind == kind])
    if kind == "person":
        person = find_person(d.real)
        assert person is not None, d.real
        return d, person_article(person), ABOUT_SOMEONE
    org = find_org(d.real)
    assert org is not None, d.real
    return d, org_article(org), ABOUT_COMPANY


def described(rng: random.Random, kit: Kit) -> Draft:
    """Someone the goal describes without naming ("the painter of The Scream"): the name the lookup needs is not
    in the goal, so NONE is the right topic, however named the work or product in the goal is."""
    d, art, templates = _someone(rng)
    text, expect = goal(rng, templates, {"d": d.phrase}, none=True)
    return _lookup(kit, "rewrite", text, expect, d.real, art)


def named(rng: random.Random, kit: Kit) -> Draft:
    """The twin of ``described``: the same people and companies, named in the goal (now and then with the
    description after the name), so the lookup takes the name."""
    d, art, templates = _someone(rng)
    template = rng.choice(templates)
    said = f"{d.real}, {d.phrase}" if template.endswith("{d}") and rng.random() < APPOSITION_SHARE else d.real
    text, expect = goal(rng, (template,), {"d": said}, negate=True)
    return _lookup(kit, "wiki", text, expect, d.real, art)
