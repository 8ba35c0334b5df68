"""Options built from the settings table: env var and default in --help, flag > environment > default."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.cli.options import setting_option
from decisionloop.settings import SETTINGS, resolve, setting

# The one flag vocabulary: each setting that has a flag has this one, on every command.
FLAGS = {
    "decisions_url": "--decisions",
    "decisions_model": "--decisions-model",
    "llm_url": "--llm",
    "llm_model": "--llm-model",
    "llm_timeout": "--llm-timeout",
    "llm_structured": "--llm-structured",
    "decisions_timeout": "--timeout",
}
# eval names its decision backend on the command line only, so that a report never depends on the environment.
ENV_FREE = {("eval", "decisions_model")}


@click.command()
@setting_option("decisions_timeout", "--timeout", note="Per request.")
def _echo(decisions_timeout: str | None) -> None:
    click.echo(repr(resolve("decisions_timeout", os.environ, decisions_timeout)))


def _out(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(_echo, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_help_shows_the_settings_help_env_var_and_default() -> None:
    text = " ".join(_out("--help").split())
    assert "Seconds to wait for one decision request. Per request." in text
    assert "[env var: DECISIONLOOP_DECISIONS_TIMEOUT; default: 30]" in text


def test_the_flag_wins_over_the_environment_which_wins_over_the_default() -> None:
    assert _out() == "'30'"
    assert _out(env={"DECISIONLOOP_DECISIONS_TIMEOUT": "5"}) == "'5'"
    assert _out("--timeout", "7", env={"DECISIONLOOP_DECISIONS_TIMEOUT": "5"}) == "'7'"


def test_an_empty_variable_means_empty_as_in_the_table_not_unset() -> None:
    assert _out(env={"DECISIONLOOP_DECISIONS_TIMEOUT": ""}) == "''"


def test_a_secret_never_gets_a_flag() -> None:
    with pytest.raises(ValueError, match="environment only"):
        setting_option("decisions_key", "--decisions-key")


def _options(command: click.Command, path: str = "") -> Iterator[tuple[str, click.Option]]:
    for param in command.params:
        if isinstance(param, click.Option):
            yield path, param
    if isinstance(command, click.Group):
        for name, child in command.commands.items():
            yield from _options(child, f"{path} {name}".strip())


ALL_OPTIONS = list(_options(main))


def test_no_help_string_types_an_environment_variable_by_hand() -> None:
    for where, option in ALL_OPTIONS:
        assert "env DECISIONLOOP" not in (option.help or ""), (where, option.opts)


@pytest.mark.parametrize(("where", "option"), ALL_OPTIONS, ids=[f"{w} {o.opts[0]}" for w, o in ALL_OPTIONS])
def test_every_option_for_a_setting_shows_that_settings_env_and_uses_its_flag(where: str, option: click.Option) -> None:
    names = {s.name for s in SETTINGS}
    if option.envvar is not None:
        assert option.name in names, f"{where} {option.opts}: an env var without a setting"
        assert option.envvar == setting(option.name).env
        assert option.show_envvar
    if option.name in FLAGS and (where, option.name) not in ENV_FREE:
        assert option.envvar == setting(option.name).env, f"{where} {option.opts}: not built from the table"
        assert option.opts == [FLAGS[option.name]]
    if option.name == "gates":  # merged key by key over the setting, so its env var is named in the help
        assert setting("gates").env in (option.help or "")
    assert option.name not in {s.name for s in SETTINGS if s.secret}


def test_no_command_keeps_an_old_flag() -> None:
    old = {"--url", "--model", "--backend", "--backend-model"}
    for where, option in ALL_OPTIONS:
        assert not old & set(option.opts), (where, option.opts)


def test_the_settings_command_lists_every_setting_with_its_flag() -> None:
    out = CliRunner().invoke(main, ["settings"]).stdout
    for entry in SETTINGS:
        line = next(line for line in out.splitlines() if line.startswith(f"{entry.name} "))
        assert entry.env in line
        assert ("flag: " in line) == (entry.name in FLAGS), line
    assert "flag: --llm-model" in out


def test_a_command_reads_the_environment_when_the_flag_is_absent_and_the_flag_wins() -> None:
    runner = CliRunner()
    args = ["decide", "needs_tool", "--state", "weather in Oslo"]
    from_env = runner.invoke(main, args, env={"DECISIONLOOP_DECISIONS_URL": "rules"})
    assert from_env.exit_code == 0, from_env.output
    assert "rule judge (asked for" in from_env.stderr
    flag_wins = runner.invoke(main, [*args, "--decisions", "rules"], env={"DECISIONLOOP_DECISIONS_URL": "http://x:9"})
    assert flag_wins.exit_code == 0, flag_wins.output
    assert "rule judge (asked for" in flag_wins.stderr


def test_an_empty_timeout_variable_is_refused_as_before_and_a_flag_overrides_it() -> None:
    runner = CliRunner()
    args = ["decide", "needs_tool", "--state", "x", "--decisions", "rules"]
    empty = runner.invoke(main, args, env={"DECISIONLOOP_DECISIONS_TIMEOUT": ""})
    assert empty.exit_code == 1
    assert "decisions_timeout must be a number, got '' (from DECISIONLOOP_DECISIONS_TIMEOUT)" in empty.stderr
    assert runner.invoke(main, [*args, "--timeout", "5"], env={"DECISIONLOOP_DECISIONS_TIMEOUT": ""}).exit_code == 0


def test_the_readme_settings_table_names_each_settings_env_var_and_flag() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in readme.splitlines() if line.startswith("| ")}
    for entry in SETTINGS:
        assert f"`{entry.env}`" in rows[entry.name]
        if entry.name in FLAGS:
            assert f"`{FLAGS[entry.name]}`" in rows[entry.name] or f" {FLAGS[entry.name]}`" in rows[entry.name]
