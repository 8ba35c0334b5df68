"""Holidays: their names as people write them (from the holidays package) and the day a name stands for."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from functools import cache, lru_cache

import holidays

StandsAlone = Callable[[str], bool]  # whether a holiday's name without its final Day/Sunday/Monday is still its name

# Countries whose holiday calendars (from the holidays package) carry the English holiday names people use; the
# first one a name is found in gives its date, after the country asked for.
COUNTRIES = ("US", "GB", "CA", "AU", "IE")
# Matches the last word of a name that people often leave out ("Thanksgiving Day" → "Thanksgiving", "Easter
# Sunday" → "Easter"); only as a whole final word, so "Holiday" or "Birthday" are never cut to "Holi", "Birth".
_DROPPABLE = re.compile(r"\s+(?:Day|Sunday|Monday)$")
# Informal names that no calendar in the package carries, by their key, and as they are written.
_ALIASES = {
    "xmas": "christmas",
    "fourth of july": "independence day",
    "st patricks day": "saint patricks day",
    "st. patricks day": "saint patricks day",
}
# Days that no calendar carries, by country, named by how far they follow one that does (the shopping days after
# US Thanksgiving; Canada's, in October, has none).
_DAYS_AFTER = {"US": {"Thanksgiving Day": (("Black Friday", 1), ("Cyber Monday", 4))}}
_ALIAS_NAMES = ("Xmas", "Fourth of July", "St Patrick's Day", "St Patricks Day", "St. Patrick's Day")


def check_country(country: str) -> None:
    """Raise ValueError unless the holidays package has a calendar for ``country``."""
    if country not in _known_countries():
        raise ValueError(
            f"unknown country {country!r}; give an ISO 3166 code the holidays package knows, such as "
            f"{', '.join(COUNTRIES)}"
        )


@cache
def _known_countries() -> frozenset[str]:
    return frozenset(holidays.list_supported_countries())


# A few years of each calendar are all a run needs (this year and the next); a year named in a text adds one.
@lru_cache(maxsize=64)
def _calendar(country: str, year: int) -> tuple[tuple[date, str], ...]:
    """A country's (day, name) pairs in ``year``, in every category the package has for it, one pair per name."""
    categories = holidays.country_holidays(country).supported_categories
    days = holidays.country_holidays(country, years=year, categories=categories)
    named = [(day, name) for day, names in sorted(days.items()) for name in names.split(";")]
    following = _DAYS_AFTER.get(country, {})
    after = [(day + timedelta(days=n), alias) for day, name in named for alias, n in following.get(name, ())]
    return tuple(sorted(named + after))


def variants(name: str, stands_alone: StandsAlone) -> Iterator[tuple[str, int]]:
    """A calendar name as people write it, without "(observed)", with how far it is from the full name.

    0 is the name itself; a shorter one (1 Day, 2 Sunday, 3 Monday dropped, so Easter is Easter Sunday before
    Easter Monday) is given when ``stands_alone`` accepts it, also without a final 's (Mother's Day → Mother).
    Names with anything but letters, spaces and apostrophes (Martin Luther King, Jr.) are not written freely.
    """
    name = name.replace("(observed)", "").strip()
    if not name or not name.replace("'", "").replace(" ", "").isalpha():
        return
    yield name, 0
    short = _DROPPABLE.sub("", name)
    if short != name and stands_alone(short):
        distance = ("Day", "Sunday", "Monday").index(name.rsplit(maxsplit=1)[-1]) + 1
        yield short, distance
        if short.endswith("'s"):
            yield short[:-2], distance


@cache
def names(year: int, stands_alone: StandsAlone) -> frozenset[str]:
    """Every holiday name of ``year`` in the calendars of all COUNTRIES, with the short forms ``stands_alone`` keeps,
    each also without its apostrophes as people type it ("New Years Eve"), and the informal names ("Xmas")."""
    written = {
        w for country in COUNTRIES for _, name in _calendar(country, year) for w, _ in variants(name, stands_alone)
    }
    return frozenset({*written, *(w.replace("'", "") for w in written), *_ALIAS_NAMES})


def key(name: str) -> str:
    """How names are compared: case, apostrophes and spacing do not count (new years day is New Year's Day)."""
    folded = " ".join(name.replace("'", "").replace("’", "").casefold().split())
    return _ALIASES.get(folded, folded)


@lru_cache(maxsize=64)
def _index(country: str, year: int, stands_alone: StandsAlone) -> dict[str, tuple[int, tuple[date, ...]]]:
    """Each written name's key in one calendar year: its closest distance to a full name and the days it names.

    An observed day (a Sunday holiday moved to Monday) counts only when the name has no day of its own that year.
    """
    found: dict[str, tuple[int, tuple[date, ...]]] = {}
    entries = sorted(_calendar(country, year), key=lambda entry: "(observed)" in entry[1])
    for day, name in entries:
        observed = "(observed)" in name
        for written, distance in variants(name, stands_alone):
            k = key(written)
            best, days = found.get(k, (distance + 1, ()))
            if distance < best or (distance == best and not (observed and days)):
                found[k] = (distance, (*days, day) if distance == best else (day,))
    return found


def holiday(
    text: str, today: date, country: str, stands_alone: StandsAlone, *, year: int | None = None, only: bool = False
) -> date | None:
    """The day the holiday ``text`` names: the next on or after ``today`` (or the first in ``year``), else None.

    ``country``'s calendar decides (Thanksgiving is in November in the US, in October in Canada), then the other
    COUNTRIES in order, unless ``only`` (the goal named the country: "UK Mother's Day" is no American one). A
    holiday held only in a year already past its day (a jubilee) gives that past day.
    """
    wanted = key(text)
    years = (year,) if year is not None else tuple(y for y in (today.year, today.year + 1) if y <= date.max.year)
    for code in (country,) if only else (country, *(c for c in COUNTRIES if c != country)):
        hits = [_index(code, y, stands_alone).get(wanted) for y in years]
        best = min((hit[0] for hit in hits if hit), default=None)
        days = sorted(day for hit in hits if hit and hit[0] == best for day in hit[1])
        if days:
            return days[0] if year is not None else next((d for d in days if d >= today), days[-1])
    return None
