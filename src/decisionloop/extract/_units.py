"""Target units: a unit named on its own where a conversion says what it wants ("in km", "to celsius", "how many
grams"), as pint reads it; a unit right after a number belongs to that quantity and is not offered here."""

from __future__ import annotations

import re
from collections.abc import Iterator

from decisionloop.extract._numbers import is_unit
from decisionloop.extract._text import Found

# Where a target unit is named: after to / in / into / as, or "how many …". Up to three words follow (km per
# hour, degrees Fahrenheit); punctuation ends them, and a number right after the cue means it introduces a
# quantity ("in 3 pounds"), which quantities() offers.
_CUE = re.compile(
    r"""(?ix) \b(?: to | in | into | as | how\s+many | how\s+much )\s+
    (?P<unit> °\s?[CFK]\b | [^\W\d_][^\s,;:()\[\]?!]* (?: \s+ [^\W\d_][^\s,;:()\[\]?!]* ){0,2} )"""
)
# Capitalised words are mostly names ("in Paris", "in Bath"); of them only the temperature scales, which are
# written with a capital, are taken as units.
_SCALES = frozenset({"celsius", "fahrenheit", "kelvin", "centigrade"})
_DEGREES = re.compile(r"(?i)(?:degrees?|deg)\s+(?P<scale>\w+)")


def units(text: str) -> Iterator[Found]:
    """Units named as the target of a conversion (the longest reading of the words after each cue)."""
    for m in _CUE.finditer(text):
        words = [w.rstrip(".\"'”’") for w in m["unit"].split()]
        for n in range(len(words), 0, -1):
            phrase = " ".join(words[:n])
            if _names_unit(phrase):
                yield phrase, "unit"
                break


def _names_unit(phrase: str) -> bool:
    degrees = _DEGREES.fullmatch(phrase)
    if degrees is not None:
        return degrees["scale"].casefold() in _SCALES
    if phrase.casefold() in _SCALES or phrase.startswith("°"):
        return True
    return not any(w[0].isupper() and len(w) > 3 for w in phrase.split()) and is_unit(phrase)
