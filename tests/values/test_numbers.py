"""Number words: the one table, reading a count, reading any number in digits or words, and rounding phrases."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.values.numbers import NUMBER_WORD, NUMBER_WORDS, ROUND_PLACES, count, read_number, round_places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", 12),
        ("0", 0),
        ("twelve", 12),
        ("Twelve", 12),
        ("an", 1),
        ("a couple of", 2),
        ("A  couple   of", 2),
        ("a few", 3),
        ("twenty", None),
        ("several", None),
        ("1.5", None),
        ("", None),
    ],
)
def test_count(text: str, expected: int | None) -> None:
    assert count(text) == expected


def test_the_alternation_matches_every_word_whole_and_the_longest_first() -> None:
    pattern = re.compile(rf"(?:{NUMBER_WORD})\b")
    for word in NUMBER_WORDS:
        assert pattern.fullmatch(word)
    m = pattern.match("a couple of days")
    assert m is not None
    assert m.group() == "a couple of"


def test_the_alternation_keeps_its_spaces_in_verbose_patterns() -> None:
    assert re.fullmatch(rf"(?: {NUMBER_WORD} )", "a couple of", re.VERBOSE)


# --- any number, in digits or words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("zero", 0),
        ("nineteen", 19),
        ("forty", 40),
        ("twenty-five", 25),
        ("Twenty five", 25),
        ("a hundred", 100),
        ("two hundred and five", 205),
        ("three thousand", 3000),
        ("one thousand and five", 1005),
        ("two thousand three hundred forty-five", 2345),
        ("fifteen hundred", 1500),
        ("one million two hundred thousand", 1_200_000),
        ("1.2 million", 1_200_000),
        ("3 thousand", 3000),
        ("3.5k", 3500),
        ("3.5K", 3500),
        ("2bn", 2e9),
        ("a dozen", 12),
        ("two dozen", 24),
        ("2 dozen", 24),
        ("3 lakh", 300_000),  # Indian English scale words
        ("2.5 lakhs", 250_000),
        ("1.2 crore", 12_000_000),
        ("half a dozen", 6),
        ("half a million", 500_000),
        ("3 point 5", 3.5),  # a decimal point said
        ("three point one four", 3.14),
        ("twenty point zero five", 20.05),
        ("minus 2 point 5", -2.5),
        ("point 5", None),
        ("3.5 point 2", None),
        ("1,200", 1200),
        ("-3.5", -3.5),
        ("−3.5", -3.5),
        ("minus five", -5),
        ("2e3", 2000),
        (".5", 0.5),
        ("a couple of", 2),
        ("a few", 3),
    ],
)
def test_read_number(text: str, expected: float) -> None:
    assert read_number(text) == expected


@pytest.mark.parametrize(
    "text",
    ["2m", "five twenty", "hundred", "and", "twenty and five", "nine hundred hundred", "thousand million", "1,20",
     "1e400", "twelve apples", "a dozen a", "half a", "x"],
)  # fmt: skip
def test_what_is_no_number(text: str) -> None:
    assert read_number(text) is None


_UNITS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    head = f"{_UNITS[hundreds]} hundred" if hundreds else ""
    tail = _TEENS[rest - 10] if 10 <= rest < 20 else "-".join(w for w in (_TENS[rest // 10], _UNITS[rest % 10]) if w)
    return " and ".join(p for p in (head, tail) if p)


def _spelled(n: int) -> str:
    """``n`` (1 to 999,999) in words, written independently of the reader."""
    thousands, rest = divmod(n, 1000)
    return " ".join(
        p for p in (f"{_below_thousand(thousands)} thousand" if thousands else "", _below_thousand(rest)) if p
    )


@given(st.integers(min_value=1, max_value=999_999))
def test_every_number_in_words_reads_as_itself(n: int) -> None:
    assert read_number(_spelled(n)) == n


@given(st.integers(min_value=-(10**12), max_value=10**12), st.integers(min_value=0, max_value=99))
def test_every_number_in_digits_reads_as_itself(whole: int, cents: int) -> None:
    assert read_number(f"{whole:,}.{cents:02d}") == float(f"{whole}.{cents:02d}")


@pytest.mark.parametrize(
    ("words", "places"),
    [
        ("2 decimal places", 2),
        ("three decimals", 3),
        ("1 dp", 1),
        ("the nearest tenth", 1),
        ("nearest hundredth", 2),
        ("the nearest whole number", 0),
        ("a whole number", 0),
        ("the nearest ten", -1),
        ("nearest thousand", -3),
        (None, 0),
    ],
)
def test_the_places_a_rounding_phrase_asks_for(words: str | None, places: int) -> None:
    if words is not None:
        assert re.fullmatch(rf"(?i){ROUND_PLACES}", words)
    assert round_places(words) == places
