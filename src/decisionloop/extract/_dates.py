"""Dates: calendar dates, relative days (today, next Friday) and holiday names."""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from functools import cache

import holidays

from decisionloop.extract._names import is_place
from decisionloop.extract._text import MONTHS, WEEKDAYS, Found, readings

_MONTH = "|".join((*MONTHS, *(m for m in calendar.month_abbr if m), "Sept"))
_DAY = "|".join((*WEEKDAYS, *calendar.day_abbr))
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
_PATTERNS = (
    re.compile(rf"\b(?:(?:{_DAY}),?\s+)?(?:{_MONTH})\.?\s+{_ORD}\b(?:,?\s+\d{{4}}\b)?"),
    re.compile(rf"\b(?:(?:{_DAY}),?\s+)?{_ORD}\s+(?:of\s+)?(?:{_MONTH})\b(?:,?\s+\d{{4}}\b)?"),
    re.compile(rf"\b(?:{'|'.join(MONTHS)})\s+\d{{4}}\b"),
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"),
    re.compile(r"(?i)\b(?:the\s+day\s+(?:after|before)\s+)?(?:today|tomorrow|yesterday|tonight)\b"),
    re.compile(rf"(?i)\b(?:next|last|this|coming)\s+(?:week|month|year|weekend|{'|'.join(WEEKDAYS)})\b"),
    re.compile(rf"\b(?:{'|'.join(WEEKDAYS)})s?\b"),
)
# Countries whose holiday calendars (from the holidays package) carry the English holiday names people use.
_CALENDARS = ("US", "GB", "CA", "AU", "IE")


@cache
def _holiday_pattern(year: int) -> re.Pattern[str]:
    """Holiday names of ``year`` (Christmas Day, New Year's Day, Thanksgiving Day, …) and their short forms."""
    names: set[str] = set()
    for country in _CALENDARS:
        categories = holidays.country_holidays(country).supported_categories
        for name in holidays.country_holidays(country, years=year, categories=categories).values():
            names.update(_variants(name))
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])(?:{alternatives})(?![\w'’])")


def _variants(names: str) -> Iterator[str]:
    """A holiday's names without "(observed)", and without a final Day/Sunday/Monday when that stays a name."""
    for name in names.split(";"):
        name = name.replace("(observed)", "").strip()
        if not name or not name.replace("'", "").replace(" ", "").isalpha():
            continue
        yield name
        short = re.sub(r"\s+(?:Day|Sunday|Monday)$", "", name)
        if short != name and not is_place(short) and not readings(short) & {"ADJ", "VERB"}:
            yield short
            if short.endswith("'s"):
                yield short[:-2]


def dates(text: str, year: int) -> Iterator[Found]:
    """Dates in ``text``: Month D[, YYYY], D Month, ISO, today/tomorrow, next Friday, holiday names."""
    for pattern in (*_PATTERNS, _holiday_pattern(year)):
        for m in pattern.finditer(text):
            yield " ".join(m.group().split()), "date"
