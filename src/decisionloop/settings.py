"""The one settings table: name, default, environment variable and help, feeding CLI flags and docs.

Precedence is flag > environment > ``config.toml`` in the home directory > default. The file holds settings by
name (``decisions_url = "http://127.0.0.1:7789"``); the home directory itself and the keys are never read from
it (keys come from the environment only, so a file that is copied around never carries one). Only the edges (CLI,
server) read the environment and the file; the core is handed values.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from decisionloop.core.errors import ConfigError
from decisionloop.core.files import read_text_capped

CONFIG = "config.toml"
_CONFIG_BYTES = 64 * 1024
Source = Literal["flag", "environment", "config", "default"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Setting:
    """One configurable value."""

    name: str
    default: str
    env: str
    help: str

    @property
    def secret(self) -> bool:
        """A key: read from the environment only, never a flag, never printed."""
        return self.name.endswith("_key")


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="home", default="~/.decisionloop", env="DECISIONLOOP_HOME", help="Directory for the journal and user data."
    ),
    Setting(
        name="gates",
        default="",
        env="DECISIONLOOP_GATES",
        help="Gate overrides 'block.question=value,…'; a --gate flag wins for the same key.",
    ),
    Setting(
        name="decisions_url",
        default="",
        env="DECISIONLOOP_DECISIONS_URL",
        help="Base URL of a /v1/systemone decision server "
        "(unset or empty: the bundled model; 'rules': the rule judge).",
    ),
    Setting(
        name="decisions_key",
        default="",
        env="DECISIONLOOP_DECISIONS_KEY",
        help="Bearer key for the decision server (read from the environment only, never a flag).",
    ),
    Setting(
        name="decisions_model",
        default="",
        env="DECISIONLOOP_DECISIONS_MODEL",
        help="Model id pinned on every decision request (thresholds are tuned per model).",
    ),
    Setting(
        name="llm_url",
        default="",
        env="DECISIONLOOP_LLM_URL",
        help="Base URL of an OpenAI-compatible server for System 2 and answers, e.g. http://127.0.0.1:11434/v1.",
    ),
    Setting(
        name="llm_model",
        default="",
        env="DECISIONLOOP_LLM_MODEL",
        help="Model name on that server, e.g. qwen2.5:1.5b-instruct.",
    ),
    Setting(
        name="llm_timeout",
        default="60",
        env="DECISIONLOOP_LLM_TIMEOUT",
        help="Seconds to wait for one LLM reply (a small model on a CPU may need several minutes).",
    ),
    Setting(
        name="llm_structured",
        default="auto",
        env="DECISIONLOOP_LLM_STRUCTURED",
        help="Ask the LLM for JSON of a schema (response_format): auto (probe the server once, use it where "
        "honoured), on, off.",
    ),
    Setting(
        name="llm_key",
        default="",
        env="DECISIONLOOP_LLM_KEY",
        help="Bearer key for the LLM server (read from the environment only, never a flag).",
    ),
    Setting(
        name="serve_key",
        default="",
        env="DECISIONLOOP_SERVE_KEY",
        help="Bearer key the decision server requires (read from the environment only, never a flag).",
    ),
    Setting(
        name="web_timeout",
        default="5",
        env="DECISIONLOOP_WEB_TIMEOUT",
        help="Seconds a web tool (weather, Wikipedia, Wikidata) waits for its service before the step fails.",
    ),
    Setting(
        name="decisions_timeout",
        default="30",
        env="DECISIONLOOP_DECISIONS_TIMEOUT",
        help="Seconds to wait for one decision request.",
    ),
)
_BY_NAME = {s.name: s for s in SETTINGS}


def setting(name: str) -> Setting:
    """The setting called ``name``; ConfigError lists the known ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ConfigError(f"unknown setting {name!r}; known: {', '.join(_BY_NAME)}") from None


def resolve(name: str, environ: Mapping[str, str], flag: str | None = None) -> str:
    """The value of setting ``name``: the flag if given, else the environment, else ``config.toml``, else the
    default."""
    return resolved(name, environ, flag)[0]


def resolved(name: str, environ: Mapping[str, str], flag: str | None = None) -> tuple[str, Source]:
    """The value of setting ``name`` and where it came from."""
    entry = setting(name)
    if flag is not None:
        return flag, "flag"
    if entry.env in environ:
        return environ[entry.env], "environment"
    if name != "home" and not entry.secret:
        from_file = config_file(environ).get(name)
        if from_file is not None:
            return from_file, "config"
    return entry.default, "default"


def config_path(environ: Mapping[str, str]) -> Path:
    """Where the config file is: ``config.toml`` in the home directory."""
    return home(environ) / CONFIG


def config_file(environ: Mapping[str, str]) -> dict[str, str]:
    """The settings ``config.toml`` sets (none when there is no file); ConfigError names the file, the line or the
    setting, and the fix."""
    path = config_path(environ)
    try:
        text = read_text_capped(path, limit=_CONFIG_BYTES, what="config file", error=ConfigError)
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read {str(path)!r} ({err}); fix it or remove it") from err
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f'{path}: not TOML ({err}); write settings as name = "value"') from err
    out: dict[str, str] = {}
    for key, value in data.items():
        entry = _BY_NAME.get(key)
        if entry is None or key == "home":
            known = ", ".join(n for n, e in _BY_NAME.items() if n != "home" and not e.secret)
            raise ConfigError(f"{path}: unknown setting {key!r}; a config file may set: {known}")
        if entry.secret:
            raise ConfigError(f"{path}: {key} is a key, read from {entry.env} only; remove it from the file")
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ConfigError(f"{path}: {key} must be a text or a number, got {value!r:.60}")
        out[key] = str(value)
    return out


def resolve_float(name: str, environ: Mapping[str, str], flag: str | None = None) -> float:
    """A numeric setting; ConfigError names the value and where it came from."""
    raw = resolve(name, environ, flag)
    try:
        return float(raw)
    except ValueError:
        where = resolved(name, environ, flag)[1]
        source = {"flag": "the flag", "environment": setting(name).env, "config": CONFIG, "default": "default"}[where]
        raise ConfigError(f"{name} must be a number, got {raw!r} (from {source})") from None


def home(environ: Mapping[str, str]) -> Path:
    """The user data directory (``DECISIONLOOP_HOME``, default ``~/.decisionloop``)."""
    return Path(resolve("home", environ)).expanduser()


def ready_home(environ: Mapping[str, str]) -> Path:
    """The user data directory, created if missing; ConfigError says why it cannot be used and how to fix it."""
    where = home(environ)
    env = setting("home").env
    named = f"{env} {str(where)!r}" if env in environ else f"the home directory {str(where)!r}"
    fix = f"point {env} at a directory you can write (it is created if missing)"
    try:
        where.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ConfigError(f"{named} is a file, not a directory; {fix}") from None
    except OSError as err:
        raise ConfigError(f"{named} cannot be created ({err.strerror or err}); {fix}") from err
    if not os.access(where, os.W_OK | os.X_OK):
        raise ConfigError(f"{named} is not writable; {fix}")
    return where
