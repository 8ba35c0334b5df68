"""Rates multiplied along to the span of time a goal asks an amount per.

"I earn $22 an hour, 40 hours a week. What's my annual salary?" gives an amount per hour and hours per week, and
asks one per year: 22 × 40 per week, × 52 for the year. A chain starts at a rate and goes on with a rate of what
the last one is per ("40 hours a week" after "per hour"); it ends in a span of time, converted to the one the goal
asks where a whole number of one makes the other (a week to a year: 52; a week to a month: none, so no chain).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from decisionloop.extract._shares import SIGN_CHARS
from decisionloop.extract._text import NUM, NUM_START
from decisionloop.values.periods import period_factor, said_periods, span_of
from decisionloop.values.quantity import read_quantity

# A rate: a number, maybe a word for what it counts ("40 hours", "250 pesos"), and what it is per ("a week",
# "per hour", "/hr", "an hour").
_RATE = re.compile(
    rf"(?i){NUM_START}{SIGN_CHARS}?(?P<n>{NUM})\s*(?P<what>[^\W\d_]+\s*)?(?:/\s*|\s(?:per|an?|each|every)\s+)"
    r"(?!(?:a|an|the|one)\b)(?P<per>[^\W\d_]+)\b"
)
_MAX_LINKS = 3


def rate_chains(text: str) -> Iterator[tuple[int, int, str]]:
    """Each chain of two rates or more that ends in a span of time the goal asks an amount per, as the
    arithmetic that answers it, spanning its rates: "$22 an hour, 40 hours a week, annual salary?" → "22 × 40 ×
    52". Only where the goal asks one span alone (a second would need a second answer)."""
    asked, _ = said_periods(text)
    if len(asked) != 1:
        return
    rates = [(m, _unit(m["what"]), _unit(m["per"])) for m in _RATE.finditer(text)]
    for first, _, per in rates:
        links, end = [first], per
        while len(links) < _MAX_LINKS:
            after = next((r for r in rates if r[1] == end and r[0] not in links and end is not None), None)
            if after is None:
                break
            links.append(after[0])
            end = after[2]
        if len(links) < 2 or end is None:
            continue
        factor = period_factor(end, asked[0])
        if factor is None:
            continue
        product = " × ".join(m["n"] for m in links)
        start, stop = min(m.start() for m in links), max(m.end() for m in links)
        yield start, stop, product if factor == "" else f"{product} {factor}"


def _unit(word: str | None) -> str | None:
    """A span of time a rate counts or is per as one key ("hrs" → "hour"), or another unit by what pint reads of
    it, or None for no word or one that is no unit ("pesos", "kids")."""
    if word is None:
        return None
    folded = word.strip().casefold()
    if (span := span_of(folded)) is not None:
        return span
    read = read_quantity(f"1 {folded}")
    return read[1] if read is not None else None
