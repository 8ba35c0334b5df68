"""Reading a span as a slot's type: whether a candidate can fill a typed slot, and the value the call gets.

``read_value`` turns a span into a Python value of the type (an int, a float, a bool, a ``date``, a ``datetime``,
a ``Duration``, a quantity as ``(magnitude, unit)``, a list, or the text itself) or None when it does not read as
one; ``canonical`` writes that value as the text a call carries (``"12"``, ``"2027-03-14"``, ``"true"``,
``"3.5 pound"``, a JSON list with numbers and booleans as JSON's own), which ``read_value`` reads back to the
same value. One function for both, so the extractor never offers a value that the call could not take.
"""

from __future__ import annotations

import json
import math
import re
from datetime import date, datetime
from typing import Final

from decisionloop.core.tool import SlotType
from decisionloop.values.dates import Duration, read_date, read_duration
from decisionloop.values.numbers import count

_TRUE: Final = frozenset({"true", "yes", "y", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "n", "off", "0"})
_NUMBER = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?\.\d+")
_QUANTITY = re.compile(rf"({_NUMBER.pattern})\s*(.+)")
_ITEMS = re.compile(r"\s*(?:,|;|\band\b|\bor\b)\s*")


def read_number(text: str) -> float | None:
    """A number written in digits ("1,200", "-3.5", "2e3") or as a count word ("twelve"); else None."""
    folded = " ".join(text.split()).lower()
    if _NUMBER.fullmatch(folded):
        value = float(folded.replace(",", ""))
        return value if math.isfinite(value) else None
    words = count(folded)
    return float(words) if words is not None else None


def read_value(kind: SlotType, text: str, *, today: date, item: SlotType | None = None) -> object | None:
    """``text`` as a value of ``kind`` (for a list, of ``item`` each), or None when it does not read as one."""
    folded = " ".join(text.split())
    if not folded:
        return None
    match kind:
        case "string" | "enum":
            return folded
        case "integer":
            number = read_number(folded)
            return int(number) if number is not None and number.is_integer() else None
        case "number":
            return read_number(folded)
        case "boolean":
            word = folded.lower()
            return True if word in _TRUE else False if word in _FALSE else None
        case "date":
            return read_date(folded, today)
        case "datetime":
            return _datetime(folded, today)
        case "duration":
            return read_duration(folded)
        case "quantity":
            return _quantity(folded)
        case "list":
            return _list(folded, item or "string", today)


def canonical(kind: SlotType, text: str, *, today: date, item: SlotType | None = None) -> str | None:
    """The text a call carries for ``text`` read as ``kind``; None when it does not read as one."""
    value = read_value(kind, text, today=today, item=item)
    if value is None:
        return None
    if kind == "list":
        assert isinstance(value, list)  # _list returns a list or None
        return json.dumps([v if isinstance(v, int | float) else _written(item or "string", v, text) for v in value])
    return _written(kind, value, text)


def _written(kind: SlotType, value: object, text: str) -> str:
    match value:
        case bool():
            return "true" if value else "false"
        case float() if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        case datetime() | date():
            return value.isoformat()
        case Duration():
            return " ".join(text.split())  # the duration's own words read back to the same Duration
        case (float() | int() as magnitude, str() as unit):
            return f"{_written('number', float(magnitude), text)} {unit}"
    return str(value)


def _datetime(text: str, today: date) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        day = read_date(text, today)
        return datetime(day.year, day.month, day.day) if day is not None else None


def _quantity(text: str) -> tuple[float, str] | None:
    matched = _QUANTITY.fullmatch(text.lower())
    if matched is None:
        return None
    number = read_number(matched.group(1))
    return (number, matched.group(2).strip()) if number is not None else None


def _list(text: str, item: SlotType, today: date) -> list[object] | None:
    stripped = text.strip("[]() ")
    parts = [p for p in _ITEMS.split(stripped) if p.strip()]
    values = [read_value(item, p, today=today) for p in parts]
    return values if values and all(v is not None for v in values) else None
