"""The gate applied to stored teacher-forced answers: per step, System 1's proposal, AUTO or HOLD, right or wrong.

Pure: a different gate setting is a different ``spec``; the stored replies are judged again, nothing is asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from decisionloop.core.answers import ChoiceAnswer, NoulAnswer, ScoreAnswer
from decisionloop.core.decision import Decision
from decisionloop.core.records import Call
from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.gold.match import step_matches
from decisionloop.gold.teacher import SlotCase, StepCase, TaskCase, slot_choices
from decisionloop.loop.gate import Route, StepDecisions, route_step, wants_to_stop
from decisionloop.loop.requests import SUGGESTED_TOOLS
from decisionloop.spec.model import Spec


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """One gold step under one gate setting."""

    case: StepCase
    route: Route
    stop: bool
    correct: bool
    tool_p: float | None
    done_p: float | None
    ranked: tuple[tuple[str, float], ...] = ()  # System 1's most probable tools, as a held step offers them

    @property
    def auto(self) -> bool:
        """System 1's proposal runs without System 2."""
        return self.route.auto


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskVerdict:
    """A task's steps under one gate setting and its risk reading."""

    case: TaskCase
    steps: tuple[Verdict, ...]
    risk_p: float | None


def verdicts(cases: Sequence[TaskCase], spec: Spec, tools: Sequence[Tool]) -> list[TaskVerdict]:
    """Every task's steps judged under ``spec`` (its thresholds are the gate setting)."""
    by_id = {t.id: t for t in tools}
    return [_task(case, spec, by_id) for case in cases]


def _task(case: TaskCase, spec: Spec, tools: Mapping[str, Tool]) -> TaskVerdict:
    risk = case.risk.decisions(spec).get("grade_risk")
    goal_risky = risk is None or risk.action != "auto"
    steps = tuple(
        _step(step, spec, tools, goal_risky, risk, case.task.goal, _earlier(case.steps[: i + 1]))
        for i, step in enumerate(case.steps)
    )
    return TaskVerdict(case=case, steps=steps, risk_p=risk_probability(risk))


def _earlier(steps: Sequence[StepCase]) -> tuple[Call, ...]:
    """The gold calls before the last of ``steps``: each step's previous call."""
    return tuple(s.previous for s in steps if s.previous is not None)


def _step(
    case: StepCase,
    spec: Spec,
    tools: Mapping[str, Tool],
    goal_risky: bool,
    risk: Decision | None,
    goal: str,
    earlier: Sequence[Call] = (),
) -> Verdict:
    decided = case.step.decisions(spec)
    pick_args = case.args.decisions(spec).get("pick_args") if case.args is not None else None
    decisions = StepDecisions(
        needs_tool=decided["needs_tool"],
        pick_tool=decided.get("pick_tool"),
        is_done=decided.get("is_done"),
        pick_args=pick_args,
        missing_slots=case.missing,
        given_tools=case.given,
        match=case.match,
    )
    stop = wants_to_stop(case.index, decisions)
    others = [d for d in (risk if case.index == 0 else None, _step_ok(case, spec)) if d is not None]
    tool = None if stop else tools.get(case.picked or "")
    route = route_step(
        case.index,
        decisions,
        tool=tool,
        previous=case.previous,
        goal_risky=goal_risky,
        others=others,
        goal=goal,
        earlier=earlier,
    )
    return Verdict(
        case=case,
        route=route,
        stop=stop,
        correct=_correct(case, route, stop, spec),
        tool_p=_chosen_p(decisions.pick_tool, "tool"),
        done_p=_noul(decisions.is_done, "done"),
        ranked=_ranked(decisions.pick_tool),
    )


def _ranked(decision: Decision | None) -> tuple[tuple[str, float], ...]:
    answer = decision.answers.get("tool") if decision is not None else None
    return tuple(answer.ranked()[:SUGGESTED_TOOLS]) if isinstance(answer, ChoiceAnswer) else ()


def _step_ok(case: StepCase, spec: Spec) -> Decision | None:
    return case.step_ok.decisions(spec).get("step_ok") if case.step_ok is not None else None


def _correct(case: StepCase, route: Route, stop: bool, spec: Spec) -> bool:
    """FINISH: System 1 wants to stop (or, at the first step, says no tool fits). A call: the gold tool, and each
    argument choice the gold option — NONE where the gold value was not among the options, since saying so is
    then System 1's right decision. A tool accepted as an alternative is matched by its values instead."""
    if case.gold.action == FINISH:
        return stop or (case.index == 0 and route.auto and route.call is None)  # "no tool fits" for a chat
    if stop or case.picked is None:
        return False
    if case.picked == case.gold.action:
        chosen = slot_choices(case, spec)
        return all(_slot_right(s, chosen) for s in case.slots)
    call = route.call
    return call is not None and step_matches(call.tool, call.args, case.gold)


def _slot_right(slot: SlotCase, chosen: Mapping[str, ChoiceAnswer]) -> bool:
    """A slot's choice is the gold option; a slot offered nothing is not asked, and is right when the gold value
    was not offered either (an optional slot left out of the call, as the loop does)."""
    if slot.name not in chosen:
        return slot.gold == NONE and slot.offered in ((), (NONE,))
    return chosen[slot.name].choice == slot.gold


def _chosen_p(decision: Decision | None, qid: str) -> float | None:
    answer = decision.answers.get(qid) if decision is not None else None
    return answer.top if isinstance(answer, ChoiceAnswer) else None


def _noul(decision: Decision | None, qid: str) -> float | None:
    answer = decision.answers.get(qid) if decision is not None else None
    return answer.noul if isinstance(answer, NoulAnswer) else None


def risk_probability(risk: Decision | None) -> float | None:
    """How likely the goal changes something: the larger of p(risk above read-only) and p(needs_auth)."""
    if risk is None:
        return None
    score = risk.answers.get("risk")
    auth = risk.answers.get("needs_auth")
    values = []
    if isinstance(score, ScoreAnswer):
        values.append(1.0 - score.probabilities[0])
    if isinstance(auth, NoulAnswer):
        values.append(auth.noul)
    return max(values) if values else None
