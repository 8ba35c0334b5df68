"""A spinner with the seconds waited, on stderr, while the LLM answers: a small model on a CPU can take a while."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from decisionloop.llm.chat import Chat, ChatMessage, ChatReply, JsonSchema


class WaitingChat:
    """``chat`` with a transient spinner and the elapsed time on ``console`` during every reply."""

    def __init__(self, chat: Chat, console: Console) -> None:
        self._chat = chat
        self._console = console

    @property
    def name(self) -> str:
        """The wrapped generator's name."""
        return self._chat.name

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        schema: JsonSchema | None = None,
        logprobs: bool = False,
    ) -> ChatReply:
        """The wrapped reply, the spinner shown until it comes (or fails)."""
        columns = (SpinnerColumn(), TextColumn(f"waiting for the LLM ({self._chat.name})"), TimeElapsedColumn())
        with Progress(*columns, console=self._console, transient=True) as progress:
            progress.add_task("llm", total=None)
            return self._chat.complete(
                messages, max_tokens=max_tokens, temperature=temperature, schema=schema, logprobs=logprobs
            )


def waiting(chat: Chat, console: Console | None = None) -> Chat:
    """``chat`` showing a spinner on ``console`` (stderr by default) when that is a terminal; else ``chat`` itself."""
    console = console or Console(stderr=True)
    return WaitingChat(chat, console) if console.is_terminal else chat
