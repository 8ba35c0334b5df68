"""The figures of a teacher-forced evaluation, from judged steps: routers, gate, parts, latency, curve, categories.

Every figure is a pure function of the stored answers and a gate setting. A router that was not run is None.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.evaluate.gating import TaskVerdict, Verdict, verdicts
from decisionloop.evaluate.metrics import SWEEP, CurvePoint, auroc, ece, percentile, rate
from decisionloop.gold.teacher import SlotCase, TaskCase, slot_choices
from decisionloop.llm.trust import DEFAULT_TRUST, TAKE_ALL, Trust, proposals_of
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.model import Spec

SWEPT_KEYS = ("pick_tool.tool", "pick_args.arg")
StepKey = tuple[str, int]
SlotRow = tuple[Verdict, SlotCase, ChoiceAnswer | None]


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmStep:
    """The LLM's decision on one teacher-forced step: right or not, how long, how many calls, what it chose (a tool
    id or FINISH; None when it failed) with its own probability of that; and ``offered``: its decision on the same
    step with System 1's proposals offered, where it was asked so (the steps the run's gate held)."""

    correct: bool
    ms: float
    calls: int
    choice: str | None = None
    p: float | None = None
    offered: LlmStep | None = None


def _all(steps: Sequence[Verdict], ok: Callable[[Verdict], bool]) -> bool:
    return all(ok(v) for v in steps)


def _s1_ms(task: TaskVerdict) -> float:
    return task.case.risk.latency_ms + sum(v.case.latency_ms for v in task.steps)


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def routers(
    tasks: Sequence[TaskVerdict], llm: Mapping[StepKey, LlmStep] | None, trust: Trust = DEFAULT_TRUST
) -> dict[str, object]:
    """Task success (every step right), LLM / person calls and the median time per task of each router; on held
    steps, ``s1_llm`` takes the LLM's decision where ``trust`` does, else System 1's proposal (its
    ``unchecked_task_success``: the LLM's decision on every held step)."""
    steps = [v for t in tasks for v in t.steps]
    held = [v for v in steps if not v.auto]
    result: dict[str, object] = {
        "s1": {
            "task_success": rate(sum(_all(t.steps, lambda v: v.correct) for t in tasks), len(tasks)),
            "calls": 0,
            "median_ms": _median([_s1_ms(t) for t in tasks]),
        },
        "s1_person": {
            "task_success": rate(sum(_all(t.steps, lambda v: v.correct or not v.auto) for t in tasks), len(tasks)),
            "person_share": rate(len(held), len(steps)),
            "calls": len(held),
        },
        "s1_llm": None,
        "llm": None,
    }
    if llm is not None:
        result["s1_llm"] = _s1_llm(tasks, llm, len(held), trust)
        result["llm"] = _llm_only(tasks, llm, len(steps))
    return result


def _key(v: Verdict, task: TaskVerdict) -> StepKey:
    return (task.case.task.id, v.case.index)


def _asked(llm: Mapping[StepKey, LlmStep], v: Verdict, task: TaskVerdict) -> LlmStep:
    """The LLM's decision on a held step as the loop asks it: with System 1's proposals offered, where it was."""
    step = llm[_key(v, task)]
    return step.offered or step


def _taken(step: LlmStep, v: Verdict, trust: Trust) -> bool:
    return step.choice is not None and trust.takes(step.choice, step.p, proposals_of(v.ranked, stop=v.stop))


def _s1_llm_success(tasks: Sequence[TaskVerdict], llm: Mapping[StepKey, LlmStep], trust: Trust) -> dict[str, object]:
    """Held steps: the LLM's decision where ``trust`` takes it, else System 1's own proposal, a step without a
    usable LLM reply included (where nobody can be asked, the loop goes on so)."""
    held = [(v, t) for t in tasks for v in t.steps if not v.auto]
    taken = [(v, t) for v, t in held if _taken(_asked(llm, v, t), v, trust)]

    def right(v: Verdict, task: TaskVerdict) -> bool:
        if v.auto:
            return v.correct
        asked = _asked(llm, v, task)
        return asked.correct if _taken(asked, v, trust) else v.correct

    success = sum(all(right(v, t) for v in t.steps) for t in tasks)
    return {
        "task_success": rate(success, len(tasks)),
        "llm_taken": len(taken),
        "llm_taken_wrong": sum(not _asked(llm, v, t).correct for v, t in taken),
        "net_right": sum(not v.correct and _asked(llm, v, t).correct for v, t in taken)
        - sum(v.correct and not _asked(llm, v, t).correct for v, t in taken),
    }


def _s1_llm(tasks: Sequence[TaskVerdict], llm: Mapping[StepKey, LlmStep], held: int, trust: Trust) -> dict[str, object]:
    def ms(task: TaskVerdict) -> float:
        return _s1_ms(task) + sum(_asked(llm, v, task).ms for v in task.steps if not v.auto)

    calls = sum(_asked(llm, v, t).calls for t in tasks for v in t.steps if not v.auto)
    checked = _s1_llm_success(tasks, llm, trust)
    return {
        **checked,
        "trust": {"top_k": trust.top_k, "min_p": trust.min_p},
        "unchecked_task_success": _s1_llm_success(tasks, llm, TAKE_ALL)["task_success"],
        "unusable": sum(_asked(llm, v, t).choice is None for t in tasks for v in t.steps if not v.auto),
        "calls": calls,
        "held_steps": held,
        "median_ms": _median([ms(t) for t in tasks]),
    }


TRUST_SWEEP = tuple(Trust(top_k=k, min_p=p) for k in (1, 2, 3, None) for p in (0.0, 0.3, 0.5, 0.7, 0.9))


def trust_sweep(tasks: Sequence[TaskVerdict], llm: Mapping[StepKey, LlmStep]) -> list[dict[str, object]]:
    """System 1 + the LLM under each policy of ``TRUST_SWEEP``: task success, steps the LLM's choice was taken on,
    how many of those were wrong, and net steps it put right (right where System 1 was wrong, less the reverse)."""
    return [{"top_k": t.top_k, "min_p": t.min_p, **_s1_llm_success(tasks, llm, t)} for t in TRUST_SWEEP]


def _llm_only(tasks: Sequence[TaskVerdict], llm: Mapping[StepKey, LlmStep], steps: int) -> dict[str, object]:
    right = sum(all(llm[_key(v, t)].correct for v in t.steps) for t in tasks)
    return {
        "task_success": rate(right, len(tasks)),
        "calls": sum(llm[_key(v, t)].calls for t in tasks for v in t.steps),
        "steps": steps,
        "median_ms": _median([sum(llm[_key(v, t)].ms for v in t.steps) for t in tasks]),
    }


def gate(tasks: Sequence[TaskVerdict]) -> dict[str, object]:
    """The automatic share and the error rate of the automatic steps."""
    steps = [v for t in tasks for v in t.steps]
    auto = [v for v in steps if v.auto]
    wrong = sum(not v.correct for v in auto)
    return {"auto_share": rate(len(auto), len(steps)), "auto_error": rate(wrong, len(auto))}


def parts(tasks: Sequence[TaskVerdict], spec: Spec) -> dict[str, object]:
    """Action and argument accuracy, extractor and NONE recall, risk and done AUROC, calibration."""
    steps = [v for t in tasks for v in t.steps]
    calls = [v for v in steps if v.case.gold.action != FINISH]
    slots: list[SlotRow] = [(v, s, slot_choices(v.case, spec).get(s.name)) for v in calls for s in v.case.slots]
    spans = [(v, s, a) for v, s, a in slots if not s.fixed]
    missing = [(v, s, a) for v, s, a in spans if not s.extracted]
    later = [v for v in steps if v.case.index > 0 and v.done_p is not None]
    risk = [(t.risk_p, t.case.risky) for t in tasks for _ in t.steps if t.risk_p is not None]
    return {
        "action_acc": rate(sum(_action_right(v) for v in steps), len(steps)),
        "action_acc_no_stop": rate(sum(_tool_right(v) for v in calls), len(calls)),
        "arg_acc": _slot_rate(slots),
        "span_arg_acc": _slot_rate(spans),
        "fixed_arg_acc": _slot_rate([x for x in slots if x[1].fixed]),
        "extractor_recall": rate(sum(s.extracted for _, s, _ in spans), len(spans)),
        "none_recall": rate(sum(a is not None and a.choice == NONE for _, _, a in missing), len(missing)),
        "risk_auroc": auroc([p for p, _ in risk], [y for _, y in risk]),
        "done_auroc": auroc([v.done_p or 0.0 for v in later], [v.case.gold.action == FINISH for v in later]),
        "ece": _ece(calls, slots),
    }


def _action_right(v: Verdict) -> bool:
    return v.stop if v.case.gold.action == FINISH else not v.stop and _tool_right(v)


def _tool_right(v: Verdict) -> bool:
    return v.case.picked in {c.action for c in v.case.gold.calls()}


def _slot_rate(slots: Sequence[SlotRow]) -> float | None:
    return rate(sum(a is not None and a.choice == s.gold for _, s, a in slots), len(slots))


def _ece(calls: Sequence[Verdict], slots: Sequence[SlotRow]) -> float | None:
    """Calibration of p(chosen) over tool choices and the gold tool's argument choices."""
    confidences = [v.tool_p for v in calls if v.tool_p is not None]
    correct = [_tool_right(v) for v in calls if v.tool_p is not None]
    answered = [(s, a) for _, s, a in slots if a is not None]
    return ece(confidences + [a.top for _, a in answered], correct + [a.choice == s.gold for s, a in answered])


def latency(tasks: Sequence[TaskVerdict]) -> dict[str, object]:
    """System 1's time per step (all of the step's requests; the risk request counts on the first step)."""
    values = [
        v.case.latency_ms + (t.case.risk.latency_ms if v.case.index == 0 else 0.0) for t in tasks for v in t.steps
    ]
    return {"step_p50_ms": percentile(values, 50), "step_p95_ms": percentile(values, 95)}


def curve(cases: Sequence[TaskCase], spec: Spec, tools: Sequence[Tool]) -> list[CurvePoint]:
    """The automatic share and accuracy as τ sweeps the tool and argument thresholds together."""
    points = []
    for tau in SWEEP:
        judged = verdicts(cases, apply_gates(spec, dict.fromkeys(SWEPT_KEYS, tau)), tools)
        steps = [v for t in judged for v in t.steps]
        auto = [v for v in steps if v.auto]
        points.append(CurvePoint(tau=tau, auto=len(auto), auto_right=sum(v.correct for v in auto), steps=len(steps)))
    return points


def categories(tasks: Sequence[TaskVerdict]) -> dict[str, object]:
    """The figures per task category."""
    by: dict[str, list[TaskVerdict]] = {}
    for t in tasks:
        by.setdefault(t.case.task.category, []).append(t)
    table: dict[str, object] = {}
    for name, group in sorted(by.items()):
        steps = [v for t in group for v in t.steps]
        table[name] = {
            "tasks": len(group),
            "steps": len(steps),
            **gate(group),
            "action_acc": rate(sum(_action_right(v) for v in steps), len(steps)),
            "s1_success": rate(sum(_all(t.steps, lambda v: v.correct) for t in group), len(group)),
            "s1_person_success": rate(sum(_all(t.steps, lambda v: v.correct or not v.auto) for t in group), len(group)),
        }
    return table
