"""Numbers written as words or digits: the count words dates use, and reading any number ("3.5k", "a dozen")."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# Every word for a count that the extractor offers and the date tool reads. "A few" counts as three, its usual
# reading. Adding a word here makes the extractor offer new spans, so the two can never drift apart again.
_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3,
}  # fmt: skip
NUMBER_WORDS: Mapping[str, int] = MappingProxyType(_WORDS)
# The words as a regex alternation, longest first so that "a couple of" is tried before "a" wherever both could
# start a match. re.escape keeps the spaces literal, so the alternation also works inside re.VERBOSE patterns.
NUMBER_WORD = "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True))

_ONES: Final = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}  # fmt: skip
_TEENS: Final = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS: Final = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES: Final = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
# Scale words after digits, of numbers and amounts of money alike ("1.2 million", "3 lakh", "1.5 crore").
SCALE_WORDS: Final = {**_SCALES, "lakh": 1e5, "lakhs": 1e5, "crore": 1e7, "crores": 1e7}
# Words after digits that multiply them ("3 thousand", "2 dozen").
_DIGIT_SCALES: Final = {**SCALE_WORDS, "hundred": 1e2, "dozen": 12.0}
# Suffixes glued to digits: "3.5k" is 3,500 and "2bn" two billion. "2m" and "2b" are left out: they are as often
# 2 metres or 2 bytes, so a bare "2m" is no number (a quantity reads it); after a currency sign "m" and "b" are
# unambiguous and the money reader takes them.
SUFFIXES: Final = {"k": 1e3, "bn": 1e9}
_SPELLED_WORDS = sorted({*_ONES, *_TEENS, *_TENS, *_SCALES, "hundred", "dozen"}, key=len, reverse=True)

# Digits as written in English: thousands commas in groups of exactly three (1,250), decimals (3.5), a sign.
DIGITS = r"[-+−]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"
# A number of digits and what may scale it: a glued suffix (3.5k) or a scale word after a space (1.2 million).
SCALED = rf"{DIGITS}(?:(?:k|bn)(?!\w)|\s+(?:{'|'.join(_DIGIT_SCALES)})\b)?"
# One number word, and one scale word after digits ("3 dozen", "1.2 million").
SPELLED_WORD = "(?:" + "|".join(_SPELLED_WORDS) + ")"
SCALE_WORD = r"(?:" + "|".join(_DIGIT_SCALES) + r")\b"
# A number in words: number words joined by spaces, hyphens or "and" ("two hundred and five", "twenty-five"),
# maybe after "a", "an" or "half a" when a scale word follows ("a dozen", "half a million"). Whether the words
# make one number ("five twenty" does not) is for read_number to say.
SPELLED = (
    rf"(?:(?:half\s+)?an?\s+(?=(?:hundred|thousand|million|billion|trillion|dozen)\b))?"
    rf"{SPELLED_WORD}\b(?:(?:\s+and\s+|\s+|-){SPELLED_WORD}\b)*"
)
# A number said with its decimal point: "3 point 5", "three point one four" (the digits after "point" one by one).
_DIGIT_SAID = rf"(?:\d+|{'|'.join(_ONES)})"
POINT = rf"(?:\d+|{SPELLED})\s+point\s+{_DIGIT_SAID}(?:\s+{_DIGIT_SAID})*\b"
# How a result is to be rounded, as people say it: the mode after "round"/"rounded" ("up", "down", "off") and the
# precision after "to" ("2 decimal places", "the nearest ten", "a whole number"). The extractor offers these words
# with the arithmetic they round, and the calculator reads them (``round_places``).
ROUND_MODE = r"(?:off|up|down)"
ROUND_PLACES = (
    r"(?:(?:\d{1,2}|one|two|three|four|five|six)\s+(?:decimal\s+places?|decimals?|dp|places?|digits?)"
    r"|(?:the\s+)?nearest\s+(?:whole\s+number|integer|whole|tenth|hundredth|thousandth|ten|hundred|thousand)"
    r"|(?:an?\s+)?(?:whole\s+number|integer))"
)
_PLACES_OF = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "tenth": 1, "hundredth": 2, "thousandth": 3,
    "ten": -1, "hundred": -2, "thousand": -3,
}  # fmt: skip


def round_places(words: str | None) -> int:
    """The decimal places a ROUND_PLACES phrase asks for (negative: the nearest ten, hundred, thousand); 0, a
    whole number, for none."""
    if not words:
        return 0
    first, *_ = words.casefold().split()
    if first.isdigit():
        return int(first)
    if first in _PLACES_OF:
        return _PLACES_OF[first]
    nearest = words.casefold().split()[-1]
    return _PLACES_OF.get(nearest, 0)


_SCALED = re.compile(rf"({DIGITS})(?:(k|bn)|\s*(e[+-]?\d+)|\s+({'|'.join(_DIGIT_SCALES)}))?")
_SIGN = re.compile(r"^(?:minus|negative)\s+")


def count(text: str) -> int | None:
    """The count ``text`` writes in digits or as one number word ("12", "Twelve", "a couple of"); else None."""
    folded = " ".join(text.split()).lower()
    if folded.isdecimal():
        return int(folded)
    return NUMBER_WORDS.get(folded)


def read_number(text: str) -> float | None:
    """A number in digits or words: "1,200", "-3.5", "2e3", "3.5k", "1.2 million", "twenty-five", "a dozen".

    Also the count words of ``count`` ("a couple of", "a few"). None for anything else, "2m" included.
    """
    folded = " ".join(text.replace("−", "-").split()).lower()
    matched = _SCALED.fullmatch(folded)
    if matched is not None:
        number, suffix, exponent, scale = matched.groups()
        value = float(number.replace(",", "") + (exponent or ""))
        value *= SUFFIXES[suffix] if suffix else _DIGIT_SCALES[scale] if scale else 1.0
        return value if math.isfinite(value) else None
    negative = _SIGN.match(folded)
    words = folded[negative.end() :] if negative else folded
    if " point " in words:
        pointed = _pointed(words)
        return None if pointed is None else -pointed if negative else pointed
    spelled = _spelled(words.replace("-", " ").split())
    if spelled is None:
        counted = count(folded)
        return float(counted) if counted is not None else None
    return -spelled if negative else spelled


def _pointed(words: str) -> float | None:
    """A number said with its decimal point ("3 point 5", "three point one four"); None unless the part before is a
    whole number and each word after a digit or digits."""
    whole, _, after = words.partition(" point ")
    value = read_number(whole)
    decimals = [str(_ONES[w]) if w in _ONES else w for w in after.split()]
    if value is None or value != int(value) or not decimals or not all(d.isdecimal() for d in decimals):
        return None
    return float(f"{int(value)}.{''.join(decimals)}")


def _spelled(words: list[str]) -> float | None:
    """The number that number words make, or None when they make none ("five twenty", "hundred and")."""
    if len(words) > 2 and words[0] == "half" and words[1] in ("a", "an"):
        whole = _spelled(words[1:])
        return whole / 2 if whole is not None else None
    total, group, ceiling, last = 0.0, 0.0, math.inf, "start"
    for word in words:
        step = _step(word, last, group, ceiling)
        if step is None:
            return None
        last, value = step
        match last:
            case "scale":
                total, group, ceiling = total + (group or 1) * value, 0.0, value
            case "hundred" | "dozen":
                group *= value
            case _:
                group += value
    return total + group if last not in ("start", "a", "and") else None


# Which word may follow which: (the previous word's class) → the classes allowed next.
_NEXT: Final = {
    "start": {"a", "ones", "zero", "teen", "tens"},
    "a": {"hundred", "scale", "dozen"},
    "ones": {"hundred", "scale", "dozen"},
    "teen": {"hundred", "scale", "dozen"},
    "tens": {"ones", "scale", "dozen"},
    "hundred": {"ones", "teen", "tens", "and", "scale"},
    "scale": {"ones", "teen", "tens", "and"},
    "and": {"ones", "teen", "tens"},
    "zero": set(),
    "dozen": set(),
}


def _step(word: str, last: str, group: float, ceiling: float) -> tuple[str, float] | None:
    """The class and value of ``word`` after a word of class ``last``, or None when it cannot come there."""
    if word in ("a", "an"):
        kind, value = "a", 1.0
    elif word == "zero":
        kind, value = "zero", 0.0
    elif word in _ONES:
        kind, value = "ones", float(_ONES[word])
    elif word in _TEENS:
        kind, value = "teen", float(_TEENS[word])
    elif word in _TENS:
        kind, value = "tens", float(_TENS[word])
    elif word == "hundred":
        kind, value = "hundred", 100.0
    elif word == "dozen":
        kind, value = "dozen", 12.0
    elif word in _SCALES and _SCALES[word] < ceiling:
        kind, value = "scale", _SCALES[word]
    elif word == "and":
        kind, value = "and", 0.0
    else:
        return None
    if kind not in _NEXT[last] or (kind == "hundred" and group >= 100):
        return None
    return kind, value
