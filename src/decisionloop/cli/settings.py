"""``decisionloop settings``: every setting from the one table, with its value, where that value came from (the
environment, ``config.toml`` or the default), its environment variable and its flag."""

from __future__ import annotations

import os
from collections.abc import Iterator

import click

from decisionloop.cli.common import reports_errors
from decisionloop.settings import CONFIG, SETTINGS, config_path, resolved

_FROM = {"environment": "environment", "config": CONFIG, "default": "default", "flag": "flag"}


@click.command()
@click.pass_context
@reports_errors
def settings(ctx: click.Context) -> None:
    """List every setting: its value and where it came from (environment > config.toml > default), its
    environment variable, default and flag. A flag on a command wins over all of them."""
    flags = _flags_by_env(ctx.find_root().command)
    path = config_path(os.environ)
    state = "found" if path.is_file() else 'not there; create it to set values by name, e.g. llm_url = "…"'
    click.echo(f"config file: {path} ({state})")
    for entry in SETTINGS:
        now, source = resolved(entry.name, os.environ)
        shown = "(set)" if entry.secret and now else now
        flag = ", ".join(sorted(flags.get(entry.env, ())))
        line = f"{entry.name:<18} now: {shown or '—'}   from: {_FROM[source]}   env: {entry.env}"
        line += f"   default: {entry.default or '—'}" + (f"   flag: {flag}" if flag else "")
        click.echo(line)
        click.echo(f"{'':<18} {entry.help}")


def _flags_by_env(command: click.Command) -> dict[str, set[str]]:
    """The flags that stand for each environment variable, across every command."""
    found: dict[str, set[str]] = {}
    for option in _options(command):
        if isinstance(option.envvar, str):
            found.setdefault(option.envvar, set()).update(option.opts)
    return found


def _options(command: click.Command) -> Iterator[click.Option]:
    yield from (p for p in command.params if isinstance(p, click.Option))
    if isinstance(command, click.Group):
        for child in command.commands.values():
            yield from _options(child)
