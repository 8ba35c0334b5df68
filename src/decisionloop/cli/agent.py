"""Commands that run the agent: ``run`` on one goal, ``resume`` an interrupted run, ``demo`` on preset goals
offline."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import click
from rich.console import Console

from decisionloop.cli.common import F, interruptible, notice, reports_errors, utf8_text
from decisionloop.cli.options import decisions_options, gate_option, llm_options, stacked
from decisionloop.cli.session import RunOptions, open_session
from decisionloop.cli.views.run import EXIT_EPILOG, Verbosity, exit_status, result_json, result_lines
from decisionloop.core.errors import JournalError
from decisionloop.core.records import Call
from decisionloop.driver import Driven, drive
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.journal.resume import resumable, unknown_step
from decisionloop.loop.agent import Limits
from decisionloop.settings import ready_home
from decisionloop.system2.terminal import call_text

DEMO_GOALS = (
    "What is 7,200 divided by 16?",
    "Weather in Lisbon tomorrow",
    "What is the population of the country where Kyoto is?",
    "Remove my note about the gym",
)


def session_options(fn: F) -> F:
    """The flags of every command that runs the agent (``run``, ``resume``, ``demo``, ``chat``, ``web``):
    backends, gates, budgets."""
    return stacked(
        decisions_options(),
        llm_options(),
        gate_option(),
        click.option(
            "--thresholds",
            type=click.Path(path_type=Path, dir_okay=False, exists=True),
            help="Gate values tuned by decisionloop eval --tune-cap (a --gate flag wins for the same key).",
        ),
        click.option("--max-steps", type=click.IntRange(1, 100), default=Limits().max_steps, show_default=True),
        click.option("--max-seconds", type=click.FloatRange(min=1), default=Limits().max_seconds, show_default=True),
    )(fn)


def run_options(fn: F) -> F:
    """The flags ``run``, ``resume``, ``demo`` and ``chat`` share."""
    return stacked(
        session_options,
        click.option("--no-input", is_flag=True, help="Never ask anyone: held steps and guarded calls are declined."),
        click.option("--json", "as_json", is_flag=True, help="Print the run as JSON."),
        click.option("--verbose", "-v", is_flag=True, help="Show each step as it finishes, and the full meter."),
        click.option(
            "--quiet", "-q", is_flag=True, help="Print the answer only (a run without one: its stop on stderr)."
        ),
    )(fn)


def where_options(fn: F) -> F:
    """Where a run's tools look: recorded observations instead of the network, and a folder for the file tools."""
    return stacked(
        click.option(
            "--offline", is_flag=True, help="Replay web tools from recorded observations instead of the network."
        ),
        click.option(
            "--suite", type=click.Path(path_type=Path, dir_okay=False, exists=True), help="Recordings for --offline."
        ),
        click.option(
            "--cwd", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Enable file tools here."
        ),
    )(fn)


_EXAMPLE_GOAL = "What is 7,200 divided by 16?"


@click.command("run", epilog=EXIT_EPILOG)
@click.argument("goal")
@run_options
@where_options
@interruptible
@reports_errors
def run_goal(goal: str, offline: bool, suite: Path | None, cwd: Path | None, **flags: object) -> None:
    """Run the agent on GOAL: System 1 decides, held steps go to the LLM or you, changes need your OK.

    Prints the answer first, then the stop line and a one-line meter (--verbose: each step and the full meter);
    the exit status says how the run ended (below).
    """
    goal = utf8_text(goal, "the goal")
    if not goal.strip():
        raise click.UsageError(f'the goal {goal!r} is empty; say what the agent should do, e.g. run "{_EXAMPLE_GOAL}"')
    verbosity = _verbosity(flags)
    options = options_of(flags, offline=offline or suite is not None, suite=suite, cwd=cwd, demo=False)
    with open_session(options, Console(stderr=False)) as (setup, seams):
        driven = drive(goal, setup, seams, options.config())
    _report(driven, bool(flags["as_json"]), verbosity)
    sys.exit(exit_status(driven.result))


@click.command("resume", epilog=EXIT_EPILOG)
@click.argument("run_id", metavar="RUN")
@run_options
@where_options
@interruptible
@reports_errors
def resume_run(run_id: str, offline: bool, suite: Path | None, cwd: Path | None, **flags: object) -> None:
    """Continue an interrupted run (RUN: its id or a unique prefix, from `decisionloop runs --stop interrupted`).

    The steps it finished are kept and never run again; a call that was running when it stopped, whose result is
    unknown, runs again only if you say so. The continued run is a new run in the journal (`resumed_from` in its
    config); the flags are those of run, given afresh.
    """
    verbosity = _verbosity(flags)
    options = options_of(flags, offline=offline or suite is not None, suite=suite, cwd=cwd, demo=False)
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        resumed = resumable(journal.load(run_id))
        again = journal.resumed_as(resumed.run_id)
    if again is not None:  # resuming it twice would run again what the first resume did
        raise JournalError(f"run {resumed.run_id} was resumed already, as run {again}; resume that one instead")
    history = resumed.steps
    left = unknown_step(resumed)
    if left is not None and not _run_again(left.call, options.interactive):
        history = (*history, left)
    with open_session(options, Console(stderr=False)) as (setup, seams):
        config = {**options.config(), "resumed_from": resumed.run_id}
        driven = drive(resumed.goal, replace(setup, history=history), seams, config)
    _report(driven, bool(flags["as_json"]), verbosity)
    sys.exit(exit_status(driven.result))


def _run_again(call: Call | None, interactive: bool) -> bool:
    """Whether the user wants the call whose result is unknown run again (never asked without a terminal)."""
    shown = call_text(call)
    if not interactive:
        notice(f"{shown} was running when the run stopped; its result is unknown, so it is not run again")
        return False
    return click.confirm(
        f"{shown} was running when the run stopped, and its result is unknown: it may have happened. Run it again?",
        default=False,
    )


@click.command(
    epilog="\b\nExit status: 0 every preset ran (whatever it ended with) · 1 error · 2 usage · 130 interrupted"
)
@run_options
@interruptible
@reports_errors
def demo(**flags: object) -> None:
    """Run preset goals fully offline: recorded observations, local tools, the default decision backend.

    In a non-interactive shell, held steps and guarded calls are declined and shown as such. Each run's stop is
    printed as it is, but the demo is a showcase: unlike run, its exit status does not say how the runs ended.
    """
    verbosity = _verbosity(flags)
    options = options_of(flags, offline=True, suite=None, cwd=None, demo=True)
    with open_session(options, Console()) as (setup, seams):
        for goal in DEMO_GOALS:
            if verbosity != "quiet":
                click.echo(f"\n▶ {goal}")
            _report(drive(goal, setup, seams, options.config()), bool(flags["as_json"]), verbosity)


def _verbosity(flags: dict[str, object]) -> Verbosity:
    if flags["verbose"] and flags["quiet"]:
        raise click.UsageError("--verbose and --quiet ask for opposite things; give one of them")
    return "verbose" if flags["verbose"] else "quiet" if flags["quiet"] else "normal"


def _report(driven: Driven, as_json: bool, verbosity: Verbosity) -> None:
    if as_json:
        click.echo(json.dumps(result_json(driven.result, driven.meter, driven.run_id), indent=2, ensure_ascii=False))
        return
    for line in result_lines(driven.result, driven.meter, driven.run_id, verbosity):
        click.echo(line)
    if verbosity == "quiet" and driven.result.stop != "answered":
        notice(f"stop: {driven.result.stop} — {driven.result.answer}")


def _interactive(no_input: bool) -> bool:
    return not no_input and _is_terminal(sys.stdin) and _is_terminal(sys.stdout)


def _is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal; a closed stream (None when the process started without it) is not."""
    if stream is None:
        return False
    try:
        return stream.isatty()
    except ValueError:  # closed after start
        return False


def options_of(
    flags: dict[str, object], *, offline: bool, suite: Path | None, cwd: Path | None, demo: bool
) -> RunOptions:
    """The RunOptions of the ``run_options`` flags: asking a person only at a terminal and without --no-input."""
    as_json = bool(flags["as_json"])
    return session_run_options(
        flags,
        offline=offline,
        suite=suite,
        cwd=cwd,
        demo=demo,
        interactive=_interactive(bool(flags["no_input"])),
        as_json=as_json,
        # run shows steps with --verbose (stdout) or --json (stderr); the demo, a showcase, unless --quiet
        show_steps=bool(as_json or flags["verbose"] or (demo and not flags["quiet"])),
    )


def session_run_options(
    flags: Mapping[str, object],
    *,
    offline: bool,
    suite: Path | None,
    cwd: Path | None,
    demo: bool,
    interactive: bool,
    as_json: bool = False,
    show_steps: bool = False,
) -> RunOptions:
    """The RunOptions of the ``session_options`` flags and what the command itself decides."""

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
        llm_timeout=text("llm_timeout"),
        llm_structured=text("llm_structured"),
        gates=gates,
        thresholds=thresholds if isinstance(thresholds := flags.get("thresholds"), Path) else None,
        offline=offline,
        suite=suite,
        cwd=cwd,
        limits=Limits(max_steps=max_steps, max_seconds=max_seconds),
        interactive=interactive,
        demo=demo,
        as_json=as_json,
        show_steps=show_steps,
    )
