"""HttpChat against transport-level fakes shaped like real OpenAI-compatible servers, and a real loopback server."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence

import httpx
import pytest

from decisionloop.backends import RetryPolicy
from decisionloop.core.errors import ConfigError, GeneratorError
from decisionloop.llm import ChatMessage, ChatReply, HttpChat, ScriptedChat
from tests.support.loopback import Canned, StartLoopback

BASE_URL = "http://127.0.0.1:11434/v1"
MESSAGES = (
    ChatMessage(role="system", content="You write the final answer."),
    ChatMessage(role="user", content="Goal: population of Lyon?"),
)
OLLAMA_BODY: dict[str, object] = {
    "id": "chatcmpl-417",
    "object": "chat.completion",
    "created": 1727000000,
    "model": "qwen2.5:1.5b",
    "system_fingerprint": "fp_ollama",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "Lyon has about 522,000 inhabitants."},
            "finish_reason": "stop",
        }
    ],
}
LLAMA_CPP_BODY: dict[str, object] = {
    "choices": [{"finish_reason": "stop", "index": 0, "message": {"content": "yes", "role": "assistant"}}],
    "created": 1727000001,
    "model": "gpt-3.5-turbo",
    "system_fingerprint": "b3970-9f4c7d1",
    "object": "chat.completion",
    "usage": {"completion_tokens": 2, "prompt_tokens": 57, "total_tokens": 59},
    "id": "chatcmpl-Xq2pJ9",
    "timings": {"prompt_n": 57, "prompt_ms": 40.1, "predicted_n": 2, "predicted_ms": 21.7},
}
Handler = Callable[[httpx.Request], httpx.Response]


def _chat(
    handler: Handler, waits: list[float] | None = None, *, api_key: str | None = None, retry: RetryPolicy | None = None
) -> HttpChat:
    return HttpChat(
        base_url=BASE_URL,
        model="qwen2.5:1.5b",
        api_key=api_key,
        transport=httpx.MockTransport(handler),
        retry=retry,
        sleep=(waits if waits is not None else []).append,
        rng=random.Random(7),
    )


def _script(*responses: httpx.Response | Exception) -> tuple[Handler, list[httpx.Request]]:
    """A handler answering each request with the next response (the last repeats), recording the requests."""
    seen: list[httpx.Request] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        outcome = responses[min(len(seen), len(responses)) - 1]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    return handle, seen


def test_posts_an_openai_chat_request_and_reads_an_ollama_reply() -> None:
    handler, seen = _script(httpx.Response(200, json=OLLAMA_BODY))
    with _chat(handler, api_key="sk-local") as chat:
        reply = chat.complete(MESSAGES, max_tokens=300)

    [request] = seen
    assert (request.method, str(request.url)) == ("POST", BASE_URL + "/chat/completions")
    assert request.headers["authorization"] == "Bearer sk-local"
    assert request.headers["content-type"] == "application/json"
    assert json.loads(request.content) == {
        "model": "qwen2.5:1.5b",
        "messages": [
            {"role": "system", "content": "You write the final answer."},
            {"role": "user", "content": "Goal: population of Lyon?"},
        ],
        "max_tokens": 300,
        "temperature": 0.0,
        "stream": False,
    }
    assert reply.text == "Lyon has about 522,000 inhabitants."
    assert reply.model == "qwen2.5:1.5b"
    # No usage in Ollama's reply: the tokens are counted here (words and marks), and said to be.
    assert (reply.input_tokens, reply.output_tokens, reply.counted) == (12, 8, True)
    assert reply.finish_reason == "stop"
    assert reply.latency_ms >= 0
    assert chat.name == "http@127.0.0.1:11434"


def test_reads_a_llama_cpp_reply_with_usage_and_sends_no_key_when_none_given() -> None:
    handler, seen = _script(httpx.Response(200, json=LLAMA_CPP_BODY))
    with _chat(handler) as chat:
        reply = chat.complete(MESSAGES, max_tokens=3, temperature=0.2)

    assert "authorization" not in seen[0].headers
    assert json.loads(seen[0].content)["temperature"] == 0.2
    assert reply == ChatReply(
        text="yes",
        model="gpt-3.5-turbo",
        latency_ms=reply.latency_ms,
        input_tokens=57,
        output_tokens=2,
        finish_reason="stop",
    )


def test_429_waits_as_long_as_retry_after_says_then_succeeds() -> None:
    waits: list[float] = []
    limited = httpx.Response(429, headers={"Retry-After": "2"}, json={"error": {"message": "too many requests"}})
    handler, seen = _script(limited, httpx.Response(200, json=LLAMA_CPP_BODY))
    with _chat(handler, waits) as chat:
        assert chat.complete(MESSAGES, max_tokens=3).text == "yes"
    assert len(seen) == 2
    assert waits == [2.0]


def test_429_on_every_attempt_raises_rate_limited_after_the_policy_runs_out() -> None:
    waits: list[float] = []
    handler, seen = _script(httpx.Response(429, headers={"Retry-After": "120"}, text="slow down"))
    with _chat(handler, waits, retry=RetryPolicy(attempts=3)) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert (caught.value.code, caught.value.retryable, caught.value.retry_after_s) == ("rate_limited", True, 120.0)
    assert len(seen) == 3
    assert waits == [30.0, 30.0]  # capped at max_retry_after_s


def test_500_then_success_backs_off_once() -> None:
    waits: list[float] = []
    handler, seen = _script(
        httpx.Response(500, text="CUDA error: out of memory"), httpx.Response(200, json=OLLAMA_BODY)
    )
    with _chat(handler, waits, retry=RetryPolicy(initial_s=0.3, jitter=0.2)) as chat:
        assert chat.complete(MESSAGES, max_tokens=50).text.startswith("Lyon")
    assert len(seen) == 2
    [wait] = waits
    assert 0.24 <= wait <= 0.36


@pytest.mark.parametrize(
    ("status", "hint"), [(401, "check the API key"), (404, "check the base URL"), (400, "refused the request")]
)
def test_4xx_is_a_client_error_with_a_hint_and_is_not_retried(status: int, hint: str) -> None:
    handler, seen = _script(httpx.Response(status, json={"error": {"message": 'model "qwen9" not found'}}))
    with _chat(handler) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert (caught.value.code, caught.value.retryable, len(seen)) == ("client", False, 1)
    assert f"HTTP {status}" in str(caught.value)
    assert hint in caught.value.message
    assert "qwen9" in caught.value.message


@pytest.mark.parametrize(
    ("response", "said"),
    [
        (httpx.Response(200, text="<html>502 Bad Gateway</html>"), "not JSON"),
        (httpx.Response(200, json={"object": "chat.completion", "choices": []}), "choices[0].message.content"),
        (httpx.Response(200, json={"model": "m", "usage": {"prompt_tokens": 3}}), "choices[0].message.content"),
        (httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": None}}]}), "content"),
        (httpx.Response(200, json=["not", "an", "object"]), "choices[0].message.content"),
    ],
)
def test_unusable_bodies_are_malformed_and_not_retried(response: httpx.Response, said: str) -> None:
    handler, seen = _script(response)
    with _chat(handler) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert (caught.value.code, caught.value.retryable, len(seen)) == ("malformed", False, 1)
    assert said in caught.value.message


def test_a_read_timeout_is_retried_then_raised_as_timeout() -> None:
    waits: list[float] = []
    handler, seen = _script(httpx.ReadTimeout("timed out"))
    with _chat(handler, waits, retry=RetryPolicy(attempts=2)) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert (caught.value.code, caught.value.generator, len(seen), len(waits)) == ("timeout", chat.name, 2, 1)
    assert "ReadTimeout" in caught.value.message
    assert "within 60 s" in caught.value.message


def test_a_refused_connection_is_a_transport_error() -> None:
    handler, _ = _script(httpx.ConnectError("[Errno 111] Connection refused"))
    with _chat(handler, retry=RetryPolicy(attempts=1)) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=3)
    assert caught.value.code == "transport"
    assert "is the server running?" in caught.value.message


@pytest.mark.parametrize(
    ("base_url", "model", "timeout_s", "said"),
    [
        ("ftp://example.org/v1", "m", 60.0, "generator URL 'ftp://example.org/v1' needs http:// or https://"),
        ("localhost:11434", "m", 60.0, "'localhost:11434' needs http:// or https:// and a host"),
        (BASE_URL, " ", 60.0, "model must be a non-empty id, got ' '"),
        (BASE_URL, "m", 0.0, "timeout must be > 0 seconds, got 0.0"),
    ],
)
def test_bad_settings_are_config_errors_naming_the_value(
    base_url: str, model: str, timeout_s: float, said: str
) -> None:
    with pytest.raises(ConfigError, match=re.escape(said)):
        HttpChat(base_url=base_url, model=model, timeout_s=timeout_s)


def test_talks_to_a_real_server_on_loopback(loopback: StartLoopback) -> None:
    server = loopback(Canned(body=LLAMA_CPP_BODY))
    with HttpChat(base_url=f"{server.url}/v1/", model="local") as chat:
        reply = chat.complete(MESSAGES, max_tokens=3)
    assert (reply.text, reply.input_tokens, reply.output_tokens) == ("yes", 57, 2)
    [request] = server.received
    assert request.path == "/v1/chat/completions"
    assert isinstance(request.body, dict)
    assert request.body["model"] == "local"


def _echo_last(messages: Sequence[ChatMessage]) -> str:
    return f"echo: {messages[-1].content}"


def test_scripted_chat_plays_texts_errors_and_callables_and_records_requests() -> None:
    down = GeneratorError("scripted", "server", "HTTP 503")
    chat = ScriptedChat(["first", down, _echo_last], name="fake", model="fake-1")
    assert chat.complete(MESSAGES, max_tokens=5) == ChatReply(text="first", model="fake-1", latency_ms=0.0)
    with pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=5)
    assert caught.value is down
    assert chat.complete(MESSAGES[1:], max_tokens=7, temperature=0.5).text == "echo: Goal: population of Lyon?"
    seen = [(r.max_tokens, r.temperature, r.messages) for r in chat.requests]
    assert seen == [(5, 0.0, MESSAGES), (5, 0.0, MESSAGES), (7, 0.5, MESSAGES[1:])]
    assert chat.name == "fake"


def test_scripted_chat_says_when_the_script_runs_out() -> None:
    chat = ScriptedChat(["only"])
    chat.complete(MESSAGES, max_tokens=5)
    with pytest.raises(GeneratorError, match=r"script exhausted: 1 reply\(ies\) given, call 2") as caught:
        chat.complete(MESSAGES, max_tokens=5)
    assert (caught.value.code, caught.value.retryable) == ("client", False)
