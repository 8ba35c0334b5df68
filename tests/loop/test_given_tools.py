"""The tools a goal gives every required value of, in kinds of value that read as one type only: the gate holds a
first step that picks another tool, or none, beside one (``loop.gate.overlooked_holds``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from decisionloop.core.tool import Slot, Tool, ToolContext, ToolResult
from decisionloop.extract import extract
from decisionloop.loop.asks import given_tools, tool_options
from decisionloop.tools.builtin import builtin_tools

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)


def _run(args: object, ctx: ToolContext) -> ToolResult:
    return ToolResult(observation="")


# Two slots of one kind, as a generated physics tool has: one quantity cannot fill both.
FORCE = Tool(
    id="electric_force",
    description="The force between two charges at a distance",
    slots=(
        Slot(name="charge", instruction="Which charge?", kinds=("quantity",)),
        Slot(name="distance", instruction="How far apart?", kinds=("quantity",)),
    ),
    run=_run,
)


def _given(goal: str, *extra: Tool) -> tuple[str, ...]:
    tools = (*builtin_tools(), *extra)
    candidates = extract(goal, [], now=NOW)
    return given_tools(tool_options(tools, candidates), candidates, goal)


@pytest.mark.parametrize(
    ("goal", "given"),
    [
        ("how many liters is 38.1 gallons", ("unit_convert",)),
        ("Convert -21 degrees Fahrenheit to degrees Celsius", ("unit_convert",)),
        ("convert 38.1 gallons", ()),  # no target unit: asking the user is right
        ("What's the weather in Paris tomorrow?", ()),  # one required slot: not spelled out by kinds alone
        ("What is 18% of 2,450?", ()),  # arithmetic is in most goals with a number
        ("Change -18 degrees to the other unit", ()),
    ],
)
def test_a_tool_is_given_when_the_goal_has_a_value_of_a_specific_kind_for_each_required_slot(
    goal: str, given: tuple[str, ...]
) -> None:
    assert _given(goal) == given


def test_one_value_does_not_give_two_slots() -> None:
    assert _given("Change -18 degrees to the other unit", FORCE) == ()
    assert _given("the force of 3 coulombs at 2 meters", FORCE) == ("electric_force",)


@pytest.mark.parametrize(
    ("goal", "given"),
    [
        ("what day was july 4 1776", ("date_math",)),  # System 1 found no tool at 1.00
        ("how long until halloween", ("date_math",)),
        ("when is easter 2027", ("date_math",)),
        ("is the museum open on july 4", ()),  # a date, but nothing asked of the day
        ("what day is it", ()),  # asked of a day, but no date given
    ],
)
def test_a_date_tool_is_given_when_the_goal_asks_of_a_day_it_names(goal: str, given: tuple[str, ...]) -> None:
    assert _given(goal) == given
