"""Number words: the one table and reading a count in digits or words."""

from __future__ import annotations

import re

import pytest

from decisionloop.values.numbers import NUMBER_WORD, NUMBER_WORDS, count


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
