"""Runs shown to people (lines) and programs (JSON): each step with who decided it, the answer, the figures."""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.core.records import Hold, RunResult, StepRecord
from decisionloop.loop.frames import clip
from decisionloop.loop.meter import MeterStats
from decisionloop.system2.terminal import call_text

_OBSERVATION_CHARS = 110
DECIDER_NAMES = {"system1": "System 1", "llm": "the LLM", "person": "a person", "code": "code"}


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


def result_lines(result: RunResult, meter: MeterStats, run_id: str) -> list[str]:
    """The answer, how the run ended, and the meter."""
    delivery = {"template": "from the tool results", "delivered": "written by the LLM, cleared by can_deliver"}
    delivery |= {
        "revised": "revised once by the LLM, then cleared",
        "fell_back": "the LLM's drafts were not cleared; tool results shown",
    }
    lines = [f"answer: {result.answer}"]
    if result.delivery in delivery:
        lines.append(f"    ({delivery[result.delivery]})")
    lines.append(
        f"stop: {result.stop}" + (f" — {result.detail}" if result.detail and result.detail != result.answer else "")
    )
    lines += meter.lines()
    lines.append(f"journal: run {run_id} (decisionloop export {run_id[:8]} --format ttl)")
    return lines


def result_json(result: RunResult, meter: MeterStats, run_id: str) -> dict[str, object]:
    """The run as JSON: steps with who decided them, the answer, the stop reason and the meter."""
    return {
        "run_id": run_id,
        "goal": result.goal,
        "stop": result.stop,
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
