"""A run killed with SIGKILL mid-way keeps every finished step in the journal and flags the call in flight."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from decisionloop.journal import NOT_RERUN, SqliteJournal

CHILD = textwrap.dedent(
    """
    import sys, time
    from dataclasses import replace
    from pathlib import Path
    from decisionloop.backends.scripted import ScriptedBackend
    from decisionloop.journal import SqliteJournal
    from decisionloop.loop.agent import Limits, LoopSetup
    from decisionloop.core.questions import ChoiceQuestion
    from decisionloop.driver import Seams, drive
    from decisionloop.spec.load import load_spec
    from decisionloop.core.tool import ToolContext, ToolResult
    from decisionloop.tools.builtin import builtin_tools
    from datetime import datetime, UTC

    def slow(args, ctx):
        print("IN_FLIGHT", flush=True)
        time.sleep(120)
        return ToolResult(observation="too late")

    tools = list(builtin_tools())
    tools = [replace(t, run=slow) if t.id == "unit_convert" else t for t in tools]
    plan = [("calculator", "7,200 divided by 16"), ("unit_convert", "5 miles")]

    def respond(request):
        steps = str(request.state.get("steps", "nothing yet"))
        index = 0 if steps == "nothing yet" else len(steps.splitlines()) - 2
        tool, value = plan[min(index, 1)]
        answers = {}
        for qid, q in request.questions.items():
            if isinstance(q, ChoiceQuestion):
                names = q.names
                pick = tool if qid == "tool" else value if qid != "arg:to_unit" else "km"
                pick = pick if pick in names else names[0]
                answers[qid] = {"choice": pick, "probabilities": {n: 1.0 if n == pick else 0.0 for n in names}}
            elif qid == "risk":
                answers[qid] = {"probabilities": {"0": 1.0}}
            else:
                answers[qid] = {"noul": 0.02 if qid in ("needs_auth", "done") else 0.98}
        return {"answers": answers}

    now = datetime(2026, 9, 24, tzinfo=UTC)
    setup = LoopSetup(spec=load_spec(), tools=tuple(tools), limits=Limits(), clock=time.perf_counter, now=now)
    journal = SqliteJournal(Path(sys.argv[1]))
    seams = Seams(backend=ScriptedBackend(respond), context=ToolContext(now=now), journal=journal)
    drive("What is 7,200 divided by 16, and what are 5 miles in km?", setup, seams)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_run_keeps_finished_steps_and_flags_the_call_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    command = [sys.executable, "-c", CHILD, str(path)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        assert child.stderr is not None
        line = child.stdout.readline()
        if line.strip() != "IN_FLIGHT":
            child.kill()
            pytest.fail(f"the child never reached the slow call: {line!r} {child.stderr.read()}")
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    with SqliteJournal(path) as journal:
        (summary,) = journal.runs()
        data = journal.load(summary.id)
    assert summary.status == "unfinished"
    assert summary.in_flight == 1
    steps = data["steps"]
    assert isinstance(steps, list)
    assert [(s["index"], s["tool"], s["observation"]) for s in steps] == [
        (0, "calculator", "7,200 divided by 16 = 450")
    ]
    calls = data["tool_calls"]
    assert isinstance(calls, list)
    assert [(c["tool"], c["in_flight"]) for c in calls] == [("calculator", False), ("unit_convert", True)]
    assert calls[1]["note"] == NOT_RERUN
    decided = data["decisions"]
    assert isinstance(decided, list)
    assert {g["step"] for g in decided} == {0, 1}
