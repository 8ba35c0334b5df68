"""The ``decisionloop`` command line: a thin edge over the core (it reads the environment and prints)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from decisionloop import __version__
from decisionloop.cli.agent import demo, export, run_goal, runs
from decisionloop.cli.bench import bench
from decisionloop.cli.common import decision_backend, fail, gate_overrides
from decisionloop.cli.decision_view import build_ask, decision_lines, parse_state
from decisionloop.cli.evaluate import eval_command
from decisionloop.cli.model import model, train
from decisionloop.cli.serve import serve_decisions
from decisionloop.core.decision import decision_json
from decisionloop.core.errors import ConfigError, DecisionLoopError
from decisionloop.decide import decide as decide_one
from decisionloop.settings import SETTINGS, resolve
from decisionloop.spec import Spec, apply_gates, check_spec, load_spec, read_spec
from decisionloop.spec.render import spec_json, spec_lines


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="decisionloop")
def main() -> None:
    """decisionloop: a small local model makes an agent's routine decisions; an LLM or a person takes the
    unsure ones; nothing that changes the world runs without a human's OK."""


@main.command()
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--gate",
    "gates",
    multiple=True,
    metavar="BLOCK.QUESTION[i]=VALUE",
    help="Move a policy threshold, e.g. --gate pick_tool.tool=0.7 or grade_risk.risk[1]=1.5 (repeatable).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the compiled spec as JSON.")
def spec(file: Path | None, gates: tuple[str, ...], as_json: bool) -> None:
    """Compile a DECISION.md (the shipped one by default) and show its decisions, policies and problems.

    Exits 0 only when the file compiles cleanly, matches what the code reads, and every --gate applies.
    """
    try:
        text, shown = read_spec(file)
        compiled = check_spec(text, shown)
        if compiled.ok:
            compiled = apply_gates(compiled, gate_overrides(gates))
    except ConfigError as err:
        fail(str(err))
    _print_spec(compiled, as_json)
    sys.exit(0 if compiled.ok else 1)


def _print_spec(compiled: Spec, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(spec_json(compiled), indent=2, ensure_ascii=False))
        return
    for line in spec_lines(compiled):
        click.echo(line)
    for problem in compiled.problems:
        click.echo(problem.render(compiled.path), err=True)


@main.command()
@click.argument("block_id", metavar="BLOCK")
@click.option(
    "--state",
    "state_text",
    required=True,
    help='The frame to decide on: a JSON object, or plain text (sent as {"goal": TEXT}).',
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME[=CRITERIA]",
    help="An option built in code for a dynamic question (repeatable), e.g. --option weather='Get the forecast'.",
)
@click.option("--url", help="Base URL of a /v1/systemone server [env DECISIONLOOP_DECISIONS_URL].")
@click.option("--model", help="Model id to pin [env DECISIONLOOP_DECISIONS_MODEL].")
@click.option("--timeout", help="Seconds per request [env DECISIONLOOP_DECISIONS_TIMEOUT].")
@click.option(
    "--gate", "gates", multiple=True, metavar="BLOCK.QUESTION[i]=VALUE", help="Move a threshold (repeatable)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the decision as JSON.")
def decide(
    block_id: str,
    state_text: str,
    options: tuple[str, ...],
    url: str | None,
    model: str | None,
    timeout: str | None,
    gates: tuple[str, ...],
    as_json: bool,
) -> None:
    """Ask one decision of the shipped DECISION.md about a state, and show the answers, action and reasons.

    Without --url (or DECISIONLOOP_DECISIONS_URL) the bundled decision model answers. --url rules picks the
    rule judge, whose answers are degraded: its action is always 'escalate', the policy's verdict 'proposed'.
    """
    try:
        spec = load_spec(gates=gate_overrides(gates))
        block = spec.block(block_id) if block_id in {b.id for b in spec.blocks} else None
        if block is None:
            raise ConfigError(f"unknown decision {block_id!r}; decisions: {', '.join(b.id for b in spec.blocks)}")
        ask = build_ask(block, parse_state(state_text), options)
        backend = decision_backend(url, model, timeout)
        decision = decide_one(backend, ask)
    except (ConfigError, ValueError) as err:
        fail(str(err))
    if as_json:
        click.echo(json.dumps(decision_json(decision), indent=2, ensure_ascii=False))
    else:
        for line in decision_lines(decision):
            click.echo(line)


@main.command()
def settings() -> None:
    """List every setting: its environment variable, default and current value."""
    for entry in SETTINGS:
        now = resolve(entry.name, os.environ)
        shown = "(set)" if entry.name.endswith("_key") and now else now
        click.echo(f"{entry.name:<18} {entry.env:<32} now: {shown or '—'}   default: {entry.default or '—'}")
        click.echo(f"{'':<18} {entry.help}")


for _command in (run_goal, demo, runs, export, eval_command, bench, train, model, serve_decisions):
    main.add_command(_command)


def run() -> None:
    """Entry point that turns an unexpected DecisionLoopError into a clean message."""
    try:
        main()
    except DecisionLoopError as err:
        fail(str(err))
