"""Compare vs ReAct: the loop and a ReAct baseline on the same tasks, tools, step limit, guard and acceptance check.

Arm ``decisionloop``: System 1 decides each step, the LLM only decides held steps (System 2) and writes the answer.
Arm ``react``: the LLM chooses every action and writes the answer itself. Both get the suite's replayed tools and
the same approver. Per task: decisions, LLM calls, LLM tokens, wall clock, accepted; then medians and totals per arm.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from decisionloop.core.backend import DecisionBackend
from decisionloop.driver import Approver
from decisionloop.evaluate.free import FreeSetup, run_task
from decisionloop.evaluate.react import BenchmarkApprover, run_react
from decisionloop.gold.suite import Task
from decisionloop.llm.chat import Chat
from decisionloop.system2.llm import LlmSystem2, LlmWriter

Arm = Literal["decisionloop", "react"]
ARMS: tuple[Arm, ...] = ("decisionloop", "react")
RATIO_KEYS = ("llm_calls", "input_tokens", "output_tokens", "median_wall_ms")


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmRecord:
    """One task run by one arm. Tokens are the LLM's as its server reported them, else counted. ``left_out``: the
    most earlier turns ReAct left out of one prompt to fit the server's context."""

    arm: Arm
    task_id: str
    category: str
    decisions: int
    llm_calls: int
    input_tokens: int
    output_tokens: int
    wall_ms: float
    accepted: bool
    stop: str
    left_out: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmSummary:
    """One arm over all tasks: acceptance, medians per task and totals (medians None when there is no task)."""

    arm: Arm
    tasks: int
    accepted: int
    acceptance: float | None
    median_decisions: float | None
    median_llm_calls: float | None
    median_output_tokens: float | None
    median_wall_ms: float | None
    total_decisions: int
    total_llm_calls: int
    total_input_tokens: int
    total_output_tokens: int
    total_wall_ms: float


def run_decisionloop(
    task: Task, setup: FreeSetup, backend: DecisionBackend, chat: Chat, *, approver: Approver | None = None
) -> ArmRecord:
    """The free-running loop on one task, with the LLM as System 2 and as the answer writer."""
    writer = LlmWriter(chat, instruction=setup.spec.generator)
    outcome = run_task(task, setup, backend, system2=LlmSystem2(chat), approver=approver, writer=writer)
    meter = outcome.meter
    return ArmRecord(
        arm="decisionloop",
        task_id=task.id,
        category=task.category,
        decisions=meter.decisions,
        llm_calls=meter.model_calls,
        input_tokens=meter.model_input_tokens,
        output_tokens=meter.model_output_tokens,
        wall_ms=outcome.wall_ms,
        accepted=outcome.success,
        stop=outcome.result.stop,
    )


def run_react_arm(task: Task, setup: FreeSetup, chat: Chat, *, approver: Approver | None = None) -> ArmRecord:
    """ReAct on one task, as a record of the comparison."""
    outcome = run_react(task, setup, chat, approver=approver)
    return ArmRecord(
        arm="react",
        task_id=task.id,
        category=task.category,
        decisions=outcome.decisions,
        llm_calls=outcome.llm_calls,
        input_tokens=outcome.input_tokens,
        output_tokens=outcome.output_tokens,
        wall_ms=outcome.wall_ms,
        accepted=outcome.accepted,
        stop=outcome.result.stop,
        left_out=outcome.left_out,
    )


def compare(
    tasks: Sequence[Task],
    setup: FreeSetup,
    backend: DecisionBackend,
    chat: Chat,
    *,
    approver: Approver | None = None,
    on_record: Callable[[ArmRecord], None] | None = None,
) -> list[ArmRecord]:
    """Both arms on every task, task by task; the approver defaults to a yes recorded as ``benchmark``."""
    approver = approver if approver is not None else BenchmarkApprover()
    records: list[ArmRecord] = []
    for task in tasks:
        for record in (
            run_decisionloop(task, setup, backend, chat, approver=approver),
            run_react_arm(task, setup, chat, approver=approver),
        ):
            records.append(record)
            if on_record is not None:
                on_record(record)
    return records


def median(values: Sequence[float]) -> float | None:
    """The median, or None for no values."""
    return float(statistics.median(values)) if values else None


def summarize(records: Sequence[ArmRecord]) -> dict[Arm, ArmSummary]:
    """Per arm that has records, in ``ARMS`` order."""
    return {
        arm: _summary(arm, [r for r in records if r.arm == arm]) for arm in ARMS if any(r.arm == arm for r in records)
    }


def _summary(arm: Arm, mine: Sequence[ArmRecord]) -> ArmSummary:
    accepted = sum(r.accepted for r in mine)
    return ArmSummary(
        arm=arm,
        tasks=len(mine),
        accepted=accepted,
        acceptance=accepted / len(mine) if mine else None,
        median_decisions=median([r.decisions for r in mine]),
        median_llm_calls=median([r.llm_calls for r in mine]),
        median_output_tokens=median([r.output_tokens for r in mine]),
        median_wall_ms=median([r.wall_ms for r in mine]),
        total_decisions=sum(r.decisions for r in mine),
        total_llm_calls=sum(r.llm_calls for r in mine),
        total_input_tokens=sum(r.input_tokens for r in mine),
        total_output_tokens=sum(r.output_tokens for r in mine),
        total_wall_ms=sum(r.wall_ms for r in mine),
    )


def ratios(summaries: Mapping[Arm, ArmSummary]) -> dict[str, float | None]:
    """ReAct over the loop: total LLM calls, total input and output tokens, median wall clock; None where a side is
    missing or 0.

    Wall clock is compared by medians: the first task of a process also pays for loading the extractor's data.
    """
    loop, react = summaries.get("decisionloop"), summaries.get("react")
    if loop is None or react is None:
        return dict.fromkeys(RATIO_KEYS)
    return {
        "llm_calls": _ratio(react.total_llm_calls, loop.total_llm_calls),
        "input_tokens": _ratio(react.total_input_tokens, loop.total_input_tokens),
        "output_tokens": _ratio(react.total_output_tokens, loop.total_output_tokens),
        "median_wall_ms": _ratio(react.median_wall_ms, loop.median_wall_ms),
    }


def _ratio(over: float | None, under: float | None) -> float | None:
    return over / under if over is not None and under else None


def compare_json(records: Sequence[ArmRecord], **header: object) -> dict[str, object]:
    """``header`` (suite, backend, model, …), then the summary per arm, the ratios and every record."""
    summaries = summarize(records)
    return {
        **header,
        "summary": {arm: asdict(s) for arm, s in summaries.items()},
        "ratios": ratios(summaries),
        "records": [asdict(r) for r in records],
    }


_ROW = "{:<6} {:<10} {:<13}{:>10}{:>10}{:>9}{:>9}{:>10}{:>9}  {}"
_ROW_HEAD = ("task", "category", "arm", "decisions", "llm_calls", "in_tok", "out_tok", "wall_ms", "accepted", "stop")
_SUMMARY = "{:<13}{:>6}{:>10}{:>10}{:>10}{:>9}{:>10}{:>10}{:>9}{:>9}{:>9}"
_SUMMARY_HEAD = (
    "arm",
    "tasks",
    "accepted",
    "p50_dec",
    "p50_llm",
    "p50_out",
    "p50_ms",
    "llm_calls",
    "in_tok",
    "out_tok",
    "wall_s",
)


def report_lines(records: Sequence[ArmRecord]) -> list[str]:
    """The per-task table, the medians and totals per arm, and ReAct's ratios over the loop."""
    summaries = summarize(records)
    said = ", ".join(f"{key} {_times(value)}" for key, value in ratios(summaries).items())
    return [
        _ROW.format(*_ROW_HEAD),
        *(_row(r) for r in records),
        "",
        _SUMMARY.format(*_SUMMARY_HEAD),
        *(_summary_row(s) for s in summaries.values()),
        f"react / decisionloop: {said}",
        "ratios: calls and tokens of all tasks, wall clock by medians; tokens as the LLM server said, else counted",
    ]


def _row(r: ArmRecord) -> str:
    cells = (r.decisions, r.llm_calls, r.input_tokens, r.output_tokens, f"{r.wall_ms:.0f}")
    return _ROW.format(r.task_id, r.category, r.arm, *cells, "yes" if r.accepted else "no", r.stop)


def _summary_row(s: ArmSummary) -> str:
    medians = (s.median_decisions, s.median_llm_calls, s.median_output_tokens, s.median_wall_ms)
    totals = (s.total_llm_calls, s.total_input_tokens, s.total_output_tokens, f"{s.total_wall_ms / 1000.0:.1f}")
    return _SUMMARY.format(s.arm, s.tasks, _rate(s.acceptance), *(_num(m) for m in medians), *totals)


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _num(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def _times(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}×"
