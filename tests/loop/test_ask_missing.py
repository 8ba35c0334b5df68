"""A required value in neither the goal nor the results is asked of the user (once), when the run can ask and
nothing else holds the step; the reply fills it in the next step. Without a way to ask, the step holds."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace

import pytest
from rich.console import Console

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion
from decisionloop.core.records import Call, Hold
from decisionloop.core.tool import NONE, Slot, Tool, ToolContext, ToolResult
from decisionloop.core.vocab import ASK_USER, DecidedBy
from decisionloop.driver import Seams, System2, drive
from decisionloop.journal.events import MemoryJournal, StepFinished, ToolStarted
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.loop.asks import reply_value
from decisionloop.loop.requests import NeedResolution, Resolution, Suggestion
from decisionloop.model.backend import ModelBackend, has_model
from decisionloop.system2 import TerminalPerson
from decisionloop.tools import tool as as_tool
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.notes import SqliteNotes
from tests.support.loop import NOW, SPEC, Clock, Env, Picks, Run, answers_for, by_step

GOAL = "what's the weather?"
WEATHER: Picks = {"tool": "weather", "arg:when": "today", "done": 0.02}
FILLED: Picks = {**WEATHER, "arg:place": "Paris"}
DONE: Picks = {"needs_tool": 0.02}


def _forecast(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    return ToolResult(observation=f"Sunny in {args['place']} {args['when']}", answer=f"Sunny in {args['place']}")


TOOLS = tuple(replace(t, run=_forecast) if t.id == "weather" else t for t in builtin_tools())


class _User:
    """Answers the agent's questions from a list, and keeps them."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.questions: list[str] = []

    def __call__(self, question: str) -> str | None:
        self.questions.append(question)
        return self.replies.pop(0) if self.replies else None


def _run(
    *steps: Picks,
    user: _User | None,
    tools: tuple[Tool, ...] = TOOLS,
    system2: System2 | None = None,
    goal: str = GOAL,
    backend: ScriptedBackend | None = None,
) -> Run:
    journal = MemoryJournal()
    setup = LoopSetup(spec=SPEC, tools=tools, limits=Limits(), clock=Clock(), now=NOW)
    context = ToolContext(now=NOW, ask_user=user)
    decider = backend or by_step(*steps)
    seams = Seams(backend=decider, context=context, journal=journal, system2=system2, wall=lambda: NOW)
    driven = drive(goal, setup, seams)
    return Run(driven=driven, journal=journal, notes=SqliteNotes(":memory:"))


def test_a_missing_place_is_asked_for_and_the_reply_fills_the_next_call() -> None:
    user = _User("Paris")
    run = _run(WEATHER, FILLED, DONE, user=user)
    result = run.driven.result
    (question,) = user.questions
    assert question.startswith("Which place should the weather forecast be for?")
    assert "place" in question
    assert "you" in question
    asked, called = result.steps[0], result.steps[1]
    assert asked.call == Call(tool=ASK_USER, args={"question": question})
    assert (asked.decided_by, asked.note) == ("code", "asked you for the place of weather")
    assert [h.kind for h in asked.holds] == ["arg_missing"]
    assert asked.result is not None
    assert asked.result.observation == 'The user answered: "Paris"'
    assert called.call == Call(tool="weather", args={"place": "Paris", "when": "today"})
    assert (result.stop, result.answer) == ("answered", "Sunny in Paris")


def test_system_1_asking_the_user_asks_what_the_named_tool_lacks_and_that_tool_comes_next() -> None:
    user = _User("Paris")
    backend = by_step({"tool": ASK_USER, "done": 0.02}, {"tool": "calculator", **FILLED}, DONE)
    result = _run_with(backend, user).driven.result
    (question,) = user.questions
    assert question.startswith("Which place should the weather forecast be for? (weather needs the place")
    asked, called = result.steps[0], result.steps[1]
    assert (asked.tool, asked.decided_by) == (ASK_USER, "system1")
    assert called.call == Call(tool="weather", args={"place": "Paris", "when": "today"})  # not the calculator
    steps = [r.questions for r in backend.requests if "needs_tool" in r.questions]
    assert ["tool" in q for q in steps[:2]] == [True, False]  # the tool was chosen when the user was asked


def _run_with(backend: ScriptedBackend, user: _User) -> Run:
    setup = LoopSetup(spec=SPEC, tools=TOOLS, limits=Limits(), clock=Clock(), now=NOW)
    seams = Seams(backend=backend, context=ToolContext(now=NOW, ask_user=user), journal=MemoryJournal())
    return Run(driven=drive(GOAL, setup, seams), journal=MemoryJournal(), notes=SqliteNotes(":memory:"))


def test_the_ask_is_a_journaled_step_like_any_other() -> None:
    run = _run(WEATHER, FILLED, DONE, user=_User("Paris"))
    finished = [e.record for e in run.events if isinstance(e, StepFinished)]
    assert [r.tool for r in finished] == [ASK_USER, "weather", "FINISH"]
    assert finished[0].decisions  # System 1's decisions of the step are kept with the ask
    started = [e.call.tool for e in run.events if isinstance(e, ToolStarted)]
    assert started == [ASK_USER, "weather"]


def test_without_a_way_to_ask_nothing_is_asked_and_the_tool_is_not_offered() -> None:
    run = _run(WEATHER, FILLED, DONE, user=None)
    steps = run.driven.result.steps
    assert all(s.call is None or "question" not in s.call.args for s in steps)
    assert all(s.call is None or s.call.tool != "weather" for s in steps)


def test_a_value_still_missing_after_the_ask_holds_naming_the_slot() -> None:
    user = _User("I don't know")
    run = _run(WEATHER, user=user)
    result = run.driven.result
    assert len(user.questions) == 1  # asked once, never again
    held = result.steps[-1]
    assert result.stop == "held"
    assert [(h.kind, h.detail) for h in held.holds] == [("arg_missing", "place: no candidate value in the text")]


BOBS_TRIP = "what's the weather for Bob's trip?"  # a name is offered for the place; it is not one


def test_a_required_value_system_1_finds_none_of_the_candidates_to_be_is_asked_for() -> None:
    user = _User("Paris")
    run = _run({**WEATHER, "arg:place": NONE}, FILLED, DONE, user=user, goal=BOBS_TRIP)
    result = run.driven.result
    asked, called = result.steps[0], result.steps[1]
    assert [q.split(" (")[0] for q in user.questions] == ["Which place should the weather forecast be for?"]
    assert (asked.tool, asked.note) == (ASK_USER, "asked you for the place of weather")
    assert [(h.kind, h.detail) for h in asked.holds] == [("arg_none", "place: none of the values fits")]
    assert called.call == Call(tool="weather", args={"place": "Paris", "when": "today"})
    assert result.stop == "answered"


@as_tool(description="Find details of lawsuits against a company")
def find_lawsuits(company: str, case_type: str) -> str:
    return f"3 {case_type} lawsuits against {company}"


def test_a_value_another_slot_took_is_asked_for() -> None:
    # the goal names the kind of case, not the company: "patent lawsuits involving" holds the case type's value
    user = _User("Apple")
    first: Picks = {
        "tool": "find_lawsuits",
        "arg:company": "patent lawsuits involving",
        "arg:case_type": "patent",
        "done": 0.02,
    }
    then: Picks = {**first, "arg:company": "Apple"}
    goal = "Find details of patent lawsuits involving the company"
    run = _run(first, then, DONE, user=user, goal=goal, tools=(*TOOLS, find_lawsuits))
    result = run.driven.result
    asked, called = result.steps[0], result.steps[1]
    assert (asked.tool, asked.note) == (ASK_USER, "asked you for the company of find_lawsuits")
    assert [h.kind for h in asked.holds] == ["arg_unsure"]
    assert called.call == Call(tool="find_lawsuits", args={"company": "Apple", "case_type": "patent"})
    assert (result.stop, result.answer) == ("answered", "3 patent lawsuits against Apple")


def test_an_unsure_none_goes_to_a_person_instead_of_asking() -> None:
    def unsure(request: DecisionRequest) -> Mapping[str, object]:
        answered = answers_for(request, {**WEATHER, "arg:place": NONE})
        place = request.questions.get("arg:place")
        if isinstance(place, ChoiceQuestion):
            others = [o.name for o in place.options if o.name != NONE]
            rest = 0.4 / len(others)
            answered["arg:place"] = {"choice": NONE, "probabilities": {NONE: 0.6} | dict.fromkeys(others, rest)}
        return {"answers": answered}

    user = _User("Paris")
    run = _run(user=user, goal=BOBS_TRIP, backend=ScriptedBackend(unsure))
    assert user.questions == []
    assert run.driven.result.stop == "held"
    assert [h.kind for h in run.driven.result.steps[0].holds] == ["arg_none"]


def test_a_sure_none_beside_an_unsure_argument_goes_to_a_person() -> None:
    def unsure_when(request: DecisionRequest) -> Mapping[str, object]:
        answered = answers_for(request, {**WEATHER, "arg:place": NONE})  # the NONE sure (.96)
        when = request.questions.get("arg:when")
        if isinstance(when, ChoiceQuestion):
            rest = 0.5 / (len(when.options) - 1)
            answered["arg:when"] = {
                "choice": "today",
                "probabilities": {o.name: 0.5 if o.name == "today" else rest for o in when.options},
            }
        return {"answers": answered}

    user = _User("Paris")
    run = _run(user=user, goal=BOBS_TRIP, backend=ScriptedBackend(unsure_when))
    assert user.questions == []  # the candidates may be read wrong, the one found wanting too
    assert run.driven.result.stop == "held"


def test_an_unsure_argument_beside_a_missing_value_is_decided_again_after_the_ask() -> None:
    def unsure_when(request: DecisionRequest) -> Mapping[str, object]:
        answered = answers_for(request, FILLED)
        when = request.questions.get("arg:when")
        if isinstance(when, ChoiceQuestion) and "arg:place" not in request.questions:  # before the reply
            names = [o.name for o in when.options]
            rest = 0.5 / (len(names) - 1)
            answered["arg:when"] = {
                "choice": "today",
                "probabilities": {n: 0.5 if n == "today" else rest for n in names},
            }
        return {"answers": answered}

    user = _User("Paris")
    run = _run(user=user, backend=ScriptedBackend(unsure_when))
    steps = run.driven.result.steps
    assert len(user.questions) == 1
    assert [h.kind for h in steps[0].holds] == ["arg_missing", "arg_unsure"]
    assert steps[1].call == Call(tool="weather", args={"place": "Paris", "when": "today"})


def test_a_run_with_no_ask_user_tool_holds_on_the_missing_value() -> None:
    tools = tuple(t for t in TOOLS if t.id != ASK_USER)
    run = _run(WEATHER, user=_User("Paris"))
    assert run.driven.result.steps[0].tool == ASK_USER
    run = _run(WEATHER, user=_User("Paris"), tools=tools)
    assert all(s.tool != ASK_USER for s in run.driven.result.steps)


def test_another_hold_means_no_ask() -> None:
    user = _User("Paris")
    run = _run({**WEATHER, "risk": 3, "needs_auth": 0.97}, user=user)  # the goal reads as changing something
    assert user.questions == []
    kinds = {h.kind for h in run.driven.result.steps[0].holds}
    assert {"arg_missing", "risky_goal_read_only"} <= kinds
    assert run.driven.result.stop == "held"


def _probe(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    return ToolResult(observation=f"probed {dict(args)}", answer=f"probed {dict(args)}")


def test_an_optional_slot_with_no_value_is_never_asked_for() -> None:
    probe = Tool(
        id="weather",
        description="Get the weather forecast for a place",
        slots=(
            Slot(name="place", instruction="Which place?", kinds=("place", "proper")),
            Slot(name="units", instruction="Which units?", kinds=("unit",), required=False),
        ),
        run=_probe,
    )
    tools = tuple(probe if t.id == "weather" else t for t in TOOLS)
    user = _User("Paris")
    run = _run({"tool": "weather", "done": 0.02}, {"tool": "weather", "arg:place": "Paris", "done": 0.02}, DONE,
               user=user, tools=tools)  # fmt: skip
    assert [q.split(" (")[0] for q in user.questions] == ["Which place?"]
    assert run.driven.result.steps[1].call == Call(tool="weather", args={"place": "Paris"})


class _LeavesOut:
    def __init__(self, by: DecidedBy) -> None:
        self.by = by

    def resolve(self, request: NeedResolution) -> Resolution:
        return Resolution(kind="call", by=self.by, call=Call(tool="weather", args={"when": "today"}))


def test_a_held_step_decided_without_a_value_asks_for_it_or_says_who_left_it_out() -> None:
    user = _User("Paris")
    unsure: Picks = {**WEATHER, "risk": 3, "needs_auth": 0.97}
    run = _run(unsure, {**FILLED, "risk": 3}, DONE, user=user, system2=_LeavesOut("llm"))
    assert len(user.questions) == 1
    assert run.driven.result.steps[0].tool == ASK_USER
    run = _run(unsure, user=None, system2=_LeavesOut("llm"))
    assert run.driven.result.detail == "Not done: the LLM left out the place of weather."


def _held() -> NeedResolution:
    weather = next(t for t in TOOLS if t.id == "weather")
    return NeedResolution(
        step=0,
        goal=GOAL,
        holds=(Hold(kind="arg_none", detail="place: none of the values fits"),),
        suggestion=Suggestion(
            tools=(("weather", 0.9),),
            call=Call(tool="weather", args={"when": "today"}),
            stop=False,
            done=None,
            spans={"place": ()},
        ),
        tools=(weather,),
        history=(),
    )


def _person(keys: str) -> tuple[TerminalPerson, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    return TerminalPerson(console, stream=io.StringIO(keys), who="ada", clock=lambda: NOW), out


def test_accepting_a_proposal_with_a_missing_value_asks_for_it() -> None:
    person, out = _person("a\n2\n")
    resolution = person.resolve(_held())
    assert resolution.call == Call(tool="weather", args={"when": "today", "place": "2"})
    shown = out.getvalue()
    assert "weather still needs: place" in shown
    assert "place: Which place should the weather forecast be for?" in shown
    assert "a number or a new value" not in shown  # no options: a number is the value itself
    assert "System 2" not in shown
    assert "System 2" not in resolution.detail


def test_accepting_in_a_real_run_asks_and_runs_instead_of_ending() -> None:
    person, _ = _person("a\nParis\n")
    backend = by_step({"tool": "wiki_lookup", "arg:topic": "NONE", "done": 0.02}, DONE)
    run = Env(backend=backend, tools=TOOLS, system2=person).run("look something up on Wikipedia")
    first = run.driven.result.steps[0]
    assert first.call is not None
    assert first.call.tool == "wiki_lookup"
    assert first.call.args == {"topic": "Paris"}
    assert "left out" not in run.driven.result.detail


@pytest.mark.skipif(not has_model(), reason="no bundled decision model")
def test_the_bundled_model_asks_for_the_place_and_gets_the_weather() -> None:
    user = _User("Paris")
    setup = LoopSetup(spec=SPEC, tools=TOOLS, limits=Limits(), clock=Clock(), now=NOW)
    seams = Seams(backend=ModelBackend(), context=ToolContext(now=NOW, ask_user=user), journal=MemoryJournal())
    result = drive(GOAL, setup, seams).result
    assert [q.split(" (")[0] for q in user.questions] == ["Which place should the weather forecast be for?"]
    assert result.steps[1].call == Call(tool="weather", args={"place": "Paris", "when": "today"})
    assert (result.stop, result.answer) == ("answered", "Sunny in Paris")


@pytest.mark.skipif(not has_model(), reason="no bundled decision model")
@pytest.mark.parametrize(
    ("goal", "text"),
    [
        ("send a text saying I'm on my way", "I'm on my way"),
        ("message saying the meeting is moved", "the meeting is moved"),
    ],
)
def test_a_recipient_the_user_names_in_any_words_is_who_the_message_goes_to(goal: str, text: str) -> None:
    # "mum" is no name the extractor offers for a recipient; asked for one, it is the user's word for it, and it is
    # not offered as the message's text
    user = _User("mum")
    setup = LoopSetup(spec=SPEC, tools=builtin_tools(), limits=Limits(), clock=Clock(), now=NOW)
    seams = Seams(backend=ModelBackend(), context=ToolContext(now=NOW, ask_user=user), journal=MemoryJournal())
    result = drive(goal, setup, seams).result
    assert [q.split(" (")[0] for q in user.questions] == ["Who should the message go to?"]
    assert result.steps[1].call == Call(tool="send_message", args={"to": "mum", "text": text})
    assert result.stop == "declined"  # nobody approved the message


@pytest.mark.parametrize("reply", ["I don't know", "idk", "never mind", "no", "  ", "?", "dunno."])
def test_a_reply_that_gives_no_value_is_no_candidate(reply: str) -> None:
    assert reply_value(reply) is None


@pytest.mark.parametrize(
    ("reply", "value"), [(" mum ", "mum"), ("my sister", "my sister"), ("Nowhere Town", "Nowhere Town")]
)
def test_a_reply_that_gives_a_value_is_that_value(reply: str, value: str) -> None:
    assert reply_value(reply) == value


@pytest.mark.skipif(not has_model(), reason="no bundled decision model")
@pytest.mark.parametrize("goal", ["what time is it in my hometown", "what time is it where my mom lives"])
def test_a_place_only_the_user_knows_is_asked_for_not_left_out_for_the_local_time(goal: str) -> None:
    # the clock's place is optional: left out, it tells the local time, which the goal does not ask for
    user = _User("Lisbon")
    setup = LoopSetup(spec=SPEC, tools=builtin_tools(), limits=Limits(), clock=Clock(), now=NOW)
    seams = Seams(backend=ModelBackend(), context=ToolContext(now=NOW, ask_user=user), journal=MemoryJournal())
    result = drive(goal, setup, seams).result
    assert [q.split(" (")[0] for q in user.questions] == ["Which place or time zone should the time be given for?"]
    assert result.steps[1].call == Call(tool="clock", args={"place": "Lisbon"})
    assert result.stop == "answered"
    assert "in Lisbon (Europe/Lisbon" in result.answer
    unattended = drive(goal, setup, replace(seams, context=ToolContext(now=NOW))).result
    assert unattended.stop == "held"
    assert all(s.call is None or s.call.tool != "clock" for s in unattended.steps)
