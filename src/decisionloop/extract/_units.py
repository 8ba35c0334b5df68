"""Target units: a unit named on its own where a conversion says what it wants ("in km", "to celsius", "how many
grams"), as pint reads it; a unit right after a number belongs to that quantity and is not offered here.

Where a conversion names its target, one of a unit or a part of one is a quantity too ("how many ounces in a
pound": a pound; "how many tablespoons in half a cup": half a cup), and so is a marathon ("how many miles is a
marathon"), and
units of time are offered, the target and the amounts, only in a conversion between them ("how many minutes in
3.5 hours", "how many seconds in a day"): elsewhere an amount of time is a duration ("weather in 3 days", "remind
me in 2 hours"), which the dates module reads."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from decisionloop.extract._numbers import QUANTITY, is_time_unit, is_unit, measured, of_ingredient
from decisionloop.extract._text import Found, readings
from decisionloop.values.amounts import CURRENCY_NOUN
from decisionloop.values.numbers import DIGITS, SCALE_WORD, SPELLED
from decisionloop.values.quantity import AND_A_HALF, MARATHON, PART_OF_ONE, and_a_half, find_compounds

# Where a target unit is named: after to / in / into / as, "how many …" or "= ?", but not right before another of
# them (the "in" of inches in "6 ft 2 in to cm" leaves "to cm" to be read). Up to four words follow (km per
# hour, degrees Fahrenheit); punctuation ends them, and a number right after the cue means it introduces a
# quantity ("in 3 pounds"), which quantities() offers.
_CUE = re.compile(
    r"""(?ix) (?: \b(?: to | in | into | as | how\s+many | how\s+much )\s+ | = \s* \? \s* )
    (?! (?: to | in | into | as )\b )
    (?P<unit> °\s?[CFK]\b | [^\W\d_][^\s,;:()\[\]?!]* (?: \s+ [^\W\d_][^\s,;:()\[\]?!]* ){0,3} )"""
)
# Capitalised words are mostly names ("in Paris", "in Bath"); of them only the temperature scales, which are
# written with a capital, are taken as units.
_SCALES = frozenset({"celsius", "fahrenheit", "kelvin", "centigrade"})
_DEGREES = re.compile(r"(?i)(?:degrees?|deg)\s+(?P<scale>\w+)")


# One of a unit: "a", "an" or "one" before up to two words (groups as ``measured`` reads them).
_ONE = re.compile(r"(?i)\b(an?|one)(\s)([^\W\d_]+(?:\s+[^\W\d_]+)?)")
# A number in words before up to two words ("three miles", "twenty minutes"), as ``measured`` reads them; not a
# scale word after digits (the "million seconds" of "1 million seconds").
_WORDED = re.compile(rf"(?i)(?<![\w-])(?<!\d\s)({SPELLED})(\s)([^\W\d_]+(?:\s+[^\W\d_]+)?)")
# Digits and a word that scales them before up to two words ("1 million seconds", "2.5 thousand miles").
_SCALED = re.compile(rf"(?i)(?<![\w.,\-–/])({DIGITS}\s+{SCALE_WORD})(\s)([^\W\d_]+(?:\s+[^\W\d_]+)?)")


# A currency by its country's adjective ("Canadian dollars", "US dollar", "Swiss francs", "Japanese yen").
_CURRENCY = re.compile(rf"\b([A-Z][a-z]+|U\.?S\.?)\s+{CURRENCY_NOUN}\b")


def currencies(text: str) -> Iterator[Found]:
    """Currencies named by their country's adjective, whole, as a unit ("convert 150 Euros to Canadian dollars");
    not after a capitalised verb ("Convert dollars …")."""
    for m in _CURRENCY.finditer(text):
        if "VERB" not in readings(m.group(1)):
            yield m.group(), "unit"


def units(text: str) -> Iterator[Found]:
    """Units named as the target of a conversion (the longest reading of the words after each cue), then the
    quantities only a conversion makes: one of a unit, and amounts of time."""
    targets = {time: [p for p, t in _targets(text) if t == time] for time in (False, True)}
    yield from ((p, "unit") for p in targets[False])
    if targets[True]:
        # "1 hour 30 minutes", not "1 hour" alone; "an hour and a half", not "an hour"; "a quarter of an hour",
        # not "an hour" of it
        wholes = [*find_compounds(text, time=True), *_and_a_half(text, is_time_unit)]
        amounts = [w.group() for w in wholes]
        parts = [(m, q) for m, q in measured(PART_OF_ONE, text, is_time_unit) if not _inside(m, wholes)]
        wholes += [m for m, _ in parts]
        amounts += [q for _, q in parts]
        amounts += [
            q
            for m, q in (
                *measured(QUANTITY, text, is_time_unit),
                *measured(_ONE, text, is_time_unit),
                *measured(_WORDED, text, is_time_unit),
                *measured(_SCALED, text, is_time_unit),
            )
            if not _inside(m, wholes)
        ]
        if amounts:
            yield from ((p, "unit") for p in targets[True])
            yield from ((q, "quantity") for q in amounts)
    if targets[False]:
        halves = [(m, m.group()) for m in _and_a_half(text, _names_unit)]  # "two and a half miles", not "a half miles"
        parts = [
            (m, q)
            for m, q in measured(PART_OF_ONE, text, _names_unit)  # "half a cup", not "a cup" of it
            if not any(h.start() <= m.start() < h.end() for h, _ in halves)
        ] + halves
        yield from ((of_ingredient(text, m, q), "quantity") for m, q in parts)
        yield from (
            (of_ingredient(text, m, q), "quantity")
            for m, q in (
                *measured(_ONE, text, _names_unit),
                *measured(_WORDED, text, _names_unit),
                *measured(_SCALED, text, _names_unit),
            )
            if not _inside(m, [p for p, _ in parts])
        )
        yield from ((m.group(), "quantity") for m in MARATHON.finditer(text))  # unit_convert reads its length


def _inside(m: re.Match[str], wholes: list[re.Match[str]]) -> bool:
    """Whether ``m`` starts inside one of ``wholes`` (the "an hour" of "a quarter of an hour")."""
    return any(w.start() <= m.start() < w.end() for w in wholes)


def _and_a_half(text: str, accepts: Callable[[str], bool]) -> list[re.Match[str]]:
    """A unit and a half ("a mile and a half", "2 and a half hours") whose unit ``accepts`` takes."""
    return [m for m in AND_A_HALF.finditer(text) if (read := and_a_half(m)) is not None and accepts(read[1])]


def _targets(text: str) -> Iterator[tuple[str, bool]]:
    """Each unit named after a cue, and whether it is one of time; two units joined by "and" ("in fahrenheit and
    kelvin") are also one target, which unit_convert converts to each, unless "then" joins them ("to bar and then
    to kpa": each is a target of its own). A cue whose words name no unit is read
    again from its next word ("I want to know how many ounces": "to know how many" names none, "how many ounces"
    does)."""
    at = 0
    while (m := _CUE.search(text, at)) is not None:
        words = [w.rstrip(".\"'”’") for w in m["unit"].split()]
        at = m.start() + 1
        for phrase in _readings(words):
            if _names_unit(phrase):
                yield phrase, False
                end = m.start("unit") + len(phrase)
                second = _unit_after(text, end)
                if second is not None:
                    if _THEN.match(text, end) is None:  # "to bar and then to kpa": one conversion, then another
                        yield f"{phrase} and {second}", False
                    yield second, False
                at = m.end()
                break
            if _capitals_aside(phrase) and is_time_unit(phrase):
                yield phrase, True
                second = _unit_after(text, m.start("unit") + len(phrase), of_time=True)
                if second is not None:  # "in hours and minutes"
                    yield f"{phrase} and {second}", True
                at = m.end()
                break


# What joins a second target unit to the first: "and", "or", a comma, maybe "then", maybe "in" or "to" again.
_ANOTHER = re.compile(
    r"(?i)\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)(?:then\s+)?(?:(?:in|to|into)\s+)?(?P<unit>\S+(?:\s+\S+)?)"
)


_THEN = re.compile(r"(?i)\s*,?\s*(?:and\s+|or\s+)?then\b")


def _unit_after(text: str, end: int, *, of_time: bool = False) -> str | None:
    """The unit named right after a target unit ending at ``end`` and joined to it ("fahrenheit and kelvin",
    "km, and miles"), or None; one of time only after one of time (``of_time``: "hours and minutes")."""
    m = _ANOTHER.match(text, end)
    if m is None:
        return None
    words = [w.rstrip(".,;:?!\"'”’") for w in m["unit"].split()]
    if of_time:
        return next((p for p in _readings(words) if p and _capitals_aside(p) and is_time_unit(p)), None)
    return next((p for p in _readings(words) if p and _names_unit(p) and not is_time_unit(p)), None)


def _readings(words: list[str]) -> Iterator[str]:
    """The phrases the first of ``words`` start, longest first ("km per hour", "km per", "km")."""
    return (" ".join(words[:n]) for n in range(len(words), 0, -1))


def _names_unit(phrase: str) -> bool:
    degrees = _DEGREES.fullmatch(phrase)
    if degrees is not None:
        return degrees["scale"].casefold() in _SCALES
    if phrase.casefold() in _SCALES or phrase.startswith("°"):
        return True
    return _capitals_aside(phrase) and is_unit(phrase)


def _capitals_aside(phrase: str) -> bool:
    """Whether ``phrase`` has no capitalised word of more than three letters (a name, not a unit)."""
    return not any(w[0].isupper() and len(w) > 3 for w in phrase.split())
