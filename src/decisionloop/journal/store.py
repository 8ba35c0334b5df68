"""The journal in SQLite: each event in its own short transaction, and whole runs read back as JSON-ready data.

WAL mode with ``synchronous=NORMAL``: once ``record`` returns the event survives the process being killed
(SIGKILL included); only a power cut can lose the last commits. A call started and never finished stays in
``tool_calls`` with no result and is reported as in flight; nothing here re-runs it.

A write waits up to ``BUSY_TIMEOUT_S`` for another process's lock, then fails with a JournalError that says so;
every SQLite failure (locked, read-only, not a database) reaches the caller as a JournalError naming the file.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Literal

from decisionloop.core.decision import Decision, decision_json
from decisionloop.core.errors import JournalError
from decisionloop.core.records import StepRecord
from decisionloop.core.wire import question_to_wire
from decisionloop.decide import Ask
from decisionloop.journal.events import (
    ApprovalGiven,
    DecisionsMade,
    Event,
    LlmCalled,
    RunEnded,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from decisionloop.loop.frames import Frame

SCHEMA_VERSION = 3
BUSY_TIMEOUT_S = 5.0
FILE_NAME = "journal.sqlite3"
NOT_RERUN = "no result recorded; the call was not re-run"
RunStatus = Literal["ended", "unfinished"]
_SHOWN_IDS = 5
_JSON_COLUMNS = frozenset(
    {"config", "meter", "args", "holds", "state", "truncated", "excluded", "questions", "decision", "plan"}
)
_FLAG_COLUMNS = frozenset({"ok", "allowed", "used"})
_DECISION_KEYS = ("state", "truncated", "excluded", "questions", "decision")

# One row per LLM call: what for, the model, latency, tokens, whether its reply was used (since version 3).
_LLM_CALLS_TABLE = """CREATE TABLE IF NOT EXISTS llm_calls (
    id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(id), step INTEGER NOT NULL, purpose TEXT NOT NULL,
    model TEXT NOT NULL, ms REAL NOT NULL, input_tokens INTEGER, output_tokens INTEGER, used INTEGER NOT NULL,
    error TEXT)"""
_LLM_CALLS_INDEX = "CREATE INDEX IF NOT EXISTS llm_calls_by_run ON llm_calls (run_id, step)"

_SCHEMA = f"""
BEGIN;
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY, goal TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT, stop TEXT, detail TEXT,
    answer TEXT, delivery TEXT, config TEXT NOT NULL, meter TEXT);
CREATE TABLE IF NOT EXISTS steps (
    run_id TEXT NOT NULL REFERENCES runs(id), idx INTEGER NOT NULL, tool TEXT NOT NULL, args TEXT NOT NULL,
    decided_by TEXT NOT NULL, holds TEXT NOT NULL, note TEXT NOT NULL, observation TEXT, ok INTEGER,
    PRIMARY KEY (run_id, idx));
CREATE TABLE IF NOT EXISTS decisions (
    id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(id), step INTEGER NOT NULL, block TEXT NOT NULL,
    state TEXT NOT NULL, truncated TEXT NOT NULL, excluded TEXT NOT NULL, questions TEXT NOT NULL,
    decision TEXT NOT NULL, backend TEXT NOT NULL, model TEXT NOT NULL, latency_ms REAL NOT NULL,
    action TEXT NOT NULL, reasons TEXT NOT NULL, thresholds TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS approvals (
    id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(id), step INTEGER NOT NULL, tool TEXT NOT NULL,
    args TEXT NOT NULL, side_effect TEXT NOT NULL, allowed INTEGER NOT NULL, "by" TEXT NOT NULL, at TEXT NOT NULL,
    note TEXT NOT NULL, effect TEXT NOT NULL DEFAULT '', plan TEXT NOT NULL DEFAULT 'null');
CREATE TABLE IF NOT EXISTS tool_calls (
    id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(id), step INTEGER NOT NULL, tool TEXT NOT NULL,
    args TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT, ok INTEGER, observation TEXT, answer TEXT,
    source TEXT, ms REAL);
{_LLM_CALLS_TABLE};
{_LLM_CALLS_INDEX};
CREATE INDEX IF NOT EXISTS decisions_by_run ON decisions (run_id, step);
CREATE INDEX IF NOT EXISTS approvals_by_run ON approvals (run_id, step);
CREATE INDEX IF NOT EXISTS tool_calls_by_run ON tool_calls (run_id, step);
PRAGMA user_version = {SCHEMA_VERSION};
COMMIT;
"""
# The steps from each version to the next, applied in order to an older file (in one transaction).
_MIGRATIONS: Mapping[int, tuple[str, ...]] = {
    2: (  # the effect a person was shown when approving a guarded call, and the plan the call then carried out
        "ALTER TABLE approvals ADD COLUMN effect TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE approvals ADD COLUMN plan TEXT NOT NULL DEFAULT 'null'",
    ),
    3: (_LLM_CALLS_TABLE, _LLM_CALLS_INDEX),  # one row per LLM call (new files get it from _SCHEMA)
}
_INSERT_DECISION = "INSERT INTO decisions VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_APPROVAL = "INSERT INTO approvals VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_CALL = "INSERT INTO tool_calls (run_id, step, tool, args, started_at) VALUES (?, ?, ?, ?, ?)"
_INSERT_STEP = "INSERT OR REPLACE INTO steps VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_LLM_CALL = "INSERT INTO llm_calls VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
_LLM_CALL_KEYS = ("step", "purpose", "model", "ms", "input_tokens", "output_tokens", "used", "error")
_FINISH_CALL = """UPDATE tool_calls SET finished_at = ?, ok = ?, observation = ?, answer = ?, source = ?, ms = ?
    WHERE id = (SELECT max(id) FROM tool_calls WHERE run_id = ? AND step = ? AND finished_at IS NULL)"""
_END_RUN = "UPDATE runs SET ended_at = ?, stop = ?, detail = ?, answer = ?, delivery = ?, meter = ? WHERE id = ?"
_SUMMARIES = """SELECT r.id, r.goal, r.started_at, r.stop, r.ended_at IS NOT NULL,
    (SELECT count(*) FROM steps s WHERE s.run_id = r.id),
    (SELECT count(*) FROM tool_calls t WHERE t.run_id = r.id AND t.finished_at IS NULL), r.ended_at, r.answer,
    json_extract(r.config, '$.what_if_of') FROM runs r {where} ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?"""
UNFINISHED = "unfinished"  # the stop filter of runs that have no end


@dataclass(frozen=True, slots=True, kw_only=True)
class RunSummary:
    """One line of the run list. A run with no RunEnded is ``unfinished``: still going, or killed. ``what_if_of``:
    the link a what-if run's config records (``journal.what_if``)."""

    id: str
    goal: str
    started_at: str
    stop: str | None
    steps: int
    in_flight: int
    status: RunStatus
    ended_at: str | None = None
    answer: str | None = None
    what_if_of: Mapping[str, object] | None = None


def default_path(home: Path) -> Path:
    """The journal file in ``home``, creating the directory."""
    _make_directory(home)
    return home / FILE_NAME


def _utc_now() -> datetime:
    return datetime.now(UTC)


class SqliteJournal:
    """A ``Journal`` in one SQLite file, readable by other processes while a run writes to it."""

    def __init__(self, path: Path, *, clock: Callable[[], datetime] = _utc_now) -> None:
        _make_directory(path.parent)
        self.path = path
        self._clock = clock
        self._lock = threading.Lock()
        self._db = _open(path)

    def __enter__(self) -> SqliteJournal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the database; the journal cannot be used afterwards."""
        self._db.close()

    def start(self, goal: str, config: Mapping[str, object]) -> str:
        """Record a new run and return its id (32 hex digits; any unique prefix names it when reading)."""
        run_id = uuid.uuid4().hex
        with self._lock, _reported(self.path), self._db:
            self._db.execute(
                "INSERT INTO runs (id, goal, started_at, config) VALUES (?, ?, ?, ?)",
                (run_id, goal, self._now(), _dump(dict(config))),
            )
        return run_id

    def record(self, run_id: str, event: Event) -> None:
        """Write one event in its own transaction: it is on disk when this returns."""
        with self._lock, _reported(self.path), self._db:
            self._require(run_id)
            match event:
                case DecisionsMade():
                    self._db.executemany(_INSERT_DECISION, _decision_rows(run_id, event))
                case ApprovalGiven(step=step, call=call, side_effect=effect, approval=a):
                    given = (run_id, step, call.tool, _dump(call.args), effect, a.allowed, a.by, a.at.isoformat())
                    shown = ("", None) if a.effect is None else (a.effect.text, a.effect.plan)
                    self._db.execute(_INSERT_APPROVAL, (*given, a.note, shown[0], _dump(shown[1])))
                case ToolStarted(step=step, call=call, at=at):
                    self._db.execute(_INSERT_CALL, (run_id, step, call.tool, _dump(call.args), at.isoformat()))
                case ToolFinished():
                    self._finish(run_id, event)
                case StepFinished(record=step_record):
                    self._db.execute(_INSERT_STEP, _step_row(run_id, step_record))
                case LlmCalled(step=step, call=c):
                    made = (c.purpose, c.model, c.ms, c.input_tokens, c.output_tokens, c.used, c.error)
                    self._db.execute(_INSERT_LLM_CALL, (run_id, step, *made))
                case RunEnded(result=r, meter=meter):
                    ended = (self._now(), r.stop, r.detail, r.answer, r.delivery, _dump(meter.to_json()))
                    self._db.execute(_END_RUN, (*ended, run_id))

    def runs(self, limit: int = 20, *, stop: str | None = None, search: str | None = None) -> list[RunSummary]:
        """The ``limit`` most recent runs, newest first; only those that stopped so (``UNFINISHED``: have not
        ended), and those whose goal or answer holds ``search`` (any case), when given."""
        where: list[str] = []
        values: list[object] = []
        if stop == UNFINISHED:
            where.append("r.ended_at IS NULL")
        elif stop is not None:
            where.append("r.stop = ?")
            values.append(stop)
        if search:
            where.append("(instr(lower(r.goal), ?) > 0 OR instr(lower(coalesce(r.answer, '')), ?) > 0)")
            values += [search.lower(), search.lower()]
        return self._summaries(" AND ".join(where), values, limit)

    def what_ifs_of(self, run_id: str, limit: int = 100) -> list[RunSummary]:
        """The what-if runs of ``run_id`` (a full id), newest first."""
        return self._summaries("json_extract(r.config, '$.what_if_of.run') = ?", [run_id], limit)

    def _summaries(self, where: str, values: list[object], limit: int) -> list[RunSummary]:
        query = _SUMMARIES.format(where=f"WHERE {where}" if where else "")
        with self._lock, _reported(self.path):
            rows = self._db.execute(query, (*values, limit)).fetchall()
        return [
            RunSummary(
                id=r[0],
                goal=r[1],
                started_at=r[2],
                stop=r[3],
                steps=r[5],
                in_flight=r[6],
                status=_status(r[4]),
                ended_at=r[7],
                answer=r[8],
                what_if_of=json.loads(r[9]) if isinstance(r[9], str) else None,
            )
            for r in rows
        ]

    def load(self, run_id: str) -> dict[str, object]:
        """The whole run named by ``run_id`` (or a unique prefix of it), JSON-ready."""
        with self._lock, _reported(self.path):
            full = self._resolve(run_id)
            run = self._db.execute("SELECT * FROM runs WHERE id = ?", (full,)).fetchone()
            parts = {t: self._rows(t, full) for t in ("steps", "decisions", "approvals", "tool_calls", "llm_calls")}
        calls = [_call_json(c) for c in parts["tool_calls"]]
        return {
            **_run_json(run),
            "in_flight": sum(1 for c in calls if c["in_flight"]),
            "steps": [_step_json(s) for s in parts["steps"]],
            "decisions": _grouped(parts["decisions"]),
            "approvals": [_approval_json(a) for a in parts["approvals"]],
            "tool_calls": calls,
            "llm_calls": [_plain(c, _LLM_CALL_KEYS) for c in parts["llm_calls"]],
        }

    def llm_calls(self, run_ids: Iterable[str]) -> dict[str, list[dict[str, object]]]:
        """The LLM calls of each run of ``run_ids`` (full ids), in order; a run with none has an empty list."""
        found: dict[str, list[dict[str, object]]] = {run_id: [] for run_id in run_ids}
        if not found:
            return found
        marks = ", ".join("?" * len(found))
        query = f"SELECT * FROM llm_calls WHERE run_id IN ({marks}) ORDER BY step, id"
        with self._lock, _reported(self.path):
            rows = self._db.execute(query, tuple(found)).fetchall()
        for row in rows:
            found[row["run_id"]].append(_plain(row, _LLM_CALL_KEYS))
        return found

    def resumed_as(self, run_id: str) -> str | None:
        """The run that resumed ``run_id`` (a full id), if one did (``decisionloop resume``)."""
        with self._lock, _reported(self.path):
            query = "SELECT id FROM runs WHERE json_extract(config, '$.resumed_from') = ? ORDER BY started_at LIMIT 1"
            row = self._db.execute(query, (run_id,)).fetchone()
        return str(row[0]) if row is not None else None

    def _now(self) -> str:
        return self._clock().isoformat()

    def _rows(self, table: str, run_id: str) -> list[sqlite3.Row]:
        order = "idx" if table == "steps" else "step, id"
        return self._db.execute(f"SELECT * FROM {table} WHERE run_id = ? ORDER BY {order}", (run_id,)).fetchall()

    def _require(self, run_id: str) -> None:
        if self._db.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone() is None:
            raise JournalError(
                f"run {run_id!r} was never started in {str(self.path)!r}; record with the id start returned"
            )

    def _finish(self, run_id: str, event: ToolFinished) -> None:
        r = event.result
        row = (self._now(), r.ok, r.observation, r.answer, r.source, event.ms, run_id, event.step)
        if self._db.execute(_FINISH_CALL, row).rowcount == 0:
            raise JournalError(
                f"ToolFinished for step {event.step} of run {run_id!r}, but no call of that step is in flight; "
                "record ToolStarted before the call runs"
            )

    def _resolve(self, run_id: str) -> str:
        prefix = run_id.strip().lower()
        query = "SELECT id FROM runs WHERE substr(id, 1, ?) = ? ORDER BY started_at DESC LIMIT ?"
        found = [r[0] for r in self._db.execute(query, (len(prefix), prefix, _SHOWN_IDS + 1))] if prefix else []
        if len(found) == 1:
            return str(found[0])
        if found:
            shown = ", ".join(found[:_SHOWN_IDS])
            raise JournalError(f"run id prefix {run_id!r} is ambiguous: it matches {shown}; give more characters")
        recent = [r[0] for r in self._db.execute("SELECT id FROM runs ORDER BY started_at DESC LIMIT ?", (_SHOWN_IDS,))]
        known = f"recent runs: {', '.join(recent)}" if recent else "the journal has no runs yet"
        raise JournalError(f"unknown run {run_id!r} in {str(self.path)!r}; {known}")


def _make_directory(where: Path) -> None:
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        why = "it is a file" if isinstance(err, FileExistsError) else err.strerror or str(err)
        raise JournalError(
            f"cannot make the journal's directory {str(where)!r} ({why}); use a directory you can write"
        ) from err


def _open(path: Path) -> sqlite3.Connection:
    """The journal's connection, its schema ready; every way that fails is a JournalError naming the file."""
    with _reported(path):
        db = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, check_same_thread=False)
    db.row_factory = sqlite3.Row
    try:
        with _reported(path):
            _prepare(db, path)
    except JournalError:
        db.close()
        raise
    return db


@contextmanager
def _reported(path: Path) -> Iterator[None]:
    """SQLite's failures as JournalErrors that name the file and say what to do."""
    try:
        yield
    except sqlite3.OperationalError as err:
        text = str(err)
        if "locked" in text or "busy" in text:
            raise JournalError(
                f"the journal {str(path)!r} is locked by another process (waited {BUSY_TIMEOUT_S:g} s); "
                "try again when the other decisionloop is done"
            ) from err
        raise JournalError(
            f"the journal {str(path)!r} cannot be used ({text}); check that you can write the file and its "
            "directory, and that the disk has room"
        ) from err
    except sqlite3.DatabaseError as err:
        if type(err) is not sqlite3.DatabaseError:  # its subclasses (integrity, programming) are bugs, not the file
            raise
        raise JournalError(f"{str(path)!r} is not a usable journal ({err}); move it away or pass another path") from err


def _prepare(db: sqlite3.Connection, path: Path) -> None:
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"{str(path)!r} has journal schema {version}; this decisionloop reads up to {SCHEMA_VERSION}: upgrade it"
        )
    if version == 0:
        db.executescript(_SCHEMA)
    elif version < SCHEMA_VERSION:
        _migrate(db)


def _migrate(db: sqlite3.Connection) -> None:
    """Bring an older journal up to SCHEMA_VERSION; a second process doing the same waits, then finds it done."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _MIGRATIONS[step]:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {max(version, SCHEMA_VERSION)}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _status(ended: int) -> RunStatus:
    return "ended" if ended else "unfinished"


def _decision_rows(run_id: str, event: DecisionsMade) -> list[tuple[object, ...]]:
    sizes = (len(event.asks), len(event.frames), len(event.decisions))
    if len(set(sizes)) != 1:
        raise JournalError(
            f"DecisionsMade for step {event.step} has {sizes[0]} asks, {sizes[1]} frames and {sizes[2]} decisions; "
            "it needs one frame and one decision per ask"
        )
    items = zip(event.asks, event.frames, event.decisions, strict=True)
    return [_decision_row(run_id, event.step, *item) for item in items]


def _decision_row(run_id: str, step: int, ask: Ask, frame: Frame, d: Decision) -> tuple[object, ...]:
    questions = {qid: question_to_wire(q) for qid, q in ask.questions.items()}
    truncated = {k: list(v) for k, v in frame.truncated.items()}
    frame_json = (_dump(frame.state), _dump(truncated), _dump(frame.excluded), _dump(questions))
    decision = (_dump(decision_json(d)), d.backend, d.model, d.latency_ms, d.action)
    return (run_id, step, d.block, *frame_json, *decision, _dump(list(d.reasons)), _dump(dict(d.thresholds)))


def _step_row(run_id: str, rec: StepRecord) -> tuple[object, ...]:
    args = _dump(dict(rec.call.args) if rec.call is not None else {})
    holds = _dump([{"kind": h.kind, "detail": h.detail} for h in rec.holds])
    result = rec.result
    observation, ok = (result.observation, result.ok) if result is not None else (None, None)
    return (run_id, rec.index, rec.tool, args, rec.decided_by, holds, rec.note, observation, ok)


def _plain(row: sqlite3.Row, keys: Iterable[str]) -> dict[str, object]:
    """Cells as JSON-ready values: JSON columns parsed, 0/1 columns as booleans."""
    return {key: _cell(key, row[key]) for key in keys}


def _cell(key: str, value: object) -> object:
    if key in _JSON_COLUMNS and isinstance(value, str):
        return json.loads(value)
    if key in _FLAG_COLUMNS and isinstance(value, int):
        return bool(value)
    return value


def _run_json(row: sqlite3.Row) -> dict[str, object]:
    return {**_plain(row, row.keys()), "status": _status(row["ended_at"] is not None)}


def _step_json(row: sqlite3.Row) -> dict[str, object]:
    plain = _plain(row, ("tool", "args", "decided_by", "holds", "note", "observation", "ok"))
    return {"index": row["idx"], "held": bool(plain["holds"]), **plain}


def _grouped(rows: Iterable[sqlite3.Row]) -> list[dict[str, object]]:
    groups: dict[int, list[dict[str, object]]] = {}
    for row in rows:
        groups.setdefault(row["step"], []).append(_plain(row, _DECISION_KEYS))
    return [{"step": step, "decisions": items} for step, items in groups.items()]


def _approval_json(row: sqlite3.Row) -> dict[str, object]:
    return _plain(row, ("step", "tool", "args", "side_effect", "allowed", "by", "at", "note", "effect", "plan"))


def _call_json(row: sqlite3.Row) -> dict[str, object]:
    in_flight = row["finished_at"] is None
    keys = ("step", "tool", "args", "started_at", "finished_at", "ok", "observation", "answer", "source", "ms")
    return {**_plain(row, keys), "in_flight": in_flight, "note": NOT_RERUN if in_flight else ""}
