"""Shared pieces for loop tests: a responder that answers by question id, a run helper, fixed clocks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, ScoreQuestion
from decisionloop.core.tool import NONE, Tool, ToolContext
from decisionloop.driver import Approver, Driven, Seams, System2, Writer, drive
from decisionloop.journal.events import Event, MemoryJournal
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.model.matching import Matcher
from decisionloop.spec.load import load_spec
from decisionloop.tools.notes import SqliteNotes

NOW = datetime(2026, 9, 24, 12, 0, tzinfo=UTC)
SPEC = load_spec()
Pick = str | float | int
Picks = Mapping[str, Pick]
_UNLIKELY = frozenset({"needs_auth", "unsupported"})


def answers_for(request: DecisionRequest, picks: Picks) -> dict[str, object]:
    """A sure answer per question: the picked option (when offered; else the last, or for the tool the last
    tool before NONE; a NONE sure enough for its stricter gate), probability or score level."""
    answers: dict[str, object] = {}
    for qid, question in request.questions.items():
        want = picks.get(qid)
        match question:
            case ChoiceQuestion(options=options):
                names = [o.name for o in options]
                fallback = names[-1] if qid != "tool" or len(names) < 2 else names[-2]  # the last tool, not NONE
                choice = want if isinstance(want, str) and want in names else fallback
                sure = 0.998 if choice == NONE and qid == "tool" else 0.96  # NONE's gate is stricter (DECISION.md)
                rest = (1.0 - sure) / (len(names) - 1) if len(names) > 1 else 0.0
                answers[qid] = {"choice": choice, "probabilities": {n: sure if n == choice else rest for n in names}}
            case NoulQuestion():
                default = 0.03 if qid in _UNLIKELY else 0.95
                answers[qid] = {"noul": float(want) if isinstance(want, float | int) else default}
            case ScoreQuestion(levels=levels):
                level = int(want) if isinstance(want, int) else 0
                answers[qid] = {"probabilities": {str(i): 1.0 if i == level else 0.0 for i in range(len(levels))}}
    return answers


def by_step(*steps: Picks) -> ScriptedBackend:
    """A backend answering step ``i``'s questions from ``steps[i]`` (the last one repeats); i = tool steps done."""
    seen: list[int] = [0]

    def respond(request: DecisionRequest) -> Mapping[str, object]:
        state = request.state if isinstance(request.state, Mapping) else {}
        if "steps" in state:
            text = str(state["steps"])
            seen[0] = 0 if text == "nothing yet" else len(text.splitlines()) - 2
        return {"answers": answers_for(request, steps[min(seen[0], len(steps) - 1)])}

    return ScriptedBackend(respond)


TWO_TOOLS = "What is 7,200 divided by 16, and what are 5 miles in km?"
_TWO_VALUES = {"arg:expression": "7,200 divided by 16", "arg:quantity": "5 miles", "arg:to_unit": "km"}


def two_tools() -> ScriptedBackend:
    """For TWO_TOOLS: calculator, then unit_convert, then done; each step picks the first of them not yet run, so
    a what-if that runs them the other way round goes on as sure as the original."""

    def respond(request: DecisionRequest) -> Mapping[str, object]:
        steps = str(request.state.get("steps", "")) if isinstance(request.state, Mapping) else ""
        left = [t for t in ("calculator", "unit_convert") if t not in steps]
        picks: dict[str, Pick] = {**_TWO_VALUES, "tool": left[0] if left else "calculator"}
        picks |= {"needs_tool": 0.97 if left else 0.02, "done": 0.03 if left else 0.97}
        return {"answers": answers_for(request, picks)}

    return ScriptedBackend(respond)


@dataclass
class Clock:
    """A clock the test moves."""

    now: float = 0.0
    step: float = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@dataclass
class Run:
    """A driven run and everything it journaled."""

    driven: Driven
    journal: MemoryJournal
    notes: SqliteNotes

    @property
    def events(self) -> list[Event]:
        return [e for _, e in self.journal.events]


@dataclass
class Env:
    """Seams for one test run, with sensible defaults."""

    backend: ScriptedBackend
    tools: Sequence[Tool]
    system2: System2 | None = None
    approver: Approver | None = None
    writer: Writer | None = None
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = field(default_factory=Clock)
    notes: Sequence[str] = ()
    store: SqliteNotes | None = None  # the note store to use (seeded with ``notes``); a new one by default
    matcher: Matcher | None = None  # the first step's second reading of the tool choice (``model.matching``)

    def run(self, goal: str) -> Run:
        journal = MemoryJournal()
        store = self.store or SqliteNotes(":memory:")
        store.seed(self.notes)
        setup = LoopSetup(
            spec=SPEC, tools=tuple(self.tools), limits=self.limits, clock=self.clock, now=NOW, matcher=self.matcher
        )
        seams = Seams(
            backend=self.backend,
            context=ToolContext(now=NOW, notes=store),
            journal=journal,
            system2=self.system2,
            approver=self.approver,
            writer=self.writer,
            clock=self.clock,
            wall=lambda: NOW,
        )
        return Run(driven=drive(goal, setup, seams), journal=journal, notes=store)
