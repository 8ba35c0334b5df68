"""Commands that read the journal: ``runs`` lists recent runs, ``export`` writes one as JSON or Turtle."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import click

from decisionloop.cli.common import reports_errors
from decisionloop.journal import SqliteJournal, default_path, run_json, run_turtle
from decisionloop.settings import ready_home


@click.command()
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@reports_errors
def runs(limit: int) -> None:
    """List recent runs from the journal; unfinished runs and calls with no recorded result are flagged."""
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
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
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        data = journal.load(run_id)
    text = run_json(data) if fmt == "json" else run_turtle(data)
    if output is None:
        click.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
