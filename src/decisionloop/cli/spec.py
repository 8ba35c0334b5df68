"""``decisionloop spec``: compile a DECISION.md and show its decisions, policies and problems."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from decisionloop.cli.common import fail, gate_overrides
from decisionloop.cli.options import gate_option
from decisionloop.core.errors import ConfigError
from decisionloop.spec import Spec, apply_gates, check_spec, read_spec
from decisionloop.spec.render import spec_json, spec_lines


@click.command()
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@gate_option()
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
