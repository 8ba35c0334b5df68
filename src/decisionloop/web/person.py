"""The person in the browser as System 2 and approver: each held step, guarded call and question becomes a dialog
on the run's own desk, and the run waits for that dialog's answer.

The answers read like the terminal's: a held step is a call (System 1's proposal, or a tool and values you
give, each value read as its slot's type), finish or stop; a guarded call is allowed once, allowed for the rest of
this run (each later call of that tool is still shown in the trace, its approval saying so) or refused. No
answer in time, or the run stopped, is a no.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Literal, Protocol

from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import Slot, Tool
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution
from decisionloop.system2.typed import typed_value
from decisionloop.web.trace import Json, approval_request_json, held_json

DialogKind = Literal["held", "approval", "ask"]
Parse = Callable[[Mapping[str, object]], object]


class AnswerError(ValueError):
    """An answer the dialog cannot take; the message says what to change (HTTP 422)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NoAnswer:
    """What a dialog gets instead of an answer: nobody answered in time, or the run was stopped."""

    why: Literal["timeout", "stopped"]


class Desk(Protocol):
    """Where a run's dialogs are opened and its trace events go (a live run)."""

    def emit(self, event: Json) -> None:
        """Add an event to the run's trace."""
        ...

    def wait(self, kind: DialogKind, payload: Json, parse: Parse) -> object:
        """Open a dialog and block until its answer (what ``parse`` made of it) or a NoAnswer."""
        ...


def _now() -> datetime:
    return datetime.now(UTC)


class WebPerson:
    """Decides held steps, approves guarded calls and answers questions through one run's dialogs."""

    def __init__(self, desk: Desk, *, who: str = "you (web)", clock: Callable[[], datetime] = _now) -> None:
        self._desk = desk
        self._who = who
        self._clock = clock
        self._trusted: dict[str, int] = {}  # tool id → the step at which you allowed it for the rest of the run

    def resolve(self, request: NeedResolution) -> Resolution:
        """The held step's dialog: a call, finish or stop."""
        today = self._clock().date()
        reply = self._desk.wait("held", held_json(request), lambda body: resolution_from(body, request, today))
        if isinstance(reply, NoAnswer):
            if reply.why == "stopped":
                return Resolution(kind="stop", by="person", detail="you stopped the run")
            return Resolution(kind="stop", by="code", detail="nobody answered the held step in time")
        assert isinstance(reply, Resolution)
        return reply

    def approve(self, request: NeedApproval) -> Approval | None:
        """The guard's dialog, unless you allowed this tool for the rest of the run (and its effect is known)."""
        tool = request.call.tool
        if tool in self._trusted and (request.effect is None or request.effect.known):
            note = f"allowed for the rest of this run (you chose this at step {self._trusted[tool] + 1})"
            self._desk.emit({"type": "guard", **approval_request_json(request, trusted=True)})
            return self._approval(request, True, note)
        payload = approval_request_json(request, trusted=False)
        reply = self._desk.wait("approval", payload, _verdict)
        if isinstance(reply, NoAnswer):
            return None if reply.why == "timeout" else self._approval(request, False, "you stopped the run")
        if reply == "trust":
            self._trusted[tool] = request.step
            return self._approval(request, True, "allowed, and for the rest of this run")
        if reply == "allow":
            return self._approval(request, True, "allowed once")
        return self._approval(request, False, "you refused")

    def ask_user(self, question: str) -> str | None:
        """The agent's question; an empty reply or none is no answer."""
        reply = self._desk.wait("ask", {"question": question}, _reply_text)
        return reply if isinstance(reply, str) and reply else None

    def _approval(self, request: NeedApproval, allowed: bool, note: str) -> Approval:
        return Approval(
            allowed=allowed, by=self._who, at=self._clock(), call=request.call, effect=request.effect, note=note
        )


def resolution_from(body: Mapping[str, object], request: NeedResolution, today: date) -> Resolution:
    """A held step's answer: ``{"action": "stop" | "finish"}`` or ``{"action": "call", "tool", "args"}``."""
    action = body.get("action")
    if action == "stop":
        return Resolution(kind="stop", by="person", detail="you stopped the run")
    if action == "finish":
        return Resolution(kind="finish", by="person", detail="you finished the run")
    if action != "call":
        raise AnswerError(f"action {action!r} is not one of 'call', 'finish', 'stop'")
    tool_id = body.get("tool")
    tool = next((t for t in request.tools if t.id == tool_id), None)
    if tool is None:
        known = ", ".join(t.id for t in request.tools)
        raise AnswerError(f"tool {tool_id!r} is not offered at this step; pick one of {known}")
    given = body.get("args", {})
    if not isinstance(given, Mapping) or not all(isinstance(v, str) for v in given.values()):
        raise AnswerError(f"args must be an object of slot name → text, got {given!r}")
    call = Call(tool=tool.id, args=_values(tool, given, today))
    proposal = request.suggestion.call
    detail = "you accepted System 1's proposal" if call == proposal else "you chose the call"
    return Resolution(kind="call", by="person", call=call, detail=detail)


def _values(tool: Tool, given: Mapping[str, object], today: date) -> dict[str, str]:
    """Each slot's value read as its type; an optional slot left empty is left out."""
    unknown = sorted(set(given) - {s.name for s in tool.slots})
    if unknown:
        names = ", ".join(s.name for s in tool.slots) or "none"
        raise AnswerError(f"{tool.id} has no slot {unknown[0]!r}; its slots: {names}")
    values: dict[str, str] = {}
    for slot in tool.slots:
        text = str(given.get(slot.name, "")).strip()
        if text:
            values[slot.name] = _value(slot, text, today)
        elif slot.required:
            raise AnswerError(f"{tool.id} needs a value for {slot.name!r} ({slot.instruction})")
    return values


def _value(slot: Slot, text: str, today: date) -> str:
    value = typed_value(slot, text, today)
    if value is not None:
        return value
    if slot.is_fixed:
        raise AnswerError(f"{slot.name!r} takes one of {', '.join(o.name for o in slot.fixed)}; got {text!r}")
    raise AnswerError(f"{text!r} does not read as a {slot.type} for {slot.name!r}; {slot.instruction}")


def _verdict(body: Mapping[str, object]) -> str:
    action = body.get("action")
    if action not in ("allow", "trust", "refuse"):
        raise AnswerError(f"action {action!r} is not one of 'allow', 'trust', 'refuse'")
    return str(action)


def _reply_text(body: Mapping[str, object]) -> str:
    if body.get("action") == "skip":
        return ""
    text = body.get("text")
    if not isinstance(text, str):
        raise AnswerError(f"text must be a string (or send action 'skip'), got {text!r}")
    return text.strip()
