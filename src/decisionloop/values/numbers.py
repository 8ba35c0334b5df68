"""Counts written as words: the one table of number words (a, one … twelve, a couple of, a few) and reading them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

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


def count(text: str) -> int | None:
    """The count ``text`` writes in digits or as one number word ("12", "Twelve", "a couple of"); else None."""
    folded = " ".join(text.split()).lower()
    if folded.isdecimal():
        return int(folded)
    return NUMBER_WORDS.get(folded)
