"""The spinner with the elapsed time while the LLM answers: on a terminal only, gone once the reply is in."""

from __future__ import annotations

import io

from rich.console import Console

from decisionloop.cli.waiting import WaitingChat, waiting
from decisionloop.llm.chat import ChatMessage, ScriptedChat

MESSAGES = (ChatMessage(role="user", content="hello"),)


def test_on_a_terminal_the_wait_shows_a_spinner_naming_the_llm_with_the_seconds() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    chat = waiting(ScriptedChat(["Hello!"], name="http@127.0.0.1:8080"), console)
    assert isinstance(chat, WaitingChat)
    assert chat.name == "http@127.0.0.1:8080"
    reply = chat.complete(MESSAGES, max_tokens=20, logprobs=True)
    assert reply.text == "Hello!"
    shown = out.getvalue()
    assert "waiting for the LLM (http@127.0.0.1:8080)" in shown
    assert "0:00:00" in shown  # the elapsed time


def test_elsewhere_the_chat_is_left_as_it_is() -> None:
    scripted = ScriptedChat(["Hello!"])
    assert waiting(scripted, Console(file=io.StringIO(), force_terminal=False)) is scripted
