"""A what-if's forced option: the forced answer and what it implies, each block's policy applied again, and the
loop taking it at its step (decided by the person, noted), holding the step when it was not asked."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace

import pytest

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.decision import Decision
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion
from decisionloop.core.records import Call, StepRecord
from decisionloop.core.tool import ToolContext, ToolResult
from decisionloop.decide import Ask, decide
from decisionloop.driver import Driven, Seams, drive
from decisionloop.journal.events import MemoryJournal
from decisionloop.loop.agent import Limits, LoopSetup, run_loop
from decisionloop.loop.what_if import (
    Forced,
    forced_answers,
    forced_decision,
    forced_note,
    option_names,
    system1_gave,
    takes,
)
from decisionloop.tools.builtin import builtin_tools
from tests.support.loop import NOW, SPEC, TWO_TOOLS, two_tools

DIVIDED = ToolResult(observation="7,200 divided by 16 = 450", answer="7,200 divided by 16 = 450")
FIRST = StepRecord(
    index=0,
    call=Call(tool="calculator", args={"expression": "7,200 divided by 16"}),
    decided_by="system1",
    result=DIVIDED,
)


def _run(forced: Forced | None, history: tuple[StepRecord, ...] = ()) -> Driven:
    setup = LoopSetup(
        spec=SPEC,
        tools=builtin_tools(),
        limits=Limits(),
        clock=time.perf_counter,
        now=NOW,
        history=history,
        forced=forced,
    )
    seams = Seams(backend=two_tools(), context=ToolContext(now=NOW), journal=MemoryJournal())
    return drive(TWO_TOOLS, setup, seams)


def _pick_tool(p: Mapping[str, float]) -> tuple[Ask, Decision]:
    block = SPEC.block("pick_tool")
    options = tuple(Option(name=n) for n in p)
    ask = Ask(
        block=block,
        state={"goal": TWO_TOOLS},
        questions={"tool": ChoiceQuestion(instructions="which", options=options)},
    )
    choice = max(p, key=lambda k: p[k])
    reply = {"answers": {"tool": {"choice": choice, "probabilities": dict(p)}}, "model": "m-1"}
    return ask, decide(ScriptedBackend([reply]), ask)


def test_each_kind_of_question_is_forced_to_its_own_options() -> None:
    choice = ChoiceQuestion(instructions="which", options=(Option(name="calculator"), Option(name="NONE")))
    assert option_names(choice) == ("calculator", "NONE")
    assert option_names(NoulQuestion(instructions="is it")) == ("yes", "no")
    assert option_names(ScoreQuestion(instructions="how much", levels=("low", "mid", "high"))) == ("0", "1", "2")


def test_a_chosen_tool_or_value_means_the_step_calls_and_a_stop_means_it_stops() -> None:
    tool = Forced(step=1, block="pick_tool", question="tool", option="calculator")
    assert forced_answers(tool, "pick_tool") == {"tool": "calculator"}
    assert forced_answers(tool, "needs_tool") == {"needs_tool": "yes"}
    assert forced_answers(tool, "is_done") == {"done": "no"}
    done = Forced(step=1, block="is_done", question="done", option="yes")
    assert forced_answers(done, "needs_tool") == {"needs_tool": "no"}
    assert forced_answers(done, "is_done") == {"done": "yes"}
    go_on = Forced(step=1, block="needs_tool", question="needs_tool", option="yes")
    assert forced_answers(go_on, "is_done") == {"done": "no"}
    risk = Forced(step=0, block="grade_risk", question="risk", option="0")
    assert forced_answers(risk, "needs_tool") == {}
    assert forced_answers(risk, "grade_risk") == {"risk": "0"}


def test_the_forced_option_is_sure_and_the_policy_applies_again() -> None:
    ask, decision = _pick_tool({"calculator": 0.6, "unit_convert": 0.3, "NONE": 0.1})
    assert decision.action == "escalate"  # 0.6 is under pick_tool's 0.65
    forced = Forced(step=0, block="pick_tool", question="tool", option="unit_convert")
    changed = forced_decision(ask, decision, forced)
    assert changed is not None
    answer = changed.answers["tool"]
    assert isinstance(answer, ChoiceAnswer)
    assert (answer.choice, dict(answer.probabilities)) == (
        "unit_convert",
        {"calculator": 0.0, "unit_convert": 1.0, "NONE": 0.0},
    )
    assert changed.action == "call"
    assert changed.reasons[0] == "what-if: tool = 'unit_convert' (a person chose pick_tool's tool = 'unit_convert')"
    assert (changed.backend, changed.model) == (decision.backend, decision.model)
    assert takes(ask, forced)
    assert system1_gave(decision, forced) == pytest.approx(0.3)
    assert forced_note(forced, 0.3) == "a what-if: you chose pick_tool's tool = 'unit_convert' (System 1 gave it 0.300)"


def test_an_ask_without_the_forced_question_or_option_is_left_as_it_is() -> None:
    ask, decision = _pick_tool({"calculator": 0.9, "NONE": 0.1})
    elsewhere = Forced(step=0, block="pick_args", question="arg:expression", option="16")
    assert forced_decision(ask, decision, elsewhere) is None
    absent = Forced(step=0, block="pick_tool", question="tool", option="wiki_lookup")
    assert forced_decision(ask, decision, absent) is None
    assert not takes(ask, absent)


def test_the_run_as_it_goes_without_a_what_if() -> None:
    result = _run(None).result
    assert [(s.tool, s.decided_by) for s in result.steps] == [
        ("calculator", "system1"),
        ("unit_convert", "system1"),
        ("FINISH", "system1"),
    ]


def test_a_forced_tool_runs_at_its_step_decided_by_the_person() -> None:
    result = _run(Forced(step=0, block="pick_tool", question="tool", option="unit_convert")).result
    assert [(s.tool, s.decided_by) for s in result.steps] == [
        ("unit_convert", "person"),
        ("calculator", "system1"),
        ("FINISH", "system1"),
    ]
    assert result.steps[0].holds == ()
    assert result.steps[0].note.startswith("a what-if: you chose pick_tool's tool = 'unit_convert' (System 1 gave it")
    assert result.stop == "answered"


def test_a_what_if_after_replayed_steps_forcing_a_stop_ends_there() -> None:
    """The forced stop is judged as any other: the goal's 5 miles, which no call used, hold it, and with nobody to
    decide the held step the run stops there."""
    driven = _run(Forced(step=1, block="is_done", question="done", option="yes"), history=(FIRST,))
    result = driven.result
    assert [(s.tool, s.decided_by) for s in result.steps] == [("calculator", "system1"), ("STOP", "code")]
    assert result.steps[0] is FIRST  # replayed as it was, never run again
    assert any("the number 5," in h.detail for h in result.steps[1].holds)
    assert result.stop == "held"


def test_a_forced_question_the_step_does_not_ask_holds_the_step() -> None:
    forced = Forced(step=0, block="pick_args", question="arg:place", option="Paris")  # the calculator has no place
    result = _run(forced).result
    assert result.stop == "held"
    assert [h.kind for h in result.steps[0].holds] == ["what_if_unasked"]
    assert "pick_args's arg:place = 'Paris' was not asked at this step" in result.steps[0].holds[0].detail


def test_a_what_if_cannot_force_a_replayed_step_or_the_answer_check() -> None:
    setup = LoopSetup(
        spec=SPEC, tools=builtin_tools(), limits=Limits(), clock=time.perf_counter, now=NOW, history=(FIRST,)
    )
    replayed = Forced(step=0, block="pick_tool", question="tool", option="unit_convert")
    with pytest.raises(ValueError, match="forces step 0, one of the 1 steps it replays"):
        next(run_loop(TWO_TOOLS, replace(setup, forced=replayed)))
    answer = Forced(step=1, block="can_deliver", question="deliverable", option="yes")
    with pytest.raises(ValueError, match="not 'can_deliver'"):
        next(run_loop(TWO_TOOLS, replace(setup, forced=answer)))
