"""Dates and durations: finding their spans, and reading them against a fixed today."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.values.dates import (
    Duration,
    Unit,
    find_date_ranges,
    find_dates,
    find_durations,
    find_time_offsets,
    read_date,
    read_duration,
    read_range,
    read_time_offset,
)

YEAR = 2027
TUESDAY = date(2026, 12, 1)
AUTUMN = date(2026, 9, 24)  # a Thursday, after Easter 2026 and before Thanksgiving 2026


# --- finding -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("What day is 10 days after Halloween?", "Halloween"),
        ("How long until Christmas?", "Christmas"),
        ("Is the office open on New Year's Day?", "New Year's Day"),
        ("Book the room for 14 March 2027", "14 March 2027"),
        ("What weekday is March 3, 2028?", "March 3, 2028"),
        ("Meet on Fri, Mar. 4th", "Fri, Mar. 4th"),
        ("Invoices for March 2027", "March 2027"),
        ("What is 40 days after 2027-01-05?", "2027-01-05"),
        ("Due 1/5/2027", "1/5/2027"),
        ("A birthday 01-01-1980 on file", "01-01-1980"),
        ("Signed 5.1.2027.", "5.1.2027"),
        ("Plan something for next Friday", "next Friday"),
        ("Is the pool open on Sundays?", "Sundays"),
        ("What's on tomorrow?", "tomorrow"),
        ("How many weeks until the day after tomorrow?", "the day after tomorrow"),
        ("Any plans this weekend?", "this weekend"),
        ("How many days until the end of the month?", "the end of the month"),
        ("how many days are left in the year", "the end of the year"),  # what is left of it ends with it
        ("how many days are left this year", "the end of the year"),
    ],
)
def test_dates_found(text: str, span: str) -> None:
    assert span in list(find_dates(text, YEAR))


def test_what_is_left_of_this_year_is_no_day_of_this_year() -> None:
    assert list(find_dates("how many days are left in this year", YEAR)) == ["the end of the year"]


@pytest.mark.parametrize(
    "text",
    [
        "I march 4 miles",
        "Marching 4 bands",
        "The Mayor 2 said",
        "version 12026-01-05",
        "next weekly meeting",
        "Eastern",
    ],
)
def test_what_is_not_a_date(text: str) -> None:
    assert list(find_dates(text, YEAR)) == []


@pytest.mark.parametrize(
    ("start", "duration", "end"),
    [
        (date(2026, 12, 1), Duration(parts=((3, "business day"),)), date(2026, 12, 4)),  # Tuesday → Friday
        (date(2026, 12, 4), Duration(parts=((1, "business day"),)), date(2026, 12, 7)),  # Friday → Monday
        (date(2026, 12, 5), Duration(parts=((5, "business day"),)), date(2026, 12, 11)),  # Saturday → Friday
        (date(2026, 12, 1), Duration(parts=((10, "business day"),)), date(2026, 12, 15)),
        (date(2026, 12, 7), Duration(parts=((1, "business day"),), backwards=True), date(2026, 12, 4)),
    ],
)
def test_business_days_skip_weekends(start: date, duration: Duration, end: date) -> None:
    assert duration.shift(start) == end


@pytest.mark.parametrize(
    ("text", "span", "day"),
    [
        ("days till Xmas", "Xmas", date(YEAR, 12, 25)),
        ("until New Years Eve", "New Years Eve", date(YEAR, 12, 31)),
        ("the Fourth of July", "Fourth of July", date(YEAR, 7, 4)),
        ("how many days until St Patricks Day", "St Patricks Day", date(YEAR, 3, 17)),
        ("St. Patrick's Day parade", "St. Patrick's Day", date(YEAR, 3, 17)),
        # with the year said after the name, which the date is in
        ("what day of the week is Christmas 2027", "Christmas 2027", date(2027, 12, 25)),
        ("Easter in 2030, please", "Easter in 2030", date(2030, 4, 21)),
        ("Thanksgiving of 2028", "Thanksgiving of 2028", date(2028, 11, 23)),
        # days no calendar carries, by the day they follow
        ("how many days until Black Friday", "Black Friday", date(YEAR, 11, 26)),
        ("Cyber Monday deals", "Cyber Monday", date(YEAR, 11, 29)),
        # a country's word before the name: its calendar, and only its
        ("Canadian Thanksgiving 2027 date pls", "Canadian Thanksgiving 2027", date(2027, 10, 11)),
        ("days until Canadian Thanksgiving", "Canadian Thanksgiving", date(YEAR, 10, 11)),
        ("the US Thanksgiving", "US Thanksgiving", date(YEAR, 11, 25)),
        # next year's or this year's, said after the name (on January 1)
        ("how many weeks until Easter next year", "Easter next year", date(YEAR + 1, 4, 16)),
        ("what day is Christmas this year", "Christmas this year", date(YEAR, 12, 25)),
    ],
)
def test_holidays_are_found_as_people_type_them(text: str, span: str, day: date) -> None:
    assert span in list(find_dates(text, YEAR))
    assert read_date(span, date(YEAR, 1, 1)) == day


def test_short_holiday_names_are_kept_only_when_they_stand_alone() -> None:
    found = list(find_dates("Thanksgiving, Labor Day, Labor", YEAR, stands_alone=lambda short: short != "Labor"))
    assert sorted(found) == ["Labor Day", "Thanksgiving"]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("What date is 3 weeks before Easter?", "3 weeks before"),
        ("What will the date be a month from today?", "a month from"),
        ("Add 45 days to today", "45 days"),
        ("What was the date 2 years ago?", "2 years ago"),
        ("Two weeks after the party", "Two weeks after"),
        ("a couple of weeks after Easter", "a couple of weeks after"),
        ("a fortnight prior to the exam", "a fortnight prior to"),
        ("the date 3 business days from now", "3 business days from"),
        ("subtract 10 days from 2027-01-05", "subtract 10 days from"),  # the verb turns it back
        ("take away 3 weeks from christmas", "take away 3 weeks from"),
        ("race is 18 oct 2026, minus a 3 week taper", "minus a 3 week"),  # "minus" turns it back too
    ],
)
def test_durations_keep_their_direction_word(text: str, span: str) -> None:
    assert span in list(find_durations(text))


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("deadline is 2 weeks and 3 days from today", ["2 weeks and 3 days from"]),  # was "2 weeks" alone
        ("1 year, 2 months after march 3", ["1 year, 2 months after"]),
        ("3 days ago and 2 weeks later", ["3 days ago", "2 weeks later"]),  # each has its direction
        ("2 weeks minus 3 days", ["2 weeks", "minus 3 days"]),  # "minus" turns the second back
    ],
)
def test_the_parts_of_one_amount_of_time_are_one_duration(text: str, spans: list[str]) -> None:
    assert list(find_durations(text)) == spans


@pytest.mark.parametrize("text", ["1.5 hours", "a weekend away", "3 dayglo", "twenty days", "1,5 days"])
def test_what_is_not_a_duration(text: str) -> None:
    assert list(find_durations(text)) == []


# --- reading dates -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("Thanksgiving", AUTUMN, date(2026, 11, 26)),
        ("Thanksgiving Day", AUTUMN, date(2026, 11, 26)),
        ("Easter Sunday", AUTUMN, date(2027, 3, 28)),
        ("Easter", AUTUMN, date(2027, 3, 28)),
        ("Independence Day", AUTUMN, date(2027, 7, 4)),
        ("Christmas", AUTUMN, date(2026, 12, 25)),
        ("xmas", AUTUMN, date(2026, 12, 25)),
        ("new years eve", AUTUMN, date(2026, 12, 31)),
        ("New Year", AUTUMN, date(2027, 1, 1)),
        ("Mother's Day", AUTUMN, date(2027, 5, 9)),
        ("Boxing Day", AUTUMN, date(2026, 12, 26)),
        ("Christmas 2027", AUTUMN, date(2027, 12, 25)),
        ("Thanksgiving 2026", date(2026, 1, 1), date(2026, 11, 26)),
        ("Easter Sunday 2027", AUTUMN, date(2027, 3, 28)),
        ("Independence Day", date(2026, 6, 1), date(2026, 7, 4)),  # not the Friday it is observed on
        ("Christmas", date(2027, 12, 1), date(2027, 12, 25)),  # nor Friday, December 24, 2027
        ("Platinum Jubilee of Elizabeth II", date(2022, 12, 1), date(2022, 6, 3)),  # held once: the past day
        ("Christmas", date(2026, 12, 25), date(2026, 12, 25)),
        ("Christmas", date(2026, 12, 26), date(2027, 12, 25)),
        ("February 29", AUTUMN, date(2028, 2, 29)),  # the next one there is
        ("February 29", date(2028, 1, 10), date(2028, 2, 29)),
    ],
)
def test_holidays_are_the_next_one_from_today(text: str, today: date, expected: date) -> None:
    assert read_date(text, today) == expected


def test_the_country_decides_which_holiday_a_name_is() -> None:
    assert read_date("Thanksgiving", AUTUMN, country="CA") == date(2026, 10, 12)
    assert read_date("Boxing Day", AUTUMN, country="US") == date(2026, 12, 26)  # from the next calendar that has it


def test_an_unknown_country_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown country 'Narnia'.*US, GB"):
        read_date("today", AUTUMN, country="Narnia")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Friday", date(2026, 12, 4)),
        ("this Friday", date(2026, 12, 4)),
        ("coming friday", date(2026, 12, 4)),
        ("Fridays", date(2026, 12, 4)),
        ("next Friday", date(2026, 12, 11)),
        ("next Monday", date(2026, 12, 7)),
        ("last Monday", date(2026, 11, 30)),
        ("last Tuesday", date(2026, 11, 24)),
        ("Tuesday", date(2026, 12, 1)),
        ("next Tuesday", date(2026, 12, 8)),
        ("next week", date(2026, 12, 8)),
        ("last week", date(2026, 11, 24)),
        ("this month", date(2026, 12, 1)),
        ("next month", date(2027, 1, 1)),
        ("last year", date(2025, 12, 1)),
        ("this weekend", date(2026, 12, 5)),
        ("next weekend", date(2026, 12, 12)),
        ("the end of the year", date(2026, 12, 31)),
        ("end of next month", date(2027, 1, 31)),
        ("the end of last month", date(2026, 11, 30)),
        ("start of next year", date(2027, 1, 1)),
        ("beginning of this week", date(2026, 11, 30)),
        ("end of the week", date(2026, 12, 6)),
        # a weekday counted in a month: the next one from today, or in the year said
        ("the third monday in january", date(2027, 1, 18)),
        ("the last friday of may", date(2027, 5, 28)),
        ("the 2nd Tuesday of March", date(2027, 3, 9)),
        ("first sunday of december", date(2026, 12, 6)),
        ("the fourth thursday in november 2026", date(2026, 11, 26)),  # passed, but its year is said
        # a weekday shortened, after next, last, this, coming or on
        ("next fri", date(2026, 12, 11)),
        ("on tues", date(2026, 12, 1)),
        ("this thurs.", date(2026, 12, 3)),
        # a day of the month by its ordinal alone: the next one, today's month first
        ("the 31st", date(2026, 12, 31)),
        ("on the 1st", date(2026, 12, 1)),
    ],
)
def test_weekdays_and_periods(text: str, expected: date) -> None:
    assert read_date(text, TUESDAY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("today", date(2026, 12, 1)),
        ("Tonight", date(2026, 12, 1)),
        ("the day after tomorrow", date(2026, 12, 3)),
        ("the day before yesterday", date(2026, 11, 29)),
        ("the day before Christmas", date(2026, 12, 24)),
        ("in 3 days", date(2026, 12, 4)),
        ("in a couple of weeks", date(2026, 12, 15)),
        ("3 days ago", date(2026, 11, 28)),
        ("3 days from now", date(2026, 12, 4)),
        ("two weeks before Christmas", date(2026, 12, 11)),
        ("a couple of weeks after March 4", date(2026, 3, 18)),
        ("a fortnight after the 4th of July", date(2026, 7, 18)),
    ],
)
def test_relative_phrases(text: str, expected: date) -> None:
    assert read_date(text, TUESDAY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2027-01-05", date(2027, 1, 5)),
        ("2027-01-05T10:00", date(2027, 1, 5)),
        ("March 4", date(2026, 3, 4)),
        ("on the 4th of July", date(2026, 7, 4)),
        ("Mar. 4th, 2027", date(2027, 3, 4)),
        ("Fri, Mar 4, 2028", date(2028, 3, 4)),
        ("Friday Mar. 1", date(2026, 3, 1)),
        ("Wednesday, 4 March 2026", date(2026, 3, 4)),
        ("sept 3", date(2026, 9, 3)),
        ("March 2027", date(2027, 3, 1)),
        ("1/5/2027", date(2027, 1, 5)),
        ("13/1/27", date(2027, 1, 13)),
        ("01-02-1980", date(1980, 1, 2)),
        ("13.05.2021", date(2021, 5, 13)),
        ("12/31/99", date(1999, 12, 31)),
        ("12/25", date(2026, 12, 25)),  # a month and a day with no year: this year's
        ("13/1", date(2026, 1, 13)),  # only the other order is a date
        ("3/14 2027", date(2027, 3, 14)),
        ("17 october next year", date(2027, 10, 17)),  # a month and a day in the year said from this one
        ("the 17th of february, next year", date(2027, 2, 17)),
        ("march 3 last year", date(2025, 3, 3)),
        ("8 november this year", date(2026, 11, 8)),
    ],
)
def test_written_dates(text: str, expected: date) -> None:
    assert read_date(text, TUESDAY) == expected


def test_slashed_dates_follow_the_country() -> None:
    assert read_date("1/5/2027", TUESDAY, country="GB") == date(2027, 5, 1)
    assert read_date("1/5", TUESDAY, country="GB") == date(2026, 5, 1)


@pytest.mark.parametrize(
    "text", ["February 30", "March 45", "Aug 0", "2026-02-30", "someday", "May", "ju 3", "3 days", "in 2 weeks ago", ""]
)
def test_what_names_no_day(text: str) -> None:
    assert read_date(text, TUESDAY) is None


@given(st.text(max_size=40), st.dates())
def test_reading_a_date_never_raises(text: str, today: date) -> None:
    day = read_date(text, today)
    assert day is None or isinstance(day, date)


# --- reading durations ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parts", "backwards"),
    [
        ("90 days from", ((90, "day"),), False),
        ("2 weeks before", ((2, "week"),), True),
        ("3 months ago", ((3, "month"),), True),
        ("-2 days", ((2, "day"),), True),
        ("1 year and 2 months", ((1, "year"), (2, "month")), False),
        ("a couple of weeks after", ((2, "week"),), False),
        ("A few days prior to", ((3, "day"),), True),
        ("a fortnight", ((2, "week"),), False),
        ("3days", ((3, "day"),), False),
        ("3 business days from", ((3, "business day"),), False),
        ("5 working  days before", ((5, "business day"),), True),
        ("2 weekdays", ((2, "business day"),), False),
        ("1 week and 2 business days", ((1, "week"), (2, "business day")), False),
        ("subtract 10 days from", ((10, "day"),), True),
        ("minus a 3 week", ((3, "week"),), True),
        ("less 2 weeks", ((2, "week"),), True),
    ],
)
def test_durations(text: str, parts: tuple[tuple[int, Unit], ...], backwards: bool) -> None:
    assert read_duration(text) == Duration(parts=parts, backwards=backwards)


@pytest.mark.parametrize("text", ["soon", "3", "99999999999 days", "2 hours"])
def test_what_is_no_duration(text: str) -> None:
    assert read_duration(text) is None


def test_a_month_after_the_31st_is_the_last_day_of_the_next_month() -> None:
    assert Duration(parts=((1, "month"),)).shift(date(2026, 1, 31)) == date(2026, 2, 28)
    assert Duration(parts=((1, "year"),), backwards=True).shift(date(2028, 2, 29)) == date(2027, 2, 28)


def test_a_shift_past_year_9999_raises() -> None:
    with pytest.raises((ValueError, OverflowError)):
        Duration(parts=((999999, "year"),)).shift(TUESDAY)


@pytest.mark.parametrize(
    ("text", "span", "first", "last"),
    [
        ("how many days from March 3 to March 10", "March 3 to March 10", date(2026, 3, 3), date(2026, 3, 10)),
        ("days between Christmas and New Year", "Christmas and New Year", date(2026, 12, 25), date(2027, 1, 1)),
        (
            "Friday, March 6 to Sunday, March 8",
            "Friday, March 6 to Sunday, March 8",
            date(2026, 3, 6),
            date(2026, 3, 8),
        ),
        ("from 1/5/2027 until 2/5/2027", "1/5/2027 until 2/5/2027", date(2027, 1, 5), date(2027, 2, 5)),
        ("December 20 through January 5", "December 20 through January 5", date(2026, 12, 20), date(2027, 1, 5)),
        # the year said once, after the last day, is the first day's too (or the year before)
        ("days from Jan 1 to Mar 1 2027", "Jan 1 to Mar 1 2027", date(2027, 1, 1), date(2027, 3, 1)),
        ("December 20 to January 5, 2028", "December 20 to January 5, 2028", date(2027, 12, 20), date(2028, 1, 5)),
        # a holiday after a day of a month is that year's, not the next one from today
        ("days between July 4 and Labor Day", "July 4 and Labor Day", date(2026, 7, 4), date(2026, 9, 7)),
        ("days between May 5 and today", "May 5 and today", date(2026, 5, 5), date(2026, 12, 1)),  # today's
        # one slashed day that reads only day first makes the other day first too (not February 1)
        ("days between 15/08/2025 and 02/01/2026", "15/08/2025 and 02/01/2026", date(2025, 8, 15), date(2026, 1, 2)),
    ],
)
def test_a_stretch_between_two_dates_is_found_and_read_as_its_ends(
    text: str, span: str, first: date, last: date
) -> None:
    assert list(find_date_ranges(text, YEAR)) == [span]
    assert read_range(span, TUESDAY) == (first, last)


@pytest.mark.parametrize("text", ["March 3 or March 10", "on March 3, and then to Lisbon", "Christmas"])
def test_what_is_no_stretch_of_days(text: str) -> None:
    assert list(find_date_ranges(text, YEAR)) == []


@pytest.mark.parametrize(
    ("text", "span", "minutes"),
    [
        ("what time will it be in 3 hours", "in 3 hours", 180),
        ("in half an hour", "in half an hour", 30),
        ("45 minutes from now", "45 minutes from now", 45),
        ("what time was it an hour ago", "an hour ago", -60),
        ("in two hours", "in two hours", 120),
        ("3.5 hours later", "3.5 hours later", 210),
    ],
)
def test_clock_time_from_now_is_found_and_read(text: str, span: str, minutes: int) -> None:
    assert list(find_time_offsets(text)) == [span]
    assert read_time_offset(span) == timedelta(minutes=minutes)


@pytest.mark.parametrize(
    "text",
    [
        "a 3 hour drive",
        "it takes 45 minutes",
        "open 24 hours",
        "what time was it 2 hours before noon",  # from a time of day: the calculator's, not from now
        "what time is 90 minutes after 10:45",
        "3 hours after 5pm",
        "what is 7:30 pm in 24 hour time",  # a clock, not a day from now
    ],
)
def test_an_amount_of_clock_time_without_in_or_a_direction_is_no_time_from_now(text: str) -> None:
    assert list(find_time_offsets(text)) == []


def test_a_weekday_counted_in_a_month_is_one_date_not_its_weekday() -> None:
    assert list(find_dates("what date is the third monday in january", YEAR)) == ["the third monday in january"]
    assert read_date("the fifth monday in february 2027", TUESDAY) is None  # February 2027 has four


def test_a_day_of_the_month_by_its_ordinal_alone_is_the_next_one_there_is() -> None:
    assert read_date("the 30th", date(2027, 2, 5)) == date(2027, 3, 30)  # February has none
    assert read_date("the 1st", date(2026, 12, 5)) == date(2027, 1, 1)
    assert list(find_dates("how many days until the 31st", YEAR)) == ["the 31st"]
    assert list(find_dates("meet on the 2nd at noon", YEAR)) == ["the 2nd"]
    assert list(find_dates("the 3rd floor", YEAR)) == []  # something counted after it: no day


def test_a_shortened_weekday_is_a_date_only_after_a_word_that_makes_it_one() -> None:
    assert list(find_dates("what date is next fri", YEAR)) == ["next fri"]
    assert list(find_dates("I sat by the sun all day", YEAR)) == []


def test_a_holiday_a_country_named_before_it_does_not_keep_is_no_day() -> None:
    assert read_date("uk mothers day", date(YEAR, 1, 1)) is None  # Britain's calendar here has no Mother's Day
    assert read_date("mothers day", date(YEAR, 1, 1)) == date(YEAR, 5, 9)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("sunday after next", date(2026, 12, 13)),  # on Tuesday, December 1: not the coming Sunday, the one after
        ("the friday after next", date(2026, 12, 11)),
        ("tuesday after next", date(2026, 12, 15)),  # today's weekday: the one a week on is next, then this
    ],
)
def test_a_weekday_after_next_is_the_one_after_the_next_to_come(text: str, day: date) -> None:
    assert read_date(text, date(2026, 12, 1)) == day
    assert text.removeprefix("the ") in [s.casefold() for s in find_dates(f"the date of the {text}", 2026)]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("last friday of month", date(2026, 12, 25)),
        ("the first monday of the month", date(2026, 12, 7)),
        ("first tuesday of the month", date(2026, 12, 1)),  # today is one
        ("the first monday of each month", date(2026, 12, 7)),
    ],
)
def test_a_weekday_counted_in_the_month_is_the_next_one_from_today(text: str, day: date) -> None:
    assert read_date(text, date(2026, 12, 1)) == day
    assert text in [s.casefold() for s in find_dates(f"when is {text}", 2026)]


def test_a_weekday_counted_in_the_month_past_this_month_s_is_next_month_s() -> None:
    assert read_date("the first monday of the month", date(2026, 12, 8)) == date(2027, 1, 4)
