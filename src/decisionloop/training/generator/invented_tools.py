"""Invented tools: roles no built-in tool plays (flight status, share prices, translation, bookings…), each with
several ids, descriptions and slot names to draw from, so that a model has to read what an option says rather than
remember its id; and the builders of the episodes whose goal needs one.

The observations are made up in the style of the built-in tools; the invented tools are never run. The plans and
the values their episodes draw from are in ``data/invented_tools.json``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from decisionloop.training.generator.common import goal
from decisionloop.training.generator.kit import Draft, Kit, ToolPlan, Values, finish, step
from decisionloop.training.generator.observations import calculated
from decisionloop.training.generator.places import CITIES
from decisionloop.training.generator.tables import load

INVENTED = load("invented_tools", "tools", tuple[ToolPlan, ...])


def _options(role: str, key: str) -> tuple[tuple[str, str], ...]:
    """The fixed options (key, label) of the slot ``key`` of the invented tool playing ``role``."""
    plan = next(p for p in INVENTED if p.role == role)
    return next(s.fixed for s in plan.slots if s.key == key)


LANGUAGES = _options("translate", "language")
CURRENCIES = _options("exchange_rate", "base")
TICKERS = tuple(load("invented_tools", "tickers", dict[str, str]).items())
# Each phrase with its translation per language key.
PHRASES = tuple(load("invented_tools", "phrases", dict[str, dict[str, str]]).items())
RESTAURANTS = load("invented_tools", "restaurants", tuple[str, ...])
FILMS = load("invented_tools", "films", tuple[str, ...])
NEWS = tuple(load("invented_tools", "news", dict[str, tuple[str, ...]]).items())
DISHES = load("invented_tools", "dishes", tuple[str, ...])
SERVICES = load("invented_tools", "services", tuple[str, ...])
RIDES = load("invented_tools", "rides", tuple[str, ...])
WORDS = tuple(load("invented_tools", "words", dict[str, str]).items())
POSTS = load("invented_tools", "posts", tuple[str, ...])
SHOPPING = load("invented_tools", "shopping", tuple[str, ...])
AIRLINES = load("invented_tools", "airlines", tuple[str, ...])
FLIGHT_STATES = load("invented_tools", "flight_states", tuple[str, ...])
CURRENCY_WORDS = load("invented_tools", "currency_words", dict[str, tuple[str, str]])
# Each day as a booking names it and as a goal says it.
BOOKING_DAYS = tuple(load("invented_tools", "booking_days", dict[str, str]).items())
THERMOSTAT = load("invented_tools", "thermostat", tuple[str, ...])
# Goal templates per invented role.
ASKING = load("invented_tools", "asking", dict[str, tuple[str, ...]])

Made = tuple[dict[str, str], dict[str, Values], str]  # template values, gold args, observation
# Roles whose goal ends with a value that runs to the end of the sentence: no sign-off after it.
_OPEN_ENDED = frozenset({"news", "recipes", "define", "post_status", "shopping_list"})
_RISKY = frozenset({"cancel_subscription", "book_ride", "post_status"})


def _flight(rng: random.Random) -> Made:
    code = f"{rng.choice(AIRLINES)}{rng.choice((' ', ''))}{rng.randint(10, 2999)}"
    a, b = rng.sample(CITIES, 2)
    return {"f": code}, {"flight": code}, f"Flight {code} ({a.shown} → {b.shown}): {rng.choice(FLIGHT_STATES)}"


def _price(rng: random.Random, ticker: str, name: str) -> str:
    return f"{ticker} ({name}): {rng.uniform(8, 900):.2f} USD ({rng.uniform(-4, 4):+.1f}% today)"


def _stock(rng: random.Random) -> Made:
    ticker, name = rng.choice(TICKERS)
    said = ticker if rng.random() < 0.6 else name
    return {"t": said}, {"ticker": (said, ticker)}, _price(rng, ticker, name)


def _translate(rng: random.Random) -> Made:
    phrase, translations = rng.choice(PHRASES)
    key, language = rng.choice(LANGUAGES)
    return {"x": phrase, "L": language}, {"text": phrase, "language": key}, f'{language}: "{translations[key]}"'


def _table(rng: random.Random) -> Made:
    restaurant = rng.choice(RESTAURANTS)
    day, said = rng.choice(BOOKING_DAYS)
    obs = f"Table for {rng.randint(2, 6)} at {restaurant} ({day}, {rng.choice(('19:00', '19:30', '20:15'))}) is booked"
    return {"r": restaurant, "d": said}, {"restaurant": (restaurant, restaurant.removeprefix("The ")), "day": day}, obs


def _showtimes(rng: random.Random) -> Made:
    film, city = rng.choice(FILMS), rng.choice(CITIES)
    obs = f"{film} in {city.shown}: 17:30 and 20:45 at Cinema Nova; 19:10 at Odeon Central"
    return {"f": film, "c": city.name}, {"film": (film, film.removeprefix("The ")), "city": city.name}, obs


def _news(rng: random.Random) -> Made:
    topic, headlines = rng.choice(NEWS)
    bare = topic.removeprefix("the ")
    return {"t": topic}, {"topic": bare}, f"Top stories on {bare}: " + "; ".join(f'"{h}"' for h in headlines)


def _recipe(rng: random.Random) -> Made:
    dish = rng.choice(DISHES)
    obs = f'Recipes for {dish}: "Easy {dish}" (35 min, 4.7 stars); "Weeknight {dish}" (50 min, 4.5 stars)'
    return {"d": dish}, {"dish": dish}, obs


def _cancel(rng: random.Random) -> Made:
    service = rng.choice(SERVICES)
    return {"s": service}, {"service": service}, f"Your {service} subscription is cancelled; access ends in 9 days."


def _ride(rng: random.Random) -> Made:
    where = rng.choice(RIDES)
    bare = where.removeprefix("the ")
    obs = f"A driver is on the way to {bare}, arriving in {rng.randint(2, 14)} min."
    return {"d": where}, {"destination": bare}, obs


def _thermostat(rng: random.Random) -> Made:
    temp = rng.choice(THERMOSTAT)
    return {"t": temp}, {"temperature": temp}, f"Thermostat set to {temp}; heating is on."


def _define(rng: random.Random) -> Made:
    word, meaning = rng.choice(WORDS)
    return {"w": word}, {"word": word}, f"{word}: {meaning}"


def _rate(rng: random.Random) -> Made:
    (b, _), (t, _) = rng.sample(CURRENCIES, 2)
    values = {"b": CURRENCY_WORDS[b][0], "bs": CURRENCY_WORDS[b][1], "t": CURRENCY_WORDS[t][1], "bc": b, "tc": t}
    return values, {"base": b, "target": t}, f"1 {b} = {rng.uniform(0.01, 160):.4f} {t} (mid-market rate)"


def _time(rng: random.Random) -> Made:
    city = rng.choice(CITIES)
    obs = f"Local time in {city.shown}, {city.country}: {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
    return {"p": city.name}, {"place": city.name}, obs


def _post(rng: random.Random) -> Made:
    post = rng.choice(POSTS)
    return {"x": post}, {"text": post}, f'Posted to your feed: "{post}"'


def _shopping(rng: random.Random) -> Made:
    item = rng.choice(SHOPPING)
    return {"i": item}, {"item": item}, f'Added "{item}" to your shopping list.'


# Tools with two or three values of one kind in their goal (two cities, two charges, a weight and a height), so that
# a model learns which value binds to which slot from the goal's words: from/to, first/second, units.
def _route(rng: random.Random) -> Made:
    a, b = rng.sample(CITIES, 2)
    km = rng.randint(40, 2400)
    obs = f"{a.shown} → {b.shown}: {km:,} km by road, about {km // 80} h {rng.randint(0, 59)} min of driving"
    return {"a": a.name, "b": b.name}, {"origin": a.name, "destination": b.name}, obs


def _number_in(rng: random.Random, number: str, units: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """``number`` with one of ``units``, glued or not; the gold values: as written, and the number alone."""
    written = number + rng.choice(units)
    return written, (written, number)


def _bmi(rng: random.Random) -> Made:
    kg, cm = rng.randint(48, 120), rng.randint(150, 201)
    w, weight = _number_in(rng, str(kg), (" kg", "kg", " kilograms", " kilos"))
    h, height = _number_in(rng, str(cm), (" cm", "cm", " centimetres", " centimeters"))
    obs = f"BMI {kg / (cm / 100) ** 2:.1f} (weight {kg} kg, height {cm} cm)"
    return {"w": w, "h": h}, {"weight": weight, "height": height}, obs


def _force(rng: random.Random) -> Made:
    q1, q2 = (rng.randint(1, 20) for _ in range(2))
    r = rng.randint(1, 12)
    units = (" C", "C", " coulombs")
    a, first = _number_in(rng, str(q1), units)
    b, second = _number_in(rng, str(q2), units)
    d, distance = _number_in(rng, str(r), (" m", "m", " meters", " metres"))
    obs = f"F = {8.9875e9 * q1 * q2 / r**2:.3e} N (charges {q1} C and {q2} C, {r} m apart)"
    return {"q1": a, "q2": b, "d": d}, {"charge1": first, "charge2": second, "distance": distance}, obs


def _loan(rng: random.Random) -> Made:
    amount = rng.randrange(5_000, 600_000, 500)
    rate = rng.choice((2.5, 3, 3.75, 4.5, 5, 5.25, 6.1, 7, 8.5))
    years = rng.choice((5, 10, 15, 20, 25, 30))
    p = rng.choice((f"${amount:,}", f"{amount:,} dollars", f"${amount}"))
    r = rng.choice((f"{rate:g}%", f"{rate:g} percent"))
    y = f"{years} years"
    monthly = rate / 1200
    payment = amount * monthly / (1 - (1 + monthly) ** (-12 * years))
    obs = f"Monthly payment {payment:,.2f} USD ({amount:,} USD at {rate:g}% over {years} years)"
    args: dict[str, Values] = {
        "principal": (p, str(amount), f"{amount:,}"),
        "rate": (r, f"{rate:g}%", f"{rate:g}"),
        "years": (y, str(years)),
    }
    return {"p": p, "r": r, "y": y}, args, obs


PAIRED = frozenset({"route_distance", "body_mass_index", "electric_force", "loan_payment"})
MAKERS: dict[str, Callable[[random.Random], Made]] = {
    "flight_status": _flight,
    "stock_quote": _stock,
    "translate": _translate,
    "book_table": _table,
    "showtimes": _showtimes,
    "news": _news,
    "recipes": _recipe,
    "cancel_subscription": _cancel,
    "book_ride": _ride,
    "thermostat": _thermostat,
    "define": _define,
    "exchange_rate": _rate,
    "local_time": _time,
    "post_status": _post,
    "shopping_list": _shopping,
    "route_distance": _route,
    "body_mass_index": _bmi,
    "electric_force": _force,
    "loan_payment": _loan,
}


def invented(role: str) -> Callable[[random.Random, Kit], Draft]:
    """A builder for goals that the invented tool playing ``role`` answers in one call."""
    make = MAKERS[role]

    def draft(rng: random.Random, kit: Kit) -> Draft:
        values, args, obs = make(rng)
        text, expect = goal(rng, ASKING[role], values, tail=role not in _OPEN_ENDED)
        steps = (step(kit.call(role, **args), obs), finish())
        category = "risky" if role in _RISKY else "custom"
        return Draft(category=category, goal=text, steps=steps, answer=obs, expect_none=expect)

    return draft


def quote_then_calc(rng: random.Random, kit: Kit) -> Draft:
    """A share price times a number of shares: the price is only in the quote's observation."""
    ticker, name = rng.choice(TICKERS)
    k = str(rng.choice((3, 5, 10, 12, 25, 40, 100)))
    templates = ("What's {k} times the share price of {t}?", "{k} times the current price of {t} is how much?")
    text, expect = goal(rng, templates, {"k": k, "t": ticker})
    quote = _price(rng, ticker, name)
    price = quote.split(": ", 1)[1].split()[0]
    first = step(kit.call("stock_quote", ticker=ticker), quote)
    accepted = (f"{k} * {price}", f"{k} times {price}")
    last = step(kit.call("calculator", expression=accepted), calculated(accepted[0]))
    steps = (first, last, finish())
    return Draft(category="multihop", goal=text, steps=steps, answer=last.answer, expect_none=expect)
