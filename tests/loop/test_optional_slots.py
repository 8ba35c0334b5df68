"""Optional slots: answered NONE they are left out of the call, never held; with no candidate they are not
missing; a required slot still holds on NONE or on no candidate."""

from __future__ import annotations

from collections.abc import Mapping

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.records import Call
from decisionloop.core.tool import Slot, Tool, ToolContext, ToolResult
from decisionloop.core.vocab import ARG_PREFIX
from decisionloop.decide import decide_batch
from decisionloop.extract import extract
from decisionloop.loop.asks import args_ask, tool_options
from decisionloop.loop.frames import RunView
from decisionloop.loop.gate import StepDecisions, call_holds, chosen_args
from tests.support.loop import SPEC, answers_for, by_step

GOAL = "What is the weather in Paris?"


def _run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    return ToolResult(observation=str(dict(args)))


def _tool(*, units_required: bool) -> Tool:
    return Tool(
        id="forecast",
        description="Get the weather forecast for a place",
        slots=(
            Slot(name="city", instruction="Which city?", kinds=("place",)),
            Slot(name="units", instruction="Which units?", kinds=("unit",), required=units_required),
            Slot(name="day", instruction="Which day?", kinds=("place",), required=units_required),
        ),
        run=_run,
    )


def _decide(tool: Tool, picks: Mapping[str, str]) -> tuple[StepDecisions, tuple[str, ...]]:
    candidates = extract(GOAL, [])
    asked, missing = args_ask(SPEC, RunView(goal=GOAL, tool=tool.id), tool, candidates)
    assert asked is not None
    backend = by_step(picks)
    pick_args = decide_batch(backend, [asked.ask])[0]
    needs = decide_batch(by_step({}), [asked.ask])[0]  # any decision serves as needs_tool for the arg holds
    return StepDecisions(needs_tool=needs, pick_args=pick_args, missing_slots=missing), missing


def test_an_optional_slot_with_no_candidate_is_not_missing_and_the_tool_still_applies() -> None:
    optional, required = _tool(units_required=False), _tool(units_required=True)
    candidates = extract(GOAL, [])
    assert args_ask(SPEC, RunView(goal=GOAL), optional, candidates)[1] == ()
    assert args_ask(SPEC, RunView(goal=GOAL), required, candidates)[1] == ("units",)
    assert tool_options((optional, required), candidates) == (optional,)


def test_an_optional_slot_answered_none_is_left_out_and_not_held() -> None:
    tool = _tool(units_required=False)
    decisions, _ = _decide(tool, {f"{ARG_PREFIX}city": "Paris", f"{ARG_PREFIX}day": "NONE"})
    assert decisions.pick_args is not None
    assert decisions.pick_args.action == "use"
    args = chosen_args(decisions.pick_args)
    assert args == {"city": "Paris"}
    optional = frozenset(s.name for s in tool.slots if not s.required)
    holds = call_holds(
        Call(tool=tool.id, args=args), decisions, previous=None, goal_risky=False, read_only=True, optional=optional
    )
    assert [h.kind for h in holds if h.kind.startswith("arg")] == []


def test_a_required_slot_answered_none_still_holds() -> None:
    tool = _tool(units_required=True)
    decisions, missing = _decide(tool, {f"{ARG_PREFIX}city": "Paris", f"{ARG_PREFIX}day": "NONE"})
    assert missing == ("units",)
    assert decisions.pick_args is not None
    assert decisions.pick_args.action != "use"
    holds = call_holds(
        Call(tool=tool.id, args=chosen_args(decisions.pick_args)),
        decisions,
        previous=None,
        goal_risky=False,
        read_only=True,
    )
    assert {h.kind for h in holds} >= {"arg_none", "arg_missing"}


def test_an_unsure_optional_slot_still_holds_on_confidence() -> None:
    tool = _tool(units_required=False)
    candidates = extract(GOAL, [])
    asked, _ = args_ask(SPEC, RunView(goal=GOAL, tool=tool.id), tool, candidates)
    assert asked is not None

    def unsure(request: DecisionRequest) -> Mapping[str, object]:
        answers = answers_for(request, {f"{ARG_PREFIX}city": "Paris"})
        answers[f"{ARG_PREFIX}day"] = {"choice": "NONE", "probabilities": {"Paris": 0.45, "NONE": 0.55}}
        return {"answers": answers}

    decision = decide_batch(ScriptedBackend(unsure), [asked.ask])[0]
    assert decision.action != "use"
