"""Pieces every command shares: gate overrides from env and flags, the decision backend, failing cleanly."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeVar

import click

from decisionloop.backends.factory import build_backend
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import ConfigError, DecisionLoopError
from decisionloop.llm.chat import HttpChat, parse_structured
from decisionloop.settings import resolve, resolve_float, setting
from decisionloop.spec import parse_assignments
from decisionloop.spec.gates import split_env

F = TypeVar("F", bound=Callable[..., object])


def gate_overrides(flags: Sequence[str]) -> dict[str, float]:
    """Overrides from DECISIONLOOP_GATES, then from --gate flags (a flag wins for the same key)."""
    from_env = parse_assignments(split_env(resolve("gates", os.environ)))
    return {**from_env, **parse_assignments(flags)}


def notice(text: str) -> None:
    """A line for the person, on stderr so stdout stays the result."""
    click.echo(text, err=True)


def decision_backend(url: str | None, model: str | None, timeout: str | None) -> DecisionBackend:
    """The decision backend from flags, then the environment; a named server that cannot be reached is an error."""
    env = os.environ
    return build_backend(
        url=resolve("decisions_url", env, url),
        model=resolve("decisions_model", env, model),
        api_key=resolve("decisions_key", env),
        timeout_s=resolve_float("decisions_timeout", env, timeout),
        on_notice=notice,
        probe=True,
    )


def reports_errors(command: F) -> F:
    """Turn a DecisionLoopError inside a command into ``error: …`` and exit 1."""

    @functools.wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except DecisionLoopError as err:
            fail(str(err))

    return wrapper  # type: ignore[return-value]


def interruptible(command: F) -> F:
    """Turn Ctrl-C inside a command into ``interrupted`` and exit 130, the shell's status for SIGINT (the driver
    has journaled the run as interrupted by then)."""

    @functools.wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def llm_chat(
    url: str | None, model: str | None, timeout: str | None = None, structured: str | None = None
) -> HttpChat | None:
    """The OpenAI-compatible LLM from flags, then the environment; None when no URL is set anywhere."""
    env = os.environ
    url = resolve("llm_url", env, url)
    if not url:
        return None
    model = resolve("llm_model", env, model)
    if not model:
        raise ConfigError(f"an LLM URL needs a model name: add --llm-model NAME (or set {setting('llm_model').env})")
    return HttpChat(
        base_url=url,
        model=model,
        api_key=resolve("llm_key", env) or None,
        timeout_s=resolve_float("llm_timeout", env, timeout),
        structured=parse_structured(resolve("llm_structured", env, structured)),
    )


def utf8_text(value: str, what: str) -> str:
    """``value`` if it is UTF-8 text; else ConfigError, rather than act on (and journal) words with bytes replaced.

    Python hands the bytes of a non-UTF-8 argument over as lone surrogates; the message shows them as ``\\xNN``
    and the text with ``�`` in their place.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        bad = value[err.start : err.end].encode("utf-8", "surrogateescape")
        raise ConfigError(
            f"{what} {shown!r} is not UTF-8 text (bytes {bad!r} at character {err.start}); retype it, or set a "
            "UTF-8 locale (e.g. LC_ALL=C.UTF-8) if your terminal sends another encoding"
        ) from None
    return value


def fail(message: str) -> NoReturn:
    """Print ``error: message`` and exit 1."""
    click.echo(f"error: {message}", err=True)
    sys.exit(1)
