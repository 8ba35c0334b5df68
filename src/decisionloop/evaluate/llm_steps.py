"""The LLM's decision on each teacher-forced step, asked once per step and shared by the LLM routers; and, on the
steps the gate holds, asked again with System 1's ranked proposals offered as choices, as the loop asks it."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.evaluate.score import LlmStep, StepKey
from decisionloop.extract import slot_options
from decisionloop.gold.match import step_matches
from decisionloop.gold.suite import Task
from decisionloop.gold.teacher import candidates_for, history
from decisionloop.llm.chat import Chat
from decisionloop.llm.planner import PlannerInput, plan

SHOWN_SPANS = 8


Proposals = tuple[tuple[str, float], ...]


def llm_steps(
    tasks: Sequence[Task],
    chat: Chat,
    tools: Sequence[Tool],
    now: datetime,
    on_step: Callable[[], None] | None = None,
) -> dict[StepKey, LlmStep]:
    """For every gold step, whether the LLM (stop check, then planner) decides it as the gold does."""
    found: dict[StepKey, LlmStep] = {}
    for task in tasks:
        for index in range(len(task.steps)):
            found[(task.id, index)] = _one(task, index, chat, tools, now)
            if on_step is not None:
                on_step()
    return found


def with_proposals(
    tasks: Sequence[Task],
    found: Mapping[StepKey, LlmStep],
    proposals: Mapping[StepKey, Proposals],
    setup: tuple[Chat, Sequence[Tool], datetime],
    on_step: Callable[[], None] | None = None,
    *,
    stops: Collection[StepKey] = frozenset(),
) -> dict[StepKey, LlmStep]:
    """``found`` with each step of ``proposals`` asked again, System 1's ranked tools offered to the LLM as choices
    (``LlmStep.offered``), as the loop asks a held step: the stop check first only on the steps of ``stops``, where
    System 1 proposed to stop (elsewhere the trust policy could not take its yes, so the loop does not ask it)."""
    chat, tools, now = setup
    by_id = {t.id: t for t in tasks}
    result = dict(found)
    for (task_id, index), offered in proposals.items():
        check_stop = index > 0 and (task_id, index) in stops
        again = _one(by_id[task_id], index, chat, tools, now, offered, check_stop=check_stop)
        result[(task_id, index)] = replace(found[(task_id, index)], offered=again)
        if on_step is not None:
            on_step()
    return result


def _one(
    task: Task,
    index: int,
    chat: Chat,
    tools: Sequence[Tool],
    now: datetime,
    offered: Proposals = (),
    *,
    check_stop: bool | None = None,
) -> LlmStep:
    candidates = candidates_for(task, index, "last", now)
    spans: dict[str, tuple[str, ...]] = {}
    for tool in tools:
        for slot in tool.slots:
            if not slot.is_fixed:
                found = [o.name for o in slot_options(slot, candidates) if o.name != NONE]
                spans.setdefault(slot.name, tuple(found[:SHOWN_SPANS]))
    inp = PlannerInput(goal=task.goal, steps=history(task, index), tools=tools, suggestions=offered, spans=spans)
    started = time.perf_counter()
    result = plan(chat, inp, check_stop=index > 0 if check_stop is None else check_stop)
    ms = (time.perf_counter() - started) * 1000.0
    if result.failed:
        return LlmStep(correct=False, ms=ms, calls=result.calls)
    choice = FINISH if result.finish else result.call.tool if result.call is not None else None
    gold = task.steps[index]
    if gold.action == FINISH:
        right = result.finish
    else:
        right = result.call is not None and step_matches(result.call.tool, result.call.args, gold)
    return LlmStep(correct=right, ms=ms, calls=result.calls, choice=choice, p=result.p)
