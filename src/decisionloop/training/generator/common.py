"""Helpers the episode builders share: goal rendering, read-only negations, places, invented names, numbers."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from decisionloop.training.generator.noise import render
from decisionloop.training.generator.phrasing import NEGATIONS, WHEN_PHRASES
from decisionloop.training.generator.places import CITIES, COUNTRIES, gazetteer
from decisionloop.training.generator.tables import load

NEGATION_SHARE = 0.06
_SYLLABLES = load("common", "syllables", tuple[str, ...])
_ENDINGS = load("common", "endings", tuple[str, ...])


def goal(
    rng: random.Random,
    templates: Sequence[str],
    values: Mapping[str, str],
    *,
    none: bool = False,
    tail: bool = True,
    negate: bool = False,
) -> tuple[str, bool | None]:
    """A goal from one of ``templates``, and whether a value is meant to be out of reach (None: noise may hide one).

    ``negate``: now and then the goal (a read-only one) starts by saying what not to do ("Don't save anything - ").
    ``tail``: whether a sign-off may follow (see ``render``).
    """
    lead = rng.choice(NEGATIONS) if negate and rng.random() < NEGATION_SHARE else ""
    rendered = render(rng, rng.choice(templates), values, tail=tail, lead=lead)
    return rendered.text, (none if rendered.safe else None)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case, the rest untouched."""
    return text[:1].upper() + text[1:]


def invented_name(rng: random.Random) -> str:
    """A name that no tool knows (Quasholm, Belmere)."""
    return rng.choice(_SYLLABLES) + rng.choice(_ENDINGS)


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """A place for a forecast: how the goal names it, how the service shows it, accepted spellings."""

    name: str
    shown: str
    accepted: tuple[str, ...]


def place(rng: random.Random) -> Place:
    """A curated city (with region), a capital, or a large city from the gazetteer."""
    roll = rng.random()
    if roll < 0.55:
        city = rng.choice(CITIES)
        name = city.label if city.label and rng.random() < 0.3 else city.name
        shown = ", ".join(dict.fromkeys((city.shown, city.region, city.country)))
        return Place(name=name, shown=shown, accepted=tuple(dict.fromkeys((name, city.name, city.shown))))
    if roll < 0.7:
        country = rng.choice(COUNTRIES)
        return Place(name=country.capital, shown=f"{country.capital}, {country.name}", accepted=(country.capital,))
    name, country_name, _ = rng.choice(gazetteer().cities)
    return Place(name=name, shown=f"{name}, {country_name}", accepted=(name,))


_WHEN_WEIGHTS = {"today": 3.0, "tomorrow": 3.0, "weekend": 2.0, "week": 2.0}  # a weekday: 0.3 each


def when(rng: random.Random) -> tuple[str, str]:
    """A forecast range key and a way to say it."""
    key = rng.choices(tuple(WHEN_PHRASES), weights=[_WHEN_WEIGHTS.get(k, 0.3) for k in WHEN_PHRASES])[0]
    return key, rng.choice(WHEN_PHRASES[key])


def number(rng: random.Random, low: int, high: int, *, commas: bool = True) -> str:
    """A whole number in [low, high], with thousands commas when ``commas``."""
    n = rng.randint(low, high)
    return f"{n:,}" if commas else str(n)


def decimal(rng: random.Random, low: float, high: float, places: int = 1) -> str:
    """A decimal number in [low, high] with ``places`` decimals."""
    return f"{rng.uniform(low, high):.{places}f}"
