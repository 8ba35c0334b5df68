"""The person as System 2 and approver, in a terminal: why a step was held, what System 1 proposed, your choice;
before a call that changes something, the call and its exact effect (the notes or file that go, the message).
Accepting a proposal that leaves out a required value asks you for it, rather than ending the run.

``Declining`` stands in where nobody is at a terminal: it decides nothing and allows nothing, and says so.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.prompt import Confirm, Prompt

from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import Slot
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution

ACCEPT, PICK, FINISH_NOW, STOP = "a", "t", "f", "s"


def _now() -> datetime:
    return datetime.now(UTC)


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "person"


def call_text(call: Call | None) -> str:
    """``tool(slot=value, …)``, or ``finish`` for no call."""
    if call is None:
        return "finish"
    return f"{call.tool}({', '.join(f'{k}={v!r}' for k, v in call.args.items())})"


class TerminalPerson:
    """Asks the person at the terminal; ``stream`` replaces stdin in tests."""

    def __init__(
        self,
        console: Console,
        *,
        stream: TextIO | None = None,
        who: str | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self._console = console
        self._stream = stream
        self._who = who or _user()
        self._clock = clock

    def resolve(self, request: NeedResolution) -> Resolution:
        """Show the held step and take the person's decision."""
        self._show(request)
        proposal = request.suggestion.call
        choices = (
            [ACCEPT, PICK, FINISH_NOW, STOP]
            if proposal is not None or request.suggestion.stop
            else [PICK, FINISH_NOW, STOP]
        )
        help_text = "a = accept the proposal, t = pick a tool, f = finish now, s = stop the run"
        picked = self._ask(f"Your decision ({help_text})", choices=choices, default=choices[0])
        if picked == STOP:
            return Resolution(kind="stop", by="person", detail="you stopped the run")
        if picked == FINISH_NOW or (picked == ACCEPT and proposal is None):
            return Resolution(kind="finish", by="person", detail="you finished the run")
        if picked == ACCEPT and proposal is not None:
            return self._accepted(request, proposal)
        return self._pick(request)

    def approve(self, request: NeedApproval) -> Approval:
        """Ask before a call that changes something, showing its effect when known; the default is no."""
        self._console.print(f"[bold yellow]⚠ {escape(request.call.tool)}[/] {escape(request.side_effect)}")
        self._console.print(f"  the call: {escape(call_text(request.call))}")
        if request.effect is not None:
            first, *rest = request.effect.text.splitlines() or [""]
            self._console.print(f"  the effect: [bold]{escape(first)}[/]", soft_wrap=True)
            for line in rest:
                self._console.print(f"  {escape(line)}", soft_wrap=True)
        allowed = Confirm.ask("Allow this call?", console=self._console, default=False, stream=self._stream)
        return Approval(allowed=bool(allowed), by=self._who, at=self._clock(), call=request.call, effect=request.effect)

    def ask_user(self, question: str) -> str | None:
        """The ``ask_user`` tool's question, answered at the terminal (empty = no answer)."""
        reply = self._ask(f"The agent asks: {question}", default="")
        return reply or None

    def _show(self, request: NeedResolution) -> None:
        out = self._console
        out.print(f"[bold]Step {request.step + 1} is held for you[/] — goal: {escape(request.goal)}")
        for hold in request.holds:
            out.print(f"  held because {escape(hold.detail)}")
        picks = ", ".join(f"{tool} {p:.2f}" for tool, p in request.suggestion.tools)
        if picks:
            out.print(f"  System 1's top picks: {escape(picks)}")
        proposal = "stop and answer" if request.suggestion.stop else call_text(request.suggestion.call)
        out.print(f"  System 1 proposed: {escape(proposal)}")

    def _accepted(self, request: NeedResolution, proposal: Call) -> Resolution:
        """The proposal as it stands, after asking for each required value it leaves out (a missing value is
        asked for, never the end of the run)."""
        tool = next((t for t in request.tools if t.id == proposal.tool), None)
        missing = [] if tool is None else [s for s in tool.slots if s.required and not proposal.args.get(s.name)]
        if not missing:
            return Resolution(kind="call", by="person", call=proposal, detail="you accepted System 1's proposal")
        self._console.print(f"  {escape(proposal.tool)} still needs: {escape(', '.join(s.name for s in missing))}")
        given = {s.name: self._value(s, request.suggestion.spans, "") for s in missing}
        call = Call(tool=proposal.tool, args={**proposal.args, **given})
        filled = ", ".join(given)
        return Resolution(
            kind="call", by="person", call=call, detail=f"you accepted the proposal and gave the {filled}"
        )

    def _pick(self, request: NeedResolution) -> Resolution:
        tools = list(request.tools)
        for i, tool in enumerate(tools, 1):
            self._console.print(f"  {i:>2}. {tool.id} — {escape(tool.description)}")
        proposal = request.suggestion.call
        default = next((str(i) for i, t in enumerate(tools, 1) if proposal and t.id == proposal.tool), "1")
        number = self._ask("Tool number", choices=[str(i) for i in range(1, len(tools) + 1)], default=default)
        tool = tools[int(number) - 1]
        given = proposal.args if proposal is not None and proposal.tool == tool.id else {}
        args = {s.name: self._value(s, request.suggestion.spans, given.get(s.name, "")) for s in tool.slots}
        return Resolution(kind="call", by="person", call=Call(tool=tool.id, args=args), detail="you chose the call")

    def _value(self, slot: Slot, spans: Mapping[str, tuple[str, ...]], proposed: str) -> str:
        options = [o.name for o in slot.fixed] if slot.is_fixed else list(spans.get(slot.name, ()))
        for i, option in enumerate(options, 1):
            self._console.print(f"     {i}. {escape(option)}")
        # With no options listed, a number is the value itself, never an option's place in a list.
        hint = " (a number or a new value)" if options else ""
        while True:
            text = self._ask(f"{slot.name}: {slot.instruction}{hint}", default=proposed).strip()
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            if text and (not slot.is_fixed or text in options):
                return text
            self._console.print(
                f"  [red]pick one of 1–{len(options)}[/]" if slot.is_fixed else "  [red]a value is needed[/]"
            )

    def _ask(self, prompt: str, *, choices: list[str] | None = None, default: str = "") -> str:
        return str(Prompt.ask(prompt, console=self._console, choices=choices, default=default, stream=self._stream))


class Declining:
    """Nobody at a terminal: every held step stops the run and every guarded call is refused, both said plainly."""

    def __init__(self, *, clock: Callable[[], datetime] = _now) -> None:
        self._clock = clock

    def resolve(self, request: NeedResolution) -> Resolution:
        """Stop: a held step needs someone to decide it."""
        return Resolution(
            kind="stop", by="code", detail="a held step was declined, since nobody is at a terminal to decide it"
        )

    def approve(self, request: NeedApproval) -> Approval:
        """No."""
        return Approval(
            allowed=False,
            by="nobody (non-interactive)",
            at=self._clock(),
            call=request.call,
            note="declined",
            effect=request.effect,
        )
