"""Whether a value an answer gives is one a benchmark accepts: numbers by value, text case- and punctuation-blind.

Shared by the benchmarks' scoring (evaluate) and the training examples made from the same items (training).
"""

from __future__ import annotations

import math
import re
from datetime import date

from decisionloop.core.tool import NONE
from decisionloop.gold.match import clean
from decisionloop.values.typed import read_value

_NUMBER = re.compile(r"(?<![\d.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_REL_TOLERANCE = 1e-9


def numbers(text: str) -> list[float]:
    """The numbers written in ``text`` (thousands commas allowed; a dash between digits is not a sign)."""
    return [float(m.group().replace(",", "")) for m in _NUMBER.finditer(text)]


def occurs(value: object, text: str) -> bool:
    """Whether an accepted value is written in ``text``: numbers by value, text case- and punctuation-blind, a
    list when every item is."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float):
        return any(_close(n, float(value)) for n in numbers(text))
    if isinstance(value, str) and clean(value):
        return f" {clean(value)} " in f" {clean(text)} "
    if isinstance(value, list):
        return bool(value) and all(occurs(v, text) for v in value)
    return False


def accepts(value: object, picked: str | None) -> bool:
    """Whether ``picked`` equals an accepted value (a number: the one number it holds; a list: item by item;
    NONE never matches)."""
    if picked is None or picked == NONE:
        return False
    if isinstance(value, bool):
        return clean(picked) == ("true" if value else "false")
    if isinstance(value, int | float):
        found = numbers(picked)
        return len(found) == 1 and _close(found[0], float(value))
    if isinstance(value, list):
        return _accepts_items(value, picked)
    return isinstance(value, str) and bool(clean(value)) and clean(picked) == clean(value)


def _accepts_items(value: list[object], picked: str) -> bool:
    """A list matches item by item, in order (a benchmark lists each order it accepts): '[12, 24]', "12, 24" or
    "12 and 24" for [12, 24], "vegan" for ["Vegan"]."""
    items = read_value("list", picked, today=date.today(), item="string")
    return (
        isinstance(items, list)
        and len(items) == len(value)
        and all(accepts(v, str(i)) for v, i in zip(value, items, strict=True))
    )


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=_REL_TOLERANCE, abs_tol=_REL_TOLERANCE)
