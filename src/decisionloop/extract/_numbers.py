"""Numbers: arithmetic expressions (also ones that need an amount from an observation) and quantities."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache

import pint

from decisionloop.extract._text import FUNCTION, MAX_SPAN, Found, is_function

NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_START = r"(?<![\w.,\-–/])"
_OPERAND = rf"\(*-?{NUM}\)*"
_OP_WORD = r"times|plus|minus|divided\s+by|multiplied\s+by|over|to\s+the\s+power\s+of|x"
_TIGHT = re.compile(rf"(?i){_START}{_OPERAND}(?:(?:\s*[-+*/^×÷]\s*|\s+(?:{_OP_WORD})\s+){_OPERAND})+(?![\w.])")
_SPACED = re.compile(rf"(?i){_START}{_OPERAND}(?:(?:\s+[-+*/^×÷]\s+|\s+(?:{_OP_WORD})\s+){_OPERAND})+(?![\w.])")
_PERCENT = re.compile(rf"(?i){_START}{NUM}\s*(?:%|\s+percent)\s+of\s+{NUM}(?![\w.])")
_DATE_LIKE = re.compile(r"\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/]\d{1,2}[-/]\d{2,4}|\d{2}-\d{2}")
# Spoken forms of the calculator's operations, rewritten to its symbols.
_VERBAL: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"(?i)\b{pattern}"), template)
    for pattern, template in (
        (rf"multiply\s+({NUM})\s+(?:by|and|with)\s+({NUM})", "{0} * {1}"),
        (rf"divide\s+({NUM})\s+by\s+({NUM})", "{0} / {1}"),
        (rf"add\s+({NUM})\s+(?:and|to)\s+({NUM})", "{0} + {1}"),
        (rf"subtract\s+({NUM})\s+from\s+({NUM})", "{1} - {0}"),
        (rf"sum\s+of\s+({NUM})\s+and\s+({NUM})", "{0} + {1}"),
        (rf"product\s+of\s+({NUM})\s+and\s+({NUM})", "{0} * {1}"),
        (rf"difference\s+between\s+({NUM})\s+and\s+({NUM})", "{0} - {1}"),
        (rf"({NUM})\s+squared", "{0}^2"),
        (rf"({NUM})\s+cubed", "{0}^3"),
    )
)
_BY = re.compile(rf"(?i)\bmultiply\s+({NUM}\s+by\s+{NUM})(?![\w.])")
_OPS = {"times": "*", "multiplied by": "*", "divided by": "/", "plus": "+", "minus": "-"}
_OP_NAME = r"times|multiplied\s+by|divided\s+by|plus|minus"
_FACTORS = {"twice": "2 * {n}", "double": "2 * {n}", "triple": "3 * {n}", "half": "{n} / 2"}
Hole = tuple[str, str]  # the expression with "{n}" where the amount goes, and the goal words that name the amount


def _op(name: str) -> str:
    return _OPS[" ".join(name.casefold().split())]


# Goal arithmetic where one operand is named, not given ("15% of the population of X", "twice the height of Y").
_HOLES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Hole]], ...] = (
    (
        re.compile(rf"(?i){_START}({NUM})\s*(?:%|\s+percent)\s+of\s+(?!\s*-?\d)(.+)"),
        lambda m: (f"{m[1]}% of {{n}}", m[2]),
    ),
    (
        re.compile(r"(?i)\b(twice|double|triple|half)\s+(?:of\s+)?(?!\s*\d)(.+)"),
        lambda m: (_FACTORS[m[1].casefold()], m[2]),
    ),
    (
        re.compile(rf"(?i)(\D+?)\s+({_OP_NAME})\s+({NUM})(?![\w.])"),
        lambda m: (f"{{n}} {_op(m[2])} {m[3]}", m[1]),
    ),
    (
        re.compile(rf"(?i){_START}({NUM})\s+({_OP_NAME})\s+(?!\s*-?\d)(.+)"),
        lambda m: (f"{m[1]} {_op(m[2])} {{n}}", m[3]),
    ),
    (
        re.compile(rf"(?i)\b(multiply|divide)\s+(?!\d)(.+?)\s+by\s+({NUM})(?![\w.])"),
        lambda m: (f"{{n}} {'*' if m[1].casefold() == 'multiply' else '/'} {m[3]}", m[2]),
    ),
)
_AMOUNT = re.compile(rf"{_START}({NUM})(?:\s+(thousand|million|billion|trillion))?(?![\w\-–/:])")
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_AMOUNTS_PER_OBSERVATION = 3
_QUANTITY = re.compile(
    rf"(?<![\w.,\-–/])(-?{NUM})(\s?)(°\s?[CFK]\b|°|[^\W\d_][^\s,;:()\[\]]*(?:\s+[^\W\d_][^\s,;:()\[\]]*){{0,2}})"
)
# Letters after a number that are not units although pint reads them as one (9am, 15th, 2 are).
_NOT_UNITS = (FUNCTION - {"per"}) | {"am", "pm", "st", "nd", "rd", "th", "x"}


def expressions(text: str, *, goal: bool) -> Iterator[Found]:
    """Arithmetic in ``text``: chains (1,250 times 12), percentages (18% of 2,450) and spoken operations."""
    chain = _TIGHT if goal else _SPACED
    for m in (*chain.finditer(text), *_PERCENT.finditer(text)):
        expr = _balanced(m.group().strip())
        if not _DATE_LIKE.fullmatch(expr):
            yield expr, "expression"
    for m in _BY.finditer(text):
        yield m.group(1), "expression"
    for pattern, template in _VERBAL:
        for m in pattern.finditer(text):
            yield template.format(*m.groups()), "expression"


def _balanced(expr: str) -> str:
    while expr.startswith("(") and expr.count("(") > expr.count(")"):
        expr = expr[1:]
    while expr.endswith(")") and expr.count(")") > expr.count("("):
        expr = expr[:-1]
    return expr


def hole_expressions(goal: str, observations: Sequence[tuple[int, str]]) -> Iterator[tuple[str, int]]:
    """Goal arithmetic with an operand to fill in, filled with amounts from each (index, observation)."""
    for pattern, hole in _HOLES:
        for m in pattern.finditer(goal):
            expression, hint = hole(m)
            for index, text in observations:
                for amount in _amounts(text, hint):
                    yield expression.format(n=amount), index


def _amounts(text: str, hint: str) -> list[str]:
    """Amounts in an observation: one right after a colon first, then by closeness to a preceding hint word."""
    words = {w for w in re.findall(r"\w{3,}", hint.casefold()) if not is_function(w)}
    folded = text.casefold()
    found: list[tuple[int, int, str]] = []
    for m in _AMOUNT.finditer(text):
        before = folded[: m.start()]
        ends = [before.rfind(w) + len(w) for w in words if w in before]
        distance = m.start() - max(ends) if ends else len(text)
        if before.rstrip().endswith(":"):
            distance = 0
        found.append((distance, m.start(), _scaled(m.group(1), m.group(2))))
    return [amount for _, _, amount in sorted(found)[:_AMOUNTS_PER_OBSERVATION]]


def _scaled(number: str, scale: str | None) -> str:
    if scale is None:
        return number
    value = float(number.replace(",", "")) * _SCALE[scale.casefold()]
    return f"{value:,.0f}"


@cache
def _registry() -> pint.UnitRegistry[float]:
    return pint.UnitRegistry()


@lru_cache(maxsize=4096)
def _is_unit(phrase: str) -> bool:
    """Whether pint reads ``phrase`` as a unit of something other than time (degrees Fahrenheit, mph, m)."""
    words = phrase.split()
    if any(w.casefold() in _NOT_UNITS for w in words):
        return False
    if words[0].casefold() in ("degree", "degrees") and len(words) > 1:
        if len(words) > 2:
            return False
        words = [words[1].casefold()]
    ureg = _registry()
    for attempt in (" ".join(words), "_".join(words), " ".join(words).casefold()):
        try:
            units = ureg.parse_units(attempt.replace("° ", "°"))
        except Exception:  # pint raises many error types (undefined unit, syntax, tokenizer) for non-units
            continue
        dims = ureg.Quantity(1, units).dimensionality
        return dims != {"[time]": 1} and (bool(dims) or str(units) == "degree")
    return False


def quantities(text: str) -> Iterator[Found]:
    """Numbers with a unit of measurement (100°F, 60 mph, 20 degrees Fahrenheit, 330 m)."""
    for m in _QUANTITY.finditer(text):
        words = [w.rstrip(".!?") for w in m.group(3).split()]
        for n in range(len(words), 0, -1):
            unit = " ".join(words[:n])
            if unit and _is_unit(unit):
                span = f"{m.group(1)}{m.group(2)}{unit}"
                if len(span) <= MAX_SPAN:
                    yield span, "quantity"
                break
