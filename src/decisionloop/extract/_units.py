"""Target units: a unit named on its own where a conversion says what it wants ("in km", "to celsius", "how many
grams"), as pint reads it; a unit right after a number belongs to that quantity and is not offered here.

Where a conversion names its target, one of a unit is a quantity too ("how many ounces in a pound": a pound), and
units of time are offered, the target and the amounts, only in a conversion between them ("how many minutes in
3.5 hours", "how many seconds in a day"): elsewhere an amount of time is a duration ("weather in 3 days", "remind
me in 2 hours"), which the dates module reads."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from decisionloop.extract._numbers import NUM, is_time_unit, is_unit
from decisionloop.extract._text import Found
from decisionloop.values.quantity import find_compounds

# Where a target unit is named: after to / in / into / as, or "how many …", but not right before another of
# them (the "in" of inches in "6 ft 2 in to cm" leaves "to cm" to be read). Up to three words follow (km per
# hour, degrees Fahrenheit); punctuation ends them, and a number right after the cue means it introduces a
# quantity ("in 3 pounds"), which quantities() offers.
_CUE = re.compile(
    r"""(?ix) \b(?: to | in | into | as | how\s+many | how\s+much )\s+ (?! (?: to | in | into | as )\b )
    (?P<unit> °\s?[CFK]\b | [^\W\d_][^\s,;:()\[\]?!]* (?: \s+ [^\W\d_][^\s,;:()\[\]?!]* ){0,2} )"""
)
# Capitalised words are mostly names ("in Paris", "in Bath"); of them only the temperature scales, which are
# written with a capital, are taken as units.
_SCALES = frozenset({"celsius", "fahrenheit", "kelvin", "centigrade"})
_DEGREES = re.compile(r"(?i)(?:degrees?|deg)\s+(?P<scale>\w+)")


# An amount of a unit: a number (``_AMOUNT``) or "a", "an", "one" (``_ONE``) before up to two words, punctuation
# ending them; the number may touch its unit ("90min"), the word may not.
_UNIT_WORDS = r"(?P<unit>[^\W\d_]+(?:\s+[^\W\d_]+)?)"
_AMOUNT = re.compile(rf"(?<![\w.,\-–/])(?P<amount>{NUM})(?P<space>\s?){_UNIT_WORDS}")
_ONE = re.compile(rf"(?i)\b(?P<amount>an?|one)(?P<space>\s){_UNIT_WORDS}")


def units(text: str) -> Iterator[Found]:
    """Units named as the target of a conversion (the longest reading of the words after each cue), then the
    quantities only a conversion makes: one of a unit, and amounts of time."""
    targets = {time: [p for p, t in _targets(text) if t == time] for time in (False, True)}
    yield from ((p, "unit") for p in targets[False])
    if targets[True]:
        compounds = find_compounds(text, time=True)  # "1 hour 30 minutes", not "1 hour" alone
        amounts = [c.group() for c in compounds]
        amounts += [
            q
            for q, at in (*_amounts(_AMOUNT, text, is_time_unit), *_amounts(_ONE, text, is_time_unit))
            if not any(c.start() <= at < c.end() for c in compounds)
        ]
        if amounts:
            yield from ((p, "unit") for p in targets[True])
            yield from ((q, "quantity") for q in amounts)
    if targets[False]:
        yield from ((q, "quantity") for q, _ in _amounts(_ONE, text, _names_unit))


def _targets(text: str) -> Iterator[tuple[str, bool]]:
    """Each unit named after a cue, and whether it is one of time."""
    for m in _CUE.finditer(text):
        words = [w.rstrip(".\"'”’") for w in m["unit"].split()]
        for n in range(len(words), 0, -1):
            phrase = " ".join(words[:n])
            if _names_unit(phrase):
                yield phrase, False
                break
            if _capitals_aside(phrase) and is_time_unit(phrase):
                yield phrase, True
                break


def _amounts(pattern: re.Pattern[str], text: str, is_unit_of: Callable[[str], bool]) -> Iterator[tuple[str, int]]:
    """The amounts ``pattern`` finds whose unit ``is_unit_of`` takes, as written (the longest unit), and where."""
    for m in pattern.finditer(text):
        words = m["unit"].split()
        for n in range(len(words), 0, -1):
            unit = " ".join(w.rstrip(".!?") for w in words[:n])
            if is_unit_of(unit):
                yield f"{m['amount']}{m['space']}{unit}", m.start()
                break


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
