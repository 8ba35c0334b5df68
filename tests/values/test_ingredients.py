"""Kitchen amounts of an ingredient: the amount, the ingredient, and what a cup of it weighs."""

from __future__ import annotations

import pytest

from decisionloop.values.ingredients import read_ingredient


@pytest.mark.parametrize(
    ("text", "amount", "name", "grams_a_cup"),
    [
        ("3 cups of flour", "3 cups", "flour", 120.0),
        ("1 cup of all-purpose flour", "1 cup", "flour", 120.0),
        ("250 grams of Brown Sugar", "250 grams", "brown sugar", 213.0),
        ("half a cup of butter", "half a cup", "butter", 227.0),
        ("2 sticks of butter", "226 grams", "butter", 227.0),  # a stick is the American one, 113 grams
    ],
)
def test_an_amount_of_an_ingredient_is_read_with_what_a_cup_of_it_weighs(
    text: str, amount: str, name: str, grams_a_cup: float
) -> None:
    found = read_ingredient(text)
    assert found is not None
    assert (found.amount, found.name) == (amount, name)
    assert found.grams_a_cup == pytest.approx(grams_a_cup)


@pytest.mark.parametrize("text", ["3 cups", "3 cups of gravel", "2 sticks of cinnamon", "flour"])
def test_what_is_no_amount_of_a_known_ingredient_is_none(text: str) -> None:
    assert read_ingredient(text) is None
