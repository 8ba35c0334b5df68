"""Builders of computing episodes: arithmetic, unit conversion and date math, observed by the real local tools."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.training.generator.common import decimal, goal, number
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.observations import calculated, converted, shifted
from decisionloop.training.generator.phrasing import CALC, CALC_VERBAL, DATE, DATE_AGO, DATE_AHEAD, UNITS
from decisionloop.training.generator.tables import load


@dataclass(frozen=True, slots=True, kw_only=True)
class Dimension:
    """A kind of quantity: its units with the ways a goal writes an amount of each, the catalog units it converts
    to, and the range of amounts."""

    units: Mapping[str, tuple[str, ...]]
    targets: tuple[str, ...]
    low: float
    high: float


_OPS = tuple(load("compute", "ops", dict[str, str]).items())
# Each an operation in words, the expression it means, and whether it is a command ("multiply 3 by 4").
_VERBAL = load("compute", "verbal", tuple[tuple[str, str, bool], ...])
UNIT_WORDS = load("compute", "unit_words", dict[str, tuple[str, ...]])
_DIMENSIONS = load("compute", "dimensions", tuple[Dimension, ...])
_MONTHS = load("compute", "months", tuple[str, ...])


def _operand(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.4:
        return number(rng, 2, 99)
    if roll < 0.75:
        return number(rng, 100, 99_999)
    return decimal(rng, 0.5, 999, rng.choice((1, 2)))


def _expression(rng: random.Random) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """An expression as the goal writes it, its accepted forms, and the templates that fit it."""
    roll = rng.random()
    a, b = _operand(rng), _operand(rng)
    if roll < 0.4:
        word, symbol = rng.choice(_OPS)
        plain = f"{a.replace(',', '')} {symbol} {b.replace(',', '')}"
        return f"{a} {word} {b}", (f"{a} {word} {b}", plain), CALC
    if roll < 0.6:
        pct = rng.choice(("5", "8", "12.5", "15", "18", "20", "25", "33", "40", "75", "7.5"))
        base = number(rng, 20, 250_000)
        said = f"{pct}% of {base}" if rng.random() < 0.7 else f"{pct} percent of {base}"
        return said, (f"{pct}% of {base}", f"{float(pct) / 100} * {base.replace(',', '')}"), CALC
    if roll < 0.85:
        said, form, imperative = rng.choice(_VERBAL)
        a, b = number(rng, 2, 999, commas=False), number(rng, 2, 999, commas=False)
        value = form.format(a=a, b=b)
        return said.format(a=a, b=b), (value,), CALC_VERBAL if imperative else CALC
    c = number(rng, 2, 50)
    shape = rng.choice(("({a} + {b}) * {c}", "{a} + {b} - {c}", "{a} * {b} + {c}", "({a} - {b}) / {c}"))
    said = shape.format(a=a, b=b, c=c)
    return said, (said,), CALC


def calc(rng: random.Random, kit: Kit) -> Draft:
    """Arithmetic on numbers in the goal: chains, percentages, spoken operations."""
    said, accepted, templates = _expression(rng)
    text, expect = goal(rng, templates, {"x": said}, negate=True)
    obs = calculated(accepted[0])
    steps = (step(kit.call("calculator", expression=accepted), obs), finish())
    return Draft(category="calc", goal=text, steps=steps, answer=obs, expect_none=expect)


def quantity(rng: random.Random) -> tuple[str, str]:
    """A quantity as written in a goal, and a catalog unit of the same kind to convert it to."""
    dimension = rng.choice(_DIMENSIONS)
    unit, forms = rng.choice(tuple(dimension.units.items()))
    low, high = dimension.low, dimension.high
    n = str(rng.randint(int(low), int(high))) if rng.random() < 0.7 else decimal(rng, max(low, 0.5), high)
    target = rng.choice([t for t in dimension.targets if t != unit])
    return rng.choice(forms).format(n=n), target


def units(rng: random.Random, kit: Kit) -> Draft:
    """A quantity from the goal converted to the unit the goal names."""
    q, target = quantity(rng)
    text, expect = goal(rng, UNITS, {"q": q, "unit": rng.choice(UNIT_WORDS[target])}, negate=True)
    obs = converted(q, target)
    steps = (step(kit.call("unit_convert", quantity=q, to_unit=target), obs), finish())
    return Draft(category="units", goal=text, steps=steps, answer=obs, expect_none=expect)


_WORD_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten", 12: "twelve"}


def _span(rng: random.Random) -> str:
    unit = rng.choice(("day", "week", "month", "year"))
    n = rng.choice(
        {
            "day": (1, 3, 10, 14, 30, 45, 60, 90, 100, 180),
            "week": (1, 2, 3, 4, 6, 8, 10, 12),
            "month": (1, 2, 3, 4, 6, 9, 18),
            "year": (1, 2, 3, 5, 10),
        }[unit]
    )
    said = _WORD_NUMBERS[n] if n in _WORD_NUMBERS and rng.random() < 0.25 else str(n)
    return f"{said} {unit}{'' if n == 1 else 's'}"


def _start(rng: random.Random, year: int) -> str:
    month = rng.choice(_MONTHS)
    day = rng.randint(1, 28)
    return rng.choice(
        (
            "today",
            "tomorrow",
            f"{month} {day}",
            f"{day} {month}",
            f"{month} {day}, {year + rng.randint(0, 1)}",
            f"{year}-{rng.randint(1, 12):02d}-{day:02d}",
            "Christmas",
            "New Year's Day",
        )
    )


def date(rng: random.Random, kit: Kit) -> Draft:
    """A date some days, weeks, months or years before or after another date (or today)."""
    span = _span(rng)
    if rng.random() < 0.35:
        back = rng.random() < 0.5
        offset, start = f"{span} {'ago' if back else 'from'}", "today"
        text, expect = goal(rng, DATE_AGO if back else DATE_AHEAD, {"span": span})
    else:
        offset = f"{span} {rng.choice(('after', 'before', 'from'))}"
        start = _start(rng, kit.now.year)
        text, expect = goal(rng, DATE, {"offset": offset, "date": start}, negate=True)
    obs = shifted(start, offset, kit.now)
    steps = (step(kit.call("date_math", date=start, offset=(offset, span)), obs), finish())
    return Draft(category="date", goal=text, steps=steps, answer=obs, expect_none=expect)
