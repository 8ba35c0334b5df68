"""The SQLite journal: every event on disk when record returns, unfinished runs flagged, runs named by prefix."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from decisionloop.core.errors import ConfigError, JournalError
from decisionloop.journal import (
    NOT_RERUN,
    SCHEMA_VERSION,
    DecisionsMade,
    LlmCalled,
    SqliteJournal,
    ToolFinished,
    ToolStarted,
    default_path,
    store,
)
from decisionloop.loop.requests import LlmCall
from tests.support.journal import (
    AT,
    FORECAST,
    GOAL,
    NOTE,
    WEATHER,
    held_run_events,
    record_all,
    rows,
)


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[SqliteJournal]:
    with SqliteJournal(tmp_path / "journal.sqlite3") as opened:
        yield opened


def _counts(path: Path) -> tuple[int, ...]:
    """What another connection sees: decisions, approvals, calls, finished calls, steps, ended runs."""
    tables = ("decisions", "approvals", "tool_calls", "tool_calls WHERE finished_at IS NOT NULL", "steps")
    counts = ", ".join(f"(SELECT count(*) FROM {t})" for t in tables)
    with sqlite3.connect(path) as other:
        row = other.execute(f"SELECT {counts}, (SELECT count(*) FROM runs WHERE ended_at IS NOT NULL)").fetchone()
    other.close()
    return tuple(row)


def test_the_journal_is_in_wal_mode_with_a_schema_version(journal: SqliteJournal) -> None:
    with sqlite3.connect(journal.path) as other:
        assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert other.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        tables = {r[0] for r in other.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    other.close()
    assert tables == {"runs", "steps", "decisions", "approvals", "tool_calls", "llm_calls"}


def test_another_connection_sees_each_event_as_soon_as_record_returns(journal: SqliteJournal) -> None:
    run_id = journal.start(GOAL, {})
    seen = []
    for event in held_run_events():
        journal.record(run_id, event)
        seen.append(_counts(journal.path))
    assert seen == [
        (2, 0, 0, 0, 0, 0),
        (2, 0, 1, 0, 0, 0),
        (2, 0, 1, 1, 0, 0),
        (2, 0, 1, 1, 1, 0),
        (4, 0, 1, 1, 1, 0),
        (4, 1, 1, 1, 1, 0),
        (4, 1, 1, 1, 2, 0),
        (4, 1, 1, 1, 2, 1),
    ]


def test_load_returns_the_run_its_steps_and_holds(journal: SqliteJournal) -> None:
    data = journal.load(record_all(journal, held_run_events()))
    assert (data["goal"], data["status"], data["stop"], data["delivery"], data["in_flight"]) == (
        GOAL,
        "ended",
        "declined",
        "none",
        0,
    )
    assert data["config"] == {"backend": "scripted", "gates": {}}
    assert isinstance(data["meter"], dict)
    assert data["meter"]["decisions"] == 4
    held, denied = rows(data, "steps")
    assert (held["index"], held["tool"], held["args"], held["decided_by"], held["held"]) == (
        0,
        "weather",
        {"place": "Paris"},
        "person",
        True,
    )
    assert held["holds"] == [{"kind": "tool_unsure", "detail": "tool choice unsure (else → escalate)"}]
    assert (denied["held"], denied["holds"], denied["ok"], denied["observation"]) == (
        False,
        [],
        False,
        "The user declined note_save.",
    )


def test_decisions_are_grouped_by_step_with_frames_questions_and_answers(journal: SqliteJournal) -> None:
    data = journal.load(record_all(journal, held_run_events()))
    groups = rows(data, "decisions")
    assert [(g["step"], [d["decision"]["block"] for d in g["decisions"]]) for g in groups] == [
        (0, ["needs_tool", "pick_tool"]),
        (1, ["needs_tool", "pick_tool"]),
    ]
    pick = groups[0]["decisions"][1]
    assert pick["state"]["goal"] == GOAL
    assert "tool" in pick["excluded"]
    assert pick["questions"]["tool"]["criteria"] == {
        "weather": "Get the forecast",
        "note_save": "Save a note",
        "NONE": "none of these tools can do what the goal asks",
    }
    decision = pick["decision"]
    assert (decision["action"], decision["backend"], decision["model"]) == ("escalate", "scripted", "m-1")
    assert decision["answers"]["tool"]["choice"] == "weather"
    assert decision["thresholds"] == {"pick_tool.tool": 0.65}
    original, kept = groups[1]["decisions"][0]["truncated"]["last_observation"]
    assert original > kept


def test_approvals_and_tool_calls_are_kept_as_given(journal: SqliteJournal) -> None:
    data = journal.load(record_all(journal, held_run_events()))
    assert data["approvals"] == [
        {
            "step": 1,
            "tool": "note_save",
            "args": {"text": "Paris: 18 °C, sunny"},
            "side_effect": "saves a note",
            "allowed": False,
            "by": "ana",
            "at": "2025-05-01T09:30:00+00:00",
            "note": "not today",
            "effect": 'saves the note "Paris: 18 °C, sunny"',
            "plan": {"text": "Paris: 18 °C, sunny"},
        }
    ]
    (call,) = rows(data, "tool_calls")
    assert (call["tool"], call["ok"], call["ms"], call["source"], call["in_flight"], call["note"]) == (
        "weather",
        True,
        42.0,
        "open-meteo",
        False,
        "",
    )
    assert call["started_at"] == "2025-05-01T09:30:00+00:00"
    assert call["finished_at"] is not None


def test_an_unfinished_run_reports_its_call_in_flight(journal: SqliteJournal) -> None:
    events = held_run_events()
    run_id = record_all(journal, [*events[:4], events[4], ToolStarted(step=1, call=NOTE, at=AT)])
    (summary,) = journal.runs()
    assert (summary.id, summary.status, summary.stop, summary.steps, summary.in_flight) == (
        run_id,
        "unfinished",
        None,
        1,
        1,
    )
    data = journal.load(run_id)
    assert (data["status"], data["ended_at"], data["in_flight"]) == ("unfinished", None, 1)
    calls = rows(data, "tool_calls")
    assert [(c["tool"], c["in_flight"], c["note"], c["ok"]) for c in calls] == [
        ("weather", False, "", True),
        ("note_save", True, NOT_RERUN, None),
    ]


def test_runs_are_listed_newest_first(tmp_path: Path) -> None:
    ticks = iter(AT + timedelta(seconds=s) for s in range(10))
    with SqliteJournal(tmp_path / "j.sqlite3", clock=lambda: next(ticks)) as journal:
        ids = [journal.start(f"goal {n}", {}) for n in range(3)]
        listed = journal.runs(limit=2)
    assert [(r.id, r.goal, r.status, r.in_flight) for r in listed] == [
        (ids[2], "goal 2", "unfinished", 0),
        (ids[1], "goal 1", "unfinished", 0),
    ]
    assert listed[0].started_at == "2025-05-01T09:30:02+00:00"


def test_a_unique_prefix_names_a_run(journal: SqliteJournal) -> None:
    run_id = journal.start(GOAL, {})
    assert journal.load(run_id[:7])["id"] == run_id
    assert journal.load(run_id.upper())["id"] == run_id


def test_an_ambiguous_prefix_lists_the_runs_it_matches(journal: SqliteJournal) -> None:
    with sqlite3.connect(journal.path) as other:
        for run_id in ("abc111", "abc222", "abd333"):
            other.execute("INSERT INTO runs (id, goal, started_at, config) VALUES (?, 'g', '2025', '{}')", (run_id,))
    other.close()
    assert journal.load("abd")["id"] == "abd333"
    with pytest.raises(JournalError, match=r"prefix 'abc' is ambiguous: it matches .*abc111.*; give more characters"):
        journal.load("abc")


def test_an_unknown_id_is_a_config_error_naming_it_and_recent_runs(journal: SqliteJournal) -> None:
    with pytest.raises(ConfigError, match=r"unknown run 'nope' in .*; the journal has no runs yet"):
        journal.load("nope")
    known = journal.start(GOAL, {})
    with pytest.raises(JournalError, match=rf"unknown run 'ffff' in .*; recent runs: {known}$"):
        journal.load("ffff")
    with pytest.raises(JournalError, match=r"unknown run ''"):
        journal.load("")


def test_recording_for_a_run_never_started_is_refused(journal: SqliteJournal) -> None:
    with pytest.raises(JournalError, match=r"run 'run-9' was never started in .*; record with the id start returned"):
        journal.record("run-9", ToolStarted(step=0, call=WEATHER, at=AT))


def test_a_finish_without_a_start_is_refused(journal: SqliteJournal) -> None:
    run_id = journal.start(GOAL, {})
    with pytest.raises(JournalError, match=r"ToolFinished for step 0 .* record ToolStarted before the call runs"):
        journal.record(run_id, ToolFinished(step=0, result=FORECAST, ms=1.0))
    assert journal.load(run_id)["tool_calls"] == []


def test_decisions_without_a_frame_each_are_refused(journal: SqliteJournal) -> None:
    run_id = journal.start(GOAL, {})
    made = held_run_events()[0]
    assert isinstance(made, DecisionsMade)
    lopsided = DecisionsMade(step=0, asks=made.asks, frames=made.frames[:1], decisions=made.decisions)
    with pytest.raises(JournalError, match=r"has 2 asks, 1 frames and 2 decisions; it needs one frame and one"):
        journal.record(run_id, lopsided)
    assert journal.load(run_id)["decisions"] == []


def test_a_journal_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    SqliteJournal(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(JournalError, match=rf"has journal schema 99; this decisionloop reads up to {SCHEMA_VERSION}"):
        SqliteJournal(path)


_V1_APPROVALS = """CREATE TABLE approvals (
    id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(id), step INTEGER NOT NULL, tool TEXT NOT NULL,
    args TEXT NOT NULL, side_effect TEXT NOT NULL, allowed INTEGER NOT NULL, "by" TEXT NOT NULL, at TEXT NOT NULL,
    note TEXT NOT NULL)"""


def test_a_version_1_journal_gains_the_approvals_effect_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        run_id = record_all(journal, held_run_events())
    with sqlite3.connect(path) as db:  # the same file as version 1 wrote it: approvals without effect and plan
        db.execute("DROP TABLE approvals")
        db.execute(_V1_APPROVALS)
        row = (run_id, 1, "note_save", "{}", "saves a note", 0, "ana", AT.isoformat(), "not today")
        db.execute("INSERT INTO approvals VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        db.execute("PRAGMA user_version = 1")
    db.close()
    with SqliteJournal(path) as journal:
        (old,) = rows(journal.load(run_id), "approvals")
        assert (old["note"], old["effect"], old["plan"]) == ("not today", "", None)
        again = record_all(journal, held_run_events())
        assert [a["effect"] for a in rows(journal.load(again), "approvals")] == ['saves the note "Paris: 18 °C, sunny"']
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    db.close()


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_text("not sqlite at all, " * 100)
    with pytest.raises(JournalError, match=r"is not a usable journal .*; move it away or pass another path"):
        SqliteJournal(path)


def test_default_path_creates_the_home_directory(tmp_path: Path) -> None:
    path = default_path(tmp_path / "home" / "deeper")
    assert path == tmp_path / "home" / "deeper" / "journal.sqlite3"
    assert path.parent.is_dir()


def test_a_home_that_is_a_file_is_a_journal_error(tmp_path: Path) -> None:
    (tmp_path / "home").write_text("a file")
    with pytest.raises(JournalError, match=r"cannot make the journal's directory .*home' \(it is a file\)"):
        default_path(tmp_path / "home")
    with pytest.raises(JournalError, match=r"home' \(it is a file\)"):
        SqliteJournal(tmp_path / "home" / "journal.sqlite3")
    with pytest.raises(JournalError, match=r"home/deeper' \(Not a directory\)"):
        default_path(tmp_path / "home" / "deeper")


def test_a_locked_journal_is_a_journal_error_once_the_wait_is_over(
    journal: SqliteJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_id = journal.start(GOAL, {})
    monkeypatch.setattr(store, "BUSY_TIMEOUT_S", 0.05)
    with SqliteJournal(journal.path) as waiting:  # opened after the patch: it waits 0.05 s, not 5
        other = sqlite3.connect(journal.path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            for write in (lambda: waiting.start(GOAL, {}), lambda: waiting.record(run_id, held_run_events()[0])):
                with pytest.raises(JournalError, match=r"is locked by another process \(waited 0.05 s\); try again"):
                    write()
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert [r.id for r in waiting.runs()] == [run_id]


_CHILD = """
import os, signal, sys
from datetime import UTC, datetime
from pathlib import Path
from decisionloop.journal import SqliteJournal, StepFinished, ToolFinished, ToolStarted
from decisionloop.core.records import Call, StepRecord
from decisionloop.core.tool import ToolResult

journal = SqliteJournal(Path(sys.argv[1]))
run_id = journal.start("weather in Paris, then save it", {"backend": "scripted"})
weather = Call(tool="weather", args={"place": "Paris"})
result = ToolResult(observation="Paris: 18 C, sunny")
journal.record(run_id, ToolStarted(step=0, call=weather, at=datetime.now(UTC)))
journal.record(run_id, ToolFinished(step=0, result=result, ms=3.0))
journal.record(run_id, StepFinished(record=StepRecord(index=0, call=weather, decided_by="system1", result=result)))
note = Call(tool="note_save", args={"text": "18 C"})
journal.record(run_id, ToolStarted(step=1, call=note, at=datetime.now(UTC)))
print("recorded", run_id, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
print("never printed", flush=True)
"""


def test_a_process_killed_mid_call_keeps_every_event_recorded_before(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    child = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr
    marker, run_id = child.stdout.split()
    assert marker == "recorded"
    assert path.with_name(path.name + "-wal").exists()
    with SqliteJournal(path) as journal:
        (summary,) = journal.runs()
        data = journal.load(run_id)
    assert (summary.status, summary.steps, summary.in_flight) == ("unfinished", 1, 1)
    assert [s["tool"] for s in rows(data, "steps")] == ["weather"]
    calls = rows(data, "tool_calls")
    assert [(c["tool"], c["in_flight"], c["note"]) for c in calls] == [
        ("weather", False, ""),
        ("note_save", True, NOT_RERUN),
    ]


def test_llm_calls_are_kept_in_order_and_listed_per_run(journal: SqliteJournal) -> None:
    run_id = record_all(journal, held_run_events())
    other = record_all(journal, held_run_events())
    plan = LlmCall(purpose="plan", model="smollm2", ms=812.5, input_tokens=410, output_tokens=31, used=True)
    failed = LlmCall(purpose="answer", model="http@127.0.0.1:8080", ms=60000.0, error="no reply in 60 s")
    journal.record(run_id, LlmCalled(step=0, call=plan))
    journal.record(run_id, LlmCalled(step=2, call=failed))
    calls = journal.load(run_id)["llm_calls"]
    assert calls == [
        {"step": 0, "purpose": "plan", "model": "smollm2", "ms": 812.5, "input_tokens": 410, "output_tokens": 31,
         "used": True, "error": None},
        {"step": 2, "purpose": "answer", "model": "http@127.0.0.1:8080", "ms": 60000.0, "input_tokens": None,
         "output_tokens": None, "used": False, "error": "no reply in 60 s"},
    ]  # fmt: skip
    assert journal.llm_calls([run_id, other]) == {run_id: calls, other: []}
    assert journal.llm_calls([]) == {}


def test_a_version_2_journal_gains_the_llm_calls_table(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        run_id = record_all(journal, held_run_events())
    with sqlite3.connect(path) as db:  # as version 2 wrote it: no llm_calls
        db.execute("DROP TABLE llm_calls")
        db.execute("PRAGMA user_version = 2")
    db.close()
    with SqliteJournal(path) as journal:
        assert journal.load(run_id)["llm_calls"] == []
        journal.record(run_id, LlmCalled(step=0, call=LlmCall(purpose="stop_check", model="m", ms=1.0)))
        assert [c["purpose"] for c in journal.llm_calls([run_id])[run_id]] == ["stop_check"]
