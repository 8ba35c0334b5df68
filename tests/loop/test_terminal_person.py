"""The person at the terminal: a tool by name, value prompts that say what a number means, typed values read as
the slot's type, and the four answers to a guarded call (once, for the rest of the run, edit, refuse)."""

from __future__ import annotations

import io
from collections.abc import Mapping

import pytest
from rich.console import Console

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.records import Call, Hold
from decisionloop.core.tool import Slot, Tool
from decisionloop.loop.requests import NeedApproval, NeedResolution, Suggestion
from decisionloop.system2 import TerminalPerson
from decisionloop.tools.builtin import builtin_tools
from tests.support.loop import NOW, Env, by_step

TOOLS = builtin_tools()
GYM = ("Gym locker code is 4417", "Gym bag is in the car", "Parking spot at work is B-14")


def _person(keys: str) -> tuple[TerminalPerson, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=160, force_terminal=False, color_system=None)
    return TerminalPerson(console, stream=io.StringIO(keys), who="ada", clock=lambda: NOW), out


def _held(
    tools: tuple[Tool, ...] = TOOLS, spans: Mapping[str, tuple[str, ...]] | None = None, call: Call | None = None
) -> NeedResolution:
    return NeedResolution(
        step=0,
        goal="Tell me something",
        holds=(Hold(kind="tool_unsure", detail="tool choice unsure"),),
        suggestion=Suggestion(tools=(), call=call, stop=False, done=None, spans=spans or {}),
        tools=tools,
        history=(),
    )


def _typed(*slots: Slot) -> tuple[Tool, ...]:
    return (Tool(id="book_table", description="Book a table", slots=slots, run=TOOLS[0].run),)


@pytest.mark.parametrize("typed", ["calculator", "Calculator", "calc", "4"])
def test_a_tool_is_picked_by_its_name_a_unique_start_of_it_or_its_number(typed: str) -> None:
    person, _ = _person(f"t\n{typed}\n2 + 2\n")
    resolution = person.resolve(_held())
    assert resolution.call == Call(tool="calculator", args={"expression": "2 + 2"})


def test_an_unknown_tool_name_is_asked_again_with_what_to_type() -> None:
    person, out = _person("t\nteleport\nweather\nParis\ntoday\n")
    resolution = person.resolve(_held())
    assert resolution.call == Call(tool="weather", args={"place": "Paris", "when": "today"})
    assert "no tool 'teleport': type 1–" in out.getvalue()


def test_on_a_span_slot_a_number_picks_from_the_list_and_the_prompt_says_so() -> None:
    person, out = _person("t\nweather\n2\ntomorrow\n")
    resolution = person.resolve(_held(spans={"place": ("Oslo", "Bergen")}))
    assert resolution.call == Call(tool="weather", args={"place": "Bergen", "when": "tomorrow"})
    assert "(1–2 picks from the list, or type any other value)" in out.getvalue()


def test_on_a_number_slot_a_number_is_the_value_and_a_listed_one_is_picked_with_a_hash() -> None:
    tools = _typed(Slot(name="people", instruction="How many people?", type="integer"))
    spans = {"people": ("4", "6")}
    assert _person("t\n1\n2\n")[0].resolve(_held(tools, spans)).call == Call(tool="book_table", args={"people": "2"})
    picked, out = _person("t\n1\n#2\n")
    assert picked.resolve(_held(tools, spans)).call == Call(tool="book_table", args={"people": "6"})
    assert "#1–#2 picks from the list; a number you type is the value itself" in out.getvalue()


def test_a_typed_value_is_read_as_the_slot_type_and_one_that_does_not_read_is_asked_again() -> None:
    tools = _typed(
        Slot(name="day", instruction="Which day?", type="date"),
        Slot(name="people", instruction="How many?", type="integer"),
    )
    person, out = _person("t\n1\nsoonish\nChristmas\na dozen\n")
    assert person.resolve(_held(tools)).call == Call(tool="book_table", args={"day": "2026-12-25", "people": "12"})
    assert "'soonish' does not read as a date (2027-03-14, next Friday, Christmas)" in out.getvalue()


def test_a_fixed_slot_takes_an_option_by_name_in_any_case_and_an_optional_one_may_be_left_out() -> None:
    tools = _typed(
        Slot(name="when", instruction="When?", fixed=TOOLS[2].slot("when").fixed),
        Slot(name="note", instruction="Any note?", required=False),
    )
    person, out = _person("t\n1\nsoon\nTOMORROW\n\n")
    assert person.resolve(_held(tools)).call == Call(tool="book_table", args={"when": "tomorrow"})
    assert "pick 1–11 or type one of: today, tomorrow, weekend, week, monday, tuesday," in out.getvalue()


def _delete(query: str) -> ScriptedBackend:
    return by_step({"tool": "note_delete", "arg:query": query, "risk": 3}, {"needs_tool": 0.02, "done": 0.97})


def test_edit_the_call_previews_and_asks_again_and_runs_only_the_edited_call() -> None:
    person, out = _person("e\nlocker\ny\n")
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=person).run("Remove my notes about the gym")
    assert run.notes.all() == [GYM[1], GYM[2]]  # only the locker note went, not both gym notes
    record = run.driven.result.steps[0]
    assert record.call == Call(tool="note_delete", args={"query": "locker"})
    assert record.approval is not None
    assert record.approval.allowed
    assert "ada edited the call" in record.note
    shown = out.getvalue()
    assert shown.count("⚠ note_delete") == 2
    assert 'deletes 1 note, each holding every word of "locker"' in shown


def test_refusing_is_the_default_and_ends_the_run_declined() -> None:
    run = Env(backend=_delete("gym"), tools=TOOLS, notes=GYM, approver=_person("\n")[0]).run(
        "Remove my notes about the gym"
    )
    assert run.driven.result.stop == "declined"
    assert run.notes.all() == list(GYM)


def test_allow_for_the_rest_of_the_run_is_recorded_and_asks_no_more_in_that_run_only() -> None:
    person, out = _person("r\n")
    call = Call(tool="send_message", args={"to": "Priya", "text": "late"})
    first = person.approve(NeedApproval(step=0, goal="g", call=call, side_effect="sends"))
    again = person.approve(NeedApproval(step=1, goal="g", call=call, side_effect="sends"))
    assert (first.allowed, again.allowed) == (True, True)
    assert first.note == "allowed, and for the rest of this run"
    assert again.note == "allowed for the rest of this run (you chose this at step 1)"
    assert "you allowed send_message for the rest of this run" in out.getvalue()
    next_run = person.approve(NeedApproval(step=0, goal="another goal", call=call, side_effect="sends"))
    assert not next_run.allowed  # the input is used up: a new run is asked again, and no answer is a no


def test_the_end_of_the_input_stops_the_run_rather_than_asking_again() -> None:
    # at the end of a piped file (or Ctrl-D) a required value once was asked for again and again, forever
    person, out = _person("t\nweather\n")
    resolution = person.resolve(_held())
    assert (resolution.kind, resolution.call) == ("stop", None)
    assert "the input ended: the run stops" in out.getvalue()
    assert _person("")[0].resolve(_held()).kind == "stop"


def test_the_end_of_the_input_refuses_the_call_and_leaves_the_question_unanswered() -> None:
    request = NeedApproval(
        step=0, goal="x", call=Call(tool="note_delete", args={"query": "gym"}), side_effect="deletes"
    )
    refused = _person("")[0].approve(request)
    assert (refused.allowed, refused.note) == (False, "the input ended before an answer: refused")
    assert _person("")[0].ask_user("Which Paris?") is None


def test_an_empty_line_takes_the_value_shown_as_the_default() -> None:
    person, _ = _person("t\nweather\n\n\n")
    resolution = person.resolve(
        _held(spans={"place": ("Oslo",)}, call=Call(tool="weather", args={"place": "Oslo", "when": "today"}))
    )
    assert resolution.call == Call(tool="weather", args={"place": "Oslo", "when": "today"})
