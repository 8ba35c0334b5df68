"""``decisionloop settings``: every setting from the one table, with its flag, environment variable and value."""

from __future__ import annotations

import os
from collections.abc import Iterator

import click

from decisionloop.settings import SETTINGS, resolve


@click.command()
@click.pass_context
def settings(ctx: click.Context) -> None:
    """List every setting: its flag, environment variable, default and current value."""
    flags = _flags_by_env(ctx.find_root().command)
    for entry in SETTINGS:
        now = resolve(entry.name, os.environ)
        shown = "(set)" if entry.secret and now else now
        flag = ", ".join(sorted(flags.get(entry.env, ())))
        line = f"{entry.name:<18} {entry.env:<32} now: {shown or '—'}   default: {entry.default or '—'}"
        click.echo(line + (f"   flag: {flag}" if flag else ""))
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
