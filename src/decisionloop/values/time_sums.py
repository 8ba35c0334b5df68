"""Arithmetic on the clock: a time of day moved by an amount of clock time ("10:45 + 90 minutes", "1:15 pm - 2
hours"), the time between two times of day ("5pm - 9am"), and amounts of clock time added up ("2 hours 45 minutes +
1 hour 30 minutes"), and a time of day told on the other clock ("7:30 pm in 24-hour time"); finding such a sum where
a goal says it in words ("90 minutes after 10:45", "add 45 minutes to 11:30", "how many hours between 9am and
5pm", "0900 in regular time") and reading it back, as the calculator does.

A time written with am or pm (or noon, midnight) is told back so; one written with a leading zero or an hour past
12 ("09:00", "17:30") on a 24-hour clock; one written "3:45" could be either, and is told on a 12-hour clock
without am or pm, as the person wrote it ("11:30 + 2 hours = 1:30").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import time

from decisionloop.values.numbers import NUMBER_WORD, read_number
from decisionloop.values.times import TIME_SAID, in_digits, read_time_of_day

__all__ = ["CLOCK_UNIT", "TimeSum", "find_time_sums", "read_time_sum"]

_MINUTE, _HOUR, _DAY = 60, 3600, 86400
_HALF_DAY = _DAY // 2

# An amount of clock time: "90 minutes", "2 hours 30 minutes", "2 hours and 30 minutes", "2h30", "an hour and a
# half", "2 and a half hours", "half an hour", "1.5 hrs", "45 secs".
_AMOUNT = rf"\d+(?:\.\d+)?|(?:an?\s+)?half(?:\s+an?)?|an?|{NUMBER_WORD}"
# A unit of clock time as people write it ("hours", "hrs", "min", "secs").
CLOCK_UNIT = r"hours?|hrs?|minutes?|mins?|seconds?|secs?"
_UNIT = CLOCK_UNIT
_PART = (
    rf"(?:(?:{_AMOUNT})(?:\s+and\s+a\s+half)?(?:\s*|-)(?:{_UNIT})\b(?:\s+and\s+a\s+half\b)?"
    r"|\d+(?:\.\d+)?h(?:\s?\d{1,2}(?:m\b|min\b)?)?(?![\w.]))"
)
_DURATION = rf"(?:{_PART})(?:(?:\s*,\s*|\s+and\s+|\s+)(?:{_PART}))*"
_PART_READ = re.compile(
    rf"(?i)(?P<amount>{_AMOUNT})(?P<half1>\s+and\s+a\s+half)?(?:\s*|-)(?P<unit>{_UNIT})\b(?P<half2>\s+and\s+a\s+half\b)?"
    r"|(?P<h>\d+(?:\.\d+)?)h(?:\s?(?P<m>\d{1,2})(?:m\b|min\b)?)?"
)
_DURATION_ALONE = re.compile(rf"(?i){_DURATION}")

_WHEN = TIME_SAID.pattern
_T = rf"(?P<t>{_WHEN})"
_T2 = rf"(?P<t2>{_WHEN})"
_D = rf"(?<![\w.,:])(?P<d>{_DURATION})"
_D2 = rf"(?P<d2>{_DURATION})"
_AMOUNT_SAID = re.compile(rf"(?i){_D}")
_PLUS = r"(?P<op>plus|\+|minus|-|−)"
# The ways a goal says a sum, each with the sign it has: "+" adds the amount, "-" takes it off, "op" reads the
# operator, "between" is the time from the first time of day to the second.
_SAID: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?i){_T}\s*{_PLUS}\s*{_D}"), "op"),
    (re.compile(rf"(?i){_D}\s+(?:after|past|later\s+than|from)\s+{_T}"), "+"),
    (re.compile(rf"(?i){_D}\s+(?:before|earlier\s+than|to)\s+{_T}"), "-"),
    (re.compile(rf"(?i)\b(?:add|plus)\s+{_D}\s+(?:to|onto)\s+{_T}"), "+"),
    (re.compile(rf"(?i)\b(?:subtract|take|minus)\s+{_D}\s+(?:away\s+)?(?:from|off)\s+{_T}"), "-"),
    (re.compile(rf"(?i){_T}\s+(?:take\s+away|less)\s+{_D}"), "-"),
    (re.compile(rf"(?i)\b(?:between|from)\s+{_T}\s+(?:and|to|until|till|-|–)\s+{_T2}"), "between"),
    (re.compile(rf"(?i){_D}\s*{_PLUS}\s*{_D2}"), "op"),
)
# A goal that asks how long a stretch between two times of day is: a stretch alone ("from 9am to 5pm") is as
# often when something happens ("book the room from 9am to 5pm").
_ASKS_HOW_LONG = re.compile(
    r"(?i)\bhow\s+(?:long|much\s+time|many\s+(?:hours|hrs|minutes|mins|seconds))\b"
    r"|\b(?:hours|minutes|duration|elapsed|time\s+difference)\b"
)
# A goal that asks when something happens, and one that asks when to set off for it.
_ASKS_WHEN = re.compile(r"(?i)\b(?:when|what\s+time)\b")
_ASKS_WHEN_TO_START = re.compile(
    r"(?i)\b(?:when|what\s+time)\s+(?:should|must|do|does|shall|can)\s+(?:i|we|you|he|she|they)\s+"
    r"(?:need\s+to\s+|have\s+to\s+)?(?:leave|start|set\s+off|depart|go|head\s+out|wake|get\s+up|begin)\b"
    r"|\b(?:be\s+there|arrive|get\s+there)\s+by\b"
)
_HYPHENED = re.compile(rf"(?i)(?<=\w)-(?=(?:{_UNIT})\b)")
# A canonical sum, as offered and as the calculator reads it: operands joined by + or - (words too).
_TERM = rf"(?:{_WHEN}|{_DURATION})"
_SUM = re.compile(rf"(?i)\s*(?P<first>{_TERM})(?P<rest>(?:\s*(?:plus|minus|[-+−])\s*(?:{_TERM}))+)\s*")
_NEXT = re.compile(rf"(?i)\s*(?P<op>plus|minus|[-+−])\s*(?P<term>{_TERM})")
_TWELVE_HOUR = re.compile(r"(?i)[ap]\.?m\.?|noon|midnight|midday")
# A time of day asked on the other clock ("7:30 pm in 24 hour time", "15:30 in 12-hour format", "0900 in regular
# time"); military time is four digits ("0900", "1730").
_HHMM = r"(?<![\w:.])(?:[01]\d|2[0-3])[0-5]\d(?![\w:.])"
_ON_CLOCK_SAID = re.compile(
    rf"(?i)(?P<t>{_WHEN}|{_HHMM})\s+(?:in|to|into|as|on\s+a)\s+(?:a\s+)?"
    r"(?:(?P<hours>24|12|twenty[- ]four|twelve)[- ]?h(?:ou)?rs?\b(?:\s+(?:time|clock|format))?"
    r"|(?P<word>military|regular|normal)\s+(?:time|format))"
)
_ON_CLOCK = re.compile(rf"(?i)\s*(?P<t>{_WHEN}|{_HHMM})\s+in\s+(?P<hours>24|12)-hour\s+time\s*")


def find_time_sums(text: str) -> Iterator[str]:
    """The sums on the clock a goal says, written as the calculator reads them: "90 minutes after 10:45" → "10:45 +
    90 minutes", "how many hours between 9am and 5pm" → "5pm - 9am"; each one that reads, and none inside another
    ("45 minutes to 11:30" of "add 45 minutes to 11:30"). A time of day said the old way is read in digits
    ("quarter past 3 plus 2 hours" → "3:15 + 2 hours")."""
    text = in_digits(text)
    found: list[tuple[int, int, str]] = []
    for m in _ON_CLOCK_SAID.finditer(text):
        found.append((m.start(), m.end(), f"{' '.join(m['t'].split())} in {_clock_asked(m)}-hour time"))
    for pattern, sign in _SAID:
        for m in pattern.finditer(text):
            if sign == "between":
                if _ASKS_HOW_LONG.search(text):
                    found.append((m.start(), m.end(), _written(f"{m['t2']} - {m['t']}")))
                continue
            first, second = (m["t"], m["d"]) if "t" in m.groupdict() else (m["d"], m["d2"])
            op = sign if sign != "op" else ("+" if m["op"].casefold() in ("plus", "+") else "-")
            expression = _written(f"{first} {op} {second}")
            if read_time_sum(expression) is not None:
                found.append((m.start(), m.end(), expression))
    if not found and (trip := _trip(text)) is not None:
        yield trip
        return
    for start, end, expression in found:
        if not any(a <= start and end <= b and (a, b) != (start, end) for a, b, _ in found):
            yield expression


def _clock_asked(m: re.Match[str]) -> str:
    """The clock a time of day is asked on: "24" (24 hours, twenty-four, military) or "12" (12, twelve, regular)."""
    said = (m["hours"] or m["word"]).casefold()
    return "24" if said.startswith(("24", "twenty", "military")) else "12"


def _trip(text: str) -> str | None:
    """A start and how long something takes, asked when it ends ("if I leave at 8:30 and the drive takes 3 hours 20
    minutes, when do I arrive" → "8:30 + 3 hours 20 minutes"), or an end and how long before it to start ("the
    train is at 9am and it takes 45 minutes to get there, when should I leave" → "9am - 45 minutes"): the goal's one
    time of day and one amount of clock time; None unless it has exactly those and asks when."""
    if _ASKS_WHEN.search(text) is None:
        return None
    times = [m.group() for m in TIME_SAID.finditer(text)]
    amounts = [m.group() for m in _AMOUNT_SAID.finditer(text)]
    if len(times) != 1 or len(amounts) != 1:
        return None
    expression = _written(f"{times[0]} {'-' if _ASKS_WHEN_TO_START.search(text) else '+'} {amounts[0]}")
    return expression if read_time_sum(expression) is not None else None


def _written(expression: str) -> str:
    """A sum in single spaces, an amount as a noun ("3-hour" → "3 hour")."""
    return _HYPHENED.sub(" ", " ".join(expression.split()))


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeSum:
    """A sum read: a time of day (seconds after midnight, and how it was written) or an amount of clock time."""

    seconds: int
    is_time: bool
    clock: str = ""  # "12" (am or pm), "24" or "either" (3:45): how a time of day is told back

    def told(self) -> str:
        """The result as a person says it: "12:15 pm", "02:00 the next day", "1 hour 30 minutes (90 minutes)"."""
        if not self.is_time:
            return _told_amount(self.seconds)
        days, of_day = divmod(self.seconds, _DAY)
        said = _told_time(of_day, self.clock)
        if self.clock == "either":
            return said
        if days == 1:
            return f"{said} the next day"
        if days == -1:
            return f"{said} the day before"
        return said if days == 0 else f"{said} ({abs(days)} days {'later' if days > 0 else 'earlier'})"


def read_time_sum(expression: str) -> TimeSum | None:
    """``expression`` as a sum on the clock ("10:45 + 90 minutes", "5pm - 9am", "2 hours + 45 minutes", "11:30 plus
    2 hours"), or None when it is none: at least one operand a time of day or none, one time of day at most but for
    one taken from another, an amount never less a time of day."""
    on_clock = _ON_CLOCK.fullmatch(expression)
    if on_clock is not None:  # a time of day told on the other clock
        said = on_clock["t"]
        when = read_time_of_day(said) if not said.isdigit() else time(int(said[:2]), int(said[2:]))
        if when is None:
            return None
        return TimeSum(seconds=_of_day(when), is_time=True, clock=on_clock["hours"])
    m = _SUM.fullmatch(expression)
    if m is None:
        return None
    first = _operand(m["first"])
    if first is None:
        return None
    seconds, is_time, clock = first
    for step in _NEXT.finditer(m["rest"]):
        term = _operand(step["term"])
        if term is None:
            return None
        value, term_is_time, term_clock = term
        minus = step["op"].casefold() in ("minus", "-", "−")
        if term_is_time:
            if not (is_time and minus):  # only a time of day less a time of day: the time between them
                return None
            gap = seconds - value
            if gap < 0:  # the second time comes later in the day: the first one is on the next half day or day
                gap += _HALF_DAY if clock == term_clock == "either" and gap > -_HALF_DAY else _DAY
            seconds, is_time = gap, False
            continue
        seconds += -value if minus else value
    if not is_time and seconds < 0:
        return None
    return TimeSum(seconds=seconds, is_time=is_time, clock=clock)


def _operand(text: str) -> tuple[int, bool, str] | None:
    """A term of a sum: (seconds, whether it is a time of day, how that was written); None when it reads as neither."""
    said = " ".join(text.split())
    when = read_time_of_day(said)
    if when is not None:
        return _of_day(when), True, _clock_of(said, when)
    amount = _read_amount(said)
    return None if amount is None else (amount, False, "")


def _of_day(when: time) -> int:
    """A time of day in seconds after midnight."""
    return when.hour * _HOUR + when.minute * _MINUTE + when.second


def _clock_of(said: str, when: time) -> str:
    if _TWELVE_HOUR.search(said):
        return "12"
    return "24" if said.startswith("0") or when.hour > 12 or when.hour == 0 else "either"


def _read_amount(said: str) -> int | None:
    """An amount of clock time in seconds ("2 hours 30 minutes" → 9000, "an hour and a half" → 5400); None."""
    if _DURATION_ALONE.fullmatch(said) is None:
        return None
    total = 0.0
    for part in _PART_READ.finditer(said):
        if part["h"] is not None:
            total += float(part["h"]) * _HOUR + int(part["m"] or 0) * _MINUTE
            continue
        amount = part["amount"].casefold()
        value = 0.5 if "half" in amount else 1.0 if amount in ("a", "an") else read_number(amount)
        if value is None:
            return None
        if part["half1"] or part["half2"]:
            value += 0.5
        unit = part["unit"].casefold()
        total += value * (_HOUR if unit.startswith("h") else _MINUTE if unit.startswith("m") else 1)
    return round(total)


def _told_time(of_day: int, clock: str) -> str:
    """Seconds after midnight on the clock a time was written on: "1:30 pm", "13:30", "1:30"."""
    hour, rest = divmod(of_day, _HOUR)
    minute, second = divmod(rest, _MINUTE)
    seconds = f":{second:02d}" if second else ""
    if clock == "24":
        return f"{hour:02d}:{minute:02d}{seconds}"
    shown = hour % 12 or 12
    if clock == "either":
        return f"{shown}:{minute:02d}{seconds}"
    return f"{shown}:{minute:02d}{seconds} {'am' if hour < 12 else 'pm'}"


def _told_amount(seconds: int) -> str:
    """An amount of clock time in hours, minutes and seconds, and in minutes too when it has hours and more than a
    minute: "8 hours (480 minutes)", "1 hour 30 minutes (90 minutes)", "45 minutes"."""
    hours, rest = divmod(seconds, _HOUR)
    minutes, secs = divmod(rest, _MINUTE)
    parts = [
        f"{n} {unit}{'' if n == 1 else 's'}"
        for n, unit in ((hours, "hour"), (minutes, "minute"), (secs, "second"))
        if n
    ]
    said = " ".join(parts) or "0 minutes"
    if hours and seconds >= 2 * _MINUTE and not secs:
        said += f" ({seconds // _MINUTE:,} minutes)"
    return said
