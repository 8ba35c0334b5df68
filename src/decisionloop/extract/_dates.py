"""Dates and durations: the spans ``values.dates`` finds, with the lexicon deciding which short holiday names count."""

from __future__ import annotations

import re
from collections.abc import Iterator

from decisionloop.extract._text import Found, readings
from decisionloop.values.dates import (
    ASKS_OF_A_DAY,
    MONTHS,
    SINCE,
    SLASHED_DAY,
    WEEKDAYS,
    WORKDAYS_UNTIL,
    find_days,
    find_durations,
    find_time_offsets,
    is_day_without_year,
    not_a_calendar_word,
)
from decisionloop.values.places import is_place

# A month named alone ("in December"): a value for a text slot such as a report's month, never a date (it names no
# day, so a date slot does not read it). "May" counts only after a word that puts a time after it ("in May").
_MONTH = re.compile(rf"\b(?:in|of|during|since|until|by) (May)\b|\b({'|'.join(m for m in MONTHS if m != 'May')})\b")


# A year alone that the text asks about as a time ("how long ago was 2010", "years since 1969", "born in 1990",
# "until 2030", "is 2028 a leap year"): a value for date_math, which answers in years. Elsewhere a year alone is a
# number (a slot named for a year takes it so).
_YEAR_ASKED = re.compile(
    r"(?i)\b(?:since|born\s+in|(?:ago|long)\s+(?:was|is)|until|till|(?:is|was)(?=\s+\d{4}\s+a\s+leap\s+year))\s+"
    r"((?:1[0-9]|20|21)\d\d)\b(?![-/.:,]?\d)"
)


# A word's first letter, not one after an apostrophe ("valentine's" → "Valentine's", not "Valentine'S"), nor of
# the small words names keep in lower case ("the 4th of July", "Fourth of July").
_WEEKDAY_NAMES = frozenset(w.casefold() for w in WEEKDAYS)
_TITLE_WORD = re.compile(r"(?<![\w'’])(?!(?:of|the|and|a|an|to|in|on|at|for|by)\b)[a-z]")


def _stands_alone(short: str) -> bool:
    """Whether a holiday name without its final Day/Sunday/Monday still names it (Thanksgiving, not Labor, Canada)."""
    return not_a_calendar_word(short) and not is_place(short) and not readings(short) & {"ADJ", "VERB"}


def dates(text: str, year: int, *, lowered: bool = False) -> Iterator[Found]:
    """Dates in ``text``: Month D[, YYYY], D Month, ISO, today/tomorrow, next Friday, holiday names of ``year``
    and stretches between two of them (in a text typed in lower case, ``lowered``, too: offered as typed), a year
    asked about as a time; then a month named alone."""
    found = list(_days(text, year))
    if ASKS_OF_A_DAY.search(text):  # "how long ago was 9/11", "how many days until 12/25"
        found += [m.group() for m in SLASHED_DAY.finditer(text)]
    found += [m.group(1) for m in _YEAR_ASKED.finditer(text) if not any(m.group(1) in span for span in found)]
    titled = _TITLE_WORD.sub(lambda m: m.group().upper(), text) if lowered else text
    if lowered and len(titled) == len(text):  # "december 25", "christmas": read with capitals too
        known = {span.casefold() for span in found}
        for span in _days(titled, year):
            at = titled.find(span)
            if span.casefold() not in known and at >= 0:
                known.add(span.casefold())
                found.append(text[at : at + len(span)])
    found = _in_year_said([span for span in found if not _weekday_within(text, span, found)])
    yield from ((_with_counting(text, span), "date") for span in found)
    for month in dict.fromkeys(m.group(1) or m.group(2) for m in _MONTH.finditer(text)):
        if not any(month in span for span in found):
            yield month, "date"


def _weekday_within(text: str, span: str, found: list[str]) -> bool:
    """Whether ``span`` is a weekday alone, or a year said from this one, that the text writes only as a part of a
    longer date ("friday" of "black friday", "good friday" or "next friday"; "next year" of "easter next year"),
    which is no date of its own there."""
    if span.casefold() not in _WEEKDAY_NAMES and span.casefold() not in _YEARS_SAID:
        return False
    wholes = [m.span() for longer in found if len(longer) > len(span) for m in _occurrences(text, longer)]
    inside = (any(a <= m.start() and m.end() <= b for a, b in wholes) for m in _occurrences(text, span))
    return bool(wholes) and all(inside)


_YEARS_SAID = frozenset({"next year", "this year"})


def _in_year_said(found: list[str]) -> list[str]:
    """``found`` with a year said from this one and the one month and day without a year read together ("my birthday
    next year, it's 17 october": "17 october next year"), not that year alone, which date_math reads as a day a
    year from today."""
    said = [span for span in found if span.casefold() in _YEARS_SAID]
    days = [span for span in found if is_day_without_year(span)]
    if len(said) != 1 or len(days) != 1:
        return found
    return [*(span for span in found if span is not said[0]), f"{days[0]} {said[0]}"]


def _occurrences(text: str, span: str) -> Iterator[re.Match[str]]:
    return re.finditer(rf"(?i)(?<!\w){re.escape(span)}(?!\w)", text)


def _with_counting(text: str, span: str) -> str:
    """``span`` with the words before it that say how to count to it: "since" when the text asks how long ago the
    day was ("days since New Year", which date_math reads as the last one), "weekdays until" when it counts
    working days ("how many weekdays until Christmas"); else ``span``."""
    m = re.search(rf"(?i)\b(?:{SINCE}|{WORKDAYS_UNTIL})\s+{re.escape(span)}", text)
    return m.group() if m is not None else span


def _days(text: str, year: int) -> Iterator[str]:
    """The dates and the stretches of days between two of them ("March 3 to March 10") that ``text`` writes."""
    yield from find_days(text, year, stands_alone=_stands_alone)


def durations(text: str) -> Iterator[Found]:
    """Amounts of time with their direction word (90 days from, 2 weeks after, a month), and of clock time from
    now ("in 3 hours", "45 minutes from now")."""
    for span in find_durations(text):
        yield span, "duration"
    for span in find_time_offsets(text):
        yield span, "duration"
