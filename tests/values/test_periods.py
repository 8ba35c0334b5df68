"""The spans of time a goal asks an amount per, apart from those its amounts are given per."""

from __future__ import annotations

import pytest

from decisionloop.values.periods import asked_periods


@pytest.mark.parametrize(
    ("goal", "asked"),
    [
        ("i make 1,600 a week driving taxi, how much in a year if i take 3 weeks off", ["year"]),
        ("property tax is 1.1% of my house's value, $385,000, how much per month", ["month"]),
        ("salary is 52,000. per month?", ["month"]),
        ("earn 25 an hour, 38 hours a week, how much a year", ["year"]),
        ("if i get paid 650 AUD a week how much is that a fortnight and a year", ["fortnight", "year"]),
        ("average daily steps: 8200, 10400, 6100", ["day"]),
        ("I tutor 2 hrs each a week at ₱600/hr. monthly income?", ["month"]),
    ],
)
def test_a_span_said_apart_from_any_amount_is_asked(goal: str, asked: list[str]) -> None:
    assert asked_periods(goal) == asked


@pytest.mark.parametrize(
    "goal",
    [
        "I drive 15,000 miles a year at 38 mpg and gas is $3.45 a gallon, yearly fuel cost?",
        "take 2 tablets twice a day for 5 days, how many tablets",
        "3.5% interest per year on 12000",
        "rent is £650/month, how much per month after a 4% rise",
        "what's 15% of 86.40",
    ],
)
def test_a_span_an_amount_is_given_per_is_not_asked(goal: str) -> None:
    assert asked_periods(goal) == []
