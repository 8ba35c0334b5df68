"""Target units named on their own, and arithmetic in words with further steps, as the extractor offers them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from decisionloop.extract import extract
from decisionloop.tools.local import calculate

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _spans(goal: str, kind: str, observations: tuple[str, ...] = ()) -> list[str]:
    return [c.span for c in extract(goal, list(observations), now=NOW) if c.kind == kind]


@pytest.mark.parametrize(
    ("goal", "units"),
    [
        ("how many grams in 3 pounds", ["grams"]),
        ("convert 100 F to celsius", ["celsius"]),
        ("5 miles in km", ["km"]),
        ("What is 60 mph in km per hour?", ["km per hour"]),
        ("What is the height of the Eiffel Tower in feet?", ["feet"]),
        ("convert 10 kg to degrees Celsius", ["degrees Celsius"]),
        ("Weather in Lisbon tomorrow", []),
        ("what time is it in Tokyo", []),
        ("Remind me in 3 days", []),
    ],
)
def test_target_units_are_offered_apart_from_the_quantity(goal: str, units: list[str]) -> None:
    assert _spans(goal, "unit") == units


def test_a_target_unit_is_read_from_an_answer_too() -> None:
    assert _spans("Convert 20 degrees", "unit", ('The user answered: "20 degrees Fahrenheit to Celsius"',)) == [
        "Celsius"
    ]


@pytest.mark.parametrize(
    ("goal", "expression", "value"),
    [
        ("add 17 and 25 then multiply by 3", "(17 + 25) × 3", 126),
        ("multiply 6 by 7, then subtract 2 and then divide by 4", "(6 * 7 - 2) ÷ 4", 10),
        ("add 2 and 3 then square it", "(2 + 3) ^ 2", 25),
        ("12 plus 8 then divide by 5", "(12 plus 8) ÷ 5", 4),
        ("square root of 144", "√144", 12),
        ("15% tip on 86.40", "15% of 86.40", 12.96),
        ("What is a 20% discount on $45?", "20% of 45", 9),
        ("half of 90", "90 / 2", 45),
    ],
)
def test_spoken_arithmetic_and_its_steps(goal: str, expression: str, value: float) -> None:
    found = _spans(goal, "expression")
    assert expression in found
    assert calculate(expression) == pytest.approx(value)


def test_the_first_part_of_a_stepped_computation_is_not_offered_alone() -> None:
    assert _spans("add 17 and 25 then multiply by 3", "expression") == ["(17 + 25) × 3"]
