"""Runners for the tools that need nothing outside the process: arithmetic, units, dates, messages, questions."""

from __future__ import annotations

import math
import re
from calendar import isleap, monthrange
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal

import pint

from decisionloop.core.tool import Effect, Preview, Runner, ToolContext, ToolResult
from decisionloop.tools.catalog import UNITS
from decisionloop.tools.zones import Zone, find_zone, zone_info
from decisionloop.values.dates import (
    MONTHS,
    SINCE,
    WEEKDAYS,
    WORKDAYS_UNTIL,
    read_date,
    read_duration,
    read_range,
    read_time_offset,
)
from decisionloop.values.ingredients import STICK_GRAMS, Ingredient, read_ingredient
from decisionloop.values.numbers import ROUND_MODE, ROUND_PLACES, SCALE_WORD, SPELLED, read_number, round_places
from decisionloop.values.places import read_zone_offset
from decisionloop.values.quantity import (
    AMERICAN,
    BRITISH,
    UNIT_ALIASES,
    UNIT_OF,
    UNITS_JOINED,
    cased_unit,
    read_compound,
    read_marathon,
    read_part,
    registry,
)
from decisionloop.values.time_sums import read_time_sum
from decisionloop.values.times import read_zoned_time

__all__ = [
    "LOCAL_PREVIEWS",
    "LOCAL_RUNNERS",
    "ask_user",
    "calculate",
    "calculator",
    "clock",
    "date_math",
    "finish",
    "parse_quantity",
    "preview_send_message",
    "send_message",
    "target_unit",
    "unit_convert",
]


# From here on a float's digits are no longer all exact (2^53 is about 9.007e15): larger values are written as a
# power of ten, "1 × 10^100", never as digits the float does not hold.
_EXACT_BELOW = 1e15


def _en_us(value: float, decimals: int, *, rounded: bool = False) -> str:
    """``value`` with thousands commas and at most ``decimals`` decimals, trailing zeros dropped; from 10^15 on,
    its first ten digits times a power of ten; a value those decimals would show as 0, its first four digits times
    a power of ten ("1 eV = 1.602 × 10^-19 joules"), unless it was ``rounded`` as asked."""
    if math.isfinite(value) and abs(value) >= _EXACT_BELOW:
        return _powered(value, 9)
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("0", "-0") and value != 0 and math.isfinite(value) and not rounded:
        return _powered(value, 3)
    return "0" if text == "-0" else text


def _powered(value: float, digits: int) -> str:
    """``value`` as its first ``digits`` + 1 digits times a power of ten: "1.602 × 10^-19"."""
    mantissa, exponent = f"{value:.{digits}e}".split("e")
    return f"{mantissa.rstrip('0').rstrip('.')} × 10^{int(exponent)}"


def _failed(observation: str) -> ToolResult:
    return ToolResult(observation=observation, ok=False)


def _done(observation: str, **data: object) -> ToolResult:
    return ToolResult(observation=observation, answer=observation, data=data)


# --- calculator -------------------------------------------------------------------------------------------

_CALC_MAX_CHARS = 500
_CALC_MAX_DEPTH = 40
_CANCELLED = 1e-12  # a sum this small beside its terms is what floats leave of 0
_CALC_EXAMPLES = "write it like '3.5 * 4.2', '7,200 divided by 16' or '18% of 2,450'"
_CALC_WORDS: tuple[tuple[str, str], ...] = (
    (r"^\s*(?:what\s+is|what's|calculate|compute)\s+", ""),
    (r"[?=]+\s*$", ""),
    (r"\bsquare\s+root\s+of\b|\bsqrt\b", "√"),
    # a logarithm in another base is one of natural logarithms ("log base 2 of 8" → "ln 8 / ln 2")
    (r"\blog(?:arithm)?\s*(?:base\s*|_)(\d+(?:\.\d+)?)\s+(?:of\s+)?(\d+(?:\.\d+)?)", r"(ln \2 / ln \1)"),
    (r"\bnatural\s+log(?:arithm)?(?:\s+of)?\b|\bln\s+of\b", "ln"),
    (r"\blog(?:arithm)?(?:\s+of)?\b", "log"),
    (r"\bmodulo\b", "mod"),
    (r"\bpi\b|π", str(math.pi)),
    (r"\bto\s+the\s+power(?:\s+of)?\b", "^"),
    (r"\bmultiplied\s+by\b", "*"),
    (r"\bdivided\s+by\b", "/"),
    (r"(?<=[\d)])\s+over\s+(?=[\d(.])", " / "),  # "1 over 8", between two numbers only
    (r"\btimes\b", "*"),
    (r"\bplus\b", "+"),
    (r"\bminus\b", "-"),
    (r"\bnegative\s+(?=[\d(.])", "-"),
    (r"\bsquared\b", "^2"),
    (r"\bcubed\b", "^3"),
    (r"\bfactorial\s+of\s+(\d+)\b", r"\1!"),
    (r"(?<=\d)\s+factorial\b", "!"),
    (r"\s*\bpercent\b", "%"),
    (r"%\s*of\b", "%*"),
    (r"\*\*", "^"),
    (r"(?<=[\d)])(?:\s+x|(?<!\b0)x)\s*(?=[\d(.])", "*"),
    (r"(?<=\d),(?=\d{3}(?!\d))", ""),
)
_CALC_SYMBOLS = str.maketrans({"×": "*", "÷": "/", "−": "-", "–": "-"})
_CALC_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?|\.\d+)|(mod|ln|log)\b|(\S))")
_CALC_OPERATORS = frozenset(("+", "-", "*", "/", "^", "(", ")", "%", "√", "!", "mod", "ln", "log"))
# Prefix operators and the function each applies to the value after it.
_CALC_PREFIX: dict[str, Callable[[float], float]] = {"√": math.sqrt, "ln": math.log, "log": math.log10}
# The largest whole number whose factorial is a finite float (171! overflows).
_FACTORIAL_MAX = 170


class _CalcError(Exception):
    """Why an expression cannot be calculated (an observation, never seen by the caller)."""


def _calc_tokens(expression: str) -> list[str]:
    text = expression.lower().translate(_CALC_SYMBOLS)
    for pattern, replacement in _CALC_WORDS:
        text = re.sub(pattern, replacement, text)
    found = _CALC_TOKEN.findall(text)
    bad = [symbol for _, _, symbol in found if symbol and symbol not in _CALC_OPERATORS]
    if bad:
        raise _CalcError(f"it contains {bad[0]!r}, which is not a number or one of + - * / ^ ( ) % √ ! mod, ln or log")
    return [number or word or symbol for number, word, symbol in found]


class _Parser:
    """Recursive descent over calculator tokens, evaluating as it goes (there is no tree to misuse)."""

    def __init__(self, tokens: list[str]) -> None:
        self._tokens = tokens
        self._at = 0
        self._depth = 0

    def _peek(self) -> str | None:
        return self._tokens[self._at] if self._at < len(self._tokens) else None

    def _take(self) -> str:
        token = self._peek()
        if token is None:
            raise _CalcError("it ends too early")
        self._at += 1
        return token

    def value(self) -> float:
        result = self._sum()
        if self._peek() is not None:
            raise _CalcError(f"{self._peek()!r} is out of place")
        return result

    def _sum(self) -> float:
        """Terms added and taken off; a bare percentage added or taken off is one of what it is added to, as a
        calculator's % key has it ("756 + 12%" is 846.72, "(1 + 19%)" 1.19)."""
        result = self._product()
        while self._peek() in ("+", "-"):
            op, start = self._take(), self._at
            term = self._product()
            if self._tokens[start + 1 : self._at] == ["%"]:  # a number and % alone: a share of the sum so far
                term *= result
            total = result + term if op == "+" else result - term
            # what cancels out to float noise is 0: "0.1 + 0.2 - 0.3" is no 5.551 × 10^-17
            result = 0.0 if abs(total) < _CANCELLED * max(abs(result), abs(term)) else total
        return result

    def _product(self) -> float:
        result = self._signed()
        while self._peek() in ("*", "/", "mod"):
            op, operand = self._take(), self._signed()
            # "mod": the remainder, with the sign of the divisor (17 mod 5 = 2, -7 mod 3 = 2)
            result = result * operand if op == "*" else result / operand if op == "/" else result % operand
        return result

    def _signed(self) -> float:
        sign = 1.0
        while self._peek() in ("+", "-"):
            sign = -sign if self._take() == "-" else sign
        return sign * self._power()

    def _nest(self) -> None:
        self._depth += 1
        if self._depth > _CALC_MAX_DEPTH:
            raise _CalcError(f"it nests parentheses or powers more than {_CALC_MAX_DEPTH} deep")

    def _power(self) -> float:
        function = _CALC_PREFIX.get(self._peek() or "")
        if function is not None:
            self._take()
            self._nest()
            value = function(self._signed())
            self._depth -= 1
            return value
        base = self._percent()
        if self._peek() != "^":
            return base
        self._take()
        self._nest()
        exponent = self._signed()
        self._depth -= 1
        return math.pow(base, exponent)

    def _percent(self) -> float:
        """An atom with its postfix operators: "%" (a hundredth) and "!" (factorial, of a whole number only)."""
        result = self._atom()
        while self._peek() in ("%", "!"):
            result = result / 100 if self._take() == "%" else _factorial(result)
        return result

    def _atom(self) -> float:
        token = self._take()
        if token not in _CALC_OPERATORS:
            return float(token)
        if token != "(":
            raise _CalcError(f"{token!r} is out of place")
        self._nest()
        result = self._sum()
        if self._peek() != ")":
            raise _CalcError("a parenthesis is not closed")
        self._take()
        self._depth -= 1
        return result


def _factorial(n: float) -> float:
    """n! of a whole number from 0 to 170 (a float: the calculator's numbers are); any other n is refused."""
    if n < 0 or n != int(n):
        raise _CalcError(f"the factorial of {_en_us(n, 6)} is not defined; it takes a whole number 0 or over")
    if n > _FACTORIAL_MAX:
        raise _CalcError(f"the factorial of {_en_us(n, 6)} is too large (the largest is {_FACTORIAL_MAX}!)")
    return float(math.factorial(int(n)))


def _calculate(expression: str) -> float:
    if len(expression) > _CALC_MAX_CHARS:
        raise _CalcError(f"it is {len(expression)} characters long, over the limit of {_CALC_MAX_CHARS}")
    try:
        result = _Parser(_calc_tokens(expression)).value()
    except ZeroDivisionError:
        raise _CalcError("it divides by zero") from None
    except (OverflowError, ValueError):
        raise _CalcError("the result is not a real number or is too large") from None
    if not math.isfinite(result):
        raise _CalcError("the result is too large")
    return result


def calculate(expression: str) -> float | None:
    """The value of an arithmetic expression as the calculator reads it, or None when it has none."""
    try:
        return _calculate(expression)
    except _CalcError:
        return None


# How a result is to be rounded, said before or after the arithmetic (values.numbers' words): "round 3.14159 to 2
# decimal places", "100 divided by 3 rounded", "… rounded up to the nearest ten", "… to 2 dp".
_ROUND_LEAD = re.compile(
    rf"(?i)^\s*round(?:ed)?(?:\s+(?P<mode>{ROUND_MODE}))?\s+(?P<expr>.+?)(?:\s+to\s+(?P<to>{ROUND_PLACES}))?\s*$"
)
_ROUND_TAIL = re.compile(
    rf"(?i)^(?P<expr>.+?),?\s+(?=rounded|to\b)(?:rounded(?:\s+(?P<mode>{ROUND_MODE}))?)?"
    rf"(?:\s*\bto\s+(?P<to>{ROUND_PLACES}))?\s*$"
)
_ROUND_MODES = {None: ROUND_HALF_UP, "off": ROUND_HALF_UP, "up": ROUND_CEILING, "down": ROUND_FLOOR}


@dataclass(frozen=True, slots=True)
class _Rounding:
    """The arithmetic of an expression that says how to round its result, and how: decimal places (negative: to
    the nearest ten, hundred, thousand) and the rounding mode (half up, as people round, or up or down)."""

    expression: str
    places: int
    mode: str


def _rounding(expression: str) -> _Rounding | None:
    """How ``expression`` asks for its result rounded, or None when it does not (or is too long to calculate: the
    patterns' cost grows with the square of the length)."""
    if len(expression) > _CALC_MAX_CHARS:
        return None
    m = _ROUND_LEAD.match(expression) or _ROUND_TAIL.match(expression)
    if m is None:
        return None
    mode = m["mode"].casefold() if m["mode"] else None
    return _Rounding(m["expr"], round_places(m["to"]), _ROUND_MODES[mode])


def _round(value: float, places: int, mode: str) -> float:
    exact = Decimal(repr(value))
    return float(exact.quantize(Decimal(1).scaleb(-places), rounding=mode))


def calculator(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Evaluate ``args['expression']`` (arithmetic and percentages, never Python) as ``<expr> = <value>``; an
    expression that says how to round ("… rounded", "round … to 2 decimal places") gives its result so rounded; a sum
    on the clock ("10:45 + 90 minutes", "5pm - 9am") gives a time of day or an amount of time."""
    expression = args.get("expression", "").strip()
    if not expression:
        return _failed(f"There is no expression to calculate; {_CALC_EXAMPLES}.")
    on_clock = read_time_sum(expression)
    if on_clock is not None:  # "10:45 + 90 minutes", "5pm - 9am"
        return _done(f"{expression} = {on_clock.told()}", value=on_clock.seconds, time_of_day=on_clock.is_time)
    rounding = _rounding(expression)
    try:
        value = _calculate(expression if rounding is None else rounding.expression)
    except _CalcError as why:
        return _failed(f"Could not calculate {expression!r}: {why}; {_CALC_EXAMPLES}.")
    if rounding is None:
        return _done(f"{expression} = {_en_us(value, 6)}", value=value)
    value = _round(value, rounding.places, rounding.mode)
    return _done(f"{expression} = {_en_us(value, max(rounding.places, 0), rounded=True)}", value=value)


# --- unit_convert -----------------------------------------------------------------------------------------

# A unit of weight that names a unit of volume when a volume is converted to it (US customary).
_FLUID: dict[str, tuple[str, str]] = {"ounce": ("fluid_ounce", "fluid ounces")}
_TARGETS: dict[str, str] = dict(UNITS)
# A run or race in kilometres as people write it: "10k", "5K", "a 21.1k".
_RACE = re.compile(r"(?i)(?:an?\s+)?(\d+(?:\.\d+)?)\s?k")
# A number and its unit; "a", "an" or "one" before a unit is one of it ("a pound", "an hour").
_QUANTITY = re.compile(
    r"(?P<number>[-+−]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)|(?i:an?|one)(?=\s))\s*(?P<unit>.*)"
)


def _unit_key(text: str) -> str:
    """The alias ``text`` stands for: lower case, single spaces, and '°', 'deg' or 'degrees' dropped."""
    text = re.sub(r"\s+", " ", text.strip().lower().rstrip(".")).replace("º", "°").replace("˚", "°")
    return re.sub(r"^(?:(?:degrees?|deg)\b\.?\s*)?°?\s*", "", text)


# An amount in words and its unit ("three miles", "twenty-five minutes"), the unit being the last word or two.
_WORDED_AMOUNT = re.compile(rf"(?i)(?P<words>{SPELLED})\s+(?P<unit>[^\W\d_]+(?:\s+[^\W\d_]+)?)")
# A word that scales the number before it, then the unit ("1 million seconds", "a thousand miles", "3 dozen eggs").
_SCALED_UNIT = re.compile(rf"(?i)(?P<scale>{SCALE_WORD})\s+(?P<unit>\S.*)")


def _quantity(text: str) -> pint.Quantity[float]:
    parts = read_compound(text)
    if parts is not None:  # "6 ft 2 in", "5'11\"", "1 hour 30 minutes": their sum, in the larger unit
        (big, big_unit), (small, small_unit) = parts
        ureg = registry()
        total: pint.Quantity[float] = ureg.Quantity(big, big_unit) + ureg.Quantity(small, small_unit).to(big_unit)
        return total
    part = read_part(text)
    match = _QUANTITY.fullmatch(text.strip() if part is None else f"1 {part[1]}")
    if match is not None and part is None and (scaled := _SCALED_UNIT.fullmatch(match["unit"])) is not None:
        counted = read_number(f"{match['number']} {scaled['scale']}")
        if counted is not None:  # "a million seconds": a million of them
            part = (counted, scaled["unit"])
            match = _QUANTITY.fullmatch(f"1 {part[1]}")
    if match is None and (worded := _WORDED_AMOUNT.fullmatch(text.strip())) is not None:
        counted = read_number(worded["words"])  # "three miles", "twenty minutes"
        if counted is not None:
            part = (counted, worded["unit"])
            match = _QUANTITY.fullmatch(f"1 {part[1]}")
    if match is None:
        raise ValueError(f"{text!r} does not start with a number; give a quantity such as '5 miles' or '100°F'")
    key = _unit_key(match["unit"])
    if not key:
        raise ValueError(f"{text!r} does not say its unit; add one, e.g. '20 °F', '20 °C' or '5 miles'")
    unit = UNIT_OF.get(key) or _pint_unit(match["unit"])
    if unit is None:
        known = ", ".join(a for _, aliases in UNIT_ALIASES for a in aliases[:1])
        raise ValueError(f"the unit {match['unit']!r} in {text!r} is not one I know; known units: {known}")
    number = match["number"]
    amount = 1.0 if number[0].isalpha() else float(number.replace(",", "").replace("−", "-"))
    return registry().Quantity(amount if part is None else part[0], unit)


def parse_quantity(text: str) -> tuple[float, str] | None:
    """``text`` as (magnitude, pint unit name) the way unit_convert reads it, or None when it is not a quantity."""
    try:
        quantity = _quantity(text)
    except ValueError:
        return None
    return float(quantity.magnitude), str(quantity.units)


def _catalog_key(to_unit: str) -> str | None:
    """The catalog key meant by ``to_unit``: the key itself, or its label, in any case."""
    wanted = to_unit.strip().lower()
    return next((key for key, label in UNITS if wanted in (key.lower(), label.lower())), None)


# A unit said as the British or the American one: "UK pints", "imperial gallons", "pints (UK)", "US cups".
_SYSTEM_SAID = re.compile(rf"(?i)^(?:(?P<uk>{BRITISH})|{AMERICAN})\s+(?P<unit>.+)$")
_SYSTEM_AFTER = re.compile(rf"(?i)^(?P<unit>.+?)\s*\((?:(?P<uk>{BRITISH})|{AMERICAN})\)$")


def _pint_unit(text: str) -> pint.Unit | None:
    """``text`` as a unit of measurement: an alias unit_convert knows, else whatever pint reads it as; a unit said
    as the British one is pint's imperial one ("UK pints": ``imperial_pint``), the American one pint's own."""
    said = _SYSTEM_SAID.fullmatch(text.strip()) or _SYSTEM_AFTER.fullmatch(text.strip())
    if said is not None:
        unit = _pint_unit(said["unit"])
        if unit is None or not said["uk"]:
            return unit
        try:
            return registry().parse_units(f"imperial_{unit}")
        except Exception:  # no imperial measure of that name: "UK miles" are miles
            return unit
    key = _unit_key(text)
    if not key:
        return None
    alias = UNIT_OF.get(key) or cased_unit(text)
    attempts = (alias,) if alias is not None else (text.strip(), "_".join(text.split()), "_".join(key.split()))
    for attempt in attempts:
        try:
            unit = registry().parse_units(attempt)
            # A logarithmic product parses but measures nothing: asking its dimensionality raises.
            if registry().Quantity(1.0, unit).dimensionality is not None:
                return unit
        except Exception:  # pint raises many error types (undefined unit, syntax, tokenizer) for non-units
            continue
    return None


def target_unit(to_unit: str) -> tuple[str, str] | None:
    """The unit ``to_unit`` names, as (pint unit name, the label an answer shows), or None when it names none.

    A catalog key or label, or any spelling of one of those units, shows the catalog's label ("degrees
    Celsius"); any other unit pint knows shows the words it was asked for in.
    """
    key = _catalog_key(to_unit)
    if key is not None:
        return UNIT_OF[key.lower()], _TARGETS[key]
    unit = _pint_unit(to_unit)
    if unit is None:
        return None
    label = next((_TARGETS[k] for k in _TARGETS if registry().Unit(UNIT_OF[k.lower()]) == unit), None)
    return str(unit), label or " ".join(to_unit.split())


def _same_kind(quantity: pint.Quantity[float]) -> str:
    keys = [k for k in _TARGETS if registry().Unit(UNIT_OF[k.lower()]).dimensionality == quantity.dimensionality]
    return ", ".join(keys) or "another unit of the same kind"


def _convert(text: str, unit: str, label: str) -> float:
    quantity = _quantity(text)
    try:
        value = float(quantity.to(unit).magnitude)
    except pint.DimensionalityError:
        raise ValueError(
            f"{text!r} and {label} measure different things; for {text!r} pick one of: {_same_kind(quantity)}"
        ) from None
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is too large to convert")
    if quantity.dimensionality == {"[temperature]": 1} and abs(value) < _FLOAT_NOISE:
        return 0.0  # a scale's offset leaves float noise where the answer is 0 ("32 °F = 5.684 × 10^-14 °C")
    return value


_FLOAT_NOISE = 1e-9


def _in_unit(text: str, unit: str) -> bool:
    """Whether ``text`` is a quantity in ``unit`` already ("2.3 miles" in miles), which no conversion answers."""
    try:
        return bool(_quantity(text).units == registry().parse_units(unit))
    except (ValueError, pint.errors.PintError, AttributeError):
        return False


def _already(text: str, label: str) -> ToolResult:
    return _failed(f"{text!r} is already in {label}: name the unit to convert it to.")


def _converted_otherwise(text: str, unit: str, label: str) -> tuple[float, str]:
    """``text`` in ``unit`` as people mean it where the plain reading measures something else: a volume in ounces
    is in fluid ounces ("2 cups in ounces"), ounces converted to a volume are fluid ounces ("8 ounces in ml"),
    "10k" converted to a length is a run of 10 kilometres, not 10 kelvins, and a marathon is 42.195 km (its half,
    half that). The value and the label of its unit; ValueError when none applies."""
    if unit in _FLUID:
        fluid, fluid_label = _FLUID[unit]
        return _convert(text, fluid, fluid_label), fluid_label
    in_ounces = parse_quantity(text)
    if in_ounces is not None and in_ounces[1] in _FLUID:
        as_fluid = registry().Quantity(in_ounces[0], _FLUID[in_ounces[1]][0])
        try:
            return float(as_fluid.to(unit).magnitude), label
        except pint.DimensionalityError:
            raise ValueError(text) from None
    if (marathon := read_marathon(text)) is not None:
        return _convert(f"{marathon} km", unit, label), label
    race = _RACE.fullmatch(text.strip())
    if race is None:
        raise ValueError(text)
    return _convert(f"{race[1]} km", unit, label), label


def unit_convert(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Convert ``args['quantity']`` to the unit ``args['to_unit']`` (a catalog key or any unit pint reads) as
    ``5 miles = 8.047 kilometers``; to each of two units or more joined by "and" ("fahrenheit and kelvin") as
    ``20 celsius = 68 degrees Fahrenheit = 293.15 kelvin``."""
    text, to_unit = args.get("quantity", "").strip(), args.get("to_unit", "").strip()
    parts = [p for p in UNITS_JOINED.split(to_unit) if p]  # two target units or more, each converted to
    if len(parts) == 2 and (compound := _in_two_units(text, parts[0], parts[1])) is not None:
        return compound
    if len(parts) > 1 and all(target_unit(p) is not None for p in parts):
        each = [unit_convert({"quantity": text, "to_unit": p}, ctx) for p in parts]
        failed = next((r for r in each if not r.ok), None)
        if failed is not None:
            return failed
        shown = " = ".join([text, *(r.observation.split(" = ", 1)[1] for r in each)])
        return _done(shown, values=[r.data["value"] for r in each], units=[r.data["unit"] for r in each])
    target = target_unit(to_unit)
    if target is None:
        return _failed(
            f"Cannot convert to {to_unit!r}: it is not a unit I know; name one such as {', '.join(_TARGETS)}, "
            "grams, ounces or cups."
        )
    unit, label = target
    if (ingredient := read_ingredient(text)) is not None:
        return _ingredient_converted(text, ingredient, unit, label)
    if _in_unit(text, unit):
        return _already(text, label)
    try:
        value = _convert(text, unit, label)
    except ValueError as why:
        try:
            value, label = _converted_otherwise(text, unit, label)
        except ValueError:
            return _failed(f"Could not convert: {why}.")
        if unit in _FLUID and _in_unit(text, _FLUID[unit][0]):  # "8 fl oz" in ounces: fluid ounces already
            return _already(text, label)
    return _unit_answer(text, value, unit, label)


def _ingredient_converted(text: str, ingredient: Ingredient, unit: str, label: str) -> ToolResult:
    """An amount of an ingredient in ``unit``: between a volume and a weight through what a cup of it weighs, which
    the observation says ("3 cups of flour = 360 grams (flour at 120 grams a cup)"), else as any amount."""
    units = registry()
    try:
        amount = _quantity(ingredient.amount)
        target = units.Quantity(1.0, unit)
        crossed = not amount.is_compatible_with(unit)
        if not crossed:
            value = float(amount.to(unit).magnitude)
        elif amount.is_compatible_with("gram") and target.is_compatible_with("milliliter"):
            value = float(units.Quantity(amount.to("gram").magnitude / ingredient.grams_a_ml, "milliliter").to(unit).m)
        elif amount.is_compatible_with("milliliter") and target.is_compatible_with("gram"):
            value = float(units.Quantity(amount.to("milliliter").magnitude * ingredient.grams_a_ml, "gram").to(unit).m)
        else:
            return _failed(
                f"Could not convert: {text!r} is no weight or volume of {ingredient.name} to give in {label}."
            )
    except (ValueError, pint.errors.PintError) as why:
        return _failed(f"Could not convert: {why}.")
    said = [f"a stick of butter is {STICK_GRAMS:g} grams"] if ingredient.sticks else []
    said += [f"{ingredient.name} at {ingredient.grams_a_cup:.0f} grams a cup"] if crossed else []
    return _unit_answer(text, value, unit, label, said)


def _unit_answer(text: str, value: float, unit: str, label: str, said: Sequence[str] = ()) -> ToolResult:
    """``text = value label`` as unit_convert answers, with what the conversion assumed in parentheses."""
    shown = _en_us(value, 3 if abs(value) < 10 else 2)
    told = f" ({'; '.join(said)})" if said else ""
    return _done(
        f"{text} = {shown} {_one(label) if shown == '1' else label}{told}",
        value=value,
        unit=_catalog_key(label) or unit,
    )


def _in_two_units(text: str, big_unit: str, small_unit: str) -> ToolResult | None:
    """``text`` in a unit and the smaller one that a whole number of divides it, as people give a height or a
    weight ("feet and inches" → "5 feet 10.87 inches", "pounds and ounces", "hours and minutes"); None where the
    units are not such a pair (fahrenheit and kelvin are two answers) or the quantity is below zero."""
    big, small = target_unit(big_unit), target_unit(small_unit)
    if big is None or small is None:
        return None
    units = registry()
    try:
        ratio = float(units.Quantity(1.0, big[0]).to(small[0]).magnitude)
        value = _convert(text, big[0], big[1])
    except (ValueError, pint.DimensionalityError, pint.OffsetUnitCalculusError):
        return None
    if not (ratio > 1 and abs(ratio - round(ratio)) < 1e-9 and value >= 0):
        return None
    whole = math.floor(value)
    rest = round((value - whole) * ratio, 2)
    if rest >= round(ratio):  # 5 feet 11.999 inches is 6 feet
        whole, rest = whole + 1, 0.0
    said = [f"{whole:,} {_one(big[1]) if whole == 1 else big[1]}"] if whole else []
    if rest or not whole:
        shown = _en_us(rest, 2)
        said.append(f"{shown} {_one(small[1]) if shown == '1' else small[1]}")
    return _done(f"{text} = {' '.join(said)}", values=[whole, rest], units=[big[0], small[0]])


_IRREGULAR = {"feet": "foot"}
_BEFORE_UNIT = ("square", "cubic", "fluid")  # words before the unit a plural is of ("square feet", "fluid ounces")


def _one(label: str) -> str:
    """A unit's name for exactly one of it: "1 pound", "1 square foot", "1 mile per hour", "1 degree Celsius";
    an abbreviation as written ("1 lbs" stays: it is no word)."""
    words = label.split()
    at = 1 if len(words) > 1 and words[0].casefold() in _BEFORE_UNIT else 0
    word = words[at]
    if word in _IRREGULAR:
        words[at] = _IRREGULAR[word]
    elif word.endswith(("ches", "shes")):
        words[at] = word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        words[at] = word[:-1]
    return " ".join(words)


# --- date_math --------------------------------------------------------------------------------------------

_DATE_EXAMPLES = "today, tomorrow, Christmas, 2026-03-04, March 4, 2026 or 4 March 2026"


def _long_date(day: date) -> str:
    return f"{WEEKDAYS[day.weekday()]}, {MONTHS[day.month - 1]} {day.day}, {day.year}"


# A month named alone ("May"), which date_math reads as its first day this year.
_MONTH_ALONE = re.compile(rf"(?i)({'|'.join(MONTHS)})")
# A month and its year, which date_math reads as the month's first day ("February 2028").
_MONTH_OF_YEAR = re.compile(rf"(?i)\s*(?:{'|'.join(MONTHS)})\.?,?\s+\d{{4}}\s*")
# A month or a year named from today ("this month", "next year"), asked of as a whole.
_PERIOD_OF = re.compile(r"(?i)\s*(?:this|next|last|coming)\s+(?:month|year)\s*")
# A year alone ("2010"), which date_math answers in years: how long ago or ahead, and whether it is a leap year.
_YEAR_ALONE = re.compile(r"\s*([1-9]\d{3})\s*")
_YEAR_OR_RELATIVE = re.compile(r"(?i)\d{4}|\b(?:last|ago|previous|past|before|this|next)\b|'\d\d\b")


def _counted(n: int, unit: str) -> str:
    """``n`` of ``unit``, with thousands commas and the unit plural but for one ("1 day", "1,200 days")."""
    return f"{n:,} {unit}{'' if n == 1 else 's'}"


def _as_asked(raw_date: str, day: date) -> str:
    """``day`` in full, after the name it was asked by when that has no digits ("Christmas (Friday, December 25,
    2026)"); a date written in digits needs no second writing."""
    return _long_date(day) if any(ch.isdigit() for ch in raw_date) else f"{raw_date} ({_long_date(day)})"


def _from_today(day: date, today: date) -> str:
    """How far ``day`` is from today: "today", "in 3 days", "24 days ago (3 weeks and 3 days)"."""
    days = (day - today).days
    if days == 0:
        return "today"
    far = f"in {_counted(days, 'day')}" if days > 0 else f"{_counted(-days, 'day')} ago"
    return far + _spelled(min(day, today), max(day, today))


def _spelled(earlier: date, later: date) -> str:
    """The span from ``earlier`` to ``later`` in weeks, when more than a week's, and in years, months and days, when
    a month or more ("how old am I if I was born …", "how many years, months and days between …"): " (3 weeks and 3
    days)", " (13 weeks and 1 day; 3 months and 2 days)"; nothing for a week or less."""
    days = (later - earlier).days
    if days <= _WEEK.days:
        return ""
    calendar = _in_years(earlier, later)
    return f" ({_weeks(days)}; {calendar})" if "month" in calendar or "year" in calendar else f" ({_weeks(days)})"


def _in_years(earlier: date, later: date) -> str:
    """The whole years, months and days from ``earlier`` to ``later``: "34 years, 8 months and 28 days"."""
    years, months, days = later.year - earlier.year, later.month - earlier.month, later.day - earlier.day
    if days < 0:
        months -= 1
        before = later.replace(day=1) - timedelta(days=1)  # the month before ``later``'s
        days += before.day
    if months < 0:
        years, months = years - 1, months + 12
    parts = [_counted(n, unit) for n, unit in ((years, "year"), (months, "month"), (days, "day")) if n]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _weeks(days: int) -> str:
    """``days`` in weeks and days: "3 weeks and 3 days", "52 weeks"."""
    weeks, rest = divmod(days, _WEEK.days)
    return _counted(weeks, "week") + (f" and {_counted(rest, 'day')}" if rest else "")


def _day_of(raw_date: str, start: date, today: date) -> ToolResult:
    """Which weekday ``start`` is and how far it is from today; a named day ("Christmas") keeps its name.

    A day written without its year is read as this year's (a day of a month) or the next one (a holiday); the tool
    does not know whether the goal asks of the past or the future, so the other one is given too where it is
    likely meant: next year's for a day of a month that has passed ("how many days until March 12" asks of the
    next one), the one before for a holiday that passed more recently than the next one comes ("how many days ago
    was Halloween", asked on December 1).
    """
    shown = _long_date(start) if raw_date.casefold() == "today" else _as_asked(raw_date, start)
    observation = f"{shown} is {_from_today(start, today)}"
    data: dict[str, object] = {"date": start.isoformat(), "days": (start - today).days}
    period = _PERIOD_OF.fullmatch(raw_date)
    if _MONTH_OF_YEAR.fullmatch(raw_date) or (period and "month" in raw_date.casefold()):
        # "February 2028", "next month" name a month: how long it is, and its weekdays ("working days in January")
        last = start.replace(day=monthrange(start.year, start.month)[1])
        weekdays = sum(1 for n in range(last.day) if (start + timedelta(days=n)).weekday() < _SATURDAY)
        month = f"{MONTHS[start.month - 1]} {start.year}"
        observation += f"; {month} has {last.day} days ({weekdays} weekdays, Monday to Friday), to {_long_date(last)}"
        data |= {"last": last.isoformat(), "weekdays": weekdays}
    elif period and "year" in raw_date.casefold():  # "next year": whether it is a leap year, and when it starts
        observation += f"; {start.year} is {_leap(start.year)}"
        if (first := date(start.year, 1, 1)) > today:  # "how many days until next year" asks of its first day
            observation += f", and starts on {_long_date(first)}, {_from_today(first, today)}"
            data["first"] = first.isoformat()
    elif start < today and (following := _in_year(raw_date, start.year + 1, today)) is not None:
        observation += f"; next year's, {_long_date(following)}, is {_from_today(following, today)}"
        data["next"] = following.isoformat()
    elif start > today and (before := _holiday_before(raw_date, start, today)) is not None:
        observation += f"; the one before, {_long_date(before)}, was {_from_today(before, today)}"
        data["before"] = before.isoformat()
    return _done(observation, **data)


def _holiday_before(raw_date: str, day: date, today: date) -> date | None:
    """The holiday ``raw_date`` names (no digits) the year before ``day``, when it passed more recently than ``day``
    comes; else None."""
    if any(ch.isdigit() for ch in raw_date):
        return None
    before = _in_year(raw_date, day.year - 1, today)
    return before if before is not None and before < today and (today - before) < (day - today) else None


# A day asked of as the last one ("since New Year"), and working days counted to one ("weekdays until Christmas").
_SINCE = re.compile(rf"(?i){SINCE}\s+")
_WORKDAYS_UNTIL = re.compile(rf"(?i){WORKDAYS_UNTIL}\s+")
_WEEK = timedelta(days=7)
_SATURDAY = 5  # date.weekday()'s: the weekdays, Monday to Friday, are those before it


def _year_of(year: int, today: date) -> ToolResult:
    """How many years ``year`` is from this one, and whether it is a leap year."""
    years = today.year - year
    if years > 0:
        when, verb = f"{_counted(years, 'year')} ago", "was"
    else:
        when, verb = ("this year" if years == 0 else f"in {_counted(-years, 'year')}"), "is"
    return _done(f"{year} {verb} {when}; it {verb} {_leap(year)}", year=year, years=-years, leap=isleap(year))


def _leap(year: int) -> str:
    """Whether ``year`` is a leap year, as said after "is": "a leap year (366 days)", "not a leap year (365 days)"."""
    return "a leap year (366 days)" if isleap(year) else "not a leap year (365 days)"


def _since(raw_date: str, today: date) -> ToolResult:
    """How long ago the last ``raw_date`` was: a day that comes later this year (or a holiday's next one) is the
    one of the year before, a weekday the one of the week before; a year alone, in years."""
    if (alone := _YEAR_ALONE.fullmatch(raw_date)) is not None and (year := int(alone[1])) <= today.year:
        first, years = date(year, 1, 1), _year_of(year, today)
        days = (today - first).days
        observation = f"Since the start of {year} ({_long_date(first)}): {_counted(days, 'day')}; {years.observation}"
        return _done(observation, date=first.isoformat(), days=-days, **years.data)
    day = _read_day(raw_date, today)
    if day is None:
        return _failed(f"Could not read the date {raw_date!r}; say it like {_DATE_EXAMPLES}.")
    if day > today:
        day = _in_year(raw_date, day.year - 1, today) or (day - _WEEK if (day - today).days < 7 else day)
    if day > today:
        return _failed(f"{raw_date!r} ({_long_date(day)}) has not come yet; ask how many days until it.")
    shown = _as_asked(raw_date, day)
    days = (today - day).days
    return _done(f"Since {shown}: {_counted(days, 'day')}{_spelled(day, today)}", date=day.isoformat(), days=-days)


def _workdays_until(raw_date: str, today: date) -> ToolResult:
    """How many weekdays, Monday to Friday, come after today and before ``raw_date`` (public holidays not known); a
    day of a month that has passed this year is next year's."""
    day = _read_day(raw_date, today)
    if day is None:
        return _failed(f"Could not read the date {raw_date!r}; say it like {_DATE_EXAMPLES}.")
    if day <= today:
        day = _in_year(raw_date, day.year + 1, today) or day
    if day <= today:
        return _failed(f"{raw_date!r} ({_long_date(day)}) is not after today; ask how many days since it.")
    count = sum(1 for n in range(1, (day - today).days) if (today + timedelta(days=n)).weekday() < _SATURDAY)
    shown = _as_asked(raw_date, day)
    observation = f"{_counted(count, 'weekday')} until {shown}, not counting today or that day (nor public holidays)"
    return _done(observation, date=day.isoformat(), weekdays=count)


def _in_year(raw_date: str, year: int, today: date) -> date | None:
    """The day ``raw_date`` names in ``year``, when it names no year and no word that places it ("March 12" in
    2027, not "March 12, 2026", "last March 12" or "yesterday"); else None (also February 29 of a common year)."""
    return None if _YEAR_OR_RELATIVE.search(raw_date) else read_date(f"{raw_date} {year}", today)


def _read_day(raw_date: str, today: date) -> date | None:
    """The day ``raw_date`` names; a month named alone (which the extractor offers: "until May") is its first day
    this year."""
    day = read_date(raw_date, today)
    if day is None and (month := _MONTH_ALONE.fullmatch(raw_date.strip())) is not None:
        return date(today.year, MONTHS.index(month[1].capitalize()) + 1, 1)
    return day


_NOW_SAID = re.compile(r"(?i)\b(?:today|now|tonight|yesterday|tomorrow)\b")


def _between(first: date, last: date, said: str) -> ToolResult:
    """How many days lie from ``first`` to ``last``, and in weeks, months and years (``_spelled``); and, for a
    stretch between two days both ``said`` names by date, how many days it spans counting both its first and its
    last ("1 dec to 24 dec including both": 24; "today until christmas" counts from today)."""
    days = (last - first).days
    count = _counted(abs(days), "day") + _spelled(min(first, last), max(first, last))
    counted = days and _NOW_SAID.search(said) is None
    both = f", or {abs(days) + 1:,} days counting both the first and the last" if counted else ""
    observation = f"From {_long_date(first)} to {_long_date(last)} is {count}{both}"
    return _done(observation, start=first.isoformat(), date=last.isoformat(), days=days)


def date_math(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Add or subtract ``args['offset']`` to ``args['date']`` (relative to ``ctx.now``), naming both dates; with
    no offset, the weekday of the date and how many days it is from today, or for a stretch between two dates
    ("March 3 to March 10") how many days it spans."""
    raw_date, raw_offset = args.get("date", "").strip() or "today", args.get("offset", "").strip()
    since = _SINCE.match(raw_date)
    if since is not None and not raw_offset:
        return _since(raw_date[since.end() :], ctx.now.date())
    workdays = _WORKDAYS_UNTIL.match(raw_date)
    if workdays is not None and not raw_offset:
        return _workdays_until(raw_date[workdays.end() :], ctx.now.date())
    if not raw_offset and (alone := _YEAR_ALONE.fullmatch(raw_date)) is not None:
        return _year_of(int(alone[1]), ctx.now.date())
    if not raw_offset:
        # a stretch first: "2026-01-01 and 2026-12-31" is no date with a time after it
        stretch = read_range(raw_date, ctx.now.date())
        if stretch is not None:
            return _between(*stretch, raw_date)
        day = _read_day(raw_date, ctx.now.date())
        if day is None:
            return _failed(f"Could not read the date {raw_date!r}; say it like {_DATE_EXAMPLES}.")
        return _day_of(raw_date, day, ctx.now.date())
    offset = read_duration(raw_offset)
    if offset is None and read_time_offset(raw_offset) is not None:
        return _failed(f"{raw_offset!r} is clock time; date_math moves a date by days, weeks, months or years.")
    if offset is None:
        return _failed(
            f"Could not read the offset {raw_offset!r}; say it like '90 days', '2 weeks before' or '3 months ago'."
        )
    start = _read_day(raw_date, ctx.now.date())
    if start is None:
        return _failed(f"Could not read the date {raw_date!r}; say it like {_DATE_EXAMPLES}.")
    try:
        end = offset.shift(start)
    except (ValueError, OverflowError):
        return _failed(f"{raw_offset!r} from {_long_date(start)} falls outside years 1 to 9999; check the offset.")
    amount = " and ".join(f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in offset.parts)
    way = "before" if offset.backwards else "after"
    observation = f"{amount} {way} {_long_date(start)} is {_long_date(end)}"
    data: dict[str, object] = {"start": start.isoformat(), "date": end.isoformat()}
    # a day of a month written without its year that has passed this year: next year's is likely meant too ("100
    # days before my exam on 20 June", asked in December)
    if start < ctx.now.date() and (following := _in_year(raw_date, start.year + 1, ctx.now.date())) is not None:
        with suppress(ValueError, OverflowError):
            later = offset.shift(following)
            observation += f"; from next year's, {_long_date(following)}, it is {_long_date(later)}"
            data["next"] = later.isoformat()
    return _done(observation, **data)


# --- clock ------------------------------------------------------------------------------------------------

_ZONE_EXAMPLES = "a city (Tokyo), a country (Japan) or a time zone (Europe/Berlin, UTC)"


def _offset(moment: datetime) -> str:
    delta = moment.utcoffset()
    if delta is None:
        return "time zone unknown"
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def clock(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """The current date and time (``ctx.now``) in ``args['place']`` (a city, a country or an IANA zone); with no
    place, in the context's own zone, named. With ``args['offset']`` ("in 3 hours", "an hour ago", "in 2 days"),
    the date and time that far from now. With ``args['at']``, a time of day told in another place ("9am in New
    York", "5pm GMT"), that time today there, told in the place (or the context's zone)."""
    place, raw_offset = args.get("place", "").strip(), args.get("offset", "").strip()
    # A clock without a zone is taken to read UTC, as the suite's recorded clock does.
    now = ctx.now if ctx.now.tzinfo is not None or not place else ctx.now.replace(tzinfo=UTC)
    zone = find_zone(place) if place else None
    if place and zone is None:
        return _failed(f"I do not know which time zone {place!r} is in; name {_ZONE_EXAMPLES}.")
    if args.get("at", "").strip():
        return _converted(args["at"].strip(), place, zone, now, raw_offset)
    if zone is not None:
        now = now.astimezone(zone_info(zone[1]))
    moment = _moved_clock(now, raw_offset) if raw_offset else now
    if moment is None:
        return _failed(f"Could not read how far from now {raw_offset!r} is; say it like 'in 3 hours' or 'in 2 days'.")
    when = _told(moment, zone)
    if not raw_offset:
        return _done(f"It is {when}", time=moment.isoformat(timespec="minutes"))
    said = " ".join(raw_offset.split())
    tense = "it was" if moment < now else "it will be"
    return _done(f"{said[0].upper()}{said[1:]} {tense} {when}", time=moment.isoformat(timespec="minutes"))


def _told(moment: datetime, zone: Zone | None) -> str:
    """A clock's ``moment`` as told: "09:00 on Tuesday, December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)"."""
    return f"{moment:%H:%M} on {_long_date(moment.date())} {_where(zone, moment)}"


def _where(zone: Zone | None, moment: datetime) -> str:
    """Where a clock's ``moment`` is told: the zone's name, key and offset ("in Tokyo (Asia/Tokyo, UTC+09:00)"), an
    offset's name alone, or the local time's offset."""
    if zone is None:
        return f"(local time, {_offset(moment)})"
    name, key = zone
    if read_zone_offset(key) is not None:  # a zone named by its offset: the name says it all
        return f"in {name}"
    return f"in {name} ({key}, {_offset(moment)})" if name != key else f"in {key} ({_offset(moment)})"


def _converted(raw_at: str, place: str, zone: Zone | None, now: datetime, raw_offset: str) -> ToolResult:
    """``raw_at``, a time of day told in a place or zone, today there (moved by ``raw_offset`` if given), told in
    ``zone`` (None: the zone of ``now``, else the machine's)."""
    read = read_zoned_time(raw_at)
    if read is None:
        return _failed(f"Could not read {raw_at!r} as a time of day in a place; say it like '9am in New York'.")
    when, where = read
    source = find_zone(where)
    if source is None:
        return _failed(f"I do not know which time zone {where!r} is in; name {_ZONE_EXAMPLES}.")
    if place.casefold() == where.casefold():
        return _failed(f"{raw_at!r} is told in {source[0]}'s own time; name the place or time zone to convert it to.")
    there = zone_info(source[1])
    start = datetime.combine(now.astimezone(there).date(), when, tzinfo=there)
    moved = _moved_clock(start, raw_offset) if raw_offset else start
    if moved is None:
        return _failed(f"Could not read how far from {raw_at!r} {raw_offset!r} is; say it like 'in 3 hours'.")
    target = moved.astimezone(zone_info(zone[1]) if zone is not None else now.tzinfo)
    told = _told(start, source)
    if raw_offset:
        told = f"{' '.join(raw_offset.split())} from {told}"
    return _done(f"{told[0].upper()}{told[1:]} is {_told(target, zone)}", time=target.isoformat(timespec="minutes"))


def _moved_clock(now: datetime, raw_offset: str) -> datetime | None:
    """``now`` moved by clock time ("in 3 hours") or by calendar time ("in 2 days", the same time of day)."""
    delta = read_time_offset(raw_offset)
    if delta is not None:  # elapsed time: across a change to or from summer time the wall clock moves by more or less
        return now + delta if now.tzinfo is None else (now.astimezone(UTC) + delta).astimezone(now.tzinfo)
    by = read_duration(raw_offset)
    try:
        return datetime.combine(by.shift(now.date()), now.timetz()) if by is not None else None
    except (ValueError, OverflowError):
        return None


# --- send_message, ask_user, FINISH -----------------------------------------------------------------------

_DEFAULT_QUESTION = "Could you tell me more about what you mean?"


def send_message(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Prepare the message ``args['text']`` to ``args['to']``; nothing is sent, and the observation says so."""
    to, text = args.get("to", "").strip(), args.get("text", "").strip()
    if not to or not text:
        return _failed(f"A message needs both a recipient and a text; got to={to!r}, text={text!r}.")
    return _done(
        f'Message to {to} ready: "{text}" (nothing was sent: this tool only simulates sending)', to=to, text=text
    )


def preview_send_message(args: Mapping[str, str], ctx: ToolContext) -> Effect:
    """The recipient and the exact text ``send_message`` would send."""
    to, text = args.get("to", "").strip(), args.get("text", "").strip()
    if not to or not text:
        return Effect(
            text=f"nothing will be sent: a message needs both a recipient and a text; got to={to!r}, text={text!r}",
            plan={"to": to, "text": text},
        )
    return Effect(text=f'sends to {to}: "{text}" (simulated: nothing is actually sent)', plan={"to": to, "text": text})


def ask_user(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Ask the user ``args['question']`` (or a generic clarifying question) through ``ctx.ask_user``."""
    question = args.get("question", "").strip() or _DEFAULT_QUESTION
    reply = ctx.ask_user(question) if ctx.ask_user is not None else None
    if reply is None or not reply.strip():
        return _failed("The user did not answer.")
    reply = reply.strip()
    return ToolResult(
        observation=f'The user answered: "{reply}"',
        answer=f'You said: "{reply}"',
        data={"question": question, "reply": reply},
    )


def finish(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Stop: a no-op with an empty observation (the loop composes the answer)."""
    return ToolResult(observation="")


LOCAL_RUNNERS: Mapping[str, Runner] = {
    "calculator": calculator,
    "unit_convert": unit_convert,
    "date_math": date_math,
    "clock": clock,
    "send_message": send_message,
    "ask_user": ask_user,
    "FINISH": finish,
}
LOCAL_PREVIEWS: Mapping[str, Preview] = {"send_message": preview_send_message}
