"""``decisionloop web``: the web app on loopback, each run opened as ``run`` opens it, with you in the browser."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import click
from rich.console import Console

from decisionloop.cli.agent import DEMO_GOALS, session_options, session_run_options, where_options
from decisionloop.cli.common import notice, reports_errors
from decisionloop.cli.session import RunOptions, open_session
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.journal import default_path
from decisionloop.model.backend import model_thresholds
from decisionloop.settings import ready_home, resolve, setting
from decisionloop.spec import load_spec, parse_assignments, split_env
from decisionloop.spec.load import read_spec
from decisionloop.spec.thresholds import read_thresholds
from decisionloop.web import (
    EvalRunner,
    Opened,
    Policy,
    SpecView,
    WebConfig,
    WebPerson,
    bound_hosts,
    create_app,
    is_loopback,
)
from decisionloop.web.app import new_secret

_GRACE_S = 3  # open event streams get this long to end when the server stops


@click.command(
    "web", short_help="The web app on loopback: the agent and its dialogs, the sessions, the spec, Evaluate."
)
@session_options
@where_options
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on (loopback by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=7799, show_default=True, help="0 picks a free port.")
@click.option("--token", metavar="TEXT", help="Require this token on every request (printed in the URL to open).")
@reports_errors
def web(
    offline: bool, suite: Path | None, cwd: Path | None, host: str, port: int, token: str | None, **flags: object
) -> None:
    """Serve the web app: the agent (goal, presets, the live trace, the held-step and guard dialogs), the
    sessions from the journal with their exports and each run's trace as a graph with an inspector and what-ifs
    (re-run from a step with another option, the steps before it replayed), the spec with its effective
    thresholds, and Evaluate (the eval JSONs of the home's evals/ folder re-routed under any thresholds, or the
    dev split evaluated now).

    Runs use the flags as run does; a preset runs offline as demo runs it, and so does a what-if of a preset's run
    (a what-if of any other run uses these flags). Loopback by default; every request's
    Host is checked, every change needs the page's CSRF token, and --token (if given) is needed on every request.
    """
    from decisionloop.server.running import bind, server_for, url_of

    offline = offline or suite is not None
    options = session_run_options(flags, offline=offline, suite=suite, cwd=cwd, demo=False, interactive=True)
    home = ready_home(os.environ)
    hosts, any_ip = bound_hosts(host)
    policy = Policy(hosts=hosts, any_ip=any_ip, csrf=new_secret(), token=token or None)
    config = WebConfig(
        opener=_Opener(options),
        journal_path=default_path(home),
        spec=spec_view(options),
        policy=policy,
        presets=DEMO_GOALS,
        about=_about(options, home),
        who=f"{_user()} (web)",
        evals_dir=home / "evals",
        eval_runner=dev_runner(),
    )
    if not is_loopback(host):
        guard = "every request needs the token" if token else "anyone who can reach it can run the agent; add --token"
        notice(f"warning: listening on {host!r}, not loopback: {guard}")
    sock = bind(host, port)
    url = url_of(sock) + (f"/?token={quote(token, safe='')}" if token else "/")
    click.echo(f"decisionloop web at {url} (journal {config.journal_path}); Ctrl-C stops")
    server = server_for(create_app(config), log_level="warning", access_log=False)
    server.config.timeout_graceful_shutdown = _GRACE_S
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        notice("stopped")
    finally:
        sock.close()


class _Opener:
    """Opens each run's session as ``run`` does, with the browser's person; a preset as ``demo`` does."""

    def __init__(self, options: RunOptions) -> None:
        self._options = options
        self._preset = replace(options, offline=True, demo=True, suite=None, cwd=None)

    @contextmanager
    def __call__(self, person: WebPerson, *, preset: bool) -> Iterator[Opened]:
        options = self._preset if preset else self._options
        with open_session(options, Console(stderr=True), person=person) as (setup, seams):
            yield Opened(setup=setup, seams=seams, config=options.config())


def dev_runner() -> EvalRunner:
    """``evaluate the dev split now``: ``decisionloop eval --json`` as it runs by default (the bundled model on the
    packaged dev split, teacher-forced, its tuned thresholds)."""
    from decisionloop.evaluate.evaluation import EvalConfig, eval_json, evaluate

    config = EvalConfig(suite=demo_suite_path(), backend="model", gates=model_thresholds())
    total = len(load_suite(config.suite).split("dev"))
    return EvalRunner(total=total, run=lambda progress: eval_json(evaluate(config, progress)))


def spec_view(options: RunOptions) -> SpecView:
    """The spec runs use, and where each threshold came from (later layers win, as ``open_session`` applies them)."""
    layers: list[tuple[str, dict[str, float]]] = []
    if options.thresholds is not None:
        layers.append((f"--thresholds {options.thresholds}", read_thresholds(options.thresholds)))
    elif not resolve("decisions_url", os.environ, options.decisions_url):
        layers.append(("model/files/thresholds.json (the bundled model's tuned values)", model_thresholds()))
    layers.append((setting("gates").env, parse_assignments(split_env(resolve("gates", os.environ)))))
    layers.append(("--gate", parse_assignments(options.gates)))
    merged = {k: v for _, gates in layers for k, v in gates.items()}
    text, _ = read_spec()
    kept = tuple((name, gates) for name, gates in layers if gates)
    return SpecView(spec=load_spec(gates=merged), base=load_spec(), text=text, layers=kept)


def _about(options: RunOptions, home: Path) -> tuple[tuple[str, str], ...]:
    decisions = resolve("decisions_url", os.environ, options.decisions_url) or "the bundled model"
    llm = resolve("llm_url", os.environ, options.llm_url)
    return (
        ("decisions", decisions),
        ("held steps", f"the LLM at {llm}, then you" if llm else "you, in this page"),
        ("web tools", "recorded observations (offline)" if options.offline else "the network"),
        ("file tools", str(options.cwd) if options.cwd else "off (start with --cwd DIR)"),
        ("home", str(home)),
    )


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "person"
