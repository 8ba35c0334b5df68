"""The LLM's timeout and structured-output settings: flag > environment > default, and what they do to a real
request on loopback."""

from __future__ import annotations

import pytest

from decisionloop.cli.common import llm_chat
from decisionloop.core.errors import ConfigError, GeneratorError
from decisionloop.llm.chat import ChatMessage, HttpChat
from decisionloop.llm.schemas import stop_schema
from tests.support.loopback import Canned, StartLoopback
from tests.support.openai import completion

MESSAGES = (ChatMessage(role="user", content="Is Oslo in Norway?"),)


def _chat(url: str, timeout: str | None = None, structured: str | None = None) -> HttpChat:
    chat = llm_chat(url, "smollm2", timeout, structured)
    assert chat is not None
    return chat


def test_the_llm_timeout_is_60_s_by_default_then_the_environment_then_the_flag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Regression: the LLM timeout was fixed at 60 s, with no setting.
    assert _chat("http://127.0.0.1:9/v1").timeout_s == 60.0
    monkeypatch.setenv("DECISIONLOOP_LLM_TIMEOUT", "300")
    assert _chat("http://127.0.0.1:9/v1").timeout_s == 300.0
    assert _chat("http://127.0.0.1:9/v1", timeout="2.5").timeout_s == 2.5


@pytest.mark.parametrize(("value", "said"), [("soon", "must be a number, got 'soon'"), ("0", "must be > 0 seconds")])
def test_an_unusable_timeout_is_a_config_error(monkeypatch: pytest.MonkeyPatch, value: str, said: str) -> None:
    monkeypatch.setenv("DECISIONLOOP_LLM_TIMEOUT", value)
    with pytest.raises(ConfigError, match=said):
        _chat("http://127.0.0.1:9/v1")


def test_a_reply_slower_than_the_timeout_is_a_timeout_naming_it(loopback: StartLoopback) -> None:
    server = loopback(Canned(body={}, delay_s=2.0))
    with _chat(f"{server.url}/v1", timeout="0.2") as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert caught.value.code == "timeout"
    assert "within 0.2 s" in caught.value.message


@pytest.mark.parametrize(
    ("flag", "env", "sent"), [(None, None, True), ("off", None, False), (None, "off", False), ("on", "off", True)]
)
def test_structured_output_follows_the_flag_then_the_environment(
    loopback: StartLoopback, monkeypatch: pytest.MonkeyPatch, flag: str | None, env: str | None, sent: bool
) -> None:
    if env is not None:
        monkeypatch.setenv("DECISIONLOOP_LLM_STRUCTURED", env)
    server = loopback(completion('{"answered": "yes"}'))
    with _chat(f"{server.url}/v1", structured=flag) as chat:
        chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
    body = server.received[0].body
    assert isinstance(body, dict)
    assert ("response_format" in body) is sent


def test_an_unknown_structured_mode_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECISIONLOOP_LLM_STRUCTURED", "always")
    with pytest.raises(ConfigError, match="one of auto, on, off, got 'always'"):
        _chat("http://127.0.0.1:9/v1")
