"""A recorded run with a held step, a denied approval and a refused call, for the journal and export tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from decisionloop.backends import ScriptedBackend
from decisionloop.core.questions import Option
from decisionloop.core.records import Approval, Call, RunResult, StepRecord
from decisionloop.core.tool import Effect, ToolResult
from decisionloop.decide import Ask, decide_batch
from decisionloop.journal import (
    ApprovalGiven,
    DecisionsMade,
    Event,
    RunEnded,
    SqliteJournal,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from decisionloop.loop.frames import Frame, RunView, StepView, step_frame
from decisionloop.loop.gate import StepDecisions, call_holds
from decisionloop.loop.meter import Meter
from decisionloop.spec import load_spec

SPEC = load_spec()
GOAL = "What is the weather in Paris? Save it as a note."
TOOLS = (Option(name="weather", criteria="Get the forecast"), Option(name="note_save", criteria="Save a note"))
WEATHER = Call(tool="weather", args={"place": "Paris"})
NOTE = Call(tool="note_save", args={"text": "Paris: 18 °C, sunny"})
FORECAST = ToolResult(
    observation="Paris: 18 °C, sunny, light wind from the west. " * 15, answer="18 °C and sunny", source="open-meteo"
)
AT = datetime(2025, 5, 1, 9, 30, tzinfo=UTC)
SHOWN = Effect(text='saves the note "Paris: 18 °C, sunny"', plan={"text": "Paris: 18 °C, sunny"})
DENIED = Approval(allowed=False, by="ana", at=AT, call=NOTE, note="not today", effect=SHOWN)
REFUSED = ToolResult(observation="The user declined note_save.", ok=False)


def _ask(block_id: str, frame: Frame) -> Ask:
    block = SPEC.block(block_id)
    questions = {q.id: q.build(TOOLS if q.type == "choice" else ()) for q in block.questions}
    return Ask(block=block, state=frame.state, questions=questions)


def step_decisions(index: int, frame: Frame, tool: str, p_tool: float) -> DecisionsMade:
    """needs_tool and pick_tool asked in one request, as the loop asks them at the start of a step."""
    other = "note_save" if tool == "weather" else "weather"
    body = {
        "answers": {
            "needs_tool": {"type": "noul", "noul": 0.92},
            "tool": {"type": "choice", "choice": tool, "probabilities": {tool: p_tool, other: 1 - p_tool}},
        },
        "model": "m-1",
    }
    asks = (_ask("needs_tool", frame), _ask("pick_tool", frame))
    decisions = tuple(decide_batch(ScriptedBackend([body]), asks))
    return DecisionsMade(step=index, asks=asks, frames=(frame, frame), decisions=decisions)


def held_run_events() -> list[Event]:
    """Step 0 held (tool choice unsure), decided by a person, run; step 1 asks to save a note and is denied."""
    first = step_decisions(0, step_frame(RunView(goal=GOAL)), "weather", 0.55)
    needs, pick = first.decisions
    holds = call_holds(
        WEATHER, StepDecisions(needs_tool=needs, pick_tool=pick), previous=None, goal_risky=False, read_only=True
    )
    seen = RunView(goal=GOAL, steps=(StepView(tool="weather", args=WEATHER.args, observation=FORECAST.observation),))
    second = step_decisions(1, step_frame(seen), "note_save", 0.9)
    steps = (
        StepRecord(
            index=0, call=WEATHER, decided_by="person", decisions=first.decisions, holds=tuple(holds), result=FORECAST
        ),
        StepRecord(
            index=1, call=NOTE, decided_by="system1", decisions=second.decisions, approval=DENIED, result=REFUSED
        ),
    )
    detail = "Not done: you declined to let the agent run note_save."
    result = RunResult(goal=GOAL, steps=steps, stop="declined", detail=detail, answer=detail, delivery="none")
    meter = Meter()
    meter.add_request(first.decisions)
    meter.add_request(second.decisions)
    return [
        first,
        ToolStarted(step=0, call=WEATHER, at=AT),
        ToolFinished(step=0, result=FORECAST, ms=42.0),
        StepFinished(record=steps[0]),
        second,
        ApprovalGiven(step=1, call=NOTE, side_effect="saves a note", approval=DENIED),
        StepFinished(record=steps[1]),
        RunEnded(result=result, meter=meter.stats(steps, wall_ms=120.0)),
    ]


def record_all(journal: SqliteJournal, events: Sequence[Event]) -> str:
    """Start a run of GOAL and record ``events``; return its id."""
    run_id = journal.start(GOAL, {"backend": "scripted", "gates": {}})
    for event in events:
        journal.record(run_id, event)
    return run_id


def rows(data: Mapping[str, object], key: str) -> list[Any]:
    """``data[key]``, which must be a list (of JSON objects, in a loaded run)."""
    value = data[key]
    assert isinstance(value, list)
    return value
