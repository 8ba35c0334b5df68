"""Commands that read the journal: ``runs`` lists recent runs, ``export`` writes one as JSON or Turtle."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

import click
from rich.console import Console

from decisionloop.cli.common import reports_errors
from decisionloop.cli.views.runs import run_summary_json, runs_notes, runs_table
from decisionloop.core.vocab import STOP_REASONS
from decisionloop.journal import SqliteJournal, default_path, run_json, run_turtle
from decisionloop.journal.store import UNFINISHED
from decisionloop.settings import ready_home


@click.command()
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True, help="Show this many runs.")
@click.option(
    "--stop",
    type=click.Choice([*STOP_REASONS, UNFINISHED]),
    help="Only runs that stopped so (unfinished: never ended, e.g. killed).",
)
@click.option("--search", metavar="TEXT", help="Only runs whose goal or answer holds TEXT (any case).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of the runs, every field whole.")
@reports_errors
def runs(limit: int, stop: str | None, search: str | None, as_json: bool) -> None:
    """List recent runs, newest first, with their answers; unfinished runs and calls with no result are flagged.

    With --json, each run also lists its LLM calls: purpose, model, latency, tokens, and whether the reply was used.
    """
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        found = journal.runs(limit, stop=stop, search=search)
        llm_calls = journal.llm_calls(r.id for r in found) if as_json else {}
    if as_json:
        listed = [run_summary_json(r, llm_calls[r.id]) for r in found]
        click.echo(json.dumps(listed, indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("no runs match" if stop or search else "no runs yet: try decisionloop demo")
        return
    console = Console(highlight=False)
    console.print(runs_table(found, console.width))
    for line in runs_notes(found):
        click.echo(line)


@click.command()
@click.argument("run_id", metavar="RUN")
@click.option("--format", "fmt", type=click.Choice(["json", "ttl"]), default="json", show_default=True)
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write here instead of stdout.")
@reports_errors
def export(run_id: str, fmt: Literal["json", "ttl"], output: Path | None) -> None:
    """Export one run (an id or a unique prefix) as JSON or as RDF Turtle."""
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        data = journal.load(run_id)
    text = run_json(data) if fmt == "json" else run_turtle(data)
    if output is None:
        click.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
