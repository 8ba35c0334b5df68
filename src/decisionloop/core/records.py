"""The records of a run that every layer reads: a call, why a step was held, a person's approval, a finished
step, and how the run ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from decisionloop.core.decision import Decision
from decisionloop.core.tool import Effect, ToolResult
from decisionloop.core.vocab import FINISH, STOP, DecidedBy, Delivery, StopReason

HoldKind = Literal[
    "degraded",
    "tool_unsure",
    "no_tool_fits",
    "arg_unsure",
    "arg_none",
    "arg_missing",
    "arg_not_described",
    "stop_unsure",
    "stop_described",
    "finish_before_any_step",
    "same_tool",
    "identical_call",
    "risky_goal_read_only",
    "tool_cannot_tell",
    "place_left_out",
    "step_failed",
    "what_if_unasked",
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
class Approval:
    """A person's answer to one guarded call: who, when, the exact call and the effect they were shown.

    An approver may leave ``effect`` out: the driver fills in the effect it showed, which the run then carries out.
    ``edit`` (with ``allowed`` False) refuses the call as shown and asks for this call of the same tool instead:
    the loop previews it and asks again, so an edited call is never run without its own approval.
    """

    allowed: bool
    by: str
    at: datetime
    call: Call
    note: str = ""
    effect: Effect | None = None
    edit: Call | None = None

    def __post_init__(self) -> None:
        # The guard reads ``allowed`` as a yes: a truthy "no" or 1 from a form or a row must not pass as one.
        if not isinstance(self.allowed, bool):
            raise TypeError(
                f"Approval.allowed must be True or False, got {self.allowed!r} ({type(self.allowed).__name__}); "
                "convert the person's answer to a bool where it is read"
            )
        if self.edit is not None and (self.allowed or self.edit.tool != self.call.tool):
            raise ValueError("Approval.edit is a refused call's replacement, for the same tool")


@dataclass(frozen=True, slots=True, kw_only=True)
class StepRecord:
    """One finished step: what was decided, by whom, why it was held, and what the call returned."""

    index: int
    call: Call | None
    decided_by: DecidedBy
    decisions: tuple[Decision, ...] = ()
    holds: tuple[Hold, ...] = ()
    approval: Approval | None = None
    result: ToolResult | None = None
    note: str = ""
    stopped: bool = False

    @property
    def tool(self) -> str:
        """The tool called; FINISH when the step finished the run, STOP when System 2 stopped it."""
        if self.call is not None:
            return self.call.tool
        return STOP if self.stopped else FINISH


@dataclass(frozen=True, slots=True, kw_only=True)
class RunResult:
    """How a run ended: the steps, the answer, and a named stop reason."""

    goal: str
    steps: tuple[StepRecord, ...]
    stop: StopReason
    detail: str
    answer: str
    delivery: Delivery
    answer_decisions: tuple[Decision, ...] = field(default=())

    @property
    def done(self) -> bool:
        """Whether the run finished on its own (an answer, or the template's "no answer") rather than being cut
        short; the evaluator's success measure reads this, so ``no_answer`` counts as finished."""
        return self.stop in ("answered", "no_answer")
