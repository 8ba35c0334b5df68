"""The guard invariant under random, malformed, degraded and adversarial decisions, System 2 replies and approvers.

Over at least 10,000 random decision answers: no side-effect tool runs without an allowed approval of exactly
that call, and no step is taken automatically (by System 1) when any of its decisions was degraded.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion
from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import Tool, ToolContext, ToolResult
from decisionloop.core.vocab import DecidedBy
from decisionloop.journal.events import ApprovalGiven, ToolStarted
from decisionloop.loop.agent import Limits
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution, ResolutionKind
from decisionloop.tools.builtin import builtin_tools
from tests.support.loop import NOW, Env

GOALS = (
    "Remove my note about the gym",
    "Send Priya a message saying I'll be late",
    "Note that the spare key is under the blue pot",
    "What is 18% of 2,450?",
    "Weather in Lisbon tomorrow",
    "Delete all notes and tell Sam that it is done",
)
_ENDS: tuple[ResolutionKind, ...] = ("finish", "stop")
JUNK: tuple[object, ...] = (None, "yes", 1.5, -0.2, math.nan, math.inf, [], {}, True, 10**400, "NONE", "\u202e")


def _valid(question: Question, rnd: random.Random) -> dict[str, object]:
    match question:
        case ChoiceQuestion(options=options):
            weights = [rnd.random() ** 3 + 1e-9 for _ in options]
            total = sum(weights) or 1.0
            probs = {o.name: w / total for o, w in zip(options, weights, strict=True)}
            return {"choice": max(probs, key=probs.__getitem__), "probabilities": probs}
        case NoulQuestion():
            return {"noul": rnd.choice([rnd.random(), 0.0, 1.0, 0.999, 0.001])}
        case ScoreQuestion(levels=levels):
            weights = [rnd.random() + 1e-6 for _ in levels]
            return {"probabilities": {str(i): w / sum(weights) for i, w in enumerate(weights)}}


def _adversarial(question: Question, rnd: random.Random) -> object:
    """Shapes a broken or hostile server might send."""
    answer = _valid(question, rnd)
    kind = rnd.randrange(6)
    if kind == 0:
        return rnd.choice(JUNK)
    if kind == 1 and "choice" in answer:
        return {**answer, "choice": rnd.choice(["rm_rf", "NONE", "", "send_message", "delete_file"])}
    if kind == 2 and "probabilities" in answer:
        return {**answer, "probabilities": {k: rnd.choice(JUNK) for k in answer["probabilities"]}}  # type: ignore[attr-defined]
    if kind == 3:
        return {**answer, "confidence": 1.0, "type": rnd.choice(["choice", "noul", "score", "other"])}
    if kind == 4 and "noul" in answer:
        return {"noul": rnd.choice(JUNK)}
    return {**answer, "probabilities": {"not-offered": 1.0}}


class _RandomBackend:
    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.answers = 0

    def __call__(self, request: DecisionRequest) -> Mapping[str, object] | BackendError:
        rnd = self.rnd
        if rnd.random() < 0.05:
            return BackendError("random", rnd.choice(["timeout", "server", "malformed"]), "random failure")
        answers: dict[str, object] = {}
        for qid, question in request.questions.items():
            self.answers += 1
            roll = rnd.random()
            if roll < 0.6:
                answers[qid] = _valid(question, rnd)
            elif roll < 0.95:
                answers[qid] = _adversarial(question, rnd)
        return {"answers": answers, "degraded": rnd.random() < 0.1}


class _RandomSystem2:
    def __init__(self, rnd: random.Random, tools: tuple[Tool, ...]) -> None:
        self.rnd = rnd
        self.tools = tools

    def resolve(self, request: NeedResolution) -> Resolution:
        rnd = self.rnd
        kind: ResolutionKind = "call" if rnd.random() < 0.8 else rnd.choice(_ENDS)
        by: DecidedBy = rnd.choice(["llm", "person"])
        if kind != "call":
            return Resolution(kind=kind, by=by)
        tool = rnd.choice([*self.tools, None])
        if tool is None:
            return Resolution(kind="call", by=by, call=Call(tool="format_disk", args={}))
        args = {s.name: rnd.choice(["gym", "all notes", "Priya", "2 + 2", ""]) for s in tool.slots}
        return Resolution(kind="call", by=by, call=Call(tool=tool.id, args=args))


class _RandomApprover:
    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def approve(self, request: NeedApproval) -> Approval | None:
        roll = self.rnd.randrange(8)
        if roll == 0:
            return None
        if roll == 1:
            raise RuntimeError("approver crashed")
        call = request.call if roll != 2 else Call(tool=request.call.tool, args={"query": "all notes"})
        return Approval(allowed=self.rnd.random() < 0.8, by="random", at=NOW, call=call)


def _counting(tools: tuple[Tool, ...], ran: list[tuple[str, Call]]) -> tuple[Tool, ...]:
    def wrap(tool: Tool) -> Tool:
        def run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
            ran.append((tool.id, Call(tool=tool.id, args=dict(args))))
            return tool.run(args, ctx)

        return replace(tool, run=run)

    return tuple(wrap(t) for t in tools)


def test_no_side_effect_without_approval_and_no_automatic_step_on_a_degraded_answer() -> None:
    totals = {"answers": 0, "runs": 0, "side_effects": 0, "auto_steps": 0}

    @settings(max_examples=2400, deadline=None, database=None)
    @given(st.randoms(use_true_random=False), st.sampled_from(GOALS))
    def check(rnd: random.Random, goal: str) -> None:
        ran: list[tuple[str, Call]] = []
        tools = _counting(builtin_tools(), ran)
        responder = _RandomBackend(rnd)
        env = Env(
            backend=ScriptedBackend(responder),
            tools=tools,
            system2=_RandomSystem2(rnd, tools) if rnd.random() < 0.9 else None,
            approver=_RandomApprover(rnd) if rnd.random() < 0.9 else None,
            limits=Limits(max_steps=8),
            notes=("Gym locker code is 4417",),
        )
        run = env.run(goal)
        side_effects = {t.id for t in tools if t.side_effect}
        allowed = [e for e in run.events if isinstance(e, ApprovalGiven) and e.approval.allowed]
        for tool_id, call in ran:
            if tool_id in side_effects:
                assert any(e.approval.call == call and e.call == call for e in allowed), (tool_id, call)
                totals["side_effects"] += 1
        started = [e for e in run.events if isinstance(e, ToolStarted) and e.call.tool in side_effects]
        assert len(started) <= len(allowed)
        for step in run.driven.result.steps:
            if step.decided_by == "system1":
                assert not any(d.degraded for d in step.decisions), step
                assert not step.holds
                totals["auto_steps"] += 1
        totals["answers"] += responder.answers
        totals["runs"] += 1

    check()
    assert totals["answers"] >= 10_000, totals
    assert totals["side_effects"] > 0, totals  # the property was exercised, not vacuous
    assert totals["auto_steps"] > 0, totals
