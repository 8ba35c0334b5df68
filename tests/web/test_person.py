"""The person in the browser: a held step's answer read like the terminal's (typed values, fixed options,
finish, stop), the guard's three answers with "for this run" remembered per run, and no answer meaning no."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from decisionloop.core.questions import Option
from decisionloop.core.records import Call, Hold
from decisionloop.core.tool import Effect, Slot, Tool, ToolContext, ToolResult
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution, Suggestion
from decisionloop.web.person import AnswerError, DialogKind, NoAnswer, Parse, WebPerson, resolution_from
from decisionloop.web.trace import Json
from tests.support.loop import NOW


def _noop(args: Mapping[str, str], context: ToolContext) -> ToolResult:
    return ToolResult(observation="")


REMIND = Tool(
    id="remind",
    description="Set a reminder",
    slots=(
        Slot(name="when", instruction="When to remind", type="date"),
        Slot(name="channel", instruction="How", fixed=(Option(name="email"), Option(name="sms"))),
        Slot(name="note", instruction="What to say", required=False),
    ),
    run=_noop,
)
HELD = NeedResolution(
    step=0,
    goal="Remind me next Friday by sms",
    holds=(Hold(kind="tool_unsure", detail="tool choice unsure"),),
    suggestion=Suggestion(
        tools=(("remind", 0.55),), call=Call(tool="remind", args={"when": "2026-10-02", "channel": "sms"}),
        stop=False, done=0.1, spans={"when": ("next Friday",)},
    ),
    tools=(REMIND,),
    history=(),
)  # fmt: skip
SAVE = NeedApproval(
    step=1, goal="Save two notes", call=Call(tool="note_save", args={"text": "a"}), side_effect="saves a note",
    effect=Effect(text='saves "a"', plan={"text": "a"}),
)  # fmt: skip


class _Desk:
    """Answers each dialog with the next reply (a body for the dialog's parser, or a NoAnswer)."""

    def __init__(self, *replies: Mapping[str, object] | NoAnswer) -> None:
        self.replies = list(replies)
        self.opened: list[tuple[DialogKind, Json]] = []
        self.events: list[Json] = []

    def emit(self, event: Json) -> None:
        self.events.append(event)

    def wait(self, kind: DialogKind, payload: Json, parse: Parse) -> object:
        self.opened.append((kind, payload))
        reply = self.replies.pop(0)
        return reply if isinstance(reply, NoAnswer) else parse(reply)


def _read(body: Mapping[str, object]) -> Resolution:
    return resolution_from(body, HELD, NOW.date())


def test_accepting_the_proposal_as_it_stands_says_so() -> None:
    resolution = _read({"action": "call", "tool": "remind", "args": {"when": "2026-10-02", "channel": "sms"}})
    assert resolution == Resolution(
        kind="call", by="person", call=HELD.suggestion.call, detail="you accepted System 1's proposal"
    )


def test_a_typed_value_is_read_as_its_slot_type_and_a_fixed_one_by_its_name() -> None:
    resolution = _read({"action": "call", "tool": "remind", "args": {"when": "next Friday", "channel": "EMAIL"}})
    assert resolution.call == Call(tool="remind", args={"when": "2026-10-02", "channel": "email"})
    assert resolution.detail == "you chose the call"


def _call(tool: str = "remind", **args: object) -> dict[str, object]:
    return {"action": "call", "tool": tool, "args": args}


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (_call(when="someday", channel="sms"), "'someday' does not read as a date"),
        (_call(when="2026-10-02", channel="fax"), "takes one of email, sms"),
        (_call(channel="sms"), "remind needs a value for 'when'"),
        (_call(when="2026-10-02", channel="sms", x="1"), "no slot 'x'"),
        (_call("weather"), "'weather' is not offered at this step; pick one of remind"),
        (_call(when=3), "args must be an object of slot name → text"),
        ({"action": "dance"}, "'dance' is not one of 'call', 'finish', 'stop'"),
    ],
)
def test_an_answer_that_does_not_read_says_what_to_change(body: Mapping[str, object], says: str) -> None:
    with pytest.raises(AnswerError, match=says):
        _read(body)


def test_finish_and_stop_are_the_persons() -> None:
    assert _read({"action": "finish"}) == Resolution(kind="finish", by="person", detail="you finished the run")
    assert _read({"action": "stop"}) == Resolution(kind="stop", by="person", detail="you stopped the run")


def test_a_held_step_nobody_answers_stops_the_run_said_so() -> None:
    person = WebPerson(_Desk(NoAnswer(why="timeout")), clock=lambda: NOW)
    resolution = person.resolve(HELD)
    assert (resolution.kind, resolution.by) == ("stop", "code")
    assert "nobody answered" in resolution.detail


def test_the_held_dialog_carries_why_the_picks_the_proposal_and_the_slots() -> None:
    desk = _Desk({"action": "finish"})
    WebPerson(desk, clock=lambda: NOW).resolve(HELD)
    kind, payload = desk.opened[0]
    assert kind == "held"
    assert payload["holds"] == [{"kind": "tool_unsure", "detail": "tool choice unsure"}]
    assert payload["picks"] == [["remind", 0.55]]
    assert payload["spans"] == {"when": ["next Friday"]}
    slots = payload["tools"][0]["slots"]  # type: ignore[index]
    assert [s["name"] for s in slots] == ["when", "channel", "note"]
    assert slots[1]["fixed"] == ["email", "sms"]
    assert slots[2]["required"] is False


def test_allow_once_asks_again_next_time_and_refuse_is_a_no() -> None:
    desk = _Desk({"action": "allow"}, {"action": "refuse"})
    person = WebPerson(desk, who="ana (web)", clock=lambda: NOW)
    first, second = person.approve(SAVE), person.approve(SAVE)
    assert first is not None
    assert first.allowed
    assert first.by == "ana (web)"
    assert first.effect == SAVE.effect
    assert second is not None
    assert not second.allowed
    assert second.note == "you refused"
    assert len(desk.opened) == 2


def test_allowing_a_tool_for_the_run_allows_its_later_calls_each_shown_in_the_trace() -> None:
    desk = _Desk({"action": "trust"})
    person = WebPerson(desk, clock=lambda: NOW)
    assert person.approve(SAVE) is not None
    later = person.approve(SAVE)
    assert later is not None
    assert later.allowed
    assert later.note == "allowed for the rest of this run (you chose this at step 2)"
    assert len(desk.opened) == 1
    assert desk.events[0]["type"] == "guard"
    assert desk.events[0]["trusted"] is True


def test_a_tool_allowed_for_the_run_is_asked_again_when_its_effect_is_unknown() -> None:
    desk = _Desk({"action": "trust"}, {"action": "refuse"})
    person = WebPerson(desk, clock=lambda: NOW)
    person.approve(SAVE)
    unknown = NeedApproval(step=2, goal=SAVE.goal, call=SAVE.call, side_effect=SAVE.side_effect,
                           effect=Effect(text="could not be worked out", known=False))  # fmt: skip
    assert person.approve(unknown) is not None
    assert len(desk.opened) == 2


def test_no_answer_to_the_guard_is_none_and_a_stop_is_a_refusal() -> None:
    person = WebPerson(_Desk(NoAnswer(why="timeout"), NoAnswer(why="stopped")), clock=lambda: NOW)
    assert person.approve(SAVE) is None
    stopped = person.approve(SAVE)
    assert stopped is not None
    assert not stopped.allowed
    assert stopped.note == "you stopped the run"


def test_the_agents_question_is_answered_or_skipped() -> None:
    person = WebPerson(_Desk({"action": "answer", "text": " Paris "}, {"action": "skip"}), clock=lambda: NOW)
    assert person.ask_user("Which city?") == "Paris"
    assert person.ask_user("Which city?") is None
    with pytest.raises(AnswerError, match="text must be a string"):
        WebPerson(_Desk({"action": "answer"}), clock=lambda: NOW).ask_user("Which city?")
