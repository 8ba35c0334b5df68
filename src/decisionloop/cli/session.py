"""What ``run`` and ``demo`` open for a run: the options they were given, and every seam, closed after it."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Protocol

import click
from rich.console import Console

from decisionloop.cli.common import decision_backend, gate_overrides, llm_chat
from decisionloop.cli.views.run import step_lines
from decisionloop.cli.waiting import waiting
from decisionloop.core.tool import ToolContext
from decisionloop.driver import Approver, Seams, System2
from decisionloop.evaluate.free import task_context
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.loop.requests import Request, StepDone
from decisionloop.model.backend import model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.settings import ready_home, resolve, resolve_float
from decisionloop.spec import load_spec
from decisionloop.spec.thresholds import read_thresholds
from decisionloop.system2 import Declining, LlmSystem2, LlmWriter, TerminalPerson
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.notes import SqliteNotes
from decisionloop.tools.replay import ReplayBook
from decisionloop.tools.web import HttpFetch


class Person(System2, Approver, Protocol):
    """Someone who decides held steps, approves guarded calls and answers the agent's questions (the terminal's
    person, or the web app's)."""

    def ask_user(self, question: str) -> str | None:
        """The reply to the agent's question; None is no answer."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class RunOptions:
    """What the flags of ``run`` and ``demo`` ask for."""

    decisions_url: str | None = None
    decisions_model: str | None = None
    llm_url: str | None = None
    llm_model: str | None = None
    llm_timeout: str | None = None
    llm_structured: str | None = None
    gates: tuple[str, ...] = ()
    thresholds: Path | None = None
    offline: bool = False
    suite: Path | None = None
    cwd: Path | None = None
    limits: Limits = field(default_factory=Limits)
    interactive: bool = False
    demo: bool = False
    as_json: bool = False
    show_steps: bool = True

    def config(self) -> dict[str, object]:
        """What the journal records about how the run was set up (never a key)."""
        return {
            "decisions_url": self.decisions_url or "",
            "llm_url": self.llm_url or "",
            "gates": list(self.gates),
            "thresholds": str(self.thresholds) if self.thresholds else None,
            "offline": self.offline,
            "cwd": str(self.cwd) if self.cwd else None,
            "max_steps": self.limits.max_steps,
            "interactive": self.interactive,
            "demo": self.demo,
        }


def _bundled_thresholds(options: RunOptions) -> dict[str, float]:
    """The bundled model comes with gate values tuned for it; another backend starts from DECISION.md's."""
    return {} if resolve("decisions_url", os.environ, options.decisions_url) else model_thresholds()


def _step_printer(*, err: bool) -> Callable[[Request, object], None]:
    """Print each step as it finishes (on stderr when stdout carries JSON)."""

    def show(request: Request, reply: object) -> None:
        if isinstance(request, StepDone):
            for line in step_lines(request.record):
                click.echo(line, err=err)

    return show


@contextmanager
def open_session(
    options: RunOptions, console: Console, *, person: Person | None = None
) -> Iterator[tuple[LoopSetup, Seams]]:
    """Everything a run needs, opened for the run and closed after it; the journal last, so a run whose setup
    fails (an unusable home, notes database or journal) leaves no trace in it. ``person`` stands in for the one
    at the terminal (the web app's), who is asked only when ``options.interactive``."""
    user_home = ready_home(os.environ)
    tuned = read_thresholds(options.thresholds) if options.thresholds is not None else _bundled_thresholds(options)
    spec = load_spec(gates={**tuned, **gate_overrides(options.gates)})
    suite_path = options.suite or demo_suite_path()
    if not options.interactive:
        person = None
    elif person is None:
        person = TerminalPerson(console)
    people: System2 = person or Declining()
    approver: Approver = person or Declining()
    system2, writer = people, None
    with ExitStack() as stack:
        chat = llm_chat(options.llm_url, options.llm_model, options.llm_timeout, options.llm_structured)
        if chat is not None:
            stack.callback(chat.close)
            shown = waiting(chat)  # a spinner on stderr while the LLM answers, on a terminal only
            system2, writer = LlmSystem2(shown, person=people), LlmWriter(shown, instruction=spec.generator)
        if options.demo:  # the suite's clock and seed notes; the user's own notes stay untouched
            base = stack.enter_context(task_context(load_suite(suite_path)))
        else:
            notes = stack.enter_context(SqliteNotes(user_home / "notes.sqlite3"))
            base = ToolContext(now=datetime.now().astimezone(), notes=notes)
        fetch = None
        if not options.offline:
            fetch = HttpFetch(timeout_s=resolve_float("web_timeout", os.environ))
            stack.callback(fetch.close)
        book = ReplayBook.from_suite(suite_path) if options.offline else None
        tools = builtin_tools(replay=book, workspace=options.cwd is not None, dated=True)
        context = replace(base, fetch=fetch, workdir=options.cwd, ask_user=person.ask_user if person else None)
        now = context.now
        seams = Seams(
            backend=decision_backend(options.decisions_url, options.decisions_model, None),
            context=context,
            journal=stack.enter_context(SqliteJournal(default_path(user_home))),
            system2=system2,
            approver=approver,
            writer=writer,
            on_request=_step_printer(err=options.as_json) if options.show_steps else None,
        )
        matcher = shipped_matcher()
        loop = LoopSetup(
            spec=spec, tools=tools, limits=options.limits, clock=time.perf_counter, now=now, matcher=matcher
        )
        yield loop, seams
