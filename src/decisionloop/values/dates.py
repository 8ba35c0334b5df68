"""Dates and durations in words: finding their spans in a text, and reading a span as a day or an amount of time.

Finding and reading share one grammar, so every span found here reads as a date or a duration. Nothing here reads
a clock: "today" is always passed in.
"""

from __future__ import annotations

import calendar
import re
from calendar import isleap, monthrange
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from itertools import pairwise
from typing import Literal

from decisionloop.values import _holidays
from decisionloop.values._holidays import StandsAlone
from decisionloop.values.numbers import NUMBER_WORD, NUMBER_WORDS, count

__all__ = [
    "ASKS_OF_A_DAY",
    "MONTHS",
    "SLASHED_DAY",
    "WEEKDAYS",
    "Duration",
    "Unit",
    "find_dates",
    "find_durations",
    "is_day_without_year",
    "not_a_calendar_word",
    "read_date",
    "read_duration",
]

MONTHS = tuple(m for m in calendar.month_name if m)
WEEKDAYS = tuple(calendar.day_name)
Unit = Literal["day", "week", "month", "year", "business day"]
# A day of work: Monday to Friday (public holidays are not known here).
_WORKDAYS = 5


def not_a_calendar_word(short: str) -> bool:
    """Whether a holiday's short name is not a month or weekday name (May Day shortened to May is the month)."""
    return short not in MONTHS and short not in WEEKDAYS


# --- finding ----------------------------------------------------------------------------------------------

_MONTH = "|".join((*MONTHS, *(m for m in calendar.month_abbr if m), "Sept"))
_DAY = "|".join((*WEEKDAYS, *calendar.day_abbr))
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
# Weekdays shortened ("fri", "tues", "thurs").
_SHORTENED = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday",
    "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
}  # fmt: skip
_SHORT_WEEKDAYS = "|".join(sorted(_SHORTENED, key=len, reverse=True))
_SHORT_WORD = re.compile(rf"\b(?:{_SHORT_WEEKDAYS})\b\.?")
# Month and weekday names are matched case-sensitively (capitalised, as in "March 4"), so that the verb in
# "march 4 miles" or the modal in "may 3 people come" is not read as a month.
_SPANS = (
    # "March 4", "Mar. 4th", "Fri, March 4, 2026", "Sept 3 2027". The day is one or two digits followed by a
    # word boundary, so "March 2027" is not read as March 20 (the Month YYYY pattern takes it); the month must be
    # followed by a space or a dot, so "Marching 4" and "Mayor 2" are not dates.
    re.compile(
        rf"""
        \b (?: (?:{_DAY}) ,? \s+ )?
        (?:{_MONTH}) \.? \s+ {_ORD} \b
        (?: ,? \s+ \d{{4}} \b )?
        """,
        re.VERBOSE,
    ),
    # "4 March", "4th of March 2026", "Friday, 4 Mar". The month must end at a word boundary, so "4 Marches" or
    # "3 Mayors" are not dates.
    re.compile(
        rf"""
        \b (?: (?:{_DAY}) ,? \s+ )?
        {_ORD} \s+ (?: of \s+ )? (?:{_MONTH}) \b
        (?: ,? \s+ \d{{4}} \b )?
        """,
        re.VERBOSE,
    ),
    # "March 2027": a full month name and a four-digit year; an abbreviation ("Mar 2027") is not a date here.
    re.compile(rf"\b(?:{'|'.join(MONTHS)})\s+\d{{4}}\b"),
    # ISO dates ("2027-01-05"), slashed ones ("1/5/2027", "05/01/27") and, with a year of four digits, dashed or
    # dotted ones ("01-01-1980", "5.1.2027"); the word boundaries keep them out of longer digit runs such as
    # version numbers or phone numbers ("12026-01-05", "1/5/20271").
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{1,2}([-.])\d{1,2}\1\d{4}\b"),
    # "today", "Tomorrow", "the day after tomorrow", "the day before yesterday", in any case; whole words only,
    # so "todays" or "tonightly" are not dates.
    re.compile(r"(?i)\b(?:the\s+day\s+(?:after|before)\s+)?(?:today|tomorrow|yesterday|tonight)\b"),
    # "next Friday", "last week", "this weekend", "coming month", in any case; the period must be a whole word,
    # so "next weekly meeting" or "last years" are not dates.
    re.compile(rf"(?i)\b(?:next|last|this|coming)\s+(?:week|month|year|weekend|{'|'.join(WEEKDAYS)})\b"),
    # A weekday shortened after one of those, or "on" ("next fri", "on tues"): alone, "sat" and "sun" are words.
    re.compile(rf"(?i)\b(?:next|last|this|coming|on)\s+(?:{_SHORT_WEEKDAYS})\b\.?"),
    # A day of the month by its ordinal alone, "the 31st", "the 1st": where nothing is counted after it ("the 3rd
    # floor" is no day).
    re.compile(r"(?i)\bthe\s+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?=\s*(?:[?.!,;]|$|(?:at|in|on|by|and|or)\b))"),
    # A weekday on its own, also plural ("Friday", "Sundays"); capitalised, whole words only ("Fridayish" no).
    re.compile(rf"\b(?:{'|'.join(WEEKDAYS)})s?\b"),
    # The one after the next to come: "Sunday after next", "the friday after next".
    re.compile(rf"(?i)\b(?:{'|'.join(WEEKDAYS)})\s+after\s+next\b"),
    # The first or last day of a period: "the end of the year", "the start of next month", "end of this week".
    re.compile(r"(?i)\b(?:the\s+)?(?:end|start|beginning)\s+of\s+(?:the|this|next|last)\s+(?:year|month|week)\b"),
)
# A weekday counted in a month: "the third Monday in January", "last friday of may 2027", "the 2nd Tuesday of March".
_NTH_WEEKDAY_SAID = re.compile(
    rf"(?i)\b(?:the\s+)?(?:first|second|third|fourth|fifth|last|[1-5](?:st|nd|rd|th))\s+(?:{'|'.join(WEEKDAYS)})\s+"
    rf"(?:in|of)\s+(?:(?:{'|'.join(MONTHS)})(?:,?\s+\d{{4}})?|(?:the\s+|this\s+|each\s+|every\s+)?month)\b"
)
# What is left of a period is counted to its end: "days left in the year" asks about the end of the year, and so
# does "days left this year" (whose "this year" is then no date of its own).
_LEFT_IN = re.compile(r"(?i)\b(?:left|remaining)\s+(?:(?:in|of)\s+)?(?:the|this)\s+(year|month|week)\b")


# Words before a day that say how to count to it: "since" (how long ago the last one was: "days since New Year")
# and working days until it ("weekdays until Christmas", "business days till March 3", "weekdays from now until
# 15 December"). The extractor keeps them with the day they go with; date_math reads them.
SINCE = r"since"
WORKDAYS_UNTIL = (
    r"(?:week\s?-?days|business\s+days|working\s+days|work\s?days)\s+(?:(?:from\s+)?(?:now|today)\s+|left\s+)?"
    r"(?:until|till|til|to|before)"
)

# A year said after a holiday's name, its group the year.
_YEAR_AFTER = r",?\s+(?:in\s+|of\s+)?(\d{4})(?!\d)"


@cache
def _holiday_pattern(year: int, stands_alone: StandsAlone) -> re.Pattern[str]:
    """The holiday names of ``year`` (Christmas Day, New Year's Day, Thanksgiving, …), longest first."""
    alternatives = "|".join(re.escape(n) for n in sorted(_holidays.names(year, stands_alone), key=len, reverse=True))
    # Whole names only, in their calendar's capitalisation, and not followed by an apostrophe: "Easter" is not
    # found in "Eastern", nor "Mother" cut out of "Mother's" (which is a name of its own, from Mother's Day); with
    # the year after the name when one is said ("Christmas 2027", "Easter in 2030").
    return re.compile(
        rf"(?<![\w'’]){_OTHER_CALENDAR}(?:{_NATIONAL}\s+)?(?:{alternatives})(?:{_YEAR_AFTER}|{_NEXT_YEAR_AFTER})?(?![\w'’])"
    )


# A holiday's next year or this one, said after its name: "Easter next year", "christmas this year".
_NEXT_YEAR_AFTER = r"(?i:\s+(?:next|this)\s+year)"
_HOLIDAY_NEXT_YEAR = re.compile(r"(.+?) (next|this) year")


# A country's word before a holiday's name, whose calendar then decides the day ("Canadian Thanksgiving" is in
# October), by the country's ISO code.
_NATIONAL_OF = {
    "canadian": "CA", "canada": "CA", "american": "US", "us": "US", "u.s.": "US", "usa": "US", "british": "GB",
    "uk": "GB", "english": "GB", "australian": "AU", "aussie": "AU", "irish": "IE",
}  # fmt: skip
_NATIONAL = (
    "(?:" + "|".join(re.escape(f) for w in _NATIONAL_OF for f in dict.fromkeys((w, w.capitalize(), w.upper()))) + ")"
)
_NATIONAL_SAID = re.compile(rf"({'|'.join(map(re.escape, _NATIONAL_OF))}) (.+)")


# Words before a holiday's name that make it another calendar's day, which none of ours carries ("Chinese New
# Year", "Orthodox Christmas"): no date of ours.
_OTHER_CALENDAR = "".join(
    rf"(?<!{form}\s)"
    for word in ("chinese", "lunar", "jewish", "persian", "islamic", "hindu", "orthodox", "ethiopian", "thai",
                 "vietnamese", "korean", "tamil", "sikh")
    for form in (word, word.capitalize())  # a look-behind has one width, so no (?i) inside it
)  # fmt: skip


def find_dates(text: str, year: int, *, stands_alone: StandsAlone = not_a_calendar_word) -> Iterator[str]:
    """Dates in ``text``: Month D[, YYYY], D Month, Month YYYY, ISO, today, next Friday, holiday names of ``year``.

    ``stands_alone`` says which holiday names without their final Day/Sunday/Monday are still names (Thanksgiving)
    and which are words of their own (Labor); it should accept no more than ``not_a_calendar_word`` does, so that
    every name found is read by ``read_date``.
    """
    yield from _dates(text, _date_spans(text, year, stands_alone))


def find_date_ranges(text: str, year: int, *, stands_alone: StandsAlone = not_a_calendar_word) -> Iterator[str]:
    """Stretches of days ``text`` writes as two dates joined by to, until, through or and ("March 3 to March 10",
    "Christmas and New Year's Day"), as written, from the first date's start to the second's end."""
    yield from _ranges(text, _date_spans(text, year, stands_alone))


def find_days(text: str, year: int, *, stands_alone: StandsAlone = not_a_calendar_word) -> Iterator[str]:
    """What ``find_dates`` finds, then what ``find_date_ranges`` does, the text read once for both."""
    spans = _date_spans(text, year, stands_alone)
    yield from _dates(text, spans)
    yield from _ranges(text, spans)


def _date_spans(text: str, year: int, stands_alone: StandsAlone) -> list[tuple[int, int]]:
    """Where each date pattern matches, pattern by pattern (one date may match several)."""
    patterns = (*_SPANS, _NTH_WEEKDAY_SAID, _holiday_pattern(year, stands_alone))
    return [(m.start(), m.end()) for p in patterns for m in p.finditer(text)]


def _dates(text: str, spans: Sequence[tuple[int, int]]) -> Iterator[str]:
    left = list(_LEFT_IN.finditer(text))
    counted = [(m.start(), m.end()) for m in _NTH_WEEKDAY_SAID.finditer(text)]
    for start, end in spans:
        if any(m.start() <= start and end <= m.end() for m in left):  # "this year" of "left in this year"
            continue
        if any(a <= start and end <= b and (a, b) != (start, end) for a, b in counted):  # "Monday" of "the third
            continue  # Monday in January"
        yield " ".join(text[start:end].split())
    for m in left:
        yield f"the end of the {m[1].lower()}"


_A_YEAR = re.compile(r"\b\d{4}\b")
# What joins the two ends of a stretch of days ("March 3 to March 10", "between Christmas and New Year").
_RANGE_JOIN = re.compile(r"(?i)\s+(?:to|until|till|through|and)\s+")
_RANGE = re.compile(r"(?i)(?:from |between )?(.+?) (?:to|until|till|through|and) (.+)")


def _ranges(text: str, spans: Sequence[tuple[int, int]]) -> Iterator[str]:
    # a date inside a longer one ("Friday" of "Friday, March 4") is no end of a stretch: by start, longest first,
    # a span is whole when it reaches past every one before it
    whole, reached = [], -1
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if end > reached:
            whole.append((start, end))
            reached = end
    for (start, end), (after, last) in pairwise(whole):
        if _RANGE_JOIN.fullmatch(text, end, after):
            yield " ".join(text[start:last].split())


# Words that read a day from today, whatever day comes before them in a stretch.
_FROM_TODAY = re.compile(r"(?i)\b(?:today|tomorrow|yesterday|tonight|now|next|last|this|coming|ago|from|in)\b")


def read_range(text: str, today: date, *, country: str = "US") -> tuple[date, date] | None:
    """The first and last day of a stretch ``text`` writes ("march 3 to march 10", "between christmas and new
    year"): the last one read as the next one on or after the first when it names no year; the first, when only the
    last names its year, in that year or the one before ("jan 1 to mar 1 2027": both of 2027); else None."""
    m = _RANGE.fullmatch(" ".join(text.strip().split()))
    if m is None:
        return None
    if country in _MONTH_FIRST_COUNTRIES and (_day_first(m[1]) or _day_first(m[2])):
        country = "GB"  # one slashed date that reads only day first ("15/08/2025 and 02/01/2026"): both are so
    first, last = read_date(m[1], today, country=country), read_date(m[2], today, country=country)
    if first is None or last is None:
        return None
    if _A_YEAR.search(m[2]) and not _A_YEAR.search(m[1]):
        for year in (last.year, last.year - 1):  # "December 20 to January 5, 2028": the December before
            same = read_date(f"{m[1]} {year}", today, country=country)
            if same is not None and same <= last:
                first = same
                break
    # "December 20 to January 5": the January after; "July 4 and Labor Day": that year's Labor Day, not the next one
    # from today; but "today", "next Friday", "in 3 days" are from today
    if not _A_YEAR.search(m[2]) and (last < first or not _FROM_TODAY.search(m[2])):
        later = read_date(m[2], first, country=country)
        if later is None or later < first:
            later = read_date(f"{m[2]} {first.year + 1}", first, country=country)
        last = later or last
    return first, last


# An amount of calendar time and the word saying which way it goes: "90 days from", "2 weeks after", "a couple of
# months", "3 years ago". Hours and minutes are left out: they never move a date.
_DURATION = re.compile(
    rf"""
    (?<![\w.,])  # a whole number: not the "5 days" of "1.5 days" or "1,5 days", nor a word's tail
    (?: (?:subtract|deduct|take\s+away|take\s+off|minus|less) \s+ (?:an? \s+)? )?
                                   # a word that turns it back: "subtract 10 days from", "minus a 3 week taper"
    (?: \d+ (?:\.\d+)? | (?:{NUMBER_WORD}) \b )  # an amount in digits or words
    \s* (?:(?:business|working|work)\s+day|weekday|day|week|month|year|fortnight) s? \b
                                   # "3days" too, but not "3 dayglo" or "a weekend"; "5 business days", "2 weekdays"
    (?: \s+ (?P<direction> after|before|from|ago|later|earlier|since|until|prior\ to|past) \b )?
    """,
    re.IGNORECASE | re.VERBOSE,
)


# What joins the parts of one amount of time ("2 weeks and 3 days", "1 year, 2 months").
_PARTS_JOINED = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+)", re.IGNORECASE)
_TURNED_BACK = re.compile(r"(?:subtract|deduct|take|minus|less)\b", re.IGNORECASE)


def find_durations(text: str) -> Iterator[str]:
    """Amounts of time in ``text`` with their direction word (90 days from, 2 weeks after, a month); parts of one
    amount are one ("2 weeks and 3 days from": never 2 weeks alone)."""
    run: list[re.Match[str]] = []  # the parts of the amount read so far
    for m in _DURATION.finditer(text):
        if run and not _goes_on(text, run[-1], m):
            yield _spanned(text, run)
            run = []
        run.append(m)
        if m["direction"]:  # the amount ends at its direction word
            yield _spanned(text, run)
            run = []
    if run:
        yield _spanned(text, run)


def _goes_on(text: str, part: re.Match[str], then: re.Match[str]) -> bool:
    """Whether ``then`` is a further part of the amount ``part`` is of: only a joining word between them, and no
    word that turns it back ("2 weeks minus 3 days" is two amounts)."""
    joined = _PARTS_JOINED.fullmatch(text, part.end(), then.start()) is not None
    return joined and _TURNED_BACK.match(text, then.start()) is None


def _spanned(text: str, parts: list[re.Match[str]]) -> str:
    return " ".join(text[parts[0].start() : parts[-1].end()].split())


# An amount of clock time from now, with the word that places it: "in 3 hours", "in half an hour", "45 minutes
# from now", "an hour ago", "2 hours later". Without "in" or such a word it is no time from now ("a 3 hour
# drive"), so none is offered.
_CLOCK_TIME = re.compile(
    rf"""
    (?<![\w.,])
    (?: (?P<in> in ) \s+ )?
    (?P<amount> \d+ (?:\.\d+)? | half \s+ an | an? | (?:{NUMBER_WORD}) )
    \s* (?P<unit> hours? | hrs? | minutes? | mins? ) \b
    (?: \s+ (?P<direction> from \s+ now | ago | later | earlier | before | after ) \b )?
    """,
    re.IGNORECASE | re.VERBOSE,
)


_CLOCK_FORMAT = re.compile(r"(?i)\s*(?:time|clock|format)\b")
# A time of day right after an amount's direction: "2 hours before noon" is no time from now (read here in short:
# values.times, which reads times of day in full, imports this module).
_AT_TIME_OF_DAY = re.compile(r"(?i)\s*(?:\d{1,2}(?::\d\d|\s?[ap]\.?m\.?)|noon|midnight|midday)(?!\w)")


def find_time_offsets(text: str) -> Iterator[str]:
    """Amounts of clock time from now in ``text`` ("in 3 hours", "45 minutes from now", "an hour ago"); not one
    from a time of day ("2 hours before noon", "90 minutes after 10:45": the calculator's)."""
    for m in _CLOCK_TIME.finditer(text):
        if m["direction"] and not m["in"] and _AT_TIME_OF_DAY.match(text, m.end()):
            continue
        if (
            m["amount"] in ("12", "24")
            and m["unit"].casefold() in ("hour", "hr")
            and _CLOCK_FORMAT.match(text, m.end())
        ):
            continue  # "in 24 hour time" is a clock, not a day from now ("in 24 hours' time" is)
        if m["in"] or m["direction"]:
            yield " ".join(m.group().split())


def read_time_offset(text: str) -> timedelta | None:
    """``text`` as an amount of clock time from now ("in 3 hours" → 3 h, "an hour ago" → -1 h); else None."""
    m = _CLOCK_TIME.fullmatch(" ".join(text.strip().split()))
    if m is None:
        return None
    amount = m["amount"].casefold()
    if amount[0].isdigit():
        value = float(amount)
    elif amount.startswith("half"):
        value = 0.5
    else:
        value = float(NUMBER_WORDS.get(amount, 1))  # "a", "an": one
    minutes = value * (60 if m["unit"].casefold().startswith("h") else 1)
    back = (m["direction"] or "").casefold() in ("ago", "earlier", "before")
    return timedelta(minutes=-minutes if back else minutes)


# --- reading durations ------------------------------------------------------------------------------------

# Each amount and unit in an offset, wherever it is ("2 weeks", "1 year and 2 months", "3days"); several add up.
# The amount starts at a word boundary and has at most six digits, so a run of digits too long to be an offset
# ("99999999999 days") gives nothing rather than its last six digits.
_PART = re.compile(
    rf"\b(\d{{1,6}}|{NUMBER_WORD})\s*((?:business|working|work)\s+day|weekday|day|week|month|year|fortnight)s?\b"
)
# Words that turn an offset backwards ("2 weeks before", "3 months ago", "minus 2 days", "-2 days", "subtract 10
# days from"); whole words only, so "beforehand" or "agony" do not.
_BACKWARDS = re.compile(r"\b(?:before|earlier|ago|prior|minus|less|subtract|deduct|take\s+away|take\s+off)\b|^\s*-")


@dataclass(frozen=True, slots=True, kw_only=True)
class Duration:
    """An amount of time read from words: (count, unit) parts that add up, and whether it goes back in time."""

    parts: tuple[tuple[int, Unit], ...]
    backwards: bool = False

    def shift(self, start: date) -> date:
        """``start`` moved by this amount; a month later than January 31 is the last day of February.

        Raises ValueError or OverflowError when the result falls outside years 1 to 9999.
        """
        sign = -1 if self.backwards else 1
        months = sum(n * (12 if unit == "year" else 1) for n, unit in self.parts if unit in ("month", "year"))
        days = sum(n * (7 if unit == "week" else 1) for n, unit in self.parts if unit in ("day", "week"))
        workdays = sum(n for n, unit in self.parts if unit == "business day")
        return _add_workdays(_add_months(start, sign * months) + timedelta(days=sign * days), sign * workdays)


def _add_workdays(day: date, workdays: int) -> date:
    """``day`` moved by ``workdays`` days of work (Monday to Friday), weekends skipped: whole weeks at once, then
    the last one to five day by day, so that a move from a weekend ends on a day of work."""
    if workdays == 0:
        return day
    step = 1 if workdays > 0 else -1
    weeks, rest = divmod(abs(workdays) - 1, _WORKDAYS)
    rest += 1
    day += timedelta(weeks=step * weeks)
    while rest:
        day += timedelta(days=step)
        if day.weekday() < _WORKDAYS:
            rest -= 1
    return day


def _add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    return date(day.year + year, month + 1, min(day.day, monthrange(day.year + year, month + 1)[1]))


def _part(amount: str, unit: str) -> tuple[int, Unit]:
    unit = " ".join(unit.split())
    n = count(amount) or 0  # _PART only matches digits and number words, which count() all reads
    match unit:
        case "fortnight":
            return 2 * n, "week"
        case "day" | "week" | "month" | "year":
            return n, unit
        case "weekday" | "business day" | "working day" | "work day":
            return n, "business day"
    raise AssertionError(f"_PART matched the unit {unit!r}, which it does not list")


def read_duration(text: str) -> Duration | None:
    """``text`` as an amount of time ("2 weeks before", "a couple of months", "1 year and 2 months"); else None."""
    folded = " ".join(text.lower().split())
    parts = tuple(_part(amount, unit) for amount, unit in _PART.findall(folded))
    return Duration(parts=parts, backwards=bool(_BACKWARDS.search(folded))) if parts else None


# --- reading dates ----------------------------------------------------------------------------------------

# Days named relative to today (read after lower-casing).
_RELATIVE_DAYS = {"today": 0, "now": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}
# Countries that write the month first in slashed dates (1/5/2027 is January 5); elsewhere the day comes first.
_MONTH_FIRST_COUNTRIES = frozenset({"US"})
_WEEKDAY_NAMES = [d.lower() for d in (*WEEKDAYS, *calendar.day_abbr)]
# What is dropped before a date is read: a leading "on" or "the" ("on the 4th of July"), and a weekday before a
# month or day number ("Friday, March 4", "fri 4 mar"), which a date names anyway. A weekday alone or before a
# word ("friday", "next friday") stays: it is the date.
_LEADING = re.compile(
    rf"^(?:on |the )+|^(?:{'|'.join(sorted(_WEEKDAY_NAMES, key=len, reverse=True))})\.?,? (?=\w+\.? \d|\d)"
)
# Ordinal suffixes after a digit ("4th" → "4"), only at a word's end so "4three" or "1stop" stay as they are.
_ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th)\b")
# The calendar forms, matched against the whole normalised text: ISO with an optional time ("2026-03-04",
# "2026-03-04t10:00"), month first ("march 4", "mar. 4, 2026"), day first ("4 march", "4 of march 2026"),
# a month and a year ("march 2027", read as its first day) and slashed ("1/5/2027", "1/5/27", "1-5-2027"). A
# month word is checked by _month(), so "friday 4" or "item 4" are not dates.
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[t ].*)?")
_MONTH_DAY = re.compile(r"([a-z]+)\.? (\d{1,2})(?:,? (\d{4}))?")
_DAY_MONTH = re.compile(r"(\d{1,2}) (?:of )?([a-z]+)\.?(?:,? (\d{4}))?")
_MONTH_YEAR = re.compile(r"([a-z]+)\.? (\d{4})")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2,4})|(\d{1,2})([-.])(\d{1,2})\5(\d{4})")
# A month and a day with a slash and no year ("12/25", "9/11"; "3/14 2027", as date_math asks of another year).
_SLASHED_DAY = re.compile(r"(\d{1,2})/(\d{1,2})(?: (\d{4}))?")
# A month and a day, then the year they are in said from this one ("17 october next year"); which year, by its word.
_IN_YEAR_SAID = re.compile(r"(.+?),? (?:of )?(this|next|last) year")
_YEAR_SAID = {"this": 0, "next": 1, "last": -1}
# Where a text writes one, month first or, where no month has its first number, day first ("14/03"), and a goal
# that asks of a day (or says what is "dated" so), which alone makes "9/11" a date and not a division.
SLASHED_DAY = re.compile(
    r"(?<![\w/.,])(?:(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])|(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2]))(?![\w/]|[.,]\d)"
)
ASKS_OF_A_DAY = re.compile(
    r"(?i)\b(?:ago|since|until|till|what\s+(?:day|date)|which\s+day|when\s+(?:is|was)|birthday|anniversary"
    r"|how\s+old|dated)\b"
)
# A weekday, alone or plural ("friday", "sundays") or after this/coming/next/last.
_WEEKDAY = re.compile(rf"(?:(this|coming|next|last) )?({'|'.join(d.lower() for d in WEEKDAYS)})s?( after next)?")
# A period relative to today: "next week", "last month", "this year", "coming weekend".
_PERIOD = re.compile(r"(this|coming|next|last) (week|month|year|weekend)")
# The first or last day of a period ("end of the year", a leading "the" already gone).
_BOUND = re.compile(r"(end|start|beginning) of (the|this|next|last) (year|month|week)")
# "day after tomorrow", "day before christmas" (a leading "the" is already gone): one day off another date.
_DAY_OFF = re.compile(r"day (after|before) (.+)")
# A holiday in a given year: "christmas 2027", "easter sunday, 2028", "thanksgiving in 2030".
_HOLIDAY_YEAR = re.compile(rf"(.+?){_YEAR_AFTER}")
# "in 3 days", "in a couple of weeks": that long after today.
_IN = re.compile(r"in (.+)")


def read_date(text: str, today: date, *, country: str = "US") -> date | None:
    """The day ``text`` names, seen from ``today``; None when it names none (or one that does not exist).

    It reads every span ``find_dates`` finds, the forms the date tool has always read, and a date moved by a
    duration ("2 weeks before Christmas", "a couple of weeks after March 4", "in 3 days", "3 days ago").
    Holidays are the next one on or after ``today``, by ``country``'s calendar first (an ISO code such as US, GB,
    CA); a month and day without a year are in ``today``'s year; "next Friday" is the Friday of next week (Monday
    to Sunday), "Friday" and "this Friday" the first one from today on, "last Friday" the latest before today.
    """
    _holidays.check_country(country)
    folded = " ".join(text.strip().lower().replace("’", "'").split()).rstrip(".")
    folded = _SHORT_WORD.sub(lambda m: _SHORTENED[m.group().rstrip(".")], folded)
    if (nth := _DAY_OF_MONTH.fullmatch(folded)) is not None:
        return _day_of_month(int(nth[1]), today)
    try:
        return _read(_ORDINAL.sub(r"\1", folded), today, country)
    except (ValueError, OverflowError):  # a day that does not exist (February 30), or beyond years 1 to 9999
        return None


def _read(text: str, today: date, country: str) -> date | None:
    """The day a normalised text names (lower case, single spaces, no ordinal suffixes)."""
    while (stripped := _LEADING.sub("", text)) != text:
        text = stripped
    if text in _RELATIVE_DAYS:
        return today + timedelta(days=_RELATIVE_DAYS[text])
    if day := _holiday(text, today, country):
        return day
    if m := _DAY_OFF.fullmatch(text):
        other = _read(m[2], today, country)
        return other + timedelta(days=1 if m[1] == "after" else -1) if other else None
    if (m := _IN_YEAR_SAID.fullmatch(text)) and is_day_without_year(m[1]):  # "17 october next year"
        return _calendar_date(m[1], date(today.year + _YEAR_SAID[m[2]], 1, 1), country)
    return (
        _calendar_date(text, today, country)
        or _nth_weekday(text, today)
        or _weekday(text, today)
        or _period(text, today)
        or _bound(text, today)
        or _moved(text, today, country)
    )


def is_day_without_year(text: str) -> bool:
    """Whether ``text`` is a month and a day with no year ("17 october", "february 3rd", "the 17th of february")."""
    folded = _ORDINAL.sub(r"\1", " ".join(text.lower().split()).removeprefix("the "))
    m = _MONTH_DAY.fullmatch(folded) or _DAY_MONTH.fullmatch(folded)
    return m is not None and m[3] is None and _month(m[1] if m[1].isalpha() else m[2]) is not None


def _holiday(text: str, today: date, country: str) -> date | None:
    """The holiday ``text`` names; one after a country's word that is no name of its own ("Canada Day" is one) by
    that country's calendar alone ("canadian thanksgiving")."""
    day = _holiday_in(text, today, country, only=False)
    if day is None and (national := _NATIONAL_SAID.fullmatch(text)) is not None:
        return _holiday_in(national[2], today, _NATIONAL_OF[national[1]], only=True)
    return day


def _holiday_in(text: str, today: date, country: str, *, only: bool) -> date | None:
    if day := _holidays.holiday(text, today, country, not_a_calendar_word, only=only):
        return day
    if m := _HOLIDAY_NEXT_YEAR.fullmatch(text):  # "easter next year": in next year's calendar
        year = today.year + (m[2] == "next")
        return _holidays.holiday(m[1], today, country, not_a_calendar_word, year=year, only=only)
    m = _HOLIDAY_YEAR.fullmatch(text)
    return _holidays.holiday(m[1], today, country, not_a_calendar_word, year=int(m[2]), only=only) if m else None


def _month(name: str) -> int | None:
    """The month ``name`` begins (at least three letters: "mar", "sept", "march"), when it begins only one."""
    matches = [i for i, m in enumerate(MONTHS, 1) if len(name) >= 3 and m.lower().startswith(name)]
    return matches[0] if len(matches) == 1 else None


def _calendar_date(text: str, today: date, country: str) -> date | None:
    if m := _ISO.fullmatch(text):
        return date(int(m[1]), int(m[2]), int(m[3]))
    if m := _MONTH_DAY.fullmatch(text):
        month, day, year = _month(m[1]), m[2], m[3]
    elif m := _DAY_MONTH.fullmatch(text):
        day, month, year = m[1], _month(m[2]), m[3]
    elif m := _MONTH_YEAR.fullmatch(text):
        month, day, year = _month(m[1]), "1", m[2]
    elif m := _SLASHED.fullmatch(text):
        return _slashed(m[1] or m[4], m[2] or m[6], m[3] or m[7], today, country)
    elif m := _SLASHED_DAY.fullmatch(text):
        return _slashed(m[1], m[2], m[3] or str(today.year), today, country)
    else:
        return None
    if month is None:
        return None
    if not year and (month, int(day)) == (2, 29) and not isleap(today.year):  # February 29: the next one there is
        return date(next(y for y in range(today.year, today.year + 8) if isleap(y)), 2, 29)
    return date(int(year) if year else today.year, month, int(day))


def _day_first(text: str) -> bool:
    """Whether ``text`` is a slashed date that reads only with the day first (15/08/2025: no 15th month)."""
    m = _SLASHED.fullmatch(text.strip())
    return m is not None and int(m[1] or m[4]) > _MONTHS_IN_A_YEAR


_MONTHS_IN_A_YEAR = 12


def _slashed(first: str, second: str, year: str, today: date, country: str) -> date:
    """A slashed date, in ``country``'s order unless only the other order gives a date (13/1/2027)."""
    full = int(year)
    if len(year) == 2:  # the year of those two digits closest to today's: 27 is 2027, 99 is 1999 in 2026
        full = today.year - 50 + (full - today.year + 50) % 100
    month, day = (int(first), int(second)) if country in _MONTH_FIRST_COUNTRIES else (int(second), int(first))
    try:
        return date(full, month, day)
    except ValueError:
        return date(full, day, month)


def _weekday(text: str, today: date) -> date | None:
    m = _WEEKDAY.fullmatch(text)
    if m is None:
        return None
    wanted = [d.lower() for d in WEEKDAYS].index(m[2])
    if m[3] and not m[1]:  # "sunday after next": the one after the next to come (not today's)
        return today + timedelta(days=((wanted - today.weekday()) % 7 or 7) + 7)
    if m[3]:
        return None
    if m[1] == "next":
        return today + timedelta(days=7 - today.weekday() + wanted)
    if m[1] == "last":
        return today - timedelta(days=(today.weekday() - wanted - 1) % 7 + 1)
    return today + timedelta(days=(wanted - today.weekday()) % 7)


# A day of the month by its ordinal alone: "the 31st", "on the 1st".
_DAY_OF_MONTH = re.compile(r"(?:on )?(?:the )?([1-9]|[12]\d|3[01])(?:st|nd|rd|th)")


def _day_of_month(day: int, today: date) -> date | None:
    """The next day of the month numbered ``day``, today's month first: "the 31st" on December 1 is December 31,
    on December 5 "the 1st" is January 1; a month without that day is passed over."""
    for ahead in range(13):
        first = _add_months(today.replace(day=1), ahead)
        if day <= monthrange(first.year, first.month)[1] and (candidate := first.replace(day=day)) >= today:
            return candidate
    return None


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NTH_WEEKDAY = re.compile(
    rf"(first|second|third|fourth|fifth|last|[1-5]) ({'|'.join(d.lower() for d in WEEKDAYS)}) (?:in|of) "
    r"(?:the |this |each |every )?([a-z]+)"
    r"(?:,? (\d{4}))?"
)


def _nth_weekday(text: str, today: date) -> date | None:
    """A weekday counted in a month ("third monday in january"): in the year said, else the next one on or after
    today; None where the month has no such day (a fifth Monday). Of "the month", the next one on or after today."""
    m = _NTH_WEEKDAY.fullmatch(text)
    if m is not None and m[3] == "month" and not m[4]:  # "the last friday of the month": this month's, or the next
        months = (_add_months(today.replace(day=1), ahead) for ahead in range(13))
        days = (
            _nth_weekday(f"{m[1]} {m[2]} of {MONTHS[first.month - 1].lower()} {first.year}", today) for first in months
        )
        return next((day for day in days if day is not None and day >= today), None)
    if m is None or (month := _month(m[3])) is None:
        return None
    wanted = [d.lower() for d in WEEKDAYS].index(m[2])
    for year in [int(m[4])] if m[4] else [today.year, today.year + 1]:
        first = (wanted - date(year, month, 1).weekday()) % 7 + 1  # the month's first such weekday
        matching = range(first, monthrange(year, month)[1] + 1, 7)
        index = -1 if m[1] == "last" else (_ORDINALS.get(m[1]) or int(m[1])) - 1
        if index >= len(matching):
            return None
        day = date(year, month, matching[index])
        if m[4] or day >= today:
            return day
    return None


def _period(text: str, today: date) -> date | None:
    """Next/last week, month and year are that long from today; a weekend is its Saturday (Monday-based weeks)."""
    m = _PERIOD.fullmatch(text)
    if m is None:
        return None
    step = {"next": 1, "last": -1}.get(m[1], 0)
    match m[2]:
        case "week":
            return today + timedelta(weeks=step)
        case "month":
            return _add_months(today, step)
        case "year":
            return _add_months(today, 12 * step)
    return today + timedelta(days=5 - today.weekday(), weeks=step)


def _bound(text: str, today: date) -> date | None:
    """The first or last day of this, next or last year, month or week (Monday to Sunday)."""
    m = _BOUND.fullmatch(text)
    if m is None:
        return None
    step = {"next": 1, "last": -1}.get(m[2], 0)
    end = m[1] == "end"
    match m[3]:
        case "year":
            return date(today.year + step, 12, 31) if end else date(today.year + step, 1, 1)
        case "month":
            first = _add_months(today.replace(day=1), step)
            return _add_months(first, 1) - timedelta(days=1) if end else first
    monday = today - timedelta(days=today.weekday(), weeks=-step)
    return monday + timedelta(days=6) if end else monday


def _moved(text: str, today: date, country: str) -> date | None:
    """A date moved by a duration: "in 3 days", "3 days ago", "2 weeks before christmas", "a month from now"."""
    if m := _IN.fullmatch(text):
        amount = _DURATION.fullmatch(m[1])
        by = read_duration(m[1]) if amount and not amount["direction"] else None
        return by.shift(today) if by else None
    m = _DURATION.match(text)
    if m is None or not m["direction"]:
        return None
    rest = text[m.end() :].strip()
    start = _read(rest, today, country) if rest else today
    by = read_duration(m.group())
    return by.shift(start) if by and start else None
