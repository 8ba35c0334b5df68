"""A run's events as the browser reads them: JSON objects with a ``type``, one per journal event or dialog."""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.core.decision import decision_json
from decisionloop.core.records import Approval, Call, Hold, RunResult, StepRecord
from decisionloop.core.tool import Effect, Slot, Tool
from decisionloop.journal.events import (
    ApprovalGiven,
    DecisionsMade,
    Event,
    LlmCalled,
    RunEnded,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from decisionloop.loop.requests import NeedApproval, NeedResolution

Json = dict[str, object]
OBSERVATION_CHARS = 4000  # the trace shows this much of an observation; the run page shows it whole


def call_json(call: Call | None) -> Json | None:
    """``{"tool": …, "args": {…}}``, or None for no call."""
    return None if call is None else {"tool": call.tool, "args": dict(call.args)}


def holds_json(holds: Sequence[Hold]) -> list[Json]:
    """Each hold's kind and the sentence that says why."""
    return [{"kind": h.kind, "detail": h.detail} for h in holds]


def event_json(event: Event) -> Json:
    """One journal event as the trace shows it."""
    match event:
        case DecisionsMade(step=step, decisions=decisions):
            return {"type": "decisions", "step": step, "decisions": [decision_json(d) for d in decisions]}
        case ToolStarted(step=step, call=call):
            return {"type": "tool", "step": step, "call": call_json(call)}
        case ToolFinished(step=step, result=r, ms=ms):
            return {
                "type": "observation",
                "step": step,
                "ok": r.ok,
                "observation": _clip(r.observation),
                "source": r.source,
                "ms": round(ms, 1),
            }
        case ApprovalGiven(step=step, call=call, side_effect=side_effect, approval=approval):
            return {"type": "approved", "step": step, "side_effect": side_effect, **approval_json(approval)}
        case StepFinished(record=record):
            return {"type": "step", **step_json(record)}
        case LlmCalled(step=step, call=c):
            made = {"purpose": c.purpose, "model": c.model, "ms": round(c.ms, 1), "used": c.used, "error": c.error}
            tokens = {"input_tokens": c.input_tokens, "output_tokens": c.output_tokens}
            return {"type": "llm", "step": step, **made, **tokens}
        case RunEnded(result=result, meter=meter):
            return {"type": "end", **result_json(result), "meter": meter.to_json()}


def approval_json(approval: Approval) -> Json:
    """Who answered a guarded call, how, and the effect they were shown."""
    return {
        "call": call_json(approval.call),
        "allowed": approval.allowed,
        "by": approval.by,
        "at": approval.at.isoformat(timespec="seconds"),
        "note": approval.note,
        "effect": None if approval.effect is None else approval.effect.text,
    }


def step_json(record: StepRecord) -> Json:
    """A finished step: the call, who decided it, why it was held, its approval and result."""
    result = record.result
    return {
        "step": record.index,
        "tool": record.tool,
        "call": call_json(record.call),
        "decided_by": record.decided_by,
        "holds": holds_json(record.holds),
        "note": record.note,
        "stopped": record.stopped,
        "approval": None if record.approval is None else approval_json(record.approval),
        "ok": None if result is None else result.ok,
    }


def result_json(result: RunResult) -> Json:
    """How the run ended; ``answered`` is true only for the stop reason ``answered``."""
    sources = [r.result.source for r in result.steps if r.result is not None and r.result.source]
    return {
        "stop": result.stop,
        "answered": result.stop == "answered",
        "detail": result.detail,
        "answer": result.answer,
        "delivery": result.delivery,
        "sources": list(dict.fromkeys(sources)),
        "steps": len(result.steps),
    }


def held_json(request: NeedResolution) -> Json:
    """A held step for the person's dialog: why, System 1's picks and proposal, the tools and their slots."""
    suggestion = request.suggestion
    return {
        "step": request.step,
        "goal": request.goal,
        "holds": holds_json(request.holds),
        "picks": [[tool, round(p, 4)] for tool, p in suggestion.tools],
        "proposal": call_json(suggestion.call),
        "proposes_stop": suggestion.stop,
        "done": suggestion.done,
        "spans": {slot: list(values) for slot, values in suggestion.spans.items()},
        "tools": [tool_json(t) for t in request.tools],
    }


def tool_json(tool: Tool) -> Json:
    """A tool as the held-step dialog offers it."""
    return {
        "id": tool.id,
        "description": tool.description,
        "side_effect": tool.side_effect,
        "slots": [slot_json(s) for s in tool.slots],
    }


def slot_json(slot: Slot) -> Json:
    """One slot: what it asks, its type, whether it is needed, its fixed options."""
    return {
        "name": slot.name,
        "instruction": slot.instruction,
        "type": slot.type if slot.item is None else f"list of {slot.item}",
        "required": slot.required,
        "fixed": [o.name for o in slot.fixed],
    }


def approval_request_json(request: NeedApproval, *, trusted: bool) -> Json:
    """A guarded call for the guard's dialog: the call, what it changes, its worked-out effect."""
    return {
        "step": request.step,
        "call": call_json(request.call),
        "side_effect": request.side_effect,
        "effect": effect_json(request.effect),
        "trusted": trusted,
    }


def effect_json(effect: Effect | None) -> Json | None:
    """The effect a person is shown, and whether it was worked out."""
    return None if effect is None else {"text": effect.text, "known": effect.known}


def _clip(text: str) -> str:
    return text if len(text) <= OBSERVATION_CHARS else text[:OBSERVATION_CHARS] + " …"
