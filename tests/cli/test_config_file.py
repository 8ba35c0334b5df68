"""``config.toml`` in the home directory: settings by name, below the environment and above the defaults; the
home directory and keys are never read from it; `settings` shows where each value came from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from decisionloop.cli import main
from decisionloop.cli.session import RunOptions, open_session
from decisionloop.core.errors import ConfigError
from decisionloop.settings import config_file, resolve, resolved
from decisionloop.tools.web import HttpFetch


def _home(tmp_path: Path, text: str) -> dict[str, str]:
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    return {"DECISIONLOOP_HOME": str(tmp_path)}


def test_the_file_sits_between_the_environment_and_the_default(tmp_path: Path) -> None:
    env = _home(tmp_path, 'decisions_url = "rules"\ndecisions_timeout = 12\n')
    assert resolved("decisions_url", env) == ("rules", "config")
    assert resolved("decisions_timeout", env) == ("12", "config")
    assert resolved("llm_url", env) == ("", "default")
    assert resolved("decisions_url", {**env, "DECISIONLOOP_DECISIONS_URL": ""}) == ("", "environment")
    assert resolve("decisions_url", env, "http://flag:1") == "http://flag:1"


def test_a_command_uses_the_files_value(tmp_path: Path) -> None:
    env = _home(tmp_path, 'decisions_url = "rules"\n')
    result = CliRunner().invoke(main, ["decide", "needs_tool", "--state", "hi", "--json"], env=env)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["backend"] == "rule-judge"


def test_settings_says_where_each_value_came_from(tmp_path: Path) -> None:
    env = {**_home(tmp_path, 'llm_model = "qwen2.5:1.5b"\n'), "DECISIONLOOP_GATES": "pick_tool.tool=0.7"}
    result = CliRunner().invoke(main, ["settings"], env=env)
    assert result.exit_code == 0, result.stderr
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line and not line.startswith(" ")}
    assert f"config file: {tmp_path / 'config.toml'} (found)" in result.stdout
    assert "now: qwen2.5:1.5b   from: config.toml" in lines["llm_model"]
    assert "now: pick_tool.tool=0.7   from: environment" in lines["gates"]
    assert "from: default" in lines["llm_url"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("decisions_url = ", "not TOML"),
        ('llm_key = "sk-123"', "llm_key is a key, read from DECISIONLOOP_LLM_KEY only; remove it from the file"),
        ('home = "/elsewhere"', "unknown setting 'home'; a config file may set: gates, decisions_url"),
        ('decision_url = "x"', "unknown setting 'decision_url'"),
        ("gates = [1, 2]", "gates must be a text or a number, got [1, 2]"),
    ],
)
def test_a_bad_file_is_an_error_naming_the_file_and_the_fix(tmp_path: Path, text: str, said: str) -> None:
    env = _home(tmp_path, text + "\n")
    with pytest.raises(ConfigError, match=str(tmp_path)) as caught:
        config_file(env)
    assert said in str(caught.value)
    result = CliRunner().invoke(main, ["settings"], env=env)
    assert result.exit_code == 1
    assert said in result.stderr


def test_the_web_tools_wait_as_long_as_web_timeout_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for env, seconds in (({}, 5.0), (_home(tmp_path, "web_timeout = 2.5\n"), 2.5)):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        with open_session(RunOptions(), Console()) as (_, seams):
            fetch = seams.context.fetch
            assert isinstance(fetch, HttpFetch)
            assert fetch.timeout_s == seconds
