"""Dates and durations: the spans ``values.dates`` finds, with the lexicon deciding which short holiday names count."""

from __future__ import annotations

from collections.abc import Iterator

from decisionloop.extract._names import is_place
from decisionloop.extract._text import Found, readings
from decisionloop.values.dates import find_dates, find_durations, not_a_calendar_word


def _stands_alone(short: str) -> bool:
    """Whether a holiday name without its final Day/Sunday/Monday still names it (Thanksgiving, not Labor, Canada)."""
    return not_a_calendar_word(short) and not is_place(short) and not readings(short) & {"ADJ", "VERB"}


def dates(text: str, year: int) -> Iterator[Found]:
    """Dates in ``text``: Month D[, YYYY], D Month, ISO, today/tomorrow, next Friday, holiday names of ``year``."""
    for span in find_dates(text, year, stands_alone=_stands_alone):
        yield span, "date"


def durations(text: str) -> Iterator[Found]:
    """Amounts of time with their direction word (90 days from, 2 weeks after, a month)."""
    for span in find_durations(text):
        yield span, "duration"
