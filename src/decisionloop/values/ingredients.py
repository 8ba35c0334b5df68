"""Kitchen amounts of an ingredient ("3 cups of flour", "250 grams of sugar", "2 sticks of butter"), which convert
between a volume and a weight only through what the ingredient weighs a cup.

The weights a US cup (236.588 ml) are common kitchen figures, which recipe charts give a few grams apart (flour
120 g, sugar 200 g, butter 227 g, milk 245 g); a sifted or packed cup weighs otherwise, so a conversion says the
weight it used. A stick of butter is the American one, half a cup, 113 grams.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CUP_ML = 236.588
# Grams a US cup of each ingredient weighs; the first word names it, the others are ways it is written.
_GRAMS_A_CUP: tuple[tuple[tuple[str, ...], float], ...] = (
    (("flour", "plain flour", "all-purpose flour", "all purpose flour", "self-raising flour", "bread flour"), 120.0),
    (("sugar", "granulated sugar", "white sugar", "caster sugar"), 200.0),
    (("brown sugar", "packed brown sugar"), 213.0),
    (("icing sugar", "powdered sugar", "confectioners sugar"), 120.0),
    (("butter",), 227.0),
    (("water",), 236.6),
    (("milk",), 245.0),
    (("cream", "heavy cream", "double cream"), 238.0),
    (("honey",), 340.0),
    (("maple syrup",), 315.0),
    (("oil", "olive oil", "vegetable oil"), 218.0),
    (("rice",), 185.0),
    (("oats", "rolled oats"), 90.0),
    (("cocoa", "cocoa powder"), 85.0),
    (("salt",), 292.0),
)
_NAMES = {name: (names[0], grams) for names, grams in _GRAMS_A_CUP for name in names}
STICK_GRAMS = 113.0
# An amount, its unit, "of" and the ingredient ("3 cups of flour", "250g of sugar", "half a cup of butter").
_OF = "|".join(sorted((re.escape(n) for n in _NAMES), key=len, reverse=True))
INGREDIENT_AFTER = re.compile(rf"(?i)\s+of\s+(?:the\s+|plain\s+)?(?P<ingredient>{_OF})\b")
_AMOUNT_OF = re.compile(rf"(?i)^(?P<amount>.+?)\s+of\s+(?:the\s+|plain\s+)?(?P<ingredient>{_OF})$")


@dataclass(frozen=True, slots=True)
class Ingredient:
    """An amount of an ingredient: the amount as written ("3 cups"), the ingredient's name, and its grams a ml."""

    amount: str
    name: str
    grams_a_ml: float
    sticks: bool = False  # said in sticks of butter, the amount in grams

    @property
    def grams_a_cup(self) -> float:
        return self.grams_a_ml * _CUP_ML


def read_ingredient(text: str) -> Ingredient | None:
    """``text`` as an amount of an ingredient ("3 cups of flour" → 3 cups, flour, .507 g a ml); None for anything
    else. "2 sticks of butter" is an amount in grams, a stick's 113 each."""
    m = _AMOUNT_OF.fullmatch(" ".join(text.split()))
    if m is None:
        return None
    name, grams = _NAMES[m["ingredient"].casefold()]
    amount = m["amount"]
    sticks = re.fullmatch(r"(?i)(\d+(?:\.\d+)?)\s+sticks?", amount)
    if sticks is not None:
        if name != "butter":
            return None
        amount = f"{float(sticks[1]) * STICK_GRAMS:g} grams"
    return Ingredient(amount=amount, name=name, grams_a_ml=grams / _CUP_ML, sticks=sticks is not None)
