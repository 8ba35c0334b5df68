"""The second reading of the first tool choice: the offered tool whose name and description read closest to the goal,
by the bundled sentence encoder alone."""

from __future__ import annotations

import pytest

from decisionloop.core.tool import Slot, Tool, ToolContext, ToolResult
from decisionloop.model.matching import MATCH_COSINE, MATCH_LEAD, Match, Matcher, shipped_matcher, tool_text
from decisionloop.tools.builtin import builtin_tools


def _run(args: object, ctx: ToolContext) -> ToolResult:
    return ToolResult(observation="")


def _tool(name: str, description: str) -> Tool:
    return Tool(id=name, description=description, slots=(Slot(name="query", instruction="What?"),), run=_run)


# A catalogue the generator never wrote, as a user brings it.
NOTES = (
    _tool("memo_search", "Look through the memos the user saved"),
    _tool("delete_notes", "Remove saved notes the user no longer wants"),
    _tool("currency_rates", "Today's exchange rate between two currencies"),
)


@pytest.fixture(scope="module")
def closest() -> Matcher:
    matcher = shipped_matcher()
    assert matcher is not None, "the package ships the encoder"
    return matcher


def test_a_tool_reads_as_its_name_in_words_then_its_description() -> None:
    assert tool_text(_tool("sendSatelliteMessage", "Send a message")) == "send Satellite Message: Send a message"
    assert tool_text(_tool("note_delete", "Delete saved notes")) == "note delete: Delete saved notes"


@pytest.mark.parametrize(
    ("goal", "tools", "tool"),
    [
        ("how many liters is 38.1 gallons", builtin_tools(), "unit_convert"),
        ("delete my note about the plumber", NOTES, "delete_notes"),
        ("throw away my notes on the wifi", NOTES, "delete_notes"),
    ],
)
def test_the_tool_a_goal_asks_for_reads_clearly_closest(
    goal: str, tools: tuple[Tool, ...], tool: str, closest: Matcher
) -> None:
    match = closest(goal, tools)
    assert match is not None
    assert match.tool == tool
    assert match.clear, match


@pytest.mark.parametrize("goal", ["thanks!", "hello there", "tell me a joke", "asdfgh", "what can you do?"])
def test_small_talk_reads_close_to_no_tool(goal: str, closest: Matcher) -> None:
    match = closest(goal, builtin_tools())
    assert match is not None
    assert not match.clear, match


def test_asking_the_user_is_never_the_match_and_one_tool_or_no_goal_is_no_match(closest: Matcher) -> None:
    ask = next(t for t in builtin_tools() if t.id == "ask_user")
    assert closest("ask me a question", (ask,)) is None
    assert closest("   ", builtin_tools()) is None
    assert closest("delete my note about the plumber", NOTES[1:2]) is None  # one tool: pick_tool's own question


def test_clear_needs_both_the_cosine_and_the_lead() -> None:
    assert Match(tool="t", cosine=MATCH_COSINE, lead=MATCH_LEAD).clear
    assert not Match(tool="t", cosine=MATCH_COSINE - 0.01, lead=0.5).clear
    assert not Match(tool="t", cosine=0.9, lead=MATCH_LEAD - 0.01).clear
