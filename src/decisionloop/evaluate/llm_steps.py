"""The LLM's decision on each teacher-forced step, asked once per step and shared by the LLM routers."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime

from decisionloop.core.errors import GeneratorError
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


def _one(task: Task, index: int, chat: Chat, tools: Sequence[Tool], now: datetime) -> LlmStep:
    candidates = candidates_for(task, index, "last", now)
    spans: dict[str, tuple[str, ...]] = {}
    for tool in tools:
        for slot in tool.slots:
            if not slot.is_fixed:
                found = [o.name for o in slot_options(slot, candidates) if o.name != NONE]
                spans.setdefault(slot.name, tuple(found[:SHOWN_SPANS]))
    inp = PlannerInput(goal=task.goal, steps=history(task, index), tools=tools, spans=spans)
    started = time.perf_counter()
    try:
        result = plan(chat, inp, check_stop=index > 0)
    except GeneratorError:
        return LlmStep(correct=False, ms=(time.perf_counter() - started) * 1000.0, calls=1)
    ms = (time.perf_counter() - started) * 1000.0
    gold = task.steps[index]
    if gold.action == FINISH:
        return LlmStep(correct=result.finish, ms=ms, calls=result.calls)
    call = result.call
    return LlmStep(correct=call is not None and step_matches(call.tool, call.args, gold), ms=ms, calls=result.calls)
