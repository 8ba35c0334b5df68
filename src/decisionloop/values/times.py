"""Times of day: finding one in a text ("9am", "3:30 pm", "17:00"), reading it, and a time of day told in a place or
time zone ("9am in New York", "5pm GMT", "3:30 pm EST", "noon London time"), which the clock converts to another.

A place after a time counts only where the gazetteer knows it and it is no month or weekday ("9am in March" is a
date, not Marches' clock); the zone a place keeps is the clock tool's to find (``tools.zones``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import time

from decisionloop.values.dates import not_a_calendar_word
from decisionloop.values.numbers import read_number
from decisionloop.values.places import ZONE_NAMES, is_located_place, read_zone_offset, zone_abbreviation, zone_region

__all__ = ["TIME_OF_DAY", "TIME_SAID", "find_zoned_times", "in_digits", "read_time_of_day", "read_zoned_time"]

# A time of day: 9:30, 14:00:05, 7 pm, 9am, 6:45 a.m.
TIME_OF_DAY = re.compile(
    r"(?<![\w:.])(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[ap]\.?m\.?)?|(?:1[0-2]|0?[1-9])\s?[ap]\.?m\.?)(?![\w:])",
    re.IGNORECASE,
)
# A time of day in words that names its hour: noon, midday, midnight.
_NAMED_TIMES = {"noon": time(12), "midday": time(12), "midnight": time(0)}
# A time of day in digits or in words that name its hour ("9am", "17:00", "noon").
TIME_SAID = re.compile(rf"{TIME_OF_DAY.pattern}|\b(?:{'|'.join(_NAMED_TIMES)})\b", re.IGNORECASE)
_READ = re.compile(r"(?i)(\d{1,2})(?::(\d\d))?(?::\d\d)?\s?(?:([ap])\.?m\.?)?")
# What may follow a time of day to say where it is told: "in" and up to three words, then "time" ("9am in London",
# "9am London time", "5pm GMT+2").
_AFTER = re.compile(r"(?i)\s+(in\s+)?((?:the\s+)?[\w+\-−:.']+(?:\s+[\w+\-−:.']+){0,2})")
_WORD = re.compile(r"[\w+\-−:.']+")
_TIME_WORD = re.compile(r"(?i)\s+time\b")


# A time of day said the old way: "quarter past 3", "half past seven", "quarter to 4", "10 past 5", "5 o'clock"
# ("20 minutes to 5pm" is a sum on the clock, which ``time_sums`` reads).
_HOUR_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_SPOKEN_HOUR = rf"(?P<h>1[0-2]|0?[1-9]|{'|'.join(_HOUR_WORDS)})"
_SPOKEN = re.compile(
    rf"(?i)\b(?:(?:(?P<part>(?:a\s+)?quarter|half)\s+(?P<way>past|after|to|before)"
    rf"|(?P<m>[1-5]?\d)\s+(?P<way2>past|after))\s+{_SPOKEN_HOUR}"
    rf"|{_SPOKEN_HOUR.replace('?P<h>', '?P<o>')}\s*o['’]?\s*clock)(?P<half>\s?[ap]\.?m\.?)?(?!\w)"
)


def in_digits(text: str) -> str:
    """``text`` with each time of day said the old way written in digits ("quarter past 3" → "3:15", "half past
    seven" → "7:30", "quarter to 4" → "3:45", "5 o'clock" → "5:00"); "half to 3" says no time and is left as said."""
    return _SPOKEN.sub(_digital, text)


def _digital(m: re.Match[str]) -> str:
    said = (m["h"] or m["o"]).casefold()
    hour = int(read_number(said) or 0)
    way = (m["way"] or m["way2"] or "past").casefold()
    minutes = int(m["m"] or 0) if m["part"] is None else 15 if "quarter" in m["part"].casefold() else 30
    if m["part"] is not None and minutes == 30 and way in ("to", "before"):
        return m.group()
    if way in ("to", "before"):
        hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
    half = f" {m['half'].strip()}" if m["half"] else ""
    return f"{hour}:{minutes:02d}{half}"


def read_time_of_day(text: str) -> time | None:
    """``text`` as a time of day, and nothing else ("9am", "3:30 pm", "17:00", "noon"); None for anything else."""
    said = " ".join(text.strip().split()).casefold()
    if said in _NAMED_TIMES:
        return _NAMED_TIMES[said]
    m = _READ.fullmatch(said) if TIME_OF_DAY.fullmatch(said) else None
    if m is None:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if half is not None:
        hour = hour % 12 + (12 if half == "p" else 0)
    return time(hour, minute)


def _names_zone(words: str) -> bool:
    """Whether ``words`` name a time zone or a place that keeps one: an abbreviation (EST), an offset (GMT+2), UTC or
    GMT, a region told by its zone (the West Coast), or a known place that is no month or weekday."""
    folded = words.casefold().strip()
    if zone_abbreviation(folded) is not None or read_zone_offset(folded) is not None or folded in ZONE_NAMES:
        return True
    bare = folded.removeprefix("the ")
    return zone_region(bare) is not None or (not_a_calendar_word(bare.capitalize()) and is_located_place(bare))


def _zone_after(text: str, end: int) -> tuple[str, int] | None:
    """The longest words right after ``end`` that name a zone, and where the span ends ("time" after them kept);
    None when none follow."""
    m = _AFTER.match(text, end)
    if m is None:
        return None
    words = list(_WORD.finditer(text, m.start(2), m.end(2)))
    for count in range(len(words), 0, -1):
        first, last = words[0], words[count - 1]
        zone = text[first.start() : last.end()].rstrip(".,;:!?")
        if zone.casefold() not in ("time", "the") and _names_zone(zone):
            said = _TIME_WORD.match(text, first.start() + len(zone))
            return zone, said.end() if said is not None else first.start() + len(zone)
    return None


def find_zoned_times(text: str) -> Iterator[str]:
    """Times of day ``text`` tells in a place or time zone, as written: "9am in New York", "5pm GMT", "3:30 pm
    EST", "noon London time"."""
    for m in TIME_SAID.finditer(text):
        after = _zone_after(text, m.end())
        if after is not None:
            yield text[m.start() : after[1]]


def read_zoned_time(text: str) -> tuple[time, str] | None:
    """``text`` as a time of day and the words naming where it is told ("9am in New York" → (09:00, "New York"),
    "5pm GMT" → (17:00, "GMT")); None unless it is one and nothing else."""
    said = " ".join(text.strip().split())
    m = TIME_SAID.match(said)
    when = read_time_of_day(m.group()) if m is not None else None
    after = _zone_after(said, m.end()) if m is not None else None
    if when is None or after is None or after[1] != len(said.rstrip(".,;:!?")):
        return None
    return when, after[0]
