"""gold.unsaid: a question without one of its values, as a user who forgot to say it would have written it."""

from __future__ import annotations

import pytest

from decisionloop.gold.unsaid import unsaid


@pytest.mark.parametrize(
    ("question", "value", "shorter"),
    [
        ("What's the area of a circle with a radius of 10?", 10, "What's the area of a circle with a radius?"),
        ("What's the area of a circle with a radius of 10?", 10.0, "What's the area of a circle with a radius?"),
        ("Roots with coefficients a=1, b=-3, c=2.", -3, "Roots with coefficients a=1, b, c=2."),
        ("Delete the player with the player ID 'AB12'.", "AB12", "Delete the player with the player ID."),
        ("Book the Hilton in Chicago for 2 nights", "hilton", "Book the in Chicago for 2 nights"),
        ("A rate of 2.5 percent", 2.5, "A rate percent"),
    ],
)
def test_the_value_goes_with_what_leads_to_it_and_its_quotes(question: str, value: object, shorter: str) -> None:
    assert unsaid(question, value) == shorter


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Add 1 and 1", 1),  # written twice: which one the user forgot is not known
        ("Find flights from 2024", 20),  # part of a longer number
        ("A rate of 10.5", 10),  # the whole number of a decimal
        ("Weather in Paris", "Rome"),  # not written
        ("Include details", True),  # booleans and lists are not written as such
        ("Compare 3 and 4", [3, 4]),
        ("Paris", "Paris"),  # nothing left
    ],
)
def test_a_value_not_written_once_as_it_is_cannot_be_taken_out(question: str, value: object) -> None:
    assert unsaid(question, value) is None
