"""Click options built from the settings table, and the flag vocabulary every command shares."""

from __future__ import annotations

from typing import Protocol

import click
from click.core import ParameterSource

from decisionloop.cli.common import F
from decisionloop.settings import setting


class Decorator(Protocol):
    """Adds parameters to a command function and returns it."""

    def __call__(self, fn: F, /) -> F: ...


def setting_option(name: str, flag: str, *, note: str = "") -> Decorator:
    """A ``flag`` for setting ``name``: the setting's help (plus ``note``), env var and default shown in --help.

    The command receives the flag's text only when it is on the command line, else None, and resolves it with
    ``settings.resolve``: flag > environment > default, and an empty variable means '' as everywhere else
    (click alone would read it as unset and fall back to the default).
    """
    entry = setting(name)
    if entry.secret:
        raise ValueError(f"{name!r} is read from the environment only ({entry.env}); it never gets a flag")
    return click.option(
        flag,
        name,
        envvar=entry.env,
        show_envvar=True,
        default=entry.default or None,
        show_default=bool(entry.default),
        help=f"{entry.help} {note}".strip(),
        callback=_given_only,
    )


def _given_only(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The flag's text when typed; None lets the settings table resolve the environment and the default."""
    given = param.name is not None and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
    return value if given else None


def stacked(*options: Decorator) -> Decorator:
    """Several option decorators as one, listed in --help in the order given."""

    def apply(fn: F) -> F:
        for option in reversed(options):
            fn = option(fn)
        return fn

    return apply


def decisions_options() -> Decorator:
    """``--decisions`` and ``--decisions-model``: which decision backend answers, and the model id it pins."""
    return stacked(
        setting_option("decisions_url", "--decisions"),
        setting_option("decisions_model", "--decisions-model"),
    )


def llm_options(note: str = "") -> Decorator:
    """``--llm``, ``--llm-model``, ``--llm-timeout`` and ``--llm-structured``: the OpenAI-compatible server, the
    model name on it, how long one reply may take, and whether replies are asked for as JSON of a schema."""
    return stacked(
        setting_option("llm_url", "--llm", note=note),
        setting_option("llm_model", "--llm-model"),
        setting_option("llm_timeout", "--llm-timeout"),
        setting_option("llm_structured", "--llm-structured"),
    )


def gate_option() -> Decorator:
    """``--gate BLOCK.QUESTION[i]=VALUE`` (repeatable): merged key by key over the gates setting, so not a
    setting option (which replaces the environment's value whole)."""
    return click.option(
        "--gate",
        "gates",
        multiple=True,
        metavar="BLOCK.QUESTION[i]=VALUE",
        help="Move a policy threshold, e.g. --gate pick_tool.tool=0.7 or grade_risk.risk[1]=1.5 (repeatable); "
        f"wins over {setting('gates').env} for the same key.",
    )
