"""Quantities: a number and a unit that ``pint`` knows ("3.5 pounds", "100°F", "five miles", "60 km/h")."""

from __future__ import annotations

import re
from functools import cache, lru_cache

import pint

from decisionloop.values.numbers import SCALED, read_number

_LEADING = re.compile(rf"({SCALED})\s*(\S.*)")
# A part of one unit: "half a cup", "a quarter cup", "three quarters of a pound", "1/2 cup", "25% of an hour"
# (group 1 the part, group 2 the words between, group 3 the unit's words).
PART_OF_ONE = re.compile(
    r"(?i)\b((?:(?:a|one)\s+)?half|(?:a|one)\s+quarter|three\s+quarters|(?:a|one)\s+third|two\s+thirds|\d+/\d+"
    r"|\d+(?:\.\d+)?\s*(?:%|\s+percent)(?=\s+of\b))"
    r"((?:\s+of)?(?:\s+an?)?\s+)([^\W\d_]+(?:\s+[^\W\d_]+)?)"
)
_PARTS = {"half": 0.5, "quarter": 0.25, "quarters": 0.75, "third": 1 / 3, "thirds": 2 / 3}
# One unit and a half: "a mile and a half", "an hour and a half"; a number and a half of a unit: "2 and a half
# hours", "two and a half miles", and so a quarter, three quarters, a third or two thirds ("one and a quarter
# hours", "2 and three quarter miles"); a number of units and a half: "3 hours and a half", "3 hours and half" (the
# group "unit", "after" or "units" the unit's words, one after the number; "whole" or "count" the number; "part"
# the part of one after "and", when not a half).
_AND_PART = r"(?P<part>a\s+quarter|three\s+quarters?|a\s+third|two\s+thirds)"
AND_A_HALF = re.compile(
    r"(?i)\b(?:(?:an?|one)\s+(?P<unit>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+and\s+a\s+half\b"
    rf"|(?P<whole>\d+|[^\W\d_]+)\s+and\s+(?:a\s+half|{_AND_PART})\s+(?P<after>[^\W\d_]+)"
    r"|(?P<count>\d+|[^\W\d_]+)\s+(?P<units>[^\W\d_]+)\s+and\s+(?:a\s+)?half\b)"
)

# The words before or after a unit that say whose measure it is ("UK pints", "imperial gallons", "US cups"): pint's
# imperial units are the British ones, its own the American ones. Regular expressions, without groups.
BRITISH = r"uk|u\.k\.|british|imperial"
AMERICAN = r"us|u\.s\."


def and_a_half(found: re.Match[str]) -> tuple[float, str] | None:
    """A match of ``AND_A_HALF`` as (the amount, the unit's words), the half or other part of one added; None where
    the words before "and" are no number ("miles and a half")."""
    if found["unit"] is not None:
        return 1.5, found["unit"]
    whole = read_number(found["whole"] if found["count"] is None else found["count"])
    part = _part_of_one(found["part"]) if found["part"] else 0.5
    return (whole + part, found["after"] or found["units"]) if whole is not None else None


def _part_of_one(words: str) -> float:
    """The part of one ``words`` say, as ``_PARTS`` has it: "a quarter", "three quarter(s)", "a third", "two thirds"."""
    count, noun = words.casefold().split()
    return _PARTS[noun.removesuffix("s") + ("" if count == "a" else "s")]


# Ways a temperature is written that pint does not read as is: "°F", "° F", "degrees Fahrenheit", "deg C".
_DEGREES = re.compile(r"(?:[°º˚]\s*|(?:degrees?|deg)\.?\s+)([a-z]+)", re.IGNORECASE)
_SCALES = {"f": "degF", "fahrenheit": "degF", "c": "degC", "celsius": "degC", "centigrade": "degC", "k": "kelvin"}

# The units unit_convert names and the words people write them with (pint reads most of these, not "kilos" or "kms").
UNIT_ALIASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("kilometer", ("km", "kms", "kilometer", "kilometers", "kilometre", "kilometres")),
    ("mile", ("mi", "mile", "miles")),
    ("meter", ("m", "meter", "meters", "metre", "metres")),
    ("centimeter", ("cm", "centimeter", "centimeters", "centimetre", "centimetres")),
    ("millimeter", ("mm", "millimeter", "millimeters", "millimetre", "millimetres")),
    ("foot", ("ft", "foot", "feet")),
    ("inch", ("in", "inch", "inches")),
    ("yard", ("yd", "yds", "yard", "yards")),
    ("kilogram", ("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes")),
    ("gram", ("g", "gram", "grams", "gramme", "grammes")),
    ("pound", ("lb", "lbs", "pound", "pounds")),
    ("ounce", ("oz", "ounce", "ounces")),
    ("fluid_ounce", ("fl oz", "fl. oz", "fl.oz", "floz", "fluid ounce", "fluid ounces")),
    ("liter", ("l", "liter", "liters", "litre", "litres")),
    ("milliliter", ("ml", "milliliter", "milliliters", "millilitre", "millilitres")),
    ("gallon", ("gal", "gals", "gallon", "gallons")),
    ("degree_Celsius", ("celsius", "c", "centigrade")),
    ("degree_Fahrenheit", ("fahrenheit", "f")),
    ("kelvin", ("k", "kelvin", "kelvins")),
    ("kilometer / hour", ("km/h", "kmh", "kph", "km/hr", "km per hour", "kilometers per hour", "kilometres per hour")),
    ("mile / hour", ("mph", "mi/h", "miles per hour", "mile per hour")),
    ("meter / second", ("m/s", "meters per second", "metres per second")),
    # a calorie as people count them, in food: the kilocalorie (pint's calorie is the small one, 4.184 joules)
    ("kilocalorie", ("cal", "cals", "calorie", "calories", "kcal", "kcals", "kilocalorie", "kilocalories")),
    ("kilojoule", ("kj", "kjs", "kilojoule", "kilojoules")),  # pint reads only "kJ"
    # pint reads these as millibarns, gilberts…: written by people, they are bytes
    ("kilobyte", ("kb", "kbs")),
    ("megabyte", ("mb", "mbs")),
    ("gigabyte", ("gb", "gbs")),
    ("terabyte", ("tb", "tbs")),
    # and these as millibits (of a second): written by people, a line's speed ("100 mbps")
    ("kilobit / second", ("kbps",)),
    ("megabit / second", ("mbps",)),
    ("gigabit / second", ("gbps",)),
    ("week", ("wk", "wks")),  # pint reads neither
)
_BYTES = {alias: unit for unit, aliases in UNIT_ALIASES if unit.endswith(("byte", "bit / second")) for alias in aliases}
UNIT_OF: dict[str, str] = {alias: unit for unit, aliases in UNIT_ALIASES for alias in aliases}


@cache
def registry() -> pint.UnitRegistry[float]:
    """The one unit registry of the values layer (building one takes most of a second, so it is built once). An acre
    is the international one, 43,560 square feet (pint's is the US survey acre, 43,560.17 of them)."""
    units: pint.UnitRegistry[float] = pint.UnitRegistry(on_redefinition="ignore")
    units.define("acre = 43560 * foot ** 2 = ac = international_acre")
    return units


def read_quantity(text: str) -> tuple[float, str] | None:
    """``text`` as (magnitude, pint's unit name), e.g. "3.5 pounds" → (3.5, "pound"); else None.

    The number is in digits or words ("five miles"); the unit is anything pint reads that has a dimension
    (a temperature, a length, a time…) or is an angle, so "5 apples" or "5 percent" are no quantities.
    """
    folded = " ".join(text.split())
    part = read_part(folded)
    if part is not None:
        unit = _unit(part[1])
        return (part[0], unit) if unit is not None else None
    matched = _LEADING.fullmatch(folded)
    if matched is not None:
        number, unit = read_number(matched.group(1)), _unit(matched.group(2))
        return (number, unit) if number is not None and unit is not None else None
    words = folded.split()
    for n in range(len(words) - 1, 0, -1):  # the longest run of words that is a number, then its unit
        number = read_number(" ".join(words[:n]))
        if number is not None:
            unit = _unit(" ".join(words[n:]))
            return (number, unit) if unit is not None else None
    return None


def read_part(text: str) -> tuple[float, str] | None:
    """A part of one unit, as (the part, the unit's words): "half a cup" → (0.5, "cup"), "a quarter cup" → (0.25,
    "cup"), "three quarters of a pound" → (0.75, "pound"), "1/2 cup" → (0.5, "cup"), "25% of an hour" → (0.25,
    "hour"), and a unit and a half, "a mile and a half" → (1.5, "mile"), "2 and a half hours" → (2.5, "hours");
    None for anything else and for a fraction over zero. Whether the words are a unit is the caller's to read."""
    folded = " ".join(text.split())
    half = AND_A_HALF.fullmatch(folded)
    if half is not None:
        return and_a_half(half)
    part = PART_OF_ONE.fullmatch(folded)
    if part is None:
        return None
    words = part.group(1)
    if words.endswith(("%", "percent")):  # "25% of an hour"
        return float(words.rstrip("%").removesuffix("percent")) / 100, part.group(3)
    if "/" in words:
        numerator, denominator = (int(n) for n in words.split("/"))
        return (numerator / denominator, part.group(3)) if denominator else None
    return _PARTS[words.split()[-1].casefold()], part.group(3)


# A marathon or its half by its name ("a marathon", "the half marathon"): a race people convert as its length.
MARATHON = re.compile(r"(?i)\b(?:an?|one|the)\s+(half[\s-]?)?marathon\b")
MARATHON_KM = 42.195


def read_marathon(text: str) -> float | None:
    """The kilometres of the marathon ``text`` names, its article left out or not ("a marathon" → 42.195, "half
    marathon" → 21.0975); None for anything else."""
    found = MARATHON.fullmatch(text.strip()) or MARATHON.fullmatch(f"a {text.strip()}")
    return None if found is None else MARATHON_KM / (2 if found.group(1) else 1)


# Units of information, which pint counts as dimensionless (a byte is 8 bits): "megabytes", "kibibyte", "bit".
_INFORMATION = re.compile(r"[a-z]*(?:bit|byte)")


def has_measure(units: object, dimensional: bool) -> bool:
    """Whether pint's ``units`` (with or without a dimension) measure something: a dimension, an angle in degrees
    ("90°"), or information (bytes), all of which pint counts as dimensionless."""
    name = str(units)
    return dimensional or name == "degree" or _INFORMATION.fullmatch(name) is not None


# Units people write in lower case whose case pint reads as something else or not at all: "15 kpa", "3.7 kw",
# "500 mah"; and the newton metre, which pint reads as "number meter".
_CASED_UNITS = {
    "kpa": "kPa", "mpa": "MPa", "hpa": "hPa", "kw": "kW", "kwh": "kWh", "kj": "kJ", "mah": "mAh", "khz": "kHz",
    "mhz": "MHz", "ghz": "GHz", "bhp": "horsepower", "nm": "N*m", "n m": "N*m", "n·m": "N*m", "n-m": "N*m",
}  # fmt: skip


def cased_unit(text: str) -> str | None:
    """Pint's spelling of a unit written in another case ("kpa" → "kPa", "Nm" → "N*m"), or None; "nm" in lower
    case is a nanometre, which pint reads as it is."""
    written = " ".join(text.split())
    return None if written == "nm" else _CASED_UNITS.get(written.casefold())


@lru_cache(maxsize=4096)
def _unit(text: str) -> str | None:
    """Pint's name for the unit ``text`` writes, when it has a dimension; else None."""
    phrase = text.strip().rstrip(".")
    phrase = _BYTES.get(phrase.casefold(), phrase)
    phrase = cased_unit(phrase) or phrase
    degrees = _DEGREES.fullmatch(phrase)
    if degrees is not None:
        phrase = _SCALES.get(degrees.group(1).casefold(), degrees.group(1))
    ureg = registry()
    for attempt in (phrase, phrase.replace(" ", "_"), phrase.casefold()):
        try:
            units = ureg.parse_units(attempt)
            # Inside the try: a product with a logarithmic unit parses but makes no plain quantity, and pint
            # raises AttributeError when asked for its dimensionality.
            dimensional = bool(ureg.Quantity(1, units).dimensionality)
        except Exception:  # pint raises many error types (undefined unit, syntax, tokenizer) for non-units
            continue
        return str(units) if has_measure(units, dimensional) else None
    return None


def kind_of(unit: str) -> str | None:
    """What pint's ``unit`` measures, as pint writes its dimension ("kilogram" → "[mass]", "liter" → "[length] **
    3"); None for no unit."""
    try:
        return str(registry().Unit(unit).dimensionality)
    except (pint.errors.PintError, ValueError, TypeError, AttributeError):
        return None


def factor(unit: str, to: str) -> float | None:
    """How many of ``to`` one ``unit`` is (pint's names: "gram" to "kilogram" → 0.001); None for units of
    another kind or with an offset (temperatures), which no factor converts."""
    units = registry()
    try:
        one = units.Quantity(1, unit)
        if not one.is_compatible_with(to) or units.Quantity(0, unit).to(to).magnitude != 0:  # an offset: °C to °F
            return None
        return float(one.to(to).magnitude)
    except (pint.errors.PintError, ValueError, TypeError, AttributeError):
        return None


# Two units or more asked for at once ("fahrenheit and kelvin", "miles, feet"): what joins them.
UNITS_JOINED = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def unit_of(text: str) -> str | None:
    """Pint's name for the unit ``text`` names, a short name unit_convert knows ("C", "km/h", "mi") first; None
    when it names none."""
    alias = UNIT_OF.get(" ".join(text.split()).casefold())
    return alias if alias is not None else _unit(text)


# --- quantities in two units ---------------------------------------------------------------------------------

# A quantity written in two units of one kind, the larger first, as heights, weights and times are ("6 ft 2 in",
# "7 pounds 4 ounces", "1 hour 30 minutes"): each pair as (larger, its pint unit, smaller, its pint unit, whether
# the kind is time). Times are offered only where a goal converts them (the extractor asks with ``time=True``).
_NUMBER = r"\d+(?:\.\d+)?"
_FOOT = r"ft|feet|foot"
# Where a height written without its inches' unit may end: before a conversion's "in", "to" or "into".
_CONVERSION_NEXT = r"(?=\s+(?:in|to|into)\b)"
_PAIRS: tuple[tuple[str, str, str, str, bool], ...] = (
    (_FOOT, "foot", r"in|inch|inches", "inch", False),
    (r"lbs?|pounds?", "pound", r"oz|ounces?", "ounce", False),
    (r"st|stones?", "stone", r"lbs?|pounds?", "pound", False),
    (r"m|meters?|metres?", "meter", r"cm|centimeters?|centimetres?", "centimeter", False),
    (r"kg|kilos?|kilograms?", "kilogram", r"g|grams?", "gram", False),
    (r"h|hrs?|hours?", "hour", r"m|mins?|minutes?", "minute", True),
    (r"mins?|minutes?", "minute", r"s|secs?|seconds?", "second", True),
)
_COMPOUNDS = tuple(
    (
        re.compile(
            rf"(?i)(?<![\w.,])(?P<big>{_NUMBER})\s?(?:{big})\s*,?\s*(?:and\s+)?(?P<small>{_NUMBER})\s?(?:{small})\b"
        ),
        (big_unit, small_unit),
        time,
    )
    for big, big_unit, small, small_unit, time in _PAIRS
)
# Feet and inches with marks: 5'11", 5′ 11″, and 6'2 where a conversion follows ("6'2 in cm"); "4'5 stars" is none.
_FEET = r"(?P<big>\d{1,2})\s?['’′]\s?(?P<small>\d{1,2}(?:\.\d+)?)"
_INCH_MARK = r"\s?(?:\"|”|″|'')"
_FEET_INCHES = re.compile(rf"(?<![\w.,'’]){_FEET}(?:{_INCH_MARK}|{_CONVERSION_NEXT})")
_FEET_INCHES_READ = re.compile(rf"{_FEET}(?:{_INCH_MARK})?")
# Feet and a bare number of inches, as heights are said ("5 foot 10", "6 feet 2"): 0 to 11 inches; stones and a
# bare number of pounds, as weights are said in Britain ("9 stone 4"): 0 to 13 pounds. The number last in its
# sentence or before a conversion's "in", "to" or "into" ("5 foot 10 people" is none).
_BARE_END = rf"(?:(?=\s*(?:[?.!,;]|$))|{_CONVERSION_NEXT})"
_FEET_BARE = re.compile(
    rf"(?i)(?<![\w.,])(?P<big>\d{{1,2}})\s?(?:{_FOOT})\s+(?:and\s+)?(?P<small>(?:1[01]|\d)(?:\.\d+)?){_BARE_END}"
)
_STONE_BARE = re.compile(
    rf"(?i)(?<![\w.,])(?P<big>\d{{1,2}})\s?(?:st|stones?)\s+(?:and\s+)?(?P<small>(?:1[0-3]|\d)(?:\.\d+)?){_BARE_END}"
)


def find_compounds(text: str, *, time: bool) -> list[re.Match[str]]:
    """The quantities in two units that ``text`` writes, of time (``time``) or of anything else."""
    found = [m for pattern, _, of_time in _COMPOUNDS if of_time == time for m in pattern.finditer(text)]
    if time:
        return found
    found += [*_FEET_INCHES.finditer(text), *_FEET_BARE.finditer(text), *_STONE_BARE.finditer(text)]
    # "5 foot 10" of "5 foot 10 in" is the same height, found twice: the longer writing is kept
    return [m for m in found if not any(o.start() <= m.start() and m.end() < o.end() for o in found)]


def read_compound(text: str) -> tuple[tuple[float, str], tuple[float, str]] | None:
    """A quantity in two units as its two parts, (magnitude, pint unit) each: "6 ft 2 in" → ((6, foot), (2, inch));
    None for anything else."""
    folded = " ".join(text.split())
    marks = _FEET_INCHES_READ.fullmatch(folded) or _FEET_BARE.fullmatch(folded)
    if marks is not None:
        return (float(marks["big"]), "foot"), (float(marks["small"]), "inch")
    stones = _STONE_BARE.fullmatch(folded)
    if stones is not None:
        return (float(stones["big"]), "stone"), (float(stones["small"]), "pound")
    for pattern, (big, small), _ in _COMPOUNDS:
        m = pattern.fullmatch(folded)
        if m is not None:
            return (float(m["big"]), big), (float(m["small"]), small)
    return None
