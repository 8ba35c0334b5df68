"""Quantities written in two units of one kind: found in a text and read as their two parts."""

from __future__ import annotations

import pytest

from decisionloop.values.quantity import factor, find_compounds, kind_of, read_compound, read_quantity


@pytest.mark.parametrize(
    ("text", "span", "parts"),
    [
        ("convert 6 ft 2 in to cm", "6 ft 2 in", ((6.0, "foot"), (2.0, "inch"))),
        ("what is 5'11\" in cm", "5'11\"", ((5.0, "foot"), (11.0, "inch"))),
        ("what's 6'2 in cm", "6'2", ((6.0, "foot"), (2.0, "inch"))),  # no inch mark, but a conversion follows
        ("she weighs 7 pounds 4 ounces", "7 pounds 4 ounces", ((7.0, "pound"), (4.0, "ounce"))),
        ("10 st 4 lb", "10 st 4 lb", ((10.0, "stone"), (4.0, "pound"))),
        ("1 m 80 cm tall", "1 m 80 cm", ((1.0, "meter"), (80.0, "centimeter"))),
        ("how many cm is 5 foot 10", "5 foot 10", ((5.0, "foot"), (10.0, "inch"))),  # a height, as it is said
        ("convert 6 feet 2 to meters", "6 feet 2", ((6.0, "foot"), (2.0, "inch"))),
        ("what is 5 foot 10 in cm", "5 foot 10 in", ((5.0, "foot"), (10.0, "inch"))),  # not "5 foot 10" as well
        ("i weigh 11 stone 6, what is that in kg", "11 stone 6", ((11.0, "stone"), (6.0, "pound"))),  # as it is said
        ("convert 8 st 13 to kg", "8 st 13", ((8.0, "stone"), (13.0, "pound"))),
    ],
)
def test_a_quantity_in_two_units_is_found_whole_and_read_as_its_parts(
    text: str, span: str, parts: tuple[tuple[float, str], tuple[float, str]]
) -> None:
    assert [m.group() for m in find_compounds(text, time=False)] == [span]
    assert read_compound(span) == parts


@pytest.mark.parametrize(
    ("text", "span", "parts"),
    [
        ("convert 1 hour 30 minutes to minutes", "1 hour 30 minutes", ((1.0, "hour"), (30.0, "minute"))),
        ("how many minutes is 2h 15m", "2h 15m", ((2.0, "hour"), (15.0, "minute"))),
    ],
)
def test_an_amount_of_time_in_two_units_is_found_only_when_asked_for(
    text: str, span: str, parts: tuple[tuple[float, str], tuple[float, str]]
) -> None:
    assert [m.group() for m in find_compounds(text, time=True)] == [span]
    assert find_compounds(text, time=False) == []
    assert read_compound(span) == parts


@pytest.mark.parametrize(
    "text",
    [
        "rated 4'5 stars",
        "6 ft tall",
        "5 miles and 3 km",
        "in 1990 2 in 10 people",
        "5 feet 10 people came",
        "a 5 foot 12 fence",
        "a 9 stone 4 year old",  # no pounds: the number is no last one
        "12 stone 14",  # no pounds past 13
    ],
)
def test_what_is_no_quantity_in_two_units(text: str) -> None:
    assert find_compounds(text, time=False) == []
    assert read_compound(text) is None


@pytest.mark.parametrize(
    ("text", "quantity"),
    [
        ("half a cup", (0.5, "cup")),
        ("a half cup", (0.5, "cup")),
        ("a quarter cup", (0.25, "cup")),  # not pint's quarter (a weight) times a cup
        ("three quarters of a pound", (0.75, "pound")),
        ("1/2 cup", (0.5, "cup")),
        ("a mile and a half", (1.5, "mile")),  # one and a half
        ("2 and a half hours", (2.5, "hour")),  # a number and a half
        ("two and a half miles", (2.5, "mile")),
        ("one and a quarter hours", (1.25, "hour")),  # a number and another part of one
        ("2 and three quarters pounds", (2.75, "pound")),
        ("two and three quarter miles", (2.75, "mile")),
        ("lots and a half miles", None),
        ("a megabyte", (1.0, "megabyte")),  # information: dimensionless to pint, a quantity all the same
        ("5 gb", (5.0, "gigabyte")),  # as people write it, not gilberts
        ("half an apple", None),
        ("1/0 cup", None),
        ("5 percent", None),
    ],
)
def test_a_part_of_one_unit_and_amounts_of_information_are_quantities(
    text: str, quantity: tuple[float, str] | None
) -> None:
    assert read_quantity(text) == quantity


@pytest.mark.parametrize(
    ("unit", "to", "expected"),
    [("gram", "kilogram", 0.001), ("pound", "kilogram", 0.45359237), ("centimeter", "meter", 0.01)],
)
def test_a_factor_converts_one_unit_to_another_of_its_kind(unit: str, to: str, expected: float) -> None:
    assert factor(unit, to) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("unit", "to"), [("degree_Celsius", "degree_Fahrenheit"), ("foot", "second"), ("nonsense", "meter")]
)
def test_no_factor_converts_an_offset_unit_or_one_of_another_kind(unit: str, to: str) -> None:
    assert factor(unit, to) is None


def test_what_a_unit_measures_is_its_dimension() -> None:
    assert (kind_of("kilogram"), kind_of("liter"), kind_of("nonsense")) == ("[mass]", "[length] ** 3", None)
