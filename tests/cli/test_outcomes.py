"""How ``run`` ends, seen by a person and by a shell: an empty goal is a usage error, the exit status says how the
run stopped, and in a real terminal the answer comes first and Ctrl-C ends the run as ``interrupted``."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from decisionloop.cli import main
from decisionloop.cli.views.run import EXIT_STATUS
from decisionloop.core.vocab import STOP_REASONS
from tests.support.terminal import Terminal

GOAL = "What is 7,200 divided by 16?"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _journal_rows() -> list[tuple[object, ...]]:
    path = Path(os.environ["DECISIONLOOP_HOME"]) / "journal.sqlite3"
    if not path.exists():
        return []
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT stop, ended_at IS NOT NULL FROM runs").fetchall()
    db.close()
    return [tuple(r) for r in rows]


@pytest.mark.parametrize("goal", ["", "   ", "\t\n"])
def test_an_empty_goal_is_a_usage_error_and_journals_nothing(goal: str) -> None:
    result = invoke("run", goal, "--decisions", "rules", "--offline")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"Error: the goal {goal!r} is empty")
    assert f'e.g. run "{GOAL}"' in last
    assert _journal_rows() == []


def test_the_help_of_run_and_demo_documents_the_exit_statuses() -> None:
    shown = invoke("run", "--help").output
    for line in ("0    answered", "3    held", "4    declined", "5    a budget ran out", "6    no_answer", "130"):
        assert line in shown
    assert "0 every preset ran" in invoke("demo", "--help").output


def test_every_stop_reason_has_an_exit_status_and_only_an_answer_is_0() -> None:
    assert set(EXIT_STATUS) == set(STOP_REASONS)
    assert [reason for reason, status in EXIT_STATUS.items() if status == 0] == ["answered"]
    assert not {1, 2} & set(EXIT_STATUS.values())  # an error and a usage mistake are no way for a run to end


def test_the_demo_exits_0_though_some_presets_were_held() -> None:
    result = invoke("demo", "--max-steps", "3")
    assert result.exit_code == 0
    assert "stop: answered" in result.stdout
    assert "stop: held" in result.stdout  # unattended, a held step (or a change nobody approved) is not done


# --- in a real pseudo-terminal -----------------------------------------------------------------------------------


def test_in_a_terminal_the_answer_comes_first_and_the_exit_status_says_answered() -> None:
    term = Terminal("run", "--decisions", "rules", "--offline", GOAL)
    term.expect("[a/t/f/s] (a): ")  # the rule judge holds every step, so the person decides
    term.send(b"a\r")  # accept System 1's calculator call
    term.expect("[a/t/f/s] (a): ")
    term.send(b"f\r")  # finish with what it found
    status = term.wait()
    shown = term.text[term.text.rindex("[a/t/f/s] (a): ") :].splitlines()
    assert status == 0, term.text
    assert shown[0].endswith("(a): f")  # the echoed keystroke
    assert shown[1] == "answer: 7,200 divided by 16 = 450"  # the answer first, right after the last keystroke
    assert shown[2] == "stop: answered · from the tool results"
    assert " LLM calls · wall clock " in shown[3]
    assert len(shown) == 4


def test_in_a_terminal_ctrl_c_ends_the_run_as_interrupted() -> None:
    term = Terminal("run", "--decisions", "rules", "--offline", GOAL)
    term.expect("[a/t/f/s] (a): ")
    time.sleep(0.5)  # let the prompt start reading
    term.send(b"\x03")  # Ctrl-C: the terminal sends SIGINT
    status = term.wait()
    assert status == 130, term.text
    assert term.text.rstrip().endswith("interrupted")
    assert "Traceback" not in term.text
    assert _journal_rows() == [("interrupted", 1)]
