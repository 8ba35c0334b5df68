"""Runs shown to people (lines) and programs (JSON): each step with who decided it, the answer, the figures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from decisionloop.core.records import Hold, RunResult, StepRecord
from decisionloop.core.vocab import StopReason
from decisionloop.loop.frames import clip
from decisionloop.loop.meter import MeterStats
from decisionloop.system2.terminal import call_text

_OBSERVATION_CHARS = 110
DECIDER_NAMES = {"system1": "System 1", "llm": "the LLM", "person": "a person", "code": "code"}
Verbosity = Literal["quiet", "normal", "verbose"]

# The exit status of a run by how it stopped: 0 only for an answer; 1 is an error and 2 a usage mistake (click's).
EXIT_STATUS: dict[StopReason, int] = {
    "answered": 0,
    "held": 3,
    "stopped": 3,
    "declined": 4,
    "step_budget": 5,
    "time_budget": 5,
    "call_budget": 5,
    "no_answer": 6,
    "no_tool": 7,
    "interrupted": 130,
}
EXIT_EPILOG = "\b\nExit status:\n" + "\n".join(
    f"  {code:<4} {what}"
    for code, what in (
        (0, "answered"),
        (1, "error (a bad setting, an unusable home or backend)"),
        (2, "usage (a bad flag, an empty goal)"),
        (3, "held: nobody could decide a held step (or you stopped it)"),
        (4, "declined: a change was not approved"),
        (5, "a budget ran out: steps, time or LLM calls"),
        (6, "no_answer: finished, but no tool result answered the goal"),
        (7, "no_tool: none of the tools can do what the goal asks (and no LLM answered it)"),
        (130, "interrupted (Ctrl-C)"),
    )
)


def step_lines(record: StepRecord) -> list[str]:
    """``step 1 · System 1 · weather(place='Lisbon') → Forecast …`` plus why it was held and who approved it."""
    who = DECIDER_NAMES[record.decided_by]
    what = "stop" if record.stopped else call_text(record.call)
    lines = [f"step {record.index + 1} · {who} · {what}"]
    lines += [f"    held: {text}" for text in hold_texts(record.holds)]
    if record.note:
        lines.append(f"    note: {record.note}")
    if record.approval is not None:
        verdict = "allowed" if record.approval.allowed else "refused"
        lines.append(f"    {verdict} by {record.approval.by} at {record.approval.at.isoformat(timespec='seconds')}")
    if record.result is not None:
        mark = "→" if record.result.ok else "✗"
        lines.append(f"    {mark} {clip(record.result.observation, _OBSERVATION_CHARS)}")
    return lines


def hold_texts(holds: Sequence[Hold]) -> list[str]:
    """Each hold once; degraded answers are listed together by decision."""
    degraded = [h.detail.split(":", 1)[0] for h in holds if h.kind == "degraded"]
    texts = [f"degraded answers (never automatic): {', '.join(degraded)}"] if degraded else []
    return texts + [h.detail for h in holds if h.kind != "degraded"]


_DELIVERY = {
    "template": "from the tool results",
    "delivered": "written by the LLM, cleared by can_deliver",
    "revised": "revised once by the LLM, then cleared",
    "fell_back": "the LLM's drafts were not cleared; tool results shown",
    "direct": "answered by the LLM from what it knows: none of the tools fits, so nothing checks it",
}


def exit_status(result: RunResult) -> int:
    """The process's exit status for a run that stopped this way (see EXIT_STATUS)."""
    return EXIT_STATUS[result.stop]


def result_lines(result: RunResult, meter: MeterStats, run_id: str, verbosity: Verbosity = "verbose") -> list[str]:
    """The answer first, then how the run ended and the meter: on one line, or in full when verbose.

    Quiet is the answer alone; a run without one prints nothing here (its stop line goes to stderr).
    """
    if verbosity == "quiet":
        return [result.answer] if result.stop == "answered" else []
    lines = [f"answer: {result.answer}"]
    if verbosity == "verbose":
        if result.delivery in _DELIVERY:
            lines.append(f"    ({_DELIVERY[result.delivery]})")
        lines.append(stop_line(result))
        lines += meter.lines()
        lines.append(f"journal: run {run_id} (decisionloop export {run_id[:8]} --format ttl)")
        return lines
    how = f" · {_DELIVERY[result.delivery]}" if result.delivery in _DELIVERY else ""
    return [*lines, stop_line(result) + how, meter_line(meter, run_id)]


def stop_line(result: RunResult) -> str:
    """``stop: held — …``, the detail left out where the answer already says it."""
    return f"stop: {result.stop}" + (f" — {result.detail}" if result.detail and result.detail != result.answer else "")


def meter_line(meter: MeterStats, run_id: str) -> str:
    """The meter on one line: decisions, LLM calls, wall time, who decided, and the journal's run id."""
    who = ", ".join(f"{name} {n}" for name, n in meter.deciders.items() if n) or "no step was decided"
    return (
        f"{meter.decisions} decisions · {meter.model_calls} LLM calls · wall clock {meter.wall_ms:.0f} ms · "
        f"steps decided by: {who} · run {run_id[:8]}"
    )


def result_json(result: RunResult, meter: MeterStats, run_id: str) -> dict[str, object]:
    """The run as JSON: steps with who decided them, the answer, the stop reason and the meter."""
    return {
        "run_id": run_id,
        "goal": result.goal,
        "stop": result.stop,
        "exit_status": exit_status(result),
        "detail": result.detail,
        "answer": result.answer,
        "delivery": result.delivery,
        "steps": [
            {
                "index": r.index,
                "tool": r.tool,
                "args": dict(r.call.args) if r.call is not None else {},
                "decided_by": r.decided_by,
                "holds": [{"kind": h.kind, "detail": h.detail} for h in r.holds],
                "note": r.note,
                "approved": None if r.approval is None else r.approval.allowed,
                "observation": None if r.result is None else r.result.observation,
                "ok": None if r.result is None else r.result.ok,
            }
            for r in result.steps
        ],
        "meter": meter.to_json(),
    }
