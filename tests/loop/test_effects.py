"""A guarded call's effect end to end: previewed without side effects, shown to the person, approved with the
call, journaled, and carried out exactly (issue 14: note_delete's approval showed only the query)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import Effect, Tool, ToolContext, ToolResult
from decisionloop.journal.events import ApprovalGiven, ToolStarted
from decisionloop.loop.requests import NeedApproval
from decisionloop.system2 import Declining, TerminalPerson
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.local import preview_send_message
from decisionloop.tools.notes import SqliteNotes
from decisionloop.tools.workspace import preview_write_file
from tests.support.loop import NOW, Env, by_step

TOOLS = builtin_tools()
UNRELATED = (  # each shares a word with the goal's query, none is about the red bag
    "Dentist appointment on Friday at 3pm",
    "The car needs an oil change",
    "Buy a red scarf for Mum",
    "Gym bag is in the hall cupboard",
    "Wifi password is lantern42",
)
RED_BAG_GOAL = "Delete my note about the red bag in my car on Friday"
GYM = ("Gym locker code is 4417", "Gym bag is in the car", "Parking spot at work is B-14")


def _delete(query: str) -> ScriptedBackend:
    return by_step({"tool": "note_delete", "arg:query": query, "risk": 3}, {"needs_tool": 0.02, "done": 0.97})


def _person(keys: str) -> tuple[TerminalPerson, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    return TerminalPerson(console, stream=io.StringIO(keys), who="ada", clock=lambda: NOW), out


class _Approver:
    """Allows every call; ``meanwhile`` runs after it answered, as if the world moved on before the run."""

    def __init__(self, meanwhile: Callable[[], object] | None = None, effect: Effect | None = None) -> None:
        self.asked: list[NeedApproval] = []
        self.meanwhile = meanwhile
        self.effect = effect

    def approve(self, request: NeedApproval) -> Approval:
        self.asked.append(request)
        if self.meanwhile is not None:
            self.meanwhile()
        return Approval(allowed=True, by="tester", at=NOW, call=request.call, effect=self.effect)


def test_the_red_bag_goal_deletes_no_unrelated_note_and_the_prompt_says_so() -> None:
    person, out = _person("y\n")
    env = Env(backend=_delete("red bag"), tools=TOOLS, notes=UNRELATED, approver=person)
    run = env.run(RED_BAG_GOAL)
    assert run.driven.result.steps[0].call is not None
    assert run.driven.result.steps[0].call.args == {"query": "red bag"}
    assert 'the effect: no saved note holds every word of "red bag", so nothing will be deleted' in out.getvalue()
    assert run.notes.all() == list(UNRELATED)  # the old tree deleted the red scarf and the gym bag


def test_the_terminal_prompt_lists_the_notes_to_be_deleted_and_exactly_those_go() -> None:
    person, out = _person("y\n")
    env = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=person)
    run = env.run("Remove my notes about the gym")
    shown = out.getvalue()
    assert "⚠ note_delete permanently deletes saved notes" in shown
    assert "the call: note_delete(query='gym')" in shown
    assert 'the effect: deletes 2 notes, each holding every word of "gym":' in shown
    assert '    - "Gym bag is in the car"\n    - "Gym locker code is 4417"\n' in shown
    assert run.notes.all() == ["Parking spot at work is B-14"]
    approval = run.driven.result.steps[0].approval
    assert approval is not None
    assert approval.effect is not None
    assert approval.effect.plan == {"notes": [{"id": 2, "text": GYM[1]}, {"id": 1, "text": GYM[0]}]}


def test_saying_no_at_the_prompt_deletes_nothing() -> None:
    person, out = _person("\n")
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=person).run("Remove my notes about the gym")
    assert run.driven.result.stop == "declined"
    assert '  - "Gym locker code is 4417"' in out.getvalue()
    assert run.notes.all() == list(GYM)


def test_a_note_added_between_the_approval_and_the_run_is_not_deleted() -> None:
    store = SqliteNotes(":memory:")
    approver = _Approver(meanwhile=lambda: store.save("Gym shoes are in the boot"))
    env = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=approver, store=store)
    run = env.run("Remove my notes about the gym")
    assert store.all() == ["Parking spot at work is B-14", "Gym shoes are in the boot"]
    result = run.driven.result.steps[0].result
    assert result is not None
    assert result.observation == 'Deleted 2 notes: "Gym bag is in the car"; "Gym locker code is 4417"'


def test_a_note_gone_between_the_approval_and_the_run_is_reported() -> None:
    store = SqliteNotes(":memory:")
    approver = _Approver(meanwhile=lambda: store.delete_ids([1]))
    env = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=approver, store=store)
    run = env.run("Remove my notes about the gym")
    result = run.driven.result.steps[0].result
    assert result is not None
    assert "1 note you approved had already gone, nothing else was deleted" in result.observation


def test_the_approval_and_its_effect_are_journaled() -> None:
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=_Approver()).run("Remove my notes about the gym")
    (given,) = [e for e in run.events if isinstance(e, ApprovalGiven)]
    assert given.approval.allowed
    assert given.approval.effect is not None
    assert given.approval.effect.text.startswith('deletes 2 notes, each holding every word of "gym":')


def test_an_approval_of_another_effect_is_a_denial() -> None:
    other = Effect(text="deletes 1 note", plan={"notes": [{"id": 3, "text": GYM[2]}]})
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=_Approver(effect=other)).run(
        "Remove my notes about the gym"
    )
    assert run.driven.result.stop == "declined"
    assert not any(isinstance(e, ToolStarted) for e in run.events)
    assert run.notes.all() == list(GYM)


def test_non_interactive_runs_decline_and_record_what_was_declined() -> None:
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=Declining(clock=lambda: NOW)).run(
        "Remove my notes about the gym"
    )
    assert run.driven.result.stop == "declined"
    (given,) = [e for e in run.events if isinstance(e, ApprovalGiven)]
    assert (given.approval.allowed, given.approval.by) == (False, "nobody (non-interactive)")
    assert given.approval.effect is not None
    assert '"Gym locker code is 4417"' in given.approval.effect.text
    assert run.notes.all() == list(GYM)


def test_a_preview_that_fails_keeps_the_call_from_running_even_when_allowed() -> None:
    ran: list[Mapping[str, str]] = []

    def broken(args: Mapping[str, str], ctx: ToolContext) -> Effect:
        raise RuntimeError("the store is locked")

    def wrap(tool: Tool) -> Tool:
        def counted(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
            ran.append(args)
            return tool.run(args, ctx)

        return replace(tool, preview=broken, run=counted) if tool.id == "note_delete" else tool

    approver = _Approver()
    run = Env(backend=_delete("gym"), tools=tuple(wrap(t) for t in TOOLS), notes=GYM, approver=approver).run(
        "Remove my notes about the gym"
    )
    assert approver.asked[0].effect == Effect(
        text="its effect could not be worked out (the store is locked), so it will not run", known=False
    )
    assert ran == []
    result = run.driven.result.steps[0].result
    assert result is not None
    assert result.observation == "note_delete was refused: its effect was not worked out and approved before it ran."
    assert run.notes.all() == list(GYM)


def test_the_prompt_shows_a_write_target_and_size_and_a_message_recipient_and_text(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("x" * 40)
    ctx = ToolContext(now=NOW, workdir=tmp_path)
    calls = (
        Call(tool="write_file", args={"path": "report.md", "content": "twelve chars"}),
        Call(tool="send_message", args={"to": "Priya", "text": "I'll be late"}),
    )
    shown = {
        "write_file": "the effect: writes report.md: 12 characters (12 bytes), REPLACING the existing file (40 bytes)",
        "send_message": 'the effect: sends to Priya: "I\'ll be late" (simulated: nothing is actually sent)',
    }
    for call, preview in zip(calls, (preview_write_file, preview_send_message), strict=True):
        effect = preview(call.args, ctx)
        person, out = _person("y\n")
        approval = person.approve(NeedApproval(step=0, goal="x", call=call, side_effect="changes", effect=effect))
        assert shown[call.tool] in out.getvalue()
        assert (approval.allowed, approval.effect) == (True, effect)
    assert (tmp_path / "report.md").read_text() == "x" * 40
