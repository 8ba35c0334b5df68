"""``decisionloop run / demo / runs / export`` end to end: a real decision server on loopback, the real journal."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import rdflib
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.tool import Tool, ToolResult
from decisionloop.core.wire import question_from_wire
from decisionloop.journal import held_steps
from decisionloop.tools.builtin import builtin_tools
from tests.support.loop import Picks, answers_for
from tests.support.loopback import Canned, Received, Responder, StartLoopback

DIVIDE: Picks = {"tool": "calculator", "arg:expression": "7,200 divided by 16"}
FAILS: Picks = {"tool": "calculator", "arg:expression": "5 divided by 0"}
DELETE: Picks = {"tool": "note_delete", "arg:query": "gym", "risk": 3, "needs_auth": 0.97}


def _decisions(picks: Picks) -> Responder:
    """A decision server that answers with ``picks``, and says the goal is done once a step has run."""

    def respond(request: Received) -> Canned:
        assert isinstance(request.body, dict)
        questions = {qid: question_from_wire(q) for qid, q in request.body["questions"].items()}
        state = request.body["state"]
        done = "steps" in state and "nothing yet" not in str(state["steps"])
        wanted: Picks = {**picks, "needs_tool": 0.02, "done": 0.97} if done else picks
        answers = answers_for(DecisionRequest(state=state, questions=questions), wanted)
        return Canned(body={"answers": answers, "model": "test-model"})

    return respond


@pytest.fixture
def start(loopback: StartLoopback) -> Callable[[Picks], str]:
    """Start decision servers on loopback that answer with the given picks; stopped after the test."""

    def start_one(picks: Picks) -> str:
        server = loopback()
        server.respond_with(_decisions(picks))
        return server.url

    return start_one


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _last_run_id() -> str:
    run_id = json.loads(invoke("runs", "--json", "--limit", "1")[1])[0]["id"]
    assert isinstance(run_id, str)
    return run_id


def test_run_answers_journals_and_exports(start: Callable[[Picks], str]) -> None:
    url = start(DIVIDE)
    code, out, err = invoke("run", "What is 7,200 divided by 16?", "--decisions", url, "--offline", "--verbose")
    assert code == 0, err
    assert "step 1 · System 1 · calculator(expression='7,200 divided by 16')" in out
    assert "answer: 7,200 divided by 16 = 450" in out
    assert "steps decided by: system1 2" in out
    code, listed, _ = invoke("runs", "--json")
    (run,) = json.loads(listed)
    assert (run["stop"], run["goal"]) == ("answered", "What is 7,200 divided by 16?")
    run_id = run["id"]
    code, exported, _ = invoke("export", run_id, "--format", "json")
    data = json.loads(exported)
    assert data["stop"] == "answered"
    assert data["tool_calls"][0]["tool"] == "calculator"
    code, turtle, _ = invoke("export", run_id, "--format", "ttl")
    assert code == 0
    assert len(rdflib.Graph().parse(data=turtle, format="turtle")) > 20


def test_a_delete_goal_stops_at_the_guard_in_a_non_interactive_shell(start: Callable[[Picks], str]) -> None:
    url = start(DELETE)
    code, out, err = invoke("run", "Remove my note about the gym", "--decisions", url, "--offline", "--json")
    assert code == 4, err
    data = json.loads(out)
    assert data["stop"] == "declined"
    assert data["answer"] == "Not done: you declined to let the agent run note_delete."
    assert data["steps"][0]["approved"] is False
    code, exported, _ = invoke("export", _last_run_id(), "--format", "json")
    (approval,) = json.loads(exported)["approvals"]
    assert (approval["allowed"], approval["by"]) == (False, "nobody (non-interactive)")
    assert approval["effect"] == 'no saved note holds every word of "gym", so nothing will be deleted'
    assert approval["plan"] == {"notes": []}


def _without_stdin(*args: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a process started with stdin closed (not /dev/null): Python's ``sys.stdin`` is None there."""
    cli = [sys.executable, "-c", "from decisionloop.cli.main import run; run()", *args]
    return subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", *cli], capture_output=True, text=True, timeout=120, check=False
    )


def test_with_stdin_closed_a_guarded_call_is_declined_as_with_no_input(start: Callable[[Picks], str]) -> None:
    url = start(DELETE)
    done = _without_stdin("run", "Remove my note about the gym", "--decisions", url, "--offline", "--json")
    assert "Traceback" not in done.stderr
    assert done.returncode == 4, done.stderr
    data = json.loads(done.stdout)
    assert data["stop"] == "declined"
    assert data["steps"][0]["approved"] is False


def test_with_stdin_closed_the_demo_declines_held_steps() -> None:
    done = _without_stdin("demo", "--max-steps", "2", "--decisions", "rules")
    assert "Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("stop: held") == 4


def test_held_steps_are_found_by_sparql_in_the_turtle_export(start: Callable[[Picks], str], tmp_path: Path) -> None:
    url = start({"tool": "wikidata_fact", "arg:entity": "NONE", "arg:property": "population"})
    invoke("run", "What's the population of the Big Apple?", "--decisions", url, "--offline")
    run_id = _last_run_id()
    out = tmp_path / "run.ttl"
    code, _, err = invoke("export", run_id, "--format", "ttl", "-o", str(out))
    assert code == 0, err
    held = held_steps(out.read_text(encoding="utf-8"))
    assert held == [(0, "arg_none", "entity: none of the values fits")]


def test_demo_runs_offline_and_says_who_decided_each_step() -> None:
    code, out, err = invoke("demo", "--max-steps", "3")
    assert code == 0, err
    assert out.count("▶ ") == 4
    assert out.count("steps decided by:") == 4
    assert "rule judge" not in err  # the bundled model decides


def test_the_rule_judge_can_still_be_chosen_and_holds_everything() -> None:
    code, out, err = invoke("demo", "--max-steps", "2", "--decisions", "rules")
    assert code == 0, err
    assert "rule judge (asked for" in err
    assert out.count("stop: held") == 4


def test_an_llm_url_without_a_model_is_refused_with_the_fix() -> None:
    code, _, err = invoke("run", "hi", "--llm", "http://127.0.0.1:9/v1", "--offline")
    assert code == 1
    assert "needs a model name: add --llm-model NAME" in err


def test_exporting_an_unknown_run_names_it() -> None:
    code, _, err = invoke("export", "nosuchrun")
    assert code == 1
    assert "nosuchrun" in err


# --- outcomes: the exit status and the stop reason say how the run ended ----------------------------------------


def _journal_row(*columns: str) -> tuple[object, ...]:
    """The columns of the one run in the isolated home's journal."""
    with sqlite3.connect(Path(os.environ["DECISIONLOOP_HOME"]) / "journal.sqlite3") as db:
        (row,) = db.execute(f"SELECT {', '.join(columns)} FROM runs").fetchall()
    db.close()
    return tuple(row)


@pytest.mark.parametrize(
    ("picks", "goal", "extra", "stop", "status"),
    [
        (DIVIDE, "What is 7,200 divided by 16?", (), "answered", 0),
        (DELETE, "Remove my note about the gym", (), "declined", 4),
        (DIVIDE, "What is 7,200 divided by 16?", ("--max-steps", "1"), "step_budget", 5),
        (FAILS, "What is 5 divided by 0?", (), "no_answer", 6),
    ],
)
def test_the_exit_status_and_json_say_how_the_run_ended(
    start: Callable[[Picks], str], picks: Picks, goal: str, extra: tuple[str, ...], stop: str, status: int
) -> None:
    url = start(picks)
    code, out, err = invoke("run", goal, "--decisions", url, "--offline", "--json", *extra)
    data = json.loads(out)
    assert (data["stop"], data["exit_status"], code) == (stop, status, status), err
    assert _journal_row("stop") == (stop,)


def test_a_finish_without_any_answer_is_not_reported_as_answered(start: Callable[[Picks], str]) -> None:
    code, out, _ = invoke("run", "What is 5 divided by 0?", "--decisions", start(FAILS), "--offline")
    assert out.splitlines()[0].startswith(
        "answer: I could not find an answer: calculator failed: Could not calculate '5 divided by 0': it divides"
    )
    assert "stop: no_answer" in out
    assert "stop: answered" not in out
    assert code == 6


def test_a_held_run_exits_3() -> None:
    code, out, _ = invoke("run", "What is 7,200 divided by 16?", "--decisions", "rules", "--offline")
    assert code == 3
    assert "stop: held" in out


def test_ctrl_c_ends_the_run_as_interrupted_in_the_journal(
    start: Callable[[Picks], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: object, context: object) -> ToolResult:
        raise KeyboardInterrupt

    def tools(**kwargs: Any) -> tuple[Tool, ...]:
        return tuple(replace(t, run=interrupted) if t.id == "calculator" else t for t in builtin_tools(**kwargs))

    monkeypatch.setattr("decisionloop.cli.session.builtin_tools", tools)
    result = CliRunner().invoke(
        main, ["run", "What is 7,200 divided by 16?", "--decisions", start(DIVIDE), "--offline"]
    )
    assert result.exit_code == 130
    assert result.stderr.strip() == "interrupted"
    assert "Traceback" not in result.output
    stop, ended, answer = _journal_row("stop", "ended_at", "answer")
    assert (stop, answer) == ("interrupted", "Not done: interrupted.")
    assert ended is not None
    _, listed, _ = invoke("runs")
    assert "interrupted" in listed.splitlines()[1].split()
    assert "unfinished" not in listed


# --- output: the answer first, the meter on one line; --verbose and --quiet ---------------------------------------


def test_the_answer_comes_first_and_the_meter_takes_one_line(start: Callable[[Picks], str]) -> None:
    code, out, _ = invoke("run", "What is 7,200 divided by 16?", "--decisions", start(DIVIDE), "--offline")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "answer: 7,200 divided by 16 = 450"
    assert lines[1] == "stop: answered · from the tool results"
    assert lines[2].startswith("8 decisions · 0 LLM calls · wall clock ")
    assert lines[2].endswith(f" ms · steps decided by: system1 2 · run {_journal_row('id')[0]!s:.8}")
    assert len(lines) == 3


def test_verbose_shows_the_steps_and_the_full_meter(start: Callable[[Picks], str]) -> None:
    code, out, _ = invoke("run", "What is 7,200 divided by 16?", "--decisions", start(DIVIDE), "--offline", "-v")
    assert code == 0
    assert out.splitlines()[0] == "step 1 · System 1 · calculator(expression='7,200 divided by 16')"
    assert "steps decided by: system1 2" in out.splitlines()
    assert "tokens: decisions" in out
    assert "journal: run " in out


def test_quiet_prints_the_answer_only(start: Callable[[Picks], str]) -> None:
    code, out, err = invoke("run", "What is 7,200 divided by 16?", "--decisions", start(DIVIDE), "--offline", "-q")
    assert (code, out) == (0, "7,200 divided by 16 = 450\n")
    assert "stop" not in err


def test_quiet_puts_the_stop_line_of_a_run_without_an_answer_on_stderr() -> None:
    code, out, err = invoke("run", "What is 7,200 divided by 16?", "--decisions", "rules", "--offline", "-q")
    assert (code, out) == (3, "")
    assert (
        err.splitlines()[-1]
        == "stop: held — Not done: a held step was declined, since nobody is at a terminal to decide it."
    )


def test_verbose_and_quiet_together_are_a_usage_error() -> None:
    code, _, err = invoke("run", "What is 7,200 divided by 16?", "--offline", "-v", "-q")
    assert code == 2
    assert "--verbose and --quiet" in err
