"""The extractor and date_math share one date grammar: every date or duration span offered is one the tool reads.

Goals are built out of the grammar's own pieces (holiday names of the year, weekdays with next/last/this, written
and ISO dates, numbers in words and digits with units and directions) around filler words; whatever date and
duration spans the extractor then offers, date_math must resolve. Only real days are generated: the extractor
also offers "February 30", which the tool rightly refuses.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, datetime, time

from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.core.tool import ToolContext
from decisionloop.extract import extract
from decisionloop.tools.local import date_math
from decisionloop.values import _holidays
from decisionloop.values.dates import MONTHS, WEEKDAYS
from decisionloop.values.numbers import NUMBER_WORDS

_SEPARATORS = (" and also ", " or else ", ", then ", " — ", "? And ")
_FILLERS = ("What is", "Book it for", "Remind me about the", "How many days until", "Is the shop open", "please", "")
_DIRECTIONS = ("", "after", "before", "from", "ago", "later", "earlier", "since", "until", "prior to", "past")
_UNITS = ("day", "week", "month", "year", "fortnight")
_CASES: tuple[Callable[[str], str], ...] = (str.strip, str.lower, str.capitalize, str.upper)


def _cased(words: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """The words as written, or in lower, capitalised or upper case (the lower-case patterns ignore case)."""
    return st.tuples(words, st.sampled_from(_CASES)).map(lambda pair: pair[1](pair[0]))


def _joined(*parts: st.SearchStrategy[str], by: str = "") -> st.SearchStrategy[str]:
    return st.tuples(*parts).map(lambda words: by.join(words).strip())


@st.composite
def _written_date(draw: st.DrawFn, year: int) -> str:
    """A real day written the ways the extractor knows: Mar. 4th, 2027 / Friday, 4 of March / 1/5/2027 / ISO."""
    day = draw(st.dates(min_value=date(year - 1, 1, 1), max_value=date(year + 1, 12, 31)))
    names = (MONTHS[day.month - 1], calendar.month_abbr[day.month], *(("Sept",) if day.month == 9 else ()))
    month = draw(st.sampled_from(names))
    number = f"{day.day}{draw(st.sampled_from(('', 'st', 'nd', 'rd', 'th')))}"
    weekday = draw(st.sampled_from(("", f"{WEEKDAYS[day.weekday()]}, ", f"{calendar.day_abbr[day.weekday()]} ")))
    with_year = draw(st.sampled_from(("", f", {day.year}", f" {day.year}")))
    return draw(
        st.sampled_from(
            (
                f"{weekday}{month}{draw(st.sampled_from(('', '.')))} {number}{with_year}",
                f"{weekday}{number} {draw(st.sampled_from(('', 'of ')))}{month}{with_year}",
                f"{MONTHS[day.month - 1]} {day.year}",
                day.isoformat(),
                f"{day.month}/{day.day}/{day.year}",
                f"{day.day}/{day.month}/{day.year % 100:02d}",
            )
        )
    )


def _date_phrase(year: int) -> st.SearchStrategy[str]:
    """A date the way the extractor's patterns find them, from the grammar's own pieces."""
    holiday = st.sampled_from(sorted(_holidays.names(year, lambda _: True)))  # also the short names it filters out
    weekday = _joined(st.sampled_from(WEEKDAYS), st.sampled_from(("", "s")))
    relative = _joined(
        st.sampled_from(("next", "last", "this", "coming")),
        st.sampled_from((*WEEKDAYS, "week", "month", "year", "weekend")),
        by=" ",
    )
    day = _joined(
        st.sampled_from(("", "the day after ", "the day before ")),
        st.sampled_from(("today", "tomorrow", "yesterday", "tonight")),
    )
    return st.one_of(holiday, weekday, _cased(relative), _cased(day), _written_date(year))


def _duration() -> st.SearchStrategy[str]:
    """An amount (digits or a number word), a calendar unit, singular or plural, and maybe a direction word."""
    amount = st.one_of(st.integers(0, 500).map(str), st.sampled_from(sorted(NUMBER_WORDS)))
    unit = _joined(st.sampled_from(_UNITS), st.sampled_from(("", "s")))
    return _cased(_joined(amount, unit, st.sampled_from(_DIRECTIONS), by=" "))


@st.composite
def _goal(draw: st.DrawFn, year: int) -> str:
    pieces = draw(st.lists(st.one_of(_date_phrase(year), _duration()), min_size=1, max_size=4))
    lead = draw(st.sampled_from(_FILLERS))
    return f"{lead} {draw(st.sampled_from(_SEPARATORS)).join(pieces)}?".strip()


@settings(max_examples=300, deadline=None)
@given(data=st.data(), today=st.dates(min_value=date(2021, 1, 1), max_value=date(2032, 12, 31)))
def test_every_date_and_duration_offered_is_resolved_by_date_math(data: st.DataObject, today: date) -> None:
    goal = data.draw(_goal(today.year), label="goal")
    now = datetime.combine(today, time(9))
    ctx = ToolContext(now=now)
    for candidate in extract(goal, [], now=now):
        if candidate.kind == "date":
            result = date_math({"date": candidate.span, "offset": "1 day"}, ctx)
        elif candidate.kind == "duration":
            result = date_math({"date": "today", "offset": candidate.span}, ctx)
        else:
            continue
        assert result.ok, f"{candidate.kind} {candidate.span!r} from {goal!r}: {result.observation}"
