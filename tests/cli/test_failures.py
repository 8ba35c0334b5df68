"""Every way ``run`` and friends can fail before the loop starts is one clean ``error:`` line, exit 1, and no
journal row: a bad home, a corrupt notes database, a locked journal, a goal that is not UTF-8."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from decisionloop.cli import main

GOAL = "What is 7,200 divided by 16?"


def invoke(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), env=env)


def _clean_failure(result: Result, *needles: str) -> None:
    """Exit 1 through ``fail``, never an exception escaping the command, with each needle on stderr."""
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    last = result.stderr.splitlines()[-1]  # notices (the rule judge's) may come first
    assert last.startswith("error: ")
    for needle in needles:
        assert needle in last


def _run(*extra: str, env: dict[str, str] | None = None) -> Result:
    return invoke("run", GOAL, "--decisions", "rules", "--offline", *extra, env=env)


def _journal_runs(home: Path) -> int:
    with sqlite3.connect(home / "journal.sqlite3") as db:
        count = int(db.execute("SELECT count(*) FROM runs").fetchone()[0])
    db.close()
    return count


@pytest.fixture
def home() -> Path:
    """The isolated home, with one run already journalled."""
    assert _run().exit_code == 3  # held: the rule judge holds every step
    where = Path(os.environ["DECISIONLOOP_HOME"])
    assert _journal_runs(where) == 1
    return where


def test_a_goal_that_is_not_utf8_is_refused_naming_the_bytes(home: Path) -> None:
    result = invoke("run", "What is 7\udcff divided by 16?", "--decisions", "rules", "--offline")
    _clean_failure(result, "the goal 'What is 7\ufffd divided by 16?' is not UTF-8 text", r"b'\xff'", "LC_ALL")
    assert _journal_runs(home) == 1


def test_a_state_that_is_not_utf8_is_refused() -> None:
    _clean_failure(invoke("decide", "grade_risk", "--state", "Delete \udce9 my notes"), "--state", r"b'\xe9'")


@pytest.mark.parametrize("command", [("run", GOAL, "--offline"), ("runs",), ("export", "abc")])
def test_a_home_that_is_a_file_is_refused_with_the_fix(tmp_path: Path, command: tuple[str, ...]) -> None:
    (tmp_path / "file").write_text("not a directory")
    env = {"DECISIONLOOP_HOME": str(tmp_path / "file")}
    _clean_failure(invoke(*command, env=env), f"DECISIONLOOP_HOME {str(tmp_path / 'file')!r} is a file", "point")


def test_a_home_inside_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    env = {"DECISIONLOOP_HOME": str(tmp_path / "file" / "home")}
    _clean_failure(_run(env=env), "cannot be created", "point DECISIONLOOP_HOME at a directory you can write")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_home_that_is_not_writable_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    _clean_failure(_run(env={"DECISIONLOOP_HOME": str(locked)}), "is not writable")


def test_a_corrupt_notes_database_is_refused_and_no_run_is_journalled(home: Path) -> None:
    (home / "notes.sqlite3").write_bytes(b"this is no database " * 500)
    _clean_failure(_run(), f"the notes database {str(home / 'notes.sqlite3')!r}", "not a database", "move it away")
    assert _journal_runs(home) == 1


def test_a_journal_locked_longer_than_the_wait_is_refused_and_no_run_is_journalled(home: Path) -> None:
    other = sqlite3.connect(home / "journal.sqlite3", isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # held for as long as the run waits (5 s), and then some
        _clean_failure(_run(), f"the journal {str(home / 'journal.sqlite3')!r} is locked by another process")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert _journal_runs(home) == 1
    assert _run().exit_code == 3  # the lock gone, the journal works again (held: the rule judge)
