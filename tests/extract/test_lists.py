"""Lists written in a goal fill a list slot whole: in brackets, tuples of numbers, runs of numbers, enumerations."""

from __future__ import annotations

from datetime import date

import pytest

from decisionloop.core.tool import Slot, SlotType
from decisionloop.extract import extract, slot_options
from decisionloop.values.typed import read_value

NUMBERS = Slot(name="values", instruction="The values.", type="list", item="number")
WORDS = Slot(name="items", instruction="The items.", type="list", item="string")


def _lists(goal: str) -> list[str]:
    return [c.span for c in extract(goal, []) if c.kind == "list"]


@pytest.mark.parametrize(
    ("goal", "found"),
    [
        ("Test Sample1: [22,33,42,12,34] against Sample2: [23,45,44,14,38].", ["[22,33,42,12,34]", "[23,45,44,14,38]"]),
        ("The farm at coordinates (43.653225, -79.383186) in December", ["(43.653225, -79.383186)"]),
        ("Wind at coordinates 46.603354,1.8883340 on December 13", ["46.603354,1.8883340"]),
        ("dataset_A has the values 12, 24, 36 and dataset_B 15, 30, 45.", ["12, 24, 36", "15, 30, 45"]),
        ("Average 1.5, 2.5 and 3.5 please", ["1.5, 2.5 and 3.5"]),
        ('Weather in ["Oslo", "Rome"]', ['["Oslo", "Rome"]']),
        ("Retrieve stock prices of Microsoft and Google for the last 2 weeks.", ["Microsoft and Google"]),
        ("Check the price of tomatoes and lettuce at the Whole Foods.", ["tomatoes and lettuce"]),
        ("Who won between the Lakers or the Clippers?", ["Lakers or the Clippers"]),
        ("Regress on 'Age', 'Income' and 'Education' and a target variable", ["'Age', 'Income' and 'Education'"]),
        ("Plot 'Spend' and the revenue", []),  # a quotation and a noun: no enumeration
        ("Invite ana@example.com and bob@example.com", ["ana@example.com and bob@example.com"]),
        ("Free on May 1, May 3 or May 9?", ["May 1, May 3 or May 9"]),
        ("Pay 1,200, 3,400 and 5", []),  # thousands, not a run of three
        ("Between 5 and 10 people", ["5 and 10"]),  # a range: a list slot takes its two ends
        ("Find state law cases from 2015 to 2021 in New York.", ["2015 to 2021"]),
        ("the area under the curve y=x^2 from x=1 to x=3.", ["1 to x=3"]),
        ("Analyse the 2nd, 3rd and 4th floors", ["2nd, 3rd and 4th"]),
        ("Fly from Paris to London on 3 May", []),
        ("Pay 5 and 10", []),  # two numbers without a range's words are no list
        ("my location, Manhattan, offering Thai food", []),  # commas alone: no "and" or "or" ends it
    ],
)
def test_lists_written_in_a_goal_are_found(goal: str, found: list[str]) -> None:
    assert _lists(goal) == found


@pytest.mark.parametrize(
    ("goal", "things"),
    [
        ("Check the total price for three pumpkins and two dozen eggs.", ["pumpkins", "eggs"]),
        ("I want to buy apples, rice, and 12 pack of bottled water.", ["apples", "rice", "water"]),
        ("Order three bottles of olive oil and a five pound bag of rice", ["olive oil", "rice"]),
        ("add eggs, milk and two loaves of bread to my list", ["eggs", "milk", "bread"]),
    ],
)
def test_a_shopping_list_is_also_offered_without_its_counts(goal: str, things: list[str]) -> None:
    offered = [
        read_value("list", o.name, today=date(2026, 12, 5), item="string")
        for o in slot_options(WORDS, extract(goal, []))
    ]
    assert things in offered


def test_an_enumeration_without_counts_has_no_second_reading() -> None:
    assert _lists("Compare Microsoft and Google, please") == ["Microsoft and Google"]


def test_a_list_slot_is_offered_the_list_first_then_its_items() -> None:
    options = [o.name for o in slot_options(NUMBERS, extract("Sort the list [5, 3, 4, 1, 2] in ascending order.", []))]
    assert options[:3] == ["[5, 3, 4, 1, 2]", "5", "3"]
    assert read_value("list", options[0], today=date(2026, 12, 5), item="number") == [5, 3, 4, 1, 2]


@pytest.mark.parametrize(
    ("span", "item", "value"),
    [
        ("2015 to 2021", "integer", [2015, 2021]),
        ("1 to x=3", "number", [1.0, 3.0]),
        ("2nd, 3rd and 4th", "integer", [2, 3, 4]),
    ],
)
def test_a_range_reads_as_its_two_ends_and_ordinals_as_their_numbers(
    span: str, item: SlotType, value: list[float]
) -> None:
    assert read_value("list", span, today=date(2026, 12, 5), item=item) == value


def test_an_enumeration_reads_as_its_items_with_a_final_and() -> None:
    goal = "Details of the museum including timings, exhibitions, and accessibility."
    enumeration = "timings, exhibitions, and accessibility"
    assert enumeration in [o.name for o in slot_options(WORDS, extract(goal, []))]
    assert read_value("list", enumeration, today=date(2026, 12, 5), item="string") == [
        "timings",
        "exhibitions",
        "accessibility",
    ]


def test_a_list_never_fills_a_text_or_number_slot() -> None:
    goal = "Sort the list [5, 3, 4, 1, 2] for Microsoft and Google"
    text = Slot(name="s", instruction="What?")
    number = Slot(name="n", instruction="How many?", type="number")
    for slot in (text, number):
        assert not [o.name for o in slot_options(slot, extract(goal, [])) if "[" in o.name or " and " in o.name]
