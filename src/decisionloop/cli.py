"""The ``decisionloop`` command line: a thin edge over the core (it reads the environment and prints)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from decisionloop import __version__
from decisionloop.errors import ConfigError, DecisionLoopError
from decisionloop.settings import SETTINGS, resolve
from decisionloop.spec import Spec, apply_gates, check_spec, parse_assignments, read_spec
from decisionloop.spec.gates import split_env
from decisionloop.spec.render import spec_json, spec_lines


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="decisionloop")
def main() -> None:
    """decisionloop: a small local model makes an agent's routine decisions; an LLM or a person takes the
    unsure ones; nothing that changes the world runs without a human's OK."""


def gate_overrides(flags: Sequence[str]) -> dict[str, float]:
    """Overrides from DECISIONLOOP_GATES, then from --gate flags (a flag wins for the same key)."""
    from_env = parse_assignments(split_env(resolve("gates", os.environ)))
    return {**from_env, **parse_assignments(flags)}


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
        _fail(str(err))
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
def settings() -> None:
    """List every setting: its environment variable, default and current value."""
    table = Table("setting", "environment variable", "default", "now", "help", show_lines=False)
    for entry in SETTINGS:
        now = resolve(entry.name, os.environ)
        shown = "(set)" if entry.name == "decisions_key" and now else now
        table.add_row(entry.name, entry.env, entry.default or "—", shown or "—", entry.help)
    Console().print(table)


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def run() -> None:
    """Entry point that turns an unexpected DecisionLoopError into a clean message."""
    try:
        main()
    except DecisionLoopError as err:
        _fail(str(err))
