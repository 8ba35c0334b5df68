"""Free-running protocol: the real loop on each goal, tools replayed from the suite's recorded observations.

Success means the run finished with an answer after making the task's final gold call with matching arguments.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from decisionloop.core.backend import DecisionBackend
from decisionloop.core.records import RunResult
from decisionloop.core.tool import Tool, ToolContext
from decisionloop.core.vocab import FINISH
from decisionloop.driver import Approver, Seams, System2, Writer, drive
from decisionloop.gold.match import step_matches
from decisionloop.gold.suite import Suite, Task
from decisionloop.journal.events import Journal, MemoryJournal
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.loop.meter import MeterStats
from decisionloop.loop.requests import NeedResolution, Resolution
from decisionloop.model.matching import Matcher
from decisionloop.spec.model import Spec
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.catalog import SPECS
from decisionloop.tools.notes import SqliteNotes
from decisionloop.tools.replay import ReplayBook

ALL_TOOLS = tuple(s.id for s in SPECS if s.id != FINISH)


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeOutcome:
    """One task run free: did it make the final gold call and finish, how it ended, who decided."""

    task: Task
    result: RunResult
    meter: MeterStats
    success: bool
    wall_ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeSetup:
    """What every task of a free-running evaluation shares."""

    suite: Suite
    spec: Spec
    book: ReplayBook
    replayed: tuple[str, ...] = ALL_TOOLS
    limits: Limits = field(default_factory=Limits)
    matcher: Matcher | None = None  # the first step's second reading of the tool choice (``model.matching``)


def succeeded(task: Task, result: RunResult) -> bool:
    """The run finished and one of its calls matched the task's final gold call."""
    final = task.final_call
    if not result.done or final is None:
        return False
    return any(r.call is not None and step_matches(r.call.tool, r.call.args, final) for r in result.steps)


def suite_now(suite: Suite) -> datetime:
    """When the suite's observations were recorded: the agent's "today"."""
    return datetime.fromisoformat(suite.recorded_at.replace("Z", "+00:00"))


def task_tools(setup: FreeSetup, task: Task) -> tuple[Tool, ...]:
    """The built-in tools with ``setup.replayed`` serving the suite's recordings, this task's first."""
    return builtin_tools(replay=setup.book, replayed=setup.replayed, task_id=task.id)


@contextmanager
def task_context(suite: Suite) -> Iterator[ToolContext]:
    """A tool context at the suite's recording time with a fresh note store seeded with the suite's notes."""
    with SqliteNotes(":memory:") as notes:
        notes.seed(suite.seed_notes)
        yield ToolContext(now=suite_now(suite), notes=notes)


def run_task(
    task: Task,
    setup: FreeSetup,
    backend: DecisionBackend,
    *,
    system2: System2 | None = None,
    approver: Approver | None = None,
    writer: Writer | None = None,
    journal: Journal | None = None,
) -> FreeOutcome:
    """Run the loop on one task with replayed tools and a fresh note store seeded with the suite's notes; journaled
    to ``journal`` when given (else to one in memory, dropped)."""
    loop = LoopSetup(
        spec=setup.spec,
        tools=task_tools(setup, task),
        limits=setup.limits,
        clock=time.perf_counter,
        now=suite_now(setup.suite),
        matcher=setup.matcher,
    )
    started = time.perf_counter()
    with task_context(setup.suite) as context:
        seams = Seams(
            backend=backend,
            context=context,
            journal=journal if journal is not None else MemoryJournal(),
            system2=system2,
            approver=approver,
            writer=writer,
        )
        driven = drive(task.goal, loop, seams)
    return FreeOutcome(
        task=task,
        result=driven.result,
        meter=driven.meter,
        success=succeeded(task, driven.result),
        wall_ms=(time.perf_counter() - started) * 1000.0,
    )


def run_tasks(
    tasks: Sequence[Task],
    setup: FreeSetup,
    backend_for: Callable[[Task], DecisionBackend],
    *,
    system2_for: Callable[[Task], System2 | None] = lambda _: None,
    approver_for: Callable[[Task], Approver | None] = lambda _: None,
    on_task: Callable[[], None] | None = None,
) -> list[FreeOutcome]:
    """Each task on its own backend, System 2 and approver (an oracle needs to know its task)."""
    outcomes = []
    for task in tasks:
        outcomes.append(
            run_task(task, setup, backend_for(task), system2=system2_for(task), approver=approver_for(task))
        )
        if on_task is not None:
            on_task()
    return outcomes


class FollowSystem1:
    """The "System 1 alone, no gate" router: a held step takes System 1's own proposal anyway."""

    def resolve(self, request: NeedResolution) -> Resolution:
        """System 1's proposed call, or finish when it wanted to stop; stop when it proposed nothing."""
        suggestion = request.suggestion
        if suggestion.stop:
            return Resolution(kind="finish", by="system1", detail="no gate: System 1 wanted to stop")
        if suggestion.call is not None:
            return Resolution(kind="call", by="system1", call=suggestion.call, detail="no gate: System 1's call")
        return Resolution(kind="stop", by="code", detail="System 1 proposed no call")
