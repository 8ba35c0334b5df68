"""Reading a span as a slot's type: whether a candidate can fill a typed slot, and the value the call gets.

``read_value`` turns a span into a Python value of the type (an int, a float, a bool, a ``date``, a ``datetime``,
a ``Duration``, a quantity as ``(magnitude, unit)``, a list, or the text itself) or None when it does not read as
one; ``canonical`` writes that value as the text a call carries (``"12"``, ``"2027-03-14"``, ``"true"``,
``"3.5 pound"``, a JSON list with numbers and booleans as JSON's own), which ``read_value`` reads back to the
same value. One function for both, so the extractor never offers a value that the call could not take.

An integer or number slot reads a number in digits or words ("1,200", "twelve", "a dozen", "3.5k"), a sum of
money as its amount ("$86.40" → 86.4) and a quantity as its magnitude ("5 km" → 5). A percentage reads as a
fraction in a number slot ("15%" → 0.15), as most function-calling schemas want (BFCL's rates and yields: 25 of
34 percentages in its simple, multiple and live-simple answers are fractions), and as its whole number in an
integer slot ("15%" → 15), which cannot take a fraction; a number slot whose description asks for a percentage
("the rate in percentage") is offered the bare "15" of "15%" instead (``extract.slots``).
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Final

from decisionloop.core.tool import SlotType
from decisionloop.values.amounts import read_money, read_percent
from decisionloop.values.dates import Duration, read_date, read_duration
from decisionloop.values.numbers import read_number
from decisionloop.values.quantity import read_quantity

__all__ = ["canonical", "read_number", "read_value"]

_TRUE: Final = frozenset({"true", "yes", "y", "on", "1", "enabled", "enable"})
_FALSE: Final = frozenset({"false", "no", "n", "off", "0", "disabled", "disable"})
# Items of a list split at semicolons and commas, but not at the comma of "1,200": one after a digit and before
# exactly three digits is a thousands separator. So "200,300" is one number; write "[200, 300]" or "200, 300".
_COMMA = re.compile(r"\s*(?:;|,(?!(?<=\d,)\d{3}(?!\d)))\s*")
_QUOTES = "'\"‘’“”"  # around a list's items: "'Age', 'Income'" is Age and Income
_AND_OR = re.compile(r"(?:^|\s+)(?:and|or)\s+")  # ", and accessibility" too
# The two ends of a range of numbers, each maybe after a variable's name ("2015 to 2021", "1 to x=3").
_RANGE = re.compile(r"(?:[a-z]\s*=\s*)?(?P<first>-?[\d.]+)\s+to\s+(?:[a-z]\s*=\s*)?(?P<last>-?[\d.]+)")
_ARTICLE = re.compile(r"^\s*(?:the|a|an)\s+(?=\S)")  # in lower case: "The Hague" keeps its article


def read_value(kind: SlotType, text: str, *, today: date, item: SlotType | None = None) -> object | None:
    """``text`` as a value of ``kind`` (for a list, of ``item`` each), or None when it does not read as one."""
    folded = " ".join(text.split())
    if not folded:
        return None
    match kind:
        case "string" | "enum":
            return folded
        case "integer":
            number = _numeric(folded, fraction=False)
            return int(number) if number is not None and number.is_integer() else None
        case "number":
            return _numeric(folded, fraction=True)
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
            return read_quantity(folded)
        case "list":
            items = _items(folded, item or "string", today)
            return [value for value, _ in items] if items is not None else None


def canonical(kind: SlotType, text: str, *, today: date, item: SlotType | None = None) -> str | None:
    """The text a call carries for ``text`` read as ``kind``; None when it does not read as one."""
    if kind == "list":
        items = _items(" ".join(text.split()), item or "string", today)
        if items is None:
            return None
        return json.dumps([_json(v, part) for v, part in items])
    value = read_value(kind, text, today=today, item=item)
    return _written(value, text) if value is not None else None


def _numeric(text: str, *, fraction: bool) -> float | None:
    """A number, a percentage (as a fraction or its whole number), a sum's amount or a quantity's magnitude."""
    number = read_number(text)
    if number is not None:
        return number
    percent = read_percent(text)
    if percent is not None:
        return percent / 100 if fraction else percent
    money = read_money(text)
    if money is not None:
        return money.amount
    quantity = read_quantity(text)
    return quantity[0] if quantity is not None else None


def _written(value: object, text: str) -> str:
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
            return f"{_written(float(magnitude), text)} {unit}"
    return str(value)


def _json(value: object, text: str) -> object:
    """An item of a list as JSON carries it: numbers and booleans as JSON's own, whole floats as integers."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value if isinstance(value, int | float) else _written(value, text)


def _datetime(text: str, today: date) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        day = read_date(text, today)
        return datetime(day.year, day.month, day.day) if day is not None else None


def _items(text: str, item: SlotType, today: date) -> list[tuple[object, str]] | None:
    """Each item of a list with the text it was read from; None unless every item reads as ``item``."""
    parts = _json_items(text) if text.startswith("[") else None
    if parts is None:
        parts = []
        for part in _COMMA.split(text.strip("[]() ")):
            numeric = item in ("integer", "number")
            if numeric and (ends := _RANGE.fullmatch(part)) is not None:  # "2015 to 2021", "1 to x=3"
                parts += [ends["first"], ends["last"]]
                continue
            whole = numeric and read_value(item, part, today=today) is not None
            parts += [part] if whole else _AND_OR.split(part)  # "two hundred and five" is one number
    if item == "string":  # "the S&P 500 and the Dow Jones": the Dow Jones is the item, not "the Dow Jones"
        parts = [_ARTICLE.sub("", p) for p in parts]
    read = [(read_value(item, p.strip(_QUOTES), today=today), p) for p in parts if p.strip(_QUOTES + " ")]
    return read if read and all(v is not None for v, _ in read) else None


def _json_items(text: str) -> list[str] | None:
    """The items of a JSON list as texts ("[200, 300]", '["Oslo", "Rome"]'), or None when it is no JSON list."""
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    if not isinstance(parsed, list) or any(isinstance(v, list | dict) or v is None for v in parsed):
        return None
    return [json.dumps(v) if isinstance(v, bool) else str(v) for v in parsed]
