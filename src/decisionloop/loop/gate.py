"""The gate: does System 1's proposal for this step run automatically, or is it held for System 2?

Pure: it reads the step's decisions and a little of the run, and returns typed hold reasons (none = AUTO).
Every rule fails closed — a degraded decision, a missing argument or an unsure stop always holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from decisionloop.answers import ChoiceAnswer
from decisionloop.decide import Decision
from decisionloop.tools.base import NONE

HoldKind = Literal[
    "degraded",
    "tool_unsure",
    "arg_unsure",
    "arg_none",
    "arg_missing",
    "stop_unsure",
    "finish_before_any_step",
    "same_tool",
    "identical_call",
    "risky_goal_read_only",
    "step_failed",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold:
    """Why a step goes to System 2 instead of running."""

    kind: HoldKind
    detail: str

    def __str__(self) -> str:
        return self.detail


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """A tool and its arguments."""

    tool: str
    args: Mapping[str, str] = field(default_factory=dict)

    def same_as(self, other: Call | None) -> bool:
        """Same tool and the same arguments up to case and spacing."""
        if other is None or other.tool != self.tool or set(other.args) != set(self.args):
            return False
        return all(_norm(self.args[k]) == _norm(other.args[k]) for k in self.args)


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


@dataclass(frozen=True, slots=True, kw_only=True)
class StepDecisions:
    """What System 1 said this step: whether to go on, which tool, its arguments, whether the goal is done."""

    needs_tool: Decision
    pick_tool: Decision | None = None
    is_done: Decision | None = None
    pick_args: Decision | None = None
    missing_slots: tuple[str, ...] = ()


def wants_to_stop(step: int, decisions: StepDecisions) -> bool:
    """System 1's proposal is to stop: no tool needed, or (after a step) the goal reads as done."""
    done = decisions.is_done is not None and decisions.is_done.proposed == "finish"
    return decisions.needs_tool.proposed == "answer" or (step > 0 and done)


def stop_holds(step: int, decisions: StepDecisions) -> list[Hold]:
    """Holds on a proposal to stop: it must be clearly supported by both readings."""
    if step == 0:
        return [Hold(kind="finish_before_any_step", detail="stop proposed before any tool ran")]
    holds = _degraded(decisions.needs_tool, decisions.is_done)
    done = decisions.is_done
    if done is None or done.action != "finish":
        why = done.reasons[0] if done is not None and done.reasons else "goal not judged done"
        holds.append(Hold(kind="stop_unsure", detail=f"stop wanted but the goal is not clearly done ({why})"))
    return holds


def call_holds(
    call: Call,
    decisions: StepDecisions,
    *,
    previous: Call | None,
    goal_risky: bool,
    read_only: bool,
) -> list[Hold]:
    """Holds on a proposal to call a tool."""
    holds = _degraded(decisions.needs_tool, decisions.pick_tool, decisions.pick_args)
    pick = decisions.pick_tool
    if pick is None or pick.action != "call":
        holds.append(Hold(kind="tool_unsure", detail=f"tool choice unsure ({_first(pick)})"))
    holds += _arg_holds(decisions)
    if call.same_as(previous):
        holds.append(Hold(kind="identical_call", detail=f"same call as the previous step ({call.tool})"))
    elif previous is not None and previous.tool == call.tool:
        holds.append(Hold(kind="same_tool", detail=f"same tool as the previous step ({call.tool})"))
    if goal_risky and read_only:
        holds.append(
            Hold(kind="risky_goal_read_only", detail=f"the goal reads as changing something but {call.tool} only reads")
        )
    return holds


def _arg_holds(decisions: StepDecisions) -> list[Hold]:
    holds = [
        Hold(kind="arg_missing", detail=f"{slot}: no candidate value in the text") for slot in decisions.missing_slots
    ]
    args = decisions.pick_args
    if args is None:
        return holds
    for qid, answer in args.answers.items():
        slot = qid.split(":", 1)[-1]
        if isinstance(answer, ChoiceAnswer) and answer.choice == NONE:
            holds.append(Hold(kind="arg_none", detail=f"{slot}: none of the values fits"))
    if args.action != "use" and not any(h.kind == "arg_none" for h in holds):
        holds.append(Hold(kind="arg_unsure", detail=f"arguments unsure ({_first(args)})"))
    return holds


def _degraded(*decisions: Decision | None) -> list[Hold]:
    return [
        Hold(kind="degraded", detail=f"{d.block}: {d.reasons[-1]}") for d in decisions if d is not None and d.degraded
    ]


def _first(decision: Decision | None) -> str:
    return decision.reasons[0] if decision is not None and decision.reasons else "not asked"
