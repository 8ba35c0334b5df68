"""The person as System 2 and approver, in a terminal: why a step was held, what System 1 proposed, your choice;
before a call that changes something, the call and its exact effect (the notes or file that go, the message), to
allow once, allow for the rest of the run, edit or refuse. Accepting a proposal that leaves out a required value
asks you for it, rather than ending the run. A tool is picked by its number or its name; a value by its number in
the list, or typed and read as the slot's type (a date, an amount, a unit).

``Declining`` stands in where nobody is at a terminal: it decides nothing and allows nothing, and says so. So does
the terminal once its input ends (Ctrl-D, the end of a piped file): the held step stops the run, the call is refused,
the question goes unanswered — never the same prompt again and again.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TextIO, cast

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt

from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import Slot, SlotType, Tool
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution
from decisionloop.system2.typed import typed_value

ACCEPT, PICK, FINISH_NOW, STOP = "a", "t", "f", "s"
ALLOW, TRUST, EDIT, REFUSE = "y", "r", "e", "n"
# How a value prompt names what a slot takes, when a typed value does not read as one.
_TYPE_WORDS: Mapping[SlotType, str] = {
    "string": "text",
    "integer": "a whole number (12, twelve, 3.5k)",
    "number": "a number (3.5, 15%, $86.40)",
    "boolean": "yes or no",
    "enum": "one of the options",
    "date": "a date (2027-03-14, next Friday, Christmas)",
    "datetime": "a date and time (2027-03-14T09:30)",
    "duration": "an amount of time (3 days, 2 weeks)",
    "quantity": "an amount with a unit (3 pounds, 100 °F)",
    "list": "a list (1, 2 and 3)",
}
_NUMERIC: frozenset[SlotType] = frozenset({"integer", "number", "quantity"})


def _numeric(slot: Slot) -> bool:
    """Whether a typed number is the slot's value itself, so listed options are picked as ``#2``."""
    return slot.type in _NUMERIC or (slot.type == "list" and slot.item in _NUMERIC)


def _hint(slot: Slot, listed: int) -> str:
    optional = "; Enter leaves it out" if not slot.required else ""
    if not listed:
        return f" ({_TYPE_WORDS[slot.type]}{optional})" if slot.type != "string" or optional else ""
    if slot.is_fixed:
        return f" (1–{listed} or an option's name{optional})"
    if _numeric(slot):
        return f" (#1–#{listed} picks from the list; a number you type is the value itself{optional})"
    return f" (1–{listed} picks from the list, or type any other value{optional})"


def _by_number(text: str, options: list[str], *, numeric: bool) -> str | None:
    """The option ``text`` picks by its place in the list (``2``, or ``#2`` where numbers are values)."""
    digits = text.removeprefix("#") if numeric else text
    if numeric and not text.startswith("#"):
        return None
    return options[int(digits) - 1] if digits.isdigit() and 1 <= int(digits) <= len(options) else None


def _tool_named(tools: Sequence[Tool], text: str) -> Tool | None:
    """The tool ``text`` names: its number, its id, or the one id it starts."""
    if text.isdigit():
        return tools[int(text) - 1] if 1 <= int(text) <= len(tools) else None
    folded = text.casefold().replace(" ", "_")
    exact = [t for t in tools if t.id.casefold() == folded]
    starts = [t for t in tools if t.id.casefold().startswith(folded)] if folded else []
    return exact[0] if exact else starts[0] if len(starts) == 1 else None


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
        self._stream = cast("TextIO", _Lines(stream)) if stream is not None else None
        self._who = who or _user()
        self._clock = clock
        self._trusted: dict[str, str] = {}  # tool id → when you allowed it for the rest of the run
        self._trust_goal, self._trust_step = "", -1

    def resolve(self, request: NeedResolution) -> Resolution:
        """Show the held step and take the person's decision; the run stops where the input ends."""
        try:
            return self._resolved(request)
        except EOFError:
            self._console.print("  the input ended: the run stops")
            return Resolution(kind="stop", by="person", detail="the input ended before a decision")

    def _resolved(self, request: NeedResolution) -> Resolution:
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
        """Ask before a call that changes something, showing its effect when known: allow it once, allow the tool
        for the rest of this run, edit the call, or refuse (the default, and where the input ends)."""
        try:
            return self._approved(request)
        except EOFError:
            self._console.print("  the input ended: the call is refused")
            return self._approval(request, False, note="the input ended before an answer: refused")

    def _approved(self, request: NeedApproval) -> Approval:
        call = request.call
        self._console.print(f"[bold yellow]⚠ {escape(call.tool)}[/] {escape(request.side_effect)}")
        self._console.print(f"  the call: {escape(call_text(call))}")
        if request.effect is not None:
            first, *rest = request.effect.text.splitlines() or [""]
            self._console.print(f"  the effect: [bold]{escape(first)}[/]", soft_wrap=True)
            for line in rest:
                self._console.print(f"  {escape(line)}", soft_wrap=True)
        if request.step < self._trust_step or request.goal != self._trust_goal:
            self._trusted.clear()  # a new run: nothing is trusted from the last one
        self._trust_goal, self._trust_step = request.goal, request.step
        if call.tool in self._trusted and (request.effect is None or request.effect.known):
            self._console.print(f"  allowed: you allowed {escape(call.tool)} for the rest of this run")
            return self._approval(request, True, note=f"allowed for the rest of this run ({self._trusted[call.tool]})")
        help_text = f"y = allow once, r = allow {call.tool} for the rest of this run, e = edit the call, n = refuse"
        picked = self._ask(f"Allow this call? ({help_text})", choices=[ALLOW, TRUST, EDIT, REFUSE], default=REFUSE)
        if picked == ALLOW:
            return self._approval(request, True)
        if picked == TRUST:
            self._trusted[call.tool] = f"you chose this at step {request.step + 1}"
            return self._approval(request, True, note="allowed, and for the rest of this run")
        if picked == EDIT:
            edited = Call(tool=call.tool, args={k: self._edited(k, v) for k, v in call.args.items()})
            return self._approval(request, False, note="you edited the call", edit=edited)
        return self._approval(request, False, note="you refused")

    def _approval(self, request: NeedApproval, allowed: bool, *, note: str = "", edit: Call | None = None) -> Approval:
        return Approval(
            allowed=allowed,
            by=self._who,
            at=self._clock(),
            call=request.call,
            effect=request.effect,
            note=note,
            edit=edit,
        )

    def _edited(self, name: str, value: str) -> str:
        text = self._ask(f"{name} (Enter keeps it)", default=value).strip()
        return text or value

    def ask_user(self, question: str) -> str | None:
        """The ``ask_user`` tool's question, answered at the terminal (empty, or the input ended: no answer)."""
        try:
            reply = self._ask(f"The agent asks: {question}", default="")
        except EOFError:
            return None
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
        for i, listed in enumerate(tools, 1):
            self._console.print(f"  {i:>2}. {listed.id} — {escape(listed.description)}")
        proposal = request.suggestion.call
        default = next((t.id for t in tools if proposal and t.id == proposal.tool), tools[0].id)
        tool: Tool | None = None
        while tool is None:
            text = self._ask(f"Tool (its number 1–{len(tools)} or its name)", default=default).strip()
            tool = _tool_named(tools, text)
            if tool is None:
                self._console.print(f"  [red]no tool {escape(text)!r}: type 1–{len(tools)} or a name from the list[/]")
        given = proposal.args if proposal is not None and proposal.tool == tool.id else {}
        args = {s.name: self._value(s, request.suggestion.spans, given.get(s.name, "")) for s in tool.slots}
        args = {name: value for name, value in args.items() if value}  # an optional value left empty is left out
        return Resolution(kind="call", by="person", call=Call(tool=tool.id, args=args), detail="you chose the call")

    def _value(self, slot: Slot, spans: Mapping[str, tuple[str, ...]], proposed: str) -> str:
        """One value: a listed option by its number (``#2`` where the slot takes numbers), or any text, read as
        the slot's type (a date, an amount, a unit…); an optional slot may be left empty."""
        options = [o.name for o in slot.fixed] if slot.is_fixed else list(spans.get(slot.name, ()))
        for i, option in enumerate(options, 1):
            self._console.print(f"     {'#' if _numeric(slot) else ''}{i}. {escape(option)}")
        prompt = f"{slot.name}: {slot.instruction}{_hint(slot, len(options))}"
        while True:
            text = self._ask(prompt, default=proposed).strip()
            if not text and not slot.required:
                return ""
            picked = _by_number(text, options, numeric=_numeric(slot))
            if picked is not None:
                return picked
            if not text and not slot.is_fixed:
                self._console.print("  [red]a value is needed[/]")
                continue
            value = typed_value(slot, text, self._clock().date())
            if value is not None:
                return value
            if slot.is_fixed:
                listed = ", ".join(options)
                self._console.print(f"  [red]pick 1–{len(options)} or type one of: {escape(listed)}[/]")
            else:
                self._console.print(f"  [red]{escape(text)!r} does not read as {_TYPE_WORDS[slot.type]}[/]")

    def _ask(self, prompt: str, *, choices: list[str] | None = None, default: str = "") -> str:
        return str(Prompt.ask(prompt, console=self._console, choices=choices, default=default, stream=self._stream))


class _Lines:
    """A stream of typed lines read as ``input()`` reads the terminal: each without its line break (so an empty line
    takes the prompt's default), and EOFError at the end (Ctrl-D)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def readline(self) -> str:
        line = self._stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


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
