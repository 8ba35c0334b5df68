"""Teacher-forced protocol: every gold step decided once from the gold history, every answer kept.

As published (reference/laya.md §6.3): per task one risk request on the goal; per gold step the step request
(needs_tool, pick_tool, is_done after the first step; here also step_ok on the previous gold call) and one
argument request for the tool System 1 picked, plus one for the gold tool when that differs. Candidates come from
the goal and the previous observation (``candidates="last"``, the published protocol) or from every observation
so far (``"all"``, our improvement, reported apart). Frames and questions are built by the loop's own code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.decision import Decision
from decisionloop.core.records import Call
from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.decide import Answered, Ask, answer_batch
from decisionloop.extract import Candidate, extract, slot_options
from decisionloop.gold.match import arg_match
from decisionloop.gold.suite import GoldStep, Task
from decisionloop.loop.asks import Framed, args_ask, given_tools, risk_ask, step_asks, step_ok_ask, tool_options
from decisionloop.loop.frames import RunView, StepView
from decisionloop.model.matching import Match, Matcher
from decisionloop.spec.model import Spec

CandidateMode = Literal["last", "all"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Asked:
    """The asks of one request and the reply they got."""

    asks: tuple[Ask, ...]
    answered: Answered

    def decisions(self, spec: Spec | None = None) -> dict[str, Decision]:
        """By block id; under ``spec``'s thresholds when given (the stored reply is judged again, no new call)."""
        if spec is None:
            return {d.block: d for d in self.answered.decisions}
        asks = [replace(a, block=spec.block(a.block.id)) for a in self.asks]
        return {d.block: d for d in self.answered.rejudged(asks)}

    @property
    def latency_ms(self) -> float:
        """The request's round trip (0 when the backend failed)."""
        return self.answered.reply.latency_ms if self.answered.reply is not None else 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class SlotCase:
    """One slot of the gold tool: what was offered, which option is right (NONE when the value was not offered)."""

    name: str
    fixed: bool
    offered: tuple[str, ...]
    gold: str

    @property
    def extracted(self) -> bool:
        """Whether the gold value was among the options."""
        return self.gold != NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class StepCase:
    """One gold step, decided teacher-forced."""

    index: int
    gold: GoldStep
    previous: Call | None
    step: Asked
    step_ok: Asked | None
    args: Asked | None
    gold_args: Asked | None
    picked: str | None
    missing: tuple[str, ...]
    options: tuple[str, ...]
    slots: tuple[SlotCase, ...]
    given: tuple[str, ...] = ()  # at the first step, the tools the goal gives every value of (loop.asks.given_tools)
    match: Match | None = None  # at the first step, the offered tool closest to the goal (model.matching)

    @property
    def latency_ms(self) -> float:
        """System 1's time on this step: all of its requests."""
        return sum(a.latency_ms for a in (self.step, self.step_ok, self.args, self.gold_args) if a is not None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskCase:
    """A task's risk request and its steps."""

    task: Task
    risky: bool
    risk: Asked
    steps: tuple[StepCase, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TeacherSetup:
    """What every task of a teacher-forced evaluation shares."""

    spec: Spec
    tools: tuple[Tool, ...]
    now: datetime
    candidates: CandidateMode = "last"
    timeout_s: float = 30.0
    matcher: Matcher | None = None  # the first step's second reading of the tool choice (``model.matching``)


def gold_call(step: GoldStep) -> Call | None:
    """The gold call with the first accepted value of each argument; None for FINISH."""
    if step.action == FINISH:
        return None
    return Call(tool=step.action, args={slot: values[0] for slot, values in step.call.args.items()})


def history(task: Task, index: int) -> tuple[StepView, ...]:
    """The gold steps before ``index`` as the frames show them."""
    views = []
    for step in task.steps[:index]:
        call = gold_call(step)
        views.append(StepView(tool=step.action, args=call.args if call else {}, observation=step.observation))
    return tuple(views)


def candidates_for(task: Task, index: int, mode: CandidateMode, now: datetime) -> list[Candidate]:
    """Candidates from the goal and the previous observation (``last``) or every observation so far (``all``)."""
    seen = [s.observation for s in task.steps[:index]]
    return extract(task.goal, seen[-1:] if mode == "last" else seen, now=now)


def run_task(task: Task, setup: TeacherSetup, backend: DecisionBackend) -> TaskCase:
    """Every gold step of ``task`` decided once, from the gold history."""
    risk = _ask(backend, [risk_ask(setup.spec, task.goal)], setup)
    steps = tuple(_step(task, i, setup, backend) for i in range(len(task.steps)))
    risky = any(s.action in {t.id for t in setup.tools if t.side_effect} for s in task.steps)
    return TaskCase(task=task, risky=risky, risk=risk, steps=steps)


def run_tasks(
    tasks: Sequence[Task],
    setup: TeacherSetup,
    backend_for: Callable[[Task], DecisionBackend],
    on_task: Callable[[TaskCase], None] | None = None,
) -> list[TaskCase]:
    """Each task on its own backend (an oracle needs to know its task); ``on_task`` reports progress."""
    cases = []
    for task in tasks:
        cases.append(run_task(task, setup, backend_for(task)))
        if on_task is not None:
            on_task(cases[-1])
    return cases


def _ask(backend: DecisionBackend, framed: Sequence[Framed], setup: TeacherSetup) -> Asked:
    asks = tuple(f.ask for f in framed)
    return Asked(asks=asks, answered=answer_batch(backend, asks, timeout_s=setup.timeout_s))


def _step(task: Task, index: int, setup: TeacherSetup, backend: DecisionBackend) -> StepCase:
    view = RunView(goal=task.goal, steps=history(task, index))
    candidates = candidates_for(task, index, setup.candidates, setup.now)
    options = tool_options(setup.tools, candidates)
    step = _ask(backend, step_asks(setup.spec, view, options, index), setup)
    step_ok = _ask(backend, [step_ok_ask(setup.spec, view.steps[-1])], setup) if index else None
    picked = _choice(step.decisions().get("pick_tool"), "tool")
    gold = task.steps[index]
    by_id = {t.id: t for t in setup.tools}
    args, missing = _args(by_id.get(picked or ""), view, candidates, setup, backend)
    gold_args = None
    if gold.action != picked:
        gold_args, _ = _args(by_id.get(gold.action), view, candidates, setup, backend)
    return StepCase(
        index=index,
        gold=gold,
        previous=gold_call(task.steps[index - 1]) if index else None,
        step=step,
        step_ok=step_ok,
        args=args,
        gold_args=gold_args,
        picked=picked,
        missing=missing,
        options=tuple(t.id for t in options),
        slots=_slots(by_id.get(gold.action), gold, candidates),
        given=given_tools(options, candidates, task.goal) if index == 0 else (),
        match=setup.matcher(task.goal, options) if index == 0 and setup.matcher is not None else None,
    )


def _args(
    tool: Tool | None, view: RunView, candidates: Sequence[Candidate], setup: TeacherSetup, backend: DecisionBackend
) -> tuple[Asked | None, tuple[str, ...]]:
    if tool is None:
        return None, ()
    framed = replace(view, tool=tool.id, tool_description=tool.description)
    asked, missing = args_ask(setup.spec, framed, tool, candidates)
    return (_ask(backend, [asked], setup) if asked is not None else None), missing


def _slots(tool: Tool | None, gold: GoldStep, candidates: Sequence[Candidate]) -> tuple[SlotCase, ...]:
    if tool is None:
        return ()
    cases = []
    for slot in tool.slots:
        offered = tuple(o.name for o in slot_options(slot, candidates))
        accepted = gold.call.args.get(slot.name, ())
        right = next((o for o in offered if o != NONE and arg_match(slot.name, o, accepted)), NONE)
        cases.append(SlotCase(name=slot.name, fixed=slot.is_fixed, offered=offered, gold=right))
    return tuple(cases)


def _choice(decision: Decision | None, qid: str) -> str | None:
    answer = decision.answers.get(qid) if decision is not None else None
    return answer.choice if isinstance(answer, ChoiceAnswer) else None


def slot_choices(case: StepCase, spec: Spec | None = None) -> Mapping[str, ChoiceAnswer]:
    """System 1's answer for each slot of the gold tool (from the pass that asked about the gold tool)."""
    asked = case.args if case.gold_args is None else case.gold_args
    decision = asked.decisions(spec).get("pick_args") if asked is not None else None
    if decision is None:
        return {}
    return {qid.split(":", 1)[-1]: a for qid, a in decision.answers.items() if isinstance(a, ChoiceAnswer)}
