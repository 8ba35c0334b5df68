"""A place named by what only the goal's writer knows ("my hometown", "where my mom lives"), found; a place named,
or the user's own ("here", "where I live"), not."""

from __future__ import annotations

import pytest

from decisionloop.values.places import personal_place


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
