"""The meter's figures and the printed run, on hand-made and real runs."""

from __future__ import annotations

from decisionloop.cli.views.run import hold_texts, result_json, result_lines, step_lines
from decisionloop.core.records import Approval, Call, Hold, StepRecord
from decisionloop.core.tool import ToolResult
from decisionloop.loop.meter import Meter
from decisionloop.loop.requests import LlmUse
from decisionloop.tools.builtin import builtin_tools
from tests.support.loop import NOW, Env, by_step
from tests.support.replies import llm_use


def test_a_run_counts_decisions_requests_and_who_decided() -> None:
    backend = by_step({"tool": "calculator", "arg:expression": "2 + 2"}, {"needs_tool": 0.02})
    run = Env(backend=backend, tools=builtin_tools()).run("What is 2 + 2?")
    meter = run.driven.meter
    # step 0: step batch + risk + args; step 1: step batch + step_ok
    assert (meter.requests, meter.decisions) == (5, 8)
    assert meter.model_calls == 0
    assert meter.ratio is None
    assert meter.decision_share == 1.0
    assert dict(meter.deciders) == {"system1": 2, "llm": 0, "person": 0, "code": 0}
    assert meter.requests_without_usage == 5
    assert "decisions:LLM calls = 8:0" in meter.lines()[0]
    assert meter.to_json()["ratio"] is None


def test_llm_use_adds_up_and_the_share_is_of_model_time() -> None:
    meter = Meter()
    meter.add_llm(llm_use(2, ms=300.0, input_tokens=100, output_tokens=20))
    meter.add_llm(LlmUse())
    stats = meter.stats([], wall_ms=400.0)
    assert (stats.model_calls, stats.model_ms, stats.model_input_tokens) == (2, 300.0, 100)
    assert stats.decision_share == 0.0
    assert stats.ratio == 0.0


def test_step_lines_say_who_decided_why_it_was_held_and_who_approved() -> None:
    record = StepRecord(
        index=0,
        call=Call(tool="note_delete", args={"query": "gym"}),
        decided_by="person",
        holds=(
            Hold(kind="degraded", detail="needs_tool: degraded answer from x"),
            Hold(kind="degraded", detail="pick_tool: degraded answer from x"),
            Hold(kind="tool_unsure", detail="tool choice unsure"),
        ),
        approval=Approval(allowed=True, by="ada", at=NOW, call=Call(tool="note_delete", args={"query": "gym"})),
        result=ToolResult(observation='Deleted 1 note: "Gym locker code is 4417"'),
    )
    lines = step_lines(record)
    assert lines[0] == "step 1 · a person · note_delete(query='gym')"
    assert "    held: degraded answers (never automatic): needs_tool, pick_tool" in lines
    assert "    allowed by ada at 2026-09-24T12:00:00+00:00" in lines
    assert lines[-1] == '    → Deleted 1 note: "Gym locker code is 4417"'
    assert hold_texts(record.holds)[1] == "tool choice unsure"


def test_result_lines_and_json_carry_the_answer_stop_and_journal_id() -> None:
    backend = by_step({"tool": "calculator", "arg:expression": "2 + 2"}, {"needs_tool": 0.02})
    driven = Env(backend=backend, tools=builtin_tools()).run("What is 2 + 2?").driven
    lines = result_lines(driven.result, driven.meter, driven.run_id)
    assert lines[0] == "answer: 2 + 2 = 4"
    assert "stop: answered" in lines
    assert lines[-1].startswith(f"journal: run {driven.run_id}")
    data = result_json(driven.result, driven.meter, driven.run_id)
    steps = data["steps"]
    assert isinstance(steps, list)
    assert [s["decided_by"] for s in steps] == ["system1", "system1"]
