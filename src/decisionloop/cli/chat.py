"""``chat``: a conversation with the agent, each thing you say a run, the earlier turns carried as context."""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path

import click
from rich.console import Console

from decisionloop.cli.agent import options_of, run_options, where_options
from decisionloop.cli.common import interruptible, reports_errors, utf8_text
from decisionloop.cli.session import open_session
from decisionloop.cli.views.run import meter_line, stop_line
from decisionloop.driver import drive
from decisionloop.loop.conversation import BUDGET_CHARS, Conversation, Turn

ENDS = frozenset({"exit", "quit", "bye", "/exit", "/quit"})


@click.command(
    "chat", epilog="\b\nExit status: 0 when the conversation ends (exit, quit or end of input) · 1 error · 130 Ctrl-C"
)
@run_options
@where_options
@click.option(
    "--context-chars",
    type=click.IntRange(0, 20_000),
    default=BUDGET_CHARS,
    show_default=True,
    help="How many characters of earlier turns go with each new one (to the LLM; System 1 reads the turn alone).",
)
@interruptible
@reports_errors
def chat(offline: bool, suite: Path | None, cwd: Path | None, context_chars: int, **flags: object) -> None:
    """Talk with the agent: each line you type is a goal, run as `run` runs it, in one session.

    The latest earlier turns (what you said and the answers, up to --context-chars) go with each new one to the LLM
    and the answer writer; a line after each answer shows how much. Without an LLM, what no tool can do gets a
    plain reply naming the tools there are. Type exit or quit, or end the input (Ctrl-D), to stop.
    """
    if flags["as_json"] or flags["quiet"]:
        raise click.UsageError("chat prints a conversation; --json and --quiet are for decisionloop run")
    options = options_of(flags, offline=offline or suite is not None, suite=suite, cwd=cwd, demo=False)
    conversation = Conversation(budget=context_chars)
    session = uuid.uuid4().hex
    with open_session(options, Console(stderr=False)) as (setup, seams):
        click.echo("Say what you want done; exit or Ctrl-D ends the conversation.")
        while (said := _next_line()) is not None:
            carried = replace(setup, conversation=conversation.text())
            config = {**options.config(), "chat": session, "turn": len(conversation.turns) + 1}
            driven = drive(said, carried, seams, config)
            result = driven.result
            click.echo(f"agent: {result.answer}")
            if result.stop != "answered" or flags["verbose"]:
                click.echo(f"       {stop_line(result)}")
            if flags["verbose"]:
                click.echo(f"       {meter_line(driven.meter, driven.run_id)}")
            conversation = conversation.add(Turn(said=said, answer=result.answer, stop=result.stop))
            click.echo(click.style(f"       {conversation.budget_line()}", dim=True))


def _next_line() -> str | None:
    """The next thing said (blank lines skipped); None at the end of the input or when the user says goodbye."""
    while True:
        try:
            line = utf8_text(click.prompt("you", prompt_suffix="> ", default="", show_default=False), "what you said")
        except click.Abort:  # end of input
            return None
        if line.strip().casefold() in ENDS:
            return None
        if line.strip():
            return line.strip()
