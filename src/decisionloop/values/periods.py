"""The spans of time a goal's amounts are given per, and the ones it asks an answer per.

"I make 1,600 a week driving, how much in a year if I take 3 weeks off" gives an amount per week and asks one per
year; "property tax is 1.1% of $385,000, how much per month" asks one per month and gives none. Arithmetic that
answers such a goal converts from one span to the other (× 52, ÷ 12); the gate holds an answer whose arithmetic
took only the goal's own numbers (``loop.gate.unused_holds``), and the extractor multiplies rates along to the span
asked (``extract._chains``).
"""

from __future__ import annotations

import re

# A span of time said as a rate's: "a week", "per month", "each day", "in a year", "monthly", "/hr".
_PERIOD = re.compile(
    r"(?i)(?:\b(?:per|a|an|each|every|in\s+a|in\s+one|over\s+a|for\s+a|the)\s+(?P<unit>year|month|week|day|hour|"
    r"fortnight)\b|\b(?P<adverb>yearly|annual(?:ly)?|monthly|weekly|daily|hourly|fortnightly)\b|/\s*(?P<slash>yr|"
    r"year|mo|month|wk|week|day|hr|hour)\b)"
)
_SPANS = frozenset(("year", "month", "week", "fortnight", "day", "hour"))
_SPAN_OF = {
    "yr": "year", "yearly": "year", "annual": "year", "annually": "year", "mo": "month", "monthly": "month",
    "wk": "week", "weekly": "week", "daily": "day", "hr": "hour", "h": "hour", "hourly": "hour",
    "fortnightly": "fortnight",
}  # fmt: skip
# What an amount given per a span ends with, just before it: a number and up to two words ("1,600 a week", "15,000
# miles a year", "2 hrs each a week", "3.5% interest per year") or how often ("twice a day").
_AMOUNT_BEFORE = re.compile(
    r"(?i)(?:\d(?:[\d,.]*\d)?\s*[%kK]?|\b(?:once|twice|thrice|times))(?:\s+[^\W\d_][\w'’]*){0,2}\s*$"
)
_LOOK_BACK = 40  # characters before a span read for its amount
# How many of one span of time make another, where a whole number does; no hours (a working day is no 24 hours).
_SPANS_IN = {("day", "week"): 7, ("day", "fortnight"): 14, ("day", "year"): 365, ("week", "fortnight"): 2,
             ("week", "year"): 52, ("fortnight", "year"): 26, ("month", "year"): 12}  # fmt: skip


def span_of(word: str) -> str | None:
    """The span of time ``word`` names, in any of its forms ("hrs" and "hours" → "hour", "monthly" → "month"), or
    None for a word that names none."""
    folded = word.casefold()
    for form in (folded, folded.removesuffix("s")):
        span = _SPAN_OF.get(form, form)
        if span in _SPANS:
            return span
    return None


def period_factor(per: str, asked: str) -> str | None:
    """What turns an amount per span ``per`` into one per span ``asked``: "× 52" from a week to a year, "/ 12" from
    a year to a month, "" for one span; None where no whole number of one makes the other (a week and a month)."""
    if per == asked:
        return ""
    if (per, asked) in _SPANS_IN:
        return f"× {_SPANS_IN[per, asked]}"
    if (asked, per) in _SPANS_IN:
        return f"/ {_SPANS_IN[asked, per]}"
    return None


def asked_periods(goal: str) -> list[str]:
    """The spans of time ``goal`` says not as a given amount's ("how much in a year", "what's that per month",
    "yearly fuel cost") that no amount it gives is per, in the goal's order: an answer per such a span needs
    converting to it. Empty when every span it names is one an amount is given per."""
    asked, given = said_periods(goal)
    return [s for s in asked if s not in given]


def said_periods(goal: str) -> tuple[list[str], set[str]]:
    """The spans of time ``goal`` says apart from any amount, in its order, and those an amount is given per
    ("40 hours a week, how much a week" says "week" both ways)."""
    given: set[str] = set()
    asked: list[str] = []
    for m in _PERIOD.finditer(goal):
        word = (m["unit"] or m["adverb"] or m["slash"]).casefold()
        span = _SPAN_OF.get(word, word)  # the pattern takes span words only
        if m["slash"] or _AMOUNT_BEFORE.search(goal[max(0, m.start() - _LOOK_BACK) : m.start()]):
            given.add(span)
        elif span not in asked:
            asked.append(span)
    return asked, given
