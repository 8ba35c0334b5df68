"""The web app on scripted parts: a run opener with a scripted System 1, the built-in tools on seeded notes and a
journal in a temporary directory; waiting for a live run's events."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.core.tool import ToolContext
from decisionloop.driver import Seams
from decisionloop.journal import SqliteJournal
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.spec import default_text, load_spec
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.notes import SqliteNotes
from decisionloop.web import EvalRunner, LiveRun, Opened, Policy, SpecView, WebConfig, WebPerson
from tests.support.loop import NOW, TWO_TOOLS, by_step, two_tools

CSRF = "test-csrf-secret"
HOSTS = frozenset({"testserver", "127.0.0.1", "localhost", "::1"})
SEED = ("Gym locker code is 4417", "Parking spot at work is B-14")
SURE_PICK = 0.99  # pick_tool's gate above the scripted 0.96: every tool choice is held for the person
DIVIDE = "What is 7,200 divided by 16?"
GYM = "Remove my note about the gym"
PRESETS = (DIVIDE, GYM)


def divide_backend() -> DecisionBackend:
    """Calculator on the goal's expression, then finish."""
    return by_step({"tool": "calculator", "arg:expression": "7,200 divided by 16"}, {"needs_tool": 0.02, "done": 0.97})


def gym_backend() -> DecisionBackend:
    """Delete the gym note (a guarded call), then finish."""
    return by_step({"tool": "note_delete", "arg:query": "gym", "risk": 3}, {"needs_tool": 0.02, "done": 0.97})


class ByGoal:
    """The scripted System 1 of the goal a request is about: the gym one for notes, the two-tools one for miles,
    else the calculator one."""

    def __init__(self) -> None:
        self._gym, self._divide, self._two = gym_backend(), divide_backend(), two_tools()

    @property
    def name(self) -> str:
        """``scripted``."""
        return "scripted"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """The scripted answers for the request's goal."""
        goal = str(request.state.get("goal", "")) if isinstance(request.state, Mapping) else ""
        backend = self._gym if "note" in goal else self._two if goal == TWO_TOOLS else self._divide
        return backend.decide(request)


@dataclass
class ScriptedOpener:
    """Opens each run with a fresh scripted backend, seeded notes and the journal at ``journal_path``."""

    journal_path: Path
    backend: Callable[[], DecisionBackend] = ByGoal
    gates: Mapping[str, float] = field(default_factory=dict)
    notes: Sequence[str] = SEED
    opened: list[str] = field(default_factory=list)  # "preset" or "typed", one per run

    @contextmanager
    def __call__(self, person: WebPerson, *, preset: bool) -> Iterator[Opened]:
        self.opened.append("preset" if preset else "typed")
        with SqliteJournal(self.journal_path) as journal, SqliteNotes(":memory:") as store:
            store.seed(self.notes)
            context = ToolContext(now=NOW, notes=store, ask_user=person.ask_user)
            spec = load_spec(gates=dict(self.gates))
            setup = LoopSetup(spec=spec, tools=builtin_tools(), limits=Limits(), clock=time.perf_counter, now=NOW)
            seams = Seams(backend=self.backend(), context=context, journal=journal, system2=person, approver=person)
            yield Opened(setup=setup, seams=seams, config={"backend": "scripted", "demo": preset})


def config(
    tmp_path: Path,
    opener: ScriptedOpener | None = None,
    *,
    token: str | None = None,
    max_running: int = 4,
    eval_runner: EvalRunner | None = None,
) -> WebConfig:
    """A WebConfig on the scripted opener, its journal and ``evals/`` folder in ``tmp_path``."""
    spec = load_spec()
    return WebConfig(
        opener=opener or ScriptedOpener(tmp_path / "journal.sqlite3"),
        journal_path=tmp_path / "journal.sqlite3",
        spec=SpecView(spec=spec, base=spec, text=default_text()),
        policy=Policy(hosts=HOSTS, csrf=CSRF, token=token),
        presets=PRESETS,
        about=(("decisions", "scripted"),),
        max_running=max_running,
        evals_dir=tmp_path / "evals",
        eval_runner=eval_runner,
    )


def wait_for(run: LiveRun, kind: str, *, timeout_s: float = 20.0, after: int = 0) -> dict[str, object]:
    """The first event of ``kind`` numbered ``after`` or later, waiting for it; AssertionError on timeout."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for event in run.events_since(after):
            if event["type"] == kind:
                return event
        time.sleep(0.01)
    seen = [e["type"] for e in run.events_since(0)]
    raise AssertionError(f"no {kind!r} event within {timeout_s} s; saw {seen}")


def asking_backend() -> DecisionBackend:
    """System 1 asks the user (the weather's place is in no text), then finishes."""
    return by_step({"tool": "ask_user", "needs_tool": 0.97}, {"needs_tool": 0.02, "done": 0.97})
