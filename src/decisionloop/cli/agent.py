"""Commands that run the agent and read its journal: ``run``, ``demo``, ``runs``, ``export``."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Literal

import click
from rich.console import Console

from decisionloop.cli.common import F, decision_backend, gate_overrides, llm_chat, reports_errors
from decisionloop.cli.run_view import result_json, result_lines, step_lines
from decisionloop.core.tool import ToolContext
from decisionloop.driver import Approver, Driven, Seams, System2, drive
from decisionloop.evaluate.free import task_context
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.journal import SqliteJournal, default_path, run_json, run_turtle
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.loop.requests import Request, StepDone
from decisionloop.model.backend import model_thresholds
from decisionloop.settings import home, resolve
from decisionloop.spec import load_spec
from decisionloop.spec.thresholds import read_thresholds
from decisionloop.system2 import Declining, LlmSystem2, LlmWriter, TerminalPerson
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.notes import SqliteNotes
from decisionloop.tools.replay import ReplayBook
from decisionloop.tools.web import HttpFetch

DEMO_GOALS = (
    "What is 7,200 divided by 16?",
    "Weather in Lisbon tomorrow",
    "What is the population of the country where Kyoto is?",
    "Remove my note about the gym",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class RunOptions:
    """What the flags of ``run`` and ``demo`` ask for."""

    decisions_url: str | None = None
    decisions_model: str | None = None
    llm_url: str | None = None
    llm_model: str | None = None
    gates: tuple[str, ...] = ()
    thresholds: Path | None = None
    offline: bool = False
    suite: Path | None = None
    cwd: Path | None = None
    limits: Limits = field(default_factory=Limits)
    interactive: bool = False
    demo: bool = False
    as_json: bool = False

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


def _interactive(no_input: bool) -> bool:
    return not no_input and sys.stdin.isatty() and sys.stdout.isatty()


def _step_printer(*, err: bool) -> Callable[[Request, object], None]:
    """Print each step as it finishes (on stderr when stdout carries JSON)."""

    def show(request: Request, reply: object) -> None:
        if isinstance(request, StepDone):
            for line in step_lines(request.record):
                click.echo(line, err=err)

    return show


@contextmanager
def open_session(options: RunOptions, console: Console) -> Iterator[tuple[LoopSetup, Seams]]:
    """Everything a run needs, opened for the run and closed after it."""
    tuned = read_thresholds(options.thresholds) if options.thresholds is not None else _bundled_thresholds(options)
    spec = load_spec(gates={**tuned, **gate_overrides(options.gates)})
    suite_path = options.suite or demo_suite_path()
    person = TerminalPerson(console) if options.interactive else None
    people: System2 = person or Declining()
    approver: Approver = person or Declining()
    system2, writer = people, None
    with ExitStack() as stack:
        chat = llm_chat(options.llm_url, options.llm_model)
        if chat is not None:
            stack.callback(chat.close)
            system2, writer = LlmSystem2(chat, person=people), LlmWriter(chat, instruction=spec.generator)
        if options.demo:  # the suite's clock and seed notes; the user's own notes stay untouched
            base = stack.enter_context(task_context(load_suite(suite_path)))
        else:
            notes = stack.enter_context(SqliteNotes(home(os.environ) / "notes.sqlite3"))
            base = ToolContext(now=datetime.now().astimezone(), notes=notes)
        fetch = None
        if not options.offline:
            fetch = HttpFetch()
            stack.callback(fetch.close)
        book = ReplayBook.from_suite(suite_path) if options.offline else None
        tools = builtin_tools(replay=book, workspace=options.cwd is not None)
        context = replace(base, fetch=fetch, workdir=options.cwd, ask_user=person.ask_user if person else None)
        now = context.now
        seams = Seams(
            backend=decision_backend(options.decisions_url, options.decisions_model, None),
            context=context,
            journal=stack.enter_context(SqliteJournal(default_path(home(os.environ)))),
            system2=system2,
            approver=approver,
            writer=writer,
            on_request=_step_printer(err=options.as_json),
        )
        yield LoopSetup(spec=spec, tools=tools, limits=options.limits, clock=time.perf_counter, now=now), seams


def _report(driven: Driven, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(result_json(driven.result, driven.meter, driven.run_id), indent=2, ensure_ascii=False))
        return
    for line in result_lines(driven.result, driven.meter, driven.run_id):
        click.echo(line)


_RUN_OPTIONS: tuple[Callable[[F], F], ...] = (
    click.option(
        "--decisions",
        "decisions_url",
        help="Decision server base URL, or 'rules' for the rule judge [default: the bundled model; "
        "env DECISIONLOOP_DECISIONS_URL].",
    ),
    click.option("--decisions-model", help="Decision model id to pin [env DECISIONLOOP_DECISIONS_MODEL]."),
    click.option(
        "--llm", "llm_url", help="OpenAI-compatible base URL for System 2 and answers [env DECISIONLOOP_LLM_URL]."
    ),
    click.option("--model", "llm_model", help="LLM model name [env DECISIONLOOP_LLM_MODEL]."),
    click.option(
        "--gate", "gates", multiple=True, metavar="BLOCK.QUESTION[i]=VALUE", help="Move a threshold (repeatable)."
    ),
    click.option(
        "--thresholds",
        type=click.Path(path_type=Path, dir_okay=False, exists=True),
        help="Gate values tuned by decisionloop eval --tune-cap (a --gate flag wins for the same key).",
    ),
    click.option("--max-steps", type=click.IntRange(1, 100), default=Limits().max_steps, show_default=True),
    click.option("--max-seconds", type=click.FloatRange(min=1), default=Limits().max_seconds, show_default=True),
    click.option("--no-input", is_flag=True, help="Never ask anyone: held steps and guarded calls are declined."),
    click.option("--json", "as_json", is_flag=True, help="Print the run as JSON."),
)


def _run_options(fn: F) -> F:
    for option in reversed(_RUN_OPTIONS):
        fn = option(fn)
    return fn


@click.command("run")
@click.argument("goal")
@_run_options
@click.option("--offline", is_flag=True, help="Replay web tools from recorded observations instead of the network.")
@click.option("--suite", type=click.Path(path_type=Path, dir_okay=False, exists=True), help="Recordings for --offline.")
@click.option("--cwd", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Enable file tools here.")
@reports_errors
def run_goal(goal: str, offline: bool, suite: Path | None, cwd: Path | None, **flags: object) -> None:
    """Run the agent on GOAL: System 1 decides, held steps go to the LLM or you, changes need your OK."""
    options = _options(flags, offline=offline or suite is not None, suite=suite, cwd=cwd, demo=False)
    with open_session(options, Console(stderr=False)) as (setup, seams):
        driven = drive(goal, setup, seams, options.config())
    _report(driven, bool(flags["as_json"]))


@click.command()
@_run_options
@reports_errors
def demo(**flags: object) -> None:
    """Run preset goals fully offline: recorded observations, local tools, the default decision backend.

    In a non-interactive shell, held steps and guarded calls are declined and shown as such.
    """
    options = _options(flags, offline=True, suite=None, cwd=None, demo=True)
    with open_session(options, Console()) as (setup, seams):
        for goal in DEMO_GOALS:
            click.echo(f"\n▶ {goal}")
            _report(drive(goal, setup, seams, options.config()), bool(flags["as_json"]))


def _options(
    flags: dict[str, object], *, offline: bool, suite: Path | None, cwd: Path | None, demo: bool
) -> RunOptions:
    def text(key: str) -> str | None:
        value = flags.get(key)
        return value if isinstance(value, str) else None

    gates = flags.get("gates", ())
    max_steps, max_seconds = flags["max_steps"], flags["max_seconds"]
    if not isinstance(gates, tuple) or not isinstance(max_steps, int) or not isinstance(max_seconds, float):
        raise TypeError(f"unexpected flag types: {flags!r}")
    return RunOptions(
        decisions_url=text("decisions_url"),
        decisions_model=text("decisions_model"),
        llm_url=text("llm_url"),
        llm_model=text("llm_model"),
        gates=gates,
        thresholds=thresholds if isinstance(thresholds := flags.get("thresholds"), Path) else None,
        offline=offline,
        suite=suite,
        cwd=cwd,
        limits=Limits(max_steps=max_steps, max_seconds=max_seconds),
        interactive=_interactive(bool(flags["no_input"])),
        demo=demo,
        as_json=bool(flags["as_json"]),
    )


@click.command()
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@reports_errors
def runs(limit: int) -> None:
    """List recent runs from the journal; unfinished runs and calls with no recorded result are flagged."""
    with SqliteJournal(default_path(home(os.environ))) as journal:
        found = journal.runs(limit)
    if not found:
        click.echo("no runs yet: try decisionloop demo")
    for r in found:
        flag = f"  ⚠ {r.in_flight} call(s) in flight, not re-run" if r.in_flight else ""
        ended = r.stop or r.status
        steps = f"{r.steps} step{'' if r.steps == 1 else 's'}"
        click.echo(f"{r.id[:8]}  {r.started_at[:19]}  {ended:<11} {steps:<8} {r.goal}{flag}")


@click.command()
@click.argument("run_id", metavar="RUN")
@click.option("--format", "fmt", type=click.Choice(["json", "ttl"]), default="json", show_default=True)
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write here instead of stdout.")
@reports_errors
def export(run_id: str, fmt: Literal["json", "ttl"], output: Path | None) -> None:
    """Export one run (an id or a unique prefix) as JSON or as RDF Turtle."""
    with SqliteJournal(default_path(home(os.environ))) as journal:
        data = journal.load(run_id)
    text = run_json(data) if fmt == "json" else run_turtle(data)
    if output is None:
        click.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
