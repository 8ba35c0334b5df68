"""The ``decisionloop`` group: every command assembled, and the console entry point."""

from __future__ import annotations

import click

from decisionloop import __version__
from decisionloop.cli.agent import demo, resume_run, run_goal
from decisionloop.cli.bench import bench
from decisionloop.cli.chat import chat
from decisionloop.cli.common import fail
from decisionloop.cli.decide import decide
from decisionloop.cli.evaluate import eval_command
from decisionloop.cli.model import model, train
from decisionloop.cli.runs import export, runs
from decisionloop.cli.serve import serve_decisions
from decisionloop.cli.settings import settings
from decisionloop.cli.spec import spec
from decisionloop.cli.web import web
from decisionloop.core.errors import DecisionLoopError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="decisionloop")
def main() -> None:
    """decisionloop: a small local model makes an agent's routine decisions; an LLM or a person takes the
    unsure ones; nothing that changes the world runs without a human's OK."""


for _command in (
    spec,
    decide,
    settings,
    run_goal,
    resume_run,
    chat,
    demo,
    runs,
    export,
    eval_command,
    bench,
    train,
    model,
    serve_decisions,
    web,
):
    main.add_command(_command)


def run() -> None:
    """Entry point that turns an unexpected DecisionLoopError into a clean message."""
    try:
        main()
    except DecisionLoopError as err:
        fail(str(err))
