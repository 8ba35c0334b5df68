"""``decisionloop resume``: an interrupted run goes on from the journal, never calling again what it finished, and
never re-running a call whose result is unknown unless the user says so."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.records import Call, RunResult, StepRecord
from decisionloop.core.tool import ToolResult
from decisionloop.core.wire import question_from_wire
from decisionloop.journal import RunEnded, SqliteJournal, StepFinished, ToolFinished, ToolStarted, default_path
from decisionloop.journal.resume import UNKNOWN_RESULT, resumable
from decisionloop.loop.meter import Meter
from tests.support.loop import Picks, answers_for
from tests.support.loopback import Canned, Received, StartLoopback
from tests.support.terminal import Terminal

GOAL = "What is 7,200 divided by 16, and what are 5 miles in km?"
DIVIDE = Call(tool="calculator", args={"expression": "7,200 divided by 16"})
CONVERT = Call(tool="unit_convert", args={"quantity": "5 miles", "to_unit": "km"})
AT = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def _journal() -> SqliteJournal:
    return SqliteJournal(default_path(Path(os.environ["DECISIONLOOP_HOME"])))


def _interrupted(*, in_flight: bool, stop: str | None = "interrupted") -> str:
    """A run that finished the division, then stopped (while converting, with ``in_flight``)."""
    divided = ToolResult(observation="7,200 divided by 16 = 450", answer="7,200 divided by 16 = 450")
    with _journal() as journal:
        run_id = journal.start(GOAL, {})
        journal.record(run_id, ToolStarted(step=0, call=DIVIDE, at=AT))
        journal.record(run_id, ToolFinished(step=0, result=divided, ms=1.0))
        journal.record(
            run_id, StepFinished(record=StepRecord(index=0, call=DIVIDE, decided_by="system1", result=divided))
        )
        if in_flight:
            journal.record(run_id, ToolStarted(step=1, call=CONVERT, at=AT))
        if stop is not None:
            result = RunResult(goal=GOAL, steps=(), stop=stop, detail="Not done.", answer="Not done.", delivery="none")  # type: ignore[arg-type]
            journal.record(run_id, RunEnded(result=result, meter=Meter().stats((), 1.0)))
    return run_id


def _decisions(received: list[str]) -> Callable[[Received], Canned]:
    """Convert after the division; done once both ran. Records which tools each step was offered."""

    def respond(request: Received) -> Canned:
        assert isinstance(request.body, dict)
        questions = {qid: question_from_wire(q) for qid, q in request.body["questions"].items()}
        state = request.body["state"]
        steps = str(state.get("steps", "nothing yet"))
        received.append(steps)
        done = "unit_convert" in steps
        picks: Picks = {"tool": "unit_convert", "arg:quantity": "5 miles", "arg:to_unit": "km"}
        wanted: Picks = {**picks, "needs_tool": 0.02, "done": 0.97} if done else {**picks, "done": 0.03}
        return Canned(body={"answers": answers_for(DecisionRequest(state=state, questions=questions), wanted)})

    return respond


def _load(run_id: str) -> dict[str, Any]:
    with _journal() as journal:
        return journal.load(run_id)


def _invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def decisions(loopback: StartLoopback) -> tuple[str, list[str]]:
    received: list[str] = []
    server = loopback()
    server.respond_with(_decisions(received))
    return server.url, received


def test_a_resumed_run_goes_on_after_the_steps_it_finished(decisions: tuple[str, list[str]]) -> None:
    url, received = decisions
    old = _interrupted(in_flight=False)
    code, out, err = _invoke("resume", old[:8], "--decisions", url, "--offline", "--no-input", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["stop"] == "answered"
    assert [s["tool"] for s in data["steps"]] == ["calculator", "unit_convert", "FINISH"]
    assert "7,200 divided by 16 = 450" in received[0]  # the first step's result is in the frame, not asked again
    new = _load(data["run_id"])
    assert new["config"]["resumed_from"] == old
    assert [c["tool"] for c in new["tool_calls"]] == ["unit_convert"]  # the division was not run again
    assert [s["tool"] for s in new["steps"]][:1] == ["calculator"]
    code, _, err = _invoke("resume", old, "--decisions", url, "--offline", "--no-input")
    assert code == 1
    assert f"was resumed already, as run {data['run_id']}" in err


def test_a_call_whose_result_is_unknown_is_not_run_again_without_a_yes(decisions: tuple[str, list[str]]) -> None:
    url, _ = decisions
    old = _interrupted(in_flight=True, stop=None)  # killed: no end recorded
    _, out, err = _invoke("resume", old, "--decisions", url, "--offline", "--no-input", "--json")
    assert "unit_convert(quantity='5 miles', to_unit='km') was running when the run stopped" in err
    data = json.loads(out)
    first, unknown = data["steps"][:2]
    assert first["tool"] == "calculator"
    assert (unknown["tool"], unknown["observation"]) == ("unit_convert", UNKNOWN_RESULT)
    assert _load(data["run_id"])["tool_calls"] == []  # nothing ran: the unknown call stays unknown
    assert UNKNOWN_RESULT not in data["answer"], data["answer"]  # an unknown result is never given as the answer


def test_the_user_may_run_the_unknown_call_again(
    decisions: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _ = decisions
    monkeypatch.setattr("decisionloop.cli.agent._interactive", lambda no_input: True)
    monkeypatch.setattr("decisionloop.cli.session.TerminalPerson", lambda console: None)
    old = _interrupted(in_flight=True)
    code, out, err = _invoke("resume", old, "--decisions", url, "--offline", "--json", stdin="y\n")
    assert code == 0, err
    calls = _load(json.loads(out[out.index("{") :])["run_id"])["tool_calls"]
    assert [(c["tool"], c["args"]) for c in calls] == [("unit_convert", dict(CONVERT.args))]


def test_only_an_interrupted_or_unfinished_run_can_be_resumed(decisions: tuple[str, list[str]]) -> None:
    url, _ = decisions
    answered = _interrupted(in_flight=False, stop="answered")
    code, _, err = _invoke("resume", answered, "--decisions", url, "--offline", "--no-input")
    assert code == 1
    assert f"run {answered} ended 'answered'; only an interrupted or unfinished run can be resumed" in err
    with _journal() as journal:
        steps = resumable(journal.load(_interrupted(in_flight=True))).steps
    assert [s.call for s in steps] == [DIVIDE]


def test_in_a_terminal_a_run_cut_by_ctrl_c_is_resumed_and_answered() -> None:
    goal = "What is 7,200 divided by 16?"
    term = Terminal("run", "--decisions", "rules", "--offline", goal)
    term.expect("[a/t/f/s] (a): ")  # the rule judge holds every step, so the person decides
    term.send(b"a\r")  # accept the calculator call: it runs
    term.expect("[a/t/f/s] (a): ")
    time.sleep(0.5)  # let the prompt start reading
    term.send(b"\x03")  # Ctrl-C before the second step is decided
    assert term.wait() == 130, term.text
    [old] = json.loads(_invoke("runs", "--json", "--stop", "interrupted")[1])
    term = Terminal("resume", old["id"][:8], "--decisions", "rules", "--offline")
    term.expect("[a/t/f/s] (a): ")  # straight to the second step: the first is not asked or run again
    term.send(b"f\r")  # finish with what the first step found
    status = term.wait()
    assert status == 0, term.text
    assert "answer: 7,200 divided by 16 = 450" in term.text
    resumed = _load(json.loads(_invoke("runs", "--json", "--limit", "1")[1])[0]["id"])
    assert resumed["tool_calls"] == []  # the calculator ran once, in the interrupted run
    assert [s["tool"] for s in resumed["steps"]] == ["calculator", "FINISH"]
