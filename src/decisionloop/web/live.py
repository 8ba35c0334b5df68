"""Runs going on in the server: each drives the loop in its own thread, keeps its trace events for the browser to
stream, and has its own desk of dialogs, so a tab answers only the run it started.

Stop ends the run at the next request the loop yields (a dialog open then is answered no); the driver journals it
as ``interrupted``, with the steps it finished. A what-if run (``journal.what_if``) replays the old run's steps
before its own and forces its option there; its config records the link.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from decisionloop.core.errors import DecisionLoopError
from decisionloop.driver import Seams, drive
from decisionloop.journal.events import Event, Journal
from decisionloop.journal.what_if import WHAT_IF_OF, WhatIf
from decisionloop.loop.agent import LoopSetup
from decisionloop.loop.requests import Request
from decisionloop.web.person import DialogKind, NoAnswer, Parse, WebPerson
from decisionloop.web.trace import Json, event_json

RunState = Literal["starting", "running", "ended", "failed"]
DIALOG_TIMEOUT_S = 900.0  # a dialog nobody answers for 15 minutes is a no
MAX_RUNNING = 4
KEEP_ENDED = 32


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened:
    """What a run needs, opened for it: the loop's setup, the seams, and the config the journal records."""

    setup: LoopSetup
    seams: Seams
    config: Mapping[str, object]


class RunOpener(Protocol):
    """Opens one run's setup and seams with the browser's person as System 2 and approver; closes them after.

    ``preset``: one of the recorded goals, run as ``decisionloop demo`` runs it (offline, the suite's clock and notes).
    """

    def __call__(self, person: WebPerson, *, preset: bool) -> AbstractContextManager[Opened]: ...


class DialogClosedError(LookupError):
    """An answer to a dialog that is not open (answered already, or another run's): HTTP 409."""


class _Interrupted(KeyboardInterrupt):
    """Stop, raised between requests: the driver journals the run as interrupted."""


@dataclass(slots=True)
class _Dialog:
    id: str
    kind: DialogKind
    parse: Parse
    reply: object = None
    done: threading.Event = field(default_factory=threading.Event)


class LiveRun:
    """One run in its thread: its events, its open dialog, and stop."""

    def __init__(
        self,
        goal: str,
        *,
        preset: bool,
        who: str,
        dialog_timeout_s: float = DIALOG_TIMEOUT_S,
        what_if: WhatIf | None = None,
    ) -> None:
        self.id = secrets.token_urlsafe(16)
        self.goal = goal
        self.preset = preset
        self.what_if = what_if
        self.state: RunState = "starting"
        self.journal_id: str | None = None
        self._who = who
        self._timeout_s = dialog_timeout_s
        self._events: list[Json] = []
        self._lock = threading.Lock()
        self._dialog: _Dialog | None = None
        self._stopping = False
        self._thread: threading.Thread | None = None

    def start(self, opener: RunOpener) -> None:
        """Drive the run in a daemon thread (a dialog left open never keeps the server from exiting)."""
        link = self.what_if.link() if self.what_if is not None else None
        self.emit({"type": "run", "id": self.id, "goal": self.goal, "preset": self.preset, WHAT_IF_OF: link})
        self._thread = threading.Thread(target=self._work, args=(opener,), name=f"run-{self.id[:6]}", daemon=True)
        self._thread.start()

    def join(self, timeout_s: float) -> None:
        """Wait for the run's thread (tests)."""
        if self._thread is not None:
            self._thread.join(timeout_s)

    @property
    def finished(self) -> bool:
        """Whether the run is over (ended, or failed to run)."""
        return self.state in ("ended", "failed")

    def emit(self, event: Json) -> None:
        """Add an event to the trace, numbered from 0."""
        with self._lock:
            self._events.append({"seq": len(self._events), **event})

    def events_since(self, seq: int) -> list[Json]:
        """The events numbered ``seq`` on."""
        with self._lock:
            return self._events[seq:]

    def wait(self, kind: DialogKind, payload: Json, parse: Parse) -> object:
        """Open a dialog and block the run's thread until it is answered, stopped or timed out."""
        dialog = _Dialog(id=secrets.token_urlsafe(8), kind=kind, parse=parse)
        with self._lock:
            if self._stopping:
                return NoAnswer(why="stopped")
            self._dialog = dialog
        self.emit({"type": "dialog", "kind": kind, "dialog": dialog.id, **payload})
        answered = dialog.done.wait(self._timeout_s)
        with self._lock:
            if self._dialog is dialog:
                self._dialog = None
        if not answered:
            self.emit({"type": "answered", "dialog": dialog.id, "kind": kind, "answer": "nobody answered in time"})
            return NoAnswer(why="timeout")
        return dialog.reply

    def answer(self, dialog_id: str, body: Mapping[str, object]) -> None:
        """Answer the open dialog; DialogClosedError when ``dialog_id`` is not it, AnswerError when the answer does not
        read (the dialog stays open)."""
        with self._lock:
            dialog = self._dialog
            if dialog is None or not secrets.compare_digest(dialog.id, dialog_id):
                raise DialogClosedError(f"dialog {dialog_id!r} is not open in this run; it was answered or has closed")
            dialog.reply = dialog.parse(body)
            self._dialog = None
        self.emit({"type": "answered", "dialog": dialog.id, "kind": dialog.kind, "answer": str(body.get("action"))})
        dialog.done.set()

    def stop(self) -> None:
        """End the run at its next request; an open dialog is answered no."""
        with self._lock:
            self._stopping = True
            dialog, self._dialog = self._dialog, None
            if dialog is not None:
                dialog.reply = NoAnswer(why="stopped")
        if dialog is not None:
            dialog.done.set()
        self.emit({"type": "stopping"})

    def _work(self, opener: RunOpener) -> None:
        person = WebPerson(self, who=self._who)
        failure: str | None = None
        try:
            with opener(person, preset=self.preset) as opened:
                self.state = "running"
                seams = replace(opened.seams, journal=_Teed(opened.seams.journal, self), on_request=self._checkpoint)
                setup, config = opened.setup, dict(opened.config)
                if self.what_if is not None:
                    setup = replace(setup, history=self.what_if.history, forced=self.what_if.forced)
                    config[WHAT_IF_OF] = self.what_if.link()
                drive(self.goal, setup, seams, config)
        except KeyboardInterrupt:  # stopped: the driver journaled the run as interrupted, and the tee emitted it
            pass
        except DecisionLoopError as err:
            failure = str(err)
        except Exception as err:  # the browser is told; the server goes on serving other runs
            failure = f"{type(err).__name__}: {err}"
        with self._lock:
            ended = any(e["type"] == "end" for e in self._events)
        if failure is None and not ended:  # stopped before the run began: the stream still gets its last event
            failure = "the run was stopped before it started"
        if failure is not None:
            self.emit({"type": "error", "message": failure})
        self.state = "failed" if failure is not None else "ended"

    def _checkpoint(self, request: Request, reply: object) -> None:
        if self._stopping:
            raise _Interrupted


class _Teed:
    """The run's journal, with every event also sent to the browser's trace."""

    def __init__(self, journal: Journal, run: LiveRun) -> None:
        self._journal = journal
        self._run = run

    def start(self, goal: str, config: Mapping[str, object]) -> str:
        run_id = self._journal.start(goal, config)
        self._run.journal_id = run_id
        self._run.emit({"type": "journal", "run_id": run_id})
        return run_id

    def record(self, run_id: str, event: Event) -> None:
        self._journal.record(run_id, event)
        self._run.emit(event_json(event))


class LiveRuns:
    """The server's runs by id: at most ``max_running`` going at once, the last ``keep`` ended ones kept."""

    def __init__(self, opener: RunOpener, *, who: str, max_running: int = MAX_RUNNING, keep: int = KEEP_ENDED) -> None:
        self._opener = opener
        self._who = who
        self._max_running = max_running
        self._keep = keep
        self._runs: dict[str, LiveRun] = {}
        self._lock = threading.Lock()

    def start(
        self, goal: str, *, preset: bool, dialog_timeout_s: float = DIALOG_TIMEOUT_S, what_if: WhatIf | None = None
    ) -> LiveRun:
        """Start a run (a what-if's, given one); TooManyRunsError when ``max_running`` are going."""
        with self._lock:
            going = sum(not r.finished for r in self._runs.values())
            if going >= self._max_running:
                raise TooManyRunsError(
                    f"{going} runs are going; stop one or wait for it to end (at most {self._max_running})"
                )
            ended = [k for k, r in self._runs.items() if r.finished]
            for key in ended[: max(0, len(ended) - self._keep + 1)]:
                del self._runs[key]
            run = LiveRun(goal, preset=preset, who=self._who, dialog_timeout_s=dialog_timeout_s, what_if=what_if)
            self._runs[run.id] = run
        run.start(self._opener)
        return run

    def get(self, run_id: str) -> LiveRun | None:
        """The run with this id, if the server still has it."""
        with self._lock:
            return self._runs.get(run_id)

    def stop_all(self) -> None:
        """Stop every run (the server is shutting down)."""
        with self._lock:
            runs = list(self._runs.values())
        for run in runs:
            if not run.finished:
                run.stop()


class TooManyRunsError(RuntimeError):
    """Too many runs going at once: HTTP 429."""
