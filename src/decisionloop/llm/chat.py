"""The generator seam: chat messages in, one reply out, over any OpenAI-compatible server or from a script."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Literal, Protocol

import httpx

from decisionloop.core.errors import ConfigError, GeneratorError, GeneratorErrorCode
from decisionloop.http_json import (
    DEFAULT_USER_AGENT,
    RetryPolicy,
    checked_url,
    host_port,
    json_client,
    post_json,
    snippet,
)

Role = Literal["system", "user", "assistant"]
_CLIENT_HINTS = {
    401: "check the API key",
    403: "check the API key and its permissions",
    404: "check the base URL (it usually ends in /v1; the client appends /chat/completions) and the model name",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatMessage:
    """One turn of a conversation."""

    role: Role
    content: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatReply:
    """The generated text, who wrote it, how long it took and the tokens billed (None where not said)."""

    text: str
    model: str
    latency_ms: float
    input_tokens: int | None = None
    output_tokens: int | None = None


class Chat(Protocol):
    """A generator: completes a conversation; raises ``GeneratorError`` when it cannot."""

    @property
    def name(self) -> str:
        """Who answers, recorded with every reply."""
        ...

    def complete(self, messages: Sequence[ChatMessage], *, max_tokens: int, temperature: float = 0.0) -> ChatReply:
        """The assistant's next message."""
        ...


class HttpChat:
    """POSTs to ``{base_url}/chat/completions`` (Ollama, llama.cpp server, vLLM), retrying transient failures."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        transport: httpx.BaseTransport | None = None,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        url = checked_url(base_url, kind="generator", example="http://127.0.0.1:11434/v1")
        if not model.strip():
            raise ConfigError(f"generator model must be a non-empty id, got {model!r}; e.g. 'qwen2.5:1.5b'")
        if not timeout_s > 0:
            raise ConfigError(f"generator timeout must be > 0 seconds, got {timeout_s!r}")
        self._name = f"http@{host_port(url)}"
        self._model = model
        self._timeout_s = timeout_s
        self._endpoint = f"{base_url.rstrip('/')}/chat/completions"
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._client = json_client(
            user_agent=DEFAULT_USER_AGENT, api_key=api_key, transport=transport, timeout_s=timeout_s
        )

    @property
    def name(self) -> str:
        """``http@host:port``."""
        return self._name

    @property
    def model(self) -> str:
        """The model id sent with every request."""
        return self._model

    def complete(self, messages: Sequence[ChatMessage], *, max_tokens: int, temperature: float = 0.0) -> ChatReply:
        """POST the conversation; retry retryable ``GeneratorError``s, raise the last or any other one."""
        body = {
            "model": self._model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stream": False,
        }
        content = json.dumps(body, ensure_ascii=False).encode()
        attempt = 1
        while True:
            try:
                return self._attempt(content)
            except GeneratorError as err:
                if not err.retryable or attempt >= self._retry.attempts:
                    raise
                self._sleep(self._retry.wait_s(err, attempt, self._rng))
                attempt += 1

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> HttpChat:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _attempt(self, content: bytes) -> ChatReply:
        started = time.perf_counter()
        body = post_json(
            self._client,
            self._endpoint,
            content,
            timeout_s=self._timeout_s,
            error=self._error,
            client_hints=_CLIENT_HINTS,
        )
        return self._reply(body, (time.perf_counter() - started) * 1000.0)

    def _reply(self, body: object, latency_ms: float) -> ChatReply:
        content = _content(body) if isinstance(body, dict) else None
        if not isinstance(body, dict) or content is None:
            said = f"no choices[0].message.content string in {snippet(json.dumps(body))!r}"
            raise self._error("malformed", said)
        usage = body.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        model = body.get("model")
        return ChatReply(
            text=content,
            model=model if isinstance(model, str) and model else self._model,
            latency_ms=latency_ms,
            input_tokens=_count(usage.get("prompt_tokens")),
            output_tokens=_count(usage.get("completion_tokens")),
        )

    def _error(self, code: GeneratorErrorCode, message: str, retry_after_s: float | None = None) -> GeneratorError:
        return GeneratorError(self._name, code, message, retry_after_s=retry_after_s)


Responder = Callable[[Sequence[ChatMessage]], str]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatRequest:
    """One call a ``ScriptedChat`` received."""

    messages: tuple[ChatMessage, ...]
    max_tokens: int
    temperature: float


class ScriptedChat:
    """Replies from a script, one entry per call: a text, a ``GeneratorError`` to raise, or a callable."""

    def __init__(
        self, replies: Sequence[str | GeneratorError | Responder], *, name: str = "scripted", model: str = "scripted"
    ) -> None:
        self._replies = tuple(replies)
        self._name = name
        self._model = model
        self.requests: list[ChatRequest] = []

    @property
    def name(self) -> str:
        """The name given at construction (``scripted`` by default)."""
        return self._name

    def complete(self, messages: Sequence[ChatMessage], *, max_tokens: int, temperature: float = 0.0) -> ChatReply:
        """Record the request and play the next entry of the script."""
        self.requests.append(ChatRequest(messages=tuple(messages), max_tokens=max_tokens, temperature=temperature))
        call = len(self.requests)
        if call > len(self._replies):
            said = (
                f"script exhausted: {len(self._replies)} reply(ies) given, call {call} asked for another; add replies"
            )
            raise GeneratorError(self._name, "client", said)
        entry = self._replies[call - 1]
        if isinstance(entry, GeneratorError):
            raise entry
        text = entry if isinstance(entry, str) else entry(messages)
        return ChatReply(text=text, model=self._model, latency_ms=0.0)


def _content(body: Mapping[str, object]) -> str | None:
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else None


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
