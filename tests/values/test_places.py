"""A place named by what only the goal's writer knows ("my hometown", "where my mom lives"), found; a place named,
or the user's own ("here", "where I live"), not. A place with its region after a space ("santiago chile") is both."""

from __future__ import annotations

import pytest

from decisionloop.values.places import in_region, is_located_place, personal_place


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("what time is it in my hometown", "my hometown"),
        ("what time is it where my mom lives", "where my mom lives"),
        ("time where my sister's family lives", "where my sister's family lives"),
        ("what's the weather at our office", "our office"),
        ("what time is it back home", "back home"),
    ],
)
def test_a_place_only_the_writer_knows_is_found(text: str, words: str) -> None:
    assert personal_place(text) == words


@pytest.mark.parametrize(
    "text",
    ["what time is it in Tokyo", "what time is it here", "what time is it where I live", "meet at my place", ""],
)
def test_a_named_place_or_the_user_s_own_is_not(text: str) -> None:
    assert personal_place(text) is None


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("santiago chile", ("santiago", "chile")),
        ("Portland Oregon", ("Portland", "Oregon")),
        ("Paris TX", ("Paris", "TX")),
        ("london uk", ("london", "uk")),
        ("new york usa", ("new york", "usa")),
    ],
)
def test_a_place_with_its_region_after_a_space_is_read_as_both(name: str, parts: tuple[str, str]) -> None:
    assert in_region(name) == parts
    assert is_located_place(name)


@pytest.mark.parametrize("name", ["paris or", "paris and", "Mexico City", "Denver, Colorado", "chile"])
def test_a_code_in_lower_case_or_a_place_known_whole_is_no_place_in_a_region(name: str) -> None:
    assert in_region(name) is None  # "or" is Oregon's code and "and" Andorra's, in capitals
